//! The JIT's code region: one dedicated 2 MiB block, either RW + PXN (writing) or RO +
//! executable (sealed), never both (see [`super::mmu::set_code_block`]); and the machine code
//! the shared self-test (`board_common::selftest`) writes into it.

use alloc::vec::Vec;
use core::arch::asm;
use core::ptr::addr_of_mut;
use core::sync::atomic::{AtomicBool, Ordering};

use board_common::selftest::{Entry, TestCpu};
use board_common::CodeMemory;

use super::mmu;

/// Size of the code region (one level-2 block).
pub const CODE_SIZE: usize = mmu::BLOCK;

/// Page-aligned here; linker.ld places it alone at the start of a 2 MiB-aligned `.code`
/// section (a 2 MiB alignment on the type would make lld pad the ELF file by 2 MiB).
#[repr(C, align(4096))]
struct Region([u8; CODE_SIZE]);

#[link_section = ".uninit.codemem"]
static mut REGION: Region = Region([0; CODE_SIZE]);
static TAKEN: AtomicBool = AtomicBool::new(false);

/// The board's one code region (W^X).
#[derive(Debug)]
pub struct CodeRegion {
    _unique: (),
}

impl CodeRegion {
    fn base() -> usize {
        addr_of_mut!(REGION) as usize
    }
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

impl CodeMemory for CodeRegion {
    fn take() -> Option<Self> {
        if Self::base() % mmu::BLOCK != 0 || TAKEN.swap(true, Ordering::AcqRel) {
            return None;
        }
        Some(CodeRegion { _unique: () })
    }

    fn capacity(&self) -> usize {
        CODE_SIZE
    }

    fn writable(&mut self) -> &mut [u8] {
        // SAFETY: the block holds REGION only (2 MiB aligned and sized); `&mut self` of the
        // single CodeRegion means no code in it is running and no other slice is alive.
        unsafe {
            mmu::set_code_block(Self::base(), false);
            &mut (*addr_of_mut!(REGION)).0
        }
    }

    fn seal(&mut self) -> *const u8 {
        let base = Self::base();
        sync_icache(base, CODE_SIZE);
        // SAFETY: as in `writable`; the slice it returned borrowed `self` mutably, so it is
        // no longer alive when `seal` runs.
        unsafe { mmu::set_code_block(base, true) };
        base as *const u8
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
    const ADDERS: &'static [(&'static str, &'static [u8])] = &[("add", &ADD)];

    /// `movz w0, #value; ret`.
    fn constant(value: u16) -> Vec<u8> {
        let movz = 0x5280_0000 | (u32::from(value) << 5);
        words::<2, 8>([movz, RET]).to_vec()
    }

    fn call(f: Entry<'_>, a: u32, b: u32) -> u32 {
        // SAFETY: an `Entry` is a complete function of this signature that the self-test
        // wrote from the encodings above, in the region, sealed (RO + executable, caches
        // synchronized by `seal`) while the entry lives. The one exception is the
        // exec-writable fault test: there the block is PXN, so the fetch takes an
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
