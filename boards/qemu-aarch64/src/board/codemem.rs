//! The code region the board lends to the JIT ([`board_common::CodeMemory`]): one dedicated
//! 2 MiB block, either RW + PXN (writing) or RO + executable (sealed), never both. Also the
//! board self-test and the two fault tests that exercise it.

use core::arch::asm;
use core::ptr::addr_of_mut;
use core::sync::atomic::{AtomicBool, Ordering};

use board_common::CodeMemory;

use super::mmu;

/// Size of the code region (one level-2 block).
pub const CODE_SIZE: usize = mmu::BLOCK;

/// Page-aligned here; linker.ld places it alone at the start of a 2 MiB-aligned `.code`
/// section (a 2 MiB alignment on the type would make lld pad the ELF file by 2 MiB).
#[repr(C, align(4096))]
struct Region([u8; CODE_SIZE]);

#[link_section = ".tiercel_code"]
static mut REGION: Region = Region([0; CODE_SIZE]);
static TAKEN: AtomicBool = AtomicBool::new(false);

/// The board's only code region (there is one `CodeRegion` at most).
#[derive(Debug)]
pub struct CodeRegion {
    _private: (),
}

impl CodeRegion {
    /// Hands out the region; `None` if it was already taken (or is misplaced).
    pub fn take() -> Option<CodeRegion> {
        if Self::base() % mmu::BLOCK != 0 || TAKEN.swap(true, Ordering::AcqRel) {
            return None;
        }
        Some(CodeRegion { _private: () })
    }

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

fn put(code: &mut [u8], at: usize, insns: &[u32]) {
    for (i, w) in insns.iter().enumerate() {
        code[at + 4 * i..at + 4 * i + 4].copy_from_slice(&w.to_le_bytes());
    }
}

const RET: u32 = 0xD65F_03C0;
const ADD_W0_W0_W1: u32 = 0x0B01_0000;

const fn movz_w0(imm: u16) -> u32 {
    0x5280_0000 | ((imm as u32) << 5)
}

/// Calls `extern "C" fn(u32, u32) -> u32` at `p`.
///
/// # Safety
/// `p` must point at sealed code of that signature.
unsafe fn call2(p: *const u8, a: u32, b: u32) -> u32 {
    // SAFETY: the caller guarantees `p` is executable code with the C ABI of this type.
    let f: extern "C" fn(u32, u32) -> u32 = unsafe { core::mem::transmute(p) };
    f(a, b)
}

/// The code-memory self-test: writes `add` and `movz` functions, seals, calls them, then
/// rewrites one and calls it again. `Err` says what went wrong.
pub fn selftest() -> Result<(), &'static str> {
    let mut cm = CodeRegion::take().ok_or("code region already taken")?;
    let code = cm.writable();
    put(code, 0, &[ADD_W0_W0_W1, RET]);
    put(code, 64, &[movz_w0(0x1234), RET]);
    let base = cm.seal();
    // SAFETY: both functions were written above and the region is sealed (RO + X).
    let (sum, k) = unsafe { (call2(base, 40, 2), call2(base.wrapping_add(64), 0, 0)) };
    if sum != 42 {
        return Err("add(40, 2) did not return 42");
    }
    if k != 0x1234 {
        return Err("the constant function did not return 0x1234");
    }
    // Second round: the region goes back to writable, the new code must be what runs.
    let code = cm.writable();
    put(code, 64, &[movz_w0(4321), RET]);
    let base = cm.seal();
    // SAFETY: rewritten and sealed above.
    let k = unsafe { call2(base.wrapping_add(64), 0, 0) };
    if k != 4321 {
        return Err("rewritten code: stale instructions ran (expected 4321)");
    }
    Ok(())
}

/// Fault test: call into the region while it is writable (PXN). Returns only if the CPU did
/// not fault.
pub fn fault_exec_writable() {
    let Some(mut cm) = CodeRegion::take() else {
        return;
    };
    let code = cm.writable();
    put(code, 0, &[movz_w0(1), RET]);
    let p = code.as_ptr();
    // SAFETY: deliberately wrong: the instructions are valid, but the page is not executable,
    // so the fetch takes an instruction abort (EC=0x21) and the fault handler exits.
    let r = unsafe { call2(p, 0, 0) };
    core::hint::black_box(r);
}

/// Fault test: write to the region after sealing it. Returns only if the CPU did not fault.
pub fn fault_write_exec() {
    let Some(mut cm) = CodeRegion::take() else {
        return;
    };
    let code = cm.writable();
    put(code, 0, &[movz_w0(1), RET]);
    let p = code.as_mut_ptr();
    cm.seal();
    // SAFETY: deliberately wrong: the block is read-only now, so the store takes a data
    // abort (EC=0x25, permission fault) and the fault handler exits.
    unsafe { core::ptr::write_volatile(p, 0) };
}
