//! The recorder: its state, the per-instruction hook, and how a recording ends.

use alloc::rc::Rc;

use crate::bytecode::code::{code_flags, CodeObject};
use crate::bytecode::ops::{Op, Uop};
use crate::events::{EventMask, VmEvent};
use crate::exec::hot;
use crate::exec::ir::{Dep, Executor, ExecutorBuilder, Origin, TraceCode, UopInst, RETURNED};
use crate::exec::stats::bump;
use crate::interp::eval::Ctx;
use crate::object::types::Obj;
use crate::vm::Vm;

/// Most tier-1 instructions in one trace.
pub const MAX_TRACE_INSTRS: u32 = 400;
/// Most uops in one trace body (exit stubs not counted).
pub const MAX_TRACE_UOPS: usize = 1000;
/// How many frames deeper (calls) or shallower (returns) than where it started a trace may go.
pub const MAX_TRACE_DEPTH: usize = 8;
/// Most code objects one trace runs in.
const MAX_TRACE_CODES: usize = 16;

/// The instruction recorded last, waiting for its outcome.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pending {
    pub(crate) code: u8,
    pub(crate) depth: usize,
    pub(crate) this: u32,
    pub(crate) op: Op,
    pub(crate) arg: u32,
}

/// A recording in progress.
#[derive(Debug)]
pub(crate) struct Recorder {
    /// The `run_frames` nesting level it records (native code calling back into Python runs
    /// nested loops, which are not recorded: the call is one instruction of the trace).
    pub(crate) nesting: u32,
    pub(crate) b: ExecutorBuilder,
    start: u32,
    start_depth: usize,
    origin: Origin,
    parent: Option<(u32, u16)>,
    chain_depth: u8,
    pub(crate) pending: Option<Pending>,
    pub(crate) instrs: u32,
    /// The previous instruction may have run arbitrary code: the next one starts with
    /// `_CHECK_VALIDITY`.
    pub(crate) escaped: bool,
    /// Generator loop back-edges the trace went through (each at most once, see
    /// `end_reason`).
    passed: alloc::vec::Vec<(u8, u32)>,
    /// Keep a uop of every instruction, even those that are only the trace going on (a
    /// `_NOP` for a jump): runs with a budget count them (`exec::fuel`).
    pub(crate) every_instruction: bool,
    /// End a function-entry trace at a recursive call of the function (an exit that links
    /// back to the entry), rather than declining it: machine code follows those links and
    /// the returns to other call sites itself, where the uop executor runs recursion
    /// slower than the interpreter (set when the VM has a JIT).
    pub(crate) link_recursion: bool,
    /// A root recording's hot-spot backoff when it started (failed attempts before it):
    /// an abort backs off one step further.
    backoff: u32,
    /// A root recording that starts at a loop's back-edge (not at a function's entry).
    loop_root: bool,
}

/// Root loop recordings that leave the loop before closing it are retried this many times
/// before one is kept (see `Recorder::left_loop`).
const LEFT_LOOP_RETRIES: u32 = 3;

/// Why a recording ends at the current instruction.
enum End {
    /// Back at the start: `_JUMP_TO_TOP`.
    Close,
    /// At an existing executor: an exit linked to it.
    Link(u32, &'static str),
    /// Not worth a trace.
    Abort(&'static str),
    /// Anything else: an exit to the cold stub.
    Stop(&'static str),
}

impl Recorder {
    fn new(code: Rc<CodeObject>, start: u32, depth: usize, nesting: u32) -> Recorder {
        Recorder {
            nesting,
            b: ExecutorBuilder::new(code),
            start,
            start_depth: depth,
            origin: Origin::Root,
            parent: None,
            chain_depth: 0,
            pending: None,
            instrs: 0,
            escaped: false,
            passed: alloc::vec::Vec::new(),
            every_instruction: false,
            link_recursion: false,
            backoff: 0,
            loop_root: false,
        }
    }

    /// A root trace from a hot back-edge or function entry at `start` of `code`, whose
    /// hot spot had backed off `backoff` times.
    pub(crate) fn root(
        code: Rc<CodeObject>,
        start: u32,
        depth: usize,
        nesting: u32,
        backoff: u32,
    ) -> Recorder {
        let loop_root = matches!(code.instr(start as usize), Some((Op::JUMP_BACKWARD, _)));
        let mut r = Recorder::new(code, start, depth, nesting);
        r.backoff = backoff;
        r.loop_root = loop_root;
        r
    }

    /// Whether a root loop trace is about to record instruction `this` of code `code` at
    /// frame depth `depth` past its back-edge, having left the loop without closing it
    /// through `FOR_ITER` (`prev`, the instruction before) finding its iterator exhausted:
    /// the recording saw the loop's rare way out. (A `for` over a few items, such as a
    /// short generator's, records its end as often as not; a trace of the end makes its
    /// root guard fail on every other iteration.) Retried a few times before kept, for
    /// loops that hardly ever go round. (A `while` loop is left alone: one whose test
    /// mostly fails at once, such as a walk to the end of a short linked list, is best
    /// traced through its exit.)
    fn left_loop(&self, prev: Option<Op>, code: u8, this: u32, depth: usize) -> bool {
        self.loop_root
            && prev.is_some_and(|op| op.family_head() == Op::FOR_ITER)
            && code == 0
            && depth == self.start_depth
            && this > self.start
            && self.backoff < LEFT_LOOP_RETRIES
    }

    /// A side trace from exit `stub` of `parent`, starting at `target` of `code`.
    pub(crate) fn side(
        code: Rc<CodeObject>,
        target: u32,
        depth: usize,
        nesting: u32,
        parent: &Executor,
        stub: u16,
    ) -> Recorder {
        let mut r = Recorder::new(code.clone(), target, depth, nesting);
        crate::opt::link::seed(parent, stub, &code, target, &mut r.b);
        r.origin = Origin::Side;
        r.parent = Some((parent.id.get(), stub));
        r.chain_depth = parent.chain_depth + 1;
        r
    }

    /// The index of `code` in the trace's code table (added on first use).
    pub(crate) fn code_index(&mut self, code: &Rc<CodeObject>) -> Option<u8> {
        if let Some(i) = self.b.codes.iter().position(|c| Rc::ptr_eq(&c.code, code)) {
            return Some(i as u8);
        }
        if self.b.codes.len() >= MAX_TRACE_CODES {
            return None;
        }
        self.b.codes.push(TraceCode::new(code.clone()));
        Some((self.b.codes.len() - 1) as u8)
    }

    /// Copies the inline cache of the instruction at `at` of code `code` into the trace's
    /// snapshot (as it is now, right after the instruction ran), and the instruction unit
    /// as recorded (`op`, which may be the generic form of what the code holds).
    pub(crate) fn snapshot_cache(&mut self, code: u8, at: u32, op: Op, arg: u32) {
        let tc = &self.b.codes[code as usize];
        if let Some(u) = tc.caches.get(at as usize) {
            u.set(op as u32 | arg << 8);
        }
        for k in 1..=op.cache_units() {
            let i = at as usize + k;
            if let (Some(dst), Some(src)) = (tc.caches.get(i), tc.code.code.get(i)) {
                dst.set(src.get());
            }
        }
    }

    /// Whether the trace may go through the back-edge at `this` of code `code` at frame
    /// depth `depth` (a loop of another frame): only in a generator frame deeper than the
    /// trace's start, and once. A pipeline of generators (`for x in src: yield f(x)`) runs
    /// each stage's loop once per value its consumer takes: one trace through all of
    /// them keeps the pipeline inside one executor, where stopping at every stage's loop
    /// (linking executors) took an exit per stage and value.
    fn passes_generator_loop(&mut self, code: u8, this: u32, depth: usize) -> bool {
        let generator = self.b.codes[code as usize].code.flags & code_flags::GENERATOR != 0;
        if !generator
            || depth <= self.start_depth
            || self.passed.len() >= MAX_TRACE_DEPTH
            || self.passed.contains(&(code, this))
        {
            return false;
        }
        self.passed.push((code, this));
        true
    }

    /// Why the recording ends before the instruction about to run, if it does; `through`:
    /// the instruction is a generator loop's back-edge the trace records through.
    fn end_reason(
        &self,
        op: Op,
        arg: u32,
        (code, this, depth): (u8, u32, usize),
        through: bool,
    ) -> Option<End> {
        let at_start = code == 0 && this == self.start;
        if at_start && depth == self.start_depth && self.instrs > 0 {
            return Some(End::Close);
        }
        if op == Op::ENTER_EXECUTOR && !through {
            let id = self.b.codes[code as usize]
                .code
                .executors
                .borrow()
                .get(arg as usize)
                .map_or(0, |s| s.id);
            return Some(End::Link(id, "reached an executor"));
        }
        if at_start && self.origin == Origin::Root && self.instrs > 0 {
            // A function-entry trace that reaches its own entry again is recursion. Measured:
            // the uop executor runs recursive calls slower than the interpreter, which
            // switches frames in place for same-code calls (fib: 0.63x against 1.00x), so
            // without a JIT the trace is declined and the entry backs off exponentially.
            // Machine code follows the link back to the entry and the returns to other
            // call sites in code (fib: 0.29 s against 0.52 s).
            if self.link_recursion {
                return Some(End::Stop("recursive call"));
            }
            return Some(End::Abort("recursive function"));
        }
        if self.instrs >= MAX_TRACE_INSTRS || self.b.body.len() >= MAX_TRACE_UOPS {
            return Some(End::Stop("too long"));
        }
        if depth > self.start_depth + MAX_TRACE_DEPTH || depth + MAX_TRACE_DEPTH < self.start_depth
        {
            return Some(End::Stop("too deep"));
        }
        if self.instrs > 0 && op == Op::JUMP_BACKWARD && !through {
            // Another loop's back-edge: it gets its own executor; this trace links to it
            // once it exists (the exit warms and finds `ENTER_EXECUTOR` there).
            return Some(End::Stop("inner loop"));
        }
        if matches!(op, Op::RAISE_VARARGS | Op::RERAISE) {
            return Some(End::Stop("raises"));
        }
        None
    }
}

impl Vm {
    /// The recording hook: called by the recording loop before each instruction, with the
    /// opcode found there.
    #[inline(never)]
    ///
    /// Returns the instruction unit to run: `unit` itself, or, at a callee's entry that an
    /// executor replaced, the original `RESUME`, which the trace records through (a loop's
    /// trace keeps its small callees inline; loop executors are linked to).
    pub(crate) fn record_instr(&mut self, ctx: &Ctx, op: Op, unit: u32) -> u32 {
        let Some(mut rec) = self.tier2.recorder.take() else {
            return unit;
        };
        if rec.nesting != self.tier2.nesting {
            self.tier2.recorder = Some(rec);
            return unit;
        }
        let depth = self.frames.len();
        let code = self.frames[ctx.fi].code.clone();
        let (mut op, mut arg, mut run) = (op, unit >> 8, unit);
        if op == Op::ENTER_EXECUTOR && rec.instrs > 0 && !self.recursive_here(&rec, &code) {
            let slot = code.executors.borrow().get(arg as usize).copied();
            if let Some(s) = slot.filter(|s| s.original as u8 == Op::RESUME as u8) {
                (op, arg, run) = (Op::RESUME, s.original >> 8, s.original);
            }
        }
        let Some(ci) = rec.code_index(&code) else {
            self.abort_recording(*rec, "too many code objects");
            return unit;
        };
        let back_edge = match op {
            Op::JUMP_BACKWARD => Some((op, arg, run)),
            Op::ENTER_EXECUTOR => code
                .executors
                .borrow()
                .get(arg as usize)
                .filter(|s| s.original as u8 == Op::JUMP_BACKWARD as u8)
                .map(|s| (Op::JUMP_BACKWARD, s.original >> 8, s.original)),
            _ => None,
        };
        let mut through = false;
        if let Some(original) = back_edge {
            if rec.instrs > 0 && rec.passes_generator_loop(ci, ctx.this as u32, depth) {
                // Recorded (and run) as the original back-edge; `end_reason` lets it pass.
                (op, arg, run) = original;
                through = true;
            }
        }
        let prev = rec.pending.map(|p| p.op);
        if let Some(p) = rec.pending.take() {
            let deopted = core::mem::take(&mut self.tier2.rec_deopt);
            if let Err(reason) = rec.translate(p, deopted, ci, ctx.this as u32, depth) {
                self.abort_recording(*rec, reason);
                return unit;
            }
        }
        if rec.left_loop(prev, ci, ctx.this as u32, depth) {
            self.abort_recording(*rec, "left the loop");
            return unit;
        }
        match rec.end_reason(op, arg, (ci, ctx.this as u32, depth), through) {
            None => {}
            Some(End::Close) => {
                let at = ctx.this as u32;
                if core::mem::take(&mut rec.escaped) {
                    // The last instruction may have invalidated the executor: check before
                    // the loop goes round (the top's own check may have been optimized out).
                    let stub = rec.b.stub(Uop::_DEOPT, ci, at);
                    let mut u = UopInst::new(Uop::_CHECK_VALIDITY, 0, ci, at, at);
                    u.exit = stub;
                    rec.b.body.push(u);
                }
                rec.b
                    .body
                    .push(UopInst::new(Uop::_JUMP_TO_TOP, 0, ci, at, at));
                self.finish_recording(*rec, "loop closed");
                return unit;
            }
            Some(End::Link(id, why)) => {
                if rec.instrs == 0 {
                    self.abort_recording(*rec, "starts at an executor");
                    return unit;
                }
                let at = ctx.this as u32;
                let u = UopInst::new(Uop::_EXIT_TRACE, 0, ci, at, at);
                u.link.set(id);
                rec.b.body.push(u);
                self.finish_recording(*rec, why);
                return unit;
            }
            Some(End::Abort(why)) => {
                self.abort_recording(*rec, why);
                return unit;
            }
            Some(End::Stop(why)) => {
                if rec.instrs == 0 {
                    self.abort_recording(*rec, why);
                    return unit;
                }
                let at = ctx.this as u32;
                rec.b
                    .body
                    .push(UopInst::new(Uop::_EXIT_TRACE, 0, ci, at, at));
                self.finish_recording(*rec, why);
                return unit;
            }
        }
        self.record_deps(&mut rec, ctx, op, arg);
        rec.pending = Some(Pending {
            code: ci,
            depth,
            this: ctx.this as u32,
            op,
            arg,
        });
        rec.instrs += 1;
        self.tier2.rec_deopt = false;
        self.tier2.recorder = Some(rec);
        run
    }

    /// What the instruction about to run lets the trace assume (read from its operands
    /// before it runs, like CPython's recorded values).
    fn record_deps(&mut self, rec: &mut Recorder, ctx: &Ctx, op: Op, arg: u32) {
        let n = self.stack.len();
        let dep = match op.family_head() {
            Op::LOAD_GLOBAL => {
                let name = ctx.code.names.get((arg >> 1) as usize).copied();
                let hash = name.and_then(|nm| self.str_hash_of(nm));
                let globals = self.frames[ctx.fi].globals;
                if let Some(h) = hash {
                    for d in [globals, self.builtins] {
                        if self.dict_watchable(d) {
                            add_dep(rec, Dep::Global(d.0, h));
                        }
                    }
                }
                None
            }
            Op::LOAD_ATTR | Op::STORE_ATTR => {
                let obj = if op.family_head() == Op::STORE_ATTR {
                    self.peek(1)
                } else {
                    self.top()
                };
                self.user_class_of(obj).map(Dep::Class)
            }
            Op::BINARY_OP if op == Op::BINARY_OP_USER => {
                self.user_class_of(self.peek(2)).map(Dep::Class)
            }
            Op::COMPARE_OP if op == Op::COMPARE_OP_USER => {
                self.user_class_of(self.peek(2)).map(Dep::Class)
            }
            Op::CALL => {
                let callee = n
                    .checked_sub(arg as usize + 2)
                    .map(|i| self.stack[i])
                    .unwrap_or(crate::object::value::Value::UNDEF);
                match self.obj(callee) {
                    Some(Obj::Function(_)) => callee.as_obj().map(|r| Dep::Function(r.0)),
                    Some(Obj::BoundMethod { func, .. }) => {
                        func.as_obj().map(|r| Dep::Function(r.0))
                    }
                    Some(Obj::Class(_)) => callee.as_obj().map(|r| Dep::Class(r.0)),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(d) = dep {
            add_dep(rec, d);
        }
    }

    fn user_class_of(&self, v: crate::object::value::Value) -> Option<u32> {
        match self.obj(v) {
            Some(Obj::Instance(i)) => Some(i.class.0),
            Some(Obj::Class(_)) => v.as_obj().map(|r| r.0),
            _ => None,
        }
    }

    /// Whether `code` (entered by the innermost frame) already runs in a frame the trace
    /// went through below it: a call to it is then recursion, which the trace links to
    /// instead of inlining. A function called twice in a row is inlined both times.
    fn recursive_here(&self, rec: &Recorder, code: &Rc<CodeObject>) -> bool {
        let depth = self.frames.len();
        let lowest = rec.start_depth.min(depth).saturating_sub(1);
        self.frames[lowest..depth.saturating_sub(1)]
            .iter()
            .any(|f| Rc::ptr_eq(&f.code, code))
    }

    fn finish_recording(&mut self, rec: Recorder, why: &'static str) {
        let Recorder {
            b,
            start,
            origin,
            parent,
            chain_depth,
            ..
        } = rec;
        let Some(mut opt) = self.tier2.optimizer.take() else {
            return;
        };
        let r = opt.finish_trace(self, b);
        self.tier2.optimizer = Some(opt);
        let mut b = match r {
            Ok(b) => b,
            Err(reason) => return self.note_abort(reason),
        };
        b.note_shape_depths(&self.shapes);
        let start_code = b.codes[0].code.clone();
        let e = b.build_with(origin, start, chain_depth, !self.tier2.uop_helpers);
        let Some(rc) = self.tier2.register(e) else {
            return self.note_abort("no executor slot");
        };
        let id = rc.id.get();
        let placed = match (origin, parent) {
            (Origin::Side, Some((pid, stub))) => match self.tier2.get(pid) {
                Some(p) if p.valid.get() => {
                    if let Some(s) = p.uops.get(stub as usize) {
                        s.link.set(id);
                    }
                    true
                }
                _ => false,
            },
            _ => self.tier2.install(&start_code, start, id),
        };
        if !placed {
            self.tier2.remove(id);
            return self.note_abort("nowhere to install");
        }
        self.tier2.enforce_memory_limit();
        if self.wants_event(EventMask::TRACES | EventMask::JIT) {
            self.report_trace(&rc, origin);
        }
        if let Some(s) = self.tier2.stats.as_mut() {
            s.traces_completed += 1;
            if origin == Origin::Side {
                s.side_traces += 1;
            }
            bump(&mut s.trace_ends, why);
        }
    }

    /// Abandons the recording in progress (an exception, a budget, an untranslatable
    /// instruction). The hot spot backs off before trying again.
    pub(crate) fn abort_recording(&mut self, rec: Recorder, why: &'static str) {
        if rec.origin == Origin::Root {
            let code = &rec.b.codes[0].code;
            if let Some(cell) = code.code.get(rec.start as usize + 1) {
                let t = self.tier2.thresholds.back_edge;
                cell.set(hot::arm(t, rec.backoff + 1));
            }
        }
        self.note_abort(why);
    }

    /// The run loop of the recording's nesting level is returning to native code (the
    /// entry frame returned: a dunder or callback called from native code). The trace ends
    /// before the instruction that returned, which tier 1 runs. The test is inline and the
    /// work out of line: every nested run (a dunder, a generator step) passes here.
    #[inline(always)]
    pub(crate) fn end_recording_here(&mut self) {
        if self.tier2.recording_here() {
            self.end_recording();
        }
    }

    #[inline(never)]
    fn end_recording(&mut self) {
        let Some(mut rec) = self.tier2.recorder.take() else {
            return;
        };
        match rec.pending.take() {
            Some(p) if rec.instrs >= 2 && !rec.b.body.is_empty() => {
                let returns = matches!(
                    p.op.uops().last(),
                    Some(Uop::_RETURN_VALUE | Uop::_YIELD_VALUE)
                );
                let deopted = core::mem::take(&mut self.tier2.rec_deopt);
                if returns && !deopted {
                    // The trace keeps the return (or yield) to native code: run in the
                    // trace it leaves the run loop as in tier 1. It expects no frame (an
                    // offset no frame has), so a return into a Python frame is a dynamic
                    // exit. (Ending before the return instead left every call through the
                    // cold exit, and a side trace from there can never be recorded.)
                    let depth = p.depth.saturating_sub(1);
                    if rec.translate(p, false, p.code, RETURNED, depth).is_ok() {
                        return self.finish_recording(*rec, "returned to native code");
                    }
                    return self.abort_recording(*rec, "left the run loop");
                }
                let u = UopInst::new(Uop::_EXIT_TRACE, 0, p.code, p.this, p.this);
                rec.b.body.push(u);
                self.finish_recording(*rec, "returned to native code");
            }
            _ => self.abort_recording(*rec, "left the run loop"),
        }
    }

    /// Abandons the recording in progress at this nesting level, if any.
    pub(crate) fn abort_recording_here(&mut self, why: &'static str) {
        if self.tier2.recording_here() {
            if let Some(rec) = self.tier2.recorder.take() {
                self.abort_recording(*rec, why);
            }
        }
    }

    fn note_abort(&mut self, why: &'static str) {
        if let Some(s) = self.tier2.stats.as_mut() {
            bump(&mut s.traces_aborted, why);
        }
        if self.wants_event(EventMask::TRACES) {
            self.send_event(&VmEvent::TraceAborted { reason: why });
        }
    }

    /// Reports a trace just installed (root or side) and its machine code, as asked.
    #[cold]
    #[inline(never)]
    fn report_trace(&mut self, e: &Executor, origin: Origin) {
        let Some(start) = e.codes.first().map(|c| c.code.clone()) else {
            return;
        };
        if self.wants_event(EventMask::TRACES) {
            let uops = e.uops.len();
            self.send_code_event(&start, e.start, |code, line| match origin {
                Origin::Side => VmEvent::SideTraceStitched { code, line, uops },
                _ => VmEvent::TraceRecorded { code, line, uops },
            });
        }
        let compiled = e.compiled();
        if let (true, Some(c)) = (self.wants_event(EventMask::JIT), compiled) {
            let bytes = c.block().len();
            self.send_code_event(&start, e.start, |code, line| VmEvent::MachineCode {
                code,
                line,
                bytes,
            });
        }
    }
}

fn add_dep(rec: &mut Recorder, d: Dep) {
    if !rec.b.deps.contains(&d) {
        rec.b.deps.push(d);
    }
}
