//! Round trips of the condition, branch, stack and trap encoders.

use crate::common::*;
use arch_x86_64::enc::*;
use iced_x86::Code;

/// The iced forms of each condition, in [`Cond::ALL`] order: jcc rel32, jcc rel8, setcc,
/// cmovcc.
const COND_CODES: [(Cond, [Code; 4]); 16] = [
    (
        Cond::O,
        [
            Code::Jo_rel32_64,
            Code::Jo_rel8_64,
            Code::Seto_rm8,
            Code::Cmovo_r64_rm64,
        ],
    ),
    (
        Cond::No,
        [
            Code::Jno_rel32_64,
            Code::Jno_rel8_64,
            Code::Setno_rm8,
            Code::Cmovno_r64_rm64,
        ],
    ),
    (
        Cond::B,
        [
            Code::Jb_rel32_64,
            Code::Jb_rel8_64,
            Code::Setb_rm8,
            Code::Cmovb_r64_rm64,
        ],
    ),
    (
        Cond::Ae,
        [
            Code::Jae_rel32_64,
            Code::Jae_rel8_64,
            Code::Setae_rm8,
            Code::Cmovae_r64_rm64,
        ],
    ),
    (
        Cond::E,
        [
            Code::Je_rel32_64,
            Code::Je_rel8_64,
            Code::Sete_rm8,
            Code::Cmove_r64_rm64,
        ],
    ),
    (
        Cond::Ne,
        [
            Code::Jne_rel32_64,
            Code::Jne_rel8_64,
            Code::Setne_rm8,
            Code::Cmovne_r64_rm64,
        ],
    ),
    (
        Cond::Be,
        [
            Code::Jbe_rel32_64,
            Code::Jbe_rel8_64,
            Code::Setbe_rm8,
            Code::Cmovbe_r64_rm64,
        ],
    ),
    (
        Cond::A,
        [
            Code::Ja_rel32_64,
            Code::Ja_rel8_64,
            Code::Seta_rm8,
            Code::Cmova_r64_rm64,
        ],
    ),
    (
        Cond::S,
        [
            Code::Js_rel32_64,
            Code::Js_rel8_64,
            Code::Sets_rm8,
            Code::Cmovs_r64_rm64,
        ],
    ),
    (
        Cond::Ns,
        [
            Code::Jns_rel32_64,
            Code::Jns_rel8_64,
            Code::Setns_rm8,
            Code::Cmovns_r64_rm64,
        ],
    ),
    (
        Cond::P,
        [
            Code::Jp_rel32_64,
            Code::Jp_rel8_64,
            Code::Setp_rm8,
            Code::Cmovp_r64_rm64,
        ],
    ),
    (
        Cond::Np,
        [
            Code::Jnp_rel32_64,
            Code::Jnp_rel8_64,
            Code::Setnp_rm8,
            Code::Cmovnp_r64_rm64,
        ],
    ),
    (
        Cond::L,
        [
            Code::Jl_rel32_64,
            Code::Jl_rel8_64,
            Code::Setl_rm8,
            Code::Cmovl_r64_rm64,
        ],
    ),
    (
        Cond::Ge,
        [
            Code::Jge_rel32_64,
            Code::Jge_rel8_64,
            Code::Setge_rm8,
            Code::Cmovge_r64_rm64,
        ],
    ),
    (
        Cond::Le,
        [
            Code::Jle_rel32_64,
            Code::Jle_rel8_64,
            Code::Setle_rm8,
            Code::Cmovle_r64_rm64,
        ],
    ),
    (
        Cond::G,
        [
            Code::Jg_rel32_64,
            Code::Jg_rel8_64,
            Code::Setg_rm8,
            Code::Cmovg_r64_rm64,
        ],
    ),
];

/// Edge and random rel32 offsets.
fn rel32s() -> Vec<i32> {
    let mut rng = Rng::new(0x72656c33);
    let mut out = vec![0, 1, -1, 127, -128, 128, -129, i32::MAX, i32::MIN, -6, -5];
    out.extend((0..16).map(|_| rng.wide() as i32));
    out
}

/// Where a branch of `len` bytes at [`IP`] lands with offset `rel`.
fn target(len: usize, rel: i64) -> Op {
    Op::Br((IP + len as u64).wrapping_add(rel as u64))
}

#[test]
fn cond_table_matches_encoding_order() {
    for (k, (c, _)) in COND_CODES.iter().enumerate() {
        assert_eq!(Cond::ALL[k], *c);
        assert_eq!(c.code() as usize, k);
    }
}

#[test]
fn jcc_forms() {
    for (cond, codes) in COND_CODES {
        for rel in rel32s() {
            let inst = jcc_rel32(cond, rel);
            assert_eq!(inst.len(), JCC_REL32_LEN);
            check(inst, codes[0], &[target(JCC_REL32_LEN, rel as i64)]);
        }
        for rel in i8::MIN..=i8::MAX {
            check(
                jcc_rel8(cond, rel),
                codes[1],
                &[target(REL8_LEN, rel as i64)],
            );
        }
    }
}

#[test]
fn setcc_and_cmovcc_forms() {
    for (cond, codes) in COND_CODES {
        // Register destinations are byte registers: SPL..DIL must not come out as AH..BH.
        for rm in rms() {
            check(setcc_rm8(cond, rm), codes[2], &[rm_op(rm, gpr8)]);
        }
        for (k, dst) in Reg::ALL.into_iter().enumerate() {
            // Each condition sees every destination with a quarter of the r/m operands, a
            // different quarter per destination, so all pairs are covered across the sweep.
            for rm in rms().into_iter().skip(k % 4).step_by(4) {
                check(
                    cmovcc_r64_rm64(cond, dst, rm),
                    codes[3],
                    &[r64(dst), rm_op(rm, gpr64)],
                );
            }
            for src in Reg::ALL {
                check(
                    cmovcc_r64_rm64(cond, dst, src),
                    codes[3],
                    &[r64(dst), r64(src)],
                );
            }
        }
    }
}

#[test]
fn jmp_and_call_forms() {
    for rel in rel32s() {
        let jmp = jmp_rel32(rel);
        assert_eq!(jmp.len(), JMP_REL32_LEN);
        check(
            jmp,
            Code::Jmp_rel32_64,
            &[target(JMP_REL32_LEN, rel as i64)],
        );
        let call = call_rel32(rel);
        assert_eq!(call.len(), JMP_REL32_LEN);
        check(
            call,
            Code::Call_rel32_64,
            &[target(JMP_REL32_LEN, rel as i64)],
        );
    }
    for rel in i8::MIN..=i8::MAX {
        check(
            jmp_rel8(rel),
            Code::Jmp_rel8_64,
            &[target(REL8_LEN, rel as i64)],
        );
    }
    for rm in rms() {
        check(jmp_rm64(rm), Code::Jmp_rm64, &[rm_op(rm, gpr64)]);
        check(call_rm64(rm), Code::Call_rm64, &[rm_op(rm, gpr64)]);
    }
    check(ret(), Code::Retnq, &[]);
}

#[test]
fn stack_and_trap_forms() {
    for r in Reg::ALL {
        check(push_r64(r), Code::Push_r64, &[r64(r)]);
        check(pop_r64(r), Code::Pop_r64, &[r64(r)]);
    }
    check(ud2(), Code::Ud2, &[]);
    check(int3(), Code::Int3, &[]);
    check(nop(), Code::Nopd, &[]);
}
