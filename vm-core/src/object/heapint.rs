//! The payload of a heap `int` (one outside the inline small-int range).
//!
//! Most such ints in real programs are the intermediate values of hashing or of a linear
//! congruential generator (`state * 1103515245 + 12345`): they fit in 128 bits. Those are
//! stored in place, so creating one costs an arena slot but no allocation, and arithmetic
//! on them is machine arithmetic. Larger values keep a boxed [`BigInt`]. The representation
//! is canonical: a value that fits in `i128` is always `Wide`.

use alloc::rc::Rc;

use super::bigint::BigInt;

/// An int too large for a small int.
#[derive(Debug)]
pub enum HeapInt {
    /// A value that fits in `i128`, as two words (keeps `Obj` 8-byte aligned).
    Wide {
        /// The high 64 bits (two's complement).
        hi: i64,
        /// The low 64 bits.
        lo: u64,
    },
    /// A value beyond `i128` (never changed in place: operands share it).
    Big(Rc<BigInt>),
}

impl HeapInt {
    /// A value from an `i128`.
    #[inline]
    pub fn from_i128(v: i128) -> HeapInt {
        HeapInt::Wide {
            hi: (v >> 64) as i64,
            lo: v as u64,
        }
    }

    /// A value from a big int (stored in place when it fits).
    pub fn from_big(b: BigInt) -> HeapInt {
        match b.to_i128() {
            Some(v) => HeapInt::from_i128(v),
            None => HeapInt::Big(Rc::new(b)),
        }
    }

    /// The value as an `i128` when stored in place.
    #[inline]
    pub fn as_i128(&self) -> Option<i128> {
        match self {
            HeapInt::Wide { hi, lo } => Some(((*hi as i128) << 64) | *lo as i128),
            HeapInt::Big(_) => None,
        }
    }

    /// The value as a big int (a copy).
    pub fn to_big(&self) -> BigInt {
        match self {
            HeapInt::Wide { .. } => BigInt::from_i128(self.as_i128().unwrap_or(0)),
            HeapInt::Big(b) => (**b).clone(),
        }
    }

    /// The value as a big int an operation reads: the stored one itself (no copy of its
    /// words: pidigits spent a tenth of its time copying operands), or a new one for a
    /// value stored in place.
    pub fn shared_big(&self) -> Rc<BigInt> {
        match self {
            HeapInt::Wide { .. } => Rc::new(BigInt::from_i128(self.as_i128().unwrap_or(0))),
            HeapInt::Big(b) => b.clone(),
        }
    }

    /// The value as an `i64` if it fits.
    pub fn to_i64(&self) -> Option<i64> {
        match self {
            HeapInt::Wide { .. } => self.as_i128().and_then(|v| i64::try_from(v).ok()),
            HeapInt::Big(b) => b.to_i64(),
        }
    }

    /// The value as the nearest `f64`; `Err` when it overflows.
    #[allow(
        clippy::result_unit_err,
        reason = "as BigInt::to_f64: single failure mode; the VM supplies the message"
    )]
    pub fn to_f64(&self) -> Result<f64, ()> {
        match self {
            // Rounds to nearest (ties to even) like CPython's int-to-float.
            HeapInt::Wide { .. } => Ok(self.as_i128().unwrap_or(0) as f64),
            HeapInt::Big(b) => b.to_f64(),
        }
    }

    /// Number of bits of the magnitude.
    pub fn bit_length(&self) -> u64 {
        match self {
            HeapInt::Wide { .. } => {
                let m = self.as_i128().unwrap_or(0).unsigned_abs();
                u64::from(128 - m.leading_zeros())
            }
            HeapInt::Big(b) => b.bit_length(),
        }
    }

    /// CPython's `hash(int)` (as [`BigInt::hash`]).
    pub fn hash(&self) -> i64 {
        match self {
            HeapInt::Wide { .. } => {
                const P: u128 = (1 << 61) - 1;
                let v = self.as_i128().unwrap_or(0);
                let r = (v.unsigned_abs() % P) as i64;
                let r = if v < 0 { -r } else { r };
                if r == -1 {
                    -2
                } else {
                    r
                }
            }
            HeapInt::Big(b) => b.hash(),
        }
    }

    /// Bytes owned outside the arena slot.
    pub fn heap_bytes(&self) -> usize {
        match self {
            HeapInt::Wide { .. } => 0,
            HeapInt::Big(b) => size_of::<BigInt>() + (b.bit_length() as usize) / 8,
        }
    }
}

impl PartialEq for HeapInt {
    fn eq(&self, other: &HeapInt) -> bool {
        match (self, other) {
            (HeapInt::Big(x), HeapInt::Big(y)) => x == y,
            (HeapInt::Wide { .. }, HeapInt::Wide { .. }) => self.as_i128() == other.as_i128(),
            // Canonical: a value that fits in place never is `Big`.
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_round_trips_and_hashes_like_bigint() {
        for v in [
            1i128 << 47,
            -(1i128 << 47) - 1,
            1 << 63,
            (1 << 64) + 12345,
            -(1 << 100) + 7,
            i128::MAX,
            i128::MIN,
            (1 << 61) - 1,
            -((1 << 61) - 1) - 1,
            -((1 << 61) + 1),
        ] {
            let w = HeapInt::from_i128(v);
            assert_eq!(w.as_i128(), Some(v));
            let b = BigInt::from_i128(v);
            assert_eq!(w.hash(), b.hash(), "{v}");
            assert_eq!(w.bit_length(), b.bit_length(), "{v}");
            assert_eq!(w.to_i64(), b.to_i64());
            assert_eq!(w.to_big(), b);
            assert_eq!(w.to_f64(), b.to_f64(), "{v}");
            assert!(HeapInt::from_big(b) == w);
        }
    }
}
