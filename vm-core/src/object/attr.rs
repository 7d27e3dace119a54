//! Attribute access: `getattr`, `setattr`, `delattr` with descriptors and instance layouts.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use core::cell::Cell;

use super::descr::Dunders;
use super::shape;
use super::types::{slot_kind, AttrPlain, Class, Instance, NativeKind, Obj};
use super::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// Instances keep at most this many attributes in the class's shared layout before they
/// switch to a per-instance dict.
const MAX_LAYOUT: usize = 64;

impl Vm {
    /// `getattr(obj, name)`; `name` is a str value.
    pub fn get_attr(&mut self, obj: Value, name: Value) -> PyResult<Value> {
        match self.get_attr_opt(obj, name)? {
            Some(v) => Ok(v),
            None => Err(self.no_attribute(obj, name)),
        }
    }

    /// `getattr(obj, name)` by Rust name.
    pub fn get_attr_str(&mut self, obj: Value, name: &str) -> PyResult<Value> {
        let n = self.intern(name)?;
        self.get_attr(obj, n)
    }

    /// The `AttributeError` for a missing attribute, worded as CPython 3.11 does.
    pub fn no_attribute(&mut self, obj: Value, name: Value) -> PyErr {
        let n = String::from(self.str_of(name).unwrap_or("?"));
        let msg = match self.obj(obj) {
            Some(Obj::Module(m)) => {
                let mname = String::from(self.str_of(m.name).unwrap_or("?"));
                format!("module '{mname}' has no attribute '{n}'")
            }
            Some(Obj::Class(c)) => {
                let cname = String::from(self.str_of(c.name).unwrap_or("?"));
                format!("type object '{cname}' has no attribute '{n}'")
            }
            _ => format!("'{}' object has no attribute '{n}'", self.type_name(obj)),
        };
        #[cfg(not(feature = "bytes-methods"))]
        let msg = self.without_bytes_methods(obj, msg);
        #[cfg(not(all(feature = "str-methods", feature = "set-ops")))]
        let msg = self.without_methods(obj, &n, msg);
        self.attribute_error(msg)
    }

    /// A method of `str`, `set` or `frozenset` (or of the class) that the build leaves out
    /// (features `str-methods` and `set-ops`) says so.
    #[cfg(not(all(feature = "str-methods", feature = "set-ops")))]
    fn without_methods(&self, obj: Value, name: &str, msg: String) -> String {
        let cls = match self.obj(obj) {
            Some(Obj::Class(_)) => obj.as_obj(),
            _ => Some(self.type_of(obj)),
        };
        let t = &self.types;
        #[cfg(not(feature = "str-methods"))]
        if cls == Some(t.str_) && crate::builtins::strmethods::LEFT_OUT_STR_METHODS.contains(&name)
        {
            return format!("{msg} (built without the str-methods feature)");
        }
        #[cfg(not(feature = "set-ops"))]
        if (cls == Some(t.set) || cls == Some(t.frozenset))
            && crate::builtins::methods::LEFT_OUT_SET_METHODS.contains(&name)
        {
            return format!("{msg} (built without the set-ops feature)");
        }
        msg
    }

    /// A missing attribute of a `bytes`, `bytearray` or `memoryview` (or of the class) in a
    /// build that leaves their methods out says so.
    #[cfg(not(feature = "bytes-methods"))]
    fn without_bytes_methods(&self, obj: Value, msg: String) -> String {
        let t = &self.types;
        let cls = match self.obj(obj) {
            Some(Obj::Class(_)) => obj.as_obj(),
            _ => Some(self.type_of(obj)),
        };
        if cls.is_some_and(|c| [t.bytes, t.bytearray, t.memoryview].contains(&c)) {
            format!("{msg} (built without the bytes-methods feature)")
        } else {
            msg
        }
    }

    /// `getattr` returning `None` when the attribute does not exist. An `AttributeError`
    /// raised by a getter or `__getattr__` is returned as an error.
    pub fn get_attr_opt(&mut self, obj: Value, name: Value) -> PyResult<Option<Value>> {
        if let Some(r) = obj.as_obj() {
            match self.heap.get(r) {
                Obj::Super { class, receiver } => {
                    let (c, rv) = (*class, *receiver);
                    return crate::builtins::classes::super_getattr(self, c, rv, name);
                }
                Obj::Class(_) => return self.class_get_attr(r, name),
                Obj::Module(m) => {
                    let d = m.dict;
                    if let Some(v) = self.dict_get_str(d, name) {
                        return Ok(Some(v));
                    }
                    return self.special_attr(obj, name);
                }
                _ => {}
            }
        }
        let t = self.type_of(obj);
        if self.has_user_getattribute(t) {
            return self.user_getattribute(obj, name, t);
        }
        let found = self.generic_get_attr(obj, name, t);
        if let Ok(Some(_)) = found {
            return found;
        }
        if let Some(Obj::Instance(_)) = self.obj(obj) {
            if let Some(f) = self.class_lookup(t, self.dunders.getattr) {
                // `__getattr__` also runs when a getter raises `AttributeError`; its own
                // `AttributeError` propagates as raised (the message is the user's, and
                // `getattr`/`hasattr` catch it themselves).
                match found {
                    Err(e) if !self.exc_matches(e.0, self.types.attribute_error) => return Err(e),
                    _ => return self.call_bound(f, obj, &[name]).map(Some),
                }
            }
        }
        found
    }

    /// A namedtuple's field: `fget` a one-item `itemgetter` with an int key in range of
    /// `obj`, an instance of a tuple subclass whose `__getitem__` is the tuple's. The
    /// item, read as the getter would read it; `None` for anything else (the call then
    /// runs, with its errors).
    #[cfg(feature = "stdlib")]
    fn tuple_field(&mut self, fget: Value, obj: Value) -> PyResult<Option<Value>> {
        let Some(Obj::Instance(i)) = self.obj(obj) else {
            return Ok(None);
        };
        let (cls, native) = (i.class, i.native);
        let Some(k) = crate::builtins::single_itemgetter_key(self, fget) else {
            return Ok(None);
        };
        let (Some(k), Some(Obj::Tuple(items))) = (k.as_small_int(), self.obj(native)) else {
            return Ok(None);
        };
        let len = items.len() as i64;
        let at = if k < 0 { k + len } else { k };
        let Some(&v) = usize::try_from(at).ok().and_then(|at| items.get(at)) else {
            return Ok(None);
        };
        let getitem = self.intern("__getitem__")?;
        match self.class_lookup(cls, getitem) {
            Some(f) if self.is_builtin_object_method(f) => Ok(Some(v)),
            _ => Ok(None),
        }
    }

    /// `object.__getattribute__(obj, name)` for `obj` of type `t` (not a class, module or
    /// `super`): a data descriptor of the type, then the instance's own attribute, then
    /// any other class attribute (bound), then the special attributes; `None` if absent.
    pub(crate) fn generic_get_attr(
        &mut self,
        obj: Value,
        name: Value,
        t: ObjRef,
    ) -> PyResult<Option<Value>> {
        let descr = self.class_lookup(t, name);
        let mut user = None;
        if let Some(d) = descr {
            match self.obj(d) {
                Some(Obj::Property(p)) => {
                    let fget = p.fget;
                    if fget == Value::NONE {
                        let msg = format!(
                            "property '{}' of '{}' object has no getter",
                            self.str_of(name).unwrap_or("?"),
                            self.type_name(obj)
                        );
                        return Err(self.attribute_error(msg));
                    }
                    #[cfg(feature = "stdlib")]
                    if let Some(v) = self.tuple_field(fget, obj)? {
                        return Ok(Some(v));
                    }
                    return self.call(fget, &[obj]).map(Some);
                }
                Some(Obj::Instance(_)) => {
                    user = self.user_descriptor(d);
                    if let Some(u) = user.filter(|u| u.is_data()) {
                        return match u.get {
                            Some(g) => self.call_bound(g, d, &[obj, Value::obj(t)]).map(Some),
                            None => Ok(Some(d)),
                        };
                    }
                }
                _ => {}
            }
        }
        if let Some(r) = obj.as_obj() {
            if let Obj::Instance(_) = self.heap.get(r) {
                if let Some(v) = self.instance_get(r, name) {
                    return Ok(Some(v));
                }
            }
        }
        if let Some(d) = descr {
            if let Some(g) = user.and_then(|u| u.get) {
                return self.call_bound(g, d, &[obj, Value::obj(t)]).map(Some);
            }
            return self.bind_descriptor(d, obj, t).map(Some);
        }
        // A bare `object()` has no instance dict.
        if t == self.types.object && self.str_of(name) == Some("__dict__") {
            return Ok(None);
        }
        self.special_attr(obj, name)
    }

    /// Binds a class attribute found for `obj` of type `t`.
    pub fn bind_descriptor(&mut self, d: Value, obj: Value, t: ObjRef) -> PyResult<Value> {
        if let Some(n) = self.native(d) {
            let receiver = match n.kind {
                NativeKind::Method => self.method_self(d, obj),
                NativeKind::ClassMethod => Value::obj(t),
                NativeKind::Function | NativeKind::StaticMethod => return Ok(d),
            };
            return self.alloc_value(Obj::BoundMethod { func: d, receiver });
        }
        match self.obj(d) {
            Some(Obj::Function(_)) => self.alloc_value(Obj::BoundMethod {
                func: d,
                receiver: obj,
            }),
            Some(Obj::ClassMethod(f)) => {
                let f = *f;
                self.alloc_value(Obj::BoundMethod {
                    func: f,
                    receiver: Value::obj(t),
                })
            }
            Some(Obj::StaticMethod(f)) => Ok(*f),
            _ => Ok(d),
        }
    }

    /// Reads an instance attribute from the layout or the instance dict.
    pub fn instance_get(&self, inst: ObjRef, name: Value) -> Option<Value> {
        let Obj::Instance(i) = self.heap.get(inst) else {
            return None;
        };
        if let Some(d) = i.dict.get() {
            return self.dict_get_str(d, name);
        }
        let pos = self.layout_index(i.class, name)?;
        i.values.get(pos).copied().filter(|v| !v.is_undef())
    }

    /// The slot of `name` in a class's shared attribute layout.
    pub fn layout_index(&self, cls: ObjRef, name: Value) -> Option<usize> {
        let c = self.class(cls)?;
        if let Some(p) = c.layout.iter().position(|k| *k == name) {
            return Some(p);
        }
        // Layout names are interned, so an interned name not found by identity is absent
        // (the common case for method loads, which check that no instance shadows them).
        if c.layout.is_empty() || self.is_interned(name) {
            return None;
        }
        let s = self.str_of(name)?;
        c.layout.iter().position(|k| self.str_of(*k) == Some(s))
    }

    /// Whether `name` is the interned str object for its text.
    fn is_interned(&self, name: Value) -> bool {
        let Some(h) = self.str_hash_of(name) else {
            return false;
        };
        self.interned
            .candidates(h)
            .any(|i| self.interned.entry(i).key == name)
    }

    /// Whether attribute access on instances of `cls` is plain at its current version: no
    /// data descriptor anywhere in its MRO (a property or a user descriptor with `__set__`
    /// or `__delete__`, which would take precedence over instance values) and no user
    /// `__setattr__` or `__getattribute__`. Cached per class version, so
    /// polymorphic attribute sites can trust a class's layout slot without its version.
    /// `c` is the class object at `cls`.
    #[inline(always)]
    pub(crate) fn class_attrs_plain(&self, c: &Class, cls: ObjRef) -> bool {
        let version = c.version.get();
        let cached = c.attr_plain.get();
        if cached.version == version && version != 0 {
            return cached.plain;
        }
        let plain = self.compute_attrs_plain(cls);
        c.attr_plain.set(AttrPlain { version, plain });
        plain
    }

    #[inline(never)]
    fn compute_attrs_plain(&self, cls: ObjRef) -> bool {
        let Some(c) = self.class(cls) else {
            return false;
        };
        for &k in &c.mro {
            let Some(kc) = self.class(k) else {
                return false;
            };
            // The static tables hold builtins only: no descriptor, and `object`'s own
            // `__setattr__`/`__getattribute__` unless another type overrides them.
            if kc.statics {
                for name in ["__setattr__", "__getattribute__"] {
                    if self
                        .class_static_get(k, name)
                        .is_some_and(|v| !self.is_builtin_object_method(v))
                    {
                        return false;
                    }
                }
            }
            let Some(Obj::Dict(d)) = kc.dict.map(|d| self.heap.get(d)) else {
                continue;
            };
            for e in d.iter() {
                if self.is_data_descriptor(e.value) {
                    return false;
                }
                if matches!(self.str_of(e.key), Some("__setattr__" | "__getattribute__"))
                    && !self.is_builtin_object_method(e.value)
                {
                    return false;
                }
            }
        }
        true
    }

    /// Stores an instance attribute (shared layout, or the instance dict).
    pub fn instance_set(&mut self, inst: ObjRef, name: Value, value: Value) -> PyResult<()> {
        let (class, dict) = match self.heap.get(inst) {
            Obj::Instance(i) => (i.class, i.dict.get()),
            _ => return Ok(()),
        };
        if let Some(d) = dict {
            return self.dict_set(d, name, value);
        }
        let pos = match self.layout_index(class, name) {
            Some(p) => p,
            None => {
                // Layout names are interned (identity comparisons in the fast paths).
                let name = match self.str_of(name) {
                    Some(s) => {
                        let s = String::from(s);
                        self.intern(&s)?
                    }
                    None => name,
                };
                let (full, slotted) = match self.class(class) {
                    Some(c) => (c.layout.len() >= MAX_LAYOUT, c.slots.is_some()),
                    None => (true, false),
                };
                if slotted {
                    let msg = format!(
                        "'{}' object has no attribute '{}'",
                        self.class_name(class),
                        self.str_of(name).unwrap_or("?")
                    );
                    return Err(self.attribute_error(msg));
                }
                if full {
                    self.materialize_instance_dict(inst)?;
                    return self.instance_set(inst, name, value);
                }
                self.charge(8)?;
                let parent = match self.class(class) {
                    Some(c) => c.shape_path.last().copied().unwrap_or(shape::ROOT),
                    None => return Ok(()),
                };
                let s = self.shape_child(parent, name)?;
                if let Obj::Class(c) = self.heap.get_mut(class) {
                    c.layout.push(name);
                    c.slot_kinds.push(Cell::new(slot_kind::UNSET));
                    c.shape_path.push(s);
                    c.layout.len() - 1
                } else {
                    return Ok(());
                }
            }
        };
        self.charge(8)?;
        self.note_slot_kind(class, pos, value);
        if let Obj::Instance(i) = self.heap.get_mut(inst) {
            if i.values.len() <= pos {
                i.values.resize(pos + 1, Value::UNDEF);
            }
            i.values[pos] = value;
        }
        Ok(())
    }

    /// The layout prefix `parent` extended by `name` (`object::shape`), a new one charged
    /// to the heap budget.
    pub(crate) fn shape_child(&mut self, parent: u32, name: Value) -> PyResult<u32> {
        if self.shapes.existing_child(parent, name).is_none() {
            self.charge(shape::SHAPE_BYTES)?;
        }
        Ok(self.shapes.child(parent, name))
    }

    /// Records that `v` goes into layout slot `pos` of instances of `class`
    /// ([`Class::slot_kinds`]): a slot that held one kind and now gets another becomes
    /// `MIXED`, and the class gets a new version (executors that typed the slot's loads
    /// depend on the class, and the specialized store deoptimizes to get here instead of
    /// widening from inside a trace).
    ///
    /// [`Class::slot_kinds`]: crate::object::types::Class::slot_kinds
    pub(crate) fn note_slot_kind(&mut self, class: ObjRef, pos: usize, v: Value) {
        let k = slot_kind::of(v);
        let Some(c) = self.class(class) else {
            return;
        };
        let widened = match c.slot_kinds.get(pos) {
            Some(cell) => match cell.get() {
                old if old == k || old == slot_kind::MIXED => false,
                slot_kind::UNSET => {
                    cell.set(k);
                    false
                }
                _ => {
                    cell.set(slot_kind::MIXED);
                    true
                }
            },
            None => false,
        };
        // The prefix's kind joins every class's through it (`object::shape`).
        let s = c.shape_path.get(pos).copied().unwrap_or(shape::NO_SHAPE);
        if self.shapes.note_kind(s, k) {
            #[cfg(feature = "tier2")]
            self.tier2_changed(crate::exec::ir::Dep::Shape(s));
        }
        if widened {
            self.new_class_version(class);
        }
    }

    /// Moves an instance's attributes into its own dict (its `__dict__`), permanently.
    pub fn materialize_instance_dict(&mut self, inst: ObjRef) -> PyResult<ObjRef> {
        let (class, values, dict) = match self.heap.get(inst) {
            Obj::Instance(i) => (i.class, i.values.clone(), i.dict.get()),
            _ => return Err(self.internal_error("materialize on a non-instance")),
        };
        if let Some(d) = dict {
            return Ok(d);
        }
        let d = self.new_dict()?.as_obj().unwrap_or(inst);
        let layout: crate::layout::FixedVec<Value> = self
            .class(class)
            .map(|c| c.layout.clone())
            .unwrap_or_default();
        for (k, v) in layout.iter().zip(values.iter()) {
            if !v.is_undef() {
                self.dict_set(d, *k, *v)?;
            }
        }
        if let Obj::Instance(i) = self.heap.get_mut(inst) {
            i.dict = crate::object::types::DictRef::some(d);
            i.values = Default::default();
        }
        Ok(d)
    }

    /// Whether instance `r` has (or can have) a `__dict__`: not an exception of a builtin
    /// class, not an instance of a class with `__slots__` only.
    fn instance_has_dict(&self, r: ObjRef) -> bool {
        let Obj::Instance(i) = self.heap.get(r) else {
            return false;
        };
        let cls = self.class(i.class);
        let has = i.dict.get().is_some();
        has || !(cls.is_some_and(|c| c.slots.is_some())
            || (i.exc.is_some() && cls.is_some_and(|c| c.is_builtin)))
    }

    /// `obj.__dict__ = value`: the instance keeps `value` (a dict) as its attributes.
    fn set_instance_dict(&mut self, inst: ObjRef, value: Value) -> PyResult<()> {
        // (A dict subclass gives its dict: the instance's attributes live in a plain dict.)
        let dict = match self.obj(value) {
            Some(Obj::Dict(_)) => value.as_obj(),
            Some(Obj::Instance(i)) if matches!(self.obj(i.native), Some(Obj::Dict(_))) => {
                i.native.as_obj()
            }
            _ => None,
        };
        let Some(d) = dict else {
            let msg = format!(
                "__dict__ must be set to a dictionary, not a '{}'",
                self.type_name(value)
            );
            return Err(self.type_error(msg));
        };
        self.materialize_instance_dict(inst)?;
        if let Obj::Instance(i) = self.heap.get_mut(inst) {
            i.dict = crate::object::types::DictRef::some(d);
        }
        Ok(())
    }

    /// `setattr(obj, name, value)`: through the type's own `__setattr__` when a user class
    /// defines one, else [`Vm::generic_set_attr`].
    pub fn set_attr(&mut self, obj: Value, name: Value, value: Value) -> PyResult<()> {
        let t = self.type_of(obj);
        if let Some(Obj::Instance(_)) = self.obj(obj) {
            let sa = Dunders::name(self, self.dunders.setattr, "__setattr__")?;
            if let Some(f) = self.class_lookup(t, sa) {
                if !self.is_builtin_object_method(f) {
                    self.call_bound(f, obj, &[name, value])?;
                    return Ok(());
                }
            }
        }
        self.generic_set_attr(obj, name, value, t)
    }

    /// `object.__setattr__(obj, name, value)` for `obj` of type `t`: a data descriptor of
    /// the type (or of a class's metaclass), else the object's own namespace.
    pub(crate) fn generic_set_attr(
        &mut self,
        obj: Value,
        name: Value,
        value: Value,
        t: ObjRef,
    ) -> PyResult<()> {
        if let Some(d) = self.class_lookup(t, name) {
            match self.obj(d) {
                Some(Obj::Property(p)) => {
                    let fset = p.fset;
                    if fset == Value::NONE {
                        let msg = format!(
                            "property '{}' of '{}' object has no setter",
                            self.str_of(name).unwrap_or("?"),
                            self.type_name(obj)
                        );
                        return Err(self.attribute_error(msg));
                    }
                    self.call(fset, &[obj, value])?;
                    return Ok(());
                }
                Some(Obj::Instance(_)) => {
                    if let Some(u) = self.user_descriptor(d).filter(|u| u.is_data()) {
                        let Some(set) = u.set else {
                            return Err(self.attribute_error("__set__"));
                        };
                        self.call_bound(set, d, &[obj, value])?;
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        if self.str_of(name) == Some("__dict__") {
            if let Some(r) = obj.as_obj().filter(|r| self.instance_has_dict(*r)) {
                return self.set_instance_dict(r, value);
            }
        }
        if self.str_of(name) == Some("__class__") {
            return match obj.as_obj() {
                Some(r) if matches!(self.heap.get(r), Obj::Instance(_)) => {
                    self.set_instance_class(r, value)
                }
                _ => Err(self.type_error(
                    "__class__ assignment only supported for mutable types or ModuleType subclasses",
                )),
            };
        }
        let Some(r) = obj.as_obj() else {
            return Err(self.readonly_attribute(obj, name));
        };
        match self.heap.get(r) {
            Obj::Instance(_) => self.instance_set(r, name, value),
            Obj::Class(c) => {
                if c.is_builtin {
                    let msg = format!(
                        "cannot set '{}' attribute of immutable type '{}'",
                        self.str_of(name).unwrap_or("?"),
                        self.class_name(r)
                    );
                    return Err(self.type_error(msg));
                }
                match self.str_of(name) {
                    Some(which @ ("__name__" | "__qualname__")) => {
                        let qual = which == "__qualname__";
                        return self.set_class_name(r, value, qual);
                    }
                    Some("__bases__") => return self.set_class_bases(r, value),
                    Some("__mro__" | "__base__") => {
                        return Err(self.attribute_error("readonly attribute"))
                    }
                    _ => {}
                }
                if self.store_class_plain_value(r, name, value)? {
                    return Ok(());
                }
                let d = self.class_namespace(r)?;
                self.dict_set(d, name, value)?;
                self.touch_class(r);
                Ok(())
            }
            Obj::Module(m) => {
                let d = m.dict;
                self.dict_set(d, name, value)
            }
            Obj::Function(_) => self.function_set_attr(r, name, value),
            Obj::Complex { .. } if matches!(self.str_of(name), Some("real" | "imag")) => {
                Err(self.attribute_error("readonly attribute"))
            }
            _ => Err(self.readonly_attribute(obj, name)),
        }
    }

    /// The error for setting or deleting attribute `name` of a builtin object (no
    /// `__dict__`): CPython's wording for a method, for a data attribute such as `real`,
    /// or for one that does not exist.
    fn readonly_attribute(&mut self, obj: Value, name: Value) -> PyErr {
        let n = String::from(self.str_of(name).unwrap_or("?"));
        let t = self.type_of(obj);
        let tname = self.type_name(obj);
        if self.class_lookup(t, name).is_some() {
            return self.attribute_error(format!("'{tname}' object attribute '{n}' is read-only"));
        }
        match self.get_attr_opt(obj, name) {
            Ok(Some(_)) => {
                let msg = format!("attribute '{n}' of '{tname}' objects is not writable");
                self.attribute_error(msg)
            }
            _ => self.no_attribute(obj, name),
        }
    }

    /// `cls.__name__ = value` (or `__qualname__`): a str.
    fn set_class_name(&mut self, cls: ObjRef, value: Value, qual: bool) -> PyResult<()> {
        if self.str_of(value).is_none() {
            let msg = format!(
                "can only assign string to {}.{}, not '{}'",
                self.class_name(cls),
                if qual { "__qualname__" } else { "__name__" },
                self.type_name(value)
            );
            return Err(self.type_error(msg));
        }
        if let Obj::Class(c) = self.heap.get_mut(cls) {
            if qual {
                c.qualname = value;
            } else {
                c.name = value;
            }
        }
        Ok(())
    }

    fn function_set_attr(&mut self, f: ObjRef, name: Value, value: Value) -> PyResult<()> {
        let n = String::from(self.str_of(name).unwrap_or(""));
        match n.as_str() {
            "__defaults__" => {
                let items = if value == Value::NONE {
                    Vec::new()
                } else {
                    match self.tuple_items(value) {
                        Some(t) => t,
                        None => {
                            return Err(
                                self.type_error("__defaults__ must be set to a tuple object")
                            )
                        }
                    }
                };
                if let Obj::Function(func) = self.heap.get_mut(f) {
                    func.defaults = items;
                    func.version = func.version.wrapping_add(1);
                }
                #[cfg(feature = "tier2")]
                self.tier2_changed(crate::exec::ir::Dep::Function(f.0));
                Ok(())
            }
            "__code__" => {
                let code = match self.obj(value) {
                    Some(Obj::Code(c)) => c.clone(),
                    _ => return Err(self.type_error("__code__ must be set to a code object")),
                };
                if let Obj::Function(func) = self.heap.get_mut(f) {
                    func.code = code;
                    func.version = func.version.wrapping_add(1);
                }
                #[cfg(feature = "tier2")]
                self.tier2_changed(crate::exec::ir::Dep::Function(f.0));
                Ok(())
            }
            "__globals__" | "__closure__" | "__builtins__" => {
                Err(self.attribute_error("readonly attribute"))
            }
            "__name__" | "__qualname__" | "__doc__" | "__module__" => {
                if let Obj::Function(func) = self.heap.get_mut(f) {
                    match n.as_str() {
                        "__name__" => func.name = value,
                        "__qualname__" => func.qualname = value,
                        "__doc__" => func.doc = value,
                        _ => func.module = value,
                    }
                }
                Ok(())
            }
            _ => {
                let d = match self.heap.get(f) {
                    Obj::Function(func) => func.dict,
                    _ => None,
                };
                let d = match d {
                    Some(d) => d,
                    None => {
                        let d = self.new_dict()?.as_obj().unwrap_or(f);
                        if let Obj::Function(func) = self.heap.get_mut(f) {
                            func.dict = Some(d);
                        }
                        d
                    }
                };
                self.dict_set(d, name, value)
            }
        }
    }

    /// `delattr(obj, name)`.
    pub fn del_attr(&mut self, obj: Value, name: Value) -> PyResult<()> {
        let t = self.type_of(obj);
        if let Some(Obj::Instance(_)) = self.obj(obj) {
            let da = self.intern("__delattr__")?;
            if let Some(f) = self.class_lookup(t, da) {
                if !self.is_builtin_object_method(f) {
                    self.call_bound(f, obj, &[name])?;
                    return Ok(());
                }
            }
        }
        self.generic_del_attr(obj, name, t)
    }

    /// `object.__delattr__(obj, name)` for `obj` of type `t`.
    pub(crate) fn generic_del_attr(&mut self, obj: Value, name: Value, t: ObjRef) -> PyResult<()> {
        if let Some(d) = self.class_lookup(t, name) {
            match self.obj(d) {
                Some(Obj::Property(p)) => {
                    let fdel = p.fdel;
                    if fdel == Value::NONE {
                        let msg = format!(
                            "property '{}' of '{}' object has no deleter",
                            self.str_of(name).unwrap_or("?"),
                            self.type_name(obj)
                        );
                        return Err(self.attribute_error(msg));
                    }
                    self.call(fdel, &[obj])?;
                    return Ok(());
                }
                Some(Obj::Instance(_)) => {
                    if let Some(u) = self.user_descriptor(d).filter(|u| u.is_data()) {
                        let Some(del) = u.delete else {
                            return Err(self.attribute_error("__delete__"));
                        };
                        self.call_bound(del, d, &[obj])?;
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        let Some(r) = obj.as_obj() else {
            return Err(self.readonly_attribute(obj, name));
        };
        let removed = match self.heap.get(r) {
            Obj::Instance(i) => {
                if let Some(d) = i.dict.get() {
                    self.dict_del(d, name)?.is_some()
                } else {
                    let class = i.class;
                    match self.layout_index(class, name) {
                        Some(p) => {
                            let mut had = false;
                            if let Obj::Instance(i) = self.heap.get_mut(r) {
                                if let Some(slot) = i.values.get_mut(p) {
                                    had = !slot.is_undef();
                                    *slot = Value::UNDEF;
                                }
                            }
                            had
                        }
                        None => false,
                    }
                }
            }
            Obj::Class(c) if !c.is_builtin => {
                let d = self.class_namespace(r)?;
                let had = self.dict_del(d, name)?.is_some();
                self.touch_class(r);
                had
            }
            Obj::Module(m) => {
                let d = m.dict;
                self.dict_del(d, name)?.is_some()
            }
            Obj::Function(f) => match f.dict {
                Some(d) => self.dict_del(d, name)?.is_some(),
                None => false,
            },
            Obj::Class(c) => {
                let msg = format!(
                    "cannot set '{}' attribute of immutable type '{}'",
                    self.str_of(name).unwrap_or("?"),
                    self.str_of(c.name).unwrap_or("?")
                );
                return Err(self.type_error(msg));
            }
            Obj::Str(_) | Obj::List(_) | Obj::Tuple(_) | Obj::Dict(_) | Obj::BigInt(_) => {
                return Err(self.readonly_attribute(obj, name));
            }
            _ => false,
        };
        if removed {
            Ok(())
        } else {
            Err(self.no_attribute(obj, name))
        }
    }

    /// A new instance of a user class (no `__init__` call).
    pub fn new_instance(&mut self, cls: ObjRef) -> PyResult<Value> {
        let n = self.class(cls).map_or(0, |c| c.layout.len());
        self.charge(n * 8)?;
        let inst = match self.heap.take_pooled_instance() {
            // A dead instance's box and value storage (already emptied).
            Some(mut inst) => {
                inst.class = cls;
                inst.values.resize(n, Value::UNDEF);
                inst
            }
            None => {
                // One allocation of the exact size (a `resize` of an empty vector goes
                // through the growth path, measured at twice the instructions).
                let values = alloc::vec![Value::UNDEF; n];
                Box::new(Instance {
                    class: cls,
                    values: values.into(),
                    dict: crate::object::types::DictRef::NONE,
                    native: Value::UNDEF,
                    exc: None,
                })
            }
        };
        self.alloc_value(Obj::Instance(inst))
    }
}
