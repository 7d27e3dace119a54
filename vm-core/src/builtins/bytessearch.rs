//! Searching methods of `bytes` and `bytearray`: `find`, `index`, `count`, `replace`, the
//! prefix and suffix tests and removals, and `partition`.

use alloc::format;
use alloc::vec::Vec;

use super::bytesmethods::{bytes_like, mk, needle, this, Kw};
use super::{check_args, int_arg};
use crate::object::scratch::ByteBuf;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

pub(super) fn find_sub(hay: &[u8], sub: &[u8]) -> Option<usize> {
    if sub.is_empty() {
        return Some(0);
    }
    hay.windows(sub.len()).position(|w| w == sub)
}

pub(super) fn rfind_sub(hay: &[u8], sub: &[u8]) -> Option<usize> {
    if sub.is_empty() {
        return Some(hay.len());
    }
    hay.windows(sub.len()).rposition(|w| w == sub)
}

fn slice_bounds(vm: &mut Vm, n: usize, args: &[Value]) -> PyResult<(usize, usize)> {
    let n = n as i64;
    let mut conv = |v: Option<&Value>, d: i64| -> PyResult<i64> {
        match v {
            None | Some(&Value::NONE) => Ok(d),
            Some(v) => {
                let i = int_arg(vm, *v)?;
                Ok(if i < 0 { (i + n).max(0) } else { i.min(n) })
            }
        }
    };
    let a = conv(args.get(2), 0)?;
    let b = conv(args.get(3), n)?;
    Ok((a as usize, b.max(a) as usize))
}

fn find_impl(vm: &mut Vm, args: &[Value], name: &str, right: bool) -> PyResult<Option<i64>> {
    check_args(vm, name, args, 2, 4)?;
    let (s, _) = this(vm, args, name)?;
    let sub = needle(vm, args[1])?;
    if let Some(st) = args.get(2).and_then(|v| vm.as_i64(*v)) {
        if st > s.len() as i64 {
            return Ok(None);
        }
    }
    let (a, b) = slice_bounds(vm, s.len(), args)?;
    let hay = &s[a..b];
    let r = if right {
        rfind_sub(hay, &sub)
    } else {
        find_sub(hay, &sub)
    };
    Ok(r.map(|i| (a + i) as i64))
}

pub(super) fn b_find(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let r = find_impl(vm, args, "find", false)?;
    Ok(Value::int_unchecked(r.unwrap_or(-1)))
}

pub(super) fn b_rfind(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let r = find_impl(vm, args, "rfind", true)?;
    Ok(Value::int_unchecked(r.unwrap_or(-1)))
}

pub(super) fn b_index(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    match find_impl(vm, args, "index", false)? {
        Some(i) => Ok(Value::int_unchecked(i)),
        None => Err(vm.value_error("subsection not found")),
    }
}

pub(super) fn b_rindex(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    match find_impl(vm, args, "rindex", true)? {
        Some(i) => Ok(Value::int_unchecked(i)),
        None => Err(vm.value_error("subsection not found")),
    }
}

fn count_sub(hay: &[u8], sub: &[u8]) -> usize {
    if sub.is_empty() {
        return hay.len() + 1;
    }
    let mut n = 0;
    let mut i = 0;
    while i + sub.len() <= hay.len() {
        if &hay[i..i + sub.len()] == sub {
            n += 1;
            i += sub.len();
        } else {
            i += 1;
        }
    }
    n
}

pub(super) fn b_count(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "count", args, 2, 4)?;
    let (s, _) = this(vm, args, "count")?;
    let sub = needle(vm, args[1])?;
    if let Some(st) = args.get(2).and_then(|v| vm.as_i64(*v)) {
        if st > s.len() as i64 {
            return Ok(Value::int_unchecked(0));
        }
    }
    let (a, b) = slice_bounds(vm, s.len(), args)?;
    Ok(Value::int_unchecked(count_sub(&s[a..b], &sub) as i64))
}

/// Where `old` next occurs in `s` at or after `from` (an empty `old` occurs before every
/// byte and at the end).
fn next_hit(s: &[u8], old: &[u8], from: usize) -> Option<usize> {
    if old.is_empty() {
        return (from <= s.len()).then_some(from);
    }
    let rest = s.get(from..)?;
    find_sub(rest, old).map(|i| from + i)
}

/// Calls `f` with each occurrence of `old` in `s`, left to right without overlaps, at most
/// `limit` of them; returns how many there were.
fn each_hit(s: &[u8], old: &[u8], limit: usize, mut f: impl FnMut(usize)) -> usize {
    let mut n = 0;
    let mut from = 0;
    while n < limit {
        let Some(i) = next_hit(s, old, from) else {
            break;
        };
        f(i);
        n += 1;
        // Past the match (past the next byte for an empty `old`).
        from = i + old.len().max(1);
    }
    n
}

pub(super) fn b_replace(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "replace", args, 3, 4)?;
    let (s, ba) = this(vm, args, "replace")?;
    let old = bytes_like(vm, args[1])?;
    let new = bytes_like(vm, args[2])?;
    let count = match args.get(3) {
        Some(v) => int_arg(vm, *v)?,
        None => -1,
    };
    let limit = usize::try_from(count).unwrap_or(usize::MAX);
    // The result's size first: a long `new` can make it far larger than the heap.
    let hits = each_hit(&s, &old, limit, |_| {});
    let size = (s.len() - hits * old.len()).saturating_add(hits.saturating_mul(new.len()));
    let mut out = ByteBuf::new(vm);
    out.reserve(vm, size)?;
    let mut last = 0;
    each_hit(&s, &old, limit, |i| {
        out.extend_reserved(&s[last..i]);
        out.extend_reserved(&new);
        last = i + old.len();
    });
    out.extend_reserved(&s[last..]);
    mk(vm, out.into_vec(), ba)
}

fn affix(vm: &mut Vm, args: &[Value], name: &str, prefix: bool) -> PyResult<Value> {
    check_args(vm, name, args, 2, 4)?;
    let (s, _) = this(vm, args, name)?;
    let (a, b) = slice_bounds(vm, s.len(), args)?;
    let hay = &s[a..b];
    let cands: Vec<Value> = match vm.tuple_items(args[1]) {
        Some(t) => t,
        None => alloc::vec![args[1]],
    };
    for c in cands {
        let Some(p) = vm.bytes_data(c) else {
            let msg = format!(
                "{name} first arg must be bytes or a tuple of bytes, not {}",
                vm.type_name(c)
            );
            return Err(vm.type_error(msg));
        };
        if (prefix && hay.starts_with(&p)) || (!prefix && hay.ends_with(&p)) {
            return Ok(Value::TRUE);
        }
    }
    Ok(Value::FALSE)
}

pub(super) fn b_startswith(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    affix(vm, args, "startswith", true)
}

pub(super) fn b_endswith(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    affix(vm, args, "endswith", false)
}

fn partition_impl(vm: &mut Vm, args: &[Value], name: &str, right: bool) -> PyResult<Value> {
    check_args(vm, name, args, 2, 2)?;
    let (s, ba) = this(vm, args, name)?;
    let sep = bytes_like(vm, args[1])?;
    if sep.is_empty() {
        return Err(vm.value_error("empty separator"));
    }
    let found = if right {
        rfind_sub(&s, &sep)
    } else {
        find_sub(&s, &sep)
    };
    let (a, b, c) = match found {
        Some(i) => (s[..i].to_vec(), sep.clone(), s[i + sep.len()..].to_vec()),
        None if right => (Vec::new(), Vec::new(), s.clone()),
        None => (s.clone(), Vec::new(), Vec::new()),
    };
    let items = alloc::vec![mk(vm, a, ba)?, mk(vm, b, ba)?, mk(vm, c, ba)?];
    vm.new_tuple(items)
}

pub(super) fn b_partition(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    partition_impl(vm, args, "partition", false)
}

pub(super) fn b_rpartition(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    partition_impl(vm, args, "rpartition", true)
}

fn remove_affix(vm: &mut Vm, args: &[Value], name: &str, prefix: bool) -> PyResult<Value> {
    check_args(vm, name, args, 2, 2)?;
    let (s, ba) = this(vm, args, name)?;
    let a = bytes_like(vm, args[1])?;
    let r = if prefix {
        s.strip_prefix(a.as_slice())
    } else {
        s.strip_suffix(a.as_slice())
    };
    match r {
        Some(t) => mk(vm, t.to_vec(), ba),
        None if !ba => Ok(args[0]),
        None => mk(vm, s, ba),
    }
}

pub(super) fn b_removeprefix(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    remove_affix(vm, args, "removeprefix", true)
}

pub(super) fn b_removesuffix(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    remove_affix(vm, args, "removesuffix", false)
}
