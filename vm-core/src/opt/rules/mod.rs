//! The forward pass's rules, one function per uop or family of uops, grouped by what
//! the uops do. [`rule_of`] names the rule of every uop, or `None` for the uops the pass
//! treats generically (`opt::generic`): its match is exhaustive, so a new uop does not
//! compile until it is given a rule or declared generic.

mod arith;
mod attr;
mod calls;
mod containers;
mod locals;

use super::forward::{Act, Pass};
use super::symbol::Contradiction;
use crate::bytecode::ops::Uop;
use crate::exec::ir::UopInst;

/// What a rule may do beside updating the state.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cx {
    /// The uop may be replaced by a form that leaves through its instruction's guard exit
    /// (the instruction is not the trace's first and has such an exit).
    pub can_replace: bool,
    /// The instruction is the trace's first, kept as recorded.
    pub frozen: bool,
}

/// A rule: updates the pass's state for one uop and says what becomes of it.
pub(super) type Rule<'a> = fn(&mut Pass<'a>, &UopInst, Cx) -> Result<Act, Contradiction>;

/// The rule of `uop`, or `None` when the pass treats it generically (its declared stack
/// effect with unknown results; see `opt::generic`).
pub(super) fn rule_of<'a>(uop: Uop) -> Option<Rule<'a>> {
    use Uop::*;
    let rule: Rule<'a> = match uop {
        _NOP => Pass::nop,
        _CHECK_PERIODIC | _CHECK_PERIODIC_EXIT => Pass::periodic,
        _LOAD_FAST | _LOAD_FAST_CHECK => Pass::load_fast,
        _LOAD_FAST_NEXT => Pass::load_fast_next,
        _LOAD_CONST => Pass::load_const,
        _LOAD_CONST_NEXT => Pass::load_const_next,
        _STORE_FAST => Pass::store_fast,
        _STORE_FAST_NEXT => Pass::store_fast_next,
        _POP_TOP
        | _POP_JUMP_NEXT
        | _GUARD_IS_TRUE_POP
        | _GUARD_IS_FALSE_POP
        | _GUARD_IS_NONE_POP
        | _GUARD_IS_NOT_NONE_POP => Pass::pop_one,
        _PUSH_NULL => Pass::push_null,
        _COPY => Pass::copy,
        _SWAP => Pass::swap,
        _GUARD_BOTH_INT => Pass::guard_both_int,
        _GUARD_NUMBERS_ONE_FLOAT => Pass::guard_numbers_one_float,
        _GUARD_BOTH_NUMBERS => Pass::guard_both_numbers,
        _GUARD_BOTH_STR => Pass::guard_both_str,
        _BINARY_OP_ADD_INT | _BINARY_OP_SUBTRACT_INT | _BINARY_OP_MULTIPLY_INT | _BINARY_OP_INT => {
            Pass::int_arith
        }
        _BINARY_OP_ADD_SMALL_INT | _BINARY_OP_SUBTRACT_SMALL_INT | _BINARY_OP_SMALL_INT => {
            Pass::small_int_arith
        }
        _BINARY_OP_ADD_FLOAT
        | _BINARY_OP_SUBTRACT_FLOAT
        | _BINARY_OP_MULTIPLY_FLOAT
        | _BINARY_OP_TRUE_DIVIDE_FLOAT => Pass::float_arith,
        _BINARY_OP_ADD_STR => Pass::str_concat,
        _IS_OP | _UNARY_NOT => Pass::is_or_not,
        _COMPARE_OP_INT | _COMPARE_OP_FLOAT | _COMPARE_OP_STR => Pass::typed_compare,
        _TO_BOOL_BOOL => Pass::bool_test,
        _TO_BOOL_INT | _TO_BOOL_NONE | _TO_BOOL_LIST | _TO_BOOL_STR => Pass::typed_truth_test,
        _GUARD_GLOBALS_VERSION => Pass::guard_globals_version,
        _GUARD_BUILTINS_VERSION => Pass::guard_builtins_version,
        _LOAD_GLOBAL_MODULE | _LOAD_GLOBAL_BUILTIN => Pass::load_global,
        _GUARD_INSTANCE_SLOT | _GUARD_INSTANCE_SLOT_STORE | _GUARD_TYPE_VERSION => {
            Pass::instance_guard
        }
        _POP_ITER => Pass::pop_iter,
        _GUARD_SHAPE => Pass::guard_shape,
        _LOAD_ATTR_SLOT => Pass::load_attr_slot,
        _STORE_ATTR_SLOT => Pass::store_attr_slot,
        _LOAD_ATTR_INSTANCE_METHOD | _LOAD_ATTR_METHOD_LAYOUT | _LOAD_ATTR_METHOD_VERSION => {
            Pass::instance_method
        }
        _GUARD_NOS_LIST => Pass::guard_nos_list,
        _GUARD_TOS_INT => Pass::guard_tos_int,
        _GUARD_ITER_LIST => Pass::guard_iter_list,
        _GUARD_ITER_TUPLE => Pass::guard_iter_tuple,
        _GUARD_ITER_RANGE => Pass::guard_iter_range,
        _FOR_ITER_RANGE | _FOR_ITER_RANGE_SMALL | _FOR_ITER_LIST | _FOR_ITER_TUPLE => {
            Pass::for_iter_sequence
        }
        _BINARY_SUBSCR_LIST_INT | _BINARY_SUBSCR_TUPLE_INT => Pass::subscript_int,
        _STORE_SUBSCR_LIST_INT => Pass::store_subscr_list_int,
        _GUARD_BUILTIN_TYPE => Pass::guard_builtin_type,
        _LOAD_ATTR_METHOD => Pass::load_attr_method,
        _GUARD_CALL_LIST_APPEND | _GUARD_CALL_SET_ADD => Pass::guard_call_method,
        _LOAD_CONST_INLINE => Pass::load_const_inline,
        _GUARD_CALL_LEN | _GUARD_CALL_BUILTIN => Pass::guard_call_native,
        _CALL_BUILTIN => Pass::call_builtin,
        _CALL_LIST_APPEND | _CALL_SET_ADD => Pass::call_append_or_add,
        _BINARY_OP | _COMPARE_OP => Pass::generic_operator,
        _GET_ITER | _TO_BOOL => Pass::iter_or_test,
        _BUILD_LIST | _BUILD_TUPLE | _BUILD_STRING | _BUILD_SET | _BUILD_MAP => Pass::build_display,
        _BINARY_SLICE | _STORE_SLICE => Pass::slice,
        _LOAD_DEREF => Pass::load_deref,
        _STORE_DEREF => Pass::store_deref,
        _SET_ADD => Pass::set_add,
        _LIST_APPEND => Pass::list_append,
        _CALL_LEN => Pass::call_len,
        _UNPACK_SEQUENCE_TWO_TUPLE | _UNPACK_SEQUENCE_TUPLE | _UNPACK_SEQUENCE_LIST => {
            Pass::unpack_sequence
        }
        _CALL_PY_EXACT_ARGS | _CALL_BOUND_METHOD_EXACT_ARGS | _CALL_PY_WITH_DEFAULTS => {
            Pass::call_py
        }
        _RETURN_VALUE => Pass::return_value,
        // Treated generically.
        _DELETE_FAST | _MAKE_CELL | _COPY_FREE_VARS | _LOAD_FROM_DICT_OR_DEREF => return None,
        _LOAD_CLOSURE | _DELETE_DEREF | _LOAD_GLOBAL | _STORE_GLOBAL => return None,
        _DELETE_GLOBAL | _LOAD_NAME | _STORE_NAME | _DELETE_NAME | _LOAD_ATTR => return None,
        _STORE_ATTR | _DELETE_ATTR | _BINARY_SUBSCR | _STORE_SUBSCR => return None,
        _DELETE_SUBSCR | _UNARY_NEGATIVE | _UNARY_INVERT | _CONTAINS_OP => return None,
        _POP_JUMP_IF_FALSE | _POP_JUMP_IF_TRUE | _POP_JUMP_IF_NONE => return None,
        _POP_JUMP_IF_NOT_NONE | _JUMP | _FOR_ITER | _BUILD_SLICE | _MAP_ADD => return None,
        _LIST_EXTEND | _SET_UPDATE | _DICT_UPDATE | _DICT_MERGE | _UNPACK_SEQUENCE => return None,
        _UNPACK_EX | _FORMAT_VALUE | _CALL | _CALL_KW | _CALL_FUNCTION_EX => return None,
        _CALL_INTRINSIC_1 | _MAKE_FUNCTION | _RETURN_GENERATOR | _YIELD_VALUE => return None,
        _SEND | _END_SEND | _GET_YIELD_FROM_ITER | _RAISE_VARARGS | _RERAISE => return None,
        _PUSH_EXC_INFO | _POP_EXCEPT | _CHECK_EXC_MATCH | _CLEANUP_THROW => return None,
        _BEFORE_WITH | _WITH_EXCEPT_START | _LOAD_ASSERTION_ERROR => return None,
        _LOAD_BUILD_CLASS | _IMPORT_NAME | _IMPORT_FROM | _LOAD_LOCALS => return None,
        _SPECIALIZE | _CALL_BUILTIN_CLASS | _CHECK_ATTR_MODULE | _LOAD_ATTR_MODULE => return None,
        _BINARY_SUBSCR_DICT | _STORE_SUBSCR_DICT | _CONTAINS_OP_DICT => return None,
        _CONTAINS_OP_SET | _CALL_ISINSTANCE | _CALL_ALLOC_AND_ENTER_INIT => return None,
        _BINARY_OP_USER | _CONTAINS_OP_SEQ | _FOR_ITER_GEN | _CALL_TUPLE_LIST_1 => return None,
        _HOT_COUNT | _ENTER_EXECUTOR | _START_EXECUTOR | _CHECK_VALIDITY => return None,
        _EXIT_TRACE | _DEOPT | _DYNAMIC_EXIT | _COLD_EXIT | _JUMP_TO_TOP => return None,
        _FOR_ITER_GEN_PROVEN | _CALL_GEN_RESUME | _COMPARE_OP_USER => return None,
        _LOAD_ATTR_CLASS_METHOD => return None,
        // match:
        _GET_LEN | _MATCH_MAPPING | _MATCH_SEQUENCE | _MATCH_KEYS | _MATCH_CLASS => return None,
        // async:
        _GET_AWAITABLE | _GET_AITER | _GET_ANEXT | _END_ASYNC_FOR => return None,
        _BEFORE_ASYNC_WITH => return None,
    };
    Some(rule)
}
