//! Applying a parsed [`FormatSpec`] to floats, ints and strings: ports of CPython 3.11's
//! `format_float_internal`, `format_long_internal`, `format_string_internal`,
//! `calc_number_widths`, `fill_number` and `_PyUnicode_InsertThousandsGrouping`
//! (Python/formatter_unicode.c, Objects/unicodeobject.c).

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::float_repr::{double_to_string, Code, DtoaFlags};
use super::spec::{check_grouping, parse_format_spec_for, unknown_type, Align, FormatSpec, Sign};
use super::{buffer, size, FormatError, Room};

/// An integer as the formatter needs to see it. The VM implements this for its big ints;
/// implementations for the primitive integer types are provided.
pub trait IntSource {
    /// Whether the value is below zero.
    fn is_negative(&self) -> bool;
    /// Digits of the absolute value in `radix` (2, 8, 10 or 16), lowercase, no prefix,
    /// no leading zeros (`"0"` for zero); `Err` when the conversion is refused (CPython
    /// limits decimal conversions to `sys.int_max_str_digits` digits).
    fn digits(&self, radix: u32) -> Result<String, FormatError>;
    /// At least the length of `digits(radix)`, claimed before converting.
    fn digits_bound(&self, _radix: u32) -> usize {
        // Enough for any primitive integer (`u128` in binary).
        128
    }
    /// The value correctly rounded to a float (round-half-even, like `float(n)`), or `None`
    /// if it is too large (formatting then raises `OverflowError`).
    fn to_f64(&self) -> Option<f64>;
    /// The value if it fits in an `i64` (a C `long` on CPython's 64-bit builds); used by `c`.
    fn to_i64(&self) -> Option<i64>;
}

macro_rules! int_source_impl {
    ($($t:ty),*) => {$(
        impl IntSource for $t {
            #[allow(unused_comparisons, reason = "unsigned types are never negative")]
            fn is_negative(&self) -> bool {
                *self < 0
            }
            fn digits(&self, radix: u32) -> Result<String, FormatError> {
                let m = self.unsigned_abs();
                Ok(match radix {
                    2 => format!("{:b}", m),
                    8 => format!("{:o}", m),
                    16 => format!("{:x}", m),
                    _ => format!("{}", m),
                })
            }
            fn to_f64(&self) -> Option<f64> {
                // `as` rounds to nearest-even, exactly like Python's int -> float.
                Some(*self as f64)
            }
            fn to_i64(&self) -> Option<i64> {
                i64::try_from(*self).ok()
            }
        }
    )*};
}
int_source_impl!(i8, i16, i32, i64, i128, isize);

macro_rules! uint_source_impl {
    ($($t:ty),*) => {$(
        impl IntSource for $t {
            fn is_negative(&self) -> bool {
                false
            }
            fn digits(&self, radix: u32) -> Result<String, FormatError> {
                Ok(match radix {
                    2 => format!("{:b}", self),
                    8 => format!("{:o}", self),
                    16 => format!("{:x}", self),
                    _ => format!("{}", self),
                })
            }
            fn to_f64(&self) -> Option<f64> {
                Some(*self as f64)
            }
            fn to_i64(&self) -> Option<i64> {
                i64::try_from(*self).ok()
            }
        }
    )*};
}
uint_source_impl!(u8, u16, u32, u64, u128, usize);

/// Adapter for the closure-based [`format_int`]: derives the float and `i64` views from the
/// decimal digits (`str::parse::<f64>` rounds correctly, which matches `float(n)`).
pub(crate) struct FnSource<'a> {
    pub(crate) negative: bool,
    pub(crate) magnitude_in: &'a dyn Fn(u32) -> String,
}

impl IntSource for FnSource<'_> {
    fn is_negative(&self) -> bool {
        self.negative
    }
    fn digits(&self, radix: u32) -> Result<String, FormatError> {
        Ok((self.magnitude_in)(radix))
    }
    fn to_f64(&self) -> Option<f64> {
        let m: f64 = (self.magnitude_in)(10).parse().ok()?;
        if m.is_infinite() {
            return None;
        }
        Some(if self.negative { -m } else { m })
    }
    fn to_i64(&self) -> Option<i64> {
        let mut s = String::new();
        if self.negative {
            s.push('-');
        }
        s.push_str(&(self.magnitude_in)(10));
        s.parse().ok()
    }
}

/// Pieces of a formatted number, as CPython's `calc_number_widths` sees them.
pub(super) struct NumberParts<'a> {
    pub(super) negative: bool,
    pub(super) prefix: &'a str,
    /// ASCII digits that grouping and zero padding apply to.
    pub(super) digits: &'a str,
    pub(super) has_decimal: bool,
    /// Everything after the decimal point (fraction, exponent, `%`, or `inf`/`nan`).
    pub(super) remainder: &'a str,
    /// `X` formatting upper-cases the prefix and the digits.
    pub(super) upper: bool,
}

impl<'a> NumberParts<'a> {
    /// `parse_number` of a float's text (`-12.5e+03`): sign, leading digits, optional
    /// point, then the remainder.
    pub(super) fn of_float_text(buf: &'a str) -> NumberParts<'a> {
        let (negative, body) = match buf.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, buf),
        };
        let n_int = body.bytes().take_while(u8::is_ascii_digit).count();
        let (digits, rest) = body.split_at(n_int);
        let (has_decimal, remainder) = match rest.strip_prefix('.') {
            Some(r) => (true, r),
            None => (false, rest),
        };
        NumberParts {
            negative,
            prefix: "",
            digits,
            has_decimal,
            remainder,
            upper: false,
        }
    }
}

/// `_PyUnicode_InsertThousandsGrouping`: groups `digits` from the right, zero-extending to
/// `min_width` characters (separators included) when zero padding with `=` alignment.
fn group_digits<'a>(
    digits: &'a str,
    min_width: i64,
    grouping: Option<(u8, i64)>,
    room: &mut dyn Room,
) -> Result<Cow<'a, str>, FormatError> {
    let digits = digits.as_bytes();
    let mut min_width = min_width.max(0);
    let mut remaining = digits.len() as i64;
    if grouping.is_none() && min_width <= remaining {
        // Nothing to insert: the digits as they are (the common case).
        return Ok(Cow::Borrowed(
            core::str::from_utf8(digits).unwrap_or_default(),
        ));
    }
    // Every group of `size` characters but the first has a separator before it.
    let n = remaining.max(min_width).max(1);
    let bound = match grouping {
        Some((_, size)) => n.saturating_add(n / size.max(1)).saturating_add(2),
        None => n,
    };
    let bound = size(bound);
    if !room.claim(bound) {
        return Err(FormatError::memory());
    }
    let mut rev: Vec<u8> = Vec::new();
    rev.try_reserve_exact(bound)
        .map_err(|_| FormatError::memory())?;
    let mut end = digits.len();
    let mut use_sep = false;
    let mut emit = |rev: &mut Vec<u8>, sep: Option<u8>, n_chars: i64, n_zeros: i64| {
        rev.extend(sep);
        let start = end - size(n_chars);
        rev.extend(digits[start..end].iter().rev());
        end = start;
        rev.extend(core::iter::repeat_n(b'0', size(n_zeros)));
    };
    let mut broken = false;
    if let Some((sep, size)) = grouping {
        loop {
            let len = size.min(remaining.max(min_width).max(1));
            let n_zeros = (len - remaining).max(0);
            let n_chars = remaining.min(len).max(0);
            emit(&mut rev, use_sep.then_some(sep), n_chars, n_zeros);
            use_sep = true;
            remaining -= n_chars;
            min_width -= len;
            if remaining <= 0 && min_width <= 0 {
                broken = true;
                break;
            }
            min_width -= 1;
        }
    }
    if !broken {
        let len = remaining.max(min_width).max(1);
        let n_zeros = (len - remaining).max(0);
        let n_chars = remaining.min(len).max(0);
        let sep = if use_sep { grouping.map(|g| g.0) } else { None };
        emit(&mut rev, sep, n_chars, n_zeros);
    }
    rev.reverse();
    // ASCII digits, zeros and separators only.
    Ok(Cow::Owned(String::from_utf8(rev).unwrap_or_default()))
}

/// How a number is laid out: fill, alignment, width, sign option and grouping (separator
/// byte and group size).
pub(super) struct Layout {
    pub(super) fill: char,
    pub(super) align: Align,
    pub(super) width: Option<usize>,
    pub(super) sign: Option<Sign>,
    pub(super) grouping: Option<(u8, i64)>,
}

/// `calc_number_widths` + `fill_number`.
pub(super) fn layout_number(
    parts: &NumberParts<'_>,
    layout: &Layout,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    let Layout {
        fill,
        align,
        width,
        sign,
        grouping,
    } = *layout;
    // Widths come from `get_integer`, which keeps them within `i64`.
    let width = width.map_or(-1, |w| i64::try_from(w).unwrap_or(i64::MAX));
    let sign_char = match (sign, parts.negative) {
        (_, true) => Some('-'),
        (Some(Sign::Plus), false) => Some('+'),
        (Some(Sign::Space), false) => Some(' '),
        _ => None,
    };
    let n_remainder = parts.remainder.chars().count() as i64;
    let n_non_digit = sign_char.is_some() as i64
        + parts.prefix.len() as i64
        + parts.has_decimal as i64
        + n_remainder;
    let min_width = if fill == '0' && align == Align::AfterSign {
        width - n_non_digit
    } else {
        0
    };
    let grouped = if parts.digits.is_empty() {
        Cow::Borrowed("")
    } else {
        group_digits(parts.digits, min_width, grouping, room)?
    };
    let n_padding = width - (n_non_digit + grouped.len() as i64);
    let (mut lpad, mut spad, mut rpad) = (0, 0, 0);
    if n_padding > 0 {
        match align {
            Align::Left => rpad = n_padding,
            Align::Center => {
                lpad = n_padding / 2;
                rpad = n_padding - lpad;
            }
            Align::AfterSign => spad = n_padding,
            Align::Right => lpad = n_padding,
        }
    }
    let fill_bytes = size(n_padding.max(0)).saturating_mul(fill.len_utf8());
    let total = fill_bytes
        .saturating_add(1 + parts.prefix.len() + grouped.len() + 1)
        .saturating_add(parts.remainder.len());
    let mut out = buffer(room, total)?;
    let push_fill = |out: &mut String, n: i64| out.extend(core::iter::repeat_n(fill, size(n)));
    push_fill(&mut out, lpad);
    if let Some(c) = sign_char {
        out.push(c);
    }
    if parts.upper {
        out.extend(parts.prefix.chars().map(|c| c.to_ascii_uppercase()));
    } else {
        out.push_str(parts.prefix);
    }
    push_fill(&mut out, spad);
    if parts.upper {
        out.extend(grouped.chars().map(|c| c.to_ascii_uppercase()));
    } else {
        out.push_str(&grouped);
    }
    if parts.has_decimal {
        out.push('.');
    }
    out.push_str(parts.remainder);
    push_fill(&mut out, rpad);
    Ok(out)
}

/// Formats a float per `spec`, exactly like `format(x, spec)` in CPython 3.11.
/// Types: `e E f F g G n %` and none.
pub fn format_float(x: f64, spec: &FormatSpec, room: &mut dyn Room) -> Result<String, FormatError> {
    check_grouping(spec, spec.ty)?;
    match spec.ty {
        None | Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n' | '%') => float_internal(x, spec, room),
        Some(t) => Err(unknown_type(t, "float")),
    }
}

/// `format(x, spec_text)` for a float: parses the spec (empty spec gives `str(x)`).
pub fn format_float_spec(x: f64, spec: &str, room: &mut dyn Room) -> Result<String, FormatError> {
    format_float(x, &parse_format_spec_for(spec, "float")?, room)
}

/// `format_float_internal`.
fn float_internal(x: f64, spec: &FormatSpec, room: &mut dyn Room) -> Result<String, FormatError> {
    if spec.precision.is_some_and(|p| p > i32::MAX as usize) {
        return Err(FormatError::value("precision too big"));
    }
    let mut flags = DtoaFlags {
        alt: spec.alternate,
        no_neg_0: spec.no_neg_zero,
        ..DtoaFlags::default()
    };
    let mut default_precision = 6;
    let mut x = x;
    let mut add_pct = false;
    let mut code = match spec.ty {
        None => {
            // Like repr() without precision, else like 'g' but keeping a ".0".
            flags.add_dot_0 = true;
            default_precision = 0;
            Code::Repr
        }
        Some('e') => Code::Exp,
        Some('E') => {
            flags.upper = true;
            Code::Exp
        }
        Some('f') => Code::Fixed,
        Some('F') => {
            flags.upper = true;
            Code::Fixed
        }
        Some('G') => {
            flags.upper = true;
            Code::General
        }
        Some('%') => {
            x *= 100.0;
            add_pct = true;
            Code::Fixed
        }
        // 'g' and 'n' ('n' is 'g' in the C locale).
        _ => Code::General,
    };
    let precision = match spec.precision {
        None => default_precision,
        Some(p) => {
            if code == Code::Repr {
                code = Code::General;
            }
            p
        }
    };
    let mut buf = double_to_string(x, code, precision, flags, room)?;
    if add_pct {
        buf.push('%');
    }
    let (fill, align) = spec.resolved_fill_align(Align::Right);
    let grouping = if spec.ty == Some('n') {
        None
    } else {
        spec.grouping.map(|g| (g.as_byte(), 3))
    };
    let parts = NumberParts::of_float_text(&buf);
    let layout = Layout {
        fill,
        align,
        width: spec.width,
        sign: spec.sign,
        grouping,
    };
    layout_number(&parts, &layout, room)
}

/// Formats an integer given as sign + digit callback (`magnitude_in(radix)` returns the
/// absolute value's digits in radix 2, 8, 10 or 16, lowercase, no prefix). Float types
/// convert the decimal digits to the nearest float. See [`format_int_src`].
pub fn format_int(
    negative: bool,
    magnitude_in: &dyn Fn(u32) -> String,
    spec: &FormatSpec,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    let src = FnSource {
        negative,
        magnitude_in,
    };
    format_int_src(&src, spec, room)
}

/// Formats an integer like CPython's `int.__format__`: types `b c d o x X n`, none (= `d`),
/// and the float types `e E f F g G %` (via `float(n)`).
pub fn format_int_src(
    src: &dyn IntSource,
    spec: &FormatSpec,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    format_int_typed(src, spec, "int", room)
}

/// `format(n, spec_text)` for an int-like object whose type is named `type_name` (`"int"`,
/// `"bool"`, ...; the name appears in the unknown-code message).
pub fn format_int_spec(
    src: &dyn IntSource,
    spec: &str,
    type_name: &str,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    let spec = parse_format_spec_for(spec, type_name)?;
    format_int_typed(src, &spec, type_name, room)
}

fn format_int_typed(
    src: &dyn IntSource,
    spec: &FormatSpec,
    type_name: &str,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    let ty = spec.ty.unwrap_or('d');
    let under_four = check_grouping(spec, Some(ty))?;
    match ty {
        'b' | 'c' | 'd' | 'o' | 'x' | 'X' | 'n' => long_internal(src, spec, ty, under_four, room),
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%' => match src.to_f64() {
            Some(f) => float_internal(f, spec, room),
            None => Err(FormatError::overflow("int too large to convert to float")),
        },
        t => Err(unknown_type(t, type_name)),
    }
}

/// `format_long_internal`.
fn long_internal(
    src: &dyn IntSource,
    spec: &FormatSpec,
    ty: char,
    under_four: bool,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    if spec.precision.is_some() {
        return Err(FormatError::value(
            "Precision not allowed in integer format specifier",
        ));
    }
    if spec.no_neg_zero {
        return Err(FormatError::value(
            "Negative zero coercion (z) not allowed in integer format specifier",
        ));
    }
    let (fill, align) = spec.resolved_fill_align(Align::Right);
    if ty == 'c' {
        if spec.sign.is_some() {
            return Err(FormatError::value(
                "Sign not allowed with integer format specifier 'c'",
            ));
        }
        if spec.alternate {
            return Err(FormatError::value(
                "Alternate form (#) not allowed with integer format specifier 'c'",
            ));
        }
        let v = src
            .to_i64()
            .ok_or_else(|| FormatError::overflow("Python int too large to convert to C long"))?;
        if !(0..=0x10ffff).contains(&v) {
            return Err(FormatError::overflow("%c arg not in range(0x110000)"));
        }
        // Lone surrogates are valid Python str contents but not Rust chars.
        let c = char::from_u32(v as u32)
            .ok_or_else(|| FormatError::value("surrogate code points are not supported"))?;
        let mut buf = [0u8; 4];
        let s: &str = c.encode_utf8(&mut buf);
        // As in CPython, the character is laid out as a "remainder" (never grouped).
        let parts = NumberParts {
            negative: false,
            prefix: "",
            digits: "",
            has_decimal: false,
            remainder: s,
            upper: false,
        };
        let layout = Layout {
            fill,
            align,
            width: spec.width,
            sign: None,
            grouping: None,
        };
        return layout_number(&parts, &layout, room);
    }
    let (radix, prefix) = match ty {
        'b' => (2, "0b"),
        'o' => (8, "0o"),
        'x' | 'X' => (16, "0x"),
        _ => (10, ""),
    };
    if !room.claim(src.digits_bound(radix)) {
        return Err(FormatError::memory());
    }
    let digits = src.digits(radix)?;
    let grouping = match (ty, spec.grouping) {
        ('n', _) | (_, None) => None,
        (_, Some(g)) => Some((g.as_byte(), if under_four { 4 } else { 3 })),
    };
    let parts = NumberParts {
        negative: src.is_negative(),
        prefix: if spec.alternate { prefix } else { "" },
        digits: &digits,
        has_decimal: false,
        remainder: "",
        upper: ty == 'X',
    };
    let layout = Layout {
        fill,
        align,
        width: spec.width,
        sign: spec.sign,
        grouping,
    };
    layout_number(&parts, &layout, room)
}

/// Formats a string per `spec` like `str.__format__`: precision truncates, width counts
/// characters, default alignment is left.
pub fn format_str(s: &str, spec: &FormatSpec, room: &mut dyn Room) -> Result<String, FormatError> {
    let ty = spec.ty.unwrap_or('s');
    check_grouping(spec, Some(ty))?;
    if ty != 's' {
        return Err(unknown_type(ty, "str"));
    }
    match spec.sign {
        Some(Sign::Space) => {
            return Err(FormatError::value(
                "Space not allowed in string format specifier",
            ))
        }
        Some(_) => {
            return Err(FormatError::value(
                "Sign not allowed in string format specifier",
            ))
        }
        None => {}
    }
    if spec.no_neg_zero {
        return Err(FormatError::value(
            "Negative zero coercion (z) not allowed in string format specifier",
        ));
    }
    if spec.alternate {
        return Err(FormatError::value(
            "Alternate form (#) not allowed in string format specifier",
        ));
    }
    let (fill, align) = spec.resolved_fill_align(Align::Left);
    if align == Align::AfterSign {
        return Err(FormatError::value(
            "'=' alignment not allowed in string format specifier",
        ));
    }
    let s = match spec.precision {
        Some(p) => match s.char_indices().nth(p) {
            Some((i, _)) => &s[..i],
            None => s,
        },
        None => s,
    };
    pad(s, fill, align, spec.width.unwrap_or(0), room)
}

/// `format(s, spec_text)` for a string (empty spec returns `s` unchanged).
pub fn format_str_spec(s: &str, spec: &str, room: &mut dyn Room) -> Result<String, FormatError> {
    format_str(s, &parse_format_spec_for(spec, "str")?, room)
}

/// Pads `s` to `width` characters with `fill` (CPython's `calc_padding`): `Right` pads on
/// the left, `Center` puts the odd extra character on the right, `Left`/`AfterSign` pad on
/// the right. The result is claimed from `room` first.
pub fn pad(
    s: &str,
    fill: char,
    align: Align,
    width: usize,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    let n = s.chars().count();
    if width <= n {
        return buffer(room, s.len()).map(|mut out| {
            out.push_str(s);
            out
        });
    }
    let total = width - n;
    let left = match align {
        Align::Right => total,
        Align::Center => total / 2,
        Align::Left | Align::AfterSign => 0,
    };
    let bytes = total
        .saturating_mul(fill.len_utf8())
        .saturating_add(s.len());
    let mut out = buffer(room, bytes)?;
    out.extend(core::iter::repeat_n(fill, left));
    out.push_str(s);
    out.extend(core::iter::repeat_n(fill, total - left));
    Ok(out)
}
