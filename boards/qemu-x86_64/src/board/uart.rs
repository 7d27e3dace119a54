//! The 16550 UART at COM1 (0x3F8): polled output; input through the receive interrupt
//! (IRQ 4) into `board_common::serial_input`.

use core::sync::atomic::{AtomicBool, Ordering};

use board_common::serial_input;

use super::interrupts;
use super::port::{inb, outb};

const COM1: u16 = 0x3F8;
const LSR: u16 = COM1 + 5;
const LSR_DATA_READY: u8 = 1;
const LSR_THR_EMPTY: u8 = 0x20;
const IER: u16 = COM1 + 1;
const IER_RX: u8 = 1;

/// Whether the receive interrupt is masked because the input queue was full.
static RX_MASKED: AtomicBool = AtomicBool::new(false);

/// 115200 8N1, the receive interrupt on (QEMU works without the rest, real 16550s may not;
/// OUT2 gates the IRQ line on PCs). The FIFO
/// control register is left alone: enabling or clearing the FIFOs drops a byte the host may
/// already have sent (QEMU delivers piped input before the board boots).
pub fn init() {
    // SAFETY: COM1's registers; these writes only configure the UART.
    unsafe {
        outb(IER, 0x00); // no interrupts while configuring
        outb(COM1 + 3, 0x80); // LCR: DLAB
        outb(COM1, 0x01); // DLL: 115200 baud
        outb(COM1 + 1, 0x00); // DLM
        outb(COM1 + 3, 0x03); // LCR: 8N1
        outb(COM1 + 4, 0x0B); // MCR: DTR | RTS | OUT2
        outb(IER, IER_RX);
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

/// The receive interrupt's handler: moves bytes from the UART into the input queue while it
/// has room; when it is full the interrupt is masked and the byte waits in the UART.
pub fn on_interrupt() {
    // SAFETY: reading COM1's LSR and RBR only takes bytes from the UART; writing IER only
    // masks its interrupt.
    unsafe {
        while inb(LSR) & LSR_DATA_READY != 0 {
            if !serial_input::has_room() {
                RX_MASKED.store(true, Ordering::Relaxed);
                outb(IER, 0);
                return;
            }
            serial_input::received(inb(COM1));
        }
    }
}

/// Waits (the core halted) for a received byte and returns it.
pub fn read_byte() -> u8 {
    loop {
        if let Some(b) = serial_input::take() {
            if RX_MASKED.swap(false, Ordering::Relaxed) {
                // SAFETY: writing COM1's IER only unmasks its receive interrupt.
                unsafe { outb(IER, IER_RX) };
            }
            return b;
        }
        interrupts::idle(f64::INFINITY);
    }
}
