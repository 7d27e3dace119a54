//! Types of instance attributes: what a slot load gives, from what every store to that
//! slot has put there (`Class::slot_kinds`).
//!
//! A class's slot kinds only widen, and a widening (a slot that held floats getting an
//! int) gives the class a new version. So on an owner proven an instance of a class at
//! version `v` (`Ty::Instance(v)`), which the executor depends on (`Dep::Class`), a slot
//! whose kind was one type at `v` holds only that type: the store that would break it
//! gives the class another version, which invalidates the executor, and is never made
//! from inside a trace (the specialized store deoptimizes to the generic path instead of
//! widening). Loads on an owner proven before escaping code keep their validity check
//! (the class fact rests on it), and a strict class guard checks the version itself.

use super::forward::Pass;
use super::symbol::Ty;
use crate::exec::ir::Dep;
use crate::object::types::{slot_kind, Class};
use crate::object::value::ObjRef;

impl Pass<'_> {
    /// The class at version `v` that the executor depends on, if any.
    fn class_at_version(&self, v: u32) -> Option<&Class> {
        if v == 0 {
            return None;
        }
        self.b.deps.iter().find_map(|d| match *d {
            Dep::Class(c) => self.vm.class(ObjRef(c)).filter(|cl| cl.version.get() == v),
            _ => None,
        })
    }

    /// The type of what a slot load (`_LOAD_ATTR_SLOT`, slot `slot`) gives on an owner of
    /// type `owner`.
    pub(super) fn slot_type(&self, owner: Ty, slot: Option<u32>) -> Ty {
        let (Ty::Instance(v), Some(slot)) = (owner, slot) else {
            return Ty::Unknown;
        };
        let Some(kind) = self
            .class_at_version(v)
            .and_then(|cl| cl.slot_kinds.get(slot as usize))
            .map(|k| k.get())
        else {
            return Ty::Unknown;
        };
        match kind {
            slot_kind::SMALL_INT => Ty::SmallInt,
            slot_kind::FLOAT => Ty::Float,
            slot_kind::BOOL => Ty::Bool,
            slot_kind::NONE => Ty::NoneV,
            _ => Ty::Unknown,
        }
    }
}
