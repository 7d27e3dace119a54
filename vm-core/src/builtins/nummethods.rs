//! Methods of `int`, `float` and `complex`.

use alloc::format;
use alloc::vec::Vec;

use super::{add_methods, add_native, check_args, check_kwargs, int_arg, kwarg};
use crate::bytecode::ops::{BinaryOp, CompareOp};
use crate::numeric::floatops;
use crate::object::bigint::{BigInt, OverflowError};
use crate::object::types::{NativeFn, NativeKind, Obj};
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

type Kw<'a> = &'a [(Value, Value)];

pub(crate) fn install(vm: &mut Vm) {
    let (int, float) = (vm.types.int, vm.types.float);
    add_methods(
        vm,
        int,
        &[
            ("to_bytes", int_to_bytes),
            ("bit_count", int_bit_count),
            ("conjugate", int_conjugate),
            ("as_integer_ratio", int_as_integer_ratio),
            ("__add__", int_add),
            ("__sub__", int_sub),
            ("__mul__", int_mul),
            ("__abs__", int_abs),
            ("__neg__", int_neg),
            ("__eq__", int_eq),
            ("__ne__", int_ne),
            ("__lt__", int_lt),
            ("__le__", int_le),
            ("__gt__", int_gt),
            ("__ge__", int_ge),
        ],
    );
    add_methods(
        vm,
        float,
        &[
            ("hex", float_hex),
            ("as_integer_ratio", float_as_integer_ratio),
            ("conjugate", float_conjugate),
        ],
    );
    add_class_method(vm, int, "from_bytes", int_from_bytes);
    add_class_method(vm, float, "fromhex", float_fromhex);
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
    let complex = vm.types.complex;
    add_methods(vm, complex, &[("conjugate", complex_conjugate)]);
}

pub(crate) fn add_class_method(
    vm: &mut Vm,
    cls: crate::object::value::ObjRef,
    name: &'static str,
    f: NativeFn,
) {
    if let Ok(d) = vm.class_dict_for_entries(cls) {
        add_native(vm, d, name, f, NativeKind::ClassMethod, Value::obj(cls));
    }
}

fn this_int(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<BigInt> {
    match args.first().and_then(|v| vm.to_bigint(*v)) {
        Some(b) => Ok(b),
        None => Err(super::descriptor_error(vm, name, "int", args)),
    }
}

fn this_float(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<f64> {
    match args.first().and_then(|v| v.as_float()) {
        Some(x) => Ok(x),
        None => Err(super::descriptor_error(vm, name, "float", args)),
    }
}

fn byteorder(vm: &mut Vm, v: Option<Value>, name: &str) -> PyResult<bool> {
    let Some(v) = v else {
        return Ok(false);
    };
    match vm.str_of(v) {
        Some("little") => Ok(true),
        Some("big") => Ok(false),
        Some(_) => Err(vm.value_error("byteorder must be either 'little' or 'big'")),
        None => {
            let msg = format!(
                "{name}() argument 'byteorder' must be str, not {}",
                vm.type_name(v)
            );
            Err(vm.type_error(msg))
        }
    }
}

fn int_to_bytes(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    check_args(vm, "to_bytes", args, 1, 3)?;
    check_kwargs(vm, "to_bytes", kwargs, &["length", "byteorder", "signed"])?;
    let b = this_int(vm, args, "to_bytes")?;
    let length = match args.get(1).copied().or_else(|| kwarg(vm, kwargs, "length")) {
        Some(v) => int_arg(vm, v)?,
        None => 1,
    };
    if length < 0 {
        return Err(vm.value_error("length argument must be non-negative"));
    }
    let bo = args
        .get(2)
        .copied()
        .or_else(|| kwarg(vm, kwargs, "byteorder"));
    let little = byteorder(vm, bo, "to_bytes")?;
    let signed = match kwarg(vm, kwargs, "signed") {
        Some(v) => vm.truthy(v)?,
        None => false,
    };
    match b.to_bytes(length as usize, little, signed) {
        Ok(bytes) => vm.alloc_value(Obj::Bytes(bytes.into_boxed_slice())),
        Err(OverflowError::NegativeToUnsigned) => {
            Err(vm.overflow_error("can't convert negative int to unsigned"))
        }
        Err(OverflowError::TooLarge) => Err(vm.overflow_error("int too big to convert")),
        Err(_) => Err(vm.overflow_error("int too big to convert")),
    }
}

fn int_from_bytes(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    check_args(vm, "from_bytes", args, 1, 3)?;
    check_kwargs(vm, "from_bytes", kwargs, &["bytes", "byteorder", "signed"])?;
    let Some(src) = args.get(1).copied().or_else(|| kwarg(vm, kwargs, "bytes")) else {
        return Err(vm.type_error("from_bytes() missing required argument 'bytes' (pos 1)"));
    };
    let data: Vec<u8> = match vm.bytes_data(src) {
        Some(d) => d,
        None => {
            if vm.str_of(src).is_some() {
                return Err(vm.type_error("cannot convert 'str' object to bytes"));
            }
            let items = vm.collect_iter(src)?;
            // An item's `__index__` may collect.
            vm.with_roots(&items, |vm, _| {
                let mut d = Vec::with_capacity(items.len());
                for &it in &items {
                    let i = int_arg(vm, it)?;
                    match u8::try_from(i) {
                        Ok(x) => d.push(x),
                        Err(_) => return Err(vm.value_error("bytes must be in range(0, 256)")),
                    }
                }
                Ok(d)
            })?
        }
    };
    let bo = args
        .get(2)
        .copied()
        .or_else(|| kwarg(vm, kwargs, "byteorder"));
    let little = byteorder(vm, bo, "from_bytes")?;
    let signed = match kwarg(vm, kwargs, "signed") {
        Some(v) => vm.truthy(v)?,
        None => false,
    };
    let b = BigInt::from_bytes(&data, little, signed);
    vm.int_from_big(b)
}

fn int_bit_count(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "bit_count", args, 1, 1)?;
    let b = this_int(vm, args, "bit_count")?;
    let b = if b.is_negative() { b.neg() } else { b };
    let bytes = b
        .to_bytes(b.bit_length().div_ceil(8) as usize, true, false)
        .unwrap_or_default();
    let n: u32 = bytes.iter().map(|x| x.count_ones()).sum();
    Ok(Value::int_unchecked(i64::from(n)))
}

fn int_conjugate(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "conjugate", args, 1, 1)?;
    let b = this_int(vm, args, "conjugate")?;
    vm.int_from_big(b)
}

fn int_as_integer_ratio(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "as_integer_ratio", args, 1, 1)?;
    let b = this_int(vm, args, "as_integer_ratio")?;
    let n = vm.int_from_big(b)?;
    vm.new_tuple(alloc::vec![n, Value::int_unchecked(1)])
}

fn int_binop(vm: &mut Vm, args: &[Value], name: &str, op: BinaryOp) -> PyResult<Value> {
    check_args(vm, name, args, 2, 2)?;
    if !vm.is_int(args[0]) || !vm.is_int(args[1]) {
        return Ok(Value::NOT_IMPLEMENTED);
    }
    let a = this_int(vm, args, name)?;
    let a = vm.int_from_big(a)?;
    vm.binary_op(a, args[1], op, false)
}

fn int_add(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    int_binop(vm, args, "__add__", BinaryOp::Add)
}

fn int_sub(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    int_binop(vm, args, "__sub__", BinaryOp::Subtract)
}

fn int_mul(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    int_binop(vm, args, "__mul__", BinaryOp::Multiply)
}

fn int_abs(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "__abs__", args, 1, 1)?;
    let a = this_int(vm, args, "__abs__")?;
    let a = vm.int_from_big(a)?;
    vm.absolute(a)
}

fn int_neg(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "__neg__", args, 1, 1)?;
    let a = this_int(vm, args, "__neg__")?;
    vm.int_from_big(a.neg())
}

fn float_hex(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "hex", args, 1, 1)?;
    let x = this_float(vm, args, "hex")?;
    vm.new_string(floatops::float_to_hex(x))
}

fn float_fromhex(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "fromhex", args, 2, 2)?;
    let Some(s) = vm.str_of(args[1]).map(alloc::string::String::from) else {
        let msg = format!(
            "fromhex() argument must be str, not {}",
            vm.type_name(args[1])
        );
        return Err(vm.type_error(msg));
    };
    match floatops::float_fromhex(&s) {
        Ok(x) => Ok(Value::float(x)),
        Err(floatops::FromHexError::Invalid) => {
            Err(vm.value_error("invalid hexadecimal floating-point string"))
        }
        Err(floatops::FromHexError::Overflow) => {
            Err(vm.overflow_error("hexadecimal value too large to represent as a float"))
        }
    }
}

fn float_as_integer_ratio(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "as_integer_ratio", args, 1, 1)?;
    let x = this_float(vm, args, "as_integer_ratio")?;
    match floatops::float_as_integer_ratio(x) {
        Ok((neg, m, e)) => {
            let mut num = BigInt::from_u64(m);
            let mut den = BigInt::from_u64(1);
            if e >= 0 {
                num = num.shl(e as u64).unwrap_or_default();
            } else {
                den = den.shl(u64::from(e.unsigned_abs())).unwrap_or_default();
            }
            if neg {
                num = num.neg();
            }
            let n = vm.int_from_big(num)?;
            let d = vm.int_from_big(den)?;
            vm.new_tuple(alloc::vec![n, d])
        }
        Err(floatops::RatioError::Nan) => {
            Err(vm.value_error("cannot convert NaN to integer ratio"))
        }
        Err(floatops::RatioError::Infinite) => {
            Err(vm.overflow_error("cannot convert Infinity to integer ratio"))
        }
    }
}

fn float_conjugate(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "conjugate", args, 1, 1)?;
    let x = this_float(vm, args, "conjugate")?;
    Ok(Value::float(x))
}

fn complex_conjugate(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    if args.len() != 1 {
        let msg = format!(
            "complex.conjugate() takes no arguments ({} given)",
            args.len().saturating_sub(1)
        );
        return Err(vm.type_error(msg));
    }
    match vm.complex_of(args[0]) {
        Some(z) => vm.new_complex(crate::numeric::complex::Complex::new(z.re, -z.im)),
        None => Err(vm.type_error("descriptor 'conjugate' requires a 'complex' object")),
    }
}

fn int_cmp(vm: &mut Vm, args: &[Value], name: &str, op: CompareOp) -> PyResult<Value> {
    check_args(vm, name, args, 2, 2)?;
    if !vm.is_int(args[0]) || !vm.is_int(args[1]) {
        return Ok(Value::NOT_IMPLEMENTED);
    }
    vm.compare(args[0], args[1], op)
}

fn int_eq(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    int_cmp(vm, args, "__eq__", CompareOp::Eq)
}

fn int_ne(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    int_cmp(vm, args, "__ne__", CompareOp::Ne)
}

fn int_lt(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    int_cmp(vm, args, "__lt__", CompareOp::Lt)
}

fn int_le(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    int_cmp(vm, args, "__le__", CompareOp::Le)
}

fn int_gt(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    int_cmp(vm, args, "__gt__", CompareOp::Gt)
}

fn int_ge(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    int_cmp(vm, args, "__ge__", CompareOp::Ge)
}

fn int_bit_length(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "bit_length", args, 1, 1)?;
    let b = this_int(vm, args, "bit_length")?;
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
