//! The front end: lexer, parser, symbol table and code generator.

pub mod ast;
pub mod error;
pub mod codegen;
