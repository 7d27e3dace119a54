//! The `defmt` global logger (feature `defmt`): frames go to the console (COM1) through
//! `board_common::defmt_log`, stamped with microseconds since boot.

use super::{clock, uart};

/// Sends `defmt` frames to the console from now on.
pub fn init() {
    board_common::defmt_log::init(uart::write);
}

#[defmt::global_logger]
struct Logger;

// SAFETY: `board_common::defmt_log` keeps one frame open at a time (a nested call from an
// interrupt handler is dropped) and touches its encoder only under a lock.
unsafe impl defmt::Logger for Logger {
    fn acquire() {
        board_common::defmt_log::acquire();
    }

    unsafe fn flush() {}

    unsafe fn release() {
        board_common::defmt_log::release();
    }

    unsafe fn write(bytes: &[u8]) {
        board_common::defmt_log::write(bytes);
    }
}

defmt::timestamp!("{=u64:us}", (clock::monotonic() * 1e6) as u64);
