//! Container protocols: `in`, `len`, unpacking, sets, dict merging (subscripts and slices
//! are in `subscript.rs`).

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::bigint::BigInt;
use super::types::{DictViewKind, Obj, SetObj};
use super::value::{ObjRef, Value};
use crate::bytecode::ops::{BinaryOp, CompareOp};
use crate::vm::{PyErr, PyResult, Vm};

impl Vm {
    /// A one-character str (ASCII ones could be cached later).
    pub fn new_char(&mut self, s: &str) -> PyResult<Value> {
        self.new_str(s)
    }

    /// A new set or frozenset from values.
    pub fn new_set(&mut self, items: &[Value], frozen: bool) -> PyResult<Value> {
        let set = match self.heap.take_pooled_set(frozen) {
            Some(s) => s,
            None => Box::new(SetObj::new(frozen)),
        };
        let s = self.alloc_value(Obj::Set(set))?;
        // User `__hash__`/`__eq__` may collect: root the new set and the items not yet added.
        self.with_roots(items, |vm, _| {
            vm.root(s);
            for it in items {
                vm.set_add(s, *it)?;
            }
            Ok(s)
        })
    }

    /// `set.add`.
    pub fn set_add(&mut self, s: Value, item: Value) -> PyResult<()> {
        let Some(r) = s.as_obj() else { return Ok(()) };
        // A small int (sudoku's and nqueens' sets): hashed inline, and looked up without
        // running user code unless an element with the same hash needs it.
        if let Some(i) = item.as_small_int() {
            let h = super::hash::int_hash(i);
            // A small set with room: one scan decides (only an equal-hash entry that is
            // another value, like 1.0 for 1, needs the comparison below).
            if let Obj::Set(st) = self.heap.get_mut(r) {
                if st
                    .table
                    .add_identical_in_place(h, item, Value::NONE)
                    .is_some()
                {
                    return Ok(());
                }
            }
            let found = match self.heap.get(r) {
                Obj::Set(st) => self.table_has_simple(&st.table, item, h),
                _ => None,
            };
            match found {
                Some(true) => return Ok(()),
                Some(false) => return self.dict_insert_new(r, item, h, Value::NONE),
                None => {}
            }
        }
        let h = self.hash_for(r, item, Value::NONE)?;
        // One lookup: an existing element keeps its key (only the unused value is rewritten).
        self.dict_set_hashed(r, item, h, Value::NONE)
    }

    /// The elements of a set, frozenset, dict (keys) or dict view.
    pub fn set_items(&mut self, v: Value) -> PyResult<Vec<Value>> {
        if let Some(r) = v.as_obj() {
            if matches!(self.heap.get(r), Obj::Set(s) if s.order_pending()) {
                self.sync_set_order(r)?;
            }
        }
        match self.obj(v) {
            Some(Obj::Set(s)) => Ok(s.ordered_keys()),
            Some(Obj::DictView { dict, kind }) => {
                let (dict, kind) = (*dict, *kind);
                let items = self.dict_items(dict);
                match kind {
                    DictViewKind::Keys => Ok(items.into_iter().map(|(k, _)| k).collect()),
                    DictViewKind::Values => Ok(items.into_iter().map(|(_, v)| v).collect()),
                    DictViewKind::Items => {
                        let mut out = Vec::new();
                        for (k, val) in items {
                            out.push(self.new_tuple(alloc::vec![k, val])?);
                        }
                        Ok(out)
                    }
                }
            }
            _ => self.collect_iter(v),
        }
    }

    /// Membership test in a set-like object by hashing.
    pub fn set_contains(&mut self, s: ObjRef, item: Value) -> PyResult<bool> {
        let h = match self.hash_for(s, item, Value::NONE) {
            Ok(h) => h,
            Err(e)
                if self.exc_matches(e.0, self.types.type_error)
                    && matches!(self.obj(item), Some(Obj::Set(_)))
                    && matches!(self.heap.get(s), Obj::Set(_)) =>
            {
                // `{1} in {frozenset({1})}`: a set (not a dict) retries with a frozenset,
                // as CPython's `set.__contains__` does.
                let items = self.set_items(item)?;
                let f = self.new_set(&items, true)?;
                return self.set_contains(s, f);
            }
            Err(e) => return Err(e),
        };
        Ok(self.dict_find(s, item, h)?.is_some())
    }

    /// `|`, `&`, `-`, `^` on sets, frozensets and dict key views.
    pub fn set_binop(
        &mut self,
        a: Value,
        b: Value,
        op: BinaryOp,
        inplace: bool,
    ) -> PyResult<Option<Value>> {
        if !matches!(
            op,
            BinaryOp::Or | BinaryOp::And | BinaryOp::Subtract | BinaryOp::Xor
        ) {
            return Ok(None);
        }
        let is_setlike = |vm: &Vm, v: Value| {
            matches!(
                vm.obj(v),
                Some(
                    Obj::Set(_)
                        | Obj::DictView {
                            kind: DictViewKind::Keys | DictViewKind::Items,
                            ..
                        }
                )
            )
        };
        // A dict view's operators take any iterable on the other side (`d.keys() & [1]`).
        let is_view = |vm: &Vm, v: Value| {
            matches!(
                vm.obj(v),
                Some(Obj::DictView {
                    kind: DictViewKind::Keys | DictViewKind::Items,
                    ..
                })
            )
        };
        let either_view = is_view(self, a) || is_view(self, b);
        if !either_view && (!is_setlike(self, a) || !is_setlike(self, b)) {
            return Ok(None);
        }
        if !cfg!(feature = "set-ops") {
            return Err(self.without_set_ops(a, b, op, inplace));
        }
        if let Some(r) = self.set_binop_fast(a, b, op, inplace)? {
            return Ok(Some(r));
        }
        let frozen = matches!(self.obj(a), Some(Obj::Set(s)) if s.frozen);
        // A frozenset has no in-place operators: `f -= s` rebinds `f` to a new frozenset.
        let inplace = inplace && !frozen;
        let xs = self.set_items(a)?;
        let ys = self.with_roots(&xs, |vm, _| vm.set_items(b))?;
        // The items (fresh tuples for item views), both sets and `out` stay rooted while
        // user `__hash__`/`__eq__` run.
        self.with_roots(&xs, |vm, _| {
            for y in &ys {
                vm.root(*y);
            }
            let yset = vm.new_set(&ys, true)?;
            vm.root(yset);
            let xset = vm.new_set(&xs, true)?;
            vm.root(xset);
            let yr = yset.as_obj().unwrap_or(ObjRef(0));
            let xr = xset.as_obj().unwrap_or(ObjRef(0));
            let mut out = Vec::new();
            match op {
                BinaryOp::Or => {
                    out.extend_from_slice(&xs);
                    out.extend_from_slice(&ys);
                }
                BinaryOp::And => {
                    for x in &xs {
                        if vm.set_contains(yr, *x)? {
                            out.push(*x);
                        }
                    }
                }
                BinaryOp::Subtract => {
                    for x in &xs {
                        if !vm.set_contains(yr, *x)? {
                            out.push(*x);
                        }
                    }
                }
                _ => {
                    for x in &xs {
                        if !vm.set_contains(yr, *x)? {
                            out.push(*x);
                        }
                    }
                    for y in &ys {
                        if !vm.set_contains(xr, *y)? {
                            out.push(*y);
                        }
                    }
                }
            }
            if inplace {
                if let Some(ar) = a.as_obj() {
                    if let Obj::Set(s) = vm.heap.get_mut(ar) {
                        s.clear();
                    }
                    for x in out {
                        vm.set_add(a, x)?;
                    }
                    return Ok(Some(a));
                }
            }
            vm.new_set(&out, frozen).map(Some)
        })
    }

    /// The `TypeError` of a set operator in a build without the `set-ops` feature.
    fn without_set_ops(&mut self, a: Value, b: Value, op: BinaryOp, inplace: bool) -> PyErr {
        let eq = if inplace { "=" } else { "" };
        let msg = format!(
            "unsupported operand type(s) for {}{eq}: '{}' and '{}' (built without the set-ops \
             feature)",
            op.symbol(),
            self.type_name(a),
            self.type_name(b)
        );
        self.type_error(msg)
    }

    /// Subset comparisons on sets.
    pub fn set_compare(&mut self, a: Value, b: Value, op: CompareOp) -> PyResult<Option<bool>> {
        let xs = self.set_items(a)?;
        let ys = self.with_roots(&xs, |vm, _| vm.set_items(b))?;
        // Both item lists and both temporary sets stay rooted across user hashing.
        let (a_in_b, b_in_a) = self.with_roots(&xs, |vm, _| {
            for y in &ys {
                vm.root(*y);
            }
            let xset = vm.new_set(&xs, true)?;
            vm.root(xset);
            let yset = vm.new_set(&ys, true)?;
            vm.root(yset);
            let (xr, yr) = (
                xset.as_obj().unwrap_or(ObjRef(0)),
                yset.as_obj().unwrap_or(ObjRef(0)),
            );
            let mut a_in_b = true;
            for x in &xs {
                if !vm.set_contains(yr, *x)? {
                    a_in_b = false;
                    break;
                }
            }
            let mut b_in_a = true;
            for y in &ys {
                if !vm.set_contains(xr, *y)? {
                    b_in_a = false;
                    break;
                }
            }
            Ok((a_in_b, b_in_a))
        })?;
        Ok(Some(match op {
            CompareOp::Eq => a_in_b && b_in_a,
            CompareOp::Ne => !(a_in_b && b_in_a),
            CompareOp::Le => a_in_b,
            CompareOp::Lt => a_in_b && !b_in_a,
            CompareOp::Ge => b_in_a,
            CompareOp::Gt => b_in_a && !a_in_b,
        }))
    }

    /// `d.update(m)` for a mapping or an iterable of pairs.
    pub fn dict_update_from(&mut self, d: ObjRef, m: Value) -> PyResult<()> {
        // The target is often fresh (`dict(...)`, `f(**m)`) and the source popped by the
        // interpreter: both stay rooted while user `keys`/`__getitem__`/`__hash__` run.
        self.with_roots(&[Value::obj(d), m], |vm, _| {
            vm.dict_update_from_rooted(d, m)
        })
    }

    /// `dict_update_from` once `d` and `m` are rooted.
    fn dict_update_from_rooted(&mut self, d: ObjRef, m: Value) -> PyResult<()> {
        if let Some(Obj::Dict(_)) = self.obj(m) {
            let items = self.dict_items(m.as_obj().unwrap_or(d));
            for (k, v) in items {
                self.dict_set(d, k, v)?;
            }
            return Ok(());
        }
        if let Some(Obj::Instance(i)) = self.obj(m) {
            if let Some(Obj::Dict(_)) = self.obj(i.native) {
                let n = i.native;
                return self.dict_update_from_rooted(d, n);
            }
        }
        if let Some(keys) = self.lookup_special(m, "keys")? {
            let ks = self.call_bound(keys, m, &[])?;
            let ks = self.with_roots(&[ks], |vm, _| vm.collect_iter(ks))?;
            // The keys (and each value until stored) survive a user `__getitem__`.
            return self.with_roots(&ks, |vm, _| {
                for &k in &ks {
                    let v = vm.get_item(m, k)?;
                    vm.dict_set(d, k, v)?;
                }
                Ok(())
            });
        }
        let pairs = self.collect_iter(m)?;
        self.with_roots(&pairs, |vm, _| vm.dict_update_from_pairs(d, &pairs))
    }

    /// The pairs part of `dict_update_from` (`pairs` are rooted by the caller).
    fn dict_update_from_pairs(&mut self, d: ObjRef, pairs: &[Value]) -> PyResult<()> {
        for (i, &pair) in pairs.iter().enumerate() {
            let kv = match self.collect_iter(pair) {
                Ok(kv) => kv,
                Err(_) => {
                    let msg = format!(
                        "cannot convert dictionary update sequence element #{i} to a sequence"
                    );
                    return Err(self.type_error(msg));
                }
            };
            if kv.len() != 2 {
                let msg = format!(
                    "dictionary update sequence element #{i} has length {}; 2 is required",
                    kv.len()
                );
                return Err(self.value_error(msg));
            }
            self.dict_set(d, kv[0], kv[1])?;
        }
        Ok(())
    }

    /// `DICT_MERGE` for `f(**m)`: duplicate keys are errors.
    pub fn dict_merge_kwargs(&mut self, d: Value, m: Value, callee: Value) -> PyResult<()> {
        let Some(dr) = d.as_obj() else { return Ok(()) };
        let fname = self.callable_name(callee);
        let items: Vec<(Value, Value)> = match self.obj(m) {
            Some(Obj::Dict(_)) => self.dict_items(m.as_obj().unwrap_or(dr)),
            _ => {
                if self.lookup_special(m, "keys")?.is_none() {
                    let msg = format!(
                        "{fname} argument after ** must be a mapping, not {}",
                        self.type_name(m)
                    );
                    return Err(self.type_error(msg));
                }
                let tmp = self.new_dict()?;
                let tr = tmp.as_obj().unwrap_or(dr);
                self.with_roots(&[tmp], |vm, _| vm.dict_update_from(tr, m))?;
                self.dict_items(tr)
            }
        };
        for (k, v) in items {
            if self.str_of(k).is_none() {
                return Err(self.type_error("keywords must be strings"));
            }
            if self.dict_get(dr, k)?.is_some() {
                let msg = format!(
                    "{fname} got multiple values for keyword argument '{}'",
                    self.str_of(k).unwrap_or("?")
                );
                return Err(self.type_error(msg));
            }
            self.dict_set(dr, k, v)?;
        }
        Ok(())
    }

    /// `f.__qualname__ + "()"` for error messages about calls.
    pub fn callable_name(&self, f: Value) -> String {
        if let Some(n) = self.native(f) {
            return format!("{}()", n.name);
        }
        match self.obj(f) {
            Some(Obj::Function(func)) => format!("{}()", self.str_of(func.qualname).unwrap_or("?")),
            Some(Obj::Native(n)) => format!("{}()", n.name),
            Some(Obj::BoundMethod { func, .. }) => self.callable_name(*func),
            Some(Obj::Class(c)) => format!("{}()", self.str_of(c.name).unwrap_or("?")),
            _ => String::from("function"),
        }
    }

    // -- len / in ----------------------------------------------------------------------------

    /// `len(v)`.
    pub fn len(&mut self, v: Value) -> PyResult<usize> {
        if let Some(o) = self.obj(v) {
            let n = match o {
                Obj::Str(s) => Some(s.nchars()),
                Obj::List(l) => Some(l.len()),
                Obj::Tuple(t) => Some(t.len()),
                Obj::Dict(d) => Some(d.len()),
                Obj::Set(s) => Some(s.table.len()),
                Obj::Bytes(b) => Some(b.len()),
                Obj::ByteArray(b) => Some(b.len()),
                Obj::Range { start, stop, step } => {
                    Some(super::protocol::range_len(*start, *stop, *step) as usize)
                }
                Obj::BigRange(br) => {
                    let br = (**br).clone();
                    return self.big_range_len(&br);
                }
                Obj::DictView { dict, .. } => match self.heap.get(*dict) {
                    Obj::Dict(d) => Some(d.len()),
                    _ => Some(0),
                },
                Obj::MemoryView(_) => return self.live_memview(v).map(|m| m.len),
                _ => None,
            };
            if let Some(n) = n {
                return Ok(n);
            }
        }
        if let Some(f) = self.user_special(v, "__len__")? {
            let r = self.call_bound(f, v, &[])?;
            return self.len_result(r);
        }
        if let Some(Obj::Instance(i)) = self.obj(v) {
            if !i.native.is_undef() {
                let n = i.native;
                return self.len(n);
            }
        }
        let msg = format!("object of type '{}' has no len()", self.type_name(v));
        Err(self.type_error(msg))
    }

    /// `item in container`.
    pub fn contains(&mut self, container: Value, item: Value) -> PyResult<bool> {
        let Some(r) = container.as_obj() else {
            let msg = format!(
                "argument of type '{}' is not iterable",
                self.type_name(container)
            );
            return Err(self.type_error(msg));
        };
        match self.heap.get(r) {
            Obj::Str(s) => match self.str_of(item) {
                Some(sub) => Ok(s.as_str().contains(sub)),
                None => {
                    let msg = format!(
                        "'in <string>' requires string as left operand, not {}",
                        self.type_name(item)
                    );
                    Err(self.type_error(msg))
                }
            },
            Obj::Dict(_) | Obj::Set(_) => self.set_contains(r, item),
            Obj::DictView {
                dict,
                kind: DictViewKind::Keys,
            } => {
                let d = *dict;
                self.set_contains(d, item)
            }
            Obj::List(_) | Obj::Tuple(_) | Obj::DictView { .. } => {
                let items = self.set_items(container)?;
                // Copies of the items: the interpreter popped the container, and a user
                // `__eq__` may collect (or empty the list).
                self.with_roots(&items, |vm, _| {
                    vm.root(item);
                    for &x in &items {
                        if vm.eq(x, item)? {
                            return Ok(true);
                        }
                    }
                    Ok(false)
                })
            }
            Obj::BigRange(br) => {
                let br = (**br).clone();
                Ok(self.big_range_find(&br, item)?.is_some())
            }
            Obj::Range { start, stop, step } => {
                let (start, stop, step) = (*start, *stop, *step);
                if let (true, Some(i)) = (item.is_small_int() || item.is_bool(), self.as_i64(item))
                {
                    let pos = super::bigrange::small_range_position(start, stop, step, i);
                    return Ok(pos.is_some());
                }
                let br = super::bigrange::BigRange::new(
                    BigInt::from_i64(start),
                    BigInt::from_i64(stop),
                    BigInt::from_i64(step),
                );
                Ok(self.big_range_find(&br, item)?.is_some())
            }
            Obj::Bytes(_) | Obj::ByteArray(_) => {
                let hay = self.bytes_data(container).unwrap_or_default();
                if let Some(b) = self.as_i64(item) {
                    if !(0..=255).contains(&b) {
                        return Err(self.value_error("byte must be in range(0, 256)"));
                    }
                    return Ok(hay.contains(&(b as u8)));
                }
                match self.bytes_data(item) {
                    Some(needle) => Ok(needle.is_empty()
                        || hay.windows(needle.len()).any(|w| w == needle.as_slice())),
                    None => {
                        let msg = format!(
                            "a bytes-like object is required, not '{}'",
                            self.type_name(item)
                        );
                        Err(self.type_error(msg))
                    }
                }
            }
            _ => {
                if let Some(f) = self.user_special(container, "__contains__")? {
                    if f == Value::NONE {
                        let msg =
                            format!("'{}' object is not a container", self.type_name(container));
                        return Err(self.type_error(msg));
                    }
                    let r = self.call_bound(f, container, &[item])?;
                    return self.truthy(r);
                }
                if let Some(Obj::Instance(i)) = self.obj(container) {
                    if !i.native.is_undef() {
                        let n = i.native;
                        return self.contains(n, item);
                    }
                }
                let it = match self.get_iter(container) {
                    Ok(it) => it,
                    Err(_) => {
                        let msg = format!(
                            "argument of type '{}' is not iterable",
                            self.type_name(container)
                        );
                        return Err(self.type_error(msg));
                    }
                };
                // A fresh iterator (and the popped item): user `__next__`/`__eq__` may collect.
                self.with_roots(&[it, item], |vm, _| {
                    while let Some(x) = vm.iter_next(it)? {
                        vm.native_step()?;
                        if vm.eq(x, item)? {
                            return Ok(true);
                        }
                    }
                    Ok(false)
                })
            }
        }
    }

    // -- Unpacking ---------------------------------------------------------------------------

    /// Unpacks `v` into exactly `before` items, or with a starred target `before` items, a
    /// list, and `after` items. Returned in order.
    pub fn unpack(
        &mut self,
        v: Value,
        before: usize,
        after: Option<usize>,
    ) -> PyResult<Vec<Value>> {
        let items = match self.obj(v) {
            Some(Obj::Tuple(t)) => t.to_vec(),
            Some(Obj::List(l)) => l.to_vec(),
            _ => match self.collect_iter(v) {
                Ok(x) => x,
                Err(e) => {
                    if self.exc_matches(e.0, self.types.type_error) && self.get_iter(v).is_err() {
                        let msg =
                            format!("cannot unpack non-iterable {} object", self.type_name(v));
                        return Err(self.type_error(msg));
                    }
                    return Err(e);
                }
            },
        };
        match after {
            None => {
                if items.len() != before {
                    let msg = if items.len() > before {
                        format!("too many values to unpack (expected {before})")
                    } else {
                        format!(
                            "not enough values to unpack (expected {before}, got {})",
                            items.len()
                        )
                    };
                    return Err(self.value_error(msg));
                }
                Ok(items)
            }
            Some(after) => {
                if items.len() < before + after {
                    let msg = format!(
                        "not enough values to unpack (expected at least {}, got {})",
                        before + after,
                        items.len()
                    );
                    return Err(self.value_error(msg));
                }
                let mut out = Vec::with_capacity(before + after + 1);
                out.extend_from_slice(&items[..before]);
                let mid = items[before..items.len() - after].to_vec();
                out.push(self.new_list(mid)?);
                out.extend_from_slice(&items[items.len() - after..]);
                Ok(out)
            }
        }
    }
}
