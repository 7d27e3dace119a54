//! x86 port I/O.

use core::arch::asm;

/// Writes a byte to an I/O port.
///
/// # Safety
/// The port must belong to a device for which this write has no effect on memory safety
/// (for example the UART, the PIT, the CMOS, isa-debug-exit).
pub unsafe fn outb(port: u16, value: u8) {
    // SAFETY: the caller vouches for the port; `out` touches no memory.
    unsafe {
        asm!("out dx, al", in("dx") port, in("al") value, options(nomem, nostack, preserves_flags))
    }
}

/// Writes a 32-bit value to an I/O port.
///
/// # Safety
/// As for [`outb`].
pub unsafe fn outl(port: u16, value: u32) {
    // SAFETY: the caller vouches for the port; `out` touches no memory.
    unsafe {
        asm!("out dx, eax", in("dx") port, in("eax") value, options(nomem, nostack, preserves_flags))
    }
}

/// Reads a byte from an I/O port.
///
/// # Safety
/// As for [`outb`]: reading the port must have no effect on memory safety.
pub unsafe fn inb(port: u16) -> u8 {
    let value: u8;
    // SAFETY: the caller vouches for the port; `in` touches no memory.
    unsafe {
        asm!("in al, dx", in("dx") port, out("al") value, options(nomem, nostack, preserves_flags))
    }
    value
}
