//! The stack (PUSH, POP) and the one-byte traps and fillers (UD2, INT3, NOP).

use super::inst::Inst;
use super::modrm::{encode_plus_r, Form};
use super::regs::Reg;

/// `push r64`: Intel SDM Vol. 2B §4.3 PUSH, `50+rd`. The operand size is 64 bits without
/// REX.W.
#[inline]
pub fn push_r64(src: Reg) -> Inst {
    encode_plus_r(Form::D, 0x50, src)
}

/// `pop r64`: Intel SDM Vol. 2B §4.3 POP, `58+rd`. The operand size is 64 bits without REX.W.
#[inline]
pub fn pop_r64(dst: Reg) -> Inst {
    encode_plus_r(Form::D, 0x58, dst)
}

/// `ud2`: Intel SDM Vol. 2B §4.3 UD, `0F 0B`. Raises #UD: marks code that must not run.
#[inline]
pub fn ud2() -> Inst {
    Inst::from_slice(&[0x0F, 0x0B])
}

/// `int3`: Intel SDM Vol. 2A §3.2 INT n/INTO/INT3/INT1, `CC`. The debugger breakpoint.
#[inline]
pub fn int3() -> Inst {
    Inst::from_slice(&[0xCC])
}

/// `nop`: Intel SDM Vol. 2B §4.3 NOP, `90`.
#[inline]
pub fn nop() -> Inst {
    Inst::from_slice(&[0x90])
}
