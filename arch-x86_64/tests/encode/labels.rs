//! Label fixups: forward and backward branches, short and long, land on their labels.

use crate::common::*;
use arch_x86_64::enc::*;
use iced_x86::{Code, Decoder, DecoderOptions, OpKind};

/// Decodes the whole buffer at [`IP`] and returns each branch's form and target offset.
fn branches(code: &[u8]) -> Vec<(Code, usize)> {
    let mut decoder = Decoder::with_ip(64, code, IP, DecoderOptions::NONE);
    let mut out = Vec::new();
    while decoder.can_decode() {
        let inst = decoder.decode();
        assert_ne!(
            inst.code(),
            Code::INVALID,
            "undecodable bytes at {:#x}",
            inst.ip() - IP
        );
        if inst.op_count() == 1 && inst.op0_kind() == OpKind::NearBranch64 {
            out.push((inst.code(), (inst.near_branch_target() - IP) as usize));
        }
    }
    out
}

fn nops(buf: &mut CodeBuf, n: usize) {
    for _ in 0..n {
        buf.emit(nop());
    }
}

#[test]
fn forward_and_backward_branches_land_on_their_labels() {
    let mut buf = CodeBuf::new();
    let top = buf.new_label();
    let mid = buf.new_label();
    let func = buf.new_label();
    let end = buf.new_label();

    buf.bind(top);
    buf.emit(nop());
    buf.jcc_label(Cond::E, mid); // forward: rel32
    buf.jmp_label(top); // backward, near: rel8
    buf.call_label(func); // forward call
    buf.bind(mid);
    nops(&mut buf, 200);
    buf.jcc_label(Cond::Ne, top); // backward, far: rel32
    buf.jmp_label(end); // forward: rel32
    buf.bind(func);
    buf.emit(mov_r64_imm64(Reg::Rax, 42));
    buf.emit(ret());
    buf.bind(end);
    buf.jmp_label(mid); // backward, far: rel32
    buf.jcc_label(Cond::L, end); // backward, near: rel8

    let at = |l| buf.label_offset(l).unwrap();
    let want = vec![
        (Code::Je_rel32_64, at(mid)),
        (Code::Jmp_rel8_64, at(top)),
        (Code::Call_rel32_64, at(func)),
        (Code::Jne_rel32_64, at(top)),
        (Code::Jmp_rel32_64, at(end)),
        (Code::Jmp_rel32_64, at(mid)),
        (Code::Jl_rel8_64, at(end)),
    ];
    let code = buf.finish().unwrap();
    assert_eq!(branches(&code), want);
}

#[test]
fn backward_branch_takes_rel8_exactly_while_in_reach() {
    // A branch after `gap` bytes ends at gap + 2 in its short form: rel -128 is the last
    // offset a rel8 holds.
    for (gap, short) in [(126, true), (127, false)] {
        for conditional in [false, true] {
            let mut buf = CodeBuf::new();
            let top = buf.new_label();
            buf.bind(top);
            nops(&mut buf, gap);
            let code = if conditional {
                buf.jcc_label(Cond::Ge, top);
                [Code::Jge_rel32_64, Code::Jge_rel8_64][short as usize]
            } else {
                buf.jmp_label(top);
                [Code::Jmp_rel32_64, Code::Jmp_rel8_64][short as usize]
            };
            let bytes = buf.finish().unwrap();
            assert_eq!(branches(&bytes), vec![(code, 0)]);
        }
    }
}

#[test]
fn many_forward_branches_to_one_label() {
    let mut buf = CodeBuf::new();
    let out = buf.new_label();
    for (k, cond) in Cond::ALL.into_iter().enumerate() {
        buf.jcc_label(cond, out);
        nops(&mut buf, k * 7);
    }
    buf.bind(out);
    buf.emit(ret());
    let target = buf.label_offset(out).unwrap();
    let code = buf.finish().unwrap();
    let found = branches(&code);
    assert_eq!(found.len(), 16);
    assert!(found.iter().all(|&(_, t)| t == target), "{found:?}");
}
