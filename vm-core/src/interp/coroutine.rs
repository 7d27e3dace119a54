//! Coroutines and asynchronous generators: what `await`, `async for` and `async with` do
//! (`GET_AWAITABLE`, `GET_AITER`, `GET_ANEXT`, `END_ASYNC_FOR`, `BEFORE_ASYNC_WITH`), and
//! the awaitables an asynchronous generator hands out (`__anext__()`, `asend()`,
//! `athrow()`, `aclose()`), as CPython 3.11's `genobject.c` runs them.
//!
//! A coroutine is a generator's record under `Obj::Coroutine` (`Generator::kind` says
//! coroutine or asynchronous generator): `await` on one resumes its frame in the same
//! dispatch loop (`SEND`), as `yield from` does a generator. An asynchronous generator is
//! only ever resumed from Rust, by its awaitables: its own `yield`s are marked by the
//! `AsyncGenWrap` intrinsic just before them ([`Vm::agen_wrapped`]), which tells them from
//! the values an `await` inside it passes up to the event loop.
//!
//! A step of an awaitable answers `Ok(Ok(v))` for a value passed up (a yield) and
//! `Ok(Err(v))` when the awaiting is done with result `v` (CPython's `StopIteration(v)`).

use alloc::format;

use crate::object::types::{AwaitState, GenKind, GenState, IterObj, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// One step of an awaitable: a value passed up, or the awaiting's result.
pub type Step = Result<Value, Value>;

/// The text of `RuntimeError` for an asynchronous generator that yielded while closing.
const IGNORED_EXIT: &str = "async generator ignored GeneratorExit";

impl Vm {
    /// `GET_AWAITABLE`: what `await v` iterates. `where_from` is 1 for the result of
    /// `__aenter__`, 2 for that of `__aexit__` (their errors say so), 0 otherwise.
    pub(crate) fn get_awaitable(&mut self, v: Value, where_from: u32) -> PyResult<Value> {
        if let Some(GenKind::Coroutine) = self.coroutine_kind(v) {
            let awaited = v
                .as_obj()
                .and_then(|r| self.heap.get(r).resumable())
                .and_then(|g| g.frame.as_ref())
                .is_some_and(|f| !f.yield_from().is_undef());
            if awaited {
                return Err(self.runtime_error("coroutine is being awaited already"));
            }
            return Ok(v);
        }
        if where_from != 0 && self.lookup_special(v, "__await__")?.is_none() {
            let which = if where_from == 1 {
                "__aenter__"
            } else {
                "__aexit__"
            };
            let msg = format!(
                "'async with' received an object from {which} that does not implement __await__: {}",
                self.type_name(v)
            );
            return Err(self.type_error(msg));
        }
        self.awaitable_iter(v)
    }

    /// CPython's `_PyCoro_GetAwaitableIter`: a coroutine itself, else the iterator its
    /// `__await__` returns.
    fn awaitable_iter(&mut self, v: Value) -> PyResult<Value> {
        if let Some(GenKind::Coroutine) = self.coroutine_kind(v) {
            return Ok(v);
        }
        let Some(f) = self.lookup_special(v, "__await__")? else {
            let msg = format!(
                "object {} can't be used in 'await' expression",
                self.type_name(v)
            );
            return Err(self.type_error(msg));
        };
        let it = self.call_bound(f, v, &[])?;
        if let Some(GenKind::Coroutine) = self.coroutine_kind(it) {
            return Err(self.type_error("__await__() returned a coroutine"));
        }
        if !self.is_native_iterator(it) && self.user_special(it, "__next__")?.is_none() {
            let msg = format!(
                "__await__() returned non-iterator of type '{}'",
                self.type_name(it)
            );
            return Err(self.type_error(msg));
        }
        Ok(it)
    }

    /// The kind of a coroutine or asynchronous generator object (`None` for other values).
    pub(crate) fn coroutine_kind(&self, v: Value) -> Option<GenKind> {
        match self.obj(v) {
            Some(Obj::Coroutine(g)) => Some(g.kind),
            _ => None,
        }
    }

    /// `GET_AITER`: `type(v).__aiter__(v)`, which must have `__anext__`.
    pub(crate) fn get_aiter(&mut self, v: Value) -> PyResult<Value> {
        if let Some(GenKind::AsyncGenerator) = self.coroutine_kind(v) {
            return Ok(v);
        }
        let Some(f) = self.lookup_special(v, "__aiter__")? else {
            let msg = format!(
                "'async for' requires an object with __aiter__ method, got {}",
                self.type_name(v)
            );
            return Err(self.type_error(msg));
        };
        let it = self.call_bound(f, v, &[])?;
        if self.lookup_special(it, "__anext__")?.is_none() {
            let msg = format!(
                "'async for' received an object from __aiter__ that does not implement __anext__: {}",
                self.type_name(it)
            );
            return Err(self.type_error(msg));
        }
        Ok(it)
    }

    /// `GET_ANEXT`: the awaitable of the next item of asynchronous iterator `it`.
    pub(crate) fn get_anext(&mut self, it: Value) -> PyResult<Value> {
        if let (Some(GenKind::AsyncGenerator), Some(r)) = (self.coroutine_kind(it), it.as_obj()) {
            return self.agen_asend(r, Value::NONE);
        }
        let Some(f) = self.lookup_special(it, "__anext__")? else {
            let msg = format!(
                "'async for' requires an iterator with __anext__ method, got {}",
                self.type_name(it)
            );
            return Err(self.type_error(msg));
        };
        let next = self.call_bound(f, it, &[])?;
        self.with_roots(&[next], |vm, _| match vm.awaitable_iter(next) {
            Ok(a) => Ok(a),
            Err(cause) => {
                let msg = format!(
                    "'async for' received an invalid object from __anext__: {}",
                    vm.type_name(next)
                );
                let e = vm.type_error(msg);
                if let Some(st) = vm.exc_state_mut(e.0) {
                    st.cause = cause.0;
                    st.context = cause.0;
                    st.suppress_context = true;
                }
                Err(e)
            }
        })
    }

    /// `END_ASYNC_FOR`: `StopAsyncIteration` ends the loop; anything else goes on
    /// unwinding (with no traceback entry of its own, as a re-raise).
    pub(crate) fn end_async_for(&mut self, exc: Value) -> Result<(), PyErr> {
        if self.exc_matches(exc, self.types.stop_async_iteration) {
            return Ok(());
        }
        Err(self.reraise_marker(exc))
    }

    /// `BEFORE_ASYNC_WITH`: the bound `__aexit__` of `mgr` and the result of its
    /// `__aenter__()` (which the code awaits next).
    pub(crate) fn before_async_with(&mut self, mgr: Value) -> PyResult<(Value, Value)> {
        let enter = self.lookup_special(mgr, "__aenter__")?;
        let exit = self.lookup_special(mgr, "__aexit__")?;
        let (Some(enter), Some(exit)) = (enter, exit) else {
            let what = if enter.is_none() {
                ""
            } else {
                " (missed __aexit__ method)"
            };
            let msg = format!(
                "'{}' object does not support the asynchronous context manager protocol{what}",
                self.type_name(mgr)
            );
            return Err(self.type_error(msg));
        };
        let t = self.type_of(mgr);
        let bound_exit = self.bind_descriptor(exit, mgr, t)?;
        let entered = self.with_roots(&[bound_exit], |vm, _| vm.call_bound(enter, mgr, &[]))?;
        Ok((bound_exit, entered))
    }

    /// `agen.asend(value)` (and `__anext__()`, which sends `None`).
    pub(crate) fn agen_asend(&mut self, agen: ObjRef, value: Value) -> PyResult<Value> {
        self.alloc_value(Obj::Iter(alloc::boxed::Box::new(IterObj::AsyncGenSend {
            agen,
            value,
            state: AwaitState::Init,
        })))
    }

    /// `agen.athrow(typ, val)`; `aclose()` when `typ` is `UNDEF`.
    pub(crate) fn agen_athrow(&mut self, agen: ObjRef, typ: Value, val: Value) -> PyResult<Value> {
        self.alloc_value(Obj::Iter(alloc::boxed::Box::new(IterObj::AsyncGenThrow {
            agen,
            typ,
            val,
            state: AwaitState::Init,
        })))
    }

    /// Whether object `r` is one of the awaitables of this module (a coroutine's
    /// `__await__()`, an asynchronous generator's `asend` or `athrow`).
    pub(crate) fn is_native_awaitable(&self, r: ObjRef) -> bool {
        matches!(self.heap.get(r), Obj::Iter(it) if matches!(
            **it,
            IterObj::CoroWrapper { .. } | IterObj::AsyncGenSend { .. } | IterObj::AsyncGenThrow { .. }
        ))
    }

    /// Sends `v` into awaitable `r` (its `send`; `__next__` sends `None`).
    pub(crate) fn awaitable_send(&mut self, r: ObjRef, v: Value) -> PyResult<Step> {
        let Obj::Iter(it) = self.heap.get(r) else {
            return Err(self.internal_error("send to a non-awaitable"));
        };
        match **it {
            IterObj::CoroWrapper { coro } => self.generator_resume(coro, v),
            IterObj::AsyncGenSend { agen, value, state } => {
                self.asend_send(r, agen, value, state, v)
            }
            IterObj::AsyncGenThrow {
                agen,
                typ,
                val,
                state,
            } => self.athrow_send(r, agen, typ, val, state, v),
            _ => Err(self.internal_error("send to a non-awaitable")),
        }
    }

    /// Throws `exc` into awaitable `r` (its `throw`).
    pub(crate) fn awaitable_throw(&mut self, r: ObjRef, exc: Value) -> PyResult<Step> {
        let Obj::Iter(it) = self.heap.get(r) else {
            return Err(self.internal_error("throw to a non-awaitable"));
        };
        match **it {
            IterObj::CoroWrapper { coro } => {
                let r1 = self.generator_throw(coro, exc);
                step_of(self, r1)
            }
            IterObj::AsyncGenSend { agen, state, .. } => {
                if state == AwaitState::Closed {
                    return Err(
                        self.runtime_error("cannot reuse already awaited __anext__()/asend()")
                    );
                }
                let r1 = self.agen_throw_raw(agen, exc);
                let out = self.agen_unwrap(agen, r1);
                if !matches!(out, Ok(Ok(_))) {
                    self.set_await_state(r, AwaitState::Closed);
                }
                out
            }
            IterObj::AsyncGenThrow {
                agen, typ, state, ..
            } => {
                if state == AwaitState::Closed {
                    return Err(
                        self.runtime_error("cannot reuse already awaited aclose()/athrow()")
                    );
                }
                let r1 = self.agen_throw_raw(agen, exc);
                if !typ.is_undef() {
                    return self.agen_unwrap(agen, r1);
                }
                // aclose(): its own yield is an error, and its end is the await's end.
                match r1 {
                    Ok(Ok(_)) if core::mem::take(&mut self.agen_wrapped) => {
                        self.set_agen_running(agen, false);
                        self.set_await_state(r, AwaitState::Closed);
                        Err(self.runtime_error(IGNORED_EXIT))
                    }
                    Err(e) if self.ends_closing(e.0) => Ok(Err(Value::NONE)),
                    other => other,
                }
            }
            _ => Err(self.internal_error("throw to a non-awaitable")),
        }
    }

    /// Closes awaitable `r` (its `close`).
    pub(crate) fn awaitable_close(&mut self, r: ObjRef) -> PyResult<Value> {
        let coro = match self.heap.get(r) {
            Obj::Iter(it) => match **it {
                IterObj::CoroWrapper { coro } => Some(coro),
                _ => None,
            },
            _ => None,
        };
        match coro {
            Some(c) => self.generator_close(c),
            None => {
                self.set_await_state(r, AwaitState::Closed);
                Ok(Value::NONE)
            }
        }
    }

    /// `asend.send(v)`: CPython's `async_gen_asend_send`.
    fn asend_send(
        &mut self,
        r: ObjRef,
        agen: ObjRef,
        value: Value,
        state: AwaitState,
        v: Value,
    ) -> PyResult<Step> {
        let mut v = v;
        match state {
            AwaitState::Closed => {
                return Err(self.runtime_error("cannot reuse already awaited __anext__()/asend()"))
            }
            AwaitState::Init => {
                if self.agen_flags(agen).0 {
                    return Err(
                        self.runtime_error("anext(): asynchronous generator is already running")
                    );
                }
                if v == Value::NONE || v.is_undef() {
                    v = value;
                }
                self.set_await_state(r, AwaitState::Iter);
            }
            AwaitState::Iter => {}
        }
        self.set_agen_running(agen, true);
        self.agen_wrapped = false;
        let step = self.generator_resume(agen, v);
        let out = self.agen_unwrap(agen, step);
        if !matches!(out, Ok(Ok(_))) {
            self.set_await_state(r, AwaitState::Closed);
        }
        out
    }

    /// `athrow.send(v)` (and `aclose()`'s): CPython's `async_gen_athrow_send`.
    fn athrow_send(
        &mut self,
        r: ObjRef,
        agen: ObjRef,
        typ: Value,
        val: Value,
        state: AwaitState,
        v: Value,
    ) -> PyResult<Step> {
        let closing = typ.is_undef();
        if state == AwaitState::Closed {
            return Err(self.runtime_error("cannot reuse already awaited aclose()/athrow()"));
        }
        let finished = matches!(
            self.heap.get(agen).resumable(),
            Some(g) if g.state == GenState::Finished
        );
        if finished {
            self.set_await_state(r, AwaitState::Closed);
            return Ok(Err(Value::NONE));
        }
        let raw = if state == AwaitState::Init {
            let (running, closed) = self.agen_flags(agen);
            if running {
                self.set_await_state(r, AwaitState::Closed);
                let which = if closing { "aclose" } else { "athrow" };
                let msg = format!("{which}(): asynchronous generator is already running");
                return Err(self.runtime_error(msg));
            }
            if closed {
                self.set_await_state(r, AwaitState::Closed);
                return Err(self.new_exception_empty(self.types.stop_async_iteration));
            }
            if v != Value::NONE && !v.is_undef() {
                return Err(
                    self.runtime_error("can't send non-None value to a just-started coroutine")
                );
            }
            self.set_await_state(r, AwaitState::Iter);
            self.set_agen_running(agen, true);
            let exc = if closing {
                if let Some(g) = self.heap.get_mut(agen).resumable_mut() {
                    g.closed = true;
                }
                self.new_exception_empty(self.types.generator_exit).0
            } else {
                match self.throw_exception(typ, val) {
                    Ok(e) => e,
                    Err(e) => return self.athrow_error(r, agen, closing, e),
                }
            };
            self.agen_throw_raw(agen, exc)
        } else {
            self.agen_wrapped = false;
            self.generator_resume(agen, v)
        };
        if !closing {
            return match self.agen_unwrap(agen, raw) {
                Err(e) => self.athrow_error(r, agen, closing, e),
                other => other,
            };
        }
        match raw {
            Ok(Ok(_)) if core::mem::take(&mut self.agen_wrapped) => {
                self.set_agen_running(agen, false);
                self.set_await_state(r, AwaitState::Closed);
                Err(self.runtime_error(IGNORED_EXIT))
            }
            Ok(Ok(y)) => Ok(Ok(y)),
            Ok(Err(_)) => {
                let e = self.new_exception_empty(self.types.stop_async_iteration);
                self.athrow_error(r, agen, closing, e)
            }
            Err(e) => self.athrow_error(r, agen, closing, e),
        }
    }

    /// The `check_error` end of `athrow.send`: the generator stopped with `e`.
    fn athrow_error(&mut self, r: ObjRef, agen: ObjRef, closing: bool, e: PyErr) -> PyResult<Step> {
        self.set_agen_running(agen, false);
        self.set_await_state(r, AwaitState::Closed);
        if closing && self.ends_closing(e.0) {
            return Ok(Err(Value::NONE));
        }
        Err(e)
    }

    /// Whether `exc` is how a closing asynchronous generator stops.
    fn ends_closing(&self, exc: Value) -> bool {
        self.exc_matches(exc, self.types.stop_async_iteration)
            || self.exc_matches(exc, self.types.generator_exit)
    }

    /// `throw` into asynchronous generator `agen`, its own yield marked in
    /// [`Vm::agen_wrapped`].
    fn agen_throw_raw(&mut self, agen: ObjRef, exc: Value) -> PyResult<Step> {
        self.agen_wrapped = false;
        // (A fresh exception is only held here: rooted while the generator runs.)
        self.with_roots(&[exc], |vm, _| vm.generator_throw(agen, exc))
            .map(Ok)
    }

    /// CPython's `async_gen_unwrap_value`: the generator's own yield ends the awaiting
    /// with the value; its end is `StopAsyncIteration` (and closes it).
    fn agen_unwrap(&mut self, agen: ObjRef, step: PyResult<Step>) -> PyResult<Step> {
        match step {
            Ok(Ok(y)) if core::mem::take(&mut self.agen_wrapped) => {
                self.set_agen_running(agen, false);
                Ok(Err(y))
            }
            Ok(Ok(y)) => Ok(Ok(y)),
            Ok(Err(_)) => {
                let e = self.new_exception_empty(self.types.stop_async_iteration);
                self.agen_stopped(agen, e)
            }
            Err(e) => self.agen_stopped(agen, e),
        }
    }

    fn agen_stopped(&mut self, agen: ObjRef, e: PyErr) -> PyResult<Step> {
        let closes = self.ends_closing(e.0);
        if let Some(g) = self.heap.get_mut(agen).resumable_mut() {
            g.running_async = false;
            g.closed |= closes;
        }
        Err(e)
    }

    /// An asynchronous generator's (`running_async`, `closed`).
    fn agen_flags(&self, agen: ObjRef) -> (bool, bool) {
        self.heap
            .get(agen)
            .resumable()
            .map_or((false, true), |g| (g.running_async, g.closed))
    }

    fn set_agen_running(&mut self, agen: ObjRef, running: bool) {
        if let Some(g) = self.heap.get_mut(agen).resumable_mut() {
            g.running_async = running;
        }
    }

    fn set_await_state(&mut self, r: ObjRef, to: AwaitState) {
        if let Obj::Iter(it) = self.heap.get_mut(r) {
            if let IterObj::AsyncGenSend { state, .. } | IterObj::AsyncGenThrow { state, .. } =
                &mut **it
            {
                *state = to;
            }
        }
    }

    /// The exception `throw(typ[, val])` raises: an instance as given, or a class
    /// instantiated (with `val` as its argument). As in CPython, a class is instantiated
    /// where the exception is raised: an error doing so (or a non-exception made) is what
    /// the generator gets.
    pub(crate) fn throw_exception(&mut self, typ: Value, val: Value) -> PyResult<Value> {
        if let Some(cr) = typ.as_obj().filter(|r| self.class(*r).is_some()) {
            if !self.is_exception_class_ref(cr) {
                return Err(self.throw_type_error(typ));
            }
            let a: alloc::vec::Vec<Value> = if val.is_undef() || val == Value::NONE {
                alloc::vec::Vec::new()
            } else {
                alloc::vec![val]
            };
            return match self.instantiate(cr, &a, &[]) {
                Ok(exc) if self.is_exception(exc) => Ok(exc),
                Ok(other) => {
                    let cls = self.repr(typ)?;
                    let msg = alloc::format!(
                        "calling {cls} should have returned an instance of BaseException, not {}",
                        self.type_name(other)
                    );
                    Ok(self.type_error(msg).0)
                }
                Err(e) => Ok(e.0),
            };
        }
        if !self.is_exception(typ) {
            return Err(self.throw_type_error(typ));
        }
        Ok(typ)
    }

    fn is_exception_class_ref(&self, cr: ObjRef) -> bool {
        self.class(cr).is_some_and(|c| c.mro.contains(&self.types.base_exception))
    }

    fn throw_type_error(&mut self, typ: Value) -> PyErr {
        let msg = alloc::format!(
            "exceptions must be classes or instances deriving from BaseException, not {}",
            self.type_name(typ)
        );
        self.type_error(msg)
    }
}

/// A `throw`'s result as a step: a `StopIteration` is the awaiting's result.
fn step_of(vm: &mut Vm, r: PyResult<Value>) -> PyResult<Step> {
    match r {
        Ok(y) => Ok(Ok(y)),
        Err(e) if vm.exc_matches(e.0, vm.types.stop_iteration) => {
            Ok(Err(vm.stop_iteration_value(e.0)))
        }
        Err(e) => Err(e),
    }
}
