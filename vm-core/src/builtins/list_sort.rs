//! `list.sort` and `sorted`: a stable merge sort over natural runs (after CPython's
//! `listsort`), with `key=` and `reverse=`.

use alloc::vec::Vec;

use super::kwarg;
use super::methods::list_items;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

/// Counts the run starting at `lo` (CPython's `count_run`); returns (len, descending).
fn sort_count_run(
    vm: &mut Vm,
    keys: &[Value],
    idx: &[usize],
    lo: usize,
) -> PyResult<(usize, bool)> {
    let hi = idx.len();
    if lo + 1 >= hi {
        return Ok((1, false));
    }
    let mut n = 2;
    if sort_lt(vm, keys[idx[lo + 1]], keys[idx[lo]])? {
        let mut p = lo + 2;
        while p < hi && sort_lt(vm, keys[idx[p]], keys[idx[p - 1]])? {
            p += 1;
            n += 1;
        }
        Ok((n, true))
    } else {
        let mut p = lo + 2;
        while p < hi && !sort_lt(vm, keys[idx[p]], keys[idx[p - 1]])? {
            p += 1;
            n += 1;
        }
        Ok((n, false))
    }
}

/// CPython's `binarysort` over idx[lo..hi], with idx[lo..start] already sorted.
fn sort_binary(
    vm: &mut Vm,
    keys: &[Value],
    idx: &mut [usize],
    lo: usize,
    hi: usize,
    mut start: usize,
) -> PyResult<()> {
    if start == lo {
        start += 1;
    }
    while start < hi {
        let pivot = idx[start];
        let (mut l, mut r) = (lo, start);
        while l < r {
            let p = l + ((r - l) >> 1);
            if sort_lt(vm, keys[pivot], keys[idx[p]])? {
                r = p;
            } else {
                l = p + 1;
            }
        }
        let mut p = start;
        while p > l {
            idx[p] = idx[p - 1];
            p -= 1;
        }
        idx[l] = pivot;
        start += 1;
    }
    Ok(())
}

fn sort_minrun(mut n: usize) -> usize {
    let mut r = 0;
    while n >= 64 {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

/// `a < b` for sorting: keys made of small ints, floats and strs, and tuples of them (the
/// usual `key=lambda kv: (-kv[1], kv[0])`), are compared in place, without the general
/// comparison's copies and rooting; anything else goes through [`Vm::less_than`].
fn sort_lt(vm: &mut Vm, a: Value, b: Value) -> PyResult<bool> {
    // A long sort of plain values runs no Python code: the embedder's requests are
    // answered here.
    vm.poll_signals()?;
    if let Some(r) = simple_lt(vm, a, b, 4) {
        return Ok(r);
    }
    vm.less_than(a, b)
}

/// `a < b` when no user code and no error can be involved, else `None`.
fn simple_lt(vm: &Vm, a: Value, b: Value, depth: u32) -> Option<bool> {
    if let (Some(x), Some(y)) = (a.as_small_int(), b.as_small_int()) {
        return Some(x < y);
    }
    if let (Some(x), Some(y)) = (a.as_float(), b.as_float()) {
        return Some(x < y);
    }
    match (vm.obj(a)?, vm.obj(b)?) {
        (Obj::Str(x), Obj::Str(y)) => Some(x.as_bytes() < y.as_bytes()),
        (Obj::Tuple(x), Obj::Tuple(y)) if depth > 0 => {
            // Python's rule: the first items that differ decide, else the lengths.
            for (&p, &q) in x.iter().zip(y.iter()) {
                // Identity implies equality here, as in `Vm::eq` (even for a NaN).
                if p == q || vm.simple_eq(p, q)? {
                    continue;
                }
                return simple_lt(vm, p, q, depth - 1);
            }
            Some(x.len() < y.len())
        }
        _ => None,
    }
}

/// Stable sort of `idx` by `keys` using only `<`, following CPython's run detection and
/// binary insertion (so comparison order matches for small lists); runs are merged stably.
fn timsort_like(vm: &mut Vm, keys: &[Value], idx: &mut [usize]) -> PyResult<()> {
    let total = idx.len();
    if total < 2 {
        return Ok(());
    }
    let minrun = sort_minrun(total);
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut lo = 0;
    while lo < total {
        let remaining = total - lo;
        let (mut n, desc) = sort_count_run(vm, keys, idx, lo)?;
        if desc {
            idx[lo..lo + n].reverse();
        }
        if n < minrun {
            let force = if remaining <= minrun {
                remaining
            } else {
                minrun
            };
            sort_binary(vm, keys, idx, lo, lo + force, lo + n)?;
            n = force;
        }
        runs.push((lo, n));
        lo += n;
    }
    // Merge adjacent runs pairwise until one remains.
    while runs.len() > 1 {
        let mut merged = Vec::with_capacity(runs.len().div_ceil(2));
        let mut i = 0;
        while i < runs.len() {
            if i + 1 < runs.len() {
                let (a, an) = runs[i];
                let (_, bn) = runs[i + 1];
                let left: Vec<usize> = idx[a..a + an].to_vec();
                let right: Vec<usize> = idx[a + an..a + an + bn].to_vec();
                let (mut x, mut y, mut o) = (0, 0, a);
                while x < left.len() && y < right.len() {
                    if sort_lt(vm, keys[right[y]], keys[left[x]])? {
                        idx[o] = right[y];
                        y += 1;
                    } else {
                        idx[o] = left[x];
                        x += 1;
                    }
                    o += 1;
                }
                for &v in left[x..].iter().chain(right[y..].iter()) {
                    idx[o] = v;
                    o += 1;
                }
                merged.push((a, an + bn));
                i += 2;
            } else {
                merged.push(runs[i]);
                i += 1;
            }
        }
        runs = merged;
    }
    Ok(())
}

/// Stable sort of a list object in place with `key=` and `reverse=`.
pub(crate) fn list_sort_impl(vm: &mut Vm, l: Value, kwargs: &[(Value, Value)]) -> PyResult<()> {
    super::check_kwargs(vm, "sort", kwargs, &["key", "reverse"])?;
    let Some(lr) = l.as_obj() else { return Ok(()) };
    let key = kwarg(vm, kwargs, "key").filter(|k| *k != Value::NONE);
    let reverse = match kwarg(vm, kwargs, "reverse") {
        Some(r) => vm.truthy(r)?,
        None => false,
    };
    let items = list_items(vm, lr);
    // As CPython does, the list is empty while it sorts (a key function or `__lt__` that
    // looks at it sees `[]`); an empty list that grows in the meantime was modified.
    let saved = match vm.heap.get_mut(lr) {
        Obj::List(v) => core::mem::replace(v, Vec::new().into()),
        _ => return Ok(()),
    };
    // The items (out of the list now) and the keys (fresh objects) stay rooted until the
    // sort is done.
    let sorted = vm.with_roots(&items, |vm, _| {
        let keys = match key {
            Some(k) => {
                let mut ks = Vec::with_capacity(items.len());
                for it in &items {
                    let kv = vm.call(k, &[*it])?;
                    vm.root(kv);
                    ks.push(kv);
                }
                ks
            }
            None => items.clone(),
        };
        let mut idx: Vec<usize> = (0..items.len()).collect();
        // CPython: reverse, stable ascending sort, reverse back (keeps stability).
        if reverse {
            idx.reverse();
        }
        timsort_like(vm, &keys, &mut idx)?;
        if reverse {
            idx.reverse();
        }
        Ok(idx)
    });
    let Obj::List(v) = vm.heap.get_mut(lr) else {
        return Ok(());
    };
    let modified = v.capacity() != 0;
    match sorted {
        Ok(idx) => {
            let sorted: Vec<Value> = idx.into_iter().map(|i| items[i]).collect();
            *v = sorted.into();
        }
        Err(e) => {
            *v = saved;
            return Err(e);
        }
    }
    if modified {
        return Err(vm.value_error("list modified during sort"));
    }
    Ok(())
}
