//! Searching methods of `str`: `find`, `rfind`, `index`, `rindex`, `count`, the prefix and
//! suffix tests and removals, `partition`, `rpartition`, `replace` and `__contains__`.

use alloc::format;
#[cfg(feature = "str-methods")]
use alloc::string::String;
use alloc::vec::Vec;

use super::strmethods::{is_exact_str, this_str, Kw};
use super::{check_args, int_arg, str_arg};
use crate::object::scratch::TextBuf;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

/// Character-index bounds `[start, end)` of optional slice arguments, as byte offsets.
fn bounds(
    vm: &mut Vm,
    s: &str,
    start: Option<&Value>,
    end: Option<&Value>,
) -> PyResult<(usize, usize)> {
    let n = s.chars().count() as i64;
    let conv = |vm: &mut Vm, v: Option<&Value>, dflt: i64| -> PyResult<i64> {
        match v {
            None | Some(&Value::NONE) => Ok(dflt),
            Some(v) => {
                let i = int_arg(vm, *v)?;
                Ok(if i < 0 { (i + n).max(0) } else { i.min(n) })
            }
        }
    };
    let a = conv(vm, start, 0)?;
    let b = conv(vm, end, n)?;
    let to_byte = |ci: i64| {
        s.char_indices()
            .nth(ci as usize)
            .map_or(s.len(), |(i, _)| i)
    };
    Ok((to_byte(a), to_byte(b.max(a))))
}

fn char_index(s: &str, byte: usize) -> i64 {
    s[..byte].chars().count() as i64
}

fn find_impl(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<Option<i64>> {
    check_args(vm, name, args, 2, 4)?;
    let s = this_str(vm, args, name)?;
    let sub = str_arg(vm, args[1], &format!("{name}() argument 1"))?;
    if let Some(st) = args.get(2).and_then(|v| vm.as_i64(*v)) {
        if st > s.chars().count() as i64 {
            return Ok(None);
        }
    }
    let (a, b) = bounds(vm, &s, args.get(2), args.get(3))?;
    if a > b || b > s.len() {
        return Ok(None);
    }
    Ok(s[a..b].find(&sub).map(|i| char_index(&s, a + i)))
}

pub(super) fn str_find(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let r = find_impl(vm, args, "find")?;
    Ok(Value::int_unchecked(r.unwrap_or(-1)))
}

pub(super) fn str_index(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    match find_impl(vm, args, "index")? {
        Some(i) => Ok(Value::int_unchecked(i)),
        None => Err(vm.value_error("substring not found")),
    }
}

fn rfind_impl(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<Option<i64>> {
    check_args(vm, name, args, 2, 4)?;
    let s = this_str(vm, args, name)?;
    let sub = str_arg(vm, args[1], &format!("{name}() argument 1"))?;
    let (a, b) = bounds(vm, &s, args.get(2), args.get(3))?;
    if a > b || b > s.len() {
        return Ok(None);
    }
    // An empty needle past the end of a slice that starts beyond the string is not found.
    if sub.is_empty() && args.get(2).is_some() {
        let n = s.chars().count() as i64;
        if let Some(st) = vm.as_i64(args[2]) {
            if st > n {
                return Ok(None);
            }
        }
    }
    Ok(s[a..b].rfind(&sub).map(|i| char_index(&s, a + i)))
}

pub(super) fn str_rfind(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let r = rfind_impl(vm, args, "rfind")?;
    Ok(Value::int_unchecked(r.unwrap_or(-1)))
}

#[cfg(feature = "str-methods")]
pub(super) fn str_rindex(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    match rfind_impl(vm, args, "rindex")? {
        Some(i) => Ok(Value::int_unchecked(i)),
        None => Err(vm.value_error("substring not found")),
    }
}

pub(super) fn str_count(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "count", args, 2, 4)?;
    let s = this_str(vm, args, "count")?;
    let sub = str_arg(vm, args[1], "count() argument 1")?;
    if let Some(st) = args.get(2).and_then(|v| vm.as_i64(*v)) {
        if st > s.chars().count() as i64 {
            return Ok(Value::int_unchecked(0));
        }
    }
    let (a, b) = bounds(vm, &s, args.get(2), args.get(3))?;
    let hay = &s[a..b];
    let n = if sub.is_empty() {
        hay.chars().count() + 1
    } else {
        hay.matches(sub.as_str()).count()
    };
    Ok(Value::int_unchecked(n as i64))
}

fn affix(vm: &mut Vm, args: &[Value], name: &str, prefix: bool) -> PyResult<Value> {
    check_args(vm, name, args, 2, 4)?;
    let s = this_str(vm, args, name)?;
    let (a, b) = bounds(vm, &s, args.get(2), args.get(3))?;
    let hay = &s[a..b];
    let cands: Vec<Value> = match vm.tuple_items(args[1]) {
        Some(t) => t,
        None => alloc::vec![args[1]],
    };
    for c in cands {
        let Some(p) = vm.str_of(c) else {
            let msg = format!(
                "{name} first arg must be str or a tuple of str, not {}",
                vm.type_name(c)
            );
            return Err(vm.type_error(msg));
        };
        if (prefix && hay.starts_with(p)) || (!prefix && hay.ends_with(p)) {
            return Ok(Value::TRUE);
        }
    }
    Ok(Value::FALSE)
}

pub(super) fn str_startswith(
    vm: &mut Vm,
    args: &[Value],
    _kw: &[(Value, Value)],
) -> PyResult<Value> {
    affix(vm, args, "startswith", true)
}

pub(super) fn str_endswith(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    affix(vm, args, "endswith", false)
}

fn affix_remove(vm: &mut Vm, args: &[Value], name: &str, prefix: bool) -> PyResult<Value> {
    check_args(vm, name, args, 2, 2)?;
    let s = this_str(vm, args, name)?;
    let a = str_arg(vm, args[1], &format!("{name}() argument"))?;
    let r = if prefix {
        s.strip_prefix(a.as_str())
    } else {
        s.strip_suffix(a.as_str())
    };
    match r {
        Some(t) => vm.new_str(t),
        None => Ok(args[0]),
    }
}

pub(super) fn str_removeprefix(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    affix_remove(vm, args, "removeprefix", true)
}

pub(super) fn str_removesuffix(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    affix_remove(vm, args, "removesuffix", false)
}

#[cfg(feature = "str-methods")]
fn partition_impl(vm: &mut Vm, args: &[Value], name: &str, right: bool) -> PyResult<Value> {
    check_args(vm, name, args, 2, 2)?;
    let s = this_str(vm, args, name)?;
    let sep = match vm.str_of(args[1]) {
        Some(x) => String::from(x),
        None => {
            let msg = format!("must be str, not {}", vm.type_name(args[1]));
            return Err(vm.type_error(msg));
        }
    };
    if sep.is_empty() {
        return Err(vm.value_error("empty separator"));
    }
    let found = if right { s.rfind(&sep) } else { s.find(&sep) };
    let (a, b, c) = match found {
        Some(i) => (&s[..i], sep.as_str(), &s[i + sep.len()..]),
        None if right => ("", "", s.as_str()),
        None => (s.as_str(), "", ""),
    };
    let items = alloc::vec![vm.new_str(a)?, vm.new_str(b)?, vm.new_str(c)?];
    vm.new_tuple(items)
}

#[cfg(feature = "str-methods")]
pub(super) fn str_partition(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    partition_impl(vm, args, "partition", false)
}

#[cfg(feature = "str-methods")]
pub(super) fn str_rpartition(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    partition_impl(vm, args, "rpartition", true)
}

pub(super) fn str_replace(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "replace", args, 3, 4)?;
    let s = this_str(vm, args, "replace")?;
    let old = str_arg(vm, args[1], "replace() argument 1")?;
    let new = str_arg(vm, args[2], "replace() argument 2")?;
    let count = match args.get(3) {
        Some(v) => int_arg(vm, *v)?,
        None => -1,
    };
    let limit = usize::try_from(count).unwrap_or(usize::MAX);
    // The result's size first (an empty `old` matches at every character boundary): a
    // long `new` can make it far larger than the heap.
    let hits = if old.is_empty() {
        s.chars().count().saturating_add(1).min(limit)
    } else {
        s.matches(old.as_str()).take(limit).count()
    };
    if hits == 0 && is_exact_str(vm, args[0]) {
        return Ok(args[0]);
    }
    let size = (s.len() - hits * old.len()).saturating_add(hits.saturating_mul(new.len()));
    let mut out = TextBuf::new(vm);
    out.reserve(vm, size)?;
    let mut last = 0;
    for (i, m) in s.match_indices(old.as_str()).take(limit) {
        out.push_reserved(&s[last..i]);
        out.push_reserved(&new);
        last = i + m.len();
    }
    out.push_reserved(&s[last..]);
    vm.new_string(out.into_string())
}

pub(super) fn str_contains(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "__contains__", args, 2, 2)?;
    let s = this_str(vm, args, "__contains__")?;
    match vm.str_of(args[1]) {
        Some(t) => Ok(Value::bool(s.contains(t))),
        None => {
            let msg = format!(
                "'in <string>' requires string as left operand, not {}",
                vm.type_name(args[1])
            );
            Err(vm.type_error(msg))
        }
    }
}
