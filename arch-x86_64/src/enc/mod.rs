//! x86-64 instruction encoders.
//!
//! Every encoder is a pure function from typed operands to an [`Inst`], named after the Intel
//! SDM form it emits: `rm64` takes a register or a memory operand (anything `Into<Rm>`),
//! `r64`/`r32` a register, `m`/`m64`/`m128` a [`Mem`], `imm8`/`imm32` a range-checked
//! immediate, `rel8`/`rel32` an offset from the end of the instruction. The files group the
//! forms by concept:
//!
//! | file        | contents |
//! |-------------|----------|
//! | `regs`      | [`Reg`], [`Xmm`] |
//! | `imm`       | [`Imm8`], [`Imm32`], [`Disp`] |
//! | `mem`       | [`Mem`], [`Index`], [`Scale`], [`Rm`] |
//! | `modrm`     | prefix, REX, ModRM and SIB emission shared by all forms |
//! | `inst`      | [`Inst`], one encoded instruction |
//! | `buf`       | [`CodeBuf`], labels and rel32 fixups |
//! | `mov`       | MOV in its forms, MOVZX, LEA |
//! | `alu`       | ADD, OR, AND, SUB, XOR, CMP, TEST, NEG, NOT, INC, DEC |
//! | `muldiv`    | IMUL, CQO, IDIV |
//! | `shift`     | SHL, SHR, SAR, ROL, ROR |
//! | `cond`      | [`Cond`], SETcc, CMOVcc |
//! | `branch`    | Jcc, JMP, CALL, RET |
//! | `misc`      | PUSH, POP, UD2, INT3, NOP |
//! | `sse`       | SSE2 scalar double arithmetic, comparison, conversion and moves |

mod alu;
mod branch;
mod buf;
mod cond;
mod imm;
mod inst;
mod mem;
mod misc;
mod modrm;
mod mov;
mod muldiv;
mod regs;
mod shift;
mod sse;

pub use self::alu::*;
pub use self::branch::*;
pub use self::buf::{BufError, CodeBuf, Label};
pub use self::cond::*;
pub use self::imm::{Disp, Imm32, Imm8};
pub use self::inst::{Inst, MAX_INST_LEN};
pub use self::mem::{Index, Mem, Rm, Scale};
pub use self::misc::*;
pub use self::mov::*;
pub use self::muldiv::*;
pub use self::regs::{Reg, Xmm};
pub use self::shift::*;
pub use self::sse::*;
