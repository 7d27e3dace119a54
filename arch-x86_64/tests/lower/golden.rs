//! Three sequences byte for byte beside their disassembly: the small-int guard, the
//! checked small-int addition, and the boxing of a float result.

use arch_x86_64::enc::{CodeBuf, Reg, Xmm};
use arch_x86_64::lower::*;

use crate::common::listing;

fn check(got: &str, want: &str) {
    let want = want.strip_prefix('\n').unwrap_or(want);
    assert!(got == want, "got:\n{got}\nwant:\n{want}");
}

/// Emits `body` with a bail label bound at the end, and lists the bytes.
fn list(body: impl FnOnce(&mut CodeBuf, arch_x86_64::enc::Label)) -> String {
    let mut buf = CodeBuf::new();
    let bail = buf.new_label();
    body(&mut buf, bail);
    buf.bind(bail);
    listing(&buf.finish().unwrap())
}

#[test]
fn guard_small_int() {
    check(
        &list(|buf, bail| emit_guard_small_int(buf, Reg::Rdi, Reg::Rax, bail)),
        "
0000  4889f8                 mov rax, rdi
0003  4c31f0                 xor rax, r14
0006  48c1e830               shr rax, 0x30
000a  0f8500000000           jne 0x10
",
    );
}

#[test]
fn add_small_int() {
    check(
        &list(|buf, bail| emit_add_small_int(buf, Reg::Rax, Reg::Rdi, Reg::Rsi, Reg::Rcx, bail)),
        "
0000  4889f1                 mov rcx, rsi
0003  48c1e110               shl rcx, 0x10
0007  4889f8                 mov rax, rdi
000a  48c1c010               rol rax, 0x10
000e  4801c8                 add rax, rcx
0011  0f8004000000           jo 0x1b
0017  48c1c810               ror rax, 0x10
",
    );
    // In place: the bail path takes the addend back out and rotates the operand back.
    check(
        &list(|buf, bail| emit_add_small_int(buf, Reg::Rdi, Reg::Rdi, Reg::Rsi, Reg::Rcx, bail)),
        "
0000  4889f1                 mov rcx, rsi
0003  48c1e110               shl rcx, 0x10
0007  48c1c710               rol rdi, 0x10
000b  4801cf                 add rdi, rcx
000e  0f810c000000           jno 0x20
0014  4829cf                 sub rdi, rcx
0017  48c1cf10               ror rdi, 0x10
001b  e904000000             jmp 0x24
0020  48c1cf10               ror rdi, 0x10
",
    );
}

#[test]
fn xmm_to_float() {
    check(
        &list(|buf, _| emit_xmm_to_float(buf, Reg::Rax, Xmm::Xmm0)),
        "
0000  66480f7ec0             movq rax, xmm0
0005  4c39f0                 cmp rax, r14
0008  0f820a000000           jb 0x18
000e  48b8000000000000f87f   mov rax, 0x7ff8000000000000
",
    );
}
