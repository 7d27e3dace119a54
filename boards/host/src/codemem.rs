//! [`HostCodeMemory`]: executable memory on the host, one anonymous private mapping per
//! block: read + write while code is written into it, read + execute once sealed
//! (`mprotect`), never both (W^X). A byte limit stands in for a board's fixed region, so
//! running out is an error value here too.

use core::cell::Cell;
use core::ffi::c_void;
use core::ptr::NonNull;

use rustix::mm::{mmap_anonymous, mprotect, munmap, MapFlags, MprotectFlags, ProtFlags};
use vm_core::jit::{CodeMemory, CodeMemoryError, CodeRange};

/// Code memory from the operating system, at most `limit` bytes mapped at once.
#[derive(Debug)]
pub struct HostCodeMemory {
    page: usize,
    limit: usize,
    in_use: Cell<usize>,
}

impl HostCodeMemory {
    /// Code memory of at most `limit` bytes (rounded down to whole pages).
    pub fn new(limit: usize) -> HostCodeMemory {
        let page = rustix::param::page_size();
        HostCodeMemory {
            page,
            limit: limit / page * page,
            in_use: Cell::new(0),
        }
    }

    /// Bytes of the blocks allocated now.
    pub fn in_use(&self) -> usize {
        self.in_use.get()
    }

    /// `len` rounded up to whole pages (at least one).
    fn block_len(&self, len: usize) -> Option<usize> {
        len.max(1).checked_next_multiple_of(self.page)
    }
}

fn platform(e: rustix::io::Errno) -> CodeMemoryError {
    CodeMemoryError::Platform(e.raw_os_error())
}

/// Makes the instructions just written over `[start, start + len)` visible to instruction
/// fetch: AArch64 does not keep its instruction cache coherent with data writes. Linux lets
/// user code clean and invalidate by address (SCTLR_EL1.UCI) and read CTR_EL0 (UCT).
#[cfg(target_arch = "aarch64")]
fn sync_icache(start: usize, len: usize) {
    use core::arch::asm;
    let ctr: u64;
    // SAFETY: reads CTR_EL0 (the cache type), which Linux lets EL0 read; no memory access.
    unsafe { asm!("mrs {}, ctr_el0", out(reg) ctr, options(nomem, nostack)) };
    let end = start + len;
    // CTR_EL0.IDC (bit 28): no data-cache clean needed for coherence with fetch.
    if ctr & (1 << 28) == 0 {
        let line = 4usize << ((ctr >> 16) & 0xF);
        for a in (start & !(line - 1)..end).step_by(line) {
            // SAFETY: `dc cvau` writes a cache line of this mapped, readable block back to
            // the point of unification; it changes no data.
            unsafe { asm!("dc cvau, {}", in(reg) a, options(nostack)) };
        }
    }
    // SAFETY: a barrier; touches no memory.
    unsafe { asm!("dsb ish", options(nostack)) };
    // CTR_EL0.DIC (bit 29): no instruction-cache invalidation needed.
    if ctr & (1 << 29) == 0 {
        let line = 4usize << (ctr & 0xF);
        for a in (start & !(line - 1)..end).step_by(line) {
            // SAFETY: `ic ivau` drops instruction-cache lines of this mapped block.
            unsafe { asm!("ic ivau, {}", in(reg) a, options(nostack)) };
        }
    }
    // SAFETY: barriers; touch no memory.
    unsafe { asm!("dsb ish", "isb", options(nostack)) };
}

/// x86-64 keeps instruction fetch coherent with stores (and `mprotect` serializes).
#[cfg(not(target_arch = "aarch64"))]
fn sync_icache(_start: usize, _len: usize) {}

// SAFETY: every block is a fresh anonymous private mapping of whole pages (page-aligned,
// overlapping nothing else, zero-filled, read + write, not executable) until `seal`
// `mprotect`s it to read + execute (after the AArch64 cache maintenance over the block);
// `unseal` makes it read + write again; `mprotect` changes no contents and leaves the
// protection as it was when it fails; `free` unmaps it.
unsafe impl CodeMemory for HostCodeMemory {
    fn page_size(&self) -> usize {
        self.page
    }

    fn capacity(&self) -> usize {
        self.limit
    }

    fn available(&self) -> usize {
        self.limit - self.in_use.get()
    }

    fn allocate(&self, len: usize) -> Result<CodeRange, CodeMemoryError> {
        let exhausted = CodeMemoryError::Exhausted { requested: len };
        let bytes = self.block_len(len).ok_or(exhausted)?;
        if bytes > self.available() {
            return Err(exhausted);
        }
        // SAFETY: a new anonymous mapping at an address the kernel chooses: it cannot
        // overlap memory the program uses.
        let addr = unsafe {
            mmap_anonymous(
                core::ptr::null_mut(),
                bytes,
                ProtFlags::READ | ProtFlags::WRITE,
                MapFlags::PRIVATE,
            )
        }
        .map_err(platform)?;
        let start = NonNull::new(addr.cast::<u8>()).ok_or(CodeMemoryError::Platform(0))?;
        self.in_use.set(self.in_use.get() + bytes);
        Ok(CodeRange::new(start, bytes))
    }

    unsafe fn seal(&self, range: CodeRange) -> Result<(), CodeMemoryError> {
        sync_icache(range.start().as_ptr() as usize, range.len());
        let flags = MprotectFlags::READ | MprotectFlags::EXEC;
        // SAFETY: `range` is one of our mappings (caller's contract) and nothing refers to
        // it as writable memory any more.
        unsafe { mprotect(range.start().as_ptr().cast::<c_void>(), range.len(), flags) }
            .map_err(platform)
    }

    unsafe fn unseal(&self, range: CodeRange) -> Result<(), CodeMemoryError> {
        let flags = MprotectFlags::READ | MprotectFlags::WRITE;
        // SAFETY: `range` is one of our mappings (caller's contract) and none of its code is
        // running or will be called until it is sealed again.
        unsafe { mprotect(range.start().as_ptr().cast::<c_void>(), range.len(), flags) }
            .map_err(platform)
    }

    unsafe fn free(&self, range: CodeRange) {
        // SAFETY: `range` is one of our mappings, used by nobody any more (caller's
        // contract). `munmap` of a whole mapping we made cannot fail; if it did, the pages
        // would only stay mapped.
        let _ = unsafe { munmap(range.start().as_ptr().cast::<c_void>(), range.len()) };
        self.in_use
            .set(self.in_use.get().saturating_sub(range.len()));
    }
}
