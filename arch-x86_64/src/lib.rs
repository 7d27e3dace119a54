//! Tiercel's x86-64 machine-code backend.
//!
//! The crate holds the layers that turn the tier-2 executor's operations into x86-64 machine
//! code. Its layout mirrors `arch-aarch64` file for file, so a concept lives at the same path
//! in both backends:
//!
//! - [`enc`]: the instruction encoders. Each encoder is a small pure function named after the
//!   Intel SDM instruction form it emits (`add_rm64_r64`, `movsd_xmm_m64`, `jcc_rel32`) and
//!   returns the bytes as an [`enc::Inst`]; [`enc::CodeBuf`] collects them and resolves labels.
//!   Operand types make unencodable operands unrepresentable: an index register is never RSP,
//!   an immediate or displacement is range-checked when it is built.
//!
//! Lowering, register allocation, the calling convention and the exits to the interpreter sit
//! on top of `enc` in their own modules (`lower`, `regalloc`, `abi`, `exit`), as they do in
//! `arch-aarch64`.
//!
//! SDM citations name the instruction's reference page in the Intel 64 and IA-32 Architectures
//! Software Developer's Manual, Volume 2: §3.2 holds the instructions A–L (Vol. 2A), §4.3 the
//! instructions M–U (Vol. 2B) and §5.3 the instructions W–Z (Vol. 2C), followed by the opcode
//! line as the manual writes it.
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

pub mod enc;
