//! [`CodeBlock`]: one block of code memory, owned and freed when dropped; and
//! [`CompiledCode`]: a sealed block holding an executor's machine code, with its entry and
//! its exits.
//!
//! The `unsafe` here is what keeps [`CodeMemory`]'s contract for safe callers: a block is
//! only seen as a slice while it is writable, and only the block that allocated a range
//! seals, unseals and frees it, once.

#[cfg(feature = "tier2")]
use alloc::boxed::Box;
use alloc::rc::Rc;
#[cfg(feature = "tier2")]
use alloc::vec::Vec;
use core::fmt;

use super::memory::{CodeMemory, CodeMemoryError, CodeRange};
#[cfg(feature = "tier2")]
use {
    super::backend::JitError, super::helpers::HelperContext, super::link::LinkSlots,
    crate::bytecode::ops::Uop, crate::exec::ir::Executor, crate::vm::Vm,
};

/// A block of code memory, writable or sealed (executable), never both. Dropping it frees
/// its pages.
pub struct CodeBlock {
    memory: Rc<dyn CodeMemory>,
    range: CodeRange,
    sealed: bool,
}

impl fmt::Debug for CodeBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CodeBlock")
            .field("range", &self.range)
            .field("sealed", &self.sealed)
            .finish()
    }
}

impl CodeBlock {
    /// Allocates a writable block of at least `len` bytes from `memory`.
    ///
    /// # Errors
    /// What [`CodeMemory::allocate`] refuses with (e.g. [`CodeMemoryError::Exhausted`]).
    pub fn allocate(memory: &Rc<dyn CodeMemory>, len: usize) -> Result<CodeBlock, CodeMemoryError> {
        let range = memory.allocate(len)?;
        Ok(CodeBlock {
            memory: memory.clone(),
            range,
            sealed: false,
        })
    }

    /// The block's range (its address and length in bytes).
    pub fn range(&self) -> CodeRange {
        self.range
    }

    /// The block's length in bytes (whole pages).
    pub fn len(&self) -> usize {
        self.range.len()
    }

    /// Whether the block holds no byte (never: a block is at least one page).
    pub fn is_empty(&self) -> bool {
        self.range.is_empty()
    }

    /// Whether the block is sealed (executable, not writable).
    pub fn is_sealed(&self) -> bool {
        self.sealed
    }

    /// The block's bytes, to write code into; a sealed block is made writable (and not
    /// executable) first, so code obtained from [`CodeBlock::address`] must not be running.
    ///
    /// # Errors
    /// [`CodeMemoryError::Platform`] when the platform refuses the change; the block stays
    /// sealed.
    pub fn writable(&mut self) -> Result<&mut [u8], CodeMemoryError> {
        if self.sealed {
            // SAFETY: `range` came from this memory's `allocate` and is not freed (the
            // block frees it only when dropped); the `&mut self` borrow means no slice of
            // it is alive; code in a sealed block runs only through addresses whose callers
            // promised it is not running when the block changes (see `address`).
            unsafe { self.memory.unseal(self.range)? };
            self.sealed = false;
        }
        // SAFETY: the memory's contract: the range is mapped readable and writable now,
        // initialized, and belongs to this block alone; the slice borrows `self` mutably,
        // so it cannot outlive the block nor coexist with a seal.
        Ok(unsafe { core::slice::from_raw_parts_mut(self.range.start().as_ptr(), self.len()) })
    }

    /// Seals the block: executable, no longer writable, its bytes visible to instruction
    /// fetch. Sealing a sealed block does nothing.
    ///
    /// # Errors
    /// [`CodeMemoryError::Platform`] when the platform refuses the change; the block stays
    /// writable.
    pub fn seal(&mut self) -> Result<(), CodeMemoryError> {
        if !self.sealed {
            // SAFETY: the range is this block's (allocated, not freed) and the `&mut self`
            // borrow means no slice from `writable` is alive.
            unsafe { self.memory.seal(self.range)? };
            self.sealed = true;
        }
        Ok(())
    }

    /// The address of byte `offset` of a sealed block (to call code there), or `None` when
    /// the block is writable or `offset` is past its end. Calling it is the caller's
    /// `unsafe` business: the code must be complete for the calling convention used, and
    /// the block must stay alive and sealed while it runs.
    pub fn address(&self, offset: usize) -> Option<*const u8> {
        (self.sealed && offset < self.len()).then(|| {
            self.range
                .start()
                .as_ptr()
                .cast_const()
                .wrapping_add(offset)
        })
    }
}

impl Drop for CodeBlock {
    fn drop(&mut self) {
        // SAFETY: the range is this block's, allocated from `memory` and freed only here;
        // the block is going away, so no slice of it is alive, and whoever called code in
        // it kept the block alive for the call (`address`).
        unsafe { self.memory.free(self.range) };
    }
}

/// An exit of compiled code: where in the machine code it leaves, and which exit stub of
/// the executor it is.
#[cfg(feature = "tier2")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeExit {
    /// Offset of the exit's code in the block (where a link to another trace would be
    /// patched in).
    pub code_offset: u32,
    /// Index in [`Executor::uops`] of the exit stub it leaves through (`_EXIT_TRACE`,
    /// `_DEOPT` or `_DYNAMIC_EXIT`), as a uop's `exit` field names it.
    pub stub: u16,
}

/// Where compiled code can start: at the dispatch entry that begins with uop `uop` (the
/// executor's first body uop, or its loop copy's top).
#[cfg(feature = "tier2")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeStart {
    /// Index in [`Executor::uops`] of the first uop the code at `code_offset` runs.
    pub uop: u16,
    /// Offset of that code in the block.
    pub code_offset: u32,
    /// Where code that links here from an exit with [`CodeStart::slots`] frame slots in
    /// use may enter instead, skipping what the start checks on entry (the stack's length,
    /// which such an exit has just written to match): an offset in the block, if the
    /// start has such an entry.
    pub linked_offset: Option<u32>,
    /// The frame slots in use (locals and stack) the code at the start is built for.
    pub slots: u32,
}

/// A start, as the code's addresses ([`CodeStart`]).
#[cfg(feature = "tier2")]
#[derive(Clone, Copy, Debug)]
struct Start {
    uop: u16,
    at: *const u8,
    linked: Option<*const u8>,
    slots: u32,
}

/// What compiled code returns: the index of a uop (bits 0-15), a [`HelperStatus`] in bits
/// 16-19 ([`STATUS_SHIFT`]), and [`LOOPED`] when the code went round the trace's loop at
/// least once.
///
/// With status `Next` (0) the code hands back: the uop begins a dispatch entry and the uop
/// executor goes on there. With any other status the uop ran (inline or through its helper)
/// and answered that status, and the VM goes on as the uop executor does after a uop that
/// answers it: a failed guard (`Deopt`) leaves through the uop's exit, an exception
/// (`Error`, in the VM's step value) unwinds from the uop's instruction.
///
/// [`HelperStatus`]: super::helpers::HelperStatus
#[cfg(feature = "tier2")]
pub type CodeResult = u32;

/// [`CodeResult`] bit: the code went round the trace's loop (the executor made progress).
#[cfg(feature = "tier2")]
pub const LOOPED: CodeResult = 1 << 31;

/// [`CodeResult`]: the shift of the status bits.
#[cfg(feature = "tier2")]
pub const STATUS_SHIFT: u32 = 16;

/// [`CodeResult`]: the status bits (after shifting by [`STATUS_SHIFT`]).
#[cfg(feature = "tier2")]
pub const STATUS_MASK: u32 = 0xF;

/// An executor's machine code: a sealed block, the offset of its entry, its starts and its
/// exits. It lives in the executor ([`Executor::compiled`]) and its block is freed with it.
#[cfg(feature = "tier2")]
#[derive(Debug)]
pub struct CompiledCode {
    block: CodeBlock,
    entry: *const u8,
    starts: Box<[Start]>,
    exits: Box<[CodeExit]>,
    /// The slots its exits follow links through (see [`super::link`]).
    links: LinkSlots,
    /// Whether the code ran since [`CompiledCode::take_ran`] last asked (cold code is
    /// freed when code memory runs out).
    ran: core::cell::Cell<bool>,
}

/// Whether `uop` is one an exit stub is made of.
#[cfg(feature = "tier2")]
fn is_exit_stub(uop: Uop) -> bool {
    matches!(uop, Uop::_EXIT_TRACE | Uop::_DEOPT | Uop::_DYNAMIC_EXIT)
}

#[cfg(feature = "tier2")]
impl CompiledCode {
    /// Seals `block` and describes the code in it: `entry` is the offset the executor is
    /// entered at, `exits` where the code leaves for which of `exec`'s exit stubs.
    ///
    /// # Errors
    /// [`JitError::Malformed`] when the entry or an exit lies outside the block or an exit
    /// names a uop of `exec` that is not an exit stub; [`JitError::Memory`] when sealing
    /// fails. The block is freed either way.
    pub fn new(
        mut block: CodeBlock,
        entry: usize,
        exits: Vec<CodeExit>,
        exec: &Executor,
    ) -> Result<CompiledCode, JitError> {
        let stub_ok = |x: &CodeExit| {
            exec.uops
                .get(usize::from(x.stub))
                .is_some_and(|u| is_exit_stub(u.uop))
        };
        if entry >= block.len() {
            return Err(JitError::Malformed("entry outside the block"));
        }
        if exits
            .iter()
            .any(|x| x.code_offset as usize >= block.len() || !stub_ok(x))
        {
            return Err(JitError::Malformed(
                "exit outside the block or not an exit stub",
            ));
        }
        block.seal()?;
        let entry = block
            .address(entry)
            .ok_or(JitError::Malformed("entry outside the block"))?;
        Ok(CompiledCode {
            block,
            entry,
            starts: Box::new([]),
            exits: exits.into_boxed_slice(),
            links: LinkSlots::empty(),
            ran: core::cell::Cell::new(false),
        })
    }

    /// Lists where the code can start; without starts the VM never runs it. `entry` (see
    /// [`CompiledCode::new`]) is then an `extern "C" fn(*mut HelperContext, *const u8) ->
    /// CodeResult` that runs the code at a start's address.
    ///
    /// # Errors
    /// [`JitError::Malformed`] when a start lies outside the block or does not begin a
    /// dispatch entry of `exec`.
    pub fn with_starts(
        mut self,
        starts: &[CodeStart],
        exec: &Executor,
    ) -> Result<CompiledCode, JitError> {
        let mut out = Vec::with_capacity(starts.len());
        for s in starts {
            if !exec.starts_entry(usize::from(s.uop)) {
                return Err(JitError::Malformed("a start that begins no dispatch entry"));
            }
            let at = |offset: u32| {
                self.block
                    .address(offset as usize)
                    .ok_or(JitError::Malformed("start outside the block"))
            };
            out.push(Start {
                uop: s.uop,
                at: at(s.code_offset)?,
                linked: s.linked_offset.map(at).transpose()?,
                slots: s.slots,
            });
        }
        self.starts = out.into_boxed_slice();
        Ok(self)
    }

    /// Gives the code the link slots its exits read (made before the code, which embeds
    /// their addresses).
    pub fn with_links(mut self, links: LinkSlots) -> CompiledCode {
        self.links = links;
        self
    }

    /// The link slots of the code's exits.
    pub fn links(&self) -> &LinkSlots {
        &self.links
    }

    /// Whether the code lists any start (code without one never runs).
    pub fn has_starts(&self) -> bool {
        !self.starts.is_empty()
    }

    /// The address of the code that starts at uop `uop`, if there is one.
    pub fn start(&self, uop: usize) -> Option<*const u8> {
        self.starts
            .iter()
            .find(|s| usize::from(s.uop) == uop)
            .map(|s| s.at)
    }

    /// Where code that links to uop `uop` from an exit with `slots` frame slots in use
    /// goes on: the start's linked entry when it has one built for as many slots, else the
    /// start itself.
    pub fn start_for_link(&self, uop: usize, slots: Option<u32>) -> Option<*const u8> {
        let s = self.starts.iter().find(|s| usize::from(s.uop) == uop)?;
        match s.linked {
            Some(linked) if slots == Some(s.slots) => Some(linked),
            _ => Some(s.at),
        }
    }

    /// Runs the code that starts at uop `uop`, if there is one, on the innermost frame of
    /// `vm`, for executor `exec`, whose run state (`exec::run::Run`, the frame state
    /// first) `run` points to. Answers how the code left, and the executor whose code it
    /// left from (another than `exec` when it followed links in code).
    pub(crate) fn run(
        &self,
        vm: &mut Vm,
        exec: &Executor,
        run: *mut (),
        uop: usize,
    ) -> Option<(CodeResult, *const Executor)> {
        type Entry = unsafe extern "C" fn(*mut HelperContext, *const u8) -> CodeResult;
        let start = self.start(uop)?;
        self.ran.set(true);
        let mut cx = HelperContext::for_code(vm, run, exec);
        // SAFETY: the block is sealed and `self` keeps it alive for the call. A backend that
        // listed starts vouches (`Backend`'s contract, an unsafe trait) that `entry` is an
        // `Entry` running the code at `start` as the executor's uops would; `cx` holds
        // pointers made from the exclusive borrows `vm` and `run` (the caller's), unused
        // until it returns, and `exec`, which outlives the call.
        let r = unsafe {
            let f = core::mem::transmute::<*const u8, Entry>(self.entry);
            f(&mut cx, start)
        };
        Some((r, cx.exec()))
    }

    /// Notes that the code ran (reached through a link, not through [`CompiledCode::run`]).
    pub(crate) fn mark_ran(&self) {
        self.ran.set(true);
    }

    /// Whether the code ran since the last call (or since it was compiled); starts the
    /// next period.
    pub fn take_ran(&self) -> bool {
        self.ran.replace(false)
    }

    /// The address the executor's code is entered at. The block stays sealed: it is never
    /// handed out mutably.
    pub fn entry(&self) -> *const u8 {
        self.entry
    }

    /// The exits, in the order the backend listed them.
    pub fn exits(&self) -> &[CodeExit] {
        &self.exits
    }

    /// The block holding the code.
    pub fn block(&self) -> &CodeBlock {
        &self.block
    }
}
