//! What the forward pass ([`super::forward`]) does with an instruction that has a uop
//! without a rule (`super::rules::rule_of`): its declared stack effect with unknown results (or a forgotten stack
//! when even that is uncertain), forgotten locals and cells when it may write them, a new
//! opaque frame when it changes frames, and an escape when it may run code.

use alloc::vec::Vec;

use super::forward::{Entered, Pass};
use super::symbol::Ty;
use crate::bytecode::ops::{Flags, Op, Uop};
use crate::exec::ir::SAME_FRAME;

/// The instruction whose trace uops (minus tier-1-only ones) are `uops`, preferring what
/// the snapshot recorded at that offset; `None` when no instruction matches, or when
/// several do with different stack effects.
pub(crate) fn instruction_of(recorded: Option<Op>, uops: &[Uop]) -> Option<Op> {
    let matches = |op: Op| {
        let mut it = op
            .uops()
            .iter()
            .filter(|u| !u.flags().contains(Flags::TIER1));
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
        if uops.iter().any(|u| u.uop.flags().contains(Flags::ESCAPES)) {
            self.escape();
        }
        // Uops that may write a frame slot (reads of locals and cells do not).
        let writes_slot = |u: Uop| {
            u.flags().intersects(Flags::LOCAL | Flags::FREE)
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
            u.uop.flags().contains(Flags::FRAME)
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
        if op.flags().contains(Flags::JUMP) {
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
