//! Bodies of the control-flow uops: branches, safe points, iteration set-up, returns, yields, and calls that build their arguments.

#![allow(
    non_snake_case,
    reason = "a body is named after its uop, as the op table spells it"
)]

use crate::bytecode::ops::Op;
use crate::interp::eval::{Ctx, Flow};
use crate::object::types::{GenKind, Obj};
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// `_CHECK_PERIODIC_EXIT`.
#[inline(always)]
pub(crate) fn _CHECK_PERIODIC_EXIT(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    if vm.heap.wants_collection() || vm.stop_due() {
        return Ok(Flow::Deopt);
    }
    Ok(Flow::Next)
}

/// `_POP_JUMP_NEXT`.
#[inline(always)]
pub(crate) fn _POP_JUMP_NEXT(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    // The fused jump is the next instruction (where the handler pointed `ip`);
    // execution goes on after the jump's own cache unit when it is not taken.
    let at = ctx.ip;
    let unit = ctx.code.code.get(at).map_or(0, |c| c.get());
    let jump_if = match unit as u8 {
        b if b == Op::POP_JUMP_IF_FALSE as u8 => Value::FALSE,
        b if b == Op::POP_JUMP_IF_TRUE as u8 => Value::TRUE,
        _ => return Err(vm.internal_error("fused compare without its jump")),
    };
    if vm.pop() == jump_if {
        ctx.jump(unit >> 8);
    } else {
        ctx.ip = at + 1 + Op::POP_JUMP_IF_FALSE.cache_units();
    }
    Ok(Flow::Next)
}

/// `_CHECK_PERIODIC`.
#[inline(always)]
pub(crate) fn _CHECK_PERIODIC(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    // A stop comes before a collection, whose finalizers would run script code.
    if vm.stop_due() {
        vm.answer_signals()?;
    }
    vm.maybe_collect();
    Ok(Flow::Next)
}

/// `_POP_JUMP_IF_FALSE`.
#[inline(always)]
pub(crate) fn _POP_JUMP_IF_FALSE(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    if vm.pop() == Value::FALSE {
        ctx.jump(arg);
    }
    Ok(Flow::Next)
}

/// `_POP_JUMP_IF_TRUE`.
#[inline(always)]
pub(crate) fn _POP_JUMP_IF_TRUE(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    if vm.pop() == Value::TRUE {
        ctx.jump(arg);
    }
    Ok(Flow::Next)
}

/// `_POP_JUMP_IF_NONE`.
#[inline(always)]
pub(crate) fn _POP_JUMP_IF_NONE(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    if vm.pop() == Value::NONE {
        ctx.jump(arg);
    }
    Ok(Flow::Next)
}

/// `_POP_JUMP_IF_NOT_NONE`.
#[inline(always)]
pub(crate) fn _POP_JUMP_IF_NOT_NONE(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    if vm.pop() != Value::NONE {
        ctx.jump(arg);
    }
    Ok(Flow::Next)
}

/// `_GET_ITER`.
#[inline(always)]
pub(crate) fn _GET_ITER(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let it = vm.get_iter(v)?;
    vm.push(it);
    Ok(Flow::Next)
}

/// `_CALL_KW`.
#[inline(always)]
pub(crate) fn _CALL_KW(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let names = vm.pop();
    vm.call_instr(ctx, arg as usize, names)
}

/// `_CALL_INTRINSIC_1`.
#[inline(always)]
pub(crate) fn _CALL_INTRINSIC_1(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let r = vm.intrinsic(ctx, arg, v)?;
    vm.push(r);
    Ok(Flow::Next)
}

/// `_MAKE_FUNCTION`.
#[inline(always)]
pub(crate) fn _MAKE_FUNCTION(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.make_function(ctx, arg)?;
    vm.push(v);
    Ok(Flow::Next)
}

/// `_RETURN_VALUE`.
#[inline(always)]
pub(crate) fn _RETURN_VALUE(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    vm.return_from_frame(ctx, v)
}

/// `_YIELD_VALUE`.
#[inline(always)]
pub(crate) fn _YIELD_VALUE(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    if let Some(flow) = vm.yield_suspend(ctx, v) {
        return Ok(flow);
    }
    vm.yield_from_frame(ctx, v)
}

/// `_END_SEND`.
#[inline(always)]
pub(crate) fn _END_SEND(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    vm.pop();
    vm.push(v);
    Ok(Flow::Next)
}

/// `_GET_YIELD_FROM_ITER`.
#[inline(always)]
pub(crate) fn _GET_YIELD_FROM_ITER(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let it = match vm.obj(v) {
        Some(Obj::Generator(_)) => v,
        Some(Obj::Coroutine(g)) if g.kind == GenKind::Coroutine => {
            // (A coroutine's own code cannot hold `yield from`: the compiler refuses it.)
            return Err(vm.type_error(
                "cannot 'yield from' a coroutine object in a non-coroutine generator",
            ));
        }
        _ => vm.get_iter(v)?,
    };
    vm.push(it);
    Ok(Flow::Next)
}

/// `_POP_ITER`.
#[inline(always)]
pub(crate) fn _POP_ITER(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.pop_iter(ctx);
    Ok(Flow::Next)
}

/// `_JUMP`.
#[inline(always)]
pub(crate) fn _JUMP(_vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    ctx.jump(arg);
    Ok(Flow::Next)
}

/// `_FOR_ITER`.
#[inline(always)]
pub(crate) fn _FOR_ITER(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.for_iter(ctx, arg)
}

/// `_CALL`.
#[inline(always)]
pub(crate) fn _CALL(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.call_instr(ctx, arg as usize, Value::UNDEF)
}

/// `_CALL_FUNCTION_EX`.
#[inline(always)]
pub(crate) fn _CALL_FUNCTION_EX(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.call_ex_instr(ctx)
}

/// `_RETURN_GENERATOR`.
#[inline(always)]
pub(crate) fn _RETURN_GENERATOR(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.return_generator(ctx)
}

/// `_SEND`.
#[inline(always)]
pub(crate) fn _SEND(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.send_instr(ctx, arg)
}
