//! `set.union(*others)` and its kin, and the `*_update` methods, following CPython's
//! `set_*_multi` functions step by step so that results iterate in CPython's order.

#[cfg(feature = "set-ops")]
use alloc::vec::Vec;

use super::methods::set_of;
use crate::bytecode::ops::BinaryOp;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

/// `other` as a set: itself, or a frozenset of its items added in iteration order.
#[cfg(feature = "set-ops")]
fn as_set(vm: &mut Vm, other: Value) -> PyResult<Value> {
    if matches!(vm.obj(other), Some(Obj::Set(_))) {
        return Ok(other);
    }
    let it = vm.collect_iter(other)?;
    vm.new_set(&it, true)
}

/// A copy of set `v` with CPython's copy order.
#[cfg(feature = "set-ops")]
fn copy_of(vm: &mut Vm, v: Value, frozen: bool) -> PyResult<Value> {
    let items = vm.set_items(v)?;
    let copy = vm.new_set(&items, frozen)?;
    if let (Some(dst), Some(src)) = (copy.as_obj(), v.as_obj()) {
        if matches!(vm.heap.get(src), Obj::Set(_)) {
            vm.copy_set_order(dst, src)?;
        }
    }
    Ok(copy)
}

/// `first.union(*others)` and the like (`op`): a new set or frozenset.
#[cfg(feature = "set-ops")]
pub(super) fn set_op_many(vm: &mut Vm, args: &[Value], op: BinaryOp) -> PyResult<Value> {
    let Some(&first) = args.first() else {
        return Err(vm.type_error("descriptor needs an argument"));
    };
    let frozen = matches!(vm.obj(first), Some(Obj::Set(s)) if s.frozen);
    let first_is_set = matches!(vm.obj(first), Some(Obj::Set(_)));
    // CPython's union updates a copy; the others start from `first` itself (their first
    // step makes a new set).
    // The result is built as a mutable set (updated in place where CPython's is) and
    // frozen at the end.
    let acc = if op == BinaryOp::Or || args.len() == 1 || !first_is_set {
        copy_of(vm, first, false)?
    } else {
        first
    };
    // The running result and each converted operand survive the next user `__hash__`.
    vm.with_roots(&[acc, Value::NONE], |vm, base| {
        let mut acc = acc;
        for (i, other) in args[1..].iter().enumerate() {
            let other_is_set = matches!(vm.obj(*other), Some(Obj::Set(_)));
            if op == BinaryOp::Or && !other_is_set {
                // Added one by one, in the iterable's order.
                let items = vm.collect_iter(*other)?;
                vm.with_roots(&items, |vm, _| {
                    items.iter().try_for_each(|x| vm.set_add(acc, *x))
                })?;
                continue;
            }
            if op == BinaryOp::Or && *other == first {
                continue;
            }
            if op == BinaryOp::And && !other_is_set {
                // The iterable's items in `acc`, in the iterable's order.
                let items = vm.collect_iter(*other)?;
                let kept = vm.with_roots(&items, |vm, _| {
                    let mut kept = Vec::new();
                    for &x in &items {
                        if let Some(r) = acc.as_obj() {
                            if vm.set_contains(r, x)? {
                                kept.push(x);
                            }
                        }
                    }
                    Ok(kept)
                })?;
                acc = vm.new_set(&kept, false)?;
                vm.set_root(base, acc);
                continue;
            }
            let o = as_set(vm, *other)?;
            vm.set_root(base + 1, o);
            // Unions and later differences update the (new, unshared) result in place, as
            // CPython's do; so does a difference with an iterable, on a copy.
            let copy_first = op == BinaryOp::Subtract
                && !other_is_set
                && !matches!(vm.obj(*other), Some(Obj::Dict(_)));
            if copy_first && acc == first {
                acc = copy_of(vm, first, false)?;
                vm.set_root(base, acc);
            }
            let inplace = op == BinaryOp::Or || (op == BinaryOp::Subtract && (i > 0 || copy_first));
            acc = vm.set_binop(acc, o, op, inplace)?.unwrap_or(acc);
            if acc != first {
                set_frozen(vm, acc, false);
            }
            vm.set_root(base, acc);
        }
        if acc == first {
            return copy_of(vm, first, frozen);
        }
        set_frozen(vm, acc, frozen);
        Ok(acc)
    })
}

/// Marks set `v` frozen or not.
#[cfg(feature = "set-ops")]
fn set_frozen(vm: &mut Vm, v: Value, frozen: bool) {
    if let Some(r) = v.as_obj() {
        if let Obj::Set(s) = vm.heap.get_mut(r) {
            s.frozen = frozen;
        }
    }
}

/// `s.update(*others)`: a set is merged (CPython's `set_merge`), a dict's keys are added
/// after presizing, other iterables' items one by one.
pub(super) fn set_update(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let s = set_of(vm, args, "update")?;
    for &it in &args[1..] {
        match vm.obj(it) {
            // Without the set operators a set is added item by item, as other iterables.
            Some(Obj::Set(_)) if cfg!(feature = "set-ops") => {
                vm.set_binop(Value::obj(s), it, BinaryOp::Or, true)?;
                continue;
            }
            Some(Obj::Dict(d)) => {
                let n = d.len();
                vm.sync_set_order(s)?;
                let before = match vm.heap.get_mut(s) {
                    Obj::Set(t) => {
                        let before = t.order.heap_bytes();
                        t.order.presize(n);
                        before
                    }
                    _ => 0,
                };
                vm.charge_set_order(s, before)?;
            }
            _ => {}
        }
        let items = vm.collect_iter(it)?;
        vm.with_roots(&items, |vm, _| {
            items.iter().try_for_each(|x| vm.set_add(Value::obj(s), *x))
        })?;
    }
    Ok(Value::NONE)
}

/// `s.intersection_update(*others)`, `difference_update`, `symmetric_difference_update`.
#[cfg(feature = "set-ops")]
pub(super) fn set_inplace(vm: &mut Vm, args: &[Value], op: BinaryOp) -> PyResult<Value> {
    let s = set_of(vm, args, "update")?;
    if op != BinaryOp::And {
        // Updated in place by each operand in turn.
        vm.with_roots(&[Value::NONE], |vm, base| {
            for other in &args[1..] {
                let o = as_set(vm, *other)?;
                vm.set_root(base, o);
                vm.set_binop(Value::obj(s), o, op, true)?;
            }
            Ok(())
        })?;
        return Ok(Value::NONE);
    }
    let r = set_op_many(vm, args, op)?;
    let items = vm.set_items(r)?;
    if let Obj::Set(t) = vm.heap.get_mut(s) {
        t.clear();
    }
    // `r` is garbage now: its items must survive re-adding them with user hashes.
    vm.with_roots(&items, |vm, _| {
        for &x in &items {
            vm.set_add(Value::obj(s), x)?;
        }
        Ok(())
    })?;
    // CPython swaps in the intersection's table.
    if let Some(rr) = r.as_obj() {
        vm.copy_set_order_exact(s, rr)?;
    }
    Ok(Value::NONE)
}
