//! The 16550 UART at COM1 (0x3F8): polled output and input.

use super::port::{inb, outb};

const COM1: u16 = 0x3F8;
const LSR: u16 = COM1 + 5;
const LSR_DATA_READY: u8 = 1;
const LSR_THR_EMPTY: u8 = 0x20;

/// 115200 8N1, interrupts off (QEMU works without this, real 16550s may not). The FIFO
/// control register is left alone: enabling or clearing the FIFOs drops a byte the host may
/// already have sent (QEMU delivers piped input before the board boots).
pub fn init() {
    // SAFETY: COM1's registers; these writes only configure the UART.
    unsafe {
        outb(COM1 + 1, 0x00); // IER: no interrupts
        outb(COM1 + 3, 0x80); // LCR: DLAB
        outb(COM1, 0x01); // DLL: 115200 baud
        outb(COM1 + 1, 0x00); // DLM
        outb(COM1 + 3, 0x03); // LCR: 8N1
        outb(COM1 + 4, 0x03); // MCR: DTR | RTS
    }
}

fn put(b: u8) {
    // SAFETY: reading LSR and writing THR of COM1 only moves a byte to the UART.
    unsafe {
        while inb(LSR) & LSR_THR_EMPTY == 0 {
            core::hint::spin_loop();
        }
        outb(COM1, b);
    }
}

/// Sends bytes, waiting for the transmitter.
pub fn write(bytes: &[u8]) {
    for &b in bytes {
        put(b);
    }
}

/// Waits for a received byte (polling LSR bit 0) and returns it.
pub fn read_byte() -> u8 {
    // SAFETY: reading COM1's LSR and RBR only takes a byte from the UART.
    unsafe {
        while inb(LSR) & LSR_DATA_READY == 0 {
            core::hint::spin_loop();
        }
        inb(COM1)
    }
}
