//! [`Vm::exec_uop`]: the body of every uop, which tier-1 instruction handlers and traces
//! both run. Longer bodies call out to methods in the sibling modules.

use crate::bytecode::ops::Uop;
use crate::interp::eval::{Ctx, Flow};
use crate::interp::spec::{list_items, tuple_items};
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// The oparg of the unit after the instruction: the second half of a super-instruction.
#[inline(always)]
pub(super) fn next_arg(ctx: &Ctx) -> u32 {
    ctx.code.code.get(ctx.this + 1).map_or(0, |c| c.get() >> 8)
}

impl Vm {
    /// The body of every uop.
    #[inline(always)]
    pub(crate) fn exec_uop(&mut self, ctx: &mut Ctx, uop: Uop, arg: u32) -> Result<Flow, PyErr> {
        match uop {
            Uop::_NOP => {}
            Uop::_SPECIALIZE => self.uop_specialize(ctx, arg),
            Uop::_GUARD_GLOBALS_VERSION => return self.guard_globals_version(ctx),
            Uop::_GUARD_BUILTINS_VERSION => return self.guard_builtins_version(ctx),
            Uop::_LOAD_GLOBAL_MODULE => return self.uop_load_global_module(ctx, arg),
            Uop::_LOAD_GLOBAL_BUILTIN => return self.uop_load_global_builtin(ctx, arg),
            Uop::_GUARD_BOTH_INT => return self.guard_both_int(),
            Uop::_GUARD_NUMBERS_ONE_FLOAT => return self.guard_numbers_one_float(),
            Uop::_GUARD_BOTH_NUMBERS => return self.guard_both_numbers(),
            Uop::_GUARD_BUILTIN_TYPE => return self.guard_builtin_type(ctx),
            Uop::_CALL_BUILTIN_CLASS => return self.call_builtin_class(ctx, arg as usize),
            Uop::_GUARD_BOTH_STR => return self.guard_both_str(),
            Uop::_BINARY_OP_ADD_INT => return self.int_op(arg, |a, b| a.checked_add(b)),
            Uop::_BINARY_OP_SUBTRACT_INT => return self.int_op(arg, |a, b| a.checked_sub(b)),
            Uop::_BINARY_OP_MULTIPLY_INT => return self.int_op(arg, |a, b| a.checked_mul(b)),
            Uop::_BINARY_OP_ADD_FLOAT => return self.float_binop(|a, b| a + b),
            Uop::_BINARY_OP_SUBTRACT_FLOAT => return self.float_binop(|a, b| a - b),
            Uop::_BINARY_OP_MULTIPLY_FLOAT => return self.float_binop(|a, b| a * b),
            Uop::_BINARY_OP_TRUE_DIVIDE_FLOAT => return self.float_div(arg),
            Uop::_BINARY_OP_ADD_STR => return self.str_add(),
            Uop::_COMPARE_OP_INT => return self.compare_int(arg),
            Uop::_COMPARE_OP_FLOAT => return self.compare_float(arg),
            Uop::_COMPARE_OP_STR => return self.compare_str(arg),
            Uop::_LOAD_ATTR_METHOD => return self.load_attr_method(ctx),
            Uop::_CHECK_ATTR_MODULE => return self.check_attr_module(ctx),
            Uop::_LOAD_ATTR_MODULE => return self.load_attr_module(ctx, arg),
            Uop::_BINARY_SUBSCR_LIST_INT => return self.binary_subscr_seq_int(list_items),
            Uop::_BINARY_SUBSCR_TUPLE_INT => return self.binary_subscr_seq_int(tuple_items),
            Uop::_BINARY_SUBSCR_DICT => return self.binary_subscr_dict(),
            Uop::_STORE_SUBSCR_LIST_INT => return self.store_subscr_list_int(),
            Uop::_STORE_SUBSCR_DICT => return self.store_subscr_dict(),
            Uop::_CONTAINS_OP_DICT => return self.contains_dict(arg),
            Uop::_CONTAINS_OP_SET => return self.contains_set(arg),
            Uop::_TO_BOOL_BOOL => {
                return self.truth_with(|_, v| v.is_bool().then_some(v == Value::TRUE))
            }
            Uop::_TO_BOOL_INT => return self.truth_with(|_, v| v.as_small_int().map(|i| i != 0)),
            Uop::_TO_BOOL_NONE => return self.truth_with(|_, v| v.is_none().then_some(false)),
            Uop::_TO_BOOL_LIST => return self.uop_to_bool_list(ctx, arg),
            Uop::_TO_BOOL_STR => return self.uop_to_bool_str(ctx, arg),
            Uop::_FOR_ITER_RANGE => return self.for_iter_range(ctx, arg),
            Uop::_FOR_ITER_LIST => return self.for_iter_list(ctx, arg),
            Uop::_FOR_ITER_TUPLE => return self.for_iter_tuple(ctx, arg),
            Uop::_UNPACK_SEQUENCE_TWO_TUPLE => return self.unpack_seq(2, tuple_items),
            Uop::_UNPACK_SEQUENCE_TUPLE => return self.unpack_seq(arg as usize, tuple_items),
            Uop::_UNPACK_SEQUENCE_LIST => return self.unpack_seq(arg as usize, list_items),
            Uop::_CALL_PY_EXACT_ARGS => return self.call_py_exact_args(ctx, arg as usize),
            Uop::_CALL_BOUND_METHOD_EXACT_ARGS => {
                return self.call_bound_method_exact_args(ctx, arg as usize)
            }
            Uop::_CALL_LEN => return self.call_len(ctx, arg as usize),
            Uop::_CALL_ISINSTANCE => return self.call_isinstance(ctx, arg as usize),
            Uop::_GUARD_CALL_LIST_APPEND => return self.guard_call_list_append(arg as usize),
            Uop::_GUARD_CALL_SET_ADD => return self.guard_call_set_add(arg as usize),
            Uop::_GUARD_CALL_LEN => return self.guard_call_native(arg as usize, Some("len")),
            Uop::_GUARD_CALL_BUILTIN => return self.guard_call_native(arg as usize, None),
            Uop::_CALL_LIST_APPEND => return self.call_list_append(arg as usize),
            Uop::_CALL_SET_ADD => return self.call_set_add(ctx, arg as usize),
            Uop::_CALL_BUILTIN => return self.call_builtin(ctx, arg as usize),
            Uop::_CALL_ALLOC_AND_ENTER_INIT => {
                return self.call_alloc_and_enter_init(ctx, arg as usize)
            }
            // The guards are `_GUARD_INSTANCE_SLOT*` / `_GUARD_TYPE_VERSION` before these.
            Uop::_LOAD_ATTR_SLOT => return self.load_attr_instance_value(ctx, arg),
            Uop::_STORE_ATTR_SLOT => return self.store_attr_instance_value(ctx),
            Uop::_LOAD_ATTR_INSTANCE_METHOD => return self.load_attr_instance_method(ctx, arg),
            Uop::_BINARY_OP_USER => return self.binary_op_user(ctx, arg),
            Uop::_CONTAINS_OP_SEQ => return self.contains_seq(arg),
            // gen: small-int operators, generator loops (bodies in `spec::arith`, `spec::iter`, `spec::calls`).
            Uop::_BINARY_OP_INT => return self.binary_op_int(arg),
            Uop::_FOR_ITER_GEN | Uop::_FOR_ITER_GEN_PROVEN => return self.for_iter_gen(ctx, arg),
            Uop::_CALL_TUPLE_LIST_1 => return self.call_tuple_list_1(),
            // opt: tier-2-only uops (bodies in `spec::arith`, `spec::iter`).
            Uop::_BINARY_OP_ADD_SMALL_INT => {
                return self.checked_small_int_op(|a, b| a.checked_add(b))
            }
            Uop::_BINARY_OP_SUBTRACT_SMALL_INT => {
                return self.checked_small_int_op(|a, b| a.checked_sub(b))
            }
            Uop::_BINARY_OP_SMALL_INT => return self.binary_op_small_int(arg),
            Uop::_FOR_ITER_RANGE_SMALL => return self.for_iter_range_small(ctx, arg),
            Uop::_CHECK_PERIODIC_EXIT => return self.uop_check_periodic_exit(ctx, arg),
            // guards: type guards split off the specialized actions (see `interp::spec`).
            Uop::_GUARD_NOS_LIST => return self.guard_nos_list(),
            Uop::_GUARD_TOS_INT => return self.guard_tos_int(),
            Uop::_GUARD_ITER_LIST => return self.guard_iter_list(),
            Uop::_GUARD_ITER_TUPLE => return self.guard_iter_tuple(),
            Uop::_GUARD_ITER_RANGE => return self.guard_iter_range(),
            Uop::_GUARD_INSTANCE_SLOT => return self.uop_guard_instance_slot(ctx, arg),
            Uop::_GUARD_INSTANCE_SLOT_STORE => return self.uop_guard_instance_slot_store(ctx, arg),
            Uop::_GUARD_TYPE_VERSION => return self.guard_type_version(ctx),
            Uop::_GUARD_SHAPE => return self.guard_shape(arg),
            Uop::_LOAD_ATTR_METHOD_LAYOUT => return self.load_attr_method_layout(ctx, false),
            Uop::_LOAD_ATTR_METHOD_VERSION => return self.load_attr_method_layout(ctx, true),
            Uop::_POP_TOP => {
                self.stack.pop();
            }
            Uop::_POP_ITER => self.pop_iter(ctx),
            Uop::_PUSH_NULL => self.push(Value::UNDEF),
            Uop::_COPY => return self.uop_copy(ctx, arg),
            Uop::_SWAP => return self.uop_swap(ctx, arg),
            Uop::_LOAD_CONST => return self.uop_load_const(ctx, arg),
            Uop::_LOAD_FAST => return self.uop_load_fast(ctx, arg),
            Uop::_LOAD_FAST_CHECK => return self.uop_load_fast_check(ctx, arg),
            Uop::_STORE_FAST => return self.uop_store_fast(ctx, arg),
            Uop::_LOAD_FAST_NEXT => return self.uop_load_fast_next(ctx, arg),
            Uop::_LOAD_CONST_NEXT => return self.uop_load_const_next(ctx, arg),
            Uop::_STORE_FAST_NEXT => return self.uop_store_fast_next(ctx, arg),
            Uop::_POP_JUMP_NEXT => return self.uop_pop_jump_next(ctx, arg),
            Uop::_DELETE_FAST => return self.uop_delete_fast(ctx, arg),
            Uop::_MAKE_CELL => return self.uop_make_cell(ctx, arg),
            Uop::_COPY_FREE_VARS => return self.uop_copy_free_vars(ctx, arg),
            Uop::_LOAD_DEREF => return self.uop_load_deref(ctx, arg),
            Uop::_LOAD_FROM_DICT_OR_DEREF => return self.uop_load_from_dict_or_deref(ctx, arg),
            Uop::_LOAD_CLOSURE => return self.uop_load_closure(ctx, arg),
            Uop::_STORE_DEREF => return self.uop_store_deref(ctx, arg),
            Uop::_DELETE_DEREF => return self.uop_delete_deref(ctx, arg),
            Uop::_LOAD_GLOBAL => return self.uop_load_global(ctx, arg),
            Uop::_STORE_GLOBAL => return self.uop_store_global(ctx, arg),
            Uop::_DELETE_GLOBAL => return self.uop_delete_global(ctx, arg),
            Uop::_LOAD_NAME => return self.uop_load_name(ctx, arg),
            Uop::_STORE_NAME => return self.uop_store_name(ctx, arg),
            Uop::_DELETE_NAME => return self.uop_delete_name(ctx, arg),
            Uop::_LOAD_LOCALS => return self.uop_load_locals(ctx, arg),
            Uop::_LOAD_ATTR => return self.uop_load_attr(ctx, arg),
            Uop::_STORE_ATTR => return self.uop_store_attr(ctx, arg),
            Uop::_DELETE_ATTR => return self.uop_delete_attr(ctx, arg),
            Uop::_BINARY_OP => return self.uop_binary_op(ctx, arg),
            Uop::_BINARY_SUBSCR => return self.uop_binary_subscr(ctx, arg),
            Uop::_STORE_SUBSCR => return self.uop_store_subscr(ctx, arg),
            Uop::_DELETE_SUBSCR => return self.uop_delete_subscr(ctx, arg),
            Uop::_BINARY_SLICE => return self.uop_binary_slice(ctx, arg),
            Uop::_STORE_SLICE => return self.uop_store_slice(ctx, arg),
            Uop::_UNARY_NEGATIVE => return self.uop_unary_negative(ctx, arg),
            Uop::_UNARY_NOT => return self.uop_unary_not(ctx, arg),
            Uop::_UNARY_INVERT => return self.uop_unary_invert(ctx, arg),
            Uop::_TO_BOOL => return self.uop_to_bool(ctx, arg),
            Uop::_COMPARE_OP => return self.uop_compare_op(ctx, arg),
            Uop::_IS_OP => return self.uop_is_op(ctx, arg),
            Uop::_CONTAINS_OP => return self.uop_contains_op(ctx, arg),
            Uop::_CHECK_PERIODIC => return self.uop_check_periodic(ctx, arg),
            Uop::_POP_JUMP_IF_FALSE => return self.uop_pop_jump_if_false(ctx, arg),
            Uop::_POP_JUMP_IF_TRUE => return self.uop_pop_jump_if_true(ctx, arg),
            Uop::_POP_JUMP_IF_NONE => return self.uop_pop_jump_if_none(ctx, arg),
            Uop::_POP_JUMP_IF_NOT_NONE => return self.uop_pop_jump_if_not_none(ctx, arg),
            Uop::_JUMP => ctx.jump(arg),
            Uop::_GET_ITER => return self.uop_get_iter(ctx, arg),
            Uop::_FOR_ITER => return self.for_iter(ctx, arg),
            Uop::_BUILD_TUPLE => return self.uop_build_tuple(ctx, arg),
            Uop::_BUILD_LIST => return self.uop_build_list(ctx, arg),
            Uop::_BUILD_SET => return self.uop_build_set(ctx, arg),
            Uop::_BUILD_MAP => return self.uop_build_map(ctx, arg),
            Uop::_BUILD_STRING => return self.uop_build_string(ctx, arg),
            Uop::_BUILD_SLICE => return self.uop_build_slice(ctx, arg),
            Uop::_LIST_APPEND => return self.uop_list_append(ctx, arg),
            Uop::_SET_ADD => return self.uop_set_add(ctx, arg),
            Uop::_MAP_ADD => return self.uop_map_add(ctx, arg),
            Uop::_LIST_EXTEND => return self.uop_list_extend(ctx, arg),
            Uop::_SET_UPDATE => return self.uop_set_update(ctx, arg),
            Uop::_DICT_UPDATE => return self.uop_dict_update(ctx, arg),
            Uop::_DICT_MERGE => return self.uop_dict_merge(ctx, arg),
            Uop::_UNPACK_SEQUENCE => return self.uop_unpack_sequence(ctx, arg),
            Uop::_UNPACK_EX => return self.uop_unpack_ex(ctx, arg),
            Uop::_FORMAT_VALUE => return self.uop_format_value(ctx, arg),
            Uop::_CALL => return self.call_instr(ctx, arg as usize, Value::UNDEF),
            Uop::_CALL_KW => return self.uop_call_kw(ctx, arg),
            Uop::_CALL_FUNCTION_EX => return self.call_ex_instr(ctx),
            Uop::_CALL_INTRINSIC_1 => return self.uop_call_intrinsic_1(ctx, arg),
            Uop::_MAKE_FUNCTION => return self.uop_make_function(ctx, arg),
            Uop::_RETURN_VALUE => return self.uop_return_value(ctx, arg),
            Uop::_RETURN_GENERATOR => return self.return_generator(ctx),
            Uop::_YIELD_VALUE => return self.uop_yield_value(ctx, arg),
            Uop::_SEND => return self.send_instr(ctx, arg),
            Uop::_END_SEND => return self.uop_end_send(ctx, arg),
            Uop::_GET_YIELD_FROM_ITER => return self.uop_get_yield_from_iter(ctx, arg),
            Uop::_RAISE_VARARGS => return Err(self.raise_instr(arg)?),
            Uop::_RERAISE => return self.uop_reraise(ctx, arg),
            Uop::_PUSH_EXC_INFO => return self.uop_push_exc_info(ctx, arg),
            Uop::_POP_EXCEPT => return self.uop_pop_except(ctx, arg),
            Uop::_CHECK_EXC_MATCH => return self.uop_check_exc_match(ctx, arg),
            Uop::_CLEANUP_THROW => return self.uop_cleanup_throw(ctx, arg),
            Uop::_BEFORE_WITH => return self.uop_before_with(ctx, arg),
            Uop::_WITH_EXCEPT_START => return self.uop_with_except_start(ctx, arg),
            Uop::_LOAD_ASSERTION_ERROR => self.push(Value::obj(self.types.assertion_error)),
            Uop::_LOAD_BUILD_CLASS => return self.uop_load_build_class(ctx, arg),
            Uop::_IMPORT_NAME => return self.uop_import_name(ctx, arg),
            Uop::_IMPORT_FROM => return self.uop_import_from(ctx, arg),
            // tier 2 (bodies in `exec`).
            Uop::_HOT_COUNT => return self.hot_count(ctx),
            Uop::_ENTER_EXECUTOR => return self.enter_executor(ctx, arg),
            // The uop executor runs these itself; tier 1 never sees them.
            Uop::_START_EXECUTOR
            | Uop::_CHECK_VALIDITY
            | Uop::_GUARD_IS_TRUE_POP
            | Uop::_GUARD_IS_FALSE_POP
            | Uop::_GUARD_IS_NONE_POP
            | Uop::_GUARD_IS_NOT_NONE_POP
            | Uop::_EXIT_TRACE
            | Uop::_DEOPT
            | Uop::_DYNAMIC_EXIT
            | Uop::_COLD_EXIT
            | Uop::_LOAD_CONST_INLINE
            | Uop::_JUMP_TO_TOP => return Err(self.internal_error("trace uop outside a trace")),
        }
        Ok(Flow::Next)
    }
}
