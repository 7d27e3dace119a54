//! The builtin module `_bisect` (feature `stdlib`): `bisect_left`, `bisect_right`,
//! `insort_left` and `insort_right` as CPython's `_bisect` has them (any sequence, `lo`,
//! `hi` and the keyword-only `key`; a list is read directly).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::heapqmod::{list_at, list_len, list_ref, lt};
use super::int_arg;
use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

pub(crate) fn init_bisect(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    super::modules::add_fns(
        vm,
        d,
        &[
            ("bisect_left", bisect_left),
            ("bisect_right", bisect_right),
            ("insort_left", insort_left),
            ("insort_right", insort_right),
        ],
    );
    Ok(())
}

/// The bound arguments: the sequence, the item, `lo`, `hi` and `key` (`None` if absent).
struct Args {
    a: Value,
    x: Value,
    lo: i64,
    hi: Option<i64>,
    key: Value,
}

fn parse(vm: &mut Vm, fname: &str, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Args> {
    const NAMES: [&str; 5] = ["a", "x", "lo", "hi", "key"];
    if args.len() > 4 {
        let msg = format!("{fname}() takes at most 4 positional arguments ({} given)", args.len());
        return Err(vm.type_error(msg));
    }
    let mut slots: [Value; 5] = [Value::UNDEF; 5];
    slots[..args.len()].copy_from_slice(args);
    for &(k, v) in kw {
        let name = String::from(vm.str_of(k).unwrap_or(""));
        let Some(i) = NAMES.iter().position(|n| *n == name) else {
            let msg = format!("'{name}' is an invalid keyword argument for {fname}()");
            return Err(vm.type_error(msg));
        };
        if !slots[i].is_undef() {
            let msg = format!("argument for {fname}() given by name ('{name}') and position ({})", i + 1);
            return Err(vm.type_error(msg));
        }
        slots[i] = v;
    }
    for (i, n) in NAMES.iter().enumerate().take(2) {
        if slots[i].is_undef() {
            let msg = format!("{fname}() missing required argument '{n}' (pos {})", i + 1);
            return Err(vm.type_error(msg));
        }
    }
    let lo = if slots[2].is_undef() { 0 } else { int_arg(vm, slots[2])? };
    if lo < 0 {
        return Err(vm.value_error("lo must be non-negative"));
    }
    let hi = match slots[3] {
        h if h.is_undef() || h == Value::NONE => None,
        // (-1 is what CPython's `_bisect` takes for "no bound" too.)
        h => Some(int_arg(vm, h)?).filter(|&h| h != -1),
    };
    let key = if slots[4].is_undef() { Value::NONE } else { slots[4] };
    Ok(Args { a: slots[0], x: slots[1], lo, hi, key })
}

/// `a[i]`, read directly from a list.
fn item(vm: &mut Vm, a: Value, i: i64) -> PyResult<Value> {
    if let Some(l) = list_ref(vm, a) {
        if (i as usize) < list_len(vm, l) {
            return Ok(list_at(vm, l, i as usize));
        }
    }
    let k = vm.new_int(i)?;
    vm.get_item(a, k)
}

/// The insertion point of `x`: after equal items when `right`, before them otherwise.
fn search(vm: &mut Vm, p: &Args, x: Value, right: bool) -> PyResult<i64> {
    let mut lo = p.lo;
    let mut hi = match p.hi {
        Some(h) => h,
        None => vm.len(p.a)? as i64,
    };
    vm.with_roots(&[p.a, x, p.key], |vm, _| {
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let mut v = item(vm, p.a, mid)?;
            if p.key != Value::NONE {
                v = vm.call(p.key, &[v])?;
            }
            let go_left = if right { lt(vm, x, v)? } else { !lt(vm, v, x)? };
            if go_left {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Ok(lo)
    })
}

fn bisect_left(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let p = parse(vm, "bisect_left", args, kw)?;
    let i = search(vm, &p, p.x, false)?;
    vm.new_int(i)
}

fn bisect_right(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let p = parse(vm, "bisect_right", args, kw)?;
    let i = search(vm, &p, p.x, true)?;
    vm.new_int(i)
}

/// `insort_*`: the item's key is searched for, then the item inserted (`list.insert`, or
/// the sequence's own `insert`).
fn insort(vm: &mut Vm, fname: &str, args: &[Value], kw: &[(Value, Value)], right: bool) -> PyResult<Value> {
    let p = parse(vm, fname, args, kw)?;
    let k = if p.key == Value::NONE { p.x } else { vm.call(p.key, &[p.x])? };
    let i = vm.with_roots(&[k], |vm, _| search(vm, &p, k, right))?;
    match vm.obj(p.a) {
        Some(Obj::List(_)) => {
            vm.charge(8)?;
            if let Some(Obj::List(v)) = p.a.as_obj().map(|r| vm.heap.get_mut(r)) {
                let at = (i.max(0) as usize).min(v.len());
                v.insert(at, p.x);
            }
        }
        _ => {
            let at = vm.new_int(i)?;
            let ins = vm.get_attr_str(p.a, "insert")?;
            let pos: Vec<Value> = [at, p.x].to_vec();
            vm.call(ins, &pos)?;
        }
    }
    Ok(Value::NONE)
}

fn insort_left(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    insort(vm, "insort_left", args, kw, false)
}

fn insort_right(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    insort(vm, "insort_right", args, kw, true)
}
