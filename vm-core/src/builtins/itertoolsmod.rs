//! The builtin module `_itertools` (feature `stdlib`): the `__next__` of `itertools.chain`
//! and `itertools.product`. The classes are Python (`stdlib/itertools.py`) and keep their
//! mutable state in a list slot, which the native `__next__` here advances.

use alloc::vec::Vec;

use super::operatormod::{install_method, slot, tuple_slice};
use crate::object::types::{NativeFn, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

pub(crate) fn init_itertools(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    super::modules::add_fns(vm, d, &[("native_next", native_next)]);
    Ok(())
}

/// `native_next(cls)`, a class decorator: gives `chain` or `product` its native `__next__`.
fn native_next(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    install_method(vm, args, "__next__", |name| match name {
        "chain" => Some(chain_next as NativeFn),
        "product" => Some(product_next as NativeFn),
        _ => None,
    })
}

fn stop(vm: &mut Vm) -> PyErr {
    vm.stop_iteration(Value::NONE)
}

/// The list in slot `i` of `me`, or a `TypeError` for an object not set up by `__init__`.
fn state_list(vm: &mut Vm, me: Value, i: usize, what: &str) -> PyResult<ObjRef> {
    match slot(vm, me, i).as_obj() {
        Some(r) if matches!(vm.heap.get(r), Obj::List(_)) => Ok(r),
        _ => Err(vm.type_error(alloc::format!("{what} object is not initialized"))),
    }
}

fn list_get(vm: &Vm, l: ObjRef, i: usize) -> Value {
    match vm.heap.get(l) {
        Obj::List(v) => v.get(i).copied().unwrap_or(Value::NONE),
        _ => Value::NONE,
    }
}

fn list_set(vm: &mut Vm, l: ObjRef, i: usize, x: Value) {
    if let Obj::List(v) = vm.heap.get_mut(l) {
        if let Some(s) = v.get_mut(i) {
            *s = x;
        }
    }
}

/// `chain.__next__`: slot 0 holds `[source iterator or None, current iterator or None]`;
/// each iterable is made an iterator when reached.
fn chain_next(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let Some(&me) = args.first() else {
        return Err(stop(vm));
    };
    let st = state_list(vm, me, 0, "chain")?;
    vm.with_roots(&[me], |vm, _| loop {
        let cur = list_get(vm, st, 1);
        if cur != Value::NONE {
            if let Some(v) = vm.iter_next(cur)? {
                return Ok(v);
            }
            list_set(vm, st, 1, Value::NONE);
        }
        let src = list_get(vm, st, 0);
        if src == Value::NONE {
            return Err(stop(vm));
        }
        match vm.iter_next(src)? {
            Some(next) => {
                let it = vm.with_roots(&[next], |vm, _| vm.get_iter(next))?;
                list_set(vm, st, 1, it);
            }
            None => {
                list_set(vm, st, 0, Value::NONE);
                return Err(stop(vm));
            }
        }
    })
}

/// `product.__next__`: slot 0 holds the pools (a tuple of tuples), slot 1 the list
/// `[stage, index per pool...]` (stage 0: not started, 1: running, 2: done).
fn product_next(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let Some(&me) = args.first() else {
        return Err(stop(vm));
    };
    let pools = slot(vm, me, 0);
    let st = state_list(vm, me, 1, "product")?;
    let n = tuple_slice(vm, pools).len();
    let pool_len = |vm: &Vm, i: usize| tuple_slice(vm, tuple_slice(vm, pools)[i]).len();
    let index = |vm: &Vm, i: usize| list_get(vm, st, i + 1).as_small_int().unwrap_or(0) as usize;
    if !matches!(vm.obj(Value::obj(st)), Some(Obj::List(l)) if l.len() == n + 1) {
        return Err(vm.type_error("product object is not initialized"));
    }
    match list_get(vm, st, 0).as_small_int() {
        Some(0) => {
            let stage = if (0..n).any(|i| pool_len(vm, i) == 0) { 2 } else { 1 };
            list_set(vm, st, 0, Value::int_unchecked(stage));
            if stage == 2 {
                return Err(stop(vm));
            }
        }
        Some(1) => {
            // The odometer: the last index turns fastest; all wrapping ends the product.
            let mut i = n;
            loop {
                if i == 0 {
                    list_set(vm, st, 0, Value::int_unchecked(2));
                    return Err(stop(vm));
                }
                i -= 1;
                let ix = index(vm, i) + 1;
                if ix < pool_len(vm, i) {
                    list_set(vm, st, i + 1, Value::int_unchecked(ix as i64));
                    break;
                }
                list_set(vm, st, i + 1, Value::int_unchecked(0));
            }
        }
        _ => return Err(stop(vm)),
    }
    let mut items = Vec::with_capacity(n);
    for i in 0..n {
        let ix = index(vm, i);
        let pool = tuple_slice(vm, pools)[i];
        items.push(tuple_slice(vm, pool).get(ix).copied().unwrap_or(Value::NONE));
    }
    vm.new_tuple(items)
}
