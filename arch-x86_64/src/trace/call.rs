//! Uops lowered as calls of their helpers: the stack's length written back, the call, the
//! status tested.

use vm_core::bytecode::ops::{Flags, Uop};
use vm_core::exec::ir::{check, Executor, UopInst, RETURNED};
use vm_core::jit::helpers::{flow_helper, helper_of};
use vm_core::jit::JitError;

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

/// Whether uop `pc`, which changes frames, can be lowered as a call of the flow helper: it
/// has a recorded outcome to check (in a frame: not a return to native code), and the uop
/// after it (in the frame it goes to) begins a tier-1 instruction, whose depth code goes
/// on with: a trace's end counts too (the recursive call a function's entry trace ends
/// at).
pub(super) fn has_flow_helper(exec: &Executor, pc: usize) -> bool {
    let u = &exec.uops[pc];
    let flags = u.uop.flags();
    let Some(next) = exec.uops.get(pc + 1) else {
        return false;
    };
    flags.contains(Flags::FRAME)
        && !flags.intersects(Flags::SPECIAL | Flags::TIER1)
        && u.check & check::FLOW != 0
        && u.expect != RETURNED
        && exec.starts_entry(pc + 1)
        // (A return goes to another frame even at the same offset of the same code: the
        // caller of a recursive call.)
        && ((next.code, next.target) != (u.code, u.target) || u.uop == Uop::_RETURN_VALUE)
        && (next.uop == Uop::_EXIT_TRACE
            || !next
                .uop
                .flags()
                .contains(Flags::SPECIAL.union(Flags::TERMINATOR)))
}

impl Lower<'_> {
    /// Lowers uop `pc`, which changes frames, as a call of the flow helper: the stack's
    /// length written back, the call (the helper checks the new frame is the recorded one,
    /// and the pinned pointers are reloaded for it after the call), and code goes on in the
    /// frame of the next uop.
    pub(super) fn lower_flow(&mut self, pc: usize) -> Result<(), JitError> {
        self.emit_flow_call(pc, self.slots());
        let next = &self.exec.uops[pc + 1];
        let depth = self.enter_frame(next.code, next.target)?;
        self.depth = depth;
        self.helper_calls += 1;
        Ok(())
    }

    /// Emits the flow helper's call for uop `pc` with `slots` frame slots in use: the
    /// stack's length written back, the call, and a branch to a status stub unless it
    /// answers `Next` (the frame is then the recorded one).
    pub(super) fn emit_flow_call(&mut self, pc: usize, slots: u32) {
        self.settle_run_state();
        self.emit_store_len(slots);
        emit_helper_call(&mut self.buf, helper_addr(flow_helper), pc as u32, 0);
        let mut failed = self.stub(Stub::Status { pc });
        if let Some(slot) = self.dynamic_link_slot(pc) {
            failed = self.stub(Stub::DynamicLink {
                slot,
                status: failed,
            });
        }
        emit_status_check(&mut self.buf, failed);
    }

    /// Lowers uop `pc` as a call of its helper, with the operand the uop executor runs it
    /// at (its instruction's offset, and the offset after it).
    pub(super) fn lower_call(&mut self, pc: usize) {
        self.emit_call(pc, self.slots());
        let u = &self.exec.uops[pc];
        self.apply_uop_effect(u.uop, u.oparg);
        self.helper_calls += 1;
    }

    /// Emits the call of uop `pc`'s helper with `slots` frame slots in use: the stack's
    /// length written back, the call, and a branch to a status stub unless it answers
    /// `Next`.
    pub(super) fn emit_call(&mut self, pc: usize, slots: u32) {
        self.settle_run_state();
        let u = &self.exec.uops[pc];
        self.emit_store_len(slots);
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
