//! Instance attributes: which guards a proven layout makes redundant, and what a slot
//! load gives, from what every store to that slot has put there.
//!
//! Class kinds (`Class::slot_kinds`): a class's slot kinds only widen, and a widening (a
//! slot that held floats getting an int) gives the class a new version. So on an owner
//! proven an instance of a class at version `v` (`Ty::Instance(v)`), which the executor
//! depends on (`Dep::Class`), a slot whose kind was one type at `v` holds only that type:
//! the store that would break it gives the class another version, which invalidates the
//! executor, and is never made from inside a trace (the specialized store deoptimizes to
//! the generic path instead of widening). Loads on an owner proven before escaping code
//! keep their validity check (the class fact rests on it), and a strict class guard
//! checks the version itself.
//!
//! Shapes (`object::shape`): at a polymorphic site the guard becomes `_GUARD_SHAPE`, which
//! proves the owner's whole layout prefix up to the slot, for every class sharing it. A
//! later attribute guard on the same value with its slot in the prefix goes; one past it
//! goes too when its own prefix extends the proven one, by deepening the earlier shape
//! guard (a stronger check at an earlier exit, which leaves before any effect). The fact
//! lasts until code may run (an escaping uop could give the instance a dict or its class
//! a property). A slot in a proven prefix is typed by the prefix's kind, the join of all
//! those classes' kinds: its widening invalidates executors depending on the shape
//! (`Dep::Shape`), so the typing holds only where the executor is known valid (no
//! escaping uop since the last validity check).

use super::forward::{Act, Pass};
use super::symbol::{Sym, Ty};
use crate::bytecode::ops::Uop;
use crate::exec::ir::{Dep, UopInst};
use crate::object::types::{slot_kind, Class};
use crate::object::value::{ObjRef, Value};

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

    /// The name an attribute guard checks (`LOAD_ATTR`'s is `oparg >> 1`, `STORE_ATTR`'s
    /// the oparg).
    fn guard_name(&self, u: &UopInst) -> Option<Value> {
        let ix = if u.uop == Uop::_GUARD_INSTANCE_SLOT_STORE {
            u.oparg
        } else {
            u.oparg >> 1
        };
        self.code_obj(u.code)?.names.get(ix as usize).copied()
    }

    /// A polymorphic attribute guard on `s` that may be replaced (see the module doc).
    pub(super) fn shape_guard(&mut self, u: &UopInst, s: Sym) -> Act {
        let shapes = &self.vm.shapes;
        let (Some(slot), Some(hint), Some(name)) =
            (self.cache(u, 2), self.shape_hint(u), self.guard_name(u))
        else {
            return Act::Keep;
        };
        // The hint is the prefix ending at the guard's slot, with its name there.
        if !shapes
            .get(hint)
            .is_some_and(|n| n.depth == slot + 1 && n.name == name)
        {
            return Act::Keep;
        }
        let Ty::Shaped(shape) = self.syms.ty(s) else {
            self.syms.set(s, Ty::Shaped(hint));
            self.shape_guards.push((s, self.out.len()));
            return Act::ReplaceArg(Uop::_GUARD_SHAPE, hint);
        };
        let depth = shapes.get(shape).map_or(0, |n| n.depth);
        if depth > slot {
            // Rule: a slot in the proven prefix has its name there, or the guard fails.
            let named = shapes
                .ancestor(shape, slot + 1)
                .and_then(|a| shapes.get(a))
                .is_some_and(|n| n.name == name);
            return if named { Act::Remove } else { Act::Keep };
        }
        if !shapes.is_prefix(shape, hint) {
            return Act::Keep;
        }
        self.syms.set(s, Ty::Shaped(hint));
        // Rule: a prefix extending the proven one deepens the earlier guard, when this
        // trace has it (a fact inherited from a parent executor gets a guard of its own).
        let earlier = self
            .shape_guards
            .iter()
            .find(|g| g.0 == s)
            .map(|g| g.1)
            .filter(|&g| self.out.get(g).is_some_and(|x| x.uop == Uop::_GUARD_SHAPE));
        match earlier {
            Some(g) => {
                self.out[g].oparg = hint;
                Act::Remove
            }
            None => {
                self.shape_guards.push((s, self.out.len()));
                Act::ReplaceArg(Uop::_GUARD_SHAPE, hint)
            }
        }
    }

    /// The type of what a slot load (`_LOAD_ATTR_SLOT`, slot `slot`) gives on `owner`.
    pub(super) fn slot_type(&mut self, owner: Sym, slot: Option<u32>) -> Ty {
        let Some(slot) = slot else {
            return Ty::Unknown;
        };
        let kind = match self.syms.ty(owner) {
            Ty::Instance(v) => self
                .class_at_version(v)
                .and_then(|cl| cl.slot_kinds.get(slot as usize))
                .map(|k| k.get()),
            _ => self.shape_kind(owner, slot),
        };
        let Some(kind) = kind else {
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

    /// The kind of slot `slot` of a shape-proven `owner`, when the executor is known
    /// valid (the kind may have widened since it was made otherwise); the executor then
    /// depends on the prefix's kind.
    fn shape_kind(&mut self, owner: Sym, slot: u32) -> Option<u8> {
        if !self.clean {
            return None;
        }
        let Ty::Shaped(shape) = self.syms.ty(owner) else {
            return None;
        };
        let shapes = &self.vm.shapes;
        let node = shapes.ancestor(shape, slot + 1)?;
        let kind = shapes.get(node)?.kind.get();
        if matches!(kind, slot_kind::UNSET | slot_kind::MIXED) {
            return None;
        }
        if !self.new_deps.contains(&Dep::Shape(node)) {
            self.new_deps.push(Dep::Shape(node));
        }
        Some(kind)
    }
}
