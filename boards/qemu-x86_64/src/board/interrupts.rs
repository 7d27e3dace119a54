//! Hardware interrupts: the 8259 PICs remapped to vectors 32..47 with two lines open (IRQ 0,
//! the PIT's one-shot wake-up; IRQ 4, COM1's receive interrupt), the handler the IRQ stubs of
//! `boot.s` call, and [`idle`], which halts the core until an interrupt.
//!
//! The handlers are tiny and never allocate: the UART's drains its receive register into
//! `board_common::serial_input` (which raises `KeyboardInterrupt` on `Ctrl-C`), the timer's
//! only wakes the core.

use core::arch::asm;

use super::port::{inb, outb};
use super::{clock, uart};

/// The first vector of the master PIC (IRQ 0); the slave's IRQ 8 is `IRQ_BASE + 8`.
pub const IRQ_BASE: u8 = 32;
/// How many IRQ vectors `boot.s` has stubs for (both PICs).
pub const IRQ_COUNT: usize = 16;

const PIC1_CMD: u16 = 0x20;
const PIC1_DATA: u16 = 0x21;
const PIC2_CMD: u16 = 0xA0;
const PIC2_DATA: u16 = 0xA1;
const EOI: u8 = 0x20;
const IRQ_TIMER: u8 = 0;
const IRQ_COM1: u8 = 4;
/// The master's lowest-priority line, where it reports a spurious interrupt.
const IRQ_SPURIOUS: u8 = 7;

/// The local APIC's registers (identity mapped by `mmu`): spurious-interrupt vector and LINT0.
const LAPIC_SVR: usize = 0xFEE0_00F0;
const LAPIC_LVT0: usize = 0xFEE0_0350;
/// SVR: APIC software-enabled, spurious interrupts on the vector of [`IRQ_SPURIOUS`], whose
/// handler ignores them.
const SVR_VALUE: u32 = 1 << 8 | (IRQ_BASE + IRQ_SPURIOUS) as u32;
/// LVT0: unmasked, delivery mode ExtINT (the PIC supplies the vector).
const LVT0_EXTINT: u32 = 0b111 << 8;

/// Remaps both PICs, opens IRQ 0 and IRQ 4, and enables interrupts. Call after the IDT has
/// its IRQ gates and the UART is set up.
///
/// Without firmware nobody set the local APIC's LINT0 to pass the PIC's interrupts on (it is
/// masked at reset): it is set to ExtINT here, as a PC BIOS does ("virtual wire" mode).
pub fn init() {
    pass_pic_through_local_apic();
    // SAFETY: the standard 8259 initialisation sequence (ICW1..ICW4, then the masks) on the
    // PICs' ports; it changes no memory.
    unsafe {
        outb(PIC1_CMD, 0x11); // ICW1: edge triggered, cascade, ICW4 follows
        outb(PIC2_CMD, 0x11);
        outb(PIC1_DATA, IRQ_BASE); // ICW2: vector base
        outb(PIC2_DATA, IRQ_BASE + 8);
        outb(PIC1_DATA, 1 << 2); // ICW3: slave on IRQ 2
        outb(PIC2_DATA, 2);
        outb(PIC1_DATA, 0x01); // ICW4: 8086 mode
        outb(PIC2_DATA, 0x01);
        outb(PIC1_DATA, !(1 << IRQ_TIMER | 1 << IRQ_COM1));
        outb(PIC2_DATA, 0xFF);
    }
    enable();
}

fn pass_pic_through_local_apic() {
    // SAFETY: the local APIC's SVR and LVT0 registers at their reset base (identity mapped,
    // device memory to QEMU and KVM); the writes only enable the APIC and route LINT0.
    unsafe {
        core::ptr::write_volatile(LAPIC_SVR as *mut u32, SVR_VALUE);
        core::ptr::write_volatile(LAPIC_LVT0 as *mut u32, LVT0_EXTINT);
    }
}

fn enable() {
    // SAFETY: the IDT has a gate for every vector the open PIC lines raise.
    unsafe { asm!("sti", options(nomem, nostack)) };
}

/// Called by the IRQ stubs in `boot.s` (on IST2, interrupts off) with the vector.
#[no_mangle]
extern "C" fn irq_handler(vector: u64) {
    let irq = vector.wrapping_sub(u64::from(IRQ_BASE)) as u8;
    if irq == IRQ_SPURIOUS && !in_service(IRQ_SPURIOUS) {
        return;
    }
    if irq == IRQ_COM1 {
        uart::on_interrupt();
    }
    // IRQ_TIMER: waking the core from `hlt` was the point; nothing else to do.
    // SAFETY: end-of-interrupt to the PIC(s) that raised this vector.
    unsafe {
        if irq >= 8 {
            outb(PIC2_CMD, EOI);
        }
        outb(PIC1_CMD, EOI);
    }
}

/// Whether the master PIC's in-service register has `irq` set (a real interrupt, not a
/// spurious one).
fn in_service(irq: u8) -> bool {
    // SAFETY: OCW3 "read ISR" and the read; no memory is involved.
    let isr = unsafe {
        outb(PIC1_CMD, 0x0B);
        inb(PIC1_CMD)
    };
    isr & (1 << irq) != 0
}

/// `Platform::idle`: halts until an interrupt (a received byte, `Ctrl-C`, the PIT's one-shot
/// at `deadline` or within 55 ms) unless something was received since the last call or the
/// deadline passed. The check runs with interrupts off and `sti; hlt` re-enables them only
/// as the core halts, so a wake-up between the check and the halt is not lost.
pub fn idle(deadline: f64) {
    // SAFETY: masking interrupts on this core; they are re-enabled below on every path.
    unsafe { asm!("cli", options(nomem, nostack)) };
    let now = clock::monotonic();
    if board_common::serial_input::take_wake() || now >= deadline {
        enable();
        return;
    }
    clock::arm_wakeup(deadline - now);
    // SAFETY: `sti` takes effect after `hlt` starts, so an interrupt pending now ends the
    // halt instead of being taken before it; halting touches no memory.
    unsafe { asm!("sti", "hlt", options(nomem, nostack)) };
}
