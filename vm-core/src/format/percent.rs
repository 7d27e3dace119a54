//! printf-style `%` formatting: a parser mirroring CPython 3.11's
//! `unicode_format_arg_parse` (Objects/unicodeobject.c) and the conversion/padding helpers
//! `formatfloat`, `_PyUnicode_FormatLong` and `unicode_format_arg_output`.
//!
//! Argument fetching (tuples, mappings, `*`) stays in the VM: it walks the items from
//! [`parse_percent_lazy`] in order, so its own errors (missing arguments, `* wants int`,
//! `KeyError`, ...) surface in the same order as in CPython.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::apply::IntSource;
use super::float_repr::{double_to_string, Code, DtoaFlags};
use super::{buffer, size, FormatError, Room};

/// Conversion flags (`- + space # 0`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PercentFlags {
    /// `-`: left-justify.
    pub left: bool,
    /// `+`: always emit a sign.
    pub sign: bool,
    /// ` `: a space before positive numbers.
    pub space: bool,
    /// `#`: alternate form.
    pub alt: bool,
    /// `0`: zero padding (numeric conversions only).
    pub zero: bool,
}

/// A width or precision: a literal number or `*` (taken from the arguments).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// A literal count.
    Num(usize),
    /// `*`: the next argument must be an int. For a width, a negative value means
    /// left-justify with its absolute value; a negative precision counts as 0.
    Star,
}

/// One `%` conversion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PercentSpec {
    /// `%(name)s`: the mapping key (parentheses may nest, as in CPython).
    pub key: Option<String>,
    /// Flags.
    pub flags: PercentFlags,
    /// Minimum width.
    pub width: Option<Count>,
    /// Precision (`%.s` gives `Some(Num(0))`).
    pub precision: Option<Count>,
    /// Conversion character (not validated here; see [`PercentSpec::check_conv`]).
    pub conv: char,
    /// Character index of `conv` in the format string (for error messages).
    pub index: usize,
}

impl PercentSpec {
    /// CPython checks the conversion character only after fetching the argument; the VM
    /// calls this at that point. Supported: `s r a c d i u o x X e E f F g G`.
    pub fn check_conv(&self) -> Result<(), FormatError> {
        match self.conv {
            's' | 'r' | 'a' | 'c' | 'd' | 'i' | 'u' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'F'
            | 'g' | 'G' => Ok(()),
            c => {
                let v = c as u32;
                let shown = if (31..=126).contains(&v) { c } else { '?' };
                Err(FormatError::value(format!(
                    "unsupported format character '{}' (0x{:x}) at index {}",
                    shown, v, self.index
                )))
            }
        }
    }
}

/// A syntax error in a `%` format string, with what CPython had already acted on before
/// detecting it. CPython fetches arguments while parsing, so the VM must, in this order:
/// raise `TypeError("format requires a mapping")` if `key_started` and the argument is not a
/// mapping; look up `key` if present (maybe `KeyError`); fetch the `*` width argument if
/// `width_star`, then the `*` precision argument if `precision_star` (with their usual
/// errors); and only then raise `error`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PercentParseError {
    /// The error to raise last.
    pub error: FormatError,
    /// A `(` key was started (CPython checks for a mapping at that point).
    pub key_started: bool,
    /// The key, if it was complete.
    pub key: Option<String>,
    /// A `*` width was parsed.
    pub width_star: bool,
    /// A `*` precision was parsed.
    pub precision_star: bool,
}

/// A piece of a parsed `%` format string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PercentItem {
    /// Literal text (`%%` already turned into `%`).
    Literal(String),
    /// A conversion.
    Conversion(PercentSpec),
}

/// Parses a whole `%` format string, failing on the first syntax error (`incomplete format`,
/// `incomplete format key`, `width too big`, `precision too big`) or unsupported
/// conversion character. The VM should prefer [`parse_percent_lazy`] to get CPython's error
/// ordering relative to argument errors.
pub fn parse_percent(fmt: &str) -> Result<Vec<PercentItem>, FormatError> {
    let (items, err) = parse_percent_lazy(fmt);
    if let Some(e) = err {
        return Err(e.error);
    }
    for item in &items {
        if let PercentItem::Conversion(spec) = item {
            spec.check_conv()?;
        }
    }
    Ok(items)
}

/// Parses a `%` format string up to the first syntax error. Returns the items before the
/// error and the error itself, which the VM handles after processing those items (CPython
/// parses and converts one conversion at a time; see [`PercentParseError`]). Conversion
/// characters are not validated here (see [`PercentSpec::check_conv`]).
pub fn parse_percent_lazy(fmt: &str) -> (Vec<PercentItem>, Option<PercentParseError>) {
    let mut items = Vec::new();
    for item in PercentItems::new(fmt) {
        match item {
            Ok(item) => items.push(item),
            Err(e) => return (items, Some(e)),
        }
    }
    (items, None)
}

/// The items of a `%` format string one at a time, ending after the first syntax error
/// (see [`parse_percent_lazy`]): a long format string is never held parsed as a whole.
#[derive(Debug)]
pub struct PercentItems<'a> {
    cur: Cursor<'a>,
    /// Characters in the whole string (CPython's parser counts what is left).
    total: usize,
    done: bool,
}

impl<'a> PercentItems<'a> {
    /// The items of `fmt`.
    pub fn new(fmt: &'a str) -> PercentItems<'a> {
        PercentItems {
            cur: Cursor {
                s: fmt,
                idx: 0,
                byte: 0,
            },
            total: fmt.chars().count(),
            done: false,
        }
    }
}

impl Iterator for PercentItems<'_> {
    type Item = Result<PercentItem, PercentParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut lit = String::new();
        loop {
            let Some(c) = self.cur.peek() else {
                self.done = true;
                return (!lit.is_empty()).then_some(Ok(PercentItem::Literal(lit)));
            };
            if c != '%' {
                // The run up to the next '%' at once.
                let rest = self.cur.rest();
                let run = &rest[..rest.find('%').unwrap_or(rest.len())];
                lit.push_str(run);
                self.cur.skip(run);
                continue;
            }
            if self.cur.peek_second() == Some('%') {
                lit.push('%');
                self.cur.skip("%%");
                continue;
            }
            if !lit.is_empty() {
                return Some(Ok(PercentItem::Literal(lit)));
            }
            self.cur.skip("%");
            let r = parse_one(&mut self.cur, self.total);
            self.done = r.is_err();
            return Some(r.map(PercentItem::Conversion));
        }
    }
}

/// A position in a format string, in characters and in bytes.
#[derive(Debug)]
struct Cursor<'a> {
    s: &'a str,
    idx: usize,
    byte: usize,
}

impl<'a> Cursor<'a> {
    fn rest(&self) -> &'a str {
        self.s.get(self.byte..).unwrap_or_default()
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn peek_second(&self) -> Option<char> {
        self.rest().chars().nth(1)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.idx += 1;
        self.byte += c.len_utf8();
        Some(c)
    }

    /// Moves past `text`, which the string continues with.
    fn skip(&mut self, text: &str) {
        self.idx += text.chars().count();
        self.byte += text.len();
    }
}

/// `unicode_format_arg_parse` after the `%`, with `cnt` playing the role of CPython's
/// `fmtcnt` (characters left after the current one; negative once the string is
/// exhausted).
fn parse_one(cur: &mut Cursor<'_>, total: usize) -> Result<PercentSpec, PercentParseError> {
    let mut partial = PercentParseError {
        error: FormatError::value(""),
        key_started: false,
        key: None,
        width_star: false,
        precision_star: false,
    };
    let fail = |mut p: PercentParseError, msg: &str| -> Result<PercentSpec, PercentParseError> {
        p.error = FormatError::value(msg);
        Err(p)
    };
    let mut cnt = total.saturating_sub(cur.idx) as i64;
    // CPython peeks at the terminating NUL when the string ends right after '%'.
    let mut ch = cur.peek().unwrap_or('\0');
    let next = |cnt: &mut i64, ch: &mut char, cur: &mut Cursor<'_>| -> bool {
        *cnt -= 1;
        if *cnt >= 0 {
            *ch = cur.bump().unwrap_or('\0');
            true
        } else {
            false
        }
    };
    let mut key = None;
    if ch == '(' {
        partial.key_started = true;
        cur.skip("(");
        cnt -= 1;
        let keystart = cur.byte;
        let mut pcount = 1;
        while pcount > 0 && next(&mut cnt, &mut ch, cur) {
            match ch {
                ')' => pcount -= 1,
                '(' => pcount += 1,
                _ => {}
            }
        }
        if cnt < 0 || pcount > 0 {
            return fail(partial, "incomplete format key");
        }
        // Up to the closing ')' (one byte).
        key = Some(String::from(
            cur.s.get(keystart..cur.byte - 1).unwrap_or_default(),
        ));
        partial.key.clone_from(&key);
    }
    let mut flags = PercentFlags::default();
    while next(&mut cnt, &mut ch, cur) {
        match ch {
            '-' => flags.left = true,
            '+' => flags.sign = true,
            ' ' => flags.space = true,
            '#' => flags.alt = true,
            '0' => flags.zero = true,
            _ => break,
        }
    }
    let mut width = None;
    if ch == '*' {
        width = Some(Count::Star);
        partial.width_star = true;
        next(&mut cnt, &mut ch, cur);
    } else if ch.is_ascii_digit() {
        let mut w = (ch as u64) - u64::from(b'0');
        while next(&mut cnt, &mut ch, cur) {
            let Some(d) = ch.to_digit(10) else { break };
            if w > (i64::MAX as u64 - u64::from(d)) / 10 {
                return fail(partial, "width too big");
            }
            w = w * 10 + u64::from(d);
        }
        width = Some(Count::Num(usize::try_from(w).unwrap_or(usize::MAX)));
    }
    let mut precision = None;
    if ch == '.' {
        precision = Some(Count::Num(0));
        next(&mut cnt, &mut ch, cur);
        if ch == '*' {
            precision = Some(Count::Star);
            partial.precision_star = true;
            next(&mut cnt, &mut ch, cur);
        } else if ch.is_ascii_digit() {
            let mut p = (ch as u64) - u64::from(b'0');
            while next(&mut cnt, &mut ch, cur) {
                let Some(d) = ch.to_digit(10) else { break };
                if p > (i32::MAX as u64 - u64::from(d)) / 10 {
                    return fail(partial, "precision too big");
                }
                p = p * 10 + u64::from(d);
            }
            precision = Some(Count::Num(p as usize));
        }
    }
    // Length modifiers are accepted and ignored.
    if cnt >= 0 && matches!(ch, 'h' | 'l' | 'L') {
        next(&mut cnt, &mut ch, cur);
    }
    if cnt < 0 {
        return fail(partial, "incomplete format");
    }
    Ok(PercentSpec {
        key,
        flags,
        width,
        precision,
        conv: ch,
        index: cur.idx.saturating_sub(1),
    })
}

/// `unicode_format_arg_output`: sign handling, `0x`/`0o` prefix placement and padding.
/// `numeric` is CPython's `arg->sign` (true for the number conversions). CPython counts in
/// characters; the sign and prefix it skips are ASCII, so they are one byte each here.
fn output(
    s: &str,
    flags: PercentFlags,
    width: Option<usize>,
    prec: Option<usize>,
    conv: char,
    numeric: bool,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    let total_len = s.chars().count();
    let mut len = total_len as i64;
    // Widths are within `i64` (the parser and the VM check); precisions are clamped, which
    // only matters for "is it at least the length" tests.
    let mut width = width.map_or(-1, |w| i64::try_from(w).unwrap_or(i64::MAX));
    let prec_i = prec.map_or(-1, |p| i64::try_from(p).unwrap_or(i64::MAX));
    if (width == -1 || width <= len)
        && (prec_i == -1 || prec_i >= len)
        && !(flags.sign || flags.space)
    {
        return buffer(room, s.len()).map(|mut out| {
            out.push_str(s);
            out
        });
    }
    let fill = if numeric && flags.zero { '0' } else { ' ' };
    if matches!(conv, 's' | 'r' | 'a') && prec_i >= 0 && len > prec_i {
        len = prec_i;
    }
    let mut pindex = 0usize;
    let mut sign = numeric;
    let mut signchar = '\0';
    if sign {
        let ch = s.chars().next().unwrap_or('\0');
        if ch == '-' || ch == '+' {
            signchar = ch;
            len -= 1;
            pindex += 1;
        } else if flags.sign {
            signchar = '+';
        } else if flags.space {
            signchar = ' ';
        } else {
            sign = false;
        }
    }
    if width < len {
        width = len;
    }
    // The copied characters end at character `pindex + len` (the rest is cut by a precision).
    let copy_end = if size(len) + pindex >= total_len {
        s.len()
    } else {
        s.char_indices()
            .nth(pindex + size(len))
            .map_or(s.len(), |(i, _)| i)
    };
    let bytes = size(width).saturating_add(s.len()).saturating_add(3);
    let mut out = buffer(room, bytes)?;
    let prefixed = flags.alt && matches!(conv, 'x' | 'X' | 'o');
    if sign {
        if fill != ' ' {
            out.push(signchar);
        }
        if width > len {
            width -= 1;
        }
    }
    if prefixed {
        if fill != ' ' {
            out.push('0');
            out.push(conv);
            pindex += 2;
        }
        width = (width - 2).max(0);
        len -= 2;
    }
    if width > len && !flags.left {
        out.extend(core::iter::repeat_n(fill, size(width - len)));
        width = len;
    }
    if fill == ' ' {
        if sign {
            out.push(signchar);
        }
        if prefixed {
            out.push('0');
            out.push(conv);
            pindex += 2;
        }
    }
    if len > 0 {
        out.push_str(s.get(pindex..copy_end).unwrap_or_default());
    }
    if width > len {
        out.extend(core::iter::repeat_n(' ', size(width - len)));
    }
    Ok(out)
}

/// `%e %E %f %F %g %G` of a float: default precision 6, `#` keeps the point and (for `g`)
/// trailing zeros; `+`, space, `-`, `0` and the width as in CPython. Any other `conv` is
/// treated as `g`. The precision is within CPython's `int` range (the parser checks it; the
/// VM checks a `*` precision).
pub fn percent_float(
    x: f64,
    flags: PercentFlags,
    width: Option<usize>,
    prec: Option<usize>,
    conv: char,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    let p = prec.unwrap_or(6).min(i32::MAX as usize);
    let mut dflags = DtoaFlags {
        alt: flags.alt,
        ..DtoaFlags::default()
    };
    let code = match conv {
        'e' | 'E' => Code::Exp,
        'f' | 'F' => Code::Fixed,
        _ => Code::General,
    };
    dflags.upper = matches!(conv, 'E' | 'F' | 'G');
    let s = double_to_string(x, code, p, dflags, room)?;
    output(&s, flags, width, prec, conv, true, room)
}

/// `%d %i %u %o %x %X` of an integer given as sign + digit callback (`digits_fn(radix)`
/// returns the absolute value's digits in radix 8, 10 or 16, lowercase). The precision is a
/// minimum digit count; `#` adds `0o`/`0x`/`0X`.
pub fn percent_int(
    negative: bool,
    digits_fn: &dyn Fn(u32) -> String,
    flags: PercentFlags,
    width: Option<usize>,
    prec: Option<usize>,
    conv: char,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    let src = super::apply::FnSource {
        negative,
        magnitude_in: digits_fn,
    };
    percent_int_src(&src, flags, width, prec, conv, room)
}

/// [`percent_int`] for an [`IntSource`].
pub fn percent_int_src(
    src: &dyn IntSource,
    flags: PercentFlags,
    width: Option<usize>,
    prec: Option<usize>,
    conv: char,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    // `_PyUnicode_FormatLong`'s limit.
    if prec.is_some_and(|p| p > (i32::MAX - 3) as usize) {
        return Err(FormatError::overflow("precision too large"));
    }
    let (radix, prefix) = match conv {
        'o' => (8, "0o"),
        'x' | 'X' => (16, "0x"),
        _ => (10, ""),
    };
    if !room.claim(src.digits_bound(radix)) {
        return Err(FormatError::memory());
    }
    let digits = src.digits(radix)?;
    let zeros = prec.unwrap_or(0).saturating_sub(digits.len());
    let mut s = buffer(room, zeros.saturating_add(digits.len() + 3))?;
    if src.is_negative() {
        s.push('-');
    }
    if flags.alt {
        s.push_str(prefix);
    }
    s.extend(core::iter::repeat_n('0', zeros));
    s.push_str(&digits);
    drop(digits);
    if conv == 'X' {
        s.make_ascii_uppercase();
    }
    output(&s, flags, width, prec, conv, true, room)
}

/// `%s %r %a` (precision truncates) and `%c` (pass `prec: None`, CPython ignores it) once
/// the VM has the argument's text: pads to `width`, left-justified with `-`; `0`, `+`,
/// space and `#` have no effect.
pub fn percent_str(
    s: &str,
    flags: PercentFlags,
    width: Option<usize>,
    prec: Option<usize>,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    output(s, flags, width, prec, 's', false, room)
}

/// The character for `%c` given an int argument (`None` if it does not fit in an `i64`):
/// CPython raises the same `OverflowError` for every out-of-range value. A `str` argument
/// must be exactly one character, else the VM raises `TypeError("%c requires int or char")`.
/// Lone surrogates (valid in Python, not in Rust strings) give a `ValueError`.
pub fn percent_char_from_int(v: Option<i64>) -> Result<char, FormatError> {
    let v = v
        .filter(|v| (0..=0x10ffff).contains(v))
        .ok_or_else(|| FormatError::overflow("%c arg not in range(0x110000)"))?;
    char::from_u32(v as u32)
        .ok_or_else(|| FormatError::value("surrogate code points are not supported"))
}
