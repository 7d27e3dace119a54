//! Methods of `str`, `int` and `float`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{add_methods, check_args};
use crate::object::scratch::TextBuf;
use crate::object::types::{Obj, StrObj, INLINE_STR};
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

pub(crate) fn install(vm: &mut Vm) {
    let (str_, int, float) = (vm.types.str_, vm.types.int, vm.types.float);
    add_methods(
        vm,
        str_,
        &[
            ("join", str_join),
            ("split", str_split),
            ("strip", str_strip),
            ("lstrip", str_lstrip),
            ("rstrip", str_rstrip),
            ("replace", str_replace),
            ("find", str_find),
            ("index", str_index),
            ("count", str_count),
            ("startswith", str_startswith),
            ("endswith", str_endswith),
            ("upper", str_upper),
            ("lower", str_lower),
            ("format", str_format),
            ("encode", str_encode),
            ("isdigit", str_isdigit),
            ("isalpha", str_isalpha),
            ("isspace", str_isspace),
            ("__len__", str_len),
            ("__str__", str_str),
        ],
    );
    super::strmore::install(vm);
    add_methods(
        vm,
        int,
        &[
            ("bit_length", int_bit_length),
            ("__index__", int_index),
            ("__int__", int_index),
        ],
    );
    add_methods(vm, float, &[("is_integer", float_is_integer)]);
}

/// The str receiver of a method.
pub(crate) fn this_str(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<String> {
    match args.first().and_then(|v| vm.str_of(*v)) {
        Some(s) => Ok(String::from(s)),
        None => Err(vm.type_error(format!("descriptor '{name}' requires a 'str' object"))),
    }
}

pub(crate) fn str_arg_opt(vm: &mut Vm, v: Option<&Value>, name: &str) -> PyResult<Option<String>> {
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

/// Whether `v` is exactly a `str` (not a subclass instance): such a result may be the
/// receiver itself, as CPython returns it.
fn is_exact_str(vm: &Vm, v: Value) -> bool {
    matches!(vm.obj(v), Some(Obj::Str(_)))
}

/// Python's whitespace (`str.isspace`): Unicode's, plus the ASCII separators U+001C..U+001F.
fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

fn str_join(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "join", args, 2, 2)?;
    let sep = this_str(vm, args, "join")?;
    let items = vm.collect_iter(args[1])?;
    // The result's size first: a list of many references to one large string joins to
    // far more than the heap holds, and must stop at the limit before building anything.
    let mut total = sep.len().saturating_mul(items.len().saturating_sub(1));
    for (i, it) in items.iter().enumerate() {
        match vm.str_of(*it) {
            Some(s) => total = total.saturating_add(s.len()),
            None => {
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

fn str_split(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    if vm
        .str_of(args.first().copied().unwrap_or(Value::NONE))
        .is_none()
    {
        this_str(vm, args, "split")?;
    }
    let sep_v = args
        .get(1)
        .copied()
        .or_else(|| super::kwarg(vm, kwargs, "sep"));
    let max_v = args
        .get(2)
        .copied()
        .or_else(|| super::kwarg(vm, kwargs, "maxsplit"));
    let sep = str_arg_opt(vm, sep_v.as_ref(), "must be str or None, not")?;
    let maxsplit = match max_v {
        Some(v) => super::int_arg(vm, v)?,
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

fn strip_impl(vm: &mut Vm, args: &[Value], name: &str, left: bool, right: bool) -> PyResult<Value> {
    check_args(vm, name, args, 1, 2)?;
    if vm.str_of(args[0]).is_none() {
        this_str(vm, args, name)?;
    }
    let chars = match args.get(1) {
        None | Some(&Value::NONE) => None,
        Some(&v) => match vm.str_of(v) {
            Some(_) => Some(v),
            None => {
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

fn str_strip(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    strip_impl(vm, args, "strip", true, true)
}

fn str_lstrip(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    strip_impl(vm, args, "lstrip", true, false)
}

fn str_rstrip(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    strip_impl(vm, args, "rstrip", false, true)
}

fn str_replace(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "replace", args, 3, 4)?;
    let s = this_str(vm, args, "replace")?;
    let old = super::str_arg(vm, args[1], "replace() argument 1")?;
    let new = super::str_arg(vm, args[2], "replace() argument 2")?;
    let count = match args.get(3) {
        Some(v) => super::int_arg(vm, *v)?,
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

/// Character-index bounds `[start, end)` of optional slice arguments, as byte offsets.
pub(crate) fn bounds(
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
                let i = super::int_arg(vm, *v)?;
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

pub(crate) fn char_index(s: &str, byte: usize) -> i64 {
    s[..byte].chars().count() as i64
}

fn find_impl(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<Option<i64>> {
    check_args(vm, name, args, 2, 4)?;
    let s = this_str(vm, args, name)?;
    let sub = super::str_arg(vm, args[1], &format!("{name}() argument 1"))?;
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

fn str_find(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let r = find_impl(vm, args, "find")?;
    Ok(Value::int_unchecked(r.unwrap_or(-1)))
}

fn str_index(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    match find_impl(vm, args, "index")? {
        Some(i) => Ok(Value::int_unchecked(i)),
        None => Err(vm.value_error("substring not found")),
    }
}

fn str_count(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "count", args, 2, 4)?;
    let s = this_str(vm, args, "count")?;
    let sub = super::str_arg(vm, args[1], "count() argument 1")?;
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

fn str_startswith(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    affix(vm, args, "startswith", true)
}

fn str_endswith(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    affix(vm, args, "endswith", false)
}

fn str_upper(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let s = this_str(vm, args, "upper")?;
    vm.new_string(s.to_uppercase())
}

fn str_lower(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    // Short ASCII text (most words) is lowered in a stack buffer: no `String` at all.
    if let Some(Obj::Str(s)) = args.first().and_then(|v| vm.obj(*v)) {
        if s.len() <= INLINE_STR && s.is_ascii() {
            let mut buf = [0u8; INLINE_STR];
            let b = &mut buf[..s.len()];
            b.copy_from_slice(s.as_bytes());
            b.make_ascii_lowercase();
            let so = StrObj::copy_of_ascii(b);
            return vm.alloc_value(Obj::Str(so));
        }
    }
    let s = this_str(vm, args, "lower")?;
    vm.new_string(s.to_lowercase())
}

fn str_format(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let s = this_str(vm, args, "format")?;
    let out = vm.str_format(&s, &args[1..], kwargs)?;
    vm.new_string(out)
}

fn str_encode(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let s = this_str(vm, args, "encode")?;
    let b = vm
        .str_of(args[0])
        .map(|_| s.into_bytes())
        .unwrap_or_default();
    vm.alloc_value(Obj::Bytes(b.into_boxed_slice()))
}

fn pred(vm: &mut Vm, args: &[Value], name: &str, f: fn(char) -> bool) -> PyResult<Value> {
    let s = this_str(vm, args, name)?;
    Ok(Value::bool(!s.is_empty() && s.chars().all(f)))
}

fn str_isdigit(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    pred(vm, args, "isdigit", |c| c.is_ascii_digit())
}

fn str_isalpha(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    pred(vm, args, "isalpha", char::is_alphabetic)
}

fn str_isspace(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    pred(vm, args, "isspace", char::is_whitespace)
}

fn str_len(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let s = this_str(vm, args, "__len__")?;
    Ok(Value::int_unchecked(s.chars().count() as i64))
}

fn str_str(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__str__", args, 1, 1)?;
    vm.to_str_value(args[0])
}

fn int_bit_length(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "bit_length", args, 1, 1)?;
    let b = vm.to_bigint(args[0]).unwrap_or_default();
    Ok(Value::int_unchecked(b.bit_length() as i64))
}

fn int_index(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__index__", args, 1, 1)?;
    vm.positive(args[0])
}

fn float_is_integer(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "is_integer", args, 1, 1)?;
    let x = args[0].as_float().unwrap_or(f64::NAN);
    Ok(Value::bool(x.is_finite() && libm::floor(x) == x))
}
