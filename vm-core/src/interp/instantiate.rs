//! Calling a class: the metaclass's `__call__` when a user metaclass defines one, else
//! `type.__call__`: `cls.__new__(cls, ...)`, then `__init__` on the result when it is an
//! instance of `cls`.

use alloc::format;
use alloc::vec::Vec;

use crate::builtins::class_create::unwrap_static;
use crate::object::descr::Dunders;
use crate::object::types::BuiltinBase;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

impl Vm {
    /// Calls class `cls` (from native code).
    pub fn instantiate(
        &mut self,
        cls: ObjRef,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<Value> {
        let meta = self.class(cls).map_or(self.types.type_, |c| c.meta);
        if meta != self.types.type_ {
            let cn = self.intern("__call__")?;
            if let Some(f) = self.class_lookup(meta, cn) {
                if !self.is_builtin_object_method(f) {
                    let mut all = Vec::with_capacity(args.len() + 1);
                    all.push(Value::obj(cls));
                    all.extend_from_slice(args);
                    return self.call_kw(f, &all, kwargs);
                }
            }
        }
        self.type_call(cls, args, kwargs)
    }

    /// Whether calling `cls` is the plain protocol: metaclass `type` and `object.__new__`,
    /// so a new instance and its `__init__` are all there is (what the fast paths of
    /// calls from bytecode and their specializations rely on).
    pub(crate) fn plain_instantiation(&mut self, cls: ObjRef) -> PyResult<bool> {
        if self.class(cls).is_none_or(|c| c.meta != self.types.type_) {
            return Ok(false);
        }
        let nn = Dunders::name(self, self.dunders.new, "__new__")?;
        Ok(self.class_lookup(cls, nn) == self.object_new_fn(nn))
    }

    /// `object.__new__` (as its dict holds it; `object`'s MRO is itself, so the cached
    /// lookup finds the same).
    fn object_new_fn(&self, nn: Value) -> Option<Value> {
        self.class_lookup(self.types.object, nn)
    }

    /// `type.__call__(cls, *args, **kwargs)`.
    pub(crate) fn type_call(
        &mut self,
        cls: ObjRef,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<Value> {
        if self.class(cls).is_some_and(|c| c.is_builtin) {
            self.check_constructor_keywords(cls, kwargs)?;
            if let Some(v) = self.builtin_constructor(cls, args, kwargs)? {
                return Ok(v);
            }
        }
        let nn = Dunders::name(self, self.dunders.new, "__new__")?;
        let new = self.class_lookup(cls, nn);
        let inst = if new.is_none() || new == self.object_new_fn(nn) {
            self.check_object_new_args(cls, args, kwargs)?;
            self.new_user_instance(cls, args)?
        } else {
            let f = unwrap_static(self, new.unwrap_or(Value::NONE));
            let mut all = Vec::with_capacity(args.len() + 1);
            all.push(Value::obj(cls));
            all.extend_from_slice(args);
            self.call_kw(f, &all, kwargs)?
        };
        if !self.is_instance(inst, cls) {
            return Ok(inst);
        }
        self.with_roots(&[inst], |vm, _| vm.run_init(inst, args, kwargs))?;
        Ok(inst)
    }

    /// Runs `__init__` of new instance `inst` with the call's arguments (`object.__init__`
    /// runs nothing, except on a builtin payload, whose own `__init__` fills it).
    fn run_init(&mut self, inst: Value, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<()> {
        let t = self.type_of(inst);
        let init_name = Dunders::name(self, self.dunders.init, "__init__")?;
        let Some(init) = self.class_lookup(t, init_name) else {
            return Ok(());
        };
        if self.is_builtin_object_method(init) && self.builtin_base(t) == BuiltinBase::Object {
            return Ok(());
        }
        let mut all = Vec::with_capacity(args.len() + 1);
        all.push(inst);
        all.extend_from_slice(args);
        let r = self.call_kw(init, &all, kwargs)?;
        if r != Value::NONE {
            let msg = format!("__init__() should return None, not '{}'", self.type_name(r));
            return Err(self.type_error(msg));
        }
        Ok(())
    }

    /// CPython's rule for arguments `object.__new__` gets when called by `type.__call__`:
    /// they are an error unless `__init__` is overridden to take them.
    fn check_object_new_args(
        &mut self,
        cls: ObjRef,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<()> {
        if args.is_empty() && kwargs.is_empty() {
            return Ok(());
        }
        let init_name = Dunders::name(self, self.dunders.init, "__init__")?;
        let overridden = self
            .class_lookup(cls, init_name)
            .is_some_and(|f| !self.is_builtin_object_method(f));
        if overridden || self.builtin_base(cls) != BuiltinBase::Object {
            return Ok(());
        }
        let msg = format!("{}() takes no arguments", self.class_name(cls));
        Err(self.type_error(msg))
    }
}
