//! Assigning `__bases__` of a user class: the MRO of the class and of its subclasses is
//! computed again, as CPython does. Only classes whose instances keep their layout may
//! change bases (no `__slots__` layout, the same builtin payload).

use alloc::boxed::Box;
use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use super::class_create::c3_merge;
use crate::object::types::{BuiltinBase, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// What a class had before its bases changed, to restore when a later MRO fails.
struct Saved {
    cls: ObjRef,
    mro: Box<[ObjRef]>,
    bases: Box<[ObjRef]>,
    base: Option<ObjRef>,
}

impl Vm {
    /// `cls.__bases__ = value` for a user class `cls`.
    pub(crate) fn set_class_bases(&mut self, cls: ObjRef, value: Value) -> PyResult<()> {
        let bases = self.new_bases(cls, value)?;
        let solid = self.bases_solid_base(cls, &bases)?;
        // Subclasses, parents before children (a class's MRO is longer than its bases').
        let mut subs: Vec<ObjRef> = match self.class(cls) {
            Some(c) => c.subclasses.clone(),
            None => return Ok(()),
        };
        subs.retain(|&s| s != cls && self.weak_class(s).is_some_and(|c| c.mro.contains(&cls)));
        subs.sort_by_key(|&s| self.class(s).map_or(0, |c| c.mro.len()));
        subs.dedup();
        let mut saved = Vec::with_capacity(subs.len() + 1);
        let mut result = self.apply_bases(cls, bases, solid, &mut saved);
        for &s in &subs {
            if result.is_err() {
                break;
            }
            let (b, base) = match self.class(s) {
                Some(c) => (c.bases.to_vec(), c.base),
                None => continue,
            };
            result = self.apply_bases(s, b, base, &mut saved);
        }
        if let Err(e) = result {
            for s in saved.into_iter().rev() {
                if let Obj::Class(c) = self.heap.get_mut(s.cls) {
                    c.mro = s.mro;
                    c.bases = s.bases;
                    c.base = s.base;
                }
            }
            return Err(e);
        }
        self.touch_class(cls);
        Ok(())
    }

    /// The classes of `value`, checked as CPython checks an assigned `__bases__`.
    fn new_bases(&mut self, cls: ObjRef, value: Value) -> PyResult<Vec<ObjRef>> {
        let cname = self.class_name(cls);
        let Some(items) = self.tuple_items(value) else {
            let msg = format!(
                "can only assign tuple to {cname}.__bases__, not {}",
                self.type_name(value)
            );
            return Err(self.type_error(msg));
        };
        if items.is_empty() {
            let msg = format!("can only assign non-empty tuple to {cname}.__bases__, not ()");
            return Err(self.type_error(msg));
        }
        let mut bases = Vec::with_capacity(items.len());
        for v in items {
            let Some(b) = v.as_obj().filter(|&r| self.class(r).is_some()) else {
                let msg = format!(
                    "{cname}.__bases__ must be tuple of classes, not '{}'",
                    self.type_name(v)
                );
                return Err(self.type_error(msg));
            };
            if self.class(b).is_some_and(|c| c.mro.contains(&cls)) {
                return Err(self.type_error("a __bases__ item causes an inheritance cycle"));
            }
            if bases.contains(&b) {
                let msg = format!("duplicate base class {}", self.class_name(b));
                return Err(self.type_error(msg));
            }
            bases.push(b);
        }
        Ok(bases)
    }

    /// The solid base among `bases` (the first carrying a builtin payload, else the
    /// first), refused as CPython refuses it when instances of `cls` would need another
    /// layout: another payload, a user class for a builtin one or back, `__slots__`.
    fn bases_solid_base(&mut self, cls: ObjRef, bases: &[ObjRef]) -> PyResult<Option<ObjRef>> {
        let mut solid = bases[0];
        let mut payload = BuiltinBase::Object;
        let mut laid_out = false;
        for &b in bases {
            let Some(c) = self.class(b) else { continue };
            if c.builtin_base != BuiltinBase::Object && payload == BuiltinBase::Object {
                payload = c.builtin_base;
                solid = b;
            }
            laid_out |= c.mro.iter().any(|&k| self.class(k).is_some_and(|k| !k.layout.is_empty()));
        }
        let (own, own_layout, old) = match self.class(cls) {
            Some(c) => (c.builtin_base, !c.layout.is_empty(), c.base.unwrap_or(solid)),
            None => return Ok(Some(solid)),
        };
        let builtin = |vm: &Vm, k: ObjRef| vm.class(k).is_some_and(|c| c.is_builtin);
        let kind_differs = builtin(self, old) != builtin(self, solid)
            || (builtin(self, old) && old != solid);
        if own == payload && !laid_out && !own_layout && !kind_differs {
            return Ok(Some(solid));
        }
        let what = if own == BuiltinBase::Object || payload == BuiltinBase::Object {
            "deallocator"
        } else {
            "object layout"
        };
        let msg = format!(
            "__bases__ assignment: '{}' {what} differs from '{}'",
            self.class_name(solid),
            self.class_name(old)
        );
        Err(self.type_error(msg))
    }

    /// Gives `cls` the bases `bases` and the MRO they make, saving what it had.
    fn apply_bases(
        &mut self,
        cls: ObjRef,
        bases: Vec<ObjRef>,
        base: Option<ObjRef>,
        saved: &mut Vec<Saved>,
    ) -> PyResult<()> {
        let tail = if bases.len() > 1 {
            c3_merge(self, &bases)?
        } else {
            self.class(bases[0]).map(|c| c.mro.to_vec()).unwrap_or_default()
        };
        let mut mro = vec![cls];
        mro.extend(tail);
        let old = match self.heap.get_mut(cls) {
            Obj::Class(c) => Saved {
                cls,
                mro: core::mem::replace(&mut c.mro, mro.clone().into_boxed_slice()),
                bases: core::mem::replace(&mut c.bases, bases.into_boxed_slice()),
                base: core::mem::replace(&mut c.base, base),
            },
            _ => return Ok(()),
        };
        for &ancestor in &mro[1..] {
            if !old.mro.contains(&ancestor) {
                self.register_subclass(ancestor, cls);
            }
        }
        saved.push(old);
        Ok(())
    }
}
