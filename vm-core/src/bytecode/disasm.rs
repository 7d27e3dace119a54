//! A disassembler printing code objects like `python3 -m dis`.
//!
//! Offsets are code-unit offsets (one unit per instruction plus its inline cache, which is
//! not shown). Resolved arguments are shown in parentheses: constants through the caller's
//! `describe`, names, locals, cell/free variables, jump targets and operator symbols.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use super::code::CodeObject;
use super::ops::{BinaryOp, CompareOp, Flags, Intrinsic, Op};
use crate::object::value::Value;

/// Width of the opcode name column (as `dis`).
const OPNAME_WIDTH: usize = 20;
/// Width of the oparg column (as `dis`).
const OPARG_WIDTH: usize = 5;

/// Whether the disassembler shows the instruction's oparg (flag `NO_ARG` says it means
/// nothing).
fn has_arg(op: Op) -> bool {
    !op.own_flags().contains(Flags::NO_ARG)
}

fn intrinsic_name(a: u32) -> &'static str {
    match Intrinsic::from_oparg(a) {
        Some(Intrinsic::UnaryPositive) => "INTRINSIC_UNARY_POSITIVE",
        Some(Intrinsic::ListToTuple) => "INTRINSIC_LIST_TO_TUPLE",
        Some(Intrinsic::ImportStar) => "INTRINSIC_IMPORT_STAR",
        Some(Intrinsic::StopIterationError) => "INTRINSIC_STOPITERATION_ERROR",
        Some(Intrinsic::PrintExpr) => "INTRINSIC_PRINT",
        Some(Intrinsic::AsyncGenWrap) => "INTRINSIC_ASYNC_GEN_WRAP",
        Some(Intrinsic::FoldedSetOrder) => "INTRINSIC_FOLDED_SET_ORDER",
        Some(Intrinsic::FoldedFrozenSetOrder) => "INTRINSIC_FOLDED_FROZENSET_ORDER",
        None => "?",
    }
}

/// The name of cell/free slot `i` (cells first).
fn deref_name(code: &CodeObject, i: usize, describe: &dyn Fn(Value) -> String) -> String {
    let v = if i < code.cellvars.len() {
        code.cellvars.get(i)
    } else {
        code.freevars.get(i - code.cellvars.len())
    };
    v.map_or_else(|| String::from("?"), |v| describe_name(*v, describe))
}

/// Names are strs; show them without quotes as `dis` does.
fn describe_name(v: Value, describe: &dyn Fn(Value) -> String) -> String {
    let s = describe(v);
    let b = s.as_bytes();
    if b.len() >= 2 && (b[0] == b'\'' || b[0] == b'"') && b[b.len() - 1] == b[0] {
        String::from(&s[1..s.len() - 1])
    } else {
        s
    }
}

fn argrepr(code: &CodeObject, op: Op, arg: u32, describe: &dyn Fn(Value) -> String) -> String {
    let f = op.flags();
    let name = |i: u32| {
        code.names
            .get(i as usize)
            .map_or_else(|| String::from("?"), |v| describe_name(*v, describe))
    };
    if f.contains(Flags::JUMP) {
        return format!("to {arg}");
    }
    match op {
        Op::LOAD_CONST => code
            .consts
            .get(arg as usize)
            .map_or_else(|| String::from("?"), |v| describe(*v)),
        Op::LOAD_GLOBAL => {
            if arg & 1 != 0 {
                format!("{} + NULL", name(arg >> 1))
            } else {
                name(arg >> 1)
            }
        }
        Op::LOAD_ATTR => {
            if arg & 1 != 0 {
                format!("{} + NULL|self", name(arg >> 1))
            } else {
                name(arg >> 1)
            }
        }
        _ if f.contains(Flags::NAME) => name(arg),
        _ if f.contains(Flags::LOCAL) => code
            .varnames
            .get(arg as usize)
            .map_or_else(|| String::from("?"), |v| describe_name(*v, describe)),
        _ if f.contains(Flags::FREE) => deref_name(code, arg as usize, describe),
        Op::BINARY_OP => match BinaryOp::from_oparg(arg) {
            Some((b, true)) => format!("{}=", b.symbol()),
            Some((b, false)) => String::from(b.symbol()),
            None => String::from("?"),
        },
        Op::COMPARE_OP => {
            let sym = CompareOp::from_oparg(arg).map_or("?", CompareOp::symbol);
            if arg & crate::bytecode::ops::COMPARE_TO_BOOL != 0 {
                format!("bool({sym})")
            } else {
                String::from(sym)
            }
        }
        Op::CALL_INTRINSIC_1 => intrinsic_name(arg).into(),
        Op::FORMAT_VALUE => {
            let conv = ["", "str", "repr", "ascii"][(arg & 3) as usize];
            match (conv.is_empty(), arg & 4 != 0) {
                (true, true) => String::from("with format"),
                (false, true) => format!("{conv}, with format"),
                _ => String::from(conv),
            }
        }
        Op::MAKE_FUNCTION => {
            let mut parts = Vec::new();
            for (bit, what) in [(1, "defaults"), (2, "kwdefaults"), (4, "annotations"), (8, "closure")] {
                if arg & bit != 0 {
                    parts.push(what);
                }
            }
            parts.join(", ")
        }
        _ => String::new(),
    }
}

/// Disassembles `code` into `out`. `describe` renders constants (reprs of strs, tuples,
/// code objects). Nested code objects are not followed; see [`disassemble_with`].
pub fn disassemble(code: &CodeObject, out: &mut String, describe: &dyn Fn(Value) -> String) {
    disassemble_with(code, out, describe, &|_| None);
}

/// Like [`disassemble`], and also disassembles every nested code object among the
/// constants, which `nested` resolves from their values.
pub fn disassemble_with(
    code: &CodeObject,
    out: &mut String,
    describe: &dyn Fn(Value) -> String,
    nested: &dyn Fn(Value) -> Option<Rc<CodeObject>>,
) {
    disassemble_one(code, out, describe);
    for v in code.consts.iter() {
        if let Some(inner) = nested(*v) {
            let _ = write!(out, "\nDisassembly of {}:\n", describe(*v));
            disassemble_with(&inner, out, describe, nested);
        }
    }
}

fn disassemble_one(code: &CodeObject, out: &mut String, describe: &dyn Fn(Value) -> String) {
    // Instruction starts and jump targets.
    let mut starts = Vec::new();
    let mut ip = 0;
    while ip < code.code.len() {
        starts.push(ip);
        let size = code
            .instr_unfused(ip)
            .map_or(1, |(op, _)| 1 + op.cache_units());
        ip += size;
    }
    let mut targets = Vec::new();
    for &ip in &starts {
        if let Some((op, arg)) = code.instr_unfused(ip) {
            if op.flags().contains(Flags::JUMP) {
                targets.push(arg as usize);
            }
        }
    }
    for e in code.exc_table.iter() {
        targets.push(e.target as usize);
    }
    let maxline = code.lines.iter().map(|l| l.line).max().unwrap_or(0);
    let line_width = format!("{maxline}").len().max(3);
    let offset_width = format!("{}", code.code.len()).len().max(4);
    let mut last_line = None;
    for (n, &ip) in starts.iter().enumerate() {
        let line = code.line_of(ip as u32);
        // Line 0 (no line) is only shown for a code object's first instruction, as `dis` does.
        let new_line = (line != 0 || n == 0) && last_line != Some(line);
        if new_line {
            if n > 0 {
                out.push('\n');
            }
            last_line = Some(line);
        }
        let mut s = String::new();
        if new_line {
            let _ = write!(s, "{line:>line_width$}");
        } else {
            let _ = write!(s, "{:line_width$}", "");
        }
        s.push_str("     ");
        s.push_str(if targets.contains(&ip) { ">>" } else { "  " });
        let _ = write!(s, " {ip:>offset_width$} ");
        match code.instr_unfused(ip) {
            Some((op, arg)) => {
                let _ = write!(s, "{:<OPNAME_WIDTH$}", op.name());
                // `BINARY_SLICE 3`/`STORE_SLICE 3` take a step as well.
                if has_arg(op) || (matches!(op, Op::BINARY_SLICE | Op::STORE_SLICE) && arg != 0) {
                    let _ = write!(s, " {arg:>OPARG_WIDTH$}");
                    let r = argrepr(code, op, arg, describe);
                    if !r.is_empty() {
                        let _ = write!(s, " ({r})");
                    }
                }
            }
            None => {
                let _ = write!(s, "<{}>", code.code[ip].get() & 0xFF);
            }
        }
        out.push_str(s.trim_end());
        out.push('\n');
    }
    if !code.exc_table.is_empty() {
        out.push_str("ExceptionTable:\n");
        for e in code.exc_table.iter() {
            // `dis` shows the offset of the last instruction in the range.
            let last = starts
                .iter()
                .copied()
                .filter(|&s| s < e.end as usize)
                .max()
                .unwrap_or(e.start as usize);
            let _ = writeln!(
                out,
                "  {} to {} -> {} [{}]{}",
                e.start,
                last,
                e.target,
                e.depth,
                if e.push_lasti { " lasti" } else { "" }
            );
        }
    }
}
