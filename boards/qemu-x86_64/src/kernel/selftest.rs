//! The code-memory self-test and the two W^X fault tests (script flags `FLAG_SELFTEST`,
//! `FLAG_FAULT_EXEC_WRITABLE`, `FLAG_FAULT_WRITE_EXEC`).

use core::fmt::Write;

use board_common::{CodeMemory, EXIT_SELFTEST_FAILED};

use super::{codemem, uart};

/// `lea eax, [rdi + rsi]; ret`: `extern "C" fn(u32, u32) -> u32`, a + b.
const ADD: &[u8] = &[0x8D, 0x04, 0x37, 0xC3];
/// `movd xmm0, edi; movd xmm1, esi; paddd xmm0, xmm1; movd eax, xmm0; ret`: a + b with SSE
/// (checks that the trampoline enabled SSE for JIT code).
const ADD_SSE: &[u8] = &[
    0x66, 0x0F, 0x6E, 0xC7, 0x66, 0x0F, 0x6E, 0xCE, 0x66, 0x0F, 0xFE, 0xC1, 0x66, 0x0F, 0x7E, 0xC0,
    0xC3,
];
/// `mov eax, imm32; ret` without the immediate.
fn constant(v: u32) -> [u8; 6] {
    let [a, b, c, d] = v.to_le_bytes();
    [0xB8, a, b, c, d, 0xC3]
}

type Fn2 = extern "C" fn(u32, u32) -> u32;
type Fn0 = extern "C" fn() -> u32;

fn fail(what: &str, got: u32, want: u32) -> i32 {
    let _ = writeln!(
        uart::Writer,
        "selftest: {what} returned {got}, expected {want}"
    );
    EXIT_SELFTEST_FAILED
}

/// Writes three functions, seals, calls them; rewrites one, seals again, calls it.
pub fn run() -> i32 {
    let Some(mut cm) = codemem::take() else {
        uart::write(b"selftest: code memory already taken\r\n");
        return EXIT_SELFTEST_FAILED;
    };
    let buf = cm.writable();
    buf[..ADD.len()].copy_from_slice(ADD);
    buf[16..22].copy_from_slice(&constant(42));
    buf[32..32 + ADD_SSE.len()].copy_from_slice(ADD_SSE);
    let base = cm.seal();
    // SAFETY: the region is sealed (read-only + executable) and holds, at these offsets,
    // complete functions with exactly these C signatures; they touch no memory.
    let (add, konst, add_sse) = unsafe {
        (
            core::mem::transmute::<*const u8, Fn2>(base),
            core::mem::transmute::<*const u8, Fn0>(base.add(16)),
            core::mem::transmute::<*const u8, Fn2>(base.add(32)),
        )
    };
    if add(40, 2) != 42 {
        return fail("add(40, 2)", add(40, 2), 42);
    }
    if konst() != 42 {
        return fail("const()", konst(), 42);
    }
    if add_sse(1000, 234) != 1234 {
        return fail("add_sse(1000, 234)", add_sse(1000, 234), 1234);
    }
    // Reopen, patch the constant, seal again: the old translation must be gone.
    let buf = cm.writable();
    buf[16..22].copy_from_slice(&constant(7));
    let base = cm.seal();
    // SAFETY: as above: a sealed, complete `mov eax, 7; ret`.
    let konst = unsafe { core::mem::transmute::<*const u8, Fn0>(base.add(16)) };
    if konst() != 7 {
        return fail("const() after rewrite", konst(), 7);
    }
    uart::write(b"selftest: code memory ok\r\n");
    0
}

/// Calls into the region while it is writable: must take a #PF (instruction fetch, NX).
pub fn fault_exec_writable() -> i32 {
    let Some(mut cm) = codemem::take() else {
        return EXIT_SELFTEST_FAILED;
    };
    let buf = cm.writable();
    buf[..6].copy_from_slice(&constant(1));
    let entry = buf.as_ptr();
    // SAFETY: deliberately wrong: the bytes are a valid `mov eax, 1; ret`, but the page is
    // no-execute, so the CPU faults and the exception handler ends the program. If it did not
    // fault, the call would simply return 1.
    let f = unsafe { core::mem::transmute::<*const u8, Fn0>(entry) };
    let _ = f();
    uart::write(b"fault test: no fault\r\n");
    EXIT_SELFTEST_FAILED
}

/// Writes into the region after sealing it: must take a #PF (write to a read-only page).
pub fn fault_write_exec() -> i32 {
    let Some(mut cm) = codemem::take() else {
        return EXIT_SELFTEST_FAILED;
    };
    let buf = cm.writable();
    buf[..6].copy_from_slice(&constant(1));
    let code = cm.seal().cast_mut();
    // SAFETY: deliberately wrong: the region is read-only now, so the CPU faults and the
    // exception handler ends the program; the address is valid RAM owned by `cm`, so if it
    // did not fault the write would only change an unused byte.
    unsafe { code.add(8).write_volatile(0x90) };
    uart::write(b"fault test: no fault\r\n");
    EXIT_SELFTEST_FAILED
}
