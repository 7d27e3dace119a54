//! Subscripts: indexing, slicing, item assignment and deletion over every container kind.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::bigint::BigInt;
use super::types::Obj;
use super::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// A resolved slice: start, stop, step and the number of items it selects.
#[derive(Clone, Copy, Debug)]
pub struct SliceIndices {
    /// First index.
    pub start: i64,
    /// Stop index (exclusive, may be -1 for negative steps).
    pub stop: i64,
    /// Step (never 0).
    pub step: i64,
    /// Number of selected items.
    pub len: usize,
}

impl SliceIndices {
    /// The selected indices in order.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len).map(move |i| (self.start + i as i64 * self.step) as usize)
    }
}

impl Vm {
    /// Converts an index value to i64 (`__index__` semantics for ints and bools).
    pub fn index_value(&mut self, v: Value, what: &str) -> PyResult<i64> {
        if let Some(i) = self.as_i64(v) {
            return Ok(i);
        }
        if self.is_int(v) {
            return Err(self.index_error("cannot fit 'int' into an index-sized integer"));
        }
        if let Some(f) = self.user_special(v, "__index__")? {
            let r = self.call_bound(f, v, &[])?;
            if let Some(i) = self.as_i64(r) {
                return Ok(i);
            }
            return Err(if self.is_int(r) {
                let msg = format!(
                    "cannot fit '{}' into an index-sized integer",
                    self.type_name(v)
                );
                self.index_error(msg)
            } else {
                let msg = format!("__index__ returned non-int (type {})", self.type_name(r));
                self.type_error(msg)
            });
        }
        // CPython's str subscript words its error differently from every other sequence.
        let msg = if what == "string" {
            format!(
                "string indices must be integers, not '{}'",
                self.type_name(v)
            )
        } else {
            format!(
                "{what} indices must be integers or slices, not {}",
                self.type_name(v)
            )
        };
        Err(self.type_error(msg))
    }

    /// Resolves `slice(start, stop, step)` against a length, like `slice.indices`.
    pub fn slice_indices(&mut self, s: Value, len: usize) -> PyResult<SliceIndices> {
        let parts = match self.obj(s) {
            Some(Obj::Slice(p)) => **p,
            _ => return Err(self.internal_error("slice_indices of a non-slice")),
        };
        // CPython's order: the step (and its zero check) first, then start and stop.
        let step = if parts[2] == Value::NONE {
            None
        } else {
            Some(self.slice_index(parts[2])?)
        };
        if step == Some(0) {
            return Err(self.value_error("slice step cannot be zero"));
        }
        let start = if parts[0] == Value::NONE {
            None
        } else {
            Some(self.slice_index(parts[0])?)
        };
        let stop = if parts[1] == Value::NONE {
            None
        } else {
            Some(self.slice_index(parts[1])?)
        };
        match slice_indices_of(start, stop, step, len) {
            Some(si) => Ok(si),
            None => Err(self.value_error("slice step cannot be zero")),
        }
    }

    /// `c[start:stop:step]` (`BINARY_SLICE`). Lists, tuples and ASCII strs with int or
    /// `None` bounds are sliced directly, without a slice object; anything else goes
    /// through a slice object and `get_item`.
    pub fn get_slice(
        &mut self,
        c: Value,
        start: Value,
        stop: Value,
        step: Value,
    ) -> PyResult<Value> {
        if let (Some(r), Some(a), Some(b), Some(st)) = (
            c.as_obj(),
            fast_bound(start),
            fast_bound(stop),
            fast_bound(step),
        ) {
            match self.heap.get(r) {
                Obj::List(_) | Obj::Tuple(_) => {
                    let is_list = matches!(self.heap.get(r), Obj::List(_));
                    let items = seq_values(self.heap.get(r));
                    let Some(si) = slice_indices_of(a, b, st, items.len()) else {
                        return Err(self.value_error("slice step cannot be zero"));
                    };
                    let mut out: Vec<Value> = Vec::new();
                    if out.try_reserve_exact(si.len).is_err() {
                        return Err(PyErr(self.memory_error));
                    }
                    if si.len > 0 {
                        let s0 = si.start as usize;
                        if si.step == 1 {
                            out.extend_from_slice(&items[s0..s0 + si.len]);
                        } else if si.step == -1 {
                            out.extend(items[s0 + 1 - si.len..=s0].iter().rev());
                        } else {
                            out.extend(si.indices().map(|i| items[i]));
                        }
                    }
                    return if is_list {
                        self.new_list(out)
                    } else {
                        self.new_tuple(out)
                    };
                }
                Obj::Str(s) if s.is_ascii() => {
                    let Some(si) = slice_indices_of(a, b, st, s.len()) else {
                        return Err(self.value_error("slice step cannot be zero"));
                    };
                    let bytes = s.as_str().as_bytes();
                    let out: String = if si.step == 1 {
                        let s0 = si.start as usize;
                        String::from(&s.as_str()[s0..s0 + si.len])
                    } else {
                        si.indices().map(|i| bytes[i] as char).collect()
                    };
                    return self.new_string(out);
                }
                _ => {}
            }
        }
        let s = self.alloc_value(Obj::Slice(Box::new([start, stop, step])))?;
        self.get_item(c, s)
    }

    /// `c[start:stop:step] = v` (`STORE_SLICE`). A list target with int or `None` bounds
    /// and another list or tuple as the value is assigned in place, without a slice object
    /// or a copy of the items; anything else goes through a slice object and `set_item`.
    pub fn set_slice(
        &mut self,
        c: Value,
        start: Value,
        stop: Value,
        step: Value,
        v: Value,
    ) -> PyResult<()> {
        if let (Some(r), Some(vr), Some(a), Some(b), Some(st)) = (
            c.as_obj(),
            v.as_obj(),
            fast_bound(start),
            fast_bound(stop),
            fast_bound(step),
        ) {
            if r != vr
                && matches!(self.heap.get(r), Obj::List(_))
                && matches!(self.heap.get(vr), Obj::List(_) | Obj::Tuple(_))
            {
                let len = match self.heap.get(r) {
                    Obj::List(l) => l.len(),
                    _ => 0,
                };
                let Some(si) = slice_indices_of(a, b, st, len) else {
                    return Err(self.value_error("slice step cannot be zero"));
                };
                let n = seq_values(self.heap.get(vr)).len();
                if si.step == 1 {
                    let lo = si.start.max(0) as usize;
                    let hi = (lo + si.len).min(len).max(lo);
                    if n > hi - lo {
                        self.charge((n - (hi - lo)) * 8)?;
                    }
                    let mut dst = match self.heap.get_mut(r) {
                        Obj::List(l) => core::mem::take(l).into_vec(),
                        _ => Vec::new(),
                    };
                    if n > hi - lo && dst.try_reserve(n - (hi - lo)).is_err() {
                        if let Obj::List(l) = self.heap.get_mut(r) {
                            *l = dst.into();
                        }
                        return Err(PyErr(self.memory_error));
                    }
                    let src = seq_values(self.heap.get(vr));
                    if n == hi - lo {
                        dst[lo..hi].copy_from_slice(src);
                    } else {
                        dst.splice(lo..hi, src.iter().copied());
                    }
                    if let Obj::List(l) = self.heap.get_mut(r) {
                        *l = dst.into();
                    }
                    return Ok(());
                }
                if n != si.len {
                    let msg = format!(
                        "attempt to assign sequence of size {} to extended slice of size {}",
                        n, si.len
                    );
                    return Err(self.value_error(msg));
                }
                let mut dst = match self.heap.get_mut(r) {
                    Obj::List(l) => core::mem::take(l).into_vec(),
                    _ => Vec::new(),
                };
                let src = seq_values(self.heap.get(vr));
                for (i, x) in si.indices().zip(src) {
                    dst[i] = *x;
                }
                if let Obj::List(l) = self.heap.get_mut(r) {
                    *l = dst.into();
                }
                return Ok(());
            }
        }
        let s = self.alloc_value(Obj::Slice(Box::new([start, stop, step])))?;
        self.set_item(c, s, v)
    }

    fn slice_index(&mut self, v: Value) -> PyResult<i64> {
        if let Some(i) = self.as_i64(v) {
            return Ok(i);
        }
        // Out-of-range bounds are clamped, as CPython clamps them to `Py_ssize_t`.
        let clamp = |b: BigInt| if b.is_negative() { i64::MIN } else { i64::MAX };
        if let Some(b) = self.to_bigint(v) {
            return Ok(clamp(b));
        }
        if let Some(f) = self.user_special(v, "__index__")? {
            let r = self.call_bound(f, v, &[])?;
            if let Some(b) = self.to_bigint(r) {
                return Ok(b.to_i64().unwrap_or_else(|| clamp(b)));
            }
        }
        Err(self.type_error("slice indices must be integers or None or have an __index__ method"))
    }

    fn norm_index(&mut self, i: i64, len: usize, what: &str) -> PyResult<usize> {
        let j = if i < 0 { i + len as i64 } else { i };
        if j < 0 || j >= len as i64 {
            return Err(self.index_error(format!("{what} index out of range")));
        }
        Ok(j as usize)
    }

    /// `c[k]`.
    pub fn get_item(&mut self, c: Value, k: Value) -> PyResult<Value> {
        let Some(r) = c.as_obj() else {
            return Err(self.not_subscriptable(c));
        };
        let is_slice = matches!(self.obj(k), Some(Obj::Slice(_)));
        if is_slice || matches!(self.obj(k), Some(Obj::Instance(_))) {
            // The interpreter popped the container and the (fresh) key: a user `__index__`
            // of the index or a slice bound may collect.
            return self.with_roots(&[c, k], |vm, _| vm.get_item_in(c, r, k, is_slice));
        }
        self.get_item_in(c, r, k, false)
    }

    /// `get_item` once the operands of a slice are rooted.
    fn get_item_in(&mut self, c: Value, r: ObjRef, k: Value, is_slice: bool) -> PyResult<Value> {
        match self.heap.get(r) {
            Obj::List(_) | Obj::Tuple(_) => self.seq_get_item(r, k, is_slice),
            Obj::Str(_) => self.str_get_item(r, k, is_slice),
            Obj::Bytes(_) | Obj::ByteArray(_) => self.bytes_get_item(c, r, k, is_slice),
            Obj::MemoryView(_) => self.memview_get_item(c, k, is_slice),
            Obj::BigRange(br) => {
                let br = (**br).clone();
                self.big_range_subscript(&br, k)
            }
            &Obj::Range { start, stop, step } => {
                self.range_get_item(start, stop, step, k, is_slice)
            }
            Obj::Dict(_) => match self.dict_get(r, k)? {
                Some(v) => Ok(v),
                None => Err(self.key_error(k)),
            },
            Obj::Instance(_) => self.instance_get_item(c, r, k),
            Obj::Class(_) => self.class_get_item(c, r, k),
            _ => Err(self.not_subscriptable(c)),
        }
    }

    /// `cls[k]`: the metaclass's `__getitem__` when a user metaclass defines one, else the
    /// class's `__class_getitem__`.
    fn class_get_item(&mut self, c: Value, r: ObjRef, k: Value) -> PyResult<Value> {
        if self.class(r).is_some_and(|cl| cl.meta != self.types.type_) {
            if let Some(f) = self.user_special(c, "__getitem__")? {
                return self.call_bound(f, c, &[k]);
            }
        }
        let cg = self.dunders.class_getitem;
        if self.class_lookup(r, cg).is_some() {
            let f = self.get_attr(c, cg)?;
            return self.call(f, &[k]);
        }
        if crate::builtins::aliasmod::is_generic(self, r) {
            return crate::builtins::aliasmod::generic_alias(self, c, k);
        }
        let msg = format!("type '{}' is not subscriptable", self.class_name(r));
        Err(self.type_error(msg))
    }

    /// `l[k]` of a list or tuple `r`.
    #[inline]
    fn seq_get_item(&mut self, r: ObjRef, k: Value, is_slice: bool) -> PyResult<Value> {
        let is_list = matches!(self.heap.get(r), Obj::List(_));
        let len = seq_values(self.heap.get(r)).len();
        if is_slice {
            // `slice_indices` may run user `__index__` code that shrinks the list.
            let si = self.slice_indices(k, len)?;
            let items = seq_values(self.heap.get(r));
            let out: Vec<Value> = si.indices().filter_map(|i| items.get(i).copied()).collect();
            return if is_list {
                self.new_list(out)
            } else {
                self.new_tuple(out)
            };
        }
        let what = if is_list { "list" } else { "tuple" };
        let i = self.index_value(k, what)?;
        let i = self.norm_index(i, len, what)?;
        match seq_values(self.heap.get(r)).get(i) {
            Some(v) => Ok(*v),
            None => Err(self.index_error(format!("{what} index out of range"))),
        }
    }

    /// `s[k]` of a str `r`.
    #[inline]
    fn str_get_item(&mut self, r: ObjRef, k: Value, is_slice: bool) -> PyResult<Value> {
        let Obj::Str(s) = self.heap.get(r) else {
            return Ok(Value::NONE);
        };
        let nchars = s.nchars();
        let ascii = s.is_ascii();
        if is_slice {
            let si = self.slice_indices(k, nchars)?;
            let Obj::Str(s) = self.heap.get(r) else {
                return Ok(Value::NONE);
            };
            let out: String = if ascii {
                let b = s.as_str().as_bytes();
                si.indices().map(|i| b[i] as char).collect()
            } else {
                let chars: Vec<char> = s.as_str().chars().collect();
                si.indices().map(|i| chars[i]).collect()
            };
            return self.new_string(out);
        }
        let i = self.index_value(k, "string")?;
        let i = self.norm_index(i, nchars, "string")?;
        let Obj::Str(s) = self.heap.get(r) else {
            return Ok(Value::NONE);
        };
        let ch = if ascii {
            s.as_str().as_bytes()[i] as char
        } else {
            s.as_str().chars().nth(i).unwrap_or('\0')
        };
        let mut buf = [0u8; 4];
        let t = String::from(ch.encode_utf8(&mut buf));
        self.new_char(&t)
    }

    /// `b[k]` of bytes or a bytearray `r` (`c`).
    fn bytes_get_item(&mut self, c: Value, r: ObjRef, k: Value, is_slice: bool) -> PyResult<Value> {
        let data = self.bytes_data(c).unwrap_or_default();
        let is_ba = matches!(self.heap.get(r), Obj::ByteArray(_));
        if is_slice {
            let si = self.slice_indices(k, data.len())?;
            let out: Vec<u8> = si.indices().map(|i| data[i]).collect();
            return self.alloc_value(if is_ba {
                Obj::ByteArray(out)
            } else {
                Obj::Bytes(out.into_boxed_slice())
            });
        }
        let i = self.index_value(k, "byte")?;
        let j = if i < 0 { i + data.len() as i64 } else { i };
        if j < 0 || j >= data.len() as i64 {
            // CPython: "bytearray index out of range" but plain "index out of range".
            let msg = if is_ba {
                "bytearray index out of range"
            } else {
                "index out of range"
            };
            return Err(self.index_error(msg));
        }
        let i = j as usize;
        Ok(Value::int_unchecked(data[i] as i64))
    }

    /// `range(start, stop, step)[k]`.
    fn range_get_item(
        &mut self,
        start: i64,
        stop: i64,
        step: i64,
        k: Value,
        is_slice: bool,
    ) -> PyResult<Value> {
        let len = super::protocol::range_len(start, stop, step) as usize;
        if is_slice {
            // Slice bounds that are small ints are exact after `slice_indices` (big
            // ones are clamped there, as for sequences, but a range slice keeps
            // them, as CPython computes it in ints), and the new bounds are exact
            // unless they overflow; anything else takes the big-int path.
            let exact = match self.obj(k) {
                Some(Obj::Slice(p)) => p.iter().all(|v| fast_bound(*v).is_some()),
                _ => false,
            };
            if exact {
                let si = self.slice_indices(k, len)?;
                let at = |i: i64| i.checked_mul(step).and_then(|d| start.checked_add(d));
                if let (Some(a), Some(b), Some(c)) =
                    (at(si.start), at(si.stop), step.checked_mul(si.step))
                {
                    if i64::try_from(super::protocol::range_len_i128(a, b, c)).is_ok() {
                        return self.alloc_value(Obj::Range {
                            start: a,
                            stop: b,
                            step: c,
                        });
                    }
                }
            }
            let br = super::bigrange::BigRange::new(
                BigInt::from_i64(start),
                BigInt::from_i64(stop),
                BigInt::from_i64(step),
            );
            return self.big_range_subscript(&br, k);
        }
        // CPython indexes ranges with ints of any size: a big index is out of range.
        if self.as_i64(k).is_none() && self.is_int(k) {
            return Err(self.index_error("range object index out of range"));
        }
        let i = self.index_value(k, "range")?;
        let i = self.norm_index(i, len, "range object")?;
        // The offset may overflow even where the item does not.
        self.int_from_i128(start as i128 + i as i128 * step as i128)
    }

    /// `x[k]` of an instance `c` (`r`): its `__getitem__`, else its builtin base's, with
    /// a dict subclass's `__missing__`.
    fn instance_get_item(&mut self, c: Value, r: ObjRef, k: Value) -> PyResult<Value> {
        let Obj::Instance(i) = self.heap.get(r) else {
            return Err(self.not_subscriptable(c));
        };
        let native = i.native;
        if let Some(f) = self.user_special(c, "__getitem__")? {
            return self.call_bound(f, c, &[k]);
        }
        if !native.is_undef() {
            let r = self.get_item(native, k);
            if let Err(e) = &r {
                if self.exc_matches(e.0, self.types.key_error)
                    && matches!(self.obj(native), Some(Obj::Dict(_)))
                {
                    if let Some(m) = self.user_special(c, "__missing__")? {
                        return self.call_bound(m, c, &[k]);
                    }
                }
            }
            return r;
        }
        Err(self.not_subscriptable(c))
    }

    fn not_subscriptable(&mut self, c: Value) -> PyErr {
        let msg = format!("'{}' object is not subscriptable", self.type_name(c));
        self.type_error(msg)
    }

    /// `c[k] = v`.
    pub fn set_item(&mut self, c: Value, k: Value, v: Value) -> PyResult<()> {
        let Some(r) = c.as_obj() else {
            let msg = format!(
                "'{}' object does not support item assignment",
                self.type_name(c)
            );
            return Err(self.type_error(msg));
        };
        let is_slice = matches!(self.obj(k), Some(Obj::Slice(_)));
        if is_slice || matches!(self.obj(k), Some(Obj::Instance(_))) {
            // The interpreter popped the container, the key and the value; collecting the
            // new items (a generator) or a user `__index__` may collect.
            return self.with_roots(&[c, k, v], |vm, _| vm.set_item_in(c, r, k, v, is_slice));
        }
        self.set_item_in(c, r, k, v, false)
    }

    /// `set_item` once the operands of a slice assignment are rooted.
    fn set_item_in(
        &mut self,
        c: Value,
        r: ObjRef,
        k: Value,
        v: Value,
        is_slice: bool,
    ) -> PyResult<()> {
        match self.heap.get(r) {
            Obj::List(l) => {
                let len = l.len();
                if is_slice {
                    let si = self.slice_indices(k, len)?;
                    let items = self.collect_iter(v).map_err(|e| {
                        if self.exc_matches(e.0, self.types.type_error) {
                            self.type_error(if si.step == 1 {
                                "can only assign an iterable"
                            } else {
                                "must assign iterable to extended slice"
                            })
                        } else {
                            e
                        }
                    })?;
                    if si.step == 1 {
                        let (a, b) = (
                            si.start.max(0) as usize,
                            (si.start.max(0) as usize + si.len).min(len),
                        );
                        self.charge(items.len() * 8)?;
                        if let Obj::List(l) = self.heap.get_mut(r) {
                            l.vec().splice(a..b.max(a), items);
                        }
                        return Ok(());
                    }
                    if items.len() != si.len {
                        let msg = format!(
                            "attempt to assign sequence of size {} to extended slice of size {}",
                            items.len(),
                            si.len
                        );
                        return Err(self.value_error(msg));
                    }
                    let idx: Vec<usize> = si.indices().collect();
                    if let Obj::List(l) = self.heap.get_mut(r) {
                        for (i, x) in idx.into_iter().zip(items) {
                            l[i] = x;
                        }
                    }
                    return Ok(());
                }
                let i = self.index_value(k, "list")?;
                let i = self.norm_index(i, len, "list assignment")?;
                if let Obj::List(l) = self.heap.get_mut(r) {
                    l[i] = v;
                }
                Ok(())
            }
            Obj::Dict(_) => self.dict_set(r, k, v),
            Obj::MemoryView(_) => self.memview_set_item(c, k, v, is_slice),
            Obj::ByteArray(b) => {
                let len = b.len();
                if is_slice {
                    let data = match self.bytes_data(v) {
                        Some(d) => d,
                        None => {
                            const MSG: &str = "can assign only bytes, buffers, or iterables of ints in range(0, 256)";
                            if self.str_of(v).is_some() {
                                return Err(self.type_error(MSG));
                            }
                            let it = match self.get_iter(v) {
                                Ok(it) => it,
                                Err(e) if self.exc_matches(e.0, self.types.type_error) => {
                                    return Err(self.type_error(MSG));
                                }
                                Err(e) => return Err(e),
                            };
                            let items = self.with_roots(&[it], |vm, _| vm.collect_iter(it))?;
                            // `__index__` of an item may collect.
                            self.with_roots(&items, |vm, _| {
                                items
                                    .iter()
                                    .map(|&x| vm.byte_value(x))
                                    .collect::<PyResult<Vec<u8>>>()
                            })?
                        }
                    };
                    let si = self.slice_indices(k, len)?;
                    if si.step == 1 {
                        let a = si.start.max(0) as usize;
                        let b = (a + si.len).min(len);
                        let removed = b.max(a) - a;
                        self.check_resize(r, len, len - removed + data.len())?;
                        if let Obj::ByteArray(ba) = self.heap.get_mut(r) {
                            ba.splice(a..b.max(a), data);
                        }
                        return Ok(());
                    }
                    if data.len() != si.len {
                        let msg = format!(
                            "attempt to assign bytes of size {} to extended slice of size {}",
                            data.len(),
                            si.len
                        );
                        return Err(self.value_error(msg));
                    }
                    if let Obj::ByteArray(ba) = self.heap.get_mut(r) {
                        for (i, x) in si.indices().zip(data) {
                            ba[i] = x;
                        }
                    }
                    return Ok(());
                }
                let i = self.index_value(k, "bytearray")?;
                let i = self.norm_index(i, len, "bytearray")?;
                let bv = self.byte_value(v)?;
                if let Obj::ByteArray(b) = self.heap.get_mut(r) {
                    b[i] = bv;
                }
                Ok(())
            }
            Obj::Instance(i) => {
                let native = i.native;
                if let Some(f) = self.user_special(c, "__setitem__")? {
                    self.call_bound(f, c, &[k, v])?;
                    return Ok(());
                }
                if !native.is_undef() {
                    return self.set_item(native, k, v);
                }
                let msg = format!(
                    "'{}' object does not support item assignment",
                    self.type_name(c)
                );
                Err(self.type_error(msg))
            }
            _ => {
                let msg = format!(
                    "'{}' object does not support item assignment",
                    self.type_name(c)
                );
                Err(self.type_error(msg))
            }
        }
    }

    /// An int in 0..=255 for bytes.
    pub fn byte_value(&mut self, v: Value) -> PyResult<u8> {
        match self.as_i64(v) {
            Some(b) if (0..=255).contains(&b) => Ok(b as u8),
            Some(_) => Err(self.value_error("byte must be in range(0, 256)")),
            None => {
                let msg = format!(
                    "'{}' object cannot be interpreted as an integer",
                    self.type_name(v)
                );
                Err(self.type_error(msg))
            }
        }
    }

    /// `del c[k]`.
    pub fn del_item(&mut self, c: Value, k: Value) -> PyResult<()> {
        let Some(r) = c.as_obj() else {
            let msg = format!(
                "'{}' object doesn't support item deletion",
                self.type_name(c)
            );
            return Err(self.type_error(msg));
        };
        let is_slice = matches!(self.obj(k), Some(Obj::Slice(_)));
        if is_slice || matches!(self.obj(k), Some(Obj::Instance(_))) {
            // As in `get_item`: the popped container and key survive a user `__index__`.
            return self.with_roots(&[c, k], |vm, _| vm.del_item_in(c, r, k, is_slice));
        }
        self.del_item_in(c, r, k, false)
    }

    /// `del_item` once the operands of a slice are rooted.
    fn del_item_in(&mut self, c: Value, r: ObjRef, k: Value, is_slice: bool) -> PyResult<()> {
        match self.heap.get(r) {
            Obj::List(_) | Obj::ByteArray(_)
                if is_slice || matches!(self.heap.get(r), Obj::List(_)) =>
            {
                let len = match self.heap.get(r) {
                    Obj::List(l) => l.len(),
                    Obj::ByteArray(b) => b.len(),
                    _ => 0,
                };
                if is_slice {
                    let si = self.slice_indices(k, len)?;
                    if matches!(self.heap.get(r), Obj::ByteArray(_)) {
                        self.check_resize(r, len, len - si.len)?;
                    }
                    let mut kill: Vec<usize> = si.indices().collect();
                    kill.sort_unstable();
                    match self.heap.get_mut(r) {
                        Obj::List(l) => {
                            for i in kill.into_iter().rev() {
                                l.remove(i);
                            }
                        }
                        Obj::ByteArray(b) => {
                            for i in kill.into_iter().rev() {
                                b.remove(i);
                            }
                        }
                        _ => {}
                    }
                    return Ok(());
                }
                let i = self.index_value(k, "list")?;
                let i = self.norm_index(i, len, "list assignment")?;
                if let Obj::List(l) = self.heap.get_mut(r) {
                    l.remove(i);
                }
                Ok(())
            }
            Obj::ByteArray(b) => {
                let len = b.len();
                let i = self.index_value(k, "bytearray")?;
                let i = self.norm_index(i, len, "bytearray")?;
                self.check_resize(r, len, len - 1)?;
                if let Obj::ByteArray(b) = self.heap.get_mut(r) {
                    b.remove(i);
                }
                Ok(())
            }
            Obj::Dict(_) => match self.dict_del(r, k)? {
                Some(_) => Ok(()),
                None => Err(self.key_error(k)),
            },
            Obj::MemoryView(_) => self.memview_del_item(c),
            Obj::Instance(i) => {
                let native = i.native;
                if let Some(f) = self.user_special(c, "__delitem__")? {
                    self.call_bound(f, c, &[k])?;
                    return Ok(());
                }
                if !native.is_undef() {
                    return self.del_item(native, k);
                }
                let msg = format!(
                    "'{}' object doesn't support item deletion",
                    self.type_name(c)
                );
                Err(self.type_error(msg))
            }
            _ => {
                let msg = format!(
                    "'{}' object doesn't support item deletion",
                    self.type_name(c)
                );
                Err(self.type_error(msg))
            }
        }
    }
}

/// A slice bound that needs no user code: `Some(None)` for `None`, `Some(Some(i))` for an
/// inline int; `None` for anything else (bools, big ints, `__index__` objects).
#[inline]
fn fast_bound(v: Value) -> Option<Option<i64>> {
    if v == Value::NONE {
        Some(None)
    } else {
        v.as_small_int().map(Some)
    }
}

/// Resolves slice bounds (`None` = omitted) against a length, like `slice.indices`;
/// `None` if the step is zero.
pub fn slice_indices_of(
    start: Option<i64>,
    stop: Option<i64>,
    step: Option<i64>,
    len: usize,
) -> Option<SliceIndices> {
    let len = len as i64;
    // CPython clamps the step to `-sys.maxsize`, so that it can be negated.
    let step = step.unwrap_or(1).max(-i64::MAX);
    if step == 0 {
        return None;
    }
    let (lower, upper) = if step < 0 { (-1, len - 1) } else { (0, len) };
    let clamp = |x: i64| -> i64 {
        if x < 0 {
            (x + len).max(lower)
        } else {
            x.min(upper)
        }
    };
    let start = match start {
        None if step < 0 => upper,
        None => lower,
        Some(x) => clamp(x),
    };
    let stop = match stop {
        None if step < 0 => lower,
        None => upper,
        Some(x) => clamp(x),
    };
    let n = if step > 0 {
        if start < stop {
            (stop - start - 1) / step + 1
        } else {
            0
        }
    } else if start > stop {
        (start - stop - 1) / (-step) + 1
    } else {
        0
    };
    Some(SliceIndices {
        start,
        stop,
        step,
        len: n as usize,
    })
}

/// The items of a list or tuple object (empty for anything else).
fn seq_values(o: &Obj) -> &[Value] {
    match o {
        Obj::List(l) => l,
        Obj::Tuple(t) => t,
        _ => &[],
    }
}
