//! Bodies of the control-flow uops: branches, safe points, iteration set-up, returns, yields, and calls that build their arguments.

use crate::bytecode::ops::Op;
use crate::interp::eval::{Ctx, Flow};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

impl Vm {
    /// `_CHECK_PERIODIC_EXIT`.
    #[inline(always)]
    pub(in crate::interp) fn uop_check_periodic_exit(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        if self.heap.wants_collection() || self.stop_due() {
            return Ok(Flow::Deopt);
        }
        Ok(Flow::Next)
    }

    /// `_POP_JUMP_NEXT`.
    #[inline(always)]
    pub(in crate::interp) fn uop_pop_jump_next(
        &mut self,
        ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        // The fused jump is the next instruction (where the handler pointed `ip`);
        // execution goes on after the jump's own cache unit when it is not taken.
        let at = ctx.ip;
        let unit = ctx.code.code.get(at).map_or(0, |c| c.get());
        let jump_if = match unit as u8 {
            b if b == Op::POP_JUMP_IF_FALSE as u8 => Value::FALSE,
            b if b == Op::POP_JUMP_IF_TRUE as u8 => Value::TRUE,
            _ => return Err(self.internal_error("fused compare without its jump")),
        };
        if self.pop() == jump_if {
            ctx.jump(unit >> 8);
        } else {
            ctx.ip = at + 1 + Op::POP_JUMP_IF_FALSE.cache_units();
        }
        Ok(Flow::Next)
    }

    /// `_CHECK_PERIODIC`.
    #[inline(always)]
    pub(in crate::interp) fn uop_check_periodic(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        // A stop comes before a collection, whose finalizers would run script code.
        if self.stop_due() {
            self.answer_signals()?;
        }
        self.maybe_collect();
        Ok(Flow::Next)
    }

    /// `_POP_JUMP_IF_FALSE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_pop_jump_if_false(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        if self.pop() == Value::FALSE {
            ctx.jump(arg);
        }
        Ok(Flow::Next)
    }

    /// `_POP_JUMP_IF_TRUE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_pop_jump_if_true(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        if self.pop() == Value::TRUE {
            ctx.jump(arg);
        }
        Ok(Flow::Next)
    }

    /// `_POP_JUMP_IF_NONE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_pop_jump_if_none(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        if self.pop() == Value::NONE {
            ctx.jump(arg);
        }
        Ok(Flow::Next)
    }

    /// `_POP_JUMP_IF_NOT_NONE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_pop_jump_if_not_none(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        if self.pop() != Value::NONE {
            ctx.jump(arg);
        }
        Ok(Flow::Next)
    }

    /// `_GET_ITER`.
    #[inline(always)]
    pub(in crate::interp) fn uop_get_iter(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        let it = self.get_iter(v)?;
        self.push(it);
        Ok(Flow::Next)
    }

    /// `_CALL_KW`.
    #[inline(always)]
    pub(in crate::interp) fn uop_call_kw(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let names = self.pop();
        self.call_instr(ctx, arg as usize, names)
    }

    /// `_CALL_INTRINSIC_1`.
    #[inline(always)]
    pub(in crate::interp) fn uop_call_intrinsic_1(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        let r = self.intrinsic(ctx, arg, v)?;
        self.push(r);
        Ok(Flow::Next)
    }

    /// `_MAKE_FUNCTION`.
    #[inline(always)]
    pub(in crate::interp) fn uop_make_function(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.make_function(ctx, arg)?;
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_RETURN_VALUE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_return_value(
        &mut self,
        ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        self.return_from_frame(ctx, v)
    }

    /// `_YIELD_VALUE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_yield_value(
        &mut self,
        ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        self.yield_from_frame(ctx, v)
    }

    /// `_END_SEND`.
    #[inline(always)]
    pub(in crate::interp) fn uop_end_send(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        self.pop();
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_GET_YIELD_FROM_ITER`.
    #[inline(always)]
    pub(in crate::interp) fn uop_get_yield_from_iter(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        let it = if matches!(self.obj(v), Some(Obj::Generator(_))) {
            v
        } else {
            self.get_iter(v)?
        };
        self.push(it);
        Ok(Flow::Next)
    }
}
