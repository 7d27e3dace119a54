//! Shifts and bitwise operations with Python's semantics: negative numbers behave as
//! infinite two's complement, and right shifts floor toward negative infinity.

use super::arith::{add_mag, sub_mag};
use super::{trim, BigInt, SizeError, MAX_BITS};
use alloc::vec;
use alloc::vec::Vec;

/// Magnitude `a << n`.
fn shl_mag(a: &[u32], n: u64) -> Vec<u32> {
    let limbs = (n / 32) as usize;
    let bits = (n % 32) as u32;
    let mut out = vec![0u32; limbs];
    out.reserve(a.len() + 1);
    if bits == 0 {
        out.extend_from_slice(a);
    } else {
        let mut carry = 0u32;
        out.extend(a.iter().map(|&l| {
            let v = (l << bits) | carry;
            carry = l >> (32 - bits);
            v
        }));
        out.push(carry);
    }
    trim(&mut out);
    out
}

/// Magnitude `a >> n` (truncating) and whether any one bits were shifted out.
fn shr_mag(a: &[u32], n: u64) -> (Vec<u32>, bool) {
    let limbs = usize::try_from(n / 32).unwrap_or(usize::MAX);
    if limbs >= a.len() {
        return (Vec::new(), !a.is_empty());
    }
    let bits = (n % 32) as u32;
    let mut lost = a[..limbs].iter().any(|&l| l != 0);
    let src = &a[limbs..];
    let mut out = Vec::with_capacity(src.len());
    if bits == 0 {
        out.extend_from_slice(src);
    } else {
        lost |= src[0] & ((1u32 << bits) - 1) != 0;
        for i in 0..src.len() {
            let hi = src.get(i + 1).copied().unwrap_or(0);
            out.push((src[i] >> bits) | (hi << (32 - bits)));
        }
    }
    trim(&mut out);
    (out, lost)
}

/// Two's-complement limbs of `x`, sign-extended to `len` limbs.
fn to_twos(x: &BigInt, len: usize) -> Vec<u32> {
    let mut v = x.mag.clone();
    v.resize(len, 0);
    if x.neg {
        // -m == !m + 1
        let mut carry = 1u64;
        for l in v.iter_mut() {
            let s = u64::from(!*l) + carry;
            *l = s as u32;
            carry = s >> 32;
        }
    }
    v
}

/// Inverse of [`to_twos`]: the top bit of the last limb is the sign.
fn from_twos(mut v: Vec<u32>) -> BigInt {
    let neg = v.last().is_some_and(|&l| l >> 31 == 1);
    if neg {
        let mut carry = 1u64;
        for l in v.iter_mut() {
            let s = u64::from(!*l) + carry;
            *l = s as u32;
            carry = s >> 32;
        }
    }
    BigInt::from_parts(neg, v)
}

impl BigInt {
    /// `self << n`. Errs when the result would exceed [`MAX_BITS`] bits.
    pub fn shl(&self, n: u64) -> Result<BigInt, SizeError> {
        if self.is_zero() {
            return Ok(BigInt::zero());
        }
        match self.bit_length().checked_add(n) {
            Some(b) if b <= MAX_BITS => {}
            _ => return Err(SizeError),
        }
        Ok(BigInt::from_parts(self.neg, shl_mag(&self.mag, n)))
    }

    /// `self >> n`, flooring toward negative infinity (`-1 >> 100 == -1`).
    pub fn shr(&self, n: u64) -> BigInt {
        let (m, lost) = shr_mag(&self.mag, n);
        if self.neg && lost {
            // floor(-x / 2^n) == -(trunc(x / 2^n) + 1) when bits were discarded.
            BigInt::from_parts(true, add_mag(&m, &[1]))
        } else {
            BigInt::from_parts(self.neg, m)
        }
    }

    /// Applies a limb-wise operation on the two's-complement forms.
    fn bitwise(&self, other: &BigInt, f: impl Fn(u32, u32) -> u32) -> BigInt {
        // One spare limb so the sign bit of either operand is representable.
        let len = self.mag.len().max(other.mag.len()) + 1;
        let a = to_twos(self, len);
        let b = to_twos(other, len);
        from_twos(a.iter().zip(b.iter()).map(|(&x, &y)| f(x, y)).collect())
    }

    /// `self & other`.
    pub fn and(&self, other: &BigInt) -> BigInt {
        self.bitwise(other, |x, y| x & y)
    }

    /// `self | other`.
    pub fn or(&self, other: &BigInt) -> BigInt {
        self.bitwise(other, |x, y| x | y)
    }

    /// `self ^ other`.
    pub fn xor(&self, other: &BigInt) -> BigInt {
        self.bitwise(other, |x, y| x ^ y)
    }

    /// `~self`, i.e. `-(self + 1)`.
    pub fn not(&self) -> BigInt {
        if self.neg {
            // ~(-m) == m - 1
            BigInt::from_parts(false, sub_mag(&self.mag, &[1]))
        } else {
            BigInt::from_parts(true, add_mag(&self.mag, &[1]))
        }
    }

    /// Number of one bits in `abs(self)` (Python's `int.bit_count`).
    pub fn bit_count(&self) -> u64 {
        self.mag.iter().map(|l| u64::from(l.count_ones())).sum()
    }
}
