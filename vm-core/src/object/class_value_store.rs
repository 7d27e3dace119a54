//! Stores of plain data into a class attribute that already holds plain data (`Item.count
//! += 1`, a registry counter, a class-wide setting): they keep the class's version.
//!
//! A new version invalidates every specialized instruction, trace and compiled trace that
//! depends on the class and its subclasses, so a counter bumped in `__init__` would make
//! every attribute access of its instances take the generic path. What those caches rely
//! on is which names are descriptors, methods or special methods; a value that is none of
//! these, replaced by another such value under a name that is no special method, changes
//! none of it. The only cache that holds the value itself is the class-lookup cache, whose
//! entries for the name are cleared here.

use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::{class_lookup_slot, LookupEntry, PyResult, Vm};

impl Vm {
    /// Whether `v` is plain data: `None`, a bool, an int, a float or a str (exact types,
    /// which have no `__get__`, so they are no descriptor and no method).
    fn is_plain_class_data(&self, v: Value) -> bool {
        if v.is_none() || v.is_bool() || v.is_small_int() || v.is_float() {
            return true;
        }
        matches!(self.obj(v), Some(Obj::Str(_) | Obj::BigInt(_)))
    }

    /// `cls.name = value` when the class's own namespace holds plain data under `name`, a
    /// name that is no special method, and `value` is plain data too: replaces the value
    /// without a new class version and returns `true`. Returns `false` (nothing done) for
    /// any other store, which takes the general path.
    pub(crate) fn store_class_plain_value(
        &mut self,
        cls: ObjRef,
        name: Value,
        value: Value,
    ) -> PyResult<bool> {
        let Some(text) = self.str_of(name) else {
            return Ok(false);
        };
        if text.starts_with("__") && text.ends_with("__") {
            return Ok(false);
        }
        let Some(c) = self.class(cls) else {
            return Ok(false);
        };
        if c.is_builtin || c.version.get() == 0 {
            return Ok(false);
        }
        let Some(d) = c.dict else {
            return Ok(false);
        };
        let Some(old) = self.dict_get_str(d, name) else {
            return Ok(false);
        };
        if !self.is_plain_class_data(old) || !self.is_plain_class_data(value) {
            return Ok(false);
        }
        self.dict_set(d, name, value)?;
        self.forget_class_lookup(cls, name);
        if let Some(c) = self.class(cls) {
            for &s in &c.subclasses {
                // Weak entries: only classes that still derive from `cls` inherit the name.
                if self.weak_class(s).is_some_and(|c| c.mro.contains(&cls)) {
                    self.forget_class_lookup(s, name);
                }
            }
        }
        Ok(true)
    }

    /// Clears the class-lookup cache's entry for `name` on `cls` at its current version.
    fn forget_class_lookup(&self, cls: ObjRef, name: Value) {
        let Some(version) = self.class(cls).map(|c| c.version.get()) else {
            return;
        };
        if version == 0 {
            return;
        }
        if let Some(e) = self.class_lookup_cache.get(class_lookup_slot(version, name)) {
            let entry = e.get();
            if entry.version == version && entry.name == name {
                e.set(LookupEntry::EMPTY);
            }
        }
    }
}
