//! Rich comparison: numbers, strings, sequences, sets and user dunders with reflection.

use alloc::format;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::types::Obj;
use super::value::{ObjRef, Value};
use crate::bytecode::code::code_flags;
use crate::bytecode::ops::CompareOp;
use crate::vm::{PyResult, Vm};

fn ord_result(o: Option<Ordering>, op: CompareOp) -> bool {
    match o {
        None => op == CompareOp::Ne,
        Some(o) => match op {
            CompareOp::Lt => o == Ordering::Less,
            CompareOp::Le => o != Ordering::Greater,
            CompareOp::Eq => o == Ordering::Equal,
            CompareOp::Ne => o != Ordering::Equal,
            CompareOp::Gt => o == Ordering::Greater,
            CompareOp::Ge => o != Ordering::Less,
        },
    }
}

impl Vm {
    /// `a op b` as a Python value (user `__lt__` may return anything).
    pub fn compare(&mut self, a: Value, b: Value, op: CompareOp) -> PyResult<Value> {
        if let (Some(x), Some(y)) = (a.as_small_int(), b.as_small_int()) {
            return Ok(Value::bool(ord_result(Some(x.cmp(&y)), op)));
        }
        if let (Some(x), Some(y)) = (a.as_float(), b.as_float()) {
            return Ok(Value::bool(ord_result(x.partial_cmp(&y), op)));
        }
        // Two strs, tuples or lists (exact types: instances of subclasses are `Instance`)
        // have no dunders to try and are not numbers: straight to their comparison.
        if let (Some(Obj::Str(_)), Some(Obj::Str(_)))
        | (Some(Obj::Tuple(_)), Some(Obj::Tuple(_)))
        | (Some(Obj::List(_)), Some(Obj::List(_))) = (self.obj(a), self.obj(b))
        {
            if let Some(r) = self.builtin_compare(a, b, op)? {
                return Ok(Value::bool(r));
            }
        }
        // Instances (subclasses of `int`, `str`, ... included) compare through their
        // dunders first; the builtin comparison of their values is the fallback there.
        let instance = |vm: &Vm, v: Value| matches!(vm.obj(v), Some(Obj::Instance(_)));
        if instance(self, a) || instance(self, b) {
            return self.dunder_compare(a, b, op);
        }
        if let Some(o) = self.numeric_cmp(a, b)? {
            return Ok(Value::bool(ord_result(o, op)));
        }
        if let Some(r) = self.builtin_compare(a, b, op)? {
            return Ok(Value::bool(r));
        }
        if let Some(r) = self.complex_compare(a, b, op)? {
            return Ok(Value::bool(r));
        }
        if matches!(op, CompareOp::Eq | CompareOp::Ne) {
            if let Some(eq) = self.memview_eq(a, b)? {
                return Ok(Value::bool(eq == (op == CompareOp::Eq)));
            }
            if let Some(eq) = self.weakref_eq(a, b)? {
                return Ok(Value::bool(eq == (op == CompareOp::Eq)));
            }
        }
        self.dunder_compare(a, b, op)
    }

    /// Compares two numbers (ints of any size, bools, floats); `None` if not both numbers.
    fn numeric_cmp(&mut self, a: Value, b: Value) -> PyResult<Option<Option<Ordering>>> {
        if let (Some(x), Some(y)) = (self.as_wide(a), self.as_wide(b)) {
            return Ok(Some(Some(x.cmp(&y))));
        }
        let af = a.as_float();
        let bf = b.as_float();
        let ai = self.to_bigint(a);
        let bi = self.to_bigint(b);
        Ok(match (af, bf, ai, bi) {
            (_, _, Some(x), Some(y)) => Some(Some(x.cmp(&y))),
            (Some(x), _, None, Some(y)) => Some(float_vs_int(x, &y)),
            (_, Some(y), Some(x), None) => Some(float_vs_int(y, &x).map(Ordering::reverse)),
            _ => None,
        })
    }

    fn builtin_compare(&mut self, a: Value, b: Value, op: CompareOp) -> PyResult<Option<bool>> {
        let (Some(ra), Some(rb)) = (a.as_obj(), b.as_obj()) else {
            return Ok(None);
        };
        match (self.heap.get(ra), self.heap.get(rb)) {
            (Obj::Str(x), Obj::Str(y)) => {
                Ok(Some(ord_result(Some(x.as_str().cmp(y.as_str())), op)))
            }
            (Obj::Bytes(_) | Obj::ByteArray(_), Obj::Bytes(_) | Obj::ByteArray(_)) => {
                let x = self.bytes_data(a).unwrap_or_default();
                let y = self.bytes_data(b).unwrap_or_default();
                Ok(Some(ord_result(Some(x.cmp(&y)), op)))
            }
            (Obj::List(x), Obj::List(y)) => {
                let (x, y) = (x.clone(), y.clone());
                self.seq_compare(&x, &y, op).map(Some)
            }
            (Obj::Tuple(x), Obj::Tuple(y)) => {
                if let Some(r) = self.tuple_compare_simple(x, y, op) {
                    return Ok(Some(r));
                }
                let (x, y) = (x.to_vec(), y.to_vec());
                self.seq_compare(&x, &y, op).map(Some)
            }
            (Obj::Dict(_), Obj::Dict(_)) if matches!(op, CompareOp::Eq | CompareOp::Ne) => {
                let eq = self.dict_eq(a, b)?;
                Ok(Some(eq == (op == CompareOp::Eq)))
            }
            // Values views have no set semantics: equal only to themselves.
            (
                Obj::DictView {
                    kind: super::types::DictViewKind::Values,
                    ..
                },
                _,
            )
            | (
                _,
                Obj::DictView {
                    kind: super::types::DictViewKind::Values,
                    ..
                },
            ) if matches!(op, CompareOp::Eq | CompareOp::Ne) => {
                Ok(Some((a == b) == (op == CompareOp::Eq)))
            }
            (Obj::Set(_) | Obj::DictView { .. }, Obj::Set(_) | Obj::DictView { .. }) => {
                self.set_compare(a, b, op)
            }
            (
                Obj::Range {
                    start: s1,
                    stop: e1,
                    step: t1,
                },
                Obj::Range {
                    start: s2,
                    stop: e2,
                    step: t2,
                },
            ) if matches!(op, CompareOp::Eq | CompareOp::Ne) => {
                let (l1, l2) = (
                    super::protocol::range_len(*s1, *e1, *t1),
                    super::protocol::range_len(*s2, *e2, *t2),
                );
                let eq = l1 == l2 && (l1 == 0 || (s1 == s2 && (l1 == 1 || t1 == t2)));
                Ok(Some(eq == (op == CompareOp::Eq)))
            }
            (Obj::BigRange(_), Obj::Range { .. } | Obj::BigRange(_))
            | (Obj::Range { .. }, Obj::BigRange(_))
                if matches!(op, CompareOp::Eq | CompareOp::Ne) =>
            {
                let eq = self.range_eq(a, b).unwrap_or(false);
                Ok(Some(eq == (op == CompareOp::Eq)))
            }
            (
                Obj::BoundMethod {
                    func: f1,
                    receiver: r1,
                },
                Obj::BoundMethod {
                    func: f2,
                    receiver: r2,
                },
            ) if matches!(op, CompareOp::Eq | CompareOp::Ne) => {
                let eq = f1 == f2 && r1 == r2;
                Ok(Some(eq == (op == CompareOp::Eq)))
            }
            (Obj::Slice(x), Obj::Slice(y)) => {
                let (x, y) = (x.to_vec(), y.to_vec());
                self.seq_compare(&x, &y, op).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// [`Vm::seq_compare`] for tuples whose items up to the first difference are small ints
    /// or strs (keys like `(score, x)`): no copies, no rooting. `None` when another kind of
    /// item is reached.
    fn tuple_compare_simple(&self, x: &[Value], y: &[Value], op: CompareOp) -> Option<bool> {
        for (&p, &q) in x.iter().zip(y) {
            if p == q {
                continue;
            }
            let ord = if let (Some(i), Some(j)) = (p.as_small_int(), q.as_small_int()) {
                i.cmp(&j)
            } else if let (Some(Obj::Str(s)), Some(Obj::Str(t))) = (self.obj(p), self.obj(q)) {
                match s.as_bytes().cmp(t.as_bytes()) {
                    Ordering::Equal => continue,
                    o => o,
                }
            } else {
                return None;
            };
            return Some(match op {
                CompareOp::Eq => false,
                CompareOp::Ne => true,
                _ => ord_result(Some(ord), op),
            });
        }
        Some(ord_result(Some(x.len().cmp(&y.len())), op))
    }

    /// Lexicographic comparison with Python's rules (identity implies equality per item).
    fn seq_compare(&mut self, x: &[Value], y: &[Value], op: CompareOp) -> PyResult<bool> {
        self.enter_native()?;
        // The items are copies: a user `__eq__` that empties either container must not let
        // the collector free the ones still to compare.
        let r = self.with_roots(x, |vm, _| {
            for v in y {
                vm.root(*v);
            }
            vm.seq_compare_rooted(x, y, op)
        });
        self.leave_native();
        r
    }

    /// `seq_compare` once the items are rooted.
    fn seq_compare_rooted(&mut self, x: &[Value], y: &[Value], op: CompareOp) -> PyResult<bool> {
        for (p, q) in x.iter().zip(y.iter()) {
            if !self.eq(*p, *q)? {
                return match op {
                    CompareOp::Eq => Ok(false),
                    CompareOp::Ne => Ok(true),
                    _ => {
                        let r = self.compare(*p, *q, op)?;
                        self.truthy(r)
                    }
                };
            }
        }
        Ok(ord_result(Some(x.len().cmp(&y.len())), op))
    }

    fn dict_eq(&mut self, a: Value, b: Value) -> PyResult<bool> {
        let (Some(ra), Some(rb)) = (a.as_obj(), b.as_obj()) else {
            return Ok(false);
        };
        let ia = self.dict_items(ra);
        if ia.len() != self.dict_items(rb).len() {
            return Ok(false);
        }
        self.enter_native()?;
        // Both dicts (the interpreter popped them) and copies of `a`'s entries (in case a
        // user `__eq__` mutates `a`) stay rooted.
        let r = self.with_roots(&[a, b], |vm, _| {
            for &(k, v) in &ia {
                vm.root(k);
                vm.root(v);
            }
            for (k, v) in ia {
                match vm.dict_get(rb, k)? {
                    Some(w) => {
                        if !vm.eq(v, w)? {
                            return Ok(false);
                        }
                    }
                    None => return Ok(false),
                }
            }
            Ok(true)
        });
        self.leave_native();
        r
    }

    /// The comparison inherited by user subclasses of builtin types (`Stack(list) < [3]`):
    /// the builtin rule applied to the base values; `None` if neither side has one.
    fn native_compare(&mut self, a: Value, b: Value, op: CompareOp) -> PyResult<Option<Value>> {
        let (na, nb) = (self.native_value(a), self.native_value(b));
        if na.is_none() && nb.is_none() {
            return Ok(None);
        }
        let (x, y) = (na.unwrap_or(a), nb.unwrap_or(b));
        let user = |v| matches!(self.obj(v), Some(Obj::Instance(_)));
        if !user(x) && !user(y) {
            // Both builtin values now: their own comparison (numbers included).
            let r = self.compare(x, y, op)?;
            return Ok((r != Value::NOT_IMPLEMENTED).then_some(r));
        }
        let r = self.builtin_compare(x, y, op)?;
        Ok(r.map(Value::bool))
    }

    /// `x.__ne__(y)`, where the default `__ne__` inverts a user `__eq__`.
    fn ne_slot(&mut self, x: Value, y: Value) -> PyResult<Value> {
        let ne = self.lookup_special(x, "__ne__")?;
        if let Some(f) = ne.filter(|f| !self.is_builtin_object_method(*f)) {
            return self.call_bound(f, x, &[y]);
        }
        // A builtin base's own `__ne__` (an `int` subclass defining only `__eq__`) comes
        // before `object.__ne__`: the values compare natively.
        let object_ne = self.types.object;
        let inherited_builtin = ne.is_some_and(|f| {
            self.native(f)
                .is_some_and(|n| n.owner.as_obj().is_some_and(|o| o != object_ne))
        });
        if inherited_builtin && self.native_value(x).is_some() {
            return Ok(Value::NOT_IMPLEMENTED);
        }
        if let Some(f) = self.user_special(x, "__eq__")? {
            let r = self.call_bound(f, x, &[y])?;
            if r == Value::NOT_IMPLEMENTED {
                return Ok(r);
            }
            let t = self.truthy(r)?;
            return Ok(Value::bool(!t));
        }
        Ok(Value::NOT_IMPLEMENTED)
    }

    fn dunder_compare(&mut self, a: Value, b: Value, op: CompareOp) -> PyResult<Value> {
        let (name, rname) = op.dunders();
        let ta = self.type_of(a);
        let tb = self.type_of(b);
        let reflected_first = ta != tb && self.is_subclass(tb, ta);
        if op == CompareOp::Ne {
            if reflected_first {
                let r = self.ne_slot(b, a)?;
                if r != Value::NOT_IMPLEMENTED {
                    return Ok(r);
                }
            }
            let r = self.ne_slot(a, b)?;
            if r != Value::NOT_IMPLEMENTED {
                return Ok(r);
            }
            if !reflected_first {
                let r = self.ne_slot(b, a)?;
                if r != Value::NOT_IMPLEMENTED {
                    return Ok(r);
                }
            }
            if let Some(r) = self.native_compare(a, b, op)? {
                return Ok(r);
            }
            return Ok(Value::bool(a != b));
        }
        // The reflected dunder is looked up only when it is tried, as CPython reads a
        // type's slot when it calls it.
        if reflected_first {
            if let Some(g) = self.user_special(b, rname)? {
                let r = self.call_bound(g, b, &[a])?;
                if r != Value::NOT_IMPLEMENTED {
                    return Ok(r);
                }
            }
        }
        if let Some(f) = self.user_special(a, name)? {
            let r = self.call_bound(f, a, &[b])?;
            if r != Value::NOT_IMPLEMENTED {
                return Ok(r);
            }
        }
        if !reflected_first {
            return self.compare_after_declined(a, b, op);
        }
        self.compare_fallback(a, b, op)
    }

    /// The comparison protocol once `a`'s own dunder declined, where `b`'s reflected
    /// dunder does not go first (`b` is not of a proper subclass of `a`'s type): the
    /// reflected dunder, then the fallback.
    pub(crate) fn compare_after_declined(
        &mut self,
        a: Value,
        b: Value,
        op: CompareOp,
    ) -> PyResult<Value> {
        if op == CompareOp::Ne {
            let r = self.ne_slot(b, a)?;
            if r != Value::NOT_IMPLEMENTED {
                return Ok(r);
            }
            return self.compare_fallback(a, b, op);
        }
        if let Some(g) = self.user_special(b, op.dunders().1)? {
            let r = self.call_bound(g, b, &[a])?;
            if r != Value::NOT_IMPLEMENTED {
                return Ok(r);
            }
        }
        self.compare_fallback(a, b, op)
    }

    /// When no dunder decided: the native comparison of builtin bases, then identity for
    /// `==` and `!=`, else the `TypeError`.
    fn compare_fallback(&mut self, a: Value, b: Value, op: CompareOp) -> PyResult<Value> {
        if let Some(r) = self.native_compare(a, b, op)? {
            return Ok(r);
        }
        match op {
            CompareOp::Eq => Ok(Value::bool(a == b)),
            CompareOp::Ne => Ok(Value::bool(a != b)),
            _ => {
                let msg = format!(
                    "'{}' not supported between instances of '{}' and '{}'",
                    op.symbol(),
                    self.type_name(a),
                    self.type_name(b)
                );
                Err(self.type_error(msg))
            }
        }
    }

    /// A special method defined in Python (not the native default on `object`).
    pub fn user_special(&mut self, v: Value, name: &str) -> PyResult<Option<Value>> {
        // The hot ones are interned already: no hashing of the name.
        let interned = match name {
            "__call__" => self.dunders.call,
            "__next__" => self.dunders.next,
            "__getitem__" => self.dunders.getitem,
            "__setitem__" => self.dunders.setitem,
            "__contains__" => self.dunders.contains,
            "__len__" => self.dunders.len,
            "__str__" => self.dunders.str_,
            "__repr__" => self.dunders.repr,
            "__format__" => self.dunders.format,
            _ => Value::NONE,
        };
        if interned != Value::NONE {
            let t = self.type_of(v);
            return Ok(self
                .class_lookup(t, interned)
                .filter(|f| !self.is_builtin_object_method(*f)));
        }
        Ok(self
            .lookup_special(v, name)?
            .filter(|f| !self.is_builtin_object_method(*f)))
    }

    /// `a < b` as a bool when `a` and `b` are instances of one class whose `__lt__` is a
    /// plain Python function of two parameters ([`Vm::less_than`]: sorting, heaps, `min`):
    /// the function is called directly, without the generic comparison's tests, the bound
    /// call and the argument binding; a `NotImplemented` goes on with the rest of the
    /// protocol. `None` for any other operands.
    #[inline(always)]
    fn same_class_lt(&mut self, a: Value, b: Value) -> PyResult<Option<bool>> {
        // Tuples, strs and numbers (most keys) leave at the first test.
        let Some(Obj::Instance(x)) = self.obj(a) else {
            return Ok(None);
        };
        let cls = x.class;
        match self.obj(b) {
            Some(Obj::Instance(y)) if y.class == cls => self.class_lt(cls, a, b),
            _ => Ok(None),
        }
    }

    /// [`Vm::same_class_lt`] once `a` and `b` are known instances of `cls`.
    #[inline(never)]
    fn class_lt(&mut self, cls: ObjRef, a: Value, b: Value) -> PyResult<Option<bool>> {
        let name = self.intern("__lt__")?;
        let Some(f) = self.class_lookup(cls, name) else {
            return Ok(None);
        };
        let plain = matches!(self.obj(f), Some(Obj::Function(func))
            if func.code.flags & code_flags::RESUMABLE == 0);
        let Some(func) = f.as_obj().filter(|_| plain && self.exact_args(f, 2)) else {
            return Ok(None);
        };
        let mut r = self.call_function_exact(func, &[a, b])?;
        if r == Value::NOT_IMPLEMENTED {
            r = self.compare_after_declined(a, b, CompareOp::Lt)?;
        }
        self.truthy(r).map(Some)
    }

    /// `a < b` as a bool (sorting, min/max).
    pub fn less_than(&mut self, a: Value, b: Value) -> PyResult<bool> {
        if let (Some(x), Some(y)) = (a.as_small_int(), b.as_small_int()) {
            return Ok(x < y);
        }
        if let (Some(x), Some(y)) = (a.as_float(), b.as_float()) {
            return Ok(x < y);
        }
        if let (Some(x), Some(y)) = (self.str_of(a), self.str_of(b)) {
            return Ok(x < y);
        }
        if let Some(r) = self.same_class_lt(a, b)? {
            return Ok(r);
        }
        let r = self.compare(a, b, CompareOp::Lt)?;
        self.truthy(r)
    }

    /// `a > b` as a bool (`max`).
    pub fn greater_than(&mut self, a: Value, b: Value) -> PyResult<bool> {
        if let (Some(x), Some(y)) = (a.as_small_int(), b.as_small_int()) {
            return Ok(x > y);
        }
        if let (Some(x), Some(y)) = (a.as_float(), b.as_float()) {
            return Ok(x > y);
        }
        if let (Some(x), Some(y)) = (self.str_of(a), self.str_of(b)) {
            return Ok(x > y);
        }
        let r = self.compare(a, b, CompareOp::Gt)?;
        self.truthy(r)
    }

    /// Items of a sequence for comparisons (lists, tuples).
    pub fn seq_items(&self, v: Value) -> Option<Vec<Value>> {
        match self.obj(v)? {
            Obj::List(l) => Some(l.to_vec()),
            Obj::Tuple(t) => Some(t.to_vec()),
            _ => None,
        }
    }
}

/// Compares a float with an exact integer.
fn float_vs_int(x: f64, y: &super::bigint::BigInt) -> Option<Ordering> {
    if x.is_nan() {
        return None;
    }
    if x.is_infinite() {
        return Some(if x > 0.0 {
            Ordering::Greater
        } else {
            Ordering::Less
        });
    }
    // Compare integer parts exactly, then the fraction.
    let fl = libm::floor(x);
    let xi = super::bigint::BigInt::from_f64(fl)?;
    match xi.cmp(y) {
        Ordering::Equal => Some(if x > fl {
            Ordering::Greater
        } else {
            Ordering::Equal
        }),
        o => Some(o),
    }
}
