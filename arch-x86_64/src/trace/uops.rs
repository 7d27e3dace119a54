//! Which uops the backend lowers and how: the dispatch (one line per uop lowered inline),
//! and the inline sequences of local and stack moves and constants.

use vm_core::bytecode::ops::{Flags, Uop};
use vm_core::exec::ir::Executor;
use vm_core::jit::JitError;
use vm_core::layout::tag;
use vm_core::Value;

use super::branch::can_lower_fused_jump;
use super::call::{has_flow_helper, has_helper};
use super::numbers::{cmp_of, inline_int_op};
use super::stack::Lazy;
use super::{construct, dunder, frames, generators, iter};
use super::{Lower, Next};
use crate::enc::{mov_r64_rm64, mov_rm64_r64, Reg};

/// Whether uop `pc` of `exec`, in the dispatch entry that starts at `entry_start`, can be
/// lowered. It must run in the frame the code runs in (`frame`, an index of the
/// executor's codes); the uops that hand back at
/// themselves must begin their entry, and a loop head, which hands back at its entry when
/// exhausted, must follow only checks there and must have gone on into the loop when
/// recorded.
pub(super) fn can_lower(exec: &Executor, pc: usize, entry_start: usize, frame: u8) -> bool {
    let u = &exec.uops[pc];
    if u.code != frame {
        return false;
    }
    let first = pc == entry_start;
    match u.uop {
        Uop::_COMPARE_OP_INT | Uop::_COMPARE_OP_FLOAT => cmp_of(u.oparg).is_some() || has_helper(u),
        Uop::_BINARY_OP_INT | Uop::_BINARY_OP_SMALL_INT => {
            inline_int_op(u.oparg).is_some() || has_helper(u)
        }
        Uop::_LOAD_ATTR_METHOD
        | Uop::_LOAD_ATTR_METHOD_LAYOUT
        | Uop::_LOAD_ATTR_METHOD_VERSION
        | Uop::_LOAD_ATTR_INSTANCE_METHOD => u.oparg & 1 != 0 || has_helper(u),
        Uop::_UNPACK_SEQUENCE_TWO_TUPLE => u.oparg == 2,
        Uop::_UNPACK_SEQUENCE_TUPLE | Uop::_UNPACK_SEQUENCE_LIST => (1..=16).contains(&u.oparg),
        Uop::_POP_JUMP_NEXT => can_lower_fused_jump(exec, pc, entry_start),
        Uop::_FOR_ITER_RANGE_SMALL
        | Uop::_FOR_ITER_RANGE
        | Uop::_FOR_ITER_LIST
        | Uop::_FOR_ITER_TUPLE => {
            let checks_before = exec.uops[entry_start..pc]
                .iter()
                .all(|p| p.uop.flags().contains(Flags::CHECK));
            checks_before && iter::lowerable_head(exec, pc)
        }
        Uop::_CHECK_PERIODIC
        | Uop::_CHECK_PERIODIC_EXIT
        | Uop::_GUARD_IS_TRUE_POP
        | Uop::_GUARD_IS_FALSE_POP
        | Uop::_GUARD_IS_NONE_POP
        | Uop::_GUARD_IS_NOT_NONE_POP
        | Uop::_JUMP_TO_TOP
        | Uop::_EXIT_TRACE => first,
        uop => inline_form(uop).is_some() || has_helper(u) || has_flow_helper(exec, pc),
    }
}

/// The uops with an inline lowering, and whether it reads lazy slots (`Lower::load`; its
/// stubs carry them) rather than needing every slot in memory first: `Some(true)` and
/// `Some(false)`. `can_lower` adds the conditions some of them have.
fn inline_form(u: Uop) -> Option<bool> {
    Some(match u {
        Uop::_NOP
        | Uop::_POP_TOP
        | Uop::_PUSH_NULL
        | Uop::_LOAD_FAST
        | Uop::_STORE_FAST
        | Uop::_LOAD_CONST
        | Uop::_LOAD_FAST_NEXT
        | Uop::_STORE_FAST_NEXT
        | Uop::_LOAD_CONST_NEXT
        | Uop::_LOAD_CONST_INLINE
        | Uop::_COPY
        | Uop::_CHECK_VALIDITY
        | Uop::_CHECK_PERIODIC
        | Uop::_CHECK_PERIODIC_EXIT
        | Uop::_GUARD_IS_TRUE_POP
        | Uop::_GUARD_IS_FALSE_POP
        | Uop::_GUARD_IS_NONE_POP
        | Uop::_GUARD_IS_NOT_NONE_POP
        | Uop::_JUMP_TO_TOP
        | Uop::_EXIT_TRACE
        | Uop::_GUARD_BOTH_INT
        | Uop::_GUARD_TOS_INT
        | Uop::_GUARD_NUMBERS_ONE_FLOAT
        | Uop::_GUARD_BOTH_NUMBERS
        | Uop::_BINARY_OP_ADD_INT
        | Uop::_BINARY_OP_SUBTRACT_INT
        | Uop::_BINARY_OP_MULTIPLY_INT
        | Uop::_BINARY_OP_ADD_SMALL_INT
        | Uop::_BINARY_OP_SUBTRACT_SMALL_INT
        | Uop::_BINARY_OP_ADD_FLOAT
        | Uop::_BINARY_OP_SUBTRACT_FLOAT
        | Uop::_BINARY_OP_MULTIPLY_FLOAT
        | Uop::_BINARY_OP_TRUE_DIVIDE_FLOAT
        | Uop::_TO_BOOL_BOOL
        | Uop::_TO_BOOL_INT
        | Uop::_TO_BOOL_NONE
        | Uop::_TO_BOOL_LIST
        | Uop::_TO_BOOL_STR
        | Uop::_UNARY_NOT
        | Uop::_IS_OP
        | Uop::_POP_JUMP_NEXT
        | Uop::_COMPARE_OP_INT
        | Uop::_COMPARE_OP_FLOAT
        | Uop::_BINARY_OP_INT
        | Uop::_BINARY_OP_SMALL_INT
        | Uop::_GUARD_ITER_RANGE
        | Uop::_GUARD_ITER_LIST
        | Uop::_GUARD_ITER_TUPLE
        | Uop::_GUARD_NOS_LIST
        | Uop::_BINARY_SUBSCR_LIST_INT
        | Uop::_BINARY_SUBSCR_TUPLE_INT
        | Uop::_STORE_SUBSCR_LIST_INT
        | Uop::_GUARD_TYPE_VERSION
        | Uop::_GUARD_SHAPE
        | Uop::_LOAD_ATTR_SLOT
        | Uop::_STORE_ATTR_SLOT
        | Uop::_GUARD_BUILTIN_TYPE
        | Uop::_GUARD_BOTH_STR
        | Uop::_CALL_LEN
        | Uop::_CONTAINS_OP_SEQ
        | Uop::_CONTAINS_OP_SET
        | Uop::_CALL_SET_ADD
        | Uop::_SET_ADD
        | Uop::_LIST_APPEND
        | Uop::_GUARD_CALL_BUILTIN
        | Uop::_GUARD_CALL_LIST_APPEND
        | Uop::_CALL_LIST_APPEND
        | Uop::_LOAD_ATTR_METHOD
        | Uop::_LOAD_ATTR_INSTANCE_METHOD
        | Uop::_LOAD_ATTR_METHOD_LAYOUT
        | Uop::_LOAD_ATTR_METHOD_VERSION
        | Uop::_LOAD_DEREF
        | Uop::_CHECK_ATTR_MODULE
        | Uop::_LOAD_ATTR_MODULE
        | Uop::_UNARY_NEGATIVE
        | Uop::_UNPACK_SEQUENCE_TWO_TUPLE
        | Uop::_UNPACK_SEQUENCE_TUPLE
        | Uop::_UNPACK_SEQUENCE_LIST => true,
        // (A loop head's iterator stays in its slot across the loop: it must be there.)
        Uop::_SWAP
        | Uop::_FOR_ITER_RANGE_SMALL
        | Uop::_FOR_ITER_RANGE
        | Uop::_FOR_ITER_LIST
        | Uop::_FOR_ITER_TUPLE
        | Uop::_COPY_FREE_VARS => false,
        _ => return None,
    })
}

/// Whether uop `u` is lowered as a call of its helper (on code's own path, not only in a
/// slow path): no inline form, or none for its oparg. (Frame changes are not asked about.)
pub(super) fn calls_helper(u: &vm_core::exec::ir::UopInst) -> bool {
    !is_builtin_call_of_one(u) && (inline_form(u.uop).is_none() || !inline_oparg(u))
}

/// Whether `u` is a builtin's call with one argument, which code makes itself for
/// `math.sqrt` (unless its receiver slot is lazily known to be a method's receiver) and
/// through the helper out of line for any other builtin.
fn is_builtin_call_of_one(u: &vm_core::exec::ir::UopInst) -> bool {
    u.uop == Uop::_CALL_BUILTIN && u.oparg == 1
}

/// Whether uop `u`, which has an inline form, has one for its oparg: comparisons,
/// integer operations and method loads fall back to their helper calls for some.
fn inline_oparg(u: &vm_core::exec::ir::UopInst) -> bool {
    match u.uop {
        Uop::_COMPARE_OP_INT | Uop::_COMPARE_OP_FLOAT => cmp_of(u.oparg).is_some(),
        Uop::_BINARY_OP_INT | Uop::_BINARY_OP_SMALL_INT => inline_int_op(u.oparg).is_some(),
        Uop::_LOAD_ATTR_METHOD
        | Uop::_LOAD_ATTR_METHOD_LAYOUT
        | Uop::_LOAD_ATTR_METHOD_VERSION
        | Uop::_LOAD_ATTR_INSTANCE_METHOD => u.oparg & 1 != 0,
        Uop::_CALL_LIST_APPEND
        | Uop::_GUARD_CALL_LIST_APPEND
        | Uop::_CALL_LEN
        | Uop::_CALL_SET_ADD => u.oparg == 1,
        Uop::_LIST_APPEND | Uop::_SET_ADD => u.oparg >= 1,
        _ => true,
    }
}

/// The oparg `_NEXT` uops read: the next unit's, as the interpreter reads it.
fn next_oparg(cx: &Lower<'_>, u: &vm_core::exec::ir::UopInst) -> u32 {
    cx.code
        .code
        .get(u.target as usize + 1)
        .map_or(0, |c| c.get() >> 8)
}

/// Checks that uop `u`'s stack effect and the frame slot its oparg names stay in the frame.
fn check_in_frame(cx: &Lower<'_>, u: &vm_core::exec::ir::UopInst) -> Result<(), JitError> {
    let (pops, pushes) = u.uop.stack_effect(u.oparg);
    if cx.depth < pops || cx.depth - pops + pushes > cx.code.stacksize {
        return Err(JitError::Malformed("a uop's stack effect leaves the frame"));
    }
    let local = match u.uop {
        Uop::_LOAD_FAST | Uop::_STORE_FAST => Some(u.oparg),
        Uop::_LOAD_FAST_NEXT | Uop::_STORE_FAST_NEXT => Some(next_oparg(cx, u)),
        _ => None,
    };
    let cell = (u.uop == Uop::_LOAD_DEREF).then(|| cx.code.nlocals() as u64 + u64::from(u.oparg));
    if local.is_some_and(|l| l >= cx.nlocalsplus)
        || cell.is_some_and(|c| c >= u64::from(cx.nlocalsplus))
        || (u.uop == Uop::_COPY && u.oparg == 0)
    {
        return Err(JitError::Malformed("a uop's oparg leaves the frame"));
    }
    Ok(())
}

/// Lowers uop `pc`, which [`can_lower`] accepted.
pub(super) fn lower(cx: &mut Lower<'_>, pc: usize) -> Result<Next, JitError> {
    let u = &cx.exec.uops[pc];
    check_in_frame(cx, u)?;
    let next_arg = next_oparg(cx, u);
    let float_rem = u.uop == Uop::_BINARY_OP && cx.takes_float_rem(u.oparg);
    let builtin_one = is_builtin_call_of_one(u) && cx.null_receiver_of_one();
    if !float_rem && !builtin_one && (inline_form(u.uop) != Some(true) || !inline_oparg(u)) {
        cx.flush();
    }
    if inline_form(u.uop).is_some() && !inline_oparg(u) {
        // An oparg the inline form does not cover: the uop's helper.
        cx.lower_call(pc);
        return Ok(Next::Falls);
    }
    let inline = match u.uop {
        Uop::_NOP => Next::Falls,
        Uop::_POP_TOP => cx.lower_pop(),
        Uop::_PUSH_NULL => cx.lower_push_bits(Value::UNDEF.bits()),
        Uop::_LOAD_FAST => cx.lower_load_fast(u.oparg),
        Uop::_STORE_FAST => cx.lower_store_fast(u.oparg),
        Uop::_LOAD_CONST => cx.lower_load_const(u.oparg),
        Uop::_LOAD_FAST_NEXT => cx.lower_load_fast(next_arg),
        Uop::_STORE_FAST_NEXT => cx.lower_store_fast(next_arg),
        Uop::_LOAD_CONST_NEXT => cx.lower_load_const(next_arg),
        Uop::_GUARD_NUMBERS_ONE_FLOAT => cx.lower_guard_one_float(pc),
        Uop::_GUARD_ITER_RANGE => cx.lower_guard_tag(pc, 0, tag::RANGE_ITER),
        Uop::_GUARD_ITER_LIST => cx.lower_guard_tag(pc, 0, tag::LIST_ITER),
        Uop::_GUARD_NOS_LIST => cx.lower_guard_tag(pc, 1, tag::LIST),
        Uop::_GUARD_ITER_TUPLE => cx.lower_guard_iter_tuple(pc),
        Uop::_BINARY_OP if float_rem => cx.lower_float_rem(pc),
        Uop::_CALL_BUILTIN if builtin_one => cx.lower_call_builtin_one(pc),
        Uop::_CHECK_ATTR_MODULE => cx.lower_check_attr_module(pc),
        Uop::_LOAD_ATTR_MODULE => cx.lower_load_attr_module(pc),
        Uop::_GUARD_CALL_BUILTIN => cx.lower_guard_call_builtin(pc, false),
        Uop::_GUARD_BOTH_STR => cx.lower_guard_both_str(pc),
        Uop::_CALL_LEN => cx.lower_len(pc),
        Uop::_CONTAINS_OP_SEQ => cx.lower_contains_seq(pc),
        Uop::_CONTAINS_OP_SET => cx.lower_contains_set(pc),
        Uop::_CALL_SET_ADD => cx.lower_set_add(pc),
        Uop::_SET_ADD => cx.lower_comprehension_set_add(pc, u.oparg),
        Uop::_LIST_APPEND => cx.lower_comprehension_append(pc, u.oparg),
        Uop::_GUARD_CALL_LIST_APPEND => cx.lower_guard_call_builtin(pc, true),
        Uop::_CALL_LIST_APPEND => cx.lower_list_append(pc),
        Uop::_COPY_FREE_VARS => cx.lower_copy_free_vars(pc, u.oparg)?,
        Uop::_FOR_ITER_RANGE_SMALL
        | Uop::_FOR_ITER_RANGE
        | Uop::_FOR_ITER_LIST
        | Uop::_FOR_ITER_TUPLE
        | Uop::_BINARY_SUBSCR_LIST_INT => cx.lower_iteration(pc, u.uop),
        Uop::_LOAD_CONST_INLINE => cx.lower_load_const_inline(u.oparg)?,
        Uop::_COPY => cx.lower_copy(u.oparg),
        Uop::_SWAP => cx.lower_swap(u.oparg),
        Uop::_CHECK_PERIODIC | Uop::_CHECK_PERIODIC_EXIT => cx.lower_safe_point(pc),
        Uop::_CHECK_VALIDITY => cx.lower_validity(pc),
        Uop::_GUARD_IS_TRUE_POP
        | Uop::_GUARD_IS_FALSE_POP
        | Uop::_GUARD_IS_NONE_POP
        | Uop::_GUARD_IS_NOT_NONE_POP => cx.lower_branch_guard(pc, u.uop),
        Uop::_JUMP_TO_TOP => cx.lower_jump_to_top(pc, u.oparg),
        Uop::_GUARD_BOTH_INT => cx.lower_guard_int(pc, 2),
        Uop::_GUARD_TOS_INT => cx.lower_guard_int(pc, 1),
        Uop::_BINARY_OP_ADD_INT
        | Uop::_BINARY_OP_SUBTRACT_INT
        | Uop::_BINARY_OP_MULTIPLY_INT
        | Uop::_BINARY_OP_ADD_SMALL_INT
        | Uop::_BINARY_OP_SUBTRACT_SMALL_INT => cx.lower_int_arith(pc, u.uop),
        Uop::_BINARY_OP_ADD_FLOAT
        | Uop::_BINARY_OP_SUBTRACT_FLOAT
        | Uop::_BINARY_OP_MULTIPLY_FLOAT
        | Uop::_BINARY_OP_TRUE_DIVIDE_FLOAT => cx.lower_float_arith(pc, u.uop),
        Uop::_COMPARE_OP_INT | Uop::_COMPARE_OP_FLOAT => match cmp_of(u.oparg) {
            Some(cmp) if u.uop == Uop::_COMPARE_OP_INT => cx.lower_compare_int(pc, cmp),
            Some(cmp) => cx.lower_compare_float(pc, cmp),
            None => {
                cx.lower_call(pc);
                return Ok(Next::Falls);
            }
        },
        Uop::_TO_BOOL_BOOL
        | Uop::_TO_BOOL_INT
        | Uop::_TO_BOOL_NONE
        | Uop::_TO_BOOL_LIST
        | Uop::_TO_BOOL_STR => cx.lower_to_bool(pc, u.uop),
        Uop::_UNARY_NOT => cx.lower_not(),
        Uop::_GUARD_TYPE_VERSION => cx.lower_guard_type_version(pc),
        Uop::_GUARD_SHAPE => match cx.exec.shape_depth(u.oparg).filter(|&d| d > 0) {
            Some(depth) => cx.lower_guard_shape(pc, depth),
            None => {
                // (No depth known to index the class's shape path by: the helper.)
                cx.flush();
                cx.lower_call(pc);
                return Ok(Next::Falls);
            }
        },
        Uop::_GUARD_BOTH_NUMBERS => cx.lower_guard_numbers(pc),
        Uop::_STORE_SUBSCR_LIST_INT => cx.lower_list_store(pc),
        Uop::_BINARY_SUBSCR_TUPLE_INT => cx.lower_tuple_subscript(pc),
        Uop::_UNPACK_SEQUENCE_TWO_TUPLE | Uop::_UNPACK_SEQUENCE_TUPLE => {
            cx.lower_unpack(pc, tag::TUPLE, u.oparg)
        }
        Uop::_UNPACK_SEQUENCE_LIST => cx.lower_unpack(pc, tag::LIST, u.oparg),
        Uop::_LOAD_ATTR_SLOT => cx.lower_load_attr_slot(pc),
        Uop::_STORE_ATTR_SLOT => cx.lower_store_attr_slot(pc),
        Uop::_LOAD_DEREF => cx.lower_load_deref(pc, u.oparg),
        Uop::_UNARY_NEGATIVE => cx.lower_negative(pc),
        Uop::_GUARD_BUILTIN_TYPE => cx.lower_guard_builtin_type(pc),
        Uop::_LOAD_ATTR_METHOD => cx.lower_load_builtin_method(pc),
        Uop::_LOAD_ATTR_INSTANCE_METHOD => cx.lower_load_instance_method(pc),
        Uop::_LOAD_ATTR_METHOD_LAYOUT => cx.lower_load_attr_method(pc, false),
        Uop::_LOAD_ATTR_METHOD_VERSION => cx.lower_load_attr_method(pc, true),
        Uop::_BINARY_OP_INT | Uop::_BINARY_OP_SMALL_INT => match inline_int_op(u.oparg) {
            Some(op) => cx.lower_int_op(pc, op),
            None => {
                cx.lower_call(pc);
                return Ok(Next::Falls);
            }
        },
        Uop::_POP_JUMP_NEXT => cx.lower_fused_jump(pc),
        Uop::_IS_OP => cx.lower_is(u.oparg != 0),
        Uop::_EXIT_TRACE => cx.lower_exit_trace(pc),
        _ if has_helper(u) => {
            cx.lower_call(pc);
            return Ok(Next::Falls);
        }
        _ => {
            lower_frame_change(cx, pc)?;
            return Ok(Next::Falls);
        }
    };
    cx.inline_uops += 1;
    Ok(inline)
}

/// Lowers uop `pc`, which changes frames: inline for a call, an instance's creation, a
/// return, a generator's resume and a yield code can do itself, else a call of the flow
/// helper.
fn lower_frame_change(cx: &mut Lower<'_>, pc: usize) -> Result<(), JitError> {
    let uop = cx.exec.uops[pc].uop;
    match uop {
        Uop::_CALL_PY_EXACT_ARGS if frames::inline_call(cx.exec, pc) => cx.lower_inline_call(pc),
        Uop::_CALL_ALLOC_AND_ENTER_INIT if construct::inline_init(cx.exec, pc) => {
            cx.lower_inline_init(pc)
        }
        Uop::_BINARY_OP_USER | Uop::_COMPARE_OP_USER if dunder::inline_dunder(cx.exec, pc) => {
            cx.lower_inline_dunder(pc)
        }
        Uop::_RETURN_VALUE if frames::inline_return(cx.exec, pc) => cx.lower_inline_return(pc),
        Uop::_FOR_ITER_GEN | Uop::_FOR_ITER_GEN_PROVEN | Uop::_SEND | Uop::_CALL_GEN_RESUME
            if cx.inline_resume(pc) =>
        {
            cx.lower_inline_resume(pc)
        }
        Uop::_YIELD_VALUE if generators::inline_yield(cx.exec, pc) => cx.lower_inline_yield(pc),
        Uop::_YIELD_VALUE if generators::collected_yield(cx.exec, pc) => {
            cx.lower_collected_yield(pc)
        }
        Uop::_SEND if iter::sends_on_in_frame(cx.exec, pc) => cx.lower_send_list(pc),
        _ => cx.lower_flow(pc),
    }
}

impl Lower<'_> {
    fn lower_pop(&mut self) -> Next {
        self.apply_effect(1, 0);
        Next::Falls
    }

    /// Pushes a constant's bits (a lazy slot).
    fn lower_push_bits(&mut self, bits: u64) -> Next {
        self.push_lazy(Lazy::Const(bits));
        Next::Falls
    }

    /// Pushes a local (a lazy slot).
    fn lower_load_fast(&mut self, local: u32) -> Next {
        let what = self.local_in_reg(local).unwrap_or(Lazy::Local(local));
        self.push_lazy(what);
        Next::Falls
    }

    fn lower_store_fast(&mut self, local: u32) -> Next {
        let top = self.lazy_at(self.depth - 1);
        self.load(0, Reg::Rcx);
        self.apply_effect(1, 0);
        self.flush_local(local);
        self.buf
            .emit(mov_rm64_r64(self.frame_slot(local), Reg::Rcx));
        self.remember_local(local, top);
        Next::Falls
    }

    /// `_LOAD_CONST`: the code's constant (as `_LOAD_CONST`'s body, `None` past the end).
    fn lower_load_const(&mut self, index: u32) -> Next {
        let v = self.code.consts.get(index as usize).copied();
        self.lower_push_bits(v.unwrap_or(Value::NONE).bits())
    }

    /// `_LOAD_CONST_INLINE`: the executor's constant, and a null after it for a call.
    fn lower_load_const_inline(&mut self, oparg: u32) -> Result<Next, JitError> {
        let Some(v) = self.exec.consts.get((oparg >> 1) as usize) else {
            return Err(JitError::Malformed("an executor constant out of range"));
        };
        self.lower_push_bits(v.bits());
        if oparg & 1 != 0 {
            self.lower_push_bits(Value::UNDEF.bits());
        }
        Ok(Next::Falls)
    }

    /// `_COPY n`: pushes the `n`th value from the top (1: the top).
    fn lower_copy(&mut self, n: u32) -> Next {
        let i = self.depth - n;
        match self.lazy_at(i) {
            Some(what) => self.push_lazy(what),
            None => {
                self.buf.emit(mov_r64_rm64(Reg::Rax, self.slot_at(i)));
                self.buf
                    .emit(mov_rm64_r64(self.slot_at(self.depth), Reg::Rax));
                self.apply_effect(0, 1);
            }
        }
        Next::Falls
    }

    /// `_SWAP n`: exchanges the top and the `n`th value from the top (in memory: `lower`
    /// flushed the lazy slots).
    fn lower_swap(&mut self, n: u32) -> Next {
        if n > 1 {
            self.buf.emit(mov_r64_rm64(Reg::Rax, self.slot(0)));
            self.buf.emit(mov_r64_rm64(Reg::Rcx, self.slot(n - 1)));
            self.buf.emit(mov_rm64_r64(self.slot(0), Reg::Rcx));
            self.buf.emit(mov_rm64_r64(self.slot(n - 1), Reg::Rax));
        }
        Next::Falls
    }
}
