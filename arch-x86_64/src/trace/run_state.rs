//! The run state (the context helpers and the VM read: the running frame's code, caches,
//! base, index and offset), moved to a new frame lazily.
//!
//! Code that pushes or pops a frame record itself (a call, a return, a generator's resume
//! or suspend) writes the run state only when the trace calls a helper in the new frame
//! before it changes frames again (from the registers the frame change leaves, 14
//! instructions). Otherwise it sets the trampoline's stale slot (one store): only a helper
//! call and the ways out of code read the state, and in a recursive function or a generator
//! pipeline most frame changes reach the next one without either. Where the state is read,
//! code writes the current frame's state if the slot is set, and clears it:
//! - before a helper call on the code's own path (after which the state is current);
//! - first thing in every stub that leaves code or calls a helper (a hand-back, a slow path,
//!   the flow helper's run of a frame change, a return to another caller), and in a guard's
//!   exit after it tries its link;
//! - where a start's entry finds the stack's length another and hands back.
//!
//! The slot travels with the run: code that links to another executor's code leaves it as
//! it is, and the trampoline clears it (Rust enters with the state current). The lowering
//! knows where the state cannot be stale (after a helper call, until the next frame change)
//! and leaves the check out there.
//!
//! Every value written follows from the frame alone: its code and caches are the
//! executor's (immediates), its base is where LOCALS points (`(LOCALS - STACK) / 8`) and its
//! index is the innermost record's (the frame list's length less one). The offset written
//! is that of the instruction being run; the VM sets the offset itself before it runs
//! anything there.

use vm_core::bytecode::ops::{Flags, Uop};
use vm_core::exec::ir::Executor;
use vm_core::jit::frames::{
    code_refs, CodeRefs, RUN_BASE, RUN_CACHES, RUN_CODE, RUN_CTX_FI, RUN_FI, RUN_IP, RUN_THIS,
};
use vm_core::jit::helpers::{CTX_FRAME, CTX_FRAMES};
use vm_core::jit::JitError;
use vm_core::layout::ITEMS_LEN;

use super::exit::at;
use super::frames::imm;
use super::Lower;
use crate::abi::{ABI_TEMP, CTX, FRAME_POINTER, LOCALS, STACK, STALE_SLOT};
use crate::enc::{
    cmp_rm8_imm8, dec_rm64, mov_r64_imm64, mov_r64_rm64, mov_rm64_imm32, mov_rm64_r64,
    mov_rm8_imm8, shr_rm64_imm8, sub_rm64_r64, CodeBuf, Cond, Mem, Reg,
};

/// What writing the run state needs to know of a frame, statically: its code's references
/// and the offset to write.
#[derive(Clone, Copy, Debug)]
pub(super) struct RunAt {
    refs: CodeRefs,
    ip: u32,
}

/// The trampoline's stale slot: nonzero while the run state may describe a frame other
/// than the one LOCALS points to.
pub(super) fn stale_slot() -> Mem {
    Mem::base_disp(FRAME_POINTER, STALE_SLOT.into())
}

/// Emits the run state's move to the frame LOCALS points to, the innermost one, when the
/// stale slot is set (19 instructions then, 2 otherwise), and clears the slot. Clobbers
/// RAX, ABI_TEMP and the flags.
pub(super) fn emit_run_state(buf: &mut CodeBuf, run: RunAt) {
    let current = buf.new_label();
    buf.emit(cmp_rm8_imm8(stale_slot(), 0));
    buf.jcc_label(Cond::E, current);
    emit_code_words(buf, &run.refs);
    buf.emit(mov_r64_rm64(ABI_TEMP, LOCALS));
    buf.emit(sub_rm64_r64(ABI_TEMP, STACK));
    buf.emit(shr_rm64_imm8(ABI_TEMP, 3));
    buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_BASE), ABI_TEMP));
    buf.emit(mov_rm64_imm32(at(Reg::Rax, RUN_IP), imm(run.ip)));
    buf.emit(mov_rm64_imm32(at(Reg::Rax, RUN_THIS), imm(run.ip)));
    buf.emit(mov_r64_rm64(ABI_TEMP, at(CTX, CTX_FRAMES)));
    buf.emit(mov_r64_rm64(ABI_TEMP, at(ABI_TEMP, ITEMS_LEN)));
    buf.emit(dec_rm64(ABI_TEMP));
    buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_CTX_FI), ABI_TEMP));
    buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_FI), ABI_TEMP));
    buf.emit(mov_rm8_imm8(stale_slot(), 0));
    buf.bind(current);
}

/// RAX = the run state, and its code and caches `refs`'s. Clobbers ABI_TEMP.
fn emit_code_words(buf: &mut CodeBuf, refs: &CodeRefs) {
    buf.emit(mov_r64_rm64(Reg::Rax, at(CTX, CTX_FRAME)));
    let words = [
        (RUN_CODE, refs.code),
        (RUN_CACHES, refs.caches[0]),
        (RUN_CACHES + 8, refs.caches[1]),
    ];
    for (offset, bits) in words {
        buf.emit(mov_r64_imm64(ABI_TEMP, bits as i64));
        buf.emit(mov_rm64_r64(at(Reg::Rax, offset), ABI_TEMP));
    }
}

/// Emits the run state's move to the frame a frame change just made current, from the
/// registers it leaves: at base `base` and index `fi`, running code `refs` from offset `ip`
/// (13 instructions and the stale slot cleared), when `write`; otherwise the stale slot set.
/// Clobbers RAX and ABI_TEMP.
pub(super) fn emit_frame_moved(
    buf: &mut CodeBuf,
    write: Option<(&CodeRefs, u32)>,
    base: Reg,
    fi: Reg,
) {
    let Some((refs, ip)) = write else {
        buf.emit(mov_rm8_imm8(stale_slot(), 1));
        return;
    };
    emit_code_words(buf, refs);
    buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_BASE), base));
    buf.emit(mov_rm64_imm32(at(Reg::Rax, RUN_IP), imm(ip)));
    buf.emit(mov_rm64_imm32(at(Reg::Rax, RUN_THIS), imm(ip)));
    buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_CTX_FI), fi));
    buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_FI), fi));
    buf.emit(mov_rm8_imm8(stale_slot(), 0));
}

/// Whether the trace calls a helper after uop `pc` (a frame change) before it changes
/// frames again or ends: then the frame change writes the run state at once. (The scan
/// follows the uops in order: a loop's body ends at its back-edge, a terminator.)
pub(super) fn helper_ahead(exec: &Executor, pc: usize) -> bool {
    let end = Flags::TERMINATOR.union(Flags::SPECIAL).union(Flags::FRAME);
    for u in exec.uops.iter().skip(pc + 1) {
        if u.uop.flags().intersects(end) {
            return false;
        }
        if super::uops::calls_helper(u) {
            return true;
        }
    }
    false
}

/// The loop's top of the trace whose body ends at `end`, when code there calls a helper
/// before it changes frames.
pub(super) fn current_top(exec: &Executor, end: usize) -> Option<usize> {
    let jump = exec
        .uops
        .get(1..=end)?
        .iter()
        .find(|u| u.uop == Uop::_JUMP_TO_TOP)?;
    let top = 1 + jump.oparg as usize;
    helper_ahead(exec, top - 1).then_some(top)
}

impl Lower<'_> {
    /// Code has just moved to another frame itself, and the fast path wrote the run state
    /// (`written`) or marked it stale: it may be stale from here unless written. (A slow
    /// path's flow helper leaves it current.)
    pub(super) fn run_state_moved(&mut self, written: bool) -> Result<(), JitError> {
        let refs = code_refs(self.exec, self.frame).ok_or(JitError::Malformed(
            "a frame change to code without references",
        ))?;
        self.run_stale = (!written).then_some(refs);
        Ok(())
    }

    /// What a way out of code taken from here writes before it leaves, when the run state
    /// may be stale.
    pub(super) fn stale_run(&self) -> Option<RunAt> {
        let refs = self.run_stale?;
        let ip = self.exec.uops.get(self.entry_start).map_or(0, |u| u.target);
        Some(RunAt { refs, ip })
    }

    /// The run state of start `pc`'s frame, for code entered there.
    pub(super) fn run_at_start(&self, pc: usize) -> Option<RunAt> {
        let u = self.exec.uops.get(pc)?;
        let refs = code_refs(self.exec, u.code)?;
        Some(RunAt { refs, ip: u.target })
    }

    /// Makes the run state current where it may be stale (before a helper call on code's
    /// own path): current from here. Clobbers RAX, ABI_TEMP and the flags.
    pub(super) fn settle_run_state(&mut self) {
        if let Some(run) = self.stale_run() {
            emit_run_state(&mut self.buf, run);
            self.run_stale = None;
        }
    }
}
