//! The insertion-ordered hash table behind `dict`, `set` and `frozenset`.
//!
//! Layout as in CPython 3.6+: a dense `entries` vector in insertion order and a sparse
//! power-of-two `indices` table probed with CPython's perturbation scheme. The table itself
//! does not know Python equality (which may run user code); the VM walks the probe
//! candidates with [`Dict::candidates`] and compares keys itself.

use alloc::vec::Vec;

use super::value::Value;
use crate::layout::FixedVec;

const EMPTY: u32 = u32::MAX;
const DUMMY: u32 = u32::MAX - 1;
const PERTURB_SHIFT: u32 = 5;
const MIN_SIZE: usize = 8;
/// Index slots of a table's first index allocation by `reserve_one`.
const FIRST_SIZE: usize = 16;
/// Entries (live or deleted) a table holds before it builds its index: smaller tables
/// (most sets and many dicts) find keys by scanning the dense entries, which saves the
/// index's allocation and its maintenance.
pub const LINEAR_MAX: usize = 16;

/// The table could not grow: the allocator refused the memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableAllocError;

/// One key/value pair with its hash. A deleted entry has `key == UNDEF`. `#[repr(C)]` at
/// exported offsets ([`crate::layout::ENTRY_HASH`] ..): machine code scans small tables.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct Entry {
    /// The key's Python hash.
    pub hash: u64,
    /// The key (`UNDEF` when deleted).
    pub key: Value,
    /// The value.
    pub value: Value,
}

/// An insertion-ordered hash table keyed by Python values.
#[derive(Clone, Debug, Default)]
#[repr(C)]
pub struct Dict {
    /// The dense entries ([`crate::layout::DICT_ENTRIES`]).
    pub(crate) entries: FixedVec<Entry>,
    /// The sparse index, empty while the table is small ([`crate::layout::DICT_INDICES`]).
    pub(crate) indices: FixedVec<u32>,
    /// Live entries ([`crate::layout::DICT_LEN`]).
    pub(crate) len: usize,
    /// Index slots not `EMPTY` (live or `DUMMY`): what bounds probe lengths.
    fill: usize,
    /// Changes whenever the set of keys changes (guards for globals, detection of mutation
    /// during iteration or during a user `__eq__`).
    pub keys_version: u32,
}

/// The probe sequence of a hash: every entry index whose stored hash matches.
pub struct Candidates<'a> {
    dict: &'a Dict,
    hash: u64,
    slot: usize,
    perturb: u64,
    done: bool,
}

impl Iterator for Candidates<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.done {
            return None;
        }
        if self.dict.indices.is_empty() {
            // A small table without an index: `slot` is the next entry to look at.
            let rest = self.dict.entries.get(self.slot..).unwrap_or_default();
            let hash = self.hash;
            match rest
                .iter()
                .position(|e| e.hash == hash && !e.key.is_undef())
            {
                Some(k) => {
                    let i = self.slot + k;
                    self.slot = i + 1;
                    return Some(i);
                }
                None => {
                    self.done = true;
                    return None;
                }
            }
        }
        let mask = self.dict.indices.len() - 1;
        loop {
            let ix = self.dict.indices[self.slot];
            self.perturb >>= PERTURB_SHIFT;
            self.slot = (self
                .slot
                .wrapping_mul(5)
                .wrapping_add(self.perturb as usize)
                .wrapping_add(1))
                & mask;
            if ix == EMPTY {
                self.done = true;
                return None;
            }
            if ix != DUMMY && self.dict.entries[ix as usize].hash == self.hash {
                return Some(ix as usize);
            }
        }
    }
}

impl Dict {
    /// An empty table.
    pub fn new() -> Dict {
        Dict::default()
    }

    /// An empty table with room for `n` entries without growing; fails instead of aborting
    /// when memory is short.
    pub fn try_with_capacity(n: usize) -> Result<Dict, TableAllocError> {
        let mut d = Dict::new();
        if n > 0 {
            d.entries
                .try_reserve_exact(n)
                .map_err(|_| TableAllocError)?;
            if n > LINEAR_MAX {
                d.resize(n * 3 / 2 + 1).map_err(|_| TableAllocError)?;
            }
        }
        Ok(d)
    }

    /// Number of live entries.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no live entries.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Heap bytes owned by the table (for the heap limit).
    pub fn heap_bytes(&self) -> usize {
        self.entries.capacity() * size_of::<Entry>() + self.indices.capacity() * 4
    }

    /// All entries (deleted ones included) of a small table that has no index, which finds
    /// keys by scanning them; `None` for an indexed table.
    #[inline]
    pub fn linear_entries(&self) -> Option<&[Entry]> {
        self.indices.is_empty().then_some(&self.entries[..])
    }

    /// Entry indices whose hash equals `hash`, in probe order.
    pub fn candidates(&self, hash: u64) -> Candidates<'_> {
        let slot = if self.indices.is_empty() {
            0
        } else {
            hash as usize & (self.indices.len() - 1)
        };
        Candidates {
            dict: self,
            hash,
            slot,
            perturb: hash,
            done: false,
        }
    }

    /// Finds a key by identity or by a caller-supplied equality that needs no user code.
    pub fn find_with(
        &self,
        hash: u64,
        key: Value,
        mut eq: impl FnMut(Value, Value) -> bool,
    ) -> Option<usize> {
        self.candidates(hash).find(|&i| {
            let k = self.entries[i].key;
            k == key || eq(k, key)
        })
    }

    /// The entry at `i` (in insertion order, including deleted ones).
    #[inline]
    pub fn entry(&self, i: usize) -> &Entry {
        &self.entries[i]
    }

    /// Live entry `i`, or `None` when `i` is deleted or out of range.
    #[inline]
    pub fn live_entry(&self, i: usize) -> Option<&Entry> {
        self.entries.get(i).filter(|e| !e.key.is_undef())
    }

    /// One past the last entry index (live or deleted).
    #[inline]
    pub fn entries_end(&self) -> usize {
        self.entries.len()
    }

    /// Replaces the value of entry `i`.
    #[inline]
    pub fn set_value(&mut self, i: usize, value: Value) {
        self.entries[i].value = value;
    }

    /// An upper bound of the heap bytes [`Dict::reserve_one`] would add, so a caller can
    /// refuse before the table grows past a memory limit.
    pub fn reserve_one_bytes(&self) -> usize {
        let mut n = 0;
        if self.entries.len() == self.entries.capacity() {
            // Amortized growth: the capacity at least doubles (by 8 entries at first).
            n += self.entries.len().max(8) * size_of::<Entry>();
        }
        if self.needs_index_growth() {
            let slots = ((self.len + 1) * 3)
                .max(FIRST_SIZE)
                .next_power_of_two()
                .max(MIN_SIZE);
            n += slots * 4;
        }
        n
    }

    /// Gives back the table's spare room (and the slots of deleted entries): for a table
    /// built once and then mostly read, like the namespace of a builtin type.
    pub fn shrink_to_fit(&mut self) {
        if self.len != self.entries.len() {
            self.entries.retain(|e| !e.key.is_undef());
            // Entries moved: what was cached by entry index no longer holds.
            self.keys_version = self.keys_version.wrapping_add(1);
        }
        self.entries.shrink_to_fit();
        if !self.indices.is_empty() {
            // The size `try_with_capacity` gives a table of this many entries; a failed
            // allocation keeps the old index, which is still valid.
            let _ = self.resize(self.len * 3 / 2 + 1);
        }
    }

    /// Reserves room for one more entry; fails instead of aborting when memory is short.
    /// Returns the number of heap bytes the table grew by.
    pub fn reserve_one(&mut self) -> Result<usize, TableAllocError> {
        let before = self.heap_bytes();
        if self.entries.len() == self.entries.capacity() {
            self.entries
                .try_reserve(self.entries.len().max(8))
                .map_err(|_| TableAllocError)?;
        }
        if self.needs_index_growth() {
            if self.indices.is_empty() && self.len < LINEAR_MAX / 2 {
                // Mostly deleted entries: compacting keeps the table linear.
                self.entries.retain(|e| !e.key.is_undef());
                return Ok(self.heap_bytes().saturating_sub(before));
            }
            let min = if self.indices.is_empty() {
                FIRST_SIZE
            } else {
                MIN_SIZE
            };
            self.resize(((self.len + 1) * 3).max(min))
                .map_err(|_| TableAllocError)?;
        }
        Ok(self.heap_bytes().saturating_sub(before))
    }

    /// Adds `key` to a small table without an index when that needs neither growth nor an
    /// equality test beyond identity: `Some(true)` when the key was already there (by
    /// identity), `Some(false)` when it was appended, `None` when the caller must take the
    /// general path (an entry with the same hash but another key, an index, or no room).
    #[inline]
    pub fn add_identical_in_place(&mut self, hash: u64, key: Value, value: Value) -> Option<bool> {
        if !self.indices.is_empty() {
            return None;
        }
        if let Some(e) = self
            .entries
            .iter()
            .find(|e| e.hash == hash && !e.key.is_undef())
        {
            return if e.key == key { Some(true) } else { None };
        }
        if self.entries.len() == self.entries.capacity() || self.entries.len() >= LINEAR_MAX {
            return None;
        }
        self.entries.push(Entry { hash, key, value });
        self.len += 1;
        self.keys_version = self.keys_version.wrapping_add(1);
        Some(false)
    }

    /// Appends a key known to be absent when that needs no growth of the table (no heap
    /// accounting then); `false` (and nothing done) otherwise.
    #[inline]
    pub fn push_new_in_place(&mut self, hash: u64, key: Value, value: Value) -> bool {
        if self.entries.len() == self.entries.capacity() || self.needs_index_growth() {
            return false;
        }
        self.push_new(hash, key, value);
        true
    }

    /// Appends a key known to be absent. Call [`Dict::reserve_one`] first.
    pub fn push_new(&mut self, hash: u64, key: Value, value: Value) -> usize {
        if self.needs_index_growth() {
            // reserve_one was not called: grow anyway (may abort only on real exhaustion).
            let _ = self.resize(((self.len + 1) * 3).max(MIN_SIZE));
        }
        let ix = self.entries.len();
        self.entries.push(Entry { hash, key, value });
        if !self.indices.is_empty() {
            self.place(hash, ix as u32);
        }
        self.len += 1;
        self.keys_version = self.keys_version.wrapping_add(1);
        ix
    }

    /// Whether one more entry needs a (bigger) index: a linear table that is full, or an
    /// index that would be more than 2/3 full.
    #[inline]
    fn needs_index_growth(&self) -> bool {
        if self.indices.is_empty() {
            return self.entries.len() >= LINEAR_MAX;
        }
        (self.fill.max(self.entries.len()) + 1) * 3 > self.indices.len() * 2
    }

    /// Deletes entry `i` (which must be live) and returns it.
    pub fn remove_at(&mut self, i: usize) -> Entry {
        let e = self.entries[i];
        if self.indices.is_empty() {
            return self.remove_entry(i, e);
        }
        let mask = self.indices.len() - 1;
        let mut slot = e.hash as usize & mask;
        let mut perturb = e.hash;
        loop {
            let ix = self.indices[slot];
            if ix == i as u32 {
                self.indices[slot] = DUMMY;
                break;
            }
            if ix == EMPTY {
                break;
            }
            perturb >>= PERTURB_SHIFT;
            slot = (slot
                .wrapping_mul(5)
                .wrapping_add(perturb as usize)
                .wrapping_add(1))
                & mask;
        }
        self.remove_entry(i, e)
    }

    /// Marks entry `i` deleted (its index slot, if any, already is) and returns it.
    fn remove_entry(&mut self, i: usize, e: Entry) -> Entry {
        self.entries[i].key = Value::UNDEF;
        self.entries[i].value = Value::UNDEF;
        self.len -= 1;
        self.keys_version = self.keys_version.wrapping_add(1);
        // Trailing deleted entries can go at once: keeps popitem() amortized O(1).
        while self.entries.last().is_some_and(|e| e.key.is_undef()) {
            self.entries.pop();
        }
        if self.len == 0 {
            self.entries.clear();
            self.indices.iter_mut().for_each(|s| *s = EMPTY);
            self.fill = 0;
        }
        e
    }

    /// Empties a small table without an index, keeping its entry storage (for reuse);
    /// `false` (and nothing done) for any other table.
    pub fn clear_if_small(&mut self) -> bool {
        if !self.indices.is_empty() || self.entries.capacity() > LINEAR_MAX {
            return false;
        }
        self.entries.clear();
        self.len = 0;
        self.fill = 0;
        self.keys_version = self.keys_version.wrapping_add(1);
        true
    }

    /// Makes an empty table ready for `n` entries without growing (as
    /// [`Dict::try_with_capacity`] for a table that may have storage already).
    pub fn try_reserve_empty(&mut self, n: usize) -> Result<(), TableAllocError> {
        debug_assert!(self.entries.is_empty());
        if n > self.entries.capacity() {
            self.entries
                .try_reserve_exact(n)
                .map_err(|_| TableAllocError)?;
        }
        if n > LINEAR_MAX {
            self.resize(n * 3 / 2 + 1).map_err(|_| TableAllocError)?;
        }
        Ok(())
    }

    /// Removes everything.
    pub fn clear(&mut self) {
        self.entries = FixedVec::new();
        self.indices = FixedVec::new();
        self.len = 0;
        self.fill = 0;
        self.keys_version = self.keys_version.wrapping_add(1);
    }

    /// Live entries in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = &Entry> + '_ {
        self.entries.iter().filter(|e| !e.key.is_undef())
    }

    /// Calls `f` on every key and value (for the collector).
    pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
        for e in self.iter() {
            f(e.key);
            f(e.value);
        }
    }

    fn place(&mut self, hash: u64, ix: u32) {
        let mask = self.indices.len() - 1;
        let mut slot = hash as usize & mask;
        let mut perturb = hash;
        while self.indices[slot] != EMPTY {
            perturb >>= PERTURB_SHIFT;
            slot = (slot
                .wrapping_mul(5)
                .wrapping_add(perturb as usize)
                .wrapping_add(1))
                & mask;
        }
        self.indices[slot] = ix;
        self.fill += 1;
    }

    fn resize(&mut self, min_slots: usize) -> Result<(), ()> {
        let size = min_slots.next_power_of_two().max(MIN_SIZE);
        // Compact deleted entries while rebuilding.
        if self.len != self.entries.len() {
            self.entries.retain(|e| !e.key.is_undef());
        }
        let mut indices = Vec::new();
        indices.try_reserve_exact(size).map_err(|_| ())?;
        indices.resize(size, EMPTY);
        self.indices = indices.into();
        self.fill = 0;
        for i in 0..self.entries.len() {
            let h = self.entries[i].hash;
            self.place(h, i as u32);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(i: i64) -> Value {
        Value::small_int(i).unwrap()
    }

    #[test]
    fn insert_find_remove_keeps_order() {
        let mut d = Dict::new();
        for i in 0..100 {
            d.reserve_one().unwrap();
            d.push_new(i as u64 % 7, int(i), int(i * 2));
        }
        assert_eq!(d.len(), 100);
        for i in 0..100 {
            let ix = d.find_with(i as u64 % 7, int(i), |_, _| false).unwrap();
            assert_eq!(d.entry(ix).value, int(i * 2));
        }
        for i in (0..100).step_by(2) {
            let ix = d.find_with(i as u64 % 7, int(i), |_, _| false).unwrap();
            d.remove_at(ix);
        }
        assert_eq!(d.len(), 50);
        let keys: Vec<i64> = d.iter().map(|e| e.key.as_small_int().unwrap()).collect();
        assert_eq!(keys, (1..100).step_by(2).collect::<Vec<_>>());
        assert!(d.find_with(4, int(4), |_, _| false).is_none());
    }

    #[test]
    fn repeated_insert_delete_never_fills_the_table_with_tombstones() {
        let mut d = Dict::new();
        for i in 0..10_000 {
            d.reserve_one().unwrap();
            let ix = d.push_new(i, int(1), int(2));
            d.remove_at(ix);
            d.reserve_one().unwrap();
            d.push_new(7, int(3), int(4));
            let k = d.find_with(7, int(3), |_, _| false).unwrap();
            d.remove_at(k);
        }
        assert!(d.find_with(12345, int(9), |_, _| false).is_none());
    }

    #[test]
    fn a_shrunk_table_keeps_its_entries_in_order_and_grows_again() {
        for n in [5i64, 16, 40] {
            let mut d = Dict::new();
            for i in 0..n * 2 {
                d.reserve_one().unwrap();
                d.push_new(i as u64 % 5, int(i), int(i * 3));
            }
            for i in (0..n * 2).step_by(2) {
                let ix = d.find_with(i as u64 % 5, int(i), |_, _| false).unwrap();
                d.remove_at(ix);
            }
            let version = d.keys_version;
            d.shrink_to_fit();
            assert_ne!(d.keys_version, version, "entries moved");
            assert_eq!(d.len(), n as usize);
            assert_eq!(d.entries.capacity(), n as usize);
            let keys: Vec<i64> = d.iter().map(|e| e.key.as_small_int().unwrap()).collect();
            assert_eq!(keys, (1..n * 2).step_by(2).collect::<Vec<_>>());
            for i in (1..n * 2).step_by(2) {
                let ix = d.find_with(i as u64 % 5, int(i), |_, _| false).unwrap();
                assert_eq!(d.entry(ix).value, int(i * 3));
            }
            assert!(d.find_with(2, int(2), |_, _| false).is_none());
            d.reserve_one().unwrap();
            d.push_new(3, int(1000), int(1));
            assert!(d.find_with(3, int(1000), |_, _| false).is_some());
        }
    }
}
