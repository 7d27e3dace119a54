//! Int arithmetic in a build without the `bigint` feature: every int fits in `i64`, the
//! operations the inline and 128-bit paths leave over (true division and powers of heap
//! ints) run in machine arithmetic, and a result beyond `i64` is an `OverflowError`.

use super::bigint::PowModError;
use super::value::Value;
use crate::bytecode::ops::BinaryOp;
use crate::vm::{PyErr, PyResult, Vm};

impl Vm {
    /// The `OverflowError` of an int beyond `i64` in a build without the `bigint` feature.
    pub(crate) fn int_too_large(&mut self) -> PyErr {
        self.overflow_error("int too large (built without the bigint feature)")
    }

    /// `x op y` for two ints that fit in `i64`, where the result may not.
    pub(super) fn narrow_int_op(&mut self, x: i128, y: i128, op: BinaryOp) -> PyResult<Value> {
        match op {
            BinaryOp::TrueDivide => match int_true_divide(x, y) {
                Some(q) => Ok(Value::float(q)),
                None => Err(self.zero_division("division by zero")),
            },
            BinaryOp::Power if y < 0 => self.float_op(x as f64, y as f64, op),
            BinaryOp::Power => {
                let r = match x {
                    0 | 1 => Some(x),
                    -1 => Some(if y % 2 == 0 { 1 } else { -1 }),
                    _ => u32::try_from(y).ok().and_then(|e| x.checked_pow(e)),
                };
                match r {
                    Some(r) => self.int_from_i128(r),
                    None => Err(self.int_too_large()),
                }
            }
            BinaryOp::MatrixMultiply => Err(self.unsupported(Value::NONE, Value::NONE, op, false)),
            _ => match self.wide_int_op(x, y, op)? {
                Some(v) => Ok(v),
                None => Err(self.int_too_large()),
            },
        }
    }
}

/// `x / y` correctly rounded, for `|x|, |y| <= 2^64`; `None` when `y` is zero.
///
/// The dividend is shifted so its top bit is bit 126: the quotient then has at least 62
/// bits, and a set lowest bit for a nonzero remainder (a sticky bit well below the 53 kept)
/// makes the conversion to `f64` round as the exact quotient would. Scaling back by a power
/// of two is exact, the result being far from the subnormal range.
pub fn int_true_divide(x: i128, y: i128) -> Option<f64> {
    if y == 0 {
        return None;
    }
    let (ax, ay) = (x.unsigned_abs(), y.unsigned_abs());
    let negative = (x < 0) != (y < 0);
    if ax == 0 {
        return Some(if negative { -0.0 } else { 0.0 });
    }
    let shift = ax.leading_zeros() - 1;
    let n = ax << shift;
    let mut q = n / ay;
    if n % ay != 0 {
        q |= 1;
    }
    // 2^-shift, built from its exponent field (`shift` is at most 126).
    let scale = f64::from_bits(u64::from(1023 - shift) << 52);
    let r = q as f64 * scale;
    Some(if negative { -r } else { r })
}

/// `pow(b, e, m)` with CPython's signs: the result has the modulus's sign, and a negative
/// exponent takes the inverse of `b` modulo `|m|`.
pub fn narrow_modpow(b: i64, e: i64, m: i64) -> Result<i128, PowModError> {
    if m == 0 {
        return Err(PowModError::ZeroModulus);
    }
    let n = i128::from(m).abs();
    let mut base = i128::from(b).rem_euclid(n);
    if e < 0 {
        base = mod_inverse(base, n).ok_or(PowModError::NotInvertible)?;
    }
    let mut e = e.unsigned_abs();
    // Both factors are below `n <= 2^63`, so every product fits in `i128`.
    let mut r = 1 % n;
    while e > 0 {
        if e & 1 == 1 {
            r = r * base % n;
        }
        base = base * base % n;
        e >>= 1;
    }
    Ok(if m < 0 && r != 0 { r - n } else { r })
}

/// The inverse of `a` modulo `n` (`0 <= a < n`), by the extended Euclidean algorithm.
fn mod_inverse(a: i128, n: i128) -> Option<i128> {
    let (mut r0, mut r1) = (a, n);
    let (mut s0, mut s1) = (1i128, 0i128);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (s0, s1) = (s1, s0 - q * s1);
    }
    (r0 == 1).then(|| s0.rem_euclid(n))
}

#[cfg(test)]
mod tests {
    use super::{int_true_divide, narrow_modpow};
    use crate::object::bigint::BigInt;

    /// Agrees with the big-int true division on values around the float precision edges.
    #[test]
    fn true_divide_matches_big_ints() {
        let mut vals: alloc::vec::Vec<i64> = alloc::vec![0, 1, -1, 3, 7, 10, i64::MAX, i64::MIN];
        for k in [52u32, 53, 54, 60, 62] {
            let p = 1i64 << k;
            vals.extend([p - 1, p, p + 1, -(p + 1), p / 3, p / 7 * 5 + 1]);
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..64 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            vals.push(seed as i64 >> (seed % 40));
        }
        for &x in &vals {
            for &y in &vals {
                let want = BigInt::true_div(&BigInt::from_i64(x), &BigInt::from_i64(y)).ok();
                let got = int_true_divide(i128::from(x), i128::from(y));
                assert_eq!(
                    got.map(f64::to_bits),
                    want.map(f64::to_bits),
                    "{x} / {y}"
                );
            }
        }
    }

    /// Agrees with the big-int `pow(b, e, m)`, signs and inverses included.
    #[test]
    fn modpow_matches_big_ints() {
        let vals = [0i64, 1, -1, 2, 3, -7, 10, 97, -97, 1 << 40, i64::MAX, i64::MIN + 1];
        for &b in &vals {
            for &e in &[0i64, 1, 2, 5, 63, -1, -3, 1 << 20] {
                for &m in &vals {
                    let (e_big, m_big) = (BigInt::from_i64(e), BigInt::from_i64(m));
                    let big = BigInt::from_i64(b).modpow(&e_big, &m_big);
                    let got = narrow_modpow(b, e, m).map(BigInt::from_i128);
                    assert_eq!(got, big, "pow({b}, {e}, {m})");
                }
            }
        }
    }
}
