//! The boards' global allocator: `linked_list_allocator`'s first-fit [`Heap`] over one static
//! region, with a free list per 16-byte size class in front of it for small blocks.
//!
//! Why the front: the first-fit heap walks an address-ordered hole list on every allocation
//! *and* every free (it keeps holes sorted to merge them), and a Python program frees small
//! objects all the time. With the bare heap `tests/py/prog_roman.py` took 70 s under TCG on
//! x86-64 and 3x longer than now on AArch64. Freed blocks of up to [`MAX_SMALL`] bytes (with
//! an alignment of at most [`GRANULE`]) go to the list of their size class and are reused
//! first, in O(1). When the big heap cannot serve a request, every cached block is handed
//! back to it (it coalesces them) and the request is retried once, so no memory is stranded
//! on the lists.
//!
//! Concurrency: the state sits behind a spin lock, so [`Allocator`] is `Sync` for any number
//! of cores. The boards run one core with interrupts masked and their exception and panic
//! handlers do not allocate, so the lock is never contended there; an allocation from an
//! interrupt handler that interrupted one would spin forever rather than corrupt the heap.
//!
//! This crate is one of the few places with `unsafe` (the intrusive free lists and the
//! `GlobalAlloc` contract); each block says why it holds. It builds on the host, where its
//! tests run (`cargo test -p board-heap`).
#![no_std]

#[cfg(test)]
extern crate std;

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::mem::MaybeUninit;
use core::ptr::{self, NonNull};
use core::sync::atomic::{AtomicBool, Ordering};

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
struct State {
    heap: Heap,
    /// Heads of the intrusive free lists: class `c` holds blocks of `class_layout(c)`, each
    /// free block's first word pointing to the next.
    free: [*mut u8; CLASSES],
}

impl State {
    /// A block for `layout` from the big heap, returning the cached blocks to it and trying
    /// once more when it is full.
    fn big_alloc(&mut self, layout: Layout) -> *mut u8 {
        if let Ok(p) = self.heap.allocate_first_fit(layout) {
            return p.as_ptr();
        }
        self.drain();
        self.heap
            .allocate_first_fit(layout)
            .map_or(ptr::null_mut(), NonNull::as_ptr)
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
                    self.heap.deallocate(nn, class_layout(c));
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
            None => unsafe { self.heap.deallocate(nn, layout) },
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

/// The global allocator (`#[global_allocator] static A: Allocator = Allocator::new();`),
/// empty until [`Allocator::init_from_slice`] gives it its memory.
pub struct Allocator {
    locked: AtomicBool,
    state: UnsafeCell<State>,
}

// SAFETY: every access to `state` happens with `locked` held (see `Allocator::with`), and the
// raw pointers in it point into memory the allocator owns.
unsafe impl Sync for Allocator {}

impl Default for Allocator {
    fn default() -> Self {
        Self::new()
    }
}

impl Allocator {
    /// An allocator without memory: every allocation fails until it gets some.
    pub const fn new() -> Self {
        Allocator {
            locked: AtomicBool::new(false),
            state: UnsafeCell::new(State {
                heap: Heap::empty(),
                free: [ptr::null_mut(); CLASSES],
            }),
        }
    }

    /// Runs `f` on the state with the lock held.
    fn with<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
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
        self.with(|s| s.heap.used() - Self::cached_bytes(s))
    }

    /// Bytes sitting on the size-class free lists.
    pub fn cached(&self) -> usize {
        self.with(|s| Self::cached_bytes(s))
    }

    fn cached_bytes(s: &State) -> usize {
        let mut total = 0;
        for (c, &head) in s.free.iter().enumerate() {
            let mut block = head;
            while !block.is_null() {
                total += class_layout(c).size();
                // SAFETY: list blocks are free blocks whose first word links the list.
                block = unsafe { block.cast::<*mut u8>().read() };
            }
        }
        total
    }

    /// Returns every cached small block to the big heap.
    pub fn drain(&self) {
        self.with(State::drain);
    }
}

// SAFETY: a block is handed out once (popped from a free list or carved by the first-fit
// heap) until it is freed. A small block has `class_layout(c)`: at least the requested size
// and 16-byte alignment, which covers any layout of its class (alignment <= 16). A big block
// comes from `Heap` with the caller's own layout, so `Heap` upholds the contract for it.
unsafe impl GlobalAlloc for Allocator {
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
        if class_of(layout).is_some() && class_of(new) == class_of(layout) {
            return p;
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
mod tests {
    use super::*;
    use std::boxed::Box;
    use std::vec::Vec;

    fn allocator(size: usize) -> Allocator {
        let a = Allocator::new();
        let mem = Box::leak(std::vec![MaybeUninit::<u8>::uninit(); size].into_boxed_slice());
        a.init_from_slice(mem);
        a
    }

    fn alloc(a: &Allocator, size: usize, align: usize) -> *mut u8 {
        let layout = Layout::from_size_align(size, align).unwrap();
        // SAFETY: the layout has a nonzero size.
        let p = unsafe { a.alloc(layout) };
        if !p.is_null() {
            assert_eq!(p as usize % align, 0, "{size} bytes at align {align}");
            // SAFETY: the block is `size` bytes and ours.
            unsafe { ptr::write_bytes(p, 0xA5, size) };
        }
        p
    }

    fn free(a: &Allocator, p: *mut u8, size: usize, align: usize) {
        // SAFETY: `p` came from `alloc` with this layout.
        unsafe { a.dealloc(p, Layout::from_size_align(size, align).unwrap()) }
    }

    #[test]
    fn small_blocks_are_reused_and_distinct() {
        let a = allocator(1 << 20);
        let ps: Vec<_> = (1..=64).map(|n| (alloc(&a, n * 8, 8), n * 8)).collect();
        let mut addrs: Vec<_> = ps.iter().map(|&(p, _)| p as usize).collect();
        addrs.sort_unstable();
        addrs.dedup();
        assert_eq!(addrs.len(), 64);
        for &(p, n) in &ps {
            free(&a, p, n, 8);
        }
        assert_eq!(a.used(), 0);
        // Same class (17..=32 bytes): the freed block comes back first.
        let p = alloc(&a, 20, 4);
        free(&a, p, 20, 4);
        assert_eq!(alloc(&a, 32, 16), p);
    }

    #[test]
    fn alignment() {
        let a = allocator(1 << 20);
        for align in [1, 2, 4, 8, 16, 32, 64, 128, 4096] {
            for size in [1, 15, 16, 17, 100, 512, 513, 5000] {
                let p = alloc(&a, size, align);
                assert!(!p.is_null());
                free(&a, p, size, align);
            }
        }
        assert_eq!(a.used(), 0);
    }

    #[test]
    fn exhaustion_then_recovery() {
        let a = allocator(256 << 10);
        // Fill the heap with small blocks, free them all (they go to the lists), then ask
        // for one block nearly as big as the heap: the lists must be given back.
        let mut ps = Vec::new();
        loop {
            let p = alloc(&a, 48, 8);
            if p.is_null() {
                break;
            }
            ps.push(p);
        }
        assert!(ps.len() > 4000);
        for &p in &ps {
            free(&a, p, 48, 8);
        }
        assert!(a.cached() >= 48 * ps.len());
        let big = alloc(&a, 200 << 10, 8);
        assert!(!big.is_null(), "cached blocks were stranded");
        assert_eq!(a.cached(), 0);
        free(&a, big, 200 << 10, 8);
        // A request that can never fit fails cleanly, and the heap still works after it.
        assert!(alloc(&a, 1 << 20, 8).is_null());
        let p = alloc(&a, 64, 8);
        assert!(!p.is_null());
        free(&a, p, 64, 8);
        assert_eq!(a.used(), 0);
    }

    #[test]
    fn mixed_pattern_leaves_nothing_behind() {
        let a = allocator(1 << 20);
        let mut live: Vec<(*mut u8, usize, usize)> = Vec::new();
        let mut seed = 12345u32;
        for i in 0..20_000 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let r = (seed >> 8) as usize;
            if r % 3 == 0 && !live.is_empty() {
                let (p, size, align) = live.swap_remove(r % live.len());
                free(&a, p, size, align);
            } else {
                let size = if i % 50 == 0 {
                    600 + r % 4000
                } else {
                    1 + r % 600
                };
                let align = 1 << (r % 6);
                let p = alloc(&a, size, align);
                if !p.is_null() {
                    live.push((p, size, align));
                }
            }
        }
        for (p, size, align) in live {
            free(&a, p, size, align);
        }
        assert_eq!(a.used(), 0);
        a.drain();
        assert_eq!(a.cached(), 0);
        // Everything coalesced back into one hole: nearly the whole heap is one block again.
        let p = alloc(&a, (1 << 20) - 4096, 8);
        assert!(!p.is_null());
    }

    #[test]
    fn realloc_within_and_across_classes() {
        let a = allocator(1 << 20);
        let l = Layout::from_size_align(20, 8).unwrap();
        let p = alloc(&a, 20, 8);
        // SAFETY: `p` came from `a` with `l`; 30 bytes stays in the 17..=32 class.
        let q = unsafe { a.realloc(p, l, 30) };
        assert_eq!(p, q);
        // SAFETY: `q` holds 30 bytes of the same class; growing to 1000 moves it.
        let r = unsafe { a.realloc(q, Layout::from_size_align(30, 8).unwrap(), 1000) };
        assert_ne!(r, q);
        // SAFETY: `r` holds at least 20 bytes written as 0xA5 by `alloc`.
        assert!(unsafe { std::slice::from_raw_parts(r, 20) }
            .iter()
            .all(|&b| b == 0xA5));
        free(&a, r, 1000, 8);
        assert_eq!(a.used(), 0);
    }

    #[test]
    fn threads() {
        let a: &'static Allocator = Box::leak(Box::new(allocator(4 << 20)));
        let hs: Vec<_> = (0..4)
            .map(|t| {
                std::thread::spawn(move || {
                    for i in 0..5000 {
                        let size = 1 + (i * 7 + t) % 700;
                        let p = alloc(a, size, 8);
                        assert!(!p.is_null());
                        free(a, p, size, 8);
                    }
                })
            })
            .collect();
        for h in hs {
            h.join().unwrap();
        }
        assert_eq!(a.used(), 0);
    }

    #[test]
    fn arena() {
        let a = Allocator::new();
        a.init(Box::leak(Box::new(Arena::<65536>::new())));
        let p = alloc(&a, 1000, 64);
        assert!(!p.is_null());
        free(&a, p, 1000, 64);
        assert_eq!(a.used(), 0);
    }

    #[test]
    #[should_panic(expected = "initialized twice")]
    fn init_twice_panics() {
        let a = allocator(4096);
        let mem = Box::leak(std::vec![MaybeUninit::<u8>::uninit(); 4096].into_boxed_slice());
        a.init_from_slice(mem);
    }
}
