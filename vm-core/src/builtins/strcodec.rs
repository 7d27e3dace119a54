//! Encoding and character mapping of `str`: `encode`, `maketrans` and `translate`, and the
//! codec-name lookup that `bytes.decode` shares.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::strmethods::{this_str, Kw};
use super::{check_args, kwarg, str_arg};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};
use crate::object::lazy_exc::LazyExc;

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

/// CPython's `LookupError` for an error handler it does not know, raised (as there) only
/// when an error needs the handler.
pub(super) fn check_error_handler(vm: &mut Vm, errors: &str) -> PyResult<()> {
    const KNOWN: [&str; 8] = [
        "strict",
        "ignore",
        "replace",
        "backslashreplace",
        "xmlcharrefreplace",
        "namereplace",
        "surrogateescape",
        "surrogatepass",
    ];
    if KNOWN.contains(&errors) {
        return Ok(());
    }
    let lookup = vm.types.lookup_error;
    Err(vm.new_exception(lookup, &format!("unknown error handler name '{errors}'")))
}

pub(super) fn str_encode(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
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
                    check_error_handler(vm, &errors)?;
                    let msg = format!(
                        "'{enc}' codec can't encode character '{}' in position {pos}: ordinal not in range({limit})",
                        escape_char(c)
                    );
                    return Err(vm.new_lazy_exception(LazyExc::UnicodeEncodeError, &msg));
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

#[cfg(feature = "str-methods")]
pub(super) fn str_maketrans(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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

#[cfg(feature = "str-methods")]
pub(super) fn str_translate(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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
