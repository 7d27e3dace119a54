//! The code-memory self-test and the two W^X fault tests (script flags
//! [`FLAG_SELFTEST`](crate::script::FLAG_SELFTEST),
//! [`FLAG_FAULT_EXEC_WRITABLE`](crate::script::FLAG_FAULT_EXEC_WRITABLE),
//! [`FLAG_FAULT_WRITE_EXEC`](crate::script::FLAG_FAULT_WRITE_EXEC)).
//!
//! The board supplies hand-encoded machine code and one way to call it ([`TestCpu`]); this
//! module writes the code into the board's [`CodeMemory`], seals it, calls it, checks the
//! results and prints the verdict. Calling into code memory is `unsafe` and this crate has
//! none, so the call itself happens in the board, on an [`Entry`] only this module creates.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::marker::PhantomData;

use crate::console::write_text;
use crate::{CodeMemory, Platform, EXIT_SELFTEST_FAILED};

/// Bytes between the functions the self-test writes (a multiple of every ISA's alignment).
pub const SLOT: usize = 64;

/// The address of a complete function this module wrote into the board's code region from
/// the board's own encodings ([`TestCpu::ADDERS`], [`TestCpu::constant`]). The region is
/// sealed (read-only + executable) and stays so while the `Entry` lives (it borrows the
/// [`CodeMemory`], so `writable` cannot be called), except in the exec-writable fault test,
/// where the region is writable on purpose: the CPU must fault on the fetch, and if it did not,
/// the valid code would simply return.
///
/// The constructor is private: these are the guarantees a board's [`TestCpu::call`] and
/// [`TestCpu::poke`] rely on.
#[derive(Clone, Copy, Debug)]
pub struct Entry<'a> {
    addr: *const u8,
    _region: PhantomData<&'a ()>,
}

impl<'a> Entry<'a> {
    fn new<M: CodeMemory>(_region: &'a M, addr: *const u8) -> Self {
        Entry {
            addr,
            _region: PhantomData,
        }
    }

    /// The function's address.
    pub fn addr(self) -> *const u8 {
        self.addr
    }
}

/// What the self-test needs from a board's code region, beyond [`CodeMemory`]: machine code
/// for its CPU and a way to call it.
pub trait TestCpu: CodeMemory {
    /// Encodings of `extern "C" fn(u32, u32) -> u32` returning `a + b` (wrapping), each with a
    /// name for the failure message. The first is the plain one; others may exercise more of
    /// the CPU (x86-64: SSE2, which the boot code must have enabled for JIT code).
    const ADDERS: &'static [(&'static str, &'static [u8])];

    /// The encoding of `extern "C" fn(u32, u32) -> u32` that ignores its arguments and
    /// returns `value`.
    fn constant(value: u16) -> Vec<u8>;

    /// Calls the function at `f` with the C ABI of `extern "C" fn(u32, u32) -> u32`.
    fn call(f: Entry<'_>, a: u32, b: u32) -> u32;

    /// Writes one byte at `f` (the write-exec fault test: the region is sealed, so the CPU
    /// must fault; if it did not, the byte belongs to code nobody calls again).
    fn poke(f: Entry<'_>);
}

/// Copies `code` into `buf` at `at`.
fn put(buf: &mut [u8], at: usize, code: &[u8]) -> Result<(), String> {
    buf.get_mut(at..at + code.len())
        .ok_or_else(|| String::from("code region too small"))?
        .copy_from_slice(code);
    Ok(())
}

fn expect(what: &str, got: u32, want: u32) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what} returned {got}, expected {want}"))
    }
}

/// Writes the adders and a constant function, seals, calls them; rewrites the constant,
/// seals again and checks that the new code is what runs (no stale translation or I-cache).
fn check<C: TestCpu>() -> Result<(), String> {
    let mut cm = C::take().ok_or_else(|| String::from("code memory already taken"))?;
    let konst_at = C::ADDERS.len() * SLOT;
    let buf = cm.writable();
    for (i, (_, code)) in C::ADDERS.iter().enumerate() {
        put(buf, i * SLOT, code)?;
    }
    put(buf, konst_at, &C::constant(0x1234))?;
    let base = cm.seal();
    for (i, (name, _)) in C::ADDERS.iter().enumerate() {
        let f = Entry::new(&cm, base.wrapping_add(i * SLOT));
        expect(&format!("{name}(40, 2)"), C::call(f, 40, 2), 42)?;
        expect(&format!("{name}(u32::MAX, 2)"), C::call(f, u32::MAX, 2), 1)?;
    }
    let konst = Entry::new(&cm, base.wrapping_add(konst_at));
    expect("constant()", C::call(konst, 0, 0), 0x1234)?;
    put(cm.writable(), konst_at, &C::constant(4321))?;
    let base = cm.seal();
    let konst = Entry::new(&cm, base.wrapping_add(konst_at));
    expect("constant() after rewrite", C::call(konst, 0, 0), 4321)
}

/// The self-test: prints `selftest: code memory ok` and returns 0, or prints
/// `selftest: FAILED: <why>` and returns [`EXIT_SELFTEST_FAILED`].
pub fn run<P: Platform, C: TestCpu>(con: &mut P) -> i32 {
    match check::<C>() {
        Ok(()) => {
            write_text(con, "selftest: code memory ok\n");
            0
        }
        Err(why) => {
            write_text(con, &format!("selftest: FAILED: {why}\n"));
            EXIT_SELFTEST_FAILED
        }
    }
}

/// The two fault tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Call into the region while it is writable (no-execute).
    ExecWritable,
    /// Write to the region after sealing it (read-only).
    WriteExec,
}

/// Runs a fault test. The CPU must fault (the board's exception handler reports it and
/// exits); if this returns, it prints `fault test: no fault` and returns
/// [`EXIT_SELFTEST_FAILED`].
pub fn fault<P: Platform, C: TestCpu>(con: &mut P, which: Fault) -> i32 {
    let Some(mut cm) = C::take() else {
        write_text(con, "fault test: code memory already taken\n");
        return EXIT_SELFTEST_FAILED;
    };
    let code = C::constant(1);
    let buf = cm.writable();
    buf[..code.len()].copy_from_slice(&code);
    let writable_entry = buf.as_ptr();
    match which {
        Fault::ExecWritable => {
            let _ = C::call(Entry::new(&cm, writable_entry), 0, 0);
        }
        Fault::WriteExec => {
            let sealed = cm.seal();
            C::poke(Entry::new(&cm, sealed));
        }
    }
    write_text(con, "fault test: no fault\n");
    EXIT_SELFTEST_FAILED
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use core::cell::{Cell, RefCell};

    // The fakes' state is per test thread (the trait has no `self` for `call`).
    std::thread_local! {
        static TAKEN: Cell<bool> = const { Cell::new(false) };
        static STALE: Cell<bool> = const { Cell::new(false) };
        static SEALED: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }

    /// A fake code region: sealing snapshots the buffer into `SEALED`, which is what the fake
    /// CPU "executes", so a rewrite that was not sealed shows up as stale code. Fake machine
    /// code: `[1]` adds, `[3]` subtracts, `[2, lo, hi]` returns a constant. `BROKEN` makes
    /// the second adder subtract.
    struct Fake<const BROKEN: bool>(Vec<u8>);

    impl<const BROKEN: bool> CodeMemory for Fake<BROKEN> {
        fn take() -> Option<Self> {
            (!TAKEN.replace(true)).then(|| Fake(vec![0; 4096]))
        }
        fn capacity(&self) -> usize {
            self.0.len()
        }
        fn writable(&mut self) -> &mut [u8] {
            &mut self.0
        }
        fn seal(&mut self) -> *const u8 {
            SEALED.with_borrow_mut(|sealed| {
                if !STALE.get() || sealed.is_empty() {
                    *sealed = self.0.clone();
                }
                sealed.as_ptr()
            })
        }
    }

    impl<const BROKEN: bool> TestCpu for Fake<BROKEN> {
        const ADDERS: &'static [(&'static str, &'static [u8])] =
            &[("add", &[1]), ("add_sse", if BROKEN { &[3] } else { &[1] })];
        fn constant(value: u16) -> Vec<u8> {
            let [lo, hi] = value.to_le_bytes();
            vec![2, lo, hi]
        }
        fn call(f: Entry<'_>, a: u32, b: u32) -> u32 {
            SEALED.with_borrow(|code| {
                let Some(at) = (f.addr() as usize).checked_sub(code.as_ptr() as usize) else {
                    return 0; // not sealed code: a real CPU faults here
                };
                match code.get(at..).unwrap_or(&[]) {
                    [1, ..] => a.wrapping_add(b),
                    [3, ..] => a.wrapping_sub(b),
                    [2, lo, hi, ..] => u32::from(u16::from_le_bytes([*lo, *hi])),
                    _ => 0,
                }
            })
        }
        fn poke(_f: Entry<'_>) {}
    }

    #[derive(Clone, Default)]
    struct Con(Vec<u8>);

    impl Platform for Con {
        fn write_bytes(&mut self, bytes: &[u8]) {
            self.0.extend_from_slice(bytes);
        }
        fn read_byte(&mut self) -> u8 {
            0
        }
        fn monotonic(&mut self) -> f64 {
            0.0
        }
        fn time(&mut self) -> f64 {
            0.0
        }
    }

    fn selftest<C: TestCpu>(stale: bool) -> (i32, String) {
        STALE.set(stale);
        let mut con = Con::default();
        let status = run::<Con, C>(&mut con);
        (status, String::from_utf8(con.0).unwrap())
    }

    #[test]
    fn passes_and_only_once() {
        assert_eq!(
            selftest::<Fake<false>>(false),
            (0, "selftest: code memory ok\r\n".into())
        );
        let (status, out) = selftest::<Fake<false>>(false);
        assert_eq!(status, EXIT_SELFTEST_FAILED);
        assert_eq!(out, "selftest: FAILED: code memory already taken\r\n");
    }

    #[test]
    fn wrong_results_are_reported() {
        assert_eq!(
            selftest::<Fake<true>>(false).1,
            "selftest: FAILED: add_sse(40, 2) returned 38, expected 42\r\n"
        );
    }

    #[test]
    fn stale_code_is_reported() {
        assert_eq!(
            selftest::<Fake<false>>(true).1,
            "selftest: FAILED: constant() after rewrite returned 4660, expected 4321\r\n"
        );
    }

    #[test]
    fn no_fault_is_a_failure() {
        for which in [Fault::ExecWritable, Fault::WriteExec] {
            TAKEN.set(false);
            let mut con = Con::default();
            assert_eq!(
                fault::<Con, Fake<false>>(&mut con, which),
                EXIT_SELFTEST_FAILED
            );
            assert_eq!(con.0, b"fault test: no fault\r\n");
        }
    }
}
