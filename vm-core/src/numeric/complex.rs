//! `complex` arithmetic, text and parsing: ports of CPython 3.11's `Objects/complexobject.c`
//! (`_Py_c_sum` .. `_Py_c_pow`, `c_powi`, `_Py_c_abs`, `complex_repr`,
//! `complex_from_string_inner`).

use alloc::string::String;

use super::floatops::float_from_str;
use crate::format::float_repr;

/// A complex number as two floats.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Complex {
    /// The real part.
    pub re: f64,
    /// The imaginary part.
    pub im: f64,
}

/// Why a complex operation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComplexError {
    /// `ZeroDivisionError` (`complex division by zero`, `0.0 to a negative or complex
    /// power`).
    ZeroDivision,
    /// `OverflowError` (`complex exponentiation`, `absolute value too large`).
    Overflow,
}

const ONE: Complex = Complex { re: 1.0, im: 0.0 };

impl core::ops::Add for Complex {
    type Output = Complex;
    /// `_Py_c_sum`.
    fn add(self, b: Complex) -> Complex {
        Complex::new(self.re + b.re, self.im + b.im)
    }
}

impl core::ops::Sub for Complex {
    type Output = Complex;
    /// `_Py_c_diff`.
    fn sub(self, b: Complex) -> Complex {
        Complex::new(self.re - b.re, self.im - b.im)
    }
}

impl core::ops::Mul for Complex {
    type Output = Complex;
    /// `_Py_c_prod`.
    fn mul(self, b: Complex) -> Complex {
        Complex::new(
            self.re * b.re - self.im * b.im,
            self.re * b.im + self.im * b.re,
        )
    }
}

impl Complex {
    /// `re + im*j`.
    pub const fn new(re: f64, im: f64) -> Complex {
        Complex { re, im }
    }

    /// `a / b` by Smith's method, as `_Py_c_quot`.
    pub fn quot(self, b: Complex) -> Result<Complex, ComplexError> {
        let a = self;
        let abs_breal = b.re.abs();
        let abs_bimag = b.im.abs();
        if abs_breal >= abs_bimag {
            if abs_breal == 0.0 {
                return Err(ComplexError::ZeroDivision);
            }
            let ratio = b.im / b.re;
            let denom = b.re + b.im * ratio;
            Ok(Complex::new(
                (a.re + a.im * ratio) / denom,
                (a.im - a.re * ratio) / denom,
            ))
        } else if abs_bimag >= abs_breal {
            let ratio = b.re / b.im;
            let denom = b.re * ratio + b.im;
            Ok(Complex::new(
                (a.re * ratio + a.im) / denom,
                (a.im * ratio - a.re) / denom,
            ))
        } else {
            // A NaN part.
            Ok(Complex::new(f64::NAN, f64::NAN))
        }
    }

    /// `a ** b` (`complex_pow`): small integral exponents by repeated multiplication.
    pub fn pow(self, b: Complex) -> Result<Complex, ComplexError> {
        let p = if b.im == 0.0 && b.re == libm::floor(b.re) && b.re.abs() <= 100.0 {
            self.powi(b.re as i64)?
        } else {
            self.pow_general(b)?
        };
        // `_Py_ADJUST_ERANGE2`: an infinite part from finite operands overflowed.
        if p.re.is_infinite() || p.im.is_infinite() {
            return Err(ComplexError::Overflow);
        }
        Ok(p)
    }

    /// `_Py_c_pow`.
    fn pow_general(self, b: Complex) -> Result<Complex, ComplexError> {
        let a = self;
        if b.re == 0.0 && b.im == 0.0 {
            return Ok(ONE);
        }
        if a.re == 0.0 && a.im == 0.0 {
            if b.im != 0.0 || b.re < 0.0 {
                return Err(ComplexError::ZeroDivision);
            }
            return Ok(Complex::new(0.0, 0.0));
        }
        let vabs = libm::hypot(a.re, a.im);
        let mut len = c_pow(vabs, b.re);
        let at = libm::atan2(a.im, a.re);
        let mut phase = at * b.re;
        if b.im != 0.0 {
            len /= super::dd::exp(at * b.im);
            phase += b.im * c_log(vabs);
        }
        Ok(Complex::new(len * libm::cos(phase), len * libm::sin(phase)))
    }

    /// `c_powi`.
    fn powi(self, n: i64) -> Result<Complex, ComplexError> {
        if n > 0 {
            Ok(self.powu(n))
        } else {
            ONE.quot(self.powu(-n))
        }
    }

    /// `c_powu`.
    fn powu(self, n: i64) -> Complex {
        let mut r = ONE;
        let mut p = self;
        let mut mask = 1i64;
        while mask > 0 && n >= mask {
            if n & mask != 0 {
                r = r * p;
            }
            mask <<= 1;
            p = p * p;
        }
        r
    }

    /// `abs(z)` (`_Py_c_abs`).
    pub fn abs(self) -> Result<f64, ComplexError> {
        if !self.re.is_finite() || !self.im.is_finite() {
            if self.re.is_infinite() {
                return Ok(self.re.abs());
            }
            if self.im.is_infinite() {
                return Ok(self.im.abs());
            }
            return Ok(f64::NAN);
        }
        let r = libm::hypot(self.re, self.im);
        if r.is_finite() {
            Ok(r)
        } else {
            Err(ComplexError::Overflow)
        }
    }

    /// `complex_hash` from the hashes of both parts (as unsigned words): -1 maps to -2.
    pub fn hash_from_parts(re_hash: u64, im_hash: u64) -> u64 {
        let h = re_hash.wrapping_add(im_hash.wrapping_mul(1_000_003));
        if h == u64::MAX {
            u64::MAX - 1
        } else {
            h
        }
    }

    /// `repr(z)`: `1j`, `(1+2j)`, `(-0-1j)`, `(nan+infj)`.
    pub fn repr(self) -> String {
        let mut out = String::new();
        if self.re == 0.0 && self.re.is_sign_positive() {
            out.push_str(&part_repr(self.im));
            out.push('j');
            return out;
        }
        out.push('(');
        out.push_str(&part_repr(self.re));
        let im = part_repr(self.im);
        if !im.starts_with('-') {
            out.push('+');
        }
        out.push_str(&im);
        out.push_str("j)");
        out
    }

    /// `complex(s)` for a str: `None` is `ValueError: complex() arg is a malformed string`.
    /// Accepts what `complex_from_string_inner` does: optional parentheses and whitespace,
    /// `<float>`, `<float>j`, `<float><signed float>j`, `<float><sign>j`, `<sign>j`, `j`;
    /// underscores as in float literals.
    pub fn parse(s: &str) -> Option<Complex> {
        let t = s.trim_matches(is_space);
        let t = match t.strip_prefix('(') {
            Some(inner) => inner.strip_suffix(')')?.trim_matches(is_space),
            None => t,
        };
        let (body, imag) = match t.strip_suffix(['j', 'J']) {
            Some(b) => (b, true),
            None => (t, false),
        };
        if !imag {
            // `<float>` only: whitespace inside the parentheses was trimmed already.
            return plain_float(body).map(|x| Complex::new(x, 0.0));
        }
        // Split `<float><sign...>` at the last sign that starts the imaginary part: a sign
        // at the start, or one not following an exponent marker.
        let bytes = body.as_bytes();
        let split = (1..bytes.len())
            .rev()
            .find(|&i| matches!(bytes[i], b'+' | b'-') && !matches!(bytes[i - 1], b'e' | b'E'));
        match split {
            Some(i) => {
                let re = plain_float(&body[..i])?;
                let im = signed_unit(&body[i..])?;
                Some(Complex::new(re, im))
            }
            None => signed_unit(body).map(|im| Complex::new(0.0, im)),
        }
    }
}

/// C's `pow` for `x > 0`: glibc's is correctly rounded in practice, as the double-double
/// one is (the `math` module's choice too).
fn c_pow(x: f64, y: f64) -> f64 {
    if x == 1.0 || y == 0.0 {
        1.0
    } else if x.is_finite() && y.is_finite() {
        super::dd::pow(x, y)
    } else {
        libm::pow(x, y)
    }
}

/// C's `log` for `x > 0`.
fn c_log(x: f64) -> f64 {
    if x.is_finite() {
        super::dd::log(x)
    } else {
        x
    }
}

/// A part of a complex's repr: the float's repr without the `.0` that `repr` adds.
fn part_repr(x: f64) -> String {
    let mut s = float_repr(x);
    if s.ends_with(".0") {
        s.truncate(s.len() - 2);
    }
    s
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{0b}' | '\u{0c}' | '\r')
}

/// A float with no surrounding whitespace (`float_from_str` allows it; `complex` does not
/// between its parts).
fn plain_float(s: &str) -> Option<f64> {
    if s.is_empty() || s.starts_with(is_space) || s.ends_with(is_space) {
        return None;
    }
    float_from_str(s)
}

/// The coefficient of `j`: a float, or a bare sign (`+j`, `-j`) or nothing (`j`).
fn signed_unit(s: &str) -> Option<f64> {
    match s {
        "" | "+" => Some(1.0),
        "-" => Some(-1.0),
        _ => plain_float(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repr_matches_cpython() {
        let cases = [
            (0.0, 1.0, "1j"),
            (1.0, 2.0, "(1+2j)"),
            (-0.0, -1.0, "(-0-1j)"),
            (0.0, -0.0, "-0j"),
            (f64::NAN, f64::INFINITY, "(nan+infj)"),
            (0.0, 1e300, "1e+300j"),
            (1.5, -2.25, "(1.5-2.25j)"),
            (1e16, 1e-5, "(1e+16+1e-05j)"),
        ];
        for (re, im, want) in cases {
            assert_eq!(Complex::new(re, im).repr(), want);
        }
    }

    #[test]
    fn parse_forms() {
        let ok = [
            ("1+2j", (1.0, 2.0)),
            (" ( 1-2j ) ", (1.0, -2.0)),
            ("j", (0.0, 1.0)),
            ("-j", (0.0, -1.0)),
            ("1+j", (1.0, 1.0)),
            ("1e3-1e-2J", (1000.0, -0.01)),
            ("-1.5", (-1.5, 0.0)),
            ("1_0j", (0.0, 10.0)),
            ("infj", (0.0, f64::INFINITY)),
        ];
        for (s, (re, im)) in ok {
            assert_eq!(Complex::parse(s), Some(Complex::new(re, im)), "{s}");
        }
        for bad in ["", "1+", "1 +2j", "(1+2j", "1+2jj", "1j+2", "jj", "1__0"] {
            assert_eq!(Complex::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn division_and_powers() {
        let a = Complex::new(1.0, 2.0);
        assert_eq!(
            a.quot(Complex::new(0.0, 0.0)),
            Err(ComplexError::ZeroDivision)
        );
        assert_eq!(a.quot(Complex::new(1.0, 2.0)), Ok(ONE));
        assert_eq!(a.pow(Complex::new(2.0, 0.0)), Ok(Complex::new(-3.0, 4.0)));
        assert_eq!(
            Complex::new(0.0, 0.0).pow(Complex::new(-1.0, 0.0)),
            Err(ComplexError::ZeroDivision)
        );
        assert_eq!(Complex::new(3.0, 4.0).abs(), Ok(5.0));
    }
}
