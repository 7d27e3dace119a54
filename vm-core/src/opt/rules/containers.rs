//! Rules of the forward pass for containers: displays, subscripts, slices, unpacking and loops over sequences.

use super::Cx;
use crate::bytecode::ops::Uop;
use crate::exec::ir::UopInst;
use crate::opt::forward::{Act, Pass};
use crate::opt::symbol::{Contradiction, Ty};

impl Pass<'_> {
    /// The rule of `_POP_ITER`.
    pub(in crate::opt) fn pop_iter(&mut self, _u: &UopInst, _cx: Cx) -> Result<Act, Contradiction> {
        // Rule: dropping an iterator runs code only for a generator (closed early);
        // a proven list, tuple or range iterator runs none.
        let it = self.pop();
        if !matches!(
            self.syms.ty(it),
            Ty::ListIter | Ty::TupleIter | Ty::RangeIter
        ) {
            self.escape();
        }
        Ok(Act::Keep)
    }

    /// The rule of `_GUARD_NOS_LIST`.
    pub(in crate::opt) fn guard_nos_list(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.guard1(2, Ty::List)
    }

    /// The rule of `_GUARD_TOS_INT`.
    pub(in crate::opt) fn guard_tos_int(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.guard1(1, Ty::SmallInt)
    }

    /// The rule of `_GUARD_ITER_LIST`.
    pub(in crate::opt) fn guard_iter_list(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.guard1(1, Ty::ListIter)
    }

    /// The rule of `_GUARD_ITER_TUPLE`.
    pub(in crate::opt) fn guard_iter_tuple(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.guard1(1, Ty::TupleIter)
    }

    /// The rule of `_GUARD_ITER_RANGE`.
    pub(in crate::opt) fn guard_iter_range(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.guard1(1, Ty::RangeIter)
    }

    /// The rule of `_FOR_ITER_RANGE`, `_FOR_ITER_RANGE_SMALL`, `_FOR_ITER_LIST`, `_FOR_ITER_TUPLE`.
    pub(in crate::opt) fn for_iter_sequence(
        &mut self,
        u: &UopInst,
        cx: Cx,
    ) -> Result<Act, Contradiction> {
        use Uop::*;
        let arg = u.oparg;
        // The action checks its iterator's type too (it deopts otherwise): past it,
        // the type holds.
        let it = self.peek(1);
        match u.uop {
            _FOR_ITER_LIST => self.syms.refine(it, Ty::ListIter)?,
            _FOR_ITER_TUPLE => self.syms.refine(it, Ty::TupleIter)?,
            _FOR_ITER_RANGE | _FOR_ITER_RANGE_SMALL => self.syms.refine(it, Ty::RangeIter)?,
            _ => {}
        }
        if u.expect == arg {
            // Recorded exhausted: the iterator is popped and the loop left.
            self.pop();
            return Ok(Act::Keep);
        }
        match u.uop {
            _FOR_ITER_RANGE if !cx.frozen => {
                // Rule: the range loop's value is a proven small int (the checked
                // form leaves otherwise).
                self.push_new(Ty::SmallInt);
                Ok(Act::Replace(_FOR_ITER_RANGE_SMALL))
            }
            _FOR_ITER_RANGE => {
                self.push_new(Ty::Int);
                Ok(Act::Keep)
            }
            _FOR_ITER_RANGE_SMALL => {
                self.push_new(Ty::SmallInt);
                Ok(Act::Keep)
            }
            _ => {
                self.push_new(Ty::Unknown);
                Ok(Act::Keep)
            }
        }
    }

    /// The rule of `_BINARY_SUBSCR_LIST_INT`, `_BINARY_SUBSCR_TUPLE_INT`.
    pub(in crate::opt) fn subscript_int(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        use Uop::*;
        let (c, k) = (self.peek(2), self.peek(1));
        let ty = if u.uop == _BINARY_SUBSCR_LIST_INT {
            Ty::List
        } else {
            Ty::Tuple
        };
        self.syms.refine(c, ty)?;
        self.syms.refine(k, Ty::SmallInt)?;
        self.pop_n(2);
        self.push_new(Ty::Unknown);
        Ok(Act::Keep)
    }

    /// The rule of `_STORE_SUBSCR_LIST_INT`.
    pub(in crate::opt) fn store_subscr_list_int(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let (c, k) = (self.peek(2), self.peek(1));
        self.syms.refine(c, Ty::List)?;
        self.syms.refine(k, Ty::SmallInt)?;
        self.pop_n(3);
        Ok(Act::Keep)
    }

    /// The rule of `_BUILD_LIST`, `_BUILD_TUPLE`, `_BUILD_STRING`, `_BUILD_SET`, `_BUILD_MAP`.
    pub(in crate::opt) fn build_display(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        use Uop::*;
        let arg = u.oparg;
        // Displays make exact builtin objects (sets and dicts hash their items,
        // which may run `__hash__`/`__eq__`).
        let (n, ty) = match u.uop {
            _BUILD_LIST => (arg, Ty::List),
            _BUILD_TUPLE => (arg, Ty::Tuple),
            _BUILD_STRING => (arg, Ty::Str),
            _BUILD_SET => (arg, Ty::Set),
            _ => (2 * arg, Ty::Dict),
        };
        if matches!(u.uop, _BUILD_SET | _BUILD_MAP) {
            self.escape();
        }
        self.pop_n(n as usize);
        self.push_new(ty);
        Ok(Act::Keep)
    }

    /// The rule of `_BINARY_SLICE`, `_STORE_SLICE`.
    pub(in crate::opt) fn slice(&mut self, u: &UopInst, _cx: Cx) -> Result<Act, Contradiction> {
        use Uop::*;
        let arg = u.oparg;
        // Rule: slicing a list, tuple or str with int or None bounds (and assigning
        // a list or tuple to a list slice) runs no Python code; a list's slice is a
        // list, a tuple's a tuple, a str's a str.
        let parts = if arg == 3 { 3 } else { 2 };
        let store = u.uop == _STORE_SLICE;
        let bound = |t: Ty| matches!(t, Ty::SmallInt | Ty::Int | Ty::Bool | Ty::NoneV);
        let bounds_ok = (1..=parts).all(|n| {
            let s = self.peek(n);
            bound(self.syms.ty(s))
        });
        let c = self.peek(parts + 1);
        let cty = self.syms.ty(c);
        let pure = if store {
            let v = self.peek(parts + 2);
            bounds_ok && cty == Ty::List && matches!(self.syms.ty(v), Ty::List | Ty::Tuple)
        } else {
            bounds_ok && matches!(cty, Ty::List | Ty::Tuple | Ty::Str)
        };
        if !pure {
            self.escape();
        }
        self.pop_n(parts + 1);
        if store {
            self.pop();
        } else {
            self.push_new(if pure { cty } else { Ty::Unknown });
        }
        Ok(Act::Keep)
    }

    /// The rule of `_SET_ADD`.
    pub(in crate::opt) fn set_add(&mut self, _u: &UopInst, _cx: Cx) -> Result<Act, Contradiction> {
        // The comprehension's set (below) stays; the item goes, hashed: Python
        // code unless it is a number or a str.
        let item = self.peek(1);
        if !(self.syms.ty(item).is_numeric() || self.syms.ty(item) == Ty::Str) {
            self.escape();
        }
        self.pop();
        Ok(Act::Keep)
    }

    /// The rule of `_LIST_APPEND`.
    pub(in crate::opt) fn list_append(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let arg = u.oparg;
        // The list (below) stays; the item goes.
        let l = self.peek(arg as usize + 1);
        self.syms.refine(l, Ty::List)?;
        self.pop();
        Ok(Act::Keep)
    }

    /// The rule of `_UNPACK_SEQUENCE_TWO_TUPLE`, `_UNPACK_SEQUENCE_TUPLE`, `_UNPACK_SEQUENCE_LIST`.
    pub(in crate::opt) fn unpack_sequence(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        use Uop::*;
        let arg = u.oparg;
        let s = self.pop();
        let (ty, n) = match u.uop {
            _UNPACK_SEQUENCE_TWO_TUPLE => (Ty::Tuple, 2),
            _UNPACK_SEQUENCE_TUPLE => (Ty::Tuple, arg),
            _ => (Ty::List, arg),
        };
        self.syms.refine(s, ty)?;
        for _ in 0..n {
            self.push_new(Ty::Unknown);
        }
        Ok(Act::Keep)
    }
}
