//! Bodies of the coroutine uops: `await`, `async for` and `async with` (the work is in
//! `interp::coroutine`).

#![allow(
    non_snake_case,
    reason = "a body is named after its uop, as the op table spells it"
)]

use crate::interp::eval::{Ctx, Flow};
use crate::vm::{PyErr, Vm};

/// `_GET_AWAITABLE`.
#[inline(always)]
pub(crate) fn _GET_AWAITABLE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let it = vm.get_awaitable(v, arg)?;
    vm.push(it);
    Ok(Flow::Next)
}

/// `_GET_AITER`.
#[inline(always)]
pub(crate) fn _GET_AITER(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let it = vm.get_aiter(v)?;
    vm.push(it);
    Ok(Flow::Next)
}

/// `_GET_ANEXT`.
#[inline(always)]
pub(crate) fn _GET_ANEXT(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let it = vm.top();
    let awaitable = vm.get_anext(it)?;
    vm.push(awaitable);
    Ok(Flow::Next)
}

/// `_END_ASYNC_FOR`.
#[inline(always)]
pub(crate) fn _END_ASYNC_FOR(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let exc = vm.pop();
    vm.pop();
    vm.end_async_for(exc)?;
    Ok(Flow::Next)
}

/// `_BEFORE_ASYNC_WITH`.
#[inline(always)]
pub(crate) fn _BEFORE_ASYNC_WITH(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let mgr = vm.top();
    let (exit, entered) = vm.before_async_with(mgr)?;
    vm.pop();
    vm.push(exit);
    vm.push(entered);
    Ok(Flow::Next)
}
