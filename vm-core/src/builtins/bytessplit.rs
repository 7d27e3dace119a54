//! Splitting, joining and stripping methods of `bytes` and `bytearray`.

use alloc::format;
use alloc::vec::Vec;

use super::bytesmethods::{bytes_like, mk, this, Kw};
use super::bytessearch::{find_sub, rfind_sub};
use super::{check_args, int_arg, kwarg};
use crate::object::scratch::ByteBuf;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

fn list_of(vm: &mut Vm, parts: Vec<Vec<u8>>, ba: bool) -> PyResult<Value> {
    let mut vals = Vec::with_capacity(parts.len());
    for p in parts {
        vals.push(mk(vm, p, ba)?);
    }
    vm.new_list(vals)
}

fn split_args(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<(Option<Vec<u8>>, i64)> {
    let sep_v = args.get(1).copied().or_else(|| kwarg(vm, kwargs, "sep"));
    let max_v = args
        .get(2)
        .copied()
        .or_else(|| kwarg(vm, kwargs, "maxsplit"));
    let sep = match sep_v {
        None | Some(Value::NONE) => None,
        Some(v) => {
            let d = bytes_like(vm, v)?;
            if d.is_empty() {
                return Err(vm.value_error("empty separator"));
            }
            Some(d)
        }
    };
    let max = match max_v {
        Some(v) => int_arg(vm, v)?,
        None => -1,
    };
    Ok((sep, max))
}

pub(super) fn b_split(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    let (s, ba) = this(vm, args, "split")?;
    let (sep, max) = split_args(vm, args, kwargs)?;
    let mut out: Vec<Vec<u8>> = Vec::new();
    match sep {
        None => {
            let mut i = 0;
            let n = s.len();
            loop {
                while i < n && (s[i].is_ascii_whitespace() || s[i] == 0x0b) {
                    i += 1;
                }
                if i >= n {
                    break;
                }
                if max >= 0 && out.len() as i64 == max {
                    out.push(s[i..].to_vec());
                    break;
                }
                let st = i;
                while i < n && !(s[i].is_ascii_whitespace() || s[i] == 0x0b) {
                    i += 1;
                }
                out.push(s[st..i].to_vec());
            }
        }
        Some(sep) => {
            let mut rest: &[u8] = &s;
            loop {
                if max >= 0 && out.len() as i64 == max {
                    out.push(rest.to_vec());
                    break;
                }
                match find_sub(rest, &sep) {
                    Some(i) => {
                        out.push(rest[..i].to_vec());
                        rest = &rest[i + sep.len()..];
                    }
                    None => {
                        out.push(rest.to_vec());
                        break;
                    }
                }
            }
        }
    }
    list_of(vm, out, ba)
}

pub(super) fn b_rsplit(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    let (s, ba) = this(vm, args, "rsplit")?;
    let (sep, max) = split_args(vm, args, kwargs)?;
    let ws = |c: u8| c.is_ascii_whitespace() || c == 0x0b;
    let mut out: Vec<Vec<u8>> = Vec::new();
    match sep {
        None => {
            let mut end = s.len();
            loop {
                while end > 0 && ws(s[end - 1]) {
                    end -= 1;
                }
                if end == 0 {
                    break;
                }
                if max >= 0 && out.len() as i64 == max {
                    out.push(s[..end].to_vec());
                    break;
                }
                let e = end;
                while end > 0 && !ws(s[end - 1]) {
                    end -= 1;
                }
                out.push(s[end..e].to_vec());
            }
        }
        Some(sep) => {
            let mut rest: &[u8] = &s;
            loop {
                if max >= 0 && out.len() as i64 == max {
                    out.push(rest.to_vec());
                    break;
                }
                match rfind_sub(rest, &sep) {
                    Some(i) => {
                        out.push(rest[i + sep.len()..].to_vec());
                        rest = &rest[..i];
                    }
                    None => {
                        out.push(rest.to_vec());
                        break;
                    }
                }
            }
        }
    }
    out.reverse();
    list_of(vm, out, ba)
}

/// The bytes of a bytes-like value: borrowed from a bytes or bytearray, copied from a
/// memoryview.
fn bytes_of(vm: &Vm, v: Value) -> Option<alloc::borrow::Cow<'_, [u8]>> {
    use alloc::borrow::Cow;
    match vm.obj(v)? {
        Obj::Bytes(b) => Some(Cow::Borrowed(b)),
        Obj::ByteArray(b) => Some(Cow::Borrowed(b)),
        Obj::MemoryView(m) if !m.released => Some(Cow::Owned(vm.memview_bytes(m))),
        _ => None,
    }
}

pub(super) fn b_join(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "join", args, 2, 2)?;
    let (sep, ba) = this(vm, args, "join")?;
    let items = vm.collect_iter(args[1])?;
    // The result's size first: many references to one large bytes join to far more than
    // the heap holds.
    let mut total = sep.len().saturating_mul(items.len().saturating_sub(1));
    for (i, it) in items.iter().enumerate() {
        match bytes_of(vm, *it) {
            Some(d) => total = total.saturating_add(d.len()),
            None => {
                let msg = format!(
                    "sequence item {i}: expected a bytes-like object, {} found",
                    vm.type_name(*it)
                );
                return Err(vm.type_error(msg));
            }
        }
    }
    let mut out = ByteBuf::new(vm);
    out.reserve(vm, total)?;
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            out.extend_reserved(&sep);
        }
        out.extend_reserved(&bytes_of(vm, *it).unwrap_or_default());
    }
    mk(vm, out.into_vec(), ba)
}

fn strip_impl(vm: &mut Vm, args: &[Value], name: &str, l: bool, r: bool) -> PyResult<Value> {
    check_args(vm, name, args, 1, 2)?;
    let (s, ba) = this(vm, args, name)?;
    let chars = match args.get(1) {
        None | Some(&Value::NONE) => None,
        Some(v) => Some(bytes_like(vm, *v)?),
    };
    let pred = |c: u8| match &chars {
        Some(cs) => cs.contains(&c),
        None => c.is_ascii_whitespace() || c == 0x0b,
    };
    let mut a = 0;
    let mut b = s.len();
    if l {
        while a < b && pred(s[a]) {
            a += 1;
        }
    }
    if r {
        while b > a && pred(s[b - 1]) {
            b -= 1;
        }
    }
    // Nothing stripped from an exact bytes object: the object itself, as in CPython.
    if !ba && a == 0 && b == s.len() && matches!(vm.obj(args[0]), Some(Obj::Bytes(_))) {
        return Ok(args[0]);
    }
    mk(vm, s[a..b].to_vec(), ba)
}

pub(super) fn b_strip(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    strip_impl(vm, args, "strip", true, true)
}

pub(super) fn b_lstrip(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    strip_impl(vm, args, "lstrip", true, false)
}

pub(super) fn b_rstrip(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    strip_impl(vm, args, "rstrip", false, true)
}

pub(super) fn b_splitlines(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    check_args(vm, "splitlines", args, 1, 2)?;
    let (s, ba) = this(vm, args, "splitlines")?;
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
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\n' || s[i] == b'\r' {
            let mut end = i + 1;
            if s[i] == b'\r' && s.get(i + 1) == Some(&b'\n') {
                end += 1;
            }
            out.push(if keep {
                s[start..end].to_vec()
            } else {
                s[start..i].to_vec()
            });
            start = end;
            i = end;
        } else {
            i += 1;
        }
    }
    if start < s.len() {
        out.push(s[start..].to_vec());
    }
    list_of(vm, out, ba)
}
