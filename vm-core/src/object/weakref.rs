//! Weak references (`weakref.ref`) and finalizers (`weakref.finalize`).
//!
//! Tiercel has no reference counts: an object dies at the collection that finds it
//! unreachable, not when its last reference goes. That collection clears the weak
//! references to it and queues their callbacks (and the finalizers of the object), which
//! run at the next safe point (a loop back-edge, a call's entry, `gc.collect()`), newest
//! reference first as in CPython. A finalizer is a root while it is alive, as CPython's
//! registry keeps it; the ones still alive with `atexit` set run when the program ends
//! ([`Vm::run_exit_finalizers`]), newest first.

use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;

use super::types::Obj;
use super::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// A `weakref.ref` or a `weakref.finalize`.
#[derive(Debug)]
pub struct WeakRefObj {
    /// The object referred to, until the collector frees it (not traced).
    pub referent: Option<ObjRef>,
    /// A plain reference's callback (`None` for none), called with the reference.
    pub callback: Value,
    /// The referent's hash, once asked for (it survives the referent).
    pub hash: Option<u64>,
    /// For a `weakref.finalize`: what it calls.
    pub finalizer: Option<Box<Finalizer>>,
}

/// What a `weakref.finalize` calls, and its state.
#[derive(Debug)]
pub struct Finalizer {
    /// The function.
    pub func: Value,
    /// Its positional arguments (a tuple).
    pub args: Value,
    /// Its keyword arguments (a dict, or `None`).
    pub kwargs: Value,
    /// Until called or detached.
    pub alive: bool,
    /// Whether it runs at exit if still alive.
    pub atexit: bool,
}

impl WeakRefObj {
    /// Calls `f` on every value this object keeps alive (not the referent).
    pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
        f(self.callback);
        if let Some(fin) = &self.finalizer {
            f(fin.func);
            f(fin.args);
            f(fin.kwargs);
        }
    }
}

/// Whether objects like `o` accept weak references (as CPython's types do).
fn weakly_referenceable(o: &Obj) -> bool {
    matches!(
        o,
        Obj::Instance(_)
            | Obj::Function(_)
            | Obj::Class(_)
            | Obj::Set(_)
            | Obj::Generator(_)
            | Obj::BoundMethod { .. }
            | Obj::Code(_)
            | Obj::Module(_)
            | Obj::Native(_)
            | Obj::MemoryView(_)
            | Obj::Property(_)
    )
}

impl Vm {
    /// The `WeakRefObj` of `v`, if it is a weak reference or finalizer.
    pub(crate) fn weakref_of(&self, v: Value) -> Option<&WeakRefObj> {
        match self.obj(v)? {
            Obj::WeakRef(w) => Some(w),
            _ => None,
        }
    }

    /// `weakref.ref(obj[, callback])`: a reference without a callback to an object that has
    /// one already is that same reference.
    pub(crate) fn new_weakref(&mut self, obj: Value, callback: Value) -> PyResult<Value> {
        let target = self.weak_target(obj)?;
        if callback == Value::NONE {
            let found = self.weakrefs.iter().rev().copied().find(|&r| {
                matches!(self.heap.get(r), Obj::WeakRef(w)
                    if w.referent == Some(target) && w.finalizer.is_none()
                        && w.callback == Value::NONE)
            });
            if let Some(r) = found {
                return Ok(Value::obj(r));
            }
        }
        self.register_weakref(WeakRefObj {
            referent: Some(target),
            callback,
            hash: None,
            finalizer: None,
        })
    }

    /// `weakref.finalize(obj, func, *args, **kwargs)`.
    pub(crate) fn new_finalizer(
        &mut self,
        obj: Value,
        func: Value,
        args: Value,
        kwargs: Value,
    ) -> PyResult<Value> {
        let target = self.weak_target(obj)?;
        let f = self.register_weakref(WeakRefObj {
            referent: Some(target),
            callback: Value::NONE,
            hash: None,
            finalizer: Some(Box::new(Finalizer {
                func,
                args,
                kwargs,
                alive: true,
                atexit: true,
            })),
        })?;
        self.live_finalizers
            .try_reserve(1)
            .map_err(|_| self.memory_error())?;
        self.live_finalizers.push(f);
        Ok(f)
    }

    /// The object a weak reference may refer to, or CPython's `TypeError`.
    fn weak_target(&mut self, obj: Value) -> PyResult<ObjRef> {
        match obj.as_obj() {
            Some(r) if weakly_referenceable(self.heap.get(r)) => Ok(r),
            _ => {
                let msg = format!(
                    "cannot create weak reference to '{}' object",
                    self.type_name(obj)
                );
                Err(self.type_error(msg))
            }
        }
    }

    fn register_weakref(&mut self, w: WeakRefObj) -> PyResult<Value> {
        self.weakrefs
            .try_reserve(1)
            .map_err(|_| self.memory_error())?;
        let v = self.alloc_value(Obj::WeakRef(Box::new(w)))?;
        if let Some(r) = v.as_obj() {
            self.weakrefs.push(r);
        }
        Ok(v)
    }

    /// The referent of a live weak reference, else `None`.
    pub(crate) fn weakref_get(&self, v: Value) -> Value {
        self.weakref_of(v)
            .and_then(|w| w.referent)
            .map_or(Value::NONE, Value::obj)
    }

    /// `r()` for a weak reference; `f()` for a finalizer (calls it once).
    pub(crate) fn weakref_call(
        &mut self,
        v: Value,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<Value> {
        let is_finalizer = self.weakref_of(v).is_some_and(|w| w.finalizer.is_some());
        if !args.is_empty() || !kwargs.is_empty() {
            let what = if is_finalizer { "__call__" } else { "weakref" };
            let n = args.len() + kwargs.len();
            let msg = format!("{what}() takes no arguments ({n} given)");
            return Err(self.type_error(msg));
        }
        if !is_finalizer {
            return Ok(self.weakref_get(v));
        }
        match self.take_finalizer(v) {
            Some((func, fargs, fkw)) => self.call_finalizer(func, fargs, fkw),
            None => Ok(Value::NONE),
        }
    }

    /// Marks finalizer `v` dead and returns what it would call (`None` if it was dead).
    pub(crate) fn take_finalizer(&mut self, v: Value) -> Option<(Value, Value, Value)> {
        let r = v.as_obj()?;
        let Obj::WeakRef(w) = self.heap.get_mut(r) else {
            return None;
        };
        let fin = w.finalizer.as_mut()?;
        if !fin.alive {
            return None;
        }
        fin.alive = false;
        let call = (fin.func, fin.args, fin.kwargs);
        // Rooted by the caller's use from here on (the registry no longer holds it).
        self.live_finalizers.retain(|f| *f != v);
        Some(call)
    }

    fn call_finalizer(&mut self, func: Value, args: Value, kwargs: Value) -> PyResult<Value> {
        let a = self.tuple_items(args).unwrap_or_default();
        let kw = match kwargs.as_obj() {
            Some(d) => self.dict_items(d),
            None => Vec::new(),
        };
        self.with_roots(&[func, args, kwargs], |vm, _| vm.call_kw(func, &a, &kw))
    }

    /// After marking: clears the weak references whose referent was not marked and queues
    /// their callbacks and finalizers (newest first); forgets references that died.
    pub(crate) fn clear_dead_weakrefs(&mut self) {
        let mut fired: Vec<Value> = Vec::new();
        for &r in self.weakrefs.iter().rev() {
            if !self.heap.is_marked(r) {
                continue;
            }
            let Obj::WeakRef(w) = self.heap.get_mut(r) else {
                continue;
            };
            let Some(t) = w.referent else { continue };
            if self.heap.is_marked(t) {
                continue;
            }
            let Obj::WeakRef(w) = self.heap.get_mut(r) else {
                continue;
            };
            w.referent = None;
            let queued = match &w.finalizer {
                Some(f) => f.alive,
                None => w.callback != Value::NONE,
            };
            if queued {
                fired.push(Value::obj(r));
            }
        }
        let heap = &self.heap;
        self.weakrefs.retain(|r| heap.is_marked(*r));
        // Queued in the order they run, after what an earlier collection queued.
        self.weakref_queue.extend(fired);
    }

    /// Runs the queued callbacks and finalizers (at a safe point). An exception is
    /// reported as unraisable, as CPython does.
    pub(crate) fn run_weakref_callbacks(&mut self) {
        while !self.weakref_queue.is_empty() {
            let w = self.weakref_queue.remove(0);
            let r = self.with_roots(&[w], |vm, _| {
                let callback = vm.weakref_of(w).map_or(Value::NONE, |x| x.callback);
                if callback != Value::NONE {
                    return vm.call(callback, &[w]).map(|_| callback);
                }
                match vm.take_finalizer(w) {
                    Some((func, args, kw)) => vm.call_finalizer(func, args, kw).map(|_| func),
                    None => Ok(Value::NONE),
                }
            });
            if let Err(e) = r {
                let what = self.weakref_of(w).map_or(Value::NONE, |x| x.callback);
                let what = if what == Value::NONE { w } else { what };
                self.report_unraisable(what, e.0);
            }
        }
    }

    /// Calls the finalizers still alive whose `atexit` is set, newest first (CPython's
    /// `weakref.finalize._exitfunc`). For a front end, after the main module's run.
    pub fn run_exit_finalizers(&mut self) {
        loop {
            let next = self.live_finalizers.iter().rev().copied().find(|f| {
                self.weakref_of(*f)
                    .and_then(|w| w.finalizer.as_ref())
                    .is_some_and(|fin| fin.atexit && fin.alive)
            });
            let Some(f) = next else { break };
            let Some((func, args, kw)) = self.take_finalizer(f) else {
                break;
            };
            if let Err(e) = self.call_function_ignoring(func, args, kw) {
                self.report_unraisable(f, e.0);
            }
        }
    }

    /// Calls a finalizer's function as a run of its own (the main run has ended).
    fn call_function_ignoring(&mut self, func: Value, args: Value, kw: Value) -> PyResult<Value> {
        self.begin_run();
        let r = self.call_finalizer(func, args, kw);
        self.reset_after_run();
        r
    }

    /// `r1 == r2` for weak references: the referents' equality while both are alive,
    /// else identity.
    pub(crate) fn weakref_eq(&mut self, a: Value, b: Value) -> PyResult<Option<bool>> {
        let (Some(x), Some(y)) = (self.weakref_of(a), self.weakref_of(b)) else {
            return Ok(None);
        };
        if x.finalizer.is_some() || y.finalizer.is_some() {
            return Ok(None);
        }
        match (x.referent, y.referent) {
            (Some(p), Some(q)) => self.eq(Value::obj(p), Value::obj(q)).map(Some),
            _ => Ok(Some(a == b)),
        }
    }

    /// `<weakref at 0x...; to 'C' at 0x...>`, `<weakref at 0x...; dead>`, `<finalize
    /// object at 0x...; for 'C' at 0x...>`.
    pub(crate) fn weakref_repr(&self, v: Value) -> alloc::string::String {
        let (referent, finalizer) = match self.weakref_of(v) {
            Some(w) => (w.referent, w.finalizer.as_ref().map(|f| f.alive)),
            None => (None, None),
        };
        let at = self.addr(v);
        let target = referent.map(|t| {
            let tv = Value::obj(t);
            format!("'{}' at 0x{:012x}", self.type_name(tv), self.addr(tv))
        });
        match (finalizer, target) {
            (Some(true), Some(t)) => format!("<finalize object at 0x{at:012x}; for {t}>"),
            (Some(_), _) => format!("<finalize object at 0x{at:012x}; dead>"),
            (None, Some(t)) => format!("<weakref at 0x{at:012x}; to {t}>"),
            (None, None) => format!("<weakref at 0x{at:012x}; dead>"),
        }
    }

    /// `hash(r)`: the referent's hash, kept once computed.
    pub(crate) fn weakref_hash(&mut self, v: Value) -> PyResult<u64> {
        let (referent, cached) = match self.weakref_of(v) {
            Some(w) => (w.referent, w.hash),
            None => (None, None),
        };
        if let Some(h) = cached {
            return Ok(h);
        }
        let Some(t) = referent else {
            return Err(self.type_error("weak object has gone away"));
        };
        let h = self.hash(Value::obj(t))?;
        if let Some(Obj::WeakRef(w)) = v.as_obj().map(|r| self.heap.get_mut(r)) {
            w.hash = Some(h);
        }
        Ok(h)
    }

    #[cfg(feature = "weakref")]
    /// The weak references to `obj` (a finalizer counts as the one CPython's makes),
    /// newest first.
    pub(crate) fn weakrefs_to(&self, obj: Value) -> Vec<Value> {
        let Some(t) = obj.as_obj() else {
            return Vec::new();
        };
        self.weakrefs
            .iter()
            .rev()
            .filter(|&&r| matches!(self.heap.get(r), Obj::WeakRef(w) if w.referent == Some(t)))
            .map(|&r| Value::obj(r))
            .collect()
    }
}
