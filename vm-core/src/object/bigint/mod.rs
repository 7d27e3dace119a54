//! Arbitrary-precision Python `int`.
//!
//! The VM keeps small ints (signed 48-bit) inline; everything else is a [`BigInt`].
//!
//! Representation: sign + magnitude. The magnitude is a `Vec<u32>` of little-endian limbs
//! (base 2^32). 32-bit limbs were chosen over 64-bit ones because every limb product and
//! every two-limb quotient then fits a native `u64`, which keeps Knuth's algorithm D and the
//! radix conversions simple and fast on 32-bit targets too (no `u128` division helpers).
//!
//! Invariants (every constructor normalizes):
//! * no most-significant zero limbs (zero is the empty vector);
//! * zero is never negative.
//!
//! Size cap: results whose bit length would exceed [`MAX_BITS`] (2^31 bits, 256 MiB) are
//! refused with [`SizeError`] by the operations that can blow up from a small input
//! (`shl`, `pow`, `factorial`, `to_bytes`); the VM reports that as `OverflowError` /
//! `MemoryError`. Multiplication is not checked: its operands are already capped.
//!
//! Cancellation: the `*_with` variants of the long operations (multiplication, powers,
//! division) take a check they call every few thousand limb operations, and stop with
//! [`Stopped`] when it returns `true` (see `poll`).
//!
//! CPython 3.11 semantics are the oracle for every operation.

mod arith;
mod bitops;
mod convert;
mod div;
mod numtheory;
mod parse;
mod poll;
#[cfg(test)]
mod tests;
mod words;

pub use poll::LongError;
#[cfg(any(feature = "math", feature = "internals"))]
pub use poll::Stopped;

use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

/// Results larger than this many bits are refused with [`SizeError`].
pub const MAX_BITS: u64 = 1 << 31;

/// CPython's default `sys.int_max_str_digits` (pass it as the `limit` of
/// [`BigInt::parse`] / [`BigInt::to_str_radix`]; 0 disables the check).
pub const DEFAULT_MAX_STR_DIGITS: usize = 4300;

/// An arbitrary-precision signed integer with Python semantics.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BigInt {
    /// True for values < 0 (never set for zero).
    neg: bool,
    /// Magnitude, little-endian base-2^32 limbs, no high zero limbs.
    mag: Vec<u32>,
}

/// Failure of a division-like operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivError {
    /// Divisor is zero (`ZeroDivisionError`).
    ZeroDivision,
    /// The float result of a true division overflows (`OverflowError: integer division
    /// result too large for a float`).
    Overflow,
}

/// Failure of three-argument `pow`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowModError {
    /// `ValueError: pow() 3rd argument cannot be 0`.
    ZeroModulus,
    /// `ValueError: base is not invertible for the given modulus` (negative exponent).
    NotInvertible,
}

/// The result would exceed [`MAX_BITS`] bits (the VM raises `OverflowError` or
/// `MemoryError`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeError;

/// Failure of [`BigInt::to_bytes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverflowError {
    /// `OverflowError: can't convert negative int to unsigned`.
    NegativeToUnsigned,
    /// `OverflowError: int too big to convert`.
    TooBig,
    /// The requested length is absurd (more than [`MAX_BITS`] bits); `MemoryError`.
    TooLarge,
}

/// Failure of [`BigInt::parse`] (Python's `int(str, base)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseIntError {
    /// `ValueError: int() base must be >= 2 and <= 36, or 0`.
    InvalidBase,
    /// `ValueError: invalid literal for int() with base N: '...'`. The VM formats the
    /// message; note CPython reports base 0 for a rejected `'010'` in base 0, which is
    /// the caller's original base anyway.
    InvalidLiteral,
    /// `ValueError: Exceeds the limit ({limit} digits) for integer string conversion:
    /// value has {digits} digits; use sys.set_int_max_str_digits() to increase the limit`.
    ExceedsLimit {
        /// Number of digits in the input (underscores and sign excluded).
        digits: usize,
        /// The limit in force.
        limit: usize,
    },
}

/// Failure of [`BigInt::to_str_radix`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToStrError {
    /// Radix outside 2..=36.
    InvalidRadix,
    /// `ValueError: Exceeds the limit ({limit} digits) for integer string conversion; use
    /// sys.set_int_max_str_digits() to increase the limit`.
    ExceedsLimit {
        /// The limit in force.
        limit: usize,
    },
}

/// Removes high zero limbs so the representation is canonical.
fn trim(v: &mut Vec<u32>) {
    while let Some(&0) = v.last() {
        v.pop();
    }
}

/// Compares two normalized magnitudes.
fn cmp_mag(a: &[u32], b: &[u32]) -> Ordering {
    if a.len() != b.len() {
        return a.len().cmp(&b.len());
    }
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        if x != y {
            return x.cmp(y);
        }
    }
    Ordering::Equal
}

/// Limbs of a `u64`, normalized.
fn mag_from_u64(v: u64) -> Vec<u32> {
    let mut m = Vec::with_capacity(2);
    if v != 0 {
        m.push(v as u32);
        if v >> 32 != 0 {
            m.push((v >> 32) as u32);
        }
    }
    m
}

impl BigInt {
    /// Builds a value from a sign and a (possibly unnormalized) magnitude.
    fn from_parts(neg: bool, mut mag: Vec<u32>) -> BigInt {
        trim(&mut mag);
        let neg = neg && !mag.is_empty();
        BigInt { neg, mag }
    }

    /// The value 0.
    pub fn zero() -> BigInt {
        BigInt {
            neg: false,
            mag: Vec::new(),
        }
    }

    /// The value 1.
    pub fn one() -> BigInt {
        BigInt::from_u64(1)
    }

    /// Converts an `i64`.
    pub fn from_i64(v: i64) -> BigInt {
        BigInt {
            neg: v < 0,
            mag: mag_from_u64(v.unsigned_abs()),
        }
    }

    /// Converts a `u64`.
    pub fn from_u64(v: u64) -> BigInt {
        BigInt {
            neg: false,
            mag: mag_from_u64(v),
        }
    }

    /// Converts an `i128`.
    pub fn from_i128(v: i128) -> BigInt {
        let u = v.unsigned_abs();
        let mag = alloc::vec![
            u as u32,
            (u >> 32) as u32,
            (u >> 64) as u32,
            (u >> 96) as u32
        ];
        BigInt::from_parts(v < 0, mag)
    }

    /// The magnitude as a `u128` if it fits.
    fn mag_u128(&self) -> Option<u128> {
        if self.mag.len() > 4 {
            return None;
        }
        Some(
            self.mag
                .iter()
                .rev()
                .fold(0u128, |acc, &l| (acc << 32) | u128::from(l)),
        )
    }

    /// The value as an `i64`, or `None` if it does not fit.
    pub fn to_i64(&self) -> Option<i64> {
        let m = self.mag_u128()?;
        if self.neg {
            if m <= 1u128 << 63 {
                Some((m as u64 as i64).wrapping_neg())
            } else {
                None
            }
        } else {
            i64::try_from(m).ok()
        }
    }

    /// The value as an `i128`, or `None` if it does not fit.
    pub fn to_i128(&self) -> Option<i128> {
        let m = self.mag_u128()?;
        if self.neg {
            if m <= 1u128 << 127 {
                Some((m as i128).wrapping_neg())
            } else {
                None
            }
        } else {
            i128::try_from(m).ok()
        }
    }

    /// The value as a `u64`, or `None` if negative or too large.
    pub fn to_u64(&self) -> Option<u64> {
        if self.neg {
            return None;
        }
        u64::try_from(self.mag_u128()?).ok()
    }

    /// True for 0.
    pub fn is_zero(&self) -> bool {
        self.mag.is_empty()
    }

    /// True for values < 0.
    pub fn is_negative(&self) -> bool {
        self.neg
    }

    /// -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        if self.neg {
            -1
        } else if self.mag.is_empty() {
            0
        } else {
            1
        }
    }

    /// Compares with an `i64` without allocating.
    pub fn cmp_i64(&self, other: i64) -> Ordering {
        match self.to_i64() {
            Some(v) => v.cmp(&other),
            // Out of i64 range: the sign decides.
            None if self.neg => Ordering::Less,
            None => Ordering::Greater,
        }
    }

    /// CPython's `hash(int)`: the value modulo 2^61 - 1 with the sign kept, and -1 mapped
    /// to -2 (because -1 is the C-level error return).
    pub fn hash(&self) -> i64 {
        const P: u64 = (1 << 61) - 1;
        let mut h: u64 = 0;
        for &limb in self.mag.iter().rev() {
            // h * 2^32 mod P by rotating within 61 bits (2^61 == 1 mod P).
            h = ((h << 32) & P) | (h >> 29);
            h += u64::from(limb);
            if h >= P {
                h -= P;
            }
        }
        let mut r = h as i64;
        if self.neg {
            r = -r;
        }
        if r == -1 {
            -2
        } else {
            r
        }
    }
}

/// CPython's `hash(int)` for a machine integer (same result as [`BigInt::hash`]).
#[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the bigint tests compare it with `BigInt::hash`"))]
pub fn hash_i64(v: i64) -> i64 {
    const P: u64 = (1 << 61) - 1;
    let r = (v.unsigned_abs() % P) as i64;
    let r = if v < 0 { -r } else { r };
    if r == -1 {
        -2
    } else {
        r
    }
}

impl From<i64> for BigInt {
    fn from(v: i64) -> BigInt {
        BigInt::from_i64(v)
    }
}

impl Ord for BigInt {
    fn cmp(&self, other: &BigInt) -> Ordering {
        match (self.neg, other.neg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => cmp_mag(&self.mag, &other.mag),
            (true, true) => cmp_mag(&other.mag, &self.mag),
        }
    }
}

impl PartialOrd for BigInt {
    fn partial_cmp(&self, other: &BigInt) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for BigInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.to_decimal_string();
        f.write_str(&s)
    }
}
