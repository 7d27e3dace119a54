//! Bytecode: the op table (single source of truth), code objects and the disassembler.

pub mod code;
pub mod disasm;
pub mod ops;
