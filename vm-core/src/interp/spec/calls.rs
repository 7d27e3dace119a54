//! `CALL` forms: exact-argument Python calls, bound methods, builtins and native methods,
//! class instantiation with `__init__`, and `tuple`/`list` of a list or tuple
//! (`CALL_TUPLE_LIST_1`).

use super::{UopResult, DEOPT, NEXT};
use crate::interp::eval::{Ctx, Flow};
use crate::interp::frame::{Frame, OnReturn};
use crate::interp::specialize::{cache, defaults_shape, exact_shape, MAX_DEFAULTS};
use crate::object::native_table::{cache_id, from_cache_id, LIST_APPEND};
use crate::object::types::{NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

impl Vm {
    /// Enters the Python function at `callee_pos` whose `nargs` arguments (self included)
    /// already sit where its locals go; the caller checked the argument shape.
    #[inline(always)]
    fn push_exact_frame(
        &mut self,
        ctx: &mut Ctx,
        callee_pos: usize,
        nargs: usize,
        on_return: OnReturn,
        floor: usize,
    ) -> UopResult {
        let func = self.stack[callee_pos];
        let Some(Obj::Function(f)) = self.obj(func) else {
            return DEOPT;
        };
        let (code, globals) = (f.code.clone(), f.globals);
        self.enter_exact(ctx, func, code, globals, nargs, on_return, floor)
    }

    /// Pushes the frame of `func` (code `code`, globals `globals`) whose `nargs` arguments
    /// are the top of the stack, after saving the caller's position.
    #[inline(always)]
    #[allow(
        clippy::too_many_arguments,
        reason = "the frame's fields, passed in registers"
    )]
    pub(super) fn enter_exact(
        &mut self,
        ctx: &mut Ctx,
        func: Value,
        code: alloc::rc::Rc<crate::bytecode::code::CodeObject>,
        globals: ObjRef,
        nargs: usize,
        on_return: OnReturn,
        floor: usize,
    ) -> UopResult {
        self.check_frame_depth()?;
        let n = self.stack.len();
        let extra = code.nlocalsplus() - nargs;
        self.reserve_frame(extra, &code)?;
        if let Some(caller) = self.frames.get_mut(ctx.fi) {
            caller.ip = ctx.ip as u32;
            caller.lasti = ctx.this as u32;
        }
        // Into the room just reserved: a plain loop, where `resize` is a call.
        for _ in 0..extra {
            self.stack.push_reserved(Value::UNDEF);
        }
        let same_code = core::ptr::eq(ctx.code, &*code);
        let on_return = match on_return {
            OnReturn::Push if same_code => OnReturn::PushSame,
            other => other,
        };
        let base = n - nargs;
        self.frames.push(Frame::call(
            code,
            func,
            globals,
            base,
            floor as u32,
            on_return,
        ));
        if same_code {
            // A self-recursive call: the dispatch loop already holds the code, so `ctx` moves
            // to the new frame exactly as a reload would put it.
            ctx.base = base;
            ctx.ip = 0;
            ctx.this = 0;
            ctx.fi = self.frames.len() - 1;
            return NEXT;
        }
        Ok(Flow::Reload)
    }

    /// A call's operands with `argc` arguments on the stack: the callee's position, the
    /// callee, and the arguments it gets (`self` counted when the receiver slot holds one).
    #[inline(always)]
    fn py_call_operands(&self, argc: usize) -> Option<(usize, Value, usize)> {
        let callee_pos = self.stack.len().checked_sub(argc + 2)?;
        let has_self = !self.stack[callee_pos + 1].is_undef();
        Some((callee_pos, self.stack[callee_pos], argc + has_self as usize))
    }

    /// `CALL_PY_EXACT_ARGS`: one heap lookup checks the callee's shape and yields what the
    /// frame needs (the common call; `push_exact_frame` serves the other exact-call forms).
    #[inline(always)]
    pub(crate) fn call_py_exact_args(&mut self, ctx: &mut Ctx, argc: usize) -> UopResult {
        let Some((callee_pos, func, nargs)) = self.py_call_operands(argc) else {
            return DEOPT;
        };
        let Some(Obj::Function(f)) = self.obj(func) else {
            return DEOPT;
        };
        if !exact_shape(&f.code, nargs) {
            return DEOPT;
        }
        let (code, globals) = (f.code.clone(), f.globals);
        self.enter_exact(ctx, func, code, globals, nargs, OnReturn::Push, callee_pos)
    }

    /// The generator and the value sent in of a call of `callable` with receiver slot
    /// `self_or_null` and one argument `arg`, when it resumes a generator: `gen.send(v)`
    /// (the generator type's `send`) or `next(gen)` (the builtin, no default).
    pub(crate) fn gen_resume_operands(
        &self,
        callable: Value,
        self_or_null: Value,
        arg: Value,
    ) -> Option<(ObjRef, Value)> {
        let n = self.native(callable)?;
        if !n.bound.is_undef() {
            return None;
        }
        let (g, sent) = if self_or_null.is_undef() {
            let next = n.name == "next" && n.owner.is_undef() && n.kind == NativeKind::Function;
            (next.then_some(arg)?, Value::NONE)
        } else {
            let send = n.name == "send" && n.owner == Value::obj(self.types.generator);
            (send.then_some(self_or_null)?, arg)
        };
        match self.obj(g) {
            Some(Obj::Generator(_)) => Some((g.as_obj()?, sent)),
            _ => None,
        }
    }

    /// `CALL_GEN_RESUME` (the callable cached): `gen.send(v)` or `next(gen)` resumes the generator's frame as
    /// `SEND` does; the call's items stay below the frame (its floor is the callable's
    /// place), so a yield leaves the value as the call's result and a return raises
    /// `StopIteration` (`OnReturn::SendCall`).
    #[inline(always)]
    pub(crate) fn call_gen_resume(&mut self, ctx: &mut Ctx, argc: usize) -> UopResult {
        let Some(callee_pos) = self.stack.len().checked_sub(argc + 2) else {
            return DEOPT;
        };
        if argc != 1 {
            return DEOPT;
        }
        // The callable is the cached `send` or `next` (which of the two: whether the
        // receiver slot holds the generator).
        let items = &self.stack[callee_pos..];
        if cache_id(items[0]) != Some(cache(ctx, 1)) {
            return DEOPT;
        }
        // (Should a cached object die and its slot be reused, the name still tells.)
        match self.native(items[0]) {
            Some(n) if n.name == "send" || n.name == "next" => {}
            _ => return DEOPT,
        }
        let (g, sent) = match (items[1].is_undef(), items[2].is_undef()) {
            (true, _) => (items[2], Value::NONE),
            (false, false) => (items[1], items[2]),
            // `send(NULL)` (an image's): the generic call refuses it.
            (false, true) => return DEOPT,
        };
        let Some(Obj::Generator(_)) = self.obj(g) else {
            return DEOPT;
        };
        let Some(g) = g.as_obj() else {
            return DEOPT;
        };
        if let Some(caller) = self.frames.get_mut(ctx.fi) {
            caller.ip = ctx.ip as u32;
            caller.lasti = ctx.this as u32;
        }
        if !self.resume_generator(g, sent, OnReturn::SendCall)? {
            return Err(self.stop_iteration(Value::NONE));
        }
        if let Some(f) = self.frames.last_mut() {
            f.stack_floor = callee_pos as u32;
        }
        Ok(Flow::Reload)
    }

    /// `CALL_PY_WITH_DEFAULTS`: a Python function called with fewer positional arguments
    /// than it takes (and no keywords), the rest from its defaults, which go on the stack
    /// after the arguments before the frame is entered as an exact call's.
    #[inline(always)]
    pub(crate) fn call_py_with_defaults(&mut self, ctx: &mut Ctx, argc: usize) -> UopResult {
        let Some((callee_pos, func, nargs)) = self.py_call_operands(argc) else {
            return DEOPT;
        };
        let Some(Obj::Function(f)) = self.obj(func) else {
            return DEOPT;
        };
        let Some(missing) = defaults_shape(f, nargs) else {
            return DEOPT;
        };
        let (code, globals) = (f.code.clone(), f.globals);
        self.check_frame_depth()?;
        self.reserve_frame(code.nlocalsplus() - nargs, &code)?;
        let Some(Obj::Function(f)) = self.obj(func) else {
            return DEOPT;
        };
        let first = f.defaults.len() - missing;
        let mut defaults = [Value::UNDEF; MAX_DEFAULTS];
        defaults[..missing].copy_from_slice(&f.defaults[first..]);
        for &v in &defaults[..missing] {
            self.stack.push_reserved(v);
        }
        let nargs = nargs + missing;
        self.enter_exact(ctx, func, code, globals, nargs, OnReturn::Push, callee_pos)
    }

    #[inline(always)]
    pub(crate) fn call_bound_method_exact_args(&mut self, ctx: &mut Ctx, argc: usize) -> UopResult {
        let n = self.stack.len();
        let callee_pos = n - argc - 2;
        if !self.stack[callee_pos + 1].is_undef() {
            return DEOPT;
        }
        let Some(Obj::BoundMethod { func, receiver }) = self.obj(self.stack[callee_pos]) else {
            return DEOPT;
        };
        let (func, receiver) = (*func, *receiver);
        if !self.exact_args(func, argc + 1) {
            return DEOPT;
        }
        self.stack[callee_pos] = func;
        self.stack[callee_pos + 1] = receiver;
        self.push_exact_frame(ctx, callee_pos, argc + 1, OnReturn::Push, callee_pos)
    }

    /// Calls the native function at `callee_pos` with the arguments above it (self included
    /// when present) and replaces the call's stack items by the result.
    #[inline(always)]
    fn call_native_at(&mut self, ctx: &Ctx, callee_pos: usize) -> UopResult {
        let Some(f) = self.unbound_native_fn(self.stack[callee_pos]) else {
            return DEOPT;
        };
        let first = if self.stack[callee_pos + 1].is_undef() {
            callee_pos + 2
        } else {
            callee_pos + 1
        };
        self.call_native_with_stack_args(ctx, callee_pos, first, |vm, args| f(vm, args, &[]))
    }

    /// Runs `call` on the arguments `stack[first..]` as native code and replaces the call's
    /// stack items (from `callee_pos`) by the result. The arguments stay on the VM stack, so
    /// they are rooted while the callee runs Python code; up to 8 are passed in a stack buffer.
    #[inline(always)]
    fn call_native_with_stack_args(
        &mut self,
        ctx: &Ctx,
        callee_pos: usize,
        first: usize,
        call: impl FnOnce(&mut Vm, &[Value]) -> PyResult<Value>,
    ) -> UopResult {
        self.frames[ctx.fi].ip = ctx.ip as u32;
        self.frames[ctx.fi].lasti = ctx.this as u32;
        let mut buf = [Value::UNDEF; 8];
        let n = self.stack.len() - first;
        let heap_args;
        let args: &[Value] = if n <= 8 {
            buf[..n].copy_from_slice(&self.stack[first..]);
            &buf[..n]
        } else {
            heap_args = self.stack[first..].to_vec();
            &heap_args
        };
        self.enter_native()?;
        let r = call(self, args);
        self.leave_native();
        let v = r?;
        self.stack.truncate(callee_pos);
        self.push(v);
        NEXT
    }

    /// Calls a builtin type (`list(...)`, `range(...)`, `set()`) with positional arguments.
    #[inline(always)]
    pub(crate) fn call_builtin_class(&mut self, ctx: &Ctx, argc: usize) -> UopResult {
        let callee_pos = self.stack.len() - argc - 2;
        let Some(cls) = self.stack[callee_pos].as_obj() else {
            return DEOPT;
        };
        match self.heap.get(cls) {
            Obj::Class(c) if c.is_builtin => {}
            _ => return DEOPT,
        }
        if !self.stack[callee_pos + 1].is_undef() {
            return DEOPT;
        }
        if argc == 0 {
            // `set()`, `list()`, `dict()`: nothing to convert, no user code.
            let empty = if cls == self.types.set {
                Some(self.new_set(&[], false)?)
            } else if cls == self.types.list {
                Some(self.new_list(alloc::vec::Vec::new())?)
            } else if cls == self.types.dict {
                Some(self.new_dict()?)
            } else {
                None
            };
            if let Some(v) = empty {
                self.stack.truncate(callee_pos);
                self.push(v);
                return NEXT;
            }
        }
        self.call_native_with_stack_args(ctx, callee_pos, callee_pos + 2, |vm, args| {
            vm.instantiate(cls, args, &[])
        })
    }

    #[inline(always)]
    pub(crate) fn call_builtin(&mut self, ctx: &Ctx, argc: usize) -> UopResult {
        let callee_pos = self.stack.len() - argc - 2;
        self.call_native_at(ctx, callee_pos)
    }

    #[inline(always)]
    pub(crate) fn call_len(&mut self, ctx: &Ctx, argc: usize) -> UopResult {
        let n = self.stack.len();
        // (The callable is its guard's business; a non-container argument goes through the
        // native call, which checks the callable itself.)
        if argc != 1 || n < 3 {
            return DEOPT;
        }
        let len = match self.obj(self.stack[n - 1]) {
            Some(Obj::List(l)) => l.len(),
            Some(Obj::Tuple(t)) => t.len(),
            Some(Obj::Dict(d)) => d.len(),
            Some(Obj::Set(s)) => s.table.len(),
            Some(Obj::Str(s)) => s.nchars(),
            _ => return self.call_native_out_of_line(ctx, n - 3),
        };
        self.stack[n - 3] = Value::int_unchecked(len as i64);
        self.stack.truncate(n - 2);
        NEXT
    }

    /// [`Vm::call_native_at`] out of line: the rare path of a specialized call, kept out of
    /// its handler so the common path saves fewer registers.
    #[inline(never)]
    fn call_native_out_of_line(&mut self, ctx: &Ctx, callee_pos: usize) -> UopResult {
        self.call_native_at(ctx, callee_pos)
    }

    #[inline(always)]
    pub(crate) fn call_isinstance(&mut self, ctx: &Ctx, argc: usize) -> UopResult {
        let callee_pos = self.stack.len() - argc - 2;
        match self.native(self.stack[callee_pos]) {
            Some(n) if n.name == "isinstance" && argc == 2 => {}
            _ => return DEOPT,
        }
        // A class of metaclass `type` (no `__instancecheck__` to run): answered from the
        // MRO here, without the native call's argument copies and checks.
        let (v, cls) = (self.stack[callee_pos + 2], self.stack[callee_pos + 3]);
        if self.stack[callee_pos + 1].is_undef() {
            if let Some(c) = cls.as_obj() {
                if let Obj::Class(k) = self.heap.get(c) {
                    if k.meta == self.types.type_ {
                        let r = self.is_instance(v, c);
                        self.stack.truncate(callee_pos);
                        self.push(Value::bool(r));
                        return NEXT;
                    }
                }
            }
        }
        self.call_native_at(ctx, callee_pos)
    }

    /// `CALL_BUILTIN`'s guard: the callable is a builtin function.
    #[inline(always)]
    pub(crate) fn guard_call_native(&self, argc: usize) -> UopResult {
        let Some(callee_pos) = self.stack.len().checked_sub(argc + 2) else {
            return DEOPT;
        };
        if self.unbound_native_fn(self.stack[callee_pos]).is_some() {
            NEXT
        } else {
            DEOPT
        }
    }

    /// `CALL_LEN`'s guard: one argument, and the callable is the `len` the specializer saw
    /// (cache unit 1, a `cache_id`): one compare, where a lookup of the callable's name
    /// took a table walk and a string compare.
    #[inline(always)]
    pub(crate) fn guard_call_len(&self, ctx: &Ctx, argc: usize) -> UopResult {
        let n = self.stack.len();
        if argc == 1 && n >= 3 && self.stack[n - 3] == from_cache_id(cache(ctx, 1)) {
            NEXT
        } else {
            DEOPT
        }
    }

    /// `l.append(x)`'s guard: the callable is `list.append` and `l` a list.
    #[inline(always)]
    pub(crate) fn guard_call_list_append(&self, argc: usize) -> UopResult {
        self.guard_call_method(argc, |_, f| f == LIST_APPEND, |o| matches!(o, Obj::List(_)))
    }

    /// `s.add(x)`'s guard: the callable is the `set.add` the specializer saw (cache unit
    /// 1, a `cache_id`: one compare, not a lookup of its name) and `s` a mutable set.
    #[inline(always)]
    pub(crate) fn guard_call_set_add(&self, ctx: &Ctx, argc: usize) -> UopResult {
        let add = from_cache_id(cache(ctx, 1));
        self.guard_call_method(
            argc,
            |_, f| f == add,
            |o| matches!(o, Obj::Set(s) if !s.frozen),
        )
    }

    /// A one-argument call of a builtin method that `is_callee` accepts on a `self` that
    /// `is_self` accepts.
    #[inline(always)]
    fn guard_call_method(
        &self,
        argc: usize,
        is_callee: impl Fn(&Vm, Value) -> bool,
        is_self: impl Fn(&Obj) -> bool,
    ) -> UopResult {
        let Some(callee_pos) = self.stack.len().checked_sub(argc + 2) else {
            return DEOPT;
        };
        let callee = self.stack[callee_pos];
        match self.obj(self.stack[callee_pos + 1]) {
            Some(o) if argc == 1 && is_callee(self, callee) && is_self(o) => NEXT,
            _ => DEOPT,
        }
    }

    /// `l.append(x)` on an exact list (its guard is `_GUARD_CALL_LIST_APPEND`; the checks
    /// here are the safety net of a split action).
    #[inline(always)]
    pub(crate) fn call_list_append(&mut self, argc: usize) -> UopResult {
        let n = self.stack.len();
        if argc != 1 || n < 3 {
            return DEOPT;
        }
        let (list, item) = (self.stack[n - 2], self.stack[n - 1]);
        let Some(r) = list.as_obj() else {
            return DEOPT;
        };
        // (Only what the push relies on: the callable is its guard's business.) An append
        // within the capacity needs no charge; a full list grows out of line.
        match self.heap.get_mut(r) {
            Obj::List(l) => {
                if let Err(item) = l.push_within_capacity(item) {
                    self.list_push_growing(r, item)?;
                }
            }
            _ => return DEOPT,
        }
        self.stack[n - 3] = Value::NONE;
        self.stack.truncate(n - 2);
        NEXT
    }

    /// `s.add(x)` on an exact (mutable) set: no native call, no argument checks. The
    /// receiver and the item stay on the VM stack (rooted) while a user `__hash__`/`__eq__`
    /// of the item or of an element runs.
    #[inline(always)]
    pub(crate) fn call_set_add(&mut self, ctx: &Ctx, argc: usize) -> UopResult {
        let n = self.stack.len();
        let callee_pos = n - argc - 2;
        let set = self.stack[callee_pos + 1];
        let Some(r) = set.as_obj() else {
            return DEOPT;
        };
        // (Only what the insertion relies on: the callable is its guard's business.)
        match self.heap.get(r) {
            Obj::Set(s) if !s.frozen && argc == 1 => {}
            _ => return DEOPT,
        }
        self.frames[ctx.fi].ip = ctx.ip as u32;
        self.frames[ctx.fi].lasti = ctx.this as u32;
        self.set_add(set, self.stack[n - 1])?;
        self.stack.truncate(callee_pos);
        self.push(Value::NONE);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn call_alloc_and_enter_init(&mut self, ctx: &mut Ctx, argc: usize) -> UopResult {
        let callee_pos = self.stack.len() - argc - 2;
        let cls_v = self.stack[callee_pos];
        let Some(cls) = cls_v.as_obj() else {
            return DEOPT;
        };
        match self.heap.get(cls) {
            Obj::Class(c) if c.version.get() == cache(ctx, 1) => {}
            _ => return DEOPT,
        }
        if !self.stack[callee_pos + 1].is_undef() {
            return DEOPT;
        }
        let init = Value::obj(ObjRef(cache(ctx, 2)));
        if !self.exact_args(init, argc + 1) {
            return DEOPT;
        }
        self.frames[ctx.fi].ip = ctx.ip as u32;
        self.frames[ctx.fi].lasti = ctx.this as u32;
        let inst = self.new_instance(cls)?;
        // The instance replaces the class (it is the call's result once __init__ returns
        // None) and is also __init__'s `self`.
        self.stack[callee_pos] = inst;
        self.stack[callee_pos + 1] = init;
        self.push_init_frame(ctx, callee_pos, argc, inst)
    }

    /// What machine code's inline `_CALL_ALLOC_AND_ENTER_INIT` asks of the VM once its
    /// checks passed: the caller's position saved (for a traceback of a `MemoryError`) and
    /// a new instance of the class below the `argc` arguments and the null pushed; the code then lays out the call and pushes the
    /// `__init__` frame itself.
    #[cfg(feature = "tier2")]
    pub(crate) fn push_new_instance(&mut self, ctx: &Ctx, argc: usize) -> UopResult {
        let Some(callee_pos) = self.stack.len().checked_sub(argc + 2) else {
            return DEOPT;
        };
        let Some(cls) = self.stack[callee_pos].as_obj() else {
            return DEOPT;
        };
        if let Some(caller) = self.frames.get_mut(ctx.fi) {
            caller.ip = ctx.ip as u32;
            caller.lasti = ctx.this as u32;
        }
        let inst = self.new_instance(cls)?;
        self.push(inst);
        NEXT
    }

    #[inline(always)]
    fn push_init_frame(
        &mut self,
        ctx: &mut Ctx,
        callee_pos: usize,
        argc: usize,
        inst: Value,
    ) -> UopResult {
        // Layout for push_exact_frame: the function, then its arguments (self first).
        // The stack is [inst, init, args...]; make it [inst, init, inst, args...] by moving
        // the function slot: base = callee_pos + 2 - 1 would overwrite init, so shift.
        let n = self.stack.len();
        self.stack.insert(n - argc, inst);
        // Now [inst, init, inst, args...]: the function sits at callee_pos + 1.
        self.push_exact_frame(
            ctx,
            callee_pos + 1,
            argc + 1,
            OnReturn::Init,
            callee_pos + 1,
        )
    }

    /// `CALL_TUPLE_LIST_1`: `tuple(x)` or `list(x)` where `x` is a list or tuple: the items
    /// are copied directly (no iterator, no argument checking). `tuple` of a tuple is the
    /// tuple itself, as in CPython.
    #[inline(always)]
    pub(crate) fn call_tuple_list_1(&mut self) -> UopResult {
        let n = self.stack.len();
        if n < 3 || !self.stack[n - 2].is_undef() {
            return Ok(Flow::Deopt);
        }
        let (callee, arg) = (self.stack[n - 3], self.stack[n - 1]);
        let to_tuple = match callee.as_obj() {
            Some(c) if c == self.types.tuple => true,
            Some(c) if c == self.types.list => false,
            _ => return Ok(Flow::Deopt),
        };
        let Some(r) = arg.as_obj() else {
            return Ok(Flow::Deopt);
        };
        let items = match self.heap.get(r) {
            Obj::Tuple(_) if to_tuple => None,
            Obj::Tuple(t) => Some(t.to_vec()),
            Obj::List(l) => Some(l.to_vec()),
            _ => return Ok(Flow::Deopt),
        };
        // The source still holds the items on the stack while the result is allocated.
        let v = match items {
            None => arg,
            Some(items) => {
                self.charge(items.len() * 8)?;
                if to_tuple {
                    self.new_tuple(items)?
                } else {
                    self.new_list(items)?
                }
            }
        };
        self.stack.truncate(n - 3);
        self.push(v);
        Ok(Flow::Next)
    }
}
