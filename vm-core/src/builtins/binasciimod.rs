//! The `binascii` module (feature `stdlib`): `hexlify`/`b2a_hex`, `unhexlify`/`a2b_hex`,
//! `crc32`, `b2a_base64` and `a2b_base64`, with CPython's `binascii.Error` (a `ValueError`).

use alloc::format;
use alloc::vec::Vec;

use super::{check_args, int_arg, kwarg};
use crate::object::types::{NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

pub(crate) fn init_binascii(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let fns: crate::object::native_table::NativeEntries = &[
        ("hexlify", hexlify),
        ("b2a_hex", hexlify),
        ("unhexlify", unhexlify),
        ("a2b_hex", unhexlify),
        ("crc32", crc32),
        ("b2a_base64", b2a_base64),
        ("a2b_base64", a2b_base64),
    ];
    vm.add_natives(d, fns, NativeKind::Function, Value::UNDEF);
    let ns = vm.new_dict()?;
    let nsr = ns.as_obj().unwrap_or(ObjRef(0));
    let module = vm.new_str("binascii")?;
    vm.dict_set_str(nsr, "__module__", module)?;
    let name = vm.new_str("Error")?;
    let err = super::class_create::make_class(vm, name, vm.types.value_error, nsr)?;
    vm.dict_set_str(d, "Error", Value::obj(err))?;
    let name = vm.new_str("Incomplete")?;
    let ns = vm.new_dict()?;
    let nsr = ns.as_obj().unwrap_or(ObjRef(0));
    vm.dict_set_str(nsr, "__module__", module)?;
    let inc = super::class_create::make_class(vm, name, vm.types.exception, nsr)?;
    vm.dict_set_str(d, "Incomplete", Value::obj(inc))
}

/// A `binascii.Error` (a `ValueError` should the module's class be gone).
fn error(vm: &mut Vm, msg: &str) -> PyErr {
    let cls = vm
        .intern("binascii")
        .ok()
        .and_then(|n| vm.dict_get_str(vm.modules, n))
        .and_then(|m| match vm.obj(m) {
            Some(Obj::Module(md)) => Some(md.dict),
            _ => None,
        })
        .and_then(|d| vm.intern("Error").ok().and_then(|k| vm.dict_get_str(d, k)))
        .and_then(|c| c.as_obj())
        .unwrap_or(vm.types.value_error);
    vm.new_exception(cls, msg)
}

/// The bytes of a bytes-like argument.
fn data_arg(vm: &mut Vm, v: Value) -> PyResult<Vec<u8>> {
    match vm.bytes_data(v) {
        Some(b) => Ok(b),
        None => {
            let msg = format!("a bytes-like object is required, not '{}'", vm.type_name(v));
            Err(vm.type_error(msg))
        }
    }
}

/// The bytes of an `a2b_*` argument: bytes-like, or a str of ASCII characters.
fn ascii_arg(vm: &mut Vm, v: Value) -> PyResult<Vec<u8>> {
    if let Some(s) = vm.str_of(v) {
        if !s.is_ascii() {
            return Err(vm.value_error("string argument should contain only ASCII characters"));
        }
        return Ok(s.as_bytes().to_vec());
    }
    match vm.bytes_data(v) {
        Some(b) => Ok(b),
        None => {
            let msg = format!(
                "argument should be bytes, buffer or ASCII string, not '{}'",
                vm.type_name(v)
            );
            Err(vm.type_error(msg))
        }
    }
}

fn new_bytes(vm: &mut Vm, b: Vec<u8>) -> PyResult<Value> {
    vm.alloc_value(Obj::Bytes(b.into_boxed_slice()))
}

fn hexlify(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "hexlify", args, 1, 1)?;
    let data = data_arg(vm, args[0])?;
    let mut out = Vec::with_capacity(data.len() * 2);
    for b in data {
        out.push(b"0123456789abcdef"[usize::from(b >> 4)]);
        out.push(b"0123456789abcdef"[usize::from(b & 15)]);
    }
    new_bytes(vm, out)
}

fn unhexlify(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "unhexlify", args, 1, 1)?;
    let data = ascii_arg(vm, args[0])?;
    if data.len() % 2 != 0 {
        return Err(error(vm, "Odd-length string"));
    }
    let mut out = Vec::with_capacity(data.len() / 2);
    for pair in data.chunks(2) {
        let hi = char::from(pair[0]).to_digit(16);
        let lo = char::from(pair[1]).to_digit(16);
        match (hi, lo) {
            (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
            _ => return Err(error(vm, "Non-hexadecimal digit found")),
        }
    }
    new_bytes(vm, out)
}

/// CRC-32 (the zlib polynomial), continuing from `crc`.
fn crc32_of(data: &[u8], crc: u32) -> u32 {
    let mut c = !crc;
    for &b in data {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 != 0 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            };
        }
    }
    !c
}

fn crc32(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "crc32", args, 1, 2)?;
    let data = data_arg(vm, args[0])?;
    // Like CPython, the starting value is taken modulo 2**32.
    let start = match args.get(1) {
        Some(v) => int_arg(vm, *v)? as u32,
        None => 0,
    };
    vm.new_int(i64::from(crc32_of(&data, start)))
}

fn b2a_base64(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "b2a_base64", args, 1, 1)?;
    let data = data_arg(vm, args[0])?;
    let newline = match kwarg(vm, kw, "newline") {
        Some(v) => vm.truthy(v)?,
        None => true,
    };
    let mut out = Vec::with_capacity(data.len().div_ceil(3) * 4 + 1);
    for chunk in data.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (u32::from(b) << (16 - 8 * i)));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(B64[((n >> (18 - 6 * i)) & 63) as usize]);
            } else {
                out.push(b'=');
            }
        }
    }
    if newline {
        out.push(b'\n');
    }
    new_bytes(vm, out)
}

/// The value of a base64 alphabet character.
fn b64_value(c: u8) -> Option<u32> {
    B64.iter().position(|&x| x == c).map(|p| p as u32)
}

fn a2b_base64(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "a2b_base64", args, 1, 1)?;
    let data = ascii_arg(vm, args[0])?;
    let mut out = Vec::with_capacity(data.len() / 4 * 3);
    // Not strict, as CPython's default: characters outside the alphabet are skipped, and
    // enough padding after two or three characters of a group ends the data.
    let (mut quad, mut pads, mut acc, mut count) = (0usize, 0usize, 0u32, 0usize);
    for c in data {
        if c == b'=' {
            pads += 1;
            if quad >= 2 && quad + pads >= 4 {
                // The group's whole bytes: one from two characters, two from three.
                let bits = acc << (6 * (4 - quad));
                out.extend_from_slice(&[(bits >> 16) as u8, (bits >> 8) as u8][..quad - 1]);
                quad = 0;
                break;
            }
            continue;
        }
        let Some(v) = b64_value(c) else { continue };
        pads = 0;
        count += 1;
        acc = (acc << 6) | v;
        quad += 1;
        if quad == 4 {
            out.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
            quad = 0;
            acc = 0;
        }
    }
    match quad {
        0 => {}
        1 => {
            let msg = format!(
                "Invalid base64-encoded string: number of data characters ({count}) cannot be 1 more than a multiple of 4"
            );
            return Err(error(vm, &msg));
        }
        _ => return Err(error(vm, "Incorrect padding")),
    }
    new_bytes(vm, out)
}
