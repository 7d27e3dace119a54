//! The global allocator: `linked_list_allocator`'s first-fit heap over a static array, with
//! per-size free lists in front of it for small blocks.
//!
//! A first-fit free list alone costs O(number of holes) per allocation *and* per free (it
//! keeps holes sorted to merge them), and a Python program frees small objects all the time:
//! `tests/py/prog_roman.py` took 70 s under TCG with the bare `LockedHeap`. Freed blocks of
//! up to [`MAX_SMALL`] bytes go to a free list of their 16-byte size class instead and are
//! reused first; when the big heap runs dry, the lists are handed back to it and the
//! allocation is retried, so no memory is stranded.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::ptr::{self, NonNull};

use linked_list_allocator::Heap;

/// Largest block size served by the size-class free lists.
const MAX_SMALL: usize = 512;
const GRANULE: usize = 16;
const CLASSES: usize = MAX_SMALL / GRANULE;

struct State {
    heap: Heap,
    /// Heads of the intrusive free lists: class `i` holds blocks of `(i + 1) * 16` bytes,
    /// 16-byte aligned; each free block's first word points to the next.
    free: [*mut u8; CLASSES],
}

/// The board's `#[global_allocator]`.
pub struct BoardAllocator(UnsafeCell<State>);

// SAFETY: the board runs on one CPU with interrupts disabled (IF is never set), and the
// exception and panic handlers do not allocate, so `State` is never accessed concurrently or
// re-entrantly.
unsafe impl Sync for BoardAllocator {}

impl BoardAllocator {
    /// An allocator with no memory until [`BoardAllocator::init`].
    pub const fn empty() -> Self {
        BoardAllocator(UnsafeCell::new(State {
            heap: Heap::empty(),
            free: [ptr::null_mut(); CLASSES],
        }))
    }

    /// Gives the allocator its memory.
    ///
    /// # Safety
    /// Call once, before any allocation, with `size` bytes at `start` that are valid,
    /// writable, and used by nothing else for the rest of the program.
    pub unsafe fn init(&self, start: *mut u8, size: usize) {
        // SAFETY: no allocation is running (see `Sync`), and the caller vouches for the region.
        unsafe { (*self.0.get()).heap.init(start, size) }
    }
}

/// The size class of a small layout, or `None` for a big one.
fn class(layout: Layout) -> Option<usize> {
    (layout.size() <= MAX_SMALL && layout.align() <= GRANULE)
        .then(|| layout.size().max(1).div_ceil(GRANULE) - 1)
}

fn class_layout(class: usize) -> Layout {
    // The size is a nonzero multiple of 16 well below isize::MAX, the alignment a power of 2.
    Layout::from_size_align((class + 1) * GRANULE, GRANULE).unwrap_or(Layout::new::<u128>())
}

impl State {
    fn big_alloc(&mut self, layout: Layout) -> *mut u8 {
        if let Ok(p) = self.heap.allocate_first_fit(layout) {
            return p.as_ptr();
        }
        // Out of memory: return the cached small blocks to the heap and try once more.
        for class in 0..CLASSES {
            let mut block = core::mem::replace(&mut self.free[class], ptr::null_mut());
            while let Some(nn) = NonNull::new(block) {
                // SAFETY: a block on a free list came from `heap` with `class_layout(class)`
                // and is not in use; its first word holds the next block.
                unsafe {
                    block = nn.as_ptr().cast::<*mut u8>().read();
                    self.heap.deallocate(nn, class_layout(class));
                }
            }
        }
        self.heap
            .allocate_first_fit(layout)
            .map_or(ptr::null_mut(), NonNull::as_ptr)
    }
}

// SAFETY: blocks are handed out once (popped from a list or carved by the first-fit heap)
// until freed; small blocks are always `class_layout`-sized and 16-aligned, which satisfies
// any layout of that class; big blocks go straight to `Heap` with their own layout.
unsafe impl GlobalAlloc for BoardAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: no concurrent or re-entrant access (see `Sync`).
        let state = unsafe { &mut *self.0.get() };
        match class(layout) {
            Some(c) => {
                let head = state.free[c];
                if head.is_null() {
                    state.big_alloc(class_layout(c))
                } else {
                    // SAFETY: a free block's first word holds the next free block.
                    state.free[c] = unsafe { head.cast::<*mut u8>().read() };
                    head
                }
            }
            None => state.big_alloc(layout),
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: no concurrent or re-entrant access (see `Sync`).
        let state = unsafe { &mut *self.0.get() };
        match class(layout) {
            Some(c) => {
                // SAFETY: the caller returns a block it got from `alloc` with this layout, so
                // it is `class_layout(c)` bytes (>= 16), 16-aligned and no longer used.
                unsafe { ptr.cast::<*mut u8>().write(state.free[c]) };
                state.free[c] = ptr;
            }
            None => {
                if let Some(nn) = NonNull::new(ptr) {
                    // SAFETY: the caller returns a big block `heap` gave out with `layout`.
                    unsafe { state.heap.deallocate(nn, layout) }
                }
            }
        }
    }
}
