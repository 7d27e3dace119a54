//! Shifts and rotates of 64-bit operands by an immediate count or by CL.
//!
//! The processor masks the count to its low six bits, so every `u8` count is encodable.

use super::inst::Inst;
use super::mem::Rm;
use super::modrm::{encode_rm, Form};

/// `REX.W + C1 /digit ib`.
#[inline]
fn shift_imm8(digit: u8, rm: Rm, count: u8) -> Inst {
    let mut inst = encode_rm(Form::W, &[0xC1], digit, rm.into());
    inst.push(count);
    inst
}

/// `REX.W + D3 /digit`.
#[inline]
fn shift_cl(digit: u8, rm: Rm) -> Inst {
    encode_rm(Form::W, &[0xD3], digit, rm.into())
}

/// `shl r/m64, imm8`: Intel SDM Vol. 2B §4.3 SAL/SAR/SHL/SHR, `REX.W + C1 /4 ib`.
#[inline]
pub fn shl_rm64_imm8(dst: impl Into<Rm>, count: u8) -> Inst {
    shift_imm8(4, dst.into(), count)
}

/// `shr r/m64, imm8` (logical): Intel SDM Vol. 2B §4.3 SAL/SAR/SHL/SHR, `REX.W + C1 /5 ib`.
#[inline]
pub fn shr_rm64_imm8(dst: impl Into<Rm>, count: u8) -> Inst {
    shift_imm8(5, dst.into(), count)
}

/// `sar r/m64, imm8` (arithmetic): Intel SDM Vol. 2B §4.3 SAL/SAR/SHL/SHR, `REX.W + C1 /7 ib`.
#[inline]
pub fn sar_rm64_imm8(dst: impl Into<Rm>, count: u8) -> Inst {
    shift_imm8(7, dst.into(), count)
}

/// `rol r/m64, imm8`: Intel SDM Vol. 2B §4.3 RCL/RCR/ROL/ROR, `REX.W + C1 /0 ib`. Sets CF
/// to the bit rotated into bit 0; OF is defined only for a count of 1.
#[inline]
pub fn rol_rm64_imm8(dst: impl Into<Rm>, count: u8) -> Inst {
    shift_imm8(0, dst.into(), count)
}

/// `ror r/m64, imm8`: Intel SDM Vol. 2B §4.3 RCL/RCR/ROL/ROR, `REX.W + C1 /1 ib`. Sets CF
/// to the bit rotated into bit 63; OF is defined only for a count of 1.
#[inline]
pub fn ror_rm64_imm8(dst: impl Into<Rm>, count: u8) -> Inst {
    shift_imm8(1, dst.into(), count)
}

/// `shl r/m64, cl`: Intel SDM Vol. 2B §4.3 SAL/SAR/SHL/SHR, `REX.W + D3 /4`.
#[inline]
pub fn shl_rm64_cl(dst: impl Into<Rm>) -> Inst {
    shift_cl(4, dst.into())
}

/// `shr r/m64, cl` (logical): Intel SDM Vol. 2B §4.3 SAL/SAR/SHL/SHR, `REX.W + D3 /5`.
#[inline]
pub fn shr_rm64_cl(dst: impl Into<Rm>) -> Inst {
    shift_cl(5, dst.into())
}

/// `sar r/m64, cl` (arithmetic): Intel SDM Vol. 2B §4.3 SAL/SAR/SHL/SHR, `REX.W + D3 /7`.
#[inline]
pub fn sar_rm64_cl(dst: impl Into<Rm>) -> Inst {
    shift_cl(7, dst.into())
}
