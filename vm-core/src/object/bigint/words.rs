//! Division of magnitudes on 64-bit words: a one-word divisor through its reciprocal, longer
//! ones by Knuth's algorithm D. Magnitudes are stored in 32-bit limbs; packing them into
//! words halves the number of steps, and `u64 * u64 -> u128` is one instruction on 64-bit
//! targets.

use super::poll::Poll;
use super::trim;
use alloc::vec;
use alloc::vec::Vec;

/// Little-endian 32-bit limbs packed into 64-bit words.
pub(super) fn pack(a: &[u32]) -> Vec<u64> {
    // (Collected, not zeroed first: the operands of a long division are large.)
    a.chunks(2)
        .map(|p| u64::from(p[0]) | p.get(1).map_or(0, |&hi| u64::from(hi) << 32))
        .collect()
}

/// 64-bit words split back into normalized 32-bit limbs.
pub(super) fn unpack(w: &[u64]) -> Vec<u32> {
    let mut out = Vec::with_capacity(w.len() * 2);
    for &x in w {
        out.push(x as u32);
        out.push((x >> 32) as u32);
    }
    trim(&mut out);
    out
}

/// A one-word divisor with its reciprocal, so that each quotient word costs two multiplies
/// instead of a hardware divide. Möller and Granlund, "Improved division by invariant
/// integers", IEEE Trans. Computers 60(2), 2011, algorithm 4.
pub(super) struct WordDivisor {
    /// The divisor shifted left until its top bit is set.
    norm: u64,
    shift: u32,
    /// `floor((2^128 - 1) / norm) - 2^64`.
    inv: u64,
}

impl WordDivisor {
    pub(super) fn new(d: u64) -> Self {
        debug_assert!(d != 0);
        let shift = d.leading_zeros();
        let norm = d << shift;
        // `norm >= 2^63`, so the quotient lies in [2^64, 2^65) and the difference fits.
        let inv = (u128::MAX / u128::from(norm) - (1 << 64)) as u64;
        WordDivisor { norm, shift, inv }
    }

    /// `(u1:u0) / norm` for `u1 < norm`: `(quotient, remainder)`.
    #[inline(always)]
    pub(super) fn div_2by1(&self, u1: u64, u0: u64) -> (u64, u64) {
        let d = self.norm;
        let q = (u128::from(self.inv) * u128::from(u1))
            .wrapping_add((u128::from(u1) << 64) | u128::from(u0));
        let mut q1 = ((q >> 64) as u64).wrapping_add(1);
        let q0 = q as u64;
        let mut r = u0.wrapping_sub(q1.wrapping_mul(d));
        if r > q0 {
            q1 = q1.wrapping_sub(1);
            r = r.wrapping_add(d);
        }
        if r >= d {
            q1 += 1;
            r -= d;
        }
        (q1, r)
    }

    /// Replaces `a` by `a / d` and returns `a % d` (on packed words: the reference
    /// [`WordDivisor::divide_limbs_in_place`] is tested against).
    ///
    /// Divides `a << shift` by `norm`, shifting on the fly: the quotient is the same and the
    /// remainder comes out shifted. Step `i` reads words `i` and `i - 1` and writes word `i`,
    /// so the division works in place.
    #[cfg(test)]
    pub(super) fn divide_in_place(&self, a: &mut [u64]) -> u64 {
        let s = self.shift;
        let Some(&top) = a.last() else {
            return 0;
        };
        if s == 0 {
            let mut r = 0;
            for w in a.iter_mut().rev() {
                (*w, r) = self.div_2by1(r, *w);
            }
            return r;
        }
        let mut r = top >> (64 - s);
        for i in (1..a.len()).rev() {
            let word = (a[i] << s) | (a[i - 1] >> (64 - s));
            (a[i], r) = self.div_2by1(r, word);
        }
        (a[0], r) = self.div_2by1(r, a[0] << s);
        r >> s
    }

    /// [`WordDivisor::divide_in_place`] on 32-bit limbs, read and written two at a time as
    /// the words they pack into (the top word may have one limb): no packed copy of a long
    /// dividend, nor an unpacked one of its quotient.
    pub(super) fn divide_limbs_in_place(&self, a: &mut [u32]) -> u64 {
        let words = a.len().div_ceil(2);
        let get = |a: &[u32], i: usize| {
            u64::from(a[2 * i]) | a.get(2 * i + 1).map_or(0, |&hi| u64::from(hi) << 32)
        };
        let set = |a: &mut [u32], i: usize, w: u64| {
            a[2 * i] = w as u32;
            // (A quotient is no larger than its dividend: past a missing top limb, zero.)
            if let Some(hi) = a.get_mut(2 * i + 1) {
                *hi = (w >> 32) as u32;
            }
        };
        if words == 0 {
            return 0;
        }
        let s = self.shift;
        if s == 0 {
            let mut r = 0;
            for i in (0..words).rev() {
                let q;
                (q, r) = self.div_2by1(r, get(a, i));
                set(a, i, q);
            }
            return r;
        }
        let mut r = get(a, words - 1) >> (64 - s);
        for i in (1..words).rev() {
            let word = (get(a, i) << s) | (get(a, i - 1) >> (64 - s));
            let q;
            (q, r) = self.div_2by1(r, word);
            set(a, i, q);
        }
        let q;
        (q, r) = self.div_2by1(r, get(a, 0) << s);
        set(a, 0, q);
        r >> s
    }
}

/// `a << s` for `s < 64`, producing exactly `len` words (`len >= a.len()`, and the caller
/// guarantees the result fits).
fn shl_words(a: &[u64], s: u32, len: usize) -> Vec<u64> {
    let mut out = vec![0u64; len];
    if s == 0 {
        out[..a.len()].copy_from_slice(a);
        return out;
    }
    let mut carry = 0u64;
    for (o, &w) in out.iter_mut().zip(a) {
        *o = (w << s) | carry;
        carry = w >> (64 - s);
    }
    if let Some(o) = out.get_mut(a.len()) {
        *o = carry;
    }
    out
}

/// `(u / v, u % v)` for `v` of at least two words and `u >= v`. Knuth, TAOCP vol. 2, 4.3.1,
/// algorithm D (the Hacker's Delight formulation). Gives up, with a meaningless result, once
/// `poll` asks to stop.
pub(super) fn divrem_long(u: &[u64], v: &[u64], poll: &mut Poll<'_>) -> (Vec<u64>, Vec<u64>) {
    let n = v.len();
    debug_assert!(n >= 2 && u.len() >= n);
    let m = u.len() - n;
    let s = v[n - 1].leading_zeros();
    // Normalize so the divisor's top bit is set; this bounds the q-hat error to 2.
    let vn = shl_words(v, s, n);
    let mut un = shl_words(u, s, u.len() + 1);
    let mut q = vec![0u64; m + 1];
    let b: u128 = 1 << 64;
    let vtop = u128::from(vn[n - 1]);
    let vsec = u128::from(vn[n - 2]);
    for j in (0..=m).rev() {
        // A step costs twice a 32-bit limb step.
        if poll.spend(2 * n) {
            break;
        }
        let num = (u128::from(un[j + n]) << 64) | u128::from(un[j + n - 1]);
        let mut qhat = num / vtop;
        let mut rhat = num % vtop;
        while qhat >= b || qhat * vsec > ((rhat << 64) | u128::from(un[j + n - 2])) {
            qhat -= 1;
            rhat += vtop;
            if rhat >= b {
                break;
            }
        }
        // Multiply and subtract qhat * vn from un[j..j+n+1].
        let qhat64 = qhat as u64;
        let window = &mut un[j..=j + n];
        let (body, top) = window.split_at_mut(n);
        let mut carry = 0u64;
        for (u, &v) in body.iter_mut().zip(&vn) {
            // At most (2^64 - 1)^2 + 2^64 - 1 < 2^128.
            let p = u128::from(qhat64) * u128::from(v) + u128::from(carry);
            let (t, borrow) = u.overflowing_sub(p as u64);
            *u = t;
            carry = (p >> 64) as u64 + u64::from(borrow);
        }
        let (t, negative) = top[0].overflowing_sub(carry);
        top[0] = t;
        q[j] = qhat64;
        if negative {
            // qhat was one too large (rare): add the divisor back.
            q[j] = qhat64 - 1;
            let mut c = false;
            for (u, &v) in body.iter_mut().zip(&vn) {
                let (s1, c1) = u.overflowing_add(v);
                let (s2, c2) = s1.overflowing_add(u64::from(c));
                *u = s2;
                c = c1 || c2;
            }
            top[0] = top[0].wrapping_add(u64::from(c));
        }
    }
    // Un-normalize the remainder.
    let r = (0..n)
        .map(|i| {
            if s == 0 {
                un[i]
            } else {
                (un[i] >> s) | (un[i + 1] << (64 - s))
            }
        })
        .collect();
    (q, r)
}
