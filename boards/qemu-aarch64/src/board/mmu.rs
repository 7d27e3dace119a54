//! Stage-1 translation for EL1: an identity map with a 4 KiB granule and 2 MiB blocks.
//!
//! | range | mapping |
//! |---|---|
//! | 0x0000_0000..0x0800_0000 (flash) | unmapped: a null dereference faults |
//! | 0x0800_0000..0x4000_0000 (GIC, UART, RTC, ...) | Device-nGnRnE, never executable |
//! | 0x4000_0000..RAM_END | Normal write-back, inner shareable, read-write, never executable |
//! | the 2 MiB blocks holding `.text`/`.rodata` | 4 KiB pages: `.text` read-only + executable, `.rodata` read-only, the rest read-write + never executable |
//! | the stack guard block | unmapped |
//! | the code region block | 4 KiB pages, each RW+PXN or RO+executable, switched by [`set_code_pages`]; RW+PXN at first |
//!
//! MAIR, TCR and the enable sequence are the ones verified in
//! `shared/research/baremetal.md` section 2.4.

use core::arch::asm;
use core::ptr::addr_of_mut;

/// Start of RAM on `-M virt`.
pub const RAM_BASE: usize = 0x4000_0000;
/// End of the RAM the board maps (`-m 512M`).
pub const RAM_END: usize = RAM_BASE + (512 << 20);
/// Size of a level-2 block.
pub const BLOCK: usize = 2 << 20;

const DESC_BLOCK: u64 = 0b01;
const DESC_TABLE: u64 = 0b11;
const DESC_PAGE: u64 = 0b11; // level 3
const PAGE: usize = 4096;
/// Level-3 tables for the blocks holding the image's code and read-only data (8 MiB).
const L3_TABLES: usize = 4;
const ATTR_DEVICE: u64 = 0 << 2; // MAIR attr0
const ATTR_NORMAL: u64 = 1 << 2; // MAIR attr1
const SH_INNER: u64 = 3 << 8;
const AF: u64 = 1 << 10;
const AP_RO: u64 = 1 << 7; // AP[2]: read-only at EL1
const PXN: u64 = 1 << 53;
const UXN: u64 = 1 << 54;

/// attr0 Device-nGnRnE (0x00), attr1 Normal WB RA/WA (0xFF), attr2 Normal non-cacheable (0x44).
const MAIR: u64 = (0xFF << 8) | (0x44 << 16);
/// T0SZ=32 (4 GiB, walk starts at level 1), inner/outer WB WA walks, inner shareable, 4 KiB
/// granule, TTBR1 walks disabled (EPD1), TG1=4 KiB, IPS=32 bits.
const TCR: u64 = 32 | (1 << 8) | (1 << 10) | (3 << 12) | (1 << 23) | (2 << 30);

#[repr(C, align(4096))]
struct Table([u64; 512]);

static mut L1: Table = Table([0; 512]);
static mut L2_LOW: Table = Table([0; 512]);
static mut L2_RAM: Table = Table([0; 512]);
static mut L3: [Table; L3_TABLES] = [const { Table([0; 512]) }; L3_TABLES];
/// The code region's level-3 table.
static mut CODE_L3: Table = Table([0; 512]);

extern "C" {
    static __text_start: u8;
    static __text_end: u8;
    static __rodata_end: u8;
    static __stack_guard: u8;
}

const RAM_ATTRS: u64 = ATTR_NORMAL | SH_INNER | AF | UXN;

/// A 4 KiB page of the image: text is RO+X, rodata RO, everything else RW+PXN.
fn image_page_desc(pa: usize, text_end: usize, rodata_end: usize) -> u64 {
    let d = pa as u64 | DESC_PAGE | RAM_ATTRS;
    if pa < text_end {
        d | AP_RO
    } else if pa < rodata_end {
        d | AP_RO | PXN
    } else {
        d | PXN
    }
}

/// A 4 KiB page of the code region: RO + executable, or RW + never executable.
fn code_page_desc(pa: usize, exec: bool) -> u64 {
    let d = pa as u64 | DESC_PAGE | RAM_ATTRS;
    if exec {
        d | AP_RO
    } else {
        d | PXN
    }
}

/// Whether `addr` lies in the unmapped guard block below the boot stack.
pub fn is_stack_guard(addr: u64) -> bool {
    let guard = &raw const __stack_guard as u64;
    (guard..guard + BLOCK as u64).contains(&addr)
}

/// Smallest data-cache line (CTR_EL0.DminLine) in bytes.
pub fn dcache_line() -> usize {
    4 << ((ctr() >> 16) & 0xF)
}

/// Smallest instruction-cache line (CTR_EL0.IminLine) in bytes.
pub fn icache_line() -> usize {
    4 << (ctr() & 0xF)
}

/// CTR_EL0 (cache type register).
pub fn ctr() -> u64 {
    let v: u64;
    // SAFETY: reading CTR_EL0 has no side effect and touches no memory.
    unsafe { asm!("mrs {}, ctr_el0", out(reg) v, options(nomem, nostack)) };
    v
}

/// Builds the tables and turns on the MMU and the caches.
///
/// # Safety
/// Call once, at EL1, with the MMU off, before anything relies on cacheable memory (the heap,
/// atomics). Everything the program touches must lie in the mapped ranges above.
pub unsafe fn init() {
    let text_start = &raw const __text_start as usize;
    let text_end = &raw const __text_end as usize;
    let rodata_end = &raw const __rodata_end as usize;
    let guard = &raw const __stack_guard as usize;
    let code = super::codemem::base();
    // SAFETY: single-threaded boot code; nothing else refers to the tables yet.
    let (l1, low, ram, l3, code_l3) = unsafe {
        (
            &mut (*addr_of_mut!(L1)).0,
            &mut (*addr_of_mut!(L2_LOW)).0,
            &mut (*addr_of_mut!(L2_RAM)).0,
            &mut *addr_of_mut!(L3),
            &mut (*addr_of_mut!(CODE_L3)).0,
        )
    };
    for (j, e) in code_l3.iter_mut().enumerate() {
        *e = code_page_desc(code + j * PAGE, false);
    }
    for (i, d) in low.iter_mut().enumerate() {
        let pa = i * BLOCK;
        *d = if pa >= 0x0800_0000 {
            pa as u64 | DESC_BLOCK | ATTR_DEVICE | AF | PXN | UXN
        } else {
            0
        };
    }
    let mut l3_used = 0;
    for (i, d) in ram.iter_mut().enumerate() {
        let pa = RAM_BASE + i * BLOCK;
        *d = if pa >= RAM_END || pa == guard {
            0
        } else if pa == code {
            code_l3.as_ptr() as u64 | DESC_TABLE
        } else if pa < rodata_end && pa + BLOCK > text_start {
            if let Some(t) = l3.get_mut(l3_used) {
                l3_used += 1;
                for (j, e) in t.0.iter_mut().enumerate() {
                    *e = image_page_desc(pa + j * PAGE, text_end, rodata_end);
                }
                t.0.as_ptr() as u64 | DESC_TABLE
            } else {
                // More than L3_TABLES blocks of code: map the rest RWX rather than fail.
                pa as u64 | DESC_BLOCK | RAM_ATTRS
            }
        } else {
            pa as u64 | DESC_BLOCK | RAM_ATTRS | PXN
        };
    }
    l1[0] = low.as_ptr() as u64 | DESC_TABLE;
    l1[1] = ram.as_ptr() as u64 | DESC_TABLE;

    // The tables were written with the MMU off (uncached); drop any stale cache lines over
    // them before the walker reads them through the cache (a no-op under QEMU).
    let line = dcache_line();
    for t in [
        l1.as_ptr() as usize,
        low.as_ptr() as usize,
        ram.as_ptr() as usize,
        code_l3.as_ptr() as usize,
    ] {
        let mut a = t;
        while a < t + 4096 {
            // SAFETY: clean+invalidate by VA of memory we own; no data is lost (it is in RAM).
            unsafe { asm!("dc civac, {}", in(reg) a, options(nostack)) };
            a += line;
        }
    }

    // SAFETY: the tables map this code, its stack and data at their physical addresses
    // (identity), so execution continues seamlessly when translation turns on.
    unsafe {
        asm!(
            "dsb ish",
            "isb",
            "msr mair_el1, {mair}",
            "msr tcr_el1, {tcr}",
            "msr ttbr0_el1, {ttbr}",
            "isb",
            "tlbi vmalle1",
            "ic iallu",
            "dsb ish",
            "isb",
            "mrs {tmp}, sctlr_el1",
            "orr {tmp}, {tmp}, #(1 << 0)",   // M
            "orr {tmp}, {tmp}, #(1 << 2)",   // C
            "orr {tmp}, {tmp}, #(1 << 12)",  // I
            "bic {tmp}, {tmp}, #(1 << 1)",   // A: no alignment checks
            "bic {tmp}, {tmp}, #(1 << 19)",  // WXN off: W^X is in the tables (and one fallback)
            "msr sctlr_el1, {tmp}",
            "isb",
            mair = in(reg) MAIR,
            tcr = in(reg) TCR,
            ttbr = in(reg) l1.as_ptr() as u64,
            tmp = out(reg) _,
            options(nostack)
        );
    }
}

/// Switches the permissions of the code-region pages overlapping `[pa, pa + len)`: `exec` =
/// read-only and executable, otherwise read-write and never executable; invalidates each
/// page's TLB entry. Pages outside the region are left alone. [`init`] must have run.
pub fn set_code_pages(pa: usize, len: usize, exec: bool) {
    let code = super::codemem::base();
    let first = pa.saturating_sub(code) / PAGE;
    let end = (pa + len).saturating_sub(code).div_ceil(PAGE).min(512);
    for page in first..end {
        let va = code + page * PAGE;
        // SAFETY: the entry maps a page of the code region (which holds nothing else) to
        // itself, and only its permissions change, which needs no break-before-make; the
        // caller (the code memory) changes only pages of blocks whose contract allows it
        // (no code running in a block made writable). The TLB maintenance makes the new
        // entry visible.
        unsafe {
            core::ptr::write_volatile(addr_of_mut!(CODE_L3.0[page]), code_page_desc(va, exec));
            asm!(
                "dsb ishst",
                "tlbi vaae1is, {va}",
                va = in(reg) (va >> 12) as u64,
                options(nostack)
            );
        }
    }
    // SAFETY: barriers; touch no memory. They complete the invalidations before any access
    // through the new entries (and the fetch of the code sealed just now).
    unsafe { asm!("dsb ish", "isb", options(nostack)) };
}
