//! Binary and unary operators: numbers (inline ints, big ints, floats), sequences, sets,
//! and user dunders with reflection.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::convert::Infallible;

use super::bigint::{BigInt, DivError, LongError};
use super::heapint::HeapInt;
use super::scratch::Scratch;
use super::types::Obj;
use super::value::Value;
use crate::bytecode::ops::BinaryOp;
use crate::vm::{PyErr, PyResult, Vm};

/// A numeric operand after coercion.
enum Num {
    Int(i64),
    Big(Rc<BigInt>),
    Float(f64),
}

impl Num {
    /// An int operand as an `i128` when it fits in `i64` (every int does without the
    /// `bigint` feature).
    fn narrow(&self) -> Option<i128> {
        match self {
            Num::Int(i) => Some(i128::from(*i)),
            Num::Big(b) => b.to_i64().map(i128::from),
            Num::Float(_) => None,
        }
    }
}

impl Vm {
    /// An int value from a big int, inline when it fits.
    pub fn int_from_big(&mut self, b: BigInt) -> PyResult<Value> {
        if let Some(i) = b.to_i64() {
            if let Some(v) = Value::small_int(i) {
                return Ok(v);
            }
        } else if !cfg!(feature = "bigint") {
            return Err(self.int_too_large());
        }
        // The allocation charges the digits (`HeapInt::heap_bytes`).
        self.alloc_value(Obj::BigInt(HeapInt::from_big(b)))
    }

    /// An int value from an i128.
    pub fn int_from_i128(&mut self, i: i128) -> PyResult<Value> {
        if let Ok(small) = i64::try_from(i) {
            if let Some(v) = Value::small_int(small) {
                return Ok(v);
            }
        } else if !cfg!(feature = "bigint") {
            return Err(self.int_too_large());
        }
        self.alloc_value(Obj::BigInt(HeapInt::from_i128(i)))
    }

    /// The value as a big int if it is an int or bool.
    pub fn to_bigint(&self, v: Value) -> Option<BigInt> {
        if let Some(i) = v.as_small_int() {
            return Some(BigInt::from_i64(i));
        }
        match v {
            Value::TRUE => return Some(BigInt::one()),
            Value::FALSE => return Some(BigInt::zero()),
            _ => {}
        }
        match self.obj(v)? {
            Obj::BigInt(b) => Some(b.to_big()),
            Obj::Instance(i)
                if !i.native.is_undef()
                    && self.builtin_base(i.class) == super::types::BuiltinBase::Int =>
            {
                self.to_bigint(i.native)
            }
            _ => None,
        }
    }

    /// The value as an i64 if it is an int (or bool) that fits.
    pub fn as_i64(&self, v: Value) -> Option<i64> {
        if let Some(i) = v.as_small_int() {
            return Some(i);
        }
        match v {
            Value::TRUE => Some(1),
            Value::FALSE => Some(0),
            _ => match self.obj(v)? {
                Obj::BigInt(b) => b.to_i64(),
                // An instance of a subclass of `int` is its value.
                Obj::Instance(i)
                    if !i.native.is_undef()
                        && self.builtin_base(i.class) == super::types::BuiltinBase::Int =>
                {
                    self.as_i64(i.native)
                }
                _ => None,
            },
        }
    }

    /// Whether `v` is an int (including bool and big ints).
    pub fn is_int(&self, v: Value) -> bool {
        v.is_small_int() || v.is_bool() || matches!(self.obj(v), Some(Obj::BigInt(_)))
    }

    fn num(&self, v: Value) -> Option<Num> {
        if let Some(x) = v.as_float() {
            return Some(Num::Float(x));
        }
        if let Some(i) = v.as_small_int() {
            return Some(Num::Int(i));
        }
        match v {
            Value::TRUE => return Some(Num::Int(1)),
            Value::FALSE => return Some(Num::Int(0)),
            _ => {}
        }
        match self.obj(v)? {
            Obj::BigInt(b) => Some(Num::Big(b.shared_big())),
            _ => None,
        }
    }

    /// Converts an int or float to f64 for float arithmetic.
    pub fn to_f64(&mut self, v: Value) -> PyResult<Option<f64>> {
        if let Some(x) = v.as_float() {
            return Ok(Some(x));
        }
        if let Some(i) = self.as_i64(v) {
            return Ok(Some(i as f64));
        }
        if let Some(Obj::BigInt(b)) = self.obj(v) {
            return match b.to_f64() {
                Ok(x) => Ok(Some(x)),
                Err(()) => Err(self.overflow_error("int too large to convert to float")),
            };
        }
        Ok(None)
    }

    /// `a op b` (or `a op= b` when `inplace`).
    pub fn binary_op(
        &mut self,
        a: Value,
        b: Value,
        op: BinaryOp,
        inplace: bool,
    ) -> PyResult<Value> {
        // Inline ints first: the overwhelmingly common case.
        if let (Some(x), Some(y)) = (a.as_small_int(), b.as_small_int()) {
            if let Some(v) = self.small_int_op(x, y, op)? {
                return Ok(v);
            }
        }
        if let (Some(x), Some(y)) = (a.as_float(), b.as_float()) {
            return self.float_op(x, y, op);
        }
        // Two exact sets (sudoku's `ALL - used`): straight to the table fast path.
        if let (Some(Obj::Set(_)), Some(Obj::Set(_))) = (self.obj(a), self.obj(b)) {
            if let Some(v) = self.set_binop_fast(a, b, op, inplace)? {
                return Ok(v);
            }
        }
        // Ints that fit in 128 bits (e.g. an LCG's `state * A + C`): i128 arithmetic
        // instead of copying both operands into `BigInt`s.
        if let (Some(x), Some(y)) = (self.as_wide(a), self.as_wide(b)) {
            if let Some(v) = self.wide_int_op(x, y, op)? {
                return Ok(v);
            }
        }
        if let (Some(x), Some(y)) = (self.num(a), self.num(b)) {
            let bitwise = matches!(
                op,
                BinaryOp::And | BinaryOp::Or | BinaryOp::Xor | BinaryOp::Lshift | BinaryOp::Rshift
            );
            if bitwise && (a.is_float() || b.is_float()) {
                return Err(self.unsupported(a, b, op, inplace));
            }
            if a.is_bool()
                && b.is_bool()
                && matches!(op, BinaryOp::And | BinaryOp::Or | BinaryOp::Xor)
            {
                let (x, y) = (a == Value::TRUE, b == Value::TRUE);
                let r = match op {
                    BinaryOp::And => x & y,
                    BinaryOp::Or => x | y,
                    _ => x ^ y,
                };
                return Ok(Value::bool(r));
            }
            return self.num_op(x, y, op);
        }
        // A builtin sequence has no numeric slot for `+`/`*`, so an instance's reflected
        // method is tried before concatenation/repetition (CPython's binary_op1 order).
        if matches!(op, BinaryOp::Add | BinaryOp::Multiply)
            && matches!(self.obj(b), Some(Obj::Instance(_)))
            && matches!(
                self.obj(a),
                Some(
                    Obj::Str(_) | Obj::List(_) | Obj::Tuple(_) | Obj::Bytes(_) | Obj::ByteArray(_)
                )
            )
        {
            let (_, rname, _) = op.dunders();
            if let Some(g) = self.lookup_special(b, rname)? {
                let r = self.call_bound(g, b, &[a])?;
                if r != Value::NOT_IMPLEMENTED {
                    return Ok(r);
                }
            }
            if op == BinaryOp::Multiply {
                if let Some(f) = self.user_special(b, "__index__")? {
                    let n = self.call_bound(f, b, &[])?;
                    if self.is_int(n) {
                        return self.binary_op(a, n, op, inplace);
                    }
                }
            }
            // `[0] + Stack(...)`: concatenation sees the subclass as its base value.
            if let (BinaryOp::Add, Some(nb)) = (op, self.native_value(b)) {
                if let Some(v) = self.builtin_binop(a, nb, op, inplace)? {
                    return Ok(v);
                }
            }
            // `b"ab" + array(...)`: bytes concatenate with any exported buffer.
            if op == BinaryOp::Add
                && matches!(self.obj(a), Some(Obj::Bytes(_) | Obj::ByteArray(_)))
            {
                if let Some(data) = self.exported_bytes(b)? {
                    let nb = self.alloc_value(Obj::Bytes(data.into_boxed_slice()))?;
                    return self.with_roots(&[nb], |vm, _| vm.binary_op(a, nb, op, inplace));
                }
            }
        }
        if let Some(v) = self.builtin_binop(a, b, op, inplace)? {
            return Ok(v);
        }
        self.dunder_binop(a, b, op, inplace)
    }

    /// The value of a small int or of a heap int stored in place (not a bool).
    #[inline]
    pub(crate) fn as_wide(&self, v: Value) -> Option<i128> {
        if let Some(i) = v.as_small_int() {
            return Some(i as i128);
        }
        match self.obj(v)? {
            Obj::BigInt(h) => h.as_i128(),
            _ => None,
        }
    }

    /// `x op y` in i128 arithmetic; `Ok(None)` when the result may not fit (or for operators
    /// left to the general path), with the errors of [`Vm::small_int_op`].
    pub(super) fn wide_int_op(&mut self, x: i128, y: i128, op: BinaryOp) -> PyResult<Option<Value>> {
        let r = match op {
            BinaryOp::Add => x.checked_add(y),
            BinaryOp::Subtract => x.checked_sub(y),
            BinaryOp::Multiply => x.checked_mul(y),
            BinaryOp::FloorDivide | BinaryOp::Remainder => {
                if y == 0 {
                    return Err(self.int_zero_division(op));
                }
                let (Some(q), Some(m)) = (x.checked_div(y), x.checked_rem(y)) else {
                    return Ok(None);
                };
                let adjust = m != 0 && ((m < 0) != (y < 0));
                Some(match (op, adjust) {
                    (BinaryOp::FloorDivide, false) => q,
                    (BinaryOp::FloorDivide, true) => q - 1,
                    (_, false) => m,
                    (_, true) => m + y,
                })
            }
            BinaryOp::And => Some(x & y),
            BinaryOp::Or => Some(x | y),
            BinaryOp::Xor => Some(x ^ y),
            BinaryOp::Lshift => {
                if y < 0 {
                    return Err(self.value_error("negative shift count"));
                }
                if y < 127 && (x << y) >> y == x {
                    Some(x << y)
                } else {
                    None
                }
            }
            BinaryOp::Rshift => {
                if y < 0 {
                    return Err(self.value_error("negative shift count"));
                }
                Some(x >> y.min(127))
            }
            _ => None,
        };
        match r {
            Some(r) => self.int_from_i128(r).map(Some),
            None => Ok(None),
        }
    }

    /// The `ZeroDivisionError` of `//` or `%` (`op`) by an int zero.
    fn int_zero_division(&mut self, op: BinaryOp) -> PyErr {
        self.zero_division(if op == BinaryOp::Remainder {
            "integer modulo by zero"
        } else {
            "integer division or modulo by zero"
        })
    }

    fn small_int_op(&mut self, x: i64, y: i64, op: BinaryOp) -> PyResult<Option<Value>> {
        let r: i128 = match op {
            BinaryOp::Add => x as i128 + y as i128,
            BinaryOp::Subtract => x as i128 - y as i128,
            BinaryOp::Multiply => x as i128 * y as i128,
            BinaryOp::FloorDivide | BinaryOp::Remainder => {
                if y == 0 {
                    return Err(self.int_zero_division(op));
                }
                let (q, m) = floor_divmod(x, y);
                if op == BinaryOp::FloorDivide {
                    q as i128
                } else {
                    m as i128
                }
            }
            BinaryOp::And => (x & y) as i128,
            BinaryOp::Or => (x | y) as i128,
            BinaryOp::Xor => (x ^ y) as i128,
            BinaryOp::Lshift => {
                if y < 0 {
                    return Err(self.value_error("negative shift count"));
                }
                if y < 64 && (x.unsigned_abs() as u128) << y < (1u128 << 126) {
                    (x as i128) << y
                } else {
                    return Ok(None);
                }
            }
            BinaryOp::Rshift => {
                if y < 0 {
                    return Err(self.value_error("negative shift count"));
                }
                (x >> y.min(63)) as i128
            }
            BinaryOp::TrueDivide => {
                if y == 0 {
                    return Err(self.zero_division("division by zero"));
                }
                if x.unsigned_abs() < (1 << 53) && y.unsigned_abs() < (1 << 53) {
                    return Ok(Some(Value::float(x as f64 / y as f64)));
                }
                return Ok(None);
            }
            BinaryOp::Power => {
                if y < 0 {
                    return self.float_op(x as f64, y as f64, op).map(Some);
                }
                match (x as i128).checked_pow(y.min(u32::MAX as i64) as u32) {
                    Some(r) if y <= u32::MAX as i64 => r,
                    _ => return Ok(None),
                }
            }
            BinaryOp::MatrixMultiply => return Ok(None),
        };
        self.int_from_i128(r).map(Some)
    }

    fn num_op(&mut self, x: Num, y: Num, op: BinaryOp) -> PyResult<Value> {
        match (x, y) {
            (Num::Float(a), b) => {
                let b = self.num_to_f64(b)?;
                self.float_op(a, b, op)
            }
            (a, Num::Float(b)) => {
                let a = self.num_to_f64(a)?;
                self.float_op(a, b, op)
            }
            (a, b) => {
                if !cfg!(feature = "bigint") {
                    let (Some(x), Some(y)) = (a.narrow(), b.narrow()) else {
                        return Err(self.int_too_large());
                    };
                    return self.narrow_int_op(x, y, op);
                }
                let a = match a {
                    Num::Int(i) => Rc::new(BigInt::from_i64(i)),
                    Num::Big(b) => b,
                    Num::Float(_) => return Err(self.internal_error("float in int op")),
                };
                let b = match b {
                    Num::Int(i) => Rc::new(BigInt::from_i64(i)),
                    Num::Big(b) => b,
                    Num::Float(_) => return Err(self.internal_error("float in int op")),
                };
                self.big_op(&a, &b, op)
            }
        }
    }

    fn num_to_f64(&mut self, n: Num) -> PyResult<f64> {
        match n {
            Num::Int(i) => Ok(i as f64),
            Num::Float(x) => Ok(x),
            Num::Big(b) => b
                .to_f64()
                .map_err(|_| self.overflow_error("int too large to convert to float")),
        }
    }

    fn big_op(&mut self, a: &BigInt, b: &BigInt, op: BinaryOp) -> PyResult<Value> {
        // The native memory of a large product while it is computed (its result and the
        // temporaries, about as much again), charged up front: an operation that cannot fit
        // fails at once instead of computing for seconds.
        let mut room = None;
        let r = match op {
            BinaryOp::Add => a.add(b),
            BinaryOp::Subtract => a.sub(b),
            BinaryOp::Multiply => {
                room = self.int_room(a.bit_length().saturating_add(b.bit_length()), 2)?;
                let r = self.long_int_op(|check| {
                    a.mul_with(b, check).map_err(LongError::<Infallible>::from)
                })?;
                match r {
                    Ok(r) => r,
                    Err(never) => match never {},
                }
            }
            BinaryOp::FloorDivide | BinaryOp::Remainder => {
                let r = self.long_int_op(|check| a.divmod_floor_with(b, check))?;
                match r {
                    Ok((q, _)) if op == BinaryOp::FloorDivide => q,
                    Ok((_, m)) => m,
                    Err(DivError::ZeroDivision) => return Err(self.int_zero_division(op)),
                    Err(e) => return Err(self.div_error(e)),
                }
            }
            BinaryOp::TrueDivide => {
                let x = BigInt::true_div(a, b).map_err(|e| match e {
                    DivError::ZeroDivision => self.zero_division("division by zero"),
                    DivError::Overflow => {
                        self.overflow_error("integer division result too large for a float")
                    }
                })?;
                return Ok(Value::float(x));
            }
            BinaryOp::And => a.and(b),
            BinaryOp::Or => a.or(b),
            BinaryOp::Xor => a.xor(b),
            BinaryOp::Lshift | BinaryOp::Rshift => {
                if b.is_negative() {
                    return Err(self.value_error("negative shift count"));
                }
                let n = b.to_u64().unwrap_or(u64::MAX);
                if op == BinaryOp::Rshift {
                    a.shr(n)
                } else {
                    if a.is_zero() {
                        return Ok(Value::int_unchecked(0));
                    }
                    room = self.int_room(a.bit_length().saturating_add(n), 1)?;
                    a.shl(n)
                        .map_err(|_| self.overflow_error("too many digits in integer"))?
                }
            }
            BinaryOp::Power => {
                if b.is_negative() {
                    let x = a
                        .to_f64()
                        .map_err(|_| self.overflow_error("int too large to convert to float"))?;
                    let y = b.to_f64().unwrap_or(f64::NEG_INFINITY);
                    return self.float_op(x, y, op);
                }
                let e = b.to_u64().unwrap_or(u64::MAX);
                room = self.int_room(a.pow_bits_bound(e), 2)?;
                match self.long_int_op(|check| a.pow_with(e, check))? {
                    Ok(r) => r,
                    Err(_) => return Err(PyErr(self.memory_error)),
                }
            }
            BinaryOp::MatrixMultiply => {
                return Err(self.unsupported(Value::NONE, Value::NONE, op, false))
            }
        };
        // The result is charged as an object now.
        drop(room);
        self.int_from_big(r)
    }

    /// Charges `factor` times the `bits` of a big-int result against the heap limit for as
    /// long as the returned token lives, or fails with `MemoryError` when that cannot fit.
    /// Small results are not charged (the common case stays cheap).
    pub(crate) fn int_room(&mut self, bits: u64, factor: u64) -> PyResult<Option<Scratch>> {
        let bytes = bits / 8 + 8;
        if bytes < 4096 {
            return Ok(None);
        }
        let total = usize::try_from(bytes.saturating_mul(factor)).unwrap_or(usize::MAX);
        let mut scratch = self.scratch();
        scratch.cover(self, total)?;
        Ok(Some(scratch))
    }

    /// Runs a long big-int operation that polls for the embedder's interrupt: `f` gets the
    /// check to pass along. The interrupt's exception (`KeyboardInterrupt`) is raised when
    /// it stops the operation; the operation's own failure is returned.
    pub(crate) fn long_int_op<T, E>(
        &mut self,
        f: impl FnOnce(&mut dyn FnMut() -> bool) -> Result<T, LongError<E>>,
    ) -> PyResult<Result<T, E>> {
        let mut pending = None;
        let r = {
            let vm = &mut *self;
            let mut check = || match vm.poll_signals() {
                Ok(()) => false,
                Err(e) => {
                    pending = Some(e);
                    true
                }
            };
            f(&mut check)
        };
        match r {
            Ok(v) => Ok(Ok(v)),
            Err(LongError::Failed(e)) => Ok(Err(e)),
            Err(LongError::Stopped) => Err(pending.unwrap_or_else(|| self.memory_error())),
        }
    }

    fn div_error(&mut self, e: DivError) -> PyErr {
        match e {
            DivError::ZeroDivision => self.zero_division("integer division or modulo by zero"),
            DivError::Overflow => {
                self.overflow_error("integer division result too large for a float")
            }
        }
    }

    /// Float arithmetic with CPython's error semantics.
    pub fn float_op(&mut self, x: f64, y: f64, op: BinaryOp) -> PyResult<Value> {
        let r = match op {
            BinaryOp::Add => x + y,
            BinaryOp::Subtract => x - y,
            BinaryOp::Multiply => x * y,
            BinaryOp::TrueDivide => {
                if y == 0.0 {
                    return Err(self.zero_division("float division by zero"));
                }
                x / y
            }
            BinaryOp::FloorDivide => {
                if y == 0.0 {
                    return Err(self.zero_division("float floor division by zero"));
                }
                crate::numeric::floatops::float_divmod(x, y).map_or(f64::NAN, |r| r.0)
            }
            BinaryOp::Remainder => {
                if y == 0.0 {
                    return Err(self.zero_division("float modulo"));
                }
                crate::numeric::floatops::float_divmod(x, y).map_or(f64::NAN, |r| r.1)
            }
            BinaryOp::Power => return self.float_pow(x, y),
            _ => {
                let (a, b) = (Value::float(x), Value::float(y));
                return Err(self.unsupported(a, b, op, false));
            }
        };
        Ok(Value::float(r))
    }

    fn float_pow(&mut self, x: f64, y: f64) -> PyResult<Value> {
        if y == 0.0 {
            return Ok(Value::float(1.0));
        }
        if x.is_nan() {
            return Ok(Value::float(if y == 0.0 { 1.0 } else { x }));
        }
        if x == 0.0 && y < 0.0 && y.is_finite() {
            return Err(self.zero_division("0.0 cannot be raised to a negative power"));
        }
        if x < 0.0 && x.is_finite() && y.is_finite() && libm::floor(y) != y {
            // A negative number to a fractional power: the complex type's power.
            return self.complex_pow_of_floats(x, y);
        }
        let r = libm::pow(x, y);
        if r.is_infinite() && x.is_finite() && y.is_finite() {
            return Err(self.overflow_error("(34, 'Numerical result out of range')"));
        }
        Ok(Value::float(r))
    }

    /// The TypeError for an unsupported operand pair.
    pub fn unsupported(&mut self, a: Value, b: Value, op: BinaryOp, inplace: bool) -> PyErr {
        let sym = if op == BinaryOp::Power && !inplace {
            String::from("** or pow()")
        } else if inplace {
            format!("{}=", op.symbol())
        } else {
            String::from(op.symbol())
        };
        let msg = format!(
            "unsupported operand type(s) for {sym}: '{}' and '{}'",
            self.type_name(a),
            self.type_name(b)
        );
        self.type_error(msg)
    }

    fn builtin_binop(
        &mut self,
        a: Value,
        b: Value,
        op: BinaryOp,
        inplace: bool,
    ) -> PyResult<Option<Value>> {
        let (Some(ra), rb) = (a.as_obj(), b.as_obj()) else {
            // A number on the left with a sequence on the right: only `n * seq`.
            if op == BinaryOp::Multiply && self.is_int(a) && self.is_sequence(b) {
                return self.repeat(b, a).map(Some);
            }
            if cfg!(feature = "complex") && matches!(self.obj(b), Some(Obj::Complex { .. })) {
                return self.complex_binop(a, b, op);
            }
            return Ok(None);
        };
        match (self.heap.get(ra), rb.map(|r| self.heap.get(r))) {
            (Obj::Str(x), Some(Obj::Str(y))) if op == BinaryOp::Add => {
                let mut s = String::new();
                s.try_reserve(x.len() + y.len())
                    .map_err(|_| PyErr(self.memory_error))?;
                s.push_str(x.as_str());
                s.push_str(y.as_str());
                self.new_string(s).map(Some)
            }
            (Obj::Str(_), _) if op == BinaryOp::Remainder => self.percent_format(a, b).map(Some),
            (Obj::Str(_), _) if op == BinaryOp::Add => Err(self.concat_error("str", b)),
            (Obj::List(_), Some(Obj::List(y))) if op == BinaryOp::Add && inplace => {
                let items = y.clone();
                self.list_extend_values(ra, &items)?;
                Ok(Some(a))
            }
            (Obj::List(_), _) if op == BinaryOp::Add && inplace => {
                let items = self.collect_iter(b)?;
                self.list_extend_values(ra, &items)?;
                Ok(Some(a))
            }
            (Obj::List(x), Some(Obj::List(y))) if op == BinaryOp::Add => {
                let mut v = Vec::new();
                v.try_reserve(x.len() + y.len())
                    .map_err(|_| PyErr(self.memory_error))?;
                v.extend_from_slice(x);
                v.extend_from_slice(y);
                self.new_list(v).map(Some)
            }
            (Obj::List(_), _) if op == BinaryOp::Add => Err(self.concat_error("list", b)),
            (Obj::Tuple(x), Some(Obj::Tuple(y))) if op == BinaryOp::Add => {
                let mut v = Vec::new();
                v.try_reserve(x.len() + y.len())
                    .map_err(|_| PyErr(self.memory_error))?;
                v.extend_from_slice(x);
                v.extend_from_slice(y);
                self.new_tuple(v).map(Some)
            }
            (Obj::Tuple(_), _) if op == BinaryOp::Add => Err(self.concat_error("tuple", b)),
            (
                Obj::Bytes(_) | Obj::ByteArray(_),
                Some(Obj::Bytes(_) | Obj::ByteArray(_) | Obj::MemoryView(_)),
            ) if op == BinaryOp::Add => self.bytes_concat(ra, a, b, inplace).map(Some),
            (Obj::Bytes(_) | Obj::ByteArray(_), _) if op == BinaryOp::Add => {
                let is_ba = matches!(self.heap.get(ra), Obj::ByteArray(_));
                let msg = format!(
                    "can't concat {} to {}",
                    self.type_name(b),
                    if is_ba { "bytearray" } else { "bytes" }
                );
                Err(self.type_error(msg))
            }
            (Obj::Bytes(_) | Obj::ByteArray(_), _) if op == BinaryOp::Remainder => {
                self.percent_format_bytes(a, b).map(Some)
            }
            (Obj::Str(_) | Obj::List(_) | Obj::Tuple(_) | Obj::Bytes(_) | Obj::ByteArray(_), _)
                if op == BinaryOp::Multiply =>
            {
                self.sequence_multiply(ra, a, b, inplace)
            }
            (Obj::Set(_), Some(Obj::Set(_))) => self.set_binop(a, b, op, inplace),
            (Obj::DictView { .. }, _) | (_, Some(Obj::DictView { .. })) => {
                self.set_binop(a, b, op, inplace)
            }
            // `d |= x` takes what `d.update(x)` takes: a mapping or an iterable of pairs.
            (Obj::Dict(_), _) if op == BinaryOp::Or && inplace => {
                self.dict_update_from(ra, b)?;
                Ok(Some(a))
            }
            (Obj::Dict(_), Some(Obj::Dict(_))) if op == BinaryOp::Or => {
                if inplace {
                    self.dict_update_from(ra, b)?;
                    return Ok(Some(a));
                }
                let d = self.new_dict()?;
                let dr = d.as_obj().unwrap_or(ra);
                self.dict_update_from(dr, a)?;
                self.dict_update_from(dr, b)?;
                Ok(Some(d))
            }
            (Obj::Complex { .. }, _) | (_, Some(Obj::Complex { .. })) if cfg!(feature = "complex") => {
                self.complex_binop(a, b, op)
            }
            _ => Ok(None),
        }
    }

    /// CPython's error for `seq + x` where `x` is not of the sequence's own type.
    fn concat_error(&mut self, kind: &str, b: Value) -> PyErr {
        let msg = format!(
            "can only concatenate {kind} (not \"{}\") to {kind}",
            self.type_name(b)
        );
        self.type_error(msg)
    }

    /// `bytes + x` and `bytearray + x` (`+=` extends a bytearray in place).
    fn bytes_concat(&mut self, ra: super::value::ObjRef, a: Value, b: Value, inplace: bool) -> PyResult<Value> {
        let mut v = self.bytes_data(a).unwrap_or_default();
        let w = self.bytes_data(b).unwrap_or_default();
        let is_ba = matches!(self.heap.get(ra), Obj::ByteArray(_));
        if inplace && is_ba {
            let n = v.len();
            self.check_resize(ra, n, n + w.len())?;
            self.charge(w.len())?;
            if let Obj::ByteArray(x) = self.heap.get_mut(ra) {
                x.extend_from_slice(&w);
            }
            return Ok(a);
        }
        v.extend_from_slice(&w);
        let obj = if is_ba {
            Obj::ByteArray(v)
        } else {
            Obj::Bytes(v.into_boxed_slice())
        };
        self.alloc_value(obj)
    }

    /// `seq * n` (and `*=`, in place for lists and bytearrays); `None` leaves an instance
    /// on the right to its reflected method.
    fn sequence_multiply(
        &mut self,
        ra: super::value::ObjRef,
        a: Value,
        b: Value,
        inplace: bool,
    ) -> PyResult<Option<Value>> {
        if !self.is_int(b) {
            if matches!(self.obj(b), Some(Obj::Instance(_))) {
                return Ok(None);
            }
            let msg = format!(
                "can't multiply sequence by non-int of type '{}'",
                self.type_name(b)
            );
            return Err(self.type_error(msg));
        }
        if inplace && matches!(self.heap.get(ra), Obj::List(_)) {
            return self.list_repeat_in_place(a, b).map(Some);
        }
        if inplace && matches!(self.heap.get(ra), Obj::ByteArray(_)) {
            return self.bytearray_repeat_in_place(ra, a, b).map(Some);
        }
        self.repeat(a, b).map(Some)
    }

    fn is_sequence(&self, v: Value) -> bool {
        matches!(
            self.obj(v),
            Some(Obj::Str(_) | Obj::List(_) | Obj::Tuple(_) | Obj::Bytes(_) | Obj::ByteArray(_))
        )
    }

    /// `list *= n`: the list repeated in place.
    fn list_repeat_in_place(&mut self, list: Value, n: Value) -> PyResult<Value> {
        let Some(n) = self.as_i64(n) else {
            return Err(self.overflow_error("cannot fit 'int' into an index-sized integer"));
        };
        let items = match self.obj(list) {
            Some(Obj::List(l)) => l.to_vec(),
            _ => Vec::new(),
        };
        let count = usize::try_from(n.max(0)).unwrap_or(usize::MAX);
        let size = (items.len() * 8).checked_mul(count);
        if !size.is_some_and(|n| self.heap.fits_releasing_pools(n)) {
            return Err(PyErr(self.memory_error));
        }
        let mut out = Vec::new();
        // An empty list stays empty however large the count.
        if !items.is_empty() {
            for _ in 0..count {
                out.extend_from_slice(&items);
            }
        }
        self.charge(out.len() * 8)?;
        if let Some(r) = list.as_obj() {
            if let Obj::List(l) = self.heap.get_mut(r) {
                *l = out.into();
            }
        }
        Ok(list)
    }

    /// `bytearray *= n`: the bytes repeated in place (the object keeps its identity).
    fn bytearray_repeat_in_place(
        &mut self,
        r: super::value::ObjRef,
        ba: Value,
        n: Value,
    ) -> PyResult<Value> {
        let repeated = self.repeat(ba, n)?;
        let data = self.bytes_data(repeated).unwrap_or_default();
        let old = self.bytes_data(ba).map_or(0, |d| d.len());
        self.check_resize(r, old, data.len())?;
        if let Obj::ByteArray(x) = self.heap.get_mut(r) {
            *x = data;
        }
        Ok(ba)
    }

    /// `seq * n`.
    fn repeat(&mut self, seq: Value, n: Value) -> PyResult<Value> {
        let Some(count) = self.as_i64(n) else {
            return Err(self.overflow_error("cannot fit 'int' into an index-sized integer"));
        };
        // The result's size against the room left on the heap, before building it.
        let count = usize::try_from(count.max(0)).unwrap_or(usize::MAX);
        let size = self.seq_byte_len(seq).checked_mul(count);
        if !size.is_some_and(|n| self.heap.fits_releasing_pools(n)) {
            return Err(PyErr(self.memory_error));
        }
        match self.obj(seq) {
            Some(Obj::Str(s)) => {
                let out = s.as_str().repeat(count);
                self.new_string(out)
            }
            Some(Obj::List(l)) => {
                let out: Vec<Value> = l.iter().copied().cycle().take(l.len() * count).collect();
                self.new_list(out)
            }
            Some(Obj::Tuple(t)) => {
                let out: Vec<Value> = t.iter().copied().cycle().take(t.len() * count).collect();
                self.new_tuple(out)
            }
            Some(Obj::Bytes(b)) => {
                let out = b.repeat(count);
                self.alloc_value(Obj::Bytes(out.into_boxed_slice()))
            }
            Some(Obj::ByteArray(b)) => {
                let out = b.repeat(count);
                self.alloc_value(Obj::ByteArray(out))
            }
            _ => Err(self.internal_error("repeat of a non-sequence")),
        }
    }

    fn seq_byte_len(&self, v: Value) -> usize {
        match self.obj(v) {
            Some(Obj::Str(s)) => s.len(),
            Some(Obj::List(l)) => l.len() * 8,
            Some(Obj::Tuple(t)) => t.len() * 8,
            Some(Obj::Bytes(b)) => b.len(),
            Some(Obj::ByteArray(b)) => b.len(),
            _ => 0,
        }
    }

    /// The bytes of a bytes or bytearray value.
    /// The bytes of a bytes-like value: a bytes, bytearray or (unreleased) memoryview.
    pub fn bytes_data(&self, v: Value) -> Option<Vec<u8>> {
        match self.obj(v)? {
            Obj::Bytes(b) => Some(b.to_vec()),
            Obj::ByteArray(b) => Some(b.clone()),
            Obj::MemoryView(m) if !m.released => Some(self.memview_bytes(m)),
            _ => None,
        }
    }

    fn dunder_binop(&mut self, a: Value, b: Value, op: BinaryOp, inplace: bool) -> PyResult<Value> {
        let (name, rname, iname) = op.dunders();
        if inplace {
            if let Some(f) = self.lookup_special(a, iname)? {
                let r = self.call_bound(f, a, &[b])?;
                if r != Value::NOT_IMPLEMENTED {
                    return Ok(r);
                }
            }
        }
        let ta = self.type_of(a);
        let tb = self.type_of(b);
        let fa = self.lookup_special(a, name)?;
        let fb = if ta != tb {
            self.lookup_special(b, rname)?
        } else {
            None
        };
        // A subclass overriding the reflected method gets the first try.
        if let Some(g) = fb {
            if self.is_subclass(tb, ta) && fa != Some(g) {
                let r = self.call_bound(g, b, &[a])?;
                if r != Value::NOT_IMPLEMENTED {
                    return Ok(r);
                }
            }
        }
        if let Some(f) = fa {
            if !self.is_builtin_object_method(f) || self.is_user_instance(a) {
                let r = self.call_bound(f, a, &[b])?;
                if r != Value::NOT_IMPLEMENTED {
                    return Ok(r);
                }
            }
        }
        if let Some(g) = fb {
            let r = self.call_bound(g, b, &[a])?;
            if r != Value::NOT_IMPLEMENTED {
                return Ok(r);
            }
        }
        self.native_binop(a, b, op, inplace)
    }

    /// The builtin operation of a user subclass of a builtin type (e.g. `Stack(list) + [9]`),
    /// applied to the base values: CPython inherits `list.__add__` and friends, whose results
    /// are plain builtin values, except that an in-place operation returns the instance.
    fn native_binop(&mut self, a: Value, b: Value, op: BinaryOp, inplace: bool) -> PyResult<Value> {
        let (na, nb) = (self.native_value(a), self.native_value(b));
        if na.is_none() && nb.is_none() {
            return Err(self.binop_error(a, b, op, inplace));
        }
        let x = na.unwrap_or(a);
        // `seq * Stack()` stays an error that names the subclass, not its base value.
        let nb = nb.filter(|_| op != BinaryOp::Multiply || self.num(x).is_some());
        let y = nb.unwrap_or(b);
        if self.num(x).is_some() && self.num(y).is_some() {
            return self.binary_op(x, y, op, inplace);
        }
        match self.builtin_binop(x, y, op, inplace)? {
            Some(r) if inplace && na.is_some() && r == x => Ok(a),
            Some(r) => Ok(r),
            None => Err(self.binop_error(a, b, op, inplace)),
        }
    }

    /// The TypeError once every method declined: a builtin sequence (or subclass) times a
    /// non-int gets CPython's repetition message, anything else "unsupported operand".
    pub(crate) fn binop_error(&mut self, a: Value, b: Value, op: BinaryOp, inplace: bool) -> PyErr {
        let seq = self.native_value(a).unwrap_or(a);
        if op == BinaryOp::Multiply && self.is_sequence(seq) {
            let msg = format!(
                "can't multiply sequence by non-int of type '{}'",
                self.type_name(b)
            );
            return self.type_error(msg);
        }
        self.unsupported(a, b, op, inplace)
    }

    /// The builtin base value of an instance of a user subclass of a builtin type.
    pub fn native_value(&self, v: Value) -> Option<Value> {
        match self.obj(v)? {
            Obj::Instance(i) if !i.native.is_undef() => Some(i.native),
            _ => None,
        }
    }
}

/// Floor division and modulo of i64 with Python's signs (divisor non-zero; the quotient of
/// `i64::MIN // -1` cannot occur because inline ints are 48-bit).
#[inline]
pub fn floor_divmod(x: i64, y: i64) -> (i64, i64) {
    let q = x / y;
    let r = x % y;
    if r != 0 && ((r < 0) != (y < 0)) {
        (q - 1, r + y)
    } else {
        (q, r)
    }
}
