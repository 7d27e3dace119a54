//! The descriptor protocol beyond the builtin descriptors: objects whose class defines
//! `__get__`, `__set__` or `__delete__`, a user `__getattribute__`, and attribute lookup on
//! classes through their metaclass (CPython's `type_getattro`).
//!
//! Functions, builtin methods, `classmethod`, `staticmethod` and `property` keep their
//! native paths (`attr.rs`); what is here runs only where a user class is involved.

use alloc::format;

use super::types::{NativeKind, Obj};
use super::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// Interned names of the special methods the object model's slow paths look up.
#[derive(Clone, Copy, Debug)]
pub struct Dunders {
    /// `__get__`.
    pub get: Value,
    /// `__set__`.
    pub set: Value,
    /// `__delete__`.
    pub delete: Value,
    /// `__getattribute__`.
    pub getattribute: Value,
    /// `__getattr__`.
    pub getattr: Value,
    /// `__set_name__`.
#[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the slot table has every dunder; `__set_name__` is called by name when a class is made"))]
    pub set_name: Value,
    /// `__class_getitem__`.
    pub class_getitem: Value,
    /// `__call__` (calls of instances).
    pub call: Value,
    /// `__next__` (iteration over instances).
    pub next: Value,
    /// `__getitem__`, `__setitem__`, `__contains__`, `__len__`, `__hash__`, `__str__` and
    /// `__repr__`: the protocols builtins call on instances.
    pub getitem: Value,
    pub setitem: Value,
    pub contains: Value,
    pub len: Value,
    pub hash: Value,
    pub str_: Value,
    pub repr: Value,
    /// `__format__` (f-strings of instances).
    pub format: Value,
    /// `__setattr__` (attribute stores on instances).
    pub setattr: Value,
    /// `__new__` and `__init__` (instantiation).
    pub new: Value,
    pub init: Value,
}

impl Dunders {
    /// `name` (one of the fields' names) interned: the field, or `intern` before the VM
    /// filled the fields in.
    #[inline]
    pub(crate) fn name(vm: &mut Vm, field: Value, name: &str) -> PyResult<Value> {
        match field {
            Value::NONE => vm.intern(name),
            v => Ok(v),
        }
    }

    /// Before the VM interned them.
    pub const NONE: Dunders = Dunders {
        get: Value::NONE,
        set: Value::NONE,
        delete: Value::NONE,
        getattribute: Value::NONE,
        getattr: Value::NONE,
        set_name: Value::NONE,
        class_getitem: Value::NONE,
        call: Value::NONE,
        next: Value::NONE,
        getitem: Value::NONE,
        setitem: Value::NONE,
        contains: Value::NONE,
        len: Value::NONE,
        hash: Value::NONE,
        str_: Value::NONE,
        repr: Value::NONE,
        format: Value::NONE,
        setattr: Value::NONE,
        new: Value::NONE,
        init: Value::NONE,
    };

    /// Interns every name (once, when the VM starts).
    pub(crate) fn intern(vm: &mut Vm) -> Dunders {
        let mut n = |s: &str| vm.intern(s).unwrap_or(Value::NONE);
        Dunders {
            get: n("__get__"),
            set: n("__set__"),
            delete: n("__delete__"),
            getattribute: n("__getattribute__"),
            getattr: n("__getattr__"),
            set_name: n("__set_name__"),
            class_getitem: n("__class_getitem__"),
            call: n("__call__"),
            next: n("__next__"),
            getitem: n("__getitem__"),
            setitem: n("__setitem__"),
            contains: n("__contains__"),
            len: n("__len__"),
            hash: n("__hash__"),
            str_: n("__str__"),
            repr: n("__repr__"),
            format: n("__format__"),
            setattr: n("__setattr__"),
            new: n("__new__"),
            init: n("__init__"),
        }
    }
}

/// The descriptor methods of an instance of a user class that defines any of them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct UserDescr {
    /// `__get__`.
    pub get: Option<Value>,
    /// `__set__`.
    pub set: Option<Value>,
    /// `__delete__`.
    pub delete: Option<Value>,
}

impl UserDescr {
    /// A data descriptor takes precedence over the instance's own attributes.
    pub(crate) fn is_data(&self) -> bool {
        self.set.is_some() || self.delete.is_some()
    }
}

impl Vm {
    /// The descriptor methods of `d` when it is an instance of a user class defining any.
    pub(crate) fn user_descriptor(&self, d: Value) -> Option<UserDescr> {
        let Some(Obj::Instance(i)) = self.obj(d) else {
            return None;
        };
        let cls = i.class;
        if self.class(cls).is_none_or(|c| c.is_builtin) {
            return None;
        }
        let n = self.dunders;
        let user = |name| {
            self.class_lookup(cls, name)
                .filter(|f| !self.is_builtin_object_method(*f))
        };
        let descr = UserDescr {
            get: user(n.get),
            set: user(n.set),
            delete: user(n.delete),
        };
        (descr.get.is_some() || descr.is_data()).then_some(descr)
    }

    /// Whether class attribute `d` is a data descriptor (a property, or a user descriptor
    /// with `__set__` or `__delete__`), which instance attributes cannot shadow.
    pub(crate) fn is_data_descriptor(&self, d: Value) -> bool {
        match self.obj(d) {
            Some(Obj::Property(_)) => true,
            Some(Obj::Instance(_)) => self.user_descriptor(d).is_some_and(|u| u.is_data()),
            _ => false,
        }
    }

    /// The receiver native method `f` runs on for `obj`: the builtin value an instance of a
    /// subclass of a builtin type carries when `f` is a method of that builtin type
    /// (`S("hi").upper()` runs `str.upper` on the text), else `obj` itself.
    pub(crate) fn method_self(&self, f: Value, obj: Value) -> Value {
        let Some(Obj::Instance(i)) = self.obj(obj) else {
            return obj;
        };
        if i.native.is_undef() {
            return obj;
        }
        match self.native(f) {
            Some(n) if n.kind == NativeKind::Method => {
                let owner = n.owner.as_obj().unwrap_or(self.types.object);
                let payload_type = self.class(owner).is_some_and(|c| c.is_builtin)
                    && (self.builtin_base(owner) != super::types::BuiltinBase::Object
                        || owner == self.types.bytes);
                if payload_type {
                    i.native
                } else {
                    obj
                }
            }
            _ => obj,
        }
    }

    /// Whether instances of class `t` have their own `__getattribute__`.
    pub(crate) fn has_user_getattribute(&self, t: ObjRef) -> bool {
        if self.class(t).is_none_or(|c| c.is_builtin) {
            return false;
        }
        self.class_lookup(t, self.dunders.getattribute)
            .is_some_and(|f| !self.is_builtin_object_method(f))
    }

    /// `obj.name` for an object whose type `t` overrides `__getattribute__`: its result, or,
    /// when it raises `AttributeError`, the type's `__getattr__` if there is one.
    pub(crate) fn user_getattribute(
        &mut self,
        obj: Value,
        name: Value,
        t: ObjRef,
    ) -> PyResult<Option<Value>> {
        let Some(f) = self.class_lookup(t, self.dunders.getattribute) else {
            return self.generic_get_attr(obj, name, t);
        };
        match self.call_bound(f, obj, &[name]) {
            Ok(v) => Ok(Some(v)),
            Err(e) if self.exc_matches(e.0, self.types.attribute_error) => {
                match self.class_lookup(t, self.dunders.getattr) {
                    Some(g) => self.call_bound(g, obj, &[name]).map(Some),
                    None => Err(e),
                }
            }
            Err(e) => Err(e),
        }
    }

    /// Attribute `name` of class `cls`, as `type.__getattribute__` finds it: a data
    /// descriptor of the metaclass, then the class's MRO (descriptors there get `None` as
    /// the instance), then the metaclass's attributes bound to the class, then the special
    /// attributes, then the metaclass's `__getattr__`.
    pub(crate) fn class_get_attr(&mut self, cls: ObjRef, name: Value) -> PyResult<Option<Value>> {
        let meta = self.class(cls).map_or(self.types.type_, |c| c.meta);
        let user_meta = meta != self.types.type_;
        let meta_attr = self.class_lookup(meta, name);
        if let (true, Some(ma)) = (user_meta, meta_attr) {
            match self.obj(ma) {
                Some(Obj::Property(p)) if p.fget != Value::NONE => {
                    let g = p.fget;
                    return self.call(g, &[Value::obj(cls)]).map(Some);
                }
                Some(Obj::Instance(_)) => {
                    if let Some(UserDescr { get: Some(g), .. }) =
                        self.user_descriptor(ma).filter(|u| u.is_data())
                    {
                        let args = [Value::obj(cls), Value::obj(meta)];
                        return self.call_bound(g, ma, &args).map(Some);
                    }
                }
                _ => {}
            }
        }
        if let Some(d) = self.class_lookup(cls, name) {
            return self.class_attr_get(cls, d).map(Some);
        }
        if let Some(ma) = meta_attr {
            if let Some(UserDescr { get: Some(g), .. }) = self.user_descriptor(ma) {
                let args = [Value::obj(cls), Value::obj(meta)];
                return self.call_bound(g, ma, &args).map(Some);
            }
            return self.bind_descriptor(ma, Value::obj(cls), meta).map(Some);
        }
        if let Some(v) = self.special_attr(Value::obj(cls), name)? {
            return Ok(Some(v));
        }
        if user_meta {
            if let Some(g) = self.class_lookup(meta, self.dunders.getattr) {
                return self.call_bound(g, Value::obj(cls), &[name]).map(Some);
            }
        }
        Ok(None)
    }

    /// What class `cls`'s attribute `d` (found in its MRO) reads as on the class.
    fn class_attr_get(&mut self, cls: ObjRef, d: Value) -> PyResult<Value> {
        if let Some(n) = self.native(d) {
            if n.kind != NativeKind::ClassMethod {
                return Ok(d);
            }
            let receiver = Value::obj(cls);
            return self.alloc_value(Obj::BoundMethod { func: d, receiver });
        }
        match self.obj(d) {
            Some(Obj::ClassMethod(f)) => {
                let f = *f;
                self.alloc_value(Obj::BoundMethod {
                    func: f,
                    receiver: Value::obj(cls),
                })
            }
            Some(Obj::StaticMethod(f)) => Ok(*f),
            Some(Obj::Instance(_)) => match self.user_descriptor(d) {
                Some(UserDescr { get: Some(g), .. }) => {
                    self.call_bound(g, d, &[Value::NONE, Value::obj(cls)])
                }
                _ => Ok(d),
            },
            _ => Ok(d),
        }
    }
}

impl Vm {
    /// `obj.__class__ = value` for instance `r`: allowed between user classes whose
    /// instances have the same builtin payload and the same `__slots__`. The attributes
    /// move into the new class's layout (a dict-backed instance keeps its dict).
    pub(crate) fn set_instance_class(&mut self, r: ObjRef, value: Value) -> PyResult<()> {
        let Some(new) = value.as_obj().filter(|c| self.class(*c).is_some()) else {
            let msg = format!(
                "__class__ must be set to a class, not '{}' object",
                self.type_name(value)
            );
            return Err(self.type_error(msg));
        };
        let Obj::Instance(i) = self.heap.get(r) else {
            return Ok(());
        };
        let old = i.class;
        let (Some(oc), Some(nc)) = (self.class(old), self.class(new)) else {
            return Ok(());
        };
        if oc.is_builtin || nc.is_builtin {
            return Err(self.type_error(
                "__class__ assignment only supported for mutable types or ModuleType subclasses",
            ));
        }
        if oc.builtin_base != nc.builtin_base || oc.slots != nc.slots {
            let msg = format!(
                "__class__ assignment: '{}' object layout differs from '{}'",
                self.class_name(new),
                self.class_name(old)
            );
            return Err(self.type_error(msg));
        }
        if old == new {
            return Ok(());
        }
        let layout: alloc::vec::Vec<Value> = oc.layout.to_vec();
        let values = match self.heap.get_mut(r) {
            Obj::Instance(i) => {
                i.class = new;
                core::mem::take(&mut i.values)
            }
            _ => return Ok(()),
        };
        for (k, v) in layout.into_iter().zip(values.iter().copied()) {
            if !v.is_undef() {
                self.instance_set(r, k, v)?;
            }
        }
        Ok(())
    }
}
