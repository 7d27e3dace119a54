//! Compile-time errors: `SyntaxError`, `IndentationError` and `TabError` with CPython's layout.

use alloc::string::String;

/// Which Python exception a compile error becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompileErrorKind {
    /// `SyntaxError`.
    Syntax,
    /// `IndentationError` (a subclass of `SyntaxError`).
    Indentation,
    /// `TabError` (a subclass of `IndentationError`).
    Tab,
}

impl CompileErrorKind {
    /// The Python exception class name.
    pub fn class_name(self) -> &'static str {
        match self {
            CompileErrorKind::Syntax => "SyntaxError",
            CompileErrorKind::Indentation => "IndentationError",
            CompileErrorKind::Tab => "TabError",
        }
    }
}

/// A compile error with everything CPython shows for it.
#[derive(Clone, Debug, PartialEq)]
pub struct CompileError {
    /// The exception class.
    pub kind: CompileErrorKind,
    /// The message, e.g. `invalid syntax` or `'(' was never closed`.
    pub msg: String,
    /// 1-based line of the error.
    pub line: u32,
    /// 1-based column (CPython's `offset`) of the first caret, counted in characters.
    pub col: u32,
    /// 1-based line where the highlighted range ends.
    pub end_line: u32,
    /// 1-based column one past the last caret (equal to `col + 1` for a single caret).
    pub end_col: u32,
    /// True when the error only says that the input ended too early (an open bracket, an
    /// unterminated triple-quoted string, a block header without a body). A REPL uses this to
    /// ask for a continuation line instead of reporting the error.
    pub incomplete_input: bool,
}
