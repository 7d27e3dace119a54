//! `format(z, spec)` for a complex number: a port of CPython 3.11's
//! `format_complex_internal` (Python/formatter_unicode.c). Both parts are formatted like
//! floats without padding, the imaginary one with a sign (unless the real part is left
//! out), then the whole `re+imj` (in parentheses when no type is given) is padded.

use alloc::string::String;

use super::apply::{layout_number, pad, Layout, NumberParts};
use super::float_repr::{double_to_string, Code, DtoaFlags};
use super::spec::{check_grouping, parse_format_spec_for, unknown_type, Align, FormatSpec, Sign};
use super::{FormatError, Room};

/// Formats `re + im*j` per `spec`, exactly like `format(complex(re, im), spec)` in CPython
/// 3.11. Types: `e E f F g G n` and none. The empty spec is the caller's (`str(z)`).
pub fn format_complex(
    re: f64,
    im: f64,
    spec: &FormatSpec,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    check_grouping(spec, spec.ty)?;
    if let Some(t) = spec.ty {
        if !matches!(t, 'e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n') {
            return Err(unknown_type(t, "complex"));
        }
    }
    if spec.precision.is_some_and(|p| p > i32::MAX as usize) {
        return Err(FormatError::value("precision too big"));
    }
    let (fill, align) = spec.resolved_fill_align(Align::Right);
    if fill == '0' {
        return Err(FormatError::value(
            "Zero padding is not allowed in complex format specifier",
        ));
    }
    if align == Align::AfterSign {
        return Err(FormatError::value(
            "'=' alignment flag is not allowed in complex format specifier",
        ));
    }
    let mut flags = DtoaFlags {
        alt: spec.alternate,
        no_neg_0: spec.no_neg_zero,
        ..DtoaFlags::default()
    };
    let (mut skip_re, mut add_parens) = (false, false);
    let mut default_precision = 6;
    let mut code = match spec.ty {
        None => {
            // Like str(z): the repr of each part, the real part left out when it is +0.
            default_precision = 0;
            if re == 0.0 && re.is_sign_positive() {
                skip_re = true;
            } else {
                add_parens = true;
            }
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
    let re_buf = double_to_string(re, code, precision, flags, room)?;
    let im_buf = double_to_string(im, code, precision, flags, room)?;
    let grouping = if spec.ty == Some('n') {
        None
    } else {
        spec.grouping.map(|g| (g.as_byte(), 3))
    };
    let part_layout = |sign| Layout {
        fill: ' ',
        align: Align::Left,
        width: None,
        sign,
        grouping,
    };
    let mut body = String::new();
    if add_parens {
        body.push('(');
    }
    if !skip_re {
        let re_text = layout_number(
            &NumberParts::of_float_text(&re_buf),
            &part_layout(spec.sign),
            room,
        )?;
        body.push_str(&re_text);
    }
    let im_sign = if skip_re { spec.sign } else { Some(Sign::Plus) };
    let im_text = layout_number(
        &NumberParts::of_float_text(&im_buf),
        &part_layout(im_sign),
        room,
    )?;
    body.push_str(&im_text);
    body.push('j');
    if add_parens {
        body.push(')');
    }
    pad(&body, fill, align, spec.width.unwrap_or(0), room)
}

/// `format(z, spec_text)` for a complex number (the empty spec gives `str(z)`).
pub fn format_complex_spec(
    re: f64,
    im: f64,
    spec: &str,
    room: &mut dyn Room,
) -> Result<String, FormatError> {
    if spec.is_empty() {
        return Ok(crate::numeric::complex::Complex::new(re, im).repr());
    }
    format_complex(re, im, &parse_format_spec_for(spec, "complex")?, room)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Unlimited;

    fn f(re: f64, im: f64, spec: &str) -> String {
        match format_complex_spec(re, im, spec, &mut Unlimited) {
            Ok(s) => s,
            Err(e) => e.message,
        }
    }

    #[test]
    fn specs_match_cpython() {
        assert_eq!(f(1.0, 2.0, ""), "(1+2j)");
        assert_eq!(f(1.0, 2.0, ".2f"), "1.00+2.00j");
        assert_eq!(f(0.0, 2.0, "10"), "        2j");
        assert_eq!(f(1.5, -2.0, "<12"), "(1.5-2j)    ");
        assert_eq!(f(1.0, 2.0, "^12.3"), "   (1+2j)   ");
        assert_eq!(f(1234.0, 5678.0, ","), "(1,234+5,678j)");
        assert_eq!(f(1.0, 2.0, "+"), "(+1+2j)");
        assert_eq!(f(0.0, 2.0, "+"), "+2j");
        assert_eq!(f(1.0, 2.0, "e"), "1.000000e+00+2.000000e+00j");
        assert_eq!(
            f(1.0, 2.0, "010"),
            "Zero padding is not allowed in complex format specifier"
        );
        assert_eq!(
            f(1.0, 2.0, "=10"),
            "'=' alignment flag is not allowed in complex format specifier"
        );
        assert_eq!(
            f(1.0, 2.0, "d"),
            "Unknown format code 'd' for object of type 'complex'"
        );
    }
}
