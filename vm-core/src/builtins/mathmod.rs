//! The `math` module: the float functions of [`crate::numeric::mathfn`] with CPython's
//! argument rules, the integer functions of `intmath` and the constants.

use alloc::format;
use alloc::vec::Vec;

use crate::object::native_table::NativeEntries;
use super::intmath::{math_comb, math_factorial, math_gcd, math_isqrt, math_lcm, math_perm};
use super::check_args;
use crate::numeric::mathfn::{self, MathError};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

fn math_err(vm: &mut Vm, e: MathError) -> PyErr {
    match e {
        MathError::Domain => vm.value_error("math domain error"),
        MathError::Range => vm.overflow_error("math range error"),
        MathError::ZeroDivision => vm.zero_division("float division by zero"),
    }
}

fn float_arg(vm: &mut Vm, v: Value) -> PyResult<f64> {
    // A subclass instance of `float` or `int` is its own value (as `PyFloat_AsDouble`).
    let v = vm.native_value(v).unwrap_or(v);
    match vm.to_f64(v)? {
        Some(x) => Ok(x),
        None => {
            if let Some(f) = vm.user_special(v, "__float__")? {
                let r = vm.call_bound(f, v, &[])?;
                if let Some(x) = r.as_float() {
                    return Ok(x);
                }
            }
            let msg = format!("must be real number, not {}", vm.type_name(v));
            Err(vm.type_error(msg))
        }
    }
}

macro_rules! math1 {
    ($($name:ident => $f:path;)*) => {
        $(
            pub(crate) fn $name(
                vm: &mut Vm,
                args: &[Value],
                _kw: &[(Value, Value)],
            ) -> PyResult<Value> {
                check_args(vm, stringify!($name), args, 1, 1)?;
                let x = float_arg(vm, args[0])?;
                match $f(x) {
                    Ok(r) => Ok(Value::float(r)),
                    Err(e) => Err(math_err(vm, e)),
                }
            }
        )*
    };
}

math1! {
    sqrt => mathfn::sqrt; exp => mathfn::exp; exp2 => mathfn::exp2; expm1 => mathfn::expm1;
    sin => mathfn::sin; cos => mathfn::cos; tan => mathfn::tan; asin => mathfn::asin;
    acos => mathfn::acos; atan => mathfn::atan; sinh => mathfn::sinh; cosh => mathfn::cosh;
    tanh => mathfn::tanh; asinh => mathfn::asinh; acosh => mathfn::acosh; atanh => mathfn::atanh;
    cbrt => mathfn::cbrt; log2 => mathfn::log2; log10 => mathfn::log10; log1p => mathfn::log1p;
    gamma => mathfn::gamma; lgamma => mathfn::lgamma;
}

/// The functions of `math` (registered third, `object::native_table::MATH_TABLE`, so that
/// `math.sqrt` has a value known when the VM is built: machine code compares a callable
/// against it).
pub(crate) static MATH_FUNCTIONS: NativeEntries = &[
        ("sqrt", sqrt),
        ("exp", exp),
        ("exp2", exp2),
        ("expm1", expm1),
        ("sin", sin),
        ("cos", cos),
        ("tan", tan),
        ("asin", asin),
        ("acos", acos),
        ("atan", atan),
        ("sinh", sinh),
        ("cosh", cosh),
        ("tanh", tanh),
        ("asinh", asinh),
        ("acosh", acosh),
        ("atanh", atanh),
        ("cbrt", cbrt),
        ("log2", log2),
        ("log10", log10),
        ("log1p", log1p),
        ("gamma", gamma),
        ("lgamma", lgamma),
        ("log", math_log),
        ("pow", math_pow),
        ("atan2", math_atan2),
        ("fmod", math_fmod),
        ("remainder", math_remainder),
        ("hypot", math_hypot),
        ("floor", math_floor),
        ("ceil", math_ceil),
        ("trunc", math_trunc),
        ("fabs", math_fabs),
        ("copysign", math_copysign),
        ("degrees", math_degrees),
        ("radians", math_radians),
        ("isinf", math_isinf),
        ("isnan", math_isnan),
        ("isfinite", math_isfinite),
        ("isclose", math_isclose),
        ("gcd", math_gcd),
        ("lcm", math_lcm),
        ("factorial", math_factorial),
        ("isqrt", math_isqrt),
        ("comb", math_comb),
        ("perm", math_perm),
        ("fsum", math_fsum),
        ("prod", math_prod),
        ("modf", math_modf),
        ("frexp", math_frexp),
        ("ldexp", math_ldexp),
        ("erf", math_erf),
        ("erfc", math_erfc),
        ("dist", math_dist),
];

pub(super) fn init_math(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    vm.dict_set_str(d, "pi", Value::float(core::f64::consts::PI))?;
    vm.dict_set_str(d, "e", Value::float(core::f64::consts::E))?;
    vm.dict_set_str(d, "tau", Value::float(core::f64::consts::TAU))?;
    vm.dict_set_str(d, "inf", Value::float(f64::INFINITY))?;
    vm.dict_set_str(d, "nan", Value::float(f64::NAN))?;
    super::modules::add_fns(vm, d, MATH_FUNCTIONS);
    Ok(())
}

fn f2(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<(f64, f64)> {
    check_args(vm, name, args, 2, 2)?;
    Ok((float_arg(vm, args[0])?, float_arg(vm, args[1])?))
}

fn math_log(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "log", args, 1, 2)?;
    // Big ints: log of the float of the value can overflow; use bit length scaling.
    let x = match vm.to_bigint(args[0]) {
        Some(b) if b.to_f64().is_err() => {
            if b.is_negative() {
                return Err(vm.value_error("math domain error"));
            }
            let shift = b.bit_length().saturating_sub(60);
            let top = b.shr(shift).to_f64().unwrap_or(1.0);
            let l = libm::log(top) + shift as f64 * core::f64::consts::LN_2;
            if args.len() == 2 {
                let base = float_arg(vm, args[1])?;
                let lb = mathfn::log(base).map_err(|e| math_err(vm, e))?;
                return Ok(Value::float(l / lb));
            }
            return Ok(Value::float(l));
        }
        _ => float_arg(vm, args[0])?,
    };
    let r = if args.len() == 2 {
        let base = float_arg(vm, args[1])?;
        mathfn::log_base(x, base)
    } else {
        mathfn::log(x)
    };
    r.map(Value::float).map_err(|e| math_err(vm, e))
}

fn math_pow(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let (x, y) = f2(vm, args, "pow")?;
    mathfn::pow(x, y)
        .map(Value::float)
        .map_err(|e| math_err(vm, e))
}

fn math_atan2(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let (y, x) = f2(vm, args, "atan2")?;
    mathfn::atan2(y, x)
        .map(Value::float)
        .map_err(|e| math_err(vm, e))
}

fn math_fmod(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let (x, y) = f2(vm, args, "fmod")?;
    mathfn::fmod(x, y)
        .map(Value::float)
        .map_err(|e| math_err(vm, e))
}

/// IEEE 754 remainder, as CPython's `m_remainder`.
fn math_remainder(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let (x, y) = f2(vm, args, "remainder")?;
    if x.is_nan() {
        return Ok(Value::float(x));
    }
    if y.is_nan() {
        return Ok(Value::float(y));
    }
    if x.is_infinite() || y == 0.0 {
        return Err(math_err(vm, MathError::Domain));
    }
    if y.is_infinite() {
        return Ok(Value::float(x));
    }
    let (absx, absy) = (mathfn::fabs(x), mathfn::fabs(y));
    let m = mathfn::fmod(absx, absy).map_err(|e| math_err(vm, e))?;
    let c = absy - m;
    let r = if m < c {
        m
    } else if m > c {
        -c
    } else {
        let h = mathfn::fmod(0.5 * (absx - m), absy).map_err(|e| math_err(vm, e))?;
        m - 2.0 * h
    };
    Ok(Value::float(mathfn::copysign(1.0, x) * r))
}

fn math_hypot(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let mut c = Vec::new();
    for a in args {
        c.push(float_arg(vm, *a)?);
    }
    Ok(Value::float(mathfn::hypot(&c)))
}

fn math_dist(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "dist", args, 2, 2)?;
    let p = floats_of(vm, args[0])?;
    let q = floats_of(vm, args[1])?;
    match mathfn::dist(&p, &q) {
        Some(r) => Ok(Value::float(r)),
        None => Err(vm.value_error("both points must have the same number of dimensions")),
    }
}

/// The items of an iterable as floats (the items stay rooted while `__float__` runs).
fn floats_of(vm: &mut Vm, it: Value) -> PyResult<Vec<f64>> {
    let items = vm.collect_iter(it)?;
    vm.with_roots(&items, |vm, _| {
        items.iter().map(|&a| float_arg(vm, a)).collect()
    })
}

fn to_int_result(vm: &mut Vm, x: f64) -> PyResult<Value> {
    if x.is_nan() {
        return Err(vm.value_error("cannot convert float NaN to integer"));
    }
    match crate::object::bigint::BigInt::from_f64(x) {
        Some(b) => vm.int_from_big(b),
        None => Err(vm.overflow_error("cannot convert float infinity to integer")),
    }
}

fn int_or_dunder(vm: &mut Vm, v: Value, dunder: &str, f: fn(f64) -> f64) -> PyResult<Value> {
    if vm.is_int(v) {
        return vm.positive(v);
    }
    if v.as_float().is_none() {
        if let Some(m) = vm.user_special(v, dunder)? {
            return vm.call_bound(m, v, &[]);
        }
        if let Some(n) = vm.native_value(v).filter(|n| vm.is_int(*n)) {
            return vm.positive(n);
        }
    }
    let x = float_arg(vm, v)?;
    to_int_result(vm, f(x))
}

fn math_floor(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "floor", args, 1, 1)?;
    int_or_dunder(vm, args[0], "__floor__", mathfn::floor)
}

fn math_ceil(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "ceil", args, 1, 1)?;
    int_or_dunder(vm, args[0], "__ceil__", mathfn::ceil)
}

fn math_trunc(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "trunc", args, 1, 1)?;
    int_or_dunder(vm, args[0], "__trunc__", mathfn::trunc)
}

fn math_fabs(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "fabs", args, 1, 1)?;
    let x = float_arg(vm, args[0])?;
    Ok(Value::float(mathfn::fabs(x)))
}

fn math_copysign(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let (x, y) = f2(vm, args, "copysign")?;
    Ok(Value::float(mathfn::copysign(x, y)))
}

fn math_degrees(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "degrees", args, 1, 1)?;
    let x = float_arg(vm, args[0])?;
    Ok(Value::float(mathfn::degrees(x)))
}

fn math_radians(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "radians", args, 1, 1)?;
    let x = float_arg(vm, args[0])?;
    Ok(Value::float(mathfn::radians(x)))
}

fn math_isinf(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "isinf", args, 1, 1)?;
    let x = float_arg(vm, args[0])?;
    Ok(Value::bool(x.is_infinite()))
}

fn math_isnan(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "isnan", args, 1, 1)?;
    let x = float_arg(vm, args[0])?;
    Ok(Value::bool(x.is_nan()))
}

fn math_isfinite(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "isfinite", args, 1, 1)?;
    let x = float_arg(vm, args[0])?;
    Ok(Value::bool(x.is_finite()))
}

fn math_isclose(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let (a, b) = f2(vm, args, "isclose")?;
    let rel = match super::kwarg(vm, kwargs, "rel_tol") {
        Some(v) => float_arg(vm, v)?,
        None => 1e-9,
    };
    let abs = match super::kwarg(vm, kwargs, "abs_tol") {
        Some(v) => float_arg(vm, v)?,
        None => 0.0,
    };
    match mathfn::isclose(a, b, rel, abs) {
        Ok(r) => Ok(Value::bool(r)),
        Err(_) => Err(vm.value_error("tolerances must be non-negative")),
    }
}

fn math_fsum(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "fsum", args, 1, 1)?;
    let xs = floats_of(vm, args[0])?;
    match mathfn::fsum(&xs) {
        Ok(r) => Ok(Value::float(r)),
        Err(mathfn::FsumError::IntermediateOverflow) => {
            Err(vm.overflow_error("intermediate overflow in fsum"))
        }
        Err(mathfn::FsumError::InfMinusInf) => Err(vm.value_error("-inf + inf in fsum")),
    }
}

fn math_prod(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "prod", args, 1, 1)?;
    let acc = super::kwarg(vm, kwargs, "start").unwrap_or(Value::int_unchecked(1));
    let items = vm.collect_iter(args[0])?;
    // The items and the running product survive a user `__mul__`.
    vm.with_roots(&items, |vm, _| {
        let slot = vm.root(acc);
        let mut acc = acc;
        for &v in &items {
            acc = vm.binary_op(acc, v, crate::bytecode::ops::BinaryOp::Multiply, false)?;
            vm.set_root(slot, acc);
        }
        Ok(acc)
    })
}

fn math_modf(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "modf", args, 1, 1)?;
    let x = float_arg(vm, args[0])?;
    let (f, i) = mathfn::modf(x);
    vm.new_tuple(alloc::vec![Value::float(f), Value::float(i)])
}

fn math_frexp(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "frexp", args, 1, 1)?;
    let x = float_arg(vm, args[0])?;
    let (m, e) = mathfn::frexp(x);
    vm.new_tuple(alloc::vec![Value::float(m), Value::int_unchecked(e as i64)])
}

fn math_ldexp(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "ldexp", args, 2, 2)?;
    let x = float_arg(vm, args[0])?;
    let i = match vm.as_i64(args[1]) {
        Some(i) => i,
        None if vm.is_int(args[1]) => {
            if vm.to_bigint(args[1]).is_some_and(|b| b.is_negative()) {
                i64::MIN
            } else {
                i64::MAX
            }
        }
        None => return Err(vm.type_error("Expected an int as second argument to ldexp.")),
    };
    mathfn::ldexp(x, i)
        .map(Value::float)
        .map_err(|e| math_err(vm, e))
}

fn math_erf(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "erf", args, 1, 1)?;
    let x = float_arg(vm, args[0])?;
    Ok(Value::float(mathfn::erf(x)))
}

fn math_erfc(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "erfc", args, 1, 1)?;
    let x = float_arg(vm, args[0])?;
    Ok(Value::float(mathfn::erfc(x)))
}
