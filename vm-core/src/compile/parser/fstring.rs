//! f-strings with CPython 3.11's rules: the literal is scanned for replacement fields and
//! each field's expression is lexed and parsed on its own (wrapped in parentheses, as
//! CPython does), then its locations are moved to where the text sits in the source.

use super::strings::{decode_str, DecodeError};
use super::{PResult, Parser};
use crate::compile::ast::{Arguments, Constant, Expr, ExprKind, Loc};
use crate::compile::error::CompileError;
use crate::compile::lexer;
use crate::compile::token::{StrLit, Tok};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// The pieces of one f-string literal being scanned.
struct Scan<'a> {
    lit: &'a StrLit,
    chars: Vec<char>,
    /// (line, col) of each body character, for placing field expressions.
    pos: Vec<(u32, u32)>,
    /// Location of the whole concatenated string (CPython gives it to every part).
    whole: Loc,
    /// Line of the literal's token (f-string expression errors are reported relative to it).
    tok_line: u32,
    /// Location of this literal's own token (CPython gives it to format specs).
    tok_loc: Loc,
}

impl Parser {
    /// Appends the parts of f-string literal `lit` to `parts`; literal text accumulates in
    /// `cur` so that it merges with neighbouring literals.
    pub(super) fn fstring(
        &mut self,
        lit: &StrLit,
        tloc: Loc,
        whole: Loc,
        parts: &mut Vec<Expr>,
        cur: &mut String,
    ) -> PResult<()> {
        let chars: Vec<char> = lit.body.chars().collect();
        let mut pos = Vec::with_capacity(chars.len());
        let (mut line, mut col) = (lit.body_line, lit.body_col);
        for &c in &chars {
            pos.push((line, col));
            if c == '\n' {
                line += 1;
                col = 0;
            } else {
                col += 1;
            }
        }
        let scan = Scan {
            lit,
            chars,
            pos,
            whole,
            tok_line: tloc.line,
            tok_loc: tloc,
        };
        let mut i = 0;
        self.fstring_parse(&scan, &mut i, 0, parts, cur)
    }

    fn fstring_parse(
        &mut self,
        s: &Scan<'_>,
        i: &mut usize,
        lvl: u32,
        parts: &mut Vec<Expr>,
        cur: &mut String,
    ) -> PResult<()> {
        loop {
            let mut chunk = String::new();
            while let Some(&c) = s.chars.get(*i) {
                if !s.lit.raw && c == '\\' {
                    chunk.push('\\');
                    *i += 1;
                    match s.chars.get(*i) {
                        Some('N') if s.chars.get(*i + 1) == Some(&'{') => {
                            while let Some(&d) = s.chars.get(*i) {
                                chunk.push(d);
                                *i += 1;
                                if d == '}' {
                                    break;
                                }
                            }
                        }
                        Some(&d) if d != '{' && d != '}' => {
                            chunk.push(d);
                            *i += 1;
                        }
                        _ => {}
                    }
                    continue;
                }
                if c == '{' || c == '}' {
                    if lvl == 0 {
                        if s.chars.get(*i + 1) == Some(&c) {
                            chunk.push(c);
                            *i += 2;
                            continue;
                        }
                        if c == '}' {
                            return Err(
                                self.error_at_token("f-string: single '}' is not allowed".into())
                            );
                        }
                    }
                    break;
                }
                chunk.push(c);
                *i += 1;
            }
            match decode_str(&chunk, s.lit.raw) {
                Ok(t) => cur.push_str(&t),
                Err(DecodeError::Escape(m)) => return Err(self.error_at_token(m)),
                Err(DecodeError::NonAscii) => return Err(self.unexpected()),
            }
            match s.chars.get(*i) {
                Some('{') => {
                    *i += 1;
                    self.fstring_field(s, i, lvl, parts, cur)?;
                }
                _ => return Ok(()),
            }
        }
    }

    /// One `{expr[=][!c][:spec]}` field; `*i` is just after the `{`.
    fn fstring_field(
        &mut self,
        s: &Scan<'_>,
        i: &mut usize,
        lvl: u32,
        parts: &mut Vec<Expr>,
        cur: &mut String,
    ) -> PResult<()> {
        if lvl >= 2 {
            return Err(self.error_at_token("f-string: expressions nested too deeply".into()));
        }
        let chars = &s.chars;
        let expr_start = *i;
        self.fstring_expr_end(chars, i)?;
        let text: String = chars[expr_start..*i].iter().collect();
        if text
            .chars()
            .all(|c| matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0c'))
        {
            let msg = match chars.get(*i) {
                Some(&c @ ('!' | ':' | '=')) => {
                    alloc::format!("f-string: expression required before '{c}'")
                }
                _ => String::from("f-string: empty expression not allowed"),
            };
            return Err(self.error_at_token(msg));
        }
        let base = s
            .pos
            .get(expr_start)
            .copied()
            .unwrap_or((s.whole.line, s.whole.col));
        let value = self.fstring_compile(&text, base, s.tok_line)?;
        let mut debug_text = None;
        if chars.get(*i) == Some(&'=') {
            *i += 1;
            while chars.get(*i).is_some_and(|c| c.is_ascii_whitespace()) {
                *i += 1;
            }
            if *i >= chars.len() {
                return Err(self.error_at_token("f-string: expecting '}'".into()));
            }
            debug_text = Some(chars[expr_start..*i].iter().collect::<String>());
        }
        let mut conversion = None;
        if chars.get(*i) == Some(&'!') {
            *i += 1;
            let Some(&c) = chars.get(*i) else {
                return Err(self.error_at_token("f-string: expecting '}'".into()));
            };
            *i += 1;
            if !matches!(c, 's' | 'r' | 'a') {
                return Err(self.error_at_token(
                    "f-string: invalid conversion character: expected 's', 'r', or 'a'".into(),
                ));
            }
            conversion = Some(c);
        }
        let mut format_spec = None;
        if chars.get(*i) == Some(&':') {
            *i += 1;
            format_spec = Some(Box::new(self.fstring_format_spec(s, i, lvl)?));
        }
        if chars.get(*i) != Some(&'}') {
            return Err(self.error_at_token("f-string: expecting '}'".into()));
        }
        *i += 1;
        if let Some(t) = debug_text {
            cur.push_str(&t);
            if format_spec.is_none() && conversion.is_none() {
                conversion = Some('r');
            }
        }
        if !cur.is_empty() {
            parts.push(Expr {
                kind: ExprKind::Constant(Constant::Str(core::mem::take(cur))),
                loc: s.whole,
            });
        }
        parts.push(Expr {
            kind: ExprKind::FormattedValue {
                value: Box::new(value),
                conversion,
                format_spec,
            },
            loc: s.whole,
        });
        Ok(())
    }

    /// Moves `*i` from the start of a field's expression to its end: the first `=`, `!`,
    /// `:` or `}` outside brackets and strings (`==`, `!=`, `<=`, `>=` belong to the
    /// expression). Errors for what CPython 3.11 refuses in the expression part.
    fn fstring_expr_end(&mut self, chars: &[char], i: &mut usize) -> PResult<()> {
        let mut quote: Option<(char, bool)> = None;
        let mut nested: Vec<char> = Vec::new();
        while let Some(&ch) = chars.get(*i) {
            if ch == '\\' {
                return Err(self
                    .error_at_token("f-string expression part cannot include a backslash".into()));
            }
            if let Some((q, triple)) = quote {
                if ch == q {
                    if !triple {
                        quote = None;
                    } else if chars.get(*i + 1) == Some(&q) && chars.get(*i + 2) == Some(&q) {
                        *i += 2;
                        quote = None;
                    }
                }
                *i += 1;
                continue;
            }
            match ch {
                '\'' | '"' => {
                    let triple = chars.get(*i + 1) == Some(&ch) && chars.get(*i + 2) == Some(&ch);
                    *i += if triple { 3 } else { 1 };
                    quote = Some((ch, triple));
                    continue;
                }
                '[' | '{' | '(' => {
                    if nested.len() >= lexer::MAX_PAREN_LEVEL {
                        return Err(
                            self.error_at_token("f-string: too many nested parenthesis".into())
                        );
                    }
                    nested.push(ch);
                }
                '#' => {
                    return Err(
                        self.error_at_token("f-string expression part cannot include '#'".into())
                    )
                }
                '!' | ':' | '}' | '=' | '<' | '>' if nested.is_empty() => {
                    let next = chars.get(*i + 1).copied();
                    if next == Some('=') && matches!(ch, '!' | '=' | '<' | '>') {
                        *i += 2;
                        continue;
                    }
                    if ch == '<' || ch == '>' {
                        *i += 1;
                        continue;
                    }
                    break;
                }
                ']' | '}' | ')' => {
                    let Some(open) = nested.pop() else {
                        return Err(self.error_at_token(format!("f-string: unmatched '{ch}'")));
                    };
                    if !matches!((open, ch), ('(', ')') | ('[', ']') | ('{', '}')) {
                        return Err(self.error_at_token(format!("f-string: closing parenthesis '{ch}' does not match opening parenthesis '{open}'")));
                    }
                }
                _ => {}
            }
            *i += 1;
        }
        if quote.is_some() {
            return Err(self.error_at_token("f-string: unterminated string".into()));
        }
        if let Some(open) = nested.last() {
            return Err(self.error_at_token(format!("f-string: unmatched '{open}'")));
        }
        if *i >= chars.len() {
            return Err(self.error_at_token("f-string: expecting '}'".into()));
        }
        Ok(())
    }

    /// A field's format spec, `*i` just after its `:`: an f-string of its own, one level
    /// deeper.
    fn fstring_format_spec(&mut self, s: &Scan<'_>, i: &mut usize, lvl: u32) -> PResult<Expr> {
        if *i >= s.chars.len() {
            return Err(self.error_at_token("f-string: expecting '}'".into()));
        }
        let mut spec_parts = Vec::new();
        let mut spec_cur = String::new();
        self.fstring_parse(s, i, lvl + 1, &mut spec_parts, &mut spec_cur)?;
        if !spec_cur.is_empty() {
            spec_parts.push(Expr {
                kind: ExprKind::Constant(Constant::Str(spec_cur)),
                loc: s.tok_loc,
            });
        }
        Ok(Expr {
            kind: ExprKind::JoinedStr(spec_parts),
            loc: s.tok_loc,
        })
    }

    /// Parses the text of one replacement field as `(text)`, then moves its locations to
    /// `base` (the source position of the text's first character).
    fn fstring_compile(&mut self, text: &str, base: (u32, u32), tok_line: u32) -> PResult<Expr> {
        let wrapped = format!("({text})");
        let lexed = lexer::tokenize(&wrapped);
        let fix = |mut e: CompileError| {
            if !e.msg.starts_with("f-string") {
                e.msg = format!("f-string: {}", e.msg);
            }
            if e.line > 0 {
                e.line += tok_line - 1;
                e.end_line += tok_line - 1;
            }
            e.incomplete_input = false;
            e
        };
        let mut sub = Parser::new(lexed, self.depth + 1);
        sub.in_fstring = true;
        let result = sub.star_expressions().and_then(|e| match sub.tok() {
            Tok::Newline | Tok::EndMarker => Ok(e),
            _ => Err(sub.unexpected()),
        });
        let mut e = sub.finish_error(result).map_err(fix)?;
        let map = |l: u32, c: u32| -> (u32, u32) {
            if l <= 1 {
                (base.0, base.1 + c.saturating_sub(1))
            } else {
                (base.0 + l - 1, c)
            }
        };
        shift_expr(&mut e, &map);
        Ok(e)
    }
}

fn shift_loc(loc: &mut Loc, f: &dyn Fn(u32, u32) -> (u32, u32)) {
    let (l, c) = f(loc.line, loc.col);
    let (el, ec) = f(loc.end_line, loc.end_col);
    *loc = Loc {
        line: l,
        col: c,
        end_line: el,
        end_col: ec,
    };
}

fn shift_args(a: &mut Arguments, f: &dyn Fn(u32, u32) -> (u32, u32)) {
    for arg in a
        .posonly
        .iter_mut()
        .chain(a.args.iter_mut())
        .chain(a.kwonly.iter_mut())
        .chain(a.vararg.iter_mut())
        .chain(a.kwarg.iter_mut())
    {
        shift_loc(&mut arg.loc, f);
    }
    for d in a
        .defaults
        .iter_mut()
        .chain(a.kw_defaults.iter_mut().flatten())
    {
        shift_expr(d, f);
    }
}

/// Applies a position mapping to every location in an expression tree.
fn shift_expr(e: &mut Expr, f: &dyn Fn(u32, u32) -> (u32, u32)) {
    shift_loc(&mut e.loc, f);
    match &mut e.kind {
        ExprKind::BoolOp { values, .. } => values.iter_mut().for_each(|v| shift_expr(v, f)),
        ExprKind::NamedExpr { value, .. } => shift_expr(value, f),
        ExprKind::BinOp { left, right, .. } => {
            shift_expr(left, f);
            shift_expr(right, f);
        }
        ExprKind::UnaryOp { operand, .. } => shift_expr(operand, f),
        ExprKind::Lambda { args, body } => {
            shift_args(args, f);
            shift_expr(body, f);
        }
        ExprKind::IfExp { test, body, orelse } => {
            shift_expr(test, f);
            shift_expr(body, f);
            shift_expr(orelse, f);
        }
        ExprKind::Dict { keys, values } => {
            keys.iter_mut().flatten().for_each(|v| shift_expr(v, f));
            values.iter_mut().for_each(|v| shift_expr(v, f));
        }
        ExprKind::Set(v) | ExprKind::List(v) | ExprKind::Tuple(v) | ExprKind::JoinedStr(v) => {
            v.iter_mut().for_each(|v| shift_expr(v, f))
        }
        ExprKind::ListComp { elt, generators }
        | ExprKind::SetComp { elt, generators }
        | ExprKind::GeneratorExp { elt, generators } => {
            shift_expr(elt, f);
            shift_gens(generators, f);
        }
        ExprKind::DictComp {
            key,
            value,
            generators,
        } => {
            shift_expr(key, f);
            shift_expr(value, f);
            shift_gens(generators, f);
        }
        ExprKind::Yield(v) => {
            if let Some(v) = v {
                shift_expr(v, f);
            }
        }
        ExprKind::YieldFrom(v) | ExprKind::Await(v) | ExprKind::Starred(v) => shift_expr(v, f),
        ExprKind::Compare {
            left, comparators, ..
        } => {
            shift_expr(left, f);
            comparators.iter_mut().for_each(|v| shift_expr(v, f));
        }
        ExprKind::Call {
            func,
            args,
            keywords,
        } => {
            shift_expr(func, f);
            args.iter_mut().for_each(|v| shift_expr(v, f));
            for k in keywords {
                shift_loc(&mut k.loc, f);
                shift_expr(&mut k.value, f);
            }
        }
        ExprKind::FormattedValue {
            value, format_spec, ..
        } => {
            shift_expr(value, f);
            if let Some(s) = format_spec {
                shift_expr(s, f);
            }
        }
        ExprKind::Constant(_) | ExprKind::Name(_) => {}
        ExprKind::Attribute { value, .. } => shift_expr(value, f),
        ExprKind::Subscript { value, slice } => {
            shift_expr(value, f);
            shift_expr(slice, f);
        }
        ExprKind::Slice { lower, upper, step } => {
            for v in [lower, upper, step].into_iter().flatten() {
                shift_expr(v, f);
            }
        }
    }
}

fn shift_gens(gens: &mut [crate::compile::ast::Comprehension], f: &dyn Fn(u32, u32) -> (u32, u32)) {
    for g in gens {
        shift_expr(&mut g.target, f);
        shift_expr(&mut g.iter, f);
        g.ifs.iter_mut().for_each(|v| shift_expr(v, f));
    }
}
