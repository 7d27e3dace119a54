//! Binary operators and comparisons: int, float and str forms, `BINARY_OP_INT` (the
//! remaining small-int operators) and the user-class dunder form.

use alloc::string::String;

use super::{UopResult, DEOPT, NEXT};
use crate::bytecode::ops::{BinaryOp, CompareOp, COMPARE_TO_BOOL};
use crate::interp::eval::{Ctx, Flow};
use crate::interp::frame::OnReturn;
use crate::bytecode::code::code_flags;
use crate::interp::specialize::{cache, exact_shape};
use crate::layout::{BINARY_RIGHT_FLOAT, BINARY_RIGHT_INT, BINARY_RIGHT_SAME};
use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, Vm};

const REMAINDER: u32 = BinaryOp::Remainder as u32;
const FLOOR_DIVIDE: u32 = BinaryOp::FloorDivide as u32;
const AND: u32 = BinaryOp::And as u32;
const OR: u32 = BinaryOp::Or as u32;
const XOR: u32 = BinaryOp::Xor as u32;
const LSHIFT: u32 = BinaryOp::Lshift as u32;
const RSHIFT: u32 = BinaryOp::Rshift as u32;

/// Whether `BINARY_OP_INT` implements `op` (the specializer's test).
pub(crate) fn is_binary_op_int(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Remainder
            | BinaryOp::FloorDivide
            | BinaryOp::And
            | BinaryOp::Or
            | BinaryOp::Xor
            | BinaryOp::Lshift
            | BinaryOp::Rshift
    )
}

/// `x op y` on two small ints when the result is a small int and no error is raised;
/// `None` otherwise (division by zero, negative or overflowing shift, a big result).
#[inline(always)]
fn small_int_result(op: u32, x: i64, y: i64) -> Option<Value> {
    // `%` and `//` inline (`floor_divmod`, a call where this is not inlined, was about a
    // fifth of the operation): the remainder takes the divisor's sign, and the quotient is
    // one less when the signs differ and the division is not exact.
    let r = match op {
        REMAINDER if y != 0 => {
            let r = x % y;
            // |r| < |y|: a small int.
            return Some(Value::int_unchecked(if r != 0 && (r ^ y) < 0 { r + y } else { r }));
        }
        FLOOR_DIVIDE if y != 0 => {
            let (q, r) = (x / y, x % y);
            if r != 0 && (r ^ y) < 0 {
                q - 1
            } else {
                q
            }
        }
        AND => x & y,
        OR => x | y,
        XOR => x ^ y,
        // Small ints are far from the i64 limits, so `r >> y == x` detects every overflow.
        LSHIFT if (0..64).contains(&y) => {
            let r = x << y;
            if r >> y != x {
                return None;
            }
            r
        }
        RSHIFT if y >= 0 => x >> y.min(63),
        _ => return None,
    };
    Value::small_int(r)
}

/// `x op y` for any ordered type.
#[inline(always)]
fn compare_values<T: PartialOrd + ?Sized>(op: CompareOp, x: &T, y: &T) -> bool {
    match op {
        CompareOp::Lt => x < y,
        CompareOp::Le => x <= y,
        CompareOp::Eq => x == y,
        CompareOp::Ne => x != y,
        CompareOp::Gt => x > y,
        CompareOp::Ge => x >= y,
    }
}

/// A small int or float as f64 (exact for small ints: they have 48 bits).
#[inline(always)]
fn as_f64(v: Value) -> f64 {
    match v.as_float() {
        Some(f) => f,
        None => v.small_int_value() as f64,
    }
}

impl Vm {
    #[inline(always)]
    pub(crate) fn guard_both_int(&self) -> UopResult {
        let (a, b) = self.top2();
        if a.is_small_int() && b.is_small_int() {
            NEXT
        } else {
            DEOPT
        }
    }

    /// Both operands are numbers (small ints or floats) and at least one is a float: the
    /// operation is a float operation (small ints convert to f64 exactly).
    #[inline(always)]
    pub(crate) fn guard_numbers_one_float(&self) -> UopResult {
        let (a, b) = self.top2();
        let num = |v: Value| v.is_float() || v.is_small_int();
        if num(a) && num(b) && (a.is_float() || b.is_float()) {
            NEXT
        } else {
            DEOPT
        }
    }

    /// Both operands are small ints or floats (true division is a float operation even on
    /// two ints).
    #[inline(always)]
    pub(crate) fn guard_both_numbers(&self) -> UopResult {
        let (a, b) = self.top2();
        let num = |v: Value| v.is_float() || v.is_small_int();
        if num(a) && num(b) {
            NEXT
        } else {
            DEOPT
        }
    }

    /// The owner's type is the cached builtin type (builtin types never change).
    #[inline(always)]
    pub(crate) fn guard_builtin_type(&self, ctx: &Ctx) -> UopResult {
        let v = self.top();
        // The receivers of most method calls inline; any other value asks `type_of` (a
        // call).
        let ty = match self.obj(v) {
            Some(Obj::List(_)) => self.types.list,
            Some(Obj::Str(_)) => self.types.str_,
            Some(Obj::Dict(_)) => self.types.dict,
            Some(Obj::Set(s)) if !s.frozen => self.types.set,
            _ => self.type_of(v),
        };
        if ty.0 == cache(ctx, 1) {
            NEXT
        } else {
            DEOPT
        }
    }

    #[inline(always)]
    pub(crate) fn guard_both_str(&self) -> UopResult {
        let (a, b) = self.top2();
        if matches!(self.obj(a), Some(Obj::Str(_))) && matches!(self.obj(b), Some(Obj::Str(_))) {
            NEXT
        } else {
            DEOPT
        }
    }

    /// An int operation on two small ints; `None` from `f` (i64 overflow) takes the generic
    /// path, which produces a big int.
    #[inline(always)]
    pub(crate) fn int_op(&mut self, arg: u32, f: fn(i64, i64) -> Option<i64>) -> UopResult {
        let (a, b) = self.top2();
        let r = match f(a.small_int_value(), b.small_int_value()) {
            Some(r) => match Value::small_int(r) {
                Some(v) => v,
                None => self.new_int(r)?,
            },
            None => {
                let (op, inplace) = BinaryOp::from_oparg(arg)
                    .ok_or_else(|| self.internal_error("bad BINARY_OP oparg"))?;
                self.binary_op(a, b, op, inplace)?
            }
        };
        self.replace2(r);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn float_binop(&mut self, f: fn(f64, f64) -> f64) -> UopResult {
        let (a, b) = self.top2();
        let r = f(as_f64(a), as_f64(b));
        self.replace2(Value::float(r));
        NEXT
    }

    #[inline(always)]
    pub(crate) fn float_div(&mut self, arg: u32) -> UopResult {
        let (a, b) = self.top2();
        let (x, y) = (as_f64(a), as_f64(b));
        let r = if y == 0.0 {
            let (op, inplace) = BinaryOp::from_oparg(arg)
                .ok_or_else(|| self.internal_error("bad BINARY_OP oparg"))?;
            self.binary_op(a, b, op, inplace)?
        } else {
            Value::float(x / y)
        };
        self.replace2(r);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn str_add(&mut self) -> UopResult {
        let (a, b) = self.top2();
        let s = {
            let (x, y) = (self.str_of(a).unwrap_or(""), self.str_of(b).unwrap_or(""));
            let mut s = String::new();
            if s.try_reserve(x.len() + y.len()).is_err() {
                return Err(PyErr(self.memory_error));
            }
            s.push_str(x);
            s.push_str(y);
            s
        };
        let r = self.new_string(s)?;
        self.replace2(r);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn compare_int(&mut self, arg: u32) -> UopResult {
        let (a, b) = self.top2();
        self.compare_with(arg, a.small_int_value(), b.small_int_value())
    }

    #[inline(always)]
    pub(crate) fn compare_float(&mut self, arg: u32) -> UopResult {
        let (a, b) = self.top2();
        self.compare_with(arg, as_f64(a), as_f64(b))
    }

    /// Replaces the two operands by the comparison `x op y` (IEEE semantics for floats: NaN
    /// compares unequal and unordered, as in Python).
    #[inline(always)]
    fn compare_with<T: PartialOrd>(&mut self, arg: u32, x: T, y: T) -> UopResult {
        let Some(r) = CompareOp::from_oparg(arg).map(|op| compare_values(op, &x, &y)) else {
            return DEOPT;
        };
        self.replace2(Value::bool(r));
        NEXT
    }

    #[inline(always)]
    pub(crate) fn compare_str(&mut self, arg: u32) -> UopResult {
        let (a, b) = self.top2();
        let r = {
            let (x, y) = (self.str_of(a).unwrap_or(""), self.str_of(b).unwrap_or(""));
            match CompareOp::from_oparg(arg) {
                // Interned or identical strings compare equal without reading them.
                Some(CompareOp::Eq) => a == b || x == y,
                Some(CompareOp::Ne) => a != b && x != y,
                Some(op) => compare_values(op, &x, &y),
                None => return DEOPT,
            }
        };
        self.replace2(Value::bool(r));
        NEXT
    }

    /// `a op b` where `a` is an instance of the user class with the cached version (so its
    /// dunder is the cached function and, for an in-place operator, it has no in-place
    /// dunder) and `b` has the cached type (`BINARY_RIGHT_*`): the same class or a builtin
    /// number, for which
    /// no reflected method can take over, so a `NotImplemented` result means the
    /// operation is unsupported. The dunder's frame is pushed (traces follow it) with
    /// copies of the operands as its locals; the operands stay below them, rooted, for
    /// the error of a `NotImplemented` result (`OnReturn::Binary`).
    #[inline(always)]
    pub(crate) fn binary_op_user(&mut self, ctx: &mut Ctx, arg: u32) -> UopResult {
        self.enter_user_dunder(ctx, OnReturn::Binary { op: arg }, false)
    }

    /// The guards and the frame push of `BINARY_OP_USER` and `COMPARE_OP_USER`: `a` an
    /// instance of the cached class version, `b` of the cached type (`BINARY_RIGHT_*`),
    /// the cached dunder a function (with `checked_code`, still a plain function of two
    /// arguments: its `__code__` can be replaced without a new class version). The
    /// operands stay below the frame, rooted, for what `on_return` does with them.
    #[inline(always)]
    fn enter_user_dunder(
        &mut self,
        ctx: &mut Ctx,
        on_return: OnReturn,
        checked_code: bool,
    ) -> UopResult {
        let (a, b) = self.top2();
        let Some(Obj::Instance(i)) = self.obj(a) else {
            return DEOPT;
        };
        let class = i.class;
        match self.heap.get(class) {
            Obj::Class(c) if c.version.get() == cache(ctx, 1) => {}
            _ => return DEOPT,
        }
        let right = match cache(ctx, 3) {
            BINARY_RIGHT_SAME => class,
            BINARY_RIGHT_INT => self.types.int,
            BINARY_RIGHT_FLOAT => self.types.float,
            _ => return DEOPT,
        };
        if self.type_of(b) != right {
            return DEOPT;
        }
        let func = ObjRef(cache(ctx, 2));
        let Obj::Function(f) = self.heap.get(func) else {
            return DEOPT;
        };
        if checked_code && (f.code.flags & code_flags::RESUMABLE != 0 || !exact_shape(&f.code, 2))
        {
            return DEOPT;
        }
        let (code, globals) = (f.code.clone(), f.globals);
        let floor = self.stack.len() - 2;
        self.check_frame_depth()?;
        self.reserve_frame(code.nlocalsplus(), &code)?;
        self.stack.push_reserved(a);
        self.stack.push_reserved(b);
        self.enter_exact(ctx, Value::obj(func), code, globals, 2, on_return, floor)
    }

    /// `COMPARE_OP_USER`: `a op b` where `a` is an instance of the cached class version,
    /// whose dunder for `op` is the cached function, and `b` of the cached type: pushes
    /// the dunder's frame (`OnReturn::Compare` finishes the comparison), as
    /// `BINARY_OP_USER` does.
    pub(crate) fn compare_op_user(&mut self, ctx: &mut Ctx, arg: u32) -> UopResult {
        self.enter_user_dunder(ctx, OnReturn::Compare { op: arg }, true)
    }

    /// The return of a rich comparison's dunder (`OnReturn::Compare`) with `v`, once its
    /// frame is gone: the comparison's result replaces the operands at `floor`. A
    /// `NotImplemented` goes on with the rest of the protocol; a result the oparg wants
    /// as a bool is converted.
    pub(crate) fn compare_dunder_returned(
        &mut self,
        floor: usize,
        arg: u32,
        v: Value,
    ) -> Result<Flow, PyErr> {
        let (Some(&a), Some(&b)) = (self.stack.get(floor), self.stack.get(floor + 1)) else {
            return Err(self.internal_error("a comparison's operands are gone"));
        };
        let Some(op) = CompareOp::from_oparg(arg) else {
            return Err(self.internal_error("bad COMPARE_OP oparg"));
        };
        // The operands stay on the stack (rooted) while the protocol may run more code.
        self.stack.truncate(floor + 2);
        let mut r = v;
        if r == Value::NOT_IMPLEMENTED {
            r = self.compare_after_declined(a, b, op)?;
        }
        if arg & COMPARE_TO_BOOL != 0 && !r.is_bool() {
            self.push(r);
            let t = self.truthy(r)?;
            r = Value::bool(t);
        }
        self.stack.truncate(floor);
        self.push(r);
        Ok(Flow::Reload)
    }

    /// The return of a binary operator's dunder (`OnReturn::Binary`) that gave
    /// `NotImplemented`: the operator's `TypeError`, with the operands at `floor`.
    #[cold]
    pub(crate) fn binary_dunder_declined(&mut self, floor: usize, arg: u32) -> PyErr {
        let (Some(&a), Some(&b)) = (self.stack.get(floor), self.stack.get(floor + 1)) else {
            return self.internal_error("a binary operator's operands are gone");
        };
        match BinaryOp::from_oparg(arg) {
            Some((op, inplace)) => self.binop_error(a, b, op, inplace),
            None => self.internal_error("bad BINARY_OP oparg"),
        }
    }

    /// Tier 2 (`_BINARY_OP_ADD_SMALL_INT` and co., after a proven or checked
    /// `_GUARD_BOTH_INT`): the operation when its result is a small int; otherwise the uop
    /// leaves the trace before any effect (tier 1 redoes the instruction and builds the big
    /// int), which lets the optimizer treat the result as a small int.
    #[inline(always)]
    pub(crate) fn checked_small_int_op(&mut self, f: fn(i64, i64) -> Option<i64>) -> UopResult {
        self.small_int_or_leave(|x, y| f(x, y).and_then(Value::small_int))
    }

    /// Tier 2 `_BINARY_OP_SMALL_INT`: `BINARY_OP_INT` when the result is a small int and
    /// nothing is raised; otherwise the uop leaves the trace before any effect.
    #[inline(always)]
    pub(crate) fn binary_op_small_int(&mut self, arg: u32) -> UopResult {
        let op = if arg >= BinaryOp::INPLACE {
            arg - BinaryOp::INPLACE
        } else {
            arg
        };
        self.small_int_or_leave(|x, y| small_int_result(op, x, y))
    }

    /// Replaces the two small ints on top of the stack by `f` of them, or deoptimizes
    /// (before any effect) when they are not both small ints or `f` has no small result.
    #[inline(always)]
    fn small_int_or_leave(&mut self, f: impl FnOnce(i64, i64) -> Option<Value>) -> UopResult {
        let n = self.stack.len();
        if n < 2 {
            return Ok(Flow::Deopt);
        }
        let (a, b) = (self.stack[n - 2], self.stack[n - 1]);
        let (Some(x), Some(y)) = (a.as_small_int(), b.as_small_int()) else {
            return Ok(Flow::Deopt);
        };
        match f(x, y) {
            Some(r) => {
                self.stack[n - 2] = r;
                self.stack.truncate(n - 1);
                Ok(Flow::Next)
            }
            None => Ok(Flow::Deopt),
        }
    }

    /// `BINARY_OP_INT` (after `_GUARD_BOTH_INT`): `%`, `//`, `&`, `|`, `^`, `<<`, `>>` with
    /// the operator in the oparg. The cases the inline path does not cover run the generic
    /// operation, which raises CPython's exact error or builds a big int.
    #[inline(always)]
    pub(crate) fn binary_op_int(&mut self, arg: u32) -> UopResult {
        let n = self.stack.len();
        if n < 2 {
            return Ok(Flow::Deopt);
        }
        let (a, b) = (self.stack[n - 2], self.stack[n - 1]);
        let op = if arg >= BinaryOp::INPLACE {
            arg - BinaryOp::INPLACE
        } else {
            arg
        };
        let r = match small_int_result(op, a.small_int_value(), b.small_int_value()) {
            Some(r) => r,
            None => self.binary_op_int_generic(a, b, arg)?,
        };
        self.stack[n - 2] = r;
        self.stack.truncate(n - 1);
        Ok(Flow::Next)
    }

    /// `BINARY_OP_INT`'s cases outside the small ints (errors, big results): out of line,
    /// so the handler's common path saves fewer registers.
    #[cold]
    #[inline(never)]
    fn binary_op_int_generic(&mut self, a: Value, b: Value, arg: u32) -> Result<Value, PyErr> {
        let (op, inplace) =
            BinaryOp::from_oparg(arg).ok_or_else(|| self.internal_error("bad BINARY_OP oparg"))?;
        self.binary_op(a, b, op, inplace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::arith::floor_divmod;

    /// The inline `%` and `//` agree with `floor_divmod` for every sign and at the ends of
    /// the small-int range.
    #[test]
    fn inline_divmod_matches_floor_divmod() {
        let max = crate::object::value::SMALL_INT_MAX;
        let min = crate::object::value::SMALL_INT_MIN;
        let values = [0, 1, -1, 2, -2, 3, -3, 7, -7, 1000003, -1000003, max, min, max - 1];
        for &x in &values {
            for &y in &values {
                if y == 0 {
                    assert!(small_int_result(REMAINDER, x, y).is_none());
                    assert!(small_int_result(FLOOR_DIVIDE, x, y).is_none());
                    continue;
                }
                let (q, r) = floor_divmod(x, y);
                assert_eq!(small_int_result(REMAINDER, x, y), Value::small_int(r), "{x} % {y}");
                assert_eq!(small_int_result(FLOOR_DIVIDE, x, y), Value::small_int(q), "{x} // {y}");
            }
        }
    }
}
