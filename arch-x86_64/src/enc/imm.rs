//! Range-checked immediates and displacements.
//!
//! x86-64 sign-extends 8- and 32-bit immediates and displacements to 64 bits, so a value is
//! encodable exactly when it fits the signed field. The constructors from `i64` check that
//! once, and the encoders then take the checked type, so no encoder has to truncate.

/// A sign-extended 8-bit immediate (`ib`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Imm8(i8);

impl Imm8 {
    /// The immediate for `value`, or `None` when it does not fit in a signed byte.
    #[inline]
    pub const fn new(value: i64) -> Option<Self> {
        if value >= i8::MIN as i64 && value <= i8::MAX as i64 {
            Some(Imm8(value as i8))
        } else {
            None
        }
    }

    /// The value the processor sees after sign extension.
    #[inline]
    pub const fn get(self) -> i8 {
        self.0
    }
}

impl From<i8> for Imm8 {
    #[inline]
    fn from(value: i8) -> Self {
        Imm8(value)
    }
}

/// A sign-extended 32-bit immediate (`id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Imm32(i32);

impl Imm32 {
    /// The immediate for `value`, or `None` when sign-extending 32 bits cannot produce it.
    #[inline]
    pub const fn new(value: i64) -> Option<Self> {
        if value >= i32::MIN as i64 && value <= i32::MAX as i64 {
            Some(Imm32(value as i32))
        } else {
            None
        }
    }

    /// The value the processor sees after sign extension.
    #[inline]
    pub const fn get(self) -> i32 {
        self.0
    }
}

impl From<i32> for Imm32 {
    #[inline]
    fn from(value: i32) -> Self {
        Imm32(value)
    }
}

impl From<Imm8> for Imm32 {
    #[inline]
    fn from(value: Imm8) -> Self {
        Imm32(value.0 as i32)
    }
}

/// A memory operand's displacement: a signed 32-bit offset, encoded in the shortest form
/// (none, disp8 or disp32) the addressing mode allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Disp(i32);

impl Disp {
    /// No displacement.
    pub const ZERO: Disp = Disp(0);

    /// The displacement for `value`, or `None` when it does not fit in a signed 32-bit field.
    #[inline]
    pub const fn new(value: i64) -> Option<Self> {
        if value >= i32::MIN as i64 && value <= i32::MAX as i64 {
            Some(Disp(value as i32))
        } else {
            None
        }
    }

    /// The signed offset.
    #[inline]
    pub const fn get(self) -> i32 {
        self.0
    }

    /// The displacement as a disp8, when it fits one.
    #[inline]
    pub(crate) const fn as_i8(self) -> Option<i8> {
        if self.0 >= i8::MIN as i32 && self.0 <= i8::MAX as i32 {
            Some(self.0 as i8)
        } else {
            None
        }
    }
}

impl From<i32> for Disp {
    #[inline]
    fn from(value: i32) -> Self {
        Disp(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_inclusive() {
        assert_eq!(Imm8::new(127).map(Imm8::get), Some(127));
        assert_eq!(Imm8::new(-128).map(Imm8::get), Some(-128));
        assert_eq!(Imm8::new(128), None);
        assert_eq!(Imm8::new(-129), None);
        assert_eq!(Imm32::new(i32::MAX as i64).map(Imm32::get), Some(i32::MAX));
        assert_eq!(Imm32::new(i32::MIN as i64).map(Imm32::get), Some(i32::MIN));
        assert_eq!(Imm32::new(i32::MAX as i64 + 1), None);
        assert_eq!(Imm32::new(i32::MIN as i64 - 1), None);
        assert_eq!(Disp::new(1 << 31), None);
        assert_eq!(Disp::new(-(1 << 31)).map(Disp::get), Some(i32::MIN));
    }

    #[test]
    fn disp8_only_when_it_fits() {
        assert_eq!(Disp::from(-128).as_i8(), Some(-128));
        assert_eq!(Disp::from(127).as_i8(), Some(127));
        assert_eq!(Disp::from(128).as_i8(), None);
        assert_eq!(Disp::from(-129).as_i8(), None);
    }
}
