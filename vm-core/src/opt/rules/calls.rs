//! Rules of the forward pass for calls and returns.

use super::Cx;
use crate::bytecode::ops::Uop;
use crate::exec::ir::UopInst;
use crate::exec::ir::SAME_FRAME;
use crate::object::value::Value;
use crate::opt::forward::Entered;
use crate::opt::forward::{Act, Pass};
use crate::opt::symbol::{Contradiction, Sym, Ty};
use alloc::vec::Vec;

impl Pass<'_> {
    /// The rule of `_GUARD_CALL_LIST_APPEND`, `_GUARD_CALL_SET_ADD`.
    pub(in crate::opt) fn guard_call_method(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        use Uop::*;
        // Rule: the callable is proven that builtin method (loaded from a proven
        // list or set) and `self` a list or set.
        let argc = u.oparg as usize;
        let (callable, owner) = (self.peek(argc + 2), self.peek(argc + 1));
        let types = &self.vm.types;
        let (ty, name, class) = if u.uop == _GUARD_CALL_LIST_APPEND {
            (Ty::List, "append", types.list)
        } else {
            (Ty::Set, "add", types.set)
        };
        let method = match self.syms.ty(callable) {
            Ty::Native(r) => self
                .native_at(r)
                .is_some_and(|(n, o)| n == name && o == Value::obj(class)),
            _ => false,
        };
        if argc == 1 && method && self.syms.is(owner, ty) {
            Ok(Act::Remove)
        } else {
            self.syms.refine(owner, ty)?;
            Ok(Act::Keep)
        }
    }

    /// The rule of `_GUARD_CALL_LEN`, `_GUARD_CALL_BUILTIN`.
    pub(in crate::opt) fn guard_call_native(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        use Uop::*;
        // Rule: the callable is proven a builtin function (a promoted `len`,
        // `sorted`...): `len` itself for `_GUARD_CALL_LEN`.
        let argc = u.oparg as usize;
        let callable = self.peek(argc + 2);
        let proven = match self.syms.ty(callable) {
            Ty::Native(r) => self.native_at(r).is_some_and(|(name, _)| {
                u.uop == _GUARD_CALL_BUILTIN || name == "len" && argc == 1
            }),
            _ => false,
        };
        if proven {
            Ok(Act::Remove)
        } else {
            Ok(Act::Keep)
        }
    }

    /// The rule of `_CALL_BUILTIN`.
    pub(in crate::opt) fn call_builtin(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let arg = u.oparg;
        // Rule: `list.pop` on a proven list with no index or a small-int one runs no
        // Python code (an empty list or a bad index raises, which runs none).
        let argc = arg as usize;
        let callable = self.peek(argc + 2);
        let owner = self.peek(argc + 1);
        let list_pop = match self.syms.ty(callable) {
            Ty::Native(r) => self
                .native_at(r)
                .is_some_and(|(n, o)| n == "pop" && o == Value::obj(self.vm.types.list)),
            _ => false,
        };
        let args_ok = (1..=argc).all(|k| {
            let s = self.peek(k);
            self.syms.is(s, Ty::SmallInt)
        });
        if !(list_pop && argc <= 1 && args_ok && self.syms.is(owner, Ty::List)) {
            self.escape();
        }
        self.pop_n(u.oparg as usize + 2);
        self.push_new(Ty::Unknown);
        Ok(Act::Keep)
    }

    /// The rule of `_CALL_LIST_APPEND`, `_CALL_SET_ADD`.
    pub(in crate::opt) fn call_append_or_add(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        use Uop::*;
        // `set.add` hashes the item: Python code unless it is a number or a str.
        let top = self.peek(1);
        let item = self.syms.ty(top);
        if u.uop == _CALL_SET_ADD && !(item.is_numeric() || item == Ty::Str) {
            self.escape();
        }
        self.pop_n(u.oparg as usize + 2);
        self.push_new(Ty::NoneV);
        Ok(Act::Keep)
    }

    /// The rule of `_CALL_LEN`.
    pub(in crate::opt) fn call_len(&mut self, u: &UopInst, _cx: Cx) -> Result<Act, Contradiction> {
        let arg = u.oparg;
        // `len` of a builtin container runs no Python code; anything else calls
        // `__len__`.
        let a = self.peek(1);
        let ty = self.syms.ty(a);
        let builtin = matches!(ty, Ty::List | Ty::Tuple | Ty::Dict | Ty::Set | Ty::Str);
        if !builtin {
            self.escape();
        }
        self.pop_n(arg as usize + 2);
        self.push_new(if builtin { Ty::SmallInt } else { Ty::Int });
        Ok(Act::Keep)
    }

    /// The rule of `_CALL_PY_EXACT_ARGS`, `_CALL_BOUND_METHOD_EXACT_ARGS`,
    /// `_CALL_PY_WITH_DEFAULTS` (the last two: locals unknown).
    pub(in crate::opt) fn call_py(&mut self, u: &UopInst, _cx: Cx) -> Result<Act, Contradiction> {
        use Uop::*;
        let arg = u.oparg;
        let argc = arg as usize;
        let mut args: Vec<Sym> = (0..argc).map(|_| self.pop()).collect();
        args.reverse();
        let self_or_null = self.pop();
        self.pop();
        if u.expect_code == SAME_FRAME {
            // Not recorded as entering a frame: nothing is known of the result.
            self.escape();
            self.push_new(Ty::Unknown);
            return Ok(Act::Keep);
        }
        // The callee's locals are its arguments, after `self` when there is one (a
        // method load's owner: a value of a known type is never the null marker).
        let locals = match self.syms.ty(self_or_null) {
            _ if u.uop != _CALL_PY_EXACT_ARGS => Vec::new(),
            Ty::Null => args,
            Ty::Unknown => Vec::new(),
            _ => core::iter::once(self_or_null).chain(args).collect(),
        };
        self.new_frame(u.expect_code, Entered::Call, locals);
        Ok(Act::Keep)
    }

    /// The rule of `_RETURN_VALUE`.
    pub(in crate::opt) fn return_value(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let v = self.pop();
        let entered = self.frame().entered;
        self.frames.pop();
        match (entered, self.frames.is_empty()) {
            (Entered::Call, false) => self.push(v),
            (_, false) => self.forget_stack(),
            (_, true) => {
                let code = if u.expect_code == SAME_FRAME {
                    0
                } else {
                    u.expect_code
                };
                self.new_frame(code, Entered::Opaque, Vec::new());
                // Rule: a frame a parent executor entered by a call (a side trace
                // starting in it) returns its value onto the caller's stack.
                if entered == Entered::Call && u.expect_code != SAME_FRAME {
                    self.push(v);
                }
            }
        }
        Ok(Act::Keep)
    }
}
