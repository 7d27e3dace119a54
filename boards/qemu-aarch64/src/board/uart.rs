//! The PL011 UART of `-M virt` at 0x0900_0000 (QEMU needs no initialisation for it): polled
//! output; input through the receive interrupt into `board_common::serial_input`. The FIFOs
//! stay off (as at reset), so every received byte raises the interrupt.

use core::ptr::{read_volatile, write_volatile};
use core::sync::atomic::{AtomicBool, Ordering};

use board_common::serial_input;

use super::interrupts;

/// MMIO base of the first PL011 (the one `-serial stdio` connects).
pub const UART_BASE: usize = 0x0900_0000;
const DR: usize = 0x00;
const FR: usize = 0x18;
const FR_RXFE: u32 = 1 << 4;
const FR_TXFF: u32 = 1 << 5;
/// Interrupt mask set/clear register and its receive bit.
const IMSC: usize = 0x38;
const INT_RX: u32 = 1 << 4;

/// Whether the receive interrupt is masked because the input queue was full.
static RX_MASKED: AtomicBool = AtomicBool::new(false);

fn read_reg(off: usize) -> u32 {
    // SAFETY: UART_BASE + off is a PL011 register of the virt machine, mapped as device memory
    // (or accessed with the MMU off, which is device memory too); reads have no side effect
    // beyond popping the receive FIFO for DR, which is what the caller wants.
    unsafe { read_volatile((UART_BASE + off) as *const u32) }
}

fn write_reg(off: usize, v: u32) {
    // SAFETY: as in `read_reg`; writing DR sends one byte, nothing else in memory is touched.
    unsafe { write_volatile((UART_BASE + off) as *mut u32, v) }
}

/// Sends one byte, waiting while the transmit FIFO is full.
fn put(b: u8) {
    while read_reg(FR) & FR_TXFF != 0 {
        core::hint::spin_loop();
    }
    write_reg(DR, u32::from(b));
}

/// Sends bytes, waiting for the transmitter.
pub fn write(bytes: &[u8]) {
    for &b in bytes {
        put(b);
    }
}

/// Enables the receive interrupt.
pub fn init() {
    write_reg(IMSC, INT_RX);
}

/// The receive interrupt's handler: moves bytes from the UART into the input queue while it
/// has room; when it is full the interrupt is masked and the byte waits in the UART.
pub fn on_interrupt() {
    while read_reg(FR) & FR_RXFE == 0 {
        if !serial_input::has_room() {
            RX_MASKED.store(true, Ordering::Relaxed);
            write_reg(IMSC, 0);
            return;
        }
        serial_input::received((read_reg(DR) & 0xFF) as u8);
    }
}

/// Waits (the core in `wfi`) for a received byte and returns it.
pub fn read_byte() -> u8 {
    loop {
        if let Some(b) = serial_input::take() {
            if RX_MASKED.swap(false, Ordering::Relaxed) {
                write_reg(IMSC, INT_RX);
            }
            return b;
        }
        interrupts::idle(f64::INFINITY);
    }
}
