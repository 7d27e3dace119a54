//! Bytecode: the op table (single source of truth), code objects, the disassembler, and
//! bytecode images with their verifier.

pub mod code;
pub mod counter;
pub mod depth;
#[cfg_attr(
    not(any(feature = "compiler", feature = "internals")),
    allow(dead_code, reason = "the compiler's `dis` API and the host's tools use it")
)]
pub mod disasm;
pub mod image;
pub mod ops;
pub mod quicken;
pub mod verify;
