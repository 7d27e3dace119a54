//! Bodies of the specialized uops: each calls its implementation in `interp::spec` (and the guards split off the specialized actions).

#![allow(
    non_snake_case,
    reason = "a body is named after its uop, as the op table spells it"
)]

use crate::interp::eval::{Ctx, Flow};
use crate::interp::spec::{list_items, tuple_items};
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// `_GUARD_GLOBALS_VERSION`.
#[inline(always)]
pub(crate) fn _GUARD_GLOBALS_VERSION(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.guard_globals_version(ctx)
}

/// `_GUARD_BUILTINS_VERSION`.
#[inline(always)]
pub(crate) fn _GUARD_BUILTINS_VERSION(
    vm: &mut Vm,
    ctx: &mut Ctx,
    _arg: u32,
) -> Result<Flow, PyErr> {
    vm.guard_builtins_version(ctx)
}

/// `_GUARD_BOTH_INT`.
#[inline(always)]
pub(crate) fn _GUARD_BOTH_INT(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.guard_both_int()
}

/// `_GUARD_NUMBERS_ONE_FLOAT`.
#[inline(always)]
pub(crate) fn _GUARD_NUMBERS_ONE_FLOAT(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    _arg: u32,
) -> Result<Flow, PyErr> {
    vm.guard_numbers_one_float()
}

/// `_GUARD_BOTH_NUMBERS`.
#[inline(always)]
pub(crate) fn _GUARD_BOTH_NUMBERS(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.guard_both_numbers()
}

/// `_GUARD_BUILTIN_TYPE`.
#[inline(always)]
pub(crate) fn _GUARD_BUILTIN_TYPE(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.guard_builtin_type(ctx)
}

/// `_CALL_BUILTIN_CLASS`.
#[inline(always)]
pub(crate) fn _CALL_BUILTIN_CLASS(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.call_builtin_class(ctx, arg as usize)
}

/// `_GUARD_BOTH_STR`.
#[inline(always)]
pub(crate) fn _GUARD_BOTH_STR(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.guard_both_str()
}

/// `_BINARY_OP_ADD_INT`.
#[inline(always)]
pub(crate) fn _BINARY_OP_ADD_INT(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.int_op(arg, |a, b| a.checked_add(b))
}

/// `_BINARY_OP_SUBTRACT_INT`.
#[inline(always)]
pub(crate) fn _BINARY_OP_SUBTRACT_INT(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    arg: u32,
) -> Result<Flow, PyErr> {
    vm.int_op(arg, |a, b| a.checked_sub(b))
}

/// `_BINARY_OP_MULTIPLY_INT`.
#[inline(always)]
pub(crate) fn _BINARY_OP_MULTIPLY_INT(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    arg: u32,
) -> Result<Flow, PyErr> {
    vm.int_op(arg, |a, b| a.checked_mul(b))
}

/// `_BINARY_OP_ADD_FLOAT`.
#[inline(always)]
pub(crate) fn _BINARY_OP_ADD_FLOAT(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.float_binop(|a, b| a + b)
}

/// `_BINARY_OP_SUBTRACT_FLOAT`.
#[inline(always)]
pub(crate) fn _BINARY_OP_SUBTRACT_FLOAT(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    _arg: u32,
) -> Result<Flow, PyErr> {
    vm.float_binop(|a, b| a - b)
}

/// `_BINARY_OP_MULTIPLY_FLOAT`.
#[inline(always)]
pub(crate) fn _BINARY_OP_MULTIPLY_FLOAT(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    _arg: u32,
) -> Result<Flow, PyErr> {
    vm.float_binop(|a, b| a * b)
}

/// `_BINARY_OP_TRUE_DIVIDE_FLOAT`.
#[inline(always)]
pub(crate) fn _BINARY_OP_TRUE_DIVIDE_FLOAT(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    arg: u32,
) -> Result<Flow, PyErr> {
    vm.float_div(arg)
}

/// `_BINARY_OP_ADD_STR`.
#[inline(always)]
pub(crate) fn _BINARY_OP_ADD_STR(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.str_add()
}

/// `_COMPARE_OP_INT`.
#[inline(always)]
pub(crate) fn _COMPARE_OP_INT(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.compare_int(arg)
}

/// `_COMPARE_OP_FLOAT`.
#[inline(always)]
pub(crate) fn _COMPARE_OP_FLOAT(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.compare_float(arg)
}

/// `_COMPARE_OP_STR`.
#[inline(always)]
pub(crate) fn _COMPARE_OP_STR(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.compare_str(arg)
}

/// `_LOAD_ATTR_METHOD`.
#[inline(always)]
pub(crate) fn _LOAD_ATTR_METHOD(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.load_attr_method(ctx)
}

/// `_CHECK_ATTR_MODULE`.
#[inline(always)]
pub(crate) fn _CHECK_ATTR_MODULE(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.check_attr_module(ctx)
}

/// `_LOAD_ATTR_MODULE`.
#[inline(always)]
pub(crate) fn _LOAD_ATTR_MODULE(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.load_attr_module(ctx, arg)
}

/// `_BINARY_SUBSCR_LIST_INT`.
#[inline(always)]
pub(crate) fn _BINARY_SUBSCR_LIST_INT(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    _arg: u32,
) -> Result<Flow, PyErr> {
    vm.binary_subscr_seq_int(list_items)
}

/// `_BINARY_SUBSCR_TUPLE_INT`.
#[inline(always)]
pub(crate) fn _BINARY_SUBSCR_TUPLE_INT(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    _arg: u32,
) -> Result<Flow, PyErr> {
    vm.binary_subscr_seq_int(tuple_items)
}

/// `_BINARY_SUBSCR_DICT`.
#[inline(always)]
pub(crate) fn _BINARY_SUBSCR_DICT(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.binary_subscr_dict()
}

/// `_STORE_SUBSCR_LIST_INT`.
#[inline(always)]
pub(crate) fn _STORE_SUBSCR_LIST_INT(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    _arg: u32,
) -> Result<Flow, PyErr> {
    vm.store_subscr_list_int()
}

/// `_STORE_SUBSCR_DICT`.
#[inline(always)]
pub(crate) fn _STORE_SUBSCR_DICT(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.store_subscr_dict()
}

/// `_CONTAINS_OP_DICT`.
#[inline(always)]
pub(crate) fn _CONTAINS_OP_DICT(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.contains_dict(arg)
}

/// `_CONTAINS_OP_SET`.
#[inline(always)]
pub(crate) fn _CONTAINS_OP_SET(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.contains_set(arg)
}

/// `_TO_BOOL_BOOL`.
#[inline(always)]
pub(crate) fn _TO_BOOL_BOOL(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.truth_with(|_, v| v.is_bool().then_some(v == Value::TRUE))
}

/// `_TO_BOOL_INT`.
#[inline(always)]
pub(crate) fn _TO_BOOL_INT(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.truth_with(|_, v| v.as_small_int().map(|i| i != 0))
}

/// `_TO_BOOL_NONE`.
#[inline(always)]
pub(crate) fn _TO_BOOL_NONE(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.truth_with(|_, v| v.is_none().then_some(false))
}

/// `_FOR_ITER_RANGE`.
#[inline(always)]
pub(crate) fn _FOR_ITER_RANGE(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.for_iter_range(ctx, arg)
}

/// `_FOR_ITER_LIST`.
#[inline(always)]
pub(crate) fn _FOR_ITER_LIST(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.for_iter_list(ctx, arg)
}

/// `_FOR_ITER_TUPLE`.
#[inline(always)]
pub(crate) fn _FOR_ITER_TUPLE(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.for_iter_tuple(ctx, arg)
}

/// `_UNPACK_SEQUENCE_TWO_TUPLE`.
#[inline(always)]
pub(crate) fn _UNPACK_SEQUENCE_TWO_TUPLE(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    _arg: u32,
) -> Result<Flow, PyErr> {
    vm.unpack_seq(2, tuple_items)
}

/// `_UNPACK_SEQUENCE_TUPLE`.
#[inline(always)]
pub(crate) fn _UNPACK_SEQUENCE_TUPLE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.unpack_seq(arg as usize, tuple_items)
}

/// `_UNPACK_SEQUENCE_LIST`.
#[inline(always)]
pub(crate) fn _UNPACK_SEQUENCE_LIST(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.unpack_seq(arg as usize, list_items)
}

/// `_CALL_PY_EXACT_ARGS`.
#[inline(always)]
pub(crate) fn _CALL_PY_EXACT_ARGS(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.call_py_exact_args(ctx, arg as usize)
}

/// `_CALL_PY_WITH_DEFAULTS`.
#[inline(always)]
pub(crate) fn _CALL_PY_WITH_DEFAULTS(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.call_py_with_defaults(ctx, arg as usize)
}

/// `_CALL_BOUND_METHOD_EXACT_ARGS`.
#[inline(always)]
pub(crate) fn _CALL_BOUND_METHOD_EXACT_ARGS(
    vm: &mut Vm,
    ctx: &mut Ctx,
    arg: u32,
) -> Result<Flow, PyErr> {
    vm.call_bound_method_exact_args(ctx, arg as usize)
}

/// `_CALL_LEN`.
#[inline(always)]
pub(crate) fn _CALL_LEN(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.call_len(ctx, arg as usize)
}

/// `_CALL_ISINSTANCE`.
#[inline(always)]
pub(crate) fn _CALL_ISINSTANCE(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.call_isinstance(ctx, arg as usize)
}

/// `_GUARD_CALL_LIST_APPEND`.
#[inline(always)]
pub(crate) fn _GUARD_CALL_LIST_APPEND(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    arg: u32,
) -> Result<Flow, PyErr> {
    vm.guard_call_list_append(arg as usize)
}

/// `_GUARD_CALL_SET_ADD`.
#[inline(always)]
pub(crate) fn _GUARD_CALL_SET_ADD(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.guard_call_set_add(ctx, arg as usize)
}

/// `_GUARD_CALL_LEN`.
#[inline(always)]
pub(crate) fn _GUARD_CALL_LEN(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.guard_call_len(ctx, arg as usize)
}

/// `_GUARD_CALL_BUILTIN`.
#[inline(always)]
pub(crate) fn _GUARD_CALL_BUILTIN(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.guard_call_native(arg as usize)
}

/// `_CALL_LIST_APPEND`.
#[inline(always)]
pub(crate) fn _CALL_LIST_APPEND(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.call_list_append(arg as usize)
}

/// `_CALL_SET_ADD`.
#[inline(always)]
pub(crate) fn _CALL_SET_ADD(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.call_set_add(ctx, arg as usize)
}

/// `_CALL_BUILTIN`.
#[inline(always)]
pub(crate) fn _CALL_BUILTIN(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.call_builtin(ctx, arg as usize)
}

/// `_CALL_ALLOC_AND_ENTER_INIT`.
#[inline(always)]
pub(crate) fn _CALL_ALLOC_AND_ENTER_INIT(
    vm: &mut Vm,
    ctx: &mut Ctx,
    arg: u32,
) -> Result<Flow, PyErr> {
    vm.call_alloc_and_enter_init(ctx, arg as usize)
}

/// `_LOAD_ATTR_SLOT`.
#[inline(always)]
pub(crate) fn _LOAD_ATTR_SLOT(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.load_attr_instance_value(ctx, arg)
}

/// `_STORE_ATTR_SLOT`.
#[inline(always)]
pub(crate) fn _STORE_ATTR_SLOT(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.store_attr_instance_value(ctx)
}

/// `_LOAD_ATTR_INSTANCE_METHOD`.
#[inline(always)]
pub(crate) fn _LOAD_ATTR_INSTANCE_METHOD(
    vm: &mut Vm,
    ctx: &mut Ctx,
    arg: u32,
) -> Result<Flow, PyErr> {
    vm.load_attr_instance_method(ctx, arg)
}

/// `_LOAD_ATTR_CLASS_METHOD`.
#[inline(always)]
pub(crate) fn _LOAD_ATTR_CLASS_METHOD(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.load_attr_class_method(ctx)
}

/// `_CALL_GEN_RESUME`.
#[inline(always)]
pub(crate) fn _CALL_GEN_RESUME(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.call_gen_resume(ctx, arg as usize)
}

/// `_BINARY_OP_USER`.
#[inline(always)]
pub(crate) fn _BINARY_OP_USER(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.binary_op_user(ctx, arg)
}

/// `_COMPARE_OP_USER`.
#[inline(always)]
pub(crate) fn _COMPARE_OP_USER(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.compare_op_user(ctx, arg)
}

/// `_CONTAINS_OP_SEQ`.
#[inline(always)]
pub(crate) fn _CONTAINS_OP_SEQ(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.contains_seq(arg)
}

/// `_BINARY_OP_INT`.
#[inline(always)]
pub(crate) fn _BINARY_OP_INT(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.binary_op_int(arg)
}

/// `_FOR_ITER_GEN`.
#[inline(always)]
pub(crate) fn _FOR_ITER_GEN(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.for_iter_gen(ctx, arg)
}

/// `_FOR_ITER_GEN_PROVEN`.
#[inline(always)]
pub(crate) fn _FOR_ITER_GEN_PROVEN(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.for_iter_gen(ctx, arg)
}

/// `_CALL_TUPLE_LIST_1`.
#[inline(always)]
pub(crate) fn _CALL_TUPLE_LIST_1(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.call_tuple_list_1()
}

/// `_BINARY_OP_ADD_SMALL_INT`.
#[inline(always)]
pub(crate) fn _BINARY_OP_ADD_SMALL_INT(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    _arg: u32,
) -> Result<Flow, PyErr> {
    vm.checked_small_int_op(|a, b| a.checked_add(b))
}

/// `_BINARY_OP_SUBTRACT_SMALL_INT`.
#[inline(always)]
pub(crate) fn _BINARY_OP_SUBTRACT_SMALL_INT(
    vm: &mut Vm,
    _ctx: &mut Ctx,
    _arg: u32,
) -> Result<Flow, PyErr> {
    vm.checked_small_int_op(|a, b| a.checked_sub(b))
}

/// `_BINARY_OP_SMALL_INT`.
#[inline(always)]
pub(crate) fn _BINARY_OP_SMALL_INT(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.binary_op_small_int(arg)
}

/// `_FOR_ITER_RANGE_SMALL`.
#[inline(always)]
pub(crate) fn _FOR_ITER_RANGE_SMALL(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.for_iter_range_small(ctx, arg)
}

/// `_GUARD_NOS_LIST`.
#[inline(always)]
pub(crate) fn _GUARD_NOS_LIST(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.guard_nos_list()
}

/// `_GUARD_TOS_INT`.
#[inline(always)]
pub(crate) fn _GUARD_TOS_INT(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.guard_tos_int()
}

/// `_GUARD_ITER_LIST`.
#[inline(always)]
pub(crate) fn _GUARD_ITER_LIST(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.guard_iter_list()
}

/// `_GUARD_ITER_TUPLE`.
#[inline(always)]
pub(crate) fn _GUARD_ITER_TUPLE(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.guard_iter_tuple()
}

/// `_GUARD_ITER_RANGE`.
#[inline(always)]
pub(crate) fn _GUARD_ITER_RANGE(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.guard_iter_range()
}

/// `_GUARD_TYPE_VERSION`.
#[inline(always)]
pub(crate) fn _GUARD_TYPE_VERSION(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    vm.guard_type_version(ctx)
}

/// `_GUARD_SHAPE`.
#[inline(always)]
pub(crate) fn _GUARD_SHAPE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    vm.guard_shape(arg)
}

/// `_LOAD_ATTR_METHOD_LAYOUT`.
#[inline(always)]
pub(crate) fn _LOAD_ATTR_METHOD_LAYOUT(
    vm: &mut Vm,
    ctx: &mut Ctx,
    _arg: u32,
) -> Result<Flow, PyErr> {
    vm.load_attr_method_layout(ctx, false)
}

/// `_LOAD_ATTR_METHOD_VERSION`.
#[inline(always)]
pub(crate) fn _LOAD_ATTR_METHOD_VERSION(
    vm: &mut Vm,
    ctx: &mut Ctx,
    _arg: u32,
) -> Result<Flow, PyErr> {
    vm.load_attr_method_layout(ctx, true)
}
