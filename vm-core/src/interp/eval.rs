//! The tier-1 interpreter loop and its dispatch tables.
//!
//! The dispatch `match` is generated from the op table: every instruction runs its uops in
//! order through [`Vm::exec_uop`] (in `uops`), which holds the one body of every uop (tier 2
//! runs the same bodies over traces). Python calls push frames on `Vm::frames` and continue
//! in the same loop; nothing here recurses on the Rust stack except calls made by native code.

use alloc::vec::Vec;
use core::cell::Cell;

use crate::bytecode::code::CodeObject;
use crate::bytecode::ops::Op;
#[cfg(feature = "tier2")]
use crate::bytecode::ops::{Flags, Uop};
use crate::object::value::Value;
use crate::vm::{PyErr, PyResult, Vm};

/// What a uop tells the loop to do next.
pub(crate) enum Flow {
    /// Continue with the next uop / instruction.
    Next,
    /// The frame stack changed (call, return, yield): reload the frame state.
    Reload,
    /// The entry frame finished: return this value to the Rust caller.
    Exit(Value),
    /// A guard of a specialized instruction failed before any side effect: run the
    /// instruction's generic form instead.
    Deopt,
}

/// The interpreter's view of the innermost frame.
pub(crate) struct Ctx<'a> {
    /// The frame's code, borrowed from the `Rc` the loop holds for the frame's lifetime.
    pub(crate) code: &'a CodeObject,
    /// Where the inline caches are read from, indexed like `code.code`: the code itself in
    /// tier 1, the executor's snapshot of them in a trace (see `exec::ir`).
    pub(crate) caches: &'a [Cell<u32>],
    pub(crate) base: usize,
    /// Next instruction.
    pub(crate) ip: usize,
    /// The instruction being executed.
    pub(crate) this: usize,
    /// Index of the frame in `Vm::frames`.
    pub(crate) fi: usize,
}

impl<'a> Ctx<'a> {
    /// Whether the caches are the code's own (tier 1), not an executor's snapshot.
    #[inline(always)]
    pub(crate) fn in_tier1(&self) -> bool {
        core::ptr::eq(self.caches.as_ptr(), self.code.code.as_ptr())
    }

    /// The context of a frame running `code` in tier 1 (caches read from the code).
    #[inline]
    pub(crate) fn new(
        code: &'a CodeObject,
        base: usize,
        ip: usize,
        this: usize,
        fi: usize,
    ) -> Self {
        Ctx {
            code,
            caches: &code.code,
            base,
            ip,
            this,
            fi,
        }
    }

    #[inline]
    pub(crate) fn jump(&mut self, target: u32) {
        self.ip = target as usize;
    }
}

/// What an instruction handler tells the loop. A one-byte value, so it comes back in a
/// register; the value of `Exit` and the exception of `Error` travel in `Vm::step_value`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    Next,
    Reload,
    Exit,
    Deopt,
    Error,
    /// Only from the uop executor's own entries in its dispatch table (`exec::table`):
    /// nothing ran, the executor handles the uop out of line. Never from a tier-1 handler.
    #[cfg_attr(
        not(feature = "tier2"),
        allow(dead_code, reason = "only the uop executor returns it")
    )]
    Slow,
}

/// An instruction handler: the instruction's uops in order.
pub(crate) type Handler = fn(&mut Vm, &mut Ctx, u32) -> Step;

/// A uop handler of the uop executor: one uop's body.
#[cfg(feature = "tier2")]
pub(crate) type UopHandler = fn(&mut Vm, &mut Ctx, u32) -> Step;

macro_rules! uop_table {
    ($($name:ident |$a:ident| ($pops:expr, $pushes:expr) $(/ ($jpops:expr, $jpushes:expr))? {$($f:ident)|*} $(replaces [$($from:ident),*])?;)*) => {
        /// One handler per uop (indexed by `Uop as usize`), for the uop executor: each is
        /// `exec_uop` specialized to its uop, so traces run the same bodies as tier 1 with
        /// one indirect call per uop. 256 entries (the rest raise), so a `u8` index needs no
        /// bounds check.
        #[cfg(feature = "tier2")]
        pub(crate) static UOP_HANDLERS: [UopHandler; 256] = {
            const DEFINED: &[UopHandler] = &[
                $(
                    |vm: &mut Vm, ctx: &mut Ctx, arg: u32| -> Step {
                        if const { Uop::$name.flags().contains(Flags::ESCAPES) } {
                            vm.reify_frame(ctx);
                        }
                        let r = vm.exec_uop(ctx, Uop::$name, arg);
                        to_step(vm, r)
                    },
                )*
            ];
            let mut t: [UopHandler; 256] = [invalid_op; 256];
            let mut i = 0;
            while i < DEFINED.len() {
                t[i] = DEFINED[i];
                i += 1;
            }
            t
        };
    };
}

crate::for_each_uop!(uop_table);

#[inline(always)]
pub(crate) fn to_step(vm: &mut Vm, r: Result<Flow, PyErr>) -> Step {
    match r {
        Ok(Flow::Next) => Step::Next,
        Ok(Flow::Reload) => Step::Reload,
        Ok(Flow::Deopt) => Step::Deopt,
        Ok(Flow::Exit(v)) => {
            vm.step_value = v;
            Step::Exit
        }
        Err(e) => {
            vm.step_value = e.0;
            Step::Error
        }
    }
}

/// A handler that runs `uops` in order as one dispatch, for an instruction whose inline
/// cache is `cache` units and which may grow the stack when `grows` (of the oparg `a`) holds:
/// what tier 1 runs for an instruction, and the uop executor for a whole instruction or a
/// dispatch form (`exec::forms`). Each is a small function of its own, so the optimizer
/// allocates registers per instruction instead of across one giant loop body (measured
/// faster than a single `match`; see docs/PERFORMANCE.md).
macro_rules! uops_handler {
    ($cache:expr, |$a:ident| $grows:expr, [$($uop:ident),*]) => {
        |vm: &mut $crate::vm::Vm, ctx: &mut $crate::interp::eval::Ctx, arg: u32| -> $crate::interp::eval::Step {
            use $crate::interp::eval::{stack_overflow, to_step, Ctx, Flow};
            use $crate::vm::{PyErr, Vm};
            // The next instruction follows this one's inline cache (a constant here).
            ctx.ip = ctx.this + 1 + $cache;
            // An instruction that may escape makes its frame record exact first (a
            // constant test: its uops' flags).
            const ESCAPES: bool =
                $($crate::bytecode::ops::Uop::$uop.flags().contains($crate::bytecode::ops::Flags::ESCAPES) ||)* false;
            if ESCAPES {
                vm.reify_frame(ctx);
            }
            #[inline(always)]
            fn body(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
                $(
                    match vm.exec_uop(ctx, $crate::bytecode::ops::Uop::$uop, arg)? {
                        Flow::Next => {}
                        other => return Ok(other),
                    }
                )*
                Ok(Flow::Next)
            }
            let r = body(vm, ctx, arg);
            // Only an instruction that grows the stack can overflow it (the flag is
            // sticky, so the next growing instruction reports anything else, and
            // debug builds assert at the push). The effect is a constant for most
            // instructions, so the check vanishes from those that do not grow it.
            #[allow(unused_variables, reason = "opargs that do not affect the effect")]
            let grows = { let $a = arg; $grows };
            if grows && vm.stack.overflowed() {
                return stack_overflow(vm);
            }
            to_step(vm, r)
        }
    };
}
#[cfg(feature = "tier2")]
pub(crate) use uops_handler;

macro_rules! handler_table {
    ($($name:ident $cache:literal |$a:ident| ($pops:expr, $pushes:expr) {$($f:ident)|*} [$($uop:ident),*] $(oparg $kind:expr)?;)*) => {
        /// One handler per opcode (indexed by `Op as usize`).
        pub(crate) const OP_HANDLERS: &[Handler] = &[
            $(uops_handler!($cache, |$a| ($pushes) as i64 > ($pops) as i64, [$($uop),*]),)*
        ];

        /// The handler table indexed by the low byte of an instruction unit: the defined
        /// opcodes, then [`invalid_op`] for every byte no opcode uses, so dispatch needs no
        /// range check. A build without the `specialize` feature never writes a specialized
        /// form or a super-instruction, so it leaves their handlers (and the code only they
        /// reach) out.
        pub(crate) static HANDLERS: [Handler; 256] = {
            let mut t: [Handler; 256] = [invalid_op; 256];
            let mut i = 0;
            while i < OP_HANDLERS.len() {
                let op = Op::ALL[i];
                let quickened =
                    op.family_head() as u8 != op as u8 || op.fused_pair().is_some();
                if cfg!(feature = "specialize") || !quickened {
                    t[i] = OP_HANDLERS[i];
                }
                i += 1;
            }
            t
        };
    };
}

crate::for_each_op!(handler_table);

/// [`Op::fuel_weight`] by opcode byte (bytes that are no opcode raise: 1), for the
/// interpreter's counting loop.
static FUEL_WEIGHTS: [u8; 256] = {
    let mut t = [1u8; 256];
    let mut i = 0;
    while i < Op::ALL.len() {
        t[i] = Op::ALL[i].fuel_weight();
        i += 1;
    }
    t
};

/// A push found the value stack full: the compiler's stack bound was wrong. The instruction
/// raises `SystemError` (see `interp::stack`).
#[cold]
#[inline(never)]
pub(crate) fn stack_overflow(vm: &mut Vm) -> Step {
    vm.stack.take_overflow();
    vm.step_value = vm.internal_error("value stack overflow").0;
    // Opaque to the optimizer: a handler then ends in a tail call here rather than a call
    // and a constant, and a handler that calls nothing else needs no stack frame.
    core::hint::black_box(Step::Error)
}

/// The handler of bytes that are not opcodes (the compiler never emits them).
pub(crate) fn invalid_op(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Step {
    vm.step_value = vm.internal_error("invalid instruction").0;
    Step::Error
}

impl Vm {
    /// Runs frames until the frame at index `entry` returns (it must be an entry frame whose
    /// `on_return` is `Rust`). Returns its value, or the exception that escaped it.
    pub(crate) fn run_frames(&mut self, entry: usize) -> PyResult<Value> {
        if self.is_terminating() {
            // Native code that went on after a termination (it swallowed the error) cannot
            // run script code again.
            return Err(self.terminated());
        }
        self.tier2.nesting += 1;
        let r = loop {
            // Statistics, stress mode and trace recording take a hook before every
            // instruction, and a budget a count; the normal loop is compiled without
            // either. A loop returns `None` to switch variants (a recording started or
            // ended) with the frames up to date.
            let r = match (self.slow_loop(), self.fuel_limited()) {
                (false, false) => self.run_loop::<false, false>(entry),
                (false, true) => self.run_loop::<false, true>(entry),
                (true, false) => self.run_loop::<true, false>(entry),
                (true, true) => self.run_loop::<true, true>(entry),
            };
            if let Some(r) = r {
                break r;
            }
        };
        // The entry frame finished with a recording of this level in progress: the trace
        // ends before the return (a raise already abandoned it).
        self.end_recording_here();
        self.tier2.nesting -= 1;
        if self.is_terminating() {
            return Err(self.terminated());
        }
        r
    }

    /// Whether the interpreter runs its loop with a hook before every instruction:
    /// statistics, stress mode, a recording, memory pressure after a `MemoryError`.
    #[inline(always)]
    fn slow_loop(&self) -> bool {
        self.spec.slow || self.tier2.recording_here() || self.heap.under_pressure()
    }

    /// After a `MemoryError`, collects at an instruction boundary while the request that
    /// failed would still not fit, so data the handler dropped (`L = None`) is free before
    /// the next allocation. Any instruction boundary is a safe point: native code that called into
    /// Python keeps its values rooted. Rare and bounded (`Heap::arm_pressure`).
    #[cold]
    #[inline(never)]
    fn relieve_pressure(&mut self) {
        if self.heap.pressure_wants_collection() {
            self.collect_garbage();
            self.heap.note_pressure_collection();
            self.run_finalizers();
        } else {
            self.heap.note_pressure_collection();
        }
    }

    /// The interpreter loop. `SLOW`: a hook before every instruction (statistics, stress
    /// mode, recording, memory pressure). `FUEL`: every dispatch counts against the run's
    /// budget.
    fn run_loop<const SLOW: bool, const FUEL: bool>(
        &mut self,
        entry: usize,
    ) -> Option<PyResult<Value>> {
        // The table's address in a register for the whole run, where the optimizer would
        // compute it again before every dispatch.
        let handlers: &[Handler; 256] = core::hint::black_box(&HANDLERS);
        'reload: loop {
            // (The index first: the count of the `Rc` below may alias the frame list.)
            let fi = self.frames.len().wrapping_sub(1);
            let Some(frame) = self.frames.get(fi) else {
                return Some(Err(self.internal_error("no frame to run")));
            };
            let (base, ip) = (frame.base as usize, frame.ip as usize);
            let code = frame.code.clone();
            let mut ctx = Ctx::new(&code, base, ip, ip, fi);
            let units = &code.code[..];
            loop {
                let Some(unit) = units.get(ctx.ip) else {
                    let e = self.internal_error("instruction offset out of range");
                    match self.handle_exception(e, &mut ctx, entry) {
                        Ok(()) => continue 'reload,
                        Err(e) => return Some(Err(e)),
                    }
                };
                #[allow(unused_mut, reason = "only the recording variant replaces the unit")]
                let mut unit = unit.get();
                ctx.this = ctx.ip;
                let mut byte = unit as u8;
                if SLOW {
                    if self.heap.under_pressure() {
                        self.relieve_pressure();
                        if !self.slow_loop() {
                            self.frames[ctx.fi].ip = ctx.this as u32;
                            return None;
                        }
                    }
                    if let Some(mut op) = Op::from_u8(byte) {
                        if self.tier2.recording_here() {
                            // The recorder may have the instruction an executor replaced
                            // run instead (a callee's entry it records through).
                            unit = self.record_instr(&ctx, op, unit);
                            if !self.tier2.recording_here() {
                                // The recording ended here (an executor may now sit at this
                                // instruction): go on in the variant that fits.
                                self.frames[ctx.fi].ip = ctx.this as u32;
                                return None;
                            }
                            op = Op::from_u8(unit as u8).unwrap_or(op);
                        }
                        byte = self.spec_slow_path(op) as u8;
                        if byte != op as u8 {
                            self.tier2.rec_deopt = true;
                        }
                    }
                }
                if FUEL {
                    self.fuel -= i64::from(FUEL_WEIGHTS[byte as usize]);
                    self.note_fuel();
                }
                let step = handlers[byte as usize](self, &mut ctx, unit >> 8);
                match step {
                    Step::Next => continue,
                    // The common frame change (a call, a return, a generator hop), before
                    // the general match below (a jump table).
                    Step::Reload if !SLOW && !self.tier2.recording_here() => continue 'reload,
                    _ => {}
                }
                let step = match step {
                    Step::Deopt => self.run_deopt(&mut ctx, byte, unit),
                    other => other,
                };
                let err = match step {
                    Step::Next => continue,
                    Step::Reload => {
                        // `spec.slow` is fixed for the VM's lifetime and pressure starts
                        // only in the unwinder: the normal loop only tests for a recording
                        // (one test per call and return). (A budget set during a run takes
                        // effect at the next.)
                        let slow = (SLOW && (self.spec.slow || self.heap.under_pressure()))
                            || self.tier2.recording_here();
                        if slow != SLOW {
                            return None;
                        }
                        continue 'reload;
                    }
                    Step::Exit => {
                        return Some(Ok(core::mem::replace(&mut self.step_value, Value::NONE)))
                    }
                    Step::Deopt => self.internal_error("deoptimization of a generic instruction"),
                    Step::Slow => self.internal_error("a tier-2 dispatch entry in tier 1"),
                    Step::Error => PyErr(core::mem::replace(&mut self.step_value, Value::NONE)),
                };
                if SLOW {
                    self.abort_recording_here("exception");
                }
                match self.handle_exception(err, &mut ctx, entry) {
                    // (A `MemoryError` handler runs under pressure: maybe another variant.)
                    Ok(()) if self.slow_loop() != SLOW => return None,
                    Ok(()) => continue 'reload,
                    Err(e) => return Some(Err(e)),
                }
            }
        }
    }

    /// A specialized instruction's guard failed: run its family head (the generic form),
    /// which cannot deoptimize. Out of line: misses are rare in a well-specialized program.
    /// (It takes the whole `unit` and finds the oparg itself, so the loop keeps no copy of
    /// the oparg across each handler call. Cold: the loop then tests for a frame change
    /// before a deoptimization.)
    #[cold]
    #[inline(never)]
    fn run_deopt(&mut self, ctx: &mut Ctx, byte: u8, unit: u32) -> Step {
        let arg = unit >> 8;
        let Some(op) = Op::from_u8(byte) else {
            return Step::Deopt;
        };
        if op == Op::ENTER_EXECUTOR {
            // The executor made no progress: run the instruction it replaced.
            let orig = self.tier2.enter_original;
            if orig as u8 == Op::ENTER_EXECUTOR as u8 {
                return Step::Deopt;
            }
            // (`ENTER_EXECUTOR` counts nothing: the executor counts what it runs.)
            self.charge_fuel(i64::from(FUEL_WEIGHTS[orig as u8 as usize]));
            return HANDLERS[orig as u8 as usize](self, ctx, orig >> 8);
        }
        if !op.is_specialized() {
            return Step::Deopt;
        }
        if self.tier2.recorder.is_some() {
            self.tier2.rec_deopt = true;
        }
        self.note_deopt(op);
        let head = op.family_head();
        // A fused form's head covers its first instruction only: the second is dispatched
        // on its own after it.
        self.charge_fuel(i64::from(head.fuel_weight()) - i64::from(op.fuel_weight()));
        HANDLERS[head as usize](self, ctx, arg)
    }

    /// Pushes in an instruction: into the room the frame reserved (see `interp::stack`).
    #[inline(always)]
    pub(crate) fn push(&mut self, v: Value) {
        self.stack.push_reserved(v);
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Value {
        self.stack.pop().unwrap_or(Value::UNDEF)
    }

    #[inline]
    pub(crate) fn top(&self) -> Value {
        self.stack.last().copied().unwrap_or(Value::UNDEF)
    }

    /// The n-th item from the top (1 = top).
    #[inline]
    pub(crate) fn peek(&self, n: usize) -> Value {
        let len = self.stack.len();
        if n == 0 || n > len {
            return Value::UNDEF;
        }
        self.stack[len - n]
    }

    /// Pops `n` items, bottom first.
    pub(crate) fn pop_n(&mut self, n: usize) -> Vec<Value> {
        let at = self.stack.len().saturating_sub(n);
        self.stack.split_off(at)
    }
}
