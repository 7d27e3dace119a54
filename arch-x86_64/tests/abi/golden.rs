//! The entry trampoline, the exit routine and the call sequences, byte for byte, beside their
//! disassembly (which spells out the layout offsets they read at).

use arch_x86_64::abi::*;
use arch_x86_64::enc::CodeBuf;
use iced_x86::{Decoder, DecoderOptions, Mnemonic, OpKind};

use crate::common::listing;

fn check(got: &str, want: &str) {
    let want = want.strip_prefix('\n').unwrap_or(want);
    assert!(got == want, "got:\n{got}\nwant:\n{want}");
}

#[test]
fn trampoline_and_exit_routine() {
    let mut buf = CodeBuf::new();
    let t = emit_trampoline(&mut buf);
    assert_eq!(buf.label_offset(t.entry), Some(0));
    assert_eq!(buf.label_offset(t.exit), Some(0x4d));
    check(
        &listing(&buf.finish().unwrap()),
        "
0000  55                     push rbp
0001  4889e5                 mov rbp, rsp
0004  53                     push rbx
0005  4154                   push r12
0007  4155                   push r13
0009  4156                   push r14
000b  4157                   push r15
000d  4883ec18               sub rsp, 0x18
0011  48c745c800000000       mov qword ptr [rbp-0x38], 0x0
0019  4889fb                 mov rbx, rdi
001c  4c8b6310               mov r12, [rbx+0x10]
0020  4c8b7b18               mov r15, [rbx+0x18]
0024  4c8b6b20               mov r13, [rbx+0x20]
0028  4d8b2424               mov r12, [r12]
002c  4d8b3f                 mov r15, [r15]
002f  4d6b5d0850             imul r11, [r13+0x8], 0x50
0034  4d8b6d00               mov r13, [r13]
0038  478b5c1dd8             mov r11d, [r13+r11-0x28]
003d  4f8d2cdc               lea r13, [r12+r11*8]
0041  49be000000000000f9ff   mov r14, 0xfff9000000000000
004b  ffe6                   jmp rsi
004d  488d65d8               lea rsp, [rbp-0x28]
0051  415f                   pop r15
0053  415e                   pop r14
0055  415d                   pop r13
0057  415c                   pop r12
0059  5b                     pop rbx
005a  5d                     pop rbp
005b  c3                     ret
",
    );
}

#[test]
fn helper_call_status_and_signal_checks() {
    let mut buf = CodeBuf::new();
    let out = buf.new_label();
    emit_helper_call(&mut buf, 0x1122_3344_5566_7788, 5, 0x1_0000_0002);
    emit_status_check(&mut buf, out);
    emit_signal_check(&mut buf, out);
    buf.bind(out);
    check(
        &listing(&buf.finish().unwrap()),
        "
0000  4889df                 mov rdi, rbx
0003  be05000000             mov esi, 0x5
0008  48ba0200000001000000   mov rdx, 0x100000002
0012  48b88877665544332211   mov rax, 0x1122334455667788
001c  ffd0                   call rax
001e  4c8b6310               mov r12, [rbx+0x10]
0022  4c8b7b18               mov r15, [rbx+0x18]
0026  4c8b6b20               mov r13, [rbx+0x20]
002a  4d8b2424               mov r12, [r12]
002e  4d8b3f                 mov r15, [r15]
0031  4d6b5d0850             imul r11, [r13+0x8], 0x50
0036  4d8b6d00               mov r13, [r13]
003a  478b5c1dd8             mov r11d, [r13+r11-0x28]
003f  4f8d2cdc               lea r13, [r12+r11*8]
0043  85c0                   test eax, eax
0045  0f850e000000           jne 0x59
004b  4c8b5b28               mov r11, [rbx+0x28]
004f  41803b00               cmp byte ptr [r11], 0x0
0053  0f8500000000           jne 0x59
",
    );
}

#[test]
fn operands_take_the_shortest_move() {
    for (operand, want) in [
        (7u64, "mov edx, 0x7"),
        (u32::MAX as u64, "mov edx, 0xffffffff"),
        (u64::MAX, "mov rdx, 0xffffffffffffffff"),
        (1 << 32, "mov rdx, 0x100000000"),
    ] {
        let mut buf = CodeBuf::new();
        emit_helper_call(&mut buf, 0, 0, operand);
        let text = listing(&buf.finish().unwrap());
        let line = text.lines().nth(2).unwrap();
        assert!(line.ends_with(want), "{operand:#x}: {line}");
    }
    // A small negative operand is the sign-extended imm32 form, not ten bytes.
    let mut buf = CodeBuf::new();
    emit_helper_call(&mut buf, 0, 0, -2i64 as u64);
    let text = listing(&buf.finish().unwrap());
    assert!(
        text.lines().nth(2).unwrap().contains("48c7c2feffffff"),
        "{text}"
    );
}

#[test]
fn the_reload_makes_the_documented_loads() {
    let mut buf = CodeBuf::new();
    emit_reload_pinned(&mut buf);
    let bytes = buf.finish().unwrap();
    let loads = Decoder::with_ip(64, &bytes, 0, DecoderOptions::NONE)
        .into_iter()
        .filter(|i| i.mnemonic() != Mnemonic::Lea)
        .filter(|i| (0..i.op_count()).any(|k| i.op_kind(k) == OpKind::Memory))
        .count();
    assert_eq!(loads, RELOAD_PINNED_LOADS);
    assert_eq!(bytes.len(), 37);
}
