//! Bodies of the guard and action uops of the specialized instructions. A guard returns
//! `Flow::Deopt` before any side effect, and the instruction then runs its generic form.
//! Each body is small and `#[inline(always)]`: the dispatch expands every instruction into
//! straight-line code of its uops.

use alloc::string::String;

use crate::bytecode::ops::{BinaryOp, CompareOp};
use crate::interp::eval::{Ctx, Flow};
use crate::interp::frame::{Frame, OnReturn};
use crate::interp::specialize::{cache, exact_shape, set_cache, POLYMORPHIC_BIT, POLYMORPHIC_UNIT};
use crate::object::shape::NO_SHAPE;
use crate::object::types::{slot_kind, IterObj, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

type UopResult = Result<Flow, PyErr>;

const DEOPT: UopResult = Ok(Flow::Deopt);
const NEXT: UopResult = Ok(Flow::Next);

/// Normalizes a Python index against a length (`None` when out of range).
#[inline(always)]
fn index(i: i64, len: usize) -> Option<usize> {
    let i = if i < 0 { i + len as i64 } else { i };
    (i >= 0 && (i as usize) < len).then_some(i as usize)
}

/// The items of a list (for the list forms of subscript and unpacking).
#[inline(always)]
pub(crate) fn list_items(o: &Obj) -> Option<&[Value]> {
    match o {
        Obj::List(l) => Some(l),
        _ => None,
    }
}

/// The items of a tuple.
#[inline(always)]
pub(crate) fn tuple_items(o: &Obj) -> Option<&[Value]> {
    match o {
        Obj::Tuple(t) => Some(t),
        _ => None,
    }
}

/// `x op y` for any ordered type.
#[inline(always)]
fn compare_values<T: PartialOrd + ?Sized>(op: CompareOp, x: &T, y: &T) -> bool {
    match op {
        CompareOp::Lt => x < y,
        CompareOp::Le => x <= y,
        CompareOp::Eq => x == y,
        CompareOp::Ne => x != y,
        CompareOp::Gt => x > y,
        CompareOp::Ge => x >= y,
    }
}

/// A small int or float as f64 (exact for small ints: they have 48 bits).
#[inline(always)]
fn as_f64(v: Value) -> f64 {
    match v.as_float() {
        Some(f) => f,
        None => v.small_int_value() as f64,
    }
}

impl Vm {
    #[inline(always)]
    fn top2(&self) -> (Value, Value) {
        let n = self.stack.len();
        if n < 2 {
            return (Value::UNDEF, Value::UNDEF);
        }
        (self.stack[n - 2], self.stack[n - 1])
    }

    /// Replaces the top two items by `v`.
    #[inline(always)]
    fn replace2(&mut self, v: Value) {
        let n = self.stack.len();
        if n >= 2 {
            self.stack[n - 2] = v;
            self.stack.truncate(n - 1);
        }
    }

    // -- Globals ---------------------------------------------------------------------------

    #[inline(always)]
    pub(crate) fn guard_globals_version(&self, ctx: &Ctx) -> UopResult {
        let g = self.frames[ctx.fi].globals;
        match self.heap.get(g) {
            Obj::Dict(d) if g.0 == cache(ctx, 1) && d.keys_version == cache(ctx, 2) => NEXT,
            _ => DEOPT,
        }
    }

    #[inline(always)]
    pub(crate) fn guard_builtins_version(&self, ctx: &Ctx) -> UopResult {
        match self.heap.get(self.builtins) {
            Obj::Dict(d) if d.keys_version == cache(ctx, 3) => NEXT,
            _ => DEOPT,
        }
    }

    #[inline(always)]
    pub(crate) fn load_global_entry(&mut self, ctx: &Ctx, d: ObjRef, arg: u32) -> UopResult {
        let v = match self.heap.get(d) {
            Obj::Dict(t) => t.live_entry(cache(ctx, 4) as usize).map(|e| e.value),
            _ => None,
        };
        let Some(v) = v else { return DEOPT };
        self.push(v);
        if arg & 1 != 0 {
            self.push(Value::UNDEF);
        }
        NEXT
    }

    // -- Arithmetic and comparisons ----------------------------------------------------------

    #[inline(always)]
    pub(crate) fn guard_both_int(&self) -> UopResult {
        let (a, b) = self.top2();
        if a.is_small_int() && b.is_small_int() {
            NEXT
        } else {
            DEOPT
        }
    }

    /// Both operands are numbers (small ints or floats) and at least one is a float: the
    /// operation is a float operation (small ints convert to f64 exactly).
    #[inline(always)]
    pub(crate) fn guard_numbers_one_float(&self) -> UopResult {
        let (a, b) = self.top2();
        let num = |v: Value| v.is_float() || v.is_small_int();
        if num(a) && num(b) && (a.is_float() || b.is_float()) {
            NEXT
        } else {
            DEOPT
        }
    }

    /// Both operands are small ints or floats (true division is a float operation even on
    /// two ints).
    #[inline(always)]
    pub(crate) fn guard_both_numbers(&self) -> UopResult {
        let (a, b) = self.top2();
        let num = |v: Value| v.is_float() || v.is_small_int();
        if num(a) && num(b) {
            NEXT
        } else {
            DEOPT
        }
    }

    /// The owner's type is the cached builtin type (builtin types never change).
    #[inline(always)]
    pub(crate) fn guard_builtin_type(&self, ctx: &Ctx) -> UopResult {
        if self.type_of(self.top()).0 == cache(ctx, 1) {
            NEXT
        } else {
            DEOPT
        }
    }

    #[inline(always)]
    pub(crate) fn guard_both_str(&self) -> UopResult {
        let (a, b) = self.top2();
        if matches!(self.obj(a), Some(Obj::Str(_))) && matches!(self.obj(b), Some(Obj::Str(_))) {
            NEXT
        } else {
            DEOPT
        }
    }

    /// An int operation on two small ints; `None` from `f` (i64 overflow) takes the generic
    /// path, which produces a big int.
    #[inline(always)]
    pub(crate) fn int_op(&mut self, arg: u32, f: fn(i64, i64) -> Option<i64>) -> UopResult {
        let (a, b) = self.top2();
        let r = match f(a.small_int_value(), b.small_int_value()) {
            Some(r) => match Value::small_int(r) {
                Some(v) => v,
                None => self.new_int(r)?,
            },
            None => {
                let (op, inplace) = BinaryOp::from_oparg(arg)
                    .ok_or_else(|| self.internal_error("bad BINARY_OP oparg"))?;
                self.binary_op(a, b, op, inplace)?
            }
        };
        self.replace2(r);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn float_binop(&mut self, f: fn(f64, f64) -> f64) -> UopResult {
        let (a, b) = self.top2();
        let r = f(as_f64(a), as_f64(b));
        self.replace2(Value::float(r));
        NEXT
    }

    #[inline(always)]
    pub(crate) fn float_div(&mut self, arg: u32) -> UopResult {
        let (a, b) = self.top2();
        let (x, y) = (as_f64(a), as_f64(b));
        let r = if y == 0.0 {
            let (op, inplace) = BinaryOp::from_oparg(arg)
                .ok_or_else(|| self.internal_error("bad BINARY_OP oparg"))?;
            self.binary_op(a, b, op, inplace)?
        } else {
            Value::float(x / y)
        };
        self.replace2(r);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn str_add(&mut self) -> UopResult {
        let (a, b) = self.top2();
        let s = {
            let (x, y) = (self.str_of(a).unwrap_or(""), self.str_of(b).unwrap_or(""));
            let mut s = String::new();
            if s.try_reserve(x.len() + y.len()).is_err() {
                return Err(PyErr(self.memory_error));
            }
            s.push_str(x);
            s.push_str(y);
            s
        };
        let r = self.new_string(s)?;
        self.replace2(r);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn compare_int(&mut self, arg: u32) -> UopResult {
        let (a, b) = self.top2();
        self.compare_with(arg, a.small_int_value(), b.small_int_value())
    }

    #[inline(always)]
    pub(crate) fn compare_float(&mut self, arg: u32) -> UopResult {
        let (a, b) = self.top2();
        self.compare_with(arg, as_f64(a), as_f64(b))
    }

    /// Replaces the two operands by the comparison `x op y` (IEEE semantics for floats: NaN
    /// compares unequal and unordered, as in Python).
    #[inline(always)]
    fn compare_with<T: PartialOrd>(&mut self, arg: u32, x: T, y: T) -> UopResult {
        let Some(r) = CompareOp::from_oparg(arg).map(|op| compare_values(op, &x, &y)) else {
            return DEOPT;
        };
        self.replace2(Value::bool(r));
        NEXT
    }

    #[inline(always)]
    pub(crate) fn compare_str(&mut self, arg: u32) -> UopResult {
        let (a, b) = self.top2();
        let r = {
            let (x, y) = (self.str_of(a).unwrap_or(""), self.str_of(b).unwrap_or(""));
            match CompareOp::from_oparg(arg) {
                // Interned or identical strings compare equal without reading them.
                Some(CompareOp::Eq) => a == b || x == y,
                Some(CompareOp::Ne) => a != b && x != y,
                Some(op) => compare_values(op, &x, &y),
                None => return DEOPT,
            }
        };
        self.replace2(Value::bool(r));
        NEXT
    }

    // -- Attributes --------------------------------------------------------------------------

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
            *t = Value::obj(ObjRef(cache(ctx, 2)));
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

    /// `a op b` where `a` is an instance of the user class with the cached version (so its
    /// dunder is the cached function and, for an in-place operator, it has no in-place
    /// dunder) and `b` has the cached type: the same class or a builtin number, for which
    /// no reflected method can take over, so a `NotImplemented` result means the
    /// operation is unsupported. The operands stay on the VM stack (rooted) during the
    /// call.
    #[inline(always)]
    pub(crate) fn binary_op_user(&mut self, ctx: &Ctx, arg: u32) -> UopResult {
        let (a, b) = self.top2();
        let Some(Obj::Instance(i)) = self.obj(a) else {
            return DEOPT;
        };
        match self.heap.get(i.class) {
            Obj::Class(c) if c.version.get() == cache(ctx, 1) => {}
            _ => return DEOPT,
        }
        if self.type_of(b).0 != cache(ctx, 3) {
            return DEOPT;
        }
        self.frames[ctx.fi].ip = ctx.ip as u32;
        self.frames[ctx.fi].lasti = ctx.this as u32;
        let r = self.call_exact_nested(ObjRef(cache(ctx, 2)), &[a, b])?;
        if r == Value::NOT_IMPLEMENTED {
            let (op, inplace) = BinaryOp::from_oparg(arg)
                .ok_or_else(|| self.internal_error("bad BINARY_OP oparg"))?;
            return Err(self.binop_error(a, b, op, inplace));
        }
        self.replace2(r);
        NEXT
    }

    // -- Subscripts and containers ---------------------------------------------------------

    /// The item below the top is a list (`seq[i]` and `seq[i] = v` on a list).
    #[inline(always)]
    pub(crate) fn guard_nos_list(&self) -> UopResult {
        match self.obj(self.peek(2)) {
            Some(Obj::List(_)) => NEXT,
            _ => DEOPT,
        }
    }

    /// The top is a small int.
    #[inline(always)]
    pub(crate) fn guard_tos_int(&self) -> UopResult {
        if self.top().is_small_int() {
            NEXT
        } else {
            DEOPT
        }
    }

    /// The top is a list iterator.
    #[inline(always)]
    pub(crate) fn guard_iter_list(&self) -> UopResult {
        match self.obj(self.top()) {
            Some(Obj::ListIter { .. }) => NEXT,
            _ => DEOPT,
        }
    }

    /// The top is a range iterator.
    #[inline(always)]
    pub(crate) fn guard_iter_range(&self) -> UopResult {
        match self.obj(self.top()) {
            Some(Obj::RangeIter { .. }) => NEXT,
            _ => DEOPT,
        }
    }

    /// The top is a tuple iterator.
    #[inline(always)]
    pub(crate) fn guard_iter_tuple(&self) -> UopResult {
        match self.obj(self.top()) {
            Some(Obj::Iter(it)) if matches!(**it, IterObj::Tuple { .. }) => NEXT,
            _ => DEOPT,
        }
    }

    /// `seq[i]` for a small int `i` when `items` recognizes the container (list or tuple).
    #[inline(always)]
    pub(crate) fn binary_subscr_seq_int(
        &mut self,
        items: fn(&Obj) -> Option<&[Value]>,
    ) -> UopResult {
        let (c, k) = self.top2();
        let v = match (self.obj(c).and_then(items), k.as_small_int()) {
            (Some(seq), Some(i)) => index(i, seq.len()).map(|i| seq[i]),
            _ => None,
        };
        let Some(v) = v else { return DEOPT };
        self.replace2(v);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn binary_subscr_dict(&mut self) -> UopResult {
        let (c, k) = self.top2();
        let Some(d) = c
            .as_obj()
            .filter(|d| matches!(self.heap.get(*d), Obj::Dict(_)))
        else {
            return DEOPT;
        };
        match self.dict_get(d, k)? {
            Some(v) => {
                self.replace2(v);
                NEXT
            }
            None => Err(self.key_error(k)),
        }
    }

    #[inline(always)]
    pub(crate) fn store_subscr_list_int(&mut self) -> UopResult {
        let n = self.stack.len();
        if n < 3 {
            return DEOPT;
        }
        let (v, c, k) = (self.stack[n - 3], self.stack[n - 2], self.stack[n - 1]);
        let (Some(r), Some(i)) = (c.as_obj(), k.as_small_int()) else {
            return DEOPT;
        };
        match self.heap.get_mut(r) {
            Obj::List(l) => match index(i, l.len()) {
                Some(i) => l[i] = v,
                None => return DEOPT,
            },
            _ => return DEOPT,
        }
        self.stack.truncate(n - 3);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn store_subscr_dict(&mut self) -> UopResult {
        let n = self.stack.len();
        if n < 3 {
            return DEOPT;
        }
        let (v, c, k) = (self.stack[n - 3], self.stack[n - 2], self.stack[n - 1]);
        let Some(d) = c
            .as_obj()
            .filter(|d| matches!(self.heap.get(*d), Obj::Dict(_)))
        else {
            return DEOPT;
        };
        self.dict_set(d, k, v)?;
        self.stack.truncate(n - 3);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn contains_dict(&mut self, arg: u32) -> UopResult {
        let (v, c) = self.top2();
        let Some(d) = c
            .as_obj()
            .filter(|d| matches!(self.heap.get(*d), Obj::Dict(_)))
        else {
            return DEOPT;
        };
        let found = self.dict_get(d, v)?.is_some();
        self.replace2(Value::bool(found != (arg != 0)));
        NEXT
    }

    #[inline(always)]
    pub(crate) fn contains_set(&mut self, arg: u32) -> UopResult {
        let (v, c) = self.top2();
        let Some(s) = c
            .as_obj()
            .filter(|s| matches!(self.heap.get(*s), Obj::Set(_)))
        else {
            return DEOPT;
        };
        let found = self.set_contains(s, v)?;
        self.replace2(Value::bool(found != (arg != 0)));
        NEXT
    }

    /// `x in seq` for a list or tuple: scans the items in place while every comparison
    /// needs no user code (identical values, small ints, strs...); the first that might
    /// (an instance's `__eq__`, a nested container) hands the whole test to the generic
    /// path, which is safe because the comparisons so far had no effects.
    #[inline(always)]
    pub(crate) fn contains_seq(&mut self, arg: u32) -> UopResult {
        let (v, c) = self.top2();
        let items = match self.obj(c) {
            Some(Obj::List(l)) => &l[..],
            Some(Obj::Tuple(t)) => &t[..],
            _ => return DEOPT,
        };
        let mut found = Some(false);
        let int_needle = v.is_small_int();
        for &x in items {
            // Identity means membership, as in `Vm::eq` (so a NaN finds itself).
            if x == v {
                found = Some(true);
                break;
            }
            if int_needle && x.is_small_int() {
                continue;
            }
            match self.simple_eq(x, v) {
                Some(false) => {}
                r => {
                    found = r;
                    break;
                }
            }
        }
        let found = match found {
            Some(f) => f,
            None => self.contains(c, v)?,
        };
        self.replace2(Value::bool(found != (arg != 0)));
        NEXT
    }

    /// `TO_BOOL_*`: `test` returns the truth value, or `None` when the type does not match.
    #[inline(always)]
    pub(crate) fn truth_with(&mut self, test: fn(&Vm, Value) -> Option<bool>) -> UopResult {
        let Some(b) = test(self, self.top()) else {
            return DEOPT;
        };
        if let Some(t) = self.stack.last_mut() {
            *t = Value::bool(b);
        }
        NEXT
    }

    // -- Iteration ---------------------------------------------------------------------------

    #[inline(always)]
    pub(crate) fn for_iter_range(&mut self, ctx: &mut Ctx, target: u32) -> UopResult {
        self.for_iter_range_as::<false>(ctx, target)
    }

    /// Tier 2 `_FOR_ITER_RANGE_SMALL`: `_FOR_ITER_RANGE` that leaves the trace (before
    /// advancing) when the next value is not a small int, so the value is a proven small int.
    #[inline(always)]
    pub(crate) fn for_iter_range_small(&mut self, ctx: &mut Ctx, target: u32) -> UopResult {
        self.for_iter_range_as::<true>(ctx, target)
    }

    #[inline(always)]
    fn for_iter_range_as<const SMALL: bool>(&mut self, ctx: &mut Ctx, target: u32) -> UopResult {
        let Some(r) = self.top().as_obj() else {
            return DEOPT;
        };
        let Obj::RangeIter { next, stop, step } = self.heap.get_mut(r) else {
            return DEOPT;
        };
        let n = *next;
        if (*step > 0 && n < *stop) || (*step < 0 && n > *stop) {
            if SMALL && Value::small_int(n).is_none() {
                return DEOPT;
            }
            *next = n.saturating_add(*step);
            let v = match Value::small_int(n) {
                Some(v) => v,
                None => self.new_int(n)?,
            };
            self.push(v);
        } else {
            self.stack.pop();
            ctx.ip = target as usize;
        }
        NEXT
    }

    #[inline(always)]
    pub(crate) fn for_iter_list(&mut self, ctx: &mut Ctx, target: u32) -> UopResult {
        let Some(r) = self.top().as_obj() else {
            return DEOPT;
        };
        let Obj::ListIter { list, idx } = *self.heap.get(r) else {
            return DEOPT;
        };
        let v = match self.heap.get(list) {
            Obj::List(l) => l.get(idx).copied(),
            _ => None,
        };
        let next = if v.is_some() { idx + 1 } else { usize::MAX };
        if let Obj::ListIter { idx: i, .. } = self.heap.get_mut(r) {
            *i = next;
        }
        match v {
            Some(v) => self.push(v),
            None => {
                self.stack.pop();
                ctx.ip = target as usize;
            }
        }
        NEXT
    }

    #[inline(always)]
    pub(crate) fn for_iter_tuple(&mut self, ctx: &mut Ctx, target: u32) -> UopResult {
        let Some(r) = self.top().as_obj() else {
            return DEOPT;
        };
        let (seq, idx) = match self.heap.get(r) {
            Obj::Iter(it) => match **it {
                IterObj::Tuple { seq, idx } => (seq, idx),
                _ => return DEOPT,
            },
            _ => return DEOPT,
        };
        let v = match self.heap.get(seq) {
            Obj::Tuple(t) => t.get(idx).copied(),
            _ => None,
        };
        match v {
            Some(v) => {
                if let Obj::Iter(it) = self.heap.get_mut(r) {
                    if let IterObj::Tuple { idx: i, .. } = &mut **it {
                        *i = idx + 1;
                    }
                }
                self.push(v);
            }
            None => {
                if let Obj::Iter(it) = self.heap.get_mut(r) {
                    **it = IterObj::Done;
                }
                self.stack.pop();
                ctx.ip = target as usize;
            }
        }
        NEXT
    }

    /// `a, b, ... = seq` for a list or tuple (`items` recognizes which) of exactly `n` items.
    #[inline(always)]
    pub(crate) fn unpack_seq(
        &mut self,
        n: usize,
        items: fn(&Obj) -> Option<&[Value]>,
    ) -> UopResult {
        let mut buf = [Value::UNDEF; 8];
        let got: &[Value] = match self.obj(self.top()).and_then(items) {
            Some(seq) if seq.len() == n && n <= 8 => {
                buf[..n].copy_from_slice(seq);
                &buf[..n]
            }
            _ => return DEOPT,
        };
        self.stack.pop();
        self.stack.extend(got.iter().rev());
        NEXT
    }

    // -- Calls -------------------------------------------------------------------------------

    /// Enters the Python function at `callee_pos` whose `nargs` arguments (self included)
    /// already sit where its locals go; the caller checked the argument shape.
    #[inline(always)]
    fn push_exact_frame(
        &mut self,
        ctx: &mut Ctx,
        callee_pos: usize,
        nargs: usize,
        on_return: OnReturn,
        floor: usize,
    ) -> UopResult {
        let func = self.stack[callee_pos];
        let Some(Obj::Function(f)) = self.obj(func) else {
            return DEOPT;
        };
        let (code, globals) = (f.code.clone(), f.globals);
        self.enter_exact(ctx, func, code, globals, nargs, on_return, floor)
    }

    /// Pushes the frame of `func` (code `code`, globals `globals`) whose `nargs` arguments
    /// are the top of the stack, after saving the caller's position.
    #[inline(always)]
    #[allow(
        clippy::too_many_arguments,
        reason = "the frame's fields, passed in registers"
    )]
    fn enter_exact(
        &mut self,
        ctx: &mut Ctx,
        func: Value,
        code: alloc::rc::Rc<crate::bytecode::code::CodeObject>,
        globals: ObjRef,
        nargs: usize,
        on_return: OnReturn,
        floor: usize,
    ) -> UopResult {
        self.check_frame_depth()?;
        let n = self.stack.len();
        let extra = code.nlocalsplus() - nargs;
        self.reserve_frame(extra, &code)?;
        if let Some(caller) = self.frames.get_mut(ctx.fi) {
            caller.ip = ctx.ip as u32;
            caller.lasti = ctx.this as u32;
        }
        // Into the room just reserved: a plain loop, where `resize` is a call.
        for _ in 0..extra {
            self.stack.push_reserved(Value::UNDEF);
        }
        let same_code = core::ptr::eq(ctx.code, &*code);
        let on_return = match on_return {
            OnReturn::Push if same_code => OnReturn::PushSame,
            other => other,
        };
        let base = n - nargs;
        self.frames.push(Frame {
            code,
            func,
            globals,
            locals: Value::UNDEF,
            ip: 0,
            lasti: 0,
            base: base as u32,
            stack_floor: floor as u32,
            on_return,
            generator: None,
            saved_exc: Value::NONE,
        });
        if same_code {
            // A self-recursive call: the dispatch loop already holds the code, so `ctx` moves
            // to the new frame exactly as a reload would put it.
            ctx.base = base;
            ctx.ip = 0;
            ctx.this = 0;
            ctx.fi = self.frames.len() - 1;
            return NEXT;
        }
        Ok(Flow::Reload)
    }

    /// `CALL_PY_EXACT_ARGS`: one heap lookup checks the callee's shape and yields what the
    /// frame needs (the common call; `push_exact_frame` serves the other exact-call forms).
    #[inline(always)]
    pub(crate) fn call_py_exact_args(&mut self, ctx: &mut Ctx, argc: usize) -> UopResult {
        let n = self.stack.len();
        let Some(callee_pos) = n.checked_sub(argc + 2) else {
            return DEOPT;
        };
        let func = self.stack[callee_pos];
        let has_self = !self.stack[callee_pos + 1].is_undef();
        let nargs = argc + has_self as usize;
        let Some(Obj::Function(f)) = self.obj(func) else {
            return DEOPT;
        };
        if !exact_shape(&f.code, nargs) {
            return DEOPT;
        }
        let (code, globals) = (f.code.clone(), f.globals);
        self.enter_exact(ctx, func, code, globals, nargs, OnReturn::Push, callee_pos)
    }

    #[inline(always)]
    pub(crate) fn call_bound_method_exact_args(&mut self, ctx: &mut Ctx, argc: usize) -> UopResult {
        let n = self.stack.len();
        let callee_pos = n - argc - 2;
        if !self.stack[callee_pos + 1].is_undef() {
            return DEOPT;
        }
        let Some(Obj::BoundMethod { func, receiver }) = self.obj(self.stack[callee_pos]) else {
            return DEOPT;
        };
        let (func, receiver) = (*func, *receiver);
        if !self.exact_args(func, argc + 1) {
            return DEOPT;
        }
        self.stack[callee_pos] = func;
        self.stack[callee_pos + 1] = receiver;
        self.push_exact_frame(ctx, callee_pos, argc + 1, OnReturn::Push, callee_pos)
    }

    /// Calls the native function at `callee_pos` with the arguments above it (self included
    /// when present) and replaces the call's stack items by the result.
    #[inline(always)]
    fn call_native_at(&mut self, ctx: &Ctx, callee_pos: usize) -> UopResult {
        let Some(Obj::Native(nf)) = self.obj(self.stack[callee_pos]) else {
            return DEOPT;
        };
        if !nf.bound.is_undef() {
            return DEOPT;
        }
        let f = nf.f;
        let first = if self.stack[callee_pos + 1].is_undef() {
            callee_pos + 2
        } else {
            callee_pos + 1
        };
        self.call_native_with_stack_args(ctx, callee_pos, first, |vm, args| f(vm, args, &[]))
    }

    /// Runs `call` on the arguments `stack[first..]` as native code and replaces the call's
    /// stack items (from `callee_pos`) by the result. The arguments stay on the VM stack, so
    /// they are rooted while the callee runs Python code; up to 8 are passed in a stack buffer.
    #[inline(always)]
    fn call_native_with_stack_args(
        &mut self,
        ctx: &Ctx,
        callee_pos: usize,
        first: usize,
        call: impl FnOnce(&mut Vm, &[Value]) -> PyResult<Value>,
    ) -> UopResult {
        self.frames[ctx.fi].ip = ctx.ip as u32;
        self.frames[ctx.fi].lasti = ctx.this as u32;
        let mut buf = [Value::UNDEF; 8];
        let n = self.stack.len() - first;
        let heap_args;
        let args: &[Value] = if n <= 8 {
            buf[..n].copy_from_slice(&self.stack[first..]);
            &buf[..n]
        } else {
            heap_args = self.stack[first..].to_vec();
            &heap_args
        };
        self.enter_native()?;
        let r = call(self, args);
        self.leave_native();
        let v = r?;
        self.stack.truncate(callee_pos);
        self.push(v);
        NEXT
    }

    /// Calls a builtin type (`list(...)`, `range(...)`, `set()`) with positional arguments.
    #[inline(always)]
    pub(crate) fn call_builtin_class(&mut self, ctx: &Ctx, argc: usize) -> UopResult {
        let callee_pos = self.stack.len() - argc - 2;
        let Some(cls) = self.stack[callee_pos].as_obj() else {
            return DEOPT;
        };
        match self.heap.get(cls) {
            Obj::Class(c) if c.is_builtin => {}
            _ => return DEOPT,
        }
        if !self.stack[callee_pos + 1].is_undef() {
            return DEOPT;
        }
        if argc == 0 {
            // `set()`, `list()`, `dict()`: nothing to convert, no user code.
            let empty = if cls == self.types.set {
                Some(self.new_set(&[], false)?)
            } else if cls == self.types.list {
                Some(self.new_list(alloc::vec::Vec::new())?)
            } else if cls == self.types.dict {
                Some(self.new_dict()?)
            } else {
                None
            };
            if let Some(v) = empty {
                self.stack.truncate(callee_pos);
                self.push(v);
                return NEXT;
            }
        }
        self.call_native_with_stack_args(ctx, callee_pos, callee_pos + 2, |vm, args| {
            vm.instantiate(cls, args, &[])
        })
    }

    #[inline(always)]
    pub(crate) fn call_builtin(&mut self, ctx: &Ctx, argc: usize) -> UopResult {
        let callee_pos = self.stack.len() - argc - 2;
        self.call_native_at(ctx, callee_pos)
    }

    #[inline(always)]
    pub(crate) fn call_len(&mut self, ctx: &Ctx, argc: usize) -> UopResult {
        let callee_pos = self.stack.len() - argc - 2;
        // (The callable is its guard's business; a non-container argument goes through the
        // native call, which checks the callable itself.)
        if argc != 1 {
            return DEOPT;
        }
        let n = match self.obj(self.top()) {
            Some(Obj::List(l)) => Some(l.len()),
            Some(Obj::Tuple(t)) => Some(t.len()),
            Some(Obj::Dict(d)) => Some(d.len()),
            Some(Obj::Set(s)) => Some(s.table.len()),
            Some(Obj::Str(s)) => Some(s.nchars()),
            _ => None,
        };
        match n {
            Some(n) => {
                self.stack.truncate(callee_pos);
                self.push(Value::int_unchecked(n as i64));
                NEXT
            }
            None => self.call_native_at(ctx, callee_pos),
        }
    }

    #[inline(always)]
    pub(crate) fn call_isinstance(&mut self, ctx: &Ctx, argc: usize) -> UopResult {
        let callee_pos = self.stack.len() - argc - 2;
        match self.obj(self.stack[callee_pos]) {
            Some(Obj::Native(n)) if n.name == "isinstance" && argc == 2 => {}
            _ => return DEOPT,
        }
        self.call_native_at(ctx, callee_pos)
    }

    /// `CALL_LEN` / `CALL_BUILTIN`'s guard: the callable is a builtin function (named
    /// `name`, with one argument, when given).
    #[inline(always)]
    pub(crate) fn guard_call_native(&self, argc: usize, name: Option<&str>) -> UopResult {
        let Some(callee_pos) = self.stack.len().checked_sub(argc + 2) else {
            return DEOPT;
        };
        match self.obj(self.stack[callee_pos]) {
            Some(Obj::Native(n))
                if n.bound.is_undef() && name.is_none_or(|w| n.name == w && argc == 1) =>
            {
                NEXT
            }
            _ => DEOPT,
        }
    }

    /// `l.append(x)`'s guard: the callable is `list.append` and `l` a list.
    #[inline(always)]
    pub(crate) fn guard_call_list_append(&self, argc: usize) -> UopResult {
        self.guard_call_method(argc, self.types.list, "append", |o| {
            matches!(o, Obj::List(_))
        })
    }

    /// `s.add(x)`'s guard: the callable is `set.add` and `s` a mutable set.
    #[inline(always)]
    pub(crate) fn guard_call_set_add(&self, argc: usize) -> UopResult {
        self.guard_call_method(
            argc,
            self.types.set,
            "add",
            |o| matches!(o, Obj::Set(s) if !s.frozen),
        )
    }

    /// A one-argument call of the builtin method `name` of class `class` on a `self` that
    /// `is_self` accepts.
    #[inline(always)]
    fn guard_call_method(
        &self,
        argc: usize,
        class: ObjRef,
        name: &str,
        is_self: impl Fn(&Obj) -> bool,
    ) -> UopResult {
        let Some(callee_pos) = self.stack.len().checked_sub(argc + 2) else {
            return DEOPT;
        };
        match (
            self.obj(self.stack[callee_pos]),
            self.obj(self.stack[callee_pos + 1]),
        ) {
            (Some(Obj::Native(f)), Some(o))
                if argc == 1 && f.name == name && f.owner == Value::obj(class) && is_self(o) =>
            {
                NEXT
            }
            _ => DEOPT,
        }
    }

    /// `l.append(x)` on an exact list (its guard is `_GUARD_CALL_LIST_APPEND`; the checks
    /// here are the safety net of a split action).
    #[inline(always)]
    pub(crate) fn call_list_append(&mut self, argc: usize) -> UopResult {
        let n = self.stack.len();
        let callee_pos = n - argc - 2;
        let list = self.stack[callee_pos + 1];
        // (Only what the push relies on: the callable is its guard's business.)
        if argc != 1 || !matches!(self.obj(list), Some(Obj::List(_))) {
            return DEOPT;
        }
        self.list_push(list, self.stack[n - 1])?;
        self.stack.truncate(callee_pos);
        self.push(Value::NONE);
        NEXT
    }

    /// `s.add(x)` on an exact (mutable) set: no native call, no argument checks. The
    /// receiver and the item stay on the VM stack (rooted) while a user `__hash__`/`__eq__`
    /// of the item or of an element runs.
    #[inline(always)]
    pub(crate) fn call_set_add(&mut self, ctx: &Ctx, argc: usize) -> UopResult {
        let n = self.stack.len();
        let callee_pos = n - argc - 2;
        let set = self.stack[callee_pos + 1];
        let Some(r) = set.as_obj() else {
            return DEOPT;
        };
        // (Only what the insertion relies on: the callable is its guard's business.)
        match self.heap.get(r) {
            Obj::Set(s) if !s.frozen && argc == 1 => {}
            _ => return DEOPT,
        }
        self.frames[ctx.fi].ip = ctx.ip as u32;
        self.frames[ctx.fi].lasti = ctx.this as u32;
        self.set_add(set, self.stack[n - 1])?;
        self.stack.truncate(callee_pos);
        self.push(Value::NONE);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn call_alloc_and_enter_init(&mut self, ctx: &mut Ctx, argc: usize) -> UopResult {
        let callee_pos = self.stack.len() - argc - 2;
        let cls_v = self.stack[callee_pos];
        let Some(cls) = cls_v.as_obj() else {
            return DEOPT;
        };
        match self.heap.get(cls) {
            Obj::Class(c) if c.version.get() == cache(ctx, 1) => {}
            _ => return DEOPT,
        }
        if !self.stack[callee_pos + 1].is_undef() {
            return DEOPT;
        }
        let init = Value::obj(ObjRef(cache(ctx, 2)));
        if !self.exact_args(init, argc + 1) {
            return DEOPT;
        }
        self.frames[ctx.fi].ip = ctx.ip as u32;
        self.frames[ctx.fi].lasti = ctx.this as u32;
        let inst = self.new_instance(cls)?;
        // The instance replaces the class (it is the call's result once __init__ returns
        // None) and is also __init__'s `self`.
        self.stack[callee_pos] = inst;
        self.stack[callee_pos + 1] = init;
        self.push_init_frame(ctx, callee_pos, argc, inst)
    }

    #[inline(always)]
    fn push_init_frame(
        &mut self,
        ctx: &mut Ctx,
        callee_pos: usize,
        argc: usize,
        inst: Value,
    ) -> UopResult {
        // Layout for push_exact_frame: the function, then its arguments (self first).
        // The stack is [inst, init, args...]; make it [inst, init, inst, args...] by moving
        // the function slot: base = callee_pos + 2 - 1 would overwrite init, so shift.
        let n = self.stack.len();
        self.stack.insert(n - argc, inst);
        // Now [inst, init, inst, args...]: the function sits at callee_pos + 1.
        self.push_exact_frame(
            ctx,
            callee_pos + 1,
            argc + 1,
            OnReturn::Init,
            callee_pos + 1,
        )
    }
}
