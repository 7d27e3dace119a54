//! The global allocator: `linked_list_allocator::LockedHeap` over a static array, with
//! per-size free lists in front of it for small blocks.
//!
//! Why the front: the linked-list allocator is first-fit over an address-ordered hole list,
//! so after the VM has allocated and freed many small objects every `alloc`/`dealloc` walks
//! thousands of holes. A free list per 16-byte size class (up to 512 bytes) makes the common
//! small allocations O(1). Blocks on a free list are not coalesced back into the heap; they
//! are reused for the same size class only.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::ptr::{self, addr_of_mut, NonNull};
use core::sync::atomic::{AtomicBool, Ordering};

use linked_list_allocator::Heap;

use super::boot::HEAP_SIZE;

const GRAIN: usize = 16;
const CLASSES: usize = 32; // 16..=512 bytes

#[repr(C, align(16))]
struct HeapArea([u8; HEAP_SIZE]);
static mut HEAP_AREA: HeapArea = HeapArea([0; HEAP_SIZE]);

struct Inner {
    heap: Heap,
    free: [*mut u8; CLASSES],
}

/// The board's allocator (a spin lock around [`Inner`]; there is one core and no interrupt
/// handler allocates, so the lock is never contended).
pub struct BoardAlloc {
    locked: AtomicBool,
    inner: UnsafeCell<Inner>,
}

// SAFETY: every access to `inner` happens with `locked` held.
unsafe impl Sync for BoardAlloc {}

#[global_allocator]
static ALLOC: BoardAlloc = BoardAlloc {
    locked: AtomicBool::new(false),
    inner: UnsafeCell::new(Inner {
        heap: Heap::empty(),
        free: [ptr::null_mut(); CLASSES],
    }),
};

/// Gives the heap array to the allocator.
///
/// # Safety
/// Call once, after the MMU is on (the lock uses exclusives) and before any allocation.
pub unsafe fn init() {
    ALLOC.with(|inner| {
        // SAFETY: HEAP_AREA is used by nothing else, and this runs once.
        unsafe {
            inner
                .heap
                .init(addr_of_mut!(HEAP_AREA) as *mut u8, HEAP_SIZE)
        }
    });
}

fn class_layout(c: usize) -> Layout {
    // 16-byte multiples up to 512 with 16-byte alignment are always valid layouts.
    Layout::from_size_align((c + 1) * GRAIN, GRAIN).unwrap_or(Layout::new::<u128>())
}

impl Inner {
    /// Returns every block on the free lists to the heap.
    fn drain(&mut self) {
        for c in 0..CLASSES {
            let mut p = core::mem::replace(&mut self.free[c], ptr::null_mut());
            while let Some(block) = NonNull::new(p) {
                // SAFETY: `block` is on list `c`, so it came from `allocate_first_fit` with
                // `class_layout(c)` and nobody uses it; its first word links the list.
                unsafe {
                    p = *(block.as_ptr() as *mut *mut u8);
                    self.heap.deallocate(block, class_layout(c));
                }
            }
        }
    }
}

fn class_of(layout: Layout) -> Option<usize> {
    if layout.align() > GRAIN || layout.size() > GRAIN * CLASSES {
        return None;
    }
    Some(layout.size().max(1).div_ceil(GRAIN) - 1)
}

impl BoardAlloc {
    fn with<R>(&self, f: impl FnOnce(&mut Inner) -> R) -> R {
        while self
            .locked
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            core::hint::spin_loop();
        }
        // SAFETY: the lock is held, so this is the only reference to `inner`.
        let r = f(unsafe { &mut *self.inner.get() });
        self.locked.store(false, Ordering::Release);
        r
    }
}

// SAFETY: blocks come from `Heap` (which upholds the `GlobalAlloc` contract) or from a free
// list of blocks of exactly the class size and 16-byte alignment, handed out once.
unsafe impl GlobalAlloc for BoardAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.with(|inner| {
            let real = match class_of(layout) {
                Some(c) => {
                    let head = inner.free[c];
                    if !head.is_null() {
                        // SAFETY: a free block's first word holds the next free block.
                        inner.free[c] = unsafe { *(head as *mut *mut u8) };
                        return head;
                    }
                    class_layout(c)
                }
                None => layout,
            };
            if let Ok(p) = inner.heap.allocate_first_fit(real) {
                return p.as_ptr();
            }
            // Out of room: give every cached small block back (the heap coalesces them)
            // and try once more before reporting the failure.
            inner.drain();
            inner
                .heap
                .allocate_first_fit(real)
                .map_or(ptr::null_mut(), NonNull::as_ptr)
        })
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        self.with(|inner| match class_of(layout) {
            Some(c) => {
                // SAFETY: `p` is a block of this class (at least 16 bytes, 16-aligned) that
                // the caller no longer uses; its first word becomes the list link.
                unsafe { *(p as *mut *mut u8) = inner.free[c] };
                inner.free[c] = p;
            }
            None => {
                // SAFETY: `p` came from `allocate_first_fit` with this layout.
                unsafe { inner.heap.deallocate(NonNull::new_unchecked(p), layout) }
            }
        });
    }
}
