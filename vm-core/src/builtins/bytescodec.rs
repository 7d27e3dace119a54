//! Conversions of `bytes` and `bytearray` to and from text: `hex`, `fromhex` and `decode`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::bytesmethods::{mk, this, Kw};
use super::{check_args, int_arg, kwarg};
use crate::object::scratch::TextBuf;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};
use crate::object::lazy_exc::LazyExc;

pub(super) fn b_hex(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
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

pub(super) fn b_fromhex(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
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

pub(super) fn b_decode(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    let (s, _) = this(vm, args, "decode")?;
    let (enc, errors) = super::strcodec::codec_args(vm, args, kwargs, "decode")?;
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
                            "backslashreplace" => {
                                for b in &rest[good..good + bad_len] {
                                    out.push_str(&format!("\\x{b:02x}"));
                                }
                            }
                            _ => {
                                super::strcodec::check_error_handler(vm, &errors)?;
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
                                return Err(vm.new_lazy_exception(LazyExc::UnicodeDecodeError, &msg));
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
                    "backslashreplace" => out.push_str(&format!("\\x{b:02x}")),
                    _ => {
                        super::strcodec::check_error_handler(vm, &errors)?;
                        let msg = format!(
                            "'ascii' codec can't decode byte 0x{b:02x} in position {pos}: ordinal not in range(128)"
                        );
                        return Err(vm.new_lazy_exception(LazyExc::UnicodeDecodeError, &msg));
                    }
                }
            }
        }
        _ => out.extend(s.iter().map(|b| char::from(*b))),
    }
    vm.new_string(out)
}
