//! Placeholder for `compile::symtable` until `h/parser` is merged (same API as specified).
#![allow(dead_code, reason = "placeholder API")]

use alloc::vec::Vec;

use crate::compile::ast::{ClassDef, Expr, FunctionDef, Module, Name};
use crate::compile::error::{CompileError, CompileErrorKind};

/// A scope handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScopeId(pub usize);

/// How a name resolves in a scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymScope {
    /// A local.
    Local,
    /// Declared `global`.
    GlobalExplicit,
    /// Not bound anywhere: a global or builtin.
    GlobalImplicit,
    /// From an enclosing function.
    Free,
    /// Local and captured.
    Cell,
}

/// One scope.
#[derive(Debug, Default)]
pub struct Scope {
    /// Locals, parameters first.
    pub varnames: Vec<Name>,
    /// Cells.
    pub cellvars: Vec<Name>,
    /// Free variables.
    pub freevars: Vec<Name>,
    /// Positional parameters.
    pub argcount: u32,
    /// Positional-only parameters.
    pub posonlyargcount: u32,
    /// Keyword-only parameters.
    pub kwonlyargcount: u32,
    /// `*args`.
    pub has_varargs: bool,
    /// `**kw`.
    pub has_varkw: bool,
    /// Contains `yield`.
    pub is_generator: bool,
    /// A class whose methods use `__class__`.
    pub needs_class_cell: bool,
}

impl Scope {
    /// Resolves a name.
    pub fn lookup(&self, name: &str) -> SymScope {
        if self.cellvars.iter().any(|n| &**n == name) {
            SymScope::Cell
        } else if self.freevars.iter().any(|n| &**n == name) {
            SymScope::Free
        } else if self.varnames.iter().any(|n| &**n == name) {
            SymScope::Local
        } else {
            SymScope::GlobalImplicit
        }
    }
}

/// The symbol table.
#[derive(Debug, Default)]
pub struct SymbolTable {
    scopes: Vec<Scope>,
}

impl SymbolTable {
    /// The module scope.
    pub fn module_scope(&self) -> ScopeId {
        ScopeId(0)
    }
    /// A scope by id.
    pub fn scope(&self, id: ScopeId) -> &Scope {
        &self.scopes[id.0]
    }
    /// The scope of a `def`.
    pub fn function_scope(&self, _f: &FunctionDef) -> ScopeId {
        ScopeId(0)
    }
    /// The scope of a `class`.
    pub fn class_scope(&self, _c: &ClassDef) -> ScopeId {
        ScopeId(0)
    }
    /// The scope of a lambda or comprehension.
    pub fn expr_scope(&self, _e: &Expr) -> ScopeId {
        ScopeId(0)
    }
}

/// Builds the table.
pub fn build(_m: &Module) -> Result<SymbolTable, CompileError> {
    Err(CompileError {
        kind: CompileErrorKind::Syntax,
        msg: "symbol table not available".into(),
        line: 1,
        col: 1,
        end_line: 1,
        end_col: 1,
        incomplete_input: false,
    })
}

/// Placeholder for `compile::parser`.
pub mod parser {
    use super::{CompileError, CompileErrorKind, Module};

    fn unavailable() -> CompileError {
        CompileError {
            kind: CompileErrorKind::Syntax,
            msg: "parser not available".into(),
            line: 1,
            col: 1,
            end_line: 1,
            end_col: 1,
            incomplete_input: false,
        }
    }
    /// Parses a module.
    pub fn parse_module(_src: &str) -> Result<Module, CompileError> {
        Err(unavailable())
    }
    /// Parses a REPL entry.
    pub fn parse_interactive(_src: &str) -> Result<Module, CompileError> {
        Err(unavailable())
    }
}
