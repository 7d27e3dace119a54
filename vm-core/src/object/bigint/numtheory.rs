//! `math.factorial`, `perm`, `comb`, `isqrt` and `gcd` on big ints. Each can run for
//! minutes on large inputs, so each takes a cancellation check (see `poll`); the caller
//! bounds the size of what it asks for first ([`BigInt::factorial_bits_bound`],
//! [`BigInt::falling_bits_bound`]).

use alloc::vec;
use alloc::vec::Vec;

use super::arith::{mul_mag_polled, mul_small};
use super::div::divrem_mag_polled;
use super::poll::{Poll, Stopped};
use super::{cmp_mag, trim, BigInt};
use core::cmp::Ordering;

/// Factors a leaf of the product tree multiplies one after the other.
const LEAF: u64 = 32;

impl BigInt {
    /// An upper bound on the bits of `n!`: `log2(n!) <= n*log2(n) - (n - 1)*log2(e) + 1`
    /// (from `n! <= e * n^(n + 1/2) * e^-n`, rounded up generously).
    pub fn factorial_bits_bound(n: u64) -> u64 {
        if n < 2 {
            return 1;
        }
        let nf = n as f64;
        let log2n = libm::log2(nf);
        let est = nf * log2n - (nf - 1.0) * core::f64::consts::LOG2_E + log2n / 2.0 + 4.0;
        float_bits(est)
    }

    /// An upper bound on the bits of the product of `k` integers below `n` in magnitude.
    pub fn falling_bits_bound(n: &BigInt, k: u64) -> u64 {
        n.bit_length().saturating_mul(k).saturating_add(1)
    }

    /// `n!`, calling `check` every so often and stopping when it returns `true`.
    pub fn factorial_with(n: u64, check: &mut dyn FnMut() -> bool) -> Result<BigInt, Stopped> {
        if n < 2 {
            return Ok(BigInt::one());
        }
        BigInt::range_product_with(&BigInt::from_u64(2), n - 1, check)
    }

    /// `lo * (lo + 1) * ... * (lo + count - 1)` for `lo >= 1` (a balanced product tree,
    /// so the large products are between operands of equal size, where Karatsuba
    /// pays), calling `check` every so often.
    pub fn range_product_with(
        lo: &BigInt,
        count: u64,
        check: &mut dyn FnMut() -> bool,
    ) -> Result<BigInt, Stopped> {
        let mut poll = Poll::new(check);
        let mag = product_polled(lo, count, &mut poll);
        if poll.stopped() {
            return Err(Stopped);
        }
        Ok(BigInt::from_parts(false, mag))
    }

    /// `math.isqrt(self)` (`None` for a negative value), calling `check` every so often.
    /// CPython's algorithm: the root is refined while its precision doubles, so the cost
    /// is that of a few full-size divisions.
    pub fn isqrt_with(&self, check: &mut dyn FnMut() -> bool) -> Result<Option<BigInt>, Stopped> {
        if self.neg {
            return Ok(None);
        }
        if self.mag.is_empty() {
            return Ok(Some(BigInt::zero()));
        }
        let mut poll = Poll::new(check);
        let c = (self.bit_length() - 1) / 2;
        let mut a = BigInt::one();
        let mut d = 0u64;
        for s in (0..64 - c.leading_zeros()).rev() {
            // Invariant: (a - 1)**2 < (self >> 2*(c - d)) < (a + 1)**2.
            let e = d;
            d = c >> s;
            let num = self.shr(2 * c - e - d + 1);
            let (q, _) = divrem_mag_polled(&num.mag, &a.mag, &mut poll);
            if poll.stopped() {
                return Err(Stopped);
            }
            let Ok(shifted) = a.shl(d - e - 1) else {
                return Ok(None);
            };
            a = shifted.add(&BigInt::from_parts(false, q));
        }
        let square = mul_mag_polled(&a.mag, &a.mag, &mut poll);
        if poll.stopped() {
            return Err(Stopped);
        }
        if cmp_mag(&square, &self.mag) == Ordering::Greater {
            a = a.sub(&BigInt::one());
        }
        Ok(Some(a))
    }

    /// `math.gcd(self, other)` (never negative), calling `check` every so often. Lehmer's
    /// algorithm (Knuth, TAOCP vol. 2, 4.5.2, algorithm L): the quotients are found from
    /// the leading 63 bits, and the operands updated once for many of them, which makes it
    /// tens of times faster than Euclid's on large operands.
    pub fn gcd_with(
        &self,
        other: &BigInt,
        check: &mut dyn FnMut() -> bool,
    ) -> Result<BigInt, Stopped> {
        let mut poll = Poll::new(check);
        let (mut a, mut b) = (self.mag.clone(), other.mag.clone());
        if cmp_mag(&a, &b) == Ordering::Less {
            core::mem::swap(&mut a, &mut b);
        }
        while b.len() > 2 {
            if poll.spend(a.len()) {
                return Err(Stopped);
            }
            let (mut x, mut y) = leading_bits(&a, &b);
            let (mut ca, mut cb, mut cc, mut cd) = (1i128, 0i128, 0i128, 1i128);
            loop {
                if y + cc == 0 || y + cd == 0 {
                    break;
                }
                let q = (x + ca) / (y + cc);
                if q != (x + cb) / (y + cd) {
                    break;
                }
                (ca, cc) = (cc, ca - q * cc);
                (cb, cd) = (cd, cb - q * cd);
                (x, y) = (y, x - q * y);
            }
            let step = if cb == 0 {
                None
            } else {
                lin_comb(&a, ca, &b, cb).zip(lin_comb(&a, cc, &b, cd))
            };
            match step {
                Some((na, nb)) => (a, b) = (na, nb),
                None => {
                    // No quotient was certain: one step of Euclid's.
                    let (_, r) = divrem_mag_polled(&a, &b, &mut poll);
                    if poll.stopped() {
                        return Err(Stopped);
                    }
                    a = core::mem::replace(&mut b, r);
                }
            }
        }
        // Two limbs or fewer: Euclid's algorithm on machine words.
        let (_, r) = if b.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            divrem_mag_polled(&a, &b, &mut poll)
        };
        if b.is_empty() {
            return Ok(BigInt::from_parts(false, a));
        }
        let (mut x, mut y) = (word(&b), word(&r));
        while y != 0 {
            (x, y) = (y, x % y);
        }
        Ok(BigInt::from_u64(x))
    }
}

/// The leading 63 bits of `a` (`a >= b`, at least three limbs) and the bits of `b` at the
/// same positions.
fn leading_bits(a: &[u32], b: &[u32]) -> (i128, i128) {
    let bits = (a.len() as u64 - 1) * 32 + u64::from(32 - a[a.len() - 1].leading_zeros());
    let shift = bits - 63;
    let at = |m: &[u32]| -> i128 {
        let (limb, off) = ((shift / 32) as usize, (shift % 32) as u32);
        let mut v: u128 = 0;
        for i in (limb..m.len().min(limb + 3)).rev() {
            v = (v << 32) | u128::from(m[i]);
        }
        (v >> off) as i128 & ((1i128 << 63) - 1)
    };
    (at(a), at(b))
}

/// `p*a + q*b` on magnitudes for cofactors below 2**64 in magnitude, or `None` if it is
/// negative (which Lehmer's cofactors never give).
fn lin_comb(a: &[u32], p: i128, b: &[u32], q: i128) -> Option<Vec<u32>> {
    let n = a.len().max(b.len());
    let mut out = Vec::with_capacity(n + 3);
    let mut carry: i128 = 0;
    for i in 0..n {
        let x = i128::from(a.get(i).copied().unwrap_or(0));
        let y = i128::from(b.get(i).copied().unwrap_or(0));
        let t = x * p + y * q + carry;
        out.push(t as u32);
        carry = t >> 32;
    }
    while carry > 0 {
        out.push(carry as u32);
        carry >>= 32;
    }
    if carry < 0 {
        return None;
    }
    trim(&mut out);
    Some(out)
}

/// A magnitude of at most two limbs as a `u64`.
fn word(m: &[u32]) -> u64 {
    m.iter().rev().fold(0u64, |v, &l| (v << 32) | u64::from(l))
}

/// A float bit count rounded up, saturating (a bound beyond `u64` is as refused as
/// `u64::MAX`).
fn float_bits(est: f64) -> u64 {
    let est = libm::ceil(est);
    if est >= u64::MAX as f64 {
        u64::MAX
    } else if est < 1.0 {
        1
    } else {
        est as u64
    }
}

/// The magnitude of `lo * (lo + 1) * ... * (lo + count - 1)` (`lo >= 1`); meaningless once
/// `poll` asked to stop.
fn product_polled(lo: &BigInt, count: u64, poll: &mut Poll<'_>) -> Vec<u32> {
    if count == 0 || poll.stopped() {
        return vec![1];
    }
    if count <= LEAF {
        return leaf_product(lo, count, poll);
    }
    let half = count / 2;
    let a = product_polled(lo, half, poll);
    let b = product_polled(&lo.add(&BigInt::from_u64(half)), count - half, poll);
    mul_mag_polled(&a, &b, poll)
}

/// A short run of consecutive factors, multiplied one after the other; factors that fit
/// a limb are packed several to a limb first.
fn leaf_product(lo: &BigInt, count: u64, poll: &mut Poll<'_>) -> Vec<u32> {
    let small = lo
        .to_u64()
        .and_then(|l| l.checked_add(count))
        .filter(|&end| end <= u64::from(u32::MAX));
    let mut acc = vec![1u32];
    match (small, lo.to_u64()) {
        (Some(_), Some(l)) => {
            let mut cur: u64 = 1;
            for v in l..l + count {
                match cur.checked_mul(v) {
                    Some(p) if p <= u64::from(u32::MAX) => cur = p,
                    _ => {
                        acc = mul_small(&acc, cur as u32);
                        cur = v;
                    }
                }
            }
            mul_small(&acc, cur as u32)
        }
        _ => {
            let mut v = lo.clone();
            let one = BigInt::one();
            for _ in 0..count {
                acc = mul_mag_polled(&acc, &v.mag, poll);
                poll.spend(acc.len());
                v = v.add(&one);
            }
            acc
        }
    }
}
