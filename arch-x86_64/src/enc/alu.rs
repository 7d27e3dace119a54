//! Two-operand integer arithmetic and logic (ADD, OR, AND, SUB, XOR, CMP, TEST) and the
//! one-operand group (NEG, NOT, INC, DEC), on 64-bit operands, plus the few narrower forms
//! the calling convention needs (a `u32` status, a flag byte).
//!
//! The six classic ALU operations share one opcode layout: `op r/m, r` at `base + 1`,
//! `op r, r/m` at `base + 3`, and the `81 /digit` (imm32) and `83 /digit` (imm8) groups, so
//! each public encoder is one line over the shared helpers below.

use super::imm::{Imm32, Imm8};
use super::inst::Inst;
use super::mem::Rm;
use super::modrm::{encode_rm, Form};
use super::regs::Reg;

/// `REX.W + op /r` with the register in ModRM.reg.
#[inline]
fn op_rm_r(opcode: u8, rm: Rm, reg: Reg) -> Inst {
    encode_rm(Form::W, &[opcode], reg.num(), rm.into())
}

/// `REX.W + 81 /digit id`.
#[inline]
fn op_rm_imm32(digit: u8, rm: Rm, imm: Imm32) -> Inst {
    let mut inst = encode_rm(Form::W, &[0x81], digit, rm.into());
    inst.push_i32(imm.get());
    inst
}

/// `REX.W + 83 /digit ib`.
#[inline]
fn op_rm_imm8(digit: u8, rm: Rm, imm: Imm8) -> Inst {
    let mut inst = encode_rm(Form::W, &[0x83], digit, rm.into());
    inst.push(imm.get() as u8);
    inst
}

/// `REX.W + F7 /digit` or `REX.W + FF /digit`: the one-operand groups.
#[inline]
fn group_rm(opcode: u8, digit: u8, rm: Rm) -> Inst {
    encode_rm(Form::W, &[opcode], digit, rm.into())
}

/// `add r/m64, r64`: Intel SDM Vol. 2A §3.2 ADD, `REX.W + 01 /r`.
#[inline]
pub fn add_rm64_r64(dst: impl Into<Rm>, src: Reg) -> Inst {
    op_rm_r(0x01, dst.into(), src)
}

/// `add r64, r/m64`: Intel SDM Vol. 2A §3.2 ADD, `REX.W + 03 /r`.
#[inline]
pub fn add_r64_rm64(dst: Reg, src: impl Into<Rm>) -> Inst {
    op_rm_r(0x03, src.into(), dst)
}

/// `add r/m64, imm32` (sign-extended): Intel SDM Vol. 2A §3.2 ADD, `REX.W + 81 /0 id`.
#[inline]
pub fn add_rm64_imm32(dst: impl Into<Rm>, imm: Imm32) -> Inst {
    op_rm_imm32(0, dst.into(), imm)
}

/// `add r/m64, imm8` (sign-extended): Intel SDM Vol. 2A §3.2 ADD, `REX.W + 83 /0 ib`.
#[inline]
pub fn add_rm64_imm8(dst: impl Into<Rm>, imm: Imm8) -> Inst {
    op_rm_imm8(0, dst.into(), imm)
}

/// `or r/m64, r64`: Intel SDM Vol. 2B §4.3 OR, `REX.W + 09 /r`.
#[inline]
pub fn or_rm64_r64(dst: impl Into<Rm>, src: Reg) -> Inst {
    op_rm_r(0x09, dst.into(), src)
}

/// `or r64, r/m64`: Intel SDM Vol. 2B §4.3 OR, `REX.W + 0B /r`.
#[inline]
pub fn or_r64_rm64(dst: Reg, src: impl Into<Rm>) -> Inst {
    op_rm_r(0x0B, src.into(), dst)
}

/// `or r/m64, imm32` (sign-extended): Intel SDM Vol. 2B §4.3 OR, `REX.W + 81 /1 id`.
#[inline]
pub fn or_rm64_imm32(dst: impl Into<Rm>, imm: Imm32) -> Inst {
    op_rm_imm32(1, dst.into(), imm)
}

/// `or r/m64, imm8` (sign-extended): Intel SDM Vol. 2B §4.3 OR, `REX.W + 83 /1 ib`.
#[inline]
pub fn or_rm64_imm8(dst: impl Into<Rm>, imm: Imm8) -> Inst {
    op_rm_imm8(1, dst.into(), imm)
}

/// `and r/m64, r64`: Intel SDM Vol. 2A §3.2 AND, `REX.W + 21 /r`.
#[inline]
pub fn and_rm64_r64(dst: impl Into<Rm>, src: Reg) -> Inst {
    op_rm_r(0x21, dst.into(), src)
}

/// `and r64, r/m64`: Intel SDM Vol. 2A §3.2 AND, `REX.W + 23 /r`.
#[inline]
pub fn and_r64_rm64(dst: Reg, src: impl Into<Rm>) -> Inst {
    op_rm_r(0x23, src.into(), dst)
}

/// `and r/m64, imm32` (sign-extended): Intel SDM Vol. 2A §3.2 AND, `REX.W + 81 /4 id`.
#[inline]
pub fn and_rm64_imm32(dst: impl Into<Rm>, imm: Imm32) -> Inst {
    op_rm_imm32(4, dst.into(), imm)
}

/// `and r/m64, imm8` (sign-extended): Intel SDM Vol. 2A §3.2 AND, `REX.W + 83 /4 ib`.
#[inline]
pub fn and_rm64_imm8(dst: impl Into<Rm>, imm: Imm8) -> Inst {
    op_rm_imm8(4, dst.into(), imm)
}

/// `sub r/m64, r64`: Intel SDM Vol. 2B §4.3 SUB, `REX.W + 29 /r`.
#[inline]
pub fn sub_rm64_r64(dst: impl Into<Rm>, src: Reg) -> Inst {
    op_rm_r(0x29, dst.into(), src)
}

/// `sub r64, r/m64`: Intel SDM Vol. 2B §4.3 SUB, `REX.W + 2B /r`.
#[inline]
pub fn sub_r64_rm64(dst: Reg, src: impl Into<Rm>) -> Inst {
    op_rm_r(0x2B, src.into(), dst)
}

/// `sub r/m64, imm32` (sign-extended): Intel SDM Vol. 2B §4.3 SUB, `REX.W + 81 /5 id`.
#[inline]
pub fn sub_rm64_imm32(dst: impl Into<Rm>, imm: Imm32) -> Inst {
    op_rm_imm32(5, dst.into(), imm)
}

/// `sub r/m64, imm8` (sign-extended): Intel SDM Vol. 2B §4.3 SUB, `REX.W + 83 /5 ib`.
#[inline]
pub fn sub_rm64_imm8(dst: impl Into<Rm>, imm: Imm8) -> Inst {
    op_rm_imm8(5, dst.into(), imm)
}

/// `xor r/m64, r64`: Intel SDM Vol. 2C §5.3 XOR, `REX.W + 31 /r`.
#[inline]
pub fn xor_rm64_r64(dst: impl Into<Rm>, src: Reg) -> Inst {
    op_rm_r(0x31, dst.into(), src)
}

/// `xor r64, r/m64`: Intel SDM Vol. 2C §5.3 XOR, `REX.W + 33 /r`.
#[inline]
pub fn xor_r64_rm64(dst: Reg, src: impl Into<Rm>) -> Inst {
    op_rm_r(0x33, src.into(), dst)
}

/// `xor r/m64, imm32` (sign-extended): Intel SDM Vol. 2C §5.3 XOR, `REX.W + 81 /6 id`.
#[inline]
pub fn xor_rm64_imm32(dst: impl Into<Rm>, imm: Imm32) -> Inst {
    op_rm_imm32(6, dst.into(), imm)
}

/// `xor r/m64, imm8` (sign-extended): Intel SDM Vol. 2C §5.3 XOR, `REX.W + 83 /6 ib`.
#[inline]
pub fn xor_rm64_imm8(dst: impl Into<Rm>, imm: Imm8) -> Inst {
    op_rm_imm8(6, dst.into(), imm)
}

/// `cmp r/m64, r64`: Intel SDM Vol. 2A §3.2 CMP, `REX.W + 39 /r`.
#[inline]
pub fn cmp_rm64_r64(dst: impl Into<Rm>, src: Reg) -> Inst {
    op_rm_r(0x39, dst.into(), src)
}

/// `cmp r64, r/m64`: Intel SDM Vol. 2A §3.2 CMP, `REX.W + 3B /r`.
#[inline]
pub fn cmp_r64_rm64(dst: Reg, src: impl Into<Rm>) -> Inst {
    op_rm_r(0x3B, src.into(), dst)
}

/// `cmp r/m64, imm32` (sign-extended): Intel SDM Vol. 2A §3.2 CMP, `REX.W + 81 /7 id`.
#[inline]
pub fn cmp_rm64_imm32(dst: impl Into<Rm>, imm: Imm32) -> Inst {
    op_rm_imm32(7, dst.into(), imm)
}

/// `cmp r/m64, imm8` (sign-extended): Intel SDM Vol. 2A §3.2 CMP, `REX.W + 83 /7 ib`.
#[inline]
pub fn cmp_rm64_imm8(dst: impl Into<Rm>, imm: Imm8) -> Inst {
    op_rm_imm8(7, dst.into(), imm)
}

/// `test r/m64, r64`: Intel SDM Vol. 2B §4.3 TEST, `REX.W + 85 /r`.
#[inline]
pub fn test_rm64_r64(dst: impl Into<Rm>, src: Reg) -> Inst {
    op_rm_r(0x85, dst.into(), src)
}

/// `test r/m32, r32`: Intel SDM Vol. 2B §4.3 TEST, `85 /r`. Tests only the low halves, as a
/// `u32` return value needs: SysV leaves the upper half of RAX undefined (AMD64 psABI §3.2.3).
#[inline]
pub fn test_rm32_r32(dst: impl Into<Rm>, src: Reg) -> Inst {
    encode_rm(Form::D, &[0x85], src.num(), dst.into().into())
}

/// `cmp r/m32, r32`: Intel SDM Vol. 2A §3.2 CMP, `39 /r`. Compares `u32` fields (a class
/// version, an instance's dict reference) without loading them.
#[inline]
pub fn cmp_rm32_r32(dst: impl Into<Rm>, src: Reg) -> Inst {
    encode_rm(Form::D, &[0x39], src.num(), dst.into().into())
}

/// `cmp r/m32, imm32`: Intel SDM Vol. 2A §3.2 CMP, `81 /7 id`. Compares a `u32` field with
/// a constant without loading either into a register.
#[inline]
pub fn cmp_rm32_imm32(dst: impl Into<Rm>, imm: u32) -> Inst {
    let mut inst = encode_rm(Form::D, &[0x81], 7, dst.into().into());
    inst.push_i32(imm as i32);
    inst
}

/// `cmp r/m8, imm8`: Intel SDM Vol. 2A §3.2 CMP, `80 /7 ib`. A register operand is its low
/// byte (SPL, BPL, SIL and DIL get the REX prefix that selects them over AH..BH).
#[inline]
pub fn cmp_rm8_imm8(dst: impl Into<Rm>, imm: u8) -> Inst {
    let form = Form {
        rm_byte: true,
        ..Form::D
    };
    let mut inst = encode_rm(form, &[0x80], 7, dst.into().into());
    inst.push(imm);
    inst
}

/// `test r/m64, imm32` (sign-extended): Intel SDM Vol. 2B §4.3 TEST, `REX.W + F7 /0 id`.
#[inline]
pub fn test_rm64_imm32(dst: impl Into<Rm>, imm: Imm32) -> Inst {
    let mut inst = group_rm(0xF7, 0, dst.into());
    inst.push_i32(imm.get());
    inst
}

/// `neg r/m64` (two's complement): Intel SDM Vol. 2B §4.3 NEG, `REX.W + F7 /3`.
#[inline]
pub fn neg_rm64(dst: impl Into<Rm>) -> Inst {
    group_rm(0xF7, 3, dst.into())
}

/// `not r/m64` (one's complement): Intel SDM Vol. 2B §4.3 NOT, `REX.W + F7 /2`.
#[inline]
pub fn not_rm64(dst: impl Into<Rm>) -> Inst {
    group_rm(0xF7, 2, dst.into())
}

/// `inc r/m64`: Intel SDM Vol. 2A §3.2 INC, `REX.W + FF /0`. Leaves CF unchanged.
#[inline]
pub fn inc_rm64(dst: impl Into<Rm>) -> Inst {
    group_rm(0xFF, 0, dst.into())
}

/// `dec r/m64`: Intel SDM Vol. 2A §3.2 DEC, `REX.W + FF /1`. Leaves CF unchanged.
#[inline]
pub fn dec_rm64(dst: impl Into<Rm>) -> Inst {
    group_rm(0xFF, 1, dst.into())
}
