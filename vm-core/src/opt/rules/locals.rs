//! Rules of the forward pass for locals, constants, cells, globals and plain stack moves.

use super::Cx;
use crate::bytecode::ops::Uop;
use crate::exec::ir::UopInst;
use crate::opt::forward::{Act, Pass};
use crate::opt::symbol::{Contradiction, Ty};

impl Pass<'_> {
    /// The rule of `_NOP`.
    pub(in crate::opt) fn nop(&mut self, _u: &UopInst, _cx: Cx) -> Result<Act, Contradiction> {
        Ok(Act::Keep)
    }

    /// The rule of `_CHECK_PERIODIC`, `_CHECK_PERIODIC_EXIT`.
    pub(in crate::opt) fn periodic(&mut self, u: &UopInst, _cx: Cx) -> Result<Act, Contradiction> {
        use Uop::*;
        Ok(match u.uop {
            _CHECK_PERIODIC | _CHECK_PERIODIC_EXIT
                if u.target == 0 && self.frames.len() > 1 && !self.vm.fuel_limited() =>
            {
                // Rule: the safe point of a frame the trace entered (a call's or a
                // generator's first instruction) goes. Work between two checks stays
                // bounded: the trace's start, its loop's back-edge and every link keep
                // theirs, and a trace is finite. (Not with a budget: a run stops at the
                // first safe point after it is spent, in traces as in tier 1.)
                Act::Drop
            }
            // Rule: collections run finalizers (generators' `finally` blocks), Python code;
            // the exiting form leaves for tier 1 when one is due, so it runs none.
            _CHECK_PERIODIC => Act::Replace(_CHECK_PERIODIC_EXIT),
            _ => Act::Keep,
        })
    }

    /// The rule of `_LOAD_FAST`, `_LOAD_FAST_CHECK`.
    pub(in crate::opt) fn load_fast(&mut self, u: &UopInst, _cx: Cx) -> Result<Act, Contradiction> {
        let arg = u.oparg;
        let s = self.local(arg);
        self.push(s);
        Ok(Act::Keep)
    }

    /// The rule of `_LOAD_FAST_NEXT`.
    pub(in crate::opt) fn load_fast_next(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let s = self.local(self.next_arg(u));
        self.push(s);
        Ok(Act::Keep)
    }

    /// The rule of `_LOAD_CONST`.
    pub(in crate::opt) fn load_const(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let arg = u.oparg;
        self.push_new(self.const_type(u.code, arg));
        Ok(Act::Keep)
    }

    /// The rule of `_LOAD_CONST_NEXT`.
    pub(in crate::opt) fn load_const_next(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.push_new(self.const_type(u.code, self.next_arg(u)));
        Ok(Act::Keep)
    }

    /// The rule of `_STORE_FAST`.
    pub(in crate::opt) fn store_fast(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let arg = u.oparg;
        let s = self.pop();
        self.set_local(arg, s);
        Ok(Act::Keep)
    }

    /// The rule of `_STORE_FAST_NEXT`.
    pub(in crate::opt) fn store_fast_next(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let s = self.pop();
        self.set_local(self.next_arg(u), s);
        Ok(Act::Keep)
    }

    /// The rule of `_POP_TOP`, `_POP_JUMP_NEXT`, `_GUARD_IS_TRUE_POP`, `_GUARD_IS_FALSE_POP`, `_GUARD_IS_NONE_POP`, `_GUARD_IS_NOT_NONE_POP`.
    pub(in crate::opt) fn pop_one(&mut self, _u: &UopInst, _cx: Cx) -> Result<Act, Contradiction> {
        self.pop();
        Ok(Act::Keep)
    }

    /// The rule of `_PUSH_NULL`.
    pub(in crate::opt) fn push_null(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.push_new(Ty::Null);
        Ok(Act::Keep)
    }

    /// The rule of `_COPY`.
    pub(in crate::opt) fn copy(&mut self, u: &UopInst, _cx: Cx) -> Result<Act, Contradiction> {
        let arg = u.oparg;
        let s = self.peek(arg.max(1) as usize);
        self.push(s);
        Ok(Act::Keep)
    }

    /// The rule of `_SWAP`.
    pub(in crate::opt) fn swap(&mut self, u: &UopInst, _cx: Cx) -> Result<Act, Contradiction> {
        let arg = u.oparg;
        let n = arg.max(1) as usize;
        self.peek(n);
        let f = self.frame();
        let len = f.stack.len();
        f.stack.swap(len - 1, len - n);
        Ok(Act::Keep)
    }

    /// The rule of `_GUARD_GLOBALS_VERSION`.
    pub(in crate::opt) fn guard_globals_version(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        // Rule: a globals dict checked at the same keys version since the last
        // escaping uop cannot have changed.
        match (self.cache(u, 1), self.cache(u, 2)) {
            (Some(d), Some(v)) if self.globals_ok.contains(&(d, v)) => Ok(Act::Remove),
            (Some(d), Some(v)) => {
                self.globals_ok.push((d, v));
                Ok(Act::Keep)
            }
            _ => Ok(Act::Keep),
        }
    }

    /// The rule of `_GUARD_BUILTINS_VERSION`.
    pub(in crate::opt) fn guard_builtins_version(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        Ok(match self.cache(u, 3) {
            Some(v) if self.builtins_ok.contains(&v) => Act::Remove,
            Some(v) => {
                self.builtins_ok.push(v);
                Act::Keep
            }
            None => Act::Keep,
        })
    }

    /// The rule of `_LOAD_GLOBAL_MODULE`, `_LOAD_GLOBAL_BUILTIN`.
    pub(in crate::opt) fn load_global(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let arg = u.oparg;
        self.push_new(Ty::Unknown);
        if arg & 1 != 0 {
            self.push_new(Ty::Null);
        }
        Ok(Act::Keep)
    }

    /// The rule of `_LOAD_CONST_INLINE`.
    pub(in crate::opt) fn load_const_inline(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        // A promoted global (see `promote`): its value's type.
        let v = self.b.consts.get((u.oparg >> 1) as usize).copied();
        let ty = v.map_or(Ty::Unknown, |v| self.value_type(v));
        self.push_new(ty);
        if u.oparg & 1 != 0 {
            self.push_new(Ty::Null);
        }
        Ok(Act::Keep)
    }

    /// The rule of `_LOAD_DEREF`.
    pub(in crate::opt) fn load_deref(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let arg = u.oparg;
        // Rule: a cell's content only changes by a write to a cell or by code.
        let known = self.frame().cells.iter().find(|c| c.0 == arg).map(|c| c.1);
        let s = match known {
            Some(s) => s,
            None => {
                let s = self.syms.fresh(Ty::Unknown);
                self.frame().cells.push((arg, s));
                s
            }
        };
        self.push(s);
        Ok(Act::Keep)
    }

    /// The rule of `_STORE_DEREF`.
    pub(in crate::opt) fn store_deref(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let arg = u.oparg;
        let s = self.pop();
        self.forget_cells();
        self.frame().cells.push((arg, s));
        Ok(Act::Keep)
    }
}
