//! One encoded instruction.

use core::fmt;

/// The architectural limit on an instruction's length.
pub const MAX_INST_LEN: usize = 15;

/// The bytes of one encoded instruction, held inline so encoders stay pure and allocation-free.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Inst {
    bytes: [u8; MAX_INST_LEN],
    len: u8,
}

impl Inst {
    /// An instruction of no bytes, for the encoders to push into.
    #[inline]
    pub(crate) const fn empty() -> Self {
        Inst {
            bytes: [0; MAX_INST_LEN],
            len: 0,
        }
    }

    /// An instruction made of `bytes` (at most [`MAX_INST_LEN`]).
    #[inline]
    pub(crate) fn from_slice(bytes: &[u8]) -> Self {
        let mut inst = Inst::empty();
        inst.extend(bytes);
        inst
    }

    /// The encoded bytes.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }

    /// The length in bytes.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the instruction has no bytes (never true for an encoder's result).
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends one byte.
    #[inline]
    pub(crate) fn push(&mut self, byte: u8) {
        // The encoders' longest form is 12 bytes, so this only fires on an encoder bug.
        debug_assert!(
            (self.len as usize) < MAX_INST_LEN,
            "instruction longer than 15 bytes"
        );
        self.bytes[self.len as usize] = byte;
        self.len += 1;
    }

    /// Appends bytes in order.
    #[inline]
    pub(crate) fn extend(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.push(b);
        }
    }

    /// Appends a little-endian 32-bit value (disp32, imm32, rel32).
    #[inline]
    pub(crate) fn push_i32(&mut self, value: i32) {
        self.extend(&value.to_le_bytes());
    }

    /// Appends a little-endian 64-bit value (imm64).
    #[inline]
    pub(crate) fn push_i64(&mut self, value: i64) {
        self.extend(&value.to_le_bytes());
    }
}

impl AsRef<[u8]> for Inst {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl fmt::Debug for Inst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Inst[")?;
        for (i, b) in self.as_bytes().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{b:02x}")?;
        }
        f.write_str("]")
    }
}
