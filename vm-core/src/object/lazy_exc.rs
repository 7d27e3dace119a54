//! The builtin exception classes a VM makes on first use: a program that never names
//! `OSError` or raises a `SyntaxError` never pays for their class records and names.
//!
//! A class here is made (with its bases first) when Rust code raises or names it through
//! [`Vm::exc_class`], or when a program looks its name up in the builtins namespace
//! (`crate::builtins::deferred`), which then holds it. Until it is made no object
//! can be an instance or subclass of it, so a match against a class not made yet
//! ([`Vm::exc_matches_lazy`]) is false without making it. Once made, a class is a root for
//! the collector and keeps its identity.

use super::types::{BuiltinBase, Obj};
use super::typeobj::{builtin_class_record, set_builtin_mro};
use super::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

macro_rules! define_lazy_exceptions {
    ($($variant:ident = $name:literal : $base:literal;)*) => {
        /// A builtin exception class made on first use.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum LazyExc {
            $(
                #[doc = concat!("`", $name, "`")]
                $variant,
            )*
        }

        impl LazyExc {
            /// Every one, in declaration order (a base before its subclasses).
            pub const ALL: &'static [LazyExc] = &[$(LazyExc::$variant),*];
        }

        /// The name and the base's name of each [`LazyExc`], in the same order.
        const LAZY_EXCEPTIONS: &[(&str, &str)] = &[$(($name, $base)),*];
    };
}

define_lazy_exceptions! {
    KeyboardInterrupt = "KeyboardInterrupt": "BaseException";
    SystemExit = "SystemExit": "BaseException";
    FloatingPointError = "FloatingPointError": "ArithmeticError";
    ZeroDivisionError = "ZeroDivisionError": "ArithmeticError";
    AssertionError = "AssertionError": "Exception";
    BufferError = "BufferError": "Exception";
    EOFError = "EOFError": "Exception";
    ImportError = "ImportError": "Exception";
    ModuleNotFoundError = "ModuleNotFoundError": "ImportError";
    UnboundLocalError = "UnboundLocalError": "NameError";
    OSError = "OSError": "Exception";
    BlockingIOError = "BlockingIOError": "OSError";
    ChildProcessError = "ChildProcessError": "OSError";
    ConnectionError = "ConnectionError": "OSError";
    BrokenPipeError = "BrokenPipeError": "ConnectionError";
    ConnectionAbortedError = "ConnectionAbortedError": "ConnectionError";
    ConnectionRefusedError = "ConnectionRefusedError": "ConnectionError";
    ConnectionResetError = "ConnectionResetError": "ConnectionError";
    FileExistsError = "FileExistsError": "OSError";
    FileNotFoundError = "FileNotFoundError": "OSError";
    InterruptedError = "InterruptedError": "OSError";
    IsADirectoryError = "IsADirectoryError": "OSError";
    NotADirectoryError = "NotADirectoryError": "OSError";
    PermissionError = "PermissionError": "OSError";
    ProcessLookupError = "ProcessLookupError": "OSError";
    TimeoutError = "TimeoutError": "OSError";
    ReferenceError = "ReferenceError": "Exception";
    NotImplementedError = "NotImplementedError": "RuntimeError";
    RecursionError = "RecursionError": "RuntimeError";
    SyntaxError = "SyntaxError": "Exception";
    IndentationError = "IndentationError": "SyntaxError";
    TabError = "TabError": "IndentationError";
    SystemError = "SystemError": "Exception";
    UnicodeError = "UnicodeError": "ValueError";
    UnicodeDecodeError = "UnicodeDecodeError": "UnicodeError";
    UnicodeEncodeError = "UnicodeEncodeError": "UnicodeError";
    Warning = "Warning": "Exception";
    UserWarning = "UserWarning": "Warning";
    DeprecationWarning = "DeprecationWarning": "Warning";
    RuntimeWarning = "RuntimeWarning": "Warning";
}

/// How many exception classes are made on first use.
pub const LAZY_COUNT: usize = LAZY_EXCEPTIONS.len();

/// The builtins names that stand for a [`LazyExc`]: its own names first (index `i` for
/// `LazyExc::ALL[i]`), then CPython's old aliases of `OSError`.
pub const LAZY_NAMES: &[(&str, LazyExc)] = &{
    let mut names = [("", LazyExc::OSError); LAZY_COUNT + 2];
    let mut i = 0;
    while i < LAZY_COUNT {
        names[i] = (LAZY_EXCEPTIONS[i].0, LazyExc::ALL[i]);
        i += 1;
    }
    names[LAZY_COUNT] = ("IOError", LazyExc::OSError);
    names[LAZY_COUNT + 1] = ("EnvironmentError", LazyExc::OSError);
    names
};

impl LazyExc {
    /// The class's `__name__`.
    pub fn name(self) -> &'static str {
        LAZY_EXCEPTIONS[self as usize].0
    }

    /// The one named `name`.
    pub fn by_name(name: &str) -> Option<LazyExc> {
        let i = LAZY_EXCEPTIONS.iter().position(|(n, _)| *n == name)?;
        Some(LazyExc::ALL[i])
    }
}

impl super::typeobj::Types {
    /// Exception class `k` if it has been made.
    #[inline]
    pub fn made(&self, k: LazyExc) -> Option<ObjRef> {
        self.lazy[k as usize].get()
    }
}

impl Vm {
    /// Exception class `k`, made now (with its bases) if it was not yet: a `MemoryError`
    /// when the heap has no room for it.
    #[inline]
    pub fn exc_class(&mut self, k: LazyExc) -> PyResult<ObjRef> {
        match self.types.made(k) {
            Some(c) => Ok(c),
            None => self.make_exc_class(k),
        }
    }

    #[cold]
    fn make_exc_class(&mut self, k: LazyExc) -> PyResult<ObjRef> {
        let (name, base_name) = LAZY_EXCEPTIONS[k as usize];
        let base = match LazyExc::by_name(base_name) {
            Some(b) => self.exc_class(b)?,
            None => self
                .types
                .exception_classes()
                .into_iter()
                .find(|(n, _)| *n == base_name)
                .map(|(_, c)| c)
                .ok_or_else(|| self.internal_error("lazy exception base missing"))?,
        };
        // The interned name is both `__name__` and the builtins key (as for every builtin
        // type), and the intern table keeps it alive.
        let name_v = self.intern(name)?;
        let version = self.types.next_version.get();
        self.types.next_version.set(version.wrapping_add(1));
        let record = builtin_class_record(
            name_v,
            Some(base),
            BuiltinBase::Exception,
            version,
            self.types.type_,
        );
        let r = self.alloc(Obj::Class(record))?;
        set_builtin_mro(&mut self.heap, r);
        self.types.lazy[k as usize].set(Some(r));
        Ok(r)
    }

    /// A raised exception of class `k` with one message argument.
    pub fn new_lazy_exception(&mut self, k: LazyExc, msg: &str) -> PyErr {
        match self.exc_class(k) {
            Ok(c) => self.new_exception(c, msg),
            Err(e) => e,
        }
    }

    /// A raised exception of class `k` with no arguments.
    pub fn new_lazy_exception_empty(&mut self, k: LazyExc) -> PyErr {
        match self.exc_class(k) {
            Ok(c) => self.new_exception_empty(c),
            Err(e) => e,
        }
    }

    /// Whether `v` is an instance of exception class `k` (never, while `k` is not made).
    #[inline]
    pub fn exc_matches_lazy(&self, v: Value, k: LazyExc) -> bool {
        self.types.made(k).is_some_and(|c| self.exc_matches(v, c))
    }

    /// Whether class `cls` is `k` or derives from it (never, while `k` is not made).
    #[inline]
    pub fn is_subclass_lazy(&self, cls: ObjRef, k: LazyExc) -> bool {
        self.types.made(k).is_some_and(|c| self.is_subclass(cls, c))
    }
}
