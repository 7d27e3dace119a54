//! Methods of `bytes` and `bytearray`: their registration and the argument conversions they
//! share.

use alloc::format;
use alloc::vec::Vec;

#[cfg(feature = "bytes-methods")]
use super::bytearraymethods::{
    ba_append, ba_clear, ba_copy, ba_extend, ba_insert, ba_pop, ba_remove, ba_reverse, ba_setitem,
};
#[cfg(feature = "bytes-methods")]
use super::bytesascii::{
    b_capitalize, b_center, b_isalnum, b_isalpha, b_isascii, b_isdigit, b_islower, b_isspace,
    b_istitle, b_isupper, b_ljust, b_lower, b_rjust, b_swapcase, b_title, b_upper,
};
use super::bytescodec::{b_decode, b_fromhex, b_hex};
#[cfg(feature = "bytes-methods")]
use super::bytessearch::{
    b_count, b_endswith, b_find, b_index, b_partition, b_removeprefix, b_removesuffix, b_replace,
    b_rfind, b_rindex, b_rpartition, b_startswith,
};
#[cfg(feature = "bytes-methods")]
use super::bytessplit::{b_join, b_lstrip, b_rsplit, b_rstrip, b_split, b_splitlines, b_strip};
#[cfg(feature = "bytes-methods")]
use super::bytestranslate::{b_expandtabs, b_maketrans, b_translate, b_zfill};
#[cfg(feature = "bytes-methods")]
use super::int_arg;
use super::add_methods;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

pub(super) type Kw<'a> = &'a [(Value, Value)];

pub(crate) fn install(vm: &mut Vm) {
    let (bytes, bytearray) = (vm.types.bytes, vm.types.bytearray);
    // Without the `bytes-methods` feature only the codec methods are in (`str(b, encoding)`
    // and the file modules decode through them).
    #[cfg(not(feature = "bytes-methods"))]
    let common: &[(&'static str, crate::object::types::NativeFn)] =
        &[("decode", b_decode), ("hex", b_hex)];
    #[cfg(feature = "bytes-methods")]
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
        ("istitle", b_istitle),
        ("translate", b_translate),
        ("expandtabs", b_expandtabs),
        ("zfill", b_zfill),
    ];
    add_methods(vm, bytes, common);
    add_methods(vm, bytearray, common);
    #[cfg(feature = "bytes-methods")]
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
    #[cfg(feature = "bytes-methods")]
    for cls in [bytes, bytearray] {
        if let Ok(d) = vm.class_dict_for_entries(cls) {
            let kind = crate::object::types::NativeKind::StaticMethod;
            super::add_native(vm, d, "maketrans", b_maketrans, kind, Value::obj(cls));
        }
    }
    super::nummethods::add_class_method(vm, bytearray, "fromhex", b_fromhex);
}

pub(super) fn this(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<(Vec<u8>, bool)> {
    let first = args.first().copied().unwrap_or(Value::NONE);
    match vm.obj(first) {
        Some(Obj::Bytes(b)) => Ok((b.to_vec(), false)),
        Some(Obj::ByteArray(b)) => Ok((b.clone(), true)),
        _ => Err(super::descriptor_error(vm, name, "bytes", args)),
    }
}

pub(super) fn mk(vm: &mut Vm, data: Vec<u8>, ba: bool) -> PyResult<Value> {
    if ba {
        vm.alloc_value(Obj::ByteArray(data))
    } else {
        vm.alloc_value(Obj::Bytes(data.into_boxed_slice()))
    }
}

pub(super) fn bytes_like(vm: &mut Vm, v: Value) -> PyResult<Vec<u8>> {
    match vm.bytes_data(v) {
        Some(d) => Ok(d),
        None => {
            let msg = format!("a bytes-like object is required, not '{}'", vm.type_name(v));
            Err(vm.type_error(msg))
        }
    }
}

#[cfg(feature = "bytes-methods")]
pub(super) fn needle(vm: &mut Vm, v: Value) -> PyResult<Vec<u8>> {
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

#[cfg(feature = "bytes-methods")]
pub(super) fn byte_val(vm: &mut Vm, v: Value) -> PyResult<u8> {
    let i = int_arg(vm, v)?;
    match u8::try_from(i) {
        Ok(b) => Ok(b),
        Err(_) => Err(vm.value_error("byte must be in range(0, 256)")),
    }
}
