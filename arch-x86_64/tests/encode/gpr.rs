//! Round trips of the general-purpose encoders: MOV, MOVZX, LEA, the ALU group, IMUL, IDIV,
//! CQO and the shifts, over every register and addressing form.

use crate::common::*;
use arch_x86_64::enc::*;
use iced_x86::{Code, Register};

/// `enc(rm, reg)` over every r/m and register, decoding as `code` with the operands `ops`
/// makes.
fn sweep_rm_reg(code: Code, enc: impl Fn(Rm, Reg) -> Inst, ops: impl Fn(Rm, Reg) -> Vec<Op>) {
    for rm in rms() {
        for r in Reg::ALL {
            check(enc(rm, r), code, &ops(rm, r));
        }
    }
}

/// `enc(rm, imm)` over every r/m with a few immediates, and every register with all of
/// `imms`.
fn sweep_rm_imm<I: Copy>(
    code: Code,
    imms: &[I],
    few: &[I],
    enc: impl Fn(Rm, I) -> Inst,
    ops: impl Fn(Rm, I) -> Vec<Op>,
) {
    for rm in rms() {
        for &i in few {
            check(enc(rm, i), code, &ops(rm, i));
        }
    }
    for r in Reg::ALL {
        for &i in imms {
            check(enc(Rm::Reg(r), i), code, &ops(Rm::Reg(r), i));
        }
    }
}

/// `enc(rm)` over every r/m.
fn sweep_rm(code: Code, enc: impl Fn(Rm) -> Inst, ops: impl Fn(Rm) -> Vec<Op>) {
    for rm in rms() {
        check(enc(rm), code, &ops(rm));
    }
}

fn imm8_64(i: Imm8) -> Op {
    Op::Imm(i.get() as i64 as u64)
}

fn imm32_64(i: Imm32) -> Op {
    Op::Imm(i.get() as i64 as u64)
}

#[test]
fn mov_register_and_memory_forms() {
    let rm64 = |rm| rm_op(rm, gpr64);
    let rm32 = |rm| rm_op(rm, gpr32);
    sweep_rm_reg(Code::Mov_rm64_r64, mov_rm64_r64, |m, r| {
        vec![rm64(m), r64(r)]
    });
    sweep_rm_reg(
        Code::Mov_r64_rm64,
        |m, r| mov_r64_rm64(r, m),
        |m, r| vec![r64(r), rm64(m)],
    );
    sweep_rm_reg(Code::Mov_rm32_r32, mov_rm32_r32, |m, r| {
        vec![rm32(m), Op::R(gpr32(r))]
    });
    sweep_rm_reg(
        Code::Mov_r32_rm32,
        |m, r| mov_r32_rm32(r, m),
        |m, r| vec![Op::R(gpr32(r)), rm32(m)],
    );
}

#[test]
fn mov_immediate_forms() {
    let mut rng = Rng::new(0x696d6d36);
    let mut imm64s = vec![
        0,
        1,
        -1,
        i64::MIN,
        i64::MAX,
        i32::MIN as i64,
        u32::MAX as i64,
    ];
    imm64s.extend((0..32).map(|_| rng.wide()));
    for r in Reg::ALL {
        for &i in &imm64s {
            check(
                mov_r64_imm64(r, i),
                Code::Mov_r64_imm64,
                &[r64(r), Op::Imm(i as u64)],
            );
            let u = i as u32;
            check(
                mov_r32_imm32(r, u),
                Code::Mov_r32_imm32,
                &[Op::R(gpr32(r)), Op::Imm(u as u64)],
            );
        }
    }
    let imms = imm32s(1);
    sweep_rm_imm(
        Code::Mov_rm64_imm32,
        &imms,
        &few_imm32s(),
        mov_rm64_imm32,
        |m, i| vec![rm_op(m, gpr64), imm32_64(i)],
    );
    let u32s: Vec<u32> = imms.iter().map(|i| i.get() as u32).collect();
    sweep_rm_imm(
        Code::Mov_rm32_imm32,
        &u32s,
        &[0, u32::MAX, 7],
        mov_rm32_imm32,
        |m, i| vec![rm_op(m, gpr32), Op::Imm(i as u64)],
    );
}

#[test]
fn movzx_and_lea() {
    // Register sources are byte registers: SPL..DIL must not come out as AH..BH.
    sweep_rm_reg(
        Code::Movzx_r32_rm8,
        |m, r| movzx_r32_rm8(r, m),
        |m, r| vec![Op::R(gpr32(r)), rm_op(m, gpr8)],
    );
    for m in mems() {
        for r in Reg::ALL {
            check(lea_r64_m(r, m), Code::Lea_r64_m, &[r64(r), Op::M(m)]);
        }
    }
}

/// One of the six classic ALU operations: its four encoders and the iced forms they emit.
struct Alu {
    rm_r: fn(Rm, Reg) -> Inst,
    r_rm: fn(Reg, Rm) -> Inst,
    rm_imm32: fn(Rm, Imm32) -> Inst,
    rm_imm8: fn(Rm, Imm8) -> Inst,
    codes: [Code; 4],
}

const ALU: [Alu; 6] = [
    Alu {
        rm_r: |a, b| add_rm64_r64(a, b),
        r_rm: |a, b| add_r64_rm64(a, b),
        rm_imm32: |a, b| add_rm64_imm32(a, b),
        rm_imm8: |a, b| add_rm64_imm8(a, b),
        codes: [
            Code::Add_rm64_r64,
            Code::Add_r64_rm64,
            Code::Add_rm64_imm32,
            Code::Add_rm64_imm8,
        ],
    },
    Alu {
        rm_r: |a, b| or_rm64_r64(a, b),
        r_rm: |a, b| or_r64_rm64(a, b),
        rm_imm32: |a, b| or_rm64_imm32(a, b),
        rm_imm8: |a, b| or_rm64_imm8(a, b),
        codes: [
            Code::Or_rm64_r64,
            Code::Or_r64_rm64,
            Code::Or_rm64_imm32,
            Code::Or_rm64_imm8,
        ],
    },
    Alu {
        rm_r: |a, b| and_rm64_r64(a, b),
        r_rm: |a, b| and_r64_rm64(a, b),
        rm_imm32: |a, b| and_rm64_imm32(a, b),
        rm_imm8: |a, b| and_rm64_imm8(a, b),
        codes: [
            Code::And_rm64_r64,
            Code::And_r64_rm64,
            Code::And_rm64_imm32,
            Code::And_rm64_imm8,
        ],
    },
    Alu {
        rm_r: |a, b| sub_rm64_r64(a, b),
        r_rm: |a, b| sub_r64_rm64(a, b),
        rm_imm32: |a, b| sub_rm64_imm32(a, b),
        rm_imm8: |a, b| sub_rm64_imm8(a, b),
        codes: [
            Code::Sub_rm64_r64,
            Code::Sub_r64_rm64,
            Code::Sub_rm64_imm32,
            Code::Sub_rm64_imm8,
        ],
    },
    Alu {
        rm_r: |a, b| xor_rm64_r64(a, b),
        r_rm: |a, b| xor_r64_rm64(a, b),
        rm_imm32: |a, b| xor_rm64_imm32(a, b),
        rm_imm8: |a, b| xor_rm64_imm8(a, b),
        codes: [
            Code::Xor_rm64_r64,
            Code::Xor_r64_rm64,
            Code::Xor_rm64_imm32,
            Code::Xor_rm64_imm8,
        ],
    },
    Alu {
        rm_r: |a, b| cmp_rm64_r64(a, b),
        r_rm: |a, b| cmp_r64_rm64(a, b),
        rm_imm32: |a, b| cmp_rm64_imm32(a, b),
        rm_imm8: |a, b| cmp_rm64_imm8(a, b),
        codes: [
            Code::Cmp_rm64_r64,
            Code::Cmp_r64_rm64,
            Code::Cmp_rm64_imm32,
            Code::Cmp_rm64_imm8,
        ],
    },
];

#[test]
fn alu_register_and_memory_forms() {
    let rm64 = |rm| rm_op(rm, gpr64);
    for (k, op) in ALU.iter().enumerate() {
        sweep_rm_reg(op.codes[0], op.rm_r, |m, r| vec![rm64(m), r64(r)]);
        sweep_rm_reg(
            op.codes[1],
            |m, r| (op.r_rm)(r, m),
            |m, r| vec![r64(r), rm64(m)],
        );
        let imms = imm32s(k as u64 + 10);
        sweep_rm_imm(op.codes[2], &imms, &few_imm32s(), op.rm_imm32, |m, i| {
            vec![rm64(m), imm32_64(i)]
        });
        sweep_rm_imm(op.codes[3], &imm8s(), &few_imm8s(), op.rm_imm8, |m, i| {
            vec![rm64(m), imm8_64(i)]
        });
    }
}

#[test]
fn test_forms() {
    let rm64 = |rm| rm_op(rm, gpr64);
    sweep_rm_reg(Code::Test_rm64_r64, test_rm64_r64, |m, r| {
        vec![rm64(m), r64(r)]
    });
    sweep_rm_imm(
        Code::Test_rm64_imm32,
        &imm32s(3),
        &few_imm32s(),
        test_rm64_imm32,
        |m, i| vec![rm64(m), imm32_64(i)],
    );
}

#[test]
fn narrow_test_and_cmp_forms() {
    // Register operands are the 32-bit and byte views: SPL..DIL must not come out as AH..BH.
    sweep_rm_reg(Code::Test_rm32_r32, test_rm32_r32, |m, r| {
        vec![rm_op(m, gpr32), Op::R(gpr32(r))]
    });
    sweep_rm_reg(Code::Cmp_rm32_r32, cmp_rm32_r32, |m, r| {
        vec![rm_op(m, gpr32), Op::R(gpr32(r))]
    });
    let u32s: Vec<u32> = imm32s(5).iter().map(|i| i.get() as u32).collect();
    sweep_rm_imm(
        Code::Cmp_rm32_imm32,
        &u32s,
        &[0, u32::MAX, 0x8000_0000],
        cmp_rm32_imm32,
        |m, i| vec![rm_op(m, gpr32), Op::Imm(i as u64)],
    );
    sweep_rm_imm(
        Code::Cmp_rm8_imm8,
        &[0u8, 1, 0x7F, 0x80, 0xFF],
        &[0u8, 0xFF],
        cmp_rm8_imm8,
        |m, i| vec![rm_op(m, gpr8), Op::Imm(i as u64)],
    );
    sweep_rm_imm(
        Code::Mov_rm8_imm8,
        &[0u8, 1, 0x7F, 0x80, 0xFF],
        &[0u8, 0xFF],
        mov_rm8_imm8,
        |m, i| vec![rm_op(m, gpr8), Op::Imm(i as u64)],
    );
}

#[test]
fn one_operand_forms() {
    let rm64 = |rm| vec![rm_op(rm, gpr64)];
    sweep_rm(Code::Neg_rm64, neg_rm64, rm64);
    sweep_rm(Code::Not_rm64, not_rm64, rm64);
    sweep_rm(Code::Inc_rm64, inc_rm64, rm64);
    sweep_rm(Code::Dec_rm64, dec_rm64, rm64);
    sweep_rm(Code::Idiv_rm64, idiv_rm64, rm64);
    check(cqo(), Code::Cqo, &[]);
}

#[test]
fn imul_forms() {
    let rm64 = |rm| rm_op(rm, gpr64);
    sweep_rm_reg(
        Code::Imul_r64_rm64,
        |m, r| imul_r64_rm64(r, m),
        |m, r| vec![r64(r), rm64(m)],
    );
    for (k, dst) in Reg::ALL.into_iter().enumerate() {
        // Three operands: rotate the destination against every source so each register is
        // seen in each position without a full cube of cases.
        for rm in rms().into_iter().skip(k % 4).step_by(4) {
            for i in few_imm32s() {
                check(
                    imul_r64_rm64_imm32(dst, rm, i),
                    Code::Imul_r64_rm64_imm32,
                    &[r64(dst), rm64(rm), imm32_64(i)],
                );
            }
            for i in few_imm8s() {
                check(
                    imul_r64_rm64_imm8(dst, rm, i),
                    Code::Imul_r64_rm64_imm8,
                    &[r64(dst), rm64(rm), imm8_64(i)],
                );
            }
        }
        for src in Reg::ALL {
            for i in imm32s(dst.num() as u64) {
                check(
                    imul_r64_rm64_imm32(dst, src, i),
                    Code::Imul_r64_rm64_imm32,
                    &[r64(dst), r64(src), imm32_64(i)],
                );
            }
        }
    }
}

#[test]
fn shift_forms() {
    let rm64 = |rm| rm_op(rm, gpr64);
    let counts: Vec<u8> = (0..=255).collect();
    let few = [0u8, 1, 31, 63, 255];
    let count = |c: u8| Op::Imm(c as u64);
    sweep_rm_imm(Code::Shl_rm64_imm8, &counts, &few, shl_rm64_imm8, |m, c| {
        vec![rm64(m), count(c)]
    });
    sweep_rm_imm(Code::Shr_rm64_imm8, &counts, &few, shr_rm64_imm8, |m, c| {
        vec![rm64(m), count(c)]
    });
    sweep_rm_imm(Code::Sar_rm64_imm8, &counts, &few, sar_rm64_imm8, |m, c| {
        vec![rm64(m), count(c)]
    });
    sweep_rm_imm(Code::Rol_rm64_imm8, &counts, &few, rol_rm64_imm8, |m, c| {
        vec![rm64(m), count(c)]
    });
    sweep_rm_imm(Code::Ror_rm64_imm8, &counts, &few, ror_rm64_imm8, |m, c| {
        vec![rm64(m), count(c)]
    });
    let cl = Op::R(Register::CL);
    sweep_rm(Code::Shl_rm64_CL, shl_rm64_cl, |m| vec![rm64(m), cl]);
    sweep_rm(Code::Shr_rm64_CL, shr_rm64_cl, |m| vec![rm64(m), cl]);
    sweep_rm(Code::Sar_rm64_CL, sar_rm64_cl, |m| vec![rm64(m), cl]);
}
