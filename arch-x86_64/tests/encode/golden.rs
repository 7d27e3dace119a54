//! Golden encodings: representative instructions with their bytes, written out by hand from
//! the SDM, and their Intel-syntax text. The encoder must produce the bytes, and iced-x86 must
//! read the bytes back as the text, so the table is checked from both sides.

use crate::common::{decode_at, intel};
use arch_x86_64::enc::Reg::*;
use arch_x86_64::enc::Xmm::*;
use arch_x86_64::enc::*;

fn m(base: Reg) -> Mem {
    Mem::base(base)
}

fn md(base: Reg, disp: i32) -> Mem {
    Mem::base_disp(base, Disp::from(disp))
}

fn mi(base: Reg, index: Reg, scale: Scale, disp: i32) -> Mem {
    Mem::indexed(base, Index::new(index).unwrap(), scale, Disp::from(disp))
}

fn i8_(v: i8) -> Imm8 {
    Imm8::from(v)
}

fn i32_(v: i32) -> Imm32 {
    Imm32::from(v)
}

/// (Intel syntax, bytes, encoder output). Branches are decoded at address 0.
#[rustfmt::skip]
fn table() -> Vec<(&'static str, &'static [u8], Inst)> {
    use Scale::*;
    vec![
        // General-purpose moves, including the addressing special cases.
        ("mov rax, [rsp+0x10]", &[0x48, 0x8b, 0x44, 0x24, 0x10], mov_r64_rm64(Rax, md(Rsp, 16))),
        ("mov rax, [rbp]", &[0x48, 0x8b, 0x45, 0x00], mov_r64_rm64(Rax, m(Rbp))),
        ("mov rax, [r12]", &[0x49, 0x8b, 0x04, 0x24], mov_r64_rm64(Rax, m(R12))),
        ("mov [r13], rdx", &[0x49, 0x89, 0x55, 0x00], mov_rm64_r64(m(R13), Rdx)),
        ("mov rcx, [rax+0x80]", &[0x48, 0x8b, 0x88, 0x80, 0, 0, 0], mov_r64_rm64(Rcx, md(Rax, 128))),
        ("mov rcx, [rsp+rax*8-0x80]", &[0x48, 0x8b, 0x4c, 0xc4, 0x80], mov_r64_rm64(Rcx, mi(Rsp, Rax, S8, -128))),
        ("mov rbx, rsp", &[0x48, 0x89, 0xe3], mov_rm64_r64(Rbx, Rsp)),
        ("mov r11, 0x123456789abcdef0", &[0x49, 0xbb, 0xf0, 0xde, 0xbc, 0x9a, 0x78, 0x56, 0x34, 0x12], mov_r64_imm64(R11, 0x1234_5678_9abc_def0)),
        ("mov r9d, 0x12345678", &[0x41, 0xb9, 0x78, 0x56, 0x34, 0x12], mov_r32_imm32(R9, 0x1234_5678)),
        ("mov qword ptr [rbx+rcx*2], -0x1", &[0x48, 0xc7, 0x04, 0x4b, 0xff, 0xff, 0xff, 0xff], mov_rm64_imm32(mi(Rbx, Rcx, S2, 0), i32_(-1))),
        ("mov dword ptr [rax], 0x7", &[0xc7, 0x00, 0x07, 0, 0, 0], mov_rm32_imm32(m(Rax), 7)),
        ("mov esi, [rdi+0x4]", &[0x8b, 0x77, 0x04], mov_r32_rm32(Rsi, md(Rdi, 4))),
        ("mov [rsp], ecx", &[0x89, 0x0c, 0x24], mov_rm32_r32(m(Rsp), Rcx)),
        ("movzx eax, byte ptr [rdi+0x1]", &[0x0f, 0xb6, 0x47, 0x01], movzx_r32_rm8(Rax, md(Rdi, 1))),
        ("movzx esi, sil", &[0x40, 0x0f, 0xb6, 0xf6], movzx_r32_rm8(Rsi, Rsi)),
        ("lea rax, [rbx+rbx*4]", &[0x48, 0x8d, 0x04, 0x9b], lea_r64_m(Rax, mi(Rbx, Rbx, S4, 0))),
        ("lea r12, [r13+r12]", &[0x4f, 0x8d, 0x64, 0x25, 0x00], lea_r64_m(R12, mi(R13, R12, S1, 0))),
        // Arithmetic and logic.
        ("add rax, rbx", &[0x48, 0x01, 0xd8], add_rm64_r64(Rax, Rbx)),
        ("add r8, [r12]", &[0x4d, 0x03, 0x04, 0x24], add_r64_rm64(R8, m(R12))),
        ("sub rsp, 0x28", &[0x48, 0x83, 0xec, 0x28], sub_rm64_imm8(Rsp, i8_(0x28))),
        ("cmp qword ptr [rbp-0x8], 0x7fffffff", &[0x48, 0x81, 0x7d, 0xf8, 0xff, 0xff, 0xff, 0x7f], cmp_rm64_imm32(md(Rbp, -8), i32_(i32::MAX))),
        ("and rcx, -0x1", &[0x48, 0x83, 0xe1, 0xff], and_rm64_imm8(Rcx, i8_(-1))),
        ("xor rax, rax", &[0x48, 0x31, 0xc0], xor_rm64_r64(Rax, Rax)),
        ("or r15, [rax+r13*8+0x100]", &[0x4e, 0x0b, 0xbc, 0xe8, 0x00, 0x01, 0, 0], or_r64_rm64(R15, mi(Rax, R13, S8, 0x100))),
        ("test rdi, rdi", &[0x48, 0x85, 0xff], test_rm64_r64(Rdi, Rdi)),
        ("test qword ptr [rsi], 0x1", &[0x48, 0xf7, 0x06, 0x01, 0, 0, 0], test_rm64_imm32(m(Rsi), i32_(1))),
        ("test eax, eax", &[0x85, 0xc0], test_rm32_r32(Rax, Rax)),
        ("cmp [rcx+0x10], edx", &[0x39, 0x51, 0x10], cmp_rm32_r32(md(Rcx, 0x10), Rdx)),
        ("cmp dword ptr [r10-0x8], -0x1", &[0x41, 0x81, 0x7a, 0xf8, 0xff, 0xff, 0xff, 0xff], cmp_rm32_imm32(md(R10, -8), u32::MAX)),
        ("cmp byte ptr [rax], 0x0", &[0x80, 0x38, 0x00], cmp_rm8_imm8(m(Rax), 0)),
        ("mov byte ptr [rax], 0x1", &[0xc6, 0x00, 0x01], mov_rm8_imm8(m(Rax), 1)),
        ("cmp sil, -0x1", &[0x40, 0x80, 0xfe, 0xff], cmp_rm8_imm8(Rsi, 0xff)),
        ("imul rax, rcx", &[0x48, 0x0f, 0xaf, 0xc1], imul_r64_rm64(Rax, Rcx)),
        ("imul rdx, [rsi], 0x3e8", &[0x48, 0x69, 0x16, 0xe8, 0x03, 0, 0], imul_r64_rm64_imm32(Rdx, m(Rsi), i32_(1000))),
        ("imul r10, r11, 0xa", &[0x4d, 0x6b, 0xd3, 0x0a], imul_r64_rm64_imm8(R10, R11, i8_(10))),
        ("neg rax", &[0x48, 0xf7, 0xd8], neg_rm64(Rax)),
        ("not qword ptr [rcx]", &[0x48, 0xf7, 0x11], not_rm64(m(Rcx))),
        ("inc r14", &[0x49, 0xff, 0xc6], inc_rm64(R14)),
        ("dec qword ptr [rsp+0x8]", &[0x48, 0xff, 0x4c, 0x24, 0x08], dec_rm64(md(Rsp, 8))),
        ("shl rdx, 0x3", &[0x48, 0xc1, 0xe2, 0x03], shl_rm64_imm8(Rdx, 3)),
        ("shr qword ptr [rax], 0x1", &[0x48, 0xc1, 0x28, 0x01], shr_rm64_imm8(m(Rax), 1)),
        ("sar r9, cl", &[0x49, 0xd3, 0xf9], sar_rm64_cl(R9)),
        ("rol rax, 0x10", &[0x48, 0xc1, 0xc0, 0x10], rol_rm64_imm8(Rax, 16)),
        ("ror r11, 0x10", &[0x49, 0xc1, 0xcb, 0x10], ror_rm64_imm8(R11, 16)),
        ("cqo", &[0x48, 0x99], cqo()),
        ("idiv rcx", &[0x48, 0xf7, 0xf9], idiv_rm64(Rcx)),
        // Conditions and control flow.
        ("sete al", &[0x0f, 0x94, 0xc0], setcc_rm8(Cond::E, Rax)),
        ("setl dil", &[0x40, 0x0f, 0x9c, 0xc7], setcc_rm8(Cond::L, Rdi)),
        ("cmovne rax, r8", &[0x49, 0x0f, 0x45, 0xc0], cmovcc_r64_rm64(Cond::Ne, Rax, R8)),
        ("je 0x100", &[0x0f, 0x84, 0xfa, 0, 0, 0], jcc_rel32(Cond::E, 0xfa)),
        ("jl 0x0", &[0x7c, 0xfe], jcc_rel8(Cond::L, -2)),
        ("jmp 0x1005", &[0xe9, 0x00, 0x10, 0, 0], jmp_rel32(0x1000)),
        ("jmp 0x2", &[0xeb, 0x00], jmp_rel8(0)),
        ("jmp rax", &[0xff, 0xe0], jmp_rm64(Rax)),
        ("jmp qword ptr [r11+0x8]", &[0x41, 0xff, 0x63, 0x08], jmp_rm64(md(R11, 8))),
        ("call 0x15", &[0xe8, 0x10, 0, 0, 0], call_rel32(0x10)),
        ("call r11", &[0x41, 0xff, 0xd3], call_rm64(R11)),
        ("ret", &[0xc3], ret()),
        ("push rbp", &[0x55], push_r64(Rbp)),
        ("push r12", &[0x41, 0x54], push_r64(R12)),
        ("pop r15", &[0x41, 0x5f], pop_r64(R15)),
        ("ud2", &[0x0f, 0x0b], ud2()),
        ("int3", &[0xcc], int3()),
        ("nop", &[0x90], nop()),
        // SSE2 double precision.
        ("movsd xmm0, [rdi+0x8]", &[0xf2, 0x0f, 0x10, 0x47, 0x08], movsd_xmm_m64(Xmm0, md(Rdi, 8))),
        ("movsd [rsp+0x10], xmm9", &[0xf2, 0x44, 0x0f, 0x11, 0x4c, 0x24, 0x10], movsd_m64_xmm(md(Rsp, 16), Xmm9)),
        ("movsd xmm2, xmm3", &[0xf2, 0x0f, 0x10, 0xd3], movsd_xmm_xmm(Xmm2, Xmm3)),
        ("movapd xmm1, xmm15", &[0x66, 0x41, 0x0f, 0x28, 0xcf], movapd_xmm_xmm(Xmm1, Xmm15)),
        ("movq xmm2, rax", &[0x66, 0x48, 0x0f, 0x6e, 0xd0], movq_xmm_rm64(Xmm2, Rax)),
        ("movq r10, xmm3", &[0x66, 0x49, 0x0f, 0x7e, 0xda], movq_rm64_xmm(R10, Xmm3)),
        ("addsd xmm0, xmm1", &[0xf2, 0x0f, 0x58, 0xc1], addsd_xmm_xmm(Xmm0, Xmm1)),
        ("subsd xmm8, [rbp-0x10]", &[0xf2, 0x44, 0x0f, 0x5c, 0x45, 0xf0], subsd_xmm_m64(Xmm8, md(Rbp, -16))),
        ("mulsd xmm5, [rax]", &[0xf2, 0x0f, 0x59, 0x28], mulsd_xmm_m64(Xmm5, m(Rax))),
        ("divsd xmm14, xmm7", &[0xf2, 0x44, 0x0f, 0x5e, 0xf7], divsd_xmm_xmm(Xmm14, Xmm7)),
        ("sqrtsd xmm0, xmm0", &[0xf2, 0x0f, 0x51, 0xc0], sqrtsd_xmm_xmm(Xmm0, Xmm0)),
        ("ucomisd xmm0, xmm1", &[0x66, 0x0f, 0x2e, 0xc1], ucomisd_xmm_xmm(Xmm0, Xmm1)),
        ("comisd xmm2, [rax]", &[0x66, 0x0f, 0x2f, 0x10], comisd_xmm_m64(Xmm2, m(Rax))),
        ("cvtsi2sd xmm0, rdi", &[0xf2, 0x48, 0x0f, 0x2a, 0xc7], cvtsi2sd_xmm_rm64(Xmm0, Rdi)),
        ("cvttsd2si rax, xmm1", &[0xf2, 0x48, 0x0f, 0x2c, 0xc1], cvttsd2si_r64_xmm(Rax, Xmm1)),
        ("xorpd xmm0, [r12+0x20]", &[0x66, 0x41, 0x0f, 0x57, 0x44, 0x24, 0x20], xorpd_xmm_m128(Xmm0, md(R12, 0x20))),
        ("andpd xmm3, xmm4", &[0x66, 0x0f, 0x54, 0xdc], andpd_xmm_xmm(Xmm3, Xmm4)),
    ]
}

#[test]
fn golden_bytes_and_disassembly() {
    let mut failures = Vec::new();
    for (text, bytes, inst) in table() {
        if inst.as_bytes() != bytes {
            failures.push(format!(
                "{text}: encoder gave {inst:?}, table says {bytes:02x?}"
            ));
        }
        let decoded = intel(&decode_at(bytes, 0));
        if decoded != text {
            failures.push(format!(
                "{bytes:02x?}: iced reads `{decoded}`, table says `{text}`"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
