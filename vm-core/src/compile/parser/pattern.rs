//! The `match` statement and its patterns: CPython 3.11's rules `match_stmt` to
//! `keyword_pattern`, with the messages of their `invalid_*` rules.
//!
//! The parser commits to a `match` statement when its header is `match <subject>:` followed
//! by a newline (see `Parser::is_match_stmt`); `match` and `case` are otherwise names.

use super::{PResult, Parser};
use crate::compile::ast::{
    BinOp, Constant, Expr, ExprKind, Loc, MatchCase, Name, Pattern, PatternKind, Stmt, StmtKind,
    UnaryOp,
};
use crate::compile::error::{CompileError, CompileErrorKind};
use crate::compile::lexer::{self, Lexed};
use crate::compile::token::{Kw, Op, Tok};
use alloc::boxed::Box;
use alloc::vec::Vec;

/// Whether a token can start a pattern (or a starred one).
fn starts_pattern(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Name(_)
            | Tok::Number(_)
            | Tok::Str(_)
            | Tok::Kw(Kw::None | Kw::True | Kw::False)
            | Tok::Op(Op::Minus | Op::LPar | Op::LSqb | Op::LBrace | Op::Star)
    )
}

fn is_name(t: &Tok, s: &str) -> bool {
    matches!(t, Tok::Name(n) if &**n == s)
}

impl Parser {
    /// `"match" subject_expr ':' NEWLINE INDENT case_block+ DEDENT`.
    pub(super) fn match_stmt(&mut self) -> PResult<Stmt> {
        let start = self.start();
        self.bump();
        let subject = self.subject_expr()?;
        self.expect_colon_soft()?;
        if !matches!(self.tok(), Tok::Newline) {
            return Err(self.unexpected());
        }
        self.bump();
        if !matches!(self.tok(), Tok::Indent) {
            return Err(self.indent_error("'match' statement", start.0));
        }
        self.bump();
        let mut cases = Vec::new();
        loop {
            match self.tok() {
                Tok::Dedent if !cases.is_empty() => {
                    self.bump();
                    break;
                }
                Tok::EndMarker if !cases.is_empty() => break,
                t if is_name(t, "case") => cases.push(self.case_block()?),
                _ => return Err(self.unexpected()),
            }
        }
        Ok(Stmt {
            kind: StmtKind::Match { subject, cases },
            loc: self.loc_from(start),
        })
    }

    /// `star_named_expression ',' star_named_expressions?` (a tuple) or `named_expression`.
    fn subject_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        let first = self.star_named_expression()?;
        if !self.at_op(Op::Comma) {
            if matches!(first.kind, ExprKind::Starred(_)) {
                return Err(self.unexpected());
            }
            return Ok(first);
        }
        let mut elts = alloc::vec![first];
        while self.eat_op(Op::Comma) {
            if !self.can_start_star_expression() {
                break;
            }
            elts.push(self.star_named_expression()?);
        }
        Ok(Expr {
            kind: ExprKind::Tuple(elts),
            loc: self.loc_from(start),
        })
    }

    /// `"case" patterns guard? ':' block`.
    fn case_block(&mut self) -> PResult<MatchCase> {
        let line = self.start().0;
        self.bump();
        let pattern = self.patterns()?;
        let guard = if self.eat_kw(Kw::If) {
            Some(self.named_expression_checked()?)
        } else {
            None
        };
        self.expect_colon_soft()?;
        let body = self.block("'case' statement", line)?;
        Ok(MatchCase {
            pattern,
            guard,
            body,
        })
    }

    /// `open_sequence_pattern` (a sequence without brackets) or `pattern`.
    fn patterns(&mut self) -> PResult<Pattern> {
        let start = self.start();
        let first = self.maybe_star_pattern()?;
        if !self.at_op(Op::Comma) {
            if matches!(first.kind, PatternKind::MatchStar(_)) {
                return Err(self.unexpected());
            }
            return Ok(first);
        }
        let mut items = alloc::vec![first];
        while self.eat_op(Op::Comma) {
            if !starts_pattern(self.tok()) {
                break;
            }
            items.push(self.maybe_star_pattern()?);
        }
        Ok(Pattern {
            kind: PatternKind::MatchSequence(items),
            loc: self.loc_from(start),
        })
    }

    /// `star_pattern` or `pattern`.
    fn maybe_star_pattern(&mut self) -> PResult<Pattern> {
        if !self.at_op(Op::Star) {
            return self.pattern();
        }
        let start = self.start();
        self.bump();
        let name = if is_name(self.tok(), "_") {
            self.bump();
            None
        } else {
            Some(self.capture_target()?)
        };
        Ok(Pattern {
            kind: PatternKind::MatchStar(name),
            loc: self.loc_from(start),
        })
    }

    /// `as_pattern` or `or_pattern`.
    fn pattern(&mut self) -> PResult<Pattern> {
        let start = self.start();
        let p = self.or_pattern()?;
        if !self.at_kw(Kw::As) {
            return Ok(p);
        }
        self.bump();
        match self.tok() {
            t if is_name(t, "_") => {
                return Err(self.error_at_token("cannot use '_' as a target".into()))
            }
            Tok::Name(_) => {}
            _ => {
                // `invalid_as_pattern`: any other expression after `as`.
                let generic = self.unexpected();
                return Err(match self.expression() {
                    Ok(e) => self.error_at(e.loc, "invalid pattern target".into()),
                    Err(_) => generic,
                });
            }
        }
        let name = self.capture_target()?;
        Ok(Pattern {
            kind: PatternKind::MatchAs {
                pattern: Some(Box::new(p)),
                name: Some(name),
            },
            loc: self.loc_from(start),
        })
    }

    /// `'|'.closed_pattern+`.
    fn or_pattern(&mut self) -> PResult<Pattern> {
        let start = self.start();
        let first = self.closed_pattern()?;
        if !self.at_op(Op::VBar) {
            return Ok(first);
        }
        let mut alts = alloc::vec![first];
        while self.eat_op(Op::VBar) {
            alts.push(self.closed_pattern()?);
        }
        Ok(Pattern {
            kind: PatternKind::MatchOr(alts),
            loc: self.loc_from(start),
        })
    }

    /// `!"_" NAME !('.' | '(' | '=')`: a name a pattern binds.
    fn capture_target(&mut self) -> PResult<Name> {
        match self.tok() {
            Tok::Name(n) if &**n != "_" => {}
            _ => return Err(self.unexpected()),
        }
        if matches!(self.nth(1), Tok::Op(Op::Dot | Op::LPar | Op::Equal)) {
            self.bump();
            return Err(self.unexpected());
        }
        Ok(self.expect_name()?.0)
    }

    /// One closed pattern, nesting bounded like expressions.
    fn closed_pattern(&mut self) -> PResult<Pattern> {
        self.enter()?;
        let r = self.closed_pattern_inner();
        self.leave();
        r
    }

    fn closed_pattern_inner(&mut self) -> PResult<Pattern> {
        let start = self.start();
        let kind = match self.tok() {
            Tok::Number(_) | Tok::Op(Op::Minus) => PatternKind::MatchValue(self.number_literal()?),
            Tok::Str(_) => PatternKind::MatchValue(self.strings()?),
            Tok::Kw(kw @ (Kw::None | Kw::True | Kw::False)) => {
                let c = match kw {
                    Kw::None => Constant::None,
                    Kw::True => Constant::True,
                    _ => Constant::False,
                };
                self.bump();
                PatternKind::MatchSingleton(c)
            }
            t if is_name(t, "_") => {
                self.bump();
                PatternKind::MatchAs {
                    pattern: None,
                    name: None,
                }
            }
            Tok::Name(_) => {
                if !matches!(self.nth(1), Tok::Op(Op::Dot | Op::LPar)) {
                    let name = self.capture_target()?;
                    PatternKind::MatchAs {
                        pattern: None,
                        name: Some(name),
                    }
                } else {
                    let target = self.name_or_attr()?;
                    if self.at_op(Op::LPar) {
                        return self.class_pattern(target, start);
                    }
                    if self.at_op(Op::Equal) {
                        return Err(self.unexpected());
                    }
                    PatternKind::MatchValue(target)
                }
            }
            Tok::Op(Op::LPar) => return self.paren_pattern(start),
            Tok::Op(Op::LSqb) => {
                self.bump();
                let items = self.sequence_items(Op::RSqb)?;
                PatternKind::MatchSequence(items)
            }
            Tok::Op(Op::LBrace) => return self.mapping_pattern(start),
            _ => return Err(self.unexpected()),
        };
        Ok(Pattern {
            kind,
            loc: self.loc_from(start),
        })
    }

    /// `group_pattern` (`(p)`, the inner pattern itself) or a parenthesized sequence.
    fn paren_pattern(&mut self, start: (u32, u32)) -> PResult<Pattern> {
        self.bump();
        if self.eat_op(Op::RPar) {
            return Ok(Pattern {
                kind: PatternKind::MatchSequence(Vec::new()),
                loc: self.loc_from(start),
            });
        }
        let first = self.maybe_star_pattern()?;
        if !self.at_op(Op::Comma) {
            if matches!(first.kind, PatternKind::MatchStar(_)) {
                return Err(self.unexpected());
            }
            self.expect_op(Op::RPar)?;
            return Ok(first);
        }
        let mut items = alloc::vec![first];
        while self.eat_op(Op::Comma) {
            if self.at_op(Op::RPar) {
                break;
            }
            items.push(self.maybe_star_pattern()?);
        }
        self.expect_op(Op::RPar)?;
        Ok(Pattern {
            kind: PatternKind::MatchSequence(items),
            loc: self.loc_from(start),
        })
    }

    /// `maybe_sequence_pattern? close` after the opening bracket.
    fn sequence_items(&mut self, close: Op) -> PResult<Vec<Pattern>> {
        let mut items = Vec::new();
        while !self.at_op(close) {
            items.push(self.maybe_star_pattern()?);
            if !self.eat_op(Op::Comma) {
                break;
            }
        }
        self.expect_op(close)?;
        Ok(items)
    }

    /// `signed_number !('+' | '-')` or `complex_number` (`real +/- imag`).
    fn number_literal(&mut self) -> PResult<Expr> {
        let start = self.start();
        let neg = self.eat_op(Op::Minus);
        let num = self.number_token()?;
        let imaginary = matches!(num.kind, ExprKind::Constant(Constant::Imaginary(_)));
        let num_loc = num.loc;
        let real = if neg {
            Expr {
                kind: ExprKind::UnaryOp {
                    op: UnaryOp::USub,
                    operand: Box::new(num),
                },
                loc: self.loc_from(start),
            }
        } else {
            num
        };
        let op = match self.tok() {
            Tok::Op(Op::Plus) => BinOp::Add,
            Tok::Op(Op::Minus) => BinOp::Sub,
            _ => return Ok(real),
        };
        if imaginary {
            return Err(self.error_at(num_loc, "real number required in complex literal".into()));
        }
        self.bump();
        let imag = self.number_token()?;
        if !matches!(imag.kind, ExprKind::Constant(Constant::Imaginary(_))) {
            return Err(self.error_at(
                imag.loc,
                "imaginary number required in complex literal".into(),
            ));
        }
        Ok(Expr {
            kind: ExprKind::BinOp {
                left: Box::new(real),
                op,
                right: Box::new(imag),
            },
            loc: self.loc_from(start),
        })
    }

    fn number_token(&mut self) -> PResult<Expr> {
        if !matches!(self.tok(), Tok::Number(_)) {
            return Err(self.unexpected());
        }
        let t = self.bump();
        let Tok::Number(c) = t.tok else {
            return Err(self.unexpected());
        };
        self.check_literal_digits(&c, t.loc)?;
        Ok(Expr {
            kind: ExprKind::Constant(c),
            loc: t.loc,
        })
    }

    /// `NAME ('.' NAME)*` as a `Name` or an `Attribute` chain.
    fn name_or_attr(&mut self) -> PResult<Expr> {
        let (n, loc) = self.expect_name()?;
        let start = (loc.line, loc.col);
        let mut e = Expr {
            kind: ExprKind::Name(n),
            loc,
        };
        while self.eat_op(Op::Dot) {
            let (attr, _) = self.expect_name()?;
            e = Expr {
                kind: ExprKind::Attribute {
                    value: Box::new(e),
                    attr,
                },
                loc: self.loc_from(start),
            };
        }
        Ok(e)
    }

    /// `cls(positional, ..., name=pattern, ...)` after the class's (dotted) name.
    fn class_pattern(&mut self, cls: Expr, start: (u32, u32)) -> PResult<Pattern> {
        self.bump();
        let (mut patterns, mut kwd_attrs, mut kwd_patterns) = (Vec::new(), Vec::new(), Vec::new());
        while !self.at_op(Op::RPar) {
            if matches!(
                (self.tok(), self.nth(1)),
                (Tok::Name(_), Tok::Op(Op::Equal))
            ) {
                kwd_attrs.push(self.expect_name()?.0);
                self.bump();
                kwd_patterns.push(self.pattern()?);
            } else {
                let p = self.pattern()?;
                if !kwd_patterns.is_empty() {
                    return Err(self.positional_after_keyword(p));
                }
                patterns.push(p);
            }
            if !self.eat_op(Op::Comma) {
                break;
            }
        }
        self.expect_op(Op::RPar)?;
        Ok(Pattern {
            kind: PatternKind::MatchClass {
                cls,
                patterns,
                kwd_attrs,
                kwd_patterns,
            },
            loc: self.loc_from(start),
        })
    }

    /// `invalid_class_argument_pattern`: the error spans the run of positional patterns
    /// that follows a keyword pattern.
    fn positional_after_keyword(&mut self, first: Pattern) -> CompileError {
        let mut last = first.loc;
        while self.at_op(Op::Comma)
            && starts_pattern(self.nth(1))
            && !matches!(
                (self.nth(1), self.nth(2)),
                (Tok::Name(_), Tok::Op(Op::Equal))
            )
        {
            self.bump();
            match self.pattern() {
                Ok(p) => last = p.loc,
                Err(e) => return e,
            }
        }
        self.error_range(
            first.loc,
            last,
            "positional patterns follow keyword patterns".into(),
        )
    }

    /// `{key: pattern, ..., **rest}`.
    fn mapping_pattern(&mut self, start: (u32, u32)) -> PResult<Pattern> {
        self.bump();
        let (mut keys, mut patterns, mut rest) = (Vec::new(), Vec::new(), None);
        while !self.at_op(Op::RBrace) {
            if self.eat_op(Op::DoubleStar) {
                rest = Some(self.capture_target()?);
                self.eat_op(Op::Comma);
                break;
            }
            keys.push(self.mapping_key()?);
            self.expect_op(Op::Colon)?;
            patterns.push(self.pattern()?);
            if !self.eat_op(Op::Comma) {
                break;
            }
        }
        self.expect_op(Op::RBrace)?;
        Ok(Pattern {
            kind: PatternKind::MatchMapping {
                keys,
                patterns,
                rest,
            },
            loc: self.loc_from(start),
        })
    }

    /// `literal_expr | attr`: a mapping pattern's key.
    fn mapping_key(&mut self) -> PResult<Expr> {
        let start = self.start();
        let c = match self.tok() {
            Tok::Number(_) | Tok::Op(Op::Minus) => return self.number_literal(),
            Tok::Str(_) => return self.strings(),
            Tok::Kw(Kw::None) => Constant::None,
            Tok::Kw(Kw::True) => Constant::True,
            Tok::Kw(Kw::False) => Constant::False,
            Tok::Name(_) if matches!(self.nth(1), Tok::Op(Op::Dot)) => return self.name_or_attr(),
            Tok::Name(_) => {
                self.bump();
                return Err(self.unexpected());
            }
            _ => return Err(self.unexpected()),
        };
        self.bump();
        Ok(Expr {
            kind: ExprKind::Constant(c),
            loc: self.loc_from(start),
        })
    }
}

/// Errors CPython raises while it parses (its first pass), which no `invalid_*` rule of
/// its second pass can replace.
fn raised_in_first_pass(e: &CompileError) -> bool {
    const PREFIXES: &[&str] = &[
        "f-string",
        "(unicode error)",
        "bytes can only contain",
        "cannot mix bytes",
        "real number required",
        "imaginary number required",
        "too many nested",
        "too many 'elif'",
        "Exceeds the limit",
    ];
    PREFIXES.iter().any(|p| e.msg.starts_with(p)) || e.msg.contains("not supported by Tiercel")
}

impl Parser {
    /// The location of the furthest token the parse looked at.
    pub(super) fn furthest_loc(&self) -> Loc {
        self.toks
            .get(self.max_seen.get())
            .or(self.toks.last())
            .map_or(Loc::default(), |t| t.loc)
    }

    /// CPython's verdict on a line `match <subject>` that is not a `match` statement, when
    /// the parse failed with `e`. CPython tries `match_stmt` first on every such line: a
    /// subject followed by a newline makes its second pass raise `expected ':'` there
    /// (even for a valid call such as `match(x)` when an error comes later), at the last
    /// token the first pass read; a subject followed by `:` and more on the line fails
    /// after the colon, past where the line failed as an expression.
    pub(super) fn match_header_error(&self, source: &str, e: CompileError) -> CompileError {
        if self.lex_error.as_ref() == Some(&e)
            || e.kind == CompileErrorKind::Tab
            || raised_in_first_pass(&e)
        {
            return e;
        }
        let tokens = lexer::tokenize(source).tokens;
        let mut at_start = true;
        for (i, t) in tokens.iter().enumerate() {
            let start = core::mem::replace(
                &mut at_start,
                matches!(t.tok, Tok::Newline | Tok::Indent | Tok::Dedent),
            );
            if !start || !is_name(&t.tok, "match") {
                continue;
            }
            if (t.loc.line, t.loc.col + 1) > (e.line, e.col) {
                break;
            }
            let lexed = Lexed {
                tokens: tokens[i..].to_vec(),
                error: None,
                error_is_unclosed: false,
                eof_in_block: false,
                ends_with_blank_line: false,
            };
            let mut q = Parser::new(lexed, 0);
            q.bump();
            if !super::expr::starts_star_expression(q.tok()) || q.subject_expr().is_err() {
                continue;
            }
            match q.tok() {
                Tok::Newline => {
                    let nl = q.loc();
                    let far = self.furthest_loc();
                    let at = if (far.line, far.col) > (nl.line, nl.col) {
                        far
                    } else {
                        nl
                    };
                    return self.error_at(at, "expected ':'".into());
                }
                Tok::Op(Op::Colon) if !matches!(q.nth(1), Tok::Newline) => {
                    q.bump();
                    let l = q.loc();
                    if (e.line, e.col) < (l.line, l.col + 1) {
                        return q.unexpected();
                    }
                }
                _ => {}
            }
        }
        e
    }
}
