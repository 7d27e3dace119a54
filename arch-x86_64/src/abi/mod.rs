//! The calling convention of compiled traces: which registers hold what, how Rust enters
//! trace code and how trace code leaves, and how trace code calls the uop helpers.
//!
//! Everything follows the System V AMD64 ABI (the AMD64 psABI, cited by section below). The
//! bare-metal `x86_64-unknown-none` target uses the same `extern "C"` convention as the
//! hosts, so one set of sequences serves both.
//!
//! # Registers
//!
//! Five callee-saved registers are *pinned*: they hold the same thing for the whole run of
//! trace code, and helper calls preserve them (psABI §3.2.1, Figure 3.4):
//!
//! | register | const       | holds |
//! |----------|-------------|-------|
//! | RBX      | [`CTX`]     | the `*mut HelperContext` |
//! | R12      | [`STACK`]   | the value stack's items pointer |
//! | R13      | [`LOCALS`]  | the address of the running frame's local 0 (`STACK + 8 * base`) |
//! | R14      | [`INT_TAG`] | `VALUE_TAG_INT << VALUE_TAG_SHIFT`, for small-int guards and boxing |
//! | R15      | [`ARENA`]   | the object arena's items pointer |
//!
//! RBP is the frame pointer ([`FRAME_POINTER`]): the entry trampoline pushes it and points it
//! at the saved value, so `perf` and debuggers walk through trace code as through any
//! function. RSP is the stack pointer. The remaining nine registers ([`SCRATCH`]) are the
//! caller-saved ones, free for trace code between helper calls; a helper call clobbers all
//! of them, and all sixteen XMM registers too (psABI §3.2.1). [`ABI_TEMP`] (R11) is the one
//! scratch register the sequences of this module clobber besides the call itself.
//!
//! STACK, LOCALS and ARENA are copies of pointers the VM owns: a helper may grow the value
//! stack or the arena, which moves them, so [`emit_helper_call`] reloads them afterwards
//! ([`emit_reload_pinned`]). CTX and INT_TAG never change.
//!
//! # Entry, exit and the stack
//!
//! Rust enters trace code through the entry trampoline ([`emit_entry`]), an
//! `extern "C" fn(cx: *mut HelperContext, code: *const u8) -> u32` that saves the
//! callee-saved registers, sets up the pinned ones and jumps to `code`. Trace code leaves by
//! putting a `u32` status in EAX and jumping to the shared exit routine ([`emit_exit`]),
//! which restores the registers and returns EAX to the Rust caller. Trace code runs in the
//! trampoline's stack frame with RSP 16-byte aligned, so it calls helpers without adjusting
//! RSP; the `entry` file documents the frame layout and the alignment arithmetic.

mod call;
mod entry;

use crate::enc::{Disp, Reg};

pub use self::call::{
    emit_helper_call, emit_reload_pinned, emit_signal_check, emit_status_check, helper_addr,
    RELOAD_PINNED_LOADS,
};
pub use self::entry::{
    emit_entry, emit_exit, emit_leave, emit_trampoline, EntryFn, Trampoline, FRAME_BYTES,
    SAVED_REGS, SPILL_SLOT, STALE_SLOT,
};

/// The pinned register holding the `*mut HelperContext` the code runs with (callee-saved).
pub const CTX: Reg = Reg::Rbx;
/// The pinned register holding the value stack's items pointer (callee-saved; reloaded after
/// every helper call).
pub const STACK: Reg = Reg::R12;
/// The pinned register holding the address of the running frame's local 0: the value stack's
/// items pointer plus 8 times the frame's base (callee-saved; reloaded after every helper
/// call).
pub const LOCALS: Reg = Reg::R13;
/// The pinned register holding `VALUE_TAG_INT << VALUE_TAG_SHIFT`, the tag bits of a small
/// int, so a guard or a boxing is a register operation rather than a 10-byte constant
/// (callee-saved; set once on entry).
pub const INT_TAG: Reg = Reg::R14;
/// The pinned register holding the object arena's items pointer (callee-saved; reloaded
/// after every helper call).
pub const ARENA: Reg = Reg::R15;
/// The frame pointer: RBP points at the caller's saved RBP for the whole run of trace code.
pub const FRAME_POINTER: Reg = Reg::Rbp;

/// The pinned registers, in the order the entry trampoline pushes them after RBP.
pub const PINNED: [Reg; 5] = [CTX, STACK, LOCALS, INT_TAG, ARENA];

/// The value of [`INT_TAG`].
pub const INT_TAG_BITS: u64 = vm_core::layout::VALUE_TAG_INT << vm_core::layout::VALUE_TAG_SHIFT;

/// The registers a callee must preserve (psABI §3.2.1, Figure 3.4): the pinned ones and RBP
/// (RSP is preserved by construction).
pub const CALLEE_SAVED: [Reg; 6] = [Reg::Rbx, Reg::Rbp, Reg::R12, Reg::R13, Reg::R14, Reg::R15];

/// The caller-saved general-purpose registers (psABI §3.2.1, Figure 3.4): free for trace
/// code, and clobbered by every helper call.
pub const SCRATCH: [Reg; 9] = [
    Reg::Rax,
    Reg::Rcx,
    Reg::Rdx,
    Reg::Rsi,
    Reg::Rdi,
    Reg::R8,
    Reg::R9,
    Reg::R10,
    Reg::R11,
];

/// The integer argument registers, first argument first (psABI §3.2.3). A helper call uses
/// the first three: context, oparg, operand.
pub const ARGS: [Reg; 6] = [Reg::Rdi, Reg::Rsi, Reg::Rdx, Reg::Rcx, Reg::R8, Reg::R9];

/// The register a `u32` status comes back in (EAX, psABI §3.2.3), from a helper and from
/// trace code to the exit routine. Only its low 32 bits are defined after a helper call.
pub const STATUS: Reg = Reg::Rax;

/// The scratch register this module's sequences clobber ([`emit_reload_pinned`],
/// [`emit_signal_check`] and the entry trampoline). R11 is neither an argument nor the
/// return register, so the sequences leave a call's arguments and status alone.
pub const ABI_TEMP: Reg = Reg::R11;

/// The displacement of a layout offset. Every offset machine code reads is a few dozen
/// bytes, so the conversion cannot fail for a real layout.
pub(crate) fn disp(offset: usize) -> Disp {
    match i64::try_from(offset).ok().and_then(Disp::new) {
        Some(d) => d,
        None => panic!("layout offset {offset} does not fit a displacement"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_register_sets_partition_the_registers() {
        let mut all: alloc::vec::Vec<Reg> = CALLEE_SAVED.into_iter().chain(SCRATCH).collect();
        all.push(Reg::Rsp);
        all.sort();
        assert_eq!(all, Reg::ALL);
        for r in PINNED {
            assert!(CALLEE_SAVED.contains(&r), "{r:?} must survive helper calls");
        }
        assert!(!PINNED.contains(&FRAME_POINTER));
        assert!(SCRATCH.contains(&ABI_TEMP) && !ARGS.contains(&ABI_TEMP));
        assert!(ARGS.iter().all(|r| SCRATCH.contains(r)) && ABI_TEMP != STATUS);
    }

    #[test]
    fn the_int_tag_is_the_small_int_tag() {
        assert_eq!(INT_TAG_BITS, 0xFFF9 << 48);
    }
}
