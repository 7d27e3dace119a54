//! Bodies of the generic attribute uops and the instance-slot guards.

#![allow(
    non_snake_case,
    reason = "a body is named after its uop, as the op table spells it"
)]

use crate::interp::eval::{Ctx, Flow};
use crate::vm::{PyErr, Vm};

/// `_GUARD_INSTANCE_SLOT`.
#[inline(always)]
pub(crate) fn _GUARD_INSTANCE_SLOT(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    if !vm.instance_slot_ok(ctx, vm.top(), (arg >> 1) as usize) {
        return Ok(Flow::Deopt);
    }
    Ok(Flow::Next)
}

/// `_GUARD_INSTANCE_SLOT_STORE`.
#[inline(always)]
pub(crate) fn _GUARD_INSTANCE_SLOT_STORE(
    vm: &mut Vm,
    ctx: &mut Ctx,
    arg: u32,
) -> Result<Flow, PyErr> {
    if !vm.instance_slot_ok(ctx, vm.top(), arg as usize) {
        return Ok(Flow::Deopt);
    }
    Ok(Flow::Next)
}

/// `_LOAD_ATTR`.
#[inline(always)]
pub(crate) fn _LOAD_ATTR(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let name = ctx.code.names[(arg >> 1) as usize];
    let obj = vm.pop();
    if arg & 1 != 0 {
        let (f, s) = vm.load_method(obj, name)?;
        vm.push(f);
        vm.push(s);
    } else {
        let v = vm.get_attr(obj, name)?;
        vm.push(v);
    }
    Ok(Flow::Next)
}

/// `_STORE_ATTR`.
#[inline(always)]
pub(crate) fn _STORE_ATTR(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let name = ctx.code.names[arg as usize];
    let obj = vm.pop();
    let v = vm.pop();
    vm.set_attr(obj, name, v)?;
    Ok(Flow::Next)
}

/// `_DELETE_ATTR`.
#[inline(always)]
pub(crate) fn _DELETE_ATTR(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let name = ctx.code.names[arg as usize];
    let obj = vm.pop();
    vm.del_attr(obj, name)?;
    Ok(Flow::Next)
}
