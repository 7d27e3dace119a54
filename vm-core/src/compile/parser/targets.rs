//! Assignment and deletion targets: parsing helpers and CPython's validity errors.

use super::{PResult, Parser};
use crate::compile::ast::{Constant, Expr, ExprKind};
use crate::compile::token::{Kw, Op, Tok};
use alloc::format;

/// Where a target appears (it selects the error message and a few rules).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum TargetKind {
    /// Assignment, `with ... as`, comprehension targets.
    Store,
    /// `for` targets (a comparison `a in b` is searched on its left side).
    For,
    /// `del` targets.
    Del,
}

/// CPython's `_PyPegen_get_expr_name`: how error messages name an expression.
pub(crate) fn expr_name(e: &Expr) -> &'static str {
    match &e.kind {
        ExprKind::Attribute { .. } => "attribute",
        ExprKind::Subscript { .. } => "subscript",
        ExprKind::Starred(_) => "starred",
        ExprKind::Name(_) => "name",
        ExprKind::List(_) => "list",
        ExprKind::Tuple(_) => "tuple",
        ExprKind::Lambda { .. } => "lambda",
        ExprKind::Call { .. } => "function call",
        ExprKind::BoolOp { .. } | ExprKind::BinOp { .. } | ExprKind::UnaryOp { .. } => "expression",
        ExprKind::GeneratorExp { .. } => "generator expression",
        ExprKind::Yield(_) | ExprKind::YieldFrom(_) => "yield expression",
        ExprKind::Await(_) => "await expression",
        ExprKind::ListComp { .. } => "list comprehension",
        ExprKind::SetComp { .. } => "set comprehension",
        ExprKind::DictComp { .. } => "dict comprehension",
        ExprKind::Dict { .. } => "dict literal",
        ExprKind::Set(_) => "set display",
        ExprKind::JoinedStr(_) | ExprKind::FormattedValue { .. } => "f-string expression",
        ExprKind::Constant(Constant::None) => "None",
        ExprKind::Constant(Constant::True) => "True",
        ExprKind::Constant(Constant::False) => "False",
        ExprKind::Constant(Constant::Ellipsis) => "ellipsis",
        ExprKind::Constant(_) => "literal",
        ExprKind::Compare { .. } => "comparison",
        ExprKind::IfExp { .. } => "conditional expression",
        ExprKind::NamedExpr { .. } => "named expression",
        ExprKind::Slice { .. } => "slice",
    }
}

/// CPython's `_PyPegen_get_invalid_target`: the first sub-expression that cannot be a target.
fn invalid_target(e: &Expr, kind: TargetKind) -> Option<&Expr> {
    match &e.kind {
        ExprKind::List(elts) | ExprKind::Tuple(elts) => {
            elts.iter().find_map(|x| invalid_target(x, kind))
        }
        ExprKind::Starred(v) => {
            if kind == TargetKind::Del {
                Some(e)
            } else {
                invalid_target(v, kind)
            }
        }
        ExprKind::Compare { left, ops, .. } if kind == TargetKind::For => {
            if ops.first() == Some(&crate::compile::ast::CmpOp::In) {
                invalid_target(left, kind)
            } else {
                None
            }
        }
        ExprKind::Name(_) | ExprKind::Subscript { .. } | ExprKind::Attribute { .. } => None,
        _ => Some(e),
    }
}

/// Whether a tuple node was written with parentheses (its first element starts later).
pub(super) fn is_parenthesized_tuple(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Tuple(elts) => match elts.first() {
            Some(f) => (f.loc.line, f.loc.col) != (e.loc.line, e.loc.col),
            None => true,
        },
        _ => false,
    }
}

impl Parser {
    /// Fails with CPython's message when `e` is not a valid target.
    pub(super) fn check_target(&self, e: &Expr, kind: TargetKind) -> PResult<()> {
        if let Some(bad) = invalid_target(e, kind) {
            let verb = if kind == TargetKind::Del {
                "delete"
            } else {
                "assign to"
            };
            return Err(self.error_at(bad.loc, format!("cannot {verb} {}", expr_name(bad))));
        }
        Ok(())
    }

    /// Checks one target of `t1 = t2 = value`. The target right before the value gets
    /// CPython's "Maybe you meant '=='" hint when it is a plain expression.
    pub(super) fn check_assign_target(&self, t: &Expr, last: bool) -> PResult<()> {
        let Some(bad) = invalid_target(t, TargetKind::Store) else {
            return Ok(());
        };
        let adjacent = core::ptr::eq(bad, t)
            || match &t.kind {
                ExprKind::Tuple(elts) if !is_parenthesized_tuple(t) => {
                    elts.last().is_some_and(|l| core::ptr::eq(l, bad))
                }
                _ => false,
            };
        let plain = !matches!(
            bad.kind,
            ExprKind::Tuple(_)
                | ExprKind::List(_)
                | ExprKind::GeneratorExp { .. }
                | ExprKind::Constant(Constant::True | Constant::False | Constant::None)
                | ExprKind::Compare { .. }
                | ExprKind::BoolOp { .. }
                | ExprKind::IfExp { .. }
                | ExprKind::Lambda { .. }
                | ExprKind::Yield(_)
                | ExprKind::YieldFrom(_)
                | ExprKind::UnaryOp {
                    op: crate::compile::ast::UnaryOp::Not,
                    ..
                }
        );
        let name = expr_name(bad);
        let msg = if last && adjacent && plain {
            format!("cannot assign to {name} here. Maybe you meant '==' instead of '='?")
        } else {
            format!("cannot assign to {name}")
        };
        Err(self.error_at(bad.loc, msg))
    }

    /// One `star_target`: `*`? followed by an operand at `|` precedence.
    pub(super) fn star_target(&mut self) -> PResult<Expr> {
        if self.at_op(Op::Star) {
            let s = self.start();
            self.bump();
            let v = self.star_target()?;
            return Ok(Expr {
                kind: ExprKind::Starred(alloc::boxed::Box::new(v)),
                loc: self.loc_from(s),
            });
        }
        self.bitwise_or()
    }

    /// `star_targets` of `for` loops and comprehensions: one target or an unparenthesized
    /// tuple of them (stops before `in`).
    pub(super) fn target_list(&mut self) -> PResult<Expr> {
        let s = self.start();
        let first = self.star_target()?;
        if !self.at_op(Op::Comma) {
            return Ok(first);
        }
        let mut elts = alloc::vec![first];
        while self.eat_op(Op::Comma) {
            if self.at_kw(Kw::In) || matches!(self.tok(), Tok::Op(Op::Equal)) {
                break;
            }
            elts.push(self.star_target()?);
        }
        Ok(Expr {
            kind: ExprKind::Tuple(elts),
            loc: self.loc_from(s),
        })
    }
}
