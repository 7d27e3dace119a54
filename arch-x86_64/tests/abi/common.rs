//! Listing emitted code with iced-x86, and running it from sealed host code memory.

use std::rc::Rc;

use arch_x86_64::abi::{emit_trampoline, EntryFn, Trampoline};
use arch_x86_64::enc::{CodeBuf, Label};
use tiercel::HostCodeMemory;
use vm_core::jit::helpers::HelperContext;
use vm_core::jit::{CodeBlock, CodeMemory};

#[path = "../support/listing.rs"]
mod listing;
pub use listing::listing;

/// A sealed block of code memory and the offsets of the labels a test needs.
pub struct Code {
    block: CodeBlock,
    labels: Vec<(Label, usize)>,
}

/// A buffer that starts with the trampoline, for a test to emit trace bodies after.
pub fn buffer() -> (CodeBuf, Trampoline) {
    let mut buf = CodeBuf::new();
    let t = emit_trampoline(&mut buf);
    (buf, t)
}

/// Code memory for one test.
pub fn memory() -> Rc<dyn CodeMemory> {
    Rc::new(HostCodeMemory::new(16 * HostCodeMemory::new(0).page_size()))
}

impl Code {
    /// Resolves `buf`, copies it into a fresh block of `mem` and seals it; `labels` are the
    /// labels whose addresses the test needs.
    pub fn seal(mem: &Rc<dyn CodeMemory>, buf: CodeBuf, labels: &[Label]) -> Code {
        let labels = labels
            .iter()
            .map(|&l| (l, buf.label_offset(l).expect("label bound")))
            .collect();
        let bytes = buf.finish().expect("labels resolve");
        let mut block = CodeBlock::allocate(mem, bytes.len()).expect("code memory");
        block.writable().expect("writable")[..bytes.len()].copy_from_slice(&bytes);
        block.seal().expect("seal");
        Code { block, labels }
    }

    /// The address of `label` (one passed to [`Code::seal`]).
    pub fn addr(&self, label: Label) -> *const u8 {
        let at = self
            .labels
            .iter()
            .find(|(l, _)| *l == label)
            .expect("label");
        self.block.address(at.1).expect("sealed")
    }

    /// Calls the [`EntryFn`] at `entry` (the trampoline, or a function of the same
    /// signature) with `cx` and the trace body at `body`.
    ///
    /// # Safety
    /// `cx` is a live context whose VM has at least one frame record and is not otherwise
    /// borrowed during the call; `entry` is an `EntryFn` that enters `body` through the
    /// trampoline, and `body` is trace code that follows the convention and ends at the exit
    /// routine.
    pub unsafe fn call(&self, entry: Label, cx: &mut HelperContext, body: Label) -> u32 {
        // SAFETY: the block is sealed and `entry` is an `EntryFn` (the caller's promise);
        // the block stays alive and sealed (borrowed by `self`) during the call.
        let f = unsafe { std::mem::transmute::<*const u8, EntryFn>(self.addr(entry)) };
        // SAFETY: forwarded from the caller.
        unsafe { f(cx, self.addr(body)) }
    }
}
