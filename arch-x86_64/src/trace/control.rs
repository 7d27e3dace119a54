//! Trace control: safe points, validity checks, branch guards, the loop's back-edge and the
//! trace's end.

use vm_core::bytecode::ops::Uop;
use vm_core::jit::helpers::CTX_GC;
use vm_core::layout::{GC_ALLOCATED, GC_NEXT};
use vm_core::Value;

use super::exit::at;
use super::{Lower, Next};
use crate::abi::{emit_signal_check, ABI_TEMP, CTX};
use crate::enc::{
    cmp_r64_rm64, cmp_rm64_r64, cmp_rm8_imm8, mov_r64_imm64, mov_r64_rm64, mov_rm8_imm8, Cond, Mem,
    Reg,
};

impl Lower<'_> {
    /// `_CHECK_PERIODIC`: hands back (the uop executor does the work) when an interrupt, a
    /// termination or a collection is due, as `Vm::periodic_due` decides.
    pub(super) fn lower_safe_point(&mut self, pc: usize) -> Next {
        let due = self.stub(super::exit::Stub::HandBack {
            pc,
            slots: self.slots(),
            pending: self.pending(),
        });
        emit_signal_check(&mut self.buf, due);
        self.buf.emit(mov_r64_rm64(ABI_TEMP, at(CTX, CTX_GC)));
        self.buf
            .emit(mov_r64_rm64(Reg::Rax, at(ABI_TEMP, GC_ALLOCATED)));
        self.buf.emit(cmp_r64_rm64(Reg::Rax, at(ABI_TEMP, GC_NEXT)));
        self.buf.jcc_label(Cond::Ae, due);
        Next::Falls
    }

    /// `_CHECK_VALIDITY`: leaves through the uop's exit once the executor is invalidated
    /// (its `valid` cell, read in place: the executor outlives its code).
    pub(super) fn lower_validity(&mut self, pc: usize) -> Next {
        let exit = self.deopt(pc);
        let valid = self.exec.valid.as_ptr() as usize as i64;
        self.buf.emit(mov_r64_imm64(Reg::Rax, valid));
        self.buf.emit(cmp_rm8_imm8(Mem::base(Reg::Rax), 0));
        self.buf.jcc_label(Cond::E, exit);
        Next::Falls
    }

    /// `_GUARD_IS_TRUE_POP` and its kin: pops the top and goes on when it is the value the
    /// recording saw; otherwise the branch went the other way, and code pops the value and
    /// follows the guard's exit link itself when it may (a data-dependent `if` takes it as
    /// often as the recorded way), or hands back at the guard, which the uop executor runs
    /// again and leaves through its exit.
    pub(super) fn lower_branch_guard(&mut self, pc: usize, uop: Uop) -> Next {
        let back = self.stub(super::exit::Stub::HandBack {
            pc,
            slots: self.slots(),
            pending: self.pending(),
        });
        let other_way = self.branch_guard_link(pc, back);
        self.stress_jump(back);
        let (value, stay_if_equal) = match uop {
            Uop::_GUARD_IS_TRUE_POP => (Value::TRUE, true),
            Uop::_GUARD_IS_FALSE_POP => (Value::FALSE, true),
            Uop::_GUARD_IS_NONE_POP => (Value::NONE, true),
            _ => (Value::NONE, false),
        };
        self.load(0, Reg::Rax);
        self.buf.emit(mov_r64_imm64(Reg::Rcx, value.bits() as i64));
        self.buf.emit(cmp_rm64_r64(Reg::Rax, Reg::Rcx));
        let leave_if = if stay_if_equal { Cond::Ne } else { Cond::E };
        self.buf.jcc_label(leave_if, other_way);
        self.apply_effect(1, 0);
        Next::Falls
    }

    /// `_JUMP_TO_TOP`: marks the loop as gone round and jumps to its top, where the code
    /// was built for the same depth; hands back when the top has no code.
    pub(super) fn lower_jump_to_top(&mut self, pc: usize, oparg: u32) -> Next {
        let top = 1 + oparg as usize;
        let same_frame = self
            .exec
            .uops
            .get(top)
            .is_some_and(|t| t.code == self.frame);
        if top > pc
            || !same_frame
            || self.bound_depth.get(top).copied().flatten() != Some(self.depth)
        {
            self.hand_back(pc);
            return Next::Ends;
        }
        // The top was built with every slot in memory (and the run state current, where
        // code there calls a helper first).
        if self.current_top == Some(top) {
            self.settle_run_state();
        }
        self.flush();
        self.emit_mark_looped();
        // A loop running in code keeps its executor warm, as the uop executor's back-edge
        // does (the sweeper frees executors not used between two collections, and a
        // collection may come while the loop runs).
        let warm = &self.exec.warm as *const core::cell::Cell<bool>;
        self.buf.emit(mov_r64_imm64(ABI_TEMP, warm as i64));
        self.buf.emit(mov_rm8_imm8(Mem::base(ABI_TEMP), 1));
        self.buf.jmp_label(self.labels[top]);
        Next::Ends
    }
}
