//! Creating and inspecting exception instances.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::types::{ExcState, Instance, Obj};
use super::lazy_exc::LazyExc;
use super::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

impl Vm {
    /// An instance of exception class `cls` with the given `args`.
    pub fn new_exception_args(&mut self, cls: ObjRef, args: Vec<Value>) -> PyResult<Value> {
        let fields = self.has_exception_fields(cls).then(|| args.clone());
        let args = self.new_tuple(args)?;
        let exc = ExcState {
            args,
            cause: Value::NONE,
            context: Value::NONE,
            ..Default::default()
        };
        let e = self.alloc_value(Obj::Instance(Box::new(Instance {
            class: cls,
            values: Default::default(),
            dict: crate::object::types::DictRef::NONE,
            native: Value::UNDEF,
            exc: Some(Box::new(exc)),
        })))?;
        if let Some(a) = fields {
            self.with_roots(&[e], |vm, _| vm.init_exception_fields(e, cls, &a))?;
        }
        Ok(e)
    }

    /// A raised exception of class `cls` with one message argument.
    pub fn new_exception(&mut self, cls: ObjRef, msg: &str) -> PyErr {
        let r = self
            .new_str(msg)
            .and_then(|m| self.new_exception_args(cls, vec![m]));
        match r {
            Ok(e) => PyErr(e),
            Err(e) => e,
        }
    }

    /// An `ImportError` (or subclass `cls`) with message `msg` and `.name` set to `name`.
    pub fn import_error_named(&mut self, cls: ObjRef, msg: &str, name: Value) -> PyErr {
        let e = self.new_exception(cls, msg);
        if let Some(r) = e.0.as_obj() {
            let set = self
                .intern("name")
                .and_then(|k| self.instance_set(r, k, name));
            if let Err(err) = set {
                return err;
            }
        }
        e
    }

    /// A raised exception of class `cls` with no arguments.
    pub fn new_exception_empty(&mut self, cls: ObjRef) -> PyErr {
        match self.new_exception_args(cls, Vec::new()) {
            Ok(e) => PyErr(e),
            Err(e) => e,
        }
    }

    /// `TypeError(msg)`.
    pub fn type_error(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.new_exception(self.types.type_error, msg.as_ref())
    }

    /// `ValueError(msg)`.
    pub fn value_error(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.new_exception(self.types.value_error, msg.as_ref())
    }

    /// `IndexError(msg)`.
    pub fn index_error(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.new_exception(self.types.index_error, msg.as_ref())
    }

    /// `KeyError(key)`.
    pub fn key_error(&mut self, key: Value) -> PyErr {
        match self.new_exception_args(self.types.key_error, vec![key]) {
            Ok(e) => PyErr(e),
            Err(e) => e,
        }
    }

    /// `AttributeError(msg)`.
    pub fn attribute_error(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.new_exception(self.types.attribute_error, msg.as_ref())
    }

    /// `ZeroDivisionError(msg)`.
    pub fn zero_division(&mut self, msg: &str) -> PyErr {
        self.new_lazy_exception(LazyExc::ZeroDivisionError, msg)
    }

    /// `OverflowError(msg)`.
    pub fn overflow_error(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.new_exception(self.types.overflow_error, msg.as_ref())
    }

    /// `RuntimeError(msg)`.
    pub fn runtime_error(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.new_exception(self.types.runtime_error, msg.as_ref())
    }

    /// `NameError(msg)` for an undefined name.
    pub fn name_error(&mut self, name: &str) -> PyErr {
        let msg = alloc::format!("name '{name}' is not defined");
        self.new_exception(self.types.name_error, &msg)
    }

    /// `NotImplementedError(msg)`, used for features outside the subset.
    pub fn not_implemented(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.new_lazy_exception(LazyExc::NotImplementedError, msg.as_ref())
    }

    /// `RecursionError`.
    pub fn recursion_error(&mut self) -> PyErr {
        self.new_lazy_exception(LazyExc::RecursionError, "maximum recursion depth exceeded")
    }

    /// The exception state of an exception instance.
    pub fn exc_state(&self, exc: Value) -> Option<&ExcState> {
        match self.obj(exc)? {
            Obj::Instance(i) => i.exc.as_deref(),
            _ => None,
        }
    }

    /// The exception state, mutably.
    pub fn exc_state_mut(&mut self, exc: Value) -> Option<&mut ExcState> {
        match self.heap.get_mut(exc.as_obj()?) {
            Obj::Instance(i) => i.exc.as_deref_mut(),
            _ => None,
        }
    }

    /// Whether `v` is an instance of exception class `cls` (or a subclass).
    pub fn exc_matches(&self, v: Value, cls: ObjRef) -> bool {
        let t = self.type_of(v);
        self.is_subclass(t, cls)
    }

    /// The name of the class of `v` (for messages).
    pub fn type_name(&self, v: Value) -> String {
        let t = self.type_of(v);
        self.class_name(t)
    }

    /// Whether `v` is an exception instance.
    pub fn is_exception(&self, v: Value) -> bool {
        self.exc_state(v).is_some()
    }

    /// `str(exc)` as CPython computes it for builtin exceptions: empty for no args, the single
    /// argument's `str` for one, the args tuple's `repr` otherwise. `KeyError` with one
    /// argument uses `repr`.
    pub fn exception_str(&mut self, exc: Value) -> PyResult<String> {
        if let Some(s) = self.exception_field_str(exc)? {
            return Ok(s);
        }
        let args = self.exc_state(exc).map(|e| e.args).unwrap_or(Value::UNDEF);
        let items = self.tuple_items(args).unwrap_or_default();
        let is_key_error = self.exc_matches(exc, self.types.key_error);
        // `str(e)` is `str(e.args[0])`, which may be `e` itself (or nest exceptions without
        // end): a level of native recursion, bounded like `repr`'s.
        self.enter_native()?;
        let s = match items.len() {
            0 => Ok(String::new()),
            1 if is_key_error => self.repr(items[0]),
            1 => self.to_str(items[0]),
            _ => self.repr(args),
        };
        self.leave_native();
        s
    }
}
