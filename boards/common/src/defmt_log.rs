//! `defmt` framing (feature `defmt`): board diagnostics as compact binary frames on the serial
//! console, decoded on the host by `cargo xtask qemu` with the image's symbol table. The
//! board's `#[defmt::global_logger]` (an `unsafe impl`, so it lives in the board crate)
//! forwards to [`acquire`], [`write`] and [`release`].
//!
//! Each frame is [`FRAME_START`], then the message in `defmt`'s rzCOBS encoding, which ends
//! with [`FRAME_END`] and has no other zero byte (the first frame of a boot starts with an
//! extra [`FRAME_END`], the encoder's way to cut off a frame a previous boot left
//! unfinished). `FRAME_START` (0xFF) never occurs in UTF-8, so the host tells frames from
//! console text; the board writes frames only with this feature on. The board hands over its
//! console output function with [`init`]; until then frames go nowhere.

use core::sync::atomic::{AtomicUsize, Ordering};

/// Starts a `defmt` frame on the console (a byte UTF-8 text never contains).
pub const FRAME_START: u8 = 0xFF;
/// Ends a `defmt` frame (the rzCOBS frame separator the encoder writes).
pub const FRAME_END: u8 = 0x00;

/// The board's console output, set once at boot.
static WRITE: spin::Once<fn(&[u8])> = spin::Once::new();
/// How many log calls are open: 1 while a frame is written, more while an interrupt handler
/// logs in the middle of it (its frame is dropped rather than mixed into the open one).
static DEPTH: AtomicUsize = AtomicUsize::new(0);
/// The encoder's state between [`acquire`] and [`release`].
static ENCODER: spin::Mutex<defmt::Encoder> = spin::Mutex::new(defmt::Encoder::new());

/// Sends `defmt` frames through `write` (the board's console output) from now on.
pub fn init(write: fn(&[u8])) {
    WRITE.call_once(|| write);
}

fn emit(bytes: &[u8]) {
    if let Some(write) = WRITE.get() {
        write(bytes);
    }
}

/// `defmt::Logger::acquire` (the board's global logger forwards here): opens a frame unless
/// one is open.
pub fn acquire() {
    if DEPTH.fetch_add(1, Ordering::Acquire) == 0 {
        emit(&[FRAME_START]);
        if let Some(mut e) = ENCODER.try_lock() {
            e.start_frame(emit);
        }
    }
}

/// `defmt::Logger::write`: encodes `bytes` into the open frame (not a nested call's).
pub fn write(bytes: &[u8]) {
    if DEPTH.load(Ordering::Relaxed) == 1 {
        if let Some(mut e) = ENCODER.try_lock() {
            e.write(bytes, emit);
        }
    }
}

/// `defmt::Logger::release`: closes the frame the matching [`acquire`] opened.
pub fn release() {
    if DEPTH.load(Ordering::Relaxed) == 1 {
        if let Some(mut e) = ENCODER.try_lock() {
            e.end_frame(emit);
        }
    }
    DEPTH.fetch_sub(1, Ordering::Release);
}
