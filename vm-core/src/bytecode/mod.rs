//! Bytecode: the op table (single source of truth), code objects, the disassembler, and
//! bytecode images with their verifier.

pub mod code;
pub mod counter;
pub mod depth;
pub mod disasm;
pub mod image;
pub mod ops;
pub mod quicken;
pub mod verify;
