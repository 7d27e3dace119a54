//! The code-memory self-test and the two W^X fault tests (script flags
//! [`FLAG_SELFTEST`](crate::script::FLAG_SELFTEST),
//! [`FLAG_FAULT_EXEC_WRITABLE`](crate::script::FLAG_FAULT_EXEC_WRITABLE),
//! [`FLAG_FAULT_WRITE_EXEC`](crate::script::FLAG_FAULT_WRITE_EXEC)).
//!
//! The board supplies its code memory (a [`CodeMemory`]), hand-encoded machine code and one
//! way to call it ([`TestCpu`]); this module allocates blocks through vm-core's
//! [`CodeBlock`], as the JIT does, writes the code, seals it, calls it, checks the results
//! and prints the verdict. Calling into code memory is `unsafe` and this crate has none, so
//! the call itself happens in the board, on an [`Entry`] only this module creates.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::marker::PhantomData;

use vm_core::jit::{CodeBlock, CodeMemory, CodeMemoryError};

use crate::console::write_text;
use crate::{Platform, EXIT_SELFTEST_FAILED};

/// The address of a complete function this module wrote into a block of the board's code
/// memory from the board's own encodings ([`TestCpu::ADDERS`], [`TestCpu::constant`]). The
/// block is sealed (read-only + executable) and stays so while the `Entry` lives (it
/// borrows the block, so [`CodeBlock::writable`] cannot be called), except in the
/// exec-writable fault test, where the block is writable on purpose: the CPU must fault on
/// the fetch, and if it did not, the valid code would simply return.
///
/// The constructor is private: these are the guarantees a board's [`TestCpu::call`] and
/// [`TestCpu::poke`] rely on.
#[derive(Clone, Copy, Debug)]
pub struct Entry<'a> {
    addr: *const u8,
    _block: PhantomData<&'a CodeBlock>,
}

impl<'a> Entry<'a> {
    fn new(_block: &'a CodeBlock, addr: *const u8) -> Self {
        Entry {
            addr,
            _block: PhantomData,
        }
    }

    /// The start of a sealed block.
    fn sealed(block: &'a CodeBlock) -> Result<Self, String> {
        let addr = block
            .address(0)
            .ok_or_else(|| String::from("a sealed block has no code address"))?;
        Ok(Entry::new(block, addr))
    }

    /// The function's address.
    pub fn addr(self) -> *const u8 {
        self.addr
    }
}

/// What the self-test needs from a board's code memory, beyond [`CodeMemory`]: the one
/// instance, machine code for its CPU and a way to call it.
pub trait TestCpu: CodeMemory + Sized + 'static {
    /// Takes the board's code memory; `None` once it has been taken (the region has a
    /// single owner, so no two allocators hand out the same pages).
    fn take() -> Option<Self>;

    /// Encodings of `extern "C" fn(u32, u32) -> u32` returning `a + b` (wrapping), each with a
    /// name for the failure message. The first is the plain one; others may exercise more of
    /// the CPU (x86-64: SSE2, which the boot code must have enabled for JIT code).
    const ADDERS: &'static [(&'static str, &'static [u8])];

    /// The encoding of `extern "C" fn(u32, u32) -> u32` that ignores its arguments and
    /// returns `value`.
    fn constant(value: u16) -> Vec<u8>;

    /// Calls the function at `f` with the C ABI of `extern "C" fn(u32, u32) -> u32`.
    fn call(f: Entry<'_>, a: u32, b: u32) -> u32;

    /// Writes one byte at `f` (the write-exec fault test: the block is sealed, so the CPU
    /// must fault; if it did not, the byte belongs to code nobody calls again).
    fn poke(f: Entry<'_>);
}

fn memory_error(e: CodeMemoryError) -> String {
    e.to_string()
}

/// The board's code memory, shared as blocks hold it.
fn take<C: TestCpu>() -> Result<Rc<dyn CodeMemory>, String> {
    let memory = C::take().ok_or_else(|| String::from("code memory already taken"))?;
    Ok(Rc::new(memory))
}

/// Copies `code` to the start of `block` (made writable).
fn put(block: &mut CodeBlock, code: &[u8]) -> Result<(), String> {
    block
        .writable()
        .map_err(memory_error)?
        .get_mut(..code.len())
        .ok_or_else(|| String::from("code block too small"))?
        .copy_from_slice(code);
    Ok(())
}

/// A new block holding `code`, sealed.
fn sealed(memory: &Rc<dyn CodeMemory>, code: &[u8]) -> Result<CodeBlock, String> {
    let mut block = CodeBlock::allocate(memory, code.len()).map_err(memory_error)?;
    put(&mut block, code)?;
    block.seal().map_err(memory_error)?;
    Ok(block)
}

fn expect(what: &str, got: u32, want: u32) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what} returned {got}, expected {want}"))
    }
}

fn expect_bytes(what: &str, got: usize, want: usize) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: {got} bytes, expected {want}"))
    }
}

/// Writes each adder and a constant function into a block of its own (as the JIT puts each
/// trace in its own block), seals, calls them; rewrites the constant, seals again and checks
/// that the new code is what runs (no stale translation or I-cache); frees the adders and
/// checks that their pages are free again and run new code; checks that asking for more than
/// the memory holds is an error and that freeing everything frees every page.
fn check<C: TestCpu>() -> Result<(), String> {
    let memory = take::<C>()?;
    let capacity = memory.capacity();
    let adders = C::ADDERS
        .iter()
        .map(|(_, code)| sealed(&memory, code))
        .collect::<Result<Vec<_>, _>>()?;
    for ((name, _), block) in C::ADDERS.iter().zip(&adders) {
        let f = Entry::sealed(block)?;
        expect(&format!("{name}(40, 2)"), C::call(f, 40, 2), 42)?;
        expect(&format!("{name}(u32::MAX, 2)"), C::call(f, u32::MAX, 2), 1)?;
    }
    let mut konst = sealed(&memory, &C::constant(0x1234))?;
    expect("constant()", C::call(Entry::sealed(&konst)?, 0, 0), 0x1234)?;
    put(&mut konst, &C::constant(4321))?;
    konst.seal().map_err(memory_error)?;
    expect(
        "constant() after rewrite",
        C::call(Entry::sealed(&konst)?, 0, 0),
        4321,
    )?;

    let first_adder = adders.first().map(CodeBlock::range);
    drop(adders);
    expect_bytes(
        "in use after freeing the adders",
        capacity - memory.available(),
        konst.len(),
    )?;
    // The boards allocate first fit, so the first adder's pages are the first free ones.
    let again = sealed(&memory, &C::constant(77))?;
    if first_adder.map(|r| r.start()) != Some(again.range().start()) {
        return Err(String::from("freed pages were not reused"));
    }
    expect(
        "constant() in freed pages",
        C::call(Entry::sealed(&again)?, 0, 0),
        77,
    )?;
    match CodeBlock::allocate(&memory, capacity + 1) {
        Err(CodeMemoryError::Exhausted { .. }) => {}
        Err(e) => return Err(format!("allocating more than the capacity: {e}")),
        Ok(_) => return Err(String::from("allocated more than the capacity")),
    }
    drop((konst, again));
    expect_bytes("in use after freeing all", capacity - memory.available(), 0)
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
    /// Call into a block while it is writable (no-execute).
    ExecWritable,
    /// Write to a block after sealing it (read-only).
    WriteExec,
}

/// Sets up a block and makes the access that must fault; returns only if it did not (or
/// the setup failed).
fn provoke<C: TestCpu>(which: Fault) -> Result<(), String> {
    let memory = take::<C>()?;
    let code = C::constant(1);
    let mut block = CodeBlock::allocate(&memory, code.len()).map_err(memory_error)?;
    put(&mut block, &code)?;
    match which {
        Fault::ExecWritable => {
            let writable_entry = block.writable().map_err(memory_error)?.as_ptr();
            let _ = C::call(Entry::new(&block, writable_entry), 0, 0);
        }
        Fault::WriteExec => {
            block.seal().map_err(memory_error)?;
            C::poke(Entry::sealed(&block)?);
        }
    }
    Ok(())
}

/// Runs a fault test. The CPU must fault (the board's exception handler reports it and
/// exits); if this returns, it prints `fault test: no fault` (or why the test could not be
/// set up) and returns [`EXIT_SELFTEST_FAILED`].
pub fn fault<P: Platform, C: TestCpu>(con: &mut P, which: Fault) -> i32 {
    match provoke::<C>(which) {
        Ok(()) => write_text(con, "fault test: no fault\n"),
        Err(why) => write_text(con, &format!("fault test: {why}\n")),
    }
    EXIT_SELFTEST_FAILED
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codemem::{RegionPages, PAGE};
    use alloc::vec;
    use core::cell::{Cell, RefCell};
    use core::ptr::NonNull;
    use vm_core::jit::CodeRange;

    /// A block as the fake CPU sees it: its start, length, the bytes it "fetches" (a
    /// snapshot taken when sealed) and whether it is sealed.
    struct Fetched {
        start: usize,
        len: usize,
        code: Vec<u8>,
        sealed: bool,
    }

    // The fakes' state is per test thread (the trait has no `self` for `call`).
    std::thread_local! {
        static TAKEN: Cell<bool> = const { Cell::new(false) };
        static STALE: Cell<bool> = const { Cell::new(false) };
        static LEAK: Cell<bool> = const { Cell::new(false) };
        static FETCHED: RefCell<Vec<Fetched>> = const { RefCell::new(Vec::new()) };
    }

    /// Pages of the fake region.
    const FAKE_PAGES: usize = 8;

    /// A fake code memory over leaked heap pages: sealing snapshots a block into `FETCHED`,
    /// which is what the fake CPU "executes", so a rewrite whose seal did not take a new
    /// snapshot (`STALE`) shows up as stale code. Fake machine code: `[1]` adds, `[3]`
    /// subtracts, `[2, lo, hi]` returns a constant. `BROKEN` makes the second adder
    /// subtract; `LEAK` makes `free` keep the pages.
    struct Fake<const BROKEN: bool> {
        pages: RegionPages,
    }

    impl<const BROKEN: bool> Fake<BROKEN> {
        fn fetched(range: CodeRange, f: impl FnOnce(&mut Vec<Fetched>, Option<usize>)) {
            let start = range.start().as_ptr() as usize;
            FETCHED.with_borrow_mut(|all| {
                let at = all.iter().position(|b| b.start == start);
                f(all, at);
            });
        }
    }

    #[allow(
        unsafe_code,
        reason = "the fake vouches for its leaked, zeroed heap pages as code memory; nothing \
                  executes them (the fake CPU interprets snapshots)"
    )]
    // SAFETY: the region is a leaked, zero-initialized heap allocation used by nothing else;
    // `RegionPages` hands out disjoint whole pages of it and the fake never writes them.
    // Nothing runs them natively, so "executable" is the fake CPU's snapshot.
    unsafe impl<const BROKEN: bool> CodeMemory for Fake<BROKEN> {
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
            let r = self.pages.allocate(len)?;
            let start = NonNull::new(r.start as *mut u8).ok_or(CodeMemoryError::Platform(0))?;
            Ok(CodeRange::new(start, r.len()))
        }
        unsafe fn seal(&self, range: CodeRange) -> Result<(), CodeMemoryError> {
            // SAFETY: `range` is an allocated block of the region (caller's contract), all
            // initialized, and no `&mut` to it is alive while it is sealed.
            let bytes = unsafe { core::slice::from_raw_parts(range.start().as_ptr(), range.len()) };
            Self::fetched(range, |all, at| match at {
                Some(i) if STALE.get() => all[i].sealed = true,
                Some(i) => {
                    all[i].code = bytes.to_vec();
                    all[i].sealed = true;
                }
                None => all.push(Fetched {
                    start: range.start().as_ptr() as usize,
                    len: range.len(),
                    code: bytes.to_vec(),
                    sealed: true,
                }),
            });
            Ok(())
        }
        unsafe fn unseal(&self, range: CodeRange) -> Result<(), CodeMemoryError> {
            Self::fetched(range, |all, at| {
                if let Some(i) = at {
                    all[i].sealed = false;
                }
            });
            Ok(())
        }
        unsafe fn free(&self, range: CodeRange) {
            Self::fetched(range, |all, at| {
                if let Some(i) = at {
                    all.remove(i);
                }
            });
            if !LEAK.get() {
                assert!(
                    self.pages.free(range),
                    "freed a block that was not allocated"
                );
            }
        }
    }

    impl<const BROKEN: bool> TestCpu for Fake<BROKEN> {
        fn take() -> Option<Self> {
            if TAKEN.replace(true) {
                return None;
            }
            let region: &'static mut [u8] = vec![0; FAKE_PAGES * PAGE].leak();
            Some(Fake {
                pages: RegionPages::new(region.as_mut_ptr() as usize, region.len()),
            })
        }
        const ADDERS: &'static [(&'static str, &'static [u8])] =
            &[("add", &[1]), ("add_sse", if BROKEN { &[3] } else { &[1] })];
        fn constant(value: u16) -> Vec<u8> {
            let [lo, hi] = value.to_le_bytes();
            vec![2, lo, hi]
        }
        fn call(f: Entry<'_>, a: u32, b: u32) -> u32 {
            let addr = f.addr() as usize;
            FETCHED.with_borrow(|all| {
                let Some(block) = all
                    .iter()
                    .find(|b| b.sealed && (b.start..b.start + b.len).contains(&addr))
                else {
                    return 0; // not sealed code: a real CPU faults here
                };
                match block.code.get(addr - block.start..).unwrap_or(&[]) {
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
        FETCHED.with_borrow_mut(Vec::clear);
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
    fn leaked_pages_are_reported() {
        LEAK.set(true);
        assert_eq!(
            selftest::<Fake<false>>(false).1,
            "selftest: FAILED: in use after freeing the adders: 12288 bytes, expected 4096\r\n"
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
