//! The JIT's code memory: one dedicated 2 MiB block, mapped with 4 KiB pages (see
//! [`super::mmu::set_code_pages`]), handed out page by page as blocks that are either RW +
//! PXN (writing) or RO + executable (sealed), never both; and the machine code the shared
//! self-test (`board_common::selftest`) writes into it.

use alloc::vec::Vec;
use core::arch::asm;
use core::ptr::{addr_of_mut, NonNull};
use core::sync::atomic::{AtomicBool, Ordering};

use board_common::codemem::{RegionPages, PAGE};
use board_common::selftest::{Entry, TestCpu};
use vm_core::jit::{CodeMemory, CodeMemoryError, CodeRange};

use super::mmu;

/// Size of the code region (one level-2 block's worth).
pub const CODE_SIZE: usize = mmu::BLOCK;

/// Page-aligned here; linker.ld places it alone at the start of a 2 MiB-aligned `.code`
/// section (a 2 MiB alignment on the type would make lld pad the ELF file by 2 MiB).
#[repr(C, align(4096))]
struct Region([u8; CODE_SIZE]);

#[link_section = ".uninit.codemem"]
static mut REGION: Region = Region([0; CODE_SIZE]);
static TAKEN: AtomicBool = AtomicBool::new(false);

/// The start of the code region.
pub fn base() -> usize {
    addr_of_mut!(REGION) as usize
}

/// The board's code memory (W^X, page-granular). Free pages are RW + PXN (how
/// [`mmu::init`] maps the region, and how [`CodeMemory::free`] leaves them).
#[derive(Debug)]
pub struct CodeRegion {
    pages: RegionPages,
}

/// Cleans the D-cache to the point of unification and invalidates the I-cache over
/// `[start, start + len)`, as CTR_EL0 asks (IDC/DIC let a CPU skip either half).
fn sync_icache(start: usize, len: usize) {
    let ctr = mmu::ctr();
    let end = start + len;
    if ctr & (1 << 28) == 0 {
        let line = mmu::dcache_line();
        let mut a = start & !(line - 1);
        while a < end {
            // SAFETY: `dc cvau` writes back a line of mapped memory; it changes no data.
            unsafe { asm!("dc cvau, {}", in(reg) a, options(nostack)) };
            a += line;
        }
    }
    // SAFETY: a barrier; touches no memory.
    unsafe { asm!("dsb ish", options(nostack)) };
    if ctr & (1 << 29) == 0 {
        let line = mmu::icache_line();
        let mut a = start & !(line - 1);
        while a < end {
            // SAFETY: `ic ivau` drops instruction-cache lines of mapped memory.
            unsafe { asm!("ic ivau, {}", in(reg) a, options(nostack)) };
            a += line;
        }
    }
    // SAFETY: barriers; touch no memory.
    unsafe { asm!("dsb ish", "isb", options(nostack)) };
}

// SAFETY: blocks are disjoint runs of whole 4 KiB pages of the region (`RegionPages`), which
// holds nothing else; a free page is RW + PXN, and `allocate` zeroes the pages it hands out;
// `seal` cleans the D-cache and invalidates the I-cache over the block (only the block),
// then maps it RO + executable; `unseal`/`free` map it RW + PXN; each page descriptor
// changes with its TLB entry invalidated (`mmu::set_code_pages`), so no page is ever
// writable and executable.
unsafe impl CodeMemory for CodeRegion {
    fn page_size(&self) -> usize {
        PAGE
    }

    fn capacity(&self) -> usize {
        self.pages.capacity()
    }

    fn available(&self) -> usize {
        self.pages.available()
    }

    fn allocate(&self, len: usize) -> Result<CodeRange, CodeMemoryError> {
        let pages = self.pages.allocate(len)?;
        // SAFETY: free pages of the region are mapped RW + PXN and belong to no block, and
        // these were free until now: zeroing initializes them for the slice a block hands
        // out.
        unsafe { core::ptr::write_bytes(pages.start as *mut u8, 0, pages.len()) };
        let start = NonNull::new(pages.start as *mut u8).ok_or(CodeMemoryError::Platform(0))?;
        Ok(CodeRange::new(start, pages.len()))
    }

    unsafe fn seal(&self, range: CodeRange) -> Result<(), CodeMemoryError> {
        let start = range.start().as_ptr() as usize;
        sync_icache(start, range.len());
        mmu::set_code_pages(start, range.len(), true);
        Ok(())
    }

    unsafe fn unseal(&self, range: CodeRange) -> Result<(), CodeMemoryError> {
        mmu::set_code_pages(range.start().as_ptr() as usize, range.len(), false);
        Ok(())
    }

    unsafe fn free(&self, range: CodeRange) {
        let freed = self.pages.free(range);
        debug_assert!(freed, "freed a range that was not a block");
        if freed {
            // Freed pages go back to RW + PXN: nothing can jump into stale code.
            mmu::set_code_pages(range.start().as_ptr() as usize, range.len(), false);
        }
    }
}

const RET: u32 = 0xD65F_03C0;
const ADD_W0_W0_W1: u32 = 0x0B01_0000;

/// Little-endian instruction words as bytes.
const fn words<const W: usize, const B: usize>(insns: [u32; W]) -> [u8; B] {
    let mut out = [0; B];
    let mut i = 0;
    while i < B {
        out[i] = (insns[i / 4] >> (8 * (i % 4))) as u8;
        i += 1;
    }
    out
}

/// `add w0, w0, w1; ret`: `extern "C" fn(u32, u32) -> u32`, a + b.
const ADD: [u8; 8] = words([ADD_W0_W0_W1, RET]);

impl TestCpu for CodeRegion {
    fn take() -> Option<Self> {
        if base() % mmu::BLOCK != 0 || TAKEN.swap(true, Ordering::AcqRel) {
            return None;
        }
        Some(CodeRegion {
            pages: RegionPages::new(base(), CODE_SIZE),
        })
    }

    const ADDERS: &'static [(&'static str, &'static [u8])] = &[("add", &ADD)];

    /// `movz w0, #value; ret`.
    fn constant(value: u16) -> Vec<u8> {
        let movz = 0x5280_0000 | (u32::from(value) << 5);
        words::<2, 8>([movz, RET]).to_vec()
    }

    fn call(f: Entry<'_>, a: u32, b: u32) -> u32 {
        // SAFETY: an `Entry` is a complete function of this signature that the self-test
        // wrote from the encodings above, in a block it keeps sealed (RO + executable,
        // caches synchronized by `seal`) while the entry lives. The one exception is the
        // exec-writable fault test: there the page is PXN, so the fetch takes an
        // instruction abort (EC=0x21) and the fault handler exits; if it did not, the valid
        // code would just return.
        let f =
            unsafe { core::mem::transmute::<*const u8, extern "C" fn(u32, u32) -> u32>(f.addr()) };
        f(a, b)
    }

    fn poke(f: Entry<'_>) {
        // SAFETY: deliberately wrong: the block is read-only now, so the store takes a data
        // abort (EC=0x25, permission fault) and the fault handler exits. The address is RAM of
        // the region, so if it did not fault the write would only change code nobody calls
        // again.
        unsafe { core::ptr::write_volatile(f.addr().cast_mut(), 0) };
    }
}
