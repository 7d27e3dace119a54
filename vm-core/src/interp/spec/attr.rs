//! `LOAD_ATTR` and `STORE_ATTR` forms: instance slots, methods, modules and class guards.

use super::{UopResult, DEOPT, NEXT};
use crate::interp::eval::Ctx;
use crate::interp::specialize::{cache, set_cache, POLYMORPHIC_BIT, POLYMORPHIC_UNIT};
use crate::object::shape::NO_SHAPE;
use crate::object::types::{slot_kind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::Vm;

/// `LOAD_ATTR_CLASS_METHOD` kind bit: a classmethod (else a staticmethod).
pub(crate) const CLASS_METHOD_CLASSMETHOD: u32 = 1;
/// `LOAD_ATTR_CLASS_METHOD` kind bit: the owner is an instance (else the class).
pub(crate) const CLASS_METHOD_ON_INSTANCE: u32 = 2;
/// How many kind bits sit below the instance layout length in the cache unit.
pub(crate) const CLASS_METHOD_BITS: u32 = 2;

impl Vm {
    /// `owner` is an instance with its values in the shared layout, and the cached slot
    /// (cache unit 2) holds the attribute `names[name_ix]` for its class: either the class
    /// has the cached version, or (a polymorphic site: subclasses that set the same
    /// attributes in the same order share slot numbers) its layout has the name at that
    /// slot and nothing in its MRO intercepts instance attributes.
    #[inline(always)]
    pub(crate) fn instance_slot_ok(&self, ctx: &Ctx, owner: Value, name_ix: usize) -> bool {
        let Some(Obj::Instance(i)) = self.obj(owner) else {
            return false;
        };
        if i.dict.is_some() {
            return false;
        }
        match self.heap.get(i.class) {
            Obj::Class(c) if c.version.get() == cache(ctx, 1) => true,
            Obj::Class(c) => self.instance_slot_other(ctx, c, i.class, name_ix),
            _ => false,
        }
    }

    /// [`Vm::instance_slot_ok`] for a class `c` (heap slot `cls`) without the cached
    /// version: out of line, so the guard's common path stays short.
    #[cold]
    #[inline(never)]
    fn instance_slot_other(
        &self,
        ctx: &Ctx,
        c: &crate::object::types::Class,
        cls: ObjRef,
        name_ix: usize,
    ) -> bool {
        let name = ctx.code.names.get(name_ix);
        let ok = name.is_some()
            && c.layout.get(cache(ctx, 2) as usize) == name
            && self.class_attrs_plain(c, cls);
        if ok {
            let unit = cache(ctx, POLYMORPHIC_UNIT);
            if unit >> 1 == cls.0 {
                // The cached class with a new version: it is the cached one again (in tier
                // 1 only: a trace's strict guards read its snapshot of the cache).
                if ctx.in_tier1() {
                    set_cache(ctx, 1, c.version.get());
                }
            } else {
                // The site has seen another class than the cached one (cleared when
                // specialized): the trace optimizer keeps its guard polymorphic.
                set_cache(ctx, POLYMORPHIC_UNIT, unit | POLYMORPHIC_BIT);
            }
        }
        ok
    }

    /// The cached method of an instance whose class the trace optimizer proved has the
    /// cached version: replaces the owner by the method and pushes the owner as `self`,
    /// when the class layout still has the cached length (no instance attribute can
    /// shadow the method); deopts otherwise. `version`: the class version is checked too
    /// (the strict form of [`Vm::load_attr_instance_method`], without its polymorphic path).
    #[inline(always)]
    pub(crate) fn load_attr_method_layout(&mut self, ctx: &Ctx, version: bool) -> UopResult {
        let owner = self.top();
        let Some(Obj::Instance(i)) = self.obj(owner) else {
            return DEOPT;
        };
        match self.heap.get(i.class) {
            Obj::Class(c)
                if i.dict.is_none()
                    && c.layout.len() as u32 == cache(ctx, 3)
                    && (!version || c.version.get() == cache(ctx, 1)) => {}
            _ => return DEOPT,
        }
        self.load_attr_method(ctx)
    }

    /// The top is an instance without a dict whose class has exactly the cached version
    /// (cache unit 1): the strict form of [`Vm::instance_slot_ok`] the trace optimizer uses,
    /// after which the class is known (its version identifies it).
    #[inline(always)]
    pub(crate) fn guard_type_version(&self, ctx: &Ctx) -> UopResult {
        let Some(Obj::Instance(i)) = self.obj(self.top()) else {
            return DEOPT;
        };
        match self.heap.get(i.class) {
            Obj::Class(c) if i.dict.is_none() && c.version.get() == cache(ctx, 1) => NEXT,
            _ => DEOPT,
        }
    }

    /// The top is an instance without a dict whose class's layout has the prefix `shape`
    /// and whose attribute access is plain (no property, no user `__setattr__` in its
    /// MRO): what the trace optimizer puts in the place of a polymorphic attribute guard,
    /// proving the names of all the prefix's slots at once (`object::shape`).
    #[inline(always)]
    pub(crate) fn guard_shape(&self, shape: u32) -> UopResult {
        let Some(Obj::Instance(i)) = self.obj(self.top()) else {
            return DEOPT;
        };
        let Some(depth) = self.shapes.get(shape).map(|n| n.depth as usize) else {
            return DEOPT;
        };
        match self.heap.get(i.class) {
            Obj::Class(c)
                if i.dict.is_none()
                    && depth > 0
                    && c.shape_path.get(depth - 1) == Some(&shape)
                    && self.class_attrs_plain(c, i.class) =>
            {
                NEXT
            }
            _ => DEOPT,
        }
    }

    /// `obj.name(...)` on an instance (values in the shared layout): replaces the owner by
    /// the method and pushes the owner as `self`. The method is the cached function when
    /// the class has the cached version and layout length (no instance attribute can
    /// shadow it); at a polymorphic site, any Python function the class lookup finds (a
    /// global cache keyed by class version) when the class layout has no `name`.
    #[inline(always)]
    pub(crate) fn load_attr_instance_method(&mut self, ctx: &Ctx, arg: u32) -> UopResult {
        let owner = self.top();
        let Some(Obj::Instance(i)) = self.obj(owner) else {
            return DEOPT;
        };
        if i.dict.is_some() {
            return DEOPT;
        }
        let cls = i.class;
        let f = match self.heap.get(cls) {
            Obj::Class(c)
                if c.version.get() == cache(ctx, 1) && c.layout.len() as u32 == cache(ctx, 3) =>
            {
                Value::obj(ObjRef(cache(ctx, 2)))
            }
            Obj::Class(c) => {
                let Some(&name) = ctx.code.names.get((arg >> 1) as usize) else {
                    return DEOPT;
                };
                if c.layout.contains(&name) {
                    return DEOPT;
                }
                match self.class_lookup(cls, name) {
                    Some(f) if matches!(self.obj(f), Some(Obj::Function(_))) => {
                        if f == Value::obj(ObjRef(cache(ctx, 2)))
                            && c.layout.len() as u32 == cache(ctx, 3)
                            && ctx.in_tier1()
                        {
                            // What the cache says holds at this version too (the cached
                            // class after a change, or another class with the method):
                            // it becomes the cached one, so a class whose version changed
                            // takes the fast path again. Not in a trace: its strict forms
                            // read its snapshot of the cache and rest on the version the
                            // optimizer proved (this class may be another one).
                            set_cache(ctx, 1, c.version.get());
                        }
                        f
                    }
                    _ => return DEOPT,
                }
            }
            _ => return DEOPT,
        };
        if let Some(t) = self.stack.last_mut() {
            *t = f;
        }
        self.push(owner);
        NEXT
    }

    /// `LOAD_ATTR_CLASS_METHOD`: the cached function of a staticmethod or classmethod for
    /// a call, when the owner is the cached kind (a class, or an instance without a
    /// `__dict__` whose layout has not grown) and its class has the cached version; the
    /// class goes in the receiver slot for a classmethod.
    #[inline(always)]
    pub(crate) fn load_attr_class_method(&mut self, ctx: &Ctx) -> UopResult {
        let owner = self.top();
        let kind = cache(ctx, 3);
        let on_instance = kind & CLASS_METHOD_ON_INSTANCE != 0;
        let cls = match (self.obj(owner), owner.as_obj()) {
            (Some(Obj::Class(_)), Some(c)) if !on_instance => c,
            (Some(Obj::Instance(i)), _) if on_instance && i.dict.is_none() => i.class,
            _ => return DEOPT,
        };
        match self.heap.get(cls) {
            Obj::Class(c)
                if c.version.get() == cache(ctx, 1)
                    && (!on_instance || c.layout.len() as u32 == kind >> CLASS_METHOD_BITS) => {}
            _ => return DEOPT,
        }
        let receiver = if kind & CLASS_METHOD_CLASSMETHOD != 0 {
            Value::obj(cls)
        } else {
            Value::UNDEF
        };
        if let Some(t) = self.stack.last_mut() {
            *t = Value::obj(ObjRef(cache(ctx, 2)));
        }
        self.push(receiver);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn load_attr_instance_value(&mut self, ctx: &Ctx, arg: u32) -> UopResult {
        let v = match self.obj(self.top()) {
            Some(Obj::Instance(i)) => i.values.get(cache(ctx, 2) as usize).copied(),
            _ => None,
        };
        let Some(v) = v.filter(|v| !v.is_undef()) else {
            return DEOPT;
        };
        if let Some(t) = self.stack.last_mut() {
            *t = v;
        }
        if arg & 1 != 0 {
            self.push(Value::UNDEF);
        }
        NEXT
    }

    #[inline(always)]
    pub(crate) fn load_attr_method(&mut self, ctx: &Ctx) -> UopResult {
        let owner = self.top();
        if let Some(t) = self.stack.last_mut() {
            *t = crate::object::native_table::from_cache_id(cache(ctx, 2));
        }
        self.push(owner);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn check_attr_module(&self, ctx: &Ctx) -> UopResult {
        let Some(Obj::Module(m)) = self.obj(self.top()) else {
            return DEOPT;
        };
        match self.heap.get(m.dict) {
            Obj::Dict(d) if m.dict.0 == cache(ctx, 1) && d.keys_version == cache(ctx, 2) => NEXT,
            _ => DEOPT,
        }
    }

    #[inline(always)]
    pub(crate) fn load_attr_module(&mut self, ctx: &Ctx, arg: u32) -> UopResult {
        let v = match self.obj(self.top()) {
            Some(Obj::Module(m)) => match self.heap.get(m.dict) {
                Obj::Dict(d) => d.live_entry(cache(ctx, 3) as usize).map(|e| e.value),
                _ => None,
            },
            _ => None,
        };
        let Some(v) = v else { return DEOPT };
        if let Some(t) = self.stack.last_mut() {
            *t = v;
        }
        if arg & 1 != 0 {
            self.push(Value::UNDEF);
        }
        NEXT
    }

    #[inline(always)]
    pub(crate) fn store_attr_instance_value(&mut self, ctx: &Ctx) -> UopResult {
        let (v, owner) = self.top2();
        let slot = cache(ctx, 2) as usize;
        let Some(r) = owner.as_obj() else {
            return DEOPT;
        };
        let (grow, class) = match self.heap.get(r) {
            // (An instance given a dict since its guard keeps its attributes there.)
            Obj::Instance(i) if i.dict.is_none() => {
                ((slot + 1).saturating_sub(i.values.len()), i.class)
            }
            _ => return DEOPT,
        };
        // A value of another kind than the slot has held widens it (a new class version):
        // the generic path does that, never a trace (`Class::slot_kinds`).
        let Obj::Class(c) = self.heap.get(class) else {
            return DEOPT;
        };
        let Some(cell) = c.slot_kinds.get(slot) else {
            return DEOPT;
        };
        let old = cell.get();
        if old != slot_kind::MIXED {
            let k = slot_kind::of(v);
            if old != k {
                if old != slot_kind::UNSET {
                    return DEOPT;
                }
                if !self.first_slot_store(c, slot, k) {
                    return DEOPT;
                }
            }
        }
        if grow > 0 {
            self.charge(grow * 8)?;
        }
        if let Obj::Instance(i) = self.heap.get_mut(r) {
            if grow > 0 {
                i.values.resize(slot + 1, Value::UNDEF);
            }
            i.values[slot] = v;
        }
        let n = self.stack.len();
        self.stack.truncate(n - 2);
        NEXT
    }

    /// The first store of kind `k` to slot `slot` of class `c` (its kind is unset): the
    /// layout prefix's kind must take it without widening (the generic path widens, with
    /// the invalidation); then both record it. Whether it may go on.
    #[cold]
    #[inline(never)]
    fn first_slot_store(&self, c: &crate::object::types::Class, slot: usize, k: u8) -> bool {
        let s = c.shape_path.get(slot).copied().unwrap_or(NO_SHAPE);
        if let Some(n) = self.shapes.get(s) {
            match n.kind.get() {
                nk if nk == k || nk == slot_kind::MIXED => {}
                slot_kind::UNSET => n.kind.set(k),
                _ => return false,
            }
        }
        if let Some(cell) = c.slot_kinds.get(slot) {
            cell.set(k);
        }
        true
    }
}
