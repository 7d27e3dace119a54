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

/// `sys.stdin`: a `TextIOWrapper` reading lines through [`Host::read_stdin_line`]
/// (`read`, `readline`, `readlines`, iteration). What `read(n)` or `readline(n)` reads
/// beyond `n` characters waits in the stream's `_pending` attribute for the next read.
///
/// [`Host::read_stdin_line`]: crate::Host::read_stdin_line
pub(crate) fn make_stdin(vm: &mut Vm) -> PyResult<Value> {
    let ns = vm.new_dict()?;
    let nsr = ns.as_obj().unwrap_or(crate::object::value::ObjRef(0));
    let name = vm.new_str("TextIOWrapper")?;
    let cls = super::class_create::make_class(vm, name, vm.types.object, nsr)?;
    let methods: [(&'static str, crate::object::types::NativeFn); 7] = [
        ("read", stdin_read),
        ("readline", stdin_readline),
        ("readlines", stdin_readlines),
        ("__iter__", stdin_iter),
        ("__next__", stdin_next),
        ("readable", stdin_readable),
        ("isatty", stdin_isatty),
    ];
    for (n, f) in methods {
        let kind = crate::object::types::NativeKind::Method;
        super::add_native(vm, nsr, n, f, kind, Value::obj(cls));
    }
    let s = vm.new_instance(cls)?;
    let empty = vm.new_str("")?;
    set_pending(vm, s, empty)?;
    Ok(s)
}

fn set_pending(vm: &mut Vm, stream: Value, text: Value) -> PyResult<()> {
    let name = vm.intern("_pending")?;
    vm.set_attr(stream, name, text)
}

/// The size argument of `read`/`readline`: `None` or negative for all.
fn size_arg(vm: &mut Vm, name: &str, args: &[Value]) -> PyResult<Option<usize>> {
    check_args(vm, name, args, 1, 2)?;
    match args.get(1) {
        None => Ok(None),
        Some(&v) if v == Value::NONE => Ok(None),
        Some(&v) => {
            let n = super::int_arg(vm, v)?;
            Ok(usize::try_from(n).ok())
        }
    }
}

/// The next line (with its `\n`), the pending text first; `""` at the end of input.
fn next_line(vm: &mut Vm, stream: Value) -> PyResult<String> {
    let pending = vm.get_attr_str(stream, "_pending")?;
    let text = vm.str_of(pending).map(String::from).unwrap_or_default();
    if let Some(at) = text.find('\n') {
        let rest = vm.new_str(&text[at + 1..])?;
        set_pending(vm, stream, rest)?;
        return Ok(String::from(&text[..=at]));
    }
    let line = vm.host.read_stdin_line();
    vm.poll_signals()?;
    let line = line.map_err(|e| vm.io_error(&e))?.unwrap_or_default();
    if !text.is_empty() {
        let empty = vm.new_str("")?;
        set_pending(vm, stream, empty)?;
    }
    Ok(text + &line)
}

/// Keeps what lies beyond `n` characters of `s` for the next read.
fn cut(vm: &mut Vm, stream: Value, mut s: String, n: Option<usize>) -> PyResult<Value> {
    if let Some((at, _)) = n.and_then(|n| s.char_indices().nth(n)) {
        let rest = s.split_off(at);
        let pending = vm.get_attr_str(stream, "_pending")?;
        let old = vm.str_of(pending).map(String::from).unwrap_or_default();
        let rest = vm.new_string(rest + &old)?;
        set_pending(vm, stream, rest)?;
    }
    vm.new_string(s)
}

fn stdin_readline(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let n = size_arg(vm, "readline", args)?;
    let line = next_line(vm, args[0])?;
    cut(vm, args[0], line, n)
}

fn stdin_read(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let n = size_arg(vm, "read", args)?;
    let mut all = String::new();
    while n.is_none_or(|n| all.chars().count() < n) {
        let line = next_line(vm, args[0])?;
        if line.is_empty() {
            break;
        }
        all.push_str(&line);
    }
    cut(vm, args[0], all, n)
}

fn stdin_readlines(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "readlines", args, 1, 2)?;
    let list = vm.new_list(vec![])?;
    vm.with_roots(&[list], |vm, _| {
        loop {
            let line = next_line(vm, args[0])?;
            if line.is_empty() {
                return Ok(list);
            }
            let s = vm.new_string(line)?;
            vm.list_push(list, s)?;
        }
    })
}

fn stdin_iter(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__iter__", args, 1, 1)?;
    Ok(args[0])
}

fn stdin_next(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__next__", args, 1, 1)?;
    let line = next_line(vm, args[0])?;
    if line.is_empty() {
        return Err(vm.stop_iteration(Value::NONE));
    }
    vm.new_string(line)
}

fn stdin_readable(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "readable", args, 1, 1)?;
    Ok(Value::TRUE)
}

fn stdin_isatty(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "isatty", args, 1, 1)?;
    Ok(Value::FALSE)
}
