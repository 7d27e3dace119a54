//! Bodies of the guard and action uops of the specialized instructions, one file per kind
//! of instruction. A guard returns `Flow::Deopt` before any side effect, and the
//! instruction then runs its generic form. Each body is small and `#[inline(always)]`: the
//! dispatch expands every instruction into straight-line code of its uops.

mod arith;
mod attr;
mod calls;
mod containers;
mod globals;
mod iter;
mod to_bool;

pub(crate) use arith::is_binary_op_int;
pub(crate) use attr::{CLASS_METHOD_BITS, CLASS_METHOD_CLASSMETHOD, CLASS_METHOD_ON_INSTANCE};

use crate::interp::eval::Flow;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

type UopResult = Result<Flow, PyErr>;

const DEOPT: UopResult = Ok(Flow::Deopt);
const NEXT: UopResult = Ok(Flow::Next);

/// The items of a list (for the list forms of subscript and unpacking).
#[inline(always)]
pub(crate) fn list_items(o: &Obj) -> Option<&[Value]> {
    match o {
        Obj::List(l) => Some(l),
        _ => None,
    }
}

/// The items of a tuple.
#[inline(always)]
pub(crate) fn tuple_items(o: &Obj) -> Option<&[Value]> {
    match o {
        Obj::Tuple(t) => Some(t),
        _ => None,
    }
}

impl Vm {
    #[inline(always)]
    fn top2(&self) -> (Value, Value) {
        let n = self.stack.len();
        if n < 2 {
            return (Value::UNDEF, Value::UNDEF);
        }
        (self.stack[n - 2], self.stack[n - 1])
    }

    /// Replaces the top two items by `v`.
    #[inline(always)]
    fn replace2(&mut self, v: Value) {
        let n = self.stack.len();
        if n >= 2 {
            self.stack[n - 2] = v;
            self.stack.truncate(n - 1);
        }
    }
}
