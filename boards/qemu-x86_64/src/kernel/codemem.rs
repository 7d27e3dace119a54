//! The JIT's code region: one 2 MiB page of its own, either read-write + no-execute or
//! read-only + executable (see [`super::paging::set_code_executable`]).

use core::mem::MaybeUninit;
use core::ptr::addr_of_mut;
use core::sync::atomic::{AtomicBool, Ordering};

use board_common::CodeMemory;

use super::paging;

/// Size of the code region: one 2 MiB page.
pub const CODE_SIZE: usize = 2 << 20;

// 2 MiB alignment comes from linker.ld (a 2 MiB-aligned section would pad the ELF file).
#[repr(C, align(4096))]
struct CodeArea(MaybeUninit<[u8; CODE_SIZE]>);

#[link_section = ".uninit.codemem"]
static mut CODE: CodeArea = CodeArea(MaybeUninit::uninit());

static TAKEN: AtomicBool = AtomicBool::new(false);

/// The region's start and size.
pub fn region() -> (*mut u8, usize) {
    (addr_of_mut!(CODE).cast::<u8>(), CODE_SIZE)
}

/// The board's one code region (W^X). `None` after the first call: the region has one
/// owner, so a writable slice can never alias code someone else is running.
#[derive(Debug)]
pub struct X86CodeMemory {
    _unique: (),
}

/// Takes the code region; `None` if it was already taken.
pub fn take() -> Option<X86CodeMemory> {
    if TAKEN.swap(true, Ordering::AcqRel) {
        return None;
    }
    paging::set_code_executable(false);
    let (start, len) = region();
    // SAFETY: the region is mapped read-write, and nobody else has it (TAKEN was false);
    // zeroing it makes every byte initialized for the slices `writable` hands out.
    unsafe { core::ptr::write_bytes(start, 0, len) };
    Some(X86CodeMemory { _unique: () })
}

impl CodeMemory for X86CodeMemory {
    fn capacity(&self) -> usize {
        CODE_SIZE
    }

    fn writable(&mut self) -> &mut [u8] {
        paging::set_code_executable(false);
        let (start, len) = region();
        // SAFETY: the region is mapped read-write now, belongs to this (unique) object, and
        // the slice borrows `self`, so no second slice or `seal` can coexist with it; `take`
        // initialized every byte.
        unsafe { core::slice::from_raw_parts_mut(start, len) }
    }

    fn seal(&mut self) -> *const u8 {
        // The store-to-fetch order on one x86 core is kept by the hardware; `invlpg` (in
        // set_code_executable) is serializing as well.
        paging::set_code_executable(true);
        region().0
    }
}
