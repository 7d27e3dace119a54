//! The iterator protocol from native code: `iter()`, `next()` and collecting.

use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;

use super::types::{DictViewKind, IterObj, Obj};
use super::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// The most `zip` arguments whose iterators a step copies to the native stack.
const ZIP_INLINE: usize = 4;

impl Vm {
    /// `iter(v)`.
    pub fn get_iter(&mut self, v: Value) -> PyResult<Value> {
        let Some(r) = v.as_obj() else {
            return Err(self.not_iterable(v));
        };
        let it = match self.heap.get(r) {
            Obj::List(_) => Obj::ListIter { list: r, idx: 0 },
            Obj::Range { start, stop, step } => Obj::RangeIter {
                next: *start,
                stop: *stop,
                step: *step,
            },
            Obj::BigRange(br) => {
                let br = (**br).clone();
                return self.big_range_iter(&br, false);
            }
            Obj::Tuple(_) => Obj::Iter(Box::new(IterObj::Tuple { seq: r, idx: 0 })),
            Obj::Str(_) => Obj::Iter(Box::new(IterObj::Str { s: r, pos: 0 })),
            Obj::Bytes(_) | Obj::ByteArray(_) => {
                Obj::Iter(Box::new(IterObj::Bytes { seq: r, idx: 0 }))
            }
            Obj::MemoryView(_) => {
                // Items by index (`__getitem__` protocol), live as CPython's iterator is.
                self.live_memview(v)?;
                Obj::Iter(Box::new(IterObj::Seq { seq: v, idx: 0 }))
            }
            Obj::Dict(d) => Obj::Iter(Box::new(IterObj::Dict {
                dict: r,
                idx: 0,
                kind: DictViewKind::Keys,
                len: d.len(),
            })),
            Obj::Set(s) => Obj::Iter(Box::new(IterObj::Dict {
                dict: r,
                idx: 0,
                kind: DictViewKind::Keys,
                len: s.table.len(),
            })),
            Obj::DictView { dict, kind } => {
                let len = match self.heap.get(*dict) {
                    Obj::Dict(d) => d.len(),
                    _ => 0,
                };
                Obj::Iter(Box::new(IterObj::Dict {
                    dict: *dict,
                    idx: 0,
                    kind: *kind,
                    len,
                }))
            }
            Obj::ListIter { .. } | Obj::RangeIter { .. } | Obj::Iter(_) | Obj::Generator(_) => {
                return Ok(v)
            }
            Obj::Class(c) if c.meta != self.types.type_ => {
                if let Some(it) = self.user_iter(v)? {
                    return Ok(it);
                }
                if self.user_special(v, "__getitem__")?.is_none() {
                    return Err(self.not_iterable(v));
                }
                Obj::Iter(Box::new(IterObj::Seq { seq: v, idx: 0 }))
            }
            Obj::Instance(i) => {
                let native = i.native;
                if let Some(it) = self.user_iter(v)? {
                    return Ok(it);
                }
                // An iterable builtin base (list, dict, ...) brings its own `__iter__`, which
                // wins over a user `__getitem__` (a dict subclass iterates its keys).
                let native_iterable = self
                    .obj(native)
                    .is_some_and(|o| !matches!(o, Obj::BigInt(_)));
                if native_iterable {
                    return self.get_iter(native);
                } else if self.user_special(v, "__getitem__")?.is_some() {
                    Obj::Iter(Box::new(IterObj::Seq { seq: v, idx: 0 }))
                } else {
                    return Err(self.not_iterable(v));
                }
            }
            _ => return Err(self.not_iterable(v)),
        };
        self.alloc_value(it)
    }

    /// `iter(v)` through a user `__iter__` of `v`'s type, checked to return an iterator.
    fn user_iter(&mut self, v: Value) -> PyResult<Option<Value>> {
        let Some(f) = self.user_special(v, "__iter__")? else {
            return Ok(None);
        };
        if f == Value::NONE {
            // `__iter__ = None` marks the type as not iterable.
            return Err(self.not_iterable(v));
        }
        let it = self.call_bound(f, v, &[])?;
        if self.user_special(it, "__next__")?.is_none() && !self.is_native_iterator(it) {
            let msg = format!(
                "iter() returned non-iterator of type '{}'",
                self.type_name(it)
            );
            return Err(self.type_error(msg));
        }
        Ok(Some(it))
    }

    fn not_iterable(&mut self, v: Value) -> crate::vm::PyErr {
        let msg = format!("'{}' object is not iterable", self.type_name(v));
        self.type_error(msg)
    }

    /// Whether `v` is one of the VM's own iterator objects.
    pub fn is_native_iterator(&self, v: Value) -> bool {
        matches!(
            self.obj(v),
            Some(Obj::ListIter { .. } | Obj::RangeIter { .. } | Obj::Iter(_) | Obj::Generator(_))
        )
    }

    /// `next(it)`: `None` when exhausted.
    pub fn iter_next(&mut self, it: Value) -> PyResult<Option<Value>> {
        let Some(r) = it.as_obj() else {
            let msg = format!("'{}' object is not an iterator", self.type_name(it));
            return Err(self.type_error(msg));
        };
        match self.heap.get(r) {
            Obj::ListIter { list, idx } => {
                let (list, idx) = (*list, *idx);
                let v = match self.heap.get(list) {
                    Obj::List(l) => l.get(idx).copied(),
                    _ => None,
                };
                if let Obj::ListIter { idx: i, .. } = self.heap.get_mut(r) {
                    *i = if v.is_some() { idx + 1 } else { usize::MAX };
                }
                Ok(v)
            }
            Obj::RangeIter { next, stop, step } => {
                let (n, stop, step) = (*next, *stop, *step);
                if (step > 0 && n < stop) || (step < 0 && n > stop) {
                    if let Obj::RangeIter { next, .. } = self.heap.get_mut(r) {
                        *next = n.saturating_add(step);
                    }
                    self.new_int(n).map(Some)
                } else {
                    Ok(None)
                }
            }
            Obj::Iter(_) => self.iterobj_next(r),
            Obj::Generator(_) => self.generator_next_from_native(r),
            Obj::Instance(_) => match self.user_special(it, "__next__")? {
                Some(f) => match self.call_bound(f, it, &[]) {
                    Ok(v) => Ok(Some(v)),
                    Err(e) if self.exc_matches(e.0, self.types.stop_iteration) => {
                        // Kept only while a `next()` call wants it (see `Vm::iter_stop`).
                        if !self.iter_stop.is_undef() {
                            self.iter_stop = e.0;
                        }
                        Ok(None)
                    }
                    Err(e) => Err(e),
                },
                None => {
                    let msg = format!("'{}' object is not an iterator", self.type_name(it));
                    Err(self.type_error(msg))
                }
            },
            _ => {
                let msg = format!("'{}' object is not an iterator", self.type_name(it));
                Err(self.type_error(msg))
            }
        }
    }

    fn set_iter_state(&mut self, r: ObjRef, state: IterObj) {
        if let Obj::Iter(b) = self.heap.get_mut(r) {
            **b = state;
        }
    }

    /// The next item of a builtin iterator object. Iterators over iterators (`map`,
    /// `filter`, `zip`, `enumerate`, ...) recurse on the native stack: a chain of 30,000
    /// `map`s raises `RecursionError` at the native depth limit instead of overflowing it.
    fn iterobj_next(&mut self, r: ObjRef) -> PyResult<Option<Value>> {
        self.enter_native()?;
        let v = self.iterobj_step(r);
        self.leave_native();
        v
    }

    fn iterobj_step(&mut self, r: ObjRef) -> PyResult<Option<Value>> {
        let Obj::Iter(state) = self.heap.get(r) else {
            return Ok(None);
        };
        match &**state {
            &IterObj::Tuple { seq, idx } => self.tuple_iter_step(r, seq, idx),
            &IterObj::Str { s, pos } => self.str_iter_step(r, s, pos),
            &IterObj::Bytes { seq, idx } => self.bytes_iter_step(r, seq, idx),
            &IterObj::Dict {
                dict,
                idx,
                kind,
                len,
            } => self.dict_iter_step(r, dict, idx, kind, len),
            &IterObj::Enumerate { it, count } => self.enumerate_step(r, it, count),
            // A few iterators are copied to the native stack (the step may change the state).
            IterObj::Zip { its, strict } if its.len() <= ZIP_INLINE => {
                let mut copy = [Value::UNDEF; ZIP_INLINE];
                copy[..its.len()].copy_from_slice(its);
                let n = its.len();
                self.zip_step(r, &copy[..n], *strict)
            }
            IterObj::Zip { its, strict } => {
                let (its, strict) = (its.clone(), *strict);
                self.zip_step(r, &its, strict)
            }
            IterObj::Map { func, its } if its.len() == 1 => self.map_one_step(*func, its[0]),
            IterObj::Map { func, its } => self.map_step(*func, its.clone()),
            &IterObj::Filter { func, it } => self.filter_step(func, it),
            &IterObj::Reversed { seq, idx } => self.reversed_step(r, seq, idx),
            &IterObj::Seq { seq, idx } => self.seq_iter_step(r, seq, idx),
            &IterObj::Call { func, sentinel } => self.call_iter_step(r, func, sentinel),
            IterObj::Done => Ok(None),
            IterObj::BigRange { .. } => self.big_range_iter_step(r),
            IterObj::CoroWrapper { .. }
            | IterObj::AsyncGenSend { .. }
            | IterObj::AsyncGenThrow { .. } => Ok(self.awaitable_send(r, Value::NONE)?.ok()),
        }
    }

    #[inline]
    fn tuple_iter_step(&mut self, r: ObjRef, seq: ObjRef, idx: usize) -> PyResult<Option<Value>> {
        let v = match self.heap.get(seq) {
            Obj::Tuple(t) => t.get(idx).copied(),
            _ => None,
        };
        if v.is_some() {
            self.set_iter_state(r, IterObj::Tuple { seq, idx: idx + 1 });
        }
        Ok(v)
    }

    #[inline]
    fn str_iter_step(&mut self, r: ObjRef, s: ObjRef, pos: usize) -> PyResult<Option<Value>> {
        let ch = match self.heap.get(s) {
            Obj::Str(so) => so.as_str().get(pos..).and_then(|t| t.chars().next()),
            _ => None,
        };
        let Some(c) = ch else { return Ok(None) };
        self.set_iter_state(
            r,
            IterObj::Str {
                s,
                pos: pos + c.len_utf8(),
            },
        );
        let mut buf = [0u8; 4];
        self.new_char(c.encode_utf8(&mut buf)).map(Some)
    }

    #[inline]
    fn bytes_iter_step(&mut self, r: ObjRef, seq: ObjRef, idx: usize) -> PyResult<Option<Value>> {
        let v = match self.heap.get(seq) {
            Obj::Bytes(b) => b.get(idx).copied(),
            Obj::ByteArray(b) => b.get(idx).copied(),
            _ => None,
        };
        let Some(b) = v else { return Ok(None) };
        self.set_iter_state(r, IterObj::Bytes { seq, idx: idx + 1 });
        Ok(Some(Value::int_unchecked(b as i64)))
    }

    /// The next entry of a dict view or set iterator (`len`: the size at creation).
    #[inline]
    fn dict_iter_step(
        &mut self,
        r: ObjRef,
        dict: ObjRef,
        mut idx: usize,
        kind: DictViewKind,
        len: usize,
    ) -> PyResult<Option<Value>> {
        if matches!(self.heap.get(dict), Obj::Set(s) if s.order_pending()) {
            self.sync_set_order(dict)?;
        }
        let (cur_len, entry) = if let Obj::Set(s) = self.heap.get_mut(dict) {
            // A set's iterator walks CPython's slots: `idx` is a slot index.
            let found = s.next_in_order(idx).map(|(i, key)| {
                idx = i + 1;
                super::dict::Entry {
                    hash: 0,
                    key,
                    value: Value::NONE,
                }
            });
            (s.table.len(), found)
        } else {
            let table = match self.heap.get(dict) {
                Obj::Dict(d) => &**d,
                _ => return Ok(None),
            };
            let mut found = None;
            while idx < table.entries_end() {
                if let Some(e) = table.live_entry(idx) {
                    found = Some(*e);
                    idx += 1;
                    break;
                }
                idx += 1;
            }
            (table.len(), found)
        };
        if cur_len != len {
            let is_set = matches!(self.heap.get(dict), Obj::Set(_));
            self.set_iter_state(r, IterObj::Done);
            return Err(self.runtime_error(if is_set {
                "Set changed size during iteration"
            } else {
                "dictionary changed size during iteration"
            }));
        }
        let Some(e) = entry else {
            self.set_iter_state(r, IterObj::Done);
            return Ok(None);
        };
        self.set_iter_state(
            r,
            IterObj::Dict {
                dict,
                idx,
                kind,
                len,
            },
        );
        Ok(Some(match kind {
            DictViewKind::Keys => e.key,
            DictViewKind::Values => e.value,
            DictViewKind::Items => self.new_tuple(alloc::vec![e.key, e.value])?,
        }))
    }

    #[inline]
    fn enumerate_step(&mut self, r: ObjRef, it: Value, count: Value) -> PyResult<Option<Value>> {
        let Some(v) = self.iter_next(it)? else {
            return Ok(None);
        };
        let next = match count.as_small_int().and_then(|n| Value::small_int(n + 1)) {
            Some(n) => n,
            None => {
                let one = Value::int_unchecked(1);
                self.binary_op(count, one, crate::bytecode::ops::BinaryOp::Add, false)?
            }
        };
        self.set_iter_state(r, IterObj::Enumerate { it, count: next });
        self.new_tuple(alloc::vec![count, v]).map(Some)
    }

    fn zip_step(&mut self, r: ObjRef, its: &[Value], strict: bool) -> PyResult<Option<Value>> {
        if its.is_empty() {
            return Ok(None);
        }
        // Items already taken survive the next iterator's `__next__` (rooted until
        // the tuple holds them).
        self.with_roots(&[], |vm, _| {
            let mut out = Vec::with_capacity(its.len());
            for (i, it) in its.iter().enumerate() {
                match vm.iter_next(*it)? {
                    Some(v) => {
                        vm.root(v);
                        out.push(v);
                    }
                    None => {
                        vm.set_iter_state(r, IterObj::Done);
                        if strict {
                            vm.zip_strict_check(its, i)?;
                        }
                        return Ok(None);
                    }
                }
            }
            vm.new_tuple(out).map(Some)
        })
    }

    /// `zip(strict=True)` after argument `i` (0-based) ran out: CPython's `ValueError` when
    /// an earlier argument had an item, or a later one still has one.
    fn zip_strict_check(&mut self, its: &[Value], i: usize) -> PyResult<()> {
        let plural = |n: usize| if n == 1 { " " } else { "s 1-" };
        if i > 0 {
            let msg = format!(
                "zip() argument {} is shorter than argument{}{i}",
                i + 1,
                plural(i)
            );
            return Err(self.value_error(msg));
        }
        for (k, it) in its.iter().enumerate().skip(1) {
            if self.iter_next(*it)?.is_some() {
                let msg = format!(
                    "zip() argument {} is longer than argument{}{k}",
                    k + 1,
                    plural(k)
                );
                return Err(self.value_error(msg));
            }
        }
        Ok(())
    }

    /// `map(func, it)`'s step: one argument, nothing to allocate.
    fn map_one_step(&mut self, func: Value, it: Value) -> PyResult<Option<Value>> {
        let Some(v) = self.iter_next(it)? else {
            return Ok(None);
        };
        self.with_roots(&[v], |vm, _| vm.call(func, &[v]).map(Some))
    }

    fn map_step(&mut self, func: Value, its: Vec<Value>) -> PyResult<Option<Value>> {
        // Arguments already taken survive the next iterator's `__next__`.
        self.with_roots(&[], |vm, _| {
            let mut args = Vec::with_capacity(its.len());
            for it in its {
                match vm.iter_next(it)? {
                    Some(v) => {
                        vm.root(v);
                        args.push(v);
                    }
                    None => return Ok(None),
                }
            }
            vm.call(func, &args).map(Some)
        })
    }

    fn filter_step(&mut self, func: Value, it: Value) -> PyResult<Option<Value>> {
        loop {
            let Some(v) = self.iter_next(it)? else {
                return Ok(None);
            };
            self.native_step()?;
            let keep = if func == Value::NONE {
                self.truthy(v)?
            } else {
                // `v` is returned after the predicate's result's `__bool__` runs.
                self.with_roots(&[v], |vm, _| {
                    let t = vm.call(func, &[v])?;
                    vm.truthy(t)
                })?
            };
            if keep {
                return Ok(Some(v));
            }
        }
    }

    fn reversed_step(&mut self, r: ObjRef, seq: Value, idx: usize) -> PyResult<Option<Value>> {
        if idx == 0 {
            return Ok(None);
        }
        let len = self.len(seq)?;
        if idx > len {
            self.set_iter_state(r, IterObj::Reversed { seq, idx: 0 });
            return Ok(None);
        }
        self.set_iter_state(r, IterObj::Reversed { seq, idx: idx - 1 });
        let i = Value::int_unchecked(idx as i64 - 1);
        self.get_item(seq, i).map(Some)
    }

    /// The next item of an iterator over a sequence by `__getitem__`, ended by
    /// `IndexError` or `StopIteration`.
    fn seq_iter_step(&mut self, r: ObjRef, seq: Value, idx: usize) -> PyResult<Option<Value>> {
        let i = Value::int_unchecked(idx as i64);
        match self.get_item(seq, i) {
            Ok(v) => {
                self.set_iter_state(r, IterObj::Seq { seq, idx: idx + 1 });
                Ok(Some(v))
            }
            Err(e)
                if self.exc_matches(e.0, self.types.index_error)
                    || self.exc_matches(e.0, self.types.stop_iteration) =>
            {
                self.set_iter_state(r, IterObj::Done);
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// `iter(func, sentinel)`.
    fn call_iter_step(
        &mut self,
        r: ObjRef,
        func: Value,
        sentinel: Value,
    ) -> PyResult<Option<Value>> {
        let v = self.call(func, &[])?;
        if self.eq(v, sentinel)? {
            self.set_iter_state(r, IterObj::Done);
            return Ok(None);
        }
        Ok(Some(v))
    }

    /// A range iterator whose bounds are big ints.
    fn big_range_iter_step(&mut self, r: ObjRef) -> PyResult<Option<Value>> {
        let Obj::Iter(state) = self.heap.get(r) else {
            return Ok(None);
        };
        let IterObj::BigRange {
            next,
            step,
            remaining,
        } = &**state
        else {
            return Ok(None);
        };
        if remaining.is_zero() {
            return Ok(None);
        }
        let v = next.clone();
        let state = IterObj::BigRange {
            next: next.add(step),
            step: step.clone(),
            remaining: remaining.sub(&super::bigint::BigInt::one()),
        };
        self.set_iter_state(r, state);
        self.int_from_big(v).map(Some)
    }

    /// Drains an iterable into a Vec (roots the partial result across calls into Python).
    pub fn collect_iter(&mut self, v: Value) -> PyResult<Vec<Value>> {
        if let Some(r) = v.as_obj() {
            match self.heap.get(r) {
                Obj::List(l) => return Ok(l.to_vec()),
                Obj::Tuple(t) => return Ok(t.to_vec()),
                _ => {}
            }
        }
        let it = self.get_iter(v)?;
        // The partial result lives in a list on the root stack so a collection triggered by
        // Python code run by `next` keeps it alive.
        let acc = self.new_list(Vec::new())?;
        self.with_roots(&[acc, it], |vm, _| {
            if let Some(g) = it
                .as_obj()
                .filter(|&r| matches!(vm.heap.get(r), Obj::Generator(_)))
            {
                return vm.generator_collect(g, acc);
            }
            while let Some(x) = vm.iter_next(it)? {
                vm.native_step()?;
                vm.list_push(acc, x)?;
            }
            Ok(())
        })?;
        // The list is garbage now: take its items rather than copy them.
        match acc.as_obj().map(|r| self.heap.get_mut(r)) {
            Some(Obj::List(l)) => Ok(core::mem::take(l).into_vec()),
            _ => Ok(Vec::new()),
        }
    }

    /// Appends to a list object, charging the heap.
    pub fn list_push(&mut self, list: Value, item: Value) -> PyResult<()> {
        let Some(r) = list.as_obj() else {
            return Ok(());
        };
        match self.heap.get_mut(r) {
            Obj::List(l) => match l.push_within_capacity(item) {
                Ok(()) => Ok(()),
                Err(item) => self.list_push_growing(r, item),
            },
            _ => Ok(()),
        }
    }

    /// [`Vm::list_push`] into a full list: grows it (charging the heap), then appends. Out
    /// of line, so the common append stays short.
    #[inline(never)]
    pub(crate) fn list_push_growing(&mut self, r: ObjRef, item: Value) -> PyResult<()> {
        let (len, cap) = match self.heap.get(r) {
            Obj::List(l) => (l.len(), l.capacity()),
            _ => return Ok(()),
        };
        let extra = (cap.max(4)) * 8;
        self.charge(extra)?;
        let ok = match self.heap.get_mut(r) {
            Obj::List(l) => l.try_reserve(len.max(4)).is_ok(),
            _ => true,
        };
        if !ok {
            return Err(crate::vm::PyErr(self.memory_error));
        }
        if let Obj::List(l) = self.heap.get_mut(r) {
            l.push(item);
        }
        Ok(())
    }

    /// Makes room in a list object for `n` more items (charging the heap) if it has less.
    pub fn list_reserve(&mut self, list: Value, n: usize) -> PyResult<()> {
        let Some(r) = list.as_obj() else {
            return Ok(());
        };
        let (len, cap) = match self.heap.get(r) {
            Obj::List(l) => (l.len(), l.capacity()),
            _ => return Ok(()),
        };
        if cap - len >= n {
            return Ok(());
        }
        // Grow as `Vec` does (at least doubling, so appends stay amortized), reserving
        // exactly what is charged.
        let target = (len.saturating_add(n)).max(cap.saturating_mul(2));
        self.charge((target - cap).saturating_mul(8))?;
        let ok = match self.heap.get_mut(r) {
            Obj::List(l) => l.try_reserve_exact(target - len).is_ok(),
            _ => true,
        };
        if !ok {
            return Err(crate::vm::PyErr(self.memory_error));
        }
        Ok(())
    }

    /// Extends a list object with values.
    pub fn list_extend_values(&mut self, list: ObjRef, items: &[Value]) -> PyResult<()> {
        self.charge(items.len() * 8)?;
        let ok = match self.heap.get_mut(list) {
            Obj::List(l) => l.try_reserve(items.len()).is_ok(),
            _ => true,
        };
        if !ok {
            return Err(crate::vm::PyErr(self.memory_error));
        }
        if let Obj::List(l) = self.heap.get_mut(list) {
            l.extend_from_slice(items);
        }
        Ok(())
    }
}
