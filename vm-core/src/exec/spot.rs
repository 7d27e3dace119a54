//! What the interpreter does at hot spots, and the tier-2 entry points of the embedding API.

use alloc::rc::Rc;

use super::api::{Compiled, HotKind, HotSpot};
use super::hot;
use super::ir::{Dep, Executor};
use super::registry::DICT_MUTATION_CAP;
use super::stats::Tier2Stats;
use crate::bytecode::code::CodeObject;
use crate::bytecode::ops::Op;
use crate::interp::eval::{Ctx, Flow};
use crate::object::value::ObjRef;
use crate::trace::record::Recorder;
use crate::vm::{PyErr, Vm};

impl Vm {
    /// `_HOT_COUNT` (first uop of `JUMP_BACKWARD` and `RESUME`): counts down the hot-spot
    /// counter in the instruction's cache unit. With the null optimizer this is one test of
    /// a flag.
    #[inline(always)]
    pub(crate) fn hot_count(&mut self, ctx: &Ctx) -> Result<Flow, PyErr> {
        if !self.tier2.counting {
            return Ok(Flow::Next);
        }
        let Some(cell) = ctx.code.code.get(ctx.this + 1) else {
            return Ok(Flow::Next);
        };
        match hot::tick(cell.get()) {
            Some(c) => {
                cell.set(c);
                Ok(Flow::Next)
            }
            None => self.hot_fire(ctx),
        }
    }

    /// A hot counter fired (or must be armed): asks the optimizer.
    #[inline(never)]
    fn hot_fire(&mut self, ctx: &Ctx) -> Result<Flow, PyErr> {
        let cell = &ctx.code.code[ctx.this + 1];
        let c = cell.get();
        let kind = match ctx.code.instr(ctx.this) {
            Some((Op::RESUME, _)) => HotKind::FunctionEntry,
            _ => HotKind::BackEdge,
        };
        let threshold = match kind {
            HotKind::BackEdge => self.tier2.thresholds.back_edge,
            HotKind::FunctionEntry => self.tier2.thresholds.function_entry,
        };
        if !hot::is_armed(c) && threshold > 1 {
            cell.set(hot::arm(threshold, 0));
            return Ok(Flow::Next);
        }
        if self.tier2.recorder.is_some() || self.stop_due() {
            cell.set(hot::after_failure(c, threshold));
            return Ok(Flow::Next);
        }
        let Some(mut opt) = self.tier2.optimizer.take() else {
            return Ok(Flow::Next);
        };
        let code = self.frames[ctx.fi].code.clone();
        let spot = HotSpot {
            code: &code,
            offset: ctx.this as u32,
            kind,
            frame: ctx.fi,
        };
        let r = opt.compile(self, &spot);
        self.tier2.optimizer = Some(opt);
        match r {
            Compiled::Executor(e) => {
                cell.set(hot::arm(threshold, 0));
                if self.install_executor(e, &code, ctx.this as u32).is_some() {
                    // Re-dispatch the instruction, now `ENTER_EXECUTOR` (whose executor
                    // counts it again).
                    self.charge_fuel(-1);
                    self.frames[ctx.fi].ip = ctx.this as u32;
                    return Ok(Flow::Reload);
                }
                cell.set(hot::after_failure(c, threshold));
            }
            Compiled::Record => {
                cell.set(hot::arm(threshold, 0));
                let (at, depth, nesting) = (ctx.this as u32, self.frames.len(), self.tier2.nesting);
                let rec = Recorder::root(code, at, depth, nesting, c & 0xF);
                self.start_recording(rec);
                // Re-run the instruction in the recording loop: it is the trace's first
                // (and counted again).
                self.charge_fuel(-1);
                self.frames[ctx.fi].ip = ctx.this as u32;
                return Ok(Flow::Reload);
            }
            Compiled::Declined(_) => cell.set(hot::after_failure(c, threshold)),
        }
        Ok(Flow::Next)
    }

    /// Registers `e` and installs it as `ENTER_EXECUTOR` at `offset` of `code` (a
    /// `JUMP_BACKWARD` or `RESUME`). Returns its id.
    pub(crate) fn install_executor(
        &mut self,
        e: Executor,
        code: &CodeObject,
        offset: u32,
    ) -> Option<u32> {
        let rc = self.tier2.register(e)?;
        let id = rc.id.get();
        if !self.tier2.install(code, offset, id) {
            self.tier2.remove(id);
            return None;
        }
        self.tier2.enforce_memory_limit();
        Some(id)
    }

    pub(crate) fn start_recording(&mut self, rec: Recorder) {
        if let Some(s) = self.tier2.stats.as_mut() {
            s.traces_started += 1;
        }
        self.tier2.rec_deopt = false;
        let mut rec = rec;
        rec.every_instruction = self.fuel_limited();
        // (Under a fuel budget machine code does not run, and the uop executor alone runs
        // recursion slower than tier 1: recursive traces are declined as without a JIT.
        // The fuzzer found a run out of fuel a few instructions away from tier 1's with
        // such a trace, one ending at its own start in a generator's deeper frame.)
        rec.link_recursion = self.tier2.jit.is_some() && !rec.every_instruction;
        self.tier2.recorder = Some(alloc::boxed::Box::new(rec));
    }

    /// Something an executor may have assumed changed: invalidate its dependents.
    #[inline]
    pub(crate) fn tier2_changed(&mut self, dep: Dep) {
        if self.tier2.watched.may_contain(dep.key()) {
            self.tier2_invalidate(dep);
        }
    }

    #[inline(never)]
    fn tier2_invalidate(&mut self, dep: Dep) {
        let count = self.tier2.invalidate(dep);
        if count > 0 && self.wants_event(crate::events::EventMask::TRACES) {
            self.send_event(&crate::events::VmEvent::ExecutorsInvalidated { count });
        }
        if count > 0 {
            if let Dep::Global(d, _) = dep {
                match self.tier2.dict_mutations.iter_mut().find(|(x, _)| *x == d) {
                    Some(e) => e.1 += 1,
                    None => self.tier2.dict_mutations.push((d, 1)),
                }
            }
        }
    }

    /// Whether the bindings of dict `d` may still become trace assumptions (a dict that
    /// keeps being rebound under running traces stops being one; see `DICT_MUTATION_CAP`).
    pub(crate) fn dict_watchable(&self, d: ObjRef) -> bool {
        !self
            .tier2
            .dict_mutations
            .iter()
            .any(|&(x, n)| x == d.0 && n >= DICT_MUTATION_CAP)
    }

    /// A binding in a dict changed (`STORE_GLOBAL`, module attribute assignment, `del`, any
    /// `d[k] = v`): executors that read that name from that dict as a global are
    /// invalidated. `hash` is the key's hash.
    #[inline]
    pub(crate) fn tier2_dict_changed(&mut self, d: ObjRef, hash: u64) {
        if self.tier2.alive_hint() {
            self.tier2_changed(Dep::Global(d.0, hash));
        }
    }

    /// Tier-2 statistics, when enabled (`Config::stats`).
    pub fn tier2_stats(&self) -> Option<Tier2Stats> {
        let mut s = (**self.tier2.stats.as_ref()?).clone();
        s.executors_alive = self.tier2.alive() as u64;
        s.executor_memory = self.tier2.memory as u64;
        if let Some(spec) = self.spec.stats.as_ref() {
            s.instrs_in_tier1 = Op::ALL.iter().map(|&op| spec.executions(op)).sum();
        }
        Some(s)
    }

    /// Number of live executors.
    pub fn executor_count(&self) -> usize {
        self.tier2.alive()
    }

    /// The live executors (for introspection and tests).
    pub fn executors(&self) -> alloc::vec::Vec<Rc<Executor>> {
        self.tier2.executors().cloned().collect()
    }

    /// Replaces executor `old` by `new` (seed 003's `_Py_Executor_Replace`: an executor
    /// may replace itself with a better one). Returns false when `old` is gone.
    pub fn replace_executor(&mut self, old: u32, new: Executor) -> bool {
        let Some(rc) = self.tier2.register(new) else {
            return false;
        };
        if self.tier2.replace(old, &rc) {
            true
        } else {
            self.tier2.remove(rc.id.get());
            false
        }
    }

    /// Frees every executor (tier 1 takes over everywhere; hot spots warm up again).
    pub fn clear_executors(&mut self) {
        let ids: alloc::vec::Vec<u32> = self.tier2.executors().map(|e| e.id.get()).collect();
        for id in ids {
            self.tier2.remove(id);
        }
    }
}
