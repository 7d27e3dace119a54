//! The builtin types' namespaces read from static tables: a builtin type's methods (the
//! entries of its registered native tables) are not copied into a dict at startup. A class
//! lookup that misses the type's dict (which holds only the few entries that are not
//! table builtins, and may not exist) finds them in the tables, with no allocation and no
//! name string; what lists a namespace (`type.__dict__`, `dir()`) first copies them in.

use super::native_table::NativeEntries;
use super::types::{NativeKind, Obj};
use super::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

impl Vm {
    /// Registers the builtins of `entries` as `kind` methods of the builtin type `cls`,
    /// found by lookups on it from then on (through its dict when the table has no index).
    pub(crate) fn add_type_natives(&mut self, cls: ObjRef, entries: NativeEntries, kind: NativeKind) {
        let owner = Value::obj(cls);
        let Some(t) = self.register_natives(entries, kind, owner) else {
            if let Ok(d) = self.class_dict_for_entries(cls) {
                self.add_natives(d, entries, kind, owner);
            }
            return;
        };
        self.add_type_table(cls, t, false);
    }

    /// Like [`Vm::add_type_natives`], but what `cls` has already (or a table registered
    /// later) wins over `entries`.
    pub(crate) fn add_type_natives_missing(
        &mut self,
        cls: ObjRef,
        entries: NativeEntries,
        kind: NativeKind,
    ) {
        let owner = Value::obj(cls);
        if let Some(t) = self.register_natives(entries, kind, owner) {
            self.add_type_table(cls, t, true);
            return;
        }
        for (e, &(name, _)) in entries.iter().enumerate() {
            let Ok(key) = self.intern(name) else { return };
            if self.class_own_get(cls, key).is_none() {
                let Ok(d) = self.class_dict_for_entries(cls) else { return };
                let Ok(v) = self.native_entry(None, entries, e, kind, owner) else { return };
                let _ = self.dict_set(d, key, v);
            }
        }
    }

    /// Adds table `t` to the namespace of `cls`, below what it holds when `below`.
    fn add_type_table(&mut self, cls: ObjRef, t: u16, below: bool) {
        let grew = self.natives.add_namespace(cls, t, below);
        if self.heap.charge_table(grew).is_err() {
            return;
        }
        if let Obj::Class(c) = self.heap.get_mut(cls) {
            c.statics = true;
        }
    }

    /// The entry `name` of the static tables of `cls` (not its bases): the last registered
    /// wins, as a later store into a dict would.
    pub(crate) fn class_static_get(&self, cls: ObjRef, name: &str) -> Option<Value> {
        self.natives.namespace_get(cls, name)
    }

    /// The entry `name` (a str value) of the namespace of `cls` itself (not its bases).
    #[inline]
    pub fn class_own_get(&self, cls: ObjRef, name: Value) -> Option<Value> {
        let c = self.class(cls)?;
        if let Some(v) = c.dict.and_then(|d| self.dict_get_str(d, name)) {
            return Some(v);
        }
        if !c.statics {
            return None;
        }
        self.class_static_get(cls, self.str_of(name)?)
    }

    /// The dict of `cls` that entries outside the static tables go in, made when missing
    /// (the static entries stay where they are).
    pub(crate) fn class_dict_for_entries(&mut self, cls: ObjRef) -> PyResult<ObjRef> {
        let c = self.class(cls).ok_or(PyErr(self.memory_error))?;
        if let Some(d) = c.dict {
            return Ok(d);
        }
        let d = self.new_dict()?.as_obj().ok_or(PyErr(self.memory_error))?;
        if let Obj::Class(c) = self.heap.get_mut(cls) {
            c.dict = Some(d);
        }
        Ok(d)
    }

    /// The whole namespace of `cls` as a dict: the static entries are copied in first (an
    /// entry already in the dict stays), so a listing sees what lookups find.
    pub fn class_namespace(&mut self, cls: ObjRef) -> PyResult<ObjRef> {
        let d = self.class_dict_for_entries(cls)?;
        if !self.class(cls).is_some_and(|c| c.statics) {
            return Ok(d);
        }
        for (name, v) in self.natives.namespace_entries(cls) {
            let k = self.intern(name)?;
            if self.dict_get_str(d, k).is_none() {
                self.dict_set(d, k, v)?;
            }
        }
        if let Obj::Class(c) = self.heap.get_mut(cls) {
            c.statics = false;
        }
        Ok(d)
    }
}
