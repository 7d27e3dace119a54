//! The source as the lexer indexes it: by character, with `\r\n` and `\r` read as `\n` and a
//! leading byte-order mark dropped.
//!
//! Most sources are ASCII without carriage returns: the lexer then reads the caller's bytes
//! in place, with no copy. Others are copied, one byte per character when ASCII and one
//! `char` (four bytes) per character otherwise, so a large source costs at most its own size
//! again unless it holds non-ASCII text.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

pub(super) enum Text<'a> {
    /// Every character is one byte.
    Ascii(Cow<'a, [u8]>),
    /// Some character is not ASCII.
    Wide(Vec<char>),
}

impl<'a> Text<'a> {
    pub(super) fn new(source: &'a str) -> Text<'a> {
        let source = source.strip_prefix('\u{feff}').unwrap_or(source);
        if source.is_ascii() {
            if !source.contains('\r') {
                return Text::Ascii(Cow::Borrowed(source.as_bytes()));
            }
            let mut out = Vec::with_capacity(source.len());
            let mut it = source.bytes().peekable();
            while let Some(b) = it.next() {
                if b == b'\r' {
                    if it.peek() == Some(&b'\n') {
                        it.next();
                    }
                    out.push(b'\n');
                } else {
                    out.push(b);
                }
            }
            return Text::Ascii(Cow::Owned(out));
        }
        let mut out = Vec::with_capacity(source.chars().count());
        let mut it = source.chars().peekable();
        while let Some(c) = it.next() {
            if c == '\r' {
                if it.peek() == Some(&'\n') {
                    it.next();
                }
                out.push('\n');
            } else {
                out.push(c);
            }
        }
        Text::Wide(out)
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Text::Ascii(b) => b.len(),
            Text::Wide(c) => c.len(),
        }
    }

    /// The character at `k`, if `k` is inside the text.
    #[inline]
    pub(super) fn get(&self, k: usize) -> Option<char> {
        match self {
            Text::Ascii(b) => b.get(k).map(|&b| char::from(b)),
            Text::Wide(c) => c.get(k).copied(),
        }
    }

    /// The character at `k`, or NUL past the end (callers stay inside the text).
    pub(super) fn at(&self, k: usize) -> char {
        self.get(k).unwrap_or('\0')
    }

    /// The characters from `start` to `end`.
    pub(super) fn slice(&self, start: usize, end: usize) -> String {
        let end = end.min(self.len());
        let start = start.min(end);
        match self {
            Text::Ascii(b) => b[start..end].iter().map(|&b| char::from(b)).collect(),
            Text::Wide(c) => c[start..end].iter().collect(),
        }
    }

    /// Where the line holding `k` starts (just after the newline before it, or 0).
    pub(super) fn line_start_before(&self, k: usize) -> usize {
        (0..k.min(self.len()))
            .rev()
            .find(|&i| self.at(i) == '\n')
            .map_or(0, |i| i + 1)
    }
}
