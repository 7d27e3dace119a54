//! Code objects: instructions with their inline caches, constants, names and tables.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::vec::Vec;
use core::cell::{Cell, RefCell};

use super::ops::Op;
use crate::object::value::Value;

/// `CodeObject::flags` bits.
pub mod code_flags {
    /// Has a `*args` parameter.
    pub const VARARGS: u32 = 1 << 0;
    /// Has a `**kwargs` parameter.
    pub const VARKEYWORDS: u32 = 1 << 1;
    /// A generator function (or generator expression).
    pub const GENERATOR: u32 = 1 << 2;
    /// A module or class body: names go through `LOAD_NAME`/`STORE_NAME`.
    pub const NAMESPACE: u32 = 1 << 3;
    /// Nested in another function.
    pub const NESTED: u32 = 1 << 4;
    /// The code of a comprehension or generator expression.
    pub const COMPREHENSION: u32 = 1 << 5;
    /// A method body that uses zero-argument `super()` / `__class__`.
    pub const USES_CLASS_CELL: u32 = 1 << 6;
    /// `consts[0]` is the docstring (`__doc__` of the function).
    pub const HAS_DOCSTRING: u32 = 1 << 7;
    /// An `async def` (or asynchronous comprehension): calling it makes a coroutine.
    pub const COROUTINE: u32 = 1 << 8;
    /// An `async def` with `yield` (or asynchronous generator expression).
    pub const ASYNC_GENERATOR: u32 = 1 << 9;
    /// Any of the kinds whose call returns a suspended frame (`RETURN_GENERATOR`).
    pub const RESUMABLE: u32 = GENERATOR | COROUTINE | ASYNC_GENERATOR;
    /// Its frames add no traceback entry: the methods of `asyncio.Future` and `Task`, which
    /// are C code (with no frames) in CPython.
    pub const HIDDEN: u32 = 1 << 10;
    /// Every flag above (the image verifier refuses others).
    pub const KNOWN: u32 = VARARGS
        | VARKEYWORDS
        | GENERATOR
        | NAMESPACE
        | NESTED
        | COMPREHENSION
        | USES_CLASS_CELL
        | HAS_DOCSTRING
        | COROUTINE
        | ASYNC_GENERATOR
        | HIDDEN;
}

/// One exception-table entry: instructions in `start..end` (unit offsets) are protected by the
/// handler at `target`. On an exception the value stack is cut to `depth` items (above the
/// locals), the offset of the raising instruction is pushed when `push_lasti` is set, then the
/// exception is pushed and execution continues at `target`. The first matching entry wins;
/// the code generator emits inner ranges first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExcEntry {
    /// First protected unit.
    pub start: u32,
    /// One past the last protected unit.
    pub end: u32,
    /// Handler unit offset.
    pub target: u32,
    /// Stack depth (above the fast locals, cells and free variables) at the handler.
    pub depth: u32,
    /// Whether the raising instruction's offset is pushed below the exception.
    pub push_lasti: bool,
}

/// Source position of the instructions starting at `start` (until the next entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineEntry {
    /// First unit offset the entry covers.
    pub start: u32,
    /// 1-based line (0: no line, e.g. synthetic cleanup code).
    pub line: u32,
    /// 0-based start column in characters.
    pub col: u32,
    /// Last line of the range.
    pub end_line: u32,
    /// 0-based end column in characters.
    pub end_col: u32,
}

/// A compiled function, class body, comprehension or module.
#[derive(Debug)]
pub struct CodeObject {
    /// Instruction units (`op | oparg << 8`) interleaved with inline-cache units. Cells so
    /// the specializing interpreter can rewrite instructions in place through a shared `Rc`.
    pub code: Box<[Cell<u32>]>,
    /// Constants (`LOAD_CONST`): None/bools/ints/floats inline, strs, bytes, big ints, tuples
    /// of constants and nested code objects on the heap.
    pub consts: Box<[Value]>,
    /// Names used by `*_NAME`, `*_GLOBAL`, `*_ATTR`, imports (interned strs).
    pub names: Box<[Value]>,
    /// Fast local names: parameters first (posonly, args, kwonly, `*args`, `**kwargs`).
    pub varnames: Box<[Value]>,
    /// Names of cell variables (slots `nlocals .. nlocals + ncells`).
    pub cellvars: Box<[Value]>,
    /// Names of free variables (slots after the cells), filled by `COPY_FREE_VARS`.
    pub freevars: Box<[Value]>,
    /// For each cell: the fast-local index of the parameter it is initialized from, or
    /// `u32::MAX`.
    pub cell2arg: Box<[u32]>,
    /// `co_name`.
    pub name: Value,
    /// `co_qualname`.
    pub qualname: Value,
    /// The file name shown in tracebacks.
    pub filename: Rc<str>,
    /// The whole source text (for traceback lines), shared by every code object of a file.
    pub source: Option<Rc<str>>,
    /// Number of positional parameters (including positional-only).
    pub argcount: u32,
    /// Number of positional-only parameters.
    pub posonlyargcount: u32,
    /// Number of keyword-only parameters.
    pub kwonlyargcount: u32,
    /// [`code_flags`] bits.
    pub flags: u32,
    /// Maximum depth of the value stack above the locals.
    pub stacksize: u32,
    /// Line of the `def`/`class`/first statement.
    pub firstlineno: u32,
    /// Positions, sorted by `start`.
    pub lines: Box<[LineEntry]>,
    /// Exception handlers.
    pub exc_table: Box<[ExcEntry]>,
    /// Executors installed in this code (`ENTER_EXECUTOR`'s oparg indexes it): runtime
    /// state of tier 2, empty in a fresh code object.
    pub executors: RefCell<Vec<ExecutorSlot>>,
}

/// An entry of [`CodeObject::executors`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExecutorSlot {
    /// The executor's registry id, or 0 when the entry is free.
    pub id: u32,
    /// Offset of the `ENTER_EXECUTOR`.
    pub offset: u32,
    /// The instruction unit it replaced (restored when the executor goes away).
    pub original: u32,
}

impl CodeObject {
    /// Number of fast locals.
    #[inline]
    pub fn nlocals(&self) -> usize {
        self.varnames.len()
    }

    /// Locals + cells + free variables: the frame slots below the value stack.
    #[inline]
    pub fn nlocalsplus(&self) -> usize {
        self.varnames.len() + self.cellvars.len() + self.freevars.len()
    }

    /// Total parameters including `*args` and `**kwargs`.
    pub fn total_args(&self) -> usize {
        let mut n = (self.argcount + self.kwonlyargcount) as usize;
        if self.flags & code_flags::VARARGS != 0 {
            n += 1;
        }
        if self.flags & code_flags::VARKEYWORDS != 0 {
            n += 1;
        }
        n
    }

    /// Decodes the instruction at unit `ip`: (opcode, oparg). `None` for a bad opcode byte.
    #[inline]
    pub fn instr(&self, ip: usize) -> Option<(Op, u32)> {
        let u = self.code.get(ip)?.get();
        Op::from_u8(u as u8).map(|op| (op, u >> 8))
    }

    /// The instruction at unit `ip` as compiled: a super-instruction shows as its first
    /// half (the second half is the next unit).
    pub fn instr_unfused(&self, ip: usize) -> Option<(Op, u32)> {
        self.instr(ip).map(|(op, arg)| (op.unfused(), arg))
    }

    /// The position of the instruction at unit `ip`.
    pub fn position(&self, ip: u32) -> Option<LineEntry> {
        let i = self.lines.partition_point(|e| e.start <= ip);
        if i == 0 {
            None
        } else {
            Some(self.lines[i - 1])
        }
    }

    /// The line of the instruction at unit `ip` (0 when unknown).
    pub fn line_of(&self, ip: u32) -> u32 {
        self.position(ip).map_or(0, |e| e.line)
    }

    /// The handler for an exception raised at unit `ip`.
    pub fn handler_for(&self, ip: u32) -> Option<ExcEntry> {
        self.exc_table
            .iter()
            .find(|e| e.start <= ip && ip < e.end)
            .copied()
    }

    /// Calls `f` on every heap value the code object keeps alive.
    pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
        for v in self
            .consts
            .iter()
            .chain(self.names.iter())
            .chain(self.varnames.iter())
        {
            f(*v);
        }
        for v in self.cellvars.iter().chain(self.freevars.iter()) {
            f(*v);
        }
        f(self.name);
        f(self.qualname);
    }
}

/// An integer literal for [`ConstPool::int`].
#[cfg_attr(
    not(any(feature = "compiler", feature = "internals")),
    allow(dead_code, reason = "the compiler's code generator uses it")
)]
#[derive(Clone, Copy, Debug)]
pub enum IntLiteral<'a> {
    /// Fits in an `i64`.
    Small(i64),
    /// Digits in a radix (no sign, prefix or underscores).
    Big {
        /// The digits.
        digits: &'a str,
        /// 2, 8, 10 or 16.
        radix: u32,
    },
}

/// The heap allocation failed while compiling.
#[cfg_attr(
    not(any(feature = "compiler", feature = "internals")),
    allow(dead_code, reason = "the compiler's code generator uses it")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConstAllocError;

/// Where the code generator gets heap constants from (implemented by the VM).
#[cfg_attr(
    not(any(feature = "compiler", feature = "internals")),
    allow(dead_code, reason = "the compiler's code generator uses it")
)]
pub trait ConstPool {
    /// An interned `str`.
    fn str(&mut self, s: &str) -> Result<Value, ConstAllocError>;
    /// An `int`.
    fn int(&mut self, lit: IntLiteral<'_>) -> Result<Value, ConstAllocError>;
    /// A `bytes`.
    fn bytes(&mut self, b: &[u8]) -> Result<Value, ConstAllocError>;
    /// A `complex` (an imaginary literal, or one negated).
    fn complex(&mut self, re: f64, im: f64) -> Result<Value, ConstAllocError>;
    /// A tuple of constants.
    fn tuple(&mut self, items: &[Value]) -> Result<Value, ConstAllocError>;
    /// A nested code object.
    fn code(&mut self, code: Rc<CodeObject>) -> Result<Value, ConstAllocError>;
}
