//! Python `float` semantics (CPython 3.11 `Objects/floatobject.c`): division family, `**`,
//! `round`, `hash`, `as_integer_ratio`, `float(str)`, `float.hex()`/`float.fromhex()`.
//!
//! Everything is a pure function on `f64`; errors are small enums whose docs give the exact
//! Python exception and message the VM should raise.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Division by a zero float. The message depends on the operator:
/// `/` -> `ZeroDivisionError: float division by zero`, `//` -> `float floor division by
/// zero`, `%` -> `float modulo`, `divmod` -> `float divmod()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZeroDiv;

/// `a / b` (true division).
pub fn float_truediv(a: f64, b: f64) -> Result<f64, ZeroDiv> {
    if b == 0.0 {
        Err(ZeroDiv)
    } else {
        Ok(a / b)
    }
}

/// `a // b`: the floor part of CPython's `_float_div_mod`.
pub fn float_floordiv(a: f64, b: f64) -> Result<f64, ZeroDiv> {
    float_divmod(a, b).map(|(q, _)| q)
}

/// `a % b`: CPython's `float_rem`. The result has the sign of `b` (a zero result is
/// `copysign(0.0, b)`).
pub fn float_mod(a: f64, b: f64) -> Result<f64, ZeroDiv> {
    if b == 0.0 {
        return Err(ZeroDiv);
    }
    let mut m = libm::fmod(a, b);
    // `m != 0.0` is also true for NaN, as C's `if (mod)` is.
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            m += b;
        }
    } else {
        m = libm::copysign(0.0, b);
    }
    Ok(m)
}

/// `divmod(a, b)`: CPython's `_float_div_mod` (quotient snapped to the nearest integer,
/// zero quotient signed like `a / b`).
pub fn float_divmod(a: f64, b: f64) -> Result<(f64, f64), ZeroDiv> {
    if b == 0.0 {
        return Err(ZeroDiv);
    }
    let mut m = libm::fmod(a, b);
    // fmod is exact, so a - m is mathematically a multiple of b; the division may still be
    // a hair off an integer, hence the snapping below.
    let mut div = (a - m) / b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            m += b;
            div -= 1.0;
        }
    } else {
        m = libm::copysign(0.0, b);
    }
    let floordiv = if div != 0.0 {
        let mut f = libm::floor(div);
        if div - f > 0.5 {
            f += 1.0;
        }
        f
    } else {
        libm::copysign(0.0, a / b)
    };
    Ok((floordiv, m))
}

/// Error from [`float_pow`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PowError {
    /// `ZeroDivisionError: 0.0 cannot be raised to a negative power`.
    ZeroToNegative,
    /// Negative finite base with a non-integral finite exponent. CPython 3.11 returns a
    /// `complex` here; Tiercel has no complex type, so the VM raises
    /// `ValueError: negative number cannot be raised to a fractional power` (the Python 2
    /// message) instead. (When `|a| ** b` overflows, CPython raises `OverflowError:
    /// complex exponentiation`; that case is reported as [`PowError::Overflow`].)
    Complex,
    /// `OverflowError: (34, 'Numerical result out of range')` (or `complex exponentiation`
    /// for a negative base with a fractional exponent).
    Overflow,
}

/// `DOUBLE_IS_ODD_INTEGER`.
fn is_odd_integer(x: f64) -> bool {
    libm::fmod(libm::fabs(x), 2.0) == 1.0
}

/// `a ** b` for floats (two-argument `pow`), CPython's `float_pow` special cases first, then
/// the platform `pow` (here [`crate::numeric::mathfn::pow_core`]).
pub fn float_pow(iv: f64, iw: f64) -> Result<f64, PowError> {
    if iw == 0.0 {
        return Ok(1.0); // v**0 is 1, even 0**0 and nan**0
    }
    if iv.is_nan() {
        return Ok(iv);
    }
    if iw.is_nan() {
        return Ok(if iv == 1.0 { 1.0 } else { iw });
    }
    if iw.is_infinite() {
        let av = libm::fabs(iv);
        return Ok(if av == 1.0 {
            1.0
        } else if (iw > 0.0) == (av > 1.0) {
            libm::fabs(iw)
        } else {
            0.0
        });
    }
    if iv.is_infinite() {
        let odd = is_odd_integer(iw);
        return Ok(if iw > 0.0 {
            if odd {
                iv
            } else {
                libm::fabs(iv)
            }
        } else if odd {
            libm::copysign(0.0, iv)
        } else {
            0.0
        });
    }
    if iv == 0.0 {
        let odd = is_odd_integer(iw);
        if iw < 0.0 {
            return Err(PowError::ZeroToNegative);
        }
        return Ok(if odd { iv } else { 0.0 });
    }
    let mut base = iv;
    let mut negate = false;
    if iv < 0.0 {
        if iw != libm::floor(iw) {
            // CPython's complex power raises OverflowError when the modulus overflows.
            if super::mathfn::pow_core(-iv, iw).is_infinite() {
                return Err(PowError::Overflow);
            }
            return Err(PowError::Complex);
        }
        base = -iv;
        negate = is_odd_integer(iw);
    }
    if base == 1.0 {
        return Ok(if negate { -1.0 } else { 1.0 });
    }
    let ix = super::mathfn::pow_core(base, iw);
    if ix.is_infinite() {
        // Finite positive base and finite exponent: infinity means ERANGE overflow.
        return Err(PowError::Overflow);
    }
    Ok(if negate { -ix } else { ix })
}

/// `round(x)` without ndigits, before the int conversion: nearest integer, ties to even.
/// The VM turns the result into an int (inf -> `OverflowError: cannot convert float
/// infinity to integer`, nan -> `ValueError: cannot convert float NaN to integer`).
pub fn float_round_to_int(x: f64) -> f64 {
    let r = libm::round(x);
    if libm::fabs(x - r) == 0.5 {
        2.0 * libm::round(x / 2.0)
    } else {
        r
    }
}

/// `round(x, ndigits)` produced an infinity: `OverflowError: rounded value too large to
/// represent`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundOverflow;

/// Largest ndigits that can change a double (`NDIGITS_MAX` in CPython).
const NDIGITS_MAX: i64 = 323;
/// Smallest ndigits that does not always give zero (`NDIGITS_MIN` in CPython).
const NDIGITS_MIN: i64 = -308;

/// `round(x, ndigits)` exactly like CPython's `double_round`: the exact binary value is
/// rounded half-to-even to `ndigits` decimal places and the decimal result is converted
/// back with correct rounding (so `round(2.675, 2) == 2.67`). The VM clamps an int
/// `ndigits` to `i64` first (CPython clamps to `Py_ssize_t`).
pub fn float_round(x: f64, ndigits: i64) -> Result<f64, RoundOverflow> {
    if !x.is_finite() || ndigits > NDIGITS_MAX {
        return Ok(x);
    }
    if ndigits < NDIGITS_MIN {
        return Ok(0.0 * x);
    }
    let neg = x.is_sign_negative();
    // Exact decimal expansion via Rust's exact formatting. x = m * 2**e (m odd) has at most
    // about 0.302 * (bit length + e) integer digits and exactly -e fractional digits, so
    // this precision shows every nonzero digit (the rest would be zero padding).
    let (_, m, e) = decompose(x);
    let top_bit = 64 - m.leading_zeros() as i32 + e; // x < 2**top_bit
    let int_digits = if top_bit > 0 {
        (top_bit as usize * 3) / 10 + 2
    } else {
        1
    };
    let frac_digits = if e < 0 { e.unsigned_abs() as usize } else { 0 };
    let prec = (int_digits + frac_digits).min(800);
    let s = format!("{:.*e}", prec, libm::fabs(x));
    let (mant, exp) = s.split_once('e').unwrap_or((s.as_str(), "0"));
    let exp10: i64 = exp.parse().unwrap_or(0);
    let digits: Vec<u8> = mant.bytes().filter(u8::is_ascii_digit).collect();
    // Digit i has place value 10**(exp10 - i); keep those >= 10**-ndigits.
    let keep = exp10 + ndigits + 1;
    if keep >= digits.len() as i64 {
        return Ok(x);
    }
    let mut kept: Vec<u8> = if keep > 0 {
        digits[..keep as usize].to_vec()
    } else {
        Vec::new()
    };
    if keep >= 0 {
        let k = keep as usize;
        let next = digits[k];
        let rest_nonzero = digits[k + 1..].iter().any(|&d| d != b'0');
        let last_odd = kept.last().is_some_and(|&d| (d - b'0') % 2 == 1);
        let up = next > b'5' || (next == b'5' && (rest_nonzero || last_odd));
        if up {
            // Decimal increment with carry.
            let mut i = kept.len();
            loop {
                if i == 0 {
                    kept.insert(0, b'1');
                    break;
                }
                i -= 1;
                if kept[i] == b'9' {
                    kept[i] = b'0';
                } else {
                    kept[i] += 1;
                    break;
                }
            }
        }
    }
    if kept.is_empty() {
        kept.push(b'0');
    }
    let mut text = String::with_capacity(kept.len() + 8);
    if neg {
        text.push('-');
    }
    text.extend(kept.iter().map(|&b| b as char));
    text.push_str(&format!("e{}", -ndigits));
    let r: f64 = text.parse().unwrap_or(f64::NAN);
    if r.is_infinite() {
        return Err(RoundOverflow);
    }
    Ok(r)
}

/// `_PyHASH_MODULUS`: the Mersenne prime 2**61 - 1.
pub const HASH_MODULUS: u64 = (1 << 61) - 1;
/// `hash(float('inf'))`; `hash(-inf)` is its negation.
pub const HASH_INF: i64 = 314_159;
/// What [`float_hash`] returns for a NaN. In 3.11 `hash(nan)` is the object's identity hash,
/// so the VM must replace this with its identity hash. -1 is never a valid Python hash.
pub const NAN_HASH_SENTINEL: i64 = -1;

/// `hash(x)` for a float, CPython's `_Py_HashDouble`: the value of the rational number
/// modulo 2**61 - 1 with the sign applied, -1 mapped to -2; equal to `hash(int(x))` for
/// integral x. NaN gives [`NAN_HASH_SENTINEL`].
pub fn float_hash(x: f64) -> i64 {
    if x.is_nan() {
        return NAN_HASH_SENTINEL;
    }
    if x.is_infinite() {
        return if x > 0.0 { HASH_INF } else { -HASH_INF };
    }
    let (neg, mant, exp2) = decompose(x);
    // 2**61 == 1 (mod P), so 2**e == 2**(e mod 61) for any e, negative included.
    let e = exp2.rem_euclid(61) as u32;
    let v = ((u128::from(mant % HASH_MODULUS) << e) % u128::from(HASH_MODULUS)) as i64;
    let h = if neg { -v } else { v };
    if h == -1 {
        -2
    } else {
        h
    }
}

/// Split a finite double into `(negative, mantissa, exp2)` with `|x| = mantissa * 2**exp2`
/// and the mantissa odd (or zero).
fn decompose(x: f64) -> (bool, u64, i32) {
    let bits = x.to_bits();
    let neg = bits >> 63 != 0;
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut m, mut e) = if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), biased - 1075)
    };
    if m == 0 {
        return (neg, 0, 0);
    }
    let tz = m.trailing_zeros();
    m >>= tz;
    e += tz as i32;
    (neg, m, e)
}

/// `float.is_integer()`.
pub fn float_is_integer(x: f64) -> bool {
    x.is_finite() && libm::floor(x) == x
}

/// Why [`float_as_integer_ratio`] failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RatioError {
    /// `OverflowError: cannot convert Infinity to integer ratio`.
    Infinite,
    /// `ValueError: cannot convert NaN to integer ratio`.
    Nan,
}

/// `float.as_integer_ratio()` as `(negative, mantissa, exp2)` with `x = ±mantissa * 2**exp2`
/// and the mantissa odd (zero gives `(sign, 0, 0)`). The ratio in lowest terms is then
/// `(±mantissa << exp2, 1)` for `exp2 >= 0`, else `(±mantissa, 1 << -exp2)`.
pub fn float_as_integer_ratio(x: f64) -> Result<(bool, u64, i32), RatioError> {
    if x.is_nan() {
        Err(RatioError::Nan)
    } else if x.is_infinite() {
        Err(RatioError::Infinite)
    } else {
        let (neg, m, e) = decompose(x);
        // -0.0 gives (0, 1): an int zero has no sign.
        Ok((neg && m != 0, m, e))
    }
}

/// The whitespace `float()` strips: C `isspace` for ASCII (space, `\t\n\v\f\r`; not
/// U+001C..U+001F, which `str.isspace()` accepts) and Unicode White_Space above ASCII (CPython
/// maps those to spaces first).
fn is_py_space(c: char) -> bool {
    if c.is_ascii() {
        is_c_space(c)
    } else {
        c.is_whitespace()
    }
}

/// C `isspace` in the "C" locale (`Py_ISSPACE`).
fn is_c_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{0b}' | '\u{0c}' | '\r')
}

/// `float(s)` for a `str`: `None` means `ValueError: could not convert string to float:
/// '<s>'`. Accepts surrounding whitespace, a sign, `inf`/`infinity`/`nan` in any case,
/// decimal literals (`.5`, `5.`, exponents) with single underscores only between digits;
/// rejects hex. Huge values give ±inf, tiny ones ±0.0, as CPython does. The result is
/// correctly rounded. Non-ASCII decimal digits (which CPython maps to ASCII first) are not
/// supported: the VM must transliterate them before calling this if it wants them.
pub fn float_from_str(s: &str) -> Option<f64> {
    let t = s.trim_matches(is_py_space);
    let b = t.as_bytes();
    let (neg, body) = match b.first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let sign = if neg { -1.0 } else { 1.0 };
    if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        return Some(sign * f64::INFINITY);
    }
    if body.eq_ignore_ascii_case("nan") {
        return Some(sign * f64::NAN);
    }
    // Validate: digits [. digits] | . digits, then optional exponent; underscores only
    // between two digits. Build an underscore-free copy for the parser.
    let bytes = body.as_bytes();
    let mut clean = String::with_capacity(bytes.len() + 1);
    if neg {
        clean.push('-');
    }
    let mut i = 0;
    // Returns the number of digits consumed, or None on a misplaced underscore.
    let digits = |i: &mut usize, clean: &mut String| -> Option<usize> {
        let mut n = 0;
        while *i < bytes.len() {
            let c = bytes[*i];
            if c.is_ascii_digit() {
                clean.push(c as char);
                n += 1;
            } else if c == b'_' {
                let next_digit = bytes.get(*i + 1).is_some_and(u8::is_ascii_digit);
                if n == 0 || !next_digit {
                    return None;
                }
            } else {
                break;
            }
            *i += 1;
        }
        Some(n)
    };
    let int_digits = digits(&mut i, &mut clean)?;
    let mut frac_digits = 0;
    if bytes.get(i) == Some(&b'.') {
        clean.push('.');
        i += 1;
        frac_digits = digits(&mut i, &mut clean)?;
    }
    if int_digits + frac_digits == 0 {
        return None;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        clean.push('e');
        i += 1;
        if let Some(&c @ (b'+' | b'-')) = bytes.get(i) {
            clean.push(c as char);
            i += 1;
        }
        if digits(&mut i, &mut clean)? == 0 {
            return None;
        }
    }
    if i != bytes.len() {
        return None;
    }
    clean.parse().ok()
}

/// `float.hex()`: `[-]0x1.<13 hex digits>p±e` for normals, `0x0.<13>p-1022` for subnormals,
/// `0x0.0p+0`/`-0x0.0p+0` for zeros, and `inf`/`-inf`/`nan` as `repr` gives.
pub fn float_to_hex(x: f64) -> String {
    if x.is_nan() {
        return String::from("nan");
    }
    if x.is_infinite() {
        return String::from(if x > 0.0 { "inf" } else { "-inf" });
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x == 0.0 {
        return format!("{sign}0x0.0p+0");
    }
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (lead, e) = if biased == 0 {
        (0, -1022)
    } else {
        (1, biased - 1023)
    };
    let esign = if e < 0 { '-' } else { '+' };
    format!("{sign}0x{lead}.{frac:013x}p{esign}{}", e.unsigned_abs())
}

/// Error from [`float_fromhex`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FromHexError {
    /// `ValueError: invalid hexadecimal floating-point string`.
    Invalid,
    /// `OverflowError: hexadecimal value too large to represent as a float`.
    Overflow,
}

/// `float.fromhex(s)`: optional whitespace and sign, `inf`/`infinity`/`nan`, or an optional
/// `0x` prefix, hex digits with an optional point (at least one digit), an optional
/// `p[sign]decimal` exponent, optional whitespace. Rounds half-to-even, including into the
/// subnormal range.
pub fn float_fromhex(s: &str) -> Result<f64, FromHexError> {
    // fromhex skips only ASCII whitespace (`Py_ISSPACE`).
    let t = s.trim_matches(is_c_space);
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let sign = if neg { -1.0 } else { 1.0 };
    if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        return Ok(sign * f64::INFINITY);
    }
    if body.eq_ignore_ascii_case("nan") {
        return Ok(sign * f64::NAN);
    }
    let mut b = body.as_bytes();
    if b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        b = &b[2..];
    }
    // Mantissa digits; `point` = number of digits before the '.'.
    let mut digits: Vec<u8> = Vec::new();
    let mut point: Option<usize> = None;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if let Some(d) = (c as char).to_digit(16) {
            digits.push(d as u8);
        } else if c == b'.' && point.is_none() {
            point = Some(digits.len());
        } else {
            break;
        }
        i += 1;
    }
    if digits.is_empty() {
        return Err(FromHexError::Invalid);
    }
    let int_len = point.unwrap_or(digits.len());
    let mut exp: i64 = 0;
    if matches!(b.get(i), Some(b'p' | b'P')) {
        i += 1;
        let eneg = match b.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            // Saturate: anything this large over/underflows anyway.
            exp = (exp * 10 + i64::from(b[i] - b'0')).min(1 << 40);
            i += 1;
        }
        if i == start {
            return Err(FromHexError::Invalid);
        }
        if eneg {
            exp = -exp;
        }
    }
    if i != b.len() {
        return Err(FromHexError::Invalid);
    }
    // Strip leading zero digits (they shift the point).
    let first = match digits.iter().position(|&d| d != 0) {
        Some(p) => p,
        None => return Ok(sign * 0.0),
    };
    // value = 0.d[first..] (hex) * 16**(int_len - first) * 2**exp
    let sig = &digits[first..];
    let mut m: u64 = 0;
    let mut taken = 0;
    for &d in sig.iter().take(16) {
        m = (m << 4) | u64::from(d);
        taken += 1;
    }
    let mut sticky = sig[taken..].iter().any(|&d| d != 0);
    m <<= 4 * (16 - taken); // left-align 16 digits in 64 bits
                            // value = m * 2**(e2 - 64)
    let e2 = exp + 4 * (int_len as i64 - first as i64);
    let lz = m.leading_zeros();
    m <<= lz;
    // Now value = m * 2**(top - 63) with bit 63 of m set; top = exponent of leading bit.
    let top = e2 - 1 - i64::from(lz);
    if top > 1023 {
        return Err(FromHexError::Overflow);
    }
    // Number of significant bits the result can hold at this exponent.
    let keep: i64 = if top >= -1022 { 53 } else { 53 - (-1022 - top) };
    if keep < 0 {
        // Below half the smallest subnormal (and not even reaching it): rounds to zero.
        return Ok(sign * 0.0);
    }
    let drop = 64 - keep as u32; // 11..=64
    let (mut q, half, rest) = if drop == 64 {
        (0u64, m >> 63 != 0, (m << 1) != 0)
    } else {
        let q = m >> drop;
        let half = (m >> (drop - 1)) & 1 != 0;
        let rest = drop > 1 && (m & ((1u64 << (drop - 1)) - 1)) != 0;
        (q, half, rest)
    };
    sticky |= rest;
    if half && (sticky || q & 1 == 1) {
        q += 1;
    }
    // q * 2**(top - keep + 1); q may now be 2**keep (carry): still exact in f64.
    let scale = top - keep + 1;
    let v = libm::ldexp(q as f64, scale as i32);
    if v.is_infinite() {
        return Err(FromHexError::Overflow);
    }
    Ok(sign * v)
}
