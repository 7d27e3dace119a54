//! The trace checker: what any optimized trace must satisfy, run after the optimizer in
//! debug builds and tests (`opt::optimize`, `tests/opt.rs`).
//!
//! - Every exit and jump exit names a stub of the right kind (a validity check leaves
//!   through `_DEOPT`, guards and branch guards through `_EXIT_TRACE`, a jump through
//!   `_EXIT_TRACE` or `_DYNAMIC_EXIT`), and every uop that can leave has an exit.
//! - Stubs resume tier 1 at an instruction start of their code (dynamic exits resume
//!   wherever the frames are).
//! - The first instruction is unchanged (but for declared replacements that leave before
//!   any effect) and `first_len` still covers it.
//! - `_JUMP_TO_TOP` names a body index; in a peeled loop, the start of the loop copy.
//! - The optimized body is the recorded one (twice for a peeled loop: preamble and loop
//!   copy) with only pure checks removed (guards and
//!   validity checks, which have no stack effect), validity checks added, and uops replaced
//!   by their declared tier-2 equivalents (same stack effect), in order; so every instruction keeps its stack
//!   effect. Where all uops of an instruction have known effects and the recorded ones
//!   matched the instruction's declared effect, the optimized ones must too.

use alloc::vec::Vec;

use super::generic::instruction_of;
use crate::bytecode::code::CodeObject;
use crate::bytecode::ops::{Flags, Op, Uop};
use crate::exec::ir::{ExecutorBuilder, UopInst, NO_EXIT};
use crate::vm::Vm;

/// Whether `uop` only checks (no stack or other effect): the optimizer may remove it.
pub fn is_pure_check(uop: Uop) -> bool {
    uop.flags().contains(Flags::CHECK)
}

/// Whether `r`, at index `i` of the recorded body, is the safe point of a frame the trace
/// entered (a call's or a generator's first instruction, offset 0, after the trace's
/// start): the optimizer may drop it, since the trace's first uop, its loop's back-edge and
/// every link keep theirs and a trace is finite (the work between two checks stays
/// bounded), and a skipped collection point changes no result.
fn is_entered_safe_point(r: &UopInst, i: usize) -> bool {
    r.uop.flags().contains(Flags::PERIODIC) && r.target == 0 && i > 0
}

/// With a budget, the optimized trace counts the instructions the recorded one does
/// (`exec::fuel`). `peeled_at`: where the recorded body, doubled for a peeled loop, starts
/// its loop copy.
fn counts_every_instruction(
    before: &[UopInst],
    body: &[UopInst],
    peeled_at: Option<usize>,
) -> Result<(), &'static str> {
    use crate::exec::fuel::{loop_top, weights};
    let had_top = peeled_at.or_else(|| loop_top(before, 0));
    let had = weights(before, had_top).total();
    let has = weights(body, loop_top(body, 0)).total();
    if had != has {
        return Err("the optimized trace counts other instructions than the recorded one");
    }
    Ok(())
}

/// Whether the optimizer may put `to` in the place of `from` (same stack effect, same
/// operands; `to` may leave through the instruction's guard exit where `from` did not).
pub fn is_replacement(from: Uop, to: Uop) -> bool {
    from == to || to.replaces().contains(&from)
}

/// The net stack effect of one uop as the op table declares it; a loop head recorded
/// exhausted (it jumped) has its jump effect.
fn uop_effect(u: &UopInst) -> i64 {
    let jumped = u.uop.flags().contains(Flags::JUMP) && u.expect == u.oparg;
    let (pops, pushes) = if jumped {
        u.uop.jump_effect(u.oparg)
    } else {
        u.uop.stack_effect(u.oparg)
    };
    pushes as i64 - pops as i64
}

/// The net effect of a run of uops.
fn run_effect(uops: &[UopInst]) -> i64 {
    uops.iter().map(uop_effect).sum()
}

/// The declared net effect of the instruction a run of uops is (`None` when no
/// instruction matches).
fn declared_effect(b: &ExecutorBuilder, uops: &[UopInst]) -> Option<i64> {
    let first = uops.first()?;
    let tc = b.codes.get(first.code as usize)?;
    let recorded = tc
        .caches
        .get(first.target as usize)
        .and_then(|c| Op::from_u8(c.get() as u8));
    let list: Vec<Uop> = uops.iter().map(|u| u.uop).collect();
    let op = instruction_of(recorded, &list)?;
    let last = uops.last()?;
    if op.family_head() == Op::FOR_ITER && last.expect == last.oparg {
        return Some(-1);
    }
    if op.flags().contains(Flags::JUMP) && op.family_head() != Op::FOR_ITER {
        return None;
    }
    let (pops, pushes) = op.stack_effect(first.oparg);
    Some(pushes as i64 - pops as i64)
}

/// The instruction starts of `code` (both halves of a super-instruction count: a jump to
/// the second runs it alone).
fn instruction_starts(code: &CodeObject) -> Vec<bool> {
    let n = code.code.len();
    let mut starts = alloc::vec![false; n + 1];
    let mut i = 0;
    while i < n {
        starts[i] = true;
        // As compiled: a super-instruction's second half is an instruction of its own.
        i += code
            .instr_unfused(i)
            .map_or(1, |(op, _)| 1 + op.cache_units());
    }
    starts[n] = true;
    starts
}

/// Groups of a body: runs with the same code and offset, a validity check starting one.
fn groups(body: &[UopInst]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < body.len() {
        let mut j = i + 1;
        while j < body.len()
            && body[j].code == body[i].code
            && body[j].target == body[i].target
            && body[j].uop != Uop::_CHECK_VALIDITY
        {
            j += 1;
        }
        out.push((i, j));
        i = j;
    }
    out
}

/// Checks `b` (the optimized trace) against `before` (its recorded body, whose first
/// instruction took `recorded_first` uops).
pub fn check(
    vm: &Vm,
    before: &[UopInst],
    recorded_first: usize,
    b: &ExecutorBuilder,
) -> Result<(), &'static str> {
    let body = &b.body;
    check_first_instruction(before, recorded_first, b)?;
    check_exits(b)?;
    // A peeled loop is the recorded body twice (preamble, loop copy), as one.
    let peeled = matches!(
        (body.last(), before.last()),
        (Some(x), Some(y)) if x.uop == Uop::_JUMP_TO_TOP && y.uop == Uop::_JUMP_TO_TOP
            && y.oparg == 0 && x.oparg > 0
    );
    let doubled: Vec<UopInst>;
    let loop_start = before.len().saturating_sub(1);
    let before = if peeled {
        doubled = before[..loop_start].iter().chain(before).cloned().collect();
        &doubled[..]
    } else {
        before
    };
    let src = match_recorded(before, body)?;
    if vm.fuel_limited() {
        counts_every_instruction(before, body, peeled.then_some(loop_start))?;
    }
    if peeled {
        // The loop jumps to the first uop left of the loop copy.
        let top = body.last().map_or(0, |u| u.oparg as usize);
        let at_copy = src.get(top).is_some_and(|&s| s >= loop_start);
        let after_preamble = top == 0 || src.get(top - 1).is_some_and(|&s| s < loop_start);
        if !(at_copy && after_preamble) {
            return Err("a peeled loop does not jump to its loop copy");
        }
    }
    check_declared_effects(b, before, &src)
}

/// The first instruction is unchanged but for declared replacements and pure checks
/// removed, and `first_len` covers what is left of it.
fn check_first_instruction(
    before: &[UopInst],
    recorded_first: usize,
    b: &ExecutorBuilder,
) -> Result<(), &'static str> {
    let body = &b.body;
    let first = b.first_len as usize;
    if first > body.len() || recorded_first > before.len() {
        return Err("first_len past the body");
    }
    let recorded = &before[..recorded_first];
    let mut left = body[..first].iter().peekable();
    for y in recorded {
        match left.peek() {
            Some(x) if is_replacement(y.uop, x.uop) && x.target == y.target && x.code == y.code => {
                left.next();
            }
            _ if is_pure_check(y.uop) => {}
            _ => return Err("first instruction changed"),
        }
    }
    if left.next().is_some() {
        return Err("first_len past the first instruction");
    }
    Ok(())
}

/// Stubs resume at instruction starts; every uop that can leave has an exit naming a stub
/// of the right kind, and every uop's target is an instruction start.
fn check_exits(b: &ExecutorBuilder) -> Result<(), &'static str> {
    let body = &b.body;
    let starts: Vec<Vec<bool>> = b
        .codes
        .iter()
        .map(|tc| instruction_starts(&tc.code))
        .collect();
    for s in &b.stubs {
        if s.uop == Uop::_DYNAMIC_EXIT {
            // Resumes wherever the frames are (its target is informative only).
            continue;
        }
        let ok = starts
            .get(s.code as usize)
            .and_then(|st| st.get(s.target as usize))
            .copied()
            .unwrap_or(false);
        if !ok {
            return Err("exit stub target is not an instruction start");
        }
    }
    for u in body {
        let stub = |i: u16| b.stubs.get(i as usize).map(|s| s.uop);
        let leaves = u.uop.flags().intersects(Flags::DEOPT | Flags::EXIT)
            && !u.uop.flags().contains(Flags::TERMINATOR);
        if leaves && u.exit == NO_EXIT {
            return Err("a uop that can leave has no exit");
        }
        if u.exit != NO_EXIT {
            let want = if matches!(u.uop, Uop::_CHECK_VALIDITY | Uop::_CHECK_PERIODIC_EXIT) {
                Uop::_DEOPT
            } else {
                Uop::_EXIT_TRACE
            };
            if stub(u.exit) != Some(want) {
                return Err("exit names a stub of the wrong kind");
            }
        }
        if u.jump_exit != NO_EXIT
            && !matches!(
                stub(u.jump_exit),
                Some(Uop::_EXIT_TRACE | Uop::_DYNAMIC_EXIT)
            )
        {
            return Err("jump exit names a stub of the wrong kind");
        }
        if u.uop == Uop::_JUMP_TO_TOP && u.oparg as usize >= body.len() {
            return Err("_JUMP_TO_TOP past the body");
        }
        if let Some(st) = starts.get(u.code as usize) {
            if !st.get(u.target as usize).copied().unwrap_or(false) {
                return Err("uop target is not an instruction start");
            }
        } else {
            return Err("uop names no code");
        }
    }
    Ok(())
}

/// Matches the optimized body against the recorded one (`before`, doubled for a peeled
/// loop): the body is the recorded one minus pure checks, with declared replacements.
/// The index in `before` each uop of the body comes from.
fn match_recorded(before: &[UopInst], body: &[UopInst]) -> Result<Vec<usize>, &'static str> {
    let mut k = 0;
    let mut src = Vec::with_capacity(body.len());
    for u in body {
        if matches!(u.uop, Uop::_CHECK_VALIDITY | Uop::_NOP)
            && !before
                .get(k)
                .is_some_and(|r| r.uop == u.uop && r.target == u.target)
        {
            // A validity check may be added anywhere: it has no effect, it only leaves
            // (through a `_DEOPT` stub, checked above) before its instruction. A `_NOP`
            // stands for an instruction of which nothing is left (`exec::fuel`).
            src.push(k);
            continue;
        }
        loop {
            let Some(r) = before.get(k) else {
                return Err("optimized body has uops the recorded one lacks");
            };
            k += 1;
            // (A promoted global's oparg names its constant; the push-null bit stays.)
            // (A shape guard's oparg is its shape.)
            let oparg_ok = r.oparg == u.oparg
                || u.uop == Uop::_JUMP_TO_TOP
                || u.uop == Uop::_GUARD_SHAPE
                || u.uop == Uop::_LOAD_CONST_INLINE && (r.oparg ^ u.oparg) & 1 == 0;
            let same = r.code == u.code && r.target == u.target && oparg_ok;
            if same && is_replacement(r.uop, u.uop) {
                src.push(k - 1);
                break;
            }
            if !is_pure_check(r.uop) && r.uop != Uop::_NOP && !is_entered_safe_point(r, k - 1) {
                return Err("a uop with effects was removed or changed");
            }
        }
    }
    if before[k..]
        .iter()
        .any(|r| !is_pure_check(r.uop) && r.uop != Uop::_NOP)
    {
        return Err("a uop with effects was removed at the end");
    }
    Ok(src)
}

/// Declared stack effects: where a recorded instruction has the effect its declaration
/// says, what is left of it (the body's uops whose `src` lies in it) has it too.
fn check_declared_effects(
    b: &ExecutorBuilder,
    before: &[UopInst],
    src: &[usize],
) -> Result<(), &'static str> {
    for (i, j) in groups(before) {
        let run = &before[i..j];
        let run = match run.first() {
            Some(f) if f.uop == Uop::_CHECK_VALIDITY => &run[1..],
            _ => run,
        };
        if run.is_empty() {
            continue;
        }
        let had = run_effect(run);
        let Some(want) = declared_effect(b, run) else {
            continue;
        };
        if had != want {
            continue;
        }
        let kept: Vec<UopInst> = b
            .body
            .iter()
            .zip(src)
            .filter(|(_, &s)| (i..j).contains(&s))
            .map(|(u, _)| u.clone())
            .collect();
        if run_effect(&kept) != want {
            return Err("an instruction's stack effect differs from its declaration");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPARGS: &[u32] = &[0, 1, 2, 3, 4, 7, 8];

    #[test]
    fn the_checkers_stack_effect_of_every_uop_is_the_tables() {
        for &uop in Uop::ALL {
            for &a in OPARGS {
                let mut u = UopInst::new(uop, a, 0, 0, 1);
                // Recorded going on (a loop head that produced a value).
                u.expect = a + 1;
                let (pops, pushes) = uop.stack_effect(a);
                assert_eq!(
                    uop_effect(&u),
                    pushes as i64 - pops as i64,
                    "{}",
                    uop.name()
                );
                // Recorded as jumping (a loop head that found its iterator exhausted).
                u.expect = a;
                let (pops, pushes) = if uop.flags().contains(Flags::JUMP) {
                    uop.jump_effect(a)
                } else {
                    (pops, pushes)
                };
                assert_eq!(
                    uop_effect(&u),
                    pushes as i64 - pops as i64,
                    "{}",
                    uop.name()
                );
            }
        }
    }

    #[test]
    fn replacements_keep_the_stack_effect_and_checks_keep_the_stack() {
        for &from in Uop::ALL {
            for &to in Uop::ALL {
                if from == to || !is_replacement(from, to) {
                    continue;
                }
                for &a in OPARGS {
                    assert_eq!(
                        from.stack_effect(a),
                        to.stack_effect(a),
                        "{} -> {}",
                        from.name(),
                        to.name()
                    );
                    assert_eq!(from.jump_effect(a), to.jump_effect(a), "{}", to.name());
                }
            }
            if is_pure_check(from) {
                let (pops, pushes) = from.stack_effect(1);
                assert_eq!(pops, pushes, "{}", from.name());
            }
        }
    }
}
