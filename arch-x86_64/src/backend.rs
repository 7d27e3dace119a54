//! The backend the VM is configured with: lowers an executor (`trace`), copies the code
//! into a block of code memory and describes it to the VM.

use alloc::rc::Rc;
use alloc::vec::Vec;
use core::cell::RefCell;

use vm_core::exec::ir::Executor;
use vm_core::jit::link::LinkSlots;
use vm_core::jit::{Backend, CodeBlock, CodeMemory, CompiledCode, JitError};

use crate::trace::{assemble, UopCode};

/// A compiled executor as the backend saw it, for listings (`tiercel --dump-jit`) and the
/// perf map: its uops' names, how each was lowered and where, and the code itself.
#[derive(Clone, Debug)]
pub struct TraceListing {
    /// The executor's registry id.
    pub executor: u32,
    /// The address of the code's first byte.
    pub address: usize,
    /// The code.
    pub bytes: Vec<u8>,
    /// Offset of the entry trampoline.
    pub entry: usize,
    /// Each uop's name and code, in order.
    pub uops: Vec<(&'static str, UopCode)>,
}

/// Where a backend keeps listings: shared with whoever prints them.
pub type ListingLog = Rc<RefCell<Vec<TraceListing>>>;

/// The x86-64 backend.
#[derive(Debug, Default)]
pub struct X86Backend {
    /// Uops lowered inline so far, over every executor compiled.
    pub inline_uops: u64,
    /// Uops lowered as helper calls so far.
    pub helper_calls: u64,
    /// Bytes of code generated so far.
    pub code_bytes: u64,
    log: Option<ListingLog>,
    /// The stress mode's seed (see [`X86Backend::stressed`]).
    stress: Option<u64>,
}

impl X86Backend {
    /// A backend.
    pub fn new() -> X86Backend {
        X86Backend::default()
    }

    /// A backend that appends a [`TraceListing`] of every executor it compiles to `log`.
    pub fn with_log(log: ListingLog) -> X86Backend {
        X86Backend {
            log: Some(log),
            ..X86Backend::default()
        }
    }

    /// This backend in the stress mode (`tiercel --jit-stress`): in every executor it
    /// compiles, one inline guard or fast path in four (chosen from `seed` and the
    /// executor's id) always hands back before the guard or takes the slow path, so
    /// stubs, hand-backs and slow paths run.
    pub fn stressed(self, seed: u64) -> X86Backend {
        X86Backend {
            stress: Some(seed),
            ..self
        }
    }
}

// SAFETY: `assemble` builds the entry as the ABI's trampoline (an `extern "C" fn(cx, code)`
// that jumps to `code`), and every start as code that checks the value stack's length,
// addresses only the running frame's slots below its code's `stacksize` (checked per uop
// when lowering), calls uop helpers with the context it was given, and leaves through the
// exit routine with a result naming an entry's start (hand-back, with the stack's length
// written back) or a uop and the status it answered, as `Backend` requires.
unsafe impl Backend for X86Backend {
    fn name(&self) -> &'static str {
        "x86-64"
    }

    fn compile(
        &mut self,
        exec: &Executor,
        memory: &Rc<dyn CodeMemory>,
    ) -> Result<CompiledCode, JitError> {
        let seed = self
            .stress
            .map(|s| s ^ u64::from(exec.id.get()).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        // (Made before the code, which embeds the slots' addresses.)
        let links = LinkSlots::for_executor(exec);
        let code = assemble(exec, seed, &links)?;
        let mut block = CodeBlock::allocate(memory, code.bytes.len())?;
        block.writable()?[..code.bytes.len()].copy_from_slice(&code.bytes);
        self.inline_uops += u64::from(code.inline_uops);
        self.helper_calls += u64::from(code.helper_calls);
        self.code_bytes += code.bytes.len() as u64;
        let address = block.range().start().as_ptr() as usize;
        let compiled = CompiledCode::new(block, code.entry, Vec::new(), exec)?
            .with_starts(&code.starts, exec)?
            .with_links(links);
        if let Some(log) = &self.log {
            let uops = code
                .uops
                .iter()
                .map(|c| (exec.uops[usize::from(c.pc)].uop.name(), *c))
                .collect();
            log.borrow_mut().push(TraceListing {
                executor: exec.id.get(),
                address,
                entry: code.entry,
                bytes: code.bytes,
                uops,
            });
        }
        Ok(compiled)
    }
}
