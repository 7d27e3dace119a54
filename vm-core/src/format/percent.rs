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
use super::{check_field, FormatError};

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
    let chars: Vec<char> = fmt.chars().collect();
    let mut items = Vec::new();
    let mut lit = String::new();
    let mut pos = 0;
    while pos < chars.len() {
        if chars[pos] != '%' {
            lit.push(chars[pos]);
            pos += 1;
            continue;
        }
        pos += 1;
        if chars.get(pos) == Some(&'%') {
            lit.push('%');
            pos += 1;
            continue;
        }
        if !lit.is_empty() {
            items.push(PercentItem::Literal(core::mem::take(&mut lit)));
        }
        match parse_one(&chars, &mut pos) {
            Ok(spec) => items.push(PercentItem::Conversion(spec)),
            Err(e) => return (items, Some(e)),
        }
    }
    if !lit.is_empty() {
        items.push(PercentItem::Literal(lit));
    }
    (items, None)
}

/// `unicode_format_arg_parse`, with `cnt` playing the role of CPython's `fmtcnt` (characters
/// left after the current one; negative once the string is exhausted).
fn parse_one(chars: &[char], pos: &mut usize) -> Result<PercentSpec, PercentParseError> {
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
    let mut cnt = (chars.len() - *pos) as i64;
    // CPython peeks at the terminating NUL when the string ends right after '%'.
    let mut ch = chars.get(*pos).copied().unwrap_or('\0');
    let next = |cnt: &mut i64, ch: &mut char, pos: &mut usize| -> bool {
        *cnt -= 1;
        if *cnt >= 0 {
            *ch = chars[*pos];
            *pos += 1;
            true
        } else {
            false
        }
    };
    let mut key = None;
    if ch == '(' {
        partial.key_started = true;
        *pos += 1;
        cnt -= 1;
        let keystart = *pos;
        let mut pcount = 1;
        while pcount > 0 && next(&mut cnt, &mut ch, pos) {
            match ch {
                ')' => pcount -= 1,
                '(' => pcount += 1,
                _ => {}
            }
        }
        if cnt < 0 || pcount > 0 {
            return fail(partial, "incomplete format key");
        }
        key = Some(chars[keystart..*pos - 1].iter().collect::<String>());
        partial.key.clone_from(&key);
    }
    let mut flags = PercentFlags::default();
    while next(&mut cnt, &mut ch, pos) {
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
        next(&mut cnt, &mut ch, pos);
    } else if ch.is_ascii_digit() {
        let mut w = (ch as u64) - u64::from(b'0');
        while next(&mut cnt, &mut ch, pos) {
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
        next(&mut cnt, &mut ch, pos);
        if ch == '*' {
            precision = Some(Count::Star);
            partial.precision_star = true;
            next(&mut cnt, &mut ch, pos);
        } else if ch.is_ascii_digit() {
            let mut p = (ch as u64) - u64::from(b'0');
            while next(&mut cnt, &mut ch, pos) {
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
        next(&mut cnt, &mut ch, pos);
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
        index: *pos - 1,
    })
}

/// `unicode_format_arg_output`: sign handling, `0x`/`0o` prefix placement and padding.
/// `numeric` is CPython's `arg->sign` (true for the number conversions).
fn output(
    s: &str,
    flags: PercentFlags,
    width: Option<usize>,
    prec: Option<usize>,
    conv: char,
    numeric: bool,
) -> Result<String, FormatError> {
    let chars: Vec<char> = s.chars().collect();
    let mut len = chars.len() as i64;
    if let Some(w) = width {
        if w > chars.len() {
            check_field(w)?;
        }
    }
    // Both fit in i64 now (widths are capped; precisions are clamped, which only matters
    // for "is it at least the length" tests).
    let mut width = width.map_or(-1, |w| w as i64);
    let prec_i = prec.map_or(-1, |p| p.min(i64::MAX as usize) as i64);
    if (width == -1 || width <= len)
        && (prec_i == -1 || prec_i >= len)
        && !(flags.sign || flags.space)
    {
        return Ok(String::from(s));
    }
    let fill = if numeric && flags.zero { '0' } else { ' ' };
    if matches!(conv, 's' | 'r' | 'a') && prec_i >= 0 && len > prec_i {
        len = prec_i;
    }
    let mut pindex = 0usize;
    let mut sign = numeric;
    let mut signchar = '\0';
    if sign {
        let ch = chars.first().copied().unwrap_or('\0');
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
    let prefixed = flags.alt && matches!(conv, 'x' | 'X' | 'o');
    let mut out = String::new();
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
        out.extend(core::iter::repeat_n(fill, (width - len) as usize));
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
        out.extend(chars[pindex..pindex + len as usize].iter());
    }
    if width > len {
        out.extend(core::iter::repeat_n(' ', (width - len) as usize));
    }
    Ok(out)
}

/// `%e %E %f %F %g %G` of a float: default precision 6, `#` keeps the point and (for `g`)
/// trailing zeros; `+`, space, `-`, `0` and the width as in CPython. Any other `conv` is
/// treated as `g`.
pub fn percent_float(
    x: f64,
    flags: PercentFlags,
    width: Option<usize>,
    prec: Option<usize>,
    conv: char,
) -> Result<String, FormatError> {
    let p = prec.unwrap_or(6);
    check_field(p)?;
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
    let s = double_to_string(x, code, p, dflags);
    output(&s, flags, width, prec, conv, true)
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
) -> Result<String, FormatError> {
    // `_PyUnicode_FormatLong`'s limit, then ours.
    if let Some(p) = prec {
        if p > (i32::MAX - 3) as usize {
            return Err(FormatError::overflow("precision too large"));
        }
        check_field(p)?;
    }
    let (radix, prefix) = match conv {
        'o' => (8, "0o"),
        'x' | 'X' => (16, "0x"),
        _ => (10, ""),
    };
    let digits = digits_fn(radix);
    let mut s = String::new();
    if negative {
        s.push('-');
    }
    if flags.alt {
        s.push_str(prefix);
    }
    for _ in digits.len()..prec.unwrap_or(0) {
        s.push('0');
    }
    s.push_str(&digits);
    if conv == 'X' {
        s.make_ascii_uppercase();
    }
    output(&s, flags, width, prec, conv, true)
}

/// [`percent_int`] for an [`IntSource`].
pub fn percent_int_src(
    src: &dyn IntSource,
    flags: PercentFlags,
    width: Option<usize>,
    prec: Option<usize>,
    conv: char,
) -> Result<String, FormatError> {
    percent_int(
        src.is_negative(),
        &|r| src.digits(r),
        flags,
        width,
        prec,
        conv,
    )
}

/// `%s %r %a` (precision truncates) and `%c` (pass `prec: None`, CPython ignores it) once
/// the VM has the argument's text: pads to `width`, left-justified with `-`; `0`, `+`,
/// space and `#` have no effect.
pub fn percent_str(
    s: &str,
    flags: PercentFlags,
    width: Option<usize>,
    prec: Option<usize>,
) -> Result<String, FormatError> {
    output(s, flags, width, prec, 's', false)
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
