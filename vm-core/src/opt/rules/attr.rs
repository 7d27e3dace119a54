//! Rules of the forward pass for attributes: instance guards, slots and methods.

use super::Cx;
use crate::bytecode::ops::Uop;
use crate::exec::ir::UopInst;
use crate::opt::forward::{Act, Pass};
use crate::opt::symbol::{Contradiction, Ty};

impl Pass<'_> {
    /// The rule of `_GUARD_INSTANCE_SLOT`, `_GUARD_INSTANCE_SLOT_STORE`, `_GUARD_TYPE_VERSION`.
    pub(in crate::opt) fn instance_guard(
        &mut self,
        u: &UopInst,
        cx: Cx,
    ) -> Result<Act, Contradiction> {
        use Uop::*;
        let can_replace = cx.can_replace;
        // Rule: an instance proven of a class version passes any attribute guard
        // cached at that version. A polymorphic guard becomes the strict one
        // (leaving, before any effect, for another class) when the executor depends
        // on the class that has the version, which is what makes the fact last:
        // a change to the class invalidates the executor, and the validity check
        // after the code that changed it leaves the trace; and when either the site
        // has only seen that class in tier 1 or the class has no user base or
        // subclass (otherwise the site is likely polymorphic).
        let s = self.peek(1);
        let Some(v) = self.cache(u, 1) else {
            return Ok(Act::Keep);
        };
        if self.syms.ty(s) == Ty::Instance(v) {
            Ok(Act::Remove)
        } else if u.uop == _GUARD_TYPE_VERSION {
            self.syms.refine(s, Ty::Instance(v))?;
            Ok(Act::Keep)
        } else if can_replace && self.depends_on_version(v, self.monomorphic_site(u)) {
            self.syms.refine(s, Ty::Instance(v))?;
            Ok(Act::Replace(_GUARD_TYPE_VERSION))
        } else {
            self.syms.refine(s, Ty::Object)?;
            if can_replace {
                Ok(self.shape_guard(u, s))
            } else {
                Ok(Act::Keep)
            }
        }
    }

    /// The rule of `_GUARD_SHAPE`.
    pub(in crate::opt) fn guard_shape(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let s = self.peek(1);
        self.syms.refine(s, Ty::Object)?;
        Ok(Act::Keep)
    }

    /// The rule of `_LOAD_ATTR_SLOT`.
    pub(in crate::opt) fn load_attr_slot(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        let arg = u.oparg;
        // Rule: on a proven class version, the slot's kind types the value.
        let owner = self.pop();
        let ty = self.slot_type(owner, self.cache(u, 2));
        self.push_new(ty);
        if arg & 1 != 0 {
            self.push_new(Ty::Null);
        }
        Ok(Act::Keep)
    }

    /// The rule of `_STORE_ATTR_SLOT`.
    pub(in crate::opt) fn store_attr_slot(
        &mut self,
        _u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        self.pop_n(2);
        Ok(Act::Keep)
    }

    /// The rule of `_LOAD_ATTR_INSTANCE_METHOD`, `_LOAD_ATTR_METHOD_LAYOUT`, `_LOAD_ATTR_METHOD_VERSION`.
    pub(in crate::opt) fn instance_method(
        &mut self,
        u: &UopInst,
        cx: Cx,
    ) -> Result<Act, Contradiction> {
        use Uop::*;
        let can_replace = cx.can_replace;
        // The method under the owner, which stays the same value (`self`).
        // Rule: on an owner proven of the cached class version, the method is the
        // cached one; only the layout length (no shadowing instance attribute) is
        // checked. Otherwise, as for attribute guards, the strict form proves the
        // owner's class when the executor depends on it.
        let owner = self.peek(1);
        let v = self.cache(u, 1).unwrap_or(0);
        let act = if u.uop != _LOAD_ATTR_INSTANCE_METHOD || !can_replace {
            Act::Keep
        } else if self.syms.ty(owner) == Ty::Instance(v) {
            // The class version check went (the layout check stays).
            self.pending = self.pending.saturating_add(1);
            self.removed_total += 1;
            Act::Replace(_LOAD_ATTR_METHOD_LAYOUT)
        } else if self.depends_on_version(v, false) {
            self.syms.refine(owner, Ty::Instance(v))?;
            Act::Replace(_LOAD_ATTR_METHOD_VERSION)
        } else {
            Act::Keep
        };
        if u.uop == _LOAD_ATTR_METHOD_VERSION {
            self.syms.refine(owner, Ty::Instance(v))?;
        } else {
            // Every form leaves for anything but an instance.
            self.syms.refine(owner, Ty::Object)?;
        }
        self.pop();
        self.push_new(Ty::Unknown);
        self.push(owner);
        Ok(act)
    }

    /// The rule of `_GUARD_BUILTIN_TYPE`.
    pub(in crate::opt) fn guard_builtin_type(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        // Rule: the owner's type is known (its representation fixes it).
        let s = self.peek(1);
        let Some(t) = self.cache(u, 1) else {
            return Ok(Act::Keep);
        };
        let ty = self.syms.ty(s);
        if ty != Ty::Unknown && self.type_ref_of(ty) == Some(t) {
            Ok(Act::Remove)
        } else {
            if let Some(ty) = self.ty_of_type_ref(t) {
                self.syms.refine(s, ty)?;
            }
            Ok(Act::Keep)
        }
    }

    /// The rule of `_LOAD_ATTR_METHOD`.
    pub(in crate::opt) fn load_attr_method(
        &mut self,
        u: &UopInst,
        _cx: Cx,
    ) -> Result<Act, Contradiction> {
        // The method (from the cache: a builtin type's, which no code can rebind)
        // under the owner, which stays the same value.
        let owner = self.pop();
        let method = self.cache(u, 2).filter(|&r| self.native_at(r).is_some());
        self.push_new(method.map_or(Ty::Unknown, Ty::Native));
        self.push(owner);
        Ok(Act::Keep)
    }
}
