//! The entry trampoline (Rust into trace code) and the shared exit routine (trace code back
//! to Rust).
//!
//! The trampoline's frame, from the Rust caller's `call` down (addresses grow upwards):
//!
//! ```text
//! [rbp + 8]   return address into the Rust caller
//! [rbp]       the caller's RBP            <- RBP
//! [rbp - 8]   RBX
//! [rbp - 16]  R12
//! [rbp - 24]  R13
//! [rbp - 32]  R14
//! [rbp - 40]  R15
//! [rbp - 48]  the loop mark, free for trace code (SPILL_SLOT)
//! [rbp - 56]  whether the run state is stale (STALE_SLOT; 0 on entry)
//! [rbp - 64]  padding                                     <- RSP while trace code runs
//! ```
//!
//! Alignment (psABI §3.2.2): at a function's first instruction `RSP + 8` is a multiple of 16,
//! so RSP ≡ 8 (mod 16). Six pushes (RBP and five registers) take 48 bytes, leaving RSP ≡ 8;
//! the 24 bytes of slots and padding make RSP ≡ 0. The trampoline then *jumps* to the trace, so trace code
//! runs with RSP ≡ 0 (mod 16) and every `call` it makes meets the rule without adjusting
//! RSP, as long as trace code itself leaves RSP where it found it (or moves it by multiples
//! of 16).

use vm_core::jit::helpers::HelperContext;

use super::call::emit_reload_pinned;
use super::{ARGS, CTX, FRAME_POINTER, INT_TAG, INT_TAG_BITS, PINNED, STATUS};
use crate::enc::{
    jmp_rm64, lea_r64_m, mov_r32_imm32, mov_r64_imm64, mov_rm64_imm32, mov_rm64_r64, pop_r64,
    push_r64, ret, sub_rm64_imm8, CodeBuf, Imm32, Imm8, Label, Mem, Reg,
};

/// The signature of the entry trampoline: run the trace code at `code` with context `cx`,
/// and answer the status the trace code exits with.
///
/// Calling it is unsafe: `cx` must be a live context whose pointers are valid (and whose
/// frame records hold at least one frame), and `code` must be trace code that follows this
/// module's convention and ends by jumping to the exit routine.
pub type EntryFn = unsafe extern "C" fn(cx: *mut HelperContext, code: *const u8) -> u32;

/// The callee-saved registers the trampoline saves after RBP, in push order.
pub const SAVED_REGS: [Reg; 5] = PINNED;

/// Bytes the trampoline's frame takes below the return address: RBP, the saved registers,
/// two slots for trace code and the padding that realigns RSP.
pub const FRAME_BYTES: usize = 8 * (1 + SAVED_REGS.len() + 3);

/// The RBP-relative displacement of the first slot below the saved registers: eight bytes
/// trace code may use as it likes (the loop mark), since nothing else reads them.
pub const SPILL_SLOT: i32 = -(8 * (1 + SAVED_REGS.len() as i32));

/// The RBP-relative displacement of the second slot: nonzero while the run state may not
/// describe the frame trace code runs in (code that links to another trace's code says so
/// there; the trampoline clears it, as Rust enters with the state current).
pub const STALE_SLOT: i32 = SPILL_SLOT - 8;

/// The RBP-relative displacement of the last saved register, where the exit routine points
/// RSP before popping.
const LAST_SAVED: i32 = -(8 * SAVED_REGS.len() as i32);

// The alignment arithmetic above: the return address plus the frame is a multiple of 16.
const _: () = assert!((8 + FRAME_BYTES) % 16 == 0);

/// Where the entry trampoline and the exit routine are in a [`CodeBuf`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trampoline {
    /// The first instruction of the [`EntryFn`].
    pub entry: Label,
    /// The exit routine trace code jumps to with its status in EAX.
    pub exit: Label,
}

/// Emits the entry trampoline and then the exit routine.
pub fn emit_trampoline(buf: &mut CodeBuf) -> Trampoline {
    let entry = emit_entry(buf);
    let exit = emit_exit(buf);
    Trampoline { entry, exit }
}

/// Emits the entry trampoline, an [`EntryFn`], and returns the label of its first
/// instruction. It saves RBP and the pinned registers, sets CTX from the first argument,
/// loads the other pinned registers and jumps to the second argument with RSP 16-byte
/// aligned. Clobbers [`ABI_TEMP`](super::ABI_TEMP) and the flags besides the pinned
/// registers.
pub fn emit_entry(buf: &mut CodeBuf) -> Label {
    let entry = buf.new_label();
    buf.bind(entry);
    // The standard prologue, so frame-pointer unwinders see a normal frame.
    buf.emit(push_r64(FRAME_POINTER));
    buf.emit(mov_rm64_r64(FRAME_POINTER, Reg::Rsp));
    for r in SAVED_REGS {
        buf.emit(push_r64(r));
    }
    buf.emit(sub_rm64_imm8(Reg::Rsp, Imm8::from(24)));
    buf.emit(mov_rm64_imm32(
        Mem::base_disp(FRAME_POINTER, STALE_SLOT.into()),
        Imm32::from(0),
    ));
    buf.emit(mov_rm64_r64(CTX, ARGS[0]));
    // The reload leaves the argument registers alone, so `code` is still in RSI after it.
    emit_reload_pinned(buf);
    buf.emit(mov_r64_imm64(INT_TAG, INT_TAG_BITS as i64));
    buf.emit(jmp_rm64(ARGS[1]));
    entry
}

/// Emits the shared exit routine and returns its label. Trace code jumps to it (from any
/// RSP, as it resets RSP from RBP) with its status in EAX; it restores the registers the
/// trampoline saved and returns EAX to the trampoline's caller.
pub fn emit_exit(buf: &mut CodeBuf) -> Label {
    let exit = buf.new_label();
    buf.bind(exit);
    buf.emit(lea_r64_m(
        Reg::Rsp,
        Mem::base_disp(FRAME_POINTER, LAST_SAVED.into()),
    ));
    for r in SAVED_REGS.into_iter().rev() {
        buf.emit(pop_r64(r));
    }
    buf.emit(pop_r64(FRAME_POINTER));
    buf.emit(ret());
    exit
}

/// Emits `mov eax, status; jmp exit`: the way out of trace code with a constant status.
pub fn emit_leave(buf: &mut CodeBuf, exit: Label, status: u32) {
    buf.emit(mov_r32_imm32(STATUS, status));
    buf.jmp_label(exit);
}
