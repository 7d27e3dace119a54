//! Decoding, operand expectations and the operand sets the round-trip tests sweep.

use arch_x86_64::enc::{Disp, Imm32, Imm8, Index, Inst, Mem, Reg, Rm, Scale, Xmm};
use iced_x86::{
    Code, Decoder, DecoderOptions, Formatter, Instruction, IntelFormatter, OpKind, Register,
};

/// The address instructions are decoded at, so branch targets are absolute and checkable.
pub const IP: u64 = 0x7000_0000;

/// One expected operand of a decoded instruction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    /// A register.
    R(Register),
    /// A memory operand.
    M(Mem),
    /// An immediate, as iced reports it (sign- or zero-extended to 64 bits by the form).
    Imm(u64),
    /// A near branch's absolute target.
    Br(u64),
}

/// Decodes exactly one instruction from `bytes` at `ip`, which must use all of them.
pub fn decode_at(bytes: &[u8], ip: u64) -> Instruction {
    let mut decoder = Decoder::with_ip(64, bytes, ip, DecoderOptions::NONE);
    let inst = decoder.decode();
    assert_ne!(inst.code(), Code::INVALID, "{bytes:02x?} does not decode");
    assert_eq!(
        inst.len(),
        bytes.len(),
        "{bytes:02x?} decodes as {}",
        intel(&inst)
    );
    assert!(!decoder.can_decode());
    inst
}

/// The instruction in Intel syntax: lowercase, every number in `0x` hex, signed immediates,
/// `, ` between operands, branch targets as bare addresses.
pub fn intel(inst: &Instruction) -> String {
    let mut f = IntelFormatter::new();
    let o = f.options_mut();
    o.set_space_after_operand_separator(true);
    o.set_hex_prefix("0x");
    o.set_hex_suffix("");
    o.set_uppercase_hex(false);
    o.set_signed_immediate_operands(true);
    o.set_small_hex_numbers_in_decimal(false);
    o.set_branch_leading_zeros(false);
    o.set_show_branch_size(false);
    let mut out = String::new();
    f.format(inst, &mut out);
    out
}

/// Decodes `inst` and checks its form and every operand.
#[track_caller]
pub fn check(inst: Inst, code: Code, ops: &[Op]) {
    let bytes = inst.as_bytes();
    let d = decode_at(bytes, IP);
    let text = intel(&d);
    assert_eq!(
        d.code(),
        code,
        "{bytes:02x?} is `{text}`, expected {code:?} {ops:?}"
    );
    assert_eq!(
        d.op_count() as usize,
        ops.len(),
        "{bytes:02x?} `{text}`: operand count"
    );
    for (i, want) in ops.iter().enumerate() {
        let i = i as u32;
        let kind = d.op_kind(i);
        let ok = match *want {
            Op::R(r) => kind == OpKind::Register && d.op_register(i) == r,
            Op::M(m) => kind == OpKind::Memory && mem_matches(&d, &m),
            Op::Imm(v) => is_immediate(kind) && d.immediate(i) == v,
            Op::Br(t) => matches!(kind, OpKind::NearBranch64) && d.near_branch_target() == t,
        };
        assert!(
            ok,
            "{bytes:02x?} `{text}`: operand {i} is {kind:?}, expected {want:?}"
        );
    }
}

fn is_immediate(kind: OpKind) -> bool {
    matches!(
        kind,
        OpKind::Immediate8
            | OpKind::Immediate32
            | OpKind::Immediate64
            | OpKind::Immediate8to32
            | OpKind::Immediate8to64
            | OpKind::Immediate32to64
    )
}

/// Base, index, scale and displacement all match, and the displacement took its shortest
/// encoding (none, disp8, disp32).
fn mem_matches(d: &Instruction, m: &Mem) -> bool {
    let (index, scale) = match m.index {
        Some((i, s)) => (gpr64(i.reg()), s.factor() as u32),
        None => (Register::None, 1),
    };
    let disp = m.disp.get();
    let rbp_like = matches!(m.base, Reg::Rbp | Reg::R13);
    let displ_size = if disp == 0 && !rbp_like {
        0
    } else if i8::try_from(disp).is_ok() {
        1
    } else {
        // iced reports a 64-bit-mode disp32 as the address size.
        8
    };
    d.memory_base() == gpr64(m.base)
        && d.memory_index() == index
        && d.memory_index_scale() == scale
        && d.memory_displacement64() == disp as i64 as u64
        && d.memory_displ_size() == displ_size
}

pub fn gpr64(r: Reg) -> Register {
    const R: [Register; 16] = [
        Register::RAX,
        Register::RCX,
        Register::RDX,
        Register::RBX,
        Register::RSP,
        Register::RBP,
        Register::RSI,
        Register::RDI,
        Register::R8,
        Register::R9,
        Register::R10,
        Register::R11,
        Register::R12,
        Register::R13,
        Register::R14,
        Register::R15,
    ];
    R[r.num() as usize]
}

pub fn gpr32(r: Reg) -> Register {
    const R: [Register; 16] = [
        Register::EAX,
        Register::ECX,
        Register::EDX,
        Register::EBX,
        Register::ESP,
        Register::EBP,
        Register::ESI,
        Register::EDI,
        Register::R8D,
        Register::R9D,
        Register::R10D,
        Register::R11D,
        Register::R12D,
        Register::R13D,
        Register::R14D,
        Register::R15D,
    ];
    R[r.num() as usize]
}

pub fn gpr8(r: Reg) -> Register {
    const R: [Register; 16] = [
        Register::AL,
        Register::CL,
        Register::DL,
        Register::BL,
        Register::SPL,
        Register::BPL,
        Register::SIL,
        Register::DIL,
        Register::R8L,
        Register::R9L,
        Register::R10L,
        Register::R11L,
        Register::R12L,
        Register::R13L,
        Register::R14L,
        Register::R15L,
    ];
    R[r.num() as usize]
}

pub fn xmm(x: Xmm) -> Register {
    const R: [Register; 16] = [
        Register::XMM0,
        Register::XMM1,
        Register::XMM2,
        Register::XMM3,
        Register::XMM4,
        Register::XMM5,
        Register::XMM6,
        Register::XMM7,
        Register::XMM8,
        Register::XMM9,
        Register::XMM10,
        Register::XMM11,
        Register::XMM12,
        Register::XMM13,
        Register::XMM14,
        Register::XMM15,
    ];
    R[x.num() as usize]
}

/// The expected operand for an r/m operand whose register view is `view`.
pub fn rm_op(rm: Rm, view: fn(Reg) -> Register) -> Op {
    match rm {
        Rm::Reg(r) => Op::R(view(r)),
        Rm::Mem(m) => Op::M(m),
    }
}

pub fn r64(r: Reg) -> Op {
    Op::R(gpr64(r))
}

pub fn x(r: Xmm) -> Op {
    Op::R(xmm(r))
}

/// A xorshift64 generator: deterministic, so a failure reproduces.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed | 1)
    }

    pub fn next(&mut self) -> u64 {
        let mut v = self.0;
        v ^= v << 13;
        v ^= v >> 7;
        v ^= v << 17;
        self.0 = v;
        v
    }

    /// A value of a random magnitude (1 to 64 significant bits) and sign, so small and
    /// large values both turn up.
    pub fn wide(&mut self) -> i64 {
        let bits = self.next() % 64 + 1;
        let v = (self.next() >> (64 - bits)) as i64;
        if self.next() & 1 == 0 {
            v
        } else {
            v.wrapping_neg()
        }
    }
}

/// Displacements at the edges of each encoding (none, disp8, disp32).
pub const EDGE_DISPS: [i32; 9] = [0, 1, -1, 127, -128, 128, -129, i32::MAX, i32::MIN];

/// Every base with no index and with every index and scale; every base gets every edge
/// displacement without an index, and the indexed forms cycle through the edges plus random
/// displacements.
pub fn mems() -> Vec<Mem> {
    let mut rng = Rng::new(0x6d656d73);
    let mut out = Vec::new();
    let mut k = 0;
    for base in Reg::ALL {
        for d in EDGE_DISPS {
            out.push(Mem::base_disp(base, Disp::from(d)));
        }
        for _ in 0..3 {
            out.push(Mem::base_disp(base, Disp::from(rng.wide() as i32)));
        }
        for ix in Reg::ALL {
            let Some(index) = Index::new(ix) else {
                continue;
            };
            for scale in Scale::ALL {
                k += 1;
                let d = if k % 3 == 0 {
                    rng.wide() as i32
                } else {
                    EDGE_DISPS[k % 9]
                };
                out.push(Mem::indexed(base, index, scale, Disp::from(d)));
            }
        }
    }
    out
}

/// Every register and every memory operand of [`mems`].
pub fn rms() -> Vec<Rm> {
    let mut out: Vec<Rm> = Reg::ALL.iter().map(|&r| Rm::Reg(r)).collect();
    out.extend(mems().into_iter().map(Rm::Mem));
    out
}

/// Edge and random 32-bit immediates.
pub fn imm32s(seed: u64) -> Vec<Imm32> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<Imm32> = [0, 1, -1, 127, -128, 128, -129, i32::MAX, i32::MIN]
        .map(Imm32::from)
        .to_vec();
    out.extend((0..8).map(|_| Imm32::from(rng.wide() as i32)));
    out
}

/// Every 8-bit immediate.
pub fn imm8s() -> Vec<Imm8> {
    (i8::MIN..=i8::MAX).map(Imm8::from).collect()
}

/// A short list of immediates for sweeps that already multiply many operands.
pub fn few_imm32s() -> [Imm32; 5] {
    [0, -1, i32::MIN, i32::MAX, 0x1234_5678].map(Imm32::from)
}

/// A short list of 8-bit immediates for the same purpose.
pub fn few_imm8s() -> [Imm8; 5] {
    [0, -1, 1, i8::MIN, i8::MAX].map(Imm8::from)
}
