//! Condition codes and the instructions that act on a condition without branching (SETcc,
//! CMOVcc). The branches live in `branch`.

use super::inst::Inst;
use super::mem::Rm;
use super::modrm::{encode_rm, Form};
use super::regs::Reg;

/// A condition, numbered as the `cc` field of Jcc, SETcc and CMOVcc encodes it (Intel SDM
/// Vol. 1 Appendix B, "EFLAGS Condition Codes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cond {
    /// Overflow (OF = 1).
    O = 0x0,
    /// No overflow (OF = 0).
    No = 0x1,
    /// Below, unsigned `<` (CF = 1); also "carry".
    B = 0x2,
    /// Above or equal, unsigned `>=` (CF = 0); also "no carry".
    Ae = 0x3,
    /// Equal (ZF = 1); also "zero".
    E = 0x4,
    /// Not equal (ZF = 0); also "not zero".
    Ne = 0x5,
    /// Below or equal, unsigned `<=` (CF = 1 or ZF = 1).
    Be = 0x6,
    /// Above, unsigned `>` (CF = 0 and ZF = 0).
    A = 0x7,
    /// Sign (SF = 1).
    S = 0x8,
    /// No sign (SF = 0).
    Ns = 0x9,
    /// Parity even (PF = 1); after `ucomisd`, "unordered".
    P = 0xA,
    /// Parity odd (PF = 0); after `ucomisd`, "ordered".
    Np = 0xB,
    /// Less, signed `<` (SF != OF).
    L = 0xC,
    /// Greater or equal, signed `>=` (SF = OF).
    Ge = 0xD,
    /// Less or equal, signed `<=` (ZF = 1 or SF != OF).
    Le = 0xE,
    /// Greater, signed `>` (ZF = 0 and SF = OF).
    G = 0xF,
}

impl Cond {
    /// Every condition in encoding order.
    pub const ALL: [Cond; 16] = [
        Cond::O,
        Cond::No,
        Cond::B,
        Cond::Ae,
        Cond::E,
        Cond::Ne,
        Cond::Be,
        Cond::A,
        Cond::S,
        Cond::Ns,
        Cond::P,
        Cond::Np,
        Cond::L,
        Cond::Ge,
        Cond::Le,
        Cond::G,
    ];

    /// The four-bit `cc` field.
    #[inline]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The opposite condition: the encoding pairs each condition with its negation in the
    /// lowest bit.
    #[inline]
    pub const fn negate(self) -> Cond {
        Cond::ALL[(self.code() ^ 1) as usize]
    }
}

/// `setcc r/m8`: Intel SDM Vol. 2B §4.3 SETcc, `0F 90+cc /0`. Writes 1 or 0 into the low byte
/// only; a register's SPL..DIL low byte gets the REX prefix that selects it.
#[inline]
pub fn setcc_rm8(cond: Cond, dst: impl Into<Rm>) -> Inst {
    let form = Form {
        rm_byte: true,
        ..Form::D
    };
    encode_rm(form, &[0x0F, 0x90 | cond.code()], 0, dst.into().into())
}

/// `cmovcc r64, r/m64`: Intel SDM Vol. 2A §3.2 CMOVcc, `REX.W + 0F 40+cc /r`. A memory source
/// is read (and may fault) even when the condition is false.
#[inline]
pub fn cmovcc_r64_rm64(cond: Cond, dst: Reg, src: impl Into<Rm>) -> Inst {
    encode_rm(
        Form::W,
        &[0x0F, 0x40 | cond.code()],
        dst.num(),
        src.into().into(),
    )
}

#[cfg(test)]
mod tests {
    use super::Cond;

    #[test]
    fn negate_pairs_conditions() {
        assert_eq!(Cond::E.negate(), Cond::Ne);
        assert_eq!(Cond::L.negate(), Cond::Ge);
        assert_eq!(Cond::A.negate(), Cond::Be);
        for c in Cond::ALL {
            assert_eq!(c.negate().negate(), c);
            assert_ne!(c.negate(), c);
        }
    }
}
