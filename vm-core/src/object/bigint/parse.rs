//! `int(str, base)`: a faithful port of CPython 3.11's `PyLong_FromUnicodeObject` /
//! `PyLong_FromString`, including Unicode digits and whitespace, underscores, prefixes and
//! the `int_max_str_digits` limit.

use super::arith::mul_small_add_in_place;
use super::convert::chunk_for_radix;
use super::{trim, BigInt, ParseIntError};
use alloc::vec;
use alloc::vec::Vec;

/// First code point (the digit zero) of every run of ten Unicode decimal digits
/// (category Nd) above ASCII, from Python 3.11's `unicodedata` (Unicode 14.0).
const DECIMAL_ZEROS: [u32; 65] = [
    0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6,
    0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50,
    0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10,
    0x104a0, 0x10d30, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650,
    0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16ac0, 0x16b50,
    0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0,
];

/// Non-ASCII code points for which `str.isspace()` is true.
const UNICODE_SPACES: [u32; 19] = [
    0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008,
    0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];

/// Decimal value of a non-ASCII Unicode digit.
fn unicode_decimal(c: u32) -> Option<u8> {
    // The table is sorted: find the last run starting at or below `c`.
    let idx = DECIMAL_ZEROS.partition_point(|&z| z <= c);
    let zero = *DECIMAL_ZEROS.get(idx.checked_sub(1)?)?;
    let d = c - zero;
    (d < 10).then_some(d as u8)
}

/// CPython's `_PyUnicode_TransformDecimalAndSpaceToASCII`: ASCII passes through, Unicode
/// spaces become `' '`, Unicode digits their ASCII digit; anything else ends the buffer
/// with a `'?'` (which then fails to parse).
fn to_ascii(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for ch in s.chars() {
        let c = ch as u32;
        if c < 127 {
            out.push(c as u8);
        } else if UNICODE_SPACES.contains(&c) {
            out.push(b' ');
        } else if let Some(d) = unicode_decimal(c) {
            out.push(b'0' + d);
        } else {
            out.push(b'?');
            break;
        }
    }
    out
}

/// C `Py_ISSPACE` on ASCII: space, \t, \n, \v, \f, \r.
fn is_space(b: u8) -> bool {
    b == b' ' || (0x09..=0x0d).contains(&b)
}

/// Digit value of an ASCII byte (37 for non-digits, above any base).
fn digit_value(b: u8) -> u32 {
    match b {
        b'0'..=b'9' => u32::from(b - b'0'),
        b'a'..=b'z' => u32::from(b - b'a') + 10,
        b'A'..=b'Z' => u32::from(b - b'A') + 10,
        _ => 37,
    }
}

impl BigInt {
    /// Python's `int(s, base)`. `base` is 0 (infer from a `0x`/`0o`/`0b` prefix) or
    /// 2..=36. `limit` is `sys.int_max_str_digits` (0 = unlimited); it applies to bases
    /// that are not powers of two, exactly as in CPython 3.11.
    pub fn parse(s: &str, base: u32, limit: usize) -> Result<BigInt, ParseIntError> {
        if (base != 0 && base < 2) || base > 36 {
            return Err(ParseIntError::InvalidBase);
        }
        let buf = to_ascii(s);
        let at = |i: usize| buf.get(i).copied().unwrap_or(0);
        let mut p = 0;
        while is_space(at(p)) {
            p += 1;
        }
        let mut neg = false;
        if at(p) == b'+' {
            p += 1;
        } else if at(p) == b'-' {
            neg = true;
            p += 1;
        }
        let mut base = base;
        // Base 0 with a leading '0' and no prefix: only zero is allowed ('010' is not).
        let mut error_if_nonzero = false;
        if base == 0 {
            base = match (at(p), at(p + 1)) {
                (b'0', b'x' | b'X') => 16,
                (b'0', b'o' | b'O') => 8,
                (b'0', b'b' | b'B') => 2,
                (b'0', _) => {
                    error_if_nonzero = true;
                    10
                }
                _ => 10,
            };
        }
        let prefix = matches!(
            (base, at(p), at(p + 1)),
            (16, b'0', b'x' | b'X') | (8, b'0', b'o' | b'O') | (2, b'0', b'b' | b'B')
        );
        if prefix {
            p += 2;
            // One underscore may follow the prefix.
            if at(p) == b'_' {
                p += 1;
            }
        }
        if at(p) == b'_' {
            return Err(ParseIntError::InvalidLiteral);
        }
        // Scan digits and single underscores between them.
        let mut digits: Vec<u8> = Vec::new();
        let mut prev = 0u8;
        while p < buf.len() && (digit_value(buf[p]) < base || buf[p] == b'_') {
            let b = buf[p];
            if b == b'_' {
                if prev == b'_' {
                    return Err(ParseIntError::InvalidLiteral);
                }
            } else {
                digits.push(digit_value(b) as u8);
            }
            prev = b;
            p += 1;
        }
        if prev == b'_' {
            return Err(ParseIntError::InvalidLiteral);
        }
        let pow2 = base.is_power_of_two();
        // CPython checks the limit before looking at what follows the digits.
        if !pow2 && limit > 0 && digits.len() > limit {
            return Err(ParseIntError::ExceedsLimit {
                digits: digits.len(),
                limit,
            });
        }
        if digits.is_empty() {
            return Err(ParseIntError::InvalidLiteral);
        }
        while is_space(at(p)) {
            p += 1;
        }
        if p != buf.len() {
            return Err(ParseIntError::InvalidLiteral);
        }
        let mag = if pow2 {
            from_pow2_digits(&digits, base.trailing_zeros())
        } else {
            from_digits(&digits, base)
        };
        if error_if_nonzero && !mag.is_empty() {
            return Err(ParseIntError::InvalidLiteral);
        }
        Ok(BigInt::from_parts(neg, mag))
    }
}

/// Packs digits of a power-of-two base (`bits` per digit) directly into limbs: linear time.
fn from_pow2_digits(digits: &[u8], bits: u32) -> Vec<u32> {
    let total = digits.len() * bits as usize;
    let mut mag = vec![0u32; total.div_ceil(32)];
    for (i, &d) in digits.iter().rev().enumerate() {
        let pos = i * bits as usize;
        let (li, off) = (pos / 32, (pos % 32) as u32);
        let w = u64::from(d) << off;
        mag[li] |= w as u32;
        if let Some(next) = mag.get_mut(li + 1) {
            *next |= (w >> 32) as u32;
        }
    }
    trim(&mut mag);
    mag
}

/// Converts digits in any base by Horner's rule on limb-sized chunks of digits.
fn from_digits(digits: &[u8], base: u32) -> Vec<u32> {
    let (_, k) = chunk_for_radix(base);
    let mut mag: Vec<u32> = Vec::with_capacity(digits.len() / k + 1);
    // The first chunk is short so all others are exactly k digits.
    let first = digits.len() % k;
    let mut chunks: Vec<&[u8]> = Vec::new();
    if first != 0 {
        chunks.push(&digits[..first]);
    }
    chunks.extend(digits[first..].chunks(k));
    for chunk in chunks {
        let mut val = 0u32;
        let mut scale = 1u32;
        for &d in chunk {
            val = val * base + u32::from(d);
            scale *= base;
        }
        mul_small_add_in_place(&mut mag, scale, val);
        trim(&mut mag);
    }
    mag
}
