//! The JIT's code region: one 2 MiB page of its own, either read-write + no-execute or
//! read-only + executable (see [`super::mmu::set_code_executable`]); and the machine code the
//! shared self-test (`board_common::selftest`) writes into it.

use alloc::vec::Vec;
use core::mem::MaybeUninit;
use core::ptr::addr_of_mut;
use core::sync::atomic::{AtomicBool, Ordering};

use board_common::selftest::{Entry, TestCpu};
use board_common::CodeMemory;

use super::mmu;

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

/// The board's one code region (W^X).
#[derive(Debug)]
pub struct CodeRegion {
    _unique: (),
}

impl CodeMemory for CodeRegion {
    fn take() -> Option<Self> {
        if TAKEN.swap(true, Ordering::AcqRel) {
            return None;
        }
        mmu::set_code_executable(false);
        let (start, len) = region();
        // SAFETY: the region is mapped read-write, and nobody else has it (TAKEN was false);
        // zeroing it makes every byte initialized for the slices `writable` hands out.
        unsafe { core::ptr::write_bytes(start, 0, len) };
        Some(CodeRegion { _unique: () })
    }

    fn capacity(&self) -> usize {
        CODE_SIZE
    }

    fn writable(&mut self) -> &mut [u8] {
        mmu::set_code_executable(false);
        let (start, len) = region();
        // SAFETY: the region is mapped read-write now, belongs to this (unique) object, and
        // the slice borrows `self`, so no second slice or `seal` can coexist with it; `take`
        // initialized every byte.
        unsafe { core::slice::from_raw_parts_mut(start, len) }
    }

    fn seal(&mut self) -> *const u8 {
        // The store-to-fetch order on one x86 core is kept by the hardware; `invlpg` (in
        // set_code_executable) is serializing as well.
        mmu::set_code_executable(true);
        region().0
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

impl TestCpu for CodeRegion {
    const ADDERS: &'static [(&'static str, &'static [u8])] = &[("add", ADD), ("add_sse", ADD_SSE)];

    /// `mov eax, imm32; ret`.
    fn constant(value: u16) -> Vec<u8> {
        let [a, b, c, d] = u32::from(value).to_le_bytes();
        alloc::vec![0xB8, a, b, c, d, 0xC3]
    }

    fn call(f: Entry<'_>, a: u32, b: u32) -> u32 {
        // SAFETY: an `Entry` is a complete function of this signature that the self-test
        // wrote from the encodings above, in the region, sealed (RO+X) while the entry lives.
        // The one exception is the exec-writable fault test: there the page is NX, so the
        // fetch takes a #PF and the exception handler ends the program; if it did not, the
        // valid code would just return.
        let f =
            unsafe { core::mem::transmute::<*const u8, extern "C" fn(u32, u32) -> u32>(f.addr()) };
        f(a, b)
    }

    fn poke(f: Entry<'_>) {
        // SAFETY: deliberately wrong: the region is sealed (read-only), so the write takes a
        // #PF and the exception handler ends the program. The address is RAM of the region,
        // so if it did not fault the write would only change code nobody calls again.
        unsafe { f.addr().cast_mut().write_volatile(0x90) };
    }
}
