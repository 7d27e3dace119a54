//! Memory operands and the general-purpose r/m operand.

use super::imm::Disp;
use super::regs::Reg;

/// An index register: any general-purpose register but RSP.
///
/// The SIB byte's index number 4 without REX.X means "no index", so RSP cannot be one; R12
/// (the same low bits with REX.X) can.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Index(Reg);

impl Index {
    /// The index for `reg`, or `None` for RSP.
    #[inline]
    pub const fn new(reg: Reg) -> Option<Self> {
        match reg {
            Reg::Rsp => None,
            _ => Some(Index(reg)),
        }
    }

    /// The register.
    #[inline]
    pub const fn reg(self) -> Reg {
        self.0
    }
}

/// The factor a SIB byte multiplies the index by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Scale {
    /// Index × 1.
    S1 = 0,
    /// Index × 2.
    S2 = 1,
    /// Index × 4.
    S4 = 2,
    /// Index × 8.
    S8 = 3,
}

impl Scale {
    /// Every scale, smallest first.
    pub const ALL: [Scale; 4] = [Scale::S1, Scale::S2, Scale::S4, Scale::S8];

    /// The two SIB bits.
    #[inline]
    pub const fn bits(self) -> u8 {
        self as u8
    }

    /// The multiplier (1, 2, 4 or 8).
    #[inline]
    pub const fn factor(self) -> u8 {
        1 << self.bits()
    }
}

/// A memory operand `[base + index * scale + disp]`.
///
/// Every combination of the fields is encodable: the encoder adds the SIB byte an RSP or R12
/// base needs, and the zero displacement an RBP or R13 base needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mem {
    /// The base register.
    pub base: Reg,
    /// The optional scaled index.
    pub index: Option<(Index, Scale)>,
    /// The displacement added to the address.
    pub disp: Disp,
}

impl Mem {
    /// `[base]`.
    #[inline]
    pub const fn base(base: Reg) -> Self {
        Mem {
            base,
            index: None,
            disp: Disp::ZERO,
        }
    }

    /// `[base + disp]`.
    #[inline]
    pub const fn base_disp(base: Reg, disp: Disp) -> Self {
        Mem {
            base,
            index: None,
            disp,
        }
    }

    /// `[base + index * scale + disp]`.
    #[inline]
    pub const fn indexed(base: Reg, index: Index, scale: Scale, disp: Disp) -> Self {
        Mem {
            base,
            index: Some((index, scale)),
            disp,
        }
    }
}

/// A general-purpose r/m operand: a register (ModRM mod = 11) or a memory operand.
///
/// The encoders for `r/m64` forms take `impl Into<Rm>`, so both a [`Reg`] and a [`Mem`] can be
/// passed directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rm {
    /// A register operand.
    Reg(Reg),
    /// A memory operand.
    Mem(Mem),
}

impl From<Reg> for Rm {
    #[inline]
    fn from(reg: Reg) -> Self {
        Rm::Reg(reg)
    }
}

impl From<Mem> for Rm {
    #[inline]
    fn from(mem: Mem) -> Self {
        Rm::Mem(mem)
    }
}
