//! Bodies of the uops that move values between the stack, the fast locals, constants and cells.

use alloc::vec::Vec;

use crate::interp::eval::{Ctx, Flow};
use crate::interp::uops::next_arg;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

impl Vm {
    /// `_COPY`.
    #[inline(always)]
    pub(in crate::interp) fn uop_copy(&mut self, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
        let v = self.peek(arg as usize);
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_SWAP`.
    #[inline(always)]
    pub(in crate::interp) fn uop_swap(&mut self, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
        let len = self.stack.len();
        let n = arg as usize;
        if n >= 1 && n <= len {
            self.stack.swap(len - 1, len - n);
        }
        Ok(Flow::Next)
    }

    /// `_LOAD_CONST`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_const(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = ctx
            .code
            .consts
            .get(arg as usize)
            .copied()
            .unwrap_or(Value::NONE);
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_LOAD_FAST`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_fast(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.stack[ctx.base + arg as usize];
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_LOAD_FAST_CHECK`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_fast_check(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.stack[ctx.base + arg as usize];
        if v.is_undef() {
            return Err(self.unbound_local(ctx.code, arg as usize));
        }
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_STORE_FAST`.
    #[inline(always)]
    pub(in crate::interp) fn uop_store_fast(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        self.stack[ctx.base + arg as usize] = v;
        Ok(Flow::Next)
    }

    /// `_LOAD_FAST_NEXT`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_fast_next(
        &mut self,
        ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.stack[ctx.base + next_arg(ctx) as usize];
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_LOAD_CONST_NEXT`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_const_next(
        &mut self,
        ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = ctx
            .code
            .consts
            .get(next_arg(ctx) as usize)
            .copied()
            .unwrap_or(Value::NONE);
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_STORE_FAST_NEXT`.
    #[inline(always)]
    pub(in crate::interp) fn uop_store_fast_next(
        &mut self,
        ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        self.stack[ctx.base + next_arg(ctx) as usize] = v;
        Ok(Flow::Next)
    }

    /// `_DELETE_FAST`.
    #[inline(always)]
    pub(in crate::interp) fn uop_delete_fast(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let slot = ctx.base + arg as usize;
        if self.stack[slot].is_undef() {
            return Err(self.unbound_local(ctx.code, arg as usize));
        }
        self.stack[slot] = Value::UNDEF;
        Ok(Flow::Next)
    }

    /// `_MAKE_CELL`.
    #[inline(always)]
    pub(in crate::interp) fn uop_make_cell(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let i = arg as usize;
        let init = match ctx.code.cell2arg.get(i) {
            Some(&a) if a != u32::MAX => self.stack[ctx.base + a as usize],
            _ => Value::UNDEF,
        };
        let cell = self.alloc_value(Obj::Cell(init))?;
        let slot = ctx.base + ctx.code.nlocals() + i;
        self.stack[slot] = cell;
        Ok(Flow::Next)
    }

    /// `_COPY_FREE_VARS`.
    #[inline(always)]
    pub(in crate::interp) fn uop_copy_free_vars(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let func = self.frames[ctx.fi].func;
        let closure = match self.obj(func) {
            Some(Obj::Function(f)) => f.closure.to_vec(),
            _ => Vec::new(),
        };
        let start = ctx.base + ctx.code.nlocals() + ctx.code.cellvars.len();
        for (i, c) in closure.into_iter().enumerate().take(arg as usize) {
            self.stack[start + i] = c;
        }
        Ok(Flow::Next)
    }

    /// `_LOAD_DEREF`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_deref(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.deref_cell(ctx, arg)?;
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_LOAD_FROM_DICT_OR_DEREF`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_from_dict_or_deref(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let ns = self.pop();
        let name = self.cell_name(ctx.code, arg);
        let found = match ns.as_obj() {
            Some(d) => self.dict_get(d, name)?,
            None => None,
        };
        let v = match found {
            Some(v) => v,
            None => self.deref_cell(ctx, arg)?,
        };
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_LOAD_CLOSURE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_closure(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.stack[ctx.base + ctx.code.nlocals() + arg as usize];
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_STORE_DEREF`.
    #[inline(always)]
    pub(in crate::interp) fn uop_store_deref(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        let cell = self.stack[ctx.base + ctx.code.nlocals() + arg as usize];
        if let Some(r) = cell.as_obj() {
            if let Obj::Cell(c) = self.heap.get_mut(r) {
                *c = v;
            }
        }
        Ok(Flow::Next)
    }

    /// `_DELETE_DEREF`.
    #[inline(always)]
    pub(in crate::interp) fn uop_delete_deref(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let cell = self.stack[ctx.base + ctx.code.nlocals() + arg as usize];
        let was = match cell.as_obj().map(|r| self.heap.get_mut(r)) {
            Some(Obj::Cell(c)) => core::mem::replace(c, Value::UNDEF),
            _ => Value::UNDEF,
        };
        if was.is_undef() {
            return Err(self.unbound_free(ctx.code, arg));
        }
        Ok(Flow::Next)
    }
}
