//! Padding methods of `str`: `center`, `ljust`, `rjust`, `zfill`, and `expandtabs`, which
//! pads tabs out to columns.

use alloc::format;
use alloc::string::String;

use super::strmethods::{this_str, Kw};
#[cfg(feature = "str-methods")]
use super::kwarg;
use super::{check_args, int_arg};
use crate::object::scratch::TextBuf;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

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

/// How many characters `width` exceeds `n` by, if it does.
fn wider(width: i64, n: usize) -> Option<usize> {
    let width = usize::try_from(width).ok()?;
    width.checked_sub(n).filter(|&m| m > 0)
}

#[cfg(feature = "str-methods")]
pub(super) fn str_center(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let (s, n, width, fill) = pad_args(vm, args, "center")?;
    let Some(marg) = wider(width, n) else {
        return unpadded(vm, args, s);
    };
    // CPython's rounding: the odd character goes left when the width is odd.
    let left = marg / 2 + (marg & (width & 1) as usize);
    pad(vm, &s, left, marg - left, fill)
}

pub(super) fn str_ljust(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let (s, n, width, fill) = pad_args(vm, args, "ljust")?;
    let Some(marg) = wider(width, n) else {
        return unpadded(vm, args, s);
    };
    pad(vm, &s, 0, marg, fill)
}

pub(super) fn str_rjust(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let (s, n, width, fill) = pad_args(vm, args, "rjust")?;
    let Some(marg) = wider(width, n) else {
        return unpadded(vm, args, s);
    };
    pad(vm, &s, marg, 0, fill)
}

#[cfg(feature = "str-methods")]
pub(super) fn str_zfill(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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

#[cfg(feature = "str-methods")]
pub(super) fn str_expandtabs(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
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
