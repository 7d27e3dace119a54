//! Dispatch forms: what the uop executor's table calls for a run of uops in one dispatch.
//!
//! A run that is a whole tier-1 instruction runs with the instruction's handler. What the
//! trace optimizer leaves of an instruction (guards removed where the types are proven,
//! actions replaced by their checked forms) is a *form* of that instruction: the same inline
//! cache layout, fewer or other uops. The forms below get a handler of their own, so the
//! hot ones still run in one dispatch; any other run runs uop by uop. Forms are executor
//! data, not instructions: tier-1 code never holds them, and a test checks that each is what
//! the optimizer's declared rewrites (`opt::check`) can leave of its instruction.
//!
//! A dispatch code (`UopInst::expect_code` of a whole run) is an opcode below [`FORM_BASE`]
//! and a form from there on; [`DISPATCH`] holds the handlers of both.

use crate::bytecode::ops::{Flags, Op, Uop};
use crate::interp::eval::{invalid_op, uops_handler, Handler, OP_HANDLERS};

/// One dispatch form: the instruction whose cache layout and stack effect it has, and the
/// uops it runs.
#[derive(Debug)]
pub(crate) struct Form {
    /// The instruction it is a form of.
    pub like: Op,
    /// The uops it runs, in order.
    pub uops: &'static [Uop],
}

/// Invokes `$m!` with the dispatch forms: `LIKE [uops];`.
macro_rules! for_each_form {
    ($m:ident) => {
        $m! {
            // Compare-and-branch and test-and-branch with proven operands.
            COMPARE_OP_INT_JUMP [_COMPARE_OP_INT, _POP_JUMP_NEXT];
            COMPARE_OP_FLOAT_JUMP [_COMPARE_OP_FLOAT, _POP_JUMP_NEXT];
            COMPARE_OP_STR_JUMP [_COMPARE_OP_STR, _POP_JUMP_NEXT];
            TO_BOOL_BOOL_JUMP [_POP_JUMP_NEXT];
            // Small-int arithmetic whose result is a proven small int (guarded or not).
            BINARY_OP_ADD_INT [_GUARD_BOTH_INT, _BINARY_OP_ADD_SMALL_INT];
            BINARY_OP_SUBTRACT_INT [_GUARD_BOTH_INT, _BINARY_OP_SUBTRACT_SMALL_INT];
            BINARY_OP_INT [_GUARD_BOTH_INT, _BINARY_OP_SMALL_INT];
            BINARY_OP_ADD_INT [_BINARY_OP_ADD_SMALL_INT];
            BINARY_OP_SUBTRACT_INT [_BINARY_OP_SUBTRACT_SMALL_INT];
            BINARY_OP_INT [_BINARY_OP_SMALL_INT];
            BINARY_OP_MULTIPLY_INT [_BINARY_OP_MULTIPLY_INT];
            // Globals with one of the two version guards proven.
            LOAD_GLOBAL_BUILTIN [_GUARD_BUILTINS_VERSION, _LOAD_GLOBAL_BUILTIN];
            LOAD_GLOBAL_BUILTIN [_GUARD_GLOBALS_VERSION, _LOAD_GLOBAL_BUILTIN];
            // List subscripts and loops over sequences with proven operands.
            BINARY_SUBSCR_LIST_INT [_GUARD_TOS_INT, _BINARY_SUBSCR_LIST_INT];
            BINARY_SUBSCR_LIST_INT [_GUARD_NOS_LIST, _BINARY_SUBSCR_LIST_INT];
            BINARY_SUBSCR_LIST_INT [_BINARY_SUBSCR_LIST_INT];
            STORE_SUBSCR_LIST_INT [_GUARD_TOS_INT, _STORE_SUBSCR_LIST_INT];
            STORE_SUBSCR_LIST_INT [_GUARD_NOS_LIST, _STORE_SUBSCR_LIST_INT];
            STORE_SUBSCR_LIST_INT [_STORE_SUBSCR_LIST_INT];
            FOR_ITER_RANGE [_FOR_ITER_RANGE_SMALL];
            FOR_ITER_RANGE [_GUARD_ITER_RANGE, _FOR_ITER_RANGE_SMALL];
            FOR_ITER_LIST [_FOR_ITER_LIST];
            FOR_ITER_TUPLE [_FOR_ITER_TUPLE];
            // Attributes of instances of a proven class version (or the strict guard).
            LOAD_ATTR_INSTANCE_VALUE [_GUARD_TYPE_VERSION, _LOAD_ATTR_SLOT];
            LOAD_ATTR_INSTANCE_VALUE [_LOAD_ATTR_SLOT];
            STORE_ATTR_INSTANCE_VALUE [_GUARD_TYPE_VERSION, _STORE_ATTR_SLOT];
            STORE_ATTR_INSTANCE_VALUE [_STORE_ATTR_SLOT];
            LOAD_ATTR_METHOD_WITH_VALUES [_LOAD_ATTR_METHOD_LAYOUT];
            LOAD_ATTR_METHOD_WITH_VALUES [_LOAD_ATTR_METHOD_VERSION];
            LOAD_ATTR_METHOD_NATIVE [_LOAD_ATTR_METHOD];
            // Calls of proven builtins.
            CALL_LIST_APPEND [_CALL_LIST_APPEND];
            CALL_SET_ADD [_CALL_SET_ADD];
            CALL_LEN [_CALL_LEN];
            CALL_BUILTIN [_CALL_BUILTIN];
        }
    };
}

macro_rules! define_forms {
    ($($like:ident [$($uop:ident),*];)*) => {
        /// The dispatch forms, in dispatch-code order from [`FORM_BASE`].
        pub(crate) const FORMS: &[Form] = &[
            $(Form { like: Op::$like, uops: &[$(Uop::$uop),*] },)*
        ];

        /// Their handlers, in the same order.
        const FORM_HANDLERS: &[Handler] = &[
            $(uops_handler!(
                Op::$like.cache_units(),
                |a| {
                    let (pops, pushes) = Op::$like.stack_effect(a);
                    pushes > pops
                },
                [$($uop),*]
            ),)*
        ];
    };
}

for_each_form!(define_forms);

/// The first dispatch code of a form (the codes below are opcodes).
pub(crate) const FORM_BASE: usize = Op::ALL.len();

/// The handler of every dispatch code: the instructions' (as tier 1 runs them), then the
/// forms', then [`invalid_op`].
pub(crate) static DISPATCH: [Handler; 256] = {
    let mut t: [Handler; 256] = [invalid_op; 256];
    let mut i = 0;
    while i < OP_HANDLERS.len() {
        t[i] = OP_HANDLERS[i];
        i += 1;
    }
    let mut k = 0;
    while k < FORM_HANDLERS.len() {
        t[FORM_BASE + k] = FORM_HANDLERS[k];
        k += 1;
    }
    t
};

const _: () = assert!(
    FORM_BASE + FORMS.len() <= 256,
    "dispatch codes fit in a byte"
);

/// What a dispatch code runs: the instruction whose layout it has, its flags (the
/// instruction's own ones with the uops'), and its uops. `None` for a byte that is neither.
pub(crate) const fn describe(code: u8) -> Option<(Op, Flags, &'static [Uop])> {
    let code = code as usize;
    if code < FORM_BASE {
        let op = Op::ALL[code];
        return Some((op, op.flags(), op.uops()));
    }
    if code - FORM_BASE >= FORMS.len() {
        return None;
    }
    let form = &FORMS[code - FORM_BASE];
    let mut flags = form.like.own_flags();
    let mut i = 0;
    while i < form.uops.len() {
        flags = flags.union(form.uops[i].flags());
        i += 1;
    }
    Some((form.like, flags, form.uops))
}

/// The dispatch code of the form with `like`'s cache layout that runs exactly `uops`.
pub(crate) fn form_of(like: Op, uops: &[Uop]) -> Option<u8> {
    FORMS
        .iter()
        .position(|f| f.like.cache_units() == like.cache_units() && f.uops == uops)
        .map(|i| (FORM_BASE + i) as u8)
}

/// A name for a dispatch code (the instruction's, or for a form the instruction's with
/// the uops it runs).
pub(crate) fn name(code: u8) -> alloc::string::String {
    use core::fmt::Write;
    let mut s = alloc::string::String::new();
    match describe(code) {
        Some((op, _, _)) if (code as usize) < FORM_BASE => s.push_str(op.name()),
        Some((op, _, uops)) => {
            let _ = write!(s, "{}[", op.name());
            for (i, u) in uops.iter().enumerate() {
                let _ = write!(s, "{}{}", if i > 0 { " " } else { "" }, u.name());
            }
            s.push(']');
        }
        None => {
            let _ = write!(s, "<{code}>");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opt::check::{is_pure_check, is_replacement};

    /// Whether `form` is what the optimizer's declared rewrites can leave of `like`'s uops:
    /// pure checks dropped, other uops kept in order or replaced by a declared replacement.
    fn derivable(like: &[Uop], form: &[Uop]) -> bool {
        let mut rest = like.iter();
        for &f in form {
            loop {
                match rest.next() {
                    Some(&l) if is_replacement(l, f) => break,
                    Some(&l) if is_pure_check(l) => continue,
                    _ => return false,
                }
            }
        }
        rest.all(|&l| is_pure_check(l))
    }

    #[test]
    fn every_form_is_a_rewrite_of_its_instruction() {
        for f in FORMS {
            assert!(
                derivable(f.like.uops(), f.uops),
                "{} {:?}",
                f.like.name(),
                f.uops
            );
            assert_ne!(
                f.like.uops(),
                f.uops,
                "{}: the instruction itself",
                f.like.name()
            );
            assert!(!f.like.own_flags().contains(Flags::SPECIALIZE));
        }
    }

    #[test]
    fn forms_are_distinct_and_found_by_their_uops() {
        for (i, f) in FORMS.iter().enumerate() {
            assert_eq!(form_of(f.like, f.uops), Some((FORM_BASE + i) as u8), "{i}");
        }
    }

    #[test]
    fn codes_describe_instructions_then_forms() {
        assert_eq!(describe(Op::NOP as u8).map(|d| d.0), Some(Op::NOP));
        let first = describe(FORM_BASE as u8).expect("a form");
        assert_eq!(first.2, FORMS[0].uops);
        assert!(describe((FORM_BASE + FORMS.len()) as u8).is_none());
        assert!(name(FORM_BASE as u8).starts_with(FORMS[0].like.name()));
    }
}
