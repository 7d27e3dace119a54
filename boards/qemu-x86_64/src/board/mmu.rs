//! Identity paging over 0..4 GiB, refined from the trampoline's all-RWX 2 MiB pages:
//!
//! * the image (below `__fine_end`) uses 4 KiB pages: page 0 not present (null pointers
//!   fault), `.text` read-only + executable, `.rodata` read-only + no-execute, the rest
//!   read-write + no-execute;
//! * above it, 2 MiB pages read-write + no-execute, except the code region (one 2 MiB page
//!   that [`set_code_executable`] switches between RW+NX and RO+X) and the stack guard
//!   (not present).
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
        let pd = addr_of_mut!(boot_pd);
        let fine = addr_of_mut!(FINE);

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
            } else {
                // Includes the code region, which starts writable.
                addr | PRESENT | HUGE | WRITABLE | NO_EXECUTE
            };
        }
        asm!("mov {0}, cr3", "mov cr3, {0}", out(reg) _, options(nostack, preserves_flags));
    }
}

/// Maps the code region read-only + executable (`true`) or read-write + no-execute
/// (`false`), then flushes its TLB entry.
pub fn set_code_executable(executable: bool) {
    let (code, _) = super::codemem::region();
    let addr = code as u64;
    let flags = if executable {
        PRESENT | HUGE
    } else {
        PRESENT | HUGE | WRITABLE | NO_EXECUTE
    };
    // SAFETY: the entry maps the code region (2 MiB aligned, its own PD entry) to itself;
    // only its permissions change, and `invlpg` drops the stale translation so the next
    // access sees them. Nothing else lives in that page.
    unsafe {
        let pd = addr_of_mut!(boot_pd);
        (*pd)[(addr / LARGE) as usize] = addr | flags;
        asm!("invlpg [{0}]", in(reg) addr, options(nostack, preserves_flags));
    }
}
