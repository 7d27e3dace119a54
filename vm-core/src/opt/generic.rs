//! What the forward pass ([`super::forward`]) models exactly, and what it does with any
//! other instruction: its declared stack effect with unknown results (or a forgotten stack
//! when even that is uncertain), forgotten locals and cells when it may write them, a new
//! opaque frame when it changes frames, and an escape when it may run code.

use alloc::vec::Vec;

use super::forward::{Entered, Pass};
use super::symbol::Ty;
use crate::bytecode::ops::{flags, Op, Uop};
use crate::exec::ir::SAME_FRAME;

/// Whether the pass models `uop` exactly (stack effect, facts); an instruction with any
/// other uop is treated generically.
pub(super) fn modelled(uop: Uop) -> bool {
    use Uop::*;
    matches!(
        uop,
        _NOP | _CHECK_PERIODIC
            | _CHECK_PERIODIC_EXIT
            | _LOAD_FAST
            | _LOAD_FAST_CHECK
            | _LOAD_FAST_NEXT
            | _LOAD_CONST
            | _LOAD_CONST_NEXT
            | _STORE_FAST
            | _STORE_FAST_NEXT
            | _POP_TOP
            | _PUSH_NULL
            | _COPY
            | _SWAP
            | _GUARD_BOTH_INT
            | _GUARD_NUMBERS_ONE_FLOAT
            | _GUARD_BOTH_NUMBERS
            | _GUARD_BOTH_STR
            | _BINARY_OP_ADD_INT
            | _BINARY_OP_SUBTRACT_INT
            | _BINARY_OP_MULTIPLY_INT
            | _BINARY_OP_INT
            | _BINARY_OP_ADD_SMALL_INT
            | _BINARY_OP_SUBTRACT_SMALL_INT
            | _BINARY_OP_SMALL_INT
            | _BINARY_OP_ADD_FLOAT
            | _BINARY_OP_SUBTRACT_FLOAT
            | _BINARY_OP_MULTIPLY_FLOAT
            | _BINARY_OP_TRUE_DIVIDE_FLOAT
            | _BINARY_OP_ADD_STR
            | _COMPARE_OP_INT
            | _COMPARE_OP_FLOAT
            | _COMPARE_OP_STR
            | _POP_JUMP_NEXT
            | _GUARD_IS_TRUE_POP
            | _GUARD_IS_FALSE_POP
            | _GUARD_IS_NONE_POP
            | _GUARD_IS_NOT_NONE_POP
            | _TO_BOOL_BOOL
            | _TO_BOOL_INT
            | _TO_BOOL_NONE
            | _TO_BOOL_LIST
            | _TO_BOOL_STR
            | _GUARD_GLOBALS_VERSION
            | _GUARD_BUILTINS_VERSION
            | _LOAD_GLOBAL_MODULE
            | _LOAD_GLOBAL_BUILTIN
            | _FOR_ITER_RANGE
            | _FOR_ITER_RANGE_SMALL
            | _FOR_ITER_LIST
            | _FOR_ITER_TUPLE
            | _BINARY_SUBSCR_LIST_INT
            | _BINARY_SUBSCR_TUPLE_INT
            | _STORE_SUBSCR_LIST_INT
            | _CALL_LEN
            | _UNPACK_SEQUENCE_TWO_TUPLE
            | _UNPACK_SEQUENCE_TUPLE
            | _UNPACK_SEQUENCE_LIST
            | _CALL_PY_EXACT_ARGS
            | _CALL_BOUND_METHOD_EXACT_ARGS
            | _RETURN_VALUE
            | _GUARD_BUILTIN_TYPE
            | _LOAD_ATTR_METHOD
            | _GUARD_CALL_LIST_APPEND
            | _GUARD_CALL_SET_ADD
            | _CALL_LIST_APPEND
            | _CALL_SET_ADD
            | _LOAD_CONST_INLINE
            | _GUARD_CALL_LEN
            | _GUARD_CALL_BUILTIN
            | _CALL_BUILTIN
            | _BINARY_OP
            | _COMPARE_OP
            | _GET_ITER
            | _TO_BOOL
            | _BUILD_LIST
            | _BUILD_TUPLE
            | _BUILD_STRING
            | _BUILD_SET
            | _BUILD_MAP
            | _LIST_APPEND
            | _SET_ADD
            | _LOAD_DEREF
            | _STORE_DEREF
            | _GUARD_NOS_LIST
            | _GUARD_TOS_INT
            | _GUARD_ITER_LIST
            | _GUARD_ITER_TUPLE
            | _GUARD_ITER_RANGE
            | _BINARY_SLICE
            | _STORE_SLICE
            | _GUARD_INSTANCE_SLOT
            | _GUARD_INSTANCE_SLOT_STORE
            | _GUARD_TYPE_VERSION
            | _GUARD_SHAPE
            | _POP_ITER
            | _LOAD_ATTR_SLOT
            | _STORE_ATTR_SLOT
            | _LOAD_ATTR_INSTANCE_METHOD
            | _LOAD_ATTR_METHOD_LAYOUT
            | _LOAD_ATTR_METHOD_VERSION
            | _IS_OP
            | _UNARY_NOT
    )
}

/// The instruction whose trace uops (minus tier-1-only ones) are `uops`, preferring what
/// the snapshot recorded at that offset; `None` when no instruction matches, or when
/// several do with different stack effects.
pub(crate) fn instruction_of(recorded: Option<Op>, uops: &[Uop]) -> Option<Op> {
    let matches = |op: Op| {
        let mut it = op
            .uops()
            .iter()
            .filter(|u| !matches!(u, Uop::_SPECIALIZE | Uop::_HOT_COUNT));
        uops.iter().all(|u| it.next() == Some(u)) && it.next().is_none()
    };
    if let Some(op) = recorded.filter(|&op| matches(op)) {
        return Some(op);
    }
    let mut found: Option<Op> = None;
    for &op in Op::ALL {
        if matches(op) {
            match found {
                Some(f) if f.stack_effect(0) != op.stack_effect(0) => return None,
                Some(f) if f.stack_effect(1) != op.stack_effect(1) => return None,
                Some(_) => {}
                None => found = Some(op),
            }
        }
    }
    found
}

impl Pass<'_> {
    /// An instruction the pass does not model: its declared stack effect with unknown
    /// results, or, when even that is uncertain, a forgotten stack.
    pub(super) fn generic(&mut self, k: usize, j: usize) {
        let uops = &self.b.body[k..j];
        if uops.iter().any(|u| u.uop.flags() & flags::ESCAPES != 0) {
            self.escape();
        }
        // Uops that may write a frame slot (reads of locals and cells do not).
        let writes_slot = |u: Uop| {
            u.flags() & (flags::LOCAL | flags::FREE) != 0
                && !matches!(
                    u,
                    Uop::_LOAD_FAST
                        | Uop::_LOAD_FAST_NEXT
                        | Uop::_LOAD_FAST_CHECK
                        | Uop::_LOAD_DEREF
                        | Uop::_LOAD_CLOSURE
                        | Uop::_LOAD_FROM_DICT_OR_DEREF
                )
        };
        if uops.iter().any(|u| writes_slot(u.uop)) {
            self.forget_locals();
            self.forget_cells();
        }
        let changed = uops.iter().find(|u| {
            u.uop.flags() & flags::FRAME != 0
                && u.expect_code != SAME_FRAME
                && u.check & crate::exec::ir::check::FLOW != 0
        });
        if let Some(u) = changed {
            let (code, uop) = (u.expect_code, u.uop);
            // Code the pass does not follow may run any generator.
            self.forget_gens();
            // A frame change: a return or yield goes back to a caller whose stack gets an
            // unknown value; anything else enters a frame nothing is known about.
            if matches!(
                uop,
                Uop::_RETURN_VALUE | Uop::_YIELD_VALUE | Uop::_RETURN_GENERATOR
            ) {
                self.frames.pop();
                if self.frames.is_empty() {
                    self.new_frame(code, Entered::Opaque, Vec::new());
                }
            }
            self.forget_stack();
            if !matches!(
                uop,
                Uop::_RETURN_VALUE | Uop::_YIELD_VALUE | Uop::_RETURN_GENERATOR
            ) {
                self.new_frame(code, Entered::Opaque, Vec::new());
            }
            return;
        }
        let list: Vec<Uop> = uops.iter().map(|u| u.uop).collect();
        let op = instruction_of(self.recorded(&uops[0]), &list);
        let last = &uops[uops.len() - 1];
        let Some(op) = op else {
            self.forget_stack();
            return;
        };
        let (pops, pushes) = op.stack_effect(uops[0].oparg);
        if op.flags() & flags::JUMP != 0 {
            // Only `FOR_ITER` forms have a known effect when they jump (the iterator is
            // popped); for other jumping instructions the stack is forgotten.
            let for_iter = op.family_head() == Op::FOR_ITER;
            let jumped = last.expect == last.oparg;
            if for_iter && jumped {
                self.pop_n(1);
                return;
            }
            if !for_iter {
                self.forget_stack();
                return;
            }
        }
        self.pop_n(pops as usize);
        for _ in 0..pushes {
            self.push_new(Ty::Unknown);
        }
    }
}
