//! The `weakref` module (`ref`, `finalize`, `getweakrefcount`, `getweakrefs`) and the `gc`
//! module (`collect`, `enable`, `disable`, `isenabled`). The references themselves are
//! [`crate::object::weakref`].

use alloc::boxed::Box;

use super::{add_methods, check_args};
use crate::object::types::{NativeFn, NativeKind, Obj, Property};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

type Kw<'a> = &'a [(Value, Value)];

/// The attributes and methods of the reference and finalizer types.
pub(crate) fn install(vm: &mut Vm) {
    let (rt, ft) = (vm.types.weakref_ref, vm.types.weakref_finalize);
    add_property(vm, rt, "__callback__", ref_callback, None);
    add_methods(vm, ft, &[("detach", fin_detach), ("peek", fin_peek)]);
    add_property(vm, ft, "alive", fin_alive, None);
    add_property(vm, ft, "atexit", fin_atexit_get, Some(fin_atexit_set));
}

/// A data descriptor on builtin class `cls` with a native getter (and setter).
fn add_property(
    vm: &mut Vm,
    cls: ObjRef,
    name: &'static str,
    get: NativeFn,
    set: Option<NativeFn>,
) {
    let Ok(d) = vm.class_dict_for_entries(cls) else {
        return;
    };
    let mk = |vm: &mut Vm, f: NativeFn| {
        vm.alloc_value(Obj::Native(Box::new(crate::object::types::NativeFunc {
            name,
            f,
            kind: NativeKind::Method,
            bound: Value::UNDEF,
            owner: Value::obj(cls),
        })))
    };
    let (Ok(g), Ok(s)) = (mk(vm, get), set.map_or(Ok(Value::NONE), |f| mk(vm, f))) else {
        return;
    };
    let prop = Property {
        fget: g,
        fset: s,
        fdel: Value::NONE,
        doc: Value::NONE,
    };
    if let Ok(pv) = vm.alloc_value(Obj::Property(Box::new(prop))) {
        let _ = vm.dict_set_str(d, name, pv);
    }
}

#[cfg(feature = "weakref")]
/// `weakref`'s namespace.
pub(crate) fn init_weakref(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let (rt, ft) = (vm.types.weakref_ref, vm.types.weakref_finalize);
    vm.dict_set_str(d, "ref", Value::obj(rt))?;
    vm.dict_set_str(d, "ReferenceType", Value::obj(rt))?;
    vm.dict_set_str(d, "finalize", Value::obj(ft))?;
    let fns: crate::object::native_table::NativeEntries = &[
        ("getweakrefcount", getweakrefcount),
        ("getweakrefs", getweakrefs),
    ];
    vm.add_natives(d, fns, NativeKind::Function, Value::UNDEF);
    Ok(())
}

#[cfg(feature = "weakref")]
/// `gc`'s namespace.
pub(crate) fn init_gc(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let fns: crate::object::native_table::NativeEntries = &[
        ("collect", gc_collect),
        ("enable", gc_enable),
        ("disable", gc_disable),
        ("isenabled", gc_isenabled),
    ];
    vm.add_natives(d, fns, NativeKind::Function, Value::UNDEF);
    Ok(())
}

impl Vm {
    /// `weakref.ref(obj[, callback])`.
    pub(crate) fn ctor_weakref(&mut self, args: &[Value], kw: Kw<'_>) -> PyResult<Value> {
        super::no_kwargs(self, "ref", kw)?;
        match args.len() {
            1 | 2 => {}
            0 => return Err(self.type_error("__new__ expected at least 1 argument, got 0")),
            n => {
                let msg = alloc::format!("__new__ expected at most 2 arguments, got {n}");
                return Err(self.type_error(msg));
            }
        }
        let callback = args.get(1).copied().unwrap_or(Value::NONE);
        self.new_weakref(args[0], callback)
    }

    /// `weakref.finalize(obj, func, /, *args, **kwargs)`.
    pub(crate) fn ctor_finalize(&mut self, args: &[Value], kw: Kw<'_>) -> PyResult<Value> {
        if args.len() < 2 {
            let msg = alloc::format!(
                "finalize.__init__() missing {} required positional argument{}",
                2 - args.len(),
                if args.len() == 1 { "" } else { "s" }
            );
            return Err(self.type_error(msg));
        }
        let fargs = self.new_tuple(args[2..].to_vec())?;
        let fkw = if kw.is_empty() {
            Value::NONE
        } else {
            let d = self.new_dict()?;
            let dr = d.as_obj().unwrap_or(ObjRef(0));
            self.with_roots(&[fargs, d], |vm, _| {
                kw.iter().try_for_each(|&(k, v)| vm.dict_set(dr, k, v))
            })?;
            d
        };
        self.with_roots(&[fargs, fkw], |vm, _| {
            vm.new_finalizer(args[0], args[1], fargs, fkw)
        })
    }
}

fn ref_callback(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "__callback__", args, 1, 1)?;
    Ok(vm.weakref_of(args[0]).map_or(Value::NONE, |w| w.callback))
}

/// A finalizer's `(obj, func, args, kwargs)` while it is alive, else `None`.
fn fin_info(vm: &mut Vm, f: Value) -> PyResult<Option<Value>> {
    let Some(w) = vm.weakref_of(f) else {
        return Err(vm.type_error("descriptor requires a 'finalize' object"));
    };
    let (Some(fin), Some(obj)) = (w.finalizer.as_ref(), w.referent) else {
        return Ok(None);
    };
    if !fin.alive {
        return Ok(None);
    }
    let kwargs = if fin.kwargs == Value::NONE {
        None
    } else {
        Some(fin.kwargs)
    };
    let (func, fargs) = (fin.func, fin.args);
    let kwargs = match kwargs {
        Some(k) => k,
        None => vm.new_dict()?,
    };
    vm.new_tuple(alloc::vec![Value::obj(obj), func, fargs, kwargs])
        .map(Some)
}

fn fin_peek(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "peek", args, 1, 1)?;
    Ok(fin_info(vm, args[0])?.unwrap_or(Value::NONE))
}

fn fin_detach(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "detach", args, 1, 1)?;
    let info = fin_info(vm, args[0])?;
    if info.is_some() {
        vm.take_finalizer(args[0]);
    }
    Ok(info.unwrap_or(Value::NONE))
}

fn fin_alive(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "alive", args, 1, 1)?;
    let alive = vm
        .weakref_of(args[0])
        .and_then(|w| w.finalizer.as_ref())
        .is_some_and(|f| f.alive);
    Ok(Value::bool(alive))
}

fn fin_atexit_get(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "atexit", args, 1, 1)?;
    let on = vm
        .weakref_of(args[0])
        .and_then(|w| w.finalizer.as_ref())
        .is_some_and(|f| f.atexit);
    Ok(Value::bool(on))
}

fn fin_atexit_set(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "atexit", args, 2, 2)?;
    let on = vm.truthy(args[1])?;
    if let Some(Obj::WeakRef(w)) = args[0].as_obj().map(|r| vm.heap.get_mut(r)) {
        if let Some(f) = w.finalizer.as_mut() {
            f.atexit = on;
        }
    }
    Ok(Value::NONE)
}

#[cfg(feature = "weakref")]
fn getweakrefcount(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "getweakrefcount", args, 1, 1)?;
    Ok(Value::int_unchecked(vm.weakrefs_to(args[0]).len() as i64))
}

#[cfg(feature = "weakref")]
fn getweakrefs(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "getweakrefs", args, 1, 1)?;
    let refs = vm.weakrefs_to(args[0]);
    vm.new_list(refs)
}

#[cfg(feature = "weakref")]
/// `gc.collect()`: a full collection now, then the finalizers and weak reference callbacks
/// it queued; the number of objects freed.
fn gc_collect(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    super::check_kwargs(vm, "collect", kw, &["generation"])?;
    check_args(vm, "collect", args, 0, 1)?;
    let before = vm.heap.live_objects();
    vm.collect_garbage();
    let freed = before.saturating_sub(vm.heap.live_objects());
    vm.run_finalizers();
    Ok(Value::int_unchecked(freed as i64))
}

#[cfg(feature = "weakref")]
fn gc_enable(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "enable", args, 0, 0)?;
    vm.gc_enabled = true;
    Ok(Value::NONE)
}

#[cfg(feature = "weakref")]
fn gc_disable(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "disable", args, 0, 0)?;
    vm.gc_enabled = false;
    Ok(Value::NONE)
}

#[cfg(feature = "weakref")]
fn gc_isenabled(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "isenabled", args, 0, 0)?;
    Ok(Value::bool(vm.gc_enabled))
}
