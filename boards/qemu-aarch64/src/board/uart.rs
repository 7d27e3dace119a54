//! The PL011 UART of `-M virt` at 0x0900_0000 (QEMU needs no initialisation for it).

use core::ptr::{read_volatile, write_volatile};

/// MMIO base of the first PL011 (the one `-serial stdio` connects).
pub const UART_BASE: usize = 0x0900_0000;
const DR: usize = 0x00;
const FR: usize = 0x18;
const FR_RXFE: u32 = 1 << 4;
const FR_TXFF: u32 = 1 << 5;

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

/// Waits (polling FR.RXFE) for one received byte.
pub fn read_byte() -> u8 {
    while read_reg(FR) & FR_RXFE != 0 {
        core::hint::spin_loop();
    }
    (read_reg(DR) & 0xFF) as u8
}
