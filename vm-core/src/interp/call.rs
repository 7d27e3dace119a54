//! Calls: argument binding, frame entry and return, calls from native code.

use alloc::boxed::Box;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::mem::size_of;

use super::eval::{Ctx, Flow};
use super::frame::{Frame, FrameRef, OnReturn};
use crate::bytecode::code::{code_flags, CodeObject};
use crate::interp::specialize::exact_shape;
use crate::object::types::{BuiltinBase, Function, NativeFunc, NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// How a callable was dispatched from bytecode.
enum Dispatch {
    /// The result is ready.
    Done(Value),
    /// A frame was pushed; the loop must reload.
    Frame,
}

impl Vm {
    // -- Calls from native code -------------------------------------------------------------

    /// Calls `f(*args)`.
    pub fn call(&mut self, f: Value, args: &[Value]) -> PyResult<Value> {
        self.call_kw(f, args, &[])
    }

    /// Calls `f(receiver, *args)` where `f` is an unbound function found on a class.
    pub fn call_bound(&mut self, f: Value, receiver: Value, args: &[Value]) -> PyResult<Value> {
        // A special method may be a static or class method (`__add__ = staticmethod(f)`):
        // bound as the descriptor would bind it.
        match self.obj(f) {
            Some(Obj::StaticMethod(inner)) => return self.call(*inner, args),
            Some(Obj::ClassMethod(inner)) => {
                let inner = *inner;
                let cls = self.type_of(receiver);
                return self.call_bound(inner, Value::obj(cls), args);
            }
            // A plain function taking exactly the receiver and the arguments (most
            // special methods): its frame is entered without the general call's dispatch.
            Some(Obj::Function(func)) if args.len() < 8 && exact_shape(&func.code, args.len() + 1) => {
                let mut buf = [Value::UNDEF; 8];
                buf[0] = receiver;
                buf[1..=args.len()].copy_from_slice(args);
                let r = f.as_obj().ok_or_else(|| self.internal_error("a function without an object"))?;
                return self.call_function_exact(r, &buf[..=args.len()]);
            }
            _ => {}
        }
        // A stack buffer for the usual few arguments (dunder methods, key functions).
        if args.len() < 8 {
            let mut buf = [Value::UNDEF; 8];
            buf[0] = receiver;
            buf[1..=args.len()].copy_from_slice(args);
            return self.call_kw(f, &buf[..=args.len()], &[]);
        }
        let mut all = Vec::with_capacity(args.len() + 1);
        all.push(receiver);
        all.extend_from_slice(args);
        self.call_kw(f, &all, &[])
    }

    /// Calls the method `name` of `obj`.
    pub fn call_method_by_name(
        &mut self,
        obj: Value,
        name: &str,
        args: &[Value],
    ) -> PyResult<Value> {
        let m = self.get_attr_str(obj, name)?;
        self.call(m, args)
    }

    /// Calls builtin `f` (whose record is `n`) with `args` and `kwargs`.
    fn call_native_kw(
        &mut self,
        f: Value,
        n: &NativeFunc,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<Value> {
        let (func, bound, method) = (n.f, n.bound, n.kind == NativeKind::Method);
        if !kwargs.is_empty() {
            self.check_native_keywords(f, kwargs)?;
        }
        self.enter_native()?;
        let res = if bound.is_undef() {
            match args.first() {
                // A method of a builtin type called on an instance of a subclass.
                Some(&a0) if method && self.method_self(f, a0) != a0 => {
                    let mut all = args.to_vec();
                    all[0] = self.method_self(f, a0);
                    func(self, &all, kwargs)
                }
                _ => func(self, args, kwargs),
            }
        } else {
            let mut all = Vec::with_capacity(args.len() + 1);
            all.push(bound);
            all.extend_from_slice(args);
            func(self, &all, kwargs)
        };
        self.leave_native();
        res
    }

    /// Calls `f(*args, **kwargs)` from Rust: Python code runs in a nested interpreter loop.
    pub fn call_kw(
        &mut self,
        f: Value,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<Value> {
        let Some(r) = f.as_obj() else {
            return match self.native(f) {
                Some(n) => self.call_native_kw(f, &n, args, kwargs),
                None => Err(self.not_callable(f)),
            };
        };
        match self.heap.get(r) {
            Obj::Native(n) => {
                let n = (**n).clone();
                self.call_native_kw(f, &n, args, kwargs)
            }
            Obj::BoundMethod { func, receiver } => {
                let (func, receiver) = (*func, *receiver);
                let mut all = Vec::with_capacity(args.len() + 1);
                all.push(receiver);
                all.extend_from_slice(args);
                self.call_kw(func, &all, kwargs)
            }
            Obj::Function(_) => {
                self.enter_native()?;
                let res = self.run_function(r, args, kwargs);
                self.leave_native();
                res
            }
            Obj::Class(_) => {
                self.enter_native()?;
                let res = self.instantiate(r, args, kwargs);
                self.leave_native();
                res
            }
            Obj::WeakRef(_) => self.weakref_call(f, args, kwargs),
            Obj::Instance(_) => match self.user_special(f, "__call__")? {
                Some(c) if kwargs.is_empty() => self.call_bound(c, f, args),
                Some(c) => {
                    let mut all = Vec::with_capacity(args.len() + 1);
                    all.push(f);
                    all.extend_from_slice(args);
                    self.call_kw(c, &all, kwargs)
                }
                None => Err(self.not_callable(f)),
            },
            _ => Err(self.not_callable(f)),
        }
    }

    fn not_callable(&mut self, f: Value) -> PyErr {
        let msg = format!("'{}' object is not callable", self.type_name(f));
        self.type_error(msg)
    }

    /// Calls Python function `func` with exactly its positional parameters (`exact_args`),
    /// in a nested loop: what [`Vm::call`] does for it, without finding out what `func` is.
    pub(crate) fn call_function_exact(&mut self, func: ObjRef, args: &[Value]) -> PyResult<Value> {
        self.enter_native()?;
        let floor = self.stack.len();
        let res = match self.enter_frame_exact(func, args, floor) {
            Ok(()) => {
                let entry = self.frames.len() - 1;
                self.run_frames(entry)
            }
            Err(e) => Err(e),
        };
        self.leave_native();
        res
    }

    /// Runs a Python function to completion in a nested loop.
    fn run_function(
        &mut self,
        func: ObjRef,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<Value> {
        let floor = self.stack.len();
        if kwargs.is_empty() && self.exact_args(Value::obj(func), args.len()) {
            self.enter_frame_exact(func, args, floor)?;
        } else {
            let locals = self.bind_args(func, args, kwargs)?;
            self.enter_frame(func, locals, floor as u32, OnReturn::Rust)?;
        }
        let entry = self.frames.len() - 1;
        self.run_frames(entry)
    }

    /// Makes room for a frame entered now: `slots` values of its own plus its code's
    /// `stacksize` and [`SLACK`](crate::interp::stack::SLACK) on the value stack. Every
    /// frame entry goes through here, so instructions then push without allocating; the
    /// frame list's room is checked with the recursion limit ([`Vm::check_frame_depth`]).
    #[inline(always)]
    pub(crate) fn reserve_frame(&mut self, slots: usize, code: &CodeObject) -> PyResult<()> {
        self.reserve_frame_values(slots + code.stacksize as usize + crate::interp::stack::SLACK)
    }

    /// [`Vm::reserve_frame`] for `values` slots in all.
    #[inline(always)]
    pub(crate) fn reserve_frame_values(&mut self, values: usize) -> PyResult<()> {
        if self.stack.capacity() - self.stack.len() >= values {
            return Ok(());
        }
        self.grow_stack(values)
    }

    /// Checks that one more frame may be entered: below the recursion limit, with room
    /// in the frame list (whose growth is charged like the value stack's). One test on
    /// the call path: `frame_limit` is the smaller of the two.
    #[inline(always)]
    pub(crate) fn check_frame_depth(&mut self) -> PyResult<()> {
        if self.frames.len() >= self.frame_limit {
            return self.at_frame_limit();
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn at_frame_limit(&mut self) -> PyResult<()> {
        if self.frames.len() >= self.config.recursion_limit {
            return Err(self.recursion_error());
        }
        self.grow_frame_list()
    }

    /// Sets the recursion limit (`sys.setrecursionlimit`).
    pub(crate) fn set_recursion_limit(&mut self, limit: usize) {
        self.config.recursion_limit = limit;
        self.update_frame_limit();
    }

    /// Recomputes what [`Vm::check_frame_depth`] compares against.
    pub(crate) fn update_frame_limit(&mut self) {
        self.frame_limit = self.config.recursion_limit.min(self.frames.capacity());
    }

    /// Grows the value stack, charging the growth against the heap limit before
    /// allocating: recursion as deep as `sys.setrecursionlimit` allows ends in
    /// `MemoryError` at the limit, not in the host's allocator.
    #[cold]
    #[inline(never)]
    pub(crate) fn grow_stack(&mut self, values: usize) -> PyResult<()> {
        let (len, cap) = (self.stack.len(), self.stack.capacity());
        let stack_cap = (cap * 2).max(len.saturating_add(values)).max(64);
        self.account_frames(stack_cap, self.frames.capacity())?;
        self.stack
            .grow_to(stack_cap)
            .map_err(|_| PyErr(self.memory_error))
    }

    /// Grows the frame list (charged first, as the value stack).
    #[cold]
    #[inline(never)]
    pub(crate) fn grow_frame_list(&mut self) -> PyResult<()> {
        let frames_cap = (self.frames.capacity() * 2).max(16);
        self.account_frames(self.stack.capacity(), frames_cap)?;
        let extra = frames_cap - self.frames.len();
        self.frames
            .try_reserve_exact(extra)
            .map_err(|_| PyErr(self.memory_error))?;
        self.update_frame_limit();
        Ok(())
    }

    /// Makes the heap count a value stack of `stack_cap` values and `frames_cap` frames.
    pub(crate) fn account_frames(&mut self, stack_cap: usize, frames_cap: usize) -> PyResult<()> {
        let bytes = stack_cap * size_of::<Value>() + frames_cap * size_of::<Frame>();
        let had = self.heap.external();
        if bytes > had {
            self.heap
                .charge_external(bytes - had)
                .map_err(|_| PyErr(self.memory_error))
        } else {
            self.heap.release_external(had - bytes);
            Ok(())
        }
    }

    /// Pushes a frame (returning to Rust) for `func` with exactly its positional `args`.
    fn enter_frame_exact(&mut self, func: ObjRef, args: &[Value], floor: usize) -> PyResult<()> {
        self.enter_frame_with(func, args, floor as u32, OnReturn::Rust)
    }

    /// A fresh instance of a user class, with the builtin payload its base needs.
    pub(crate) fn new_user_instance(&mut self, cls: ObjRef, args: &[Value]) -> PyResult<Value> {
        let inst = self.new_instance(cls)?;
        let native = match self.builtin_base(cls) {
            BuiltinBase::List => self.new_list(Vec::new())?,
            BuiltinBase::Dict => self.new_dict()?,
            BuiltinBase::Set => self.new_set(&[], false)?,
            BuiltinBase::Exception => {
                let a = self.new_tuple(args.to_vec())?;
                if let Some(Obj::Instance(i)) = inst.as_obj().map(|r| self.heap.get_mut(r)) {
                    i.exc = Some(Box::new(crate::object::types::ExcState {
                        args: a,
                        cause: Value::NONE,
                        context: Value::NONE,
                        ..Default::default()
                    }));
                }
                if self.has_exception_fields(cls) {
                    self.with_roots(&[inst], |vm, _| vm.init_exception_fields(inst, cls, args))?;
                }
                Value::UNDEF
            }
            _ => Value::UNDEF,
        };
        if !native.is_undef() {
            if let Some(Obj::Instance(i)) = inst.as_obj().map(|r| self.heap.get_mut(r)) {
                i.native = native;
            }
        }
        Ok(inst)
    }

    /// CPython's `_PyObject_FunctionStr`: `module.qualname()` (no module for builtins).
    pub(crate) fn func_str(&self, f: Value) -> String {
        let (module, qualname) = match self.obj(f) {
            Some(Obj::Function(func)) => (func.module, func.qualname),
            Some(Obj::BoundMethod { func, .. }) => return self.func_str(*func),
            _ => return self.callable_name(f),
        };
        let q = self.str_of(qualname).unwrap_or("?");
        match self.str_of(module) {
            Some(m) if m != "builtins" => format!("{m}.{q}()"),
            _ => format!("{q}()"),
        }
    }

    /// `DICT_MERGE`: merges mapping `m` into the call's keyword dict `d`.
    pub(crate) fn merge_call_kwargs(&mut self, d: Value, m: Value, callee: Value) -> PyResult<()> {
        let Some(dr) = d.as_obj() else { return Ok(()) };
        let items: Vec<(Value, Value)> = match (self.obj(m), m.as_obj()) {
            (Some(Obj::Dict(_)), Some(mr)) => self.dict_items(mr),
            _ => {
                if self.lookup_special(m, "keys")?.is_none() {
                    let msg = format!(
                        "{} argument after ** must be a mapping, not {}",
                        self.func_str(callee),
                        self.type_name(m)
                    );
                    return Err(self.type_error(msg));
                }
                let tmp = self.new_dict()?;
                let Some(tr) = tmp.as_obj() else {
                    return Ok(());
                };
                self.dict_update_from(tr, m)?;
                self.dict_items(tr)
            }
        };
        for (k, v) in items {
            if self.str_of(k).is_none() {
                let msg = String::from("keywords must be strings");
                return Err(self.type_error(msg));
            }
            if self.dict_get(dr, k)?.is_some() {
                let msg = format!(
                    "{} got multiple values for keyword argument '{}'",
                    self.func_str(callee),
                    self.str_of(k).unwrap_or("?")
                );
                return Err(self.type_error(msg));
            }
            self.dict_set(dr, k, v)?;
        }
        Ok(())
    }

    // -- Argument binding -------------------------------------------------------------------

    /// Binds call arguments to a function's parameters: the frame's initial locals
    /// (locals + cells + frees, cells and frees still empty).
    pub(crate) fn bind_args(
        &mut self,
        func: ObjRef,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<Vec<Value>> {
        let Obj::Function(f) = self.heap.get(func) else {
            return Err(self.internal_error("bind_args on a non-function"));
        };
        // The defaults are read from the function where they are needed (nothing in
        // between runs Python code): no copies of them per call.
        let code = f.code.clone();
        let ndefaults = f.defaults.len();
        let qualname = f.qualname;
        let nlocals = code.nlocalsplus();
        let argcount = code.argcount as usize;
        let kwonly = code.kwonlyargcount as usize;
        let posonly = code.posonlyargcount as usize;
        let has_varargs = code.flags & code_flags::VARARGS != 0;
        let has_varkw = code.flags & code_flags::VARKEYWORDS != 0;
        let mut locals = vec![Value::UNDEF; nlocals];
        // Fast path: exact positional arity.
        if kwargs.is_empty() && args.len() == argcount && kwonly == 0 && !has_varargs && !has_varkw
        {
            locals[..argcount].copy_from_slice(args);
            return Ok(locals);
        }
        // The name is only for the error messages.
        let fname_of = |vm: &Vm| String::from(vm.str_of(qualname).unwrap_or("?"));
        let npos = args.len().min(argcount);
        locals[..npos].copy_from_slice(&args[..npos]);
        let mut next = argcount + kwonly;
        if has_varargs {
            let extra = if args.len() > argcount {
                args[argcount..].to_vec()
            } else {
                Vec::new()
            };
            locals[next] = self.new_tuple(extra)?;
            next += 1;
        }
        let kwdict = if has_varkw {
            let d = self.new_dict()?;
            locals[next] = d;
            d.as_obj()
        } else {
            None
        };
        for &(k, v) in kwargs {
            let kname = self.str_of(k).unwrap_or("");
            // Keyword names and parameter names are interned: identity finds them, and
            // the text is compared only for a name built at run time.
            let params = &code.varnames[..argcount + kwonly];
            let pos = params.iter().position(|n| *n == k).or_else(|| {
                params
                    .iter()
                    .position(|n| self.str_of(*n) == Some(kname))
            });
            match pos {
                Some(p) if p >= posonly => {
                    if !locals[p].is_undef() {
                        let fname = fname_of(self);
                        let msg = format!("{fname}() got multiple values for argument '{kname}'");
                        return Err(self.type_error(msg));
                    }
                    locals[p] = v;
                }
                _ => match kwdict {
                    Some(d) => self.dict_set(d, k, v)?,
                    None => {
                        let fname = fname_of(self);
                        let msg = if pos.is_some() {
                            let names: Vec<&str> = kwargs
                                .iter()
                                .filter_map(|(k, _)| self.str_of(*k))
                                .filter(|k| {
                                    code.varnames[..posonly]
                                        .iter()
                                        .any(|n| self.str_of(*n) == Some(*k))
                                })
                                .collect();
                            let names = names.join(", ");
                            format!("{fname}() got some positional-only arguments passed as keyword arguments: '{names}'")
                        } else {
                            format!("{fname}() got an unexpected keyword argument '{kname}'")
                        };
                        return Err(self.type_error(msg));
                    }
                },
            }
        }
        if !has_varargs && args.len() > argcount {
            let given = args.len();
            let kwgiven = locals[argcount..argcount + kwonly]
                .iter()
                .filter(|v| !v.is_undef())
                .count();
            let fname = fname_of(self);
            let min = argcount - ndefaults.min(argcount);
            let takes = if min == argcount {
                format!(
                    "{argcount} positional argument{}",
                    if argcount == 1 { "" } else { "s" }
                )
            } else {
                format!("from {min} to {argcount} positional arguments")
            };
            let msg = if kwgiven > 0 {
                format!(
                    "{fname}() takes {takes} but {given} positional argument{} (and {kwgiven} keyword-only argument{}) were given",
                    if given == 1 { "" } else { "s" },
                    if kwgiven == 1 { "" } else { "s" }
                )
            } else {
                format!(
                    "{fname}() takes {takes} but {given} {} given",
                    if given == 1 { "was" } else { "were" }
                )
            };
            return Err(self.type_error(msg));
        }
        let Obj::Function(f) = self.heap.get(func) else {
            return Err(self.internal_error("bind_args on a non-function"));
        };
        // Defaults for missing positional parameters.
        let first_default = argcount - f.defaults.len().min(argcount);
        let mut missing = Vec::new();
        for (i, slot) in locals.iter_mut().enumerate().take(argcount) {
            if slot.is_undef() {
                match f.defaults.get(i.wrapping_sub(first_default)) {
                    Some(&d) if i >= first_default => *slot = d,
                    _ => missing.push(code.varnames[i]),
                }
            }
        }
        if !missing.is_empty() {
            let fname = fname_of(self);
            return Err(self.missing_args(&fname, &missing, "positional"));
        }
        for (i, slot) in locals.iter_mut().enumerate().skip(argcount).take(kwonly) {
            if slot.is_undef() {
                let name = code.varnames[i];
                let found = f.kwdefaults.iter().find(|(k, _)| *k == name).or_else(|| {
                    let ns = self.str_of(name).unwrap_or("");
                    f.kwdefaults.iter().find(|(k, _)| self.str_of(*k) == Some(ns))
                });
                match found {
                    Some((_, v)) => *slot = *v,
                    None => missing.push(name),
                }
            }
        }
        if !missing.is_empty() {
            let fname = fname_of(self);
            return Err(self.missing_args(&fname, &missing, "keyword-only"));
        }
        Ok(locals)
    }

    fn missing_args(&mut self, fname: &str, names: &[Value], kind: &str) -> PyErr {
        let quoted: Vec<String> = names
            .iter()
            .map(|n| format!("'{}'", self.str_of(*n).unwrap_or("?")))
            .collect();
        let list = match quoted.len() {
            1 => quoted[0].clone(),
            2 => format!("{} and {}", quoted[0], quoted[1]),
            _ => {
                let (last, rest) = quoted
                    .split_last()
                    .map(|(l, r)| (l.clone(), r.join(", ")))
                    .unwrap_or_default();
                format!("{rest}, and {last}")
            }
        };
        let n = names.len();
        let msg = format!(
            "{fname}() missing {n} required {kind} argument{}: {list}",
            if n == 1 { "" } else { "s" }
        );
        self.type_error(msg)
    }

    /// Pushes a frame for `func` with bound `locals`; the caller's stack is cut to
    /// `stack_floor` on return.
    pub(crate) fn enter_frame(
        &mut self,
        func: ObjRef,
        locals: Vec<Value>,
        stack_floor: u32,
        on_return: OnReturn,
    ) -> PyResult<()> {
        self.enter_frame_with(func, &locals, stack_floor, on_return)
    }

    /// Pushes a frame for `func` whose first locals are `locals` (the rest start unbound).
    fn enter_frame_with(
        &mut self,
        func: ObjRef,
        locals: &[Value],
        stack_floor: u32,
        on_return: OnReturn,
    ) -> PyResult<()> {
        self.check_frame_depth()?;
        let Obj::Function(f) = self.heap.get(func) else {
            return Err(self.internal_error("entering a frame of a non-function"));
        };
        let code = f.code.clone();
        let globals = f.globals;
        let nlocals = code.nlocalsplus().max(locals.len());
        self.reserve_frame(nlocals, &code)?;
        let base = self.stack.len();
        self.stack.extend_from_slice(locals);
        self.stack.resize(base + nlocals, Value::UNDEF);
        self.frames.push(Frame::call(
            code,
            Value::obj(func),
            globals,
            base,
            stack_floor,
            on_return,
        ));
        Ok(())
    }

    /// Runs module or class-body code in the namespace `locals` (a dict or `UNDEF` for
    /// module code, whose namespace is `globals`).
    pub fn run_code(
        &mut self,
        code: Rc<CodeObject>,
        globals: ObjRef,
        locals: Value,
        func: Value,
    ) -> PyResult<Value> {
        self.check_frame_depth()?;
        if func.is_undef() {
            // Module code (not a class body) may read its `__builtins__` as a dict.
            self.name_builtins_if_mentioned(&code)?;
        }
        self.enter_native()?;
        let floor = self.stack.len() as u32;
        let n = code.nlocalsplus();
        let base = self.stack.len();
        if let Err(e) = self.reserve_frame(n, &code) {
            self.leave_native();
            return Err(e);
        }
        self.stack.resize(base + n, Value::UNDEF);
        self.frames.push(Frame {
            code,
            func,
            globals,
            locals,
            ip: 0,
            lasti: 0,
            base: base as u32,
            stack_floor: floor,
            on_return: OnReturn::Rust,
            generator: FrameRef::NONE,
            saved_exc: Value::NONE,
            obj: FrameRef::NONE,
        });
        let entry = self.frames.len() - 1;
        let r = self.run_frames(entry);
        self.leave_native();
        r
    }

    // -- CALL from bytecode ---------------------------------------------------------------------

    /// `CALL`/`CALL_KW`: stack `callable, self_or_null, args[argc]`.
    pub(crate) fn call_instr(
        &mut self,
        ctx: &mut Ctx,
        argc: usize,
        kwnames: Value,
    ) -> Result<Flow, PyErr> {
        let len = self.stack.len();
        if len < argc + 2 {
            return Err(self.internal_error("CALL stack underflow"));
        }
        let callee_pos = len - argc - 2;
        let callable = self.stack[callee_pos];
        let self_arg = self.stack[callee_pos + 1];
        self.frames[ctx.fi].ip = ctx.ip as u32;
        self.frames[ctx.fi].lasti = ctx.this as u32;
        let nkw = match self.obj(kwnames) {
            Some(Obj::Tuple(t)) => t.len(),
            _ => 0,
        };
        // Python function, positional only: the arguments already sit where the callee's
        // locals go, so the frame is entered without copying.
        if nkw == 0 {
            if let Some(fr) = callable.as_obj() {
                if let Obj::Function(f) = self.heap.get(fr) {
                    let code = &f.code;
                    let nargs = argc + (!self_arg.is_undef()) as usize;
                    if code.flags & (code_flags::VARARGS | code_flags::VARKEYWORDS) == 0
                        && code.kwonlyargcount == 0
                        && code.argcount as usize == nargs
                    {
                        let extra = code.nlocalsplus() - nargs;
                        let code = code.clone();
                        let globals = f.globals;
                        self.check_frame_depth()?;
                        let base = if self_arg.is_undef() {
                            callee_pos + 2
                        } else {
                            callee_pos + 1
                        };
                        self.reserve_frame(extra, &code)?;
                        self.stack.resize(len + extra, Value::UNDEF);
                        self.frames.push(Frame::call(
                            code,
                            callable,
                            globals,
                            base,
                            callee_pos as u32,
                            OnReturn::Push,
                        ));
                        return Ok(Flow::Reload);
                    }
                }
            }
        }
        if let Some(bound) = self.bind_in_place(callee_pos, argc, kwnames) {
            return self.enter_bound_in_place(callee_pos, bound?);
        }
        let mut all = self.stack[callee_pos + 1..].to_vec();
        if self_arg.is_undef() {
            all.remove(0);
        }
        let kwargs: Vec<(Value, Value)> = if nkw > 0 {
            let names = self.tuple_items(kwnames).unwrap_or_default();
            // More keyword names than arguments: only a malformed bytecode image does that.
            let Some(split) = all.len().checked_sub(nkw) else {
                return Err(self.internal_error("keyword names exceed the call's arguments"));
            };
            let vals = all.split_off(split);
            names.into_iter().zip(vals).collect()
        } else {
            Vec::new()
        };
        match self.dispatch_call(callable, all, &kwargs, callee_pos)? {
            Dispatch::Done(v) => {
                self.stack.truncate(callee_pos);
                self.push(v);
                Ok(Flow::Next)
            }
            Dispatch::Frame => Ok(Flow::Reload),
        }
    }

    /// `CALL_FUNCTION_EX`: stack `callable, self_or_null, args tuple, kwargs dict or null`.
    pub(crate) fn call_ex_instr(&mut self, ctx: &mut Ctx) -> Result<Flow, PyErr> {
        let kw = self.pop();
        let args = self.pop();
        let self_arg = self.pop();
        let callable = self.top();
        let callee_pos = self.stack.len() - 1;
        self.frames[ctx.fi].ip = ctx.ip as u32;
        self.frames[ctx.fi].lasti = ctx.this as u32;
        if kw.is_undef() {
            if let Some(bound) = self.bind_star_in_place(callee_pos, self_arg, args) {
                return self.enter_bound_in_place(callee_pos, bound);
            }
        }
        let mut all = Vec::new();
        if !self_arg.is_undef() {
            all.push(self_arg);
        }
        match self.obj(args) {
            Some(Obj::Tuple(t)) => all.extend_from_slice(t),
            _ => {
                if !self.is_iterable(args) {
                    let msg = format!(
                        "{} argument after * must be an iterable, not {}",
                        self.func_str(callable),
                        self.type_name(args)
                    );
                    return Err(self.type_error(msg));
                }
                let items = self.collect_iter(args)?;
                all.extend(items);
            }
        }
        let kwargs = if kw.is_undef() {
            Vec::new()
        } else {
            match kw.as_obj() {
                Some(d) => self.dict_items(d),
                None => Vec::new(),
            }
        };
        // Re-push the argument containers: they keep the arguments (and keyword values)
        // rooted while a frame is built or a native callee calls back into Python.
        self.push(args);
        self.push(kw);
        match self.dispatch_call(callable, all, &kwargs, callee_pos)? {
            Dispatch::Done(v) => {
                self.stack.truncate(callee_pos);
                self.push(v);
                Ok(Flow::Next)
            }
            Dispatch::Frame => Ok(Flow::Reload),
        }
    }

    /// Calls `callable` with materialized arguments from bytecode; Python functions and
    /// class `__init__`s get frames, everything else runs to completion.
    fn dispatch_call(
        &mut self,
        callable: Value,
        args: Vec<Value>,
        kwargs: &[(Value, Value)],
        callee_pos: usize,
    ) -> PyResult<Dispatch> {
        let Some(r) = callable.as_obj() else {
            return self.call_kw(callable, &args, kwargs).map(Dispatch::Done);
        };
        match self.heap.get(r) {
            Obj::Function(_) => {
                let locals = self.bind_args(r, &args, kwargs)?;
                self.stack.truncate(callee_pos + 1);
                self.enter_frame(r, locals, callee_pos as u32, OnReturn::Push)?;
                Ok(Dispatch::Frame)
            }
            Obj::BoundMethod { func, receiver } => {
                let (func, receiver) = (*func, *receiver);
                if let Some(fr) = func.as_obj() {
                    if let Obj::Function(_) = self.heap.get(fr) {
                        let mut all = Vec::with_capacity(args.len() + 1);
                        all.push(receiver);
                        all.extend(args);
                        let locals = self.bind_args(fr, &all, kwargs)?;
                        self.stack.truncate(callee_pos + 1);
                        self.enter_frame(fr, locals, callee_pos as u32, OnReturn::Push)?;
                        return Ok(Dispatch::Frame);
                    }
                }
                let v = self.call_kw(callable, &args, kwargs)?;
                Ok(Dispatch::Done(v))
            }
            Obj::Class(_) => {
                if self.builtin_base(r) == BuiltinBase::Object
                    && !self.class(r).is_some_and(|c| c.is_builtin)
                    && self.plain_instantiation(r)?
                {
                    let init_name =
                        crate::object::descr::Dunders::name(self, self.dunders.init, "__init__")?;
                    if let Some(init) = self.class_lookup(r, init_name) {
                        if let Some(ir) = init.as_obj() {
                            if let Obj::Function(_) = self.heap.get(ir) {
                                let inst = self.new_user_instance(r, &args)?;
                                // The instance replaces the class on the stack: it is the
                                // call's result once __init__ returns None.
                                self.stack.truncate(callee_pos);
                                self.push(inst);
                                let mut all = Vec::with_capacity(args.len() + 1);
                                all.push(inst);
                                all.extend(args);
                                let locals = self.bind_args(ir, &all, kwargs)?;
                                self.enter_frame(
                                    ir,
                                    locals,
                                    callee_pos as u32 + 1,
                                    OnReturn::Init,
                                )?;
                                return Ok(Dispatch::Frame);
                            }
                        }
                    }
                }
                let v = self.call_kw(callable, &args, kwargs)?;
                Ok(Dispatch::Done(v))
            }
            _ => {
                let v = self.call_kw(callable, &args, kwargs)?;
                Ok(Dispatch::Done(v))
            }
        }
    }

    /// `RETURN_VALUE`.
    #[inline(always)]
    pub(crate) fn return_from_frame(&mut self, ctx: &mut Ctx, v: Value) -> Result<Flow, PyErr> {
        // The common case, a plain call from bytecode: drop the frame in place.
        if let Some(f) = self.frames.last() {
            // (A frame with a frame object, or a generator's, is retired out of line.)
            if f.generator.is_none() && f.obj.is_none() {
                let floor = f.stack_floor as usize;
                match f.on_return {
                    OnReturn::Push => {
                        self.frames.truncate(self.frames.len() - 1);
                        self.stack.truncate(floor);
                        self.push(v);
                        return Ok(Flow::Reload);
                    }
                    OnReturn::PushSame => {
                        // The caller runs the code the dispatch loop holds: `ctx` moves back
                        // to it exactly as a reload would put it.
                        let fi = self.frames.len() - 1;
                        self.frames.truncate(fi);
                        self.stack.truncate(floor);
                        self.push(v);
                        if let Some(caller) = self.frames.last() {
                            ctx.base = caller.base as usize;
                            ctx.ip = caller.ip as usize;
                            ctx.this = caller.ip as usize;
                            ctx.fi = fi - 1;
                            return Ok(Flow::Next);
                        }
                        return Ok(Flow::Reload);
                    }
                    _ => {}
                }
            }
        }
        self.return_other(ctx, v)
    }

    /// The other returns (generators, frames entered from Rust, `__init__`): out of line,
    /// so the common return needs no register saves.
    #[inline(never)]
    fn return_other(&mut self, ctx: &mut Ctx, v: Value) -> Result<Flow, PyErr> {
        let Some(frame) = self.frames.pop() else {
            return Err(self.internal_error("return without a frame"));
        };
        self.retire_frame(&frame, ctx.this as u32);
        if let Some(g) = frame.generator.get() {
            self.finish_generator(g, &frame);
            self.stack.truncate(frame.stack_floor as usize);
            return match frame.on_return {
                OnReturn::Rust => {
                    self.gen_returned = true;
                    Ok(Flow::Exit(v))
                }
                OnReturn::ForIter { exhausted } => {
                    self.stack.pop();
                    self.set_caller_ip(exhausted);
                    Ok(Flow::Reload)
                }
                OnReturn::Send { done } => {
                    self.push(v);
                    self.set_caller_ip(done);
                    Ok(Flow::Reload)
                }
                OnReturn::SendCall => Err(self.stop_iteration(v)),
                OnReturn::Push | OnReturn::PushSame | OnReturn::Init | OnReturn::Binary { .. } => {
                    self.push(v);
                    Ok(Flow::Reload)
                }
                // `COMPARE_OP_USER` never enters a generator's code.
                OnReturn::Compare { .. } => {
                    Err(self.internal_error("a comparison's dunder ran as a generator"))
                }
            };
        }
        if let OnReturn::Compare { op } = frame.on_return {
            return self.compare_dunder_returned(frame.stack_floor as usize, op, v);
        }
        if let (OnReturn::Binary { op }, Value::NOT_IMPLEMENTED) = (frame.on_return, v) {
            let floor = frame.stack_floor as usize;
            let err = self.binary_dunder_declined(floor, op);
            self.stack.truncate(floor);
            return Err(err);
        }
        self.stack.truncate(frame.stack_floor as usize);
        match frame.on_return {
            OnReturn::Rust => Ok(Flow::Exit(v)),
            OnReturn::Init => {
                if v != Value::NONE {
                    let msg = format!("__init__() should return None, not '{}'", self.type_name(v));
                    return Err(self.type_error(msg));
                }
                Ok(Flow::Reload)
            }
            _ => {
                self.push(v);
                Ok(Flow::Reload)
            }
        }
    }

    fn set_caller_ip(&mut self, ip: u32) {
        if let Some(f) = self.frames.last_mut() {
            f.ip = ip;
        }
    }

    /// `MAKE_FUNCTION`.
    pub(crate) fn make_function(&mut self, ctx: &mut Ctx, flags: u32) -> PyResult<Value> {
        let code_v = self.pop();
        let closure = if flags & 8 != 0 {
            self.pop()
        } else {
            Value::UNDEF
        };
        let annotations = if flags & 4 != 0 {
            self.pop()
        } else {
            Value::UNDEF
        };
        let kwdefaults = if flags & 2 != 0 {
            self.pop()
        } else {
            Value::UNDEF
        };
        let defaults = if flags & 1 != 0 {
            self.pop()
        } else {
            Value::UNDEF
        };
        let code = match self.obj(code_v) {
            Some(Obj::Code(c)) => c.clone(),
            _ => return Err(self.internal_error("MAKE_FUNCTION without code")),
        };
        let defaults = self.tuple_items(defaults).unwrap_or_default();
        let closure = self.tuple_items(closure).unwrap_or_default().into();
        let kwdefaults = match kwdefaults.as_obj() {
            Some(d) => self.dict_items(d),
            None => Vec::new(),
        };
        let globals = self.frames[ctx.fi].globals;
        let n = match self.name_key {
            Value::NONE => self.intern("__name__")?,
            key => key,
        };
        let module = self.dict_get_str(globals, n).unwrap_or(Value::NONE);
        let doc = if code.flags & code_flags::HAS_DOCSTRING != 0 {
            code.consts.first().copied().unwrap_or(Value::NONE)
        } else {
            Value::NONE
        };
        let f = Function {
            name: code.name,
            qualname: code.qualname,
            code,
            globals,
            defaults,
            kwdefaults,
            closure,
            dict: None,
            module,
            doc,
            version: 0,
        };
        let f = self.alloc_value(Obj::Function(Box::new(f)))?;
        if annotations.as_obj().is_some() {
            self.with_roots(&[f, annotations], |vm, _| {
                let name = vm.intern("__annotations__")?;
                vm.set_attr(f, name, annotations)
            })?;
        }
        Ok(f)
    }
}
