//! The JIT's code memory: one 2 MiB region of its own, mapped with 4 KiB pages
//! (see [`super::mmu::set_code_pages`]), handed out page by page as blocks that are either
//! read-write + no-execute or read-only + executable, never both; and the machine code the
//! shared self-test (`board_common::selftest`) writes into it.

use alloc::vec::Vec;
use core::mem::MaybeUninit;
use core::ptr::{addr_of_mut, NonNull};
use core::sync::atomic::{AtomicBool, Ordering};

use board_common::codemem::{RegionPages, PAGE};
use board_common::selftest::{Entry, TestCpu};
use vm_core::jit::{CodeMemory, CodeMemoryError, CodeRange};

use super::mmu;

/// Size of the code region: one 2 MiB page directory entry's worth.
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

/// The board's code memory (W^X, page-granular). Free pages are read-write + no-execute
/// (how [`mmu::init`] maps the region, and how [`CodeMemory::free`] leaves them).
#[derive(Debug)]
pub struct CodeRegion {
    pages: RegionPages,
}

impl TestCpu for CodeRegion {
    fn take() -> Option<Self> {
        if TAKEN.swap(true, Ordering::AcqRel) {
            return None;
        }
        let (start, len) = region();
        Some(CodeRegion {
            pages: RegionPages::new(start as usize, len),
        })
    }

    const ADDERS: &'static [(&'static str, &'static [u8])] = &[("add", ADD), ("add_sse", ADD_SSE)];

    /// `mov eax, imm32; ret`.
    fn constant(value: u16) -> Vec<u8> {
        let [a, b, c, d] = u32::from(value).to_le_bytes();
        alloc::vec![0xB8, a, b, c, d, 0xC3]
    }

    fn call(f: Entry<'_>, a: u32, b: u32) -> u32 {
        // SAFETY: an `Entry` is a complete function of this signature that the self-test
        // wrote from the encodings below, in a block it keeps sealed (RO+X) while the entry
        // lives. The one exception is the exec-writable fault test: there the page is NX,
        // so the fetch takes a #PF and the exception handler ends the program; if it did
        // not, the valid code would just return.
        let f =
            unsafe { core::mem::transmute::<*const u8, extern "C" fn(u32, u32) -> u32>(f.addr()) };
        f(a, b)
    }

    fn poke(f: Entry<'_>) {
        // SAFETY: deliberately wrong: the block is sealed (read-only), so the write takes a
        // #PF and the exception handler ends the program. The address is RAM of the region,
        // so if it did not fault the write would only change code nobody calls again.
        unsafe { f.addr().cast_mut().write_volatile(0x90) };
    }
}

// SAFETY: blocks are disjoint runs of whole 4 KiB pages of the region (`RegionPages`), which
// holds nothing else; a free page is RW+NX, and `allocate` zeroes the pages it hands out;
// `seal` maps a block RO+X and `unseal`/`free` RW+NX, page by page with the TLB entry
// flushed (`mmu::set_code_pages`), so no page is ever writable and executable. x86 keeps
// instruction fetch coherent with stores, and `invlpg` serializes.
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
        // SAFETY: free pages of the region are mapped RW+NX and belong to no block, and
        // these were free until now: zeroing initializes them for the slice a block hands
        // out.
        unsafe { core::ptr::write_bytes(pages.start as *mut u8, 0, pages.len()) };
        let start = NonNull::new(pages.start as *mut u8).ok_or(CodeMemoryError::Platform(0))?;
        Ok(CodeRange::new(start, pages.len()))
    }

    unsafe fn seal(&self, range: CodeRange) -> Result<(), CodeMemoryError> {
        mmu::set_code_pages(range.start().as_ptr() as usize, range.len(), true);
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
            // Freed pages go back to RW+NX: nothing can jump into stale code.
            mmu::set_code_pages(range.start().as_ptr() as usize, range.len(), false);
        }
    }
}

/// `lea eax, [rdi + rsi]; ret`: `extern "C" fn(u32, u32) -> u32`, a + b.
const ADD: &[u8] = &[0x8D, 0x04, 0x37, 0xC3];
/// `movd xmm0, edi; movd xmm1, esi; paddd xmm0, xmm1; movd eax, xmm0; ret`: a + b with SSE2
/// (checks that the trampoline enabled SSE for JIT code).
const ADD_SSE: &[u8] = &[
    0x66, 0x0F, 0x6E, 0xC7, 0x66, 0x0F, 0x6E, 0xCE, 0x66, 0x0F, 0xFE, 0xC1, 0x66, 0x0F, 0x7E, 0xC0,
    0xC3,
];
