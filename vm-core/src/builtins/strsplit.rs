//! Splitting, joining and stripping methods of `str`: `split`, `rsplit`, `splitlines`,
//! `join`, `strip`, `lstrip` and `rstrip`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::strmethods::{is_exact_str, this_str, Kw};
use super::{check_args, int_arg, kwarg};
use crate::object::scratch::TextBuf;
use crate::object::types::{Obj, StrObj};
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

fn str_arg_opt(vm: &mut Vm, v: Option<&Value>, name: &str) -> PyResult<Option<String>> {
    match v {
        None | Some(&Value::NONE) => Ok(None),
        Some(v) => match vm.str_of(*v) {
            Some(s) => Ok(Some(String::from(s))),
            None => {
                let msg = format!("{name} arg must be None or str");
                Err(vm.type_error(msg))
            }
        },
    }
}

/// A new str holding bytes `a..b` of the str `v` (a char boundary range), copied without
/// an intermediate `String`.
fn new_substr(vm: &mut Vm, v: Value, a: usize, b: usize) -> PyResult<Value> {
    let so = StrObj::copy_of(vm.str_of(v).and_then(|s| s.get(a..b)).unwrap_or_default());
    vm.alloc_value(Obj::Str(so))
}

/// Python's whitespace (`str.isspace`): Unicode's, plus the ASCII separators U+001C..U+001F.
pub(super) fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

fn strings_to_list(vm: &mut Vm, parts: Vec<String>) -> PyResult<Value> {
    let mut vals = Vec::with_capacity(parts.len());
    for p in parts {
        vals.push(vm.new_string(p)?);
    }
    vm.new_list(vals)
}

pub(super) fn str_split(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    if vm
        .str_of(args.first().copied().unwrap_or(Value::NONE))
        .is_none()
    {
        this_str(vm, args, "split")?;
    }
    let sep_v = args.get(1).copied().or_else(|| kwarg(vm, kwargs, "sep"));
    let max_v = args
        .get(2)
        .copied()
        .or_else(|| kwarg(vm, kwargs, "maxsplit"));
    let sep = str_arg_opt(vm, sep_v.as_ref(), "must be str or None, not")?;
    let maxsplit = match max_v {
        Some(v) => int_arg(vm, v)?,
        None => -1,
    };
    if sep.as_deref() == Some("") {
        return Err(vm.value_error("empty separator"));
    }
    // Byte ranges of the parts first (borrowing the receiver), then one str per part.
    let me = args[0];
    let s = vm.str_of(me).unwrap_or_default();
    let base = s.as_ptr() as usize;
    let off = |t: &str| t.as_ptr() as usize - base;
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    let ascii = matches!(vm.obj(me), Some(Obj::Str(so)) if so.is_ascii());
    match &sep {
        None if ascii => {
            // ASCII text: whitespace (as `py_space` has it) found byte by byte.
            let b = s.as_bytes();
            let space = |c: u8| matches!(c, b' ' | b'\t'..=b'\r' | b'\x1c'..=b'\x1f');
            let mut i = 0;
            loop {
                while i < b.len() && space(b[i]) {
                    i += 1;
                }
                if i == b.len() {
                    break;
                }
                if maxsplit >= 0 && ranges.len() as i64 == maxsplit {
                    // The rest as is, trailing whitespace included (as CPython).
                    ranges.push((i, b.len()));
                    break;
                }
                let a = i;
                while i < b.len() && !space(b[i]) {
                    i += 1;
                }
                ranges.push((a, i));
            }
        }
        None => {
            let mut rest = s.trim_start_matches(py_space);
            while !rest.is_empty() {
                let a = off(rest);
                if maxsplit >= 0 && ranges.len() as i64 == maxsplit {
                    ranges.push((a, a + rest.len()));
                    break;
                }
                match rest.find(py_space) {
                    Some(i) => {
                        ranges.push((a, a + i));
                        rest = rest[i..].trim_start_matches(py_space);
                    }
                    None => {
                        ranges.push((a, a + rest.len()));
                        break;
                    }
                }
            }
        }
        Some(sep) => {
            let n = if maxsplit < 0 {
                usize::MAX
            } else {
                maxsplit as usize + 1
            };
            for part in s.splitn(n, sep.as_str()) {
                let a = off(part);
                ranges.push((a, a + part.len()));
            }
        }
    }
    let mut vals = Vec::with_capacity(ranges.len());
    for (a, b) in ranges {
        vals.push(new_substr(vm, me, a, b)?);
    }
    vm.new_list(vals)
}

pub(super) fn str_rsplit(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    let s = this_str(vm, args, "rsplit")?;
    let sep_v = args.get(1).copied().or_else(|| kwarg(vm, kwargs, "sep"));
    let max_v = args
        .get(2)
        .copied()
        .or_else(|| kwarg(vm, kwargs, "maxsplit"));
    let sep = str_arg_opt(vm, sep_v.as_ref(), "must be str or None, not")?;
    let maxsplit = match max_v {
        Some(v) => int_arg(vm, v)?,
        None => -1,
    };
    let mut out: Vec<String> = Vec::new();
    match sep {
        None => {
            let mut rest = s.trim_end_matches(py_space);
            while !rest.is_empty() {
                if maxsplit >= 0 && out.len() as i64 == maxsplit {
                    out.push(String::from(rest));
                    break;
                }
                match rest.rfind(py_space) {
                    Some(i) => {
                        let w = rest[i..].chars().next().map_or(1, char::len_utf8);
                        out.push(String::from(&rest[i + w..]));
                        rest = rest[..i].trim_end_matches(py_space);
                    }
                    None => {
                        out.push(String::from(rest));
                        break;
                    }
                }
            }
        }
        Some(sep) => {
            if sep.is_empty() {
                return Err(vm.value_error("empty separator"));
            }
            if maxsplit < 0 {
                out = s.rsplit(sep.as_str()).map(String::from).collect();
            } else {
                out = s
                    .rsplitn(maxsplit as usize + 1, sep.as_str())
                    .map(String::from)
                    .collect();
            }
        }
    }
    out.reverse();
    strings_to_list(vm, out)
}

fn is_linebreak(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r'
            | '\u{0b}'
            | '\u{0c}'
            | '\u{1c}'
            | '\u{1d}'
            | '\u{1e}'
            | '\u{85}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

pub(super) fn str_splitlines(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    check_args(vm, "splitlines", args, 1, 2)?;
    let s = this_str(vm, args, "splitlines")?;
    let keep = match args
        .get(1)
        .copied()
        .or_else(|| kwarg(vm, kwargs, "keepends"))
    {
        Some(v) => vm.truthy(v)?,
        None => false,
    };
    let mut out = Vec::new();
    let mut start = 0;
    let mut it = s.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if is_linebreak(c) {
            let mut end = i + c.len_utf8();
            if c == '\r' {
                if let Some(&(_, '\n')) = it.peek() {
                    it.next();
                    end += 1;
                }
            }
            out.push(String::from(if keep {
                &s[start..end]
            } else {
                &s[start..i]
            }));
            start = end;
        }
    }
    if start < s.len() {
        out.push(String::from(&s[start..]));
    }
    strings_to_list(vm, out)
}

pub(super) fn str_join(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "join", args, 2, 2)?;
    let sep = this_str(vm, args, "join")?;
    let items = vm.collect_iter(args[1])?;
    // The result's size first: a list of many references to one large string joins to
    // far more than the heap holds, and must stop at the limit before building anything.
    let mut total = sep.len().saturating_mul(items.len().saturating_sub(1));
    for (i, it) in items.iter().enumerate() {
        match vm.obj(*it) {
            Some(Obj::Str(s)) => total = total.saturating_add(s.as_bytes().len()),
            _ => {
                let msg = format!(
                    "sequence item {i}: expected str instance, {} found",
                    vm.type_name(*it)
                );
                return Err(vm.type_error(msg));
            }
        }
    }
    let mut out = TextBuf::new(vm);
    out.reserve(vm, total)?;
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            out.push_reserved(&sep);
        }
        out.push_reserved(vm.str_of(*it).unwrap_or_default());
    }
    vm.new_string(out.into_string())
}

fn strip_impl(vm: &mut Vm, args: &[Value], name: &str, left: bool, right: bool) -> PyResult<Value> {
    check_args(vm, name, args, 1, 2)?;
    if !vm.is_str(args[0]) {
        this_str(vm, args, name)?;
    }
    let chars = match args.get(1) {
        None | Some(&Value::NONE) => None,
        Some(&v) => match vm.is_str(v) {
            true => Some(v),
            false => {
                let msg = format!("{name} arg must be None or str");
                return Err(vm.type_error(msg));
            }
        },
    };
    let me = args[0];
    if let Some(r) = strip_ascii(vm, me, chars, left, right) {
        return r;
    }
    let s = vm.str_of(me).unwrap_or_default();
    let cs = chars.and_then(|c| vm.str_of(c));
    let pred = |c: char| match cs {
        Some(cs) => cs.contains(c),
        None => py_space(c),
    };
    let mut t: &str = s;
    if left {
        t = t.trim_start_matches(pred);
    }
    if right {
        t = t.trim_end_matches(pred);
    }
    if t.len() == s.len() && is_exact_str(vm, me) {
        return Ok(me);
    }
    let a = t.as_ptr() as usize - s.as_ptr() as usize;
    let b = a + t.len();
    new_substr(vm, me, a, b)
}

/// `strip_impl` for an ASCII receiver and ASCII `chars` (or whitespace), on bytes;
/// `None` when that does not apply.
fn strip_ascii(
    vm: &mut Vm,
    me: Value,
    chars: Option<Value>,
    left: bool,
    right: bool,
) -> Option<PyResult<Value>> {
    let Some(Obj::Str(so)) = vm.obj(me) else {
        return None;
    };
    let cs: &[u8] = match chars.map(|c| vm.obj(c)) {
        None => b"",
        Some(Some(Obj::Str(c))) if c.is_ascii() => c.as_bytes(),
        Some(_) => return None,
    };
    if !so.is_ascii() {
        return None;
    }
    // ASCII whitespace as `py_space` has it.
    let strip = |c: u8| match chars {
        None => matches!(c, b' ' | b'\t'..=b'\r' | b'\x1c'..=b'\x1f'),
        Some(_) => cs.contains(&c),
    };
    let b = so.as_bytes();
    let (mut a, mut e) = (0, b.len());
    if left {
        while a < e && strip(b[a]) {
            a += 1;
        }
    }
    if right {
        while e > a && strip(b[e - 1]) {
            e -= 1;
        }
    }
    if a == 0 && e == b.len() {
        return Some(Ok(me));
    }
    let out = StrObj::copy_of_ascii(&b[a..e]);
    Some(vm.alloc_value(Obj::Str(out)))
}

pub(super) fn str_strip(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    strip_impl(vm, args, "strip", true, true)
}

pub(super) fn str_lstrip(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    strip_impl(vm, args, "lstrip", true, false)
}

pub(super) fn str_rstrip(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    strip_impl(vm, args, "rstrip", false, true)
}
