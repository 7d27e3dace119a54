//! SSE2 scalar double-precision floating point, and moves between XMM and general-purpose
//! registers.
//!
//! Each operation comes as an `_xmm_xmm` register form and an `_xmm_m64` (or `_xmm_m128`)
//! memory form, both from the same opcode line. The mandatory prefix (66 or F2) goes before
//! REX, which [`encode_rm`] arranges.

use super::inst::Inst;
use super::mem::{Mem, Rm};
use super::modrm::{encode_rm, Form, RawRm};
use super::regs::{Reg, Xmm};

/// The mandatory prefix of packed-double (`pd`) and `ucomisd`/`movq` forms.
const P66: u8 = 0x66;
/// The mandatory prefix of scalar-double (`sd`) forms.
const PF2: u8 = 0xF2;

/// `prefix [REX] 0F op /r` with a 32-bit (no REX.W) operand size.
#[inline]
fn sse(prefix: u8, op: u8, reg: u8, rm: RawRm) -> Inst {
    encode_rm(Form::D.prefixed(prefix), &[0x0F, op], reg, rm)
}

/// `prefix REX.W 0F op /r`: the forms whose general-purpose operand is 64 bits.
#[inline]
fn sse_w(prefix: u8, op: u8, reg: u8, rm: RawRm) -> Inst {
    encode_rm(Form::W.prefixed(prefix), &[0x0F, op], reg, rm)
}

/// `movsd xmm1, m64`: Intel SDM Vol. 2B §4.3 MOVSD, `F2 0F 10 /r`. Zeroes the upper half of
/// the destination.
#[inline]
pub fn movsd_xmm_m64(dst: Xmm, src: Mem) -> Inst {
    sse(PF2, 0x10, dst.num(), RawRm::Mem(src))
}

/// `movsd m64, xmm1`: Intel SDM Vol. 2B §4.3 MOVSD, `F2 0F 11 /r`.
#[inline]
pub fn movsd_m64_xmm(dst: Mem, src: Xmm) -> Inst {
    sse(PF2, 0x11, src.num(), RawRm::Mem(dst))
}

/// `movsd xmm1, xmm2`: Intel SDM Vol. 2B §4.3 MOVSD, `F2 0F 10 /r`. Merges into the low half
/// and keeps the upper half, so a whole-register copy is better done with
/// [`movapd_xmm_xmm`].
#[inline]
pub fn movsd_xmm_xmm(dst: Xmm, src: Xmm) -> Inst {
    sse(PF2, 0x10, dst.num(), RawRm::Reg(src.num()))
}

/// `movapd xmm1, xmm2`: Intel SDM Vol. 2B §4.3 MOVAPD, `66 0F 28 /r`. Copies all 128 bits,
/// with no dependency on the destination's old value.
#[inline]
pub fn movapd_xmm_xmm(dst: Xmm, src: Xmm) -> Inst {
    sse(P66, 0x28, dst.num(), RawRm::Reg(src.num()))
}

/// `movq xmm, r/m64`: Intel SDM Vol. 2B §4.3 MOVD/MOVQ, `66 REX.W 0F 6E /r`. Moves the bits
/// unchanged and zeroes the upper half.
#[inline]
pub fn movq_xmm_rm64(dst: Xmm, src: impl Into<Rm>) -> Inst {
    sse_w(P66, 0x6E, dst.num(), src.into().into())
}

/// `movq r/m64, xmm`: Intel SDM Vol. 2B §4.3 MOVD/MOVQ, `66 REX.W 0F 7E /r`. Moves the low
/// 64 bits unchanged.
#[inline]
pub fn movq_rm64_xmm(dst: impl Into<Rm>, src: Xmm) -> Inst {
    sse_w(P66, 0x7E, src.num(), dst.into().into())
}

/// `addsd xmm1, xmm2`: Intel SDM Vol. 2A §3.2 ADDSD, `F2 0F 58 /r`. Adds the low doubles.
#[inline]
pub fn addsd_xmm_xmm(dst: Xmm, src: Xmm) -> Inst {
    sse(PF2, 0x58, dst.num(), RawRm::Reg(src.num()))
}

/// `addsd xmm1, m64`: Intel SDM Vol. 2A §3.2 ADDSD, `F2 0F 58 /r`.
#[inline]
pub fn addsd_xmm_m64(dst: Xmm, src: Mem) -> Inst {
    sse(PF2, 0x58, dst.num(), RawRm::Mem(src))
}

/// `subsd xmm1, xmm2`: Intel SDM Vol. 2B §4.3 SUBSD, `F2 0F 5C /r`. Subtracts the source's low
/// double from the destination's.
#[inline]
pub fn subsd_xmm_xmm(dst: Xmm, src: Xmm) -> Inst {
    sse(PF2, 0x5C, dst.num(), RawRm::Reg(src.num()))
}

/// `subsd xmm1, m64`: Intel SDM Vol. 2B §4.3 SUBSD, `F2 0F 5C /r`.
#[inline]
pub fn subsd_xmm_m64(dst: Xmm, src: Mem) -> Inst {
    sse(PF2, 0x5C, dst.num(), RawRm::Mem(src))
}

/// `mulsd xmm1, xmm2`: Intel SDM Vol. 2B §4.3 MULSD, `F2 0F 59 /r`. Multiplies the low doubles.
#[inline]
pub fn mulsd_xmm_xmm(dst: Xmm, src: Xmm) -> Inst {
    sse(PF2, 0x59, dst.num(), RawRm::Reg(src.num()))
}

/// `mulsd xmm1, m64`: Intel SDM Vol. 2B §4.3 MULSD, `F2 0F 59 /r`.
#[inline]
pub fn mulsd_xmm_m64(dst: Xmm, src: Mem) -> Inst {
    sse(PF2, 0x59, dst.num(), RawRm::Mem(src))
}

/// `divsd xmm1, xmm2`: Intel SDM Vol. 2A §3.2 DIVSD, `F2 0F 5E /r`. Divides the destination's low
/// double by the source's.
#[inline]
pub fn divsd_xmm_xmm(dst: Xmm, src: Xmm) -> Inst {
    sse(PF2, 0x5E, dst.num(), RawRm::Reg(src.num()))
}

/// `divsd xmm1, m64`: Intel SDM Vol. 2A §3.2 DIVSD, `F2 0F 5E /r`.
#[inline]
pub fn divsd_xmm_m64(dst: Xmm, src: Mem) -> Inst {
    sse(PF2, 0x5E, dst.num(), RawRm::Mem(src))
}

/// `sqrtsd xmm1, xmm2`: Intel SDM Vol. 2B §4.3 SQRTSD, `F2 0F 51 /r`. Square root of the source's
/// low double, into the destination's.
#[inline]
pub fn sqrtsd_xmm_xmm(dst: Xmm, src: Xmm) -> Inst {
    sse(PF2, 0x51, dst.num(), RawRm::Reg(src.num()))
}

/// `sqrtsd xmm1, m64`: Intel SDM Vol. 2B §4.3 SQRTSD, `F2 0F 51 /r`.
#[inline]
pub fn sqrtsd_xmm_m64(dst: Xmm, src: Mem) -> Inst {
    sse(PF2, 0x51, dst.num(), RawRm::Mem(src))
}

/// `ucomisd xmm1, xmm2`: Intel SDM Vol. 2B §4.3 UCOMISD, `66 0F 2E /r`. Compares the low doubles
/// into ZF, PF and CF (PF = 1 when unordered); raises invalid only on a signalling NaN.
#[inline]
pub fn ucomisd_xmm_xmm(dst: Xmm, src: Xmm) -> Inst {
    sse(P66, 0x2E, dst.num(), RawRm::Reg(src.num()))
}

/// `ucomisd xmm1, m64`: Intel SDM Vol. 2B §4.3 UCOMISD, `66 0F 2E /r`.
#[inline]
pub fn ucomisd_xmm_m64(dst: Xmm, src: Mem) -> Inst {
    sse(P66, 0x2E, dst.num(), RawRm::Mem(src))
}

/// `comisd xmm1, xmm2`: Intel SDM Vol. 2A §3.2 COMISD, `66 0F 2F /r`. Compares the low doubles like
/// `ucomisd`, but raises invalid on any NaN.
#[inline]
pub fn comisd_xmm_xmm(dst: Xmm, src: Xmm) -> Inst {
    sse(P66, 0x2F, dst.num(), RawRm::Reg(src.num()))
}

/// `comisd xmm1, m64`: Intel SDM Vol. 2A §3.2 COMISD, `66 0F 2F /r`.
#[inline]
pub fn comisd_xmm_m64(dst: Xmm, src: Mem) -> Inst {
    sse(P66, 0x2F, dst.num(), RawRm::Mem(src))
}

/// `cvtsi2sd xmm, r/m64`: Intel SDM Vol. 2A §3.2 CVTSI2SD, `F2 REX.W 0F 2A /r`. Converts a
/// signed 64-bit integer, rounding by MXCSR when it has more than 53 significant bits.
#[inline]
pub fn cvtsi2sd_xmm_rm64(dst: Xmm, src: impl Into<Rm>) -> Inst {
    sse_w(PF2, 0x2A, dst.num(), src.into().into())
}

/// `cvttsd2si r64, xmm`: Intel SDM Vol. 2A §3.2 CVTTSD2SI, `F2 REX.W 0F 2C /r`. Truncates
/// toward zero; NaN and out-of-range values give `i64::MIN` (the "integer indefinite").
#[inline]
pub fn cvttsd2si_r64_xmm(dst: Reg, src: Xmm) -> Inst {
    sse_w(PF2, 0x2C, dst.num(), RawRm::Reg(src.num()))
}

/// `cvttsd2si r64, m64`: Intel SDM Vol. 2A §3.2 CVTTSD2SI, `F2 REX.W 0F 2C /r`.
#[inline]
pub fn cvttsd2si_r64_m64(dst: Reg, src: Mem) -> Inst {
    sse_w(PF2, 0x2C, dst.num(), RawRm::Mem(src))
}

/// `xorpd xmm1, xmm2`: Intel SDM Vol. 2C §5.3 XORPD, `66 0F 57 /r`. Flips bits: with a sign mask,
/// negates.
#[inline]
pub fn xorpd_xmm_xmm(dst: Xmm, src: Xmm) -> Inst {
    sse(P66, 0x57, dst.num(), RawRm::Reg(src.num()))
}

/// `xorpd xmm1, m128`: Intel SDM Vol. 2C §5.3 XORPD, `66 0F 57 /r`. The operand must be
/// 16-byte aligned.
#[inline]
pub fn xorpd_xmm_m128(dst: Xmm, src: Mem) -> Inst {
    sse(P66, 0x57, dst.num(), RawRm::Mem(src))
}

/// `andpd xmm1, xmm2`: Intel SDM Vol. 2A §3.2 ANDPD, `66 0F 54 /r`. Masks bits: with a
/// sign-clearing mask, takes the absolute value.
#[inline]
pub fn andpd_xmm_xmm(dst: Xmm, src: Xmm) -> Inst {
    sse(P66, 0x54, dst.num(), RawRm::Reg(src.num()))
}

/// `andpd xmm1, m128`: Intel SDM Vol. 2A §3.2 ANDPD, `66 0F 54 /r`. The operand must be
/// 16-byte aligned.
#[inline]
pub fn andpd_xmm_m128(dst: Xmm, src: Mem) -> Inst {
    sse(P66, 0x54, dst.num(), RawRm::Mem(src))
}
