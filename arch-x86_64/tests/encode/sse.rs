//! Round trips of the SSE2 encoders over every XMM register, general-purpose register and
//! addressing form.

use crate::common::*;
use arch_x86_64::enc::*;
use iced_x86::Code;

/// `enc(xmm, xmm)` over every pair of XMM registers.
fn sweep_xx(code: Code, enc: impl Fn(Xmm, Xmm) -> Inst) {
    for d in Xmm::ALL {
        for s in Xmm::ALL {
            check(enc(d, s), code, &[x(d), x(s)]);
        }
    }
}

/// `enc(xmm, mem)` over every XMM register and memory operand, with the XMM operand first
/// or (for stores) second.
fn sweep_xm(code: Code, store: bool, enc: impl Fn(Xmm, Mem) -> Inst) {
    for m in mems() {
        for r in Xmm::ALL {
            let ops = if store {
                [Op::M(m), x(r)]
            } else {
                [x(r), Op::M(m)]
            };
            check(enc(r, m), code, &ops);
        }
    }
}

#[test]
fn movsd_and_movapd() {
    sweep_xm(Code::Movsd_xmm_xmmm64, false, movsd_xmm_m64);
    sweep_xm(Code::Movsd_xmmm64_xmm, true, |r, m| movsd_m64_xmm(m, r));
    sweep_xx(Code::Movsd_xmm_xmmm64, movsd_xmm_xmm);
    sweep_xx(Code::Movapd_xmm_xmmm128, movapd_xmm_xmm);
}

#[test]
fn movq_between_xmm_and_gpr() {
    for rm in rms() {
        for r in Xmm::ALL {
            check(
                movq_xmm_rm64(r, rm),
                Code::Movq_xmm_rm64,
                &[x(r), rm_op(rm, gpr64)],
            );
            check(
                movq_rm64_xmm(rm, r),
                Code::Movq_rm64_xmm,
                &[rm_op(rm, gpr64), x(r)],
            );
        }
    }
}

/// A scalar-double operation's register and memory encoders and its iced form.
type Scalar = (fn(Xmm, Xmm) -> Inst, fn(Xmm, Mem) -> Inst, Code);

const SCALAR: [Scalar; 7] = [
    (addsd_xmm_xmm, addsd_xmm_m64, Code::Addsd_xmm_xmmm64),
    (subsd_xmm_xmm, subsd_xmm_m64, Code::Subsd_xmm_xmmm64),
    (mulsd_xmm_xmm, mulsd_xmm_m64, Code::Mulsd_xmm_xmmm64),
    (divsd_xmm_xmm, divsd_xmm_m64, Code::Divsd_xmm_xmmm64),
    (sqrtsd_xmm_xmm, sqrtsd_xmm_m64, Code::Sqrtsd_xmm_xmmm64),
    (ucomisd_xmm_xmm, ucomisd_xmm_m64, Code::Ucomisd_xmm_xmmm64),
    (comisd_xmm_xmm, comisd_xmm_m64, Code::Comisd_xmm_xmmm64),
];

#[test]
fn scalar_arithmetic_and_compare() {
    for (reg, mem, code) in SCALAR {
        sweep_xx(code, reg);
        sweep_xm(code, false, mem);
    }
}

#[test]
fn packed_logic() {
    sweep_xx(Code::Xorpd_xmm_xmmm128, xorpd_xmm_xmm);
    sweep_xm(Code::Xorpd_xmm_xmmm128, false, xorpd_xmm_m128);
    sweep_xx(Code::Andpd_xmm_xmmm128, andpd_xmm_xmm);
    sweep_xm(Code::Andpd_xmm_xmmm128, false, andpd_xmm_m128);
}

#[test]
fn conversions() {
    for rm in rms() {
        for r in Xmm::ALL {
            check(
                cvtsi2sd_xmm_rm64(r, rm),
                Code::Cvtsi2sd_xmm_rm64,
                &[x(r), rm_op(rm, gpr64)],
            );
        }
    }
    for d in Reg::ALL {
        for s in Xmm::ALL {
            check(
                cvttsd2si_r64_xmm(d, s),
                Code::Cvttsd2si_r64_xmmm64,
                &[r64(d), x(s)],
            );
        }
        for m in mems() {
            check(
                cvttsd2si_r64_m64(d, m),
                Code::Cvttsd2si_r64_xmmm64,
                &[r64(d), Op::M(m)],
            );
        }
    }
}
