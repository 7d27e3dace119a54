//! The builtin module `_operator` (feature `stdlib`): the calls of `operator.itemgetter`,
//! `attrgetter` and `methodcaller`. The classes themselves are Python (`stdlib/operator.py`)
//! and keep their state in `__slots__`; their `__call__` is a native method from here, so
//! calling one (a sort key, a `map` function) runs no Python frame.

use alloc::format;
use alloc::vec::Vec;

use super::{add_native, check_args};
use crate::object::types::{NativeFn, NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

pub(crate) fn init_operator(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    super::modules::add_fns(vm, d, &[("native_call", native_call)]);
    Ok(())
}

/// The native `__call__` of the class named `name`.
fn call_of(name: &str) -> Option<NativeFn> {
    match name {
        "itemgetter" => Some(itemgetter_call),
        "attrgetter" => Some(attrgetter_call),
        "methodcaller" => Some(methodcaller_call),
        _ => None,
    }
}

/// `native_call(cls)`, a class decorator: gives `cls` the native `__call__` of its name.
fn native_call(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    install_call(vm, args, call_of)
}

/// The body of a `native_call(cls)` decorator: puts the native `__call__` that `call_of`
/// gives for the name of class `args[0]` in it, a method owned by the class (so calling an
/// instance finds it as the class's own), and returns the class.
pub(super) fn install_call(
    vm: &mut Vm,
    args: &[Value],
    call_of: fn(&str) -> Option<NativeFn>,
) -> PyResult<Value> {
    install_method(vm, args, "__call__", call_of)
}

/// [`install_call`] for another special method (an iterator's `__next__`).
pub(super) fn install_method(
    vm: &mut Vm,
    args: &[Value],
    method: &'static str,
    call_of: fn(&str) -> Option<NativeFn>,
) -> PyResult<Value> {
    check_args(vm, "native_call", args, 1, 1)?;
    let cls = args[0];
    let target = cls.as_obj().and_then(|c| {
        vm.class(c)?;
        let f = call_of(&vm.class_name(c))?;
        Some((c, f))
    });
    let Some((c, f)) = target else {
        let msg = format!("native_call() needs a class with a native {method}");
        return Err(vm.type_error(msg));
    };
    let dict = vm.class_dict_for_entries(c)?;
    add_native(vm, dict, method, f, NativeKind::Method, cls);
    vm.touch_class(c);
    Ok(cls)
}

/// Slot `i` of an instance (its `__slots__` in declaration order), `UNDEF` when unset.
pub(super) fn slot(vm: &Vm, inst: Value, i: usize) -> Value {
    match vm.obj(inst) {
        Some(Obj::Instance(x)) => x.values.get(i).copied().unwrap_or(Value::UNDEF),
        _ => Value::UNDEF,
    }
}

/// The items of tuple `v` (empty when it is not a tuple).
pub(super) fn tuple_slice(vm: &Vm, v: Value) -> &[Value] {
    match vm.obj(v) {
        Some(Obj::Tuple(t)) => t,
        _ => &[],
    }
}

/// The one argument after `self` of a getter's call, with CPython's error otherwise.
fn one_arg(vm: &mut Vm, what: &str, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    if !kwargs.is_empty() {
        return Err(vm.type_error(format!("{what}() takes no keyword arguments")));
    }
    match args {
        [_, obj] => Ok(*obj),
        _ => {
            let n = args.len().saturating_sub(1);
            Err(vm.type_error(format!("{what} expected 1 argument, got {n}")))
        }
    }
}

/// The key of `f` when it is a one-item `itemgetter` whose call is still the native one
/// (a namedtuple's fields are `property(itemgetter(i))`), else `None`.
pub(crate) fn single_itemgetter_key(vm: &Vm, f: Value) -> Option<Value> {
    let Some(Obj::Instance(i)) = vm.obj(f) else {
        return None;
    };
    let call = vm.class_lookup(i.class, vm.dunders.call)?;
    if !core::ptr::fn_addr_eq(vm.native(call)?.f, itemgetter_call as NativeFn) {
        return None;
    }
    if i.values.get(1) != Some(&Value::TRUE) {
        return None;
    }
    tuple_slice(vm, *i.values.first()?).first().copied()
}

/// `itemgetter.__call__(obj)`: slot 0 holds the items (a tuple), slot 1 whether there is
/// one (the result is then the item, not a tuple).
fn itemgetter_call(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let obj = one_arg(vm, "itemgetter", args, kwargs)?;
    let me = args[0];
    let items = slot(vm, me, 0);
    if slot(vm, me, 1) == Value::TRUE {
        let Some(&k) = tuple_slice(vm, items).first() else {
            return Err(vm.type_error("itemgetter is not initialized"));
        };
        return vm.get_item(obj, k);
    }
    let n = tuple_slice(vm, items).len();
    vm.with_roots(&[me, obj, items], |vm, _| {
        let mut out = Vec::with_capacity(n);
        let base = vm.root(Value::NONE);
        for i in 0..n {
            let k = tuple_slice(vm, items)[i];
            let v = vm.get_item(obj, k)?;
            out.push(v);
            // Later subscripts may run user code: what is gathered stays rooted.
            let t = vm.new_tuple(out.clone())?;
            vm.set_root(base, t);
        }
        vm.new_tuple(out)
    })
}

/// Resolves a dotted attribute path (a tuple of interned names) on `obj`.
fn resolve(vm: &mut Vm, obj: Value, parts: Value) -> PyResult<Value> {
    let n = tuple_slice(vm, parts).len();
    let mut cur = obj;
    for i in 0..n {
        let name = tuple_slice(vm, parts)[i];
        cur = vm.get_attr(cur, name)?;
    }
    Ok(cur)
}

/// `attrgetter.__call__(obj)`: slot 1 holds one tuple of name parts per attribute, slot 2
/// whether there is one attribute.
fn attrgetter_call(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let obj = one_arg(vm, "attrgetter", args, kwargs)?;
    let me = args[0];
    let paths = slot(vm, me, 1);
    if slot(vm, me, 2) == Value::TRUE {
        let Some(&parts) = tuple_slice(vm, paths).first() else {
            return Err(vm.type_error("attrgetter is not initialized"));
        };
        if let [name] = tuple_slice(vm, parts) {
            let name = *name;
            return vm.get_attr(obj, name);
        }
        return vm.with_roots(&[me, obj], |vm, _| resolve(vm, obj, parts));
    }
    let n = tuple_slice(vm, paths).len();
    vm.with_roots(&[me, obj, paths], |vm, _| {
        let mut out = Vec::with_capacity(n);
        let base = vm.root(Value::NONE);
        for i in 0..n {
            let parts = tuple_slice(vm, paths)[i];
            out.push(resolve(vm, obj, parts)?);
            let t = vm.new_tuple(out.clone())?;
            vm.set_root(base, t);
        }
        vm.new_tuple(out)
    })
}

/// `methodcaller.__call__(obj)`: slots hold the name, the arguments (a tuple) and the
/// keyword arguments (a dict).
fn methodcaller_call(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let obj = one_arg(vm, "methodcaller", args, kwargs)?;
    let me = args[0];
    let (name, margs, mkw) = (slot(vm, me, 0), slot(vm, me, 1), slot(vm, me, 2));
    vm.with_roots(&[me, obj], |vm, _| {
        let m = vm.get_attr(obj, name)?;
        let pos = tuple_slice(vm, margs).to_vec();
        let kw = match mkw.as_obj() {
            Some(d) => vm.dict_items(d),
            None => Vec::new(),
        };
        vm.with_roots(&[m], |vm, _| vm.call_kw(m, &pos, &kw))
    })
}
