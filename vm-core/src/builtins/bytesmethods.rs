//! Methods of `bytes` and `bytearray`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{add_methods, check_args, int_arg, kwarg};
use crate::object::scratch::{ByteBuf, TextBuf};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

type Kw<'a> = &'a [(Value, Value)];

pub(crate) fn install(vm: &mut Vm) {
    let (bytes, bytearray) = (vm.types.bytes, vm.types.bytearray);
    let common: &[(&'static str, crate::object::types::NativeFn)] = &[
        ("decode", b_decode),
        ("hex", b_hex),
        ("split", b_split),
        ("rsplit", b_rsplit),
        ("join", b_join),
        ("strip", b_strip),
        ("lstrip", b_lstrip),
        ("rstrip", b_rstrip),
        ("find", b_find),
        ("rfind", b_rfind),
        ("index", b_index),
        ("rindex", b_rindex),
        ("count", b_count),
        ("replace", b_replace),
        ("upper", b_upper),
        ("lower", b_lower),
        ("title", b_title),
        ("capitalize", b_capitalize),
        ("swapcase", b_swapcase),
        ("startswith", b_startswith),
        ("endswith", b_endswith),
        ("isalpha", b_isalpha),
        ("isdigit", b_isdigit),
        ("isalnum", b_isalnum),
        ("isspace", b_isspace),
        ("isupper", b_isupper),
        ("islower", b_islower),
        ("isascii", b_isascii),
        ("center", b_center),
        ("ljust", b_ljust),
        ("rjust", b_rjust),
        ("partition", b_partition),
        ("rpartition", b_rpartition),
        ("removeprefix", b_removeprefix),
        ("removesuffix", b_removesuffix),
        ("splitlines", b_splitlines),
    ];
    add_methods(vm, bytes, common);
    add_methods(vm, bytearray, common);
    add_methods(
        vm,
        bytearray,
        &[
            ("append", ba_append),
            ("extend", ba_extend),
            ("pop", ba_pop),
            ("insert", ba_insert),
            ("remove", ba_remove),
            ("reverse", ba_reverse),
            ("clear", ba_clear),
            ("copy", ba_copy),
            ("__setitem__", ba_setitem),
        ],
    );
    super::nummethods::add_class_method(vm, bytes, "fromhex", b_fromhex);
    super::nummethods::add_class_method(vm, bytearray, "fromhex", b_fromhex);
}

fn this(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<(Vec<u8>, bool)> {
    let first = args.first().copied().unwrap_or(Value::NONE);
    match vm.obj(first) {
        Some(Obj::Bytes(b)) => Ok((b.to_vec(), false)),
        Some(Obj::ByteArray(b)) => Ok((b.clone(), true)),
        _ => Err(vm.type_error(format!("descriptor '{name}' requires a 'bytes' object"))),
    }
}

fn mk(vm: &mut Vm, data: Vec<u8>, ba: bool) -> PyResult<Value> {
    if ba {
        vm.alloc_value(Obj::ByteArray(data))
    } else {
        vm.alloc_value(Obj::Bytes(data.into_boxed_slice()))
    }
}

fn bytes_like(vm: &mut Vm, v: Value) -> PyResult<Vec<u8>> {
    match vm.bytes_data(v) {
        Some(d) => Ok(d),
        None => {
            let msg = format!("a bytes-like object is required, not '{}'", vm.type_name(v));
            Err(vm.type_error(msg))
        }
    }
}

fn needle(vm: &mut Vm, v: Value) -> PyResult<Vec<u8>> {
    if let Some(d) = vm.bytes_data(v) {
        return Ok(d);
    }
    if vm.is_int(v) {
        let i = int_arg(vm, v)?;
        return match u8::try_from(i) {
            Ok(b) => Ok(alloc::vec![b]),
            Err(_) => Err(vm.value_error("byte must be in range(0, 256)")),
        };
    }
    let msg = format!(
        "argument should be integer or bytes-like object, not '{}'",
        vm.type_name(v)
    );
    Err(vm.type_error(msg))
}

fn byte_val(vm: &mut Vm, v: Value) -> PyResult<u8> {
    let i = int_arg(vm, v)?;
    match u8::try_from(i) {
        Ok(b) => Ok(b),
        Err(_) => Err(vm.value_error("byte must be in range(0, 256)")),
    }
}

fn find_sub(hay: &[u8], sub: &[u8]) -> Option<usize> {
    if sub.is_empty() {
        return Some(0);
    }
    hay.windows(sub.len()).position(|w| w == sub)
}

fn rfind_sub(hay: &[u8], sub: &[u8]) -> Option<usize> {
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

fn b_find(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let r = find_impl(vm, args, "find", false)?;
    Ok(Value::int_unchecked(r.unwrap_or(-1)))
}

fn b_rfind(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let r = find_impl(vm, args, "rfind", true)?;
    Ok(Value::int_unchecked(r.unwrap_or(-1)))
}

fn b_index(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    match find_impl(vm, args, "index", false)? {
        Some(i) => Ok(Value::int_unchecked(i)),
        None => Err(vm.value_error("subsection not found")),
    }
}

fn b_rindex(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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

fn b_count(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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

fn b_replace(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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

fn b_split(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
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

fn b_rsplit(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
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

/// The bytes of a bytes or bytearray value, borrowed.
fn bytes_of(vm: &Vm, v: Value) -> Option<&[u8]> {
    match vm.obj(v)? {
        Obj::Bytes(b) => Some(b),
        Obj::ByteArray(b) => Some(b),
        _ => None,
    }
}

fn b_join(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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
        out.extend_reserved(bytes_of(vm, *it).unwrap_or_default());
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
    mk(vm, s[a..b].to_vec(), ba)
}

fn b_strip(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    strip_impl(vm, args, "strip", true, true)
}

fn b_lstrip(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    strip_impl(vm, args, "lstrip", true, false)
}

fn b_rstrip(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    strip_impl(vm, args, "rstrip", false, true)
}

fn map_impl(vm: &mut Vm, args: &[Value], name: &str, f: fn(&mut [u8])) -> PyResult<Value> {
    check_args(vm, name, args, 1, 1)?;
    let (mut s, ba) = this(vm, args, name)?;
    f(&mut s);
    mk(vm, s, ba)
}

fn b_upper(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    map_impl(vm, args, "upper", |s| s.make_ascii_uppercase())
}

fn b_lower(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    map_impl(vm, args, "lower", |s| s.make_ascii_lowercase())
}

fn b_swapcase(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    map_impl(vm, args, "swapcase", |s| {
        for c in s.iter_mut() {
            if c.is_ascii_uppercase() {
                c.make_ascii_lowercase();
            } else if c.is_ascii_lowercase() {
                c.make_ascii_uppercase();
            }
        }
    })
}

fn b_title(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    map_impl(vm, args, "title", |s| {
        let mut prev = false;
        for c in s.iter_mut() {
            if prev {
                c.make_ascii_lowercase();
            } else {
                c.make_ascii_uppercase();
            }
            prev = c.is_ascii_alphabetic();
        }
    })
}

fn b_capitalize(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    map_impl(vm, args, "capitalize", |s| {
        for (i, c) in s.iter_mut().enumerate() {
            if i == 0 {
                c.make_ascii_uppercase();
            } else {
                c.make_ascii_lowercase();
            }
        }
    })
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

fn b_startswith(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    affix(vm, args, "startswith", true)
}

fn b_endswith(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    affix(vm, args, "endswith", false)
}

fn all_pred(vm: &mut Vm, args: &[Value], name: &str, f: fn(u8) -> bool) -> PyResult<Value> {
    check_args(vm, name, args, 1, 1)?;
    let (s, _) = this(vm, args, name)?;
    Ok(Value::bool(!s.is_empty() && s.iter().all(|c| f(*c))))
}

fn b_isalpha(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_pred(vm, args, "isalpha", |c| c.is_ascii_alphabetic())
}

fn b_isdigit(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_pred(vm, args, "isdigit", |c| c.is_ascii_digit())
}

fn b_isalnum(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_pred(vm, args, "isalnum", |c| c.is_ascii_alphanumeric())
}

fn b_isspace(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_pred(vm, args, "isspace", |c| {
        c.is_ascii_whitespace() || c == 0x0b
    })
}

fn b_isascii(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "isascii", args, 1, 1)?;
    let (s, _) = this(vm, args, "isascii")?;
    Ok(Value::bool(s.is_ascii()))
}

fn b_isupper(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "isupper", args, 1, 1)?;
    let (s, _) = this(vm, args, "isupper")?;
    Ok(Value::bool(
        s.iter().any(u8::is_ascii_uppercase) && !s.iter().any(u8::is_ascii_lowercase),
    ))
}

fn b_islower(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "islower", args, 1, 1)?;
    let (s, _) = this(vm, args, "islower")?;
    Ok(Value::bool(
        s.iter().any(u8::is_ascii_lowercase) && !s.iter().any(u8::is_ascii_uppercase),
    ))
}

fn pad_impl(vm: &mut Vm, args: &[Value], name: &str, mode: u8) -> PyResult<Value> {
    check_args(vm, name, args, 2, 3)?;
    let (s, ba) = this(vm, args, name)?;
    let width = int_arg(vm, args[1])?;
    let fill = match args.get(2) {
        None => b' ',
        Some(v) => match vm.bytes_data(*v) {
            Some(d) if d.len() == 1 => d[0],
            _ => {
                let msg = format!(
                    "{name}() argument 2 must be a byte string of length 1, not {}",
                    vm.type_name(*v)
                );
                return Err(vm.type_error(msg));
            }
        },
    };
    let n = s.len();
    if width <= n as i64 {
        return mk(vm, s, ba);
    }
    let marg = width as usize - n;
    vm.charge(marg)?;
    let left = match mode {
        0 => marg / 2 + (marg & width as usize & 1),
        1 => 0,
        _ => marg,
    };
    let mut out = Vec::with_capacity(width as usize);
    out.resize(left, fill);
    out.extend_from_slice(&s);
    out.resize(width as usize, fill);
    mk(vm, out, ba)
}

fn b_center(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    pad_impl(vm, args, "center", 0)
}

fn b_ljust(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    pad_impl(vm, args, "ljust", 1)
}

fn b_rjust(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    pad_impl(vm, args, "rjust", 2)
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

fn b_partition(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    partition_impl(vm, args, "partition", false)
}

fn b_rpartition(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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

fn b_removeprefix(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    remove_affix(vm, args, "removeprefix", true)
}

fn b_removesuffix(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    remove_affix(vm, args, "removesuffix", false)
}

fn b_splitlines(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
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

fn b_hex(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    check_args(vm, "hex", args, 1, 3)?;
    let (s, _) = this(vm, args, "hex")?;
    let sep = match args.get(1).copied().or_else(|| kwarg(vm, kwargs, "sep")) {
        None => None,
        Some(v) => {
            let t: String = match vm.str_of(v) {
                Some(t) => String::from(t),
                None => match vm.bytes_data(v) {
                    Some(d) => d.iter().map(|b| char::from(*b)).collect(),
                    None => return Err(vm.type_error("sep must be str or bytes.")),
                },
            };
            if t.chars().count() != 1 {
                return Err(vm.value_error("sep must be length 1."));
            }
            Some(t)
        }
    };
    let per = match args
        .get(2)
        .copied()
        .or_else(|| kwarg(vm, kwargs, "bytes_per_sep"))
    {
        Some(v) => int_arg(vm, v)?,
        None => 1,
    };
    let n = s.len();
    let k = usize::try_from(per.unsigned_abs()).unwrap_or(usize::MAX);
    let seps = match &sep {
        Some(sep) if k > 0 => n.saturating_sub(1) / k * sep.len(),
        _ => 0,
    };
    let mut out = TextBuf::new(vm);
    out.reserve(vm, n.saturating_mul(2).saturating_add(seps))?;
    const HEX: &[u8; 16] = b"0123456789abcdef";
    for (i, b) in s.iter().enumerate() {
        if i > 0 {
            if let (Some(sep), true) = (&sep, k > 0) {
                let boundary = if per > 0 {
                    (n - i) % k == 0
                } else {
                    i % k == 0
                };
                if boundary {
                    out.push_reserved(sep);
                }
            }
        }
        let pair = [HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]];
        out.push_reserved(core::str::from_utf8(&pair).unwrap_or("00"));
    }
    vm.new_string(out.into_string())
}

fn b_fromhex(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "fromhex", args, 2, 2)?;
    let Some(s) = vm.str_of(args[1]).map(String::from) else {
        let msg = format!(
            "fromhex() argument must be str, not {}",
            vm.type_name(args[1])
        );
        return Err(vm.type_error(msg));
    };
    let ba = args[0] == Value::obj(vm.types.bytearray);
    let bs = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let hexv = |c: u8| (c as char).to_digit(16);
    while i < bs.len() {
        if bs[i].is_ascii_whitespace() || bs[i] == 0x0b {
            i += 1;
            continue;
        }
        let Some(h) = hexv(bs[i]) else {
            let msg = format!("non-hexadecimal number found in fromhex() arg at position {i}");
            return Err(vm.value_error(msg));
        };
        let Some(l) = bs.get(i + 1).and_then(|c| hexv(*c)) else {
            let msg = format!(
                "non-hexadecimal number found in fromhex() arg at position {}",
                i + 1
            );
            return Err(vm.value_error(msg));
        };
        out.push((h * 16 + l) as u8);
        i += 2;
    }
    mk(vm, out, ba)
}

fn b_decode(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    let (s, _) = this(vm, args, "decode")?;
    let (enc, errors) = super::strmore::codec_args(vm, args, kwargs, "decode")?;
    let cls = vm.types.unicode_decode_error;
    let mut out = String::with_capacity(s.len());
    match enc {
        "utf-8" => {
            let mut rest: &[u8] = &s;
            let mut base = 0usize;
            loop {
                match core::str::from_utf8(rest) {
                    Ok(t) => {
                        out.push_str(t);
                        break;
                    }
                    Err(e) => {
                        let good = e.valid_up_to();
                        out.push_str(core::str::from_utf8(&rest[..good]).unwrap_or(""));
                        let bad_len = e.error_len().unwrap_or(rest.len() - good);
                        match errors.as_str() {
                            "ignore" => {}
                            "replace" => out.push('\u{fffd}'),
                            _ => {
                                let pos = base + good;
                                let b0 = rest[good];
                                let msg = match e.error_len() {
                                    None if bad_len > 1 => format!(
                                        "'utf-8' codec can't decode bytes in position {pos}-{}: unexpected end of data",
                                        pos + bad_len - 1
                                    ),
                                    None => format!(
                                        "'utf-8' codec can't decode byte 0x{b0:02x} in position {pos}: unexpected end of data"
                                    ),
                                    Some(_) if (0x80..0xc2).contains(&b0) || b0 >= 0xf5 => format!(
                                        "'utf-8' codec can't decode byte 0x{b0:02x} in position {pos}: invalid start byte"
                                    ),
                                    Some(_) => format!(
                                        "'utf-8' codec can't decode byte 0x{b0:02x} in position {pos}: invalid continuation byte"
                                    ),
                                };
                                return Err(vm.new_exception(cls, &msg));
                            }
                        }
                        base += good + bad_len;
                        rest = &rest[good + bad_len..];
                    }
                }
            }
        }
        "ascii" => {
            for (pos, &b) in s.iter().enumerate() {
                if b < 128 {
                    out.push(char::from(b));
                    continue;
                }
                match errors.as_str() {
                    "ignore" => {}
                    "replace" => out.push('\u{fffd}'),
                    _ => {
                        let msg = format!(
                            "'ascii' codec can't decode byte 0x{b:02x} in position {pos}: ordinal not in range(128)"
                        );
                        return Err(vm.new_exception(cls, &msg));
                    }
                }
            }
        }
        _ => out.extend(s.iter().map(|b| char::from(*b))),
    }
    vm.new_string(out)
}

// -- bytearray mutation ---------------------------------------------------------------------

fn with_ba<R>(
    vm: &mut Vm,
    args: &[Value],
    name: &str,
    f: impl FnOnce(&mut Vec<u8>) -> R,
) -> PyResult<R> {
    let r = args.first().and_then(|v| v.as_obj());
    if let Some(r) = r {
        if let Obj::ByteArray(b) = vm.heap.get_mut(r) {
            return Ok(f(b));
        }
    }
    Err(vm.type_error(format!("descriptor '{name}' requires a 'bytearray' object")))
}

fn ba_append(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "append", args, 2, 2)?;
    let b = byte_val(vm, args[1])?;
    vm.charge(1)?;
    with_ba(vm, args, "append", |v| v.push(b))?;
    Ok(Value::NONE)
}

fn ba_extend(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "extend", args, 2, 2)?;
    let data = match vm.bytes_data(args[1]) {
        Some(d) => d,
        None => {
            if vm.str_of(args[1]).is_some() {
                return Err(vm.type_error("expected iterable of integers; got: 'str'"));
            }
            let items = match vm.collect_iter(args[1]) {
                Ok(i) => i,
                Err(_) => {
                    let msg = format!("can't extend bytearray with {}", vm.type_name(args[1]));
                    return Err(vm.type_error(msg));
                }
            };
            // An item's `__index__` may collect.
            vm.with_roots(&items, |vm, _| {
                items
                    .iter()
                    .map(|&it| byte_val(vm, it))
                    .collect::<PyResult<Vec<u8>>>()
            })?
        }
    };
    vm.charge(data.len())?;
    with_ba(vm, args, "extend", |v| v.extend_from_slice(&data))?;
    Ok(Value::NONE)
}

fn ba_pop(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "pop", args, 1, 2)?;
    let idx = match args.get(1) {
        Some(v) => Some(int_arg(vm, *v)?),
        None => None,
    };
    let r = with_ba(vm, args, "pop", |v| {
        if v.is_empty() {
            return Err(true);
        }
        let n = v.len() as i64;
        let i = idx.unwrap_or(-1);
        let i = if i < 0 { i + n } else { i };
        if i < 0 || i >= n {
            return Err(false);
        }
        Ok(v.remove(i as usize))
    })?;
    match r {
        Ok(b) => Ok(Value::int_unchecked(i64::from(b))),
        Err(true) => Err(vm.index_error("pop from empty bytearray")),
        Err(false) => Err(vm.index_error("pop index out of range")),
    }
}

fn ba_insert(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "insert", args, 3, 3)?;
    let i = int_arg(vm, args[1])?;
    let b = byte_val(vm, args[2])?;
    vm.charge(1)?;
    with_ba(vm, args, "insert", |v| {
        let n = v.len() as i64;
        let i = if i < 0 { (i + n).max(0) } else { i.min(n) };
        v.insert(i as usize, b);
    })?;
    Ok(Value::NONE)
}

fn ba_remove(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "remove", args, 2, 2)?;
    let b = byte_val(vm, args[1])?;
    let ok = with_ba(vm, args, "remove", |v| {
        match v.iter().position(|x| *x == b) {
            Some(i) => {
                v.remove(i);
                true
            }
            None => false,
        }
    })?;
    if ok {
        Ok(Value::NONE)
    } else {
        Err(vm.value_error("value not found in bytearray"))
    }
}

fn ba_reverse(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "reverse", args, 1, 1)?;
    with_ba(vm, args, "reverse", |v| v.reverse())?;
    Ok(Value::NONE)
}

fn ba_clear(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "clear", args, 1, 1)?;
    with_ba(vm, args, "clear", |v| v.clear())?;
    Ok(Value::NONE)
}

fn ba_copy(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "copy", args, 1, 1)?;
    let d = with_ba(vm, args, "copy", |v| v.clone())?;
    vm.charge(d.len())?;
    vm.alloc_value(Obj::ByteArray(d))
}

fn ba_setitem(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "__setitem__", args, 3, 3)?;
    with_ba(vm, args, "__setitem__", |_| ())?;
    vm.set_item(args[0], args[1], args[2])?;
    Ok(Value::NONE)
}
