//! Running an executor's machine code from the uop executor: entering it at a start and
//! going on after it as the uop executor would (`run_compiled`), going on in another
//! executor where code that followed links left (`trace_after_link`), filling the link
//! slots code follows (`link_in_code`), and the flow helper's side, a uop that changes
//! frames run for machine code (`run_flow_uop`).

use alloc::rc::Rc;

use super::ir::Executor;
use super::run::{entry_at, Ran, Run};
use crate::bytecode::ops::Uop;
use crate::jit::helpers::HelperStatus;
use crate::jit::link::LinkSlots;
use crate::jit::{CodeResult, LOOPED, STATUS_MASK, STATUS_SHIFT};
use crate::vm::Vm;

/// Where machine code that followed links left (besides the executor whose code it left
/// from, which `Ran::Hop` carries): what that code returned, and the run state's offsets
/// then. Kept in the VM between the two (`Tier2::hop`), so a hop allocates nothing.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Hop {
    result: CodeResult,
    ip: usize,
    this: usize,
}

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
        self.tier2.code_run_begins();
        let ran = code.run(self, e, (t as *mut Run<'e>).cast::<()>(), pc);
        // (Taken before the run ends: the graveyard may hold the executor.)
        let next = ran.and_then(|(_, last)| crate::jit::link::left_from(e, last));
        self.tier2.code_run_ends();
        let (r, _) = ran?;
        if let Some(next) = next {
            *progress = true;
            self.tier2.hop = Hop {
                result: r,
                ip: t.ctx.ip,
                this: t.ctx.this,
            };
            return Some(Err(Ran::Hop(next)));
        }
        self.code_outcome(e, r, t, progress)
    }

    /// Goes on after machine code that returned `r` in a run of `e` (whose state is `t`),
    /// as the uop executor does after the uops the code ran: `Ok`, the dispatch entry to go
    /// on at; `Err`, how the run ended.
    fn code_outcome<'e>(
        &mut self,
        e: &'e Executor,
        r: CodeResult,
        t: &mut Run<'e>,
        progress: &mut bool,
    ) -> Option<Result<usize, Ran>> {
        if r & LOOPED != 0 {
            *progress = true;
            e.warm.set(true);
        }
        let at = (r & 0xFFFF) as usize;
        let status = HelperStatus::from_u32((r >> STATUS_SHIFT) & STATUS_MASK);
        if let Some(jit) = self.tier2.jit.as_mut() {
            jit.stats.exits.count(status);
        }
        if matches!(status, HelperStatus::Left | HelperStatus::Linked) {
            return Some(Err(
                self.left_at_frame_change(progress, t.ctx.fi, t.ctx.this)
            ));
        }
        if status == HelperStatus::Moved {
            return Some(Err(self.moved_elsewhere(e, at, t.first_len, progress)));
        }
        if status != HelperStatus::Next {
            let Some(u) = e.uops.get(at) else {
                return Some(Err(Ran::Tier1(t.ctx.this as u32)));
            };
            t.ctx.this = u.target as usize;
            t.ctx.ip = u.next as usize;
            *progress |= at > t.first_len;
            let ran = self.leave_on(status.step(), e, at, &t.ctx);
            if let (HelperStatus::Deopt, Ran::Link(next, _, start)) = (status, &ran) {
                // A guard's exit, linked: code follows it itself next time.
                self.link_in_code(e, at, usize::from(u.exit), next, *start);
            }
            return Some(Err(ran));
        }
        // The contract names an entry's first uop; should a backend break it, the run
        // leaves for tier 1.
        Some(entry_at(&e.table, at).ok_or(Ran::Tier1(t.ctx.this as u32)))
    }

    /// How the run ended when machine code left at a uop that changes frames (status
    /// `Left`), in frame `fi` at instruction `this` as far as the run state knows.
    fn left_at_frame_change(&mut self, progress: &mut bool, fi: usize, this: usize) -> Ran {
        match self.tier2.code_left.take() {
            Some(Left(ran, moved)) => {
                *progress |= moved;
                ran
            }
            None => Ran::Error(
                self.internal_error("machine code left without saying how"),
                fi,
                this,
            ),
        }
    }

    /// Machine code left after changing frames itself at uop `at`, elsewhere than recorded
    /// (status `Moved`; the run's first instruction took `first_len` uops): the uop's
    /// dynamic exit, as the uop executor takes it after such a frame change, and its link
    /// for code to follow next time.
    fn moved_elsewhere(
        &mut self,
        e: &Executor,
        at: usize,
        first_len: usize,
        progress: &mut bool,
    ) -> Ran {
        let Some(u) = e.uops.get(at) else {
            return Ran::Reload;
        };
        // (The frame change completed the uop's instruction.)
        *progress |= at >= first_len;
        let ran = self.dynamic_exit(e, u.jump_exit);
        if let Ran::Link(next, _, start) = &ran {
            self.link_dynamic_in_code(e, at, usize::from(u.jump_exit), next, *start);
        }
        ran
    }

    /// Moves run state `t` (made for a run of `e` from its start) to where machine code
    /// that followed links to `e` left, as `Tier2::hop` says; answers the dispatch entry to go on
    /// at, or how the run ended.
    #[inline(never)]
    pub(super) fn trace_after_link<'e>(
        &mut self,
        e: &'e Executor,
        t: &mut Run<'e>,
        progress: &mut bool,
    ) -> Result<usize, Ran> {
        let hop = self.tier2.hop;
        if let Some(code) = e.code.borrow().as_ref() {
            code.mark_ran();
        }
        let at = (hop.result & 0xFFFF) as usize;
        let status = HelperStatus::from_u32((hop.result >> STATUS_SHIFT) & STATUS_MASK);
        if matches!(status, HelperStatus::Left | HelperStatus::Linked) {
            // (The frame change went elsewhere: no run state of `e` to go on with.)
            return Err(self.left_at_frame_change(progress, t.fi, hop.this));
        }
        // (Code that followed a dynamic link after the flow helper left no outcome to
        // take: the link it followed was that outcome.)
        self.tier2.code_left = None;
        if status == HelperStatus::Moved {
            // (Likewise; code follows a link only once the run made progress.)
            return Err(self.moved_elsewhere(e, at, 0, progress));
        }
        let tc = e
            .uops
            .get(at)
            .and_then(|u| e.codes.get(usize::from(u.code)));
        let frame = &self.frames[t.fi];
        let Some(tc) = tc.filter(|tc| Rc::ptr_eq(&tc.code, &frame.code)) else {
            let err = self.internal_error("linked machine code left in another frame");
            return Err(Ran::Error(err, t.fi, hop.this));
        };
        t.ctx.code = &tc.code;
        t.ctx.caches = &tc.caches;
        t.ctx.ip = hop.ip;
        t.ctx.this = hop.this;
        // (Code follows a link only once the run made progress.)
        t.first_len = 0;
        match self.code_outcome(e, hop.result, t, progress) {
            Some(r) => r,
            None => Err(Ran::Tier1(t.ctx.this as u32)),
        }
    }

    /// The uop executor follows the link of `e`'s exit stub `stub`, taken at uop `from`, to
    /// `next`, from uop `pc` (1 or its loop copy's top): fills the stub's link slot so that `e`'s code follows it
    /// itself next time, when `next` has code starting there in the code the stub exits
    /// in, and the exit is one a run reaches only after making progress (so that code
    /// never goes round a cycle of links without completing an instruction).
    #[inline(never)]
    pub(super) fn link_in_code(
        &self,
        e: &Executor,
        from: usize,
        stub: usize,
        next: &Rc<Executor>,
        pc: usize,
    ) {
        // (Cheapest first: the uop executor asks at every link it follows.)
        let progressed = e.first_len != 0 && from > usize::from(e.first_len);
        if !progressed {
            return;
        }
        self.fill_link_slot(
            e,
            stub,
            next,
            pc,
            |e| starts_in_code_of(e, stub, next),
            LinkSlots::fill,
        );
    }

    /// Fills the link slot of a whole instruction's jump exit `stub` so that machine code
    /// follows it itself to `next` (its start). Code that jumps there at the run's first
    /// instruction checks that the run made progress before it follows the slot.
    pub(super) fn link_jump_in_code(&self, e: &Executor, stub: usize, next: &Rc<Executor>) {
        if e.first_len == 0 {
            return;
        }
        self.fill_link_slot(
            e,
            stub,
            next,
            1,
            |e| starts_in_code_of(e, stub, next),
            LinkSlots::fill,
        );
    }

    /// Fills `e`'s link slot of stub `stub` with `fill` so that it leads to uop `pc` of
    /// `next`, unless it does already, `may_link` says no, `next` is invalid, or `next`
    /// has no code starting there.
    fn fill_link_slot(
        &self,
        e: &Executor,
        stub: usize,
        next: &Rc<Executor>,
        pc: usize,
        may_link: impl FnOnce(&Executor) -> bool,
        fill: impl FnOnce(&LinkSlots, usize, &Rc<Executor>, *const u8, u64),
    ) {
        let code = e.code.borrow();
        let Some(code) = code.as_ref() else {
            return;
        };
        let epoch = self.tier2.link_epoch;
        if code.links().leads_to(stub, next, epoch) || !may_link(e) || !next.valid.get() {
            return;
        }
        let next_code = next.code.borrow();
        let from = code.links().from_slots(stub);
        if let Some(start) = next_code.as_ref().and_then(|c| c.start_for_link(pc, from)) {
            fill(code.links(), stub, next, start, epoch);
        }
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
                let mut status = HelperStatus::Left;
                if let (Ran::Link(next, _, start), Some(u)) = (&ran, e.uops.get(pc)) {
                    // A frame change elsewhere, linked: code follows it itself from now on.
                    self.link_dynamic_in_code(e, pc, usize::from(u.jump_exit), next, *start);
                    status = HelperStatus::Linked;
                }
                self.tier2.code_left = Some(Left(ran, progress));
                status
            }
        }
    }

    /// The dynamic exit stub `stub` of `e`, reached from uop `from` after a frame change
    /// elsewhere than recorded, was linked to `next`, from uop `pc`: fills the stub's link
    /// slot, with the frame `next` starts in, so that `e`'s code follows it itself when the
    /// frame change goes there again, once the run has made progress (the frame change
    /// completes its instruction, so `from` may be the first instruction's last uop).
    #[inline(never)]
    fn link_dynamic_in_code(
        &self,
        e: &Executor,
        from: usize,
        stub: usize,
        next: &Rc<Executor>,
        pc: usize,
    ) {
        // The frame change completed uop `from`'s instruction (as `flow_outcome` counts).
        let progressed = e.first_len != 0 && from >= usize::from(e.first_len);
        if !progressed {
            return;
        }
        let dynamic = |e: &Executor| {
            e.uops
                .get(stub)
                .is_some_and(|s| s.uop == Uop::_DYNAMIC_EXIT)
        };
        self.fill_link_slot(e, stub, next, pc, dynamic, LinkSlots::fill_dynamic);
    }
}

/// Whether `next` starts in the code object that `e`'s exit stub `stub` leaves in (a link
/// from another code's frame is the uop executor's to follow).
fn starts_in_code_of(e: &Executor, stub: usize, next: &Executor) -> bool {
    e.uops.get(stub).is_some_and(|s| {
        let ours = e.codes.get(usize::from(s.code));
        ours.zip(next.codes.first())
            .is_some_and(|(a, b)| Rc::ptr_eq(&a.code, &b.code))
    })
}
