//! Escapes that stand for one character or a category, in and out of classes.

use alloc::format;

use super::chars::Category;
use super::parse::{category_of, err, PResult, Parser};

/// What an escape stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Escape {
    Char(u32),
    Category(Category, bool),
}

/// The escape at the parser's position (just after the backslash at `start`): a category,
/// a control character, `\x \u \U` hex or an octal escape, or a literal punctuation mark.
/// Digits are octal in a class; outside one, only `\0` reaches here.
pub(super) fn class_escape(p: &mut Parser<'_>, start: usize, in_class: bool) -> PResult<Escape> {
    let c = p.peek().unwrap_or(0);
    p.i += 1;
    let ch = char::from_u32(c).unwrap_or('\u{fffd}');
    if let Some((cat, neg)) = category_of(ch) {
        return Ok(Escape::Category(cat, neg));
    }
    let control = match ch {
        'a' => Some(7),
        'b' if in_class => Some(8),
        'f' => Some(12),
        'n' => Some(10),
        'r' => Some(13),
        't' => Some(9),
        'v' => Some(11),
        _ => None,
    };
    if let Some(v) = control {
        return Ok(Escape::Char(v));
    }
    match ch {
        'x' => hex(p, start, 2),
        'u' if !p.is_bytes => hex(p, start, 4),
        'U' if !p.is_bytes => {
            let v = hex(p, start, 8)?;
            match v {
                Escape::Char(c) if c > 0x10ffff => {
                    err(format!("bad escape {}", p.text(start)), start)
                }
                e => Ok(e),
            }
        }
        '0'..='7' if in_class || ch == '0' => {
            let mut v = c - 0x30;
            for _ in 0..2 {
                match p.peek() {
                    Some(d @ 0x30..=0x37) => {
                        v = v * 8 + (d - 0x30);
                        p.i += 1;
                    }
                    _ => break,
                }
            }
            if v > 0o377 {
                let msg = format!(
                    "octal escape value {} outside of range 0-0o377",
                    p.text(start)
                );
                return err(msg, start);
            }
            Ok(Escape::Char(v))
        }
        _ if ch.is_ascii_alphanumeric() => err(format!("bad escape {}", p.text(start)), start),
        _ => Ok(Escape::Char(c)),
    }
}

/// `n` hex digits after `\x`, `\u` or `\U`.
fn hex(p: &mut Parser<'_>, start: usize, n: usize) -> PResult<Escape> {
    let mut v: u32 = 0;
    for _ in 0..n {
        match p
            .peek()
            .and_then(char::from_u32)
            .and_then(|c| c.to_digit(16))
        {
            Some(d) => {
                v = v.wrapping_mul(16).wrapping_add(d);
                p.i += 1;
            }
            None => return err(format!("incomplete escape {}", p.text(start)), start),
        }
    }
    Ok(Escape::Char(v))
}
