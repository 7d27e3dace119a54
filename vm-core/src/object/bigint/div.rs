//! Division (Knuth's algorithm D), Python floor division, correctly rounded true
//! division, and modular exponentiation / inversion.

use super::arith::mul_mag_polled;
use super::poll::{LongError, Poll};
use super::words::{divrem_long, pack, unpack, WordDivisor};
use super::{cmp_mag, trim, BigInt, DivError, PowModError};
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

/// Divides a magnitude by one word: `(quotient, remainder)`, the quotient normalized.
fn divrem_word(a: &[u32], d: u64) -> (Vec<u32>, u64) {
    let mut q = a.to_vec();
    let r = WordDivisor::new(d).divide_limbs_in_place(&mut q);
    trim(&mut q);
    (q, r)
}

/// Divides a magnitude by one limb: `(quotient, remainder)` (the copying form of
/// [`divrem_small_in_place`], which the tests check both against).
#[cfg(test)]
pub(super) fn divrem_small(a: &[u32], d: u32) -> (Vec<u32>, u32) {
    let (q, r) = divrem_word(a, u64::from(d));
    (q, r as u32)
}

/// In-place division by one limb; returns the remainder. Leaves `a` normalized.
pub(super) fn divrem_small_in_place(a: &mut Vec<u32>, d: u32) -> u32 {
    let r = WordDivisor::new(u64::from(d)).divide_limbs_in_place(a);
    trim(a);
    r as u32
}

/// `(u / v, u % v)` on magnitudes; `v` must be non-empty (normalized, nonzero).
pub(super) fn divrem_mag(u: &[u32], v: &[u32]) -> (Vec<u32>, Vec<u32>) {
    divrem_mag_polled(u, v, &mut Poll::never())
}

/// [`divrem_mag`], giving up (with a meaningless result) once `poll` asks to stop.
pub(super) fn divrem_mag_polled(u: &[u32], v: &[u32], poll: &mut Poll<'_>) -> (Vec<u32>, Vec<u32>) {
    if cmp_mag(u, v) == Ordering::Less {
        return (Vec::new(), u.to_vec());
    }
    let vw = pack(v);
    if let [d] = vw[..] {
        let (q, r) = divrem_word(u, d);
        return (q, unpack(&[r]));
    }
    let (q, r) = divrem_long(&pack(u), &vw, poll);
    (unpack(&q), unpack(&r))
}

/// `2^k` as an `f64` for `-1022 <= k <= 1023` (a normal number, built from its bits).
fn pow2(k: i32) -> f64 {
    f64::from_bits(((1023 + k) as u64) << 52)
}

/// `x * 2^k` where the result is known to be exact or to overflow to infinity (the
/// caller pre-rounds the mantissa), valid for `-1100 < k < 1100`.
pub(super) fn ldexp(mut x: f64, mut k: i32) -> f64 {
    while k > 1023 {
        x *= pow2(1023);
        k -= 1023;
    }
    while k < -1022 {
        // Stay above the subnormal range in the intermediate step so nothing is lost
        // until the final multiplication.
        x *= pow2(-1000);
        k += 1000;
    }
    x * pow2(k)
}

impl BigInt {
    /// Floor division and modulo together: `(self // other, self % other)` with the
    /// remainder taking the divisor's sign, like Python's `divmod`.
    pub fn divmod_floor(&self, other: &BigInt) -> Result<(BigInt, BigInt), DivError> {
        self.divmod_polled(other, &mut Poll::never())
            .map_err(|e| match e {
                LongError::Failed(e) => e,
                // Unreachable: `Poll::never` never stops.
                LongError::Stopped => DivError::ZeroDivision,
            })
    }

    /// [`BigInt::divmod_floor`], calling `check` every so often and stopping when it
    /// returns `true`.
    pub fn divmod_floor_with(
        &self,
        other: &BigInt,
        check: &mut dyn FnMut() -> bool,
    ) -> Result<(BigInt, BigInt), LongError<DivError>> {
        self.divmod_polled(other, &mut Poll::new(check))
    }

    fn divmod_polled(
        &self,
        other: &BigInt,
        poll: &mut Poll<'_>,
    ) -> Result<(BigInt, BigInt), LongError<DivError>> {
        if other.is_zero() {
            return Err(LongError::Failed(DivError::ZeroDivision));
        }
        let (q, r) = divrem_mag_polled(&self.mag, &other.mag, poll);
        if poll.stopped() {
            return Err(LongError::Stopped);
        }
        let mut q = BigInt::from_parts(self.neg != other.neg, q);
        let mut r = BigInt::from_parts(self.neg, r);
        // Truncated -> floored: adjust when the remainder's sign disagrees with the divisor.
        if !r.is_zero() && r.neg != other.neg {
            q = q.sub(&BigInt::one());
            r = r.add(other);
        }
        Ok((q, r))
    }

    /// `self // other` (floor division).
    pub fn div_floor(&self, other: &BigInt) -> Result<BigInt, DivError> {
        self.divmod_floor(other).map(|(q, _)| q)
    }

    /// `self % other` (result has the divisor's sign).
    pub fn mod_floor(&self, other: &BigInt) -> Result<BigInt, DivError> {
        self.divmod_floor(other).map(|(_, r)| r)
    }

    /// `a / b` as a correctly rounded float (CPython's `long_true_divide`).
    pub fn true_div(a: &BigInt, b: &BigInt) -> Result<f64, DivError> {
        const MANT_DIG: i64 = 53;
        const MIN_EXP: i64 = -1021;
        const MAX_EXP: i64 = 1024;
        if b.is_zero() {
            return Err(DivError::ZeroDivision);
        }
        let negate = a.neg != b.neg;
        let signed = |x: f64| if negate { -x } else { x };
        if a.is_zero() {
            return Ok(signed(0.0));
        }
        let a_bits = a.bit_length() as i64;
        let b_bits = b.bit_length() as i64;
        // Fast path: both exactly representable, so one IEEE division rounds correctly.
        if a_bits <= MANT_DIG && b_bits <= MANT_DIG {
            let da = a.mag_u128().unwrap_or(0) as f64;
            let db = b.mag_u128().unwrap_or(1) as f64;
            return Ok(signed(da / db));
        }
        let diff = a_bits - b_bits;
        if diff > MAX_EXP {
            return Err(DivError::Overflow);
        }
        if diff < MIN_EXP - MANT_DIG - 1 {
            return Ok(signed(0.0));
        }
        // Scale so the quotient has MANT_DIG + 2 or + 3 bits (fewer for subnormals).
        let shift = diff.max(MIN_EXP) - MANT_DIG - 2;
        let mut inexact = false;
        let x = if shift <= 0 {
            a.abs()
                .shl((-shift) as u64)
                .map_err(|_| DivError::Overflow)?
        } else {
            let sh = shift as u64;
            let t = a.abs();
            if t.trailing_zeros() < sh {
                inexact = true;
            }
            t.shr(sh)
        };
        let (q, r) = divrem_mag(&x.mag, &b.mag);
        if !r.is_empty() {
            inexact = true;
        }
        let q = BigInt::from_parts(false, q);
        let x_bits = q.bit_length() as i64;
        let mut low = q.mag_u128().unwrap_or(0) as u64;
        // Round half to even on the extra bits, with `inexact` as a sticky bit.
        // Always 2 or 3 by construction of `shift`; the clamp only keeps a logic error
        // from turning into a shift-overflow panic.
        let extra_bits = (x_bits.max(MIN_EXP - shift) - MANT_DIG).clamp(1, 8);
        let mask: u64 = 1 << (extra_bits - 1);
        low |= u64::from(inexact);
        if low & mask != 0 && low & (3 * mask - 1) != 0 {
            low += mask;
        }
        low &= !(2 * mask - 1);
        let dx = low as f64;
        if shift + x_bits >= MAX_EXP
            && (shift + x_bits > MAX_EXP || dx == ldexp(1.0, x_bits as i32))
        {
            return Err(DivError::Overflow);
        }
        Ok(signed(ldexp(dx, shift as i32)))
    }

    /// Python's `pow(self, exp, modulus)`. A negative exponent first replaces the base by
    /// its modular inverse. The result has the modulus's sign (or is 0).
    pub fn modpow(&self, exp: &BigInt, modulus: &BigInt) -> Result<BigInt, PowModError> {
        self.modpow_polled(exp, modulus, &mut Poll::never())
            .map_err(|e| match e {
                LongError::Failed(e) => e,
                // Unreachable: `Poll::never` never stops.
                LongError::Stopped => PowModError::ZeroModulus,
            })
    }

    /// [`BigInt::modpow`], calling `check` every so often and stopping when it returns
    /// `true`.
    pub fn modpow_with(
        &self,
        exp: &BigInt,
        modulus: &BigInt,
        check: &mut dyn FnMut() -> bool,
    ) -> Result<BigInt, LongError<PowModError>> {
        self.modpow_polled(exp, modulus, &mut Poll::new(check))
    }

    fn modpow_polled(
        &self,
        exp: &BigInt,
        modulus: &BigInt,
        poll: &mut Poll<'_>,
    ) -> Result<BigInt, LongError<PowModError>> {
        use LongError::Failed;
        if modulus.is_zero() {
            return Err(Failed(PowModError::ZeroModulus));
        }
        let m = modulus.abs();
        if m.mag == [1] {
            return Ok(BigInt::zero());
        }
        let mut base = self
            .mod_floor(&m)
            .map_err(|_| Failed(PowModError::ZeroModulus))?;
        if exp.neg {
            base = base.invmod(&m).ok_or(Failed(PowModError::NotInvertible))?;
        }
        // Left-to-right square-and-multiply, reducing after every product.
        let mut acc: Vec<u32> = vec![1];
        let e = &exp.mag;
        for i in (0..e.len()).rev() {
            for bit in (0..32).rev() {
                acc = mul_mag_polled(&acc, &acc, poll);
                acc = divrem_mag_polled(&acc, &m.mag, poll).1;
                if (e[i] >> bit) & 1 == 1 {
                    acc = mul_mag_polled(&acc, &base.mag, poll);
                    acc = divrem_mag_polled(&acc, &m.mag, poll).1;
                }
                if poll.stopped() {
                    return Err(LongError::Stopped);
                }
            }
        }
        let r = BigInt::from_parts(false, acc);
        if modulus.neg && !r.is_zero() {
            Ok(r.sub(&m))
        } else {
            Ok(r)
        }
    }

    /// Inverse of `self` (already reduced into `0..m`) modulo `m > 1`, via extended
    /// Euclid; `None` when `gcd(self, m) != 1`.
    fn invmod(&self, m: &BigInt) -> Option<BigInt> {
        // Invariant: old_s * self == old_r (mod m), s * self == r (mod m).
        let (mut old_r, mut r) = (self.clone(), m.clone());
        let (mut old_s, mut s) = (BigInt::one(), BigInt::zero());
        while !r.is_zero() {
            let (q, rem) = old_r.divmod_floor(&r).ok()?;
            old_r = core::mem::replace(&mut r, rem);
            let ns = old_s.sub(&q.mul(&s));
            old_s = core::mem::replace(&mut s, ns);
        }
        if old_r.mag != [1] {
            return None;
        }
        old_s.mod_floor(m).ok()
    }
}
