//! Hardware interrupts through the GICv2 of QEMU's `virt` machine (its default GIC): the
//! PL011's receive interrupt (SPI 1, INTID 33) and the generic timer's virtual-timer wake-up
//! (PPI 11, INTID 27); the handler `boot.s`'s IRQ vector calls; and [`idle`], which waits in
//! `wfi` until an interrupt.
//!
//! The handlers are tiny and never allocate: the UART's moves received bytes into
//! `board_common::serial_input` (which raises `KeyboardInterrupt` on `Ctrl-C`), the timer's
//! only stops the timer: waking the core was the point.

use core::arch::asm;
use core::ptr::{read_volatile, write_volatile};

use super::{clock, uart};

/// The distributor and CPU interface of `virt`'s GICv2 (mapped as device memory by `mmu`).
const GICD: usize = 0x0800_0000;
const GICC: usize = 0x0801_0000;
const GICD_CTLR: usize = GICD;
const GICD_ISENABLER: usize = GICD + 0x100;
const GICD_IPRIORITYR: usize = GICD + 0x400;
const GICD_ITARGETSR: usize = GICD + 0x800;
const GICC_CTLR: usize = GICC;
const GICC_PMR: usize = GICC + 0x04;
const GICC_IAR: usize = GICC + 0x0C;
const GICC_EOIR: usize = GICC + 0x10;

/// The virtual timer's interrupt (PPI 11).
const INTID_TIMER: u32 = 27;
/// The first PL011's interrupt (SPI 1).
const INTID_UART: u32 = 33;
/// What the CPU interface answers when no interrupt is pending.
const INTID_SPURIOUS: u32 = 1023;

fn write32(addr: usize, value: u32) {
    // SAFETY: `addr` is a GIC register of the virt machine (device memory); writing it only
    // configures or acknowledges interrupts.
    unsafe { write_volatile(addr as *mut u32, value) }
}

fn write8(addr: usize, value: u8) {
    // SAFETY: as in `write32`; the GICv2 priority and target registers are byte accessible.
    unsafe { write_volatile(addr as *mut u8, value) }
}

/// Enables the GIC, routes the UART's and the timer's interrupts to this core, and unmasks
/// IRQs. Call after the MMU maps the GIC and the UART is set up.
pub fn init() {
    for id in [INTID_TIMER, INTID_UART] {
        let id = id as usize;
        write8(GICD_IPRIORITYR + id, 0x80);
        write8(GICD_ITARGETSR + id, 1);
        write32(GICD_ISENABLER + 4 * (id / 32), 1 << (id % 32));
    }
    write32(GICD_CTLR, 1);
    write32(GICC_PMR, 0xFF);
    write32(GICC_CTLR, 1);
    unmask();
}

fn unmask() {
    // SAFETY: unmasks IRQs on this core; the vector table has the IRQ entry.
    unsafe { asm!("msr daifclr, #2", options(nomem, nostack)) };
}

/// Called by `irq_entry` in `boot.s` (IRQs masked, caller-saved registers saved).
#[no_mangle]
extern "C" fn irq_handler() {
    // SAFETY: reading GICC_IAR acknowledges the highest-priority pending interrupt.
    let iar = unsafe { read_volatile(GICC_IAR as *const u32) };
    let id = iar & 0x3FF;
    match id {
        INTID_SPURIOUS => return,
        INTID_UART => uart::on_interrupt(),
        INTID_TIMER => clock::disarm_wakeup(),
        _ => {}
    }
    write32(GICC_EOIR, iar);
}

/// `Platform::idle`: waits in `wfi` until an interrupt (a received byte, `Ctrl-C`, the timer
/// at `deadline` or within a second) unless something was received since the last call or
/// the deadline passed. IRQs are masked during the check: `wfi` still wakes on a pending one,
/// which is taken once they are unmasked again, so a wake-up between the check and the wait
/// is not lost.
pub fn idle(deadline: f64) {
    // SAFETY: masks IRQs on this core; they are unmasked below on every path.
    unsafe { asm!("msr daifset, #2", options(nomem, nostack)) };
    let now = clock::monotonic();
    if !board_common::serial_input::take_wake() && now < deadline {
        clock::arm_wakeup((deadline - now).min(1.0));
        // SAFETY: waiting for an interrupt touches no memory.
        unsafe { asm!("wfi", options(nomem, nostack)) };
    }
    unmask();
}
