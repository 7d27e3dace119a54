//! Prefix, REX, ModRM and SIB emission: the operand encoding every `/r` and `/digit` form
//! shares (Intel SDM Vol. 2A §2.1 "Instruction Format" and §2.2.1 "REX Prefixes").

use super::inst::Inst;
use super::mem::{Mem, Rm};
use super::regs::Reg;

/// ModRM.mod for `[base]` with no displacement.
const MOD_DISP0: u8 = 0b00;
/// ModRM.mod for `[base + disp8]`.
const MOD_DISP8: u8 = 0b01;
/// ModRM.mod for `[base + disp32]`.
const MOD_DISP32: u8 = 0b10;
/// ModRM.mod for a register operand.
const MOD_REG: u8 = 0b11;
/// The ModRM.rm (and SIB.index) number that means "a SIB byte follows" (and "no index").
const RM_SIB: u8 = 0b100;
/// The base number whose mod = 00 form means RIP-relative (or no base with a SIB), which is
/// why RBP and R13 as a base always take at least a disp8.
const RM_DISP_ONLY: u8 = 0b101;

/// An r/m operand with the register reduced to its number, so GPR and XMM forms share the
/// encoder.
#[derive(Clone, Copy, Debug)]
pub(crate) enum RawRm {
    /// A register number (0..=15).
    Reg(u8),
    /// A memory operand.
    Mem(Mem),
}

impl From<Rm> for RawRm {
    #[inline]
    fn from(rm: Rm) -> Self {
        match rm {
            Rm::Reg(r) => RawRm::Reg(r.num()),
            Rm::Mem(m) => RawRm::Mem(m),
        }
    }
}

/// The operand-size and register-width facts a form needs besides its opcode.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Form {
    /// A legacy or mandatory prefix (0x66, 0xF2, 0xF3) that precedes REX.
    pub prefix: Option<u8>,
    /// REX.W: 64-bit operand size.
    pub w: bool,
    /// The r/m register is a byte register, so numbers 4..=7 need a REX prefix to mean
    /// SPL..DIL rather than AH..BH.
    pub rm_byte: bool,
}

impl Form {
    /// A 32-bit (or default-size) form with no prefix.
    pub const D: Form = Form {
        prefix: None,
        w: false,
        rm_byte: false,
    };
    /// A REX.W form.
    pub const W: Form = Form {
        prefix: None,
        w: true,
        rm_byte: false,
    };

    /// The same form with a mandatory prefix.
    pub const fn prefixed(self, prefix: u8) -> Form {
        Form {
            prefix: Some(prefix),
            ..self
        }
    }
}

/// A REX byte `0100WRXB`.
#[inline]
pub(crate) const fn rex(w: bool, r: bool, x: bool, b: bool) -> u8 {
    0x40 | (w as u8) << 3 | (r as u8) << 2 | (x as u8) << 1 | b as u8
}

/// A ModRM byte from its three fields.
#[inline]
pub(crate) const fn modrm(mode: u8, reg: u8, rm: u8) -> u8 {
    (mode & 3) << 6 | (reg & 7) << 3 | (rm & 7)
}

/// A SIB byte from its three fields.
#[inline]
pub(crate) const fn sib(scale: u8, index: u8, base: u8) -> u8 {
    (scale & 3) << 6 | (index & 7) << 3 | (base & 7)
}

/// Encodes `prefix REX opcode ModRM [SIB] [disp]` for a form whose ModRM.reg field holds
/// `reg` (a register number or a `/digit` opcode extension) and whose r/m is `rm`. The caller
/// appends any immediate.
pub(crate) fn encode_rm(form: Form, opcode: &[u8], reg: u8, rm: RawRm) -> Inst {
    let mut inst = Inst::empty();
    if let Some(p) = form.prefix {
        inst.push(p);
    }
    let (x, b) = match rm {
        RawRm::Reg(n) => (false, n >= 8),
        RawRm::Mem(m) => (
            m.index.is_some_and(|(i, _)| i.reg().needs_rex()),
            m.base.needs_rex(),
        ),
    };
    let r = reg >= 8;
    let byte_rex = form.rm_byte && matches!(rm, RawRm::Reg(4..=7));
    if form.w || r || x || b || byte_rex {
        inst.push(rex(form.w, r, x, b));
    }
    inst.extend(opcode);
    match rm {
        RawRm::Reg(n) => inst.push(modrm(MOD_REG, reg, n)),
        RawRm::Mem(m) => push_mem(&mut inst, reg, &m),
    }
    inst
}

/// Appends the ModRM, SIB and displacement bytes of a memory operand.
fn push_mem(inst: &mut Inst, reg: u8, mem: &Mem) {
    let base = mem.base.low3();
    let disp = mem.disp.get();
    // mod = 00 with base number 5 means disp32 with no base (or RIP), so RBP and R13 take a
    // zero disp8 instead.
    let mode = if disp == 0 && base != RM_DISP_ONLY {
        MOD_DISP0
    } else if mem.disp.as_i8().is_some() {
        MOD_DISP8
    } else {
        MOD_DISP32
    };
    match mem.index {
        Some((index, scale)) => {
            inst.push(modrm(mode, reg, RM_SIB));
            inst.push(sib(scale.bits(), index.reg().low3(), base));
        }
        // rm = 100 means "SIB follows", so RSP and R12 as a base need a SIB with no index.
        None if base == RM_SIB => {
            inst.push(modrm(mode, reg, RM_SIB));
            inst.push(sib(0, RM_SIB, base));
        }
        None => inst.push(modrm(mode, reg, base)),
    }
    match mode {
        MOD_DISP8 => inst.push(disp as i8 as u8),
        MOD_DISP32 => inst.push_i32(disp),
        _ => {}
    }
}

/// Encodes `prefix REX opcode+rd` for forms that name their register in the opcode's low
/// three bits (`PUSH r64`, `MOV r64, imm64`, ...). The caller appends any immediate.
pub(crate) fn encode_plus_r(form: Form, opcode: u8, reg: Reg) -> Inst {
    let mut inst = Inst::empty();
    if let Some(p) = form.prefix {
        inst.push(p);
    }
    if form.w || reg.needs_rex() {
        inst.push(rex(form.w, false, false, reg.needs_rex()));
    }
    inst.push(opcode | reg.low3());
    inst
}
