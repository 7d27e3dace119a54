//! Methods of `bytes` and `bytearray` that treat the bytes as ASCII text: case mapping,
//! character-class tests and padding.

use alloc::format;
use alloc::vec::Vec;

use super::bytesmethods::{mk, this, Kw};
use super::{check_args, int_arg};
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

fn map_impl(vm: &mut Vm, args: &[Value], name: &str, f: fn(&mut [u8])) -> PyResult<Value> {
    check_args(vm, name, args, 1, 1)?;
    let (mut s, ba) = this(vm, args, name)?;
    f(&mut s);
    mk(vm, s, ba)
}

pub(super) fn b_upper(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    map_impl(vm, args, "upper", |s| s.make_ascii_uppercase())
}

pub(super) fn b_lower(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    map_impl(vm, args, "lower", |s| s.make_ascii_lowercase())
}

pub(super) fn b_swapcase(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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

pub(super) fn b_title(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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

pub(super) fn b_capitalize(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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

fn all_pred(vm: &mut Vm, args: &[Value], name: &str, f: fn(u8) -> bool) -> PyResult<Value> {
    check_args(vm, name, args, 1, 1)?;
    let (s, _) = this(vm, args, name)?;
    Ok(Value::bool(!s.is_empty() && s.iter().all(|c| f(*c))))
}

pub(super) fn b_isalpha(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_pred(vm, args, "isalpha", |c| c.is_ascii_alphabetic())
}

pub(super) fn b_isdigit(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_pred(vm, args, "isdigit", |c| c.is_ascii_digit())
}

pub(super) fn b_isalnum(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_pred(vm, args, "isalnum", |c| c.is_ascii_alphanumeric())
}

pub(super) fn b_isspace(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_pred(vm, args, "isspace", |c| {
        c.is_ascii_whitespace() || c == 0x0b
    })
}

pub(super) fn b_isascii(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "isascii", args, 1, 1)?;
    let (s, _) = this(vm, args, "isascii")?;
    Ok(Value::bool(s.is_ascii()))
}

pub(super) fn b_isupper(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "isupper", args, 1, 1)?;
    let (s, _) = this(vm, args, "isupper")?;
    Ok(Value::bool(
        s.iter().any(u8::is_ascii_uppercase) && !s.iter().any(u8::is_ascii_lowercase),
    ))
}

pub(super) fn b_islower(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "islower", args, 1, 1)?;
    let (s, _) = this(vm, args, "islower")?;
    Ok(Value::bool(
        s.iter().any(u8::is_ascii_lowercase) && !s.iter().any(u8::is_ascii_uppercase),
    ))
}

pub(super) fn b_istitle(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "istitle", args, 1, 1)?;
    let (s, _) = this(vm, args, "istitle")?;
    // Upper case only after an uncased byte, lower case only after a cased one.
    let (mut cased, mut prev_cased) = (false, false);
    for b in s {
        if b.is_ascii_uppercase() {
            if prev_cased {
                return Ok(Value::FALSE);
            }
            (cased, prev_cased) = (true, true);
        } else if b.is_ascii_lowercase() {
            if !prev_cased {
                return Ok(Value::FALSE);
            }
            (cased, prev_cased) = (true, true);
        } else {
            prev_cased = false;
        }
    }
    Ok(Value::bool(cased))
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

pub(super) fn b_center(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    pad_impl(vm, args, "center", 0)
}

pub(super) fn b_ljust(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    pad_impl(vm, args, "ljust", 1)
}

pub(super) fn b_rjust(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    pad_impl(vm, args, "rjust", 2)
}
