//! [`Backend`]: what lowers an optimized executor to machine code; [`JitConfig`]: how an
//! embedder gives a VM code memory and a backend; and the VM's side of it (`Jit`).

use alloc::boxed::Box;
use alloc::rc::Rc;
use core::fmt;

use super::code::CompiledCode;
use super::memory::{CodeMemory, CodeMemoryError};
use crate::bytecode::ops::Uop;
use crate::exec::ir::Executor;

/// Why an executor was not compiled. The executor then runs in the uop executor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JitError {
    /// Code memory could not be allocated or sealed.
    Memory(CodeMemoryError),
    /// The backend cannot lower this uop.
    Unsupported(Uop),
    /// The backend described its code inconsistently (an entry or exit outside the block,
    /// an exit that is not an exit stub): a backend bug, refused rather than run.
    Malformed(&'static str),
}

impl From<CodeMemoryError> for JitError {
    fn from(e: CodeMemoryError) -> JitError {
        JitError::Memory(e)
    }
}

impl fmt::Display for JitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JitError::Memory(e) => write!(f, "{e}"),
            JitError::Unsupported(u) => write!(f, "cannot compile {}", u.name()),
            JitError::Malformed(why) => write!(f, "malformed compiled code: {why}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for JitError {}

/// A machine-code backend: lowers an executor's uops into a block of code memory.
///
/// # Safety
/// The VM runs code a backend lists starts for ([`CompiledCode::with_starts`]) and trusts it:
/// the entry is an `extern "C" fn(*mut HelperContext, *const u8) -> CodeResult` that runs
/// the code at a start's address with the executor's frame innermost; the code reads and
/// writes the VM only as the executor's uops would (through the context and the layouts of
/// [`crate::layout`], or by calling the uop helpers); and it returns the index of a uop that
/// begins a dispatch entry, having left the value stack, the locals and every object exactly
/// as the uop executor leaves them before that entry. The uop executor goes on from there.
///
/// [`HelperContext`]: super::helpers::HelperContext
/// [`CodeResult`]: super::CodeResult
pub unsafe trait Backend {
    /// The backend's name (e.g. the instruction set), for diagnostics.
    fn name(&self) -> &'static str;

    /// Compiles `exec` into a block it allocates from `memory` (through
    /// [`CodeBlock::allocate`](super::CodeBlock::allocate)), and describes the result with
    /// [`CompiledCode::new`], which seals the block.
    ///
    /// # Errors
    /// [`JitError::Unsupported`] for a uop it cannot lower, [`JitError::Memory`] when code
    /// memory runs out.
    fn compile(
        &mut self,
        exec: &Executor,
        memory: &Rc<dyn CodeMemory>,
    ) -> Result<CompiledCode, JitError>;
}

/// Makes a fresh backend for each VM (the configuration is cloneable; a backend may hold
/// per-VM state).
#[derive(Clone)]
pub struct BackendFactory(pub Rc<dyn Fn() -> Box<dyn Backend>>);

impl fmt::Debug for BackendFactory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("BackendFactory")
    }
}

/// What [`Config::jit`](crate::Config::jit) holds: the code memory the VM compiles into
/// (shared by every VM given the same configuration) and its backend.
#[derive(Clone)]
pub struct JitConfig {
    /// The code memory: a board's region, or the host's mapped pages.
    pub memory: Rc<dyn CodeMemory>,
    /// Makes the VM's backend.
    pub backend: BackendFactory,
}

impl fmt::Debug for JitConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JitConfig")
            .field("capacity", &self.memory.capacity())
            .field("backend", &self.backend)
            .finish()
    }
}

/// Counts of compilations ([`Vm::jit_stats`](crate::Vm::jit_stats)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JitStats {
    /// Executors compiled.
    pub compiled: u64,
    /// Executors the backend refused (an unsupported uop, malformed code).
    pub refused: u64,
    /// Executors not compiled for want of code memory.
    pub out_of_memory: u64,
    /// Why the last refused executor was refused.
    pub last_refusal: Option<JitError>,
}

/// A VM's JIT: its code memory, its backend, and what they did.
pub(crate) struct Jit {
    memory: Rc<dyn CodeMemory>,
    backend: Box<dyn Backend>,
    pub(crate) stats: JitStats,
}

impl Jit {
    /// The JIT a configuration asks for.
    pub(crate) fn new(config: &JitConfig) -> Jit {
        Jit {
            memory: config.memory.clone(),
            backend: (config.backend.0)(),
            stats: JitStats::default(),
        }
    }

    /// Compiles a newly registered executor; `None` (counted) when the backend refuses or
    /// code memory runs out: the executor then runs in the uop executor.
    pub(crate) fn compile(&mut self, exec: &Executor) -> Option<Box<CompiledCode>> {
        let r = self.backend.compile(exec, &self.memory);
        match r {
            Ok(_) => self.stats.compiled += 1,
            Err(JitError::Memory(_)) => self.stats.out_of_memory += 1,
            Err(e) => {
                self.stats.refused += 1;
                self.stats.last_refusal = Some(e);
            }
        }
        r.ok().map(Box::new)
    }
}

impl fmt::Debug for Jit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Jit")
            .field("backend", &self.backend.name())
            .field("stats", &self.stats)
            .finish()
    }
}
