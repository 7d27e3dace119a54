//! Register names: the sixteen general-purpose registers and the sixteen XMM registers.

/// A 64-bit general-purpose register, numbered as the hardware encodes it (REX bit and the
/// three ModRM/SIB/opcode bits).
///
/// The same number names the 32-bit and 8-bit views (EAX, AL, ...): an encoder's name says
/// which width it operates on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Reg {
    /// RAX (accumulator; the low half of `cqo`/`idiv`'s dividend and the quotient).
    Rax = 0,
    /// RCX (its low byte CL is the variable shift count).
    Rcx = 1,
    /// RDX (the high half of `cqo`/`idiv`'s dividend and the remainder).
    Rdx = 2,
    /// RBX.
    Rbx = 3,
    /// RSP, the stack pointer; never an index register.
    Rsp = 4,
    /// RBP, the frame pointer; as a base it always carries a displacement.
    Rbp = 5,
    /// RSI.
    Rsi = 6,
    /// RDI.
    Rdi = 7,
    /// R8.
    R8 = 8,
    /// R9.
    R9 = 9,
    /// R10.
    R10 = 10,
    /// R11.
    R11 = 11,
    /// R12; as a base it needs a SIB byte, like RSP.
    R12 = 12,
    /// R13; as a base it always carries a displacement, like RBP.
    R13 = 13,
    /// R14.
    R14 = 14,
    /// R15.
    R15 = 15,
}

impl Reg {
    /// Every general-purpose register in encoding order.
    pub const ALL: [Reg; 16] = [
        Reg::Rax,
        Reg::Rcx,
        Reg::Rdx,
        Reg::Rbx,
        Reg::Rsp,
        Reg::Rbp,
        Reg::Rsi,
        Reg::Rdi,
        Reg::R8,
        Reg::R9,
        Reg::R10,
        Reg::R11,
        Reg::R12,
        Reg::R13,
        Reg::R14,
        Reg::R15,
    ];

    /// The register's four-bit hardware number (0..=15).
    #[inline]
    pub const fn num(self) -> u8 {
        self as u8
    }

    /// The low three bits, the part that goes into ModRM, SIB or the opcode byte.
    #[inline]
    pub const fn low3(self) -> u8 {
        self.num() & 7
    }

    /// Whether naming this register needs a REX extension bit (R8..R15).
    #[inline]
    pub const fn needs_rex(self) -> bool {
        self.num() >= 8
    }

    /// Whether the register's low byte (SPL, BPL, SIL, DIL) is only reachable with a REX
    /// prefix: without one, the numbers 4..=7 name AH, CH, DH and BH instead.
    #[inline]
    pub const fn byte_needs_rex(self) -> bool {
        matches!(self, Reg::Rsp | Reg::Rbp | Reg::Rsi | Reg::Rdi)
    }
}

/// An SSE register, numbered as the hardware encodes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Xmm {
    /// XMM0.
    Xmm0 = 0,
    /// XMM1.
    Xmm1 = 1,
    /// XMM2.
    Xmm2 = 2,
    /// XMM3.
    Xmm3 = 3,
    /// XMM4.
    Xmm4 = 4,
    /// XMM5.
    Xmm5 = 5,
    /// XMM6.
    Xmm6 = 6,
    /// XMM7.
    Xmm7 = 7,
    /// XMM8.
    Xmm8 = 8,
    /// XMM9.
    Xmm9 = 9,
    /// XMM10.
    Xmm10 = 10,
    /// XMM11.
    Xmm11 = 11,
    /// XMM12.
    Xmm12 = 12,
    /// XMM13.
    Xmm13 = 13,
    /// XMM14.
    Xmm14 = 14,
    /// XMM15.
    Xmm15 = 15,
}

impl Xmm {
    /// Every XMM register in encoding order.
    pub const ALL: [Xmm; 16] = [
        Xmm::Xmm0,
        Xmm::Xmm1,
        Xmm::Xmm2,
        Xmm::Xmm3,
        Xmm::Xmm4,
        Xmm::Xmm5,
        Xmm::Xmm6,
        Xmm::Xmm7,
        Xmm::Xmm8,
        Xmm::Xmm9,
        Xmm::Xmm10,
        Xmm::Xmm11,
        Xmm::Xmm12,
        Xmm::Xmm13,
        Xmm::Xmm14,
        Xmm::Xmm15,
    ];

    /// The register's four-bit hardware number (0..=15).
    #[inline]
    pub const fn num(self) -> u8 {
        self as u8
    }

    /// The low three bits, the part that goes into ModRM.
    #[inline]
    pub const fn low3(self) -> u8 {
        self.num() & 7
    }

    /// Whether naming this register needs a REX extension bit (XMM8..XMM15).
    #[inline]
    pub const fn needs_rex(self) -> bool {
        self.num() >= 8
    }
}
