//! `in` and `not in` over a tuple or a list, inline: `_CONTAINS_OP_SEQ` of a small int.
//!
//! Every int that fits a small int is inline and equal small ints have equal bits, so among
//! small ints membership is a compare of bits. The scan stops at the first item that is not
//! a small int (a float or a user object may equal the needle): the helper then runs the
//! whole uop, as it does for any other needle or container.

use vm_core::layout::{tag, ITEMS_LEN, ITEMS_PTR, OBJ_PAYLOAD};
use vm_core::Value;

use super::exit::at;
use super::{Lower, Next};
use crate::enc::{
    add_rm64_imm32, cmp_rm64_r64, dec_rm64, mov_r64_imm64, mov_r64_rm64, test_rm64_r64, Cond,
    Imm32, Mem, Reg,
};
use crate::lower::emit_guard_small_int;

impl Lower<'_> {
    /// `_CONTAINS_OP_SEQ` (`in`; `not in` when the oparg is 1): the needle below the
    /// container on top, replaced by the answer.
    pub(super) fn lower_contains_seq(&mut self, pc: usize) -> Next {
        let invert = self.exec.uops[pc].oparg != 0;
        let (slow, resume) = self.slow_path(pc);
        let buf_labels = (
            self.buf.new_label(),
            self.buf.new_label(),
            self.buf.new_label(),
            self.buf.new_label(),
            self.buf.new_label(),
        );
        let (list, known, scan, found, answer) = buf_labels;
        // RCX = the container's arena slot: a tuple, or else a list (both keep their items
        // pointer and length at the same offsets).
        self.emit_item_object(0, tag::TUPLE, list);
        self.buf.jmp_label(known);
        self.buf.bind(list);
        self.emit_item_object(0, tag::LIST, slow);
        self.buf.bind(known);
        // RSI = the needle, a small int.
        self.load(1, Reg::Rsi);
        let buf = &mut self.buf;
        emit_guard_small_int(buf, Reg::Rsi, Reg::R11, slow);
        // RCX walks the items, RDX counts those left.
        buf.emit(mov_r64_rm64(
            Reg::Rdx,
            at(Reg::Rcx, OBJ_PAYLOAD + ITEMS_LEN),
        ));
        buf.emit(mov_r64_rm64(
            Reg::Rcx,
            at(Reg::Rcx, OBJ_PAYLOAD + ITEMS_PTR),
        ));
        let (yes, no) = if invert {
            (Value::FALSE, Value::TRUE)
        } else {
            (Value::TRUE, Value::FALSE)
        };
        buf.emit(mov_r64_imm64(Reg::Rax, no.bits() as i64));
        buf.bind(scan);
        buf.emit(test_rm64_r64(Reg::Rdx, Reg::Rdx));
        buf.jcc_label(Cond::E, answer);
        buf.emit(mov_r64_rm64(Reg::R8, Mem::base(Reg::Rcx)));
        buf.emit(cmp_rm64_r64(Reg::R8, Reg::Rsi));
        buf.jcc_label(Cond::E, found);
        emit_guard_small_int(buf, Reg::R8, Reg::R11, slow);
        buf.emit(add_rm64_imm32(Reg::Rcx, Imm32::from(8)));
        buf.emit(dec_rm64(Reg::Rdx));
        buf.jmp_label(scan);
        buf.bind(found);
        buf.emit(mov_r64_imm64(Reg::Rax, yes.bits() as i64));
        buf.bind(answer);
        self.store(1, Reg::Rax);
        self.buf.bind(resume);
        self.apply_effect(2, 1);
        Next::Falls
    }
}
