//! Bytecode: the op table (single source of truth), code objects and the disassembler.

pub mod code;
pub mod counter;
pub mod depth;
pub mod disasm;
pub mod ops;
pub mod quicken;
