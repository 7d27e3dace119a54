//! The instructions of a code object: opcodes, inline caches, opargs, jump targets and the
//! constants an instruction needs.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::Check;
use crate::bytecode::code::code_flags;
use crate::bytecode::image::{Const, ImageError};
use crate::bytecode::ops::{BinaryOp, CompareOp, Flags, Intrinsic, Op, Oparg};

/// What the scan learnt: where instructions start, and which are jumped to.
pub(crate) struct Scan {
    /// Per unit (and one past the end): an instruction starts there.
    pub(crate) starts: Vec<bool>,
}

impl Scan {
    /// Whether an instruction starts at `at`.
    pub(crate) fn is_start(&self, at: u32) -> bool {
        self.starts.get(at as usize).copied().unwrap_or(false) && (at as usize) < self.len()
    }

    /// Number of units.
    pub(crate) fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// The instructions in order: (offset, opcode, oparg).
    pub(crate) fn instrs<'u>(
        &'u self,
        units: &'u [u32],
    ) -> impl Iterator<Item = (u32, Op, u32)> + 'u {
        units.iter().enumerate().filter_map(move |(i, &u)| {
            if !self.starts[i] {
                return None;
            }
            Op::from_u8(u as u8).map(|op| (i as u32, op, u >> 8))
        })
    }
}

/// The decoded instruction at a verified start.
pub(crate) fn decode(unit: u32) -> Option<(Op, u32)> {
    Op::from_u8(unit as u8).map(|op| (op, unit >> 8))
}

/// Decodes every instruction, checking opcodes, caches and opargs; then jump targets and
/// `MAKE_FUNCTION`'s code.
pub(crate) fn scan(c: &Check<'_, '_>) -> Result<Scan, ImageError> {
    let units = &c.code.units;
    let n = units.len();
    let mut starts = vec![false; n + 1];
    let mut ip = 0;
    while ip < n {
        let at = Some(ip as u32);
        let unit = units[ip];
        let Some(op) = Op::from_u8(unit as u8) else {
            return Err(c.error(at, format!("unknown opcode {}", unit as u8)));
        };
        if !op.in_images() {
            return Err(c.error(
                at,
                format!(
                    "{} is written by the VM at run time, never by the compiler",
                    op.name()
                ),
            ));
        }
        let end = ip + 1 + op.cache_units();
        if end > n {
            return Err(c.error(
                at,
                format!("{}'s inline cache runs past the end of the code", op.name()),
            ));
        }
        if let Some(k) = units[ip + 1..end].iter().position(|&u| u != 0) {
            return Err(c.error(
                at,
                format!("inline-cache unit {k} of {} is not zero", op.name()),
            ));
        }
        if let Some(why) = bad_oparg(c, op, unit >> 8) {
            return Err(c.error(at, format!("{} {}: {why}", op.name(), unit >> 8)));
        }
        starts[ip] = true;
        ip = end;
    }
    starts[n] = true;
    let scan = Scan { starts };
    check_targets(c, &scan)?;
    Ok(scan)
}

/// Why `arg` is no valid oparg of `op` here (stack counts are the flow check's).
fn bad_oparg(c: &Check<'_, '_>, op: Op, arg: u32) -> Option<String> {
    let code = c.code;
    let index = |what: &str, i: u32, len: usize| {
        (i as usize >= len).then(|| format!("{what} index {i} out of range ({len} {what}s)"))
    };
    let ok = |valid: bool, what: &str| (!valid).then(|| format!("not {what}"));
    match op.oparg() {
        Oparg::Zero => ok(arg == 0, "0 (the instruction takes no oparg)"),
        Oparg::Count | Oparg::Jump => None,
        Oparg::Range(lo, hi) => ok((lo..=hi).contains(&arg), &format!("in {lo}..={hi}")),
        Oparg::OneOf(vals) => ok(vals.contains(&arg), &format!("one of {vals:?}")),
        Oparg::Below(max) => ok(arg <= max, &format!("in 0..={max}")),
        Oparg::Const => index("constant", arg, code.consts.len()),
        Oparg::Name => index("name", arg, code.names.len()),
        Oparg::NameAndBit => index("name", arg >> 1, code.names.len()),
        Oparg::Local => index("local", arg, code.varnames.len()),
        Oparg::Cell => index("cell", arg, code.cellvars.len()),
        Oparg::CellOrFree => index(
            "cell or free variable",
            arg,
            code.cellvars.len() + code.freevars.len(),
        ),
        Oparg::FreeCount => ok(
            arg as usize == code.freevars.len(),
            &format!("the number of free variables ({})", code.freevars.len()),
        ),
        Oparg::BinaryOp => ok(BinaryOp::from_oparg(arg).is_some(), "a binary operator"),
        Oparg::CompareOp => ok(CompareOp::from_oparg(arg).is_some(), "a comparison"),
        Oparg::Intrinsic => ok(Intrinsic::from_oparg(arg).is_some(), "an intrinsic"),
        Oparg::Conversion => ok(arg <= 7, "a conversion (0 to 3) with an optional spec (4)"),
        Oparg::FunctionFlags => ok(arg & !(1 | 2 | 4 | 8) == 0, "a set of the flags 1, 2, 4 and 8"),
        Oparg::Executor => Some(String::from("an executor exists only at run time")),
    }
}

/// Jump and handler targets are instructions; jumps go forward except a loop's back edge
/// (an instruction whose name says it: `JUMP_BACKWARD*`); `MAKE_FUNCTION` follows the
/// `LOAD_CONST` of a code object and nothing else leads to it.
fn check_targets(c: &Check<'_, '_>, scan: &Scan) -> Result<(), ImageError> {
    let units = &c.code.units;
    let mut targeted = vec![false; scan.len()];
    for e in &c.code.exc_table {
        if let Some(t) = targeted.get_mut(e.target as usize) {
            *t = true;
        }
    }
    for (at, op, arg) in scan.instrs(units) {
        if !op.flags().contains(Flags::JUMP) {
            continue;
        }
        if !scan.is_start(arg) {
            return Err(c.error(
                Some(at),
                format!("{} to {arg}, where no instruction starts", op.name()),
            ));
        }
        let backward = matches!(op, Op::JUMP_BACKWARD | Op::JUMP_BACKWARD_NO_INTERRUPT);
        if backward != (arg <= at) {
            let way = if backward { "forward" } else { "backward" };
            return Err(c.error(Some(at), format!("{} jumps {way}", op.name())));
        }
        targeted[arg as usize] = true;
    }
    let mut prev: Option<(Op, u32)> = None;
    for (at, op, arg) in scan.instrs(units) {
        if op == Op::MAKE_FUNCTION {
            let code_const = match prev {
                Some((Op::LOAD_CONST, k)) => {
                    matches!(c.code.consts.get(k as usize), Some(Const::Code(_)))
                }
                _ => false,
            };
            if !code_const || targeted[at as usize] {
                return Err(c.error(
                    Some(at),
                    String::from(
                        "MAKE_FUNCTION must follow the LOAD_CONST of a code object, \
                         and nothing may jump to it",
                    ),
                ));
            }
        }
        prev = Some((op, arg));
    }
    check_prologue(c, scan, &targeted)
}

/// `RETURN_GENERATOR` turns the running frame into a suspended one: it is the code
/// generator's, in the prologue of a generator, coroutine or asynchronous generator
/// (after its `MAKE_CELL`s and `COPY_FREE_VARS` only), and such code always has it. No
/// jump, handler or protected range reaches it or what comes before it, so it runs once,
/// in a fresh frame.
fn check_prologue(c: &Check<'_, '_>, scan: &Scan, targeted: &[bool]) -> Result<(), ImageError> {
    let resumable = c.code.flags & code_flags::RESUMABLE != 0;
    let mut prologue = true;
    let mut seen = false;
    for (at, op, _) in scan.instrs(&c.code.units) {
        if op == Op::RETURN_GENERATOR {
            let reached = targeted[..=at as usize].iter().any(|&t| t)
                || c.code.exc_table.iter().any(|e| e.start <= at);
            if !resumable || !prologue || seen || reached {
                return Err(c.error(
                    Some(at),
                    String::from(
                        "RETURN_GENERATOR belongs once in the prologue of a generator or \
                         coroutine, where nothing jumps",
                    ),
                ));
            }
            seen = true;
        }
        prologue &= matches!(op, Op::MAKE_CELL | Op::COPY_FREE_VARS);
    }
    if resumable && !seen {
        return Err(c.error(
            None,
            String::from("a generator or coroutine without RETURN_GENERATOR"),
        ));
    }
    Ok(())
}
