//! More methods of `str`: case, padding, splitting, predicates, translation, encoding.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::strmethods::{bounds, char_index, str_arg_opt, this_str};
use super::{add_methods, check_args, int_arg, kwarg, str_arg};
use crate::object::scratch::TextBuf;
use crate::object::types::{NativeKind, Obj};
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

pub(crate) fn install(vm: &mut Vm) {
    let str_ = vm.types.str_;
    add_methods(
        vm,
        str_,
        &[
            ("rsplit", str_rsplit),
            ("splitlines", str_splitlines),
            ("partition", str_partition),
            ("rpartition", str_rpartition),
            ("title", str_title),
            ("capitalize", str_capitalize),
            ("swapcase", str_swapcase),
            ("casefold", str_casefold),
            ("isupper", str_isupper),
            ("islower", str_islower),
            ("istitle", str_istitle),
            ("isalnum", str_isalnum),
            ("isdigit", str_isdigit),
            ("isdecimal", str_isdecimal),
            ("isnumeric", str_isnumeric),
            ("isidentifier", str_isidentifier),
            ("isprintable", str_isprintable),
            ("isascii", str_isascii),
            ("center", str_center),
            ("ljust", str_ljust),
            ("rjust", str_rjust),
            ("zfill", str_zfill),
            ("expandtabs", str_expandtabs),
            ("rfind", str_rfind),
            ("rindex", str_rindex),
            ("removeprefix", str_removeprefix),
            ("removesuffix", str_removesuffix),
            ("translate", str_translate),
            ("encode", str_encode),
            ("__contains__", str_contains),
            ("__add__", str_add),
        ],
    );
    if let Some(d) = vm.class(str_).map(|c| c.dict) {
        super::add_native(
            vm,
            d,
            "maketrans",
            str_maketrans,
            NativeKind::StaticMethod,
            Value::obj(str_),
        );
    }
    super::bytesmethods::install(vm);
    super::nummethods::install(vm);
}

type Kw<'a> = &'a [(Value, Value)];

fn strings_to_list(vm: &mut Vm, parts: Vec<String>) -> PyResult<Value> {
    let mut vals = Vec::with_capacity(parts.len());
    for p in parts {
        vals.push(vm.new_string(p)?);
    }
    vm.new_list(vals)
}

fn str_rsplit(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
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
            let mut rest = s.trim_end();
            while !rest.is_empty() {
                if maxsplit >= 0 && out.len() as i64 == maxsplit {
                    out.push(String::from(rest));
                    break;
                }
                match rest.rfind(char::is_whitespace) {
                    Some(i) => {
                        let w = rest[i..].chars().next().map_or(1, char::len_utf8);
                        out.push(String::from(&rest[i + w..]));
                        rest = rest[..i].trim_end();
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

fn str_splitlines(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
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

fn str_partition(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    partition_impl(vm, args, "partition", false)
}

fn str_rpartition(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    partition_impl(vm, args, "rpartition", true)
}

fn is_cased(c: char) -> bool {
    c.is_lowercase() || c.is_uppercase() || is_titlecase(c)
}

fn is_titlecase(c: char) -> bool {
    matches!(
        c,
        '\u{1c5}' | '\u{1c8}' | '\u{1cb}' | '\u{1f2}' | '\u{1f88}'..='\u{1f8f}' | '\u{1f98}'..='\u{1f9f}' | '\u{1fa8}'..='\u{1faf}' | '\u{1fbc}' | '\u{1fcc}' | '\u{1ffc}'
    )
}

fn push_title(out: &mut String, c: char) {
    match c {
        '\u{1c4}'..='\u{1c6}' => out.push('\u{1c5}'),
        '\u{1c7}'..='\u{1c9}' => out.push('\u{1c8}'),
        '\u{1ca}'..='\u{1cc}' => out.push('\u{1cb}'),
        '\u{1f1}'..='\u{1f3}' => out.push('\u{1f2}'),
        _ => {
            let mut first = true;
            for u in c.to_uppercase() {
                if first {
                    out.push(u);
                    first = false;
                } else {
                    out.extend(u.to_lowercase());
                }
            }
        }
    }
}

fn push_lower(out: &mut String, s: &str, i: usize, c: char) {
    if c == 'Σ' {
        // Final sigma: preceded by a cased letter and not followed by one.
        let before = s[..i].chars().rev().find(|c| !is_case_ignorable(*c));
        let after = s[i + c.len_utf8()..]
            .chars()
            .find(|c| !is_case_ignorable(*c));
        if before.is_some_and(is_cased) && !after.is_some_and(is_cased) {
            out.push('ς');
            return;
        }
        out.push('σ');
        return;
    }
    out.extend(c.to_lowercase());
}

fn is_case_ignorable(c: char) -> bool {
    matches!(
        c,
        '\'' | '.' | ':' | '^' | '`' | '\u{ad}' | '\u{b7}' | '\u{2019}'
    )
}

fn str_title(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let s = this_str(vm, args, "title")?;
    let mut out = String::with_capacity(s.len());
    let mut prev_cased = false;
    for (i, c) in s.char_indices() {
        if prev_cased {
            push_lower(&mut out, &s, i, c);
        } else {
            push_title(&mut out, c);
        }
        prev_cased = is_cased(c);
    }
    vm.new_string(out)
}

fn str_capitalize(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let s = this_str(vm, args, "capitalize")?;
    let mut out = String::with_capacity(s.len());
    for (i, c) in s.char_indices() {
        if i == 0 {
            push_title(&mut out, c);
        } else {
            push_lower(&mut out, &s, i, c);
        }
    }
    vm.new_string(out)
}

fn str_swapcase(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let s = this_str(vm, args, "swapcase")?;
    let mut out = String::with_capacity(s.len());
    for (i, c) in s.char_indices() {
        if c.is_uppercase() || is_titlecase(c) {
            push_lower(&mut out, &s, i, c);
        } else if c.is_lowercase() {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
    }
    vm.new_string(out)
}

fn str_casefold(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let s = this_str(vm, args, "casefold")?;
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            'ß' => out.push_str("ss"),
            'ς' => out.push('σ'),
            _ => out.extend(c.to_lowercase()),
        }
    }
    vm.new_string(out)
}

fn str_isupper(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let s = this_str(vm, args, "isupper")?;
    let ok = s.chars().any(is_cased) && !s.chars().any(|c| c.is_lowercase() || is_titlecase(c));
    Ok(Value::bool(ok))
}

fn str_islower(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let s = this_str(vm, args, "islower")?;
    let ok = s.chars().any(is_cased) && !s.chars().any(|c| c.is_uppercase() || is_titlecase(c));
    Ok(Value::bool(ok))
}

fn str_istitle(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let s = this_str(vm, args, "istitle")?;
    let mut prev_cased = false;
    let mut any = false;
    for c in s.chars() {
        if c.is_uppercase() || is_titlecase(c) {
            if prev_cased {
                return Ok(Value::FALSE);
            }
            prev_cased = true;
            any = true;
        } else if c.is_lowercase() {
            if !prev_cased {
                return Ok(Value::FALSE);
            }
            prev_cased = true;
            any = true;
        } else {
            prev_cased = false;
        }
    }
    Ok(Value::bool(any))
}

fn is_decimal(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    c.is_numeric()
        && !matches!(c,
            '\u{b2}' | '\u{b3}' | '\u{b9}' | '\u{bc}'..='\u{be}' | '\u{2070}'..='\u{209f}'
            | '\u{2150}'..='\u{218f}' | '\u{2460}'..='\u{24ff}' | '\u{2776}'..='\u{2793}'
            | '\u{3007}' | '\u{3021}'..='\u{3029}' | '\u{3038}'..='\u{303a}' | '\u{3192}'..='\u{3195}'
            | '\u{3220}'..='\u{3229}' | '\u{3248}'..='\u{325f}' | '\u{3280}'..='\u{3289}'
            | '\u{32b1}'..='\u{32bf}' | '\u{4e00}'..='\u{9fff}' | '\u{f900}'..='\u{faff}'
            | '\u{16ee}'..='\u{16f0}' | '\u{bf0}'..='\u{bf2}' | '\u{9f4}'..='\u{9f9}')
}

fn is_digit(c: char) -> bool {
    is_decimal(c)
        || matches!(c, '\u{b2}' | '\u{b3}' | '\u{b9}' | '\u{2070}' | '\u{2074}'..='\u{2079}'
            | '\u{2080}'..='\u{2089}' | '\u{2460}'..='\u{2468}' | '\u{2474}'..='\u{247c}'
            | '\u{2488}'..='\u{2490}' | '\u{24f5}'..='\u{24fd}' | '\u{24ea}' | '\u{24ff}'
            | '\u{2776}'..='\u{277e}' | '\u{2780}'..='\u{2788}' | '\u{278a}'..='\u{2792}')
}

fn all_chars(vm: &mut Vm, args: &[Value], name: &str, f: fn(char) -> bool) -> PyResult<Value> {
    check_args(vm, name, args, 1, 1)?;
    let s = this_str(vm, args, name)?;
    Ok(Value::bool(!s.is_empty() && s.chars().all(f)))
}

fn str_isalnum(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_chars(vm, args, "isalnum", |c| c.is_alphabetic() || c.is_numeric())
}

fn str_isdigit(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_chars(vm, args, "isdigit", is_digit)
}

fn str_isdecimal(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_chars(vm, args, "isdecimal", is_decimal)
}

fn str_isnumeric(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_chars(vm, args, "isnumeric", char::is_numeric)
}

fn str_isidentifier(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "isidentifier", args, 1, 1)?;
    let s = this_str(vm, args, "isidentifier")?;
    let mut cs = s.chars();
    let ok = match cs.next() {
        Some(c) if c == '_' || c.is_alphabetic() => cs.all(|c| c == '_' || c.is_alphanumeric()),
        _ => false,
    };
    Ok(Value::bool(ok))
}

fn is_printable(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    !(c.is_control()
        || c.is_whitespace()
        || matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}' | '\u{e000}'..='\u{f8ff}'))
}

fn str_isprintable(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "isprintable", args, 1, 1)?;
    let s = this_str(vm, args, "isprintable")?;
    Ok(Value::bool(s.chars().all(is_printable)))
}

fn str_isascii(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "isascii", args, 1, 1)?;
    let s = this_str(vm, args, "isascii")?;
    Ok(Value::bool(s.is_ascii()))
}

fn pad_args(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<(String, usize, i64, char)> {
    check_args(vm, name, args, 2, 3)?;
    let s = this_str(vm, args, name)?;
    let width = int_arg(vm, args[1])?;
    let fill = match args.get(2) {
        None => ' ',
        Some(v) => {
            let Some(f) = vm.str_of(*v) else {
                let msg = format!("{name}() argument 2 must be str, not {}", vm.type_name(*v));
                return Err(vm.type_error(msg));
            };
            let mut it = f.chars();
            match (it.next(), it.next()) {
                (Some(c), None) => c,
                _ => {
                    return Err(
                        vm.type_error("The fill character must be exactly one character long")
                    )
                }
            }
        }
    };
    let n = s.chars().count();
    Ok((s, n, width, fill))
}

/// `s` with `left` and `right` fill characters, built in a buffer charged against the heap
/// limit before it grows.
fn pad(vm: &mut Vm, s: &str, left: usize, right: usize, fill: char) -> PyResult<Value> {
    let bytes = left
        .saturating_add(right)
        .saturating_mul(fill.len_utf8())
        .saturating_add(s.len());
    let mut out = TextBuf::new(vm);
    out.reserve(vm, bytes)?;
    out.push_repeated(vm, fill, left)?;
    out.push_reserved(s);
    out.push_repeated(vm, fill, right)?;
    vm.new_string(out.into_string())
}

/// The receiver itself when it is exactly a `str` (CPython returns it unchanged when no
/// padding is needed), else a copy.
fn unpadded(vm: &mut Vm, args: &[Value], s: String) -> PyResult<Value> {
    if matches!(vm.obj(args[0]), Some(Obj::Str(_))) {
        return Ok(args[0]);
    }
    vm.new_string(s)
}

fn str_center(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let (s, n, width, fill) = pad_args(vm, args, "center")?;
    let Some(marg) = wider(width, n) else {
        return unpadded(vm, args, s);
    };
    // CPython's rounding: the odd character goes left when the width is odd.
    let left = marg / 2 + (marg & (width & 1) as usize);
    pad(vm, &s, left, marg - left, fill)
}

/// How many characters `width` exceeds `n` by, if it does.
fn wider(width: i64, n: usize) -> Option<usize> {
    let width = usize::try_from(width).ok()?;
    width.checked_sub(n).filter(|&m| m > 0)
}

fn str_ljust(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let (s, n, width, fill) = pad_args(vm, args, "ljust")?;
    let Some(marg) = wider(width, n) else {
        return unpadded(vm, args, s);
    };
    pad(vm, &s, 0, marg, fill)
}

fn str_rjust(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let (s, n, width, fill) = pad_args(vm, args, "rjust")?;
    let Some(marg) = wider(width, n) else {
        return unpadded(vm, args, s);
    };
    pad(vm, &s, marg, 0, fill)
}

fn str_zfill(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "zfill", args, 2, 2)?;
    let s = this_str(vm, args, "zfill")?;
    let width = int_arg(vm, args[1])?;
    let Some(fill) = wider(width, s.chars().count()) else {
        return unpadded(vm, args, s);
    };
    let mut out = TextBuf::new(vm);
    out.reserve(vm, fill.saturating_add(s.len()))?;
    let body = if s.starts_with('+') || s.starts_with('-') {
        out.push_reserved(&s[..1]);
        &s[1..]
    } else {
        &s[..]
    };
    out.push_repeated(vm, '0', fill)?;
    out.push_reserved(body);
    vm.new_string(out.into_string())
}

fn str_expandtabs(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    check_args(vm, "expandtabs", args, 1, 2)?;
    let s = this_str(vm, args, "expandtabs")?;
    let ts = match args
        .get(1)
        .copied()
        .or_else(|| kwarg(vm, kwargs, "tabsize"))
    {
        Some(v) => int_arg(vm, v)?,
        None => 8,
    };
    // CPython takes the tab size as a C `int`.
    if i32::try_from(ts).is_err() {
        return Err(vm.overflow_error("Python int too large to convert to C int"));
    }
    // The result's size first, then the text into a buffer of that size.
    let mut size = 0usize;
    let mut col: i64 = 0;
    for c in s.chars() {
        match c {
            '\t' if ts > 0 => {
                let k = ts - col % ts;
                size = size.saturating_add(k as usize);
                col += k;
            }
            '\t' => {}
            '\n' | '\r' => {
                size += 1;
                col = 0;
            }
            _ => {
                size += c.len_utf8();
                col += 1;
            }
        }
    }
    let mut out = TextBuf::new(vm);
    out.reserve(vm, size)?;
    let mut col: i64 = 0;
    let mut run = 0;
    for (i, c) in s.char_indices() {
        match c {
            '\t' => {
                out.push_reserved(&s[run..i]);
                run = i + 1;
                if ts > 0 {
                    let k = ts - col % ts;
                    out.push_repeated(vm, ' ', k as usize)?;
                    col += k;
                }
            }
            '\n' | '\r' => col = 0,
            _ => col += 1,
        }
    }
    out.push_reserved(&s[run..]);
    vm.new_string(out.into_string())
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

fn str_rfind(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let r = rfind_impl(vm, args, "rfind")?;
    Ok(Value::int_unchecked(r.unwrap_or(-1)))
}

fn str_rindex(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    match rfind_impl(vm, args, "rindex")? {
        Some(i) => Ok(Value::int_unchecked(i)),
        None => Err(vm.value_error("substring not found")),
    }
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

fn str_removeprefix(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    affix_remove(vm, args, "removeprefix", true)
}

fn str_removesuffix(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    affix_remove(vm, args, "removesuffix", false)
}

fn str_maketrans(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "maketrans", args, 1, 3)?;
    let d = vm.new_dict()?;
    let Some(dr) = d.as_obj() else {
        return Err(vm.internal_error("maketrans dict"));
    };
    if args.len() == 1 {
        let Some(Obj::Dict(_)) = vm.obj(args[0]) else {
            return Err(
                vm.type_error("if you give only one argument to maketrans it must be a dict")
            );
        };
        let Some(src) = args[0].as_obj() else {
            return Err(vm.internal_error("maketrans"));
        };
        for (k, v) in vm.dict_items(src) {
            let key = if let Some(ks) = vm.str_of(k) {
                let mut it = ks.chars();
                match (it.next(), it.next()) {
                    (Some(c), None) => Value::int_unchecked(c as i64),
                    _ => {
                        return Err(
                            vm.value_error("string keys in translate table must be of length 1")
                        )
                    }
                }
            } else if vm.is_int(k) {
                k
            } else {
                return Err(vm.type_error("keys in translate table must be strings or integers"));
            };
            vm.dict_set(dr, key, v)?;
        }
        return Ok(d);
    }
    let x = str_arg(vm, args[0], "maketrans() argument 1")?;
    let y = str_arg(vm, args[1], "maketrans() argument 2")?;
    if x.chars().count() != y.chars().count() {
        return Err(vm.value_error("the first two maketrans arguments must have equal length"));
    }
    for (a, b) in x.chars().zip(y.chars()) {
        vm.dict_set(
            dr,
            Value::int_unchecked(a as i64),
            Value::int_unchecked(b as i64),
        )?;
    }
    if let Some(z) = args.get(2) {
        let z = str_arg(vm, *z, "maketrans() argument 3")?;
        for c in z.chars() {
            vm.dict_set(dr, Value::int_unchecked(c as i64), Value::NONE)?;
        }
    }
    Ok(d)
}

fn str_translate(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "translate", args, 2, 2)?;
    let s = this_str(vm, args, "translate")?;
    let table = args[1];
    let lookup_error = vm.types.lookup_error;
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let r = match vm.get_item(table, Value::int_unchecked(c as i64)) {
            Ok(r) => r,
            Err(e) if vm.exc_matches(e.0, lookup_error) => {
                out.push(c);
                continue;
            }
            Err(e) => return Err(e),
        };
        if r == Value::NONE {
            continue;
        }
        if let Some(t) = vm.str_of(r) {
            out.push_str(t);
        } else if let Some(i) = vm.as_i64(r) {
            match u32::try_from(i).ok().and_then(char::from_u32) {
                Some(ch) => out.push(ch),
                None => return Err(vm.value_error("character mapping must be in range(0x110000)")),
            }
        } else {
            return Err(vm.type_error("character mapping must return integer, None or str"));
        }
    }
    vm.new_string(out)
}

/// Normalizes a codec name: `utf-8`, `ascii`, `latin-1`, or `None` if unknown.
pub(crate) fn codec(name: &str) -> Option<&'static str> {
    let n: String = name
        .chars()
        .map(|c| {
            if c == '_' || c == ' ' {
                '-'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    match n.as_str() {
        "utf-8" | "utf8" | "u8" | "utf" => Some("utf-8"),
        "ascii" | "us-ascii" | "646" => Some("ascii"),
        "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" | "8859" | "l1" | "latin" => {
            Some("latin-1")
        }
        _ => None,
    }
}

pub(crate) fn codec_args(
    vm: &mut Vm,
    args: &[Value],
    kwargs: Kw,
    name: &str,
) -> PyResult<(&'static str, String)> {
    check_args(vm, name, args, 1, 3)?;
    super::check_kwargs(vm, name, kwargs, &["encoding", "errors"])?;
    let enc = match args
        .get(1)
        .copied()
        .or_else(|| kwarg(vm, kwargs, "encoding"))
    {
        Some(v) => str_arg(vm, v, &format!("{name}() argument 'encoding'"))?,
        None => String::from("utf-8"),
    };
    let errors = match args.get(2).copied().or_else(|| kwarg(vm, kwargs, "errors")) {
        Some(v) => str_arg(vm, v, &format!("{name}() argument 'errors'"))?,
        None => String::from("strict"),
    };
    match codec(&enc) {
        Some(c) => Ok((c, errors)),
        None => {
            let lookup = vm.types.lookup_error;
            Err(vm.new_exception(lookup, &format!("unknown encoding: {enc}")))
        }
    }
}

fn str_encode(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    let s = this_str(vm, args, "encode")?;
    let (enc, errors) = codec_args(vm, args, kwargs, "encode")?;
    let out = if enc == "utf-8" {
        s.into_bytes()
    } else {
        let limit: u32 = if enc == "ascii" { 128 } else { 256 };
        let mut out = Vec::with_capacity(s.len());
        for (pos, c) in s.chars().enumerate() {
            if (c as u32) < limit {
                out.push(c as u32 as u8);
                continue;
            }
            match errors.as_str() {
                "ignore" => {}
                "replace" => out.push(b'?'),
                "backslashreplace" => {
                    let e = escape_char(c);
                    out.extend_from_slice(e.as_bytes());
                }
                "xmlcharrefreplace" => {
                    out.extend_from_slice(format!("&#{};", c as u32).as_bytes());
                }
                _ => {
                    let msg = format!(
                        "'{enc}' codec can't encode character '{}' in position {pos}: ordinal not in range({limit})",
                        escape_char(c)
                    );
                    let cls = vm.types.unicode_encode_error;
                    return Err(vm.new_exception(cls, &msg));
                }
            }
        }
        out
    };
    vm.alloc_value(Obj::Bytes(out.into_boxed_slice()))
}

fn escape_char(c: char) -> String {
    let u = c as u32;
    if u < 0x100 {
        format!("\\x{u:02x}")
    } else if u < 0x10000 {
        format!("\\u{u:04x}")
    } else {
        format!("\\U{u:08x}")
    }
}

fn str_contains(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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

fn str_add(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "__add__", args, 2, 2)?;
    let mut s = this_str(vm, args, "__add__")?;
    match vm.str_of(args[1]) {
        Some(t) => {
            s.push_str(t);
            vm.new_string(s)
        }
        None => Ok(Value::NOT_IMPLEMENTED),
    }
}
