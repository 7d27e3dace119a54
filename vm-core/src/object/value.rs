//! `Value`: a NaN-boxed 64-bit Python value.
//!
//! Floats are stored unboxed as their IEEE bits. Everything else lives in the negative quiet
//! NaN space above `0xFFF9 << 48`, which no float operation produces (hardware default NaNs are
//! `0x7FF8...` on AArch64 and `0xFFF8...` on x86-64, and NaN payloads only propagate from
//! inputs, which are always one of those two). The top 16 bits are the tag:
//!
//! | top 16 bits | meaning                                   | payload                    |
//! |-------------|-------------------------------------------|----------------------------|
//! | `< 0xFFF9`  | a float                                   | the float's bits           |
//! | `0xFFF9`    | a small int                               | 48-bit two's complement    |
//! | `0xFFFA`    | a heap object                             | arena index (32 bits)      |
//! | `0xFFFB`    | a singleton (`None`, `True`, `False`, ...) | its number                 |
//! | `0xFFFC`    | an unbound builtin function or method     | table (16 bits), entry (16) |
//!
//! Ints outside the 48-bit range are heap big ints; every int that fits is small, so two ints
//! are equal exactly when their bits are equal or both are big and equal by value.

use core::fmt;

/// Where the tag starts (the top 16 bits).
pub const TAG_SHIFT: u32 = 48;
/// The tag of a small int.
pub const TAG_INT: u64 = 0xFFF9;
/// The tag of a heap object reference.
pub const TAG_OBJ: u64 = 0xFFFA;
/// The tag of a singleton.
pub const TAG_CONST: u64 = 0xFFFB;
/// The tag of an unbound builtin function or method: its payload names an entry of a
/// static table the VM registered (`object::native_table`), so it costs no heap.
pub const TAG_NATIVE: u64 = 0xFFFC;
/// The payload bits below the tag.
pub const PAYLOAD_MASK: u64 = (1 << TAG_SHIFT) - 1;
/// First bit pattern that is not a float.
const BOXED_START: u64 = TAG_INT << TAG_SHIFT;
/// The one NaN the VM stores for a NaN with a payload in the boxed range.
const CANONICAL_NAN: u64 = 0x7FF8_0000_0000_0000;

/// Smallest int stored inline.
pub const SMALL_INT_MIN: i64 = -(1 << 47);
/// Largest int stored inline.
pub const SMALL_INT_MAX: i64 = (1 << 47) - 1;

/// An index into the VM heap's object arena.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct ObjRef(pub(crate) u32);

impl ObjRef {
    /// The arena index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for ObjRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A Python value in 64 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Value(u64);

impl Value {
    /// `None`.
    pub const NONE: Value = Value::constant(0);
    /// `False`.
    pub const FALSE: Value = Value::constant(1);
    /// `True`.
    pub const TRUE: Value = Value::constant(2);
    /// `NotImplemented`.
    pub const NOT_IMPLEMENTED: Value = Value::constant(3);
    /// `...`.
    pub const ELLIPSIS: Value = Value::constant(4);
    /// Not a Python value: an unbound local, an empty slot, or "no self" on the call stack.
    pub const UNDEF: Value = Value::constant(5);

    const fn constant(n: u64) -> Value {
        Value((TAG_CONST << TAG_SHIFT) | n)
    }

    /// The raw bits (for the JIT and hashing of identities).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// A float value.
    #[inline]
    pub fn float(f: f64) -> Value {
        let bits = f.to_bits();
        if bits >= BOXED_START {
            Value(CANONICAL_NAN)
        } else {
            Value(bits)
        }
    }

    /// An int if it fits inline.
    #[inline]
    pub fn small_int(i: i64) -> Option<Value> {
        if (SMALL_INT_MIN..=SMALL_INT_MAX).contains(&i) {
            Some(Value((TAG_INT << TAG_SHIFT) | (i as u64 & PAYLOAD_MASK)))
        } else {
            None
        }
    }

    /// An int known to fit inline (checked in debug builds).
    #[inline]
    pub fn int_unchecked(i: i64) -> Value {
        debug_assert!((SMALL_INT_MIN..=SMALL_INT_MAX).contains(&i));
        Value((TAG_INT << TAG_SHIFT) | (i as u64 & PAYLOAD_MASK))
    }

    /// A bool.
    #[inline]
    pub fn bool(b: bool) -> Value {
        if b {
            Value::TRUE
        } else {
            Value::FALSE
        }
    }

    /// A heap object reference.
    #[inline]
    pub fn obj(r: ObjRef) -> Value {
        Value((TAG_OBJ << TAG_SHIFT) | r.0 as u64)
    }

    /// An unbound builtin: entry `entry` of the VM's native table `table`.
    #[inline]
    pub const fn native(table: u16, entry: u16) -> Value {
        Value((TAG_NATIVE << TAG_SHIFT) | ((table as u64) << 16) | entry as u64)
    }

    /// The (table, entry) of an unbound builtin, if this is one.
    #[inline]
    pub fn as_native(self) -> Option<(u16, u16)> {
        if self.0 >> TAG_SHIFT == TAG_NATIVE {
            Some(((self.0 >> 16) as u16, self.0 as u16))
        } else {
            None
        }
    }

    /// Whether this is an unbound builtin held inline.
    #[inline]
    pub fn is_native(self) -> bool {
        self.0 >> TAG_SHIFT == TAG_NATIVE
    }

    /// Whether this is a float.
    #[inline]
    pub fn is_float(self) -> bool {
        self.0 < BOXED_START
    }

    /// The float, if this is one.
    #[inline]
    pub fn as_float(self) -> Option<f64> {
        if self.is_float() {
            Some(f64::from_bits(self.0))
        } else {
            None
        }
    }

    /// Whether this is an inline int.
    #[inline]
    pub fn is_small_int(self) -> bool {
        self.0 >> TAG_SHIFT == TAG_INT
    }

    /// The inline int, if this is one.
    #[inline]
    pub fn as_small_int(self) -> Option<i64> {
        if self.is_small_int() {
            Some(((self.0 << 16) as i64) >> 16)
        } else {
            None
        }
    }

    /// The inline int of a value known to be one.
    #[inline]
    pub fn small_int_value(self) -> i64 {
        ((self.0 << 16) as i64) >> 16
    }

    /// Whether this is a heap object.
    #[inline]
    pub fn is_obj(self) -> bool {
        self.0 >> TAG_SHIFT == TAG_OBJ
    }

    /// The heap object, if this is one.
    #[inline]
    pub fn as_obj(self) -> Option<ObjRef> {
        if self.is_obj() {
            Some(ObjRef(self.0 as u32))
        } else {
            None
        }
    }

    /// Whether this is `True` or `False`.
    #[inline]
    pub fn is_bool(self) -> bool {
        self == Value::TRUE || self == Value::FALSE
    }

    /// Whether this is `None`.
    #[inline]
    pub fn is_none(self) -> bool {
        self == Value::NONE
    }

    /// Whether this is the `UNDEF` marker.
    #[inline]
    pub fn is_undef(self) -> bool {
        self == Value::UNDEF
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(x) = self.as_float() {
            write!(f, "{x:?}")
        } else if let Some(i) = self.as_small_int() {
            write!(f, "{i}")
        } else if let Some(r) = self.as_obj() {
            write!(f, "{r:?}")
        } else if let Some((t, e)) = self.as_native() {
            write!(f, "<native {t}.{e}>")
        } else {
            let name = match *self {
                Value::NONE => "None",
                Value::TRUE => "True",
                Value::FALSE => "False",
                Value::NOT_IMPLEMENTED => "NotImplemented",
                Value::ELLIPSIS => "Ellipsis",
                Value::UNDEF => "<undef>",
                _ => "<bad value>",
            };
            f.write_str(name)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ints_round_trip_at_the_edges() {
        for i in [0, 1, -1, SMALL_INT_MAX, SMALL_INT_MIN, 12345, -98765] {
            let v = Value::small_int(i).unwrap();
            assert!(v.is_small_int() && !v.is_float() && !v.is_obj());
            assert_eq!(v.as_small_int(), Some(i));
        }
        assert!(Value::small_int(SMALL_INT_MAX + 1).is_none());
        assert!(Value::small_int(SMALL_INT_MIN - 1).is_none());
    }

    #[test]
    fn floats_stay_floats_including_nans() {
        for x in [
            0.0,
            -0.0,
            1.5,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MIN_POSITIVE,
            1e308,
        ] {
            let v = Value::float(x);
            assert!(v.is_float());
            assert_eq!(v.as_float().unwrap().to_bits(), x.to_bits());
        }
        let x86_nan = f64::from_bits(0xFFF8_0000_0000_0000);
        assert!(Value::float(x86_nan).as_float().unwrap().is_nan());
        let odd_nan = f64::from_bits(0xFFFF_0000_0000_1234);
        assert!(Value::float(odd_nan).as_float().unwrap().is_nan());
        assert!(!Value::float(f64::NAN).is_obj());
    }

    #[test]
    fn singletons_are_distinct() {
        let all = [
            Value::NONE,
            Value::TRUE,
            Value::FALSE,
            Value::NOT_IMPLEMENTED,
            Value::ELLIPSIS,
            Value::UNDEF,
        ];
        for (i, a) in all.iter().enumerate() {
            assert!(!a.is_float() && !a.is_small_int() && !a.is_obj());
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
        let o = Value::obj(ObjRef(77));
        assert_eq!(o.as_obj(), Some(ObjRef(77)));
        let n = Value::native(3, 65535);
        assert_eq!(n.as_native(), Some((3, 65535)));
        assert!(!n.is_float() && !n.is_small_int() && !n.is_obj() && n.as_obj().is_none());
        assert!(!all.contains(&n) && o.as_native().is_none());
    }
}
