//! The object arena and its precise mark-sweep collector.
//!
//! Objects live in one `Vec<Obj>`; a `Value` refers to one by index. Freed slots form a free
//! list. The collector never moves objects. It runs only at safe points chosen by the
//! interpreter (instruction boundaries), where every live value is reachable from the roots the
//! VM passes in, so native code may hold `Value`s in Rust locals between safe points.
//!
//! Memory accounting: every allocation and every container growth adds to `bytes`; a limit
//! set by the embedder turns into `MemoryError` instead of an allocation that could abort.

use alloc::vec::Vec;
use core::mem::size_of;

use super::types::Obj;
use super::value::{ObjRef, Value};

const NO_FREE: u32 = u32::MAX;

/// Marking work (in live bytes) that early collections may spend before they must be paid
/// for by allocation.
const EARLY_GC_BUDGET: usize = 16 << 20;

/// Each byte allocated since the last collection pays for this many bytes of early marking,
/// which bounds early collections to a constant factor of the allocation work.
const EARLY_GC_FACTOR: usize = 4;

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
}

/// The VM heap.
pub struct Heap {
    objs: Vec<Obj>,
    marks: Vec<u64>,
    free_head: u32,
    live: usize,
    bytes: usize,
    limit: usize,
    next_gc: usize,
    gray: Vec<ObjRef>,
    early_budget: usize,
    /// Statistics for introspection.
    pub stats: GcStats,
}

impl Heap {
    /// A heap whose accounted size may not exceed `limit` bytes.
    pub fn new(limit: usize) -> Heap {
        Heap {
            objs: Vec::new(),
            marks: Vec::new(),
            free_head: NO_FREE,
            live: 0,
            bytes: 0,
            limit,
            next_gc: (limit / 8).clamp(64 * 1024, 4 * 1024 * 1024),
            gray: Vec::new(),
            early_budget: EARLY_GC_BUDGET,
            stats: GcStats::default(),
        }
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
        self.bytes >= self.next_gc
    }

    /// Whether a collection outside the allocation schedule (to close a dropped generator
    /// at once, as reference counting would) is affordable now; if so its cost is charged.
    /// Without this bound, a loop that repeatedly abandons such a generator while a large
    /// heap is live would do a full collection per iteration.
    pub fn try_spend_early_collection(&mut self) -> bool {
        let earned = self
            .bytes
            .saturating_sub(self.stats.live_after_last)
            .saturating_mul(EARLY_GC_FACTOR);
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
        if new > self.limit {
            return Err(OutOfMemory);
        }
        self.bytes = new;
        Ok(())
    }

    /// Whether `n` more bytes would fit under the limit.
    #[inline]
    pub fn fits(&self, n: usize) -> bool {
        self.bytes.saturating_add(n) <= self.limit
    }

    /// Allocates an object.
    pub fn alloc(&mut self, obj: Obj) -> Result<ObjRef, OutOfMemory> {
        let size = size_of::<Obj>() + obj.extra_bytes();
        self.charge(size)?;
        if self.free_head != NO_FREE {
            let ix = self.free_head;
            let slot = &mut self.objs[ix as usize];
            self.free_head = match slot {
                Obj::Free(next) => *next,
                _ => NO_FREE,
            };
            *slot = obj;
            self.live += 1;
            return Ok(ObjRef(ix));
        }
        if self.objs.len() >= (u32::MAX - 1) as usize {
            self.bytes -= size;
            return Err(OutOfMemory);
        }
        if self.objs.len() == self.objs.capacity() {
            let grow = self.objs.len().max(256);
            if !self.fits(grow * size_of::<Obj>()) || self.objs.try_reserve(grow).is_err() {
                self.bytes -= size;
                return Err(OutOfMemory);
            }
            self.bytes += grow * size_of::<Obj>();
        }
        let ix = self.objs.len() as u32;
        self.objs.push(obj);
        if self.marks.len() * 64 < self.objs.len() {
            self.marks.push(0);
        }
        self.live += 1;
        Ok(ObjRef(ix))
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
        (0..self.objs.len())
            .map(|i| ObjRef(i as u32))
            .filter(|&r| !self.is_marked(r) && pred(&self.objs[r.index()]))
            .collect()
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

    /// Frees every unmarked object and clears the marks. Call after marking the roots and
    /// [`Heap::trace`].
    pub fn sweep(&mut self) {
        self.trace();
        let mut bytes = self.objs.capacity() * size_of::<Obj>();
        let mut freed = 0u64;
        for i in (0..self.objs.len()).rev() {
            let marked = self.marks[i / 64] & (1 << (i % 64)) != 0;
            let slot = &mut self.objs[i];
            if matches!(slot, Obj::Free(_)) {
                continue;
            }
            if marked {
                bytes += slot.extra_bytes();
            } else {
                *slot = Obj::Free(self.free_head);
                self.free_head = i as u32;
                self.live -= 1;
                freed += 1;
            }
        }
        self.marks.iter_mut().for_each(|w| *w = 0);
        self.bytes = bytes;
        self.stats.collections += 1;
        self.stats.freed += freed;
        self.stats.live_after_last = bytes;
        // Collect again once half of the remaining headroom is used (at most twice the live
        // size), but not more often than every 64 KiB unless the heap is that close to full:
        // the next collection always comes before the limit would refuse an allocation.
        let headroom = self.limit.saturating_sub(bytes);
        let step = (headroom / 2)
            .min(bytes.max(1 << 20) * 2)
            .max((64 * 1024).min(headroom));
        self.next_gc = bytes + step;
    }
}
