//! The object protocol: types, class lookup, hashing, equality, truthiness and dict access.

use alloc::string::String;
use alloc::vec::Vec;

use super::hash::{
    bytes_hash, int_hash, str_hash_bytes, tuple_hash, tuple_hash_end, tuple_hash_step,
    TUPLE_HASH_START,
};
use super::types::{BuiltinBase, DictViewKind, GenKind, IterObj, Obj};
use super::value::{ObjRef, Value};
use crate::bytecode::ops::CompareOp;
use crate::vm::{PyErr, PyResult, Vm};

/// CPython's hash of a float (`_Py_HashDouble`), for non-NaN values.
pub fn float_hash(x: f64) -> u64 {
    use super::hash::MODULUS;
    if x.is_infinite() {
        return if x > 0.0 { 314159 } else { (-314159i64) as u64 };
    }
    if x.is_nan() {
        return 0;
    }
    let (mut m, mut e) = libm::frexp(x);
    let mut sign = 1i64;
    if m < 0.0 {
        sign = -1;
        m = -m;
    }
    let mut h: u64 = 0;
    while m != 0.0 {
        h = ((h << 28) & MODULUS) | (h >> (61 - 28));
        m *= 268435456.0;
        e -= 28;
        let y = m as u64;
        m -= y as f64;
        h += y;
        if h >= MODULUS {
            h -= MODULUS;
        }
    }
    let e = if e >= 0 {
        e % 61
    } else {
        61 - 1 - ((-1 - e) % 61)
    };
    h = ((h << e) & MODULUS) | (h >> (61 - e));
    let r = (h as i64) * sign;
    (if r == -1 { -2 } else { r }) as u64
}

impl Vm {
    // -- Types ---------------------------------------------------------------------------------

    /// The class of a value.
    pub fn type_of(&self, v: Value) -> ObjRef {
        let t = &self.types;
        if v.is_float() {
            return t.float;
        }
        if v.is_small_int() {
            return t.int;
        }
        let Some(r) = v.as_obj() else {
            if v.is_native() {
                return t.builtin_function;
            }
            return match v {
                Value::NONE => t.none_type,
                Value::TRUE | Value::FALSE => t.bool_,
                Value::NOT_IMPLEMENTED => t.not_implemented_type,
                Value::ELLIPSIS => t.ellipsis_type,
                _ => t.object,
            };
        };
        match self.heap.get(r) {
            Obj::Free(_) => t.object,
            Obj::Str(_) => t.str_,
            Obj::Bytes(_) => t.bytes,
            Obj::ByteArray(_) => t.bytearray,
            Obj::BigInt(_) => t.int,
            Obj::List(_) => t.list,
            Obj::Tuple(_) => t.tuple,
            Obj::Dict(_) => t.dict,
            Obj::Set(s) => {
                if s.frozen {
                    t.frozenset
                } else {
                    t.set
                }
            }
            Obj::Range { .. } | Obj::BigRange(_) => t.range,
            Obj::Slice(_) => t.slice,
            Obj::Function(_) => t.function,
            Obj::Native(_) => t.builtin_function,
            Obj::BoundMethod { .. } => t.method,
            Obj::Class(c) => c.meta,
            Obj::Instance(i) => i.class,
            Obj::Module(_) => t.module,
            Obj::Cell(_) => t.cell,
            Obj::Code(_) => t.code,
            Obj::Frame(_) => t.frame,
            Obj::Traceback(_) => t.traceback,
            Obj::Generator(_) => t.generator,
            Obj::Coroutine(g) => match g.kind {
                GenKind::AsyncGenerator => t.async_generator,
                _ => t.coroutine,
            },
            Obj::ListIter { .. } => t.list_iterator,
            Obj::RangeIter { .. } => t.range_iterator,
            Obj::Iter(it) => match **it {
                IterObj::Tuple { .. } => t.tuple_iterator,
                IterObj::Str { .. } => t.str_iterator,
                IterObj::Bytes { .. } => t.bytes_iterator,
                IterObj::Dict { .. } => t.dict_keyiterator,
                IterObj::Enumerate { .. } => t.enumerate,
                IterObj::Zip { .. } => t.zip,
                IterObj::Map { .. } => t.map,
                IterObj::Filter { .. } => t.filter,
                IterObj::Reversed { .. } => t.reversed,
                IterObj::Call { .. } => t.callable_iterator,
                IterObj::Seq { .. } | IterObj::Done => t.iterator,
                IterObj::BigRange { .. } => t.longrange_iterator,
                IterObj::CoroWrapper { .. } => t.coroutine_wrapper,
                IterObj::AsyncGenSend { .. } => t.async_generator_asend,
                IterObj::AsyncGenThrow { .. } => t.async_generator_athrow,
            },
            Obj::DictView { kind, .. } => match kind {
                DictViewKind::Keys => t.dict_keys,
                DictViewKind::Values => t.dict_values,
                DictViewKind::Items => t.dict_items,
            },
            Obj::Property(_) => t.property,
            Obj::StaticMethod(_) => t.staticmethod,
            Obj::ClassMethod(_) => t.classmethod,
            Obj::Super { .. } => t.super_,
            Obj::Complex { .. } => t.complex,
            Obj::MemoryView(_) => t.memoryview,
            Obj::WeakRef(w) if w.finalizer.is_some() => t.weakref_finalize,
            Obj::WeakRef(_) => t.weakref_ref,
        }
    }

    /// The class object behind a reference, if it is one.
    #[inline]
    pub fn class(&self, r: ObjRef) -> Option<&super::types::Class> {
        match self.heap.get(r) {
            Obj::Class(c) => Some(c),
            _ => None,
        }
    }

    /// The class behind a weak reference (an entry of a class's `subclasses`): its slot
    /// may have been freed, reused, or cut off the end of the arena since.
    pub(crate) fn weak_class(&self, r: ObjRef) -> Option<&super::types::Class> {
        match self.heap.try_get(r)? {
            Obj::Class(c) => Some(c),
            _ => None,
        }
    }

    /// A class's `__name__`.
    pub fn class_name(&self, cls: ObjRef) -> String {
        self.class(cls)
            .and_then(|c| self.str_of(c.name))
            .unwrap_or("?")
            .into()
    }

    /// Whether `sub` is `sup` or derives from it.
    pub fn is_subclass(&self, sub: ObjRef, sup: ObjRef) -> bool {
        if sub == sup {
            return true;
        }
        self.class(sub).is_some_and(|c| c.mro.contains(&sup))
    }

    /// `isinstance(v, cls)` for a single class.
    pub fn is_instance(&self, v: Value, cls: ObjRef) -> bool {
        self.is_subclass(self.type_of(v), cls)
    }

    /// The builtin payload kind of a class.
    pub fn builtin_base(&self, cls: ObjRef) -> BuiltinBase {
        self.class(cls)
            .map_or(BuiltinBase::Object, |c| c.builtin_base)
    }

    /// Looks `name` (a str value) up along a class's MRO.
    pub fn class_lookup(&self, cls: ObjRef, name: Value) -> Option<Value> {
        let c = self.class(cls)?;
        let version = c.version.get();
        let slot = (version != 0).then(|| crate::vm::class_lookup_slot(version, name));
        if let Some(e) = slot.and_then(|i| self.class_lookup_cache.get(i)) {
            let e = e.get();
            if e.version == version && e.name == name {
                return (!e.found.is_undef()).then_some(e.found);
            }
        }
        let found = c.mro.iter().find_map(|&k| self.class_own_get(k, name));
        if let Some(e) = slot.and_then(|i| self.class_lookup_cache.get(i)) {
            e.set(crate::vm::LookupEntry {
                version,
                name,
                found: found.unwrap_or(Value::UNDEF),
            });
        }
        found
    }

    /// Looks a special method up on the type of `v` by Rust name.
    pub fn lookup_special(&mut self, v: Value, name: &str) -> PyResult<Option<Value>> {
        let t = self.type_of(v);
        let n = self.intern(name)?;
        Ok(self.class_lookup(t, n))
    }

    /// Whether the class of `v` is a user-defined class (not builtin).
    #[inline]
    pub fn is_user_instance(&self, v: Value) -> bool {
        matches!(self.obj(v), Some(Obj::Instance(i)) if i.exc.is_none() || !self.class(i.class).is_some_and(|c| c.is_builtin))
    }

    /// Bumps the version tag of a class (its attributes changed).
    ///
    /// Versions are unique across classes (one counter), so a cached version identifies the
    /// class as well as its state. Every user subclass gets a new version too, because what
    /// it inherits may have changed. A version of 0 means "do not cache" (the counter wrapped).
    pub fn touch_class(&mut self, cls: ObjRef) {
        self.new_class_version(cls);
        let subs = match self.heap.get_mut(cls) {
            Obj::Class(c) => core::mem::take(&mut c.subclasses),
            _ => return,
        };
        // Entries are weak: keep those that are still classes deriving from `cls`.
        let live: Vec<ObjRef> = subs
            .into_iter()
            .filter(|&s| self.weak_class(s).is_some_and(|c| c.mro.contains(&cls)))
            .collect();
        for &s in &live {
            self.new_class_version(s);
        }
        if let Obj::Class(c) = self.heap.get_mut(cls) {
            c.subclasses = live;
        }
    }

    pub(crate) fn new_class_version(&mut self, cls: ObjRef) {
        let v = self.types.next_version.get();
        self.types.next_version.set(v.checked_add(1).unwrap_or(0));
        if let Some(c) = self.class(cls) {
            c.version.set(v);
        }
        #[cfg(feature = "tier2")]
        self.tier2_changed(crate::exec::ir::Dep::Class(cls.0));
    }

    /// Records that `sub` derives from the user class `ancestor` (see [`Vm::touch_class`]).
    pub(crate) fn register_subclass(&mut self, ancestor: ObjRef, sub: ObjRef) {
        let prune = match self.heap.get_mut(ancestor) {
            Obj::Class(c) if !c.is_builtin => {
                c.subclasses.push(sub);
                c.subclasses.len() >= 16 && c.subclasses.len().is_power_of_two()
            }
            _ => false,
        };
        if prune {
            // Classes created and dropped in a loop must not grow the list forever.
            let subs = match self.heap.get_mut(ancestor) {
                Obj::Class(c) => core::mem::take(&mut c.subclasses),
                _ => return,
            };
            let live: Vec<ObjRef> = subs
                .into_iter()
                .filter(|&s| {
                    s == sub
                        || self
                            .weak_class(s)
                            .is_some_and(|c| c.mro.contains(&ancestor))
                })
                .collect();
            if let Obj::Class(c) = self.heap.get_mut(ancestor) {
                c.subclasses = live;
            }
        }
    }

    // -- Dicts ---------------------------------------------------------------------------------

    /// Fast lookup of a str key that needs no user code (class and module namespaces).
    pub fn dict_get_str(&self, d: ObjRef, key: Value) -> Option<Value> {
        let Obj::Dict(dict) = self.heap.get(d) else {
            return None;
        };
        let h = self.str_hash_of(key)?;
        let ks = self.str_of(key)?;
        let ix = dict.find_with(h, key, |k, _| self.str_of(k) == Some(ks))?;
        Some(dict.entry(ix).value)
    }

    /// The (cached) hash of a str value.
    pub fn str_hash_of(&self, v: Value) -> Option<u64> {
        match self.obj(v)? {
            Obj::Str(s) => {
                let cell = s.hash_cell();
                let h = cell.get();
                if h != u64::MAX {
                    return Some(h);
                }
                let h = str_hash_bytes(s.as_bytes());
                cell.set(h);
                Some(h)
            }
            _ => None,
        }
    }

    /// Finds `key` in dict-like table `d` (a dict or set object) with Python equality.
    /// Returns the entry index.
    pub fn dict_find(&mut self, d: ObjRef, key: Value, hash: u64) -> PyResult<Option<usize>> {
        self.dict_find_keeping(d, key, hash, Value::NONE)
    }

    /// `dict_find` that also keeps `keep` (the value about to be stored) alive across the
    /// user `__eq__` calls of the slow path.
    fn dict_find_keeping(
        &mut self,
        d: ObjRef,
        key: Value,
        hash: u64,
        keep: Value,
    ) -> PyResult<Option<usize>> {
        // Candidates whose equality needs no user code are decided in place; the rest are
        // compared through `eq`, restarting if the table changed meanwhile.
        loop {
            let mut slow: Vec<(usize, Value)> = Vec::new();
            let version;
            {
                let table = match self.heap.get(d) {
                    Obj::Dict(t) => &**t,
                    Obj::Set(s) => &s.table,
                    _ => return Ok(None),
                };
                version = table.keys_version;
                for i in table.candidates(hash) {
                    let k = table.entry(i).key;
                    if k == key {
                        return Ok(Some(i));
                    }
                    match self.simple_eq(k, key) {
                        Some(true) => return Ok(Some(i)),
                        Some(false) => {}
                        None => slow.push((i, k)),
                    }
                }
            }
            if slow.is_empty() {
                return Ok(None);
            }
            let mut changed = false;
            let roots = [Value::obj(d), key, keep];
            for (i, k) in slow {
                // User `__eq__` may collect: root the table, the key and the value.
                let eq = self.with_roots(&roots, |vm, _| vm.eq(k, key))?;
                let table_version = match self.heap.get(d) {
                    Obj::Dict(t) => t.keys_version,
                    Obj::Set(s) => s.table.keys_version,
                    _ => return Ok(None),
                };
                if table_version != version {
                    changed = true;
                    break;
                }
                if eq {
                    return Ok(Some(i));
                }
            }
            if !changed {
                return Ok(None);
            }
        }
    }

    /// `d[key]` for a dict object, `None` when absent.
    pub fn dict_get(&mut self, d: ObjRef, key: Value) -> PyResult<Option<Value>> {
        let h = self.hash_for(d, key, Value::NONE)?;
        Ok(self.dict_find(d, key, h)?.map(|i| match self.heap.get(d) {
            Obj::Dict(t) => t.entry(i).value,
            _ => Value::NONE,
        }))
    }

    /// `d[key] = value` for a dict object (or the table of a set, with `value` unused).
    pub fn dict_set(&mut self, d: ObjRef, key: Value, value: Value) -> PyResult<()> {
        let h = self.hash_for(d, key, value)?;
        self.dict_set_hashed(d, key, h, value)
    }

    /// `hash(key)` for a lookup in the table `d`. A user `__hash__` may collect, and neither
    /// the table, nor `keep` (a value about to be stored), nor a tuple key holding the
    /// instance is its argument, while the interpreter has already popped them all: they
    /// are rooted for the call.
    #[inline]
    pub(crate) fn hash_for(&mut self, d: ObjRef, key: Value, keep: Value) -> PyResult<u64> {
        if matches!(self.obj(key), Some(Obj::Instance(_) | Obj::Tuple(_))) {
            self.with_roots(&[Value::obj(d), key, keep], |vm, _| vm.hash(key))
        } else {
            self.hash(key)
        }
    }

    /// `dict_set` with a precomputed hash.
    pub fn dict_set_hashed(&mut self, d: ObjRef, key: Value, h: u64, value: Value) -> PyResult<()> {
        self.tier2_dict_changed(d, h);
        if let Some(i) = self.dict_find_keeping(d, key, h, value)? {
            match self.heap.get_mut(d) {
                Obj::Dict(t) => t.set_value(i, value),
                Obj::Set(s) => s.table.set_value(i, value),
                _ => {}
            }
            return Ok(());
        }
        self.dict_insert_new(d, key, h, value)
    }

    /// Adds `key` (absent from table `d`, hash `h`) with `value`, charging the heap for any
    /// growth of the table.
    pub(crate) fn dict_insert_new(
        &mut self,
        d: ObjRef,
        key: Value,
        h: u64,
        value: Value,
    ) -> PyResult<()> {
        let room = match self.heap.get_mut(d) {
            Obj::Dict(t) => t.push_new_in_place(h, key, value),
            Obj::Set(s) => s.table.push_new_in_place(h, key, value),
            _ => return Ok(()),
        };
        if room {
            return Ok(());
        }
        let need = match self.heap.get(d) {
            Obj::Dict(t) => t.reserve_one_bytes(),
            Obj::Set(s) => s.table.reserve_one_bytes(),
            _ => return Ok(()),
        };
        // Refused before the table grows: growing first would leave memory the heap does
        // not account for.
        if !self.heap.fits_releasing_pools(need) {
            return Err(PyErr(self.memory_error));
        }
        let t = match self.heap.get_mut(d) {
            Obj::Dict(t) => &mut **t,
            Obj::Set(s) => &mut s.table,
            _ => return Ok(()),
        };
        let Ok(grew) = t.reserve_one() else {
            return Err(PyErr(self.memory_error));
        };
        t.push_new(h, key, value);
        // Cannot fail: `grew` is at most what `fits` accepted.
        self.charge(grew)
    }

    /// Deletes `key`; returns the removed value, `None` if absent.
    pub fn dict_del(&mut self, d: ObjRef, key: Value) -> PyResult<Option<Value>> {
        let h = self.hash_for(d, key, Value::NONE)?;
        let Some(i) = self.dict_find(d, key, h)? else {
            return Ok(None);
        };
        if matches!(self.heap.get(d), Obj::Set(_)) {
            self.sync_set_order(d)?;
        }
        self.tier2_dict_changed(d, h);
        Ok(match self.heap.get_mut(d) {
            Obj::Dict(t) => Some(t.remove_at(i).value),
            Obj::Set(s) => {
                let e = s.table.remove_at(i);
                s.order.remove(e.hash, e.key);
                Some(e.value)
            }
            _ => None,
        })
    }

    /// Sets a str key with no user code involved (namespaces).
    pub fn dict_set_str(&mut self, d: ObjRef, key: &str, value: Value) -> PyResult<()> {
        let k = self.intern(key)?;
        self.dict_set(d, k, value)
    }

    /// The live (key, value) pairs of a dict object.
    pub fn dict_items(&self, d: ObjRef) -> Vec<(Value, Value)> {
        match self.heap.get(d) {
            Obj::Dict(t) => t.iter().map(|e| (e.key, e.value)).collect(),
            Obj::Set(s) => s.ordered_keys().into_iter().map(|k| (k, Value::NONE)).collect(),
            _ => Vec::new(),
        }
    }

    /// The items of a tuple value.
    pub fn tuple_items(&self, v: Value) -> Option<Vec<Value>> {
        match self.obj(v)? {
            Obj::Tuple(t) => Some(t.to_vec()),
            _ => None,
        }
    }

    // -- Hashing -------------------------------------------------------------------------------

    /// `hash(v)`.
    pub fn hash(&mut self, v: Value) -> PyResult<u64> {
        if let Some(i) = v.as_small_int() {
            return Ok(int_hash(i));
        }
        if let Some(x) = v.as_float() {
            if x.is_nan() {
                return Ok(v.bits() >> 4);
            }
            return Ok(float_hash(x));
        }
        let Some(r) = v.as_obj() else {
            return Ok(match v {
                Value::TRUE => 1,
                Value::FALSE => 0,
                _ => (v.bits() >> 4) ^ 0x5bd1_e995,
            });
        };
        if let Obj::Tuple(items) = self.heap.get(r) {
            // Keys like `(word, word)` or `(x, y)`: no recursion, no native-depth check.
            if let Some(h) = self.simple_tuple_hash(items) {
                return Ok(h);
            }
        }
        match self.heap.get(r) {
            Obj::Str(_) => Ok(self.str_hash_of(v).unwrap_or(0)),
            Obj::Bytes(b) => Ok(bytes_hash(b)),
            Obj::BigInt(b) => Ok(b.hash() as u64),
            &Obj::Complex { re, im } => {
                let z = crate::numeric::complex::Complex::new(re, im);
                Ok(self
                    .complex_hash(z)
                    .unwrap_or((r.0 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 3))
            }
            Obj::Tuple(items) if items.len() <= 8 => {
                // Small tuples (dict keys, mostly): no heap buffers.
                let len = items.len();
                let mut buf = [Value::UNDEF; 8];
                buf[..len].copy_from_slice(items);
                self.enter_native()?;
                let mut hs = [0u64; 8];
                for (h, it) in hs.iter_mut().zip(&buf[..len]) {
                    match self.hash(*it) {
                        Ok(x) => *h = x,
                        Err(e) => {
                            self.leave_native();
                            return Err(e);
                        }
                    }
                }
                self.leave_native();
                Ok(tuple_hash(hs[..len].iter().copied()))
            }
            Obj::Tuple(items) => {
                let items = items.to_vec();
                self.enter_native()?;
                // The items are copies: rooted in case the tuple itself is not.
                let hs = self.with_roots(&items, |vm, _| {
                    items
                        .iter()
                        .map(|&it| vm.hash(it))
                        .collect::<PyResult<Vec<u64>>>()
                });
                self.leave_native();
                Ok(tuple_hash(hs?.into_iter()))
            }
            Obj::Set(s) if s.frozen => {
                // CPython's frozenset hash: shuffle each element hash, xor, then mix.
                let mut h: u64 = 0;
                for e in s.table.iter() {
                    let x = e.hash;
                    h ^= ((x ^ 89869747) ^ (x << 16)).wrapping_mul(3644798167);
                }
                h ^= (s.table.len() as u64 + 1).wrapping_mul(1927868237);
                h ^= (h >> 11) ^ (h >> 25);
                h = h.wrapping_mul(69069).wrapping_add(907133923);
                Ok(if h == u64::MAX { 590923713 } else { h })
            }
            Obj::MemoryView(_) => self.memview_hash(v),
            Obj::Range { .. } | Obj::BigRange(_) => Ok(self.range_hash(v).unwrap_or(0)),
            Obj::WeakRef(w) if w.finalizer.is_none() => self.weakref_hash(v),
            Obj::List(_)
            | Obj::Dict(_)
            | Obj::Set(_)
            | Obj::ByteArray(_)
            | Obj::Slice(_)
            | Obj::DictView {
                kind: DictViewKind::Keys | DictViewKind::Items,
                ..
            } => {
                let msg = alloc::format!("unhashable type: '{}'", self.type_name(v));
                Err(self.type_error(msg))
            }
            &Obj::BoundMethod { func, receiver } => {
                // CPython's: the receiver's identity mixed with the function's hash.
                let who = match receiver.as_obj() {
                    Some(o) => (o.0 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 3,
                    None => receiver.bits() >> 4,
                };
                Ok(who ^ self.hash(func)?)
            }
            Obj::Class(c) if c.meta == self.types.type_ => {
                Ok((r.0 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 3)
            }
            Obj::Instance(_) | Obj::Class(_) => {
                let t = self.type_of(v);
                let n = match self.dunders.hash {
                    Value::NONE => self.intern("__hash__")?,
                    n => n,
                };
                match self.class_lookup(t, n) {
                    Some(Value::NONE) => {
                        let msg = alloc::format!("unhashable type: '{}'", self.type_name(v));
                        Err(self.type_error(msg))
                    }
                    Some(f) if !self.is_builtin_object_method(f) => {
                        let r = self.call_bound(f, v, &[])?;
                        match r.as_small_int() {
                            Some(i) => Ok(int_hash(i)),
                            None => match self.obj(r) {
                                // A result that fits a machine word is the hash itself
                                // (`slot_tp_hash`), -1 aside; a bigger one is hashed.
                                Some(Obj::BigInt(b)) => Ok(match b.to_i64() {
                                    Some(-1) => (-2i64) as u64,
                                    Some(h) => h as u64,
                                    None => b.hash() as u64,
                                }),
                                _ if r.is_bool() => Ok((r == Value::TRUE) as u64),
                                _ => {
                                    Err(self.type_error("__hash__ method should return an integer"))
                                }
                            },
                        }
                    }
                    _ => match self.native_value(v) {
                        // A subclass of a builtin type hashes as its value.
                        Some(n) => self.hash(n),
                        None => Ok((r.0 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 3),
                    },
                }
            }
            _ => Ok((r.0 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 3),
        }
    }

    /// The hash of a tuple whose items are all small ints or strs (no user code, no
    /// recursion), else `None`. The item hashes go straight into the tuple's (an array of
    /// them stalled on reading back what was just stored).
    fn simple_tuple_hash(&self, items: &[Value]) -> Option<u64> {
        let mut acc = TUPLE_HASH_START;
        for &it in items {
            let h = match it.as_small_int() {
                Some(i) => int_hash(i),
                None => self.str_hash_of(it)?,
            };
            acc = tuple_hash_step(acc, h);
        }
        Some(tuple_hash_end(acc, items.len()))
    }

    /// Whether `f` is a method defined natively on `object` (default hash/eq/repr).
    pub(crate) fn is_builtin_object_method(&self, f: Value) -> bool {
        // (A native method of a class a native module made, like `traceback.FrameSummary`,
        // is that class's own.)
        self.native(f).is_some_and(|n| {
            self.class(n.owner.as_obj().unwrap_or(self.types.object))
                .is_none_or(|c| c.is_builtin)
        })
    }

    // -- Equality ------------------------------------------------------------------------------

    /// Equality decided without running user code, or `None` if user code may be involved.
    pub fn simple_eq(&self, a: Value, b: Value) -> Option<bool> {
        self.simple_eq_depth(a, b, 4)
    }

    /// `simple_eq` that also decides tuples (dict keys like `(word, word)`) item by item,
    /// down to `depth` levels of nesting.
    fn simple_eq_depth(&self, a: Value, b: Value, depth: u32) -> Option<bool> {
        if let (Some(ra), Some(rb)) = (a.as_obj(), b.as_obj()) {
            match (self.heap.get(ra), self.heap.get(rb)) {
                // The common case in dict lookups: two distinct strs.
                (Obj::Str(x), Obj::Str(y)) => return Some(x.same_text(y)),
                // Tuple keys like `(word, word)`: str items without recursion.
                (Obj::Tuple(x), Obj::Tuple(y)) if depth > 0 => {
                    if x.len() != y.len() {
                        return Some(false);
                    }
                    // Items compare as in containers: identity first, and the first unequal
                    // item decides (later items may need user code and are not reached).
                    for (&p, &q) in x.iter().zip(y.iter()) {
                        if p == q {
                            continue;
                        }
                        if let (Some(Obj::Str(s)), Some(Obj::Str(t))) = (self.obj(p), self.obj(q)) {
                            if !s.same_text(t) {
                                return Some(false);
                            }
                        } else if !self.simple_eq_depth(p, q, depth - 1)? {
                            return Some(false);
                        }
                    }
                    return Some(true);
                }
                _ => {}
            }
        }
        if a == b {
            return Some(!a.as_float().is_some_and(f64::is_nan));
        }
        if let (Some(x), Some(y)) = (self.num_as_f64_exact(a), self.num_as_f64_exact(b)) {
            return Some(x == y);
        }
        let (ra, rb) = match (a.as_obj(), b.as_obj()) {
            (Some(ra), Some(rb)) => (ra, rb),
            // A big int may equal a float (`2**50 == 2.0**50`): `compare` decides exactly.
            (Some(ra), None) => {
                return match self.heap.get(ra) {
                    Obj::Instance(_) => None,
                    Obj::BigInt(_) if b.is_float() => None,
                    &Obj::Complex { re, im } => Some(
                        self.num_as_f64_exact(b)
                            .is_some_and(|x| im == 0.0 && re == x),
                    ),
                    _ => Some(false),
                }
            }
            (None, Some(rb)) => {
                return match self.heap.get(rb) {
                    Obj::Instance(_) => None,
                    Obj::BigInt(_) if a.is_float() => None,
                    &Obj::Complex { re, im } => Some(
                        self.num_as_f64_exact(a)
                            .is_some_and(|x| im == 0.0 && re == x),
                    ),
                    _ => Some(false),
                }
            }
            (None, None) => return Some(false),
        };
        match (self.heap.get(ra), self.heap.get(rb)) {
            (Obj::Str(x), Obj::Str(y)) => Some(x.as_bytes() == y.as_bytes()),
            (Obj::Bytes(x), Obj::Bytes(y)) => Some(x == y),
            (Obj::BigInt(x), Obj::BigInt(y)) => Some(x == y),
            (Obj::Instance(_), _) | (_, Obj::Instance(_)) => None,
            (&Obj::Complex { re, im }, &Obj::Complex { re: re2, im: im2 }) => {
                Some(re == re2 && im == im2)
            }
            (Obj::Complex { .. }, Obj::BigInt(_)) | (Obj::BigInt(_), Obj::Complex { .. }) => None,
            (Obj::Tuple(x), Obj::Tuple(y)) if depth > 0 => {
                if x.len() != y.len() {
                    return Some(false);
                }
                // Items compare as in containers: identity first, and the first unequal
                // item decides (later items may need user code and are not reached).
                for (&p, &q) in x.iter().zip(y.iter()) {
                    if p != q && !self.simple_eq_depth(p, q, depth - 1)? {
                        return Some(false);
                    }
                }
                Some(true)
            }
            (Obj::Tuple(_), Obj::Tuple(_)) | (Obj::List(_), Obj::List(_)) => None,
            (Obj::Dict(_), Obj::Dict(_)) | (Obj::Set(_), Obj::Set(_)) => None,
            (Obj::Bytes(_), Obj::ByteArray(_)) | (Obj::ByteArray(_), _) => None,
            (Obj::MemoryView(_), _) | (_, Obj::MemoryView(_)) => None,
            (Obj::WeakRef(_), Obj::WeakRef(_)) => None,
            (Obj::DictView { .. }, _) | (_, Obj::DictView { .. }) => None,
            (Obj::Range { .. } | Obj::BigRange(_), Obj::Range { .. } | Obj::BigRange(_)) => None,
            (Obj::BoundMethod { .. }, Obj::BoundMethod { .. }) => None,
            (Obj::Slice(_), Obj::Slice(_)) => None,
            _ => Some(false),
        }
    }

    /// A numeric value as f64 when that is exact for equality purposes (small ints, bools,
    /// floats). Big ints return `None`.
    fn num_as_f64_exact(&self, v: Value) -> Option<f64> {
        if let Some(x) = v.as_float() {
            return Some(x);
        }
        if let Some(i) = v.as_small_int() {
            return Some(i as f64);
        }
        match v {
            Value::TRUE => Some(1.0),
            Value::FALSE => Some(0.0),
            _ => None,
        }
    }

    /// `a == b` as a bool (identity implies equality, as in containers).
    pub fn eq(&mut self, a: Value, b: Value) -> PyResult<bool> {
        if a == b {
            return Ok(true);
        }
        if let Some(r) = self.simple_eq(a, b) {
            return Ok(r);
        }
        let r = self.compare(a, b, CompareOp::Eq)?;
        self.truthy(r)
    }

    // -- Truthiness ----------------------------------------------------------------------------

    /// `bool(v)`.
    pub fn truthy(&mut self, v: Value) -> PyResult<bool> {
        match v {
            Value::TRUE => return Ok(true),
            Value::FALSE | Value::NONE => return Ok(false),
            _ => {}
        }
        if let Some(i) = v.as_small_int() {
            return Ok(i != 0);
        }
        if let Some(x) = v.as_float() {
            return Ok(x != 0.0);
        }
        let Some(r) = v.as_obj() else { return Ok(true) };
        Ok(match self.heap.get(r) {
            Obj::Str(s) => !s.is_empty(),
            Obj::List(l) => !l.is_empty(),
            Obj::Tuple(t) => !t.is_empty(),
            Obj::Dict(d) => !d.is_empty(),
            Obj::Set(s) => !s.table.is_empty(),
            Obj::Bytes(b) => !b.is_empty(),
            Obj::ByteArray(b) => !b.is_empty(),
            Obj::BigInt(_) => true,
            Obj::Complex { re, im } => *re != 0.0 || *im != 0.0,
            Obj::MemoryView(_) => return self.live_memview(v).map(|m| m.len != 0),
            Obj::Range { start, stop, step } => range_len(*start, *stop, *step) != 0,
            Obj::BigRange(r) => !r.len.is_zero(),
            Obj::DictView { dict, .. } => match self.heap.get(*dict) {
                Obj::Dict(d) => !d.is_empty(),
                _ => false,
            },
            Obj::Instance(_) => return self.instance_truthy(v),
            _ => true,
        })
    }

    fn instance_truthy(&mut self, v: Value) -> PyResult<bool> {
        if let Some(f) = self.lookup_special(v, "__bool__")? {
            let r = self.call_bound(f, v, &[])?;
            return match r {
                Value::TRUE => Ok(true),
                Value::FALSE => Ok(false),
                _ => {
                    let msg = alloc::format!(
                        "__bool__ should return bool, returned {}",
                        self.type_name(r)
                    );
                    Err(self.type_error(msg))
                }
            };
        }
        if let Some(f) = self.lookup_special(v, "__len__")? {
            let r = self.call_bound(f, v, &[])?;
            let n = self.len_result(r)?;
            return Ok(n != 0);
        }
        if let Some(Obj::Instance(i)) = self.obj(v) {
            if i.native != Value::UNDEF {
                let n = i.native;
                return self.truthy(n);
            }
        }
        Ok(true)
    }

    /// Validates the result of a `__len__` call.
    pub fn len_result(&mut self, r: Value) -> PyResult<usize> {
        match r.as_small_int() {
            Some(n) if n >= 0 => Ok(n as usize),
            Some(_) => Err(self.value_error("__len__() should return >= 0")),
            None if r.is_bool() => Ok((r == Value::TRUE) as usize),
            None if self.is_int(r) => match self.to_bigint(r) {
                Some(b) if b.is_negative() => Err(self.value_error("__len__() should return >= 0")),
                _ => Err(self.overflow_error("cannot fit 'int' into an index-sized integer")),
            },
            None => {
                let msg = alloc::format!(
                    "'{}' object cannot be interpreted as an integer",
                    self.type_name(r)
                );
                Err(self.type_error(msg))
            }
        }
    }

    // -- Native recursion bound ----------------------------------------------------------------

    /// Enters one level of Rust recursion (nested repr/compare/hash, calls from native code).
    #[inline]
    pub fn enter_native(&mut self) -> PyResult<()> {
        if self.native_depth >= self.config.native_depth_limit {
            return Err(self.recursion_error());
        }
        self.native_depth += 1;
        Ok(())
    }

    /// Leaves a level entered with [`Vm::enter_native`].
    #[inline]
    pub fn leave_native(&mut self) {
        self.native_depth -= 1;
    }
}

/// Number of items of `range(start, stop, step)`, exactly.
pub fn range_len_i128(start: i64, stop: i64, step: i64) -> i128 {
    let (start, stop, step) = (start as i128, stop as i128, step as i128);
    if step > 0 && start < stop {
        (stop - start - 1) / step + 1
    } else if step < 0 && start > stop {
        (start - stop - 1) / (-step) + 1
    } else {
        0
    }
}

/// Number of items of `range(start, stop, step)`.
pub fn range_len(start: i64, stop: i64, step: i64) -> i64 {
    if step > 0 && start < stop {
        ((stop as i128 - start as i128 - 1) / step as i128 + 1) as i64
    } else if step < 0 && start > stop {
        ((start as i128 - stop as i128 - 1) / (-(step as i128)) + 1) as i64
    } else {
        0
    }
}
