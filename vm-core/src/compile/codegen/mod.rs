//! The code generator: AST plus symbol table to [`CodeObject`]s.
//!
//! The shape of the generated code follows CPython 3.12's `Python/compile.c`, adapted to
//! Tiercel's instruction set (see `bytecode::ops`): calls push `callable, self_or_null, args`,
//! `FOR_ITER` pops the iterator on exhaustion, conditional jumps need exact bools, and
//! exception handling is described by a zero-cost exception table.
//!
//! Code is emitted per *unit* (one code object being built) as a list of instructions with
//! symbolic labels. Protected ranges are tracked lexically: every instruction records the
//! innermost handler active when it was emitted, and a zero-size `Setup` marker records the
//! point whose stack depth becomes the handler's depth. `assemble` then lays the code out,
//! resolves labels, computes the stack depth by flow analysis and builds the tables.

mod assemble;
mod call;
mod comprehension;
mod expr;
mod future;
mod pattern;
mod stmt;
mod targets;
#[cfg(test)]
mod tests;
mod unwind;
mod unparse;

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use crate::bytecode::code::{code_flags, CodeObject, ConstAllocError, ConstPool};
use crate::bytecode::ops::{Intrinsic, Op};
use crate::compile::ast::{self, Loc, Name, Stmt, StmtKind};
use crate::compile::error::{CompileError, CompileErrorKind};
use crate::object::value::Value;

use crate::compile::symtable;
pub(crate) use expr::NameCtx;
use symtable::{ScopeId, SymbolTable};
use unwind::FBlock;

/// How a module is compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A file or a `-c` string.
    Exec,
    /// One REPL entry: the value of each expression statement is printed (`sys.displayhook`).
    Interactive,
    /// An expression whose value the code returns (`eval`).
    Eval,
}

/// Compiles a parsed module with its symbol table into the module's code object.
pub fn compile_module(
    module: &ast::Module,
    symtable: &SymbolTable,
    filename: &str,
    source: Option<Rc<str>>,
    mode: Mode,
    pool: &mut dyn ConstPool,
) -> Result<Rc<CodeObject>, CompileError> {
    let mut c = Compiler {
        st: symtable,
        pool,
        filename: Rc::from(filename),
        source,
        mode,
        u: Unit::new(
            UnitKind::Module,
            symtable.module_scope(),
            Rc::from("<module>"),
        ),
        outer: Vec::new(),
        depth: 0,
        future_annotations: false,
        future_imports: Vec::new(),
    };
    c.module(module)
}

/// Parses, builds the symbol table and compiles `source`.
pub fn compile_source(
    source: &str,
    filename: &str,
    mode: Mode,
    pool: &mut dyn ConstPool,
) -> Result<Rc<CodeObject>, CompileError> {
    compile_text(source, filename, mode, true, pool)
}

/// [`compile_source`], keeping the source in the code objects for traceback lines only
/// when `keep_lines` is set (a string given to `exec` has no lines to show).
pub fn compile_text(
    source: &str,
    filename: &str,
    mode: Mode,
    keep_lines: bool,
    pool: &mut dyn ConstPool,
) -> Result<Rc<CodeObject>, CompileError> {
    let module = match mode {
        Mode::Exec => crate::compile::parser::parse_module(source)?,
        Mode::Interactive => crate::compile::parser::parse_interactive(source)?,
        Mode::Eval => crate::compile::parser::parse_eval(source)?,
    };
    let table = symtable::build(&module)?;
    let lines = keep_lines.then(|| Rc::from(source));
    compile_module(&module, &table, filename, lines, mode, pool)
}

/// Result of a code generation step.
pub(crate) type CResult<T = ()> = Result<T, CompileError>;

/// A symbolic jump target, resolved by the assembler.
pub(crate) type Label = u32;

/// Sentinel for "no label bound yet" / "no handler".
const NONE: u32 = u32::MAX;

/// Deepest nesting of expressions and statements the code generator recurses into. The
/// parser already bounds nesting; this is a second line of defence for the Rust stack.
const MAX_RECURSION: u32 = 1100;

/// CPython's limit on nested blocks (loops, `try`, `with`).
pub(crate) const MAX_BLOCKS: usize = 20;

/// Item count above which displays and calls are built incrementally (as CPython does) so
/// that the value stack stays small.
pub(crate) const STACK_USE_GUIDELINE: usize = 30;

/// Opargs are 24 bits.
const MAX_OPARG: u32 = (1 << 24) - 1;

/// An instruction or a zero-size marker in a unit's instruction list.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Kind {
    /// A real instruction.
    Op(Op),
    /// Start of a protected range: the stack depth here (minus `adjust` of the handler)
    /// becomes the depth of handler number `.0`.
    Setup(u32),
}

/// One emitted instruction.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Instr {
    pub kind: Kind,
    pub arg: u32,
    /// Jump target (the oparg is filled in by the assembler).
    pub target: Label,
    pub loc: Loc,
    /// Index into `Unit::handlers` of the innermost active handler, or `NONE`.
    pub handler: u32,
}

/// An exception handler: where it is and what the unwinder does before jumping there.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Handler {
    pub label: Label,
    pub lasti: bool,
    /// Items above the handler's depth at its `Setup` marker (1 for `with`: the result of
    /// `__enter__` is not kept).
    pub adjust: u32,
}

/// What a unit compiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnitKind {
    Module,
    Class,
    Function,
    Lambda,
    Comprehension,
}

impl UnitKind {
    /// Function-like scopes use fast locals and may `return`.
    pub(crate) fn is_function_like(self) -> bool {
        matches!(
            self,
            UnitKind::Function | UnitKind::Lambda | UnitKind::Comprehension
        )
    }
}

/// The state of one code object under construction.
pub(crate) struct Unit<'a> {
    pub kind: UnitKind,
    pub scope: ScopeId,
    pub name: Name,
    pub qualname: String,
    pub instrs: Vec<Instr>,
    /// Instruction index each label is bound to (`NONE` while unbound).
    pub labels: Vec<u32>,
    pub handlers: Vec<Handler>,
    pub handler_stack: Vec<u32>,
    pub consts: Vec<Value>,
    const_index: BTreeMap<u64, u32>,
    pub names: Vec<Name>,
    name_index: BTreeMap<Name, u32>,
    pub varnames: Vec<Name>,
    pub var_index: BTreeMap<Name, u32>,
    pub cellvars: Vec<Name>,
    pub freevars: Vec<Name>,
    /// Parameters that are deleted somewhere in the body (read with `LOAD_FAST_CHECK`).
    pub deleted_params: BTreeSet<Name>,
    pub nparams: u32,
    pub fblocks: Vec<FBlock<'a>>,
    /// Location given to emitted instructions.
    pub loc: Loc,
    pub firstlineno: u32,
    pub flags: u32,
    pub argcount: u32,
    pub posonlyargcount: u32,
    pub kwonlyargcount: u32,
    /// Instruction indices that have a label bound (other paths may flow in there).
    bound_at: BTreeSet<u32>,
    /// Handler of the generator's `StopIteration` wrapper.
    pub gen_handler: Option<Label>,
    /// The body made an `__annotations__` dict: annotated names are recorded in it.
    pub annotations: bool,
}

impl<'a> Unit<'a> {
    fn new(kind: UnitKind, scope: ScopeId, name: Name) -> Unit<'a> {
        Unit {
            kind,
            scope,
            name,
            qualname: String::new(),
            instrs: Vec::new(),
            labels: Vec::new(),
            handlers: Vec::new(),
            handler_stack: Vec::new(),
            consts: Vec::new(),
            const_index: BTreeMap::new(),
            names: Vec::new(),
            name_index: BTreeMap::new(),
            varnames: Vec::new(),
            var_index: BTreeMap::new(),
            cellvars: Vec::new(),
            freevars: Vec::new(),
            deleted_params: BTreeSet::new(),
            nparams: 0,
            fblocks: Vec::new(),
            loc: Loc::default(),
            firstlineno: 1,
            flags: 0,
            argcount: 0,
            posonlyargcount: 0,
            kwonlyargcount: 0,
            bound_at: BTreeSet::new(),
            gen_handler: None,
            annotations: false,
        }
    }

    /// Index of a cell (`LOAD_DEREF` numbering: cells first).
    pub(crate) fn cell_index(&self, name: &str) -> Option<u32> {
        self.cellvars
            .iter()
            .position(|n| &**n == name)
            .map(|i| i as u32)
    }

    /// Index of a free variable in `LOAD_DEREF` numbering (after the cells).
    pub(crate) fn free_index(&self, name: &str) -> Option<u32> {
        self.freevars
            .iter()
            .position(|n| &**n == name)
            .map(|i| (self.cellvars.len() + i) as u32)
    }
}

/// The code generator.
pub(crate) struct Compiler<'a, 'p> {
    pub st: &'a SymbolTable,
    pub pool: &'p mut dyn ConstPool,
    pub filename: Rc<str>,
    /// The text traceback lines are read from (`None` for code made by `exec`, `eval` and
    /// `compile`, whose frames CPython shows without source lines).
    pub source: Option<Rc<str>>,
    pub mode: Mode,
    /// The unit being compiled.
    pub u: Unit<'a>,
    /// Enclosing units, innermost last.
    pub outer: Vec<Unit<'a>>,
    /// Current recursion depth (see [`MAX_RECURSION`]).
    depth: u32,
    /// `from __future__ import annotations`: annotations are kept as strings.
    pub future_annotations: bool,
    /// Where the module's leading future imports are (line, column): the only places one
    /// may be.
    pub future_imports: Vec<(u32, u32)>,
}

/// A `SyntaxError` at `loc`.
pub(crate) fn error(loc: Loc, msg: impl Into<String>) -> CompileError {
    CompileError {
        kind: CompileErrorKind::Syntax,
        msg: msg.into(),
        line: loc.line,
        col: loc.col + 1,
        end_line: loc.end_line,
        end_col: loc.end_col + 1,
        incomplete_input: false,
    }
}

/// The const pool ran out of memory.
pub(crate) fn oom(_: ConstAllocError) -> CompileError {
    error(Loc::default(), "out of memory while compiling")
}

/// The const pool could not make a complex constant: out of memory, or a build without the
/// `complex` feature.
pub(crate) fn complex_const_error(e: ConstAllocError) -> CompileError {
    if cfg!(feature = "complex") {
        oom(e)
    } else {
        error(
            Loc::default(),
            "complex numbers are not supported (built without the complex feature)",
        )
    }
}

/// The const pool could not make an int constant beyond `i64`: out of memory, or a build
/// without the `bigint` feature.
pub(crate) fn big_int_const_error(e: ConstAllocError) -> CompileError {
    if cfg!(feature = "bigint") {
        oom(e)
    } else {
        error(
            Loc::default(),
            "int too large (built without the bigint feature)",
        )
    }
}

/// The docstring of a body: a leading string-constant expression statement.
pub(crate) fn docstring(body: &[Stmt]) -> Option<&str> {
    match body.first().map(|s| &s.kind) {
        Some(StmtKind::Expr(ast::Expr {
            kind: ast::ExprKind::Constant(ast::Constant::Str(s)),
            ..
        })) => Some(s),
        _ => None,
    }
}

impl<'a, 'p> Compiler<'a, 'p> {
    // ---- recursion guard -------------------------------------------------------------

    /// Enters one level of recursion.
    pub(crate) fn enter(&mut self, loc: Loc) -> CResult {
        self.depth += 1;
        if self.depth > MAX_RECURSION {
            self.depth -= 1;
            return Err(error(loc, "too many nested expressions or statements"));
        }
        Ok(())
    }

    /// Leaves one level of recursion.
    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- emission --------------------------------------------------------------------

    /// Emits `op arg` at the current location.
    pub(crate) fn emit(&mut self, op: Op, arg: u32) {
        self.push_instr(Kind::Op(op), arg, NONE);
    }

    fn push_instr(&mut self, kind: Kind, arg: u32, target: Label) {
        let handler = self.u.handler_stack.last().copied().unwrap_or(NONE);
        let loc = self.u.loc;
        self.u.instrs.push(Instr {
            kind,
            arg,
            target,
            loc,
            handler,
        });
    }

    /// Emits `op arg` with an oparg that must fit in 24 bits.
    pub(crate) fn emit_checked(&mut self, op: Op, arg: usize) -> CResult {
        if arg > MAX_OPARG as usize {
            return Err(error(self.u.loc, "too many items in an expression"));
        }
        self.emit(op, arg as u32);
        Ok(())
    }

    /// A fresh label.
    pub(crate) fn new_label(&mut self) -> Label {
        self.u.labels.push(NONE);
        (self.u.labels.len() - 1) as Label
    }

    /// Binds `l` to the next emitted instruction.
    pub(crate) fn bind(&mut self, l: Label) {
        self.u.labels[l as usize] = self.u.instrs.len() as u32;
        self.u.bound_at.insert(self.u.instrs.len() as u32);
    }

    fn is_bound(&self, l: Label) -> bool {
        self.u.labels[l as usize] != NONE
    }

    /// Emits a jump instruction to `target`. Conditional jumps to an already bound label
    /// (backward) are rewritten as a forward jump over a `JUMP_BACKWARD` so that every loop
    /// back-edge is a safe point.
    pub(crate) fn emit_jump(&mut self, op: Op, target: Label) {
        let inverse = match op {
            Op::POP_JUMP_IF_FALSE => Some(Op::POP_JUMP_IF_TRUE),
            Op::POP_JUMP_IF_TRUE => Some(Op::POP_JUMP_IF_FALSE),
            Op::POP_JUMP_IF_NONE => Some(Op::POP_JUMP_IF_NOT_NONE),
            Op::POP_JUMP_IF_NOT_NONE => Some(Op::POP_JUMP_IF_NONE),
            _ => None,
        };
        if let (Some(inv), true) = (inverse, self.is_bound(target)) {
            let skip = self.new_label();
            self.push_instr(Kind::Op(inv), 0, skip);
            self.push_instr(Kind::Op(Op::JUMP_BACKWARD), 0, target);
            self.bind(skip);
            return;
        }
        self.push_instr(Kind::Op(op), 0, target);
    }

    /// Emits a jump instruction exactly as given.
    pub(crate) fn emit_raw_jump(&mut self, op: Op, target: Label) {
        self.push_instr(Kind::Op(op), 0, target);
    }

    /// An unconditional jump: `JUMP_BACKWARD` to a bound label, else `JUMP_FORWARD`.
    pub(crate) fn jump(&mut self, target: Label) {
        let op = if self.is_bound(target) {
            Op::JUMP_BACKWARD
        } else {
            Op::JUMP_FORWARD
        };
        self.push_instr(Kind::Op(op), 0, target);
    }

    /// Whether a label is bound at instruction index `i`.
    pub(crate) fn label_at(&self, i: usize) -> bool {
        self.u.bound_at.contains(&(i as u32))
    }

    /// Whether the value on top is known to be an exact bool (so `TO_BOOL` can be skipped).
    fn top_is_bool(&self) -> bool {
        if self.label_at(self.u.instrs.len()) {
            return false;
        }
        match self.u.instrs.last() {
            Some(Instr {
                kind: Kind::Op(op),
                arg,
                ..
            }) => match op {
                Op::IS_OP
                | Op::CONTAINS_OP
                | Op::UNARY_NOT
                | Op::CHECK_EXC_MATCH
                | Op::MATCH_MAPPING
                | Op::MATCH_SEQUENCE => true,
                Op::LOAD_CONST => {
                    let v = self.u.consts[*arg as usize];
                    v == Value::TRUE || v == Value::FALSE
                }
                _ => false,
            },
            _ => false,
        }
    }

    /// Emits `TO_BOOL` unless the top of the stack is already a bool. A `COMPARE_OP` right
    /// before is told to produce a bool itself (CPython 3.13's oparg bit), which also lets the
    /// specializer fuse it with the conditional jump that follows.
    pub(crate) fn emit_to_bool(&mut self) {
        if self.top_is_bool() {
            return;
        }
        if !self.label_at(self.u.instrs.len()) {
            if let Some(Instr {
                kind: Kind::Op(Op::COMPARE_OP),
                arg,
                ..
            }) = self.u.instrs.last_mut()
            {
                *arg |= crate::bytecode::ops::COMPARE_TO_BOOL;
                return;
            }
        }
        self.emit(Op::TO_BOOL, 0);
    }

    /// Whether the last instruction ends the flow (nothing falls through to the end).
    pub(crate) fn ends_in_terminator(&self) -> bool {
        if self.label_at(self.u.instrs.len()) {
            return false;
        }
        match self
            .u
            .instrs
            .iter()
            .rev()
            .find(|i| matches!(i.kind, Kind::Op(_)))
        {
            Some(Instr {
                kind: Kind::Op(op), ..
            }) => op.flags().contains(crate::bytecode::ops::Flags::TERMINATOR),
            _ => false,
        }
    }

    // ---- exception handlers -----------------------------------------------------------

    /// Starts a range protected by the handler at `label`.
    pub(crate) fn push_handler(&mut self, label: Label, lasti: bool, adjust: u32) -> u32 {
        let h = self.u.handlers.len() as u32;
        self.u.handlers.push(Handler {
            label,
            lasti,
            adjust,
        });
        self.push_instr(Kind::Setup(h), 0, NONE);
        self.u.handler_stack.push(h);
        h
    }

    /// Ends the innermost protected range (CPython's `POP_BLOCK`).
    pub(crate) fn pop_handler(&mut self) -> u32 {
        self.u.handler_stack.pop().unwrap_or(NONE)
    }

    /// Re-activates a handler after code that left its range on one path only.
    pub(crate) fn restore_handler(&mut self, h: u32) {
        if h != NONE {
            self.u.handler_stack.push(h);
        }
    }

    // ---- constants and names ----------------------------------------------------------

    /// Index of a constant, deduplicated by identity of the bits (so `0`, `0.0`, `-0.0` and
    /// `False` stay distinct, and interned strs are shared).
    pub(crate) fn add_const(&mut self, v: Value) -> CResult<u32> {
        if let Some(&i) = self.u.const_index.get(&v.bits()) {
            return Ok(i);
        }
        let i = self.u.consts.len() as u32;
        if i > MAX_OPARG {
            return Err(error(self.u.loc, "too many constants"));
        }
        self.u.consts.push(v);
        self.u.const_index.insert(v.bits(), i);
        Ok(i)
    }

    /// `LOAD_CONST v`.
    pub(crate) fn load_const(&mut self, v: Value) -> CResult {
        let i = self.add_const(v)?;
        self.emit(Op::LOAD_CONST, i);
        Ok(())
    }

    /// An interned str constant.
    pub(crate) fn str_value(&mut self, s: &str) -> CResult<Value> {
        self.pool.str(s).map_err(oom)
    }

    /// `LOAD_CONST 'text'`.
    pub(crate) fn load_str(&mut self, s: &str) -> CResult {
        let v = self.str_value(s)?;
        self.load_const(v)
    }

    /// Index of a name in `co_names`.
    pub(crate) fn add_name(&mut self, name: &str) -> CResult<u32> {
        if let Some(&i) = self.u.name_index.get(name) {
            return Ok(i);
        }
        let i = self.u.names.len() as u32;
        if i > MAX_OPARG >> 1 {
            return Err(error(self.u.loc, "too many names"));
        }
        let n: Name = Rc::from(name);
        self.u.names.push(n.clone());
        self.u.name_index.insert(n, i);
        Ok(i)
    }

    /// Emits an instruction whose oparg is a name index (shifted by `shift`, plus `low`).
    pub(crate) fn emit_name(&mut self, op: Op, name: &str, shift: u32, low: u32) -> CResult {
        let i = self.add_name(name)?;
        self.emit(op, i << shift | low);
        Ok(())
    }

    /// Emits an attribute instruction for `attr`, private-name mangled as in CPython.
    pub(crate) fn emit_attr(&mut self, op: Op, attr: &str, shift: u32, low: u32) -> CResult {
        let name = self.mangled(attr);
        self.emit_name(op, &name, shift, low)
    }

    /// `name` with CPython's private-name mangling of the current scope applied.
    pub(crate) fn mangled(&self, name: &str) -> Name {
        let private = self.st.scope(self.u.scope).private.as_deref();
        symtable::mangle(private, name)
    }

    /// Index of a fast local, adding it when the symbol table did not list it.
    pub(crate) fn var_index(&mut self, name: &Name) -> u32 {
        if let Some(&i) = self.u.var_index.get(name) {
            return i;
        }
        let i = self.u.varnames.len() as u32;
        self.u.varnames.push(name.clone());
        self.u.var_index.insert(name.clone(), i);
        i
    }

    // ---- units ------------------------------------------------------------------------

    /// The qualified name of a new unit named `name` nested in the current one.
    fn qualname_for(&self, name: &str, kind: UnitKind) -> String {
        let parent = &self.u;
        if parent.kind == UnitKind::Module {
            return String::from(name);
        }
        if matches!(kind, UnitKind::Function | UnitKind::Class)
            && self.st.scope(parent.scope).lookup(name) == symtable::SymScope::GlobalExplicit
        {
            return String::from(name);
        }
        let mut q = parent.qualname.clone();
        if parent.kind.is_function_like() {
            q.push_str(".<locals>");
        }
        q.push('.');
        q.push_str(name);
        q
    }

    /// Starts compiling a nested code object; emits its prologue.
    pub(crate) fn enter_scope(
        &mut self,
        kind: UnitKind,
        scope: ScopeId,
        name: Name,
        firstlineno: u32,
    ) -> CResult {
        let qualname = self.qualname_for(&name, kind);
        let mut u = Unit::new(kind, scope, name);
        u.qualname = qualname;
        u.firstlineno = firstlineno;
        let sc = self.st.scope(scope);
        for v in &sc.varnames {
            let i = u.varnames.len() as u32;
            u.varnames.push(v.clone());
            u.var_index.insert(v.clone(), i);
        }
        u.cellvars = sc.cellvars.clone();
        u.freevars = sc.freevars.clone();
        if kind == UnitKind::Class {
            // A name bound in the class and free in a method is also a free variable of
            // the class body, which passes the cell on (CPython's `DEF_FREE_CLASS`).
            for (n, sym) in &sc.symbols {
                if sym.flags & symtable::flags::DEF_FREE_CLASS != 0 && !u.freevars.contains(n) {
                    u.freevars.push(n.clone());
                }
            }
            u.freevars.sort();
        }
        u.argcount = sc.argcount;
        u.posonlyargcount = sc.posonlyargcount;
        u.kwonlyargcount = sc.kwonlyargcount;
        u.nparams = sc.argcount + sc.kwonlyargcount + sc.has_varargs as u32 + sc.has_varkw as u32;
        let mut flags = 0;
        match kind {
            UnitKind::Class => flags |= code_flags::NAMESPACE,
            UnitKind::Comprehension => flags |= code_flags::COMPREHENSION,
            _ => {}
        }
        if kind.is_function_like() {
            if sc.has_varargs {
                flags |= code_flags::VARARGS;
            }
            if sc.has_varkw {
                flags |= code_flags::VARKEYWORDS;
            }
            flags |= match (sc.is_generator, sc.is_coroutine) {
                (true, false) => code_flags::GENERATOR,
                (false, true) => code_flags::COROUTINE,
                (true, true) => code_flags::ASYNC_GENERATOR,
                (false, false) => 0,
            };
            if self.u.kind.is_function_like()
                || self.outer.iter().any(|o| o.kind.is_function_like())
            {
                flags |= code_flags::NESTED;
            }
            if u.freevars.iter().any(|n| &**n == "__class__") {
                flags |= code_flags::USES_CLASS_CELL;
            }
        }
        u.flags = flags;
        let outer = core::mem::replace(&mut self.u, u);
        self.outer.push(outer);
        self.prologue();
        Ok(())
    }

    /// `MAKE_CELL`s, `COPY_FREE_VARS`, `RETURN_GENERATOR` and `RESUME`, then the generator's
    /// (or coroutine's) `StopIteration` wrapper.
    fn prologue(&mut self) {
        let line = if self.u.kind == UnitKind::Module {
            0
        } else {
            self.u.firstlineno
        };
        self.u.loc = Loc {
            line,
            col: 0,
            end_line: line,
            end_col: 0,
        };
        for i in 0..self.u.cellvars.len() {
            self.emit(Op::MAKE_CELL, i as u32);
        }
        if !self.u.freevars.is_empty() {
            self.emit(Op::COPY_FREE_VARS, self.u.freevars.len() as u32);
        }
        let generator = self.u.flags & code_flags::RESUMABLE != 0;
        if generator {
            self.emit(Op::RETURN_GENERATOR, 0);
            self.emit(Op::POP_TOP, 0);
        }
        if generator {
            // CPython puts the wrapper's SETUP_CLEANUP before RESUME.
            let h = self.new_label();
            self.push_handler(h, true, 0);
            self.u.gen_handler = Some(h);
        }
        self.emit(Op::RESUME, 0);
    }

    /// Ends the body: the implicit `return None` and the generator wrapper's handler.
    pub(crate) fn finish_body(&mut self) -> CResult {
        if let Some(h) = self.u.gen_handler.take() {
            self.u.loc = Loc::default();
            if !self.ends_in_terminator() {
                self.load_const(Value::NONE)?;
                self.emit(Op::RETURN_VALUE, 0);
            }
            self.pop_handler();
            self.bind(h);
            self.emit(Op::CALL_INTRINSIC_1, Intrinsic::StopIterationError as u32);
            self.emit(Op::RERAISE, 1);
        } else if !self.ends_in_terminator() {
            self.u.loc = Loc::default();
            self.load_const(Value::NONE)?;
            self.emit(Op::RETURN_VALUE, 0);
        }
        Ok(())
    }

    /// Finishes the current unit and returns to the enclosing one.
    pub(crate) fn exit_scope(&mut self) -> CResult<Rc<CodeObject>> {
        let outer = self
            .outer
            .pop()
            .ok_or_else(|| error(Loc::default(), "internal error: no outer unit"))?;
        let u = core::mem::replace(&mut self.u, outer);
        let code = assemble::assemble(u, self.pool, &self.filename, &self.source)?;
        Ok(Rc::new(code))
    }

    /// Drops the current unit after an error and returns to the enclosing one.
    pub(crate) fn abandon_scope(&mut self) {
        if let Some(outer) = self.outer.pop() {
            self.u = outer;
        }
    }

    // ---- module -----------------------------------------------------------------------

    fn module(&mut self, m: &'a ast::Module) -> CResult<Rc<CodeObject>> {
        self.u.qualname = String::from("<module>");
        self.u.flags = code_flags::NAMESPACE;
        self.u.firstlineno = 1;
        self.prologue();
        if self.mode != Mode::Eval {
            self.future_features(&m.body)?;
        }
        match (self.mode, m.body.as_slice()) {
            (Mode::Exec, _) => self.body_with_docstring(&m.body)?,
            (
                Mode::Eval,
                [Stmt {
                    kind: StmtKind::Expr(e),
                    ..
                }],
            ) => {
                self.visit_expr(e)?;
                self.u.loc = e.loc;
                self.emit(Op::RETURN_VALUE, 0);
            }
            _ => self.visit_stmts(&m.body)?,
        }
        self.finish_body()?;
        let u = core::mem::replace(
            &mut self.u,
            Unit::new(UnitKind::Module, self.st.module_scope(), Rc::from("")),
        );
        let code = assemble::assemble(u, self.pool, &self.filename, &self.source)?;
        Ok(Rc::new(code))
    }

    /// A module or class body: a docstring is stored to `__doc__`, and a body that
    /// annotates names gets the `__annotations__` dict they are recorded in.
    pub(crate) fn body_with_docstring(&mut self, body: &'a [Stmt]) -> CResult {
        let mut rest = body;
        if let Some(doc) = docstring(body) {
            self.u.loc = body[0].loc;
            self.load_str(doc)?;
            self.emit_name(Op::STORE_NAME, "__doc__", 0, 0)?;
            rest = &body[1..];
        }
        if body.iter().any(annotates_name) {
            if let Some(first) = body.first() {
                self.u.loc = first.loc;
            }
            self.emit(Op::BUILD_MAP, 0);
            self.emit_name(Op::STORE_NAME, "__annotations__", 0, 0)?;
            self.u.annotations = true;
        }
        self.visit_stmts(rest)
    }

    /// Compiles statements in order.
    pub(crate) fn visit_stmts(&mut self, body: &'a [Stmt]) -> CResult {
        for s in body {
            self.visit_stmt(s)?;
        }
        Ok(())
    }
}

/// Whether statement `s` annotates a plain name (`x: int`), itself or in a nested block of
/// the same scope (`if`, loops, `try`, `with`, `match`; not in a `def` or `class`).
fn annotates_name(s: &Stmt) -> bool {
    use ast::StmtKind as K;
    let any = |b: &[Stmt]| b.iter().any(annotates_name);
    match &s.kind {
        K::AnnAssign { target, .. } => matches!(target.kind, ast::ExprKind::Name(_)),
        K::If { body, orelse, .. }
        | K::While { body, orelse, .. }
        | K::For { body, orelse, .. } => any(body) || any(orelse),
        K::With { body, .. } => any(body),
        K::Try {
            body,
            handlers,
            orelse,
            finalbody,
            ..
        } => any(body) || handlers.iter().any(|h| any(&h.body)) || any(orelse) || any(finalbody),
        K::Match { cases, .. } => cases.iter().any(|c| any(&c.body)),
        _ => false,
    }
}

/// Collects parameters deleted in a function body (`del p`, `except ... as p`), which must
/// be read with `LOAD_FAST_CHECK`. Does not look into nested scopes.
pub(crate) fn collect_deleted(body: &[Stmt], out: &mut BTreeSet<Name>) {
    fn targets(e: &ast::Expr, out: &mut BTreeSet<Name>) {
        match &e.kind {
            ast::ExprKind::Name(n) => {
                out.insert(n.clone());
            }
            ast::ExprKind::Tuple(v) | ast::ExprKind::List(v) => {
                v.iter().for_each(|e| targets(e, out))
            }
            _ => {}
        }
    }
    for s in body {
        match &s.kind {
            StmtKind::Delete(ts) => ts.iter().for_each(|t| targets(t, out)),
            StmtKind::If { body, orelse, .. }
            | StmtKind::While { body, orelse, .. }
            | StmtKind::For { body, orelse, .. } => {
                collect_deleted(body, out);
                collect_deleted(orelse, out);
            }
            StmtKind::With { body, .. } => collect_deleted(body, out),
            StmtKind::Match { cases, .. } => {
                for c in cases {
                    collect_deleted(&c.body, out);
                }
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            } => {
                collect_deleted(body, out);
                for h in handlers {
                    if let Some(n) = &h.name {
                        out.insert(n.clone());
                    }
                    collect_deleted(&h.body, out);
                }
                collect_deleted(orelse, out);
                collect_deleted(finalbody, out);
            }
            _ => {}
        }
    }
}
