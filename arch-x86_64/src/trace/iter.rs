//! `for` over a range, a list or a tuple, list subscripts, appends and `len`, inline.
//!
//! A loop head that finds its iterator exhausted hands back at its dispatch entry: the uop
//! executor runs it again (nothing changed yet), pops the iterator and leaves the trace the
//! way the recording did not go.

use vm_core::bytecode::ops::Uop;
use vm_core::exec::ir::{Executor, SAME_FRAME};
use vm_core::jit::JitError;
use vm_core::layout::{
    tag, ITEMS_CAP, ITEMS_LEN, ITEMS_PTR, ITER_KIND_TUPLE, ITER_TUPLE_INDEX, ITER_TUPLE_SEQ,
    LIST_ITER_INDEX, LIST_ITER_LIST, OBJ_PAYLOAD, RANGE_ITER_NEXT, RANGE_ITER_STEP,
    RANGE_ITER_STOP,
};
use vm_core::Value;

use super::exit::{at, Stub};
use super::objects::emit_ref_slot;
use super::{Lower, Next};
use crate::enc::{
    add_r64_rm64, add_rm64_r64, cmp_r64_rm64, cmp_rm64_imm8, cmp_rm64_r64, cmp_rm8_imm8, inc_rm64,
    mov_r64_imm64, mov_r64_rm64, mov_rm64_imm32, mov_rm64_r64, CodeBuf, Cond, Disp, Imm32, Imm8,
    Index, Label, Mem, Reg, Scale,
};
use crate::lower::{
    emit_box_int_checked, emit_box_int_unchecked, emit_guard_small_int, emit_unbox_int,
};

/// Whether the loop head at `pc` went on into the loop when recorded: the next uop is the
/// loop body's first (otherwise the one after the loop).
pub(super) fn went_on(exec: &Executor, pc: usize) -> bool {
    let u = &exec.uops[pc];
    exec.uops.get(pc + 1).is_some_and(|n| n.target == u.next)
}

/// Whether the loop head at `pc` can be lowered for the way it went when recorded: into
/// the loop for every kind, or out of it for a range or a list (a tuple iterator's
/// exhaustion replaces its state, which code leaves to the uop executor).
pub(super) fn lowerable_head(exec: &Executor, pc: usize) -> bool {
    let u = &exec.uops[pc];
    let left = exec
        .uops
        .get(pc + 1)
        .is_some_and(|n| n.code == u.code && n.target != u.next);
    let keeps_state = matches!(
        u.uop,
        Uop::_FOR_ITER_RANGE_SMALL | Uop::_FOR_ITER_RANGE | Uop::_FOR_ITER_LIST
    );
    went_on(exec, pc) || (left && keeps_state)
}

/// With RCX an iterator's state: RSI = the next item of the list or tuple (`tag`) its
/// 32-bit reference at `seq` names, its index at `index` advanced; a jump to `past_end`
/// past the end. Clobbers RAX and RDX.
fn emit_take_item(buf: &mut CodeBuf, seq: usize, tag: u8, index: usize, past_end: Label) {
    emit_ref_slot(buf, Reg::Rdx, Reg::Rcx, seq, tag, past_end);
    let index = at(Reg::Rcx, index);
    buf.emit(mov_r64_rm64(Reg::Rax, index));
    buf.emit(cmp_r64_rm64(
        Reg::Rax,
        at(Reg::Rdx, OBJ_PAYLOAD + ITEMS_LEN),
    ));
    buf.jcc_label(Cond::Ae, past_end);
    buf.emit(mov_r64_rm64(
        Reg::Rdx,
        at(Reg::Rdx, OBJ_PAYLOAD + ITEMS_PTR),
    ));
    buf.emit(mov_r64_rm64(Reg::Rsi, item(Reg::Rdx, Reg::Rax)));
    buf.emit(inc_rm64(index));
}

/// The item `i` of the items at `items`: `[items + 8 * i]`.
fn item(items: Reg, i: Reg) -> Mem {
    Mem::indexed(
        items,
        Index::new(i).expect("not RSP"),
        Scale::S8,
        Disp::ZERO,
    )
}

/// Whether `_SEND` uop `pc` was recorded staying in its frame and going on (an iterator's
/// next item, not a generator's resume nor the iterator's end).
pub(super) fn sends_on_in_frame(exec: &Executor, pc: usize) -> bool {
    let (Some(u), Some(next)) = (exec.uops.get(pc), exec.uops.get(pc + 1)) else {
        return false;
    };
    u.expect_code == SAME_FRAME
        && u.expect == u.next
        && (next.code, next.target) == (u.code, u.next)
}

impl Lower<'_> {
    /// `_GUARD_ITER_RANGE`, `_GUARD_ITER_LIST`, `_GUARD_NOS_LIST`: leaves through the uop's
    /// exit unless the value `k` places below the top is an object with tag `tag`.
    pub(super) fn lower_guard_tag(&mut self, pc: usize, k: u32, tag: u8) -> Next {
        let exit = self.deopt(pc);
        self.emit_item_object(k, tag, exit);
        Next::Falls
    }

    /// Whether the loop head at `pc` went on into the loop when recorded (rather than
    /// finding its iterator exhausted and leaving the loop).
    pub(super) fn loop_went_on(&self, pc: usize) -> bool {
        went_on(self.exec, pc)
    }

    /// `_FOR_ITER_RANGE_SMALL` or `_FOR_ITER_RANGE` recorded leaving the loop: pops the exhausted range iterator
    /// and goes on after the loop; hands back at the entry when the range has more.
    fn lower_range_exhausted(&mut self, pc: usize) -> Next {
        let more = self.hand_back_entry();
        let exit = self.deopt(pc);
        self.emit_item_object(0, tag::RANGE_ITER, exit);
        self.buf
            .emit(mov_r64_rm64(Reg::Rax, at(Reg::Rcx, RANGE_ITER_NEXT)));
        self.buf
            .emit(mov_r64_rm64(Reg::Rdx, at(Reg::Rcx, RANGE_ITER_STEP)));
        // More when `next < stop` (step > 0) or `next > stop` (step < 0).
        let (down, done) = (self.buf.new_label(), self.buf.new_label());
        let stop = at(Reg::Rcx, RANGE_ITER_STOP);
        self.buf.emit(cmp_rm64_imm8(Reg::Rdx, Imm8::from(0)));
        self.buf.jcc_label(Cond::L, down);
        self.buf.jcc_label(Cond::E, done);
        self.buf.emit(cmp_r64_rm64(Reg::Rax, stop));
        self.buf.jcc_label(Cond::L, more);
        self.buf.jmp_label(done);
        self.buf.bind(down);
        self.buf.emit(cmp_r64_rm64(Reg::Rax, stop));
        self.buf.jcc_label(Cond::G, more);
        self.buf.bind(done);
        self.apply_effect(1, 0);
        Next::Falls
    }

    /// `_FOR_ITER_LIST` recorded leaving the loop: marks the exhausted iterator done (its
    /// index past any length, as the interpreter does), pops it and goes on after the
    /// loop; hands back at the entry when the list has more.
    fn lower_list_exhausted(&mut self, pc: usize) -> Next {
        let more = self.hand_back_entry();
        let exit = self.deopt(pc);
        self.emit_item_object(0, tag::LIST_ITER, exit);
        emit_ref_slot(
            &mut self.buf,
            Reg::Rdx,
            Reg::Rcx,
            LIST_ITER_LIST,
            tag::LIST,
            more,
        );
        let index = at(Reg::Rcx, LIST_ITER_INDEX);
        self.buf.emit(mov_r64_rm64(Reg::Rax, index));
        self.buf.emit(cmp_r64_rm64(
            Reg::Rax,
            at(Reg::Rdx, OBJ_PAYLOAD + ITEMS_LEN),
        ));
        self.buf.jcc_label(Cond::B, more);
        self.buf.emit(mov_rm64_imm32(index, Imm32::from(-1)));
        self.apply_effect(1, 0);
        Next::Falls
    }

    /// `_FOR_ITER_RANGE_SMALL`, `_FOR_ITER_RANGE`: pushes the range's next value (a small
    /// int) and advances it; pops the range and follows the loop's exit link (or hands back
    /// at the entry) when the range is exhausted, and
    /// leaves through the uop's exit (before any effect: tier 1 runs the instruction) when
    /// the next value is no small int or the step would overflow.
    pub(super) fn lower_for_iter_range(&mut self, pc: usize) -> Next {
        if !self.loop_went_on(pc) {
            return self.lower_range_exhausted(pc);
        }
        let exhausted = self.jump_exit_way(pc);
        let exit = self.deopt(pc);
        self.emit_item_object(0, tag::RANGE_ITER, exit);
        let next = at(Reg::Rcx, RANGE_ITER_NEXT);
        self.buf.emit(mov_r64_rm64(Reg::Rax, next));
        self.buf
            .emit(mov_r64_rm64(Reg::Rdx, at(Reg::Rcx, RANGE_ITER_STEP)));
        // Exhausted unless `next < stop` (step > 0) or `next > stop` (step < 0).
        let down = self.buf.new_label();
        let more = self.buf.new_label();
        self.buf.emit(cmp_rm64_imm8(Reg::Rdx, Imm8::from(0)));
        self.buf.jcc_label(Cond::L, down);
        self.buf.jcc_label(Cond::E, exhausted);
        self.buf
            .emit(cmp_r64_rm64(Reg::Rax, at(Reg::Rcx, RANGE_ITER_STOP)));
        self.buf.jcc_label(Cond::Ge, exhausted);
        self.buf.jmp_label(more);
        self.buf.bind(down);
        self.buf
            .emit(cmp_r64_rm64(Reg::Rax, at(Reg::Rcx, RANGE_ITER_STOP)));
        self.buf.jcc_label(Cond::Le, exhausted);
        self.buf.bind(more);
        emit_box_int_checked(&mut self.buf, Reg::Rsi, Reg::Rax, exit);
        // `next + step` (the body saturates; an overflowing step leaves instead).
        self.buf.emit(add_rm64_r64(Reg::Rdx, Reg::Rax));
        self.buf.jcc_label(Cond::O, exit);
        self.buf.emit(mov_rm64_r64(next, Reg::Rdx));
        self.buf
            .emit(mov_rm64_r64(self.slot_at(self.depth), Reg::Rsi));
        self.apply_effect(1, 2);
        Next::Falls
    }

    /// `_FOR_ITER_LIST`: pushes the list's next item and advances the index; when the list
    /// is exhausted, marks the iterator done, pops it and follows the loop's exit link (or
    /// hands back at the entry).
    pub(super) fn lower_for_iter_list(&mut self, pc: usize) -> Next {
        if !self.loop_went_on(pc) {
            return self.lower_list_exhausted(pc);
        }
        let then = self.jump_exit_way(pc);
        let exhausted = self.stub(Stub::ListDone {
            index: LIST_ITER_INDEX,
            then,
        });
        let exit = self.deopt(pc);
        self.emit_item_object(0, tag::LIST_ITER, exit);
        // The list: its slot, from the iterator's 32-bit reference.
        self.emit_next_item(LIST_ITER_LIST, tag::LIST, LIST_ITER_INDEX, exhausted);
        Next::Falls
    }

    /// `_SEND` of `None` to a list iterator (`yield from a_list`), recorded going on in its
    /// frame: the sent `None` becomes the list's next item, as `Vm::send_instr` does; the
    /// flow helper runs the uop for any other receiver or value and at the list's end.
    pub(super) fn lower_send_list(&mut self, pc: usize) -> Result<(), JitError> {
        let (slow, resume) = self.flow_slow_path(pc);
        self.load(0, Reg::Rax);
        self.buf
            .emit(mov_r64_imm64(Reg::Rdx, Value::NONE.bits() as i64));
        self.buf.emit(cmp_rm64_r64(Reg::Rax, Reg::Rdx));
        self.buf.jcc_label(Cond::Ne, slow);
        self.emit_item_object(1, tag::LIST_ITER, slow);
        emit_take_item(
            &mut self.buf,
            LIST_ITER_LIST,
            tag::LIST,
            LIST_ITER_INDEX,
            slow,
        );
        self.store(0, Reg::Rsi);
        self.buf.bind(resume);
        self.enter_recorded_frame(pc)
    }

    /// With RCX an iterator's state: pushes the next item of the list or tuple (`tag`)
    /// its 32-bit reference at `seq` names, and advances its index at `index`; jumps to
    /// `exhausted` past the end. Clobbers RAX, RDX and RSI.
    fn emit_next_item(&mut self, seq: usize, tag: u8, index: usize, exhausted: Label) {
        emit_take_item(&mut self.buf, seq, tag, index, exhausted);
        self.buf
            .emit(mov_rm64_r64(self.slot_at(self.depth), Reg::Rsi));
        self.apply_effect(1, 2);
    }

    /// RCX = the state (`IterObj`) of the tuple iterator on top, or a jump to `exit`.
    /// Clobbers RAX and RDX.
    fn emit_tuple_iter(&mut self, exit: Label) {
        self.emit_item_object(0, tag::ITER, exit);
        self.buf
            .emit(mov_r64_rm64(Reg::Rcx, at(Reg::Rcx, OBJ_PAYLOAD)));
        self.buf
            .emit(cmp_rm8_imm8(Mem::base(Reg::Rcx), ITER_KIND_TUPLE));
        self.buf.jcc_label(Cond::Ne, exit);
    }

    /// `_GUARD_ITER_TUPLE`: leaves through the uop's exit unless the top is an iterator
    /// over a tuple.
    pub(super) fn lower_guard_iter_tuple(&mut self, pc: usize) -> Next {
        let exit = self.deopt(pc);
        self.emit_tuple_iter(exit);
        Next::Falls
    }

    /// `_FOR_ITER_TUPLE`: pushes the tuple's next item and advances the index; when the
    /// tuple is exhausted, pops the iterator and follows the loop's exit link (or hands
    /// back at the entry). (The interpreter then replaces the iterator's state by its done
    /// state; an iterator left at the end of a tuple, which cannot grow, yields nothing
    /// more either.)
    pub(super) fn lower_for_iter_tuple(&mut self, pc: usize) -> Next {
        let exhausted = self.jump_exit_way(pc);
        let exit = self.deopt(pc);
        self.emit_tuple_iter(exit);
        self.emit_next_item(ITER_TUPLE_SEQ, tag::TUPLE, ITER_TUPLE_INDEX, exhausted);
        Next::Falls
    }

    /// Leaves RCX = the items of the list two places below the top and RAX = the index
    /// on top, a small int in range (negative from the end), or jumps to `exit`.
    fn emit_list_item_address(&mut self, exit: Label) {
        self.emit_item_address(tag::LIST, exit);
    }

    /// [`Lower::emit_list_item_address`] for a sequence of object tag `tag` (a list or a
    /// tuple: both keep their items pointer and length at the same offsets).
    fn emit_item_address(&mut self, tag: u8, exit: Label) {
        self.emit_item_object(1, tag, exit);
        self.load(0, Reg::Rax);
        emit_guard_small_int(&mut self.buf, Reg::Rax, Reg::Rdx, exit);
        emit_unbox_int(&mut self.buf, Reg::Rax, Reg::Rax);
        let len = at(Reg::Rcx, OBJ_PAYLOAD + ITEMS_LEN);
        let positive = self.buf.new_label();
        self.buf.emit(cmp_rm64_imm8(Reg::Rax, Imm8::from(0)));
        self.buf.jcc_label(Cond::Ge, positive);
        self.buf.emit(add_r64_rm64(Reg::Rax, len));
        self.buf.bind(positive);
        // Unsigned: a still negative index is above every length.
        self.buf.emit(cmp_r64_rm64(Reg::Rax, len));
        self.buf.jcc_label(Cond::Ae, exit);
        self.buf.emit(mov_r64_rm64(
            Reg::Rcx,
            at(Reg::Rcx, OBJ_PAYLOAD + ITEMS_PTR),
        ));
    }

    /// `_BINARY_SUBSCR_LIST_INT`: `list[i]` for a small int `i` in range (negative from
    /// the end); leaves through the uop's exit otherwise.
    pub(super) fn lower_list_subscript(&mut self, pc: usize) -> Next {
        let exit = self.deopt(pc);
        self.emit_list_item_address(exit);
        self.buf
            .emit(mov_r64_rm64(Reg::Rdx, item(Reg::Rcx, Reg::Rax)));
        self.store(1, Reg::Rdx);
        self.apply_effect(2, 1);
        Next::Falls
    }

    /// `_BINARY_SUBSCR_TUPLE_INT`: `tuple[i]` for a tuple and a small int `i` in range
    /// (negative from the end); leaves through the uop's exit otherwise.
    pub(super) fn lower_tuple_subscript(&mut self, pc: usize) -> Next {
        let exit = self.deopt(pc);
        self.emit_item_address(tag::TUPLE, exit);
        self.buf
            .emit(mov_r64_rm64(Reg::Rdx, item(Reg::Rcx, Reg::Rax)));
        self.store(1, Reg::Rdx);
        self.apply_effect(2, 1);
        Next::Falls
    }

    /// `_STORE_SUBSCR_LIST_INT`: `list[i] = v` for a small int `i` in range (negative
    /// from the end); leaves through the uop's exit otherwise.
    pub(super) fn lower_list_store(&mut self, pc: usize) -> Next {
        let exit = self.deopt(pc);
        self.emit_list_item_address(exit);
        self.load(2, Reg::Rdx);
        self.buf
            .emit(mov_rm64_r64(item(Reg::Rcx, Reg::Rax), Reg::Rdx));
        self.apply_effect(3, 0);
        Next::Falls
    }

    /// `_CALL_LIST_APPEND` (after its guard, a helper call: the callable is `list.append`):
    /// the item goes into the list's spare room and the call's result is `None`; the
    /// helper where the list is full (it grows it, charging the heap) or the receiver is
    /// no list.
    pub(super) fn lower_list_append(&mut self, pc: usize) -> Next {
        let (slow, resume) = self.slow_path(pc);
        // Stack: the callable, the list, the item.
        self.emit_item_object(1, tag::LIST, slow);
        self.emit_push_into_list(slow);
        self.buf
            .emit(mov_r64_imm64(Reg::Rax, Value::NONE.bits() as i64));
        self.store(2, Reg::Rax);
        self.buf.bind(resume);
        self.apply_effect(3, 1);
        Next::Falls
    }

    /// `_GUARD_BOTH_STR`: leaves through the uop's exit unless the top two are strs.
    pub(super) fn lower_guard_both_str(&mut self, pc: usize) -> Next {
        let exit = self.deopt(pc);
        self.emit_item_object(1, tag::STR, exit);
        self.emit_item_object(0, tag::STR, exit);
        Next::Falls
    }

    /// `_LIST_APPEND` (a comprehension's): the item on top goes into the spare room of the
    /// list `depth` places below it; the helper grows a full list.
    pub(super) fn lower_comprehension_append(&mut self, pc: usize, depth: u32) -> Next {
        let (slow, resume) = self.slow_path(pc);
        self.emit_item_object(depth, tag::LIST, slow);
        self.emit_push_into_list(slow);
        self.buf.bind(resume);
        // (Only the item goes: the items under it stay, lazy or not.)
        self.apply_effect(1, 0);
        Next::Falls
    }

    /// With RCX the arena slot of a list: the item on top goes into its spare room, or a
    /// jump to `full`. Clobbers RAX, RDX and RSI.
    fn emit_push_into_list(&mut self, full: Label) {
        self.buf.emit(mov_r64_rm64(
            Reg::Rax,
            at(Reg::Rcx, OBJ_PAYLOAD + ITEMS_LEN),
        ));
        self.buf.emit(cmp_r64_rm64(
            Reg::Rax,
            at(Reg::Rcx, OBJ_PAYLOAD + ITEMS_CAP),
        ));
        self.buf.jcc_label(Cond::Ae, full);
        self.buf.emit(mov_r64_rm64(
            Reg::Rdx,
            at(Reg::Rcx, OBJ_PAYLOAD + ITEMS_PTR),
        ));
        self.load(0, Reg::Rsi);
        self.buf
            .emit(mov_rm64_r64(item(Reg::Rdx, Reg::Rax), Reg::Rsi));
        self.buf
            .emit(inc_rm64(at(Reg::Rcx, OBJ_PAYLOAD + ITEMS_LEN)));
    }

    /// `_CALL_LEN` with one argument (after its guard: the callable is `len`): the length
    /// of a list or tuple as a small int; the helper for anything else.
    pub(super) fn lower_len(&mut self, pc: usize) -> Next {
        let (slow, resume) = self.slow_path(pc);
        let (list, known) = (self.buf.new_label(), self.buf.new_label());
        // A tuple, or else a list: both keep their length at the same offset.
        self.emit_item_object(0, tag::TUPLE, list);
        self.buf.jmp_label(known);
        self.buf.bind(list);
        self.emit_item_object(0, tag::LIST, slow);
        self.buf.bind(known);
        self.buf.emit(mov_r64_rm64(
            Reg::Rax,
            at(Reg::Rcx, OBJ_PAYLOAD + ITEMS_LEN),
        ));
        emit_box_int_unchecked(&mut self.buf, Reg::Rdx, Reg::Rax);
        self.store(2, Reg::Rdx);
        self.buf.bind(resume);
        self.apply_effect(3, 1);
        Next::Falls
    }

    /// `_UNPACK_SEQUENCE_TWO_TUPLE`, `_UNPACK_SEQUENCE_TUPLE`, `_UNPACK_SEQUENCE_LIST`:
    /// replaces the sequence on top by its `n` items, the first on top; leaves through the
    /// uop's exit unless it is of the uop's type and has exactly `n` items.
    pub(super) fn lower_unpack(&mut self, pc: usize, tag: u8, n: u32) -> Next {
        let exit = self.deopt(pc);
        self.emit_item_object(0, tag, exit);
        self.buf.emit(crate::enc::mov_r32_imm32(Reg::Rdx, n));
        self.buf.emit(cmp_r64_rm64(
            Reg::Rdx,
            at(Reg::Rcx, OBJ_PAYLOAD + ITEMS_LEN),
        ));
        self.buf.jcc_label(Cond::Ne, exit);
        self.buf.emit(mov_r64_rm64(
            Reg::Rcx,
            at(Reg::Rcx, OBJ_PAYLOAD + ITEMS_PTR),
        ));
        // Item `k` goes `k` places below the new top: the sequence's slot gets the last.
        let base = self.depth - 1;
        for k in 0..n {
            let from = Mem::base_disp(Reg::Rcx, Disp::new(8 * i64::from(k)).unwrap_or(Disp::ZERO));
            self.buf.emit(mov_r64_rm64(Reg::Rax, from));
            self.buf
                .emit(mov_rm64_r64(self.slot_at(base + n - 1 - k), Reg::Rax));
        }
        self.apply_effect(1, n);
        Next::Falls
    }

    /// Which inline lowering a loop head or subscript uop has.
    pub(super) fn lower_iteration(&mut self, pc: usize, uop: Uop) -> Next {
        match uop {
            Uop::_FOR_ITER_RANGE_SMALL | Uop::_FOR_ITER_RANGE => self.lower_for_iter_range(pc),
            Uop::_FOR_ITER_LIST => self.lower_for_iter_list(pc),
            Uop::_FOR_ITER_TUPLE => self.lower_for_iter_tuple(pc),
            _ => self.lower_list_subscript(pc),
        }
    }
}
