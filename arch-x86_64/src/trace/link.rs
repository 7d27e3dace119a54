//! Linked exits: code that leaves the trace where the uop executor would follow a link to
//! another executor (the trace's end, a fused branch going the other way than recorded, a
//! failed guard) follows it itself, through the exit stub's link slot (`vm_core::jit::link`): it writes
//! back the frame as for a hand-back, switches the run to the slot's executor and jumps to
//! that executor's code. A slot that is not current sends the code to the hand-back it
//! would have taken anyway; the uop executor then follows the link and fills the slot.
//!
//! Only exits a run reaches after completing its first instruction follow links in code,
//! as the uop executor counts progress: a cycle of links then always completes
//! instructions, and its traces' safe points see interrupts.

use vm_core::bytecode::ops::Uop;
use vm_core::exec::ir::check;
use vm_core::jit::frames::{
    RUN_BASE, RUN_CACHES, RUN_CODE, RUN_CTX_FI, RUN_FI, RUN_FIRST_LEN, RUN_IP, RUN_THIS,
};
use vm_core::jit::helpers::{HelperStatus, CTX_EXEC, CTX_FRAME, CTX_LINK_EPOCH};
use vm_core::jit::link::{
    DYNAMIC_WAYS, LINK_CACHES, LINK_CODE, LINK_CODE_REF, LINK_EPOCH, LINK_EXEC, LINK_FRAME_CODE,
    LINK_FRAME_IP, LINK_SLOT_SIZE, LINK_WARM,
};
use vm_core::layout::{FRAME_BASE, FRAME_CODE, FRAME_IP};

use super::exit::{at, Stub};
use super::frames::{emit_frame_records, record, slot_of};
use super::run_state::stale_slot;
use super::{Lower, Next};
use crate::abi::{ABI_TEMP, CTX, LOCALS, STACK, STATUS};
use crate::enc::{
    add_rm64_imm32, cmp_r64_rm64, cmp_rm32_r32, jmp_rm64, lea_r64_m, mov_r32_imm32, mov_r32_rm32,
    mov_r64_imm64, mov_r64_rm64, mov_rm64_imm32, mov_rm64_r64, mov_rm8_imm8, CodeBuf, Cond, Imm32,
    Label, Mem, Reg,
};

impl Lower<'_> {
    /// `_EXIT_TRACE` at `pc`, the trace's end: follows its link in code when it may, else
    /// hands back there (the uop executor follows the link, or leaves).
    pub(super) fn lower_exit_trace(&mut self, pc: usize) -> Next {
        let back = self.stub(Stub::HandBack {
            pc,
            slots: self.slots(),
            pending: self.pending(),
        });
        let to = match self.link_slot(pc, pc) {
            Some(slot) => {
                self.links.note_from_slots(pc, self.slots());
                self.stub(Stub::Link {
                    slot,
                    slots: self.slots(),
                    pending: self.pending(),
                    otherwise: back,
                    looped_only: false,
                })
            }
            None => back,
        };
        self.buf.jmp_label(to);
        Next::Ends
    }

    /// The way out of branch guard `pc` going the other way than recorded: its exit's link,
    /// followed in code with the guard's value popped (the instruction is complete), when
    /// it may be; `back` (the hand-back at the guard) otherwise and when the slot is not
    /// current.
    pub(super) fn branch_guard_link(&mut self, pc: usize, back: Label) -> Label {
        let stub = usize::from(self.exec.uops[pc].exit);
        match self.link_slot(pc, stub) {
            Some(slot) => self.link_after_pop(stub, slot, back, false),
            None => back,
        }
    }

    /// The way out of loop head `pc` (a whole `FOR_ITER` instruction) finding its iterator
    /// exhausted, or of a whole instruction's fused jump going the other way than recorded:
    /// the link of the instruction's jump exit, with the iterator (or bool) popped (the
    /// instruction is complete), or the hand-back at the entry's start. At the run's first
    /// instruction the link is followed only once the loop went round (before, a run that
    /// leaves there made no progress, and the uop executor decides).
    pub(super) fn jump_exit_way(&mut self, pc: usize) -> Label {
        let back = self.hand_back_entry();
        let start = &self.exec.uops[self.entry_start];
        let stub = usize::from(start.jump_exit);
        let first = usize::from(self.exec.first_len);
        if start.check & check::WHOLE == 0
            || stub != usize::from(self.exec.uops[pc].jump_exit)
            || first == 0
            || self.exec.uops.get(stub).map(|s| s.uop) != Some(Uop::_EXIT_TRACE)
        {
            return back;
        }
        match self.links.address(stub) {
            Some(slot) => self.link_after_pop(stub, slot, back, self.entry_start <= first),
            None => back,
        }
    }

    /// The stub that follows exit stub `stub`'s link slot at `slot` with the top popped
    /// (`back` when the slot is not current; see `Stub::Link` for `looped_only`).
    fn link_after_pop(
        &mut self,
        stub: usize,
        slot: usize,
        back: Label,
        looped_only: bool,
    ) -> Label {
        let after = self.slots() - 1;
        self.links.note_from_slots(stub, after);
        let pending = self
            .pending()
            .into_iter()
            .filter(|&(slot, _)| slot < after)
            .collect();
        self.stub(Stub::Link {
            slot,
            slots: after,
            pending,
            otherwise: back,
            looped_only,
        })
    }

    /// The link slot of guard `pc`'s exit, when code that fails the guard follows the
    /// exit's link itself: the exit goes back to the guard's instruction, which the next
    /// executor starts at.
    pub(super) fn guard_link(&self, pc: usize) -> Option<usize> {
        let u = &self.exec.uops[pc];
        let stub = usize::from(u.exit);
        if self.exec.uops.get(stub)?.target != u.target {
            return None;
        }
        self.link_slot(pc, stub)
    }

    /// The address of the link slot of uop `pc`'s dynamic exit (the frame change elsewhere
    /// than recorded), when code may follow it itself: the frame change completes the
    /// uop's instruction, so the run has made progress once `pc` is the first
    /// instruction's last uop or later (`Vm::link_dynamic_in_code` has the same rule).
    pub(super) fn dynamic_link_slot(&self, pc: usize) -> Option<usize> {
        let first = usize::from(self.exec.first_len);
        let stub = usize::from(self.exec.uops.get(pc)?.jump_exit);
        if first == 0 || pc < first || self.exec.uops.get(stub)?.uop != Uop::_DYNAMIC_EXIT {
            return None;
        }
        self.links.address(stub)
    }

    /// The address of exit stub `stub`'s link slot, when code that leaves through it at
    /// uop `from` may follow the link itself (`from` lies past the first instruction).
    fn link_slot(&self, from: usize, stub: usize) -> Option<usize> {
        let first = usize::from(self.exec.first_len);
        if first == 0 || from <= first || self.exec.uops.get(stub)?.uop != Uop::_EXIT_TRACE {
            return None;
        }
        self.links.address(stub)
    }
}

/// Emits the link through the slot at `slot`: when the slot is current, moves the run to
/// its executor (the helper context's executor, the run state's caches, the run counted
/// as progressed, the executor marked warm) and jumps to its code; otherwise jumps to
/// `otherwise`. The frame must be written back (the run state may be stale: the stale slot
/// says so to the code linked to). Clobbers RAX, RCX, ABI_TEMP and the flags.
pub(super) fn emit_link(buf: &mut CodeBuf, slot: usize, otherwise: Label) {
    emit_current_slot(buf, slot, otherwise);
    emit_take_link(buf);
}

/// ABI_TEMP = the slot at `slot`, or a jump to `fail` when it is not current (its epoch is
/// not the VM's link epoch). Clobbers RAX.
fn emit_current_slot(buf: &mut CodeBuf, slot: usize, fail: Label) {
    buf.emit(mov_r64_imm64(ABI_TEMP, slot as i64));
    buf.emit(mov_r64_rm64(Reg::Rax, at(CTX, CTX_LINK_EPOCH)));
    buf.emit(mov_r64_rm64(Reg::Rax, Mem::base(Reg::Rax)));
    buf.emit(cmp_r64_rm64(Reg::Rax, at(ABI_TEMP, LINK_EPOCH)));
    buf.jcc_label(Cond::Ne, fail);
}

/// Follows the current slot ABI_TEMP points to, as [`emit_link`] describes. Clobbers RAX
/// and RCX.
pub(super) fn emit_take_link(buf: &mut CodeBuf) {
    let s = |offset| at(ABI_TEMP, offset);
    // (A start clears the loop mark too; a linked entry past its checks does not.)
    buf.emit(mov_rm64_imm32(super::exit::loop_mark(), Imm32::from(0)));
    buf.emit(mov_r64_rm64(Reg::Rax, at(CTX, CTX_FRAME)));
    for word in [0, 8] {
        buf.emit(mov_r64_rm64(Reg::Rcx, s(LINK_CACHES + word)));
        buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_CACHES + word), Reg::Rcx));
    }
    buf.emit(mov_rm64_imm32(at(Reg::Rax, RUN_FIRST_LEN), Imm32::from(0)));
    buf.emit(mov_r64_rm64(Reg::Rax, s(LINK_EXEC)));
    buf.emit(mov_rm64_r64(at(CTX, CTX_EXEC), Reg::Rax));
    buf.emit(mov_r64_rm64(Reg::Rax, s(LINK_WARM)));
    buf.emit(mov_rm8_imm8(Mem::base(Reg::Rax), 1));
    buf.emit(jmp_rm64(s(LINK_CODE)));
}

/// Emits the dynamic link through the slot at `slot`, after the flow helper answered (its
/// status in STATUS): when it answered `Linked`, follows the link as
/// [`emit_follow_dynamic`] does, or goes to `status` with STATUS `Left` when the link
/// does not apply; after any other answer, goes to `status` with STATUS as the helper
/// left it. Clobbers RAX, RCX, RDX, RSI, R8, R9, R10 and ABI_TEMP.
pub(super) fn emit_dynamic_link(buf: &mut CodeBuf, slot: usize, status: Label) {
    let left = buf.new_label();
    buf.emit(mov_r32_imm32(Reg::R8, HelperStatus::Linked as u32));
    buf.emit(cmp_rm32_r32(STATUS, Reg::R8));
    buf.jcc_label(Cond::Ne, status);
    emit_follow_dynamic(buf, slot, left);
    buf.bind(left);
    buf.emit(mov_r32_imm32(STATUS, HelperStatus::Left as u32));
    buf.jmp_label(status);
}

/// What code looks for among a dynamic exit's ways: the way's frame code (in `code`) and
/// one more word of the way (at `field`, in `word`); `epoch` is the register to load the
/// link epoch into.
pub(super) struct WayKey {
    pub(super) epoch: Reg,
    pub(super) code: Reg,
    pub(super) word: Reg,
    pub(super) field: usize,
}

/// ABI_TEMP = the first way of the dynamic exit's slot at `slot` that is current and
/// matches `key`, or a jump to `fail`.
pub(super) fn emit_match_way(buf: &mut CodeBuf, slot: usize, key: WayKey, fail: Label) {
    let s = |offset| at(ABI_TEMP, offset);
    buf.emit(mov_r64_rm64(key.epoch, at(CTX, CTX_LINK_EPOCH)));
    buf.emit(mov_r64_rm64(key.epoch, Mem::base(key.epoch)));
    let found = buf.new_label();
    for way in 0..DYNAMIC_WAYS {
        let miss = buf.new_label();
        buf.emit(mov_r64_imm64(
            ABI_TEMP,
            (slot + way * LINK_SLOT_SIZE) as i64,
        ));
        buf.emit(cmp_r64_rm64(key.epoch, s(LINK_EPOCH)));
        buf.jcc_label(Cond::Ne, miss);
        buf.emit(cmp_r64_rm64(key.code, s(LINK_FRAME_CODE)));
        buf.jcc_label(Cond::Ne, miss);
        buf.emit(cmp_r64_rm64(key.word, s(key.field)));
        buf.jcc_label(Cond::E, found);
        buf.bind(miss);
    }
    buf.jmp_label(fail);
    buf.bind(found);
}

/// Emits the link through a dynamic exit's slot at `slot`, after a frame change elsewhere
/// than recorded (the frames and the value stack exact): when one of the slot's ways is
/// current and the innermost frame runs the way's code at the way's offset, moves the run
/// state and LOCALS to that frame and follows the way as [`emit_link`] does; otherwise
/// jumps to `fail`. Clobbers RAX, RCX, RDX, RSI, R9, R10 and ABI_TEMP.
pub(super) fn emit_follow_dynamic(buf: &mut CodeBuf, slot: usize, fail: Label) {
    emit_frame_records(buf);
    let s = |offset| at(ABI_TEMP, offset);
    buf.emit(mov_r64_rm64(Reg::Rax, record(Reg::R10, 1, FRAME_CODE)));
    buf.emit(mov_r32_rm32(Reg::Rcx, record(Reg::R10, 1, FRAME_IP)));
    let key = WayKey {
        epoch: Reg::R9,
        code: Reg::Rax,
        word: Reg::Rcx,
        field: LINK_FRAME_IP,
    };
    emit_match_way(buf, slot, key, fail);
    // The run state: the innermost frame, at the way's offset.
    buf.emit(mov_r64_rm64(Reg::Rax, at(CTX, CTX_FRAME)));
    buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_IP), Reg::Rcx));
    buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_THIS), Reg::Rcx));
    buf.emit(mov_r64_rm64(Reg::Rcx, s(LINK_CODE_REF)));
    buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_CODE), Reg::Rcx));
    buf.emit(mov_r32_rm32(Reg::R9, record(Reg::R10, 1, FRAME_BASE)));
    buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_BASE), Reg::R9));
    buf.emit(add_rm64_imm32(Reg::Rsi, Imm32::from(-1)));
    buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_CTX_FI), Reg::Rsi));
    buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_FI), Reg::Rsi));
    buf.emit(lea_r64_m(LOCALS, slot_of(STACK, Reg::R9)));
    buf.emit(mov_rm8_imm8(stale_slot(), 0));
    emit_take_link(buf);
}
