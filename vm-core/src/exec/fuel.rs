//! Counting a trace's tier-1 instructions for the instruction budget (`crate::limits`).
//!
//! The interpreter counts one unit per dispatch ([`Op::fuel_weight`]: 2 for a
//! super-instruction). A trace counts the same instructions: each uop that starts a tier-1
//! instruction carries that instruction's weight, charged when its dispatch runs, and an
//! exit that sends tier 1 back to re-run the instruction it was in (a guard that failed,
//! before any effect) gives the weight back. So a run stops at the same instruction in
//! both tiers.
//!
//! A uop starts an instruction when the uop before it (validity checks and trace control
//! aside) belongs to another instruction, changed frames (a recursive call returns to the
//! caller's copy of the same instruction), or when it is the loop's top (a one-instruction
//! loop repeats the same offset). With a budget set, the recorder and the optimizer keep a
//! uop of every instruction (`_NOP` where none is left) and keep every safe point, so no
//! instruction and no stopping point is lost from a trace.
//!
//! [`Op::fuel_weight`]: crate::bytecode::ops::Op::fuel_weight

use alloc::vec::Vec;

use super::ir::UopInst;
use crate::bytecode::ops::{Flags, Uop};

/// Per uop of a trace: the weight charged when its dispatch starts an instruction (0 for
/// the rest), and the weight of the instruction it belongs to (what a re-running exit
/// gives back; 0 for uops of no instruction).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Weights {
    /// Charged by the uop's dispatch.
    pub start: Vec<u8>,
    /// The weight of the uop's instruction.
    pub instr: Vec<u8>,
}

impl Weights {
    /// The instructions `uops[..]` count in all.
    pub fn total(&self) -> u32 {
        self.start.iter().map(|&w| u32::from(w)).sum()
    }
}

/// Whether a uop ends a trace body (exit stubs are made of these too). A recorded
/// `ENTER_EXECUTOR` leaves for tier 1 at its offset, where the executor counts what it runs.
fn ends_trace(uop: Uop) -> bool {
    matches!(
        uop,
        Uop::_JUMP_TO_TOP
            | Uop::_EXIT_TRACE
            | Uop::_DEOPT
            | Uop::_DYNAMIC_EXIT
            | Uop::_COLD_EXIT
            | Uop::_ENTER_EXECUTOR
    )
}

/// Whether a uop is of no tier-1 instruction: trace control, a validity check (it guards
/// the instruction after it, which has not started when it leaves), an exit stub.
fn outside_instructions(uop: Uop) -> bool {
    ends_trace(uop) || matches!(uop, Uop::_START_EXECUTOR | Uop::_CHECK_VALIDITY)
}

/// Whether `uop` runs the second instruction of a super-instruction (flag `FUSED`): the
/// `*_NEXT` uops, and a return fused after an operation (not first in its instruction).
fn second_half(uop: Uop, first: bool) -> bool {
    matches!(
        uop,
        Uop::_LOAD_FAST_NEXT | Uop::_LOAD_CONST_NEXT | Uop::_STORE_FAST_NEXT | Uop::_POP_JUMP_NEXT
    ) || (uop == Uop::_RETURN_VALUE && !first)
}

/// The weight of an instruction made of `uops` (in order): 1, plus 1 for a fused second
/// instruction.
pub fn instruction_weight(uops: &[Uop]) -> u8 {
    let halves = uops
        .iter()
        .enumerate()
        .filter(|&(i, &u)| second_half(u, i == 0))
        .count();
    1 + halves.min(1) as u8
}

/// The weights of a trace's uops (`uops` from its start; the body ends at its first
/// terminator, after which come exit stubs). `top`: the uop index `_JUMP_TO_TOP` goes to,
/// if the trace loops.
pub fn weights(uops: &[UopInst], top: Option<usize>) -> Weights {
    let mut w = Weights {
        start: alloc::vec![0; uops.len()],
        instr: alloc::vec![0; uops.len()],
    };
    // The current instruction: its first uop and its uops' kinds so far; whether its last
    // uop changed frames.
    let mut group: Option<(usize, u8, u32)> = None;
    let mut changed_frames = false;
    let mut kinds: Vec<Uop> = Vec::new();
    let close = |w: &mut Weights, from: usize, to: usize, kinds: &[Uop]| {
        let weight = instruction_weight(kinds);
        w.start[from] = weight;
        for (i, u) in uops.iter().enumerate().take(to).skip(from) {
            if !outside_instructions(u.uop) {
                w.instr[i] = weight;
            }
        }
    };
    let mut end = uops.len();
    for (i, u) in uops.iter().enumerate() {
        if ends_trace(u.uop) {
            end = i;
            break;
        }
        if outside_instructions(u.uop) {
            continue;
        }
        let same = group.is_some_and(|(_, code, target)| (code, target) == (u.code, u.target));
        let frame_changes = u.uop.flags().contains(Flags::FRAME);
        if same && !changed_frames && top != Some(i) {
            kinds.push(u.uop);
            changed_frames = frame_changes;
            continue;
        }
        changed_frames = frame_changes;
        if let Some((from, _, _)) = group {
            close(&mut w, from, i, &kinds);
        }
        group = Some((i, u.code, u.target));
        kinds.clear();
        kinds.push(u.uop);
    }
    if let Some((from, _, _)) = group {
        close(&mut w, from, end, &kinds);
    }
    w
}

/// The loop top of a trace body (`uops` from index 0): where its `_JUMP_TO_TOP` goes, as a
/// uop index of `uops` (`base` is the index of the body's first uop: 1 in an executor, 0
/// in a builder's body).
pub fn loop_top(uops: &[UopInst], base: usize) -> Option<usize> {
    uops.iter()
        .find(|u| ends_trace(u.uop))
        .filter(|u| u.uop == Uop::_JUMP_TO_TOP)
        .map(|u| base + u.oparg as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytecode::ops::Op;

    /// The uops of an instruction as a trace holds them (without the tier-1-only ones).
    fn traced(op: Op) -> Vec<Uop> {
        op.uops()
            .iter()
            .copied()
            .filter(|u| !u.flags().contains(Flags::TIER1))
            .collect()
    }

    #[test]
    fn every_instruction_weighs_what_the_interpreter_counts() {
        for &op in Op::ALL {
            let uops = traced(op);
            if op == Op::ENTER_EXECUTOR || uops.is_empty() {
                continue;
            }
            assert_eq!(
                instruction_weight(&uops),
                op.fuel_weight(),
                "{} {:?}",
                op.name(),
                uops
            );
        }
    }

    fn u(uop: Uop, target: u32) -> UopInst {
        UopInst::new(uop, 0, 0, target, target + 1)
    }

    #[test]
    fn a_one_instruction_loop_counts_each_pass() {
        // `while True: pass` peeled: preamble and loop copy are the same instruction.
        let uops = [
            u(Uop::_START_EXECUTOR, 0),
            u(Uop::_CHECK_PERIODIC, 2),
            u(Uop::_CHECK_PERIODIC, 2),
            UopInst::new(Uop::_JUMP_TO_TOP, 1, 0, 2, 3),
        ];
        let w = weights(&uops, loop_top(&uops[1..], 1));
        assert_eq!(w.start, [0, 1, 1, 0]);
        assert_eq!(w.total(), 2);
    }

    #[test]
    fn a_return_into_the_same_instruction_of_the_caller_starts_another() {
        // Recursion unwinding: `return fib(n - 1) + fib(n - 2)` returns into the caller's
        // fused add-and-return at the same offset.
        let uops = [
            u(Uop::_START_EXECUTOR, 0),
            u(Uop::_GUARD_BOTH_INT, 55),
            u(Uop::_BINARY_OP_ADD_INT, 55),
            u(Uop::_RETURN_VALUE, 55),
            u(Uop::_GUARD_BOTH_INT, 55),
            u(Uop::_BINARY_OP_ADD_INT, 55),
            u(Uop::_RETURN_VALUE, 55),
            u(Uop::_EXIT_TRACE, 60),
        ];
        let w = weights(&uops, None);
        assert_eq!(w.start, [0, 2, 0, 0, 2, 0, 0, 0]);
    }

    #[test]
    fn validity_checks_and_stubs_count_nothing_and_fused_forms_two() {
        let uops = [
            u(Uop::_START_EXECUTOR, 0),
            u(Uop::_LOAD_FAST, 4),
            u(Uop::_LOAD_FAST_NEXT, 4),
            u(Uop::_CHECK_VALIDITY, 6),
            u(Uop::_GUARD_BOTH_INT, 6),
            u(Uop::_COMPARE_OP_INT, 6),
            u(Uop::_POP_JUMP_NEXT, 6),
            u(Uop::_EXIT_TRACE, 9),
            u(Uop::_EXIT_TRACE, 6),
        ];
        let w = weights(&uops, None);
        assert_eq!(w.start, [0, 2, 0, 0, 2, 0, 0, 0, 0]);
        assert_eq!(w.instr, [0, 2, 2, 0, 2, 2, 2, 0, 0]);
    }
}
