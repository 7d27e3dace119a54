//! Expressions: precedence climbing for operators, then primaries, atoms and displays.

use super::{PResult, Parser};
use crate::compile::ast::{BinOp, BoolOp, CmpOp, Comprehension, Constant, Expr, ExprKind, UnaryOp};
use crate::compile::token::{Kw, Op, Tok};
use alloc::boxed::Box;
use alloc::vec::Vec;

// Binding powers, lowest first (CPython's grammar levels).
const BP_OR: u8 = 1;
const BP_AND: u8 = 2;
const BP_NOT: u8 = 3;
const BP_CMP: u8 = 4;
const BP_BITOR: u8 = 5;
const BP_UNARY: u8 = 11;
const BP_POW: u8 = 12;

fn bin_op(tok: &Tok) -> Option<(u8, BinOp)> {
    let Tok::Op(op) = tok else { return None };
    Some(match op {
        Op::VBar => (5, BinOp::BitOr),
        Op::Circumflex => (6, BinOp::BitXor),
        Op::Amper => (7, BinOp::BitAnd),
        Op::LeftShift => (8, BinOp::LShift),
        Op::RightShift => (8, BinOp::RShift),
        Op::Plus => (9, BinOp::Add),
        Op::Minus => (9, BinOp::Sub),
        Op::Star => (10, BinOp::Mult),
        Op::Slash => (10, BinOp::Div),
        Op::DoubleSlash => (10, BinOp::FloorDiv),
        Op::Percent => (10, BinOp::Mod),
        Op::At => (10, BinOp::MatMult),
        _ => return None,
    })
}

fn boxed(e: Expr) -> Box<Expr> {
    Box::new(e)
}

impl Parser {
    /// `expression`: a conditional expression, a lambda, or a disjunction.
    pub(super) fn expression(&mut self) -> PResult<Expr> {
        if self.at_kw(Kw::Lambda) {
            return self.lambda();
        }
        let start = self.start();
        let starts_with_name_then_str =
            matches!(self.tok(), Tok::Name(_)) && matches!(self.nth(1), Tok::Str(_));
        let body = self.binary(0)?;
        if self.at_kw(Kw::If) {
            self.bump();
            let test = self.binary(0)?;
            if !self.eat_kw(Kw::Else) {
                // CPython's `invalid_expression` excludes `a if b:` (a misplaced statement).
                if matches!(self.tok(), Tok::Error | Tok::Op(Op::Colon)) {
                    return Err(self.unexpected());
                }
                return Err(self.error_range(
                    body.loc,
                    test.loc,
                    "expected 'else' after 'if' expression".into(),
                ));
            }
            self.enter()?;
            let orelse = self.expression()?;
            self.leave();
            let kind = ExprKind::IfExp {
                test: boxed(test),
                body: boxed(body),
                orelse: boxed(orelse),
            };
            return Ok(Expr {
                kind,
                loc: self.loc_from(start),
            });
        }
        if let ExprKind::Name(n) = &body.kind {
            // CPython's `invalid_legacy_expression`: `print "x"`.
            if matches!(&**n, "print" | "exec")
                && self.can_start_star_expression()
                && !matches!(
                    self.tok(),
                    Tok::Op(Op::LPar | Op::LSqb | Op::Minus | Op::Plus | Op::Star)
                        | Tok::Kw(Kw::Not | Kw::Yield | Kw::Await)
                        | Tok::Error
                )
            {
                let generic = self.unexpected();
                return Err(match self.star_expressions() {
                    Ok(b) => self.error_range(
                        body.loc,
                        b.loc,
                        alloc::format!(
                            "Missing parentheses in call to '{n}'. Did you mean {n}(...)?"
                        ),
                    ),
                    Err(_) => generic,
                });
            }
        }
        if self.paren_level > 0 && !starts_with_name_then_str && self.starts_expression() {
            // CPython's `invalid_expression`: two expressions in a row inside brackets.
            let soft = matches!(&body.kind, ExprKind::Name(n) if matches!(&**n, "match" | "case" | "_" | "print" | "exec"));
            if !soft {
                let generic = self.unexpected();
                let level = self.paren_level;
                self.paren_level = 0;
                let second = self.binary(0);
                self.paren_level = level;
                return Err(match second {
                    Ok(b) => self.error_range(
                        body.loc,
                        b.loc,
                        "invalid syntax. Perhaps you forgot a comma?".into(),
                    ),
                    Err(_) => generic,
                });
            }
        }
        Ok(body)
    }

    /// Whether the current token can begin an expression that could not continue the
    /// previous one (used for the "forgot a comma?" hint).
    fn starts_expression(&self) -> bool {
        matches!(
            self.tok(),
            Tok::Name(_)
                | Tok::Number(_)
                | Tok::Str(_)
                | Tok::Kw(Kw::None | Kw::True | Kw::False | Kw::Lambda)
                | Tok::Op(Op::LBrace | Op::Tilde | Op::Ellipsis)
        )
    }

    /// A `named_expression` where CPython's `invalid_named_expression` applies (displays,
    /// conditions): `if x = 1:` suggests `==` or `:=`.
    pub(super) fn named_expression_checked(&mut self) -> PResult<Expr> {
        let e = self.named_expression()?;
        if !self.at_op(Op::Equal) {
            return Ok(e);
        }
        let generic = self.unexpected();
        let plain = matches!(e.kind, ExprKind::Name(_));
        let assignable_hint = !matches!(
            e.kind,
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
                    op: UnaryOp::Not,
                    ..
                }
        );
        if !plain && !assignable_hint {
            return Err(generic);
        }
        self.bump();
        let Ok(b) = self.bitwise_or() else {
            return Err(generic);
        };
        if self.at_op(Op::Equal) || self.at_op(Op::ColonEqual) {
            return Err(generic);
        }
        Err(if plain {
            self.error_range(
                e.loc,
                b.loc,
                "invalid syntax. Maybe you meant '==' or ':=' instead of '='?".into(),
            )
        } else {
            self.error_at(
                e.loc,
                alloc::format!(
                    "cannot assign to {} here. Maybe you meant '==' instead of '='?",
                    super::targets::expr_name(&e)
                ),
            )
        })
    }

    /// `named_expression`: `NAME := expression` or `expression`.
    pub(super) fn named_expression(&mut self) -> PResult<Expr> {
        if let (Tok::Name(_), Tok::Op(Op::ColonEqual)) = (self.tok(), self.nth(1)) {
            let start = self.start();
            let (target, _) = self.expect_name()?;
            self.bump();
            let value = self.expression()?;
            return Ok(Expr {
                kind: ExprKind::NamedExpr {
                    target,
                    value: boxed(value),
                },
                loc: self.loc_from(start),
            });
        }
        let e = self.expression()?;
        if self.at_op(Op::ColonEqual) {
            return Err(self.error_at(
                e.loc,
                alloc::format!(
                    "cannot use assignment expressions with {}",
                    super::targets::expr_name(&e)
                ),
            ));
        }
        Ok(e)
    }

    /// `star_expression`: `*bitwise_or` or `expression`.
    pub(super) fn star_expression(&mut self) -> PResult<Expr> {
        if self.at_op(Op::Star) {
            let start = self.start();
            self.bump();
            let v = self.bitwise_or()?;
            return Ok(Expr {
                kind: ExprKind::Starred(boxed(v)),
                loc: self.loc_from(start),
            });
        }
        self.expression()
    }

    /// `star_named_expression`: `*bitwise_or` or `named_expression` (display elements).
    pub(super) fn star_named_expression(&mut self) -> PResult<Expr> {
        if self.at_op(Op::Star) {
            return self.star_expression();
        }
        self.named_expression_checked()
    }

    /// `star_expressions`: one expression, or an unparenthesized tuple.
    pub(super) fn star_expressions(&mut self) -> PResult<Expr> {
        let start = self.start();
        let first = self.star_expression()?;
        if !self.at_op(Op::Comma) {
            return Ok(first);
        }
        let mut elts = alloc::vec![first];
        while self.eat_op(Op::Comma) {
            if !self.can_start_star_expression() {
                break;
            }
            elts.push(self.star_expression()?);
        }
        Ok(Expr {
            kind: ExprKind::Tuple(elts),
            loc: self.loc_from(start),
        })
    }

    /// Whether the current token can start an expression (used after a trailing comma).
    pub(super) fn can_start_star_expression(&self) -> bool {
        starts_star_expression(self.tok())
    }
}

/// Whether a token can start a (starred) expression.
pub(super) fn starts_star_expression(tok: &Tok) -> bool {
    {
        matches!(
            tok,
            Tok::Name(_)
                | Tok::Number(_)
                | Tok::Str(_)
                | Tok::Kw(
                    Kw::None | Kw::True | Kw::False | Kw::Lambda | Kw::Not | Kw::Await | Kw::Yield
                )
                | Tok::Op(
                    Op::LPar
                        | Op::LSqb
                        | Op::LBrace
                        | Op::Minus
                        | Op::Plus
                        | Op::Tilde
                        | Op::Star
                        | Op::Ellipsis
                )
                | Tok::Error
                | Tok::Unknown(_)
        )
    }
}

impl Parser {
    /// An operand at `|` precedence (targets, starred values).
    pub(super) fn bitwise_or(&mut self) -> PResult<Expr> {
        self.binary(BP_BITOR)
    }

    /// Precedence climbing over `or`, `and`, `not`, comparisons, binary and unary
    /// operators and `**`, accepting operators whose binding power is at least `min`.
    fn binary(&mut self, min: u8) -> PResult<Expr> {
        let start = self.start();
        let saved_depth = self.depth;
        let mut lhs = match self.tok() {
            Tok::Kw(Kw::Not) if min <= BP_NOT => {
                self.bump();
                self.enter()?;
                let operand = self.binary(BP_NOT)?;
                self.leave();
                Expr {
                    kind: ExprKind::UnaryOp {
                        op: UnaryOp::Not,
                        operand: boxed(operand),
                    },
                    loc: self.loc_from(start),
                }
            }
            Tok::Op(o @ (Op::Minus | Op::Plus | Op::Tilde)) if min <= BP_UNARY => {
                let op = match o {
                    Op::Minus => UnaryOp::USub,
                    Op::Plus => UnaryOp::UAdd,
                    _ => UnaryOp::Invert,
                };
                self.bump();
                self.enter()?;
                let operand = self.binary(BP_UNARY)?;
                self.leave();
                Expr {
                    kind: ExprKind::UnaryOp {
                        op,
                        operand: boxed(operand),
                    },
                    loc: self.loc_from(start),
                }
            }
            Tok::Kw(Kw::Await) => {
                // `await` applies to a primary (CPython's `await_primary`).
                self.bump();
                let operand = self.primary()?;
                Expr {
                    kind: ExprKind::Await(boxed(operand)),
                    loc: self.loc_from(start),
                }
            }
            _ => self.primary()?,
        };
        loop {
            let kind = if let Some((bp, op)) = bin_op(self.tok()) {
                if bp < min {
                    break;
                }
                self.bump();
                let rhs = self.binary(bp + 1)?;
                ExprKind::BinOp {
                    left: boxed(lhs),
                    op,
                    right: boxed(rhs),
                }
            } else if self.at_op(Op::DoubleStar) {
                if BP_POW < min {
                    break;
                }
                self.bump();
                // Right-associative: the recursion nests, so it counts toward the limit.
                self.enter()?;
                let rhs = self.binary(BP_UNARY)?;
                self.leave();
                ExprKind::BinOp {
                    left: boxed(lhs),
                    op: BinOp::Pow,
                    right: boxed(rhs),
                }
            } else if let Some(op) = self.cmp_op() {
                if BP_CMP < min {
                    break;
                }
                let mut ops = Vec::new();
                let mut comparators = Vec::new();
                let mut op = Some(op);
                while let Some(o) = op {
                    self.bump();
                    if matches!(o, CmpOp::NotIn | CmpOp::IsNot) {
                        self.bump();
                    }
                    ops.push(o);
                    comparators.push(self.binary(BP_BITOR)?);
                    op = self.cmp_op();
                }
                ExprKind::Compare {
                    left: boxed(lhs),
                    ops,
                    comparators,
                }
            } else if self.at_kw(Kw::Not) && min <= BP_CMP {
                // `a not b`: CPython looked for `not in`, so it fails at the next token.
                self.bump();
                return Err(self.unexpected());
            } else if self.at_kw(Kw::And) || self.at_kw(Kw::Or) {
                let (bp, op, kw) = if self.at_kw(Kw::And) {
                    (BP_AND, BoolOp::And, Kw::And)
                } else {
                    (BP_OR, BoolOp::Or, Kw::Or)
                };
                if bp < min {
                    break;
                }
                let mut values = alloc::vec![lhs];
                while self.eat_kw(kw) {
                    values.push(self.binary(bp + 1)?);
                }
                ExprKind::BoolOp { op, values }
            } else {
                break;
            };
            lhs = Expr {
                kind,
                loc: self.loc_from(start),
            };
            // A left-deep chain nests the tree one level per operator.
            self.enter()?;
        }
        self.depth = saved_depth;
        Ok(lhs)
    }

    /// The comparison operator at the current token (`not in`/`is not` span two tokens).
    fn cmp_op(&self) -> Option<CmpOp> {
        Some(match self.tok() {
            Tok::Op(Op::EqEqual) => CmpOp::Eq,
            Tok::Op(Op::NotEqual) => CmpOp::NotEq,
            Tok::Op(Op::Less) => CmpOp::Lt,
            Tok::Op(Op::LessEqual) => CmpOp::LtE,
            Tok::Op(Op::Greater) => CmpOp::Gt,
            Tok::Op(Op::GreaterEqual) => CmpOp::GtE,
            Tok::Kw(Kw::In) => CmpOp::In,
            Tok::Kw(Kw::Not) if matches!(self.nth(1), Tok::Kw(Kw::In)) => CmpOp::NotIn,
            Tok::Kw(Kw::Is) if matches!(self.nth(1), Tok::Kw(Kw::Not)) => CmpOp::IsNot,
            Tok::Kw(Kw::Is) => CmpOp::Is,
            _ => return None,
        })
    }

    /// An atom followed by `.name`, `(args)` and `[subscript]` trailers.
    fn primary(&mut self) -> PResult<Expr> {
        let start = self.start();
        let saved_depth = self.depth;
        let mut e = self.atom()?;
        loop {
            let kind = match self.tok() {
                Tok::Op(Op::Dot) => {
                    self.bump();
                    let (attr, _) = self.expect_name()?;
                    ExprKind::Attribute {
                        value: boxed(e),
                        attr,
                    }
                }
                Tok::Op(Op::LPar) => {
                    self.bump();
                    self.paren_level += 1;
                    let (args, keywords) = self.call_args(true)?;
                    self.expect_op(Op::RPar)?;
                    self.paren_level -= 1;
                    ExprKind::Call {
                        func: boxed(e),
                        args,
                        keywords,
                    }
                }
                Tok::Op(Op::LSqb) => {
                    self.bump();
                    self.paren_level += 1;
                    let slice = self.slices()?;
                    self.expect_op(Op::RSqb)?;
                    self.paren_level -= 1;
                    ExprKind::Subscript {
                        value: boxed(e),
                        slice: boxed(slice),
                    }
                }
                _ => break,
            };
            e = Expr {
                kind,
                loc: self.loc_from(start),
            };
            self.enter()?;
        }
        self.depth = saved_depth;
        Ok(e)
    }

    /// The inside of `[...]` after a primary.
    fn slices(&mut self) -> PResult<Expr> {
        let start = self.start();
        let first = self.slice()?;
        if !self.at_op(Op::Comma) {
            return Ok(first);
        }
        let mut elts = alloc::vec![first];
        while self.eat_op(Op::Comma) {
            if self.at_op(Op::RSqb) {
                break;
            }
            elts.push(self.slice()?);
        }
        Ok(Expr {
            kind: ExprKind::Tuple(elts),
            loc: self.loc_from(start),
        })
    }

    fn slice(&mut self) -> PResult<Expr> {
        let start = self.start();
        if self.at_op(Op::Star) {
            return self.star_expression();
        }
        let lower = if self.at_op(Op::Colon) {
            None
        } else {
            Some(self.named_expression()?)
        };
        if !self.at_op(Op::Colon) {
            return lower.ok_or_else(|| self.unexpected());
        }
        self.bump();
        let bound = |p: &mut Parser| -> PResult<Option<Box<Expr>>> {
            if matches!(p.tok(), Tok::Op(Op::Colon | Op::Comma | Op::RSqb)) {
                Ok(None)
            } else {
                Ok(Some(boxed(p.expression()?)))
            }
        };
        let upper = bound(self)?;
        let step = if self.eat_op(Op::Colon) {
            bound(self)?
        } else {
            None
        };
        let kind = ExprKind::Slice {
            lower: lower.map(boxed),
            upper,
            step,
        };
        Ok(Expr {
            kind,
            loc: self.loc_from(start),
        })
    }

    fn atom(&mut self) -> PResult<Expr> {
        let start = self.start();
        let constant = |c: Constant| ExprKind::Constant(c);
        let kind = match self.tok() {
            Tok::Name(_) => {
                let (n, loc) = self.expect_name()?;
                return Ok(Expr {
                    kind: ExprKind::Name(n),
                    loc,
                });
            }
            Tok::Number(_) => {
                let t = self.bump();
                let Tok::Number(c) = t.tok else {
                    return Err(self.unexpected());
                };
                self.check_literal_digits(&c, t.loc)?;
                return Ok(Expr {
                    kind: constant(c),
                    loc: t.loc,
                });
            }
            Tok::Str(_) => return self.strings(),
            Tok::Kw(Kw::None) => {
                self.bump();
                constant(Constant::None)
            }
            Tok::Kw(Kw::True) => {
                self.bump();
                constant(Constant::True)
            }
            Tok::Kw(Kw::False) => {
                self.bump();
                constant(Constant::False)
            }
            Tok::Op(Op::Ellipsis) => {
                self.bump();
                constant(Constant::Ellipsis)
            }
            Tok::Op(Op::LPar) => return self.bracketed(Self::paren_atom),
            Tok::Op(Op::LSqb) => return self.bracketed(Self::list_atom),
            Tok::Op(Op::LBrace) => return self.bracketed(Self::brace_atom),
            _ => return Err(self.unexpected()),
        };
        Ok(Expr {
            kind,
            loc: self.loc_from(start),
        })
    }

    /// Runs `f` for a bracketed atom with nesting and bracket-level bookkeeping.
    fn bracketed(&mut self, f: fn(&mut Parser, (u32, u32)) -> PResult<Expr>) -> PResult<Expr> {
        let start = self.start();
        self.enter()?;
        self.bump();
        self.paren_level += 1;
        let e = f(self, start)?;
        self.paren_level -= 1;
        self.leave();
        Ok(e)
    }

    fn paren_atom(&mut self, start: (u32, u32)) -> PResult<Expr> {
        if self.eat_op(Op::RPar) {
            return Ok(Expr {
                kind: ExprKind::Tuple(Vec::new()),
                loc: self.loc_from(start),
            });
        }
        if self.at_kw(Kw::Yield) {
            let e = self.yield_expr()?;
            self.expect_op(Op::RPar)?;
            return Ok(e);
        }
        let first = self.star_named_expression()?;
        self.no_starred_comprehension(&first)?;
        if self.at_kw(Kw::For) || self.at_kw(Kw::Async) {
            let generators = self.comprehension_clauses()?;
            self.expect_op(Op::RPar)?;
            let kind = ExprKind::GeneratorExp {
                elt: boxed(first),
                generators,
            };
            return Ok(Expr {
                kind,
                loc: self.loc_from(start),
            });
        }
        if self.at_op(Op::RPar) {
            if matches!(first.kind, ExprKind::Starred(_)) {
                return Err(self.error_at(first.loc, "cannot use starred expression here".into()));
            }
            self.bump();
            return Ok(first);
        }
        if !self.at_op(Op::Comma) {
            return Err(self.unexpected());
        }
        let mut elts = alloc::vec![first];
        while self.eat_op(Op::Comma) {
            if self.at_op(Op::RPar) {
                break;
            }
            elts.push(self.star_named_expression()?);
        }
        self.expect_op(Op::RPar)?;
        Ok(Expr {
            kind: ExprKind::Tuple(elts),
            loc: self.loc_from(start),
        })
    }

    fn list_atom(&mut self, start: (u32, u32)) -> PResult<Expr> {
        if self.eat_op(Op::RSqb) {
            return Ok(Expr {
                kind: ExprKind::List(Vec::new()),
                loc: self.loc_from(start),
            });
        }
        let first = self.star_named_expression()?;
        self.no_starred_comprehension(&first)?;
        if self.at_kw(Kw::For) || self.at_kw(Kw::Async) {
            let generators = self.comprehension_clauses()?;
            self.expect_op(Op::RSqb)?;
            let kind = ExprKind::ListComp {
                elt: boxed(first),
                generators,
            };
            return Ok(Expr {
                kind,
                loc: self.loc_from(start),
            });
        }
        let elts = self.display_rest(first, Op::RSqb)?;
        Ok(Expr {
            kind: ExprKind::List(elts),
            loc: self.loc_from(start),
        })
    }

    /// The remaining `, item` elements of a list or set display, and the closing bracket.
    fn display_rest(&mut self, first: Expr, close: Op) -> PResult<Vec<Expr>> {
        let mut elts = alloc::vec![first];
        while self.eat_op(Op::Comma) {
            if self.at_op(close) {
                break;
            }
            elts.push(self.star_named_expression()?);
        }
        self.expect_op(close)?;
        Ok(elts)
    }

    fn brace_atom(&mut self, start: (u32, u32)) -> PResult<Expr> {
        if self.eat_op(Op::RBrace) {
            return Ok(Expr {
                kind: ExprKind::Dict {
                    keys: Vec::new(),
                    values: Vec::new(),
                },
                loc: self.loc_from(start),
            });
        }
        let (mut keys, mut values) = (Vec::new(), Vec::new());
        if self.at_op(Op::DoubleStar) {
            let star = self.bump();
            let v = self.bitwise_or()?;
            if self.at_kw(Kw::For) {
                return Err(self.error_at(
                    star.loc,
                    "dict unpacking cannot be used in dict comprehension".into(),
                ));
            }
            keys.push(None);
            values.push(v);
        } else {
            let first = self.star_named_expression()?;
            if !self.at_op(Op::Colon) {
                self.no_starred_comprehension(&first)?;
                if self.at_kw(Kw::For) || self.at_kw(Kw::Async) {
                    let generators = self.comprehension_clauses()?;
                    self.expect_op(Op::RBrace)?;
                    let kind = ExprKind::SetComp {
                        elt: boxed(first),
                        generators,
                    };
                    return Ok(Expr {
                        kind,
                        loc: self.loc_from(start),
                    });
                }
                let elts = self.display_rest(first, Op::RBrace)?;
                return Ok(Expr {
                    kind: ExprKind::Set(elts),
                    loc: self.loc_from(start),
                });
            }
            if matches!(
                first.kind,
                ExprKind::Starred(_) | ExprKind::NamedExpr { .. }
            ) {
                return Err(self.unexpected());
            }
            self.dict_colon(&first)?;
            let value = self.expression()?;
            if self.at_kw(Kw::For) || self.at_kw(Kw::Async) {
                let generators = self.comprehension_clauses()?;
                self.expect_op(Op::RBrace)?;
                let kind = ExprKind::DictComp {
                    key: boxed(first),
                    value: boxed(value),
                    generators,
                };
                return Ok(Expr {
                    kind,
                    loc: self.loc_from(start),
                });
            }
            keys.push(Some(first));
            values.push(value);
        }
        while self.eat_op(Op::Comma) {
            if self.at_op(Op::RBrace) {
                break;
            }
            if self.eat_op(Op::DoubleStar) {
                keys.push(None);
                values.push(self.bitwise_or()?);
                continue;
            }
            let k = self.expression()?;
            self.dict_colon(&k)?;
            keys.push(Some(k));
            values.push(self.expression()?);
        }
        self.expect_op(Op::RBrace)?;
        Ok(Expr {
            kind: ExprKind::Dict { keys, values },
            loc: self.loc_from(start),
        })
    }

    /// `[*x for x in y]` is CPython's `invalid_comprehension`.
    fn no_starred_comprehension(&self, first: &Expr) -> PResult<()> {
        if matches!(first.kind, ExprKind::Starred(_))
            && (self.at_kw(Kw::For) || self.at_kw(Kw::Async))
        {
            return Err(self.error_at(
                first.loc,
                "iterable unpacking cannot be used in comprehension".into(),
            ));
        }
        Ok(())
    }

    /// The `:` after a dictionary key, with CPython's `invalid_kvpair` messages.
    fn dict_colon(&mut self, key: &Expr) -> PResult<()> {
        if !self.at_op(Op::Colon) {
            if matches!(self.tok(), Tok::Op(Op::Comma | Op::RBrace)) {
                let l = key.loc;
                return Err(self.make_error(
                    crate::compile::error::CompileErrorKind::Syntax,
                    "':' expected after dictionary key".into(),
                    l.end_line,
                    l.end_col,
                    l.end_line,
                    0,
                ));
            }
            return Err(self.unexpected());
        }
        let colon = self.bump();
        if matches!(self.tok(), Tok::Op(Op::Comma | Op::RBrace)) {
            return Err(self.error_at(
                colon.loc,
                "expression expected after dictionary key and ':'".into(),
            ));
        }
        Ok(())
    }

    /// `for target in iter [if cond]*` clauses, one or more.
    pub(super) fn comprehension_clauses(&mut self) -> PResult<Vec<Comprehension>> {
        let mut gens = Vec::new();
        loop {
            let is_async = self.at_kw(Kw::Async);
            if is_async {
                self.bump();
                if !self.at_kw(Kw::For) {
                    return Err(self.unexpected());
                }
            }
            if !self.eat_kw(Kw::For) {
                break;
            }
            let target = self.target_list()?;
            if !self.eat_kw(Kw::In) {
                return Err(self.unexpected());
            }
            self.check_target(&target, super::targets::TargetKind::Store)?;
            let iter = self.binary(0)?;
            let mut ifs = Vec::new();
            while self.eat_kw(Kw::If) {
                ifs.push(self.binary(0)?);
            }
            gens.push(Comprehension {
                target,
                iter,
                ifs,
                is_async,
            });
        }
        Ok(gens)
    }

    /// `yield [star_expressions]` or `yield from expression`.
    pub(super) fn yield_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.bump();
        if self.eat_kw(Kw::From) {
            let v = self.expression()?;
            return Ok(Expr {
                kind: ExprKind::YieldFrom(boxed(v)),
                loc: self.loc_from(start),
            });
        }
        let v = if self.can_start_star_expression() {
            Some(boxed(self.star_expressions()?))
        } else {
            None
        };
        Ok(Expr {
            kind: ExprKind::Yield(v),
            loc: self.loc_from(start),
        })
    }

    fn lambda(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.bump();
        let args = self.parameters(false)?;
        self.expect_op(Op::Colon)?;
        self.enter()?;
        let body = self.expression()?;
        self.leave();
        let kind = ExprKind::Lambda {
            args: Box::new(args),
            body: boxed(body),
        };
        Ok(Expr {
            kind,
            loc: self.loc_from(start),
        })
    }
}
