//! Leaving QEMU through `-device isa-debug-exit,iobase=0xf4,iosize=0x04`.

use super::port;

/// Exits QEMU with `(status << 1) | 1` (status clamped to 0..=127). Without the device the
/// CPU halts forever.
pub fn exit(status: i32) -> ! {
    let value = u32::try_from(status.clamp(0, 127)).unwrap_or(127);
    // SAFETY: port 0xf4 is isa-debug-exit (or nothing): the write ends QEMU and touches no
    // guest memory.
    unsafe { port::outl(0xf4, value) };
    halt()
}

/// Stops the CPU for good (interrupts off, `hlt`).
pub fn halt() -> ! {
    loop {
        // SAFETY: halting with interrupts off stops the CPU; no memory is involved.
        unsafe { core::arch::asm!("cli", "hlt", options(nomem, nostack)) };
    }
}
