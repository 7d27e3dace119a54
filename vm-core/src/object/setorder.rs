//! The iteration order of `set` and `frozenset`: CPython's.
//!
//! A set's elements live in a [`Dict`] (probed by the VM and by machine code). Alongside it
//! a [`SlotOrder`] replays CPython 3.11's `setobject.c` table: the same slot count, probe
//! sequence (linear steps, then perturbation), reuse of deleted slots, growth and `pop`
//! finger. Iteration walks its slots, so sets of values with deterministic hashes (ints,
//! floats, tuples of them) iterate in CPython's order. Additions reach it lazily: the newest
//! live entries of the `Dict` that it lacks are inserted, in order, before it is read (machine
//! code appends to small sets without seeing it), so an empty `SlotOrder` stands for adding
//! the `Dict`'s elements in its order to an empty set, and sets used only for membership,
//! additions and their length never build one. A removal brings it up to date first, then
//! updates it; a clear empties it. Its buffer counts against the heap limit
//! (`Vm::sync_set_order`).

use alloc::vec::Vec;

use super::dict::Dict;
use super::types::SetObj;
use super::value::Value;

/// The slot count of a fresh table.
pub const MIN_SIZE: usize = 8;
const LINEAR_PROBES: usize = 9;
const PERTURB_SHIFT: u32 = 5;
/// The hash of a deleted slot (CPython's `-1`, which no Python hash is).
const DUMMY_HASH: u64 = u64::MAX;

/// One slot: empty (`key` UNDEF, hash 0), deleted (`key` UNDEF, [`DUMMY_HASH`]) or live.
#[derive(Clone, Copy, Debug)]
struct Slot {
    hash: u64,
    key: Value,
}

const EMPTY_SLOT: Slot = Slot {
    hash: 0,
    key: Value::UNDEF,
};

/// CPython's open-addressing slot table of a set, for order only (membership is the
/// `Dict`'s business).
#[derive(Clone, Debug, Default)]
pub struct SlotOrder {
    /// `mask + 1` slots; empty until the first insertion (then at least [`MIN_SIZE`]).
    slots: Vec<Slot>,
    /// Live or deleted slots.
    fill: usize,
    /// Live slots.
    used: usize,
    /// Where `pop` starts looking.
    finger: usize,
    /// Whether a key that is not a small int was ever added (small ints equal only
    /// themselves among small ints, which lets results skip adopting equal keys).
    mixed: bool,
    /// Whether the live slots hold the set's elements in its `Dict`'s entry order, when
    /// known since the last change.
    follows_entries: Option<bool>,
}

impl SlotOrder {
    /// Live elements held.
    pub fn used(&self) -> usize {
        self.used
    }

    /// Slot count (0 before the first insertion).
    pub fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// The live element at slot `i` or later: its slot and key.
    pub fn next_live(&self, mut i: usize) -> Option<(usize, Value)> {
        while i < self.slots.len() {
            let s = self.slots[i];
            if !s.key.is_undef() {
                return Some((i, s.key));
            }
            i += 1;
        }
        None
    }

    /// The live keys in slot order.
    pub fn keys(&self) -> impl Iterator<Item = (u64, Value)> + '_ {
        self.slots
            .iter()
            .filter(|s| !s.key.is_undef())
            .map(|s| (s.hash, s.key))
    }

    /// Bytes of the slot table's buffer (counted against the heap limit).
    pub fn heap_bytes(&self) -> usize {
        self.slots.capacity() * size_of::<Slot>()
    }

    /// [`SlotOrder::heap_bytes`] once synced with a table of `len` elements, when every
    /// missing element takes a fresh slot (the usual case: a deleted slot is reused only
    /// when it lies on the new key's probe path).
    pub fn sync_bytes_estimate(&self, len: usize) -> usize {
        let (mut slots, mut fill, mut used) = if self.slots.is_empty() || len < self.used {
            (MIN_SIZE, 0, 0)
        } else {
            (self.slots.len(), self.fill, self.used)
        };
        let mut left = len.saturating_sub(used);
        while left > 0 {
            // The fill at which `insert` grows the table: the first with `fill * 5 >= mask * 3`.
            let grow_at = ((slots - 1) * 3).div_ceil(5);
            let step = grow_at.saturating_sub(fill).clamp(1, left);
            fill += step;
            used += step;
            left -= step;
            if fill >= grow_at {
                slots = Self::slots_for(if used > 50000 { used * 2 } else { used * 4 });
                fill = used;
            }
        }
        slots.max(self.slots.capacity()) * size_of::<Slot>()
    }

    /// Empties the table (CPython's `set_clear_internal`: back to the minimum size), giving
    /// its buffer back.
    pub fn clear(&mut self) {
        self.follows_entries = None;
        self.slots = Vec::new();
        self.fill = 0;
        self.used = 0;
        self.mixed = false;
    }

    /// Whether every key ever added is a small int.
    pub fn small_ints_only(&self) -> bool {
        !self.mixed
    }

    /// A table of at least `MIN_SIZE` slots and more than `min_used` (`set_table_resize`'s
    /// sizing), emptied.
    fn sized_for(min_used: usize) -> Vec<Slot> {
        alloc::vec![EMPTY_SLOT; Self::slots_for(min_used)]
    }

    /// The slot count `set_table_resize` picks for `min_used`.
    fn slots_for(min_used: usize) -> usize {
        let mut n = MIN_SIZE;
        while n <= min_used && n < usize::MAX / 2 {
            n <<= 1;
        }
        n
    }

    /// Resizes to hold `min_used`, reinserting the live slots in slot order.
    pub fn resize(&mut self, min_used: usize) {
        self.follows_entries = None;
        let old = core::mem::replace(&mut self.slots, Self::sized_for(min_used));
        self.fill = self.used;
        for s in old {
            if !s.key.is_undef() {
                self.insert_clean(s.hash, s.key);
            }
        }
    }

    /// The slot CPython's probe sequence for `hash` gives first that `stop` accepts.
    fn probe(&self, hash: u64, mut stop: impl FnMut(&Slot) -> bool) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        let mut perturb = hash;
        loop {
            let probes = if i + LINEAR_PROBES <= mask {
                LINEAR_PROBES
            } else {
                0
            };
            for j in i..=i + probes {
                if stop(&self.slots[j]) {
                    return j;
                }
            }
            perturb >>= PERTURB_SHIFT;
            i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb as usize)) & mask;
        }
    }

    /// Stores a key into a table without deleted slots (`set_insert_clean`).
    fn insert_clean(&mut self, hash: u64, key: Value) {
        let j = self.probe(hash, |s| s.key.is_undef() && s.hash == 0);
        self.slots[j] = Slot { hash, key };
    }

    /// Adds a key known to be absent (`set_add_entry`): the first deleted slot on its probe
    /// path is reused, else the empty slot ending it is taken and the table may grow.
    pub fn insert(&mut self, hash: u64, key: Value) {
        self.follows_entries = None;
        if self.slots.is_empty() {
            self.slots = Self::sized_for(0);
        }
        // The probe ends at the first deleted or empty slot: a new key passes no live slot
        // that equals it, so the first deleted slot on the path is CPython's `freeslot`.
        let j = self.probe(hash, |s| s.key.is_undef());
        let reused = self.slots[j].hash == DUMMY_HASH;
        self.slots[j] = Slot { hash, key };
        self.mixed |= key.as_small_int().is_none();
        self.used += 1;
        if reused {
            return;
        }
        self.fill += 1;
        let mask = self.slots.len() - 1;
        if self.fill * 5 >= mask * 3 {
            let used = self.used;
            self.resize(if used > 50000 { used * 2 } else { used * 4 });
        }
    }

    /// Marks the slot holding `key` (identical value, hash `hash`) deleted.
    pub fn remove(&mut self, hash: u64, key: Value) {
        self.follows_entries = None;
        if self.slots.is_empty() {
            return;
        }
        let j = self.probe(hash, |s| s.key == key || (s.key.is_undef() && s.hash == 0));
        if self.slots[j].key == key {
            self.slots[j] = Slot {
                hash: DUMMY_HASH,
                key: Value::UNDEF,
            };
            self.used -= 1;
        }
    }

    /// The element `set.pop()` takes (CPython's moving finger), or `None` when empty.
    pub fn pop_candidate(&mut self) -> Option<(u64, Value)> {
        if self.used == 0 {
            return None;
        }
        let n = self.slots.len();
        let mut i = self.finger & (n - 1);
        while self.slots[i].key.is_undef() {
            i = (i + 1) % n;
        }
        self.finger = i + 1;
        Some((self.slots[i].hash, self.slots[i].key))
    }

    /// The slot of the live key equal to `key` (`eq` decides, `None` when it cannot);
    /// `Some(None)` when absent.
    pub fn find(&self, hash: u64, key: Value, eq: &dyn Fn(Value, Value) -> Option<bool>) -> Option<Option<usize>> {
        if self.slots.is_empty() {
            return Some(None);
        }
        let mut undecided = false;
        let j = self.probe(hash, |s| {
            if s.key.is_undef() {
                return s.hash == 0;
            }
            if s.hash != hash || undecided {
                return undecided;
            }
            if s.key == key {
                return true;
            }
            match eq(s.key, key) {
                Some(found) => found,
                None => {
                    undecided = true;
                    true
                }
            }
        });
        if undecided {
            return None;
        }
        Some((!self.slots[j].key.is_undef()).then_some(j))
    }

    /// `set_add_entry` of a key that may be present.
    pub fn add_entry(&mut self, hash: u64, key: Value, eq: &dyn Fn(Value, Value) -> Option<bool>) -> Option<()> {
        if self.find(hash, key, eq)?.is_none() {
            self.insert(hash, key);
        }
        Some(())
    }

    /// `set_discard_entry`: whether the key was present.
    pub fn discard_entry(&mut self, hash: u64, key: Value, eq: &dyn Fn(Value, Value) -> Option<bool>) -> Option<bool> {
        self.follows_entries = None;
        let Some(j) = self.find(hash, key, eq)? else {
            return Some(false);
        };
        self.slots[j] = Slot {
            hash: DUMMY_HASH,
            key: Value::UNDEF,
        };
        self.used -= 1;
        Some(true)
    }

    /// Grows the table ahead of adding `n` elements, as `set_merge` and `set_update` from a
    /// dict do.
    pub fn presize(&mut self, n: usize) {
        self.follows_entries = None;
        if self.slots.is_empty() {
            self.slots = Self::sized_for(0);
        }
        let mask = self.slots.len() - 1;
        if (self.fill + n) * 5 >= mask * 3 {
            self.resize((self.used + n) * 2);
        }
    }

    /// `set_merge`: adds `other`'s elements, presizing, and copying slots or inserting
    /// without checks while this table is empty.
    pub fn merge(&mut self, other: &SlotOrder, eq: &dyn Fn(Value, Value) -> Option<bool>) -> Option<()> {
        self.follows_entries = None;
        if other.used == 0 {
            return Some(());
        }
        self.presize(other.used);
        self.mixed |= other.mixed;
        if self.fill == 0 {
            self.fill = other.used;
            self.used = other.used;
            if self.slots.len() == other.slots.len() && other.fill == other.used {
                self.slots.copy_from_slice(&other.slots);
            } else {
                for (hash, key) in other.keys() {
                    self.insert_clean(hash, key);
                }
            }
            return Some(());
        }
        for (hash, key) in other.keys() {
            self.add_entry(hash, key, eq)?;
        }
        Some(())
    }

    /// Replaces every key by its equal in `table` (the set's elements, which may be other
    /// but equal objects); `None` when one has no equal there or the sizes differ.
    pub fn adopt_keys_of(&mut self, table: &Dict, eq: &dyn Fn(Value, Value) -> Option<bool>) -> Option<()> {
        self.follows_entries = None;
        if self.used != table.len() {
            return None;
        }
        for s in self.slots.iter_mut().filter(|s| !s.key.is_undef()) {
            let mut rep = None;
            for i in table.candidates(s.hash) {
                let k = table.entry(i).key;
                if k == s.key || eq(k, s.key)? {
                    rep = Some(k);
                    break;
                }
            }
            s.key = rep?;
        }
        Some(())
    }

    /// Inserts the live entries of `table` this order lacks: the newest ones, since
    /// additions append to the `Dict` and every removal reaches both. A `Dict` with fewer
    /// elements than this order (changed without telling it) is replayed from scratch.
    pub fn sync(&mut self, table: &Dict) {
        let n = table.len();
        if n == self.used {
            return;
        }
        if n < self.used {
            self.clear();
        }
        let mut missing = n - self.used;
        let mut start = table.entries_end();
        while missing > 0 && start > 0 {
            start -= 1;
            if table.live_entry(start).is_some() {
                missing -= 1;
            }
        }
        for i in start..table.entries_end() {
            if let Some(e) = table.live_entry(i) {
                self.insert(e.hash, e.key);
            }
        }
    }

    /// Whether the live slots hold exactly `table`'s live keys in `table`'s entry order
    /// (checked once per change; the order must be synced with `table`).
    pub fn follows_entries(&mut self, table: &Dict) -> bool {
        if let Some(known) = self.follows_entries {
            return known;
        }
        let follows = self.used == table.len()
            && self.keys().map(|(_, k)| k).eq(table.iter().map(|e| e.key));
        self.follows_entries = Some(follows);
        follows
    }
}

impl SetObj {
    /// An empty set or frozenset.
    pub fn new(frozen: bool) -> SetObj {
        SetObj {
            table: Dict::default(),
            frozen,
            order: SlotOrder::default(),
        }
    }

    /// Brings the order up to date with the table.
    pub fn sync_order(&mut self) {
        self.order.sync(&self.table);
    }

    /// Whether reading the order needs the additions it lacks replayed first (a fresh table
    /// of one element is read without being built).
    pub fn order_pending(&self) -> bool {
        self.order.used() != self.table.len()
            && !(self.order.slot_count() == 0 && self.table.len() == 1)
    }

    /// Whether the order holds the elements in the table's entry order (synced first).
    pub fn order_follows_entries(&mut self) -> bool {
        self.sync_order();
        self.order.follows_entries(&self.table)
    }

    /// The element at slot `idx` or later in iteration order: its slot and key.
    pub fn next_in_order(&mut self, idx: usize) -> Option<(usize, Value)> {
        if self.order.slot_count() == 0 && self.table.len() == 1 {
            // A fresh table (no removal since) of one element, which sits at its home slot:
            // no need to build it.
            let e = self.table.iter().next()?;
            let slot = e.hash as usize & (MIN_SIZE - 1);
            return (idx <= slot).then_some((slot, e.key));
        }
        self.sync_order();
        self.order.next_live(idx)
    }

    /// Removes every element.
    pub fn clear(&mut self) {
        self.table.clear();
        self.order.clear();
    }

    /// The elements in iteration order.
    pub fn ordered_keys(&self) -> Vec<Value> {
        if self.order.used() == self.table.len() {
            return self.order.keys().map(|(_, k)| k).collect();
        }
        if self.order.slot_count() == 0 && self.table.len() == 1 {
            return self.table.iter().map(|e| e.key).collect();
        }
        let mut order = self.order.clone();
        order.sync(&self.table);
        order.keys().map(|(_, k)| k).collect()
    }
}
