//! The recursive-descent parser: tokens to [`ast::Module`].
//!
//! Binary operators use precedence climbing (see `expr.rs`). The parser reports the first
//! error it finds, with CPython 3.11's message and position where CPython has a specific one
//! and `invalid syntax` at the offending token otherwise. Nesting is bounded so that no
//! input can overflow the stack of the parser or of later passes that recurse over the AST.

mod args;
mod expr;
mod fstring;
mod pattern;
mod stmt;
mod strings;
mod targets;
#[cfg(feature = "unicode-names")]
mod unicode_names;

use super::ast::{self, Constant, Loc};
use super::error::{CompileError, CompileErrorKind};
use super::lexer::{self, Lexed};
use super::token::{Kw, Op, Tok, Token};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Maximum nesting of expressions (recursion plus left-deep chains such as `a+b+c`) and of
/// `elif` branches (each is an `if` inside the `else` of the one before).
/// CPython fails somewhere between 1000 and 5000 levels with a `RecursionError`.
const MAX_DEPTH: u32 = 1000;

type PResult<T> = Result<T, CompileError>;

/// Parses a module (a file or a `-c` string).
pub fn parse_module(source: &str) -> Result<ast::Module, CompileError> {
    parse(source, false)
}

/// Parses one REPL entry. Same as [`parse_module`], but an input that could still be
/// completed (open bracket, unterminated triple-quoted string, a block header without a
/// body, or an indented block not yet ended by a blank line) gives an error with
/// `incomplete_input` set.
pub fn parse_interactive(source: &str) -> Result<ast::Module, CompileError> {
    parse(source, true)
}

/// Parses `eval` input: one expression (a tuple for a comma list), then only newlines.
/// The result is a module holding that expression statement.
pub fn parse_eval(source: &str) -> Result<ast::Module, CompileError> {
    let mut p = Parser::new(lexer::tokenize(source), 0);
    let result = p.eval_input();
    p.finish_error(result).map_err(|mut e| {
        e.incomplete_input = false;
        e
    })
}

fn parse(source: &str, interactive: bool) -> Result<ast::Module, CompileError> {
    let lexed = lexer::tokenize(source);
    let eof_in_block = lexed.eof_in_block;
    let blank_end = lexed.ends_with_blank_line;
    let mut p = Parser::new(lexed, 0);
    let result = p.file();
    let result = p.finish_error(result);
    let result = result.map_err(|e| p.match_header_error(source, e));
    if !interactive {
        return result.map_err(|mut e| {
            e.incomplete_input = false;
            e
        });
    }
    match result {
        Ok(m) if eof_in_block && !blank_end => {
            let mut e = lexer::error(
                CompileErrorKind::Syntax,
                "incomplete input".into(),
                0,
                0,
                0,
                0,
            );
            e.incomplete_input = true;
            let _ = m;
            Err(e)
        }
        other => other,
    }
}

/// Whether a REPL entry needs more lines: it is incomplete ([`parse_interactive`]), or it is
/// a compound statement not yet ended by an empty line, even one on a single line such as
/// `while x: f()` (the REPL reads on past its line; `compile(..., 'single')` does not).
pub fn entry_needs_more(source: &str) -> bool {
    match parse(source, true) {
        Err(e) => e.incomplete_input,
        Ok(m) => {
            m.body.last().is_some_and(is_compound) && !lexer::tokenize(source).ends_with_blank_line
        }
    }
}

/// A statement with a block (CPython's interactive grammar ends it with an empty line).
fn is_compound(s: &ast::Stmt) -> bool {
    use ast::StmtKind as K;
    matches!(
        s.kind,
        K::If { .. }
            | K::While { .. }
            | K::For { .. }
            | K::FunctionDef(_)
            | K::ClassDef(_)
            | K::Try { .. }
            | K::With { .. }
            | K::Match { .. }
    )
}

/// Parser state over a fully lexed token list.
pub(crate) struct Parser {
    toks: Vec<Token>,
    pos: usize,
    lex_error: Option<CompileError>,
    lex_unclosed: bool,
    /// Current nesting depth (see [`MAX_DEPTH`]).
    depth: u32,
    /// End of the last consumed significant token (line, col).
    prev_end: (u32, u32),
    /// When parsing an f-string replacement field, errors get the `f-string: ` prefix.
    in_fstring: bool,
    /// Bracket nesting at the current token (for the "forgot a comma?" hint).
    paren_level: u32,
    /// Furthest token index looked at: CPython's tokenizer raises its error as soon as
    /// the parser asks for the failing token, so seeing it means the lexer error wins.
    max_seen: core::cell::Cell<usize>,
}

impl Parser {
    fn new(lexed: Lexed, depth: u32) -> Parser {
        let mut toks = lexed.tokens;
        if toks.is_empty() {
            toks.push(Token {
                tok: Tok::EndMarker,
                loc: Loc {
                    line: 1,
                    col: 0,
                    end_line: 1,
                    end_col: 0,
                },
            });
        }
        Parser {
            toks,
            pos: 0,
            lex_error: lexed.error,
            lex_unclosed: lexed.error_is_unclosed,
            depth,
            prev_end: (1, 0),
            in_fstring: false,
            paren_level: 0,
            max_seen: core::cell::Cell::new(0),
        }
    }

    /// Applies CPython's rule: a tokenizer error anywhere in the source wins over a parser
    /// error, except that "never closed" only wins for errors after the bracket's line.
    fn finish_error<T>(&self, result: PResult<T>) -> PResult<T> {
        let Err(e) = result else { return result };
        let Some(lex) = &self.lex_error else {
            return Err(e);
        };
        // The parser asked for the failing token: CPython raises the tokenizer error then.
        let seen = self
            .toks
            .get(self.max_seen.get())
            .is_some_and(|t| matches!(t.tok, Tok::Error));
        if seen || e == *lex {
            return Err(lex.clone());
        }
        // CPython reports an unexpected INDENT/DEDENT without scanning the rest of the
        // source for tokenizer errors.
        if e.kind == CompileErrorKind::Indentation
            && e.msg.starts_with("unexpected ")
            && !self.in_fstring
        {
            return Err(e);
        }
        // Otherwise it scans the rest of the source: errors the tokenizer raises as
        // exceptions win, while its silent error states (bad dedent, tabs, a stray
        // backslash) do not, and an unclosed bracket wins only after its own line.
        if self.lex_unclosed {
            // CPython compares the bracket's line with the last token it read.
            let read = self.furthest_loc().line.max(e.line);
            return Err(if read > lex.line { lex.clone() } else { e });
        }
        let silent = lex.kind != CompileErrorKind::Syntax
            || lex
                .msg
                .starts_with("unexpected character after line continuation")
            || lex.msg == "unexpected EOF while parsing";
        Err(if silent { e } else { lex.clone() })
    }

    // ----- token access -----

    fn tok(&self) -> &Tok {
        self.nth(0)
    }
    fn nth(&self, k: usize) -> &Tok {
        let i = self.pos + k;
        if i > self.max_seen.get() {
            self.max_seen.set(i);
        }
        self.peek_raw(k)
    }
    /// Looks ahead without counting as "seen" (for scans that CPython's grammar does not do).
    fn peek_raw(&self, k: usize) -> &Tok {
        self.toks
            .get(self.pos + k)
            .map_or(&Tok::EndMarker, |t| &t.tok)
    }
    fn loc(&self) -> Loc {
        self.toks
            .get(self.pos)
            .or(self.toks.last())
            .map_or(Loc::default(), |t| t.loc)
    }
    fn start(&self) -> (u32, u32) {
        let l = self.loc();
        (l.line, l.col)
    }
    /// Consumes the current token and returns it (never moves past the last token).
    fn bump(&mut self) -> Token {
        let Some(t) = self.toks.get_mut(self.pos) else {
            return Token {
                tok: Tok::EndMarker,
                loc: Loc::default(),
            };
        };
        let loc = t.loc;
        let tok = core::mem::replace(&mut t.tok, Tok::Newline);
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        } else {
            // Keep the terminal token in place so that peeking stays meaningful.
            if let Some(t) = self.toks.get_mut(self.pos) {
                t.tok = tok.clone();
            }
        }
        if !matches!(
            tok,
            Tok::Newline | Tok::Indent | Tok::Dedent | Tok::EndMarker
        ) {
            self.prev_end = (loc.end_line, loc.end_col);
        }
        Token { tok, loc }
    }
    fn at_op(&self, op: Op) -> bool {
        matches!(self.tok(), Tok::Op(o) if *o == op)
    }
    fn at_kw(&self, kw: Kw) -> bool {
        matches!(self.tok(), Tok::Kw(k) if *k == kw)
    }
    fn eat_op(&mut self, op: Op) -> bool {
        if self.at_op(op) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn eat_kw(&mut self, kw: Kw) -> bool {
        if self.at_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn expect_op(&mut self, op: Op) -> PResult<Token> {
        if self.at_op(op) {
            Ok(self.bump())
        } else {
            Err(self.unexpected())
        }
    }
    /// A "forced" token (`&&':'` in CPython's grammar): `expected ':'` when missing.
    fn expect_forced(&mut self, op: Op) -> PResult<Token> {
        if self.at_op(op) {
            return Ok(self.bump());
        }
        if matches!(self.tok(), Tok::Error) {
            return Err(self.unexpected());
        }
        Err(self.error_at_token(format!("expected '{}'", op.as_str())))
    }
    /// `expected ':'` only when the header is followed by a newline (CPython's
    /// `invalid_if_stmt` and friends); `invalid syntax` otherwise.
    fn expect_colon_soft(&mut self) -> PResult<Token> {
        if matches!(self.tok(), Tok::Newline) {
            return self.expect_forced(Op::Colon);
        }
        self.expect_op(Op::Colon)
    }
    fn expect_name(&mut self) -> PResult<(ast::Name, Loc)> {
        if let Tok::Name(_) = self.tok() {
            let t = self.bump();
            if let Tok::Name(n) = t.tok {
                return Ok((n, t.loc));
            }
        }
        Err(self.unexpected())
    }
    /// Location from `start` to the end of the last consumed token.
    fn loc_from(&self, start: (u32, u32)) -> Loc {
        Loc {
            line: start.0,
            col: start.1,
            end_line: self.prev_end.0,
            end_col: self.prev_end.1,
        }
    }

    // ----- errors -----

    /// CPython refuses a decimal int literal of more than `sys.int_max_str_digits` digits
    /// when it parses it (converting it would take quadratic time), without a column: the
    /// line alone is shown. Other radixes convert in linear time and are not limited.
    fn check_literal_digits(&self, c: &Constant, loc: Loc) -> PResult<()> {
        const LIMIT: usize = crate::object::bigint::DEFAULT_MAX_STR_DIGITS;
        match c {
            Constant::BigInt { digits, radix: 10 } if digits.len() > LIMIT => {
                let msg = format!(
                    "Exceeds the limit ({LIMIT} digits) for integer string conversion: value has {} digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.",
                    digits.len()
                );
                let (line, end) = (loc.line, loc.end_line);
                Err(self.make_error(CompileErrorKind::Syntax, msg, line, 0, end, 0))
            }
            _ => Ok(()),
        }
    }

    fn make_error(
        &self,
        kind: CompileErrorKind,
        msg: String,
        line: u32,
        col: u32,
        end_line: u32,
        end_col: u32,
    ) -> CompileError {
        let msg = if self.in_fstring && !msg.starts_with("f-string") {
            format!("f-string: {msg}")
        } else {
            msg
        };
        lexer::error(kind, msg, line, col, end_line, end_col)
    }
    /// An error spanning a node (CPython's `RAISE_SYNTAX_ERROR_KNOWN_LOCATION(a, ...)`).
    fn error_at(&self, loc: Loc, msg: String) -> CompileError {
        self.make_error(
            CompileErrorKind::Syntax,
            msg,
            loc.line,
            loc.col + 1,
            loc.end_line,
            loc.end_col + 1,
        )
    }
    /// An error spanning from the start of `a` to the end of `b`.
    fn error_range(&self, a: Loc, b: Loc, msg: String) -> CompileError {
        self.make_error(
            CompileErrorKind::Syntax,
            msg,
            a.line,
            a.col + 1,
            b.end_line,
            b.end_col + 1,
        )
    }
    /// An error at the current token.
    fn error_at_token(&self, msg: String) -> CompileError {
        let l = self.loc();
        match self.tok() {
            Tok::EndMarker => self.make_error(
                CompileErrorKind::Syntax,
                msg,
                l.line,
                l.col + 1,
                l.line,
                l.col + 1,
            ),
            _ => self.error_at(l, msg),
        }
    }
    /// The error for an unexpected current token.
    fn unexpected(&self) -> CompileError {
        let l = self.loc();
        match self.tok() {
            Tok::Error => self
                .lex_error
                .clone()
                .unwrap_or_else(|| self.error_at(l, "invalid syntax".into())),
            Tok::Indent => self.make_error(
                CompileErrorKind::Indentation,
                "unexpected indent".into(),
                l.line,
                l.end_col,
                l.line,
                0,
            ),
            Tok::Dedent => self.make_error(
                CompileErrorKind::Indentation,
                "unexpected unindent".into(),
                l.line,
                l.col,
                l.line,
                0,
            ),
            Tok::EndMarker => self.make_error(
                CompileErrorKind::Syntax,
                "invalid syntax".into(),
                l.line,
                0,
                l.line,
                0,
            ),
            _ => self.error_at(l, "invalid syntax".into()),
        }
    }

    /// Whether only dedents remain before the end of input.
    fn at_eof(&self) -> bool {
        let mut k = 0;
        while matches!(self.peek_raw(k), Tok::Dedent) {
            k += 1;
        }
        matches!(self.peek_raw(k), Tok::EndMarker)
    }
    /// The line of the end-of-input token. Errors located there get column 0, which is what
    /// CPython reports when it runs a file (it shows the line without a caret).
    fn eof_line(&self) -> u32 {
        self.toks
            .iter()
            .rev()
            .find(|t| matches!(t.tok, Tok::EndMarker))
            .map_or(1, |t| t.loc.line)
    }

    /// Enters one nesting level; fails when the input nests too deeply.
    fn enter(&mut self) -> PResult<()> {
        self.enter_leaving(0, "too many nested parentheses")
    }
    /// Enters an `elif` branch, which nests like an expression does; its condition takes a
    /// level more, so an `elif` that has no room for it is refused.
    fn enter_elif(&mut self) -> PResult<()> {
        self.enter_leaving(1, "too many 'elif' branches")
    }
    /// Enters one level, failing with `msg` unless `room` more levels still fit after it.
    fn enter_leaving(&mut self, room: u32, msg: &str) -> PResult<()> {
        self.depth += 1;
        if self.depth + room > MAX_DEPTH {
            return Err(self.error_at_token(msg.into()));
        }
        Ok(())
    }
    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    // ----- file -----

    fn file(&mut self) -> PResult<ast::Module> {
        let mut body = Vec::new();
        loop {
            match self.tok() {
                Tok::EndMarker => break,
                Tok::Newline => {
                    self.bump();
                }
                _ => self.statement(&mut body)?,
            }
        }
        Ok(ast::Module { body })
    }

    /// `expressions NEWLINE* ENDMARKER`.
    fn eval_input(&mut self) -> PResult<ast::Module> {
        let e = self.star_expressions()?;
        while matches!(self.tok(), Tok::Newline) {
            self.bump();
        }
        if !matches!(self.tok(), Tok::EndMarker) {
            return Err(self.unexpected());
        }
        let loc = e.loc;
        Ok(ast::Module {
            body: alloc::vec![ast::Stmt {
                kind: ast::StmtKind::Expr(e),
                loc,
            }],
        })
    }
}

#[cfg(test)]
mod ast_cases;
#[cfg(test)]
pub(crate) mod dump;
#[cfg(test)]
mod error_cases;
#[cfg(test)]
mod fuzz_tests;
#[cfg(test)]
mod mutation_cases;
#[cfg(test)]
mod tests;
