//! The `cmath` module: `sqrt`, `exp`, `log`, `log10`, `phase`, `polar`, `rect`, `isclose`,
//! `isfinite`, `isinf`, `isnan` and the constants (the functions are
//! [`crate::numeric::cmathfn`]).

use alloc::format;

use super::{check_args, check_kwargs, kwarg};
use crate::numeric::cmathfn::{self, CmathResult};
use crate::numeric::complex::Complex;
use crate::numeric::mathfn::MathError;
use crate::object::types::NativeKind;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

type Kw<'a> = &'a [(Value, Value)];

/// `cmath`'s namespace.
pub(crate) fn init_cmath(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let fns: crate::object::native_table::NativeEntries = &[
        ("sqrt", cmath_sqrt),
        ("exp", cmath_exp),
        ("log", cmath_log),
        ("log10", cmath_log10),
        ("phase", cmath_phase),
        ("polar", cmath_polar),
        ("rect", cmath_rect),
        ("isclose", cmath_isclose),
        ("isfinite", cmath_isfinite),
        ("isinf", cmath_isinf),
        ("isnan", cmath_isnan),
    ];
    vm.add_natives(d, fns, NativeKind::Function, Value::UNDEF);
    use core::f64::consts::{E, PI, TAU};
    for (name, x) in [
        ("pi", PI),
        ("e", E),
        ("tau", TAU),
        ("inf", f64::INFINITY),
        ("nan", f64::NAN),
    ] {
        vm.dict_set_str(d, name, Value::float(x))?;
    }
    let infj = vm.new_complex(Complex::new(0.0, f64::INFINITY))?;
    vm.dict_set_str(d, "infj", infj)?;
    let nanj = vm.new_complex(Complex::new(0.0, f64::NAN))?;
    vm.dict_set_str(d, "nanj", nanj)
}

impl Vm {
    /// A `cmath` argument (`PyComplex_AsCComplex`): a complex, an object with
    /// `__complex__`, or a real number.
    pub(crate) fn complex_arg(&mut self, v: Value) -> PyResult<Complex> {
        if let Some(z) = self.complex_of(v) {
            return Ok(z);
        }
        if let Some(f) = self.user_special(v, "__complex__")? {
            let r = self.call_bound(f, v, &[])?;
            return match self.complex_of(r) {
                Some(z) => Ok(z),
                None => {
                    let msg = format!(
                        "__complex__ returned non-complex (type {})",
                        self.type_name(r)
                    );
                    Err(self.type_error(msg))
                }
            };
        }
        self.real_arg(v).map(|x| Complex::new(x, 0.0))
    }

    /// A real-number argument (`PyFloat_AsDouble`): a float, an int, or an object with
    /// `__float__` or `__index__`.
    pub(crate) fn real_arg(&mut self, v: Value) -> PyResult<f64> {
        let ok = v.is_float()
            || self.is_int(v)
            || self.user_special(v, "__float__")?.is_some()
            || self.user_special(v, "__index__")?.is_some();
        if !ok {
            let msg = format!("must be real number, not {}", self.type_name(v));
            return Err(self.type_error(msg));
        }
        let f = self.to_float_value(v)?;
        Ok(f.as_float().unwrap_or(f64::NAN))
    }

    fn math_error(&mut self, e: MathError) -> PyErr {
        match e {
            MathError::Range => self.overflow_error("math range error"),
            _ => self.value_error("math domain error"),
        }
    }

    fn cmath_value(&mut self, r: CmathResult) -> PyResult<Value> {
        match r {
            Ok(z) => self.new_complex(z),
            Err(e) => Err(self.math_error(e)),
        }
    }
}

/// One complex argument.
fn one(vm: &mut Vm, name: &str, args: &[Value], kw: Kw) -> PyResult<Complex> {
    super::no_kwargs(vm, name, kw)?;
    check_args(vm, &format!("cmath.{name}"), args, 1, 1)?;
    vm.complex_arg(args[0])
}

fn cmath_sqrt(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    let z = one(vm, "sqrt", args, kw)?;
    vm.cmath_value(cmathfn::sqrt(z))
}

fn cmath_exp(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    let z = one(vm, "exp", args, kw)?;
    vm.cmath_value(cmathfn::exp_c(z))
}

fn cmath_log10(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    let z = one(vm, "log10", args, kw)?;
    vm.cmath_value(cmathfn::log10(z))
}

fn cmath_log(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    super::no_kwargs(vm, "log", kw)?;
    check_args(vm, "log", args, 1, 2)?;
    let z = vm.complex_arg(args[0])?;
    let base = match args.get(1) {
        Some(b) => Some(vm.complex_arg(*b)?),
        None => None,
    };
    vm.cmath_value(cmathfn::log_base(z, base))
}

fn cmath_phase(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    let z = one(vm, "phase", args, kw)?;
    Ok(Value::float(cmathfn::phase(z)))
}

fn cmath_polar(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    let z = one(vm, "polar", args, kw)?;
    match cmathfn::polar(z) {
        Ok((r, phi)) => vm.new_tuple(alloc::vec![Value::float(r), Value::float(phi)]),
        Err(e) => Err(vm.math_error(e)),
    }
}

fn cmath_rect(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    super::no_kwargs(vm, "rect", kw)?;
    if args.len() != 2 {
        let msg = format!("rect expected 2 arguments, got {}", args.len());
        return Err(vm.type_error(msg));
    }
    let r = vm.real_arg(args[0])?;
    let phi = vm.real_arg(args[1])?;
    vm.cmath_value(cmathfn::rect(r, phi))
}

fn cmath_isclose(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    check_kwargs(vm, "isclose", kw, &["rel_tol", "abs_tol"])?;
    if args.len() != 2 {
        let msg = format!(
            "isclose() takes exactly 2 positional arguments ({} given)",
            args.len()
        );
        return Err(vm.type_error(msg));
    }
    let (a, b) = (vm.complex_arg(args[0])?, vm.complex_arg(args[1])?);
    let rel = match kwarg(vm, kw, "rel_tol") {
        Some(v) => vm.real_arg(v)?,
        None => 1e-9,
    };
    let abs = match kwarg(vm, kw, "abs_tol") {
        Some(v) => vm.real_arg(v)?,
        None => 0.0,
    };
    if rel < 0.0 || abs < 0.0 {
        return Err(vm.value_error("tolerances must be non-negative"));
    }
    Ok(Value::bool(cmathfn::isclose(a, b, rel, abs)))
}

fn cmath_isfinite(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    let z = one(vm, "isfinite", args, kw)?;
    Ok(Value::bool(z.re.is_finite() && z.im.is_finite()))
}

fn cmath_isinf(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    let z = one(vm, "isinf", args, kw)?;
    Ok(Value::bool(z.re.is_infinite() || z.im.is_infinite()))
}

fn cmath_isnan(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    let z = one(vm, "isnan", args, kw)?;
    Ok(Value::bool(z.re.is_nan() || z.im.is_nan()))
}
