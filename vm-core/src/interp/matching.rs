//! What the `match` statement's instructions test at run time, as CPython 3.11's
//! `MATCH_SEQUENCE`, `MATCH_MAPPING`, `MATCH_KEYS` and `MATCH_CLASS` do.
//!
//! Sequences are `list`, `tuple`, `range` and their subclasses (CPython's
//! `Py_TPFLAGS_SEQUENCE` types that Tiercel has); mappings are `dict` and its subclasses.
//! `str`, `bytes` and `bytearray` are neither.

use alloc::format;
use alloc::vec::Vec;

use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

impl Vm {
    /// Whether `v` matches a sequence pattern's type test.
    pub(crate) fn match_is_sequence(&self, v: Value) -> bool {
        let t = self.type_of(v);
        let ty = &self.types;
        let (list, tuple, range) = (ty.list, ty.tuple, ty.range);
        self.is_subclass(t, list) || self.is_subclass(t, tuple) || self.is_subclass(t, range)
    }

    /// Whether `v` matches a mapping pattern's type test.
    pub(crate) fn match_is_mapping(&self, v: Value) -> bool {
        let t = self.type_of(v);
        self.is_subclass(t, self.types.dict)
    }

    /// `MATCH_KEYS`: a tuple of the values of `keys` (a tuple) in the mapping `map`, looked
    /// up with `map.get(key, <sentinel>)`, or `None` when a key is missing. A key that
    /// repeats an earlier one raises `ValueError`.
    pub(crate) fn match_keys(&mut self, map: Value, keys: Value) -> PyResult<Value> {
        let keys = self.tuple_items(keys).unwrap_or_default();
        if keys.is_empty() {
            return self.new_tuple(Vec::new());
        }
        let exact = self.type_of(map) == self.types.dict;
        let get = if exact {
            Value::UNDEF
        } else {
            self.get_attr_str(map, "get")?
        };
        self.with_roots(&[get], |vm, _| {
            let seen = vm.new_set(&[], false)?;
            vm.root(seen);
            let sentinel = vm.new_instance(vm.types.object)?;
            vm.root(sentinel);
            let seen_ref = seen.as_obj().unwrap_or(ObjRef(0));
            let mut values = Vec::with_capacity(keys.len());
            for &key in &keys {
                if vm.set_contains(seen_ref, key)? {
                    let r = vm.repr(key)?;
                    return Err(
                        vm.value_error(format!("mapping pattern checks duplicate key ({r})"))
                    );
                }
                vm.set_add(seen, key)?;
                let found = match map.as_obj() {
                    Some(d) if exact => vm.dict_get(d, key)?,
                    _ => {
                        let v = vm.call(get, &[key, sentinel])?;
                        (v != sentinel).then_some(v)
                    }
                };
                let Some(v) = found else {
                    return Ok(Value::NONE);
                };
                vm.root(v);
                values.push(v);
            }
            vm.new_tuple(values)
        })
    }

    /// `MATCH_CLASS`: whether `subject` is an instance of `cls` with the attributes that
    /// `nargs` positional sub-patterns (through `cls.__match_args__`) and the keyword
    /// sub-patterns `names` (a tuple) ask for: a tuple of them, or `None`.
    pub(crate) fn match_class(
        &mut self,
        subject: Value,
        cls: Value,
        nargs: usize,
        names: Value,
    ) -> PyResult<Value> {
        let Some(c) = cls.as_obj().filter(|&r| self.class(r).is_some()) else {
            return Err(self.type_error("called match pattern must be a type"));
        };
        if !self.is_instance(subject, c) {
            return Ok(Value::NONE);
        }
        let kw = self.tuple_items(names).unwrap_or_default();
        self.with_roots(&[], |vm, _| {
            let seen = vm.new_set(&[], false)?;
            vm.root(seen);
            let mut attrs = Vec::with_capacity(nargs + kw.len());
            if nargs > 0 {
                let (match_args, match_self) = vm.match_args(c)?;
                let allowed = if match_self { 1 } else { match_args.len() };
                if allowed < nargs {
                    let plural = if allowed == 1 { "" } else { "s" };
                    let msg = format!(
                        "{}() accepts {allowed} positional sub-pattern{plural} ({nargs} given)",
                        vm.class_name(c)
                    );
                    return Err(vm.type_error(msg));
                }
                if match_self {
                    attrs.push(subject);
                } else {
                    for &name in &match_args[..nargs] {
                        if !matches!(vm.obj(name), Some(Obj::Str(_))) {
                            let msg = format!(
                                "__match_args__ elements must be strings (got {})",
                                vm.type_name(name)
                            );
                            return Err(vm.type_error(msg));
                        }
                        match vm.match_class_attr(subject, c, name, seen)? {
                            Some(v) => attrs.push(v),
                            None => return Ok(Value::NONE),
                        }
                    }
                }
            }
            for &name in &kw {
                match vm.match_class_attr(subject, c, name, seen)? {
                    Some(v) => attrs.push(v),
                    None => return Ok(Value::NONE),
                }
            }
            vm.new_tuple(attrs)
        })
    }

    /// `cls.__match_args__` as a list of values, rooted, and whether the class matches its
    /// instances themselves (a subclass of a builtin such as `int` without
    /// `__match_args__`).
    fn match_args(&mut self, c: ObjRef) -> PyResult<(Vec<Value>, bool)> {
        let name = self.intern("__match_args__")?;
        let found = match self.get_attr_opt(Value::obj(c), name) {
            Ok(v) => v,
            Err(e) if self.exc_matches(e.0, self.types.attribute_error) => None,
            Err(e) => return Err(e),
        };
        let Some(args) = found else {
            return Ok((Vec::new(), self.matches_self(c)));
        };
        self.root(args);
        match self.tuple_items(args) {
            Some(items) => Ok((items, false)),
            None => {
                let msg = format!(
                    "{}.__match_args__ must be a tuple (got {})",
                    self.class_name(c),
                    self.type_name(args)
                );
                Err(self.type_error(msg))
            }
        }
    }

    /// Whether instances of `c` match a single positional sub-pattern themselves
    /// (CPython's `_Py_TPFLAGS_MATCH_SELF`, inherited by subclasses).
    fn matches_self(&self, c: ObjRef) -> bool {
        let t = &self.types;
        let own = [
            t.bool_,
            t.bytearray,
            t.bytes,
            t.dict,
            t.float,
            t.frozenset,
            t.int,
            t.list,
            t.set,
            t.str_,
            t.tuple,
        ];
        self.class(c)
            .is_some_and(|k| k.mro.iter().any(|b| own.contains(b)))
    }

    /// One attribute a class pattern asks for: `None` when it is missing (an
    /// `AttributeError`); an attribute named twice raises `TypeError`.
    fn match_class_attr(
        &mut self,
        subject: Value,
        c: ObjRef,
        name: Value,
        seen: Value,
    ) -> PyResult<Option<Value>> {
        let seen_ref = seen.as_obj().unwrap_or(ObjRef(0));
        if self.set_contains(seen_ref, name)? {
            let r = self.repr(name)?;
            let msg = format!(
                "{}() got multiple sub-patterns for attribute {r}",
                self.class_name(c)
            );
            return Err(self.type_error(msg));
        }
        self.set_add(seen, name)?;
        let found = match self.get_attr_opt(subject, name) {
            Ok(v) => v,
            Err(e) if self.exc_matches(e.0, self.types.attribute_error) => None,
            Err(e) => return Err(e),
        };
        if let Some(v) = found {
            self.root(v);
        }
        Ok(found)
    }
}
