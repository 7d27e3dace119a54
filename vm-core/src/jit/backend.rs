//! [`Backend`]: what lowers an optimized executor to machine code; [`JitConfig`]: how an
//! embedder gives a VM code memory and a backend; and the VM's side of it (`Jit`).

use alloc::boxed::Box;
use alloc::rc::Rc;
use core::fmt;

use super::code::CompiledCode;
use super::helpers::HelperStatus;
use super::memory::{BoundedMemory, CodeMemory, CodeMemoryError};
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
/// The VM runs code a backend lists starts for (`CompiledCode::with_starts`) and trusts it:
/// the entry is an `extern "C" fn(*mut HelperContext, *const u8) -> CodeResult` that runs
/// the code at a start's address with the executor's frame innermost; the code reads and
/// writes the VM only as the executor's uops would (through the context and the layouts of
/// `crate::layout`, or by calling the uop helpers); and it returns the index of a uop that
/// begins a dispatch entry, having left the value stack, the locals and every object exactly
/// as the uop executor leaves them before that entry. The uop executor goes on from there.
///
pub unsafe trait Backend {
    /// The backend's name (e.g. the instruction set), for diagnostics.
    fn name(&self) -> &'static str;

    /// Compiles `exec` into a block it allocates from `memory` (through
    /// [`CodeBlock::allocate`](super::CodeBlock::allocate)), and describes the result with
    /// `CompiledCode::new`, which seals the block.
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
/// (shared by every VM given the same configuration), its backend, and how much of the
/// memory one VM may hold.
#[derive(Clone)]
pub struct JitConfig {
    /// The code memory: a board's region, or the host's mapped pages.
    pub memory: Rc<dyn CodeMemory>,
    /// Makes the VM's backend.
    pub backend: BackendFactory,
    /// Bytes of code memory the VM's compiled code may hold at once (`usize::MAX`: all
    /// the memory lends). When a compilation would pass it, the VM frees the code of
    /// executors that have not run since memory last ran out, and tries again; failing
    /// that, the executor runs in the uop executor.
    pub code_limit: usize,
}

impl JitConfig {
    /// `memory` and `backend`, without a limit of the VM's own.
    pub fn new(memory: Rc<dyn CodeMemory>, backend: BackendFactory) -> JitConfig {
        JitConfig {
            memory,
            backend,
            code_limit: usize::MAX,
        }
    }
}

impl fmt::Debug for JitConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JitConfig")
            .field("capacity", &self.memory.capacity())
            .field("backend", &self.backend)
            .field("code_limit", &self.code_limit)
            .finish()
    }
}

/// What the JIT compiled, the code memory it holds, and how compiled code ended its runs
/// ([`crate::Interpreter::jit_stats`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JitStats {
    /// Executors compiled.
    pub compiled: u64,
    /// Executors the backend refused (an unsupported uop, malformed code).
    pub refused: u64,
    /// Executors not compiled for want of code memory (after freeing cold code).
    pub out_of_memory: u64,
    /// Why the last refused executor was refused.
    pub last_refusal: Option<JitError>,
    /// Bytes of code memory the VM's compiled code holds now (whole pages).
    pub code_bytes: usize,
    /// The most it held at once.
    pub peak_code_bytes: usize,
    /// Executors whose code was freed as cold to make room for new code.
    pub freed_cold: u64,
    /// Executors whose code lists no start (none worth entering: the backend found every
    /// run from a start too short to pay for entering machine code), dropped at once.
    pub without_starts: u64,
    /// How the runs of compiled code ended.
    pub exits: CodeExits,
}

/// How runs of compiled code ended, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CodeExits {
    /// Runs of compiled code (entries from the uop executor).
    pub entries: u64,
    /// Hand-backs: the uop executor went on at a dispatch entry the code does not cover.
    pub hand_backs: u64,
    /// Guard failures: the run left through the guard's exit (to a side trace or tier 1).
    pub guards: u64,
    /// Exceptions raised in the code (by a helper or an inline check).
    pub errors: u64,
    /// Calls, returns and generator hops that did not go as recorded.
    pub frames: u64,
    /// Every other ending (the entry frame returned, a helper that asks for a reload).
    pub other: u64,
}

impl CodeExits {
    /// Counts a run that ended with `status` (see [`CodeResult`](super::CodeResult)).
    pub(crate) fn count(&mut self, status: HelperStatus) {
        self.entries += 1;
        let kind = match status {
            HelperStatus::Next => &mut self.hand_backs,
            HelperStatus::Deopt => &mut self.guards,
            HelperStatus::Error => &mut self.errors,
            HelperStatus::Left | HelperStatus::Linked | HelperStatus::Moved => &mut self.frames,
            HelperStatus::Reload | HelperStatus::Exit | HelperStatus::Slow => &mut self.other,
        };
        *kind += 1;
    }
}

/// How a compilation went.
pub(crate) enum Compiled {
    Code(Box<CompiledCode>),
    OutOfMemory,
    NoCode,
}

/// A VM's JIT: its share of the code memory, its backend, and what they did.
pub(crate) struct Jit {
    memory: Rc<BoundedMemory>,
    backend: Box<dyn Backend>,
    pub(crate) stats: JitStats,
}

impl Jit {
    /// The JIT a configuration asks for.
    pub(crate) fn new(config: &JitConfig) -> Jit {
        Jit {
            memory: Rc::new(BoundedMemory::new(config.memory.clone(), config.code_limit)),
            backend: (config.backend.0)(),
            stats: JitStats::default(),
        }
    }

    /// Compiles a newly registered executor. On `OutOfMemory` (not counted yet: the
    /// caller may free cold code and try again, then calls [`Jit::out_of_memory`]) and
    /// `NoCode` (a refusal, or code without a start: counted) the executor runs in the uop
    /// executor.
    pub(crate) fn compile(&mut self, exec: &Executor) -> Compiled {
        let memory: Rc<dyn CodeMemory> = self.memory.clone();
        let r = self.backend.compile(exec, &memory);
        match r {
            Ok(code) if !code.has_starts() => {
                self.stats.without_starts += 1;
                Compiled::NoCode
            }
            Ok(code) => {
                self.stats.compiled += 1;
                self.stats.code_bytes = self.memory.used();
                self.stats.peak_code_bytes = self.stats.peak_code_bytes.max(self.memory.used());
                Compiled::Code(Box::new(code))
            }
            Err(JitError::Memory(CodeMemoryError::Exhausted { .. })) => Compiled::OutOfMemory,
            Err(e) => {
                self.stats.refused += 1;
                self.stats.last_refusal = Some(e);
                Compiled::NoCode
            }
        }
    }

    /// Counts an executor left without code for want of code memory.
    pub(crate) fn out_of_memory(&mut self) {
        self.stats.out_of_memory += 1;
    }

    /// The statistics, with the code memory held now.
    pub(crate) fn stats(&self) -> JitStats {
        JitStats {
            code_bytes: self.memory.used(),
            ..self.stats
        }
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
