//! The 16550 UART at COM1 (0x3F8): polled output and input.

use core::sync::atomic::{AtomicBool, Ordering};

use super::port::{inb, outb};

const COM1: u16 = 0x3F8;
const LSR: u16 = COM1 + 5;
const LSR_DATA_READY: u8 = 1;
const LSR_THR_EMPTY: u8 = 0x20;

/// Whether the last byte sent was not a line feed (so a fault report starts a new line).
static MID_LINE: AtomicBool = AtomicBool::new(false);

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
    if let Some(&last) = bytes.last() {
        MID_LINE.store(last != b'\n', Ordering::Relaxed);
    }
}

/// Starts a new line unless the cursor is already at the start of one.
pub fn start_line() {
    if MID_LINE.load(Ordering::Relaxed) {
        write(b"\r\n");
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

/// `core::fmt` output to the UART, with `\n` sent as CR LF.
pub struct Writer;

impl core::fmt::Write for Writer {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        for (i, line) in s.split('\n').enumerate() {
            if i > 0 {
                write(b"\r\n");
            }
            write(line.as_bytes());
        }
        Ok(())
    }
}
