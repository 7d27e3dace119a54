//! Identity paging over 0..4 GiB, refined from the trampoline's all-RWX 2 MiB pages:
//!
//! * the image (below `__fine_end`) uses 4 KiB pages: page 0 not present (null pointers
//!   fault), `.text` read-only + executable, `.rodata` read-only + no-execute, the rest
//!   read-write + no-execute;
//! * above it, 2 MiB pages read-write + no-execute, except the code region and the stack
//!   guard (not present);
//! * the code region (2 MiB, one page directory entry) uses a page table of its own, so each
//!   4 KiB page switches between RW+NX and RO+X on its own ([`set_code_pages`]); it starts
//!   RW+NX.
//!
//! The trampoline set `EFER.NXE` (so bit 63 is the NX bit, not a reserved bit) and `CR0.WP`
//! (so ring 0 honours read-only pages).

use core::arch::asm;
use core::ptr::{addr_of, addr_of_mut};

const PRESENT: u64 = 1;
const WRITABLE: u64 = 1 << 1;
const HUGE: u64 = 1 << 7;
const NO_EXECUTE: u64 = 1 << 63;
const PAGE: u64 = 4096;
const LARGE: u64 = 2 << 20;
/// Page tables available for the 4 KiB-mapped image (linker.ld asserts it fits).
const FINE_TABLES: usize = 4;

#[repr(C, align(4096))]
struct Table([u64; 512]);

static mut FINE: [Table; FINE_TABLES] = [const { Table([0; 512]) }; FINE_TABLES];
/// The code region's page table.
static mut CODE_PT: Table = Table([0; 512]);

extern "C" {
    /// The four page directories of the boot tables (boot.s): 2048 entries of 2 MiB.
    static mut boot_pd: [u64; 2048];
    static __text_start: u8;
    static __text_end: u8;
    static __rodata_start: u8;
    static __rodata_end: u8;
    static __fine_end: u8;
    static __guard_start: u8;
    static __guard_end: u8;
}

fn symbol(s: *const u8) -> u64 {
    s as u64
}

/// Whether `addr` lies in the stack's guard page.
pub fn is_stack_guard(addr: u64) -> bool {
    let (start, end) = (
        symbol(addr_of!(__guard_start)),
        symbol(addr_of!(__guard_end)),
    );
    (start..end).contains(&addr)
}

/// Builds the final page tables and reloads CR3.
pub fn init() {
    // SAFETY: runs once at boot before the JIT region is used. The new tables map every
    // address the kernel touches to itself as before (only permissions change, and the
    // running code, stack, page tables, IDT/GDT/TSS and the script image stay accessible as
    // needed), so the CR3 reload switches consistently.
    unsafe {
        let text = symbol(addr_of!(__text_start))..symbol(addr_of!(__text_end));
        let rodata = symbol(addr_of!(__rodata_start))..symbol(addr_of!(__rodata_end));
        let fine_end = symbol(addr_of!(__fine_end));
        let guard = symbol(addr_of!(__guard_start));
        let code = super::codemem::region().0 as u64;
        let pd = addr_of_mut!(boot_pd);
        let fine = addr_of_mut!(FINE);
        let code_pt = addr_of_mut!(CODE_PT);
        for (i, e) in (*code_pt).0.iter_mut().enumerate() {
            *e = (code + i as u64 * PAGE) | PRESENT | WRITABLE | NO_EXECUTE;
        }

        for page in 0..fine_end / PAGE {
            let addr = page * PAGE;
            let flags = if addr == 0 {
                0
            } else if text.contains(&addr) {
                PRESENT
            } else if rodata.contains(&addr) {
                PRESENT | NO_EXECUTE
            } else {
                PRESENT | WRITABLE | NO_EXECUTE
            };
            let (t, i) = ((page / 512) as usize, (page % 512) as usize);
            (*fine)[t].0[i] = addr | flags;
        }
        for (i, entry) in (*pd).iter_mut().enumerate() {
            let addr = i as u64 * LARGE;
            *entry = if addr < fine_end {
                // Permissions combine across levels: leave the leaves in charge.
                addr_of!((*fine)[i].0) as u64 | PRESENT | WRITABLE
            } else if addr == guard {
                0
            } else if addr == code {
                // As for the image: the code region's leaves decide.
                addr_of!((*code_pt).0) as u64 | PRESENT | WRITABLE
            } else {
                addr | PRESENT | HUGE | WRITABLE | NO_EXECUTE
            };
        }
        asm!("mov {0}, cr3", "mov cr3, {0}", out(reg) _, options(nostack, preserves_flags));
    }
}

/// The flags of a code-region page: read-only + executable, or read-write + no-execute.
fn code_page_flags(executable: bool) -> u64 {
    if executable {
        PRESENT
    } else {
        PRESENT | WRITABLE | NO_EXECUTE
    }
}

/// Maps the code-region pages overlapping `[addr, addr + len)` read-only + executable
/// (`true`) or read-write + no-execute (`false`), flushing each page's TLB entry. Pages
/// outside the region are left alone.
pub fn set_code_pages(addr: usize, len: usize, executable: bool) {
    let (code, size) = super::codemem::region();
    let code = code as usize;
    let first = addr.saturating_sub(code) / PAGE as usize;
    let end = (addr + len)
        .saturating_sub(code)
        .div_ceil(PAGE as usize)
        .min(size / PAGE as usize);
    for page in first..end {
        let va = (code + page * PAGE as usize) as u64;
        // SAFETY: the entry maps a page of the code region (which holds nothing else) to
        // itself; only its permissions change, and `invlpg` drops the stale translation so
        // the next access sees them. The caller (the code memory) changes only pages of
        // blocks whose contract allows it (no code running in a block made writable).
        unsafe {
            let pt = addr_of_mut!(CODE_PT);
            core::ptr::write_volatile(&mut (*pt).0[page], va | code_page_flags(executable));
            asm!("invlpg [{0}]", in(reg) va, options(nostack, preserves_flags));
        }
    }
}
