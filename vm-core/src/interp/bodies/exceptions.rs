//! Bodies of the uops of exception handlers and `with` blocks.

#![allow(
    non_snake_case,
    reason = "a body is named after its uop, as the op table spells it"
)]

use crate::interp::eval::{Ctx, Flow};
use crate::interp::operand_checks::enter_missing;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// `_RERAISE`.
#[inline(always)]
pub(crate) fn _RERAISE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let exc = vm.pop();
    if arg > 0 {
        // The handler lookup stays at this RERAISE; the restored offset is what
        // the traceback shows and what an outer handler's lasti gets.
        let lasti = vm.peek(arg as usize);
        if let Some(l) = lasti.as_small_int() {
            vm.reraise_lasti = Some(l as u32);
        }
    }
    Err(vm.reraise_marker(exc))
}

/// `_PUSH_EXC_INFO`.
#[inline(always)]
pub(crate) fn _PUSH_EXC_INFO(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let exc = vm.pop();
    let prev = vm.handled_exc;
    vm.push(prev);
    vm.push(exc);
    vm.handled_exc = exc;
    Ok(Flow::Next)
}

/// `_POP_EXCEPT`.
#[inline(always)]
pub(crate) fn _POP_EXCEPT(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let prev = vm.pop();
    vm.handled_exc = if prev.is_undef() { Value::NONE } else { prev };
    Ok(Flow::Next)
}

/// `_CHECK_EXC_MATCH`.
#[inline(always)]
pub(crate) fn _CHECK_EXC_MATCH(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let typ = vm.pop();
    let exc = vm.top();
    let m = vm.exception_match(exc, typ)?;
    vm.push(Value::bool(m));
    Ok(Flow::Next)
}

/// `_CLEANUP_THROW`.
#[inline(always)]
pub(crate) fn _CLEANUP_THROW(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let exc = vm.pop();
    let _last_sent = vm.pop();
    let _sub = vm.pop();
    let direct = core::mem::take(&mut vm.throw_past_cleanup);
    if !direct && vm.exc_matches(exc, vm.types.stop_iteration) {
        let v = vm.stop_iteration_value(exc);
        vm.push(Value::NONE);
        vm.push(v);
    } else {
        return Err(vm.reraise_marker(exc));
    }
    Ok(Flow::Next)
}

/// `_BEFORE_WITH`.
#[inline(always)]
pub(crate) fn _BEFORE_WITH(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let mgr = vm.pop();
    let enter = vm.lookup_special(mgr, "__enter__")?;
    let exit = vm.lookup_special(mgr, "__exit__")?;
    let (Some(enter), Some(exit)) = (enter, exit) else {
        let what = if enter_missing(vm, mgr) {
            ""
        } else {
            " (missed __exit__ method)"
        };
        let msg = alloc::format!(
            "'{}' object does not support the context manager protocol{}",
            vm.type_name(mgr),
            what
        );
        return Err(vm.type_error(msg));
    };
    let t = vm.type_of(mgr);
    let bound_exit = vm.bind_descriptor(exit, mgr, t)?;
    vm.push(bound_exit);
    vm.frames[ctx.fi].lasti = ctx.this as u32;
    let r = vm.call_bound(enter, mgr, &[])?;
    vm.push(r);
    Ok(Flow::Next)
}

/// `_WITH_EXCEPT_START`.
#[inline(always)]
pub(crate) fn _WITH_EXCEPT_START(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let exc = vm.peek(1);
    let exit = vm.peek(4);
    let t = Value::obj(vm.type_of(exc));
    let tb = vm.exc_traceback(exc)?;
    let r = vm.call(exit, &[t, exc, tb])?;
    vm.push(r);
    Ok(Flow::Next)
}

/// `_RAISE_VARARGS`.
#[inline(always)]
pub(crate) fn _RAISE_VARARGS(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    Err(vm.raise_instr(arg)?)
}

/// `_LOAD_ASSERTION_ERROR`.
#[inline(always)]
pub(crate) fn _LOAD_ASSERTION_ERROR(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let cls = vm.exc_class(crate::object::lazy_exc::LazyExc::AssertionError)?;
    vm.push(Value::obj(cls));
    Ok(Flow::Next)
}
