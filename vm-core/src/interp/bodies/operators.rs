//! Bodies of the generic operator uops: binary and unary operators, subscripts, slices, comparisons, truth tests and formatting.

use crate::bytecode::ops::{BinaryOp, CompareOp, COMPARE_TO_BOOL};
use crate::interp::eval::{Ctx, Flow};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

impl Vm {
    /// `_TO_BOOL_LIST`.
    #[inline(always)]
    pub(in crate::interp) fn uop_to_bool_list(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        self.truth_with(|vm, v| match vm.obj(v) {
            Some(Obj::List(l)) => Some(!l.is_empty()),
            _ => None,
        })
    }

    /// `_TO_BOOL_STR`.
    #[inline(always)]
    pub(in crate::interp) fn uop_to_bool_str(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        self.truth_with(|vm, v| match vm.obj(v) {
            Some(Obj::Str(s)) => Some(!s.is_empty()),
            _ => None,
        })
    }

    /// `_BINARY_OP`.
    #[inline(always)]
    pub(in crate::interp) fn uop_binary_op(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let b = self.pop();
        let a = self.pop();
        let Some((op, inplace)) = BinaryOp::from_oparg(arg) else {
            return Err(self.internal_error("bad BINARY_OP oparg"));
        };
        let r = self.binary_op(a, b, op, inplace)?;
        self.push(r);
        Ok(Flow::Next)
    }

    /// `_BINARY_SUBSCR`.
    #[inline(always)]
    pub(in crate::interp) fn uop_binary_subscr(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let k = self.pop();
        let c = self.pop();
        let r = self.get_item(c, k)?;
        self.push(r);
        Ok(Flow::Next)
    }

    /// `_STORE_SUBSCR`.
    #[inline(always)]
    pub(in crate::interp) fn uop_store_subscr(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let k = self.pop();
        let c = self.pop();
        let v = self.pop();
        self.set_item(c, k, v)?;
        Ok(Flow::Next)
    }

    /// `_DELETE_SUBSCR`.
    #[inline(always)]
    pub(in crate::interp) fn uop_delete_subscr(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let k = self.pop();
        let c = self.pop();
        self.del_item(c, k)?;
        Ok(Flow::Next)
    }

    /// `_BINARY_SLICE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_binary_slice(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        // oparg 3: `c[start:stop:step]`; otherwise `c[start:stop]`.
        let step = if arg == 3 { self.pop() } else { Value::NONE };
        let stop = self.pop();
        let start = self.pop();
        let c = self.pop();
        let r = self.get_slice(c, start, stop, step)?;
        self.push(r);
        Ok(Flow::Next)
    }

    /// `_STORE_SLICE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_store_slice(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let step = if arg == 3 { self.pop() } else { Value::NONE };
        let stop = self.pop();
        let start = self.pop();
        let c = self.pop();
        let v = self.pop();
        self.set_slice(c, start, stop, step, v)?;
        Ok(Flow::Next)
    }

    /// `_UNARY_NEGATIVE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_unary_negative(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        let r = self.negate(v)?;
        self.push(r);
        Ok(Flow::Next)
    }

    /// `_UNARY_NOT`.
    #[inline(always)]
    pub(in crate::interp) fn uop_unary_not(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        self.push(Value::bool(v != Value::TRUE));
        Ok(Flow::Next)
    }

    /// `_UNARY_INVERT`.
    #[inline(always)]
    pub(in crate::interp) fn uop_unary_invert(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        let r = self.invert(v)?;
        self.push(r);
        Ok(Flow::Next)
    }

    /// `_TO_BOOL`.
    #[inline(always)]
    pub(in crate::interp) fn uop_to_bool(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        let b = self.truthy(v)?;
        self.push(Value::bool(b));
        Ok(Flow::Next)
    }

    /// `_COMPARE_OP`.
    #[inline(always)]
    pub(in crate::interp) fn uop_compare_op(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let b = self.pop();
        let a = self.pop();
        let Some(op) = CompareOp::from_oparg(arg) else {
            return Err(self.internal_error("bad COMPARE_OP oparg"));
        };
        let mut r = self.compare(a, b, op)?;
        if arg & COMPARE_TO_BOOL != 0 && !r.is_bool() {
            r = Value::bool(self.truthy(r)?);
        }
        self.push(r);
        Ok(Flow::Next)
    }

    /// `_IS_OP`.
    #[inline(always)]
    pub(in crate::interp) fn uop_is_op(&mut self, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
        let b = self.pop();
        let a = self.pop();
        self.push(Value::bool((a == b) != (arg != 0)));
        Ok(Flow::Next)
    }

    /// `_CONTAINS_OP`.
    #[inline(always)]
    pub(in crate::interp) fn uop_contains_op(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let c = self.pop();
        let v = self.pop();
        let r = self.contains(c, v)?;
        self.push(Value::bool(r != (arg != 0)));
        Ok(Flow::Next)
    }

    /// `_FORMAT_VALUE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_format_value(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let spec = if arg & 4 != 0 {
            self.pop()
        } else {
            Value::UNDEF
        };
        let v = self.pop();
        let r = self.format_value(v, arg & 3, spec)?;
        self.push(r);
        Ok(Flow::Next)
    }
}
