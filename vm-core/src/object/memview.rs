//! `memoryview` over `bytes` and `bytearray`: one-dimensional views sharing the exporter's
//! memory, with CPython 3.11's formats of native size (`B b c ? h H i I l L q Q n N f d`),
//! indexing, slicing, item and slice assignment, comparison and the released state.
//!
//! A view of a `bytearray` is an export: while any view of it is alive and not released,
//! the bytearray cannot change size (`BufferError`). The VM keeps the live exports in
//! `Vm::buffer_exports` (views known weakly: a collection forgets a view that died without
//! `release()`, which CPython's reference counts would have released at once).

use alloc::format;
#[cfg(feature = "bytes-methods")]
use alloc::string::String;
use alloc::vec::Vec;

use super::types::Obj;
use super::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// A `memoryview`.
#[derive(Debug, Clone)]
pub struct MemView {
    /// The exporter (`obj`): a `bytes` or `bytearray`.
    pub obj: Value,
    /// Byte offset of the first item in the exporter.
    pub start: usize,
    /// Number of items (`shape[0]`).
    pub len: usize,
    /// Bytes between consecutive items (`strides[0]`; negative for reversed slices).
    pub stride: isize,
    /// The item format (`struct` syntax, native size), e.g. `b'B'`.
    pub format: u8,
    /// Whether the format was given as `@X` (`format` shows it so).
    pub format_at: bool,
    /// Bytes per item.
    pub itemsize: usize,
    /// Whether items may be assigned (a view of a `bytearray`, not made read-only).
    pub readonly: bool,
    /// Set by `release()`: every later operation but `release()` and `==` fails.
    pub released: bool,
}

/// The size of an item of `format`, or `None` for a format this VM does not have.
pub fn format_size(format: u8) -> Option<usize> {
    Some(match format {
        b'B' | b'b' | b'c' | b'?' => 1,
        b'h' | b'H' => 2,
        b'i' | b'I' | b'f' => 4,
        b'l' | b'L' | b'q' | b'Q' | b'n' | b'N' | b'd' => 8,
        _ => return None,
    })
}

/// Whether items of `format` are bytes (casts need a byte format on one side).
pub fn is_byte_format(format: u8) -> bool {
    matches!(format, b'B' | b'b' | b'c')
}

impl MemView {
    /// Whether the items are adjacent in memory, in order.
    pub fn contiguous(&self) -> bool {
        self.len <= 1 || self.stride == self.itemsize as isize
    }

    /// Byte offset of item `i` (`i < len`) in the exporter.
    fn offset(&self, i: usize) -> usize {
        (self.start as isize + i as isize * self.stride) as usize
    }
}

impl Vm {
    /// The exporter's bytes.
    fn exporter_bytes(&self, obj: Value) -> &[u8] {
        match self.obj(obj) {
            Some(Obj::Bytes(b)) => b,
            Some(Obj::ByteArray(b)) => b,
            _ => &[],
        }
    }

    /// The view behind `v` (a copy of its description), if `v` is a memoryview.
    pub fn memview(&self, v: Value) -> Option<MemView> {
        match self.obj(v)? {
            Obj::MemoryView(m) => Some((**m).clone()),
            _ => None,
        }
    }

    /// The view behind `v`, or `ValueError` once it is released.
    pub(crate) fn live_memview(&mut self, v: Value) -> PyResult<MemView> {
        match self.memview(v) {
            Some(m) if m.released => Err(self.released_error()),
            Some(m) => Ok(m),
            None => Err(self.type_error("a memoryview is required")),
        }
    }

    /// `ValueError: operation forbidden on released memoryview object`.
    pub(crate) fn released_error(&mut self) -> PyErr {
        self.value_error("operation forbidden on released memoryview object")
    }

    /// `v.__buffer__(0)` for an instance whose class defines it (the frozen `array`): a
    /// memoryview of its memory; `None` for an object that exports no buffer this way.
    pub(crate) fn exported_view(&mut self, v: Value) -> PyResult<Option<Value>> {
        if !matches!(self.obj(v), Some(Obj::Instance(_))) {
            return Ok(None);
        }
        let Some(f) = self.user_special(v, "__buffer__")? else {
            return Ok(None);
        };
        let view = self.call_bound(f, v, &[Value::small_int(0).unwrap_or(Value::NONE)])?;
        if self.memview(view).is_none() {
            let msg = format!(
                "__buffer__ returned non-memoryview object '{}'",
                self.type_name(view)
            );
            return Err(self.type_error(msg));
        }
        Ok(Some(view))
    }

    /// A copy of the bytes `v` exports through `__buffer__`, the view released after the
    /// reading (so the exporter may change size again); `None` as for [`Vm::exported_view`].
    pub(crate) fn exported_bytes(&mut self, v: Value) -> PyResult<Option<Vec<u8>>> {
        let Some(view) = self.exported_view(v)? else {
            return Ok(None);
        };
        let m = self.live_memview(view)?;
        let data = self.memview_bytes(&m);
        self.release_memview(view);
        Ok(Some(data))
    }

    /// `memoryview(obj)`.
    pub(crate) fn new_memview_of(&mut self, obj: Value) -> PyResult<Value> {
        if let Some(view) = self.exported_view(obj)? {
            return Ok(view);
        }
        if let Some(m) = self.memview(obj) {
            if m.released {
                return Err(self.released_error());
            }
            return self.new_memview(m);
        }
        let (len, readonly) = match self.obj(obj) {
            Some(Obj::Bytes(b)) => (b.len(), true),
            Some(Obj::ByteArray(b)) => (b.len(), false),
            _ => {
                let msg = format!(
                    "memoryview: a bytes-like object is required, not '{}'",
                    self.type_name(obj)
                );
                return Err(self.type_error(msg));
            }
        };
        self.new_memview(MemView {
            obj,
            start: 0,
            len,
            stride: 1,
            format: b'B',
            format_at: false,
            itemsize: 1,
            readonly,
            released: false,
        })
    }

    /// A new view object; a view of a bytearray registers as an export of it.
    pub(crate) fn new_memview(&mut self, m: MemView) -> PyResult<Value> {
        let exporter = match self.obj(m.obj) {
            Some(Obj::ByteArray(_)) => m.obj.as_obj(),
            _ => None,
        };
        let v = self.alloc_value(Obj::MemoryView(alloc::boxed::Box::new(m)))?;
        if let (Some(e), Some(r)) = (exporter, v.as_obj()) {
            self.buffer_exports
                .try_reserve(1)
                .map_err(|_| self.memory_error())?;
            self.buffer_exports.push((r, e));
        }
        Ok(v)
    }

    /// `m.release()`: the view ends its export; later uses fail.
    pub(crate) fn release_memview(&mut self, v: Value) {
        let Some(r) = v.as_obj() else { return };
        if let Obj::MemoryView(m) = self.heap.get_mut(r) {
            m.released = true;
        }
        self.buffer_exports.retain(|(view, _)| *view != r);
    }

    /// Fails with `BufferError` when bytearray `r` is exported and an operation would
    /// change its size (from `old` to `new` bytes).
    ///
    /// Views that died without `release()` (a temporary slice, a dropped name) still
    /// count until a collection forgets them, so before failing this collects once: every
    /// caller is at a point where user code could run (which may collect too), and the
    /// bytearray itself is rooted here.
    #[inline]
    pub(crate) fn check_resize(&mut self, r: ObjRef, old: usize, new: usize) -> PyResult<()> {
        if old != new && self.buffer_exports.iter().any(|(_, e)| *e == r) {
            self.with_roots(&[Value::obj(r)], |vm, _| vm.collect_garbage());
        }
        if old != new && self.buffer_exports.iter().any(|(_, e)| *e == r) {
            let e = self.new_lazy_exception(
                crate::object::lazy_exc::LazyExc::BufferError,
                "Existing exports of data: object cannot be re-sized",
            );
            return Err(e);
        }
        Ok(())
    }

    /// The length of bytearray `r` (0 for anything else).
    #[cfg(feature = "bytes-methods")]
    pub(crate) fn bytearray_len(&self, r: ObjRef) -> usize {
        match self.heap.get(r) {
            Obj::ByteArray(b) => b.len(),
            _ => 0,
        }
    }

    /// After marking: forgets the exports of views that died without `release()`.
    pub(crate) fn forget_dead_exports(&mut self) {
        let heap = &self.heap;
        self.buffer_exports
            .retain(|(view, _)| heap.is_marked(*view));
    }

    /// The bytes a view shows, in item order (`tobytes()`).
    pub(crate) fn memview_bytes(&self, m: &MemView) -> Vec<u8> {
        let data = self.exporter_bytes(m.obj);
        let mut out = Vec::with_capacity(m.len * m.itemsize);
        for i in 0..m.len {
            let o = m.offset(i);
            out.extend_from_slice(data.get(o..o + m.itemsize).unwrap_or(&[]));
        }
        out
    }

    /// Item `i` of a view as a Python value.
    pub(crate) fn memview_item(&mut self, m: &MemView, i: usize) -> PyResult<Value> {
        let o = m.offset(i);
        let mut raw = [0u8; 8];
        let n = m.itemsize;
        if let Some(src) = self.exporter_bytes(m.obj).get(o..o + n) {
            raw[..n].copy_from_slice(src);
        }
        unpack(self, m.format, &raw[..n])
    }

    /// `m[i] = v`: packs `v` in the view's format.
    pub(crate) fn memview_store(&mut self, m: &MemView, i: usize, v: Value) -> PyResult<()> {
        let bytes = pack(self, m.format, v)?;
        self.memview_write(m, i, &bytes);
        Ok(())
    }

    /// Writes the packed bytes of item `i`.
    fn memview_write(&mut self, m: &MemView, i: usize, bytes: &[u8]) {
        let o = m.offset(i);
        if let Some(Obj::ByteArray(b)) = m.obj.as_obj().map(|r| self.heap.get_mut(r)) {
            if let Some(dst) = b.get_mut(o..o + bytes.len()) {
                dst.copy_from_slice(bytes);
            }
        }
    }

    /// `m[a:b:c] = src`: `src` is a bytes-like object (or view) with the same format and
    /// as many items.
    pub(crate) fn memview_store_slice(
        &mut self,
        m: &MemView,
        indices: &[usize],
        src: Value,
    ) -> PyResult<()> {
        let (data, format) = match self.memview(src) {
            Some(s) if s.released => return Err(self.released_error()),
            Some(s) => (self.memview_bytes(&s), s.format),
            None => match self.bytes_data(src) {
                Some(d) => (d, b'B'),
                None => {
                    let msg = format!(
                        "a bytes-like object is required, not '{}'",
                        self.type_name(src)
                    );
                    return Err(self.type_error(msg));
                }
            },
        };
        if format != m.format || data.len() != indices.len() * m.itemsize {
            return Err(self.value_error(
                "memoryview assignment: lvalue and rvalue have different structures",
            ));
        }
        for (k, &i) in indices.iter().enumerate() {
            let item = data[k * m.itemsize..(k + 1) * m.itemsize].to_vec();
            self.memview_write(m, i, &item);
        }
        Ok(())
    }

    /// The view of items `indices` (a slice's: start, count and step) of `m`.
    pub(crate) fn memview_slice(
        &mut self,
        m: &MemView,
        start: usize,
        count: usize,
        step: isize,
    ) -> PyResult<Value> {
        let mut s = m.clone();
        s.start = if count == 0 { m.start } else { m.offset(start) };
        s.len = count;
        s.stride = m.stride * step;
        self.new_memview(s)
    }

    /// The items of a view as values (`tolist()`).
    #[cfg(feature = "bytes-methods")]
    pub(crate) fn memview_values(&mut self, m: &MemView) -> PyResult<Vec<Value>> {
        let mut out = Vec::with_capacity(m.len);
        for i in 0..m.len {
            out.push(self.memview_item(m, i)?);
        }
        Ok(out)
    }

    /// `a == b` where either is a memoryview: equal shapes and equal items (unpacked in
    /// each side's format); a released view equals only itself.
    pub(crate) fn memview_eq(&mut self, a: Value, b: Value) -> PyResult<Option<bool>> {
        let (ma, mb) = (self.memview(a), self.memview(b));
        if ma.is_none() && mb.is_none() {
            return Ok(None);
        }
        let side = |vm: &mut Vm, m: Option<MemView>, v: Value| -> Option<MemView> {
            m.or_else(|| match vm.obj(v) {
                Some(Obj::Bytes(b)) => Some(plain_view(v, b.len(), true)),
                Some(Obj::ByteArray(b)) => Some(plain_view(v, b.len(), false)),
                _ => None,
            })
        };
        let (Some(x), Some(y)) = (side(self, ma, a), side(self, mb, b)) else {
            return Ok(None);
        };
        if x.released || y.released {
            return Ok(Some(a == b));
        }
        if x.len != y.len {
            return Ok(Some(false));
        }
        if x.format == y.format && is_byte_format(x.format) {
            return Ok(Some(self.memview_bytes(&x) == self.memview_bytes(&y)));
        }
        for i in 0..x.len {
            let (p, q) = (self.memview_item(&x, i)?, self.memview_item(&y, i)?);
            if !self.eq(p, q)? {
                return Ok(Some(false));
            }
        }
        Ok(Some(true))
    }
}

/// The view a bytes or bytearray shows (format `B`).
fn plain_view(obj: Value, len: usize, readonly: bool) -> MemView {
    MemView {
        obj,
        start: 0,
        len,
        stride: 1,
        format: b'B',
        format_at: false,
        itemsize: 1,
        readonly,
        released: false,
    }
}

/// The `struct` value of one item.
fn unpack(vm: &mut Vm, format: u8, raw: &[u8]) -> PyResult<Value> {
    let word = |n: usize| {
        let mut b = [0u8; 8];
        b[..n].copy_from_slice(&raw[..n]);
        b
    };
    let u = match raw.len() {
        1 => u64::from(raw[0]),
        2 => u64::from(u16::from_ne_bytes([raw[0], raw[1]])),
        4 => u64::from(u32::from_ne_bytes([raw[0], raw[1], raw[2], raw[3]])),
        _ => u64::from_ne_bytes(word(8)),
    };
    let signed = |bits: u32| ((u << (64 - bits)) as i64) >> (64 - bits);
    match format {
        b'c' => vm.alloc_value(Obj::Bytes(raw.into())),
        b'?' => Ok(Value::bool(u != 0)),
        b'f' => Ok(Value::float(f64::from(f32::from_ne_bytes([
            raw[0], raw[1], raw[2], raw[3],
        ])))),
        b'd' => Ok(Value::float(f64::from_ne_bytes(word(8)))),
        b'b' | b'h' | b'i' | b'l' | b'q' | b'n' => vm.new_int(signed(raw.len() as u32 * 8)),
        _ => match i64::try_from(u) {
            Ok(i) => vm.new_int(i),
            Err(_) => vm.int_from_i128(i128::from(u)),
        },
    }
}

/// One item of `format` from `v`, with CPython's errors for a wrong type or value.
fn pack(vm: &mut Vm, format: u8, v: Value) -> PyResult<Vec<u8>> {
    let fmt = char::from(format);
    let size = format_size(format).unwrap_or(1);
    let invalid_type =
        |vm: &mut Vm| vm.type_error(format!("memoryview: invalid type for format '{fmt}'"));
    let invalid_value =
        |vm: &mut Vm| vm.value_error(format!("memoryview: invalid value for format '{fmt}'"));
    match format {
        b'c' => match vm.obj(v) {
            Some(Obj::Bytes(b)) if b.len() == 1 => Ok(b.to_vec()),
            Some(Obj::Bytes(_)) => Err(invalid_value(vm)),
            _ => Err(invalid_type(vm)),
        },
        b'?' => Ok(alloc::vec![u8::from(vm.truthy(v)?)]),
        b'f' | b'd' => {
            let Some(x) = (if v.is_float() || vm.is_int(v) {
                vm.to_f64(v)?
            } else {
                None
            }) else {
                return Err(invalid_type(vm));
            };
            Ok(if format == b'f' {
                (x as f32).to_ne_bytes().to_vec()
            } else {
                x.to_ne_bytes().to_vec()
            })
        }
        _ => {
            if !vm.is_int(v) {
                return Err(invalid_type(vm));
            }
            let Some(b) = vm.to_bigint(v) else {
                return Err(invalid_type(vm));
            };
            let bits = size as u32 * 8;
            let signed = matches!(format, b'b' | b'h' | b'i' | b'l' | b'q' | b'n');
            let fits = match (b.to_i64(), signed) {
                (Some(i), true) => {
                    bits == 64 || (i >= -(1i64 << (bits - 1)) && i < 1i64 << (bits - 1))
                }
                (Some(i), false) => i >= 0 && (bits == 64 || i < 1i64 << bits),
                (None, false) => bits == 64 && !b.is_negative() && b.to_u64().is_some(),
                (None, true) => false,
            };
            if !fits {
                return Err(invalid_value(vm));
            }
            let w = b
                .to_i64()
                .map_or_else(|| b.to_u64().unwrap_or(0), |i| i as u64);
            Ok(match size {
                1 => alloc::vec![w as u8],
                2 => (w as u16).to_ne_bytes().to_vec(),
                4 => (w as u32).to_ne_bytes().to_vec(),
                _ => w.to_ne_bytes().to_vec(),
            })
        }
    }
}

/// `memoryview`'s `format` text.
#[cfg(feature = "bytes-methods")]
pub fn format_text(format: u8, at: bool) -> String {
    let mut s = String::new();
    if at {
        s.push('@');
    }
    s.push(char::from(format));
    s
}

impl Vm {
    /// `m[k]`: an item, or a view of a slice.
    pub(crate) fn memview_get_item(
        &mut self,
        c: Value,
        k: Value,
        is_slice: bool,
    ) -> PyResult<Value> {
        let m = self.live_memview(c)?;
        if is_slice {
            let si = self.slice_indices(k, m.len)?;
            return self.memview_slice(&m, si.start.max(0) as usize, si.len, si.step as isize);
        }
        let i = self.memview_index(&m, k)?;
        self.memview_item(&m, i)
    }

    /// `m[k] = v`.
    pub(crate) fn memview_set_item(
        &mut self,
        c: Value,
        k: Value,
        v: Value,
        is_slice: bool,
    ) -> PyResult<()> {
        let m = self.live_memview(c)?;
        if m.readonly {
            return Err(self.type_error("cannot modify read-only memory"));
        }
        if is_slice {
            let si = self.slice_indices(k, m.len)?;
            let indices: Vec<usize> = si.indices().collect();
            return self.memview_store_slice(&m, &indices, v);
        }
        let i = self.memview_index(&m, k)?;
        self.memview_store(&m, i, v)
    }

    /// `del m[k]`: views cannot shrink.
    pub(crate) fn memview_del_item(&mut self, c: Value) -> PyResult<()> {
        let m = self.live_memview(c)?;
        if m.readonly {
            return Err(self.type_error("cannot modify read-only memory"));
        }
        Err(self.type_error("cannot delete memory"))
    }

    /// An item index of `m` (negative from the end), with CPython's errors.
    fn memview_index(&mut self, m: &MemView, k: Value) -> PyResult<usize> {
        let int_like = self.is_int(k)
            || matches!(self.obj(k), Some(Obj::Instance(_)))
                && self.lookup_special(k, "__index__")?.is_some();
        if !int_like {
            return Err(self.type_error("memoryview: invalid slice key"));
        }
        let i = self.index_value(k, "memoryview")?;
        let j = if i < 0 { i + m.len as i64 } else { i };
        if j < 0 || j >= m.len as i64 {
            return Err(self.index_error("index out of bounds on dimension 1"));
        }
        Ok(j as usize)
    }
}

impl Vm {
    /// `hash(m)`: a read-only view of bytes hashes as its bytes.
    pub(crate) fn memview_hash(&mut self, v: Value) -> PyResult<u64> {
        let m = self.live_memview(v)?;
        if !m.readonly {
            return Err(self.value_error("cannot hash writable memoryview object"));
        }
        if !is_byte_format(m.format) {
            return Err(
                self.value_error("memoryview: hashing is restricted to formats 'B', 'b' or 'c'")
            );
        }
        Ok(super::hash::bytes_hash(&self.memview_bytes(&m)))
    }
}
