//! Conversions: to strings in any radix, to and from `f64`, and `int.to_bytes` /
//! `int.from_bytes`.

use super::div::{divrem_small_in_place, ldexp};
use super::{BigInt, OverflowError, ToStrError, MAX_BITS};
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

/// Lowercase digit characters for radixes up to 36.
const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// Largest power of `radix` that fits a limb, and its exponent.
pub(super) fn chunk_for_radix(radix: u32) -> (u32, usize) {
    let mut p: u32 = radix;
    let mut k = 1;
    while let Some(n) = p.checked_mul(radix) {
        p = n;
        k += 1;
    }
    (p, k)
}

/// Divides in place by 10^9 and returns the remainder. A dedicated routine because a
/// constant divisor compiles to multiplications, which makes decimal output several
/// times faster than the generic single-limb division.
fn divrem_1e9_in_place(a: &mut Vec<u32>) -> u32 {
    const D: u64 = 1_000_000_000;
    let mut rem = 0u64;
    for l in a.iter_mut().rev() {
        let cur = (rem << 32) | u64::from(*l);
        *l = (cur / D) as u32;
        rem = cur % D;
    }
    super::trim(a);
    rem as u32
}

impl BigInt {
    /// Formats in `radix` (2..=36): lowercase digits, `-` for negatives, no prefix.
    ///
    /// `limit` is `sys.int_max_str_digits` (0 = unlimited); like CPython 3.11 it applies to
    /// radix 10 only, and a result with more than `limit` digits is refused.
    pub fn to_str_radix(&self, radix: u32, limit: usize) -> Result<String, ToStrError> {
        if !(2..=36).contains(&radix) {
            return Err(ToStrError::InvalidRadix);
        }
        if self.is_zero() {
            return Ok(String::from("0"));
        }
        if radix == 10 && limit > 0 {
            // Cheap lower bound on the digit count (log10(2) > 0.30102) so hopeless
            // conversions are refused before doing quadratic work.
            let low = (self.bit_length() - 1).saturating_mul(30102) / 100_000 + 1;
            if low > limit as u64 {
                return Err(ToStrError::ExceedsLimit { limit });
            }
        }
        // Digits are produced least significant first, then reversed.
        let mut out: Vec<u8> = Vec::new();
        if radix.is_power_of_two() {
            let bits = radix.trailing_zeros() as u64;
            let total = self.bit_length();
            let n = usize::try_from(total.div_ceil(bits)).unwrap_or(usize::MAX);
            out.reserve_exact(n.saturating_add(1));
            let mut pos = 0;
            while pos < total {
                let d = self.bits_at(pos, bits as u32);
                out.push(DIGITS[d as usize]);
                pos += bits;
            }
        } else {
            let (chunk, k) = chunk_for_radix(radix);
            let mut m = self.mag.clone();
            while !m.is_empty() {
                let mut r = if radix == 10 {
                    divrem_1e9_in_place(&mut m)
                } else {
                    divrem_small_in_place(&mut m, chunk)
                };
                // Every chunk but the most significant one is zero-padded to k digits.
                let pad = !m.is_empty();
                let mut n = 0;
                while r != 0 || (pad && n < k) {
                    out.push(DIGITS[(r % radix) as usize]);
                    r /= radix;
                    n += 1;
                }
            }
            if radix == 10 && limit > 0 && out.len() > limit {
                return Err(ToStrError::ExceedsLimit { limit });
            }
        }
        if self.neg {
            out.push(b'-');
        }
        out.reverse();
        // Only ASCII was pushed: always valid, and converted without a copy.
        Ok(String::from_utf8(out).unwrap_or_default())
    }

    /// Decimal string without a digit limit (used by `Display`).
    pub fn to_decimal_string(&self) -> String {
        self.to_str_radix(10, 0).unwrap_or_default()
    }

    /// `bits` (at most 32) bits of the magnitude starting at bit `pos`.
    fn bits_at(&self, pos: u64, bits: u32) -> u32 {
        let i = (pos / 32) as usize;
        let off = (pos % 32) as u32;
        let lo = u64::from(self.mag.get(i).copied().unwrap_or(0));
        let hi = u64::from(self.mag.get(i + 1).copied().unwrap_or(0));
        let w = ((hi << 32) | lo) >> off;
        (w & ((1u64 << bits) - 1)) as u32
    }

    /// `int(x)` for a float: truncates toward zero; `None` for NaN and infinities.
    pub fn from_f64(x: f64) -> Option<BigInt> {
        if x.is_nan() || x.is_infinite() {
            return None;
        }
        let bits = x.to_bits();
        let neg = bits >> 63 == 1;
        let exp = ((bits >> 52) & 0x7ff) as i64;
        if exp < 1023 {
            // |x| < 1 (including zeros and subnormals).
            return Some(BigInt::zero());
        }
        let mant = (bits & ((1 << 52) - 1)) | (1 << 52);
        // |x| = mant * 2^(exp - 1075)
        let e = exp - 1075;
        let m = BigInt::from_u64(mant);
        let r = if e >= 0 {
            m.shl(e as u64).ok()?
        } else {
            m.shr((-e) as u64)
        };
        Some(if neg { r.neg() } else { r })
    }

    /// `float(self)`, correctly rounded (half to even) like CPython. Errs when the
    /// value is too large for a float (`OverflowError: int too large to convert to float`).
    #[allow(
        clippy::result_unit_err,
        reason = "single failure mode; the VM supplies the message"
    )]
    pub fn to_f64(&self) -> Result<f64, ()> {
        let n = self.bit_length();
        let mag = if n <= 64 {
            // u64 -> f64 `as` conversion rounds to nearest, ties to even.
            self.mag_u128().unwrap_or(0) as u64 as f64
        } else {
            if n > 1024 {
                return Err(());
            }
            // Keep the top 64 bits and fold everything below into a sticky bit; with 11
            // spare bits below the 53-bit mantissa the single rounding is then exact.
            let shift = n - 64;
            let top = self.abs().shr(shift);
            let mut t = top.mag_u128().unwrap_or(0) as u64;
            if self.trailing_zeros() < shift {
                t |= 1;
            }
            let r = ldexp(t as f64, shift as i32);
            if r.is_infinite() {
                return Err(());
            }
            r
        };
        Ok(if self.neg { -mag } else { mag })
    }

    /// `int.from_bytes(bytes, byteorder, signed=signed)`.
    pub fn from_bytes(bytes: &[u8], little_endian: bool, signed: bool) -> BigInt {
        let mut mag = vec![0u32; bytes.len().div_ceil(4)];
        for (i, &b) in bytes.iter().enumerate() {
            // Index of this byte counted from the least significant end.
            let k = if little_endian {
                i
            } else {
                bytes.len() - 1 - i
            };
            mag[k / 4] |= u32::from(b) << (8 * (k % 4));
        }
        let msb = if little_endian {
            bytes.last()
        } else {
            bytes.first()
        };
        let value = BigInt::from_parts(false, mag);
        if signed && msb.is_some_and(|&b| b & 0x80 != 0) {
            // Two's complement: subtract 2^(8 * len).
            match BigInt::one().shl(8 * bytes.len() as u64) {
                Ok(p) => value.sub(&p),
                Err(_) => value,
            }
        } else {
            value
        }
    }

    /// `int.to_bytes(length, byteorder, signed=signed)`.
    pub fn to_bytes(
        &self,
        length: usize,
        little_endian: bool,
        signed: bool,
    ) -> Result<Vec<u8>, OverflowError> {
        if self.neg && !signed {
            return Err(OverflowError::NegativeToUnsigned);
        }
        if length as u64 > MAX_BITS / 8 {
            return Err(OverflowError::TooLarge);
        }
        // Bits needed: unsigned -> bit_length; signed -> room for the sign bit, where
        // negative -2^k needs only k + 1 bits.
        let needed = if !signed {
            self.bit_length()
        } else if self.neg {
            self.not().bit_length() + 1
        } else {
            self.bit_length() + 1
        };
        // CPython quirk: (-1).to_bytes(0, ..., signed=True) == b'' (its overflow check
        // only looks at bits that were actually written).
        let minus_one = self.neg && self.mag == [1];
        if self.is_zero() || needed <= 8 * length as u64 || (minus_one && length == 0) {
            let mut out = Vec::with_capacity(length);
            // Two's-complement limbs: for negatives, !(m - 1).
            let m1;
            let mag: &[u32] = if self.neg {
                m1 = self.not().mag;
                &m1
            } else {
                &self.mag
            };
            for k in 0..length {
                let byte = match mag.get(k / 4) {
                    Some(&l) => (l >> (8 * (k % 4))) as u8,
                    None => 0,
                };
                out.push(if self.neg { !byte } else { byte });
            }
            if !little_endian {
                out.reverse();
            }
            Ok(out)
        } else {
            Err(OverflowError::TooBig)
        }
    }
}
