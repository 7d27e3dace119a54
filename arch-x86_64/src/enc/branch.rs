//! Jumps, calls and returns.
//!
//! A `rel` operand is relative to the end of the instruction, as the processor adds it to the
//! address of the next instruction. [`CodeBuf`](super::CodeBuf) computes it from labels.

use super::cond::Cond;
use super::inst::Inst;
use super::mem::Rm;
use super::modrm::{encode_rm, Form};

/// The length of `jcc rel32`, whose rel32 field is its last four bytes.
pub const JCC_REL32_LEN: usize = 6;
/// The length of `jmp rel32` and `call rel32`, whose rel32 field is their last four bytes.
pub const JMP_REL32_LEN: usize = 5;
/// The length of `jcc rel8` and `jmp rel8`.
pub const REL8_LEN: usize = 2;

/// `jcc rel32`: Intel SDM Vol. 2A §3.2 Jcc, `0F 80+cc cd`.
#[inline]
pub fn jcc_rel32(cond: Cond, rel: i32) -> Inst {
    let mut inst = Inst::from_slice(&[0x0F, 0x80 | cond.code()]);
    inst.push_i32(rel);
    inst
}

/// `jcc rel8`: Intel SDM Vol. 2A §3.2 Jcc, `70+cc cb`.
#[inline]
pub fn jcc_rel8(cond: Cond, rel: i8) -> Inst {
    Inst::from_slice(&[0x70 | cond.code(), rel as u8])
}

/// `jmp rel32`: Intel SDM Vol. 2A §3.2 JMP, `E9 cd`.
#[inline]
pub fn jmp_rel32(rel: i32) -> Inst {
    let mut inst = Inst::from_slice(&[0xE9]);
    inst.push_i32(rel);
    inst
}

/// `jmp rel8`: Intel SDM Vol. 2A §3.2 JMP, `EB cb`.
#[inline]
pub fn jmp_rel8(rel: i8) -> Inst {
    Inst::from_slice(&[0xEB, rel as u8])
}

/// `jmp r/m64` (absolute indirect): Intel SDM Vol. 2A §3.2 JMP, `FF /4`. The operand size is
/// 64 bits without REX.W.
#[inline]
pub fn jmp_rm64(target: impl Into<Rm>) -> Inst {
    encode_rm(Form::D, &[0xFF], 4, target.into().into())
}

/// `call rel32`: Intel SDM Vol. 2A §3.2 CALL, `E8 cd`.
#[inline]
pub fn call_rel32(rel: i32) -> Inst {
    let mut inst = Inst::from_slice(&[0xE8]);
    inst.push_i32(rel);
    inst
}

/// `call r/m64` (absolute indirect): Intel SDM Vol. 2A §3.2 CALL, `FF /2`. The operand size
/// is 64 bits without REX.W.
#[inline]
pub fn call_rm64(target: impl Into<Rm>) -> Inst {
    encode_rm(Form::D, &[0xFF], 2, target.into().into())
}

/// `ret` (near): Intel SDM Vol. 2B §4.3 RET, `C3`.
#[inline]
pub fn ret() -> Inst {
    Inst::from_slice(&[0xC3])
}
