//! Annotations as text, for modules under `from __future__ import annotations`: CPython
//! keeps each annotation as the string `ast.unparse` makes of it (`'list[int] | None'`).
//! The forms annotations use are rendered as CPython does; anything else is the source
//! text of the expression when the compiler has the source.

use alloc::string::String;

use crate::compile::ast::{BinOp, Constant, Expr, ExprKind, UnaryOp};

/// The text of `e` as an annotation string; `source` is the module's text when known.
pub(crate) fn annotation_text(e: &Expr, source: Option<&str>) -> String {
    let mut out = String::new();
    if !unparse(e, &mut out, false) {
        out = source.and_then(|s| source_slice(s, e)).unwrap_or(out);
    }
    out
}

/// Appends `e` to `out`; false when a part has no rendering here (the text is then
/// incomplete). `in_subscript` drops a tuple's parentheses (`dict[str, int]`).
fn unparse(e: &Expr, out: &mut String, in_subscript: bool) -> bool {
    match &e.kind {
        ExprKind::Name(n) => out.push_str(n),
        ExprKind::Attribute { value, attr } => {
            if !unparse(value, out, false) {
                return false;
            }
            out.push('.');
            out.push_str(attr);
        }
        ExprKind::Subscript { value, slice } => {
            if !unparse(value, out, false) {
                return false;
            }
            out.push('[');
            if !unparse(slice, out, true) {
                return false;
            }
            out.push(']');
        }
        ExprKind::Tuple(items) if in_subscript && !items.is_empty() => {
            return sequence(items, out);
        }
        ExprKind::Tuple(items) => {
            out.push('(');
            let ok = sequence(items, out);
            if items.len() == 1 {
                out.push(',');
            }
            out.push(')');
            return ok;
        }
        ExprKind::List(items) => {
            out.push('[');
            let ok = sequence(items, out);
            out.push(']');
            return ok;
        }
        ExprKind::BinOp {
            left,
            op: BinOp::BitOr,
            right,
        } => {
            let ok = unparse(left, out, false);
            out.push_str(" | ");
            return ok && unparse(right, out, false);
        }
        ExprKind::UnaryOp {
            op: UnaryOp::USub,
            operand,
        } => {
            out.push('-');
            return unparse(operand, out, false);
        }
        ExprKind::Call {
            func,
            args,
            keywords,
        } if keywords.is_empty() => {
            let ok = unparse(func, out, false);
            out.push('(');
            let ok = ok && sequence(args, out);
            out.push(')');
            return ok;
        }
        ExprKind::Constant(c) => return constant(c, out),
        _ => return false,
    }
    true
}

fn sequence(items: &[Expr], out: &mut String) -> bool {
    let mut ok = true;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        ok &= unparse(item, out, false);
    }
    ok
}

fn constant(c: &Constant, out: &mut String) -> bool {
    match c {
        Constant::None => out.push_str("None"),
        Constant::True => out.push_str("True"),
        Constant::False => out.push_str("False"),
        Constant::Ellipsis => out.push_str("..."),
        Constant::Int(i) => out.push_str(&alloc::format!("{i}")),
        Constant::Str(s) => str_repr(s, out),
        _ => return false,
    }
    true
}

/// `repr()` of a str: single quotes unless the text has one and no double quote.
fn str_repr(s: &str, out: &mut String) {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    out.push(quote);
    for ch in s.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&alloc::format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push(quote);
}

/// The source text of `e` (its lines joined by single spaces), from its location (columns
/// count characters).
fn source_slice(source: &str, e: &Expr) -> Option<String> {
    let loc = e.loc;
    let lines: alloc::vec::Vec<&str> = source
        .lines()
        .skip(loc.line.checked_sub(1)? as usize)
        .take((loc.end_line.checked_sub(loc.line)? + 1) as usize)
        .collect();
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let start = if i == 0 { loc.col as usize } else { 0 };
        let end = if i + 1 == lines.len() {
            loc.end_col as usize
        } else {
            line.chars().count()
        };
        let part: String = line
            .chars()
            .skip(start)
            .take(end.saturating_sub(start))
            .collect();
        if i > 0 {
            out.push(' ');
        }
        out.push_str(part.trim());
    }
    Some(out)
}
