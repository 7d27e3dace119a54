//! Rules of the forward pass for operators: type guards of operands, arithmetic, comparisons and truth tests.

use super::Cx;
use crate::bytecode::ops::{BinaryOp, Uop};
use crate::exec::ir::UopInst;
use crate::opt::forward::{Act, Pass};
use crate::opt::symbol::{Contradiction, Ty};

impl Pass<'_> {
    /// The rule of `_GUARD_BOTH_INT`.
    pub(in crate::opt) fn guard_both_int(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.guard2(
            |a, b| a.within(Ty::SmallInt) && b.within(Ty::SmallInt),
            |p, a, b| {
                p.syms.refine(a, Ty::SmallInt)?;
                p.syms.refine(b, Ty::SmallInt)
            },
        )
    }

    /// The rule of `_GUARD_NUMBERS_ONE_FLOAT`.
    pub(in crate::opt) fn guard_numbers_one_float(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.guard2(
            |a, b| {
                a.within(Ty::Number) && b.within(Ty::Number) && (a == Ty::Float || b == Ty::Float)
            },
            |p, a, b| {
                p.syms.refine(a, Ty::Number)?;
                p.syms.refine(b, Ty::Number)?;
                // One of them is a float: if the other cannot be, this one is.
                if p.syms.is(a, Ty::SmallInt) {
                    p.syms.refine(b, Ty::Float)?;
                }
                if p.syms.is(b, Ty::SmallInt) {
                    p.syms.refine(a, Ty::Float)?;
                }
                Ok(())
            },
        )
    }

    /// The rule of `_GUARD_BOTH_NUMBERS`.
    pub(in crate::opt) fn guard_both_numbers(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.guard2(
            |a, b| a.within(Ty::Number) && b.within(Ty::Number),
            |p, a, b| {
                p.syms.refine(a, Ty::Number)?;
                p.syms.refine(b, Ty::Number)
            },
        )
    }

    /// The rule of `_GUARD_BOTH_STR`.
    pub(in crate::opt) fn guard_both_str(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.guard2(
            |a, b| a.within(Ty::Str) && b.within(Ty::Str),
            |p, a, b| {
                p.syms.refine(a, Ty::Str)?;
                p.syms.refine(b, Ty::Str)
            },
        )
    }

    /// The rule of `_BINARY_OP_ADD_INT`, `_BINARY_OP_SUBTRACT_INT`, `_BINARY_OP_MULTIPLY_INT`, `_BINARY_OP_INT`.
    pub(in crate::opt) fn int_arith(&mut self, u: &UopInst, cx: Cx) -> Result<Act, Contradiction> {
        use Uop::*;
        let can_replace = cx.can_replace;
        self.pop_n(2);
        // Rule: small-int arithmetic becomes its checked form, whose result is a
        // proven small int (it leaves when the result would not be one). Not for
        // products and left shifts: results past 2**47 are common there (hashes,
        // random number generators), and a trace leaving on every one costs more
        // than the guards it saves.
        let lshift = u.oparg % BinaryOp::INPLACE == BinaryOp::Lshift as u32;
        let checked = match u.uop {
            _BINARY_OP_ADD_INT => Some(_BINARY_OP_ADD_SMALL_INT),
            _BINARY_OP_SUBTRACT_INT => Some(_BINARY_OP_SUBTRACT_SMALL_INT),
            _BINARY_OP_INT if !lshift => Some(_BINARY_OP_SMALL_INT),
            _ => None,
        };
        match checked {
            Some(c) if can_replace => {
                self.push_new(Ty::SmallInt);
                Ok(Act::Replace(c))
            }
            _ => {
                self.push_new(Ty::Int);
                Ok(Act::Keep)
            }
        }
    }

    /// The rule of `_BINARY_OP_ADD_SMALL_INT`, `_BINARY_OP_SUBTRACT_SMALL_INT`, `_BINARY_OP_SMALL_INT`.
    pub(in crate::opt) fn small_int_arith(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.pop_n(2);
        self.push_new(Ty::SmallInt);
        Ok(Act::Keep)
    }

    /// The rule of `_BINARY_OP_ADD_FLOAT`, `_BINARY_OP_SUBTRACT_FLOAT`, `_BINARY_OP_MULTIPLY_FLOAT`, `_BINARY_OP_TRUE_DIVIDE_FLOAT`.
    pub(in crate::opt) fn float_arith(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.pop_n(2);
        self.push_new(Ty::Float);
        Ok(Act::Keep)
    }

    /// The rule of `_BINARY_OP_ADD_STR`.
    pub(in crate::opt) fn str_concat(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.pop_n(2);
        self.push_new(Ty::Str);
        Ok(Act::Keep)
    }

    /// The rule of `_IS_OP`, `_UNARY_NOT`.
    pub(in crate::opt) fn is_or_not(&mut self, u: &UopInst, _cx: Cx) -> Result<Act, Contradiction> {
        use Uop::*;
        // Identity tests and `not` give a bool (and run no code).
        self.pop_n(if u.uop == _IS_OP { 2 } else { 1 });
        self.push_new(Ty::Bool);
        Ok(Act::Keep)
    }

    /// The rule of `_COMPARE_OP_INT`, `_COMPARE_OP_FLOAT`, `_COMPARE_OP_STR`.
    pub(in crate::opt) fn typed_compare(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.pop_n(2);
        self.push_new(Ty::Bool);
        Ok(Act::Keep)
    }

    /// The rule of `_TO_BOOL_BOOL`.
    pub(in crate::opt) fn bool_test(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        // Rule: a proven bool needs no conversion (the uop only checks).
        let s = self.peek(1);
        if self.syms.is(s, Ty::Bool) {
            Ok(Act::Remove)
        } else {
            self.syms.refine(s, Ty::Bool)?;
            Ok(Act::Keep)
        }
    }

    /// The rule of `_TO_BOOL_INT`, `_TO_BOOL_NONE`, `_TO_BOOL_LIST`, `_TO_BOOL_STR`.
    pub(in crate::opt) fn typed_truth_test(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        use Uop::*;
        let s = self.pop();
        let ty = match u.uop {
            _TO_BOOL_INT => Ty::SmallInt,
            _TO_BOOL_NONE => Ty::NoneV,
            _TO_BOOL_LIST => Ty::List,
            _ => Ty::Str,
        };
        self.syms.refine(s, ty)?;
        self.push_new(Ty::Bool);
        Ok(Act::Keep)
    }

    /// The rule of `_BINARY_OP`, `_COMPARE_OP`.
    pub(in crate::opt) fn generic_operator(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        use Uop::*;
        // Rule: the generic operators on ints, floats and bools run no Python code.
        let (a, b) = (self.peek(2), self.peek(1));
        let numeric = self.syms.ty(a).is_numeric() && self.syms.ty(b).is_numeric();
        if !numeric {
            self.escape();
        }
        self.pop_n(2);
        let bool_result = numeric && u.uop == _COMPARE_OP;
        self.push_new(if bool_result { Ty::Bool } else { Ty::Unknown });
        Ok(Act::Keep)
    }

    /// The rule of `_GET_ITER`, `_TO_BOOL`.
    pub(in crate::opt) fn iter_or_test(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        use Uop::*;
        // Iterating or testing a builtin container, a str, a number or None runs no
        // Python code.
        let s = self.pop();
        let ty = self.syms.ty(s);
        let builtin = ty.is_numeric()
            || matches!(
                ty,
                Ty::NoneV | Ty::Str | Ty::List | Ty::Tuple | Ty::Dict | Ty::Set
            );
        let iter = u.uop == _GET_ITER;
        if !builtin || (iter && ty.is_numeric()) {
            self.escape();
        }
        // Rule: `iter()` of a proven list or tuple is a list or tuple iterator.
        let result = match (iter, ty) {
            (false, _) => Ty::Bool,
            (true, Ty::List) => Ty::ListIter,
            (true, Ty::Tuple) => Ty::TupleIter,
            (true, _) => Ty::Unknown,
        };
        self.push_new(result);
        Ok(Act::Keep)
    }
}
