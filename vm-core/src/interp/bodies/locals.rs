//! Bodies of the uops that move values between the stack, the fast locals, constants and cells.

#![allow(
    non_snake_case,
    reason = "a body is named after its uop, as the op table spells it"
)]

use crate::interp::eval::{Ctx, Flow};
use crate::interp::uops::next_arg;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// `_COPY`.
#[inline(always)]
pub(crate) fn _COPY(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.peek(arg as usize);
    vm.push(v);
    Ok(Flow::Next)
}

/// `_SWAP`.
#[inline(always)]
pub(crate) fn _SWAP(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let len = vm.stack.len();
    let n = arg as usize;
    if n >= 1 && n <= len {
        vm.stack.swap(len - 1, len - n);
    }
    Ok(Flow::Next)
}

/// `_LOAD_CONST`.
#[inline(always)]
pub(crate) fn _LOAD_CONST(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = ctx
        .code
        .consts
        .get(arg as usize)
        .copied()
        .unwrap_or(Value::NONE);
    vm.push(v);
    Ok(Flow::Next)
}

/// `_LOAD_FAST`.
#[inline(always)]
pub(crate) fn _LOAD_FAST(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.stack[ctx.base + arg as usize];
    vm.push(v);
    Ok(Flow::Next)
}

/// `_LOAD_FAST_CHECK`.
#[inline(always)]
pub(crate) fn _LOAD_FAST_CHECK(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.stack[ctx.base + arg as usize];
    if v.is_undef() {
        return Err(vm.unbound_local(ctx.code, arg as usize));
    }
    vm.push(v);
    Ok(Flow::Next)
}

/// `_STORE_FAST`.
#[inline(always)]
pub(crate) fn _STORE_FAST(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    vm.stack[ctx.base + arg as usize] = v;
    Ok(Flow::Next)
}

/// `_LOAD_FAST_NEXT`.
#[inline(always)]
pub(crate) fn _LOAD_FAST_NEXT(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.stack[ctx.base + next_arg(ctx) as usize];
    vm.push(v);
    Ok(Flow::Next)
}

/// `_LOAD_CONST_NEXT`.
#[inline(always)]
pub(crate) fn _LOAD_CONST_NEXT(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = ctx
        .code
        .consts
        .get(next_arg(ctx) as usize)
        .copied()
        .unwrap_or(Value::NONE);
    vm.push(v);
    Ok(Flow::Next)
}

/// `_STORE_FAST_NEXT`.
#[inline(always)]
pub(crate) fn _STORE_FAST_NEXT(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    vm.stack[ctx.base + next_arg(ctx) as usize] = v;
    Ok(Flow::Next)
}

/// `_DELETE_FAST`.
#[inline(always)]
pub(crate) fn _DELETE_FAST(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let slot = ctx.base + arg as usize;
    if vm.stack[slot].is_undef() {
        return Err(vm.unbound_local(ctx.code, arg as usize));
    }
    vm.stack[slot] = Value::UNDEF;
    Ok(Flow::Next)
}

/// `_MAKE_CELL`.
#[inline(always)]
pub(crate) fn _MAKE_CELL(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let i = arg as usize;
    let init = match ctx.code.cell2arg.get(i) {
        Some(&a) if a != u32::MAX => vm.stack[ctx.base + a as usize],
        _ => Value::UNDEF,
    };
    let cell = vm.alloc_value(Obj::Cell(init))?;
    let slot = ctx.base + ctx.code.nlocals() + i;
    vm.stack[slot] = cell;
    Ok(Flow::Next)
}

/// `_COPY_FREE_VARS`.
#[inline(always)]
pub(crate) fn _COPY_FREE_VARS(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let func = vm.frames[ctx.fi].func;
    let start = ctx.base + ctx.code.nlocals() + ctx.code.cellvars.len();
    // Cell by cell (no copy of the closure: this runs at every call of a closure).
    for i in 0..arg as usize {
        let cell = match vm.obj(func) {
            Some(Obj::Function(f)) => f.closure.get(i).copied(),
            _ => None,
        };
        let Some(c) = cell else { break };
        vm.stack[start + i] = c;
    }
    Ok(Flow::Next)
}

/// `_LOAD_DEREF`.
#[inline(always)]
pub(crate) fn _LOAD_DEREF(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.deref_cell(ctx, arg)?;
    vm.push(v);
    Ok(Flow::Next)
}

/// `_LOAD_FROM_DICT_OR_DEREF`.
#[inline(always)]
pub(crate) fn _LOAD_FROM_DICT_OR_DEREF(
    vm: &mut Vm,
    ctx: &mut Ctx,
    arg: u32,
) -> Result<Flow, PyErr> {
    let ns = vm.pop();
    let name = vm.cell_name(ctx.code, arg);
    let found = match ns.as_obj() {
        Some(d) => vm.dict_get(d, name)?,
        None => None,
    };
    let v = match found {
        Some(v) => v,
        None => vm.deref_cell(ctx, arg)?,
    };
    vm.push(v);
    Ok(Flow::Next)
}

/// `_LOAD_CLOSURE`.
#[inline(always)]
pub(crate) fn _LOAD_CLOSURE(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.stack[ctx.base + ctx.code.nlocals() + arg as usize];
    vm.push(v);
    Ok(Flow::Next)
}

/// `_STORE_DEREF`.
#[inline(always)]
pub(crate) fn _STORE_DEREF(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let cell = vm.stack[ctx.base + ctx.code.nlocals() + arg as usize];
    if let Some(r) = cell.as_obj() {
        if let Obj::Cell(c) = vm.heap.get_mut(r) {
            *c = v;
        }
    }
    Ok(Flow::Next)
}

/// `_DELETE_DEREF`.
#[inline(always)]
pub(crate) fn _DELETE_DEREF(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let cell = vm.stack[ctx.base + ctx.code.nlocals() + arg as usize];
    let was = match cell.as_obj().map(|r| vm.heap.get_mut(r)) {
        Some(Obj::Cell(c)) => core::mem::replace(c, Value::UNDEF),
        _ => Value::UNDEF,
    };
    if was.is_undef() {
        return Err(vm.unbound_free(ctx.code, arg));
    }
    Ok(Flow::Next)
}

/// `_NOP`.
#[inline(always)]
pub(crate) fn _NOP(_vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    Ok(Flow::Next)
}

/// `_POP_TOP`.
#[inline(always)]
pub(crate) fn _POP_TOP(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.stack.pop();
    Ok(Flow::Next)
}

/// `_PUSH_NULL`.
#[inline(always)]
pub(crate) fn _PUSH_NULL(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.push(Value::UNDEF);
    Ok(Flow::Next)
}
