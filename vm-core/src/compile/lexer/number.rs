//! Numeric literals: CPython 3.11's rules for digits, underscores, radix prefixes,
//! exponents, imaginary suffixes and what may follow a number.

use super::{is_id_char, LexResult, Lexer};
use crate::compile::ast::Constant;
use crate::compile::error::CompileErrorKind;
use crate::compile::token::Tok;
use alloc::format;
use alloc::string::String;

impl Lexer<'_> {
    fn digits_while(&mut self, f: fn(char) -> bool, out: &mut String) {
        // Sized first: a literal of millions of digits takes its own size, not twice it.
        let n = (self.pos..self.src.len())
            .take_while(|&k| f(self.src.at(k)))
            .count();
        out.reserve_exact(n);
        out.extend((self.pos..self.pos + n).map(|k| self.src.at(k)));
        self.pos += n;
    }

    /// CPython's `tok_decimal_tail`: digits with single underscores between them.
    fn decimal_tail(&mut self, out: &mut String) -> LexResult<()> {
        loop {
            self.digits_while(|c| c.is_ascii_digit(), out);
            if self.peek() != Some('_') {
                return Ok(());
            }
            self.pos += 1;
            if !matches!(self.peek(), Some('0'..='9')) {
                return self.syn("invalid decimal literal".into());
            }
        }
    }

    /// CPython's `verify_end_of_number`: a number may not run into an identifier, except for
    /// the keywords that can legally follow it (`1if x else 2`).
    fn verify_end(&mut self, kind: &str) -> LexResult<()> {
        let Some(c) = self.peek() else { return Ok(()) };
        let rest = |s: &Self, w: &str| {
            w.chars()
                .enumerate()
                .all(|(k, ch)| s.peek_at(k + 1) == Some(ch))
        };
        let ok = match c {
            'a' => rest(self, "nd"),
            'e' => rest(self, "lse"),
            'f' => rest(self, "or"),
            'i' => matches!(self.peek_at(1), Some('f' | 'n' | 's')),
            'o' => rest(self, "r"),
            'n' => rest(self, "ot"),
            _ => false,
        };
        if !ok && is_id_char(c) {
            return self.syn(format!("invalid {kind} literal"));
        }
        Ok(())
    }

    fn radix_int(&mut self, radix: u32, kind: &str, digits: &mut String) -> LexResult<()> {
        self.pos += 2;
        loop {
            if self.peek() == Some('_') {
                self.pos += 1;
            }
            let c = self.peek();
            if !c.is_some_and(|c| c.is_digit(radix)) {
                if radix < 10 && c.is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                    return self.syn(format!(
                        "invalid digit '{}' in {kind} literal",
                        c.unwrap_or('0')
                    ));
                }
                return self.syn(format!("invalid {kind} literal"));
            }
            self.digits_while(
                if radix == 16 {
                    |c: char| c.is_ascii_hexdigit()
                } else if radix == 8 {
                    |c: char| matches!(c, '0'..='7')
                } else {
                    |c: char| matches!(c, '0' | '1')
                },
                digits,
            );
            if self.peek() != Some('_') {
                break;
            }
        }
        if radix < 10 {
            if let Some(c @ '0'..='9') = self.peek() {
                self.pos += 1;
                return self.syn(format!("invalid digit '{c}' in {kind} literal"));
            }
        }
        self.verify_end(kind)
    }

    pub(super) fn number(&mut self) -> LexResult<()> {
        let start = self.pos;
        let (line, col) = (self.line, self.col());
        let mut text = String::new();
        let c0 = self.peek().unwrap_or('0');
        let next = self.peek_at(1);
        if c0 == '0' && matches!(next, Some('x' | 'X' | 'o' | 'O' | 'b' | 'B')) {
            let (radix, kind) = match next {
                Some('x' | 'X') => (16, "hexadecimal"),
                Some('o' | 'O') => (8, "octal"),
                _ => (2, "binary"),
            };
            self.radix_int(radix, kind, &mut text)?;
            let tok = int_constant(text, radix);
            self.push(Tok::Number(tok), line, col);
            return Ok(());
        }
        let mut is_float = false;
        if c0 == '.' {
            text.push('0');
        } else if c0 == '0' {
            // Zeros, then maybe more digits (only legal for a float: "0777" is an error).
            loop {
                if self.peek() == Some('_') {
                    self.pos += 1;
                    if !matches!(self.peek(), Some('0'..='9')) {
                        return self.syn("invalid decimal literal".into());
                    }
                }
                if self.peek() != Some('0') {
                    break;
                }
                text.push('0');
                self.pos += 1;
            }
            let zeros_end = self.col() + 1;
            let mut nonzero = false;
            if matches!(self.peek(), Some('0'..='9')) {
                nonzero = true;
                self.decimal_tail(&mut text)?;
            }
            if nonzero && !matches!(self.peek(), Some('.' | 'e' | 'E' | 'j' | 'J')) {
                return self.err(
                    CompileErrorKind::Syntax,
                    "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers".into(),
                    line,
                    col + 1,
                    line,
                    zeros_end,
                );
            }
        } else {
            self.decimal_tail(&mut text)?;
        }
        if self.peek() == Some('.') {
            is_float = true;
            text.push('.');
            self.pos += 1;
            if matches!(self.peek(), Some('0'..='9')) {
                self.decimal_tail(&mut text)?;
            }
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            let save = self.pos;
            self.pos += 1;
            let mut exp = String::from("e");
            if matches!(self.peek(), Some('+' | '-')) {
                exp.push(self.peek().unwrap_or('+'));
                self.pos += 1;
                if !matches!(self.peek(), Some('0'..='9')) {
                    return self.syn("invalid decimal literal".into());
                }
            } else if !matches!(self.peek(), Some('0'..='9')) {
                // Not an exponent: `1else`, or an error such as `1e`.
                self.pos = save;
                self.verify_end("decimal")?;
                return self.finish_number(text, is_float, start, line, col);
            }
            self.decimal_tail(&mut exp)?;
            text.push_str(&exp);
            is_float = true;
        }
        if matches!(self.peek(), Some('j' | 'J')) {
            // Lexed and parsed like CPython; evaluating one raises (complex is unsupported).
            self.pos += 1;
            self.verify_end("imaginary")?;
            let im = text.parse::<f64>().unwrap_or(f64::INFINITY);
            self.push(Tok::Number(Constant::Imaginary(im)), line, col);
            return Ok(());
        }
        self.verify_end("decimal")?;
        self.finish_number(text, is_float, start, line, col)
    }

    fn finish_number(
        &mut self,
        text: String,
        is_float: bool,
        _start: usize,
        line: u32,
        col: u32,
    ) -> LexResult<()> {
        let value = if is_float {
            Constant::Float(text.parse::<f64>().unwrap_or(f64::INFINITY))
        } else {
            int_constant(text, 10)
        };
        self.push(Tok::Number(value), line, col);
        Ok(())
    }
}

/// Converts integer digits (no underscores) to `Int` or, on overflow, `BigInt`.
fn int_constant(mut digits: String, radix: u32) -> Constant {
    match i64::from_str_radix(&digits, radix) {
        Ok(v) => Constant::Int(v),
        Err(_) => {
            // In place: the digits of a huge literal are not copied.
            let zeros = digits.len() - digits.trim_start_matches('0').len();
            digits.drain(..zeros.min(digits.len().saturating_sub(1)));
            Constant::BigInt { digits, radix }
        }
    }
}
