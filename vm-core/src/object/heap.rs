//! The object arena and its precise mark-sweep collector.
//!
//! Objects live in one arena (a `FixedVec<Obj>`, laid out for machine code:
//! [`crate::layout`]); a `Value` refers to one by index. A bitmap records which slots are in
//! use, so that neither allocation (which takes the first free slot after a cursor) nor the
//! sweep (which visits only used slots) walks the free ones one by one: a large arena left
//! by an earlier peak costs little when most of it is free. The collector
//! never moves objects. It runs only at safe points chosen by the
//! interpreter (instruction boundaries), where every live value is reachable from the roots the
//! VM passes in, so native code may hold `Value`s in Rust locals between safe points.
//!
//! Memory accounting: `bytes` is what the heap holds (the arena's slots, whether used or
//! free, plus what live objects own outside it); every allocation and every container growth
//! adds to it, and a limit set by the embedder turns into `MemoryError` instead of an
//! allocation that could abort.
//!
//! Pacing: like production collectors, the next collection comes once the program has
//! allocated as much as was live after the last one (but at least [`MIN_GC_STEP`]), so the
//! heap stays within about twice the live data and each collection's marking is paid for by
//! as much allocation. Every allocation counts, including one that reuses a free slot.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::vec::Vec;
use core::cell::Cell;
use core::mem::size_of;

use super::types::{Instance, Obj, SetObj};
use super::value::{ObjRef, Value};
use crate::layout::FixedVec;

/// Payload of `Obj::Free` (kept for debugging output).
const NO_FREE: u32 = u32::MAX;

/// Marking work (in live bytes) that early collections may spend before they must be paid
/// for by allocation.
const EARLY_GC_BUDGET: usize = 16 << 20;

/// Each byte allocated since the last collection pays for this many bytes of early marking,
/// which bounds early collections to a constant factor of the allocation work.
const EARLY_GC_FACTOR: usize = 4;

/// Allocation between collections never needs to wait for less than this: small heaps do
/// not collect over and over.
pub const MIN_GC_STEP: usize = 1 << 20;

/// Allocation allowed between two collections, as a multiple of the live data.
const GC_STEP_FACTOR: usize = 2;

/// Bytes above the limit that allocations may use in reserve mode ([`Heap::use_reserve`])
/// and under pressure ([`Heap::arm_pressure`]). The accounted size never exceeds the limit
/// by more than this.
pub const RESERVE: usize = 64 * 1024;

/// Collections at instruction boundaries a `MemoryError` buys at most (see
/// [`Heap::arm_pressure`]).
const PRESSURE_COLLECTIONS: u8 = 32;

/// The least a full arena grows by when the limit leaves no room to double it: small
/// steps reallocate often, but only a heap near its limit takes them.
const MIN_ARENA_STEP: usize = 16;

/// Most bytes of dead small sets the sweep keeps for reuse (a program like a constraint
/// solver makes and drops a few small sets per step: reusing them saves two mallocs and two
/// frees each). Also at most 1/16 of the heap limit: the pool counts against it.
const SET_POOL_BYTES: usize = 512 * 1024;

/// Why an allocation was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfMemory;

/// Collector statistics.
#[derive(Clone, Copy, Debug, Default)]
pub struct GcStats {
    /// Collections run.
    pub collections: u64,
    /// Objects freed in total.
    pub freed: u64,
    /// Live bytes after the last collection.
    pub live_after_last: usize,
    /// Requests refused for want of room (each a `MemoryError`, unless native code
    /// handled it).
    pub refused: u64,
}

/// The collection schedule: a collection is due at the next safe point once `allocated`
/// reaches `next_gc`. `#[repr(C)]`: machine code tests it at safe points
/// ([`crate::layout::GC_ALLOCATED`], [`crate::layout::GC_NEXT`]).
#[derive(Debug)]
#[repr(C)]
pub struct GcClock {
    /// Bytes allocated (objects and container growth) since the last collection.
    pub allocated: usize,
    /// `allocated` at which the next collection is due.
    pub next_gc: usize,
}

/// The VM heap.
pub struct Heap {
    objs: FixedVec<Obj>,
    marks: Vec<u64>,
    /// One bit per arena slot: set while the slot holds an object.
    used: Vec<u64>,
    /// Words of `used` before this one have no free slot.
    cursor: usize,
    live: usize,
    bytes: usize,
    limit: usize,
    /// Whether allocations may use [`RESERVE`] bytes above the limit.
    reserve: bool,
    /// Collections at instruction boundaries left after a `MemoryError` (0: none).
    pressure: u8,
    /// The last request refused for want of room (bytes).
    refused: usize,
    /// Under pressure: the room wanted back (the refused request, if it can ever fit).
    wanted: usize,
    /// What `bytes` may reach: the limit, plus [`RESERVE`] in reserve mode or under
    /// pressure.
    cap: usize,
    /// Bytes of the VM's own growing structures outside the arena (the value stack, the
    /// frames), counted in `bytes` and kept across collections.
    external: usize,
    /// Bytes of the VM's tables outside the arena that only grow (the interned names),
    /// counted in `bytes` and kept across collections.
    tables: usize,
    /// When the next collection is due (read by machine code at safe points).
    clock: GcClock,
    gray: Vec<ObjRef>,
    early_budget: usize,
    /// Emptied small sets from dead objects, ready for reuse (counted in `bytes`).
    #[allow(
        clippy::vec_box,
        reason = "the boxes are what is reused: an Obj::Set holds a Box<SetObj>"
    )]
    set_pool: Vec<Box<SetObj>>,
    /// Dead instances (emptied) ready for reuse (counted in `bytes`).
    #[allow(
        clippy::vec_box,
        reason = "the boxes are what is reused: an Obj::Instance holds a Box<Instance>"
    )]
    instance_pool: Vec<Box<Instance>>,
    /// Bytes held by `set_pool` and `instance_pool`.
    pool_bytes: usize,
    /// Bytes charged by live native buffers (`object::scratch`), counted in `bytes`.
    scratch: usize,
    /// Bytes that dropped native buffers gave back, not yet taken off `scratch` and `bytes`.
    scratch_returned: Rc<Cell<usize>>,
    /// Statistics for introspection.
    pub stats: GcStats,
}

impl Heap {
    /// A heap whose accounted size may not exceed `limit` bytes.
    pub fn new(limit: usize) -> Heap {
        Heap {
            objs: FixedVec::new(),
            marks: Vec::new(),
            used: Vec::new(),
            cursor: 0,
            live: 0,
            bytes: 0,
            limit,
            reserve: false,
            pressure: 0,
            refused: 0,
            wanted: 0,
            cap: limit,
            external: 0,
            tables: 0,
            clock: GcClock {
                allocated: 0,
                next_gc: (limit / 8).clamp(64 * 1024, 4 * 1024 * 1024),
            },
            gray: Vec::new(),
            early_budget: EARLY_GC_BUDGET,
            set_pool: Vec::new(),
            instance_pool: Vec::new(),
            pool_bytes: 0,
            scratch: 0,
            scratch_returned: Rc::new(Cell::new(0)),
            stats: GcStats::default(),
        }
    }

    /// Sets the limit (the VM bootstraps without one, then sets the embedder's).
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit;
        self.clock.next_gc = (limit / 8).clamp(64 * 1024, 4 * 1024 * 1024);
        self.set_cap();
    }

    /// Accounted bytes in use.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The configured limit.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Number of live objects.
    pub fn live_objects(&self) -> usize {
        self.live
    }

    /// Whether enough has been allocated since the last collection to collect at the next
    /// safe point.
    #[inline]
    pub fn wants_collection(&self) -> bool {
        self.clock.allocated >= self.clock.next_gc
    }

    /// Whether the heap is within a quarter of its limit: collections run then even while
    /// `gc.disable()` puts them off.
    pub fn nears_limit(&self) -> bool {
        self.bytes >= self.limit / 4 * 3
    }

    /// Puts a due collection off (`gc.disable()`): due again after another step of
    /// allocation, so safe points do not ask at every check.
    pub fn defer_collection(&mut self) {
        self.clock.next_gc = self.clock.allocated.saturating_add(MIN_GC_STEP);
    }

    /// Whether a collection outside the allocation schedule (to close a dropped generator
    /// at once, as reference counting would) is affordable now; if so its cost is charged.
    /// Without this bound, a loop that repeatedly abandons such a generator while a large
    /// heap is live would do a full collection per iteration.
    pub fn try_spend_early_collection(&mut self) -> bool {
        let earned = self.clock.allocated.saturating_mul(EARLY_GC_FACTOR);
        let available = self.early_budget.saturating_add(earned);
        if available < self.bytes {
            return false;
        }
        self.early_budget = (available - self.bytes).min(EARLY_GC_BUDGET);
        true
    }

    /// Charges `n` more bytes (a container grew); fails when over the limit.
    #[inline]
    pub fn charge(&mut self, n: usize) -> Result<(), OutOfMemory> {
        let new = self.bytes.saturating_add(n);
        // Nothing new (an object reusing a free slot): always fits, even when a collection
        // found the heap slightly over the limit (the accounting of growth is approximate).
        if new > self.cap && n > 0 {
            return self.charge_after_making_room(n);
        }
        self.bytes = new;
        self.clock.allocated = self.clock.allocated.saturating_add(n);
        Ok(())
    }

    /// Lets allocations use a small reserve above the limit (for the VM's own needs, like
    /// interning the names of a script to compile) or stops that.
    pub fn use_reserve(&mut self, on: bool) {
        self.reserve = on;
        self.set_cap();
    }

    fn set_cap(&mut self) {
        self.cap = if self.reserve || self.pressure > 0 {
            self.limit.saturating_add(RESERVE)
        } else {
            self.limit
        };
    }

    /// A `MemoryError` was raised and the collection before its handler ran: until the
    /// heap has room again, allocations may use [`RESERVE`] bytes above the limit (so a
    /// handler can report and drop data), and the interpreter collects at instruction
    /// boundaries ([`Heap::pressure_wants_collection`]) while the refused request would
    /// still not fit, a bounded number of times, so data the script drops right after
    /// (`L = None`) is freed before its next allocation.
    pub fn arm_pressure(&mut self) {
        self.pressure = PRESSURE_COLLECTIONS;
        // A request larger than the whole limit never fits: only the reserve helps then.
        // A small refused request (one object) may fit after the handler's first
        // collection while what filled the heap is still held; asking for a sixteenth of
        // the limit keeps the pressure on until the handler drops that data.
        self.wanted = if self.refused <= self.limit {
            self.refused.max(self.limit / 16)
        } else {
            0
        };
        self.set_cap();
    }

    /// Whether the heap is under pressure after a `MemoryError`.
    #[inline(always)]
    pub fn under_pressure(&self) -> bool {
        self.pressure > 0
    }

    /// Whether the request refused last would fit now.
    fn has_room_wanted(&self) -> bool {
        self.bytes.saturating_add(self.wanted) <= self.limit
    }

    /// Under pressure: whether the refused request still would not fit, so the next
    /// instruction boundary should collect.
    pub fn pressure_wants_collection(&self) -> bool {
        self.pressure > 0 && !self.has_room_wanted()
    }

    /// Counts an instruction boundary under pressure (after its collection, if any); the
    /// pressure ends once the refused request would fit or its collections are used up.
    pub fn note_pressure_collection(&mut self) {
        self.pressure = self.pressure.saturating_sub(1);
        if self.has_room_wanted() {
            self.pressure = 0;
        }
        self.set_cap();
    }

    /// Ends the pressure (a run ended).
    pub fn end_pressure(&mut self) {
        self.pressure = 0;
        self.set_cap();
    }

    /// Charges `n` bytes of the VM's own structures outside the arena (they stay counted
    /// until [`Heap::release_external`]).
    pub fn charge_external(&mut self, n: usize) -> Result<(), OutOfMemory> {
        self.charge(n)?;
        self.external += n;
        Ok(())
    }

    /// Charges `n` bytes of a VM table that only grows (they stay counted).
    pub fn charge_table(&mut self, n: usize) -> Result<(), OutOfMemory> {
        self.charge(n)?;
        self.tables += n;
        Ok(())
    }

    /// Gives back `n` bytes charged by [`Heap::charge_table`] (a table trimmed once).
    pub fn release_table(&mut self, n: usize) {
        let n = n.min(self.tables);
        self.tables -= n;
        self.bytes = self.bytes.saturating_sub(n);
    }

    /// Bytes charged by [`Heap::charge_external`] and not given back.
    pub fn external(&self) -> usize {
        self.external
    }

    /// Gives back `n` bytes charged by [`Heap::charge_external`].
    pub fn release_external(&mut self, n: usize) {
        let n = n.min(self.external);
        self.external -= n;
        self.bytes = self.bytes.saturating_sub(n);
    }

    /// Whether `n` more bytes would fit under the limit.
    #[inline]
    pub fn fits(&self, n: usize) -> bool {
        self.bytes.saturating_add(n) <= self.cap
    }

    /// [`Heap::fits`], after freeing the pools of dead objects kept for reuse if that makes
    /// the room (they never cause a MemoryError).
    #[inline]
    pub fn fits_releasing_pools(&mut self, n: usize) -> bool {
        self.fits(n) || self.fits_after_making_room(n)
    }

    #[cold]
    #[inline(never)]
    fn fits_after_making_room(&mut self, n: usize) -> bool {
        self.fold_scratch();
        if self.pool_bytes > 0 {
            self.release_pools();
        }
        let fits = self.fits(n);
        if !fits {
            self.refused = n;
            self.stats.refused += 1;
        }
        fits
    }

    /// [`Heap::charge`] over the limit: bytes that dropped native buffers gave back, and the
    /// pools of dead objects kept for reuse, never cause a MemoryError, so they go first.
    #[cold]
    #[inline(never)]
    fn charge_after_making_room(&mut self, n: usize) -> Result<(), OutOfMemory> {
        self.fold_scratch();
        if self.pool_bytes > 0 {
            self.release_pools();
        }
        // As `charge` (not calling it: that would make it recursive, and not inlined).
        let new = self.bytes.saturating_add(n);
        if new > self.cap {
            self.refused = n;
            self.stats.refused += 1;
            return Err(OutOfMemory);
        }
        self.bytes = new;
        self.clock.allocated = self.clock.allocated.saturating_add(n);
        Ok(())
    }

    /// The cell dropped native buffers give their bytes back to (see `object::scratch`).
    pub fn scratch_returned(&self) -> Rc<Cell<usize>> {
        self.scratch_returned.clone()
    }

    /// Charges `n` bytes of a native buffer (see `object::scratch`).
    pub fn charge_scratch(&mut self, n: usize) -> Result<(), OutOfMemory> {
        self.charge(n)?;
        self.scratch += n;
        Ok(())
    }

    /// Takes the bytes dropped native buffers gave back off the count.
    pub fn fold_scratch(&mut self) {
        let back = self.scratch_returned.take().min(self.scratch);
        self.scratch -= back;
        self.bytes = self.bytes.saturating_sub(back);
    }

    /// Bytes charged by live native buffers.
    pub fn scratch_bytes(&self) -> usize {
        self.scratch
    }

    /// Frees the pools of dead objects kept for reuse.
    fn release_pools(&mut self) {
        self.set_pool = Vec::new();
        self.instance_pool = Vec::new();
        self.bytes = self.bytes.saturating_sub(self.pool_bytes);
        self.pool_bytes = 0;
    }

    /// Allocates an object.
    pub fn alloc(&mut self, obj: Obj) -> Result<ObjRef, OutOfMemory> {
        // A free slot is already counted in `bytes` (the arena's capacity): only what the
        // object owns outside it is new memory. The pacing counts the whole object.
        let extra = obj.extra_bytes();
        self.charge(extra)?;
        self.clock.allocated = self.clock.allocated.saturating_add(size_of::<Obj>());
        let ix = match self.first_free() {
            Some(ix) => {
                // A free slot owns nothing: forgetting what it held skips a drop call.
                let free = core::mem::replace(&mut self.objs[ix], obj);
                debug_assert!(matches!(free, Obj::Free(_)), "a used slot marked free");
                core::mem::forget(free);
                ix
            }
            None => {
                if self.objs.len() >= (u32::MAX - 1) as usize {
                    self.bytes -= extra;
                    return Err(OutOfMemory);
                }
                if self.objs.len() == self.objs.capacity() {
                    let grown = self.arena_growth();
                    if grown.is_none_or(|grow| self.objs.try_reserve_exact(grow).is_err()) {
                        self.bytes -= extra;
                        return Err(OutOfMemory);
                    }
                    self.bytes += (self.objs.capacity() - self.objs.len()) * size_of::<Obj>();
                }
                self.objs.push(obj);
                if self.used.len() * 64 < self.objs.len() {
                    self.used.push(0);
                    self.marks.push(0);
                }
                self.objs.len() - 1
            }
        };
        self.used[ix / 64] |= 1 << (ix % 64);
        self.live += 1;
        Ok(ObjRef(ix as u32))
    }

    /// Slots to add to a full arena: up to the next power of two (at least
    /// [`MIN_ARENA_STEP`] more: the arena `Heap::trim_to_fit` leaves first grows only to
    /// that power of two, so a program in a small heap does not start by taking room for
    /// hundreds of objects); or, when the limit has no room for that, half the room there
    /// is (at least [`MIN_ARENA_STEP`] slots), so
    /// that a small heap fills up with objects instead of failing at a doubling, and the
    /// arena leaves room for what the new objects own outside it. Only the least step may
    /// take the reserve above the limit: that is for the VM's own small needs. `None`: no
    /// room.
    fn arena_growth(&mut self) -> Option<usize> {
        let slot = size_of::<Obj>();
        // To the next power of two: `Heap::trim_to_fit` leaves the arena at any size, and
        // arenas of 2^k slots keep a board's allocator, whose heap is only a little larger
        // than the limit, from running out while the arena moves (old and new at once).
        let len = self.objs.len();
        let double = ((len + 1).next_power_of_two() - len).max(MIN_ARENA_STEP);
        if self.bytes.saturating_add(double * slot) <= self.limit {
            return Some(double);
        }
        let room = self.limit.saturating_sub(self.bytes) / slot / 2;
        let step = room.clamp(MIN_ARENA_STEP, double);
        self.fits_releasing_pools(step * slot).then_some(step)
    }

    /// The first free slot below the arena's length, advancing the cursor past full words.
    #[inline]
    fn first_free(&mut self) -> Option<usize> {
        while let Some(&w) = self.used.get(self.cursor) {
            if w != u64::MAX {
                let ix = self.cursor * 64 + (!w).trailing_zeros() as usize;
                // Bits past the arena's length are clear: the slot there is the next push.
                return (ix < self.objs.len()).then_some(ix);
            }
            self.cursor += 1;
        }
        None
    }

    /// The object behind a reference that may not name a slot (a number read from a cache
    /// snapshot): `None` past the arena.
    pub fn try_get(&self, r: ObjRef) -> Option<&Obj> {
        self.objs.get(r.index())
    }

    /// The collection schedule (what machine code tests at safe points).
    pub fn clock(&self) -> &GcClock {
        &self.clock
    }

    /// The arena itself (where machine code finds objects: [`crate::layout::OBJ_SIZE`]).
    pub fn arena(&self) -> &FixedVec<Obj> {
        &self.objs
    }

    /// The object behind a reference.
    #[inline]
    pub fn get(&self, r: ObjRef) -> &Obj {
        &self.objs[r.index()]
    }

    /// The object behind a reference, mutably.
    #[inline]
    pub fn get_mut(&mut self, r: ObjRef) -> &mut Obj {
        &mut self.objs[r.index()]
    }

    /// Two distinct objects mutably at once (e.g. copying between containers).
    pub fn get2_mut(&mut self, a: ObjRef, b: ObjRef) -> (&mut Obj, &mut Obj) {
        assert_ne!(a, b, "get2_mut needs two distinct objects");
        let (ai, bi) = (a.index(), b.index());
        if ai < bi {
            let (lo, hi) = self.objs.split_at_mut(bi);
            (&mut lo[ai], &mut hi[0])
        } else {
            let (lo, hi) = self.objs.split_at_mut(ai);
            (&mut hi[0], &mut lo[bi])
        }
    }

    // -- Collection -------------------------------------------------------------------------

    /// Marks a root value.
    #[inline]
    pub fn mark_value(&mut self, v: Value) {
        if let Some(r) = v.as_obj() {
            self.mark(r);
        }
    }

    fn mark(&mut self, r: ObjRef) {
        let (word, bit) = (r.index() / 64, r.index() % 64);
        if let Some(w) = self.marks.get_mut(word) {
            if *w & (1 << bit) == 0 {
                *w |= 1 << bit;
                self.gray.push(r);
            }
        }
    }

    /// Whether `r` has been marked in the current collection.
    pub fn is_marked(&self, r: ObjRef) -> bool {
        let (word, bit) = (r.index() / 64, r.index() % 64);
        self.marks.get(word).is_some_and(|w| w & (1 << bit) != 0)
    }

    /// Marks what `r` refers to, but not `r` itself.
    pub fn mark_children(&mut self, r: ObjRef) {
        let mut children = Vec::new();
        self.objs[r.index()].for_each_ref(&mut |v| children.push(v));
        for v in children {
            self.mark_value(v);
        }
    }

    /// The live objects left unmarked (so far unreachable) for which `pred` holds. Call
    /// after marking the roots and [`Heap::trace`].
    pub fn unmarked_where(&self, pred: impl Fn(&Obj) -> bool) -> Vec<ObjRef> {
        let mut out = Vec::new();
        for (w, (&used, &marked)) in self.used.iter().zip(&self.marks).enumerate() {
            let mut dead = used & !marked;
            while dead != 0 {
                let i = w * 64 + dead.trailing_zeros() as usize;
                dead &= dead - 1;
                if pred(&self.objs[i]) {
                    out.push(ObjRef(i as u32));
                }
            }
        }
        out
    }

    /// Keeps a dead set for reuse when it is small and the pool has room (else drops it).
    fn pool_set(&mut self, mut s: Box<SetObj>) {
        s.order.clear();
        let cap = SET_POOL_BYTES.min(self.limit / 16);
        if self.pool_bytes < cap && s.table.clear_if_small() && self.set_pool.try_reserve(1).is_ok()
        {
            self.pool_bytes += size_of::<SetObj>() + s.table.heap_bytes();
            self.set_pool.push(s);
        }
    }

    /// Keeps a dead instance for reuse when it is a plain small one and the pool has room
    /// (else drops it). Objects like a ray tracer's vectors are made and dropped by the
    /// million: reuse saves two mallocs and two frees each.
    fn pool_instance(&mut self, mut inst: Box<Instance>) {
        let cap = SET_POOL_BYTES.min(self.limit / 16);
        if self.pool_bytes < cap
            && inst.exc.is_none()
            && inst.values.capacity() <= 16
            && self.instance_pool.try_reserve(1).is_ok()
        {
            inst.values.clear();
            inst.dict = crate::object::types::DictRef::NONE;
            inst.native = Value::UNDEF;
            self.pool_bytes += size_of::<Instance>() + inst.values.capacity() * 8;
            self.instance_pool.push(inst);
        }
    }

    /// An emptied instance from the pool of dead ones (its fields to be set by the caller);
    /// `None` when the pool is empty. Its memory stops counting as the pool's: allocating
    /// the object charges it again.
    pub fn take_pooled_instance(&mut self) -> Option<Box<Instance>> {
        let inst = self.instance_pool.pop()?;
        let n = size_of::<Instance>() + inst.values.capacity() * 8;
        self.pool_bytes -= n;
        self.bytes = self.bytes.saturating_sub(n);
        Some(inst)
    }

    /// An empty set object (`frozen` as given) from the pool of dead small sets, with room
    /// for a few elements; `None` when the pool is empty. Its memory stops counting as the
    /// pool's: allocating the object charges it again.
    pub fn take_pooled_set(&mut self, frozen: bool) -> Option<Box<SetObj>> {
        let mut s = self.set_pool.pop()?;
        let n = size_of::<SetObj>() + s.table.heap_bytes();
        self.pool_bytes -= n;
        self.bytes = self.bytes.saturating_sub(n);
        s.frozen = frozen;
        Some(s)
    }

    /// Propagates marks from everything marked so far (iteratively: no Rust recursion).
    pub fn trace(&mut self) {
        let mut children = Vec::new();
        while let Some(r) = self.gray.pop() {
            self.objs[r.index()].for_each_ref(&mut |v| children.push(v));
            for v in children.drain(..) {
                self.mark_value(v);
            }
        }
    }

    /// Gives back the spare room of the arena and of every dict, and counts what is left:
    /// `Vm::new` calls it once the builtins exist, so the startup footprint is what they
    /// use rather than what their growth left free. The arena grows again (against the
    /// limit) on the first allocation that finds no free slot. (The VM's table of names
    /// keeps its room: every program adds names, and a full table doubles.)
    pub fn trim_to_fit(&mut self) {
        let slots = self.objs.capacity();
        self.objs.shrink_to_fit();
        let mut freed = (slots - self.objs.capacity()) * size_of::<Obj>();
        // Only what shrinks is counted (not each object's size again): that keeps
        // `Obj::extra_bytes` inlined in `alloc`.
        for obj in self.objs.as_mut_slice() {
            if let Obj::Dict(d) = obj {
                let had = d.heap_bytes();
                d.shrink_to_fit();
                freed += had.saturating_sub(d.heap_bytes());
            }
        }
        self.bytes = self.bytes.saturating_sub(freed);
    }

    /// Gives back the arena's free tail when it is most of the arena. Every slot counts
    /// against the limit whether used or not, so a heap once filled with small objects (a
    /// list of a hundred thousand `[0]`s) would otherwise keep their room after they died,
    /// and a large buffer could not fit. Objects never move: only slots past the last live
    /// one go.
    fn shrink_arena(&mut self) {
        let len = match self.used.iter().rposition(|&w| w != 0) {
            Some(w) => w * 64 + 64 - self.used[w].leading_zeros() as usize,
            None => 0,
        };
        let keep = len.max(256);
        if self.objs.capacity() < 2 * keep {
            return;
        }
        self.objs.truncate(len);
        self.objs.shrink_to(keep);
        let words = self.objs.capacity().div_ceil(64);
        self.used.truncate(words);
        self.marks.truncate(words);
        self.used.shrink_to_fit();
        self.marks.shrink_to_fit();
    }

    /// Frees every unmarked object and clears the marks. Call after marking the roots and
    /// [`Heap::trace`].
    pub fn sweep(&mut self) {
        self.trace();
        self.fold_scratch();
        let mut extra = 0;
        let mut freed = 0u64;
        for w in 0..self.used.len() {
            let (used, marked) = (self.used[w], self.marks[w]);
            let mut live = used & marked;
            while live != 0 {
                let i = w * 64 + live.trailing_zeros() as usize;
                live &= live - 1;
                extra += self.objs[i].extra_bytes();
            }
            let mut dead = used & !marked;
            freed += u64::from(dead.count_ones());
            while dead != 0 {
                let i = w * 64 + dead.trailing_zeros() as usize;
                dead &= dead - 1;
                match core::mem::replace(&mut self.objs[i], Obj::Free(NO_FREE)) {
                    Obj::Set(s) => self.pool_set(s),
                    Obj::Instance(inst) => self.pool_instance(inst),
                    _ => {}
                }
            }
            self.used[w] = used & marked;
        }
        self.live -= freed as usize;
        self.cursor = 0;
        self.marks.iter_mut().for_each(|w| *w = 0);
        self.shrink_arena();
        let bytes = self.objs.capacity() * size_of::<Obj>()
            + extra
            + self.pool_bytes
            + self.scratch
            + self.external
            + self.tables;
        let live_data = self.live * size_of::<Obj>() + extra;
        self.bytes = bytes;
        self.clock.allocated = 0;
        self.stats.collections += 1;
        self.stats.freed += freed;
        self.stats.live_after_last = bytes;
        // Collect again once as much as the live data was allocated, or once half of the
        // remaining headroom is used if that comes first, but not more often than every
        // 64 KiB unless the heap is that close to full: since `bytes` grows no faster than
        // `allocated`, the next collection always comes before the limit would refuse an
        // allocation.
        let headroom = self.limit.saturating_sub(bytes);
        self.clock.next_gc = (headroom / 2)
            .min(live_data.saturating_mul(GC_STEP_FACTOR).max(MIN_GC_STEP))
            .max((64 * 1024).min(headroom));
    }
}
