//! Bodies of the generic operator uops: binary and unary operators, subscripts, slices, comparisons, truth tests and formatting.

#![allow(
    non_snake_case,
    reason = "a body is named after its uop, as the op table spells it"
)]

use crate::bytecode::ops::{BinaryOp, CompareOp, COMPARE_TO_BOOL};
use crate::interp::eval::{Ctx, Flow};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// `_TO_BOOL_LIST`.
#[inline(always)]
pub(crate) fn _TO_BOOL_LIST(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.truth_with(|vm, v| match vm.obj(v) {
        Some(Obj::List(l)) => Some(!l.is_empty()),
        _ => None,
    })
}

/// `_TO_BOOL_STR`.
#[inline(always)]
pub(crate) fn _TO_BOOL_STR(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.truth_with(|vm, v| match vm.obj(v) {
        Some(Obj::Str(s)) => Some(!s.is_empty()),
        _ => None,
    })
}

/// `_BINARY_OP`.
#[inline(always)]
pub(crate) fn _BINARY_OP(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let b = vm.pop();
    let a = vm.pop();
    let Some((op, inplace)) = BinaryOp::from_oparg(arg) else {
        return Err(vm.internal_error("bad BINARY_OP oparg"));
    };
    let r = vm.binary_op(a, b, op, inplace)?;
    vm.push(r);
    Ok(Flow::Next)
}

/// `_BINARY_SUBSCR`.
#[inline(always)]
pub(crate) fn _BINARY_SUBSCR(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let k = vm.pop();
    let c = vm.pop();
    let r = vm.get_item(c, k)?;
    vm.push(r);
    Ok(Flow::Next)
}

/// `_STORE_SUBSCR`.
#[inline(always)]
pub(crate) fn _STORE_SUBSCR(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let k = vm.pop();
    let c = vm.pop();
    let v = vm.pop();
    vm.set_item(c, k, v)?;
    Ok(Flow::Next)
}

/// `_DELETE_SUBSCR`.
#[inline(always)]
pub(crate) fn _DELETE_SUBSCR(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let k = vm.pop();
    let c = vm.pop();
    vm.del_item(c, k)?;
    Ok(Flow::Next)
}

/// `_BINARY_SLICE`.
#[inline(always)]
pub(crate) fn _BINARY_SLICE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    // oparg 3: `c[start:stop:step]`; otherwise `c[start:stop]`.
    let step = if arg == 3 { vm.pop() } else { Value::NONE };
    let stop = vm.pop();
    let start = vm.pop();
    let c = vm.pop();
    let r = vm.get_slice(c, start, stop, step)?;
    vm.push(r);
    Ok(Flow::Next)
}

/// `_STORE_SLICE`.
#[inline(always)]
pub(crate) fn _STORE_SLICE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let step = if arg == 3 { vm.pop() } else { Value::NONE };
    let stop = vm.pop();
    let start = vm.pop();
    let c = vm.pop();
    let v = vm.pop();
    vm.set_slice(c, start, stop, step, v)?;
    Ok(Flow::Next)
}

/// `_UNARY_NEGATIVE`.
#[inline(always)]
pub(crate) fn _UNARY_NEGATIVE(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let r = vm.negate(v)?;
    vm.push(r);
    Ok(Flow::Next)
}

/// `_UNARY_NOT`.
#[inline(always)]
pub(crate) fn _UNARY_NOT(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    vm.push(Value::bool(v != Value::TRUE));
    Ok(Flow::Next)
}

/// `_UNARY_INVERT`.
#[inline(always)]
pub(crate) fn _UNARY_INVERT(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let r = vm.invert(v)?;
    vm.push(r);
    Ok(Flow::Next)
}

/// `_TO_BOOL`.
#[inline(always)]
pub(crate) fn _TO_BOOL(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let b = vm.truthy(v)?;
    vm.push(Value::bool(b));
    Ok(Flow::Next)
}

/// `_COMPARE_OP`.
#[inline(always)]
pub(crate) fn _COMPARE_OP(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let b = vm.pop();
    let a = vm.pop();
    let Some(op) = CompareOp::from_oparg(arg) else {
        return Err(vm.internal_error("bad COMPARE_OP oparg"));
    };
    let mut r = vm.compare(a, b, op)?;
    if arg & COMPARE_TO_BOOL != 0 && !r.is_bool() {
        r = Value::bool(vm.truthy(r)?);
    }
    vm.push(r);
    Ok(Flow::Next)
}

/// `_IS_OP`.
#[inline(always)]
pub(crate) fn _IS_OP(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let b = vm.pop();
    let a = vm.pop();
    vm.push(Value::bool((a == b) != (arg != 0)));
    Ok(Flow::Next)
}

/// `_CONTAINS_OP`.
#[inline(always)]
pub(crate) fn _CONTAINS_OP(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let c = vm.pop();
    let v = vm.pop();
    let r = vm.contains(c, v)?;
    vm.push(Value::bool(r != (arg != 0)));
    Ok(Flow::Next)
}

/// `_FORMAT_VALUE`.
#[inline(always)]
pub(crate) fn _FORMAT_VALUE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let spec = if arg & 4 != 0 { vm.pop() } else { Value::UNDEF };
    let v = vm.pop();
    let r = vm.format_value(v, arg & 3, spec)?;
    vm.push(r);
    Ok(Flow::Next)
}
