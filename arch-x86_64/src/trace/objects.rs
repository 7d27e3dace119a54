//! Objects inline: from a value to its arena slot, and the type tests on the slot's tag.
//!
//! Every value on the stack that carries the object tag refers to a live slot of the arena
//! (the collector frees only unreachable slots, and the stack is a root), so code reads the
//! slot without a bounds check.

use vm_core::layout::{OBJ_SIZE, OBJ_TAG, VALUE_TAG_OBJ};

use super::exit::at;
use crate::abi::ARENA;
use crate::enc::{
    add_rm64_r64, cmp_rm64_imm32, cmp_rm8_imm8, imul_r64_rm64_imm8, mov_r32_rm32, mov_rm64_r64,
    shr_rm64_imm8, CodeBuf, Cond, Imm32, Imm8, Label, Reg,
};

/// `dst` = the address of the arena slot of `v`, when `v` is an object whose tag byte is
/// `tag`; otherwise a jump to `fail`. `v` is left alone (it may be `dst` only if the caller
/// does not need it); `tmp` is clobbered.
pub(super) fn emit_object_of(buf: &mut CodeBuf, dst: Reg, v: Reg, tmp: Reg, tag: u8, fail: Label) {
    buf.emit(mov_rm64_r64(tmp, v));
    buf.emit(shr_rm64_imm8(tmp, 48));
    buf.emit(cmp_rm64_imm32(tmp, Imm32::from(VALUE_TAG_OBJ as i32)));
    buf.jcc_label(Cond::Ne, fail);
    // The payload is the slot's index: its low 32 bits, zero-extended by the 32-bit move.
    buf.emit(mov_r32_rm32(dst, v));
    buf.emit(imul_r64_rm64_imm8(dst, dst, Imm8::from(OBJ_SIZE as i8)));
    buf.emit(add_rm64_r64(dst, ARENA));
    buf.emit(cmp_rm8_imm8(at(dst, OBJ_TAG), tag));
    buf.jcc_label(Cond::Ne, fail);
}

/// Jumps to `fail` unless the 32-bit reference at `[record + offset]` names an arena slot
/// tagged `tag`; `dst` = that slot's address.
pub(super) fn emit_ref_slot(
    buf: &mut CodeBuf,
    dst: Reg,
    record: Reg,
    offset: usize,
    tag: u8,
    fail: Label,
) {
    buf.emit(mov_r32_rm32(dst, at(record, offset)));
    emit_slot_of_ref(buf, dst, tag, fail);
}

/// Jumps to `fail` unless the 32-bit reference in `r` names an arena slot tagged `tag`;
/// `r` = that slot's address.
pub(super) fn emit_slot_of_ref(buf: &mut CodeBuf, r: Reg, tag: u8, fail: Label) {
    buf.emit(imul_r64_rm64_imm8(r, r, Imm8::from(OBJ_SIZE as i8)));
    buf.emit(add_rm64_r64(r, ARENA));
    buf.emit(cmp_rm8_imm8(at(r, OBJ_TAG), tag));
    buf.jcc_label(Cond::Ne, fail);
}

impl super::Lower<'_> {
    /// RCX = the arena slot of the object in frame slot `slot` (a local, a cell or a free
    /// variable), when it is an object tagged `tag`; otherwise a jump to `fail`. Clobbers
    /// RAX and RDX.
    pub(super) fn emit_frame_object(&mut self, slot: u32, tag: u8, fail: Label) {
        self.buf
            .emit(crate::enc::mov_r64_rm64(Reg::Rax, self.frame_slot(slot)));
        emit_object_of(&mut self.buf, Reg::Rcx, Reg::Rax, Reg::Rdx, tag, fail);
    }

    /// RCX = the arena slot of the stack item `k` places below the top (from memory or
    /// from what its lazy slot stands for), when it is an object tagged `tag`; otherwise a
    /// jump to `fail`. Clobbers RAX and RDX.
    pub(super) fn emit_item_object(&mut self, k: u32, tag: u8, fail: Label) {
        self.load(k, Reg::Rax);
        emit_object_of(&mut self.buf, Reg::Rcx, Reg::Rax, Reg::Rdx, tag, fail);
    }
}

// An arena slot's size must fit the `imul`'s 8-bit immediate.
const _: () = assert!(OBJ_SIZE <= i8::MAX as usize);
