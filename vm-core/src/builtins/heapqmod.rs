//! The builtin module `_heapq` (feature `stdlib`): the heap functions of `heapq` on lists,
//! as CPython's `_heapq` does them (items swapped in place as they sift, so a comparison
//! that runs user code sees a whole list; a size change during one raises `RuntimeError`).

use alloc::format;
use alloc::string::String;

use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

pub(crate) fn init_heapq(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    super::modules::add_fns(
        vm,
        d,
        &[
            ("heappush", heappush),
            ("heappop", heappop),
            ("heapify", heapify),
            ("heapreplace", heapreplace),
            ("heappushpop", heappushpop),
            ("_heapify_max", heapify_max),
            ("_heapreplace_max", heapreplace_max),
        ],
    );
    Ok(())
}

/// The list object of a list or list-subclass value.
pub(super) fn list_ref(vm: &Vm, v: Value) -> Option<ObjRef> {
    let r = v.as_obj()?;
    match vm.heap.get(r) {
        Obj::List(_) => Some(r),
        Obj::Instance(i) => match i.native.as_obj() {
            Some(n) if matches!(vm.heap.get(n), Obj::List(_)) => Some(n),
            _ => None,
        },
        _ => None,
    }
}

/// The list argument of `fname` (which takes `n` arguments), after the count is checked,
/// with CPython's errors otherwise.
fn heap_arg(vm: &mut Vm, fname: &str, args: &[Value], n: usize) -> PyResult<ObjRef> {
    if args.len() != n {
        let msg = if n == 1 {
            format!("_heapq.{fname}() takes exactly one argument ({} given)", args.len())
        } else {
            format!("{fname} expected {n} arguments, got {}", args.len())
        };
        return Err(vm.type_error(msg));
    }
    match list_ref(vm, args[0]) {
        Some(r) => Ok(r),
        None => {
            let which = if n == 1 { "" } else { " 1" };
            // (CPython's wording names `None` itself.)
            let t = if args[0] == Value::NONE {
                String::from("None")
            } else {
                vm.type_name(args[0])
            };
            let msg = format!("{fname}() argument{which} must be list, not {t}");
            Err(vm.type_error(msg))
        }
    }
}

pub(super) fn list_len(vm: &Vm, l: ObjRef) -> usize {
    match vm.heap.get(l) {
        Obj::List(v) => v.len(),
        _ => 0,
    }
}

pub(super) fn list_at(vm: &Vm, l: ObjRef, i: usize) -> Value {
    match vm.heap.get(l) {
        Obj::List(v) => v.get(i).copied().unwrap_or(Value::NONE),
        _ => Value::NONE,
    }
}

fn list_swap(vm: &mut Vm, l: ObjRef, i: usize, j: usize) {
    if let Obj::List(v) = vm.heap.get_mut(l) {
        if i < v.len() && j < v.len() {
            v.swap(i, j);
        }
    }
}

fn list_put(vm: &mut Vm, l: ObjRef, i: usize, x: Value) {
    if let Obj::List(v) = vm.heap.get_mut(l) {
        if let Some(s) = v.get_mut(i) {
            *s = x;
        }
    }
}

/// `a < b`; operands that may run user code are rooted for its duration.
#[inline(always)]
pub(super) fn lt(vm: &mut Vm, a: Value, b: Value) -> PyResult<bool> {
    if let (Some(x), Some(y)) = (a.as_small_int(), b.as_small_int()) {
        return Ok(x < y);
    }
    lt_rooted(vm, a, b)
}

/// [`lt`] of operands other than two small ints (out of line: the inline test stays small).
#[inline(never)]
fn lt_rooted(vm: &mut Vm, a: Value, b: Value) -> PyResult<bool> {
    vm.with_roots(&[a, b], |vm, _| vm.less_than(a, b))
}

/// A comparison left the list at another size: CPython's `RuntimeError`.
fn check_size(vm: &mut Vm, l: ObjRef, size: usize) -> PyResult<()> {
    if list_len(vm, l) != size {
        return Err(vm.runtime_error("list changed size during iteration"));
    }
    Ok(())
}

/// Whether `a` goes above `b` in a min-heap (`a < b`) or a max-heap (`b < a`).
fn above(vm: &mut Vm, max: bool, a: Value, b: Value) -> PyResult<bool> {
    if max {
        lt(vm, b, a)
    } else {
        lt(vm, a, b)
    }
}

/// Moves the item at `pos` up towards `start` while it goes above its parent.
fn siftdown(vm: &mut Vm, l: ObjRef, start: usize, pos: usize) -> PyResult<()> {
    sift_towards_root(vm, l, start, pos, false)
}

/// [`siftdown`] of a min-heap or a max-heap.
fn sift_towards_root(
    vm: &mut Vm,
    l: ObjRef,
    start: usize,
    mut pos: usize,
    max: bool,
) -> PyResult<()> {
    let size = list_len(vm, l);
    if pos >= size {
        return Err(vm.index_error("index out of range"));
    }
    while pos > start {
        let parentpos = (pos - 1) >> 1;
        let (item, parent) = (list_at(vm, l, pos), list_at(vm, l, parentpos));
        let less = above(vm, max, item, parent)?;
        check_size(vm, l, size)?;
        if !less {
            break;
        }
        list_swap(vm, l, pos, parentpos);
        pos = parentpos;
    }
    Ok(())
}

/// Moves the smaller child up from `pos` to a leaf, then the item there back down.
fn siftup(vm: &mut Vm, l: ObjRef, pos: usize) -> PyResult<()> {
    sift_to_leaf(vm, l, pos, false)
}

/// [`siftup`] of a min-heap or (the larger child moving up) a max-heap.
fn sift_to_leaf(vm: &mut Vm, l: ObjRef, mut pos: usize, max: bool) -> PyResult<()> {
    let end = list_len(vm, l);
    let start = pos;
    if pos >= end {
        return Err(vm.index_error("index out of range"));
    }
    let limit = end >> 1;
    while pos < limit {
        let mut child = 2 * pos + 1;
        if child + 1 < end {
            // CPython's order: `child < right` for a min-heap, `right < child` for a max-heap.
            let (a, b) = (list_at(vm, l, child), list_at(vm, l, child + 1));
            let less = above(vm, max, a, b)?;
            check_size(vm, l, end)?;
            if !less {
                child += 1;
            }
        }
        list_swap(vm, l, pos, child);
        pos = child;
    }
    sift_towards_root(vm, l, start, pos, max)
}

fn heappush(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let l = heap_arg(vm, "heappush", args, 2)?;
    vm.list_push(Value::obj(l), args[1])?;
    let n = list_len(vm, l);
    siftdown(vm, l, 0, n - 1)?;
    Ok(Value::NONE)
}

fn heappop(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let l = heap_arg(vm, "heappop", args, 1)?;
    let last = match vm.heap.get_mut(l) {
        Obj::List(v) => v.pop(),
        _ => None,
    };
    let Some(last) = last else {
        return Err(vm.index_error("index out of range"));
    };
    if list_len(vm, l) == 0 {
        return Ok(last);
    }
    let top = list_at(vm, l, 0);
    list_put(vm, l, 0, last);
    vm.with_roots(&[top], |vm, _| siftup(vm, l, 0))?;
    Ok(top)
}

fn heapreplace(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let l = heap_arg(vm, "heapreplace", args, 2)?;
    if list_len(vm, l) == 0 {
        return Err(vm.index_error("index out of range"));
    }
    let top = list_at(vm, l, 0);
    list_put(vm, l, 0, args[1]);
    vm.with_roots(&[top], |vm, _| siftup(vm, l, 0))?;
    Ok(top)
}

fn heappushpop(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let l = heap_arg(vm, "heappushpop", args, 2)?;
    let item = args[1];
    if list_len(vm, l) == 0 {
        return Ok(item);
    }
    let top = list_at(vm, l, 0);
    if !lt(vm, top, item)? {
        return Ok(item);
    }
    if list_len(vm, l) == 0 {
        return Err(vm.index_error("index out of range"));
    }
    let top = list_at(vm, l, 0);
    list_put(vm, l, 0, item);
    vm.with_roots(&[top], |vm, _| siftup(vm, l, 0))?;
    Ok(top)
}

fn heapify(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let l = heap_arg(vm, "heapify", args, 1)?;
    let n = list_len(vm, l);
    for i in (0..n / 2).rev() {
        siftup(vm, l, i)?;
    }
    Ok(Value::NONE)
}

/// `_heapify_max(list)`: the max-heap `nsmallest` keeps.
fn heapify_max(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let l = heap_arg(vm, "_heapify_max", args, 1)?;
    let n = list_len(vm, l);
    for i in (0..n / 2).rev() {
        sift_to_leaf(vm, l, i, true)?;
    }
    Ok(Value::NONE)
}

/// `_heapreplace_max(heap, item)`: pops the largest item and pushes `item`.
fn heapreplace_max(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let l = heap_arg(vm, "_heapreplace_max", args, 2)?;
    if list_len(vm, l) == 0 {
        return Err(vm.index_error("index out of range"));
    }
    let top = list_at(vm, l, 0);
    list_put(vm, l, 0, args[1]);
    vm.with_roots(&[top], |vm, _| sift_to_leaf(vm, l, 0, true))?;
    Ok(top)
}
