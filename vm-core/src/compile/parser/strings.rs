//! String literals: escape decoding and implicit concatenation.

use super::{PResult, Parser};
use crate::compile::ast::{Constant, Expr, ExprKind, Loc};
use crate::compile::token::{StrLit, Tok};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Why a literal could not be decoded.
pub(super) enum DecodeError {
    /// An escape error, reported at the token after the literal (CPython's position).
    Escape(String),
    /// A non-ASCII character in a bytes literal, reported at the literal itself.
    NonAscii,
}

/// A decoding error at byte offsets `start..=end` of `body`, counted as CPython counts them:
/// it decodes a copy of the body in which every non-ASCII character is a 10-byte
/// `\UXXXXXXXX` escape.
fn unicode_err(body: &str, start: usize, end: usize, what: &str) -> DecodeError {
    let pos = |i: usize| {
        let before = body.get(..i).unwrap_or(body);
        before.len()
            + before
                .chars()
                .filter(|c| !c.is_ascii())
                .map(|c| 10 - c.len_utf8())
                .sum::<usize>()
    };
    let (start, end) = (pos(start), pos(end));
    DecodeError::Escape(format!("(unicode error) 'unicodeescape' codec can't decode bytes in position {start}-{end}: {what}"))
}

/// Decodes the body of a `str` literal (or a literal chunk of an f-string).
pub(super) fn decode_str(body: &str, raw: bool) -> Result<String, DecodeError> {
    if raw || !body.contains('\\') {
        return Ok(String::from(body));
    }
    let mut out = String::with_capacity(body.len());
    let b = body.as_bytes();
    let mut chars = body.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some((_, e)) = chars.next() else {
            out.push('\\');
            break;
        };
        match e {
            '\n' => {}
            '\\' => out.push('\\'),
            '\'' => out.push('\''),
            '"' => out.push('"'),
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'f' => out.push('\x0c'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\x0b'),
            '0'..='7' => {
                let mut v = e as u32 - '0' as u32;
                for _ in 0..2 {
                    match chars.peek() {
                        Some(&(_, d @ '0'..='7')) => {
                            v = v * 8 + (d as u32 - '0' as u32);
                            chars.next();
                        }
                        _ => break,
                    }
                }
                out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
            }
            'x' | 'u' | 'U' => {
                let (n, what) = match e {
                    'x' => (2, "truncated \\xXX escape"),
                    'u' => (4, "truncated \\uXXXX escape"),
                    _ => (8, "truncated \\UXXXXXXXX escape"),
                };
                let mut v: u32 = 0;
                for k in 0..n {
                    match chars.peek() {
                        Some(&(_, d)) if d.is_ascii_hexdigit() => {
                            v = v * 16 + d.to_digit(16).unwrap_or(0);
                            chars.next();
                        }
                        _ => return Err(unicode_err(body, i, i + 1 + k, what)),
                    }
                }
                match char::from_u32(v) {
                    Some(ch) => out.push(ch),
                    None => {
                        return Err(unicode_err(body, i, i + 1 + n, "illegal Unicode character"))
                    }
                }
            }
            'N' => {
                if b.get(i + 2) != Some(&b'{') {
                    return Err(unicode_err(
                        body,
                        i,
                        i + 1,
                        "malformed \\N character escape",
                    ));
                }
                let Some(close) = body[i + 3..].find('}').map(|k| k + i + 3) else {
                    return Err(unicode_err(
                        body,
                        i,
                        body.len() - 1,
                        "malformed \\N character escape",
                    ));
                };
                let name = &body[i + 3..close];
                #[cfg(feature = "unicode-names")]
                let (found, why) = (
                    super::unicode_names::lookup(name),
                    "unknown Unicode character name",
                );
                // Without the table no name is known.
                #[cfg(not(feature = "unicode-names"))]
                let (found, why): (Option<char>, _) = {
                    let _ = name;
                    (
                        None,
                        "unknown Unicode character name (this build has no name table: \
                         feature 'unicode-names')",
                    )
                };
                match found {
                    Some(ch) => out.push(ch),
                    None => return Err(unicode_err(body, i, close, why)),
                }
                for (k, _) in chars.by_ref() {
                    if k == close {
                        break;
                    }
                }
            }
            other => {
                // Unknown escapes are kept verbatim (CPython only warns).
                out.push('\\');
                out.push(other);
            }
        }
    }
    Ok(out)
}

/// Decodes the body of a bytes literal.
pub(super) fn decode_bytes(body: &str, raw: bool) -> Result<Vec<u8>, DecodeError> {
    if !body.is_ascii() {
        return Err(DecodeError::NonAscii);
    }
    let b = body.as_bytes();
    if raw {
        return Ok(b.to_vec());
    }
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c != b'\\' || i + 1 >= b.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let e = b[i + 1];
        i += 2;
        match e {
            b'\n' => {}
            b'\\' | b'\'' | b'"' => out.push(e),
            b'a' => out.push(7),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'v' => out.push(11),
            b'0'..=b'7' => {
                let mut v = u32::from(e - b'0');
                for _ in 0..2 {
                    match b.get(i) {
                        Some(&d @ b'0'..=b'7') => {
                            v = v * 8 + u32::from(d - b'0');
                            i += 1;
                        }
                        _ => break,
                    }
                }
                out.push((v & 0xff) as u8);
            }
            b'x' => {
                let h = b.get(i).and_then(|&d| (d as char).to_digit(16));
                let l = b.get(i + 1).and_then(|&d| (d as char).to_digit(16));
                match (h, l) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 2;
                    }
                    _ => {
                        return Err(DecodeError::Escape(format!(
                            "(value error) invalid \\x escape at position {}",
                            i - 2
                        )))
                    }
                }
            }
            other => {
                out.push(b'\\');
                out.push(other);
            }
        }
    }
    Ok(out)
}

impl Parser {
    /// Adjacent string literals, concatenated into one `Constant` or `JoinedStr`.
    pub(super) fn strings(&mut self) -> PResult<Expr> {
        let start = self.start();
        let mut lits: Vec<(Box<StrLit>, Loc)> = Vec::new();
        while let Tok::Str(_) = self.tok() {
            let t = self.bump();
            if let Tok::Str(s) = t.tok {
                lits.push((s, t.loc));
            }
        }
        let loc = self.loc_from(start);
        // CPython takes the literals in order: each is decoded (an f-string's fields
        // parsed) before the next one's kind is checked against the first's.
        let bytes = lits.first().is_some_and(|l| l.0.bytes);
        let mut out = Vec::new();
        let mut parts: Vec<Expr> = Vec::new();
        let mut cur = String::new();
        for (lit, tloc) in &lits {
            if lit.bytes {
                match decode_bytes(&lit.body, lit.raw) {
                    Ok(mut b) => out.append(&mut b),
                    Err(DecodeError::NonAscii) => {
                        return Err(self.error_at(
                            *tloc,
                            "bytes can only contain ASCII literal characters".into(),
                        ))
                    }
                    Err(DecodeError::Escape(m)) => return Err(self.error_at_token(m)),
                }
            } else if !lit.fmt {
                match decode_str(&lit.body, lit.raw) {
                    Ok(s) => cur.push_str(&s),
                    Err(DecodeError::Escape(m)) => return Err(self.error_at_token(m)),
                    Err(DecodeError::NonAscii) => return Err(self.unexpected()),
                }
            }
            if lit.bytes != bytes {
                return Err(self.error_at_token("cannot mix bytes and nonbytes literals".into()));
            }
            if lit.fmt {
                self.fstring(lit, *tloc, loc, &mut parts, &mut cur)?;
            }
        }
        if bytes {
            return Ok(Expr {
                kind: ExprKind::Constant(Constant::Bytes(out)),
                loc,
            });
        }
        let any_f = lits.iter().any(|l| l.0.fmt);
        if !any_f {
            return Ok(Expr {
                kind: ExprKind::Constant(Constant::Str(cur)),
                loc,
            });
        }
        if !cur.is_empty() {
            parts.push(Expr {
                kind: ExprKind::Constant(Constant::Str(cur)),
                loc,
            });
        }
        Ok(Expr {
            kind: ExprKind::JoinedStr(parts),
            loc,
        })
    }
}
