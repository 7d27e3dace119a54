//! Stack depths: how deep the value stack is (above the locals, cells and free variables)
//! before each instruction of a code object.
//!
//! The compiler emits code in which every instruction is reached with one depth, whatever
//! path leads there (as CPython's does), so the depth is a function of the offset. Machine
//! code relies on it: it addresses the stack slots a trace reads and writes at fixed
//! offsets from the frame's locals, rather than through the stack's length.

use alloc::vec;
use alloc::vec::Vec;

use super::code::{CodeObject, ExcEntry};
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
#[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the JIT backend (arch-x86_64) and the code generator's tests use it"))]
pub fn stack_depths(code: &CodeObject) -> Option<Vec<u16>> {
    let limit = u16::try_from(code.stacksize).ok()?;
    analyse(
        code.code.len(),
        limit,
        |ip| original_instr(code, ip),
        |ip| code.handler_for(ip),
    )
    .ok()
}

/// Why code has no single stack depth per offset ([`analyse`]), at unit offset `at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthFault {
    /// The instruction (or, for [`DepthFaultKind::OutOfRange`], the unit) concerned.
    pub at: u32,
    /// What is wrong there.
    pub kind: DepthFaultKind,
}

/// What [`DepthFault`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepthFaultKind {
    /// No instruction decodes at the offset.
    Undecodable,
    /// A jump or handler leads outside the code.
    OutOfRange,
    /// The instruction pops more items than the stack holds.
    Underflow {
        /// The instruction.
        op: Op,
        /// The items it pops.
        pops: u32,
        /// The depth before it.
        depth: u32,
    },
    /// The offset is reached with a depth over the limit (`stacksize`).
    TooDeep {
        /// The depth.
        depth: u32,
        /// The limit.
        limit: u16,
    },
    /// Two paths reach the offset with different depths.
    Mismatch {
        /// The depth recorded first.
        first: u16,
        /// The other.
        other: u32,
    },
}

/// The depth analysis over `n` units with a depth limit: `instr` decodes the instruction
/// at an offset (as compiled), `handler` finds the exception handler of an offset. The
/// depths as [`stack_depths`] gives them (one more entry for the offset past the end, which
/// code reaches by running off its end), or the first fault found.
pub fn analyse(
    n: usize,
    limit: u16,
    instr: impl Fn(usize) -> Option<(Op, u32)>,
    handler: impl Fn(u32) -> Option<ExcEntry>,
) -> Result<Vec<u16>, DepthFault> {
    let mut depth = vec![UNKNOWN; n + 1];
    let mut work = Vec::new();
    reach(&mut depth, &mut work, 0, 0, 0, limit)?;
    while let Some(ip) = work.pop() {
        let d = u32::from(depth[ip]);
        let at = ip as u32;
        let fault = |kind| DepthFault { at, kind };
        let (op, arg) = instr(ip).ok_or(fault(DepthFaultKind::Undecodable))?;
        if let Some(h) = handler(at) {
            let at_handler = h.depth + u32::from(h.push_lasti) + 1;
            reach(&mut depth, &mut work, at, h.target, at_handler, limit)?;
        }
        let (pops, pushes) = op.stack_effect(arg);
        let after =
            d.checked_sub(pops)
                .ok_or(fault(DepthFaultKind::Underflow { op, pops, depth: d }))?
                + pushes;
        if op.flags().contains(Flags::JUMP) {
            let to = jump_depth(op, arg, d).ok_or(fault(DepthFaultKind::Underflow {
                op,
                pops,
                depth: d,
            }))?;
            reach(&mut depth, &mut work, at, arg, to, limit)?;
        }
        if !op.flags().contains(Flags::TERMINATOR) {
            let next = ip + 1 + op.cache_units();
            reach(&mut depth, &mut work, at, next as u32, after, limit)?;
        }
    }
    Ok(depth)
}

/// Records depth `d` at `to` (reached from the instruction at `from`), queueing `to` when
/// it is new.
fn reach(
    depth: &mut [u16],
    work: &mut Vec<usize>,
    from: u32,
    to: u32,
    d: u32,
    limit: u16,
) -> Result<(), DepthFault> {
    let Some(slot) = depth.get_mut(to as usize) else {
        return Err(DepthFault {
            at: from,
            kind: DepthFaultKind::OutOfRange,
        });
    };
    let fault = |kind| DepthFault { at: to, kind };
    let d16 = u16::try_from(d)
        .ok()
        .filter(|&d| d <= limit)
        .ok_or(fault(DepthFaultKind::TooDeep { depth: d, limit }))?;
    if *slot == UNKNOWN {
        *slot = d16;
        work.push(to as usize);
        Ok(())
    } else if *slot == d16 {
        Ok(())
    } else {
        Err(fault(DepthFaultKind::Mismatch {
            first: *slot,
            other: d,
        }))
    }
}

/// The instruction at `ip` as compiled: the generic instruction of a specialized one (some,
/// like `COMPARE_OP_INT_JUMP`, also do the next instruction's work, but the next unit still
/// holds it), a super-instruction's first half, and an installed executor's original
/// instruction.
#[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "`stack_depths` uses it"))]
fn original_instr(code: &CodeObject, ip: usize) -> Option<(Op, u32)> {
    let (op, arg) = code.instr(ip)?;
    let (op, arg) = if op == Op::ENTER_EXECUTOR {
        let unit = code.executors.borrow().get(arg as usize)?.original;
        (Op::from_u8(unit as u8)?, unit >> 8)
    } else {
        (op, arg)
    };
    Some((op.as_compiled(), arg))
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
