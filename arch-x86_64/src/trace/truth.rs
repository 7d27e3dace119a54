//! Bools inline: `_TO_BOOL_*` on bools, small ints, `None`, lists and strs, `not`, and `is`.

use vm_core::bytecode::ops::Uop;
use vm_core::jit::helpers::str_truth;
use vm_core::layout::{tag, ITEMS_LEN, OBJ_PAYLOAD};

use super::exit::at;
use super::{Lower, Next};
use crate::abi::INT_TAG;
use crate::enc::{
    call_rm64, cmovcc_r64_rm64, cmp_rm64_imm8, cmp_rm64_r64, lea_r64_m, mov_r64_imm64,
    mov_rm64_r64, test_rm32_r32, CodeBuf, Cond, Disp, Imm8, Mem, Reg,
};
use crate::lower::{emit_guard_small_int, FALSE_BITS, NONE_BITS, TRUE_BITS};

/// `dst` = `True` when `cond` holds after the compare just made, `False` otherwise
/// (`mov`, `lea`, `cmov`: the flags are read once). `dst` and `tmp` must not be what the
/// compare read.
fn emit_bool_if(buf: &mut CodeBuf, cond: Cond, dst: Reg, tmp: Reg) {
    buf.emit(mov_r64_imm64(dst, FALSE_BITS as i64));
    buf.emit(lea_r64_m(tmp, Mem::base_disp(dst, Disp::from(1))));
    buf.emit(cmovcc_r64_rm64(cond, dst, tmp));
}

impl Lower<'_> {
    /// `_TO_BOOL_BOOL`, `_TO_BOOL_INT`, `_TO_BOOL_NONE`, `_TO_BOOL_LIST`, `_TO_BOOL_STR`:
    /// the truth of the top, or the uop's exit when it is not of the type the uop is for.
    pub(super) fn lower_to_bool(&mut self, pc: usize, uop: Uop) -> Next {
        let exit = self.deopt(pc);
        self.load(0, Reg::Rax);
        // The truth is `True` exactly when this condition holds on the flags (`None`:
        // `False` for `None`).
        let truth = match uop {
            Uop::_TO_BOOL_BOOL => {
                // `v - False` is 0 or 1 exactly for the bools.
                self.buf.emit(mov_r64_imm64(Reg::Rcx, -(FALSE_BITS as i64)));
                self.buf.emit(crate::enc::add_rm64_r64(Reg::Rcx, Reg::Rax));
                self.buf.emit(cmp_rm64_imm8(Reg::Rcx, Imm8::from(1)));
                self.buf.jcc_label(Cond::A, exit);
                return Next::Falls;
            }
            Uop::_TO_BOOL_INT => {
                emit_guard_small_int(&mut self.buf, Reg::Rax, Reg::Rcx, exit);
                // The small-int zero is the bare tag.
                self.buf.emit(cmp_rm64_r64(Reg::Rax, INT_TAG));
                Some(Cond::Ne)
            }
            Uop::_TO_BOOL_LIST => {
                self.emit_item_object(0, tag::LIST, exit);
                self.buf.emit(cmp_rm64_imm8(
                    at(Reg::Rcx, OBJ_PAYLOAD + ITEMS_LEN),
                    Imm8::from(0),
                ));
                Some(Cond::Ne)
            }
            Uop::_TO_BOOL_STR => {
                self.emit_item_object(0, tag::STR, exit);
                // The call clobbers every XMM register: the values in registers go to
                // memory first (the exit above still takes them from their registers).
                self.spill_regs_below(self.depth);
                self.buf.emit(mov_rm64_r64(Reg::Rdi, Reg::Rcx));
                self.buf.emit(mov_r64_imm64(
                    Reg::R11,
                    str_truth as *const () as usize as i64,
                ));
                self.buf.emit(call_rm64(Reg::R11));
                self.buf.emit(test_rm32_r32(Reg::Rax, Reg::Rax));
                Some(Cond::Ne)
            }
            _ => {
                self.buf.emit(mov_r64_imm64(Reg::Rcx, NONE_BITS as i64));
                self.buf.emit(cmp_rm64_r64(Reg::Rax, Reg::Rcx));
                self.buf.jcc_label(Cond::Ne, exit);
                None
            }
        };
        let fused = self.feeds_fused_branch(pc);
        match truth {
            // The truth goes to the branch in the flags; the value stays for a hand-back.
            Some(cond) if fused => self.tos_cond = Some(cond),
            Some(cond) => emit_bool_if(&mut self.buf, cond, Reg::Rdx, Reg::Rcx),
            None => self.buf.emit(mov_r64_imm64(Reg::Rdx, FALSE_BITS as i64)),
        }
        if fused {
            if truth.is_none() {
                self.tos_reg = Some(Reg::Rdx);
            }
        } else {
            self.store(0, Reg::Rdx);
        }
        Next::Falls
    }

    /// `_UNARY_NOT`: `False` for `True`, `True` for anything else (its operand is a bool).
    pub(super) fn lower_not(&mut self) -> Next {
        self.load(0, Reg::Rax);
        self.buf.emit(mov_r64_imm64(Reg::Rcx, TRUE_BITS as i64));
        self.buf.emit(cmp_rm64_r64(Reg::Rax, Reg::Rcx));
        emit_bool_if(&mut self.buf, Cond::Ne, Reg::Rdx, Reg::Rcx);
        self.store(0, Reg::Rdx);
        Next::Falls
    }

    /// `_IS_OP`: identity is equality of the values' bits (`is not` with oparg 1).
    pub(super) fn lower_is(&mut self, negate: bool) -> Next {
        self.load(1, Reg::Rax);
        self.load(0, Reg::Rcx);
        self.buf.emit(cmp_rm64_r64(Reg::Rax, Reg::Rcx));
        let cond = if negate { Cond::Ne } else { Cond::E };
        emit_bool_if(&mut self.buf, cond, Reg::Rdx, Reg::Rsi);
        self.store(1, Reg::Rdx);
        self.apply_effect(2, 1);
        Next::Falls
    }
}
