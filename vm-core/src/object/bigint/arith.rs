//! Addition, subtraction, multiplication (schoolbook + Karatsuba) and the helpers built on
//! them: `pow`, `factorial`, `isqrt`, `gcd`.

use super::poll::{LongError, Poll, Stopped};
use super::{cmp_mag, trim, BigInt, SizeError, MAX_BITS};
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

/// Below this many limbs (of the shorter operand) schoolbook multiplication wins.
pub(super) const KARATSUBA_THRESHOLD: usize = 32;

/// `a + b` on magnitudes.
pub(super) fn add_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = Vec::with_capacity(long.len() + 1);
    let mut carry = 0u64;
    let (lo, hi) = long.split_at(short.len());
    // (`extend` over exact-size iterators: no capacity check per limb, as `push` has.)
    out.extend(lo.iter().zip(short).map(|(&x, &y)| {
        let s = u64::from(x) + u64::from(y) + carry;
        carry = s >> 32;
        s as u32
    }));
    out.extend(hi.iter().map(|&x| {
        let s = u64::from(x) + carry;
        carry = s >> 32;
        s as u32
    }));
    if carry != 0 {
        out.push(carry as u32);
    }
    out
}

/// `a - b` on magnitudes; requires `a >= b`. The result is normalized.
pub(super) fn sub_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = false;
    let (lo, hi) = a.split_at(b.len().min(a.len()));
    out.extend(lo.iter().zip(b).map(|(&x, &y)| {
        let (d1, u1) = x.overflowing_sub(y);
        let (d2, u2) = d1.overflowing_sub(u32::from(borrow));
        borrow = u1 || u2;
        d2
    }));
    out.extend(hi.iter().map(|&x| {
        let (d, u) = x.overflowing_sub(u32::from(borrow));
        borrow = u;
        d
    }));
    trim(&mut out);
    out
}

/// `acc -= b` in place (`acc >= b` numerically; `acc` may have high zero limbs).
fn sub_in_place(acc: &mut [u32], b: &[u32]) {
    let mut borrow = false;
    let (lo, hi) = acc.split_at_mut(b.len().min(acc.len()));
    for (a, &y) in lo.iter_mut().zip(b) {
        let (d1, u1) = a.overflowing_sub(y);
        let (d2, u2) = d1.overflowing_sub(u32::from(borrow));
        *a = d2;
        borrow = u1 || u2;
    }
    for a in hi {
        if !borrow {
            break;
        }
        let (d, u) = a.overflowing_sub(1);
        *a = d;
        borrow = u;
    }
}

/// `acc[offset..] += b`, propagating the carry; `acc` must be long enough for the result.
fn add_at(acc: &mut [u32], b: &[u32], offset: usize) {
    let mut carry = 0u64;
    let mut i = 0;
    while i < b.len() || carry != 0 {
        let Some(slot) = acc.get_mut(offset + i) else {
            // Cannot happen for correctly sized buffers; dropping the carry is the only
            // panic-free option.
            return;
        };
        let s = u64::from(*slot) + u64::from(b.get(i).copied().unwrap_or(0)) + carry;
        *slot = s as u32;
        carry = s >> 32;
        i += 1;
    }
}

/// In-place `a = a * m + c`.
pub(super) fn mul_small_add_in_place(a: &mut Vec<u32>, m: u32, c: u32) {
    let mut carry = u64::from(c);
    for l in a.iter_mut() {
        let p = u64::from(*l) * u64::from(m) + carry;
        *l = p as u32;
        carry = p >> 32;
    }
    if carry != 0 {
        a.push(carry as u32);
    }
}

/// Schoolbook product added into `out` (at least `a.len() + b.len()` limbs, and the
/// sum must fit). Iterates over `a` in the outer loop, so pass the shorter operand as `a`.
fn mul_school(out: &mut [u32], a: &[u32], b: &[u32], poll: &mut Poll<'_>) {
    // Karatsuba's many small leaves are accounted once each; long rows one by one.
    let per_row = b.len() >= 1024;
    if !per_row && poll.spend(a.len() * b.len()) {
        return;
    }
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        if per_row && poll.spend(b.len()) {
            return;
        }
        let x = u64::from(x);
        let mut carry = 0u64;
        let row = &mut out[i..];
        let (head, tail) = row.split_at_mut(b.len().min(row.len()));
        // Zipped iteration lets the compiler drop bounds checks in the hot loop.
        for (r, &y) in head.iter_mut().zip(b) {
            let t = x * u64::from(y) + u64::from(*r) + carry;
            *r = t as u32;
            carry = t >> 32;
        }
        for r in tail {
            if carry == 0 {
                break;
            }
            let t = u64::from(*r) + carry;
            *r = t as u32;
            carry = t >> 32;
        }
    }
}

/// Strips high zero limbs from a slice view.
fn trimmed(a: &[u32]) -> &[u32] {
    let mut n = a.len();
    while n > 0 && a[n - 1] == 0 {
        n -= 1;
    }
    &a[..n]
}

/// Adds `a * b` into `out` (which must hold `a.len() + b.len()` limbs from where the
/// caller placed it). Dispatches between schoolbook, Karatsuba and the unbalanced split.
/// Returns early, with a meaningless `out`, once `poll` asks to stop.
fn mul_into(out: &mut [u32], a: &[u32], b: &[u32], poll: &mut Poll<'_>) {
    // Once stopped, the rest of the recursion (its allocations included) is skipped.
    if poll.stopped() {
        return;
    }
    let a = trimmed(a);
    let b = trimmed(b);
    if a.is_empty() || b.is_empty() {
        return;
    }
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    if short.len() < KARATSUBA_THRESHOLD {
        // mul_school accumulates into `out`; the outer loop must run over the short
        // operand so the inner loop is long (vital for bignum * small).
        mul_school(out, short, long, poll);
        return;
    }
    if long.len() >= 2 * short.len() {
        // Unbalanced: multiply `short` by `short`-sized slices of `long` so each piece
        // is balanced enough for Karatsuba to pay off.
        for (k, chunk) in long.chunks(short.len()).enumerate() {
            let mut tmp = vec![0u32; chunk.len() + short.len()];
            mul_into(&mut tmp, chunk, short, poll);
            if poll.stopped() {
                return;
            }
            add_at(out, trimmed(&tmp), k * short.len());
        }
        return;
    }
    // Karatsuba: with a = a1*B^h + a0 and b = b1*B^h + b0,
    // a*b = z2*B^2h + ((a0+a1)(b0+b1) - z0 - z2)*B^h + z0.
    let h = long.len() / 2;
    let (a0, a1) = long.split_at(h);
    let (b0, b1) = short.split_at(h.min(short.len()));
    let mut z0 = vec![0u32; a0.len() + b0.len()];
    mul_into(&mut z0, a0, b0, poll);
    let mut z2 = vec![0u32; a1.len() + b1.len()];
    mul_into(&mut z2, a1, b1, poll);
    if poll.stopped() {
        return;
    }
    let sa = add_mag(trimmed(a0), a1);
    let sb = add_mag(trimmed(b0), b1);
    let mut z1 = vec![0u32; sa.len() + sb.len()];
    mul_into(&mut z1, &sa, &sb, poll);
    if poll.stopped() {
        return;
    }
    sub_in_place(&mut z1, trimmed(&z0));
    sub_in_place(&mut z1, trimmed(&z2));
    add_at(out, trimmed(&z0), 0);
    add_at(out, trimmed(&z1), h);
    add_at(out, trimmed(&z2), 2 * h);
}

/// `a * b` on magnitudes, normalized.
pub(super) fn mul_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    mul_mag_polled(a, b, &mut Poll::never())
}

/// [`mul_mag`], giving up (with a meaningless result) once `poll` asks to stop.
pub(super) fn mul_mag_polled(a: &[u32], b: &[u32], poll: &mut Poll<'_>) -> Vec<u32> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    // bignum * small is the common case in real programs: one pass, no zeroed buffer.
    if b.len() == 1 {
        return mul_small(a, b[0]);
    }
    if a.len() == 1 {
        return mul_small(b, a[0]);
    }
    let mut out = vec![0u32; a.len() + b.len()];
    mul_into(&mut out, a, b, poll);
    trim(&mut out);
    out
}

/// `a * m` on magnitudes for a single-limb multiplier.
pub(super) fn mul_small(a: &[u32], m: u32) -> Vec<u32> {
    let m = u64::from(m);
    let mut out = Vec::with_capacity(a.len() + 1);
    let mut carry = 0u64;
    // Single pass straight into fresh storage (no copy-then-modify).
    out.extend(a.iter().map(|&l| {
        let p = u64::from(l) * m + carry;
        carry = p >> 32;
        p as u32
    }));
    if carry != 0 {
        out.push(carry as u32);
    }
    trim(&mut out);
    out
}

/// Schoolbook-only product, kept for cross-checking Karatsuba in tests.
#[cfg(test)]
pub(super) fn mul_mag_school(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = vec![0u32; a.len() + b.len()];
    mul_school(&mut out, a, b, &mut Poll::never());
    trim(&mut out);
    out
}

impl BigInt {
    /// Adds magnitudes with signs: the shared core of `add` and `sub`.
    fn add_signed(&self, other_neg: bool, other: &[u32]) -> BigInt {
        if self.neg == other_neg {
            return BigInt::from_parts(self.neg, add_mag(&self.mag, other));
        }
        match cmp_mag(&self.mag, other) {
            Ordering::Equal => BigInt::zero(),
            Ordering::Greater => BigInt::from_parts(self.neg, sub_mag(&self.mag, other)),
            Ordering::Less => BigInt::from_parts(other_neg, sub_mag(other, &self.mag)),
        }
    }

    /// `self + other`.
    pub fn add(&self, other: &BigInt) -> BigInt {
        self.add_signed(other.neg, &other.mag)
    }

    /// `self - other`.
    pub fn sub(&self, other: &BigInt) -> BigInt {
        self.add_signed(!other.neg, &other.mag)
    }

    /// `self * other`.
    pub fn mul(&self, other: &BigInt) -> BigInt {
        BigInt::from_parts(self.neg != other.neg, mul_mag(&self.mag, &other.mag))
    }

    /// `self * other`, calling `check` every so often and stopping when it returns `true`.
    pub fn mul_with(
        &self,
        other: &BigInt,
        check: &mut dyn FnMut() -> bool,
    ) -> Result<BigInt, Stopped> {
        let mut poll = Poll::new(check);
        let mag = mul_mag_polled(&self.mag, &other.mag, &mut poll);
        if poll.stopped() {
            return Err(Stopped);
        }
        Ok(BigInt::from_parts(self.neg != other.neg, mag))
    }

    /// `-self`.
    pub fn neg(&self) -> BigInt {
        BigInt::from_parts(!self.neg, self.mag.clone())
    }

    /// `abs(self)`.
    pub fn abs(&self) -> BigInt {
        BigInt {
            neg: false,
            mag: self.mag.clone(),
        }
    }

    /// Number of bits in `abs(self)` (Python's `int.bit_length`).
    pub fn bit_length(&self) -> u64 {
        match self.mag.last() {
            None => 0,
            Some(&top) => (self.mag.len() as u64 - 1) * 32 + u64::from(32 - top.leading_zeros()),
        }
    }

    /// `self ** exp` for a non-negative exponent. Errs when the result could exceed
    /// [`MAX_BITS`] (estimated as `bit_length * exp`, exact for powers of two).
    pub fn pow(&self, exp: u64) -> Result<BigInt, SizeError> {
        // `Poll::never` never stops: the only failure is the size.
        self.pow_polled(exp, &mut Poll::never())
            .map_err(|_| SizeError)
    }

    /// [`BigInt::pow`], calling `check` every so often and stopping when it returns `true`.
    pub fn pow_with(
        &self,
        exp: u64,
        check: &mut dyn FnMut() -> bool,
    ) -> Result<BigInt, LongError<SizeError>> {
        self.pow_polled(exp, &mut Poll::new(check))
    }

    fn pow_polled(&self, exp: u64, poll: &mut Poll<'_>) -> Result<BigInt, LongError<SizeError>> {
        let too_large = LongError::Failed(SizeError);
        let neg = self.neg && exp & 1 == 1;
        if exp == 0 {
            return Ok(BigInt::one());
        }
        if self.mag.is_empty() {
            return Ok(BigInt::zero());
        }
        if self.mag == [1] {
            return Ok(BigInt::from_parts(neg, vec![1]));
        }
        let bits = self.bit_length();
        // Powers of two: a shift, with an exact size check.
        let tz = self.trailing_zeros();
        if tz + 1 == bits {
            let shift = tz.checked_mul(exp).ok_or(too_large)?;
            let r = BigInt::one().shl(shift).map_err(|_| too_large)?;
            return Ok(if neg { r.neg() } else { r });
        }
        match bits.checked_mul(exp) {
            Some(b) if b <= MAX_BITS => {}
            _ => return Err(too_large),
        }
        // Left-to-right binary exponentiation on the magnitude.
        let mut acc = self.mag.clone();
        let top = 63 - exp.leading_zeros();
        for i in (0..top).rev() {
            acc = mul_mag_polled(&acc, &acc, poll);
            if (exp >> i) & 1 == 1 {
                acc = mul_mag_polled(&acc, &self.mag, poll);
            }
            if poll.stopped() {
                return Err(LongError::Stopped);
            }
        }
        Ok(BigInt::from_parts(neg, acc))
    }

    /// About `log2(|self|) * exp` rounded up, a bound on the bits of `self ** exp` that is
    /// tight (within a few bits) where `bit_length * exp` can be a third too large.
    pub fn pow_bits_bound(&self, exp: u64) -> u64 {
        let bits = self.bit_length();
        if bits <= 1 {
            return bits;
        }
        // The top 53 bits give log2 to double precision.
        let drop = bits.saturating_sub(53);
        let top = self.shr(drop).mag_u128().unwrap_or(1) as f64;
        let log2 = libm::log2(top) + drop as f64;
        let est = libm::ceil(log2 * exp as f64) + 2.0;
        // Saturating conversion: a bound beyond u64 is as refused as u64::MAX.
        if est >= u64::MAX as f64 {
            u64::MAX
        } else {
            est as u64
        }
    }

    /// `n!` via a product tree (balanced operands keep Karatsuba effective). Errs when
    /// the result would exceed [`MAX_BITS`].
    pub fn factorial(n: u64) -> Result<BigInt, SizeError> {
        // log2(n!) <= n * log2(n): cheap and safe upper bound.
        let bits_n = 64 - u64::from(n.leading_zeros());
        match n.checked_mul(bits_n) {
            Some(b) if b <= MAX_BITS => {}
            _ => return Err(SizeError),
        }
        // Pack runs of factors into single limbs first, then multiply pairwise.
        let mut leaves: Vec<Vec<u32>> = Vec::new();
        let mut cur: u64 = 1;
        for k in 2..=n {
            match cur.checked_mul(k) {
                Some(p) if p <= u64::from(u32::MAX) => cur = p,
                _ => {
                    leaves.push(mag_of(cur));
                    cur = k;
                }
            }
        }
        leaves.push(mag_of(cur));
        while leaves.len() > 1 {
            let mut next = Vec::with_capacity(leaves.len().div_ceil(2));
            let mut it = leaves.chunks(2);
            for pair in &mut it {
                match pair {
                    [a, b] => next.push(mul_mag(a, b)),
                    [a] => next.push(a.clone()),
                    _ => {}
                }
            }
            leaves = next;
        }
        Ok(BigInt::from_parts(false, leaves.pop().unwrap_or_default()))
    }

    /// `math.isqrt(self)`: the floor square root, or `None` for negative input.
    pub fn isqrt(&self) -> Option<BigInt> {
        if self.neg {
            return None;
        }
        if self.mag.is_empty() {
            return Some(BigInt::zero());
        }
        // Newton's iteration from an over-estimate decreases monotonically to the floor root.
        let bits = self.bit_length();
        let mut x = BigInt::one().shl(bits.div_ceil(2)).ok()?;
        loop {
            let q = self.div_floor(&x).ok()?;
            let y = x.add(&q).shr(1);
            if y >= x {
                return Some(x);
            }
            x = y;
        }
    }

    /// `math.gcd(self, other)` (always non-negative).
    pub fn gcd(&self, other: &BigInt) -> BigInt {
        let mut a = self.abs();
        let mut b = other.abs();
        while !b.is_zero() {
            // Both are non-negative so the floor remainder is the plain remainder.
            let r = match a.mod_floor(&b) {
                Ok(r) => r,
                Err(_) => break,
            };
            a = b;
            b = r;
        }
        a
    }

    /// Number of trailing zero bits of the magnitude (0 for zero).
    pub(super) fn trailing_zeros(&self) -> u64 {
        for (i, &l) in self.mag.iter().enumerate() {
            if l != 0 {
                return i as u64 * 32 + u64::from(l.trailing_zeros());
            }
        }
        0
    }
}

/// Limbs of a `u64`.
fn mag_of(v: u64) -> Vec<u32> {
    super::mag_from_u64(v)
}
