//! The tier-1 interpreter loop.
//!
//! The dispatch `match` is generated from the op table: every instruction runs its uops in
//! order through [`Vm::exec_uop`], which holds the one body of every uop (tier 2 runs the
//! same bodies over traces). Python calls push frames on `Vm::frames` and continue in the
//! same loop; nothing here recurses on the Rust stack except calls made by native code.

use alloc::vec::Vec;
use core::cell::Cell;

use crate::bytecode::code::CodeObject;
use crate::bytecode::ops::{BinaryOp, CompareOp, Intrinsic, Op, Uop, COMPARE_TO_BOOL};
use crate::interp::spec_uops::{list_items, tuple_items};
use crate::object::types::Obj;
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
    fn jump(&mut self, target: u32) {
        self.ip = target as usize;
    }
}

/// The oparg of the unit after the instruction: the second half of a super-instruction.
#[inline(always)]
fn next_arg(ctx: &Ctx) -> u32 {
    ctx.code.code.get(ctx.this + 1).map_or(0, |c| c.get() >> 8)
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
    Slow,
}

/// An instruction handler: the instruction's uops in order.
pub(crate) type Handler = fn(&mut Vm, &mut Ctx, u32) -> Step;

/// A uop handler of the uop executor: one uop's body.
pub(crate) type UopHandler = fn(&mut Vm, &mut Ctx, u32) -> Step;

macro_rules! uop_table {
    ($($name:ident $flags:expr;)*) => {
        /// One handler per uop (indexed by `Uop as usize`), for the uop executor: each is
        /// `exec_uop` specialized to its uop, so traces run the same bodies as tier 1 with
        /// one indirect call per uop. 256 entries (the rest raise), so a `u8` index needs no
        /// bounds check.
        pub(crate) static UOP_HANDLERS: [UopHandler; 256] = {
            const DEFINED: &[UopHandler] = &[
                $(
                    |vm: &mut Vm, ctx: &mut Ctx, arg: u32| -> Step {
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

macro_rules! handler_table {
    ($($name:ident $cache:literal |$a:ident| ($pops:expr, $pushes:expr) {$flags:expr} [$($uop:ident),*];)*) => {
        /// One handler per opcode (indexed by `Op as usize`). Each is a small function of its
        /// own, so the optimizer allocates registers per instruction instead of across one
        /// giant loop body (measured faster than a single `match`; see docs/PERFORMANCE.md).
        static DEFINED: &[Handler] = &[
            $(
                |vm: &mut Vm, ctx: &mut Ctx, arg: u32| -> Step {
                    // The next instruction follows this one's inline cache (a constant here).
                    ctx.ip = ctx.this + 1 + $cache;
                    #[inline(always)]
                    fn body(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
                        $(
                            match vm.exec_uop(ctx, Uop::$uop, arg)? {
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
                    let grows = { let $a = arg; ($pushes) as i64 > ($pops) as i64 };
                    if grows && vm.stack.overflowed() {
                        return stack_overflow(vm);
                    }
                    to_step(vm, r)
                },
            )*
        ];

        /// The handler table indexed by the low byte of an instruction unit: the defined
        /// opcodes, then [`invalid_op`] for every byte no opcode uses, so dispatch needs no
        /// range check.
        pub(crate) static HANDLERS: [Handler; 256] = {
            let mut t: [Handler; 256] = [invalid_op; 256];
            let mut i = 0;
            while i < DEFINED.len() {
                t[i] = DEFINED[i];
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
    Step::Error
}

/// The handler of bytes that are not opcodes (the compiler never emits them).
fn invalid_op(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Step {
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
        'reload: loop {
            let Some(frame) = self.frames.last() else {
                return Some(Err(self.internal_error("no frame to run")));
            };
            let code = frame.code.clone();
            let mut ctx = Ctx::new(
                &code,
                frame.base as usize,
                frame.ip as usize,
                frame.ip as usize,
                self.frames.len() - 1,
            );
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
                let step = HANDLERS[byte as usize](self, &mut ctx, unit >> 8);
                if step == Step::Next {
                    continue;
                }
                let step = match step {
                    Step::Deopt => self.run_deopt(&mut ctx, byte, unit >> 8),
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
    #[inline(never)]
    fn run_deopt(&mut self, ctx: &mut Ctx, byte: u8, arg: u32) -> Step {
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

    /// The body of every uop.
    #[inline(always)]
    pub(crate) fn exec_uop(&mut self, ctx: &mut Ctx, uop: Uop, arg: u32) -> Result<Flow, PyErr> {
        match uop {
            Uop::_NOP => {}
            Uop::_SPECIALIZE => self.uop_specialize(ctx, arg),
            Uop::_GUARD_GLOBALS_VERSION => return self.guard_globals_version(ctx),
            Uop::_GUARD_BUILTINS_VERSION => return self.guard_builtins_version(ctx),
            Uop::_LOAD_GLOBAL_MODULE => {
                let g = self.frames[ctx.fi].globals;
                return self.load_global_entry(ctx, g, arg);
            }
            Uop::_LOAD_GLOBAL_BUILTIN => {
                let b = self.builtins;
                return self.load_global_entry(ctx, b, arg);
            }
            Uop::_GUARD_BOTH_INT => return self.guard_both_int(),
            Uop::_GUARD_NUMBERS_ONE_FLOAT => return self.guard_numbers_one_float(),
            Uop::_GUARD_BOTH_NUMBERS => return self.guard_both_numbers(),
            Uop::_GUARD_BUILTIN_TYPE => return self.guard_builtin_type(ctx),
            Uop::_CALL_BUILTIN_CLASS => return self.call_builtin_class(ctx, arg as usize),
            Uop::_GUARD_BOTH_STR => return self.guard_both_str(),
            Uop::_BINARY_OP_ADD_INT => return self.int_op(arg, |a, b| a.checked_add(b)),
            Uop::_BINARY_OP_SUBTRACT_INT => return self.int_op(arg, |a, b| a.checked_sub(b)),
            Uop::_BINARY_OP_MULTIPLY_INT => return self.int_op(arg, |a, b| a.checked_mul(b)),
            Uop::_BINARY_OP_ADD_FLOAT => return self.float_binop(|a, b| a + b),
            Uop::_BINARY_OP_SUBTRACT_FLOAT => return self.float_binop(|a, b| a - b),
            Uop::_BINARY_OP_MULTIPLY_FLOAT => return self.float_binop(|a, b| a * b),
            Uop::_BINARY_OP_TRUE_DIVIDE_FLOAT => return self.float_div(arg),
            Uop::_BINARY_OP_ADD_STR => return self.str_add(),
            Uop::_COMPARE_OP_INT => return self.compare_int(arg),
            Uop::_COMPARE_OP_FLOAT => return self.compare_float(arg),
            Uop::_COMPARE_OP_STR => return self.compare_str(arg),
            Uop::_LOAD_ATTR_METHOD => return self.load_attr_method(ctx),
            Uop::_CHECK_ATTR_MODULE => return self.check_attr_module(ctx),
            Uop::_LOAD_ATTR_MODULE => return self.load_attr_module(ctx, arg),
            Uop::_BINARY_SUBSCR_LIST_INT => return self.binary_subscr_seq_int(list_items),
            Uop::_BINARY_SUBSCR_TUPLE_INT => return self.binary_subscr_seq_int(tuple_items),
            Uop::_BINARY_SUBSCR_DICT => return self.binary_subscr_dict(),
            Uop::_STORE_SUBSCR_LIST_INT => return self.store_subscr_list_int(),
            Uop::_STORE_SUBSCR_DICT => return self.store_subscr_dict(),
            Uop::_CONTAINS_OP_DICT => return self.contains_dict(arg),
            Uop::_CONTAINS_OP_SET => return self.contains_set(arg),
            Uop::_TO_BOOL_BOOL => {
                return self.truth_with(|_, v| v.is_bool().then_some(v == Value::TRUE))
            }
            Uop::_TO_BOOL_INT => return self.truth_with(|_, v| v.as_small_int().map(|i| i != 0)),
            Uop::_TO_BOOL_NONE => return self.truth_with(|_, v| v.is_none().then_some(false)),
            Uop::_TO_BOOL_LIST => {
                return self.truth_with(|vm, v| match vm.obj(v) {
                    Some(Obj::List(l)) => Some(!l.is_empty()),
                    _ => None,
                })
            }
            Uop::_TO_BOOL_STR => {
                return self.truth_with(|vm, v| match vm.obj(v) {
                    Some(Obj::Str(s)) => Some(!s.is_empty()),
                    _ => None,
                })
            }
            Uop::_FOR_ITER_RANGE => return self.for_iter_range(ctx, arg),
            Uop::_FOR_ITER_LIST => return self.for_iter_list(ctx, arg),
            Uop::_FOR_ITER_TUPLE => return self.for_iter_tuple(ctx, arg),
            Uop::_UNPACK_SEQUENCE_TWO_TUPLE => return self.unpack_seq(2, tuple_items),
            Uop::_UNPACK_SEQUENCE_TUPLE => return self.unpack_seq(arg as usize, tuple_items),
            Uop::_UNPACK_SEQUENCE_LIST => return self.unpack_seq(arg as usize, list_items),
            Uop::_CALL_PY_EXACT_ARGS => return self.call_py_exact_args(ctx, arg as usize),
            Uop::_CALL_BOUND_METHOD_EXACT_ARGS => {
                return self.call_bound_method_exact_args(ctx, arg as usize)
            }
            Uop::_CALL_LEN => return self.call_len(ctx, arg as usize),
            Uop::_CALL_ISINSTANCE => return self.call_isinstance(ctx, arg as usize),
            Uop::_GUARD_CALL_LIST_APPEND => return self.guard_call_list_append(arg as usize),
            Uop::_GUARD_CALL_SET_ADD => return self.guard_call_set_add(arg as usize),
            Uop::_GUARD_CALL_LEN => return self.guard_call_native(arg as usize, Some("len")),
            Uop::_GUARD_CALL_BUILTIN => return self.guard_call_native(arg as usize, None),
            Uop::_CALL_LIST_APPEND => return self.call_list_append(arg as usize),
            Uop::_CALL_SET_ADD => return self.call_set_add(ctx, arg as usize),
            Uop::_CALL_BUILTIN => return self.call_builtin(ctx, arg as usize),
            Uop::_CALL_ALLOC_AND_ENTER_INIT => {
                return self.call_alloc_and_enter_init(ctx, arg as usize)
            }
            // The guards are `_GUARD_INSTANCE_SLOT*` / `_GUARD_TYPE_VERSION` before these.
            Uop::_LOAD_ATTR_SLOT => return self.load_attr_instance_value(ctx, arg),
            Uop::_STORE_ATTR_SLOT => return self.store_attr_instance_value(ctx),
            Uop::_LOAD_ATTR_INSTANCE_METHOD => return self.load_attr_instance_method(ctx, arg),
            Uop::_BINARY_OP_USER => return self.binary_op_user(ctx, arg),
            Uop::_CONTAINS_OP_SEQ => return self.contains_seq(arg),
            // gen: small-int operators, generator loops (bodies in `spec_int_gen`).
            Uop::_BINARY_OP_INT => return self.binary_op_int(arg),
            Uop::_FOR_ITER_GEN | Uop::_FOR_ITER_GEN_PROVEN => return self.for_iter_gen(ctx, arg),
            Uop::_CALL_TUPLE_LIST_1 => return self.call_tuple_list_1(),
            // opt: tier-2-only uops (see `spec_int_gen`).
            Uop::_BINARY_OP_ADD_SMALL_INT => {
                return self.checked_small_int_op(|a, b| a.checked_add(b))
            }
            Uop::_BINARY_OP_SUBTRACT_SMALL_INT => {
                return self.checked_small_int_op(|a, b| a.checked_sub(b))
            }
            Uop::_BINARY_OP_SMALL_INT => return self.binary_op_small_int(arg),
            Uop::_FOR_ITER_RANGE_SMALL => return self.for_iter_range_small(ctx, arg),
            Uop::_CHECK_PERIODIC_EXIT => {
                if self.heap.wants_collection() || self.stop_due() {
                    return Ok(Flow::Deopt);
                }
            }
            // guards: type guards split off the specialized actions (see `spec_uops`).
            Uop::_GUARD_NOS_LIST => return self.guard_nos_list(),
            Uop::_GUARD_TOS_INT => return self.guard_tos_int(),
            Uop::_GUARD_ITER_LIST => return self.guard_iter_list(),
            Uop::_GUARD_ITER_TUPLE => return self.guard_iter_tuple(),
            Uop::_GUARD_ITER_RANGE => return self.guard_iter_range(),
            Uop::_GUARD_INSTANCE_SLOT => {
                if !self.instance_slot_ok(ctx, self.top(), (arg >> 1) as usize) {
                    return Ok(Flow::Deopt);
                }
            }
            Uop::_GUARD_INSTANCE_SLOT_STORE => {
                if !self.instance_slot_ok(ctx, self.top(), arg as usize) {
                    return Ok(Flow::Deopt);
                }
            }
            Uop::_GUARD_TYPE_VERSION => return self.guard_type_version(ctx),
            Uop::_GUARD_SHAPE => return self.guard_shape(arg),
            Uop::_LOAD_ATTR_METHOD_LAYOUT => return self.load_attr_method_layout(ctx, false),
            Uop::_LOAD_ATTR_METHOD_VERSION => return self.load_attr_method_layout(ctx, true),
            Uop::_POP_TOP => {
                self.stack.pop();
            }
            Uop::_POP_ITER => self.pop_iter(ctx),
            Uop::_PUSH_NULL => self.push(Value::UNDEF),
            Uop::_COPY => {
                let v = self.peek(arg as usize);
                self.push(v);
            }
            Uop::_SWAP => {
                let len = self.stack.len();
                let n = arg as usize;
                if n >= 1 && n <= len {
                    self.stack.swap(len - 1, len - n);
                }
            }
            Uop::_LOAD_CONST => {
                let v = ctx
                    .code
                    .consts
                    .get(arg as usize)
                    .copied()
                    .unwrap_or(Value::NONE);
                self.push(v);
            }
            Uop::_LOAD_FAST => {
                let v = self.stack[ctx.base + arg as usize];
                self.push(v);
            }
            Uop::_LOAD_FAST_CHECK => {
                let v = self.stack[ctx.base + arg as usize];
                if v.is_undef() {
                    return Err(self.unbound_local(ctx.code, arg as usize));
                }
                self.push(v);
            }
            Uop::_STORE_FAST => {
                let v = self.pop();
                self.stack[ctx.base + arg as usize] = v;
            }
            Uop::_LOAD_FAST_NEXT => {
                let v = self.stack[ctx.base + next_arg(ctx) as usize];
                self.push(v);
            }
            Uop::_LOAD_CONST_NEXT => {
                let v = ctx
                    .code
                    .consts
                    .get(next_arg(ctx) as usize)
                    .copied()
                    .unwrap_or(Value::NONE);
                self.push(v);
            }
            Uop::_STORE_FAST_NEXT => {
                let v = self.pop();
                self.stack[ctx.base + next_arg(ctx) as usize] = v;
            }
            Uop::_POP_JUMP_NEXT => {
                // The fused jump is the next instruction (where the handler pointed `ip`);
                // execution goes on after the jump's own cache unit when it is not taken.
                let at = ctx.ip;
                let unit = ctx.code.code.get(at).map_or(0, |c| c.get());
                let jump_if = match unit as u8 {
                    b if b == Op::POP_JUMP_IF_FALSE as u8 => Value::FALSE,
                    b if b == Op::POP_JUMP_IF_TRUE as u8 => Value::TRUE,
                    _ => return Err(self.internal_error("fused compare without its jump")),
                };
                if self.pop() == jump_if {
                    ctx.jump(unit >> 8);
                } else {
                    ctx.ip = at + 1 + Op::POP_JUMP_IF_FALSE.cache_units();
                }
            }
            Uop::_DELETE_FAST => {
                let slot = ctx.base + arg as usize;
                if self.stack[slot].is_undef() {
                    return Err(self.unbound_local(ctx.code, arg as usize));
                }
                self.stack[slot] = Value::UNDEF;
            }
            Uop::_MAKE_CELL => {
                let i = arg as usize;
                let init = match ctx.code.cell2arg.get(i) {
                    Some(&a) if a != u32::MAX => self.stack[ctx.base + a as usize],
                    _ => Value::UNDEF,
                };
                let cell = self.alloc_value(Obj::Cell(init))?;
                let slot = ctx.base + ctx.code.nlocals() + i;
                self.stack[slot] = cell;
            }
            Uop::_COPY_FREE_VARS => {
                let func = self.frames[ctx.fi].func;
                let closure = match self.obj(func) {
                    Some(Obj::Function(f)) => f.closure.to_vec(),
                    _ => Vec::new(),
                };
                let start = ctx.base + ctx.code.nlocals() + ctx.code.cellvars.len();
                for (i, c) in closure.into_iter().enumerate().take(arg as usize) {
                    self.stack[start + i] = c;
                }
            }
            Uop::_LOAD_DEREF => {
                let v = self.deref_cell(ctx, arg)?;
                self.push(v);
            }
            Uop::_LOAD_FROM_DICT_OR_DEREF => {
                let ns = self.pop();
                let name = self.cell_name(ctx.code, arg);
                let found = match ns.as_obj() {
                    Some(d) => self.dict_get(d, name)?,
                    None => None,
                };
                let v = match found {
                    Some(v) => v,
                    None => self.deref_cell(ctx, arg)?,
                };
                self.push(v);
            }
            Uop::_LOAD_CLOSURE => {
                let v = self.stack[ctx.base + ctx.code.nlocals() + arg as usize];
                self.push(v);
            }
            Uop::_STORE_DEREF => {
                let v = self.pop();
                let cell = self.stack[ctx.base + ctx.code.nlocals() + arg as usize];
                if let Some(r) = cell.as_obj() {
                    if let Obj::Cell(c) = self.heap.get_mut(r) {
                        *c = v;
                    }
                }
            }
            Uop::_DELETE_DEREF => {
                let cell = self.stack[ctx.base + ctx.code.nlocals() + arg as usize];
                let was = match cell.as_obj().map(|r| self.heap.get_mut(r)) {
                    Some(Obj::Cell(c)) => core::mem::replace(c, Value::UNDEF),
                    _ => Value::UNDEF,
                };
                if was.is_undef() {
                    return Err(self.unbound_free(ctx.code, arg));
                }
            }
            Uop::_LOAD_GLOBAL => {
                let name = ctx.code.names[(arg >> 1) as usize];
                let globals = self.frames[ctx.fi].globals;
                let v = match self.dict_get_str(globals, name) {
                    Some(v) => v,
                    None => match self.dict_get_str(self.builtins, name) {
                        Some(v) => v,
                        None => {
                            let n = alloc::string::String::from(self.str_of(name).unwrap_or("?"));
                            return Err(self.name_error(&n));
                        }
                    },
                };
                self.push(v);
                if arg & 1 != 0 {
                    self.push(Value::UNDEF);
                }
            }
            Uop::_STORE_GLOBAL => {
                let name = ctx.code.names[arg as usize];
                let v = self.pop();
                let globals = self.frames[ctx.fi].globals;
                self.dict_set(globals, name, v)?;
            }
            Uop::_DELETE_GLOBAL => {
                let name = ctx.code.names[arg as usize];
                let globals = self.frames[ctx.fi].globals;
                if self.dict_del(globals, name)?.is_none() {
                    let n = alloc::string::String::from(self.str_of(name).unwrap_or("?"));
                    return Err(self.name_error(&n));
                }
            }
            Uop::_LOAD_NAME => {
                let name = ctx.code.names[arg as usize];
                let v = self.load_name(ctx.fi, name)?;
                self.push(v);
            }
            Uop::_STORE_NAME => {
                let name = ctx.code.names[arg as usize];
                let v = self.pop();
                let ns = self.namespace_of(ctx.fi);
                self.mapping_set(ns, name, v)?;
            }
            Uop::_DELETE_NAME => {
                let name = ctx.code.names[arg as usize];
                let ns = self.namespace_of(ctx.fi);
                let removed = match ns.as_obj() {
                    Some(d) => self.dict_del(d, name)?.is_some(),
                    None => false,
                };
                if !removed {
                    let n = alloc::string::String::from(self.str_of(name).unwrap_or("?"));
                    return Err(self.name_error(&n));
                }
            }
            Uop::_LOAD_LOCALS => {
                let ns = self.namespace_of(ctx.fi);
                self.push(ns);
            }
            Uop::_LOAD_ATTR => {
                let name = ctx.code.names[(arg >> 1) as usize];
                let obj = self.pop();
                if arg & 1 != 0 {
                    let (f, s) = self.load_method(obj, name)?;
                    self.push(f);
                    self.push(s);
                } else {
                    let v = self.get_attr(obj, name)?;
                    self.push(v);
                }
            }
            Uop::_STORE_ATTR => {
                let name = ctx.code.names[arg as usize];
                let obj = self.pop();
                let v = self.pop();
                self.set_attr(obj, name, v)?;
            }
            Uop::_DELETE_ATTR => {
                let name = ctx.code.names[arg as usize];
                let obj = self.pop();
                self.del_attr(obj, name)?;
            }
            Uop::_BINARY_OP => {
                let b = self.pop();
                let a = self.pop();
                let Some((op, inplace)) = BinaryOp::from_oparg(arg) else {
                    return Err(self.internal_error("bad BINARY_OP oparg"));
                };
                let r = self.binary_op(a, b, op, inplace)?;
                self.push(r);
            }
            Uop::_BINARY_SUBSCR => {
                let k = self.pop();
                let c = self.pop();
                let r = self.get_item(c, k)?;
                self.push(r);
            }
            Uop::_STORE_SUBSCR => {
                let k = self.pop();
                let c = self.pop();
                let v = self.pop();
                self.set_item(c, k, v)?;
            }
            Uop::_DELETE_SUBSCR => {
                let k = self.pop();
                let c = self.pop();
                self.del_item(c, k)?;
            }
            Uop::_BINARY_SLICE => {
                // oparg 3: `c[start:stop:step]`; otherwise `c[start:stop]`.
                let step = if arg == 3 { self.pop() } else { Value::NONE };
                let stop = self.pop();
                let start = self.pop();
                let c = self.pop();
                let r = self.get_slice(c, start, stop, step)?;
                self.push(r);
            }
            Uop::_STORE_SLICE => {
                let step = if arg == 3 { self.pop() } else { Value::NONE };
                let stop = self.pop();
                let start = self.pop();
                let c = self.pop();
                let v = self.pop();
                self.set_slice(c, start, stop, step, v)?;
            }
            Uop::_UNARY_NEGATIVE => {
                let v = self.pop();
                let r = self.negate(v)?;
                self.push(r);
            }
            Uop::_UNARY_NOT => {
                let v = self.pop();
                self.push(Value::bool(v != Value::TRUE));
            }
            Uop::_UNARY_INVERT => {
                let v = self.pop();
                let r = self.invert(v)?;
                self.push(r);
            }
            Uop::_TO_BOOL => {
                let v = self.pop();
                let b = self.truthy(v)?;
                self.push(Value::bool(b));
            }
            Uop::_COMPARE_OP => {
                let b = self.pop();
                let a = self.pop();
                let Some(op) = CompareOp::from_oparg(arg) else {
                    return Err(self.internal_error("bad COMPARE_OP oparg"));
                };
                let mut r = self.compare(a, b, op)?;
                if arg & COMPARE_TO_BOOL != 0 && !r.is_bool() {
                    r = Value::bool(self.truthy(r)?);
                }
                self.push(r);
            }
            Uop::_IS_OP => {
                let b = self.pop();
                let a = self.pop();
                self.push(Value::bool((a == b) != (arg != 0)));
            }
            Uop::_CONTAINS_OP => {
                let c = self.pop();
                let v = self.pop();
                let r = self.contains(c, v)?;
                self.push(Value::bool(r != (arg != 0)));
            }
            Uop::_CHECK_PERIODIC => {
                // A stop comes before a collection, whose finalizers would run script code.
                if self.stop_due() {
                    self.answer_signals()?;
                }
                self.maybe_collect();
            }
            Uop::_POP_JUMP_IF_FALSE => {
                if self.pop() == Value::FALSE {
                    ctx.jump(arg);
                }
            }
            Uop::_POP_JUMP_IF_TRUE => {
                if self.pop() == Value::TRUE {
                    ctx.jump(arg);
                }
            }
            Uop::_POP_JUMP_IF_NONE => {
                if self.pop() == Value::NONE {
                    ctx.jump(arg);
                }
            }
            Uop::_POP_JUMP_IF_NOT_NONE => {
                if self.pop() != Value::NONE {
                    ctx.jump(arg);
                }
            }
            Uop::_JUMP => ctx.jump(arg),
            Uop::_GET_ITER => {
                let v = self.pop();
                let it = self.get_iter(v)?;
                self.push(it);
            }
            Uop::_FOR_ITER => return self.for_iter(ctx, arg),
            Uop::_BUILD_TUPLE => {
                let items = self.pop_n(arg as usize);
                let t = self.new_tuple(items)?;
                self.push(t);
            }
            Uop::_BUILD_LIST => {
                let items = self.pop_n(arg as usize);
                self.charge(items.len() * 8)?;
                let l = self.new_list(items)?;
                self.push(l);
            }
            Uop::_BUILD_SET => {
                let items = self.pop_n(arg as usize);
                let s = self.new_set(&items, false)?;
                self.push(s);
            }
            Uop::_BUILD_MAP => {
                // Keys and values stay on the stack (rooted) while user `__hash__`/`__eq__`
                // run; the dict goes on top of them until it is complete.
                let n = 2 * arg as usize;
                let Some(start) = self.stack.len().checked_sub(n) else {
                    return Err(self.internal_error("BUILD_MAP stack underflow"));
                };
                let d = self.new_dict()?;
                self.push(d);
                let dr = d.as_obj().unwrap_or(crate::object::value::ObjRef(0));
                for i in (start..start + n).step_by(2) {
                    let (k, v) = (self.stack[i], self.stack[i + 1]);
                    self.dict_set(dr, k, v)?;
                }
                self.stack.truncate(start);
                self.push(d);
            }
            Uop::_BUILD_STRING => {
                let items = self.pop_n(arg as usize);
                // Sized first: pieces may repeat one large string (`f"{s}{s}{s}"`).
                let total = items
                    .iter()
                    .map(|&it| self.str_of(it).map_or(0, str::len))
                    .fold(0usize, usize::saturating_add);
                if !self.heap.fits_releasing_pools(total) {
                    return Err(self.memory_error());
                }
                let mut s = alloc::string::String::new();
                if s.try_reserve_exact(total).is_err() {
                    return Err(self.memory_error());
                }
                for it in items {
                    s.push_str(self.str_of(it).unwrap_or(""));
                }
                let v = self.new_string(s)?;
                self.push(v);
            }
            Uop::_BUILD_SLICE => {
                let items = self.pop_n(arg as usize);
                let step = if items.len() == 3 {
                    items[2]
                } else {
                    Value::NONE
                };
                let s = self.alloc_value(Obj::Slice(alloc::boxed::Box::new([
                    items[0], items[1], step,
                ])))?;
                self.push(s);
            }
            Uop::_LIST_APPEND => {
                let v = self.pop();
                let l = self.peek(arg as usize);
                self.list_push(l, v)?;
            }
            Uop::_SET_ADD => {
                let v = self.pop();
                let s = self.peek(arg as usize);
                self.set_add(s, v)?;
            }
            Uop::_MAP_ADD => {
                let v = self.pop();
                let k = self.pop();
                let d = self.peek(arg as usize);
                if let Some(dr) = d.as_obj() {
                    self.dict_set(dr, k, v)?;
                }
            }
            Uop::_LIST_EXTEND => {
                let it = self.pop();
                let l = self.peek(arg as usize);
                let items = match self.collect_iter(it) {
                    Ok(v) => v,
                    Err(e)
                        if self.exc_matches(e.0, self.types.type_error)
                            && !self.is_iterable(it) =>
                    {
                        let msg = alloc::format!(
                            "Value after * must be an iterable, not {}",
                            self.type_name(it)
                        );
                        return Err(self.type_error(msg));
                    }
                    Err(e) => return Err(e),
                };
                if let Some(lr) = l.as_obj() {
                    self.list_extend_values(lr, &items)?;
                }
            }
            Uop::_SET_UPDATE => {
                // The iterable stays on the stack and the collected items are rooted while
                // user iterators and `__hash__`/`__eq__` run.
                let it = self.top();
                let s = self.peek(arg as usize + 1);
                let items = self.collect_iter(it)?;
                self.with_roots(&items, |vm, _| {
                    items.iter().try_for_each(|&v| vm.set_add(s, v))
                })?;
                self.pop();
            }
            Uop::_DICT_UPDATE => {
                let m = self.pop();
                let d = self.peek(arg as usize);
                if let Some(dr) = d.as_obj() {
                    if !self.is_mapping(m) {
                        let msg = alloc::format!("'{}' object is not a mapping", self.type_name(m));
                        return Err(self.type_error(msg));
                    }
                    self.dict_update_from(dr, m)?;
                }
            }
            Uop::_DICT_MERGE => {
                let m = self.pop();
                let d = self.peek(arg as usize);
                let callee = self.peek(arg as usize + 3);
                self.merge_call_kwargs(d, m, callee)?;
            }
            Uop::_UNPACK_SEQUENCE => {
                let v = self.pop();
                let items = self.unpack(v, arg as usize, None)?;
                for it in items.into_iter().rev() {
                    self.push(it);
                }
            }
            Uop::_UNPACK_EX => {
                let v = self.pop();
                let before = (arg & 0xFF) as usize;
                let after = (arg >> 8) as usize;
                let items = self.unpack(v, before, Some(after))?;
                for it in items.into_iter().rev() {
                    self.push(it);
                }
            }
            Uop::_FORMAT_VALUE => {
                let spec = if arg & 4 != 0 {
                    self.pop()
                } else {
                    Value::UNDEF
                };
                let v = self.pop();
                let r = self.format_value(v, arg & 3, spec)?;
                self.push(r);
            }
            Uop::_CALL => return self.call_instr(ctx, arg as usize, Value::UNDEF),
            Uop::_CALL_KW => {
                let names = self.pop();
                return self.call_instr(ctx, arg as usize, names);
            }
            Uop::_CALL_FUNCTION_EX => return self.call_ex_instr(ctx),
            Uop::_CALL_INTRINSIC_1 => {
                let v = self.pop();
                let r = self.intrinsic(ctx, arg, v)?;
                self.push(r);
            }
            Uop::_MAKE_FUNCTION => {
                let v = self.make_function(ctx, arg)?;
                self.push(v);
            }
            Uop::_RETURN_VALUE => {
                let v = self.pop();
                return self.return_from_frame(ctx, v);
            }
            Uop::_RETURN_GENERATOR => return self.return_generator(ctx),
            Uop::_YIELD_VALUE => {
                let v = self.pop();
                return self.yield_from_frame(ctx, v);
            }
            Uop::_SEND => return self.send_instr(ctx, arg),
            Uop::_END_SEND => {
                let v = self.pop();
                self.pop();
                self.push(v);
            }
            Uop::_GET_YIELD_FROM_ITER => {
                let v = self.pop();
                let it = if matches!(self.obj(v), Some(Obj::Generator(_))) {
                    v
                } else {
                    self.get_iter(v)?
                };
                self.push(it);
            }
            Uop::_RAISE_VARARGS => return Err(self.raise_instr(arg)?),
            Uop::_RERAISE => {
                let exc = self.pop();
                if arg > 0 {
                    // The handler lookup stays at this RERAISE; the restored offset is what
                    // the traceback shows and what an outer handler's lasti gets.
                    let lasti = self.peek(arg as usize);
                    if let Some(l) = lasti.as_small_int() {
                        self.reraise_lasti = Some(l as u32);
                    }
                }
                return Err(self.reraise_marker(exc));
            }
            Uop::_PUSH_EXC_INFO => {
                let exc = self.pop();
                let prev = self.handled_exc;
                self.push(prev);
                self.push(exc);
                self.handled_exc = exc;
            }
            Uop::_POP_EXCEPT => {
                let prev = self.pop();
                self.handled_exc = if prev.is_undef() { Value::NONE } else { prev };
            }
            Uop::_CHECK_EXC_MATCH => {
                let typ = self.pop();
                let exc = self.top();
                let m = self.exception_match(exc, typ)?;
                self.push(Value::bool(m));
            }
            Uop::_CLEANUP_THROW => {
                let exc = self.pop();
                let _last_sent = self.pop();
                let _sub = self.pop();
                if self.exc_matches(exc, self.types.stop_iteration) {
                    let v = self.stop_iteration_value(exc);
                    self.push(Value::NONE);
                    self.push(v);
                } else {
                    return Err(self.reraise_marker(exc));
                }
            }
            Uop::_BEFORE_WITH => {
                let mgr = self.pop();
                let enter = self.lookup_special(mgr, "__enter__")?;
                let exit = self.lookup_special(mgr, "__exit__")?;
                let (Some(enter), Some(exit)) = (enter, exit) else {
                    let what = if enter_missing(self, mgr) {
                        ""
                    } else {
                        " (missed __exit__ method)"
                    };
                    let msg = alloc::format!(
                        "'{}' object does not support the context manager protocol{}",
                        self.type_name(mgr),
                        what
                    );
                    return Err(self.type_error(msg));
                };
                let t = self.type_of(mgr);
                let bound_exit = self.bind_descriptor(exit, mgr, t)?;
                self.push(bound_exit);
                self.frames[ctx.fi].lasti = ctx.this as u32;
                let r = self.call_bound(enter, mgr, &[])?;
                self.push(r);
            }
            Uop::_WITH_EXCEPT_START => {
                let exc = self.peek(1);
                let exit = self.peek(4);
                let t = Value::obj(self.type_of(exc));
                let r = self.call(exit, &[t, exc, Value::NONE])?;
                self.push(r);
            }
            Uop::_LOAD_ASSERTION_ERROR => self.push(Value::obj(self.types.assertion_error)),
            Uop::_LOAD_BUILD_CLASS => {
                let n = self.intern("__build_class__")?;
                let v = self.dict_get_str(self.builtins, n).unwrap_or(Value::NONE);
                self.push(v);
            }
            Uop::_IMPORT_NAME => {
                let name = ctx.code.names[arg as usize];
                let _fromlist = self.pop();
                let _level = self.pop();
                let m = self.import_module(name)?;
                self.push(m);
            }
            Uop::_IMPORT_FROM => {
                let name = ctx.code.names[arg as usize];
                let m = self.top();
                let v = match self.get_attr_opt(m, name)? {
                    Some(v) => v,
                    None => {
                        let mname = match self.obj(m) {
                            Some(Obj::Module(md)) => {
                                alloc::string::String::from(self.str_of(md.name).unwrap_or("?"))
                            }
                            _ => alloc::string::String::from("?"),
                        };
                        let msg = alloc::format!(
                            "cannot import name '{}' from '{}' (unknown location)",
                            self.str_of(name).unwrap_or("?"),
                            mname
                        );
                        let mn = self.top();
                        let mn = match self.obj(mn) {
                            Some(Obj::Module(md)) => md.name,
                            _ => Value::NONE,
                        };
                        return Err(self.import_error_named(self.types.import_error, &msg, mn));
                    }
                };
                self.push(v);
            }
            // tier 2 (bodies in `exec`).
            Uop::_HOT_COUNT => return self.hot_count(ctx),
            Uop::_ENTER_EXECUTOR => return self.enter_executor(ctx, arg),
            // The uop executor runs these itself; tier 1 never sees them.
            Uop::_START_EXECUTOR
            | Uop::_CHECK_VALIDITY
            | Uop::_GUARD_IS_TRUE_POP
            | Uop::_GUARD_IS_FALSE_POP
            | Uop::_GUARD_IS_NONE_POP
            | Uop::_GUARD_IS_NOT_NONE_POP
            | Uop::_EXIT_TRACE
            | Uop::_DEOPT
            | Uop::_DYNAMIC_EXIT
            | Uop::_COLD_EXIT
            | Uop::_LOAD_CONST_INLINE
            | Uop::_JUMP_TO_TOP => return Err(self.internal_error("trace uop outside a trace")),
        }
        Ok(Flow::Next)
    }

    fn for_iter(&mut self, ctx: &mut Ctx, target: u32) -> Result<Flow, PyErr> {
        let it = self.top();
        if let Some(r) = it.as_obj() {
            match self.heap.get(r) {
                Obj::RangeIter { next, stop, step } => {
                    let (n, stop, step) = (*next, *stop, *step);
                    if (step > 0 && n < stop) || (step < 0 && n > stop) {
                        if let Obj::RangeIter { next, .. } = self.heap.get_mut(r) {
                            *next = n.saturating_add(step);
                        }
                        let v = self.new_int(n)?;
                        self.push(v);
                    } else {
                        self.pop();
                        ctx.jump(target);
                    }
                    return Ok(Flow::Next);
                }
                Obj::ListIter { list, idx } => {
                    let (list, idx) = (*list, *idx);
                    let v = match self.heap.get(list) {
                        Obj::List(l) => l.get(idx).copied(),
                        _ => None,
                    };
                    match v {
                        Some(v) => {
                            if let Obj::ListIter { idx: i, .. } = self.heap.get_mut(r) {
                                *i = idx + 1;
                            }
                            self.push(v);
                        }
                        None => {
                            if let Obj::ListIter { idx: i, .. } = self.heap.get_mut(r) {
                                *i = usize::MAX;
                            }
                            self.pop();
                            ctx.jump(target);
                        }
                    }
                    return Ok(Flow::Next);
                }
                Obj::Generator(_) => {
                    self.frames[ctx.fi].ip = ctx.ip as u32;
                    self.frames[ctx.fi].lasti = ctx.this as u32;
                    let on_return = crate::interp::frame::OnReturn::ForIter { exhausted: target };
                    return match self.resume_generator(r, Value::NONE, on_return)? {
                        true => Ok(Flow::Reload),
                        false => {
                            self.pop();
                            ctx.jump(target);
                            Ok(Flow::Next)
                        }
                    };
                }
                _ => {}
            }
        }
        self.frames[ctx.fi].lasti = ctx.this as u32;
        match self.iter_next(it)? {
            Some(v) => self.push(v),
            None => {
                self.pop();
                ctx.jump(target);
            }
        }
        Ok(Flow::Next)
    }

    fn send_instr(&mut self, ctx: &mut Ctx, target: u32) -> Result<Flow, PyErr> {
        let v = self.pop();
        let recv = self.top();
        if let Some(r) = recv.as_obj() {
            if let Obj::Generator(_) = self.heap.get(r) {
                self.frames[ctx.fi].ip = ctx.ip as u32;
                self.frames[ctx.fi].lasti = ctx.this as u32;
                let on_return = crate::interp::frame::OnReturn::Send { done: target };
                return match self.resume_generator(r, v, on_return)? {
                    true => Ok(Flow::Reload),
                    false => {
                        // Already finished: behaves like a return of None.
                        self.push(Value::NONE);
                        ctx.jump(target);
                        Ok(Flow::Next)
                    }
                };
            }
        }
        self.frames[ctx.fi].lasti = ctx.this as u32;
        let r = if v == Value::NONE {
            match self.iter_next(recv) {
                Ok(Some(x)) => Ok(x),
                Ok(None) => Err(None),
                Err(e) => return Err(e),
            }
        } else {
            match self.call_method_by_name(recv, "send", &[v]) {
                Ok(x) => Ok(x),
                Err(e) if self.exc_matches(e.0, self.types.stop_iteration) => {
                    Err(Some(self.stop_iteration_value(e.0)))
                }
                Err(e) => return Err(e),
            }
        };
        match r {
            Ok(x) => self.push(x),
            Err(ret) => {
                self.push(ret.unwrap_or(Value::NONE));
                ctx.jump(target);
            }
        }
        Ok(Flow::Next)
    }

    fn intrinsic(&mut self, ctx: &mut Ctx, arg: u32, v: Value) -> PyResult<Value> {
        match Intrinsic::from_oparg(arg) {
            Some(Intrinsic::UnaryPositive) => self.positive(v),
            Some(Intrinsic::UnsupportedComplex) => {
                Err(self.not_implemented("complex numbers are not supported by Tiercel"))
            }
            Some(Intrinsic::ListToTuple) => {
                let items = self.seq_items(v).unwrap_or_default();
                self.new_tuple(items)
            }
            Some(Intrinsic::ImportStar) => {
                let ns = self.namespace_of(ctx.fi);
                if let (Some(Obj::Module(m)), Some(nsr)) = (self.obj(v), ns.as_obj()) {
                    let d = m.dict;
                    for (k, val) in self.dict_items(d) {
                        if self.str_of(k).is_some_and(|s| !s.starts_with('_')) {
                            self.dict_set(nsr, k, val)?;
                        }
                    }
                }
                Ok(Value::NONE)
            }
            Some(Intrinsic::StopIterationError) => {
                if self.exc_matches(v, self.types.stop_iteration) {
                    let e = self
                        .new_exception(self.types.runtime_error, "generator raised StopIteration");
                    if let Some(st) = self.exc_state_mut(e.0) {
                        st.cause = v;
                        st.context = v;
                        st.suppress_context = true;
                    }
                    Ok(e.0)
                } else {
                    Ok(v)
                }
            }
            Some(Intrinsic::PrintExpr) => {
                if v != Value::NONE {
                    let s = self.repr(v)?;
                    self.write_out(&s);
                    self.write_out("\n");
                    let b = self.builtins;
                    self.dict_set_str(b, "_", v)?;
                }
                Ok(Value::NONE)
            }
            None => Err(self.internal_error("bad intrinsic")),
        }
    }

    fn deref_cell(&mut self, ctx: &Ctx, arg: u32) -> PyResult<Value> {
        let cell = self.stack[ctx.base + ctx.code.nlocals() + arg as usize];
        let v = match self.obj(cell) {
            Some(Obj::Cell(v)) => *v,
            _ => Value::UNDEF,
        };
        if v.is_undef() {
            return Err(self.unbound_free(ctx.code, arg));
        }
        Ok(v)
    }

    fn cell_name(&self, code: &CodeObject, arg: u32) -> Value {
        let i = arg as usize;
        if i < code.cellvars.len() {
            code.cellvars[i]
        } else {
            code.freevars
                .get(i - code.cellvars.len())
                .copied()
                .unwrap_or(Value::NONE)
        }
    }

    fn unbound_local(&mut self, code: &CodeObject, i: usize) -> PyErr {
        let name = code
            .varnames
            .get(i)
            .and_then(|v| self.str_of(*v))
            .unwrap_or("?");
        let msg = alloc::format!(
            "cannot access local variable '{name}' where it is not associated with a value"
        );
        self.new_exception(self.types.unbound_local_error, &msg)
    }

    fn unbound_free(&mut self, code: &CodeObject, arg: u32) -> PyErr {
        let nv = self.cell_name(code, arg);
        let name = alloc::string::String::from(self.str_of(nv).unwrap_or("?"));
        if (arg as usize) < code.cellvars.len() {
            let msg = alloc::format!(
                "cannot access local variable '{name}' where it is not associated with a value"
            );
            self.new_exception(self.types.unbound_local_error, &msg)
        } else {
            let msg = alloc::format!("cannot access free variable '{name}' where it is not associated with a value in enclosing scope");
            self.new_exception(self.types.name_error, &msg)
        }
    }

    /// The namespace of a module or class body frame.
    fn namespace_of(&self, fi: usize) -> Value {
        let f = &self.frames[fi];
        if f.locals.is_undef() {
            Value::obj(f.globals)
        } else {
            f.locals
        }
    }

    fn load_name(&mut self, fi: usize, name: Value) -> PyResult<Value> {
        let ns = self.namespace_of(fi);
        if let Some(d) = ns.as_obj() {
            if let Some(v) = self.dict_get_str(d, name) {
                return Ok(v);
            }
        }
        let g = self.frames[fi].globals;
        if let Some(v) = self.dict_get_str(g, name) {
            return Ok(v);
        }
        if let Some(v) = self.dict_get_str(self.builtins, name) {
            return Ok(v);
        }
        let n = alloc::string::String::from(self.str_of(name).unwrap_or("?"));
        Err(self.name_error(&n))
    }

    fn mapping_set(&mut self, ns: Value, k: Value, v: Value) -> PyResult<()> {
        match ns.as_obj() {
            Some(d) if matches!(self.heap.get(d), Obj::Dict(_)) => self.dict_set(d, k, v),
            _ => self.set_item(ns, k, v),
        }
    }

    /// `obj.name` for a call: `(function, self)` without allocating a bound method when the
    /// attribute is a plain method, else `(attr, NULL)`.
    pub(crate) fn load_method(&mut self, obj: Value, name: Value) -> PyResult<(Value, Value)> {
        let t = self.type_of(obj);
        let is_plain = !matches!(
            self.obj(obj),
            Some(Obj::Class(_) | Obj::Module(_) | Obj::Super { .. })
        );
        if is_plain {
            if let Some(d) = self.class_lookup(t, name) {
                let is_method = match self.obj(d) {
                    Some(Obj::Function(_)) => true,
                    Some(Obj::Native(n)) => n.kind == crate::object::types::NativeKind::Method,
                    _ => false,
                };
                if is_method {
                    let shadowed = match obj.as_obj() {
                        Some(r) if matches!(self.heap.get(r), Obj::Instance(_)) => {
                            self.instance_get(r, name).is_some()
                        }
                        _ => false,
                    };
                    if !shadowed {
                        return Ok((d, obj));
                    }
                }
            }
        }
        let v = self.get_attr(obj, name)?;
        Ok((v, Value::UNDEF))
    }

    fn exception_match(&mut self, exc: Value, typ: Value) -> PyResult<bool> {
        let classes: Vec<Value> = match self.obj(typ) {
            Some(Obj::Tuple(t)) => t.to_vec(),
            _ => alloc::vec![typ],
        };
        for c in classes {
            match c.as_obj() {
                Some(cr)
                    if self
                        .class(cr)
                        .is_some_and(|cl| cl.mro.contains(&self.types.base_exception)) =>
                {
                    if self.exc_matches(exc, cr) {
                        return Ok(true);
                    }
                }
                _ => {
                    return Err(self.type_error(
                        "catching classes that do not inherit from BaseException is not allowed",
                    ));
                }
            }
        }
        Ok(false)
    }

    /// `StopIteration.value`.
    pub fn stop_iteration_value(&self, exc: Value) -> Value {
        self.exc_state(exc)
            .and_then(|e| self.tuple_items(e.args))
            .and_then(|a| a.first().copied())
            .unwrap_or(Value::NONE)
    }

    pub(crate) fn is_iterable(&mut self, v: Value) -> bool {
        self.get_iter(v).is_ok()
    }

    fn is_mapping(&mut self, v: Value) -> bool {
        matches!(self.obj(v), Some(Obj::Dict(_)))
            || self.lookup_special(v, "keys").ok().flatten().is_some()
    }
}

fn enter_missing(vm: &mut Vm, mgr: Value) -> bool {
    vm.lookup_special(mgr, "__enter__").ok().flatten().is_none()
}
