//! The tokenizer: turns source text into [`Token`]s with CPython 3.11's rules and messages.
//!
//! The lexer runs to completion before parsing. When it fails it stops, appends a
//! [`Tok::Error`] token and keeps the error in [`Lexed::error`]; the parser reports it when it
//! reaches that token or, as CPython does, instead of any later-detected parser error.

use super::ast::{Loc, Name};
use super::error::{CompileError, CompileErrorKind};
use super::token::{Kw, Op, StrLit, Tok, Token};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use text::Text;

mod number;
mod text;

/// CPython's limit on bracket nesting in the tokenizer.
pub const MAX_PAREN_LEVEL: usize = 200;
/// CPython's limit on indentation levels.
const MAX_INDENT: usize = 100;

/// The result of tokenizing a whole source text.
#[derive(Debug)]
pub struct Lexed {
    /// The tokens; ends with `EndMarker` or (after an error) `Error`.
    pub tokens: Vec<Token>,
    /// The first tokenizer error, if any.
    pub error: Option<CompileError>,
    /// True when `error` is "'(' was never closed": CPython prefers an earlier parser error
    /// on the bracket's line or before it.
    pub error_is_unclosed: bool,
    /// True when the input ended inside an indented block (EOF produced the dedents).
    pub eof_in_block: bool,
    /// True when the source ends with a blank line (a REPL's "end of block" signal).
    pub ends_with_blank_line: bool,
}

/// Builds a compile error from CPython-style 1-based offsets.
pub(crate) fn error(
    kind: CompileErrorKind,
    msg: String,
    line: u32,
    col: u32,
    end_line: u32,
    end_col: u32,
) -> CompileError {
    CompileError {
        kind,
        msg,
        line,
        col,
        end_line,
        end_col,
        incomplete_input: false,
    }
}

struct Lexer<'a> {
    src: Text<'a>,
    pos: usize,
    line: u32,
    line_start: usize,
    parens: Vec<(char, u32, u32)>,
    indents: Vec<(u32, u32)>,
    tokens: Vec<Token>,
    line_has_tokens: bool,
    /// Column of a comment on the current physical line, if any.
    comment_col: Option<u32>,
}

/// Characters CPython accepts as the start of a (potential) identifier.
fn is_id_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c as u32 >= 128
}

fn is_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c as u32 >= 128
}

/// Whether CPython would call the character printable (approximation of `str.isprintable`).
fn is_printable(c: char) -> bool {
    !(c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c as u32, 0xAD | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x2064 | 0xFEFF))
}

/// Tokenizes `source`. Never panics; stops at the first error.
pub fn tokenize(source: &str) -> Lexed {
    // A file with a NUL byte fails when CPython's tokenizer reads that line: the lines
    // before it are tokenized as usual, and whatever needs more input meets the error.
    let Some(nul) = source.find('\0') else {
        return tokenize_text(source, None);
    };
    let start = source[..nul].rfind('\n').map_or(0, |i| i + 1);
    let line = source[..start].matches('\n').count() as u32 + 1;
    tokenize_text(&source[..start], Some(line))
}

fn tokenize_text(source: &str, nul_line: Option<u32>) -> Lexed {
    let src = Text::new(source);
    let ends_with_blank_line = {
        let mut k = src.len();
        while k > 0 && matches!(src.at(k - 1), ' ' | '\t' | '\x0c') {
            k -= 1;
        }
        // A blank line means the text ends "\n\n" (possibly with whitespace between).
        k >= 1 && src.at(k - 1) == '\n' && {
            let mut j = k - 1;
            while j > 0 && matches!(src.at(j - 1), ' ' | '\t' | '\x0c') {
                j -= 1;
            }
            j == 0 || src.at(j - 1) == '\n'
        }
    };
    let mut lx = Lexer {
        src,
        pos: 0,
        line: 1,
        line_start: 0,
        parens: Vec::new(),
        indents: alloc::vec![(0, 0)],
        tokens: Vec::new(),
        line_has_tokens: false,
        comment_col: None,
    };
    let mut lexed = Lexed {
        tokens: Vec::new(),
        error: None,
        error_is_unclosed: false,
        eof_in_block: false,
        ends_with_blank_line,
    };
    let run = lx.run();
    let at_end = lx.pos >= lx.src.len();
    match run {
        _ if nul_line.is_some() && at_end => {
            let line = nul_line.unwrap_or(1);
            while matches!(
                lx.tokens.last().map(|t| &t.tok),
                Some(Tok::Dedent | Tok::EndMarker)
            ) {
                lx.tokens.pop();
            }
            let loc = Loc {
                line,
                col: 0,
                end_line: line,
                end_col: 0,
            };
            lx.tokens.push(Token {
                tok: Tok::Error,
                loc,
            });
            let msg = "source code cannot contain null bytes".into();
            lexed.error = Some(error(CompileErrorKind::Syntax, msg, line, 0, line, 0));
        }
        Ok(eof_in_block) => lexed.eof_in_block = eof_in_block,
        Err((e, unclosed)) => {
            let loc = Loc {
                line: lx.line,
                col: lx.col(),
                end_line: lx.line,
                end_col: lx.col(),
            };
            lx.tokens.push(Token {
                tok: Tok::Error,
                loc,
            });
            lexed.error = Some(e);
            lexed.error_is_unclosed = unclosed;
        }
    }
    lexed.tokens = lx.tokens;
    lexed
}

type LexResult<T> = Result<T, (CompileError, bool)>;

impl Lexer<'_> {
    fn peek(&self) -> Option<char> {
        self.src.get(self.pos)
    }
    fn peek_at(&self, k: usize) -> Option<char> {
        self.src.get(self.pos + k)
    }
    fn col(&self) -> u32 {
        (self.pos - self.line_start) as u32
    }
    fn col_of(&self, pos: usize) -> u32 {
        pos.saturating_sub(self.line_start) as u32
    }
    /// Consumes a newline character, updating the line counters.
    fn newline(&mut self) {
        self.pos += 1;
        self.line += 1;
        self.line_start = self.pos;
    }
    fn err<T>(
        &self,
        kind: CompileErrorKind,
        msg: String,
        line: u32,
        col: u32,
        end_line: u32,
        end_col: u32,
    ) -> LexResult<T> {
        Err((error(kind, msg, line, col, end_line, end_col), false))
    }
    /// A tokenizer `syntaxerror()`: CPython places it at the current position.
    fn syn<T>(&self, msg: String) -> LexResult<T> {
        let c = self.col();
        self.err(CompileErrorKind::Syntax, msg, self.line, c, self.line, c)
    }
    fn push(&mut self, tok: Tok, line: u32, col: u32) {
        let loc = Loc {
            line,
            col,
            end_line: self.line,
            end_col: self.col(),
        };
        self.tokens.push(Token { tok, loc });
        self.line_has_tokens = true;
    }
    /// Length of the current line in characters, counting its newline (present or implied).
    fn line_len_with_newline(&self) -> u32 {
        let mut k = self.line_start;
        while k < self.src.len() && self.src.at(k) != '\n' {
            k += 1;
        }
        (k - self.line_start + 1) as u32
    }

    /// Runs to the end; returns whether EOF closed indented blocks.
    fn run(&mut self) -> LexResult<bool> {
        let mut at_line_start = true;
        loop {
            if at_line_start && self.parens.is_empty() {
                at_line_start = false;
                if self.indentation()? {
                    at_line_start = true;
                    continue;
                }
            }
            while matches!(self.peek(), Some(' ' | '\t' | '\x0c')) {
                self.pos += 1;
            }
            let Some(c) = self.peek() else {
                return self.finish();
            };
            let (line, col) = (self.line, self.col());
            match c {
                '#' => {
                    // CPython's NEWLINE token starts at a trailing comment.
                    self.comment_col = Some(col);
                    while !matches!(self.peek(), None | Some('\n')) {
                        self.pos += 1;
                    }
                }
                '\n' => {
                    if self.parens.is_empty() && self.line_has_tokens {
                        let loc = Loc {
                            line,
                            col: self.comment_col.unwrap_or(col),
                            end_line: line,
                            end_col: col,
                        };
                        self.tokens.push(Token {
                            tok: Tok::Newline,
                            loc,
                        });
                        self.line_has_tokens = false;
                    }
                    self.newline();
                    self.comment_col = None;
                    at_line_start = self.parens.is_empty();
                }
                '\\' => match self.peek_at(1) {
                    Some('\n') => {
                        self.pos += 1;
                        self.newline();
                        self.comment_col = None;
                        if self.peek().is_none() {
                            // CPython shows the column only when the line has tokens.
                            let c = if self.line_has_tokens { col + 2 } else { 0 };
                            return self
                                .err(
                                    CompileErrorKind::Syntax,
                                    "unexpected EOF while parsing".into(),
                                    line,
                                    c,
                                    line,
                                    0,
                                )
                                .map_err(|(mut e, u)| {
                                    e.incomplete_input = true;
                                    (e, u)
                                });
                        }
                    }
                    None => {
                        let c = if self.line_has_tokens { col + 2 } else { 0 };
                        return self
                            .err(
                                CompileErrorKind::Syntax,
                                "unexpected EOF while parsing".into(),
                                line,
                                c,
                                line,
                                0,
                            )
                            .map_err(|(mut e, u)| {
                                e.incomplete_input = true;
                                (e, u)
                            });
                    }
                    Some(_) => {
                        return self.err(
                            CompileErrorKind::Syntax,
                            "unexpected character after line continuation character".into(),
                            line,
                            col + 2,
                            line,
                            0,
                        );
                    }
                },
                '0'..='9' => self.number()?,
                '.' if matches!(self.peek_at(1), Some('0'..='9')) => self.number()?,
                '"' | '\'' => self.string(self.pos, false, false, false)?,
                c if is_id_start(c) => self.name()?,
                _ => self.operator()?,
            }
        }
    }

    /// Handles the indentation at the start of a logical line. Returns true when the line is
    /// blank or a comment (nothing to emit; the caller loops to the next line).
    fn indentation(&mut self) -> LexResult<bool> {
        let (mut col, mut alt) = (0u32, 0u32);
        let start = self.pos;
        loop {
            match self.peek() {
                Some(' ') => {
                    col += 1;
                    alt += 1;
                }
                Some('\t') => {
                    col = (col / 8 + 1) * 8;
                    alt += 1;
                }
                Some('\x0c') => {
                    col = 0;
                    alt = 0;
                }
                _ => break,
            }
            self.pos += 1;
        }
        match self.peek() {
            None => return Ok(false),
            Some('#') => {
                while !matches!(self.peek(), None | Some('\n')) {
                    self.pos += 1;
                }
                if self.peek() == Some('\n') {
                    self.newline();
                    return Ok(true);
                }
                return Ok(false);
            }
            Some('\n') => {
                self.newline();
                return Ok(true);
            }
            _ => {}
        }
        let width = (self.pos - start) as u32;
        let (top, alt_top) = self.indents.last().copied().unwrap_or((0, 0));
        let tab_error = |s: &Self| {
            s.err(
                CompileErrorKind::Tab,
                "inconsistent use of tabs and spaces in indentation".into(),
                s.line,
                1,
                s.line,
                0,
            )
        };
        if col == top {
            if alt != alt_top {
                return tab_error(self);
            }
        } else if col > top {
            if alt <= alt_top {
                return tab_error(self);
            }
            if self.indents.len() >= MAX_INDENT {
                return self.err(
                    CompileErrorKind::Indentation,
                    "too many levels of indentation".into(),
                    self.line,
                    1,
                    self.line,
                    0,
                );
            }
            self.indents.push((col, alt));
            let loc = Loc {
                line: self.line,
                col: 0,
                end_line: self.line,
                end_col: width,
            };
            self.tokens.push(Token {
                tok: Tok::Indent,
                loc,
            });
        } else {
            while self.indents.len() > 1 && self.indents.last().is_some_and(|&(t, _)| col < t) {
                self.indents.pop();
                let loc = Loc {
                    line: self.line,
                    col: width,
                    end_line: self.line,
                    end_col: width,
                };
                self.tokens.push(Token {
                    tok: Tok::Dedent,
                    loc,
                });
            }
            let (top, alt_top) = self.indents.last().copied().unwrap_or((0, 0));
            if col != top {
                let n = self.line_len_with_newline();
                return self.err(
                    CompileErrorKind::Indentation,
                    "unindent does not match any outer indentation level".into(),
                    self.line,
                    n,
                    self.line,
                    0,
                );
            }
            if alt != alt_top {
                return tab_error(self);
            }
        }
        Ok(false)
    }

    fn finish(&mut self) -> LexResult<bool> {
        if let Some(&(c, line, col)) = self.parens.last() {
            let mut e = error(
                CompileErrorKind::Syntax,
                format!("'{c}' was never closed"),
                line,
                col + 1,
                line,
                0,
            );
            e.incomplete_input = true;
            return Err((e, true));
        }
        let (line, col) = (self.line, self.col());
        if self.line_has_tokens {
            let loc = Loc {
                line,
                col: self.comment_col.unwrap_or(col),
                end_line: line,
                end_col: col,
            };
            self.tokens.push(Token {
                tok: Tok::Newline,
                loc,
            });
        }
        let in_block = self.indents.len() > 1;
        while self.indents.len() > 1 {
            self.indents.pop();
            let loc = Loc {
                line,
                col: 0,
                end_line: line,
                end_col: 0,
            };
            self.tokens.push(Token {
                tok: Tok::Dedent,
                loc,
            });
        }
        // CPython's ENDMARKER sits on the last line, one past its newline (used by errors).
        let (eline, ecol) = if self.pos == self.line_start && self.line > 1 {
            let prev_start = self.src.line_start_before(self.pos - 1);
            (self.line - 1, (self.pos - prev_start) as u32)
        } else {
            (line, col + 1)
        };
        let loc = Loc {
            line: eline,
            col: ecol.saturating_sub(1),
            end_line: eline,
            end_col: ecol.saturating_sub(1),
        };
        self.tokens.push(Token {
            tok: Tok::EndMarker,
            loc,
        });
        Ok(in_block)
    }

    fn name(&mut self) -> LexResult<()> {
        let start = self.pos;
        let (line, col) = (self.line, self.col());
        let mut ascii = true;
        while let Some(c) = self.peek() {
            if !is_id_char(c) {
                break;
            }
            ascii &= c.is_ascii();
            self.pos += 1;
        }
        if !ascii {
            for k in start..self.pos {
                let c = self.src.at(k);
                let ok = if k == start {
                    c == '_' || c.is_alphabetic()
                } else {
                    c == '_' || c.is_alphanumeric() || is_mark(c)
                };
                if !ok {
                    let off = self.col_of(k) + 1;
                    let msg = if is_printable(c) {
                        format!("invalid character '{c}' (U+{:04X})", c as u32)
                    } else {
                        format!("invalid non-printable character U+{:04X}", c as u32)
                    };
                    return self.err(CompileErrorKind::Syntax, msg, line, off, line, off);
                }
            }
        }
        if matches!(self.peek(), Some('"' | '\'')) && self.pos - start <= 2 {
            let (mut b, mut r, mut f, mut u) = (0, 0, 0, 0);
            for k in start..self.pos {
                match self.src.at(k) {
                    'b' | 'B' => b += 1,
                    'r' | 'R' => r += 1,
                    'f' | 'F' => f += 1,
                    'u' | 'U' => u += 1,
                    _ => b += 9,
                }
            }
            let valid = b <= 1
                && r <= 1
                && f <= 1
                && u <= 1
                && b + f <= 1
                && (u == 0 || self.pos - start == 1);
            if valid {
                return self.string(start, b == 1, r == 1, f == 1);
            }
        }
        let text = self.src.slice(start, self.pos);
        let tok = match Kw::from_ident(&text) {
            Some(k) => Tok::Kw(k),
            None => Tok::Name(Name::from(text.as_str())),
        };
        self.push(tok, line, col);
        Ok(())
    }

    /// Lexes a string whose prefix starts at `start`; `self.pos` is at the opening quote.
    fn string(&mut self, start: usize, bytes: bool, raw: bool, fmt: bool) -> LexResult<()> {
        let (line, col) = (self.line, self.col_of(start));
        let quote = self.peek().unwrap_or('"');
        let triple = self.peek_at(1) == Some(quote) && self.peek_at(2) == Some(quote);
        self.pos += if triple { 3 } else { 1 };
        let (body_line, body_col) = (self.line, self.col());
        let body_start = self.pos;
        let body_end;
        loop {
            let Some(c) = self.peek() else {
                return self.unterminated(line, col, triple);
            };
            if c == quote {
                if !triple {
                    body_end = self.pos;
                    self.pos += 1;
                    break;
                }
                if self.peek_at(1) == Some(quote) && self.peek_at(2) == Some(quote) {
                    body_end = self.pos;
                    self.pos += 3;
                    break;
                }
                self.pos += 1;
            } else if c == '\n' {
                if !triple {
                    return self.unterminated(line, col, triple);
                }
                self.newline();
            } else if c == '\\' {
                self.pos += 1;
                match self.peek() {
                    Some('\n') => self.newline(),
                    Some(_) => self.pos += 1,
                    None => {}
                }
            } else {
                self.pos += 1;
            }
        }
        let body = self.src.slice(body_start, body_end);
        let lit = StrLit {
            bytes,
            raw,
            fmt,
            triple,
            body,
            body_line,
            body_col,
        };
        self.push(Tok::Str(Box::new(lit)), line, col);
        Ok(())
    }

    fn unterminated<T>(&self, line: u32, col: u32, triple: bool) -> LexResult<T> {
        // "detected at" names the line holding the last character read.
        let detected = if self.peek().is_none() && self.pos > 0 && self.pos == self.line_start {
            self.line - 1
        } else {
            self.line
        };
        let msg = if triple {
            format!("unterminated triple-quoted string literal (detected at line {detected})")
        } else {
            format!("unterminated string literal (detected at line {detected})")
        };
        let mut e = error(CompileErrorKind::Syntax, msg, line, col + 1, line, col + 1);
        e.incomplete_input = triple;
        Err((e, false))
    }

    fn operator(&mut self) -> LexResult<()> {
        let (line, col) = (self.line, self.col());
        let c = self.peek().unwrap_or(' ');
        let c1 = self.peek_at(1);
        let c2 = self.peek_at(2);
        let three = match (c, c1, c2) {
            ('*', Some('*'), Some('=')) => Some(Op::DoubleStarEqual),
            ('/', Some('/'), Some('=')) => Some(Op::DoubleSlashEqual),
            ('<', Some('<'), Some('=')) => Some(Op::LeftShiftEqual),
            ('>', Some('>'), Some('=')) => Some(Op::RightShiftEqual),
            ('.', Some('.'), Some('.')) => Some(Op::Ellipsis),
            _ => None,
        };
        if let Some(op) = three {
            self.pos += 3;
            self.push(Tok::Op(op), line, col);
            return Ok(());
        }
        let two = match (c, c1) {
            ('=', Some('=')) => Some(Op::EqEqual),
            ('!', Some('=')) => Some(Op::NotEqual),
            ('<', Some('>')) => Some(Op::NotEqual),
            ('<', Some('=')) => Some(Op::LessEqual),
            ('>', Some('=')) => Some(Op::GreaterEqual),
            ('<', Some('<')) => Some(Op::LeftShift),
            ('>', Some('>')) => Some(Op::RightShift),
            ('*', Some('*')) => Some(Op::DoubleStar),
            ('+', Some('=')) => Some(Op::PlusEqual),
            ('-', Some('=')) => Some(Op::MinEqual),
            ('*', Some('=')) => Some(Op::StarEqual),
            ('/', Some('=')) => Some(Op::SlashEqual),
            ('%', Some('=')) => Some(Op::PercentEqual),
            ('&', Some('=')) => Some(Op::AmperEqual),
            ('|', Some('=')) => Some(Op::VBarEqual),
            ('^', Some('=')) => Some(Op::CircumflexEqual),
            ('/', Some('/')) => Some(Op::DoubleSlash),
            ('@', Some('=')) => Some(Op::AtEqual),
            ('-', Some('>')) => Some(Op::RArrow),
            (':', Some('=')) => Some(Op::ColonEqual),
            _ => None,
        };
        if let Some(op) = two {
            self.pos += 2;
            // `<>` is only valid under the Barry-as-FLUFL joke; CPython reports invalid syntax.
            let tok = if c == '<' && c1 == Some('>') {
                Tok::Unknown('<')
            } else {
                Tok::Op(op)
            };
            self.push(tok, line, col);
            return Ok(());
        }
        let op = match c {
            '(' => Op::LPar,
            ')' => Op::RPar,
            '[' => Op::LSqb,
            ']' => Op::RSqb,
            '{' => Op::LBrace,
            '}' => Op::RBrace,
            ':' => Op::Colon,
            ',' => Op::Comma,
            ';' => Op::Semi,
            '+' => Op::Plus,
            '-' => Op::Minus,
            '*' => Op::Star,
            '/' => Op::Slash,
            '|' => Op::VBar,
            '&' => Op::Amper,
            '<' => Op::Less,
            '>' => Op::Greater,
            '=' => Op::Equal,
            '.' => Op::Dot,
            '%' => Op::Percent,
            '~' => Op::Tilde,
            '^' => Op::Circumflex,
            '@' => Op::At,
            _ => {
                self.pos += 1;
                if !c.is_ascii() {
                    let off = col + 1;
                    let msg = if is_printable(c) {
                        format!("invalid character '{c}' (U+{:04X})", c as u32)
                    } else {
                        format!("invalid non-printable character U+{:04X}", c as u32)
                    };
                    return self.err(CompileErrorKind::Syntax, msg, line, off, line, off);
                }
                self.push(Tok::Unknown(c), line, col);
                return Ok(());
            }
        };
        self.pos += 1;
        match op {
            Op::LPar | Op::LSqb | Op::LBrace => {
                if self.parens.len() >= MAX_PAREN_LEVEL {
                    return self.syn("too many nested parentheses".into());
                }
                self.parens.push((c, line, col));
            }
            Op::RPar | Op::RSqb | Op::RBrace => {
                let Some((open, oline, _)) = self.parens.pop() else {
                    return self.syn(format!("unmatched '{c}'"));
                };
                let expected = match open {
                    '(' => ')',
                    '[' => ']',
                    _ => '}',
                };
                if c != expected {
                    let msg = if oline != line {
                        format!("closing parenthesis '{c}' does not match opening parenthesis '{open}' on line {oline}")
                    } else {
                        format!(
                            "closing parenthesis '{c}' does not match opening parenthesis '{open}'"
                        )
                    };
                    return self.syn(msg);
                }
            }
            _ => {}
        }
        self.push(Tok::Op(op), line, col);
        Ok(())
    }
}

/// Combining marks and connector punctuation that may continue an identifier (approximation
/// of `XID_Continue` beyond `is_alphanumeric`).
fn is_mark(c: char) -> bool {
    matches!(c as u32, 0x0300..=0x036F | 0x0483..=0x0487 | 0x0591..=0x05BD | 0x0610..=0x061A | 0x064B..=0x065F | 0x0900..=0x0903 | 0x093A..=0x094F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x200C | 0x200D | 0x203F | 0x2040 | 0x20D0..=0x20FF | 0xFE00..=0xFE0F | 0xFE20..=0xFE2F | 0xFE33 | 0xFE34 | 0xFE4D..=0xFE4F | 0xFF3F)
}

#[cfg(test)]
mod tests;
