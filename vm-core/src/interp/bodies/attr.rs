//! Bodies of the generic attribute uops and the instance-slot guards.

use crate::interp::eval::{Ctx, Flow};
use crate::vm::{PyErr, Vm};

impl Vm {
    /// `_GUARD_INSTANCE_SLOT`.
    #[inline(always)]
    pub(in crate::interp) fn uop_guard_instance_slot(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        if !self.instance_slot_ok(ctx, self.top(), (arg >> 1) as usize) {
            return Ok(Flow::Deopt);
        }
        Ok(Flow::Next)
    }

    /// `_GUARD_INSTANCE_SLOT_STORE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_guard_instance_slot_store(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        if !self.instance_slot_ok(ctx, self.top(), arg as usize) {
            return Ok(Flow::Deopt);
        }
        Ok(Flow::Next)
    }

    /// `_LOAD_ATTR`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_attr(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let name = ctx.code.names[(arg >> 1) as usize];
        let obj = self.pop();
        if arg & 1 != 0 {
            let (f, s) = self.load_method(obj, name)?;
            self.push(f);
            self.push(s);
        } else {
            let v = self.get_attr(obj, name)?;
            self.push(v);
        }
        Ok(Flow::Next)
    }

    /// `_STORE_ATTR`.
    #[inline(always)]
    pub(in crate::interp) fn uop_store_attr(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let name = ctx.code.names[arg as usize];
        let obj = self.pop();
        let v = self.pop();
        self.set_attr(obj, name, v)?;
        Ok(Flow::Next)
    }

    /// `_DELETE_ATTR`.
    #[inline(always)]
    pub(in crate::interp) fn uop_delete_attr(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let name = ctx.code.names[arg as usize];
        let obj = self.pop();
        self.del_attr(obj, name)?;
        Ok(Flow::Next)
    }
}
