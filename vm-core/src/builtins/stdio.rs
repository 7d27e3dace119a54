//! The script's standard streams through the [`Host`](crate::Host): `input()`, and the
//! writes and flushes of standard output that raise the host's I/O errors (`print`,
//! `sys.stdout.write`, `sys.stdout.flush`, the REPL's echo).

use alloc::string::String;
use alloc::vec;

use super::{check_args, no_kwargs};
use crate::object::value::Value;
use crate::vm::{IoError, PyErr, PyResult, Vm};
use crate::object::lazy_exc::LazyExc;

/// `EPIPE`: the reader of a pipe went away.
const EPIPE: i32 = 32;

impl Vm {
    /// Writes to standard output and raises what the host reports of it (a closed pipe
    /// raises `BrokenPipeError`, as CPython's `sys.stdout.write` does).
    pub(crate) fn write_out_checked(&mut self, s: &str) -> PyResult<()> {
        self.host.write_stdout(s);
        self.check_write()
    }

    /// Flushes standard output (and standard error) and raises what the host reports.
    pub(crate) fn flush_out_checked(&mut self) -> PyResult<()> {
        self.host.flush();
        self.check_write()
    }

    fn check_write(&mut self) -> PyResult<()> {
        match self.host.take_write_error() {
            None => Ok(()),
            Some(e) => Err(self.io_error(&e)),
        }
    }

    /// The exception a host's I/O error raises: `BrokenPipeError` for `EPIPE`, `OSError`
    /// otherwise, with CPython's arguments `(errno, strerror)` and attributes.
    pub fn io_error(&mut self, e: &IoError) -> PyErr {
        let kind = if e.errno == EPIPE {
            LazyExc::BrokenPipeError
        } else {
            LazyExc::OSError
        };
        let cls = match self.exc_class(kind) {
            Ok(c) => c,
            Err(e) => return e,
        };
        let errno = Value::int_unchecked(i64::from(e.errno));
        let built = self.new_str(&e.message).and_then(|msg| {
            self.with_roots(&[msg], |vm, _| {
                let exc = vm.new_exception_args(cls, vec![errno, msg])?;
                vm.root(exc);
                let n = vm.intern("errno")?;
                vm.set_attr(exc, n, errno)?;
                let n = vm.intern("strerror")?;
                vm.set_attr(exc, n, msg)?;
                Ok(exc)
            })
        });
        match built {
            Ok(exc) => PyErr(exc),
            Err(e) => e,
        }
    }
}

/// `input([prompt])`: the prompt (`str()` of the argument) goes to standard output, which is
/// flushed, and one line of standard input comes back without its `\n`; `EOFError` at the end
/// of input, `KeyboardInterrupt` when the read was interrupted.
pub(crate) fn input(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    no_kwargs(vm, "input", kwargs)?;
    check_args(vm, "input", args, 0, 1)?;
    let prompt = match args.first() {
        Some(&p) => vm.to_str(p)?,
        None => String::new(),
    };
    // What the script wrote so far shows before the prompt.
    vm.flush_out_checked()?;
    let line = vm.host.read_line(&prompt);
    vm.poll_signals()?;
    match line {
        Ok(Some(line)) => vm.new_string(line),
        Ok(None) => Err(vm.new_lazy_exception(LazyExc::EOFError, "EOF when reading a line")),
        Err(e) => Err(vm.io_error(&e)),
    }
}
