//! Stack depths: how deep the value stack is (above the locals, cells and free variables)
//! before each instruction of a code object.
//!
//! The compiler emits code in which every instruction is reached with one depth, whatever
//! path leads there (as CPython's does), so the depth is a function of the offset. Machine
//! code relies on it: it addresses the stack slots a trace reads and writes at fixed
//! offsets from the frame's locals, rather than through the stack's length.

use alloc::vec;
use alloc::vec::Vec;

use super::code::CodeObject;
use super::ops::{Flags, Op};

/// [`stack_depths`]'s entry for an offset no instruction starts at, or that no path from
/// the code's start reaches.
pub const UNKNOWN: u16 = u16::MAX;

/// The depth before the instruction at each unit offset of `code` (one entry per unit, and
/// one for the offset past the end), [`UNKNOWN`] where none is known. `None` when the code
/// does not have one depth per offset (two paths that disagree, a stack that underflows or
/// exceeds `stacksize`, an undecodable unit): code this VM's compiler never emits.
///
/// An installed `ENTER_EXECUTOR` is read as the instruction it replaced.
pub fn stack_depths(code: &CodeObject) -> Option<Vec<u16>> {
    let n = code.code.len();
    let limit = u16::try_from(code.stacksize).ok()?;
    let mut depth = vec![UNKNOWN; n + 1];
    let mut work = Vec::new();
    reach(&mut depth, &mut work, 0, 0, limit)?;
    while let Some(ip) = work.pop() {
        let d = u32::from(depth[ip]);
        let (op, arg) = original_instr(code, ip)?;
        if let Some(h) = code.handler_for(ip as u32) {
            let at_handler = h.depth + u32::from(h.push_lasti) + 1;
            reach(&mut depth, &mut work, h.target as usize, at_handler, limit)?;
        }
        let (pops, pushes) = op.stack_effect(arg);
        let after = d.checked_sub(pops)? + pushes;
        if op.flags().contains(Flags::JUMP) {
            reach(
                &mut depth,
                &mut work,
                arg as usize,
                jump_depth(op, arg, d)?,
                limit,
            )?;
        }
        if !op.flags().contains(Flags::TERMINATOR) {
            let next = ip + 1 + op.cache_units();
            reach(&mut depth, &mut work, next, after, limit)?;
        }
    }
    Some(depth)
}

/// Records depth `d` at `at`, queueing `at` when it is new; `None` when `at` is out of
/// range, `d` is over `limit` or `at` already has another depth.
fn reach(depth: &mut [u16], work: &mut Vec<usize>, at: usize, d: u32, limit: u16) -> Option<()> {
    let d = u16::try_from(d).ok().filter(|&d| d <= limit)?;
    let slot = depth.get_mut(at)?;
    if *slot == UNKNOWN {
        *slot = d;
        work.push(at);
        Some(())
    } else {
        (*slot == d).then_some(())
    }
}

/// The instruction at `ip` as compiled: the generic instruction of a specialized one (some,
/// like `COMPARE_OP_INT_JUMP`, also do the next instruction's work, but the next unit still
/// holds it), a super-instruction's first half, and an installed executor's original
/// instruction.
fn original_instr(code: &CodeObject, ip: usize) -> Option<(Op, u32)> {
    let (op, arg) = code.instr(ip)?;
    let (op, arg) = if op == Op::ENTER_EXECUTOR {
        let unit = code.executors.borrow().get(arg as usize)?.original;
        (Op::from_u8(unit as u8)?, unit >> 8)
    } else {
        (op, arg)
    };
    Some((op.unfused().family_head(), arg))
}

/// The depth after `op` (run at depth `d`) when it jumps: its uops in order up to the one
/// that jumps, which has its own effect for the jump (a loop head pops its iterator).
fn jump_depth(op: Op, arg: u32, d: u32) -> Option<u32> {
    let mut d = d;
    for u in op.uops() {
        if u.flags().contains(Flags::JUMP) {
            let (pops, pushes) = u.jump_effect(arg);
            return Some(d.checked_sub(pops)? + pushes);
        }
        let (pops, pushes) = u.stack_effect(arg);
        d = d.checked_sub(pops)? + pushes;
    }
    // A jumping instruction without a jumping uop: the plain effect.
    let (pops, pushes) = op.stack_effect(arg);
    Some(d.checked_sub(pops)? + pushes)
}
