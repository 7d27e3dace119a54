//! Data movement between general-purpose registers, immediates and memory, and address
//! computation.

use super::imm::Imm32;
use super::inst::Inst;
use super::mem::{Mem, Rm};
use super::modrm::{encode_plus_r, encode_rm, Form, RawRm};
use super::regs::Reg;

/// `mov r/m64, r64`: Intel SDM Vol. 2B §4.3 MOV, `REX.W + 89 /r`.
#[inline]
pub fn mov_rm64_r64(dst: impl Into<Rm>, src: Reg) -> Inst {
    encode_rm(Form::W, &[0x89], src.num(), dst.into().into())
}

/// `mov r64, r/m64`: Intel SDM Vol. 2B §4.3 MOV, `REX.W + 8B /r`.
#[inline]
pub fn mov_r64_rm64(dst: Reg, src: impl Into<Rm>) -> Inst {
    encode_rm(Form::W, &[0x8B], dst.num(), src.into().into())
}

/// `mov r/m32, r32`: Intel SDM Vol. 2B §4.3 MOV, `89 /r`. A register destination's upper
/// 32 bits are zeroed.
#[inline]
pub fn mov_rm32_r32(dst: impl Into<Rm>, src: Reg) -> Inst {
    encode_rm(Form::D, &[0x89], src.num(), dst.into().into())
}

/// `mov r32, r/m32`: Intel SDM Vol. 2B §4.3 MOV, `8B /r`. The upper 32 bits of the
/// destination are zeroed.
#[inline]
pub fn mov_r32_rm32(dst: Reg, src: impl Into<Rm>) -> Inst {
    encode_rm(Form::D, &[0x8B], dst.num(), src.into().into())
}

/// `mov r64, imm64` (movabs): Intel SDM Vol. 2B §4.3 MOV, `REX.W + B8+rd io`. Always ten
/// bytes, so it is also the form to patch a 64-bit constant into later.
#[inline]
pub fn mov_r64_imm64(dst: Reg, imm: i64) -> Inst {
    let mut inst = encode_plus_r(Form::W, 0xB8, dst);
    inst.push_i64(imm);
    inst
}

/// `mov r32, imm32`: Intel SDM Vol. 2B §4.3 MOV, `B8+rd id`. Zero-extends into the 64-bit
/// register, the short way to load any constant in `0..=u32::MAX`.
#[inline]
pub fn mov_r32_imm32(dst: Reg, imm: u32) -> Inst {
    let mut inst = encode_plus_r(Form::D, 0xB8, dst);
    inst.push_i32(imm as i32);
    inst
}

/// `mov r/m64, imm32`: Intel SDM Vol. 2B §4.3 MOV, `REX.W + C7 /0 id`. Sign-extends the
/// immediate to 64 bits.
#[inline]
pub fn mov_rm64_imm32(dst: impl Into<Rm>, imm: Imm32) -> Inst {
    let mut inst = encode_rm(Form::W, &[0xC7], 0, dst.into().into());
    inst.push_i32(imm.get());
    inst
}

/// `mov r/m32, imm32`: Intel SDM Vol. 2B §4.3 MOV, `C7 /0 id`.
#[inline]
pub fn mov_rm32_imm32(dst: impl Into<Rm>, imm: u32) -> Inst {
    let mut inst = encode_rm(Form::D, &[0xC7], 0, dst.into().into());
    inst.push_i32(imm as i32);
    inst
}

/// `mov r/m8, imm8`: Intel SDM Vol. 2B §4.3 MOV, `C6 /0 ib`. A register operand is its low
/// byte (SPL, BPL, SIL and DIL get the REX prefix that selects them over AH..BH).
#[inline]
pub fn mov_rm8_imm8(dst: impl Into<Rm>, imm: u8) -> Inst {
    let form = Form {
        rm_byte: true,
        ..Form::D
    };
    let mut inst = encode_rm(form, &[0xC6], 0, dst.into().into());
    inst.push(imm);
    inst
}

/// `movzx r32, r/m8`: Intel SDM Vol. 2B §4.3 MOVZX, `0F B6 /r`. Zero-extends the byte into
/// the whole 64-bit register; a register source is its low byte (SPL, BPL, SIL and DIL get the
/// REX prefix that selects them over AH..BH).
#[inline]
pub fn movzx_r32_rm8(dst: Reg, src: impl Into<Rm>) -> Inst {
    let form = Form {
        rm_byte: true,
        ..Form::D
    };
    encode_rm(form, &[0x0F, 0xB6], dst.num(), src.into().into())
}

/// `lea r64, m`: Intel SDM Vol. 2A §3.2 LEA, `REX.W + 8D /r`.
#[inline]
pub fn lea_r64_m(dst: Reg, src: Mem) -> Inst {
    encode_rm(Form::W, &[0x8D], dst.num(), RawRm::Mem(src))
}
