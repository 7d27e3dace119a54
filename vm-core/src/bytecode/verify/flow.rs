//! Control flow: stack depths over every path, handlers' depths, and safe points.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::instrs::{decode, Scan};
use super::Check;
use crate::bytecode::code::ExcEntry;
use crate::bytecode::depth::{analyse, DepthFault, DepthFaultKind, UNKNOWN};
use crate::bytecode::image::ImageError;
use crate::bytecode::ops::{Flags, Op, Oparg};

/// See the module's documentation.
pub(crate) fn check(c: &Check<'_, '_>, scan: &Scan) -> Result<(), ImageError> {
    let units = &c.code.units;
    let handler = |ip: u32| handler_of(&c.code.exc_table, ip);
    // `stacksize` is within the format's limit, so it fits the analysis's 16 bits.
    let limit = u16::try_from(c.code.stacksize).unwrap_or(u16::MAX - 1);
    // (The offset past the end, which a path may reach, decodes as nothing.)
    let instr = |ip: usize| {
        if scan.starts.get(ip).copied().unwrap_or(false) {
            units.get(ip).copied().and_then(decode)
        } else {
            None
        }
    };
    let depths = analyse(units.len(), limit, instr, handler).map_err(|f| fault(c, units, f))?;
    if depths[units.len()] != UNKNOWN {
        return Err(c.error(
            None,
            String::from("execution can run past the end of the code"),
        ));
    }
    for (at, op, arg) in scan.instrs(units) {
        let d = depths[at as usize];
        if d == UNKNOWN {
            continue;
        }
        let d = u32::from(d);
        let (pops, _) = op.stack_effect(arg);
        // (How many of its inputs an instruction has popped when it raises is its own
        // business: the unwinder refuses a handler deeper than the stack it finds.)
        if let Some(h) = handler(at) {
            if h.depth > d {
                return Err(c.error(
                    Some(at),
                    format!(
                        "{} at depth {d} is covered by a handler at depth {}",
                        op.name(),
                        h.depth
                    ),
                ));
            }
        }
        if let Oparg::Below(_) = op.oparg() {
            if d < pops + arg {
                return Err(c.error(
                    Some(at),
                    format!("{} {arg} at depth {d}: no item that deep", op.name()),
                ));
            }
        }
    }
    safe_points(c, scan, &depths)
}

/// The handler the unwinder takes for an exception at `ip` (the verified table has one).
fn handler_of(table: &[ExcEntry], ip: u32) -> Option<ExcEntry> {
    table.iter().find(|e| e.start <= ip && ip < e.end).copied()
}

fn fault(c: &Check<'_, '_>, units: &[u32], f: DepthFault) -> ImageError {
    let name = |at: u32| {
        units
            .get(at as usize)
            .and_then(|&u| decode(u))
            .map_or("?", |(op, _)| op.name())
    };
    let msg = match f.kind {
        DepthFaultKind::Undecodable if f.at as usize == units.len() => {
            String::from("execution can run past the end of the code")
        }
        DepthFaultKind::Undecodable => String::from("reached, but no instruction starts there"),
        DepthFaultKind::OutOfRange => format!("{} leads outside the code", name(f.at)),
        DepthFaultKind::Underflow { op, pops, depth } => format!(
            "stack underflow: {} pops {pops} at depth {depth}",
            op.name()
        ),
        DepthFaultKind::TooDeep { depth, limit } => {
            format!("stack depth {depth} exceeds the stacksize {limit}")
        }
        DepthFaultKind::Mismatch { first, other } => {
            format!("reached with stack depths {first} and {other}")
        }
    };
    c.error(Some(f.at), msg)
}

/// Every loop passes a safe point, and so does every path from the start to an instruction
/// that can run Python code: the successors of an instruction (next, jump target, handler)
/// are followed except out of a safe point, and must neither come round to where they
/// started nor reach such an instruction.
fn safe_points(c: &Check<'_, '_>, scan: &Scan, depths: &[u16]) -> Result<(), ImageError> {
    let units = &c.code.units;
    let n = units.len();
    let succ = |ip: usize, out: &mut Vec<usize>| {
        out.clear();
        let Some((op, arg)) = decode(units[ip]) else {
            return;
        };
        // A safe point cuts every path through it; so does a yield, which leaves the frame
        // (whoever resumes it passes a safe point or polls first) or, while `list(gen)` or
        // `sum(gen)` collects, goes on only when no stop is due.
        if op.flags().contains(Flags::PERIODIC) || op == Op::YIELD_VALUE {
            return;
        }
        if !op.flags().contains(Flags::TERMINATOR) {
            out.push(ip + 1 + op.cache_units());
        }
        if op.flags().contains(Flags::JUMP) {
            out.push(arg as usize);
        }
        if let Some(h) = handler_of(&c.code.exc_table, ip as u32) {
            out.push(h.target as usize);
        }
    };
    // Paths from the start that have met no safe point.
    let mut seen = vec![false; n];
    let mut work = vec![0usize];
    let mut next = Vec::new();
    seen[0] = true;
    while let Some(ip) = work.pop() {
        let (op, _) = decode(units[ip]).unwrap_or((Op::NOP, 0));
        if op.flags().contains(Flags::ESCAPES) && !op.flags().contains(Flags::PERIODIC) {
            return Err(c.error(
                Some(ip as u32),
                format!(
                    "{} can run Python code before the code's first safe point",
                    op.name()
                ),
            ));
        }
        succ(ip, &mut next);
        for &s in &next {
            if s < n && !seen[s] {
                seen[s] = true;
                work.push(s);
            }
        }
    }
    // Cycles among the reachable instructions, safe points cut: a depth-first search.
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut state = vec![NEW; n];
    let mut stack: Vec<(usize, Vec<usize>)> = Vec::new();
    for root in 0..n {
        if !scan.starts[root] || depths[root] == UNKNOWN || state[root] != NEW {
            continue;
        }
        state[root] = OPEN;
        let mut s = Vec::new();
        succ(root, &mut s);
        stack.push((root, s));
        while let Some((ip, pending)) = stack.last_mut() {
            let Some(to) = pending.pop() else {
                state[*ip] = DONE;
                stack.pop();
                continue;
            };
            match state.get(to).copied() {
                Some(NEW) => {
                    state[to] = OPEN;
                    let mut s = Vec::new();
                    succ(to, &mut s);
                    stack.push((to, s));
                }
                Some(OPEN) => {
                    return Err(c.error(
                        Some(to as u32),
                        String::from(
                            "a loop without a safe point (JUMP_BACKWARD or RESUME) or a yield",
                        ),
                    ))
                }
                _ => {}
            }
        }
    }
    Ok(())
}
