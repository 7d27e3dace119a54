//! Parser for the format-spec mini-language, a port of CPython 3.11's
//! `parse_internal_render_format_spec`:
//! `[[fill]align][sign][z][#][0][width][grouping_option][.precision][type]`.

use alloc::format;
use alloc::string::String;

use super::FormatError;

/// Field alignment (`<`, `>`, `=`, `^`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// `<`
    Left,
    /// `>`
    Right,
    /// `=`: padding goes between the sign/prefix and the digits.
    AfterSign,
    /// `^`
    Center,
}

impl Align {
    fn from_char(c: char) -> Option<Align> {
        match c {
            '<' => Some(Align::Left),
            '>' => Some(Align::Right),
            '=' => Some(Align::AfterSign),
            '^' => Some(Align::Center),
            _ => None,
        }
    }
}

/// Sign option (`+`, `-`, space).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// `+`: sign for positive numbers too.
    Plus,
    /// `-`: sign only for negative numbers (the default behaviour, but recorded).
    Minus,
    /// ` `: a space for positive numbers.
    Space,
}

/// Grouping option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grouping {
    /// `,`
    Comma,
    /// `_`
    Underscore,
}

impl Grouping {
    pub(crate) fn as_char(self) -> char {
        char::from(self.as_byte())
    }

    pub(crate) fn as_byte(self) -> u8 {
        match self {
            Grouping::Comma => b',',
            Grouping::Underscore => b'_',
        }
    }
}

/// A parsed format spec. Type-dependent defaults (default alignment, default type, the
/// effect of the `0` flag) are resolved by the formatting functions, because CPython's
/// defaults differ between numbers and strings.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FormatSpec {
    /// Explicit fill character (only present together with an explicit `align`).
    pub fill: Option<char>,
    /// Explicit alignment.
    pub align: Option<Align>,
    /// Sign option.
    pub sign: Option<Sign>,
    /// `z`: coerce negative zero to positive zero (floats only).
    pub no_neg_zero: bool,
    /// `#`: alternate form.
    pub alternate: bool,
    /// The `0` flag before the width (only recorded when no explicit fill was given).
    pub zero_pad: bool,
    /// Minimum field width in characters.
    pub width: Option<usize>,
    /// Thousands separator.
    pub grouping: Option<Grouping>,
    /// Precision.
    pub precision: Option<usize>,
    /// Presentation type character.
    pub ty: Option<char>,
}

impl FormatSpec {
    /// The fill character and alignment in effect for an object whose default alignment is
    /// `default_align` (right for numbers, left for strings), including the `0` flag rule.
    pub fn resolved_fill_align(&self, default_align: Align) -> (char, Align) {
        let fill = match self.fill {
            Some(c) => c,
            None if self.zero_pad => '0',
            None => ' ',
        };
        let align = match self.align {
            Some(a) => a,
            None if self.zero_pad && default_align == Align::Right => Align::AfterSign,
            None => default_align,
        };
        (fill, align)
    }
}

/// Parses a format spec; errors that name the object's type say `'object'`. Prefer
/// [`parse_format_spec_for`] when the type name is known.
pub fn parse_format_spec(s: &str) -> Result<FormatSpec, FormatError> {
    parse_format_spec_for(s, "object")
}

/// Zero code points of every Unicode `Nd` run (Unicode 14, as CPython 3.11): CPython accepts
/// any decimal digit in widths and precisions.
const DECIMAL_ZEROS: [u32; 66] = [
    0x30, 0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66,
    0xDE6, 0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
    0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
    0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0, 0x11650,
    0x116C0, 0x11730, 0x118E0, 0x11950, 0x11C50, 0x11D50, 0x11DA0, 0x16A60, 0x16AC0, 0x16B50,
    0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E950, 0x1FBF0,
];

/// `Py_UNICODE_TODECIMAL`.
pub(crate) fn decimal_value(c: char) -> Option<u32> {
    let c = c as u32;
    let i = DECIMAL_ZEROS.partition_point(|&z| z <= c);
    if i == 0 {
        return None;
    }
    let v = c - DECIMAL_ZEROS[i - 1];
    (v < 10).then_some(v)
}

/// CPython's `get_integer`: reads decimal digits at `*pos`, returns `None` if there were none.
fn get_integer(chars: &[char], pos: &mut usize) -> Result<Option<usize>, FormatError> {
    let mut acc: u64 = 0;
    let start = *pos;
    while let Some(d) = chars.get(*pos).and_then(|&c| decimal_value(c)) {
        // Same overflow rule as CPython: the value must fit in a Py_ssize_t.
        if acc > (i64::MAX as u64 - d as u64) / 10 {
            return Err(FormatError::value(
                "Too many decimal digits in format string",
            ));
        }
        acc = acc * 10 + d as u64;
        *pos += 1;
    }
    // On 32-bit targets a value beyond usize cannot be allocated anyway.
    Ok((*pos > start).then_some(usize::try_from(acc).unwrap_or(usize::MAX)))
}

/// Parses a format spec for an object whose type is named `type_name` (used only in the
/// `Invalid format specifier` message), mirroring CPython's checks and their order.
/// Type-specific validation (grouping vs. type, unknown codes, ...) happens in the
/// `format_*` functions.
pub fn parse_format_spec_for(s: &str, type_name: &str) -> Result<FormatSpec, FormatError> {
    let chars: alloc::vec::Vec<char> = s.chars().collect();
    let end = chars.len();
    let mut pos = 0;
    let mut spec = FormatSpec::default();

    if end >= 2 {
        if let Some(a) = Align::from_char(chars[1]) {
            spec.align = Some(a);
            spec.fill = Some(chars[0]);
            pos = 2;
        }
    }
    if pos == 0 && end >= 1 {
        if let Some(a) = Align::from_char(chars[0]) {
            spec.align = Some(a);
            pos = 1;
        }
    }
    if let Some(&c) = chars.get(pos) {
        let sign = match c {
            '+' => Some(Sign::Plus),
            '-' => Some(Sign::Minus),
            ' ' => Some(Sign::Space),
            _ => None,
        };
        if sign.is_some() {
            spec.sign = sign;
            pos += 1;
        }
    }
    if chars.get(pos) == Some(&'z') {
        spec.no_neg_zero = true;
        pos += 1;
    }
    if chars.get(pos) == Some(&'#') {
        spec.alternate = true;
        pos += 1;
    }
    if spec.fill.is_none() && chars.get(pos) == Some(&'0') {
        spec.zero_pad = true;
        pos += 1;
    }
    spec.width = get_integer(&chars, &mut pos)?;
    if chars.get(pos) == Some(&',') {
        spec.grouping = Some(Grouping::Comma);
        pos += 1;
    }
    if chars.get(pos) == Some(&'_') {
        if spec.grouping.is_some() {
            return Err(FormatError::value("Cannot specify both ',' and '_'."));
        }
        spec.grouping = Some(Grouping::Underscore);
        pos += 1;
    }
    if chars.get(pos) == Some(&',') && spec.grouping == Some(Grouping::Underscore) {
        return Err(FormatError::value("Cannot specify both ',' and '_'."));
    }
    if chars.get(pos) == Some(&'.') {
        pos += 1;
        spec.precision = get_integer(&chars, &mut pos)?;
        if spec.precision.is_none() {
            return Err(FormatError::value("Format specifier missing precision"));
        }
    }
    if end - pos > 1 {
        return Err(FormatError::value(format!(
            "Invalid format specifier '{}' for object of type '{}'",
            s, type_name
        )));
    }
    if end - pos == 1 {
        spec.ty = Some(chars[pos]);
    }
    Ok(spec)
}

/// Renders a presentation type the way CPython's error messages do (`'q'` or `'\x1'`).
pub(crate) fn type_char_display(c: char) -> String {
    let v = c as u32;
    if v > 32 && v < 128 {
        format!("{}", c)
    } else {
        format!("\\x{:x}", v)
    }
}

/// The grouping/type compatibility check at the end of CPython's parser; `ty` is the
/// effective type (the spec's or the object's default). Returns whether `_` means "every
/// four digits" (for `b o x X`).
pub(crate) fn check_grouping(spec: &FormatSpec, ty: Option<char>) -> Result<bool, FormatError> {
    let Some(g) = spec.grouping else {
        return Ok(false);
    };
    match ty {
        None | Some('d' | 'e' | 'f' | 'g' | 'E' | 'G' | '%' | 'F') => Ok(false),
        Some('b' | 'o' | 'x' | 'X') if g == Grouping::Underscore => Ok(true),
        Some(t) => Err(FormatError::value(format!(
            "Cannot specify '{}' with '{}'.",
            g.as_char(),
            type_char_display(t)
        ))),
    }
}

/// CPython's `unknown_presentation_type`.
pub(crate) fn unknown_type(t: char, type_name: &str) -> FormatError {
    FormatError::value(format!(
        "Unknown format code '{}' for object of type '{}'",
        type_char_display(t),
        type_name
    ))
}
