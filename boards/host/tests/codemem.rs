//! The host's code memory (`tiercel::HostCodeMemory`) through vm-core's `CodeMemory` trait
//! and `CodeBlock`: a hand-encoded function runs once sealed, a rewritten one runs as
//! rewritten, writing sealed code and calling unsealed code kill the process (checked in a
//! child process), blocks are freed and reused, and the limit gives an error value.

use std::os::unix::process::ExitStatusExt;
use std::process::Command;
use std::rc::Rc;

use tiercel::HostCodeMemory;
use vm_core::jit::{CodeBlock, CodeMemory, CodeMemoryError};

/// `extern "C" fn(u32, u32) -> u32` returning `a + b`: `lea eax, [rdi + rsi]; ret`.
#[cfg(target_arch = "x86_64")]
const ADD: &[u8] = &[0x8D, 0x04, 0x37, 0xC3];
/// `a - b`: `mov eax, edi; sub eax, esi; ret`.
#[cfg(target_arch = "x86_64")]
const SUB: &[u8] = &[0x89, 0xF8, 0x29, 0xF0, 0xC3];

/// `extern "C" fn(u32, u32) -> u32` returning `a + b`: `add w0, w0, w1; ret`.
#[cfg(target_arch = "aarch64")]
const ADD: &[u8] = &[0x00, 0x00, 0x01, 0x0B, 0xC0, 0x03, 0x5F, 0xD6];
/// `a - b`: `sub w0, w0, w1; ret`.
#[cfg(target_arch = "aarch64")]
const SUB: &[u8] = &[0x00, 0x00, 0x01, 0x4B, 0xC0, 0x03, 0x5F, 0xD6];

/// Set in the child processes the fault tests start.
const CHILD: &str = "TIERCEL_CODEMEM_CHILD";

/// Code memory of `pages` pages, as itself (to see what is in use) and as the trait object
/// blocks are allocated from.
fn memory(pages: usize) -> (Rc<HostCodeMemory>, Rc<dyn CodeMemory>) {
    let page = HostCodeMemory::new(0).page_size();
    let host = Rc::new(HostCodeMemory::new(pages * page));
    let dyn_mem: Rc<dyn CodeMemory> = host.clone();
    (host, dyn_mem)
}

/// A block holding `code`, sealed.
fn sealed(mem: &Rc<dyn CodeMemory>, code: &[u8]) -> CodeBlock {
    let mut block = CodeBlock::allocate(mem, code.len()).expect("allocate");
    block.writable().expect("writable")[..code.len()].copy_from_slice(code);
    block.seal().expect("seal");
    block
}

/// Calls the `extern "C" fn(u32, u32) -> u32` at the start of sealed `block`.
fn call(block: &CodeBlock, a: u32, b: u32) -> u32 {
    let addr = block.address(0).expect("sealed");
    // SAFETY: the block is sealed (read + execute) and starts with one of the complete
    // functions of this signature above, for this architecture; it stays alive and sealed
    // (borrowed) during the call.
    let f = unsafe { std::mem::transmute::<*const u8, extern "C" fn(u32, u32) -> u32>(addr) };
    f(a, b)
}

#[test]
fn sealed_code_runs_and_rewritten_code_runs_as_rewritten() {
    let (host, mem) = memory(4);
    let mut block = sealed(&mem, ADD);
    assert!(block.is_sealed());
    assert_eq!(call(&block, 40, 2), 42);
    assert_eq!(call(&block, u32::MAX, 2), 1);
    // Unseal, rewrite, seal again: the new code is what runs (no stale instructions).
    block.writable().expect("unseal")[..SUB.len()].copy_from_slice(SUB);
    assert!(!block.is_sealed());
    assert_eq!(block.address(0), None, "no code address while writable");
    block.seal().expect("seal again");
    assert_eq!(call(&block, 40, 2), 38);
    assert_eq!(host.in_use(), host.page_size());
    drop(block);
    assert_eq!(host.in_use(), 0);
}

#[test]
fn blocks_are_freed_and_reallocated() {
    let (host, mem) = memory(4);
    let page = host.page_size();
    assert_eq!(mem.capacity(), 4 * page);
    let a = sealed(&mem, ADD);
    let b = CodeBlock::allocate(&mem, page + 1).expect("two pages");
    assert_eq!((a.len(), b.len()), (page, 2 * page));
    assert_eq!(mem.available(), page);
    assert_eq!(
        CodeBlock::allocate(&mem, 2 * page).map(|_| ()),
        Err(CodeMemoryError::Exhausted {
            requested: 2 * page
        })
    );
    drop(b);
    assert_eq!(mem.available(), 3 * page);
    let c = sealed(&mem, SUB);
    let d = CodeBlock::allocate(&mem, 2 * page).expect("the freed pages again");
    assert_eq!(mem.available(), 0);
    assert_eq!((call(&a, 7, 5), call(&c, 7, 5)), (12, 2));
    drop((a, c, d));
    assert_eq!(host.in_use(), 0);
    assert_eq!(mem.available(), 4 * page);
}

#[test]
fn exhausting_the_limit_is_an_error_value() {
    let (_host, mem) = memory(2);
    let too_big = mem.capacity() + 1;
    assert_eq!(
        CodeBlock::allocate(&mem, too_big).map(|_| ()),
        Err(CodeMemoryError::Exhausted { requested: too_big })
    );
    assert_eq!(
        CodeBlock::allocate(&mem, usize::MAX).map(|_| ()),
        Err(CodeMemoryError::Exhausted {
            requested: usize::MAX
        })
    );
    let blocks: Vec<CodeBlock> = (0..2)
        .map(|_| CodeBlock::allocate(&mem, 1).expect("a page"))
        .collect();
    assert!(matches!(
        CodeBlock::allocate(&mem, 1),
        Err(CodeMemoryError::Exhausted { requested: 1 })
    ));
    drop(blocks);
    assert!(CodeBlock::allocate(&mem, 1).is_ok());
}

/// Re-runs this test binary on test `name` alone with [`CHILD`] set; asserts the child was
/// killed by SIGSEGV or SIGBUS (the MMU refused the access) and did not print that it
/// survived.
fn assert_child_faults(name: &str) {
    let out = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            name,
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .output()
        .expect("run the child");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let signal = out.status.signal();
    assert!(
        matches!(signal, Some(libc_sig::SIGSEGV | libc_sig::SIGBUS)),
        "child {name}: {:?} (signal {signal:?})\n{stdout}",
        out.status
    );
    assert!(stdout.contains("child: about to fault"), "{stdout}");
    assert!(!stdout.contains("child: survived"), "{stdout}");
}

/// The signals a memory-protection fault raises (SIGSEGV is 11 everywhere; SIGBUS is 7 on
/// Linux, 10 on macOS and the BSDs).
mod libc_sig {
    pub const SIGSEGV: i32 = 11;
    #[cfg(target_os = "linux")]
    pub const SIGBUS: i32 = 7;
    #[cfg(not(target_os = "linux"))]
    pub const SIGBUS: i32 = 10;
}

#[test]
fn writing_sealed_code_faults() {
    assert_child_faults("child_writes_sealed_code");
}

#[test]
fn calling_unsealed_code_faults() {
    assert_child_faults("child_calls_unsealed_code");
}

fn child_only() {
    assert!(
        std::env::var_os(CHILD).is_some(),
        "run by a fault test in a child process: it must die of a fault"
    );
}

#[test]
#[ignore = "a child of writing_sealed_code_faults: dies of SIGSEGV"]
fn child_writes_sealed_code() {
    child_only();
    let (_host, mem) = memory(1);
    let block = sealed(&mem, ADD);
    let addr = block.address(0).expect("sealed").cast_mut();
    println!("child: about to fault");
    // SAFETY: deliberately wrong: the page is read + execute, so the store must fault and
    // kill this process. Had it not, it would change a byte of code nobody calls again.
    unsafe { addr.write_volatile(0x90) };
    println!("child: survived");
}

#[test]
#[ignore = "a child of calling_unsealed_code_faults: dies of SIGSEGV"]
fn child_calls_unsealed_code() {
    child_only();
    let (_host, mem) = memory(1);
    let mut block = CodeBlock::allocate(&mem, ADD.len()).expect("allocate");
    let bytes = block.writable().expect("writable");
    bytes[..ADD.len()].copy_from_slice(ADD);
    let addr = bytes.as_ptr();
    println!("child: about to fault");
    // SAFETY: deliberately wrong: the page is read + write and not executable, so the
    // fetch must fault and kill this process. Had it not, the code is a complete function
    // of this signature and would just return.
    let f = unsafe { std::mem::transmute::<*const u8, extern "C" fn(u32, u32) -> u32>(addr) };
    println!("child: survived: {}", f(1, 2));
}
