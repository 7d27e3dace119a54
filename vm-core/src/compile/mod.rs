//! The front end: lexer, parser, symbol table and code generator.

pub mod ast;
pub mod codegen;
pub mod error;
pub mod lexer;
pub mod parser;
pub mod render;
pub mod symtable;
pub mod token;
