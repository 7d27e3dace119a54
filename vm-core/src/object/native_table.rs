//! Unbound builtin functions and methods as immediates: `len`, `list.append`, `str.join`
//! are [`Value::native`]s naming an entry of a static table of `(name, fn)` pairs, so the
//! builtins cost no arena slot and no box each. The VM keeps one small record per
//! registered table (its kind and owner type); a bound method (`[].append`) and the
//! natives made at run time stay `Obj::Native` heap objects.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::types::{NativeFn, NativeFunc, NativeKind, Obj};
use super::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// A static table of builtins: Python-visible name and implementation.
pub type NativeEntries = &'static [(&'static str, NativeFn)];

/// One registered table: its entries bind as `kind` and belong to `owner` (a type, or
/// `UNDEF` for module-level functions).
#[derive(Clone, Copy, Debug)]
pub struct NativeTable {
    /// The entries.
    pub entries: NativeEntries,
    /// How its entries bind.
    pub kind: NativeKind,
    /// The owning type, or `UNDEF`.
    pub owner: Value,
}

/// The table the list methods are registered as first, so that `list.append` has a
/// value known when the VM is built (machine code compares a callable against it).
pub const LIST_TABLE: u16 = 0;
/// The table the generator methods are registered as second (`gen.send`, likewise).
pub const GENERATOR_TABLE: u16 = 1;

/// `list.append` as a value (table [`LIST_TABLE`]).
pub const LIST_APPEND: Value = Value::native(
    LIST_TABLE,
    position(crate::builtins::methods::LIST_METHODS, "append"),
);
/// The table the `math` functions are registered as third (`math.sqrt`, likewise).
#[cfg(feature = "math")]
pub const MATH_TABLE: u16 = 2;

/// `math.sqrt` as a value (table [`MATH_TABLE`]).
#[cfg(feature = "math")]
pub const MATH_SQRT: Value = Value::native(
    MATH_TABLE,
    position(crate::builtins::mathmod::MATH_FUNCTIONS, "sqrt"),
);

/// The generators' `send` as a value (table [`GENERATOR_TABLE`]).
pub const GENERATOR_SEND: Value = Value::native(
    GENERATOR_TABLE,
    position(crate::builtins::methods::GENERATOR_METHODS, "send"),
);

/// The bit of a 32-bit inline cache entry that marks an immediate builtin (below it, its
/// table and entry) rather than an arena slot.
const CACHE_NATIVE: u32 = 1 << 31;

/// `v`, an object or an immediate builtin, as a 32-bit inline cache entry (`None` for an
/// object past the slots a cache can name, or any other value).
#[inline]
pub fn cache_id(v: Value) -> Option<u32> {
    if let Some((t, e)) = v.as_native() {
        return (t < 1 << 15).then_some(CACHE_NATIVE | (u32::from(t) << 16) | u32::from(e));
    }
    v.as_obj().map(|r| r.0).filter(|&r| r < CACHE_NATIVE)
}

/// The value a [`cache_id`] entry names.
#[inline]
pub fn from_cache_id(id: u32) -> Value {
    if id & CACHE_NATIVE != 0 {
        Value::native((id >> 16 & 0x7FFF) as u16, id as u16)
    } else {
        Value::obj(ObjRef(id))
    }
}

/// Where `name` is in `entries` (a build error when it is not there).
const fn position(entries: NativeEntries, name: &str) -> u16 {
    let mut i = 0;
    while i < entries.len() {
        if str_eq(entries[i].0, name) {
            return i as u16;
        }
        i += 1;
    }
    panic!("a native table lacks an entry the VM names")
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The VM's registered native tables.
#[derive(Default)]
pub struct NativeTables {
    tables: Vec<NativeTable>,
    /// The tables that hold a builtin type's methods (its namespace reads them on a
    /// miss), as (type, table), in registration order.
    namespaces: Vec<(ObjRef, u16)>,
}

impl NativeTables {
    /// The index of `entries` registered as `kind` of `owner`: an earlier registration of
    /// the same table when there is one, else a new one (`None` when the indices run out
    /// or an entry index would not fit). Also returns the bytes the table list grew by.
    pub fn register(
        &mut self,
        entries: NativeEntries,
        kind: NativeKind,
        owner: Value,
    ) -> (Option<u16>, usize) {
        let same = |t: &NativeTable| {
            core::ptr::eq(t.entries, entries) && t.kind == kind && t.owner == owner
        };
        if let Some(i) = self.tables.iter().position(same) {
            return (u16::try_from(i).ok(), 0);
        }
        let index = u16::try_from(self.tables.len()).ok();
        if index.is_none() || entries.len() > usize::from(u16::MAX) {
            return (None, 0);
        }
        let before = self.tables.capacity();
        self.tables.push(NativeTable {
            entries,
            kind,
            owner,
        });
        let grew = (self.tables.capacity() - before) * size_of::<NativeTable>();
        (index, grew)
    }

    /// Table `t`.
    #[inline]
    pub fn table(&self, t: u16) -> Option<&NativeTable> {
        self.tables.get(usize::from(t))
    }

    /// The implementation of the immediate native `(t, e)`.
    #[inline]
    pub fn fn_of(&self, t: u16, e: u16) -> Option<NativeFn> {
        let table = self.tables.get(usize::from(t))?;
        table.entries.get(usize::from(e)).map(|&(_, f)| f)
    }

    /// Adds table `t` to the namespace of type `cls`, where it wins over the tables added
    /// before it (or, `below`, loses to them); returns the bytes the list grew by.
    pub fn add_namespace(&mut self, cls: ObjRef, t: u16, below: bool) -> usize {
        let before = self.namespaces.capacity();
        if below {
            self.namespaces.insert(0, (cls, t));
        } else {
            self.namespaces.push((cls, t));
        }
        (self.namespaces.capacity() - before) * size_of::<(ObjRef, u16)>()
    }

    /// The tables of the namespace of `cls`, the last registered first.
    fn namespace_tables(&self, cls: ObjRef) -> impl Iterator<Item = (u16, NativeEntries)> + '_ {
        self.namespaces
            .iter()
            .rev()
            .filter(move |&&(c, _)| c == cls)
            .filter_map(|&(_, t)| Some((t, self.table(t)?.entries)))
    }

    /// The entry `name` of the namespace of `cls`: the last registered wins, as a later
    /// store into a dict would.
    pub fn namespace_get(&self, cls: ObjRef, name: &str) -> Option<Value> {
        for (t, entries) in self.namespace_tables(cls) {
            if let Some(e) = entries.iter().rposition(|&(n, _)| n == name) {
                return Some(Value::native(t, u16::try_from(e).ok()?));
            }
        }
        None
    }

    /// Every entry of the namespace of `cls`, one per name (the one lookups find), in
    /// registration order.
    pub fn namespace_entries(&self, cls: ObjRef) -> Vec<(&'static str, Value)> {
        let mut out: Vec<(&'static str, Value)> = Vec::new();
        for (t, entries) in self.namespace_tables(cls) {
            for (e, &(name, _)) in entries.iter().enumerate().rev() {
                let Ok(e) = u16::try_from(e) else { continue };
                if !out.iter().any(|&(n, _)| n == name) {
                    out.push((name, Value::native(t, e)));
                }
            }
        }
        out.reverse();
        out
    }

    /// Calls `f` on every owner (for the collector: they are builtin types, kept anyway).
    pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
        self.tables.iter().for_each(|t| f(t.owner));
    }

    /// Gives back the spare capacity once the builtins are registered.
    pub fn shrink_to_fit(&mut self) {
        self.tables.shrink_to_fit();
        self.namespaces.shrink_to_fit();
    }

    /// Bytes the table list holds.
    pub fn bytes(&self) -> usize {
        self.tables.capacity() * size_of::<NativeTable>()
            + self.namespaces.capacity() * size_of::<(ObjRef, u16)>()
    }
}

impl Vm {
    /// The builtin `v` is (an immediate, or a heap `Obj::Native`), as a record.
    #[inline]
    pub fn native(&self, v: Value) -> Option<NativeFunc> {
        if let Some((t, e)) = v.as_native() {
            let table = self.natives.table(t)?;
            let &(name, f) = table.entries.get(usize::from(e))?;
            return Some(NativeFunc {
                name,
                f,
                kind: table.kind,
                bound: Value::UNDEF,
                owner: table.owner,
            });
        }
        match self.obj(v) {
            Some(Obj::Native(n)) => Some((**n).clone()),
            _ => None,
        }
    }

    /// The implementation of `v` when it is an unbound builtin (the call fast paths).
    #[inline]
    pub fn unbound_native_fn(&self, v: Value) -> Option<NativeFn> {
        if let Some((t, e)) = v.as_native() {
            return self.natives.fn_of(t, e);
        }
        match self.obj(v) {
            Some(Obj::Native(n)) if n.bound.is_undef() => Some(n.f),
            _ => None,
        }
    }

    /// Registers table `entries` as `kind` of `owner` (counting what the table list grows
    /// by): its index, or `None` when the indices run out (its builtins then go on the heap).
    pub(crate) fn register_natives(
        &mut self,
        entries: NativeEntries,
        kind: NativeKind,
        owner: Value,
    ) -> Option<u16> {
        let (index, grew) = self.natives.register(entries, kind, owner);
        self.heap.charge_table(grew).ok()?;
        index
    }

    /// Entry `e` of `entries` (registered as `table`) as a value: the immediate, or a heap
    /// builtin when the table has no index.
    pub(crate) fn native_entry(
        &mut self,
        table: Option<u16>,
        entries: NativeEntries,
        e: usize,
        kind: NativeKind,
        owner: Value,
    ) -> PyResult<Value> {
        if let (Some(t), Ok(i)) = (table, u16::try_from(e)) {
            return Ok(Value::native(t, i));
        }
        let (name, f) = entries.get(e).copied().ok_or(PyErr(self.memory_error))?;
        let nf = NativeFunc {
            name,
            f,
            kind,
            bound: Value::UNDEF,
            owner,
        };
        self.alloc_value(Obj::Native(Box::new(nf)))
    }

    /// Registers the builtins of `entries` as `kind` of `owner` and stores each in dict `d`
    /// under its name.
    pub(crate) fn add_natives(
        &mut self,
        d: ObjRef,
        entries: NativeEntries,
        kind: NativeKind,
        owner: Value,
    ) {
        let table = self.register_natives(entries, kind, owner);
        for (e, &(name, _)) in entries.iter().enumerate() {
            let Ok(v) = self.native_entry(table, entries, e, kind, owner) else {
                return;
            };
            let _ = self.dict_set_str(d, name, v);
        }
    }
}
