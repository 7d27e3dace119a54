//! Bodies of the specialized forms for the remaining small-int operators (`BINARY_OP_INT`),
//! `for` loops over generators (`FOR_ITER_GEN`) and `tuple(seq)`/`list(seq)` of a list or
//! tuple (`CALL_TUPLE_LIST_1`). Same rules as `spec_uops`: a guard deoptimizes before any
//! side effect.

use crate::bytecode::ops::BinaryOp;
use crate::interp::eval::{Ctx, Flow};
use crate::interp::frame::OnReturn;
use crate::object::arith::floor_divmod;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

type UopResult = Result<Flow, PyErr>;

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
    let r = match op {
        REMAINDER if y != 0 => floor_divmod(x, y).1,
        FLOOR_DIVIDE if y != 0 => floor_divmod(x, y).0,
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

impl Vm {
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
            None => {
                let (op, inplace) = BinaryOp::from_oparg(arg)
                    .ok_or_else(|| self.internal_error("bad BINARY_OP oparg"))?;
                self.binary_op(a, b, op, inplace)?
            }
        };
        self.stack[n - 2] = r;
        self.stack.truncate(n - 1);
        Ok(Flow::Next)
    }

    /// `FOR_ITER_GEN`: resumes the generator on top of the stack with no Rust recursion (its
    /// frame is pushed; a yield comes back to the loop body, a return ends the loop).
    #[inline(always)]
    pub(crate) fn for_iter_gen(&mut self, ctx: &mut Ctx, target: u32) -> UopResult {
        let Some(r) = self.stack.last().and_then(|v| v.as_obj()) else {
            return Ok(Flow::Deopt);
        };
        let on_return = OnReturn::ForIter { exhausted: target };
        if self.resume_suspended(r, Value::NONE, on_return) {
            let f = &mut self.frames[ctx.fi];
            f.ip = ctx.ip as u32;
            f.lasti = ctx.this as u32;
            return Ok(Flow::Reload);
        }
        if !matches!(self.heap.get(r), Obj::Generator(_)) {
            return Ok(Flow::Deopt);
        }
        let f = &mut self.frames[ctx.fi];
        f.ip = ctx.ip as u32;
        f.lasti = ctx.this as u32;
        if self.resume_generator(r, Value::NONE, on_return)? {
            Ok(Flow::Reload)
        } else {
            self.stack.pop();
            ctx.ip = target as usize;
            Ok(Flow::Next)
        }
    }

    /// `CALL_TUPLE_LIST_1`: `tuple(x)` or `list(x)` where `x` is a list or tuple: the items
    /// are copied directly (no iterator, no argument checking). `tuple` of a tuple is the
    /// tuple itself, as in CPython.
    #[inline(always)]
    pub(crate) fn call_tuple_list_1(&mut self) -> UopResult {
        let n = self.stack.len();
        if n < 3 || !self.stack[n - 2].is_undef() {
            return Ok(Flow::Deopt);
        }
        let (callee, arg) = (self.stack[n - 3], self.stack[n - 1]);
        let to_tuple = match callee.as_obj() {
            Some(c) if c == self.types.tuple => true,
            Some(c) if c == self.types.list => false,
            _ => return Ok(Flow::Deopt),
        };
        let Some(r) = arg.as_obj() else {
            return Ok(Flow::Deopt);
        };
        let items = match self.heap.get(r) {
            Obj::Tuple(_) if to_tuple => None,
            Obj::Tuple(t) => Some(t.to_vec()),
            Obj::List(l) => Some(l.to_vec()),
            _ => return Ok(Flow::Deopt),
        };
        // The source still holds the items on the stack while the result is allocated.
        let v = match items {
            None => arg,
            Some(items) => {
                self.charge(items.len() * 8)?;
                if to_tuple {
                    self.new_tuple(items)?
                } else {
                    self.new_list(items)?
                }
            }
        };
        self.stack.truncate(n - 3);
        self.push(v);
        Ok(Flow::Next)
    }
}
