//! Unary operators: `-v`, `+v`, `~v` and `abs(v)` for numbers, and the dunders of
//! instances.

use alloc::format;

use super::types::Obj;
use super::value::Value;
use crate::vm::{PyResult, Vm};

impl Vm {
    /// `-v`.
    pub fn negate(&mut self, v: Value) -> PyResult<Value> {
        if let Some(i) = v.as_small_int() {
            return self.int_from_i128(-(i as i128));
        }
        if let Some(x) = v.as_float() {
            return Ok(Value::float(-x));
        }
        if let Some(b) = self.plain_bigint(v) {
            return self.int_from_big(b.neg());
        }
        if let Some(z) = self.complex_of(v) {
            return self.new_complex(crate::numeric::complex::Complex::new(-z.re, -z.im));
        }
        self.unary_dunder(v, "__neg__", "-")
    }

    /// `+v`.
    pub fn positive(&mut self, v: Value) -> PyResult<Value> {
        if v.is_float() || v.is_small_int() || matches!(self.obj(v), Some(Obj::BigInt(_))) {
            return Ok(v);
        }
        if v.is_bool() {
            return Ok(Value::int_unchecked((v == Value::TRUE) as i64));
        }
        if self.complex_of(v).is_some() {
            return Ok(v);
        }
        self.unary_dunder(v, "__pos__", "+")
    }

    /// `~v`.
    pub fn invert(&mut self, v: Value) -> PyResult<Value> {
        if let Some(i) = v.as_small_int() {
            return Ok(Value::int_unchecked(!i));
        }
        if v.is_float() {
            return Err(self.type_error("bad operand type for unary ~: 'float'"));
        }
        if let Some(b) = self.plain_bigint(v) {
            return self.int_from_big(b.not());
        }
        self.unary_dunder(v, "__invert__", "~")
    }

    /// `abs(v)`.
    pub fn absolute(&mut self, v: Value) -> PyResult<Value> {
        if let Some(i) = v.as_small_int() {
            return self.int_from_i128((i as i128).abs());
        }
        if let Some(x) = v.as_float() {
            return Ok(Value::float(x.abs()));
        }
        if let Some(b) = self.plain_bigint(v) {
            return self.int_from_big(b.abs());
        }
        if let Some(z) = self.complex_of(v) {
            return self.complex_abs(z);
        }
        match self.lookup_special(v, "__abs__")? {
            Some(f) => self.call_bound(f, v, &[]),
            None if self.native_value(v).is_some() => {
                let n = self.native_value(v).unwrap_or(v);
                self.absolute(n)
            }
            None => {
                let msg = format!("bad operand type for abs(): '{}'", self.type_name(v));
                Err(self.type_error(msg))
            }
        }
    }

    /// An int's value, but not an `int` subclass instance's: its class may define the
    /// operator (`IntFlag.__invert__`).
    fn plain_bigint(&self, v: Value) -> Option<crate::object::bigint::BigInt> {
        if matches!(self.obj(v), Some(Obj::Instance(_))) {
            return None;
        }
        self.to_bigint(v)
    }

    fn unary_dunder(&mut self, v: Value, name: &str, sym: &str) -> PyResult<Value> {
        match self.lookup_special(v, name)? {
            Some(f) => self.call_bound(f, v, &[]),
            // A subclass of a builtin type: the operation on its value.
            None if self.native_value(v).is_some() => {
                let n = self.native_value(v).unwrap_or(v);
                match sym {
                    "-" => self.negate(n),
                    "+" => self.positive(n),
                    _ => self.invert(n),
                }
            }
            None => {
                let msg = format!("bad operand type for unary {sym}: '{}'", self.type_name(v));
                Err(self.type_error(msg))
            }
        }
    }
}
