//! Call arguments and parameter lists (`def` and `lambda`).

use super::{PResult, Parser};
use crate::compile::ast::{Arg, Arguments, Expr, ExprKind, Keyword, Loc};
use crate::compile::token::{Kw, Op, Tok};
use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;

impl Parser {
    /// Arguments of a call or class header, up to (not including) `)`.
    pub(super) fn call_args(&mut self, allow_genexp: bool) -> PResult<(Vec<Expr>, Vec<Keyword>)> {
        let mut args: Vec<Expr> = Vec::new();
        let mut keywords: Vec<Keyword> = Vec::new();
        let mut seen_kw_unpack = false;
        let mut seen_keyword = false;
        while !self.at_op(Op::RPar) {
            let start = self.start();
            if self.at_op(Op::Star) {
                let star_loc = self.loc();
                self.bump();
                let v = self.expression()?;
                if seen_kw_unpack {
                    return Err(self.error_at(
                        star_loc,
                        "iterable argument unpacking follows keyword argument unpacking".into(),
                    ));
                }
                args.push(Expr {
                    kind: ExprKind::Starred(Box::new(v)),
                    loc: self.loc_from(start),
                });
            } else if self.eat_op(Op::DoubleStar) {
                let v = self.expression()?;
                seen_kw_unpack = true;
                keywords.push(Keyword {
                    arg: None,
                    value: v,
                    loc: self.loc_from(start),
                });
            } else if matches!(self.nth(1), Tok::Op(Op::Equal))
                && matches!(self.tok(), Tok::Name(_))
            {
                let (name, _) = self.expect_name()?;
                self.bump();
                let value = self.expression()?;
                let loc = self.loc_from(start);
                if keywords.iter().any(|k| k.arg.as_deref() == Some(&*name)) {
                    return Err(self.error_at(loc, format!("keyword argument repeated: {name}")));
                }
                seen_keyword = true;
                keywords.push(Keyword {
                    arg: Some(name),
                    value,
                    loc,
                });
            } else {
                let e = self.named_expression()?;
                if self.at_op(Op::Equal) {
                    // `f(a.b=1)`, `f(True=1)`: CPython's `invalid_kwarg` (range ends at `=`).
                    let v = self.bump();
                    let msg = match &e.kind {
                        ExprKind::Constant(
                            c @ (crate::compile::ast::Constant::True
                            | crate::compile::ast::Constant::False
                            | crate::compile::ast::Constant::None),
                        ) => {
                            format!(
                                "cannot assign to {}",
                                match c {
                                    crate::compile::ast::Constant::True => "True",
                                    crate::compile::ast::Constant::False => "False",
                                    _ => "None",
                                }
                            )
                        }
                        _ => {
                            "expression cannot contain assignment, perhaps you meant \"==\"?".into()
                        }
                    };
                    return Err(self.error_range(e.loc, v.loc, msg));
                }
                if self.at_kw(Kw::For) || self.at_kw(Kw::Async) {
                    if !allow_genexp {
                        return Err(self.unexpected());
                    }
                    let generators = self.comprehension_clauses()?;
                    let g = Expr {
                        kind: ExprKind::GeneratorExp {
                            elt: Box::new(e),
                            generators,
                        },
                        loc: self.loc_from(start),
                    };
                    // CPython's `invalid_arguments`: a bare generator expression with other
                    // arguments, or followed by a comma; anything else is a plain error.
                    if args.is_empty()
                        && keywords.is_empty()
                        && !self.at_op(Op::RPar)
                        && !self.at_op(Op::Comma)
                    {
                        return Err(self.unexpected());
                    }
                    if !args.is_empty() || !keywords.is_empty() || !self.at_op(Op::RPar) {
                        return Err(self
                            .error_at(g.loc, "Generator expression must be parenthesized".into()));
                    }
                    // A sole generator argument's location includes the call's parentheses.
                    let mut g = g;
                    if let Some(open) = self.open_paren_before(start) {
                        g.loc.line = open.line;
                        g.loc.col = open.col;
                        if let Some(close) = self.toks.get(self.pos) {
                            g.loc.end_line = close.loc.end_line;
                            g.loc.end_col = close.loc.end_col;
                        }
                    }
                    args.push(g);
                    break;
                }
                if seen_kw_unpack {
                    return Err(self.error_at_token(
                        "positional argument follows keyword argument unpacking".into(),
                    ));
                }
                if seen_keyword {
                    return Err(
                        self.error_at_token("positional argument follows keyword argument".into())
                    );
                }
                args.push(e);
            }
            if !self.eat_op(Op::Comma) {
                break;
            }
        }
        Ok((args, keywords))
    }

    /// The location of the `(` token right before `start` (the call's opening parenthesis).
    fn open_paren_before(&self, start: (u32, u32)) -> Option<Loc> {
        let k = self.toks[..self.pos]
            .iter()
            .rposition(|t| (t.loc.line, t.loc.col) == start)?;
        let prev = self.toks.get(k.checked_sub(1)?)?;
        Some(prev.loc)
    }

    /// A parameter list up to `)` (for `def`, with annotations) or `:` (for `lambda`).
    pub(super) fn parameters(&mut self, is_def: bool) -> PResult<Arguments> {
        let close = if is_def { Op::RPar } else { Op::Colon };
        let mut a = Arguments::default();
        let mut seen_slash = false;
        let mut seen_star = false;
        let mut seen_default = false;
        while !self.at_op(close) {
            let tok_loc = self.loc();
            if is_def && self.at_op(Op::LPar) {
                // CPython's `invalid_parameters`: `def f((a, b)):`.
                let mut k = 1;
                while matches!(self.peek_raw(k), Tok::Name(_) | Tok::Op(Op::Comma)) {
                    k += 1;
                }
                if k > 1 && matches!(self.peek_raw(k), Tok::Op(Op::RPar)) {
                    let end = self.toks.get(self.pos + k).map_or(tok_loc, |t| t.loc);
                    return Err(self.error_range(
                        tok_loc,
                        end,
                        "Function parameters cannot be parenthesized".into(),
                    ));
                }
            }
            if a.kwarg.is_some() {
                return Err(self.error_at(
                    tok_loc,
                    "arguments cannot follow var-keyword argument".into(),
                ));
            }
            if self.at_op(Op::Slash) {
                if seen_slash {
                    return Err(self.error_at(tok_loc, "/ may appear only once".into()));
                }
                if seen_star {
                    return Err(self.error_at(tok_loc, "/ must be ahead of *".into()));
                }
                if a.args.is_empty() {
                    if matches!(self.nth(1), Tok::Op(Op::Comma)) && a.posonly.is_empty() {
                        return Err(
                            self.error_at(tok_loc, "at least one argument must precede /".into())
                        );
                    }
                    return Err(self.unexpected());
                }
                self.bump();
                seen_slash = true;
                a.posonly.append(&mut a.args);
                if self.at_op(Op::Star) {
                    return Err(self.error_at_token("expected comma between / and *".into()));
                }
            } else if self.at_op(Op::Star) {
                if seen_star {
                    return Err(self.error_at(tok_loc, "* argument may appear only once".into()));
                }
                self.bump();
                seen_star = true;
                if self.at_op(Op::Comma) || self.at_op(close) {
                    // A bare `*` needs at least one keyword-only parameter after it.
                    let mut k = 0;
                    if matches!(self.nth(0), Tok::Op(Op::Comma)) {
                        k = 1;
                    }
                    if k == 1 && matches!(self.nth(1), Tok::Op(Op::Slash)) {
                        let l = self.toks.get(self.pos + 1).map_or(tok_loc, |t| t.loc);
                        return Err(self.error_at(l, "/ must be ahead of *".into()));
                    }
                    if !matches!(self.nth(k), Tok::Name(_)) {
                        // `def` reports at the `*`; `lambda` at the token after it.
                        if !is_def {
                            let l = self.toks.get(self.pos + k).map_or(tok_loc, |t| t.loc);
                            return Err(
                                self.error_at(l, "named arguments must follow bare *".into())
                            );
                        }
                        return Err(
                            self.error_at(tok_loc, "named arguments must follow bare *".into())
                        );
                    }
                } else {
                    let arg = self.param(is_def)?;
                    if self.at_op(Op::Equal) {
                        return Err(self.error_at_token(
                            "var-positional argument cannot have default value".into(),
                        ));
                    }
                    a.vararg = Some(arg);
                }
            } else if self.eat_op(Op::DoubleStar) {
                let arg = self.param(is_def)?;
                if self.at_op(Op::Equal) {
                    return Err(self
                        .error_at_token("var-keyword argument cannot have default value".into()));
                }
                a.kwarg = Some(arg);
            } else {
                let arg = self.param(is_def)?;
                let default = if self.at_op(Op::Equal) {
                    let eq = self.bump();
                    if self.at_op(Op::Comma) || self.at_op(close) {
                        return Err(
                            self.error_at(eq.loc, "expected default value expression".into())
                        );
                    }
                    Some(self.expression()?)
                } else {
                    None
                };
                if seen_star {
                    a.kwonly.push(arg);
                    a.kw_defaults.push(default);
                } else {
                    match default {
                        Some(d) => {
                            seen_default = true;
                            a.defaults.push(d);
                        }
                        // CPython's rule needs the parameter to end here (`,` or close).
                        None if seen_default && (self.at_op(Op::Comma) || self.at_op(close)) => {
                            return Err(self.error_at(
                                arg.loc,
                                "non-default argument follows default argument".into(),
                            ))
                        }
                        None if seen_default => return Err(self.unexpected()),
                        None => {}
                    }
                    a.args.push(arg);
                }
            }
            if !self.eat_op(Op::Comma) {
                break;
            }
        }
        Ok(a)
    }

    /// One parameter name with its annotation (annotations only in `def`).
    fn param(&mut self, is_def: bool) -> PResult<Arg> {
        let start = self.start();
        let (name, _) = self.expect_name()?;
        let annotation = if is_def && self.eat_op(Op::Colon) {
            Some(if self.at_op(Op::Star) {
                self.star_expression()?
            } else {
                self.expression()?
            })
        } else {
            None
        };
        Ok(Arg {
            name,
            annotation,
            loc: self.loc_from(start),
        })
    }
}
