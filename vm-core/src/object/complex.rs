//! `complex` values: arithmetic with ints, floats and complex numbers, equality, hashing,
//! attributes and the constructor (CPython 3.11's `complexobject.c` on top of
//! [`crate::numeric::complex`]).

use alloc::format;
use alloc::string::String;

use super::types::Obj;
use super::value::Value;
use crate::bytecode::ops::{BinaryOp, CompareOp};
use crate::numeric::complex::{Complex, ComplexError};
use crate::vm::{PyErr, PyResult, Vm};

impl Vm {
    /// A new `complex`.
    pub fn new_complex(&mut self, z: Complex) -> PyResult<Value> {
        if !cfg!(feature = "complex") {
            return Err(self.complex_left_out());
        }
        self.alloc_value(Obj::Complex { re: z.re, im: z.im })
    }

    /// The error for making a complex number in a build without the `complex` feature
    /// (no complex object exists there, so the operations on them are left out).
    pub(crate) fn complex_left_out(&mut self) -> PyErr {
        self.value_error("complex numbers are not supported (built without the complex feature)")
    }

    /// The value of a `complex` object.
    pub fn complex_of(&self, v: Value) -> Option<Complex> {
        match self.obj(v)? {
            &Obj::Complex { re, im } => Some(Complex::new(re, im)),
            _ => None,
        }
    }

    /// An operand of complex arithmetic (`to_complex`): a complex, float, int or bool;
    /// `None` for anything else (the operation is then not the complex type's).
    fn complex_operand(&mut self, v: Value) -> PyResult<Option<Complex>> {
        if let Some(z) = self.complex_of(v) {
            return Ok(Some(z));
        }
        if !v.is_float() && !self.is_int(v) {
            return Ok(None);
        }
        Ok(self.to_f64(v)?.map(|x| Complex::new(x, 0.0)))
    }

    /// `a op b` when either operand is a complex and the other a number; `None` when the
    /// complex type has no such operation (`//`, `%`, bitwise) or the other operand is not
    /// a number, so reflected methods and the usual `TypeError` follow.
    pub(crate) fn complex_binop(
        &mut self,
        a: Value,
        b: Value,
        op: BinaryOp,
    ) -> PyResult<Option<Value>> {
        if !matches!(
            op,
            BinaryOp::Add
                | BinaryOp::Subtract
                | BinaryOp::Multiply
                | BinaryOp::TrueDivide
                | BinaryOp::Power
        ) {
            return Ok(None);
        }
        let (Some(x), Some(y)) = (self.complex_operand(a)?, self.complex_operand(b)?) else {
            return Ok(None);
        };
        let r = match op {
            BinaryOp::Add => x + y,
            BinaryOp::Subtract => x - y,
            BinaryOp::Multiply => x * y,
            BinaryOp::TrueDivide => x.quot(y).map_err(|e| self.complex_error(e, op))?,
            _ => x.pow(y).map_err(|e| self.complex_error(e, op))?,
        };
        self.new_complex(r).map(Some)
    }

    /// `x ** y` of two floats whose result is complex (a negative base, a fractional
    /// exponent), as `float_pow` hands it to the complex type.
    pub(crate) fn complex_pow_of_floats(&mut self, x: f64, y: f64) -> PyResult<Value> {
        if !cfg!(feature = "complex") {
            return Err(self.complex_left_out());
        }
        let r = Complex::new(x, 0.0)
            .pow(Complex::new(y, 0.0))
            .map_err(|e| self.complex_error(e, BinaryOp::Power))?;
        self.new_complex(r)
    }

    fn complex_error(&mut self, e: ComplexError, op: BinaryOp) -> PyErr {
        match (e, op) {
            (ComplexError::ZeroDivision, BinaryOp::TrueDivide) => {
                self.zero_division("complex division by zero")
            }
            (ComplexError::ZeroDivision, _) => {
                self.zero_division("0.0 to a negative or complex power")
            }
            (ComplexError::Overflow, _) => self.overflow_error("complex exponentiation"),
        }
    }

    /// `a == b` / `a != b` when either is a complex and the other a number (an int
    /// compares exactly with a real complex); `None` otherwise (ordering comparisons
    /// then raise CPython's `TypeError`).
    pub(crate) fn complex_compare(
        &mut self,
        a: Value,
        b: Value,
        op: CompareOp,
    ) -> PyResult<Option<bool>> {
        if !matches!(op, CompareOp::Eq | CompareOp::Ne) {
            return Ok(None);
        }
        let (z, other) = match (self.complex_of(a), self.complex_of(b)) {
            (Some(z), _) => (z, b),
            (None, Some(z)) => (z, a),
            (None, None) => return Ok(None),
        };
        let equal = if let Some(w) = self.complex_of(other) {
            z == w
        } else if let Some(x) = other.as_float() {
            z.re == x && z.im == 0.0
        } else if self.is_int(other) {
            if z.im != 0.0 {
                false
            } else {
                let r = self.compare(Value::float(z.re), other, CompareOp::Eq)?;
                r == Value::TRUE
            }
        } else {
            return Ok(None);
        };
        Ok(Some(equal == (op == CompareOp::Eq)))
    }

    /// `hash(z)` (`complex_hash`); `None` when a part is a NaN (whose hash is the
    /// object's identity in 3.11).
    pub(crate) fn complex_hash(&self, z: Complex) -> Option<u64> {
        if z.re.is_nan() || z.im.is_nan() {
            return None;
        }
        let (hr, hi) = (
            super::protocol::float_hash(z.re),
            super::protocol::float_hash(z.im),
        );
        Some(Complex::hash_from_parts(hr, hi))
    }

    /// `abs(z)`.
    pub(crate) fn complex_abs(&mut self, z: Complex) -> PyResult<Value> {
        match z.abs() {
            Ok(x) => Ok(Value::float(x)),
            Err(_) => Err(self.overflow_error("absolute value too large")),
        }
    }

    /// `complex(real, imag)` (`complex_new_impl`).
    pub(crate) fn ctor_complex(
        &mut self,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<Value> {
        if !cfg!(feature = "complex") {
            return Err(self.complex_left_out());
        }
        let (real, imag) = self.complex_ctor_args(args, kwargs)?;
        let r = match (real, imag) {
            (Some(r), _) => r,
            (None, None) => return self.new_complex(Complex::new(0.0, 0.0)),
            (None, Some(_)) => Value::int_unchecked(0),
        };
        if imag.is_none() && self.complex_of(r).is_some() {
            return Ok(r);
        }
        if let Some(s) = self.str_of(r) {
            if imag.is_some() {
                return Err(self.type_error("complex() can't take second arg if first is a string"));
            }
            let s = String::from(s);
            return match parse_complex_text(&s) {
                Some(z) => self.new_complex(z),
                None => Err(self.value_error("complex() arg is a malformed string")),
            };
        }
        if imag.is_some_and(|i| self.is_str(i)) {
            return Err(self.type_error("complex() second arg can't be a string"));
        }
        self.with_roots(&[r, imag.unwrap_or(Value::NONE)], |vm, _| {
            vm.complex_from_parts(r, imag)
        })
    }

    /// The `real` and `imag` arguments of `complex()`, positional or by keyword.
    fn complex_ctor_args(
        &mut self,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<(Option<Value>, Option<Value>)> {
        if args.len() > 2 {
            let msg = format!(
                "complex() takes at most 2 arguments ({} given)",
                args.len() + kwargs.len()
            );
            return Err(self.type_error(msg));
        }
        let mut slots = [args.first().copied(), args.get(1).copied()];
        for &(k, v) in kwargs {
            let name = String::from(self.str_of(k).unwrap_or(""));
            let i = match name.as_str() {
                "real" => 0,
                "imag" => 1,
                _ => {
                    let msg = format!("'{name}' is an invalid keyword argument for complex()");
                    return Err(self.type_error(msg));
                }
            };
            if slots[i].is_some() {
                let msg = format!(
                    "argument for complex() given by name ('{name}') and position ({})",
                    i + 1
                );
                return Err(self.type_error(msg));
            }
            slots[i] = Some(v);
        }
        Ok((slots[0], slots[1]))
    }

    /// `complex(r, i)` for numbers (and objects with `__complex__`, `__float__` or
    /// `__index__`): `r + i*1j`, where either may itself be complex.
    fn complex_from_parts(&mut self, r: Value, imag: Option<Value>) -> PyResult<Value> {
        let mut r = r;
        if self.complex_of(r).is_none() {
            if let Some(f) = self.user_special(r, "__complex__")? {
                let res = self.call_bound(f, r, &[])?;
                if self.complex_of(res).is_none() {
                    let msg = format!(
                        "__complex__ returned non-complex (type {})",
                        self.type_name(res)
                    );
                    return Err(self.type_error(msg));
                }
                r = res;
                self.root(r);
            }
        }
        if !self.is_complex_number_like(r)? {
            let msg = format!(
                "complex() first argument must be a string or a number, not '{}'",
                self.type_name(r)
            );
            return Err(self.type_error(msg));
        }
        if let Some(i) = imag {
            if !self.is_complex_number_like(i)? {
                let msg = format!(
                    "complex() second argument must be a number, not '{}'",
                    self.type_name(i)
                );
                return Err(self.type_error(msg));
            }
        }
        let cr = match self.complex_of(r) {
            Some(z) => z,
            None => Complex::new(self.float_of_number(r)?, 0.0),
        };
        let (mut re, mut im) = (cr.re, cr.im);
        if let Some(i) = imag {
            // `r + i*1j` where either may be complex (and signed zeros must survive, so
            // parts are only added when they exist).
            match self.complex_of(i) {
                Some(ci) => {
                    re -= ci.im;
                    im = ci.re;
                }
                None => im = self.float_of_number(i)?,
            }
            if self.complex_of(r).is_some() {
                im += cr.im;
            }
        }
        self.new_complex(Complex::new(re, im))
    }

    /// Whether `v` has what `complex()` accepts as a number: it is a complex, an int or a
    /// float, or has `__float__` or `__index__`.
    fn is_complex_number_like(&mut self, v: Value) -> PyResult<bool> {
        if v.is_float() || self.is_int(v) || self.complex_of(v).is_some() {
            return Ok(true);
        }
        if self
            .native_value(v)
            .is_some_and(|n| n.is_float() || self.is_int(n))
        {
            return Ok(true);
        }
        Ok(self.user_special(v, "__float__")?.is_some()
            || self.user_special(v, "__index__")?.is_some())
    }

    /// `PyNumber_Float(v)` as an `f64` for a number `complex()` accepted.
    fn float_of_number(&mut self, v: Value) -> PyResult<f64> {
        let f = self.to_float_value(v)?;
        Ok(f.as_float().unwrap_or(0.0))
    }

    /// `.real`, `.imag` of a complex.
    pub(crate) fn complex_attr(z: Complex, name: &str) -> Option<Value> {
        match name {
            "real" => Some(Value::float(z.re)),
            "imag" => Some(Value::float(z.im)),
            _ => None,
        }
    }
}

/// The text of `complex(s)` with CPython's whitespace and digit rules (non-ASCII spaces
/// are whitespace too).
fn parse_complex_text(s: &str) -> Option<Complex> {
    let t = s.trim_matches(char::is_whitespace);
    if !t.is_ascii() {
        return None;
    }
    Complex::parse(t)
}
