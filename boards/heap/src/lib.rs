//! The global allocator: a free list per 16-byte size class in front of a backing allocator
//! that carves blocks. The boards back it with `linked_list_allocator`'s first-fit [`Heap`]
//! over one static region; the host program backs it with the system's allocator
//! ([`Over`]).
//!
//! Why the front: the first-fit heap walks an address-ordered hole list on every allocation
//! *and* every free (it keeps holes sorted to merge them), and a Python program frees small
//! objects all the time. With the bare heap `tests/py/prog_roman.py` took 70 s under TCG on
//! x86-64 and 3x longer than now on AArch64. The system's allocator suffers too, in its own
//! way: a collection frees thousands of small blocks at once, more than its per-thread caches
//! hold, and the rest go through its slow paths (merging, sorting bins) only to be split
//! again by the next allocations. Freed blocks of up to [`MAX_SMALL`] bytes (with an
//! alignment of at most [`GRANULE`]) go to the list of their size class and are reused first,
//! in O(1). When the backing allocator cannot serve a request, every cached block is handed
//! back to it (the first-fit heap coalesces them) and the request is retried once, so no
//! memory is stranded on the lists.
//!
//! Concurrency: the state sits behind a spin lock, so [`Allocator`] is `Sync` for any number
//! of cores. The boards run one core with interrupts masked and their exception and panic
//! handlers do not allocate, so the lock is never contended there; an allocation from an
//! interrupt handler that interrupted one would spin forever rather than corrupt the heap.
//! The host program allocates from one thread but for rare helpers, so the lock is
//! uncontended there as well.
//!
//! This crate is one of the few places with `unsafe` (the intrusive free lists and the
//! `GlobalAlloc` contract); each block says why it holds. It builds on the host, where its
//! tests run (`cargo test -p board-heap`).
#![no_std]

#[cfg(test)]
extern crate std;

mod backing;
pub mod config;

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::mem::MaybeUninit;
use core::ptr::{self, NonNull};
use core::sync::atomic::{AtomicBool, Ordering};

pub use backing::{Backing, Over};
use linked_list_allocator::Heap;

/// Size-class step and the alignment every small block has.
pub const GRANULE: usize = 16;
/// Largest request served by the size-class lists.
pub const MAX_SMALL: usize = 512;
const CLASSES: usize = MAX_SMALL / GRANULE;

/// The size class of `layout`, or `None` when it goes straight to the big heap.
fn class_of(layout: Layout) -> Option<usize> {
    (layout.size() <= MAX_SMALL && layout.align() <= GRANULE)
        .then(|| layout.size().max(1).div_ceil(GRANULE) - 1)
}

/// The layout every block of class `c` has in the big heap.
fn class_layout(c: usize) -> Layout {
    // A nonzero multiple of 16 up to 512 with alignment 16 is always a valid layout.
    Layout::from_size_align((c + 1) * GRANULE, GRANULE).unwrap_or(Layout::new::<u128>())
}

/// The allocator's state (accessed only with the lock held).
struct State<B> {
    heap: B,
    /// Heads of the intrusive free lists: class `c` holds blocks of `class_layout(c)`, each
    /// free block's first word pointing to the next.
    free: [*mut u8; CLASSES],
}

impl<B: Backing> State<B> {
    /// A block for `layout` from the backing allocator, returning the cached blocks to it and
    /// trying once more when it is full.
    fn big_alloc(&mut self, layout: Layout) -> *mut u8 {
        let p = self.heap.alloc(layout);
        if !p.is_null() {
            return p;
        }
        self.drain();
        self.heap.alloc(layout)
    }

    /// Moves big block `p` to `new_size` bytes in the backing allocator, as `big_alloc`
    /// retries.
    ///
    /// # Safety
    /// As for [`Backing::realloc`].
    unsafe fn big_realloc(&mut self, p: NonNull<u8>, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's guarantees are the backing's.
        let q = unsafe { self.heap.realloc(p, layout, new_size) };
        if !q.is_null() {
            return q;
        }
        self.drain();
        // SAFETY: as above; the failed attempt left the block as it was.
        unsafe { self.heap.realloc(p, layout, new_size) }
    }

    /// Returns every block on the free lists to the big heap.
    fn drain(&mut self) {
        for c in 0..CLASSES {
            let mut block = core::mem::replace(&mut self.free[c], ptr::null_mut());
            while let Some(nn) = NonNull::new(block) {
                // SAFETY: a block on list `c` came from `heap` with `class_layout(c)` and is
                // not in use; its first word holds the next block of the list.
                unsafe {
                    block = nn.as_ptr().cast::<*mut u8>().read();
                    self.heap.dealloc(nn, class_layout(c));
                }
            }
        }
    }

    fn alloc(&mut self, layout: Layout) -> *mut u8 {
        let Some(c) = class_of(layout) else {
            return self.big_alloc(layout);
        };
        let head = self.free[c];
        if head.is_null() {
            return self.big_alloc(class_layout(c));
        }
        // SAFETY: `head` is a free block of class `c`; its first word holds the next one.
        self.free[c] = unsafe { head.cast::<*mut u8>().read() };
        head
    }

    /// # Safety
    /// `p` must have come from [`State::alloc`] with `layout` and not be used any more.
    unsafe fn dealloc(&mut self, p: *mut u8, layout: Layout) {
        let Some(nn) = NonNull::new(p) else {
            return;
        };
        match class_of(layout) {
            Some(c) => {
                // SAFETY: the block is `class_layout(c)` bytes (>= 16) and 16-aligned, and
                // the caller no longer uses it, so its first word can link the list.
                unsafe { p.cast::<*mut u8>().write(self.free[c]) };
                self.free[c] = p;
            }
            // SAFETY: big blocks come straight from `heap` with their own layout.
            None => unsafe { self.heap.dealloc(nn, layout) },
        }
    }
}

/// A page-aligned static array left uninitialized, so that a board can place it in a `NOLOAD`
/// section that boot code does not zero: the allocator's memory and the boot stack (see [`memory!`]),.
#[repr(C, align(4096))]
pub struct Arena<const N: usize>(MaybeUninit<[u8; N]>);

impl<const N: usize> Default for Arena<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> Arena<N> {
    /// An arena of `N` bytes.
    pub const fn new() -> Self {
        Arena(MaybeUninit::uninit())
    }

    /// The arena as the byte slice the allocator manages.
    pub fn bytes(&mut self) -> &mut [MaybeUninit<u8>] {
        // SAFETY: `MaybeUninit<[u8; N]>` and `[MaybeUninit<u8>; N]` have the same size and
        // layout, and the slice borrows the arena mutably for its whole life.
        unsafe { core::slice::from_raw_parts_mut(self.0.as_mut_ptr().cast::<MaybeUninit<u8>>(), N) }
    }
}

/// Declares a board's memory: the heap, an [`Arena`] of `heap` bytes in the section
/// `.uninit.heap`, with the `#[global_allocator]` and `fn init_heap()`, which gives the arena
/// to the allocator; and the boot stack, an [`Arena`] of `stack` bytes in `.uninit.stack`
/// (kept by `#[used]`). The board's linker script places both sections (`NOLOAD`: boot code
/// does not zero them). Call `init_heap` at boot before anything allocates (on AArch64, after
/// the MMU is on).
#[macro_export]
macro_rules! memory {
    (heap = $heap:expr, stack = $stack:expr) => {
        #[link_section = ".uninit.heap"]
        static mut HEAP: $crate::Arena<{ $heap }> = $crate::Arena::new();

        #[link_section = ".uninit.stack"]
        #[used]
        static mut STACK: $crate::Arena<{ $stack }> = $crate::Arena::new();

        #[global_allocator]
        static ALLOCATOR: $crate::Allocator = $crate::Allocator::new();

        /// Gives the heap to the allocator (once: later calls do nothing).
        fn init_heap() {
            static DONE: ::core::sync::atomic::AtomicBool =
                ::core::sync::atomic::AtomicBool::new(false);
            // A plain load and store: there is one core, and on AArch64 exclusive accesses
            // need the MMU on.
            if DONE.load(::core::sync::atomic::Ordering::Relaxed) {
                return;
            }
            DONE.store(true, ::core::sync::atomic::Ordering::Relaxed);
            // SAFETY: the only reference ever made to HEAP, which is private to this
            // expansion: DONE lets it happen once, on the boot core.
            ALLOCATOR.init(unsafe { &mut *::core::ptr::addr_of_mut!(HEAP) });
        }
    };
}

/// The global allocator. On a board (`#[global_allocator] static A: Allocator =
/// Allocator::new();`), empty until [`Allocator::init_from_slice`] gives it its memory; on a
/// hosted target, `Allocator::over(std::alloc::System)`.
pub struct Allocator<B = Heap> {
    locked: AtomicBool,
    state: UnsafeCell<State<B>>,
}

// SAFETY: every access to `state` happens with `locked` held (see `Allocator::with`), and the
// raw pointers in it point into memory the allocator owns; the backing moves between threads
// only inside the lock.
unsafe impl<B: Send> Sync for Allocator<B> {}

impl Default for Allocator {
    fn default() -> Self {
        Self::new()
    }
}

impl Allocator {
    /// An allocator without memory: every allocation fails until it gets some.
    pub const fn new() -> Self {
        Self::over_backing(Heap::empty())
    }
}

impl<A: GlobalAlloc> Allocator<Over<A>> {
    /// An allocator whose small blocks are cached in front of `inner`.
    pub const fn over(inner: A) -> Self {
        Self::over_backing(Over(inner))
    }
}

impl<B> Allocator<B> {
    const fn over_backing(heap: B) -> Self {
        Allocator {
            locked: AtomicBool::new(false),
            state: UnsafeCell::new(State {
                heap,
                free: [ptr::null_mut(); CLASSES],
            }),
        }
    }

    /// Runs `f` on the state with the lock held.
    fn with<R>(&self, f: impl FnOnce(&mut State<B>) -> R) -> R {
        while self
            .locked
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            core::hint::spin_loop();
        }
        // SAFETY: the lock is held, so this is the only reference to the state.
        let r = f(unsafe { &mut *self.state.get() });
        self.locked.store(false, Ordering::Release);
        r
    }

    /// Bytes sitting on the size-class free lists.
    pub fn cached(&self) -> usize {
        self.with(|s| cached_bytes(&s.free))
    }
}

impl<B: Backing> Allocator<B> {
    /// Returns every cached small block to the backing allocator.
    pub fn drain(&self) {
        self.with(State::drain);
    }
}

impl Allocator {
    /// Gives the allocator its memory (on AArch64: after the MMU is on, since the lock uses
    /// exclusive accesses, which need cacheable memory).
    ///
    /// # Panics
    /// If the allocator already has memory.
    pub fn init_from_slice(&self, mem: &'static mut [MaybeUninit<u8>]) {
        self.with(|s| {
            assert!(s.heap.size() == 0, "board-heap: initialized twice");
            s.heap.init_from_slice(mem);
        });
    }

    /// Gives the allocator an [`Arena`] (see [`Allocator::init_from_slice`]).
    pub fn init<const N: usize>(&self, arena: &'static mut Arena<N>) {
        self.init_from_slice(arena.bytes());
    }

    /// Bytes handed out and not freed, counting blocks cached on the free lists as free.
    pub fn used(&self) -> usize {
        self.with(|s| s.heap.used() - cached_bytes(&s.free))
    }
}

/// Bytes on the free lists whose heads are `free`.
fn cached_bytes(free: &[*mut u8; CLASSES]) -> usize {
    let mut total = 0;
    for (c, &head) in free.iter().enumerate() {
        let mut block = head;
        while !block.is_null() {
            total += class_layout(c).size();
            // SAFETY: list blocks are free blocks whose first word links the list.
            block = unsafe { block.cast::<*mut u8>().read() };
        }
    }
    total
}

// SAFETY: a block is handed out once (popped from a free list or carved by the backing)
// until it is freed. A small block has `class_layout(c)`: at least the requested size
// and 16-byte alignment, which covers any layout of its class (alignment <= 16). A big block
// comes from the backing with the caller's own layout, so the backing upholds the contract
// for it.
unsafe impl<B: Backing> GlobalAlloc for Allocator<B> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.with(|s| s.alloc(layout))
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        // SAFETY: the caller returns a block `alloc` gave out with this layout.
        self.with(|s| unsafe { s.dealloc(p, layout) });
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A small block already holds every size of its class: keep it.
        let Ok(new) = Layout::from_size_align(new_size, layout.align()) else {
            return ptr::null_mut();
        };
        match (class_of(layout), class_of(new)) {
            (Some(a), Some(b)) if a == b => return p,
            (None, None) => {
                let Some(nn) = NonNull::new(p) else {
                    return ptr::null_mut();
                };
                // SAFETY: a big block from the backing with `layout`; `new_size` is the
                // caller's, nonzero and in range.
                return self.with(|s| unsafe { s.big_realloc(nn, layout, new_size) });
            }
            _ => {}
        }
        // SAFETY: as for `alloc`; `new_size` is nonzero (the caller's contract).
        let q = unsafe { self.alloc(new) };
        if !q.is_null() {
            // SAFETY: both blocks are live, distinct, and at least this many bytes long;
            // `p` is then freed with the layout it was allocated with.
            unsafe {
                ptr::copy_nonoverlapping(p, q, layout.size().min(new_size));
                self.dealloc(p, layout);
            }
        }
        q
    }
}

#[cfg(test)]
mod tests;
