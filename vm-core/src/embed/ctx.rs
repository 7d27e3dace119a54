//! [`CallCtx`]: what a native function can do with the VM while it runs.

use alloc::string::String;

use super::args::IntoArgs;
use super::convert::{FromPy, IntoPy};
use crate::handle::Handle;
use crate::vm::{Host, PyErr, PyResult, Vm};

/// The builtin exception classes a native function raises ([`CallCtx::error`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExcKind {
    /// `Exception`.
    Exception,
    /// `TypeError`.
    TypeError,
    /// `ValueError`.
    ValueError,
    /// `KeyError`.
    KeyError,
    /// `IndexError`.
    IndexError,
    /// `LookupError`.
    LookupError,
    /// `AttributeError`.
    AttributeError,
    /// `RuntimeError`.
    RuntimeError,
    /// `NotImplementedError`.
    NotImplementedError,
    /// `OverflowError`.
    OverflowError,
    /// `ZeroDivisionError`.
    ZeroDivisionError,
    /// `OSError`.
    OSError,
    /// `TimeoutError`.
    TimeoutError,
    /// `PermissionError`.
    PermissionError,
}

/// The VM as a native function sees it: it converts values, calls back into Python and
/// raises exceptions. Values it hands out are [`Handle`]s.
pub struct CallCtx<'a> {
    pub(crate) vm: &'a mut Vm,
}

impl CallCtx<'_> {
    /// A new exception of class `kind` with message `msg`, to return as the function's error.
    pub fn error(&mut self, kind: ExcKind, msg: impl AsRef<str>) -> PyErr {
        use crate::object::lazy_exc::LazyExc;
        let t = &self.vm.types;
        let lazy = |k| Err(k);
        let cls = match kind {
            ExcKind::Exception => Ok(t.exception),
            ExcKind::TypeError => Ok(t.type_error),
            ExcKind::ValueError => Ok(t.value_error),
            ExcKind::KeyError => Ok(t.key_error),
            ExcKind::IndexError => Ok(t.index_error),
            ExcKind::LookupError => Ok(t.lookup_error),
            ExcKind::AttributeError => Ok(t.attribute_error),
            ExcKind::RuntimeError => Ok(t.runtime_error),
            ExcKind::NotImplementedError => lazy(LazyExc::NotImplementedError),
            ExcKind::OverflowError => Ok(t.overflow_error),
            ExcKind::ZeroDivisionError => lazy(LazyExc::ZeroDivisionError),
            ExcKind::OSError => lazy(LazyExc::OSError),
            ExcKind::TimeoutError => lazy(LazyExc::TimeoutError),
            ExcKind::PermissionError => lazy(LazyExc::PermissionError),
        };
        match cls {
            Ok(cls) => self.vm.new_exception(cls, msg.as_ref()),
            Err(k) => self.vm.new_lazy_exception(k, msg.as_ref()),
        }
    }

    /// Calls `f(*args)` and converts the result.
    pub fn call<R: FromPy>(&mut self, f: &Handle, args: impl IntoArgs) -> PyResult<R> {
        let args = args.into_args(self.vm)?;
        let r = self.vm.with_roots(&args, |vm, _| vm.call(f.get(), &args))?;
        self.convert_value(r)
    }

    /// `obj.name`, converted.
    pub fn getattr<R: FromPy>(&mut self, obj: &Handle, name: &str) -> PyResult<R> {
        let v = self.vm.get_attr_str(obj.get(), name)?;
        self.convert_value(v)
    }

    /// Converts a Python value to a Rust one (a `TypeError` when it does not fit).
    pub fn convert<T: FromPy>(&mut self, v: &Handle) -> PyResult<T> {
        self.convert_value(v.get())
    }

    /// Makes a Python value of a Rust one.
    pub fn to_py(&mut self, v: impl IntoPy) -> PyResult<Handle> {
        let v = v.into_py(self.vm)?;
        Ok(self.vm.handle(v))
    }

    /// `repr(v)`.
    pub fn repr(&mut self, v: &Handle) -> PyResult<String> {
        self.vm.repr(v.get())
    }

    /// `str(v)`.
    pub fn str(&mut self, v: &Handle) -> PyResult<String> {
        self.vm.to_str(v.get())
    }

    /// The name of `v`'s class.
    pub fn type_name(&self, v: &Handle) -> String {
        self.vm.type_name(v.get())
    }

    /// Writes to standard output through the host.
    pub fn write_stdout(&mut self, s: &str) {
        self.vm.write_out(s);
    }

    /// The host, if it is an `H`.
    pub fn host_mut<H: Host>(&mut self) -> Option<&mut H> {
        self.vm.host_mut::<H>()
    }

    fn convert_value<T: FromPy>(&mut self, v: crate::object::value::Value) -> PyResult<T> {
        self.vm.with_roots(&[v], |vm, _| {
            T::from_py(vm, v).map_err(|e| e.raise(vm, None))
        })
    }
}
