//! Uops lowered as calls of their helpers: the stack's length written back, the call, the
//! status tested.

use vm_core::bytecode::ops::Flags;
use vm_core::exec::ir::{check, UopInst};
use vm_core::jit::helpers::helper_of;

use super::exit::Stub;
use super::Lower;
use crate::abi::{emit_helper_call, emit_status_check, helper_addr};

/// Whether `u` can be lowered as a call of its helper: a uop the uop executor runs through
/// its body, with no outcome to check (it neither jumps nor changes frames).
pub(super) fn has_helper(u: &UopInst) -> bool {
    let flags = u.uop.flags();
    !flags.intersects(Flags::SPECIAL | Flags::FRAME | Flags::JUMP | Flags::TIER1)
        && u.check & (check::FLOW | check::SPECIAL) == 0
}

impl Lower<'_> {
    /// Lowers uop `pc` as a call of its helper, with the operand the uop executor runs it
    /// at (its instruction's offset, and the offset after it).
    pub(super) fn lower_call(&mut self, pc: usize) {
        self.emit_call(pc);
        let u = &self.exec.uops[pc];
        self.apply_uop_effect(u.uop, u.oparg);
        self.helper_calls += 1;
    }

    /// Emits the call of uop `pc`'s helper with the stack as deep as the tracked depth:
    /// the length written back, the call, and a branch to a status stub unless it answers
    /// `Next`.
    pub(super) fn emit_call(&mut self, pc: usize) {
        let u = &self.exec.uops[pc];
        self.emit_store_len(self.depth);
        let operand = u64::from(u.target) | u64::from(u.next) << 32;
        emit_helper_call(
            &mut self.buf,
            helper_addr(helper_of(u.uop)),
            u.oparg,
            operand,
        );
        let failed = self.stub(Stub::Status { pc });
        emit_status_check(&mut self.buf, failed);
    }
}
