//! The allocator on the host: reuse, alignment, exhaustion and recovery, threads.

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

#[test]
fn over_the_system_allocator() {
    let a: &'static Allocator<Over<std::alloc::System>> =
        Box::leak(Box::new(Allocator::over(std::alloc::System)));
    let small = Layout::from_size_align(40, 8).unwrap();
    // SAFETY: nonzero sizes; every block is freed once with the layout it was made with.
    unsafe {
        let p = a.alloc(small);
        assert!(!p.is_null());
        a.dealloc(p, small);
        assert_eq!(a.cached(), 48);
        // The cached block comes back for any request of its class.
        assert_eq!(a.alloc(Layout::from_size_align(33, 16).unwrap()), p);
        // A big block grows through the system's allocator, keeping its bytes.
        let big = Layout::from_size_align(4096, 8).unwrap();
        let q = a.alloc(big);
        ptr::write_bytes(q, 0x5A, 4096);
        let r = a.realloc(q, big, 1 << 20);
        assert!(!r.is_null());
        assert!(std::slice::from_raw_parts(r, 4096)
            .iter()
            .all(|&b| b == 0x5A));
        a.dealloc(r, Layout::from_size_align(1 << 20, 8).unwrap());
        // Small to big and back moves the block and keeps what fits.
        ptr::write_bytes(p, 0x11, 33);
        let s = a.realloc(p, Layout::from_size_align(33, 16).unwrap(), 2000);
        assert!(std::slice::from_raw_parts(s, 33).iter().all(|&b| b == 0x11));
        let t = a.realloc(s, Layout::from_size_align(2000, 16).unwrap(), 20);
        assert!(std::slice::from_raw_parts(t, 20).iter().all(|&b| b == 0x11));
        a.dealloc(t, Layout::from_size_align(20, 16).unwrap());
    }
    a.drain();
    assert_eq!(a.cached(), 0);
}
