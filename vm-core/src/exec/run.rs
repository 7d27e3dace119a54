//! The uop executor: runs an executor's uops with the same uop bodies as tier 1
//! (`Vm::exec_uop`), checks that each uop's outcome is the recorded one, and leaves through
//! exit stubs. Frames stay in the interpreter's layout throughout: every uop runs with the
//! frame's `this`/`ip` of its tier-1 instruction, calls push real frames, and an exception
//! goes back to the interpreter's unwinder at the exact instruction.

use alloc::rc::Rc;

use super::forms::DISPATCH;
use super::ir::{check, Executor, UopInst, NO_EXIT, SAME_FRAME};
use super::table::{Entry, Table, NOT_AN_ENTRY, OUTCOME};
use super::MAX_CHAIN_DEPTH;
use crate::bytecode::ops::{Flags, Uop};
use crate::interp::eval::{Ctx, Flow, Step, UOP_HANDLERS};
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// The state of one executor's run: the tier-1 context of the innermost frame, that
/// frame's index, and how many uops the first instruction has. `#[repr(C)]` with the
/// context first: machine code's helpers take a pointer to it as a pointer to the context.
#[repr(C)]
pub(crate) struct Run<'e> {
    pub(crate) ctx: Ctx<'e>,
    pub(crate) fi: usize,
    pub(crate) first_len: usize,
}

/// How a run of one executor ended.
pub(super) enum Ran {
    /// Go on in this executor, at this offset of the same frame (a linked exit), from
    /// this uop (1: its start; its loop copy's top, see [`Vm::link`]).
    Link(Rc<Executor>, u32, usize),
    /// Back to tier 1 at `target` in the innermost frame.
    Tier1(u32),
    /// Back to tier 1 in whatever frame is innermost now (a dynamic exit after a frame
    /// change: the frames hold their own offsets).
    Reload,
    /// The run loop's entry frame returned.
    Exit(Value),
    /// An exception at instruction `this` of frame `fi`.
    Error(PyErr, usize, usize),
    /// Round this executor's loop again, at offset `at`, from uop `pc` (its top), where its
    /// machine code starts.
    Top(u32, usize),
    /// Machine code followed links and left from this executor's code (see
    /// [`super::compiled::Hop`]).
    Hop(Rc<Executor>),
}

/// Whether `u` is a safe point that is a dispatch of its own (no outcome to check).
#[inline(always)]
fn is_plain_safe_point(u: Option<&UopInst>) -> bool {
    u.is_some_and(|u| {
        u.uop.flags().contains(Flags::PERIODIC) && u.check & !check::VALIDATE == check::NONE
    })
}

/// Round the loop of `_JUMP_TO_TOP` `u` in machine code, entered at the top again (`this`:
/// the offset to go on at should the top have none).
fn top_in_code(e: &Executor, u: &UopInst, this: u32) -> Ran {
    let top = 1 + u.oparg as usize;
    Ran::Top(e.uops.get(top).map_or(this, |x| x.target), top)
}

/// The dispatch table entry that starts at uop `pc`.
#[inline(always)]
pub(super) fn entry_at(table: &Table, pc: usize) -> Option<usize> {
    match table.entry.get(pc) {
        Some(&d) if d != NOT_AN_ENTRY => Some(d as usize),
        _ => None,
    }
}

impl Vm {
    /// `ENTER_EXECUTOR`: runs the executor in slot `arg` of the current code's table.
    pub(crate) fn enter_executor(&mut self, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
        let slot = ctx.code.executors.borrow().get(arg as usize).copied();
        let Some(slot) = slot else {
            return Err(self.internal_error("ENTER_EXECUTOR without an executor"));
        };
        self.tier2.enter_original = slot.original;
        let exec = match self.tier2.get(slot.id) {
            Some(e) if e.valid.get() => e.clone(),
            _ => {
                // Unregistered without being detached cannot happen; restore defensively.
                if let Some(unit) = ctx.code.code.get(ctx.this) {
                    unit.set(slot.original);
                }
                return Ok(Flow::Deopt);
            }
        };
        if let Some(s) = self.tier2.stats.as_mut() {
            s.executor_entries += 1;
        }
        self.run_executor(ctx, exec, ctx.this as u32)
    }

    /// Runs `first` (and the executors its exits link to) from offset `at` of the innermost
    /// frame, whose tier-1 context is `tctx`.
    pub(crate) fn run_executor(
        &mut self,
        tctx: &mut Ctx,
        first: Rc<Executor>,
        at: u32,
    ) -> Result<Flow, PyErr> {
        // (Statistics and counting for a budget are decided once, not on every link.)
        if self.tier2.stats.is_some() || self.fuel_limited() {
            self.run_linked::<true>(tctx, first, at)
        } else {
            self.run_linked::<false>(tctx, first, at)
        }
    }

    /// [`Vm::run_executor`]'s loop.
    #[inline(always)]
    fn run_linked<const STATS: bool>(
        &mut self,
        tctx: &mut Ctx,
        first: Rc<Executor>,
        at: u32,
    ) -> Result<Flow, PyErr> {
        let entry_fi = self.frames.len() - 1;
        let mut exec = first;
        let mut at = at;
        let mut progress = false;
        let mut idle_links = 0u32;
        let mut start_pc = 1;
        let mut hop = false;
        loop {
            exec.warm.set(true);
            let ran = self.run_trace::<STATS>(&exec, at, start_pc, hop, &mut progress);
            hop = false;
            match ran {
                Ran::Hop(next) => {
                    exec = next;
                    hop = true;
                }
                Ran::Link(next, target, pc) => {
                    if !progress {
                        // Links followed without completing an instruction: bounded, so a
                        // cycle of executors that all exit at once (or one linked to
                        // itself) cannot spin; the interpreter then runs the instruction.
                        idle_links += 1;
                        if idle_links > MAX_CHAIN_DEPTH as u32 {
                            let fi = self.frames.len() - 1;
                            if fi == entry_fi && target == tctx.this as u32 {
                                return Ok(Flow::Deopt);
                            }
                            self.frames[fi].ip = target;
                            return Ok(Flow::Reload);
                        }
                    }
                    // (Entering a loop copy skips the preamble's first instruction; the
                    // optimizer only lets a trace that completed one link there.)
                    start_pc = pc;
                    exec = next;
                    at = target;
                }
                Ran::Tier1(target) => {
                    let fi = self.frames.len() - 1;
                    if !progress && fi == entry_fi && target == tctx.this as u32 {
                        // Nothing ran: the interpreter runs the replaced instruction, so
                        // entering, leaving and re-entering cannot loop.
                        return Ok(Flow::Deopt);
                    }
                    self.frames[fi].ip = target;
                    return Ok(Flow::Reload);
                }
                Ran::Top(target, pc) => {
                    start_pc = pc;
                    at = target;
                }
                Ran::Reload => return Ok(Flow::Reload),
                Ran::Exit(v) => return Ok(Flow::Exit(v)),
                Ran::Error(e, fi, this) => {
                    tctx.fi = fi;
                    tctx.this = this;
                    return Err(e);
                }
            }
        }
    }

    /// Runs one executor from offset `at` of the innermost frame, uop `start_pc` (1 or its
    /// loop copy's top), or, with `hop`, from where machine code that followed links to it
    /// left (`Tier2::hop`), until it leaves.
    fn run_trace<const STATS: bool>(
        &mut self,
        e: &Executor,
        at: u32,
        start_pc: usize,
        hop: bool,
        progress: &mut bool,
    ) -> Ran {
        let Some(fi) = self.frames.len().checked_sub(1) else {
            return Ran::Reload;
        };
        let Some(start) = e.codes.first() else {
            return Ran::Tier1(at);
        };
        let frame = &self.frames[fi];
        if !Rc::ptr_eq(&start.code, &frame.code) && !hop {
            // Linked or installed for another code: never run a trace on the wrong frame.
            // (Code that followed links may leave in a frame it pushed: checked below.)
            return Ran::Tier1(at);
        }
        let mut t = Run {
            ctx: Ctx {
                code: &start.code,
                caches: &start.caches,
                base: frame.base as usize,
                ip: at as usize,
                this: at as usize,
                fi,
            },
            fi,
            // An executor without a first instruction (one that only exits) never
            // progresses.
            first_len: match e.first_len {
                0 => usize::MAX,
                n => n as usize,
            },
        };
        let table = &e.table;
        // (Decided once: the loop below tests a local.)
        // (Machine code charges no fuel: a budget keeps executors in the uop executor,
        // which counts exactly. Statistics count what the uop executor runs.)
        let has_code = !(STATS && self.fuel_limited()) && e.code.borrow().is_some();
        let mut di = if hop {
            match self.trace_after_link(e, &mut t, progress) {
                Ok(n) => n,
                Err(ran) => return ran,
            }
        } else {
            let Some(mut di) = entry_at(table, start_pc) else {
                return Ran::Tier1(at);
            };
            if has_code {
                match self.run_compiled(e, start_pc, &mut t, progress) {
                    Some(Ok(n)) => di = n,
                    Some(Err(ran)) => return ran,
                    None => {}
                }
            }
            di
        };
        // (The entries as a local slice: its address and length stay in registers.)
        let entries: &[Entry] = &table.entries;
        // The hot loop, which does per dispatch what tier 1 does per instruction: call the
        // entry's handler (see `exec::table`). An entry that answers `Step::Slow` is handled
        // below: an outcome to check, the trace's loop and end, promoted constants, and
        // the rest in `slow_dispatch`.
        loop {
            let Some(d) = entries.get(di) else {
                return Ran::Tier1(t.ctx.this as u32);
            };
            if STATS {
                self.instrument_entry(e, di);
            }
            t.ctx.this = d.target as usize;
            let step = (d.handler.get())(self, &mut t.ctx, d.oparg);
            if step == Step::Next {
                di += 1;
                continue;
            }
            let Some(&raw) = table.pc.get(di) else {
                return Ran::Tier1(t.ctx.this as u32);
            };
            let pc = (raw & !OUTCOME) as usize;
            let u = &e.uops[pc];
            if raw & OUTCOME != 0 && u.check & check::WHOLE == 0 {
                // A single uop that jumps or changes frames ran (`table::flowing`: going on
                // came as `Slow`): check where it went.
                let step = if step == Step::Slow { Step::Next } else { step };
                let next = self.flow_outcome(e, &mut t, pc, u, step, progress);
                match next.and_then(|n| self.dispatch_at(e, n, &mut t, progress, has_code)) {
                    Ok(n) => di = n,
                    Err(ran) => return ran,
                }
                continue;
            }
            if step != Step::Slow {
                // A handler that ran did not go on: its guard failed, it raised, or the run
                // loop's entry frame returned.
                if u.check & check::WHOLE != 0 {
                    return self.leave_whole(step, e, u, pc, &t, progress);
                }
                *progress |= pc > t.first_len;
                return self.leave_on(step, e, pc, &t.ctx);
            }
            if raw & OUTCOME != 0 {
                return self.jumped_other_way::<STATS>(e, u, pc, &t, has_code, progress);
            }
            if u.uop == Uop::_JUMP_TO_TOP {
                if has_code {
                    *progress = true;
                    return top_in_code(e, u, t.ctx.this as u32);
                }
                match self.loop_back::<STATS>(e, u, progress) {
                    Some(n) => di = n,
                    None => return Ran::Tier1(t.ctx.this as u32),
                }
                continue;
            }
            if u.uop == Uop::_EXIT_TRACE && !STATS {
                // The trace's end, linked (in branchy code, every few instructions).
                *progress |= pc > t.first_len;
                if let Some(next) = self.linked_stub(u) {
                    let ran = Vm::link(u, next, u.target);
                    if let (true, Ran::Link(next, _, at)) = (has_code, &ran) {
                        self.link_in_code(e, pc, pc, next, *at);
                    }
                    return ran;
                }
            }
            let c = u.check & !check::VALIDATE;
            let next = if c & (check::SPECIAL | check::WHOLE | check::FLOW) == check::FLOW {
                // A call, a return, a generator hop: once or twice per call.
                self.flow_uop(e, &mut t, pc, u, progress)
            } else if c == check::NONE && u.uop == Uop::_LOAD_CONST_INLINE {
                self.promoted_constant(e, &mut t, pc, u, progress)
            } else {
                self.slow_dispatch::<STATS>(e, &mut t, pc, progress)
            };
            // (Code starts after a frame change only: a dispatch without one goes on here.)
            let to_code = has_code && c & check::FLOW != 0;
            match next.and_then(|n| self.dispatch_at(e, n, &mut t, progress, to_code)) {
                Ok(n) => di = n,
                Err(ran) => return ran,
            }
        }
    }

    /// The dispatch entry the executor goes on at after a dispatch the hot loop did not
    /// run itself (a call, a return, a generator hop, a promoted constant, ...), which
    /// ends before uop `next`: with `has_code`, machine code runs from there first when it
    /// starts there.
    #[inline(always)]
    fn dispatch_at<'e>(
        &mut self,
        e: &'e Executor,
        next: usize,
        t: &mut Run<'e>,
        progress: &mut bool,
        has_code: bool,
    ) -> Result<usize, Ran> {
        if has_code {
            if let Some(r) = self.run_compiled(e, next, t, progress) {
                return r;
            }
        }
        entry_at(&e.table, next).ok_or(Ran::Tier1(t.ctx.this as u32))
    }

    /// The trace's own loop (`_JUMP_TO_TOP` `u`) in the uop executor: the dispatch entry the
    /// loop goes on at. A loop running in its trace keeps it warm
    /// (the sweeper frees executors not used between two collections). The oparg is the
    /// loop's first body uop (after a peeled preamble, not the trace's start): its safe point.
    #[inline(always)]
    fn loop_back<const STATS: bool>(
        &mut self,
        e: &Executor,
        u: &UopInst,
        progress: &mut bool,
    ) -> Option<usize> {
        e.warm.set(true);
        *progress = true;
        let top = 1 + u.oparg as usize;
        let di = entry_at(&e.table, top)?;
        if STATS {
            return Some(di);
        }
        // The back-edge's safe point is tested here, without its dispatch, when nothing is
        // due (it is an entry of its own: a plain `_CHECK_PERIODIC`).
        if is_plain_safe_point(e.uops.get(top)) && !self.periodic_due() {
            return Some(di + 1);
        }
        Some(di)
    }

    /// The dispatch at uop `pc` that the hot loop does not run itself (its entry is
    /// `Step::Slow`; see `exec::table`). `Ok`: go on at that uop.
    #[inline(never)]
    fn slow_dispatch<'e, const STATS: bool>(
        &mut self,
        e: &'e Executor,
        t: &mut Run<'e>,
        pc: usize,
        progress: &mut bool,
    ) -> Result<usize, Ran> {
        let Some(u) = e.uops.get(pc) else {
            return Err(Ran::Tier1(t.ctx.this as u32));
        };
        t.ctx.this = u.target as usize;
        let c = u.check;
        if c & (check::SPECIAL | check::WHOLE) == check::WHOLE {
            // A whole instruction that jumps (it must go where it went when recorded) or
            // that a validity check follows (skipped while the executor is valid; else
            // it runs and exits).
            let step = DISPATCH[u.expect_code as usize](self, &mut t.ctx, u.oparg);
            if step == Step::Next {
                let ip = t.ctx.ip as u32;
                if c & check::FLOW == 0 || ip == u.expect {
                    return Ok(pc
                        + check::whole_len(c)
                        + (check::validates(c) & e.valid.get() as usize));
                }
                // It jumped the other way: in branchy code (a data-dependent `if` in
                // a loop) this is as common as the recorded way, so a linked side
                // trace is followed without the out-of-line exit path.
                if !STATS {
                    if let Some(next) = self.linked(e, u.jump_exit, ip) {
                        *progress |= pc >= t.first_len;
                        return Err(Ran::Link(next, ip, 1));
                    }
                }
            }
            return Err(self.leave_whole(step, e, u, pc, t, progress));
        }
        t.ctx.ip = u.next as usize;
        if c & (check::SPECIAL | check::FLOW | check::WHOLE) == 0 {
            // A safe point with something due, or a uop that may escape whose oparg did
            // not fit its entry's wrapper. (Promoted constants, calls and returns are the
            // hot loop's.)
            let safe_point = u.uop.flags().contains(Flags::PERIODIC);
            let step = if safe_point && !self.periodic_due() {
                Step::Next
            } else {
                UOP_HANDLERS[u.uop as usize](self, &mut t.ctx, u.oparg)
            };
            if step == Step::Next {
                return Ok(pc + 1 + (check::validates(c) & e.valid.get() as usize));
            }
            *progress |= pc > t.first_len;
            return Err(self.leave_on(step, e, pc, &t.ctx));
        }
        // The trace's end (`_JUMP_TO_TOP` and a linked end are the hot loop's).
        if u.uop == Uop::_EXIT_TRACE {
            *progress |= pc > t.first_len;
            return Err(self.take_exit(e, pc as u16, u.target));
        }
        // Trace control (a validity check of an invalidated executor), a branch guard that
        // does not hold, a frame-changing whole instruction.
        self.special_uop(e, t, pc, progress)
    }

    /// A single uop that jumps or changes frames (a call, a return, a generator hop) at
    /// `pc`. The common outcome, a new frame exactly where the recording went, switches
    /// the context here; anything else is checked out of line. `Ok`: go on at that uop.
    #[inline(always)]
    pub(super) fn flow_uop<'e>(
        &mut self,
        e: &'e Executor,
        t: &mut Run<'e>,
        pc: usize,
        u: &UopInst,
        progress: &mut bool,
    ) -> Result<usize, Ran> {
        t.ctx.ip = u.next as usize;
        let step = UOP_HANDLERS[u.uop as usize](self, &mut t.ctx, u.oparg);
        self.flow_outcome(e, t, pc, u, step, progress)
    }

    /// After the single uop at `pc` that jumps or changes frames returned `step`: the
    /// common outcome, a new frame exactly where the recording went, switches the context
    /// here; anything else is checked out of line. `Ok`: go on at that uop.
    #[inline(always)]
    fn flow_outcome<'e>(
        &mut self,
        e: &'e Executor,
        t: &mut Run<'e>,
        pc: usize,
        u: &UopInst,
        step: Step,
        progress: &mut bool,
    ) -> Result<usize, Ran> {
        if step == Step::Reload {
            let nfi = self.frames.len().wrapping_sub(1);
            if let (Some(f), Some(tc)) = (self.frames.get(nfi), e.codes.get(u.expect_code as usize))
            {
                if f.ip == u.expect && Rc::ptr_eq(&tc.code, &f.code) {
                    *progress |= pc >= t.first_len;
                    t.ctx = Ctx {
                        code: &tc.code,
                        caches: &tc.caches,
                        base: f.base as usize,
                        ip: f.ip as usize,
                        this: f.ip as usize,
                        fi: nfi,
                    };
                    t.fi = nfi;
                    return Ok(pc + 1);
                }
            }
        } else if step == Step::Next
            && t.ctx.fi == t.fi
            && u.expect_code == SAME_FRAME
            && t.ctx.ip as u32 == u.expect
        {
            // It stayed in its frame and went where recorded (a yield that `sum(gen)` or
            // `list(gen)` collected in place).
            return Ok(pc + 1);
        }
        self.after_step(e, t, pc, u, pc + 1, step, progress)
    }

    /// After the frame-changing uop `u` moved the context to another frame in place (a
    /// call of the code the context holds, or its return): whether it is the recorded
    /// frame and offset; then the frame holds its offset, as a reload would find it, and
    /// the context reads the recorded code's caches. Otherwise nothing changes and
    /// [`Vm::after_step`] goes on to check the outcome in full.
    #[inline(always)]
    fn moved_as_recorded<'e>(&mut self, e: &'e Executor, t: &mut Run<'e>, u: &UopInst) -> bool {
        let nfi = t.ctx.fi;
        let at = t.ctx.ip as u32;
        let (Some(f), Some(tc)) = (self.frames.get_mut(nfi), e.codes.get(u.expect_code as usize))
        else {
            return false;
        };
        if u.check & check::FLOW == 0 || at != u.expect || !Rc::ptr_eq(&tc.code, &f.code) {
            return false;
        }
        f.ip = at;
        t.ctx.code = &tc.code;
        t.ctx.caches = &tc.caches;
        t.ctx.this = at as usize;
        t.fi = nfi;
        true
    }

    /// `_LOAD_CONST_INLINE` at `pc` out of the hot loop: a promoted constant that is
    /// neither a heap object nor an immediate builtin (those the table pushes itself). `Ok`: go on at the next uop.
    fn promoted_constant(
        &mut self,
        e: &Executor,
        t: &mut Run<'_>,
        pc: usize,
        u: &UopInst,
        progress: &mut bool,
    ) -> Result<usize, Ran> {
        t.ctx.ip = u.next as usize;
        match self.load_const_inline(e, u.oparg) {
            Step::Next => Ok(pc + 1),
            step => {
                *progress |= pc > t.first_len;
                Err(self.leave_on(step, e, pc, &t.ctx))
            }
        }
    }

    /// The whole instruction at `pc` jumped the other way than recorded (it is complete):
    /// in branchy code (a data-dependent `if` in a loop) this is as common as the recorded
    /// way, so a linked side trace is followed here, and its slot filled for machine code
    /// (which, leaving at the run's first instruction, checks the run went round first:
    /// see `arch-x86_64`'s `jump_exit_way`).
    fn jumped_other_way<const STATS: bool>(
        &mut self,
        e: &Executor,
        u: &UopInst,
        pc: usize,
        t: &Run<'_>,
        has_code: bool,
        progress: &mut bool,
    ) -> Ran {
        let ip = t.ctx.ip as u32;
        if !STATS {
            if let Some(next) = self.linked(e, u.jump_exit, ip) {
                *progress |= pc >= t.first_len;
                if has_code {
                    self.link_jump_in_code(e, usize::from(u.jump_exit), &next);
                }
                return Ran::Link(next, ip, 1);
            }
        }
        self.leave_whole(Step::Next, e, u, pc, t, progress)
    }

    /// A whole instruction did not go on as recorded: it jumped the other way, its guard
    /// failed, it raised, or the run loop's entry frame returned.
    #[cold]
    #[inline(never)]
    fn leave_whole(
        &mut self,
        step: Step,
        e: &Executor,
        u: &UopInst,
        pc: usize,
        t: &Run<'_>,
        progress: &mut bool,
    ) -> Ran {
        if step == Step::Next {
            // The instruction jumped the other way than recorded; it is complete.
            *progress |= pc >= t.first_len;
            return self.take_exit(e, u.jump_exit, t.ctx.ip as u32);
        }
        *progress |= pc > t.first_len;
        self.leave_on(step, e, pc, &t.ctx)
    }

    /// The uops the executor runs itself (trace control, branch guards) at `pc`. `Ok`: go
    /// on at that uop.
    #[inline(never)]
    fn trace_control(
        &mut self,
        e: &Executor,
        pc: usize,
        progress: &mut bool,
    ) -> Result<usize, Ran> {
        let uops = &e.uops[..];
        let u = &uops[pc];
        let first_len = match e.first_len {
            0 => usize::MAX,
            n => n as usize,
        };
        match u.uop {
            Uop::_CHECK_VALIDITY => {
                if e.valid.get() {
                    return Ok(pc + 1);
                }
                *progress |= pc > first_len;
                Err(self.take_exit(e, u.exit, u.target))
            }
            Uop::_GUARD_IS_TRUE_POP
            | Uop::_GUARD_IS_FALSE_POP
            | Uop::_GUARD_IS_NONE_POP
            | Uop::_GUARD_IS_NOT_NONE_POP => {
                let v = self.pop();
                let stay = match u.uop {
                    Uop::_GUARD_IS_TRUE_POP => v == Value::TRUE,
                    Uop::_GUARD_IS_FALSE_POP => v == Value::FALSE,
                    Uop::_GUARD_IS_NONE_POP => v == Value::NONE,
                    _ => v != Value::NONE,
                };
                if stay {
                    return Ok(pc + 1);
                }
                // The branch went the other way: the instruction is complete.
                *progress |= pc >= first_len;
                let target = uops.get(u.exit as usize).map_or(u.next, |s| s.target);
                let ran = self.take_exit(e, u.exit, target);
                if let Ran::Link(next, _, at) = &ran {
                    // Machine code follows it itself next time.
                    self.link_in_code(e, pc, usize::from(u.exit), next, *at);
                }
                Err(ran)
            }
            Uop::_DEOPT | Uop::_DYNAMIC_EXIT => {
                *progress |= pc > first_len;
                self.note_deopt_exit(u.uop.name());
                Err(Ran::Tier1(u.target))
            }
            // (`_JUMP_TO_TOP` and `_EXIT_TRACE` are handled before: the hot loop, `slow_dispatch`.)
            // `_START_EXECUTOR`, `_COLD_EXIT`, `_HOT_COUNT`, `_ENTER_EXECUTOR`,
            // `_SPECIALIZE`: never in a trace body (the recorder drops them); leave safely.
            _ => Err(Ran::Tier1(u.target)),
        }
    }

    /// Out of the hot loop at `pc`: trace control, or a whole instruction that changes
    /// frames (the interpreter's call and return paths; its last uop holds the recorded
    /// frame), whose outcome is then checked. `Ok`: go on at that uop.
    #[inline(never)]
    fn special_uop<'e>(
        &mut self,
        e: &'e Executor,
        t: &mut Run<'e>,
        pc: usize,
        progress: &mut bool,
    ) -> Result<usize, Ran> {
        let u = &e.uops[pc];
        if u.check & check::WHOLE == 0 {
            return self.trace_control(e, pc, progress);
        }
        let len = check::whole_len(u.check).max(1);
        let step = DISPATCH[u.expect_code as usize](self, &mut t.ctx, u.oparg);
        self.after_step(e, t, pc, &e.uops[pc + len - 1], pc + len, step, progress)
    }

    /// After a tier-1 uop or whole instruction that may jump or change frames (its first
    /// uop at `pc`, its last `last`, `next_pc` after it) returned `step`: check the outcome
    /// against the recorded one and go on (`Ok`) or leave.
    ///
    /// A self-recursive call or its return, which moved the context in place as recorded,
    /// goes on here; the rest is [`Vm::check_outcome`]'s. (Not in the hot loop's
    /// `flow_outcome`: another branch there costs every program's hot loop more than it
    /// saves; nor in `check_outcome`, whose prologue costs as much as the check.)
    #[allow(
        clippy::too_many_arguments,
        reason = "the executor's state, passed unpacked"
    )]
    #[inline(never)]
    fn after_step<'e>(
        &mut self,
        e: &'e Executor,
        t: &mut Run<'e>,
        pc: usize,
        last: &UopInst,
        next_pc: usize,
        step: Step,
        progress: &mut bool,
    ) -> Result<usize, Ran> {
        if step == Step::Next && t.ctx.fi != t.fi && self.moved_as_recorded(e, t, last) {
            *progress |= next_pc > t.first_len;
            return Ok(next_pc);
        }
        self.check_outcome(e, t, pc, last, next_pc, step, progress)
    }

    /// The full outcome check of [`Vm::after_step`]: every outcome but a context moved in
    /// place as recorded.
    #[allow(
        clippy::too_many_arguments,
        reason = "the executor's state, passed unpacked"
    )]
    #[inline(never)]
    fn check_outcome<'e>(
        &mut self,
        e: &'e Executor,
        t: &mut Run<'e>,
        pc: usize,
        last: &UopInst,
        next_pc: usize,
        step: Step,
        progress: &mut bool,
    ) -> Result<usize, Ran> {
        let first_len = t.first_len;
        let u = &e.uops[pc];
        let r = match step {
            Step::Next => Ok(Flow::Next),
            Step::Reload => Ok(Flow::Reload),
            Step::Deopt => Ok(Flow::Deopt),
            Step::Exit => Ok(Flow::Exit(core::mem::replace(
                &mut self.step_value,
                Value::NONE,
            ))),
            Step::Error => Err(PyErr(core::mem::replace(&mut self.step_value, Value::NONE))),
            // (Only the executor's own table entries answer `Slow`.)
            Step::Slow => Err(self.internal_error("a tier-2 dispatch entry as a handler")),
        };
        // Where execution went if the uop changed frames: a reload, or a same-code call
        // or return that moved the context in place (then the frame's offset is only in
        // the context: store it, as a reload would find it).
        let moved = match r {
            Ok(Flow::Reload) => match self.frames.len().checked_sub(1) {
                Some(nfi) => Some((nfi, self.frames[nfi].ip)),
                None => return Err(Ran::Reload),
            },
            Ok(Flow::Next) if t.ctx.fi != t.fi => {
                let at = t.ctx.ip as u32;
                if let Some(f) = self.frames.get_mut(t.ctx.fi) {
                    f.ip = at;
                }
                Some((t.ctx.fi, at))
            }
            _ => None,
        };
        if let Some((nfi, at)) = moved {
            *progress |= next_pc > first_len;
            let f = &self.frames[nfi];
            return match e.codes.get(last.expect_code as usize) {
                Some(tc)
                    if last.check & check::FLOW != 0
                        && at == last.expect
                        && Rc::ptr_eq(&tc.code, &f.code) =>
                {
                    t.ctx = Ctx {
                        code: &tc.code,
                        caches: &tc.caches,
                        base: f.base as usize,
                        ip: at as usize,
                        this: at as usize,
                        fi: nfi,
                    };
                    t.fi = nfi;
                    Ok(next_pc)
                }
                // Another callee, caller or resume point than recorded: the frames are
                // already exact (a dynamic exit).
                _ => Err(self.dynamic_exit(e, last.jump_exit)),
            };
        }
        match r {
            Ok(Flow::Next) => {
                if last.check & check::FLOW != 0
                    && (t.ctx.ip as u32 != last.expect || last.expect_code != SAME_FRAME)
                {
                    // A jump or call went elsewhere than recorded; the instruction is
                    // complete and tier 1 goes on where it left off.
                    *progress |= next_pc > first_len;
                    let target = t.ctx.ip as u32;
                    if last.expect_code != SAME_FRAME {
                        self.note_deopt_exit("a call went elsewhere");
                        return Err(Ran::Tier1(target));
                    }
                    return Err(self.take_exit(e, last.jump_exit, target));
                }
                Ok(next_pc)
            }
            // Handled above.
            Ok(Flow::Reload) => Err(Ran::Reload),
            Ok(Flow::Deopt) => {
                // A guard failed before any effect: tier 1 re-runs the instruction.
                *progress |= pc > first_len;
                self.refund_instruction(e, pc);
                if u.exit == NO_EXIT {
                    self.note_deopt_exit("a guard without an exit");
                    return Err(Ran::Tier1(u.target));
                }
                Err(self.take_exit(e, u.exit, u.target))
            }
            Ok(Flow::Exit(v)) => Err(Ran::Exit(v)),
            Err(err) => Err(Ran::Error(err, t.ctx.fi, t.ctx.this)),
        }
    }

    /// A plain uop (or whole instruction) did not just go on: its guard failed, it raised,
    /// or the run loop's entry frame returned.
    #[cold]
    #[inline(never)]
    pub(super) fn leave_on(&mut self, step: Step, e: &Executor, pc: usize, ctx: &Ctx) -> Ran {
        let exit = e.uops.get(pc).map_or(NO_EXIT, |u| u.exit);
        match step {
            Step::Next => Ran::Tier1(ctx.ip as u32),
            Step::Deopt => {
                self.refund_instruction(e, pc);
                self.take_exit(e, exit, ctx.this as u32)
            }
            Step::Error => {
                let err = PyErr(core::mem::replace(&mut self.step_value, Value::NONE));
                Ran::Error(err, ctx.fi, ctx.this)
            }
            Step::Exit => Ran::Exit(core::mem::replace(&mut self.step_value, Value::NONE)),
            // Only FLOW uops change frames; leave safely if one did anyway.
            Step::Reload => Ran::Reload,
            Step::Slow => {
                let err = self.internal_error("a tier-2 dispatch entry as a handler");
                Ran::Error(err, ctx.fi, ctx.this)
            }
        }
    }

    /// An exit sends tier 1 back to re-run the instruction uop `pc` is in (it left before
    /// any effect): the dispatch that started it counted it, tier 1 counts it again.
    #[inline]
    fn refund_instruction(&mut self, e: &Executor, pc: usize) {
        let w = e.table.instr_fuel.get(pc).copied().unwrap_or(0);
        self.charge_fuel(-i64::from(w));
    }

    /// `_LOAD_CONST_INLINE`: pushes the executor's constant (and a null for a call).
    #[inline(always)]
    fn load_const_inline(&mut self, e: &Executor, oparg: u32) -> Step {
        let Some(&v) = e.consts.get((oparg >> 1) as usize) else {
            // (`Executor::well_formed` refuses such an executor.)
            self.step_value = self.internal_error("executor constant out of range").0;
            return Step::Error;
        };
        self.push(v);
        if oparg & 1 != 0 {
            self.push(Value::UNDEF);
        }
        if self.stack.overflowed() {
            return crate::interp::eval::stack_overflow(self);
        }
        Step::Next
    }

    /// Whether `_CHECK_PERIODIC` has work: a collection, a request of the embedder, the
    /// budget spent.
    #[inline(always)]
    pub(super) fn periodic_due(&self) -> bool {
        self.heap.wants_collection() || self.stop_due()
    }

    /// The instrumented executor's work before dispatch table entry `di`: statistics, and
    /// the instructions it starts counted against the budget.
    #[inline]
    fn instrument_entry(&mut self, e: &Executor, di: usize) {
        if self.tier2.stats.is_some() {
            self.count_entry(e, di);
        }
        let w = e.table.fuel.get(di).copied().unwrap_or(0);
        self.charge_fuel(i64::from(w));
    }

    /// Statistics of dispatch table entry `di` (a separate outcome check, the entry after
    /// its instruction's, is a dispatch of no uop).
    #[cold]
    fn count_entry(&mut self, e: &Executor, di: usize) {
        let pcs = &e.table.pc;
        let Some(&raw) = pcs.get(di) else {
            return;
        };
        let pc = raw & !OUTCOME;
        let check_only = di > 0 && pcs.get(di - 1).is_some_and(|&p| p & !OUTCOME == pc);
        if !check_only {
            self.count_dispatch(e, pc as usize);
        } else if let Some(s) = self.tier2.stats.as_mut() {
            s.dispatches += 1;
        }
    }

    /// Statistics of the dispatch at `pc`: uops, instructions, guards (also those the
    /// optimizer removed from there).
    #[cold]
    fn count_dispatch(&mut self, e: &Executor, pc: usize) {
        let Some(s) = self.tier2.stats.as_mut() else {
            return;
        };
        let u = &e.uops[pc];
        let len = if u.check & check::WHOLE != 0 {
            check::whole_len(u.check)
        } else {
            1
        };
        s.dispatches += 1;
        s.uops_executed += len as u64;
        let single = u.check & (check::WHOLE | check::SPECIAL) == 0;
        let part =
            |x: Option<&UopInst>| x.is_some_and(|x| x.code == u.code && x.target == u.target);
        if single
            && (part(e.uops.get(pc + 1)) || part(pc.checked_sub(1).and_then(|p| e.uops.get(p))))
        {
            super::stats::bump_by(&mut s.split_by_uop, u.uop.name(), 1);
        }
        for (i, x) in e
            .uops
            .get(pc..pc + len)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            s.instrs_in_traces += super::ir::starts_instruction(&e.uops, pc + i) as u64;
            match x.uop {
                Uop::_CHECK_VALIDITY => s.validity_checks += 1,
                Uop::_GUARD_IS_TRUE_POP
                | Uop::_GUARD_IS_FALSE_POP
                | Uop::_GUARD_IS_NONE_POP
                | Uop::_GUARD_IS_NOT_NONE_POP => s.branch_guards += 1,
                uop if super::ir::is_guard(uop) => {
                    s.guards_executed += 1;
                    super::stats::bump_by(&mut s.guards_by_uop, uop.name(), 1);
                }
                uop if super::ir::is_value_check(uop) => s.value_checks += 1,
                _ => {}
            }
        }
        if let Some(n) = e.removed_guards.get(pc..pc + len) {
            s.guards_removed += n.iter().map(|&n| n as u64).sum::<u64>();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::UopInst;

    #[test]
    fn uop_records_are_32_bytes() {
        assert_eq!(size_of::<UopInst>(), 32);
    }
}
