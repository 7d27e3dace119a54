//! Sequences trace code runs between its own instructions: refreshing the pinned pointers,
//! calling a uop helper, testing its status, and the safe-point check.

use vm_core::jit::helpers::{UopHelper, CTX_FRAMES, CTX_OBJS, CTX_SIGNALS, CTX_STACK};
use vm_core::layout::{FRAME_BASE, FRAME_SIZE, ITEMS_LEN, ITEMS_PTR, STACK_ITEMS};

use super::{disp, ABI_TEMP, ARENA, ARGS, CTX, LOCALS, STACK, STATUS};
use crate::enc::{
    call_rm64, cmp_rm8_imm8, imul_r64_rm64_imm32, imul_r64_rm64_imm8, lea_r64_m, mov_r32_imm32,
    mov_r32_rm32, mov_r64_imm64, mov_r64_rm64, mov_rm64_imm32, mov_rm64_r64, test_rm32_r32,
    CodeBuf, Cond, Disp, Imm32, Imm8, Index, Inst, Label, Mem, Reg, Scale,
};

/// The memory loads [`emit_reload_pinned`] makes.
pub const RELOAD_PINNED_LOADS: usize = 8;

/// The address of a helper, as [`emit_helper_call`] takes it.
pub fn helper_addr(helper: UopHelper) -> u64 {
    helper as usize as u64
}

/// `[base + offset]` for a layout offset.
fn at(base: Reg, offset: usize) -> Mem {
    Mem::base_disp(base, disp(offset))
}

/// `imul dst, src, FRAME_SIZE` in the shortest form.
fn times_frame_size(dst: Reg, src: Mem) -> Inst {
    let size = FRAME_SIZE as i64;
    match Imm8::new(size) {
        Some(imm) => imul_r64_rm64_imm8(dst, src, imm),
        None => imul_r64_rm64_imm32(dst, src, Imm32::new(size).expect("a frame is small")),
    }
}

/// Emits the loads that refresh STACK, ARENA and LOCALS from the context, as needed after
/// any helper call (the value stack and the arena may have grown and moved, and the frame
/// may have changed):
///
/// ```text
/// STACK  = [[CTX + CTX_STACK] + STACK_ITEMS]
/// ARENA  = [[CTX + CTX_OBJS] + ITEMS_PTR]
/// LOCALS = STACK + 8 * u32 [frames.items + (frames.len - 1) * FRAME_SIZE + FRAME_BASE]
/// ```
///
/// Nine instructions (37 bytes), [`RELOAD_PINNED_LOADS`] loads, all L1 hits in practice. The
/// longest dependency chain (CTX to LOCALS) is three loads, an `imul` and a `lea`; the
/// three chains start together, so an out-of-order core overlaps them. Clobbers [`ABI_TEMP`] and the flags;
/// leaves RAX (a helper's status) and the argument registers alone.
///
/// The frame records must hold at least one frame: trace code always runs inside one.
pub fn emit_reload_pinned(buf: &mut CodeBuf) {
    buf.emit(mov_r64_rm64(STACK, at(CTX, CTX_STACK)));
    buf.emit(mov_r64_rm64(ARENA, at(CTX, CTX_OBJS)));
    buf.emit(mov_r64_rm64(LOCALS, at(CTX, CTX_FRAMES)));
    buf.emit(mov_r64_rm64(STACK, at(STACK, STACK_ITEMS)));
    buf.emit(mov_r64_rm64(ARENA, at(ARENA, ITEMS_PTR)));
    // LOCALS holds the frame records' FixedVec until it holds the locals' address.
    buf.emit(times_frame_size(ABI_TEMP, at(LOCALS, ITEMS_LEN)));
    buf.emit(mov_r64_rm64(LOCALS, at(LOCALS, ITEMS_PTR)));
    // ABI_TEMP is len * FRAME_SIZE, so the last record starts FRAME_SIZE below it.
    let base_field = Mem::indexed(
        LOCALS,
        Index::new(ABI_TEMP).expect("not RSP"),
        Scale::S1,
        Disp::new(FRAME_BASE as i64 - FRAME_SIZE as i64).expect("a frame is small"),
    );
    buf.emit(mov_r32_rm32(ABI_TEMP, base_field));
    buf.emit(lea_r64_m(
        LOCALS,
        Mem::indexed(
            STACK,
            Index::new(ABI_TEMP).expect("not RSP"),
            Scale::S8,
            Disp::ZERO,
        ),
    ));
}

/// Emits a call of the uop helper at address `helper` ([`helper_addr`]) with the context,
/// `oparg` and `operand`, then [`emit_reload_pinned`]. The status stays in EAX (only its low
/// 32 bits are defined, psABI §3.2.3); test it with [`emit_status_check`].
///
/// RSP must be 16-byte aligned here (psABI §3.2.2), as it is anywhere in trace code that
/// leaves RSP as the trampoline set it. Clobbers every scratch register (psABI §3.2.1).
pub fn emit_helper_call(buf: &mut CodeBuf, helper: u64, oparg: u32, operand: u64) {
    buf.emit(mov_rm64_r64(ARGS[0], CTX));
    buf.emit(mov_r32_imm32(ARGS[1], oparg));
    buf.emit(mov_imm(ARGS[2], operand));
    // The helper may be anywhere in the address space, so the call is absolute.
    buf.emit(mov_r64_imm64(STATUS, helper as i64));
    buf.emit(call_rm64(STATUS));
    emit_reload_pinned(buf);
}

/// `dst = value` in the shortest form: `mov r32, imm32` (zero-extending) for values below
/// 2^32, the sign-extending `mov r/m64, imm32` for small negative ones, `mov r64, imm64`
/// otherwise.
fn mov_imm(dst: Reg, value: u64) -> Inst {
    if let Ok(v) = u32::try_from(value) {
        mov_r32_imm32(dst, v)
    } else if let Some(imm) = Imm32::new(value as i64) {
        mov_rm64_imm32(dst, imm)
    } else {
        mov_r64_imm64(dst, value as i64)
    }
}

/// Emits `test eax, eax; jnz on_not_next`: leaves for `on_not_next` unless the helper
/// answered `HelperStatus::Next` (0), keeping the status in EAX.
pub fn emit_status_check(buf: &mut CodeBuf, on_not_next: Label) {
    buf.emit(test_rm32_r32(STATUS, STATUS));
    buf.jcc_label(Cond::Ne, on_not_next);
}

/// Emits the safe-point check: branches to `slow` when the interrupt byte (through
/// `[CTX + CTX_SIGNALS]`) is non-zero. Two loads and a branch the predictor learns as not
/// taken. Clobbers [`ABI_TEMP`] and the flags.
pub fn emit_signal_check(buf: &mut CodeBuf, slow: Label) {
    buf.emit(mov_r64_rm64(ABI_TEMP, at(CTX, CTX_SIGNALS)));
    buf.emit(cmp_rm8_imm8(Mem::base(ABI_TEMP), 0));
    buf.jcc_label(Cond::Ne, slow);
}
