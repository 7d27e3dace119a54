//! The fields some exception classes take from their arguments: `OSError`'s `errno`,
//! `strerror`, `filename` and `filename2` (and the subclass an errno picks), and
//! `SyntaxError`'s `msg`, `filename`, `lineno`, `offset`, `text`, `end_lineno` and
//! `end_offset`, as CPython 3.11's `OSError.__new__` and `SyntaxError.__init__` set them.
//! They are instance attributes; [`Vm::exception_field_default`] answers `None` for the
//! ones an instance never got.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::lazy_exc::LazyExc;
use super::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// `OSError`'s fields.
const OS_ERROR_FIELDS: [&str; 4] = ["errno", "strerror", "filename", "filename2"];

/// `SyntaxError`'s fields after `msg`, in the order of its details tuple.
const SYNTAX_DETAILS: [&str; 6] = [
    "filename",
    "lineno",
    "offset",
    "text",
    "end_lineno",
    "end_offset",
];

/// The errno values (Linux's numbering, which CPython's table follows on Linux) that make
/// `OSError(errno, ...)` an instance of a subclass.
const ERRNO_CLASSES: [(i64, &str); 18] = [
    (1, "PermissionError"),
    (2, "FileNotFoundError"),
    (3, "ProcessLookupError"),
    (4, "InterruptedError"),
    (10, "ChildProcessError"),
    (11, "BlockingIOError"),
    (13, "PermissionError"),
    (17, "FileExistsError"),
    (20, "NotADirectoryError"),
    (21, "IsADirectoryError"),
    (32, "BrokenPipeError"),
    (103, "ConnectionAbortedError"),
    (104, "ConnectionResetError"),
    (108, "BrokenPipeError"),
    (110, "TimeoutError"),
    (111, "ConnectionRefusedError"),
    (114, "BlockingIOError"),
    (115, "BlockingIOError"),
];

impl Vm {
    /// The class `OSError(*args)` makes: a subclass picked by an int errno when there are
    /// 2 to 5 arguments (only for `OSError` itself).
    pub(crate) fn os_error_class(&mut self, cls: ObjRef, args: &[Value]) -> ObjRef {
        if self.types.made(LazyExc::OSError) != Some(cls) || !(2..=5).contains(&args.len()) {
            return cls;
        }
        let Some(errno) = self.as_i64(args[0]) else {
            return cls;
        };
        let Some((_, name)) = ERRNO_CLASSES.iter().find(|(e, _)| *e == errno) else {
            return cls;
        };
        // No room for the subclass: the `OSError` itself.
        LazyExc::by_name(name)
            .and_then(|k| self.exc_class(k).ok())
            .unwrap_or(cls)
    }

    /// Whether instances of `cls` take fields from their arguments.
    #[inline]
    pub(crate) fn has_exception_fields(&self, cls: ObjRef) -> bool {
        self.is_subclass_lazy(cls, LazyExc::OSError)
            || self.is_subclass_lazy(cls, LazyExc::SyntaxError)
    }

    /// Sets the fields of a new exception `e` of class `cls` from its arguments, and trims
    /// `args` as CPython does (`OSError(2, 'm', 'f').args == (2, 'm')`).
    pub(crate) fn init_exception_fields(
        &mut self,
        e: Value,
        cls: ObjRef,
        args: &[Value],
    ) -> PyResult<()> {
        let Some(r) = e.as_obj() else { return Ok(()) };
        if self.is_subclass_lazy(cls, LazyExc::OSError) {
            if !(2..=5).contains(&args.len()) {
                return Ok(());
            }
            self.set_field(r, "errno", args[0])?;
            self.set_field(r, "strerror", args[1])?;
            let filename = args.get(2).copied().unwrap_or(Value::NONE);
            if filename != Value::NONE {
                self.set_field(r, "filename", filename)?;
                let filename2 = args.get(4).copied().unwrap_or(Value::NONE);
                self.set_field(r, "filename2", filename2)?;
                let trimmed = self.new_tuple(args[..2].to_vec())?;
                if let Some(st) = self.exc_state_mut(e) {
                    st.args = trimmed;
                }
            }
            return Ok(());
        }
        if let Some(&msg) = args.first() {
            self.set_field(r, "msg", msg)?;
        }
        if args.len() == 2 {
            let details = self.collect_iter(args[1])?;
            let n = details.len();
            if !(4..=6).contains(&n) {
                let bound = if n < 4 { "at least 4" } else { "at most 6" };
                let msg = format!("function takes {bound} arguments ({n} given)");
                return Err(self.type_error(msg));
            }
            for (name, v) in SYNTAX_DETAILS.iter().zip(details) {
                self.set_field(r, name, v)?;
            }
        }
        Ok(())
    }

    fn set_field(&mut self, r: ObjRef, name: &str, v: Value) -> PyResult<()> {
        let k = self.intern(name)?;
        self.instance_set(r, k, v)
    }

    /// The value of a field exception `exc` never got: `None` for the fields of its class.
    pub(crate) fn exception_field_default(&self, exc: Value, name: &str) -> Option<Value> {
        let os = self.exc_matches_lazy(exc, LazyExc::OSError) && OS_ERROR_FIELDS.contains(&name);
        let syntax = self.exc_matches_lazy(exc, LazyExc::SyntaxError)
            && (name == "msg" || name == "print_file_and_line" || SYNTAX_DETAILS.contains(&name));
        (os || syntax).then_some(Value::NONE)
    }

    /// A field of an exception, `None` when unset.
    pub(crate) fn exception_field(&mut self, exc: Value, name: &str) -> PyResult<Value> {
        let k = self.intern(name)?;
        Ok(self.get_attr_opt(exc, k)?.unwrap_or(Value::NONE))
    }

    /// `str(exc)` for the classes with fields: `[Errno 2] No such file or directory: 'x'`,
    /// `invalid syntax (<string>, line 1)`; `None` for the others (and for field
    /// combinations that print as plain exceptions).
    pub(crate) fn exception_field_str(&mut self, exc: Value) -> PyResult<Option<String>> {
        if self.exc_matches_lazy(exc, LazyExc::OSError) {
            let [errno, strerror, filename, filename2] = self
                .fields(exc, OS_ERROR_FIELDS)?
                .try_into()
                .unwrap_or([Value::NONE; 4]);
            if filename != Value::NONE {
                let (e, s, f) = (
                    self.to_str(errno)?,
                    self.to_str(strerror)?,
                    self.repr(filename)?,
                );
                if filename2 != Value::NONE {
                    let f2 = self.repr(filename2)?;
                    return Ok(Some(format!("[Errno {e}] {s}: {f} -> {f2}")));
                }
                return Ok(Some(format!("[Errno {e}] {s}: {f}")));
            }
            if self.has_field(exc, "errno")? && self.has_field(exc, "strerror")? {
                let (e, s) = (self.to_str(errno)?, self.to_str(strerror)?);
                return Ok(Some(format!("[Errno {e}] {s}")));
            }
            return Ok(None);
        }
        if self.exc_matches_lazy(exc, LazyExc::SyntaxError) {
            let msg = self.exception_field(exc, "msg")?;
            let msg = self.to_str(msg)?;
            let filename = self.exception_field(exc, "filename")?;
            let lineno = self.exception_field(exc, "lineno")?;
            let file = match self.str_of(filename) {
                Some(f) => Some(String::from(f.rsplit('/').next().unwrap_or(f))),
                None => None,
            };
            let line = self.as_i64(lineno);
            return Ok(Some(match (file, line) {
                (Some(f), Some(l)) => format!("{msg} ({f}, line {l})"),
                (Some(f), None) => format!("{msg} ({f})"),
                (None, Some(l)) => format!("{msg} (line {l})"),
                (None, None) => msg,
            }));
        }
        Ok(None)
    }

    /// What CPython prints of an uncaught `SyntaxError` before its last line (the file and
    /// line, the source text and its carets), and that line's message: `None` when it has
    /// no line number (it then prints as any exception).
    pub(crate) fn syntax_error_report(&mut self, exc: Value) -> PyResult<Option<(String, String)>> {
        if !self.exc_matches_lazy(exc, LazyExc::SyntaxError) {
            return Ok(None);
        }
        let lineno = self.exception_field(exc, "lineno")?;
        let Some(line) = self.as_i64(lineno) else {
            return Ok(None);
        };
        let msg = self.exception_field(exc, "msg")?;
        let msg = self.to_str(msg)?;
        let filename = self.exception_field(exc, "filename")?;
        let file = if filename == Value::NONE {
            String::from("<string>")
        } else {
            self.to_str(filename)?
        };
        let int_or = |vm: &mut Vm, name: &str, default: i64| -> PyResult<i64> {
            let v = vm.exception_field(exc, name)?;
            Ok(vm.as_i64(v).unwrap_or(default))
        };
        let offset = int_or(self, "offset", -1)?;
        let end_line = int_or(self, "end_lineno", line)?;
        let mut end_offset = int_or(self, "end_offset", -1)?;
        let mut out = format!("  File \"{file}\", line {line}\n");
        let text = self.exception_field(exc, "text")?;
        if let Some(text) = self.str_of(text).map(String::from) {
            let line_size = text.chars().count() as i64;
            if end_line > line {
                end_offset = line_size;
            }
            end_offset = end_offset.min(line_size + 1);
            crate::interp::traceback::print_error_text(&mut out, offset, end_offset, &text);
        }
        Ok(Some((out, msg)))
    }

    fn fields<const N: usize>(&mut self, exc: Value, names: [&str; N]) -> PyResult<Vec<Value>> {
        names.iter().map(|n| self.exception_field(exc, n)).collect()
    }

    /// Whether the instance itself holds field `name` (set from the arguments).
    fn has_field(&mut self, exc: Value, name: &str) -> PyResult<bool> {
        let k = self.intern(name)?;
        Ok(exc
            .as_obj()
            .is_some_and(|r| self.instance_get(r, k).is_some()))
    }
}
