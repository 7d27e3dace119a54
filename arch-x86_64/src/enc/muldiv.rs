//! Signed multiplication and division on 64-bit operands.

use super::imm::{Imm32, Imm8};
use super::inst::Inst;
use super::mem::Rm;
use super::modrm::{encode_rm, Form};
use super::regs::Reg;

/// `imul r64, r/m64`: Intel SDM Vol. 2A §3.2 IMUL, `REX.W + 0F AF /r`. Truncates the product
/// to 64 bits; OF and CF report whether it overflowed.
#[inline]
pub fn imul_r64_rm64(dst: Reg, src: impl Into<Rm>) -> Inst {
    encode_rm(Form::W, &[0x0F, 0xAF], dst.num(), src.into().into())
}

/// `imul r64, r/m64, imm32` (sign-extended): Intel SDM Vol. 2A §3.2 IMUL,
/// `REX.W + 69 /r id`.
#[inline]
pub fn imul_r64_rm64_imm32(dst: Reg, src: impl Into<Rm>, imm: Imm32) -> Inst {
    let mut inst = encode_rm(Form::W, &[0x69], dst.num(), src.into().into());
    inst.push_i32(imm.get());
    inst
}

/// `imul r64, r/m64, imm8` (sign-extended): Intel SDM Vol. 2A §3.2 IMUL, `REX.W + 6B /r ib`.
#[inline]
pub fn imul_r64_rm64_imm8(dst: Reg, src: impl Into<Rm>, imm: Imm8) -> Inst {
    let mut inst = encode_rm(Form::W, &[0x6B], dst.num(), src.into().into());
    inst.push(imm.get() as u8);
    inst
}

/// `cqo`: Intel SDM Vol. 2A §3.2 CWD/CDQ/CQO, `REX.W + 99`. Sign-extends RAX into RDX:RAX,
/// the dividend `idiv` expects.
#[inline]
pub fn cqo() -> Inst {
    Inst::from_slice(&[0x48, 0x99])
}

/// `idiv r/m64`: Intel SDM Vol. 2A §3.2 IDIV, `REX.W + F7 /7`. Divides RDX:RAX, leaving the
/// quotient (truncated toward zero) in RAX and the remainder in RDX; raises #DE on a zero
/// divisor or on `i64::MIN / -1`.
#[inline]
pub fn idiv_rm64(divisor: impl Into<Rm>) -> Inst {
    encode_rm(Form::W, &[0xF7], 7, divisor.into().into())
}
