//! Case methods of `str`: `upper`, `lower`, `title`, `capitalize`, `swapcase`, `casefold`
//! and the case tests `isupper`, `islower` and `istitle`.

#[cfg(feature = "str-methods")]
use alloc::string::String;

use super::strmethods::{this_str, Kw};
use crate::object::types::{Obj, StrObj, INLINE_STR};
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

pub(super) fn str_upper(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    super::check_no_args(vm, "str.upper", args)?;
    let s = this_str(vm, args, "upper")?;
    vm.new_string(s.to_uppercase())
}

pub(super) fn str_lower(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    super::check_no_args(vm, "str.lower", args)?;
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

fn is_cased(c: char) -> bool {
    c.is_lowercase() || c.is_uppercase() || is_titlecase(c)
}

fn is_titlecase(c: char) -> bool {
    matches!(
        c,
        '\u{1c5}' | '\u{1c8}' | '\u{1cb}' | '\u{1f2}' | '\u{1f88}'..='\u{1f8f}' | '\u{1f98}'..='\u{1f9f}' | '\u{1fa8}'..='\u{1faf}' | '\u{1fbc}' | '\u{1fcc}' | '\u{1ffc}'
    )
}

#[cfg(feature = "str-methods")]
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

#[cfg(feature = "str-methods")]
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

#[cfg(feature = "str-methods")]
fn is_case_ignorable(c: char) -> bool {
    matches!(
        c,
        '\'' | '.' | ':' | '^' | '`' | '\u{ad}' | '\u{b7}' | '\u{2019}'
    )
}

#[cfg(feature = "str-methods")]
pub(super) fn str_title(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    super::check_no_args(vm, "str.title", args)?;
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

#[cfg(feature = "str-methods")]
pub(super) fn str_capitalize(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    super::check_no_args(vm, "str.capitalize", args)?;
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

#[cfg(feature = "str-methods")]
pub(super) fn str_swapcase(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    super::check_no_args(vm, "str.swapcase", args)?;
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

#[cfg(feature = "str-methods")]
pub(super) fn str_casefold(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    super::check_no_args(vm, "str.casefold", args)?;
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

pub(super) fn str_isupper(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    super::check_no_args(vm, "str.isupper", args)?;
    let s = this_str(vm, args, "isupper")?;
    let ok = s.chars().any(is_cased) && !s.chars().any(|c| c.is_lowercase() || is_titlecase(c));
    Ok(Value::bool(ok))
}

pub(super) fn str_islower(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    super::check_no_args(vm, "str.islower", args)?;
    let s = this_str(vm, args, "islower")?;
    let ok = s.chars().any(is_cased) && !s.chars().any(|c| c.is_uppercase() || is_titlecase(c));
    Ok(Value::bool(ok))
}

#[cfg(feature = "str-methods")]
pub(super) fn str_istitle(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    super::check_no_args(vm, "str.istitle", args)?;
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
