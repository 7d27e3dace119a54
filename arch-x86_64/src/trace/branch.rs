//! Compare-and-branch: `_POP_JUMP_NEXT`, the jump a fused instruction (`COMPARE_OP_INT_JUMP`,
//! `TO_BOOL_INT_JUMP`, ...) makes after its comparison or truth test.
//!
//! The bool the branch pops is kept in a register by the uop before it (`Lower::tos_reg`),
//! never stored: the instruction's operands stay in their stack slots until the branch is
//! decided, so a branch that goes the other way than recorded follows the link of the
//! instruction's jump exit in code (`link`), or else hands back at the entry's start, and
//! the uop executor runs the whole instruction again and leaves the trace.

use vm_core::bytecode::code::CodeObject;
use vm_core::bytecode::ops::{Flags, Op, Uop};
use vm_core::exec::ir::{Executor, UopInst};
use vm_core::Value;

use super::numbers::cmp_of;
use super::{Lower, Next};
use crate::enc::{cmp_rm64_r64, mov_r64_imm64, Cond, Reg};

/// The fused jump of `u` (a `_POP_JUMP_NEXT` in `code`): the bool it jumps on, and
/// whether the recording saw it jump. `None` for anything the backend does not lower.
fn fused_jump(code: &CodeObject, u: &UopInst) -> Option<(Value, bool)> {
    let (op, target) = code.instr(u.next as usize)?;
    let jump_on = match op {
        Op::POP_JUMP_IF_FALSE => Value::FALSE,
        Op::POP_JUMP_IF_TRUE => Value::TRUE,
        _ => return None,
    };
    let fall = u.next + 1 + op.cache_units() as u32;
    let jumped = u.expect == target && target != fall;
    (u.expect == target || u.expect == fall).then_some((jump_on, jumped))
}

/// Whether the uop at `pc` leaves its result in a register for the fused branch after it
/// (and lowers its slow path as a hand-back).
pub(super) fn produces_branch_operand(exec: &Executor, pc: usize) -> bool {
    let u = &exec.uops[pc];
    match u.uop {
        Uop::_COMPARE_OP_INT | Uop::_COMPARE_OP_FLOAT => cmp_of(u.oparg).is_some(),
        Uop::_TO_BOOL_BOOL
        | Uop::_TO_BOOL_INT
        | Uop::_TO_BOOL_NONE
        | Uop::_TO_BOOL_LIST
        | Uop::_TO_BOOL_STR => true,
        _ => false,
    }
}

/// Whether `_POP_JUMP_NEXT` at `pc` (in the entry from `entry_start`) can be lowered: a
/// jump the backend knows, first in its entry or after a uop that keeps its operand in a
/// register, with only checks before that.
pub(super) fn can_lower_fused_jump(exec: &Executor, pc: usize, entry_start: usize) -> bool {
    let u = &exec.uops[pc];
    let Some(code) = exec.codes.get(usize::from(u.code)) else {
        return false;
    };
    if fused_jump(&code.code, u).is_none() {
        return false;
    }
    if pc == entry_start {
        return true;
    }
    let producer = pc - 1;
    produces_branch_operand(exec, producer)
        && exec.uops[entry_start..producer]
            .iter()
            .all(|p| p.uop.flags().contains(Flags::CHECK))
}

impl Lower<'_> {
    /// Whether the uop at `pc` feeds the fused branch right after it in its entry.
    pub(super) fn feeds_fused_branch(&self, pc: usize) -> bool {
        self.exec
            .uops
            .get(pc + 1)
            .is_some_and(|n| n.uop == Uop::_POP_JUMP_NEXT && !self.exec.starts_entry(pc + 1))
    }

    /// `_POP_JUMP_NEXT`: pops the bool and goes on when the branch goes the recorded way;
    /// otherwise leaves as `Lower::jump_exit_way` says.
    pub(super) fn lower_fused_jump(&mut self, pc: usize) -> Next {
        let u = &self.exec.uops[pc];
        let Some((jump_on, jumped)) = fused_jump(self.code, u) else {
            // (`can_lower` refused it.)
            self.hand_back(pc);
            return Next::Ends;
        };
        // (Makes stubs only: the flags a comparison left survive it.)
        let other_way = self.jump_exit_way(pc);
        if let Some(cond) = self.tos_cond.take() {
            let jumps = if jump_on == Value::TRUE {
                cond
            } else {
                cond.negate()
            };
            let leaves = if jumped { jumps.negate() } else { jumps };
            self.buf.jcc_label(leaves, other_way);
            self.apply_effect(1, 0);
            return Next::Falls;
        }
        let v = match self.tos_reg.take() {
            Some(r) => r,
            None => {
                self.load(0, Reg::Rax);
                Reg::Rax
            }
        };
        self.buf
            .emit(mov_r64_imm64(Reg::Rcx, jump_on.bits() as i64));
        self.buf.emit(cmp_rm64_r64(v, Reg::Rcx));
        // Equal means the branch jumps.
        self.buf
            .jcc_label(if jumped { Cond::Ne } else { Cond::E }, other_way);
        self.apply_effect(1, 0);
        Next::Falls
    }
}
