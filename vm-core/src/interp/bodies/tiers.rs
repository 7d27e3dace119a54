//! Bodies of the tier machinery: adaptive specialization, hot-spot counting and entering an executor; and of the uops only the uop executor runs (trace control), which tier 1 never meets.

#![allow(
    non_snake_case,
    reason = "a body is named after its uop, as the op table spells it"
)]

use crate::interp::eval::{Ctx, Flow};
use crate::vm::{PyErr, Vm};

/// `_SPECIALIZE`.
#[inline(always)]
pub(crate) fn _SPECIALIZE(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.uop_specialize(ctx, arg);
    Ok(Flow::Next)
}

/// `_HOT_COUNT`.
#[inline(always)]
pub(crate) fn _HOT_COUNT(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.hot_count(ctx)
}

/// `_ENTER_EXECUTOR`.
#[inline(always)]
pub(crate) fn _ENTER_EXECUTOR(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.enter_executor(ctx, arg)
}

/// The uops the uop executor runs itself (role `SPECIAL`, or constants of the executor):
/// tier 1 never meets them, and an instruction made of one is an internal error.
macro_rules! trace_only {
    ($($name:ident)*) => {
        $(
            #[doc = concat!("`", stringify!($name), "`: run by the uop executor itself.")]
            pub(crate) fn $name(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
                Err(vm.internal_error("trace uop outside a trace"))
            }
        )*
    };
}

trace_only!(_START_EXECUTOR _CHECK_VALIDITY _GUARD_IS_TRUE_POP _GUARD_IS_FALSE_POP _GUARD_IS_NONE_POP _GUARD_IS_NOT_NONE_POP _EXIT_TRACE _DEOPT _DYNAMIC_EXIT _COLD_EXIT _LOAD_CONST_INLINE _JUMP_TO_TOP);
