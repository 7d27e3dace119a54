//! Leaving an executor: an exit stub taken (its temperature, a side trace recorded when it
//! gets hot, the executor it is linked to), a dynamic exit after a frame change elsewhere
//! than recorded, and the shared cold exit.

use alloc::rc::Rc;

use super::hot;
use super::ir::{Executor, UopInst, COLD_LINK};
use super::run::Ran;
use super::MAX_CHAIN_DEPTH;
use crate::bytecode::ops::Uop;
use crate::trace::record::Recorder;
use crate::vm::Vm;

impl Vm {
    /// Counts an exit that sends tier 1 back to an instruction, by why.
    pub(super) fn note_deopt_exit(&mut self, why: &'static str) {
        if let Some(s) = self.tier2.stats.as_mut() {
            s.exits_taken += 1;
            s.deopts += 1;
            super::stats::bump(&mut s.deopts_by, why);
        }
    }

    /// A frame change went elsewhere than recorded: the innermost frame is where execution
    /// goes on. The `_DYNAMIC_EXIT` stub remembers one executor for the place it most
    /// recently got hot at (a return to another call site, say) and links to it when the
    /// frame is there; otherwise it warms, and a hot one records a side trace from there.
    pub(super) fn dynamic_exit(&mut self, e: &Executor, stub: u16) -> Ran {
        self.note_deopt_exit("a frame change elsewhere");
        let Some(s) = e.uops.get(stub as usize) else {
            return Ran::Reload;
        };
        let Some(fi) = self.frames.len().checked_sub(1) else {
            return Ran::Reload;
        };
        if s.uop != Uop::_DYNAMIC_EXIT {
            return Ran::Reload;
        }
        let at = self.frames[fi].ip;
        let link = s.link.get();
        if link != COLD_LINK {
            if let Some(next) = self.tier2.get(link).cloned() {
                let here = next
                    .codes
                    .first()
                    .is_some_and(|c| Rc::ptr_eq(&c.code, &self.frames[fi].code));
                if next.valid.get() && next.start == at && here {
                    if let Some(st) = self.tier2.stats.as_mut() {
                        st.exits_linked += 1;
                    }
                    return Ran::Link(next, at, 1);
                }
            }
        }
        match self.warm_exit(e, stub, at) {
            Some(next) => Ran::Link(next, at, 1),
            None => Ran::Reload,
        }
    }

    /// An exit of `e` to offset `at` of the innermost frame that has no executor to go on
    /// in: links it to the executor already installed there, if any (returned); else warms
    /// it and, when it is hot, starts recording a side trace from there.
    pub(super) fn warm_exit(&mut self, e: &Executor, stub: u16, at: u32) -> Option<Rc<Executor>> {
        let s = &e.uops[stub as usize];
        if let Some(next) = self.executor_at(at) {
            s.link.set(next.id.get());
            return Some(next);
        }
        if !self.tier2.counting
            || e.chain_depth + 1 >= MAX_CHAIN_DEPTH
            || self.tier2.recorder.is_some()
            || !e.valid.get()
        {
            return None;
        }
        let t = s.temperature.get();
        if let Some(next) = hot::tick(t) {
            s.temperature.set(next);
            return None;
        }
        let threshold = self.tier2.thresholds.side_exit;
        if !hot::is_armed(t) && threshold > 1 {
            s.temperature.set(hot::arm(threshold, 0));
            return None;
        }
        s.temperature.set(hot::after_failure(t, threshold));
        let code = self.frames.last()?.code.clone();
        let rec = Recorder::side(code, at, self.frames.len(), self.tier2.nesting, e, stub);
        self.start_recording(rec);
        None
    }

    /// The valid executor installed at offset `at` of the innermost frame's code, if any.
    pub(super) fn executor_at(&self, at: u32) -> Option<Rc<Executor>> {
        let code = &self.frames.last()?.code;
        let unit = code.code.get(at as usize)?.get();
        if unit as u8 != crate::bytecode::ops::Op::ENTER_EXECUTOR as u8 {
            return None;
        }
        let id = code.executors.borrow().get((unit >> 8) as usize)?.id;
        let e = self.tier2.get(id)?;
        (e.valid.get() && e.start == at).then(|| e.clone())
    }

    /// The executor the exit stub `stub` (for an exit to `target`) is linked to, if it is
    /// still valid: [`Vm::take_exit`]'s common case, without statistics or warming.
    #[inline(always)]
    pub(super) fn linked(&self, e: &Executor, stub: u16, target: u32) -> Option<Rc<Executor>> {
        let s = e.uops.get(stub as usize)?;
        if s.uop != Uop::_EXIT_TRACE || s.target != target {
            return None;
        }
        self.linked_stub(s)
    }

    /// The executor the `_EXIT_TRACE` stub `s` is linked to, if it is still valid.
    #[inline(always)]
    pub(super) fn linked_stub(&self, s: &UopInst) -> Option<Rc<Executor>> {
        let link = s.link.get();
        if link == COLD_LINK {
            return None;
        }
        let next = self.tier2.get(link)?;
        next.valid.get().then(|| next.clone())
    }

    /// Leaves `e` through exit stub `stub` with tier 1 to resume at `target`.
    pub(super) fn take_exit(&mut self, e: &Executor, stub: u16, target: u32) -> Ran {
        let Some(s) = e.uops.get(stub as usize) else {
            self.note_deopt_exit("no exit stub");
            return Ran::Tier1(target);
        };
        if s.uop != Uop::_EXIT_TRACE || s.target != target {
            self.note_deopt_exit(if s.uop == Uop::_EXIT_TRACE {
                "an exit elsewhere than its stub"
            } else {
                s.uop.name()
            });
            return Ran::Tier1(target);
        }
        if let Some(st) = self.tier2.stats.as_mut() {
            st.exits_taken += 1;
        }
        if let Some(next) = self.linked(e, stub, target) {
            let ran = Vm::link(s, next, target);
            if let Some(st) = self.tier2.stats.as_mut() {
                st.exits_linked += 1;
                st.loop_links += matches!(ran, Ran::Link(_, _, pc) if pc != 1) as u64;
            }
            return ran;
        }
        // No link, or the linked executor is gone: the exit is cold (again).
        s.link.set(COLD_LINK);
        self.cold_exit(e, stub, target)
    }

    /// The shared cold exit (`_COLD_EXIT`, the executor in registry slot 0): warms the exit
    /// and, when it is hot, starts recording a side trace from its target; then tier 1 runs.
    pub(super) fn cold_exit(&mut self, e: &Executor, stub: u16, target: u32) -> Ran {
        if let Some(st) = self.tier2.stats.as_mut() {
            st.cold_exits += 1;
        }
        // A stub's target is in the frame of the stub's code; the side trace starts there.
        let fi = self.frames.len() - 1;
        let here = e
            .codes
            .get(e.uops[stub as usize].code as usize)
            .is_some_and(|tc| Rc::ptr_eq(&tc.code, &self.frames[fi].code));
        if !here {
            return Ran::Tier1(target);
        }
        match self.warm_exit(e, stub, target) {
            Some(next) => Vm::link(&e.uops[stub as usize], next, target),
            None => Ran::Tier1(target),
        }
    }

    /// Goes on in `next` from the exit `s`: in its loop copy when `s` is a trace's end
    /// whose facts prove that loop's header (`opt::link`; `expect` names the executor),
    /// else at its start.
    #[inline(always)]
    pub(super) fn link(s: &UopInst, next: Rc<Executor>, target: u32) -> Ran {
        let pc = if s.expect == next.id.get() {
            next.loop_top as usize
        } else {
            1
        };
        Ran::Link(next, target, pc)
    }
}
