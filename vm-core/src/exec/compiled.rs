//! Running an executor's machine code from the uop executor: entering it at a start and
//! going on after it as the uop executor would (`run_compiled`), and the flow helper's side,
//! a uop that changes frames run for machine code (`run_flow_uop`).

use super::ir::Executor;
use super::run::{entry_at, Ran, Run};
use crate::jit::helpers::HelperStatus;
use crate::jit::{LOOPED, STATUS_MASK, STATUS_SHIFT};
use crate::vm::Vm;

/// How machine code's run of an executor ended at a uop that changes frames, and whether
/// the run made progress (see [`Vm::run_flow_uop`]).
pub(crate) struct Left(Ran, bool);

impl Vm {
    /// Runs the executor's machine code from uop `pc` when it has code starting there and is
    /// still valid. `Ok`: the dispatch entry the uop executor goes on at; `Err`: how the run
    /// ended when a uop in the code left the trace (see [`crate::jit::CodeResult`]). (Out of
    /// line: the hot loop stays as it is without code.)
    #[inline(never)]
    pub(super) fn run_compiled<'e>(
        &mut self,
        e: &'e Executor,
        pc: usize,
        t: &mut Run<'e>,
        progress: &mut bool,
    ) -> Option<Result<usize, Ran>> {
        // (A clone: should the run free cold code, this run's block outlives it.)
        let code = e.compiled()?;
        if !e.valid.get() {
            return None;
        }
        let r = code.run(self, e, (t as *mut Run<'e>).cast::<()>(), pc)?;
        if r & LOOPED != 0 {
            *progress = true;
            e.warm.set(true);
        }
        let at = (r & 0xFFFF) as usize;
        let status = HelperStatus::from_u32((r >> STATUS_SHIFT) & STATUS_MASK);
        if let Some(jit) = self.tier2.jit.as_mut() {
            jit.stats.exits.count(status);
        }
        if status == HelperStatus::Left {
            return Some(Err(match self.tier2.code_left.take() {
                Some(Left(ran, moved)) => {
                    *progress |= moved;
                    ran
                }
                None => Ran::Error(
                    self.internal_error("machine code left without saying how"),
                    t.ctx.fi,
                    t.ctx.this,
                ),
            }));
        }
        if status != HelperStatus::Next {
            let Some(u) = e.uops.get(at) else {
                return Some(Err(Ran::Tier1(t.ctx.this as u32)));
            };
            t.ctx.this = u.target as usize;
            t.ctx.ip = u.next as usize;
            *progress |= at > t.first_len;
            return Some(Err(self.leave_on(status.step(), e, at, &t.ctx)));
        }
        // The contract names an entry's first uop; should a backend break it, going on at
        // the entry it started from is the least wrong.
        Some(Ok(
            entry_at(&e.table, at).or_else(|| entry_at(&e.table, pc))?
        ))
    }

    /// Machine code's run of uop `pc`, which changes frames (a call, a return, a generator
    /// hop), as the uop executor runs it: `Next` when the frame change is the recorded one
    /// (`t` then describes the new frame); otherwise `Left`, with how the run ended in
    /// `tier2.code_left`.
    pub(crate) fn run_flow_uop<'e>(
        &mut self,
        e: &'e Executor,
        t: &mut Run<'e>,
        pc: usize,
    ) -> HelperStatus {
        let mut progress = false;
        let r = match e.uops.get(pc) {
            Some(u) => {
                // (As the hot loop sets it before a dispatch: the call records it.)
                t.ctx.this = u.target as usize;
                self.flow_uop(e, t, pc, u, &mut progress)
            }
            None => Err(Ran::Tier1(t.ctx.this as u32)),
        };
        match r {
            Ok(next) if next == pc + 1 => HelperStatus::Next,
            Ok(_) => {
                self.tier2.code_left = Some(Left(Ran::Tier1(t.ctx.ip as u32), progress));
                HelperStatus::Left
            }
            Err(ran) => {
                self.tier2.code_left = Some(Left(ran, progress));
                HelperStatus::Left
            }
        }
    }
}
