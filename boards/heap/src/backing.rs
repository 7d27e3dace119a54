//! What the size-class lists sit in front of: the allocator that carves blocks (a
//! [`Backing`]). The boards back them with `linked_list_allocator`'s first-fit [`Heap`] over
//! one static region; a hosted program backs them with any [`GlobalAlloc`] (the system's
//! allocator) through [`Over`].

use core::alloc::{GlobalAlloc, Layout};
use core::ptr::{self, NonNull};

use linked_list_allocator::Heap;

/// An allocator the size-class lists take blocks from and give the blocks back to.
///
/// # Safety
/// `alloc` hands out a block of at least `layout.size()` bytes aligned to `layout.align()`
/// (or null), not handed out again until `dealloc` gets it back with the same layout.
pub unsafe trait Backing {
    /// A new block for `layout`, or null.
    fn alloc(&mut self, layout: Layout) -> *mut u8;

    /// Takes back a block.
    ///
    /// # Safety
    /// `p` came from [`Backing::alloc`] with `layout` and is not used any more.
    unsafe fn dealloc(&mut self, p: NonNull<u8>, layout: Layout);

    /// Moves a block to one of `new_size` bytes (the same alignment), keeping its first
    /// bytes; null (the block left as it was) when there is no room.
    ///
    /// # Safety
    /// As for [`Backing::dealloc`]; `new_size` is nonzero and, rounded up to the alignment,
    /// does not overflow `isize`.
    unsafe fn realloc(&mut self, p: NonNull<u8>, layout: Layout, new_size: usize) -> *mut u8 {
        let Ok(new) = Layout::from_size_align(new_size, layout.align()) else {
            return ptr::null_mut();
        };
        let q = self.alloc(new);
        if !q.is_null() {
            // SAFETY: both blocks are live, distinct, and at least this many bytes long;
            // `p` is then given back with the layout it was allocated with.
            unsafe {
                ptr::copy_nonoverlapping(p.as_ptr(), q, layout.size().min(new_size));
                self.dealloc(p, layout);
            }
        }
        q
    }
}

// SAFETY: `Heap` hands out each block once, with the layout asked for, until it is freed.
unsafe impl Backing for Heap {
    fn alloc(&mut self, layout: Layout) -> *mut u8 {
        self.allocate_first_fit(layout)
            .map_or(ptr::null_mut(), NonNull::as_ptr)
    }

    unsafe fn dealloc(&mut self, p: NonNull<u8>, layout: Layout) {
        // SAFETY: the caller returns a block this heap gave out with `layout`.
        unsafe { self.deallocate(p, layout) }
    }
}

/// A [`GlobalAlloc`] as the backing of the size-class lists (on a hosted target, the
/// system's allocator: `Over(std::alloc::System)`). Small blocks freed by a program stay on
/// the lists and are reused in O(1); everything else goes to the inner allocator.
pub struct Over<A>(pub A);

// SAFETY: the inner allocator upholds `GlobalAlloc`'s contract, which is this one's.
unsafe impl<A: GlobalAlloc> Backing for Over<A> {
    fn alloc(&mut self, layout: Layout) -> *mut u8 {
        // SAFETY: callers never ask for zero bytes (small classes are at least 16 bytes, and
        // `GlobalAlloc` callers pass nonzero sizes through).
        unsafe { self.0.alloc(layout) }
    }

    unsafe fn dealloc(&mut self, p: NonNull<u8>, layout: Layout) {
        // SAFETY: the caller returns a block the inner allocator gave out with `layout`.
        unsafe { self.0.dealloc(p.as_ptr(), layout) }
    }

    unsafe fn realloc(&mut self, p: NonNull<u8>, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as the caller guarantees; the inner allocator may grow the block in place.
        unsafe { self.0.realloc(p.as_ptr(), layout, new_size) }
    }
}
