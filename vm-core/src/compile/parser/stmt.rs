//! Statements.

use super::targets::{expr_name, TargetKind};
use super::{PResult, Parser};
use crate::compile::ast::{
    Alias, ClassDef, ExceptHandler, Expr, ExprKind, FunctionDef, Name, Stmt, StmtKind, WithItem,
};
use crate::compile::error::CompileErrorKind;
use crate::compile::token::{Kw, Op, Tok};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

impl Parser {
    /// One statement (compound, or a line of simple statements), appended to `body`.
    pub(super) fn statement(&mut self, body: &mut Vec<Stmt>) -> PResult<()> {
        let s = match self.tok() {
            Tok::Kw(Kw::If) => self.if_stmt(false)?,
            Tok::Kw(Kw::While) => self.while_stmt()?,
            Tok::Kw(Kw::For) => self.for_stmt(false)?,
            Tok::Kw(Kw::Try) => self.try_stmt()?,
            Tok::Kw(Kw::With) => self.with_stmt(false)?,
            Tok::Kw(Kw::Def) => self.funcdef(Vec::new(), false)?,
            Tok::Kw(Kw::Class) => self.classdef(Vec::new())?,
            Tok::Op(Op::At) => self.decorated()?,
            Tok::Kw(Kw::Async) => match self.nth(1) {
                Tok::Kw(Kw::Def) => self.funcdef(Vec::new(), true)?,
                Tok::Kw(Kw::For) => self.for_stmt(true)?,
                Tok::Kw(Kw::With) => self.with_stmt(true)?,
                _ => {
                    // CPython looked past `async` for `def`/`for`/`with`.
                    self.bump();
                    return Err(self.unexpected());
                }
            },
            Tok::Name(n) if &**n == "match" && self.is_match_stmt() => self.match_stmt()?,
            _ => return self.simple_stmts(body),
        };
        body.push(s);
        Ok(())
    }

    /// Whether a line starting with the soft keyword `match` is a `match` statement header:
    /// `match <subject>:` followed by a newline (otherwise `match` is an ordinary name).
    fn is_match_stmt(&self) -> bool {
        match self.peek_raw(1) {
            Tok::Name(_)
            | Tok::Number(_)
            | Tok::Str(_)
            | Tok::Kw(Kw::None | Kw::True | Kw::False | Kw::Not | Kw::Lambda) => {}
            Tok::Op(
                Op::LPar
                | Op::LSqb
                | Op::LBrace
                | Op::Minus
                | Op::Plus
                | Op::Tilde
                | Op::Star
                | Op::Ellipsis,
            ) => {}
            _ => return false,
        }
        let mut depth = 0i32;
        // Each `lambda` outside brackets takes the next colon for itself.
        let mut lambdas = 0;
        let mut k = 1;
        loop {
            match self.peek_raw(k) {
                Tok::Op(Op::LPar | Op::LSqb | Op::LBrace) => depth += 1,
                Tok::Op(Op::RPar | Op::RSqb | Op::RBrace) => depth -= 1,
                Tok::Kw(Kw::Lambda) if depth == 0 => lambdas += 1,
                Tok::Op(Op::Colon) if depth == 0 && lambdas > 0 => lambdas -= 1,
                Tok::Op(Op::Colon) if depth == 0 => {
                    return matches!(self.peek_raw(k + 1), Tok::Newline)
                }
                Tok::Newline | Tok::EndMarker | Tok::Error | Tok::Op(Op::Equal | Op::Semi)
                    if depth == 0 =>
                {
                    return false
                }
                Tok::EndMarker | Tok::Error => return false,
                _ => {}
            }
            k += 1;
        }
    }

    /// `simple_stmt (';' simple_stmt)* [';'] NEWLINE`.
    pub(super) fn simple_stmts(&mut self, body: &mut Vec<Stmt>) -> PResult<()> {
        loop {
            body.push(self.simple_stmt()?);
            if self.eat_op(Op::Semi) {
                if matches!(self.tok(), Tok::Newline) {
                    break;
                }
                continue;
            }
            break;
        }
        match self.tok() {
            Tok::Newline => {
                self.bump();
                Ok(())
            }
            _ => Err(self.unexpected()),
        }
    }

    fn simple_stmt(&mut self) -> PResult<Stmt> {
        let start = self.start();
        let kind = match self.tok() {
            Tok::Kw(Kw::Pass) => {
                self.bump();
                StmtKind::Pass
            }
            Tok::Kw(Kw::Break) => {
                self.bump();
                StmtKind::Break
            }
            Tok::Kw(Kw::Continue) => {
                self.bump();
                StmtKind::Continue
            }
            Tok::Kw(Kw::Return) => {
                self.bump();
                let v = if self.at_simple_stmt_end() {
                    None
                } else {
                    Some(self.star_expressions()?)
                };
                StmtKind::Return(v)
            }
            Tok::Kw(Kw::Raise) => {
                self.bump();
                let (mut exc, mut cause) = (None, None);
                if !self.at_simple_stmt_end() {
                    exc = Some(self.expression()?);
                    if self.eat_kw(Kw::From) {
                        cause = Some(self.expression()?);
                    }
                }
                StmtKind::Raise { exc, cause }
            }
            Tok::Kw(Kw::Global) => {
                self.bump();
                StmtKind::Global(self.name_list()?)
            }
            Tok::Kw(Kw::Nonlocal) => {
                self.bump();
                StmtKind::Nonlocal(self.name_list()?)
            }
            Tok::Kw(Kw::Del) => {
                self.bump();
                let mut targets = Vec::new();
                loop {
                    let t = self.star_expression()?;
                    self.check_target(&t, TargetKind::Del)?;
                    targets.push(t);
                    if !self.eat_op(Op::Comma) || self.at_simple_stmt_end() {
                        break;
                    }
                }
                StmtKind::Delete(targets)
            }
            Tok::Kw(Kw::Assert) => {
                self.bump();
                let test = self.expression()?;
                let msg = if self.eat_op(Op::Comma) {
                    Some(self.expression()?)
                } else {
                    None
                };
                StmtKind::Assert { test, msg }
            }
            Tok::Kw(Kw::Import) => {
                self.bump();
                let mut names = Vec::new();
                loop {
                    let s = self.start();
                    let name = self.dotted_name()?;
                    let asname = if self.eat_kw(Kw::As) {
                        Some(self.expect_name()?.0)
                    } else {
                        None
                    };
                    names.push(Alias {
                        name,
                        asname,
                        loc: self.loc_from(s),
                    });
                    if !self.eat_op(Op::Comma) {
                        break;
                    }
                }
                StmtKind::Import(names)
            }
            Tok::Kw(Kw::From) => self.import_from()?,
            _ => return self.expr_stmt(),
        };
        Ok(Stmt {
            kind,
            loc: self.loc_from(start),
        })
    }

    fn at_simple_stmt_end(&self) -> bool {
        matches!(
            self.tok(),
            Tok::Newline | Tok::Op(Op::Semi) | Tok::EndMarker
        )
    }

    fn name_list(&mut self) -> PResult<Vec<Name>> {
        let mut v = Vec::new();
        loop {
            v.push(self.expect_name()?.0);
            if !self.eat_op(Op::Comma) {
                return Ok(v);
            }
        }
    }

    fn dotted_name(&mut self) -> PResult<Name> {
        let (first, _) = self.expect_name()?;
        if !self.at_op(Op::Dot) {
            return Ok(first);
        }
        let mut s = String::from(&*first);
        while self.eat_op(Op::Dot) {
            s.push('.');
            s.push_str(&self.expect_name()?.0);
        }
        Ok(Name::from(s.as_str()))
    }

    fn import_from(&mut self) -> PResult<StmtKind> {
        self.bump();
        let mut level = 0u32;
        loop {
            if self.eat_op(Op::Dot) {
                level += 1;
            } else if self.eat_op(Op::Ellipsis) {
                level += 3;
            } else {
                break;
            }
        }
        let module = if level > 0 && self.at_kw(Kw::Import) {
            None
        } else {
            Some(self.dotted_name()?)
        };
        if !self.eat_kw(Kw::Import) {
            return Err(self.unexpected());
        }
        let mut names = Vec::new();
        if self.at_op(Op::Star) {
            let t = self.bump();
            names.push(Alias {
                name: Name::from("*"),
                asname: None,
                loc: t.loc,
            });
            return Ok(StmtKind::ImportFrom {
                module,
                names,
                level,
            });
        }
        let parens = self.eat_op(Op::LPar);
        loop {
            let s = self.start();
            let (name, _) = self.expect_name()?;
            let asname = if self.eat_kw(Kw::As) {
                Some(self.expect_name()?.0)
            } else {
                None
            };
            names.push(Alias {
                name,
                asname,
                loc: self.loc_from(s),
            });
            if !self.eat_op(Op::Comma) {
                break;
            }
            if parens && self.at_op(Op::RPar) {
                break;
            }
            if !parens && self.at_simple_stmt_end() {
                return Err(self.error_at_token(
                    "trailing comma not allowed without surrounding parentheses".into(),
                ));
            }
        }
        if parens {
            self.expect_op(Op::RPar)?;
        }
        Ok(StmtKind::ImportFrom {
            module,
            names,
            level,
        })
    }

    /// Expression statements and all assignment forms.
    fn expr_stmt(&mut self) -> PResult<Stmt> {
        let start = self.start();
        let first_is_yield = self.at_kw(Kw::Yield);
        let first = if first_is_yield {
            self.yield_expr()?
        } else {
            self.star_expressions()?
        };
        if self.at_op(Op::ColonEqual) && !matches!(first.kind, ExprKind::Name(_)) {
            return Err(self.error_at(
                first.loc,
                format!(
                    "cannot use assignment expressions with {}",
                    expr_name(&first)
                ),
            ));
        }
        let aug = match self.tok() {
            Tok::Op(op) => aug_op(*op),
            _ => None,
        };
        if let Some(op) = aug {
            if !matches!(
                first.kind,
                ExprKind::Name(_) | ExprKind::Attribute { .. } | ExprKind::Subscript { .. }
            ) {
                return Err(self.error_at(
                    first.loc,
                    format!(
                        "'{}' is an illegal expression for augmented assignment",
                        expr_name(&first)
                    ),
                ));
            }
            self.bump();
            let value = if self.at_kw(Kw::Yield) {
                self.yield_expr()?
            } else {
                self.star_expressions()?
            };
            return Ok(Stmt {
                kind: StmtKind::AugAssign {
                    target: first,
                    op,
                    value,
                },
                loc: self.loc_from(start),
            });
        }
        if self.at_op(Op::Colon) {
            // CPython checks the target only once an annotation follows the `:`.
            let bad = match &first.kind {
                ExprKind::Name(_) | ExprKind::Attribute { .. } | ExprKind::Subscript { .. } => None,
                ExprKind::Tuple(_) => Some("only single target (not tuple) can be annotated"),
                ExprKind::List(_) => Some("only single target (not list) can be annotated"),
                _ => Some("illegal target for annotation"),
            };
            if bad.is_some() && !super::expr::starts_star_expression(self.peek_raw(1)) {
                return Err(self.unexpected());
            }
            self.bump();
            let annotation = self.expression()?;
            if let Some(msg) = bad {
                return Err(self.error_at(first.loc, msg.into()));
            }
            let value = if self.eat_op(Op::Equal) {
                Some(if self.at_kw(Kw::Yield) {
                    self.yield_expr()?
                } else {
                    self.star_expressions()?
                })
            } else {
                None
            };
            return Ok(Stmt {
                kind: StmtKind::AnnAssign {
                    target: first,
                    annotation,
                    value,
                },
                loc: self.loc_from(start),
            });
        }
        if !self.at_op(Op::Equal) {
            return Ok(Stmt {
                kind: StmtKind::Expr(first),
                loc: self.loc_from(start),
            });
        }
        let mut items = alloc::vec![(first, first_is_yield)];
        while self.eat_op(Op::Equal) {
            let is_yield = self.at_kw(Kw::Yield);
            let v = if is_yield {
                self.yield_expr()?
            } else {
                self.star_expressions()?
            };
            items.push((v, is_yield));
        }
        let value = match items.pop() {
            Some((v, _)) => v,
            None => return Err(self.unexpected()),
        };
        let n = items.len();
        for (i, (t, is_yield)) in items.iter().enumerate() {
            if *is_yield {
                return Err(
                    self.error_at(t.loc, "assignment to yield expression not possible".into())
                );
            }
            // CPython's hint comes from `invalid_named_expression` at the statement start.
            let hint = i == 0
                && (n == 1
                    || items.get(1).is_some_and(|(t, _)| {
                        matches!(t.kind, ExprKind::Tuple(_))
                            && !super::targets::is_parenthesized_tuple(t)
                    }));
            self.check_assign_target(t, hint)?;
        }
        let targets = items.into_iter().map(|(t, _)| t).collect();
        Ok(Stmt {
            kind: StmtKind::Assign { targets, value },
            loc: self.loc_from(start),
        })
    }

    // ----- blocks -----

    /// The body after a compound statement's `:`.
    pub(super) fn block(&mut self, what: &str, header_line: u32) -> PResult<Vec<Stmt>> {
        let mut body = Vec::new();
        if !matches!(self.tok(), Tok::Newline) {
            self.simple_stmts(&mut body)?;
            return Ok(body);
        }
        self.bump();
        if !matches!(self.tok(), Tok::Indent) {
            return Err(self.indent_error(what, header_line));
        }
        self.bump();
        loop {
            match self.tok() {
                Tok::Dedent => {
                    self.bump();
                    break;
                }
                Tok::EndMarker => break,
                _ => self.statement(&mut body)?,
            }
        }
        Ok(body)
    }

    pub(super) fn indent_error(
        &self,
        what: &str,
        header_line: u32,
    ) -> crate::compile::error::CompileError {
        if matches!(self.tok(), Tok::Error) {
            return self.unexpected();
        }
        let msg = format!("expected an indented block after {what} on line {header_line}");
        let l = self.loc();
        let at_eof = {
            let mut k = 0;
            while matches!(self.nth(k), Tok::Dedent) {
                k += 1;
            }
            matches!(self.nth(k), Tok::EndMarker)
        };
        let mut e = if at_eof {
            let line = self.eof_line();
            self.make_error(CompileErrorKind::Indentation, msg, line, 0, line, 0)
        } else if matches!(self.tok(), Tok::Dedent) {
            self.make_error(CompileErrorKind::Indentation, msg, l.line, l.col, l.line, 0)
        } else {
            self.make_error(
                CompileErrorKind::Indentation,
                msg,
                l.line,
                l.col + 1,
                l.end_line,
                l.end_col + 1,
            )
        };
        e.incomplete_input = at_eof;
        e
    }

    fn if_stmt(&mut self, elif: bool) -> PResult<Stmt> {
        let start = self.start();
        self.bump();
        let test = self.named_expression_checked()?;
        self.expect_colon_soft()?;
        let body = self.block(
            if elif {
                "'elif' statement"
            } else {
                "'if' statement"
            },
            start.0,
        )?;
        let orelse = if self.at_kw(Kw::Elif) {
            // An `elif` is an `if` nested in the `else`: every later stage recurses on it.
            self.enter_elif()?;
            let nested = self.if_stmt(true);
            self.leave();
            alloc::vec![nested?]
        } else {
            self.else_block()?
        };
        Ok(Stmt {
            kind: StmtKind::If { test, body, orelse },
            loc: self.loc_from(start),
        })
    }

    fn else_block(&mut self) -> PResult<Vec<Stmt>> {
        if !self.at_kw(Kw::Else) {
            return Ok(Vec::new());
        }
        let line = self.start().0;
        self.bump();
        self.expect_forced(Op::Colon)?;
        self.block("'else' statement", line)
    }

    fn while_stmt(&mut self) -> PResult<Stmt> {
        let start = self.start();
        self.bump();
        let test = self.named_expression_checked()?;
        self.expect_colon_soft()?;
        let body = self.block("'while' statement", start.0)?;
        let orelse = self.else_block()?;
        Ok(Stmt {
            kind: StmtKind::While { test, body, orelse },
            loc: self.loc_from(start),
        })
    }

    /// `[async] for ...` (at `async` when `is_async`).
    fn for_stmt(&mut self, is_async: bool) -> PResult<Stmt> {
        let start = self.start();
        if is_async {
            self.bump();
        }
        let line = self.start().0;
        self.bump();
        let target = self.target_list()?;
        if !self.eat_kw(Kw::In) {
            return Err(self.unexpected());
        }
        self.check_target(&target, TargetKind::For)?;
        let iter = self.star_expressions()?;
        self.expect_colon_soft()?;
        let body = self.block("'for' statement", line)?;
        let orelse = self.else_block()?;
        Ok(Stmt {
            kind: StmtKind::For {
                target,
                iter,
                body,
                orelse,
                is_async,
            },
            loc: self.loc_from(start),
        })
    }

    fn try_stmt(&mut self) -> PResult<Stmt> {
        let start = self.start();
        self.bump();
        self.expect_forced(Op::Colon)?;
        let body = self.block("'try' statement", start.0)?;
        let mut handlers = Vec::new();
        while self.at_kw(Kw::Except) {
            let hs = self.start();
            self.bump();
            if self.at_op(Op::Star) {
                return Err(self.error_at_token("'except*' is not supported by Tiercel".into()));
            }
            let (mut typ, mut name) = (None, None);
            if !self.at_op(Op::Colon) && !matches!(self.tok(), Tok::Newline) {
                let t = self.expression()?;
                if self.at_op(Op::Comma) {
                    let mut end = t.loc;
                    while self.eat_op(Op::Comma) {
                        if self.at_op(Op::Colon) || self.at_kw(Kw::As) {
                            break;
                        }
                        end = self.expression()?.loc;
                    }
                    return Err(self.error_range(
                        t.loc,
                        end,
                        "multiple exception types must be parenthesized".into(),
                    ));
                }
                typ = Some(t);
                if self.eat_kw(Kw::As) {
                    name = Some(self.expect_name()?.0);
                }
            }
            self.expect_colon_soft()?;
            let hbody = self.block("'except' statement", hs.0)?;
            handlers.push(ExceptHandler {
                typ,
                name,
                body: hbody,
                loc: self.loc_from(hs),
            });
        }
        let orelse = if handlers.is_empty() {
            Vec::new()
        } else {
            self.else_block()?
        };
        let mut finalbody = Vec::new();
        if self.at_kw(Kw::Finally) {
            let line = self.start().0;
            self.bump();
            self.expect_forced(Op::Colon)?;
            finalbody = self.block("'finally' statement", line)?;
        } else if handlers.is_empty() {
            if matches!(self.tok(), Tok::Error) {
                return Err(self.unexpected());
            }
            let l = self.loc();
            let e = if self.at_eof() {
                let line = self.eof_line();
                let mut e = self.make_error(
                    CompileErrorKind::Syntax,
                    "expected 'except' or 'finally' block".into(),
                    line,
                    0,
                    line,
                    0,
                );
                // A REPL may still receive the handler.
                e.incomplete_input = true;
                e
            } else if matches!(self.tok(), Tok::Dedent) {
                self.make_error(
                    CompileErrorKind::Syntax,
                    "expected 'except' or 'finally' block".into(),
                    l.line,
                    l.col,
                    l.line,
                    0,
                )
            } else {
                self.error_at(l, "expected 'except' or 'finally' block".into())
            };
            return Err(e);
        }
        Ok(Stmt {
            kind: StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            },
            loc: self.loc_from(start),
        })
    }

    /// `[async] with ...` (at `async` when `is_async`).
    fn with_stmt(&mut self, is_async: bool) -> PResult<Stmt> {
        let start = self.start();
        if is_async {
            self.bump();
        }
        let line = self.start().0;
        self.bump();
        let mut items = Vec::new();
        if self.at_op(Op::LPar) && self.parenthesized_with_items() {
            self.bump();
            self.paren_level += 1;
            loop {
                items.push(self.with_item()?);
                if !self.eat_op(Op::Comma) || self.at_op(Op::RPar) {
                    break;
                }
            }
            self.expect_op(Op::RPar)?;
            self.paren_level -= 1;
        } else {
            loop {
                items.push(self.with_item()?);
                if !self.eat_op(Op::Comma) {
                    break;
                }
            }
        }
        self.expect_colon_soft()?;
        let body = self.block("'with' statement", line)?;
        Ok(Stmt {
            kind: StmtKind::With {
                items,
                body,
                is_async,
            },
            loc: self.loc_from(start),
        })
    }

    /// `with (` starts a parenthesized item list when the matching `)` is followed by `:`.
    fn parenthesized_with_items(&self) -> bool {
        let mut depth = 0i32;
        let mut k = 0;
        loop {
            match self.peek_raw(k) {
                Tok::Op(Op::LPar | Op::LSqb | Op::LBrace) => depth += 1,
                Tok::Op(Op::RPar | Op::RSqb | Op::RBrace) => {
                    depth -= 1;
                    if depth == 0 {
                        return matches!(self.peek_raw(k + 1), Tok::Op(Op::Colon));
                    }
                }
                Tok::Newline | Tok::EndMarker | Tok::Error => return false,
                _ => {}
            }
            k += 1;
        }
    }

    fn with_item(&mut self) -> PResult<WithItem> {
        let context = self.expression()?;
        let vars = if self.eat_kw(Kw::As) {
            let t = self.star_target()?;
            self.check_target(&t, TargetKind::Store)?;
            Some(t)
        } else {
            None
        };
        Ok(WithItem { context, vars })
    }

    fn decorated(&mut self) -> PResult<Stmt> {
        let mut decorators = Vec::new();
        while self.eat_op(Op::At) {
            decorators.push(self.named_expression()?);
            match self.tok() {
                Tok::Newline => {
                    self.bump();
                }
                _ => return Err(self.unexpected()),
            }
        }
        match self.tok() {
            Tok::Kw(Kw::Def) => self.funcdef(decorators, false),
            Tok::Kw(Kw::Class) => self.classdef(decorators),
            Tok::Kw(Kw::Async) if matches!(self.nth(1), Tok::Kw(Kw::Def)) => {
                self.funcdef(decorators, true)
            }
            Tok::EndMarker => {
                let mut e = self.unexpected();
                e.incomplete_input = true;
                Err(e)
            }
            _ => Err(self.unexpected()),
        }
    }

    /// `[async] def ...` (at `async` when `is_async`).
    fn funcdef(&mut self, decorators: Vec<Expr>, is_async: bool) -> PResult<Stmt> {
        let start = self.start();
        if is_async {
            self.bump();
        }
        let line = self.start().0;
        self.bump();
        let (name, _) = self.expect_name()?;
        self.expect_forced(Op::LPar)?;
        self.paren_level += 1;
        let args = self.parameters(true)?;
        self.expect_op(Op::RPar)?;
        self.paren_level -= 1;
        if self.at_op(Op::RArrow) && !super::expr::starts_star_expression(self.peek_raw(1)) {
            // The optional `-> expr` does not match, so the forced `:` fails at `->`.
            return Err(self.error_at_token("expected ':'".into()));
        }
        let returns = if self.eat_op(Op::RArrow) {
            Some(self.expression()?)
        } else {
            None
        };
        self.expect_forced(Op::Colon)?;
        let body = self.block("function definition", line)?;
        let loc = self.loc_from(start);
        let f = FunctionDef {
            name,
            args,
            body,
            decorators,
            returns,
            is_async,
            loc,
        };
        Ok(Stmt {
            kind: StmtKind::FunctionDef(Box::new(f)),
            loc,
        })
    }

    fn classdef(&mut self, decorators: Vec<Expr>) -> PResult<Stmt> {
        let start = self.start();
        self.bump();
        let (name, _) = self.expect_name()?;
        let (mut bases, mut keywords) = (Vec::new(), Vec::new());
        if self.eat_op(Op::LPar) {
            self.paren_level += 1;
            (bases, keywords) = self.call_args(false)?;
            self.expect_op(Op::RPar)?;
            self.paren_level -= 1;
        }
        self.expect_colon_soft()?;
        let body = self.block("class definition", start.0)?;
        let loc = self.loc_from(start);
        let c = ClassDef {
            name,
            bases,
            keywords,
            body,
            decorators,
            loc,
        };
        Ok(Stmt {
            kind: StmtKind::ClassDef(Box::new(c)),
            loc,
        })
    }
}

/// The binary operator of an augmented assignment token.
fn aug_op(op: Op) -> Option<crate::compile::ast::BinOp> {
    use crate::compile::ast::BinOp;
    Some(match op {
        Op::PlusEqual => BinOp::Add,
        Op::MinEqual => BinOp::Sub,
        Op::StarEqual => BinOp::Mult,
        Op::AtEqual => BinOp::MatMult,
        Op::SlashEqual => BinOp::Div,
        Op::PercentEqual => BinOp::Mod,
        Op::DoubleStarEqual => BinOp::Pow,
        Op::LeftShiftEqual => BinOp::LShift,
        Op::RightShiftEqual => BinOp::RShift,
        Op::VBarEqual => BinOp::BitOr,
        Op::CircumflexEqual => BinOp::BitXor,
        Op::AmperEqual => BinOp::BitAnd,
        Op::DoubleSlashEqual => BinOp::FloorDiv,
        _ => return None,
    })
}
