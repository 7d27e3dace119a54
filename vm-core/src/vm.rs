//! `Vm`: configuration, state, and the embedding API.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::bytecode::code::CodeObject;

/// Entries of [`Vm::class_lookup_cache`] (a power of two).
pub const CLASS_LOOKUP_CACHE: usize = 1024;

/// The multiplier of [`class_lookup_slot`]'s hash (Fibonacci hashing).
pub const CLASS_LOOKUP_MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

/// The shift of [`class_lookup_slot`]'s hash, folding high bits into the index.
pub const CLASS_LOOKUP_SHIFT: u8 = 29;

/// The entry of [`Vm::class_lookup_cache`] for class version `version` and attribute
/// `name`, as machine code computes it too: `h = version * CLASS_LOOKUP_MULTIPLIER ^
/// name`, then `(h ^ h >> CLASS_LOOKUP_SHIFT) % CLASS_LOOKUP_CACHE`.
#[inline(always)]
pub fn class_lookup_slot(version: u32, name: Value) -> usize {
    let h = u64::from(version).wrapping_mul(CLASS_LOOKUP_MULTIPLIER) ^ name.bits();
    (h ^ (h >> CLASS_LOOKUP_SHIFT)) as usize & (CLASS_LOOKUP_CACHE - 1)
}

/// One entry of [`Vm::class_lookup_cache`]: what [`Vm::class_lookup`] found for `name` on
/// a class at version `version` (`UNDEF`: nothing). Version 0 (no class has it) marks an
/// empty entry. `#[repr(C)]` at exported offsets ([`crate::layout::LOOKUP_VERSION`] ..):
/// machine code reads the cache at polymorphic method loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct LookupEntry {
    /// The class version.
    pub version: u32,
    /// The attribute name.
    pub name: Value,
    /// What the lookup found.
    pub found: Value,
}

impl LookupEntry {
    /// An empty entry.
    pub const EMPTY: LookupEntry = LookupEntry {
        version: 0,
        name: Value::UNDEF,
        found: Value::UNDEF,
    };
}
use crate::hostfs::{FileMode, FileStat, HostError, Whence};
use crate::interp::frame::Frame;
use crate::interp::generator::GenCollect;
use crate::object::dict::Dict;
use crate::object::heap::Heap;
use crate::object::typeobj::Types;
use crate::object::types::{Obj, StrObj};
use crate::object::value::{ObjRef, Value};

/// A raised Python exception (the exception instance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PyErr(
    // The exception object is the VM's value: public for the project's own crates only.
    #[cfg(feature = "internals")]
    #[doc(hidden)]
    pub Value,
    #[cfg(not(feature = "internals"))] pub(crate) Value,
);

/// The result of anything that can raise.
pub type PyResult<T> = Result<T, PyErr>;

/// A failed read or write of a standard stream, as the host's system reported it: the
/// script sees it as the `OSError` subclass its `errno` names (32, `EPIPE`: `BrokenPipeError:
/// [Errno 32] Broken pipe`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IoError {
    /// The system's error number (Linux's numbering, as CPython's exception table).
    pub errno: i32,
    /// Its text (`strerror`).
    pub message: String,
}

/// What the VM needs from its environment: output, input and clocks. Boards implement it.
/// ([`crate::Interpreter::host`] gives the host back as its own type.)
pub trait Host: core::any::Any {
    /// Writes to standard output.
    fn write_stdout(&mut self, s: &str);
    /// Writes to standard error.
    fn write_stderr(&mut self, s: &str);
    /// Flushes both streams.
    fn flush(&mut self) {}
    /// Takes the error of the writes and flushes of standard output since the last call (a
    /// closed pipe). The VM asks after `print`, `sys.stdout.write` and `flush` and raises it
    /// in the script. The default: writes never fail.
    fn take_write_error(&mut self) -> Option<IoError> {
        None
    }
    /// `input(prompt)`: writes `prompt` to standard output, flushes it, and reads one line of
    /// standard input, returned without its `\n`; `Ok(None)` at the end of input (`EOFError`).
    /// A read cut short by the embedder's interrupt request ([`crate::Signals::interrupt`])
    /// may return anything: the VM raises the pending `KeyboardInterrupt` instead. The
    /// default has no input: it writes the prompt and answers end of input.
    fn read_line(&mut self, prompt: &str) -> Result<Option<String>, IoError> {
        self.write_stdout(prompt);
        self.flush();
        Ok(None)
    }
    /// One line of standard input with its `\n` (without one only at the end of input),
    /// for `sys.stdin`; `Ok(None)` at the end of input. The default reads through
    /// [`Host::read_line`] with no prompt and adds the `\n`.
    fn read_stdin_line(&mut self) -> Result<Option<String>, IoError> {
        Ok(self.read_line("")?.map(|mut line| {
            line.push('\n');
            line
        }))
    }
    /// Wall-clock seconds since the Unix epoch (`time.time`).
    fn time(&mut self) -> f64 {
        0.0
    }
    /// Monotonic seconds from an arbitrary origin (`time.monotonic`, `time.perf_counter`).
    fn monotonic(&mut self) -> f64 {
        0.0
    }
    /// Waits idle until [`Host::monotonic`] reaches `deadline` or something (an interrupt, a
    /// character on the console) needs the VM; returning early is always allowed: the VM
    /// checks its signals and the clock, then calls again. `time.sleep` and asyncio's event
    /// loop wait here, so a board can halt the core (`wfi`, `hlt`) or a host thread can sleep.
    /// The default returns at once (the VM then polls the clock).
    fn idle(&mut self, deadline: f64) {
        let _ = deadline;
    }
    /// Finds module `name` (its full dotted name) in the directories `path` (`sys.path`,
    /// or a package's `__path__` for its submodules): its source or bytecode image
    /// ([`crate::importing::loader::candidate_files`] lists the files a filesystem holds it
    /// in). `None` when it is not there: the VM then raises `ModuleNotFoundError`. The
    /// default finds nothing (a board without a filesystem imports frozen modules only).
    fn find_module(
        &mut self,
        name: &str,
        path: &[String],
    ) -> Option<crate::importing::loader::FoundModule> {
        let _ = (name, path);
        None
    }
    /// Opens file `path` for `open()`; returns a handle for the calls below. The default
    /// has no filesystem: `open()` raises `OSError` saying so.
    fn file_open(&mut self, path: &str, mode: FileMode) -> Result<u64, HostError> {
        let _ = (path, mode);
        Err(HostError::no_filesystem())
    }
    /// Reads at most `max` bytes at the file's position (fewer at its end; none there).
    fn file_read(&mut self, handle: u64, max: usize) -> Result<Vec<u8>, HostError> {
        let _ = (handle, max);
        Err(HostError::bad_handle())
    }
    /// Writes `data` at the file's position; returns how many bytes were written.
    fn file_write(&mut self, handle: u64, data: &[u8]) -> Result<usize, HostError> {
        let _ = (handle, data);
        Err(HostError::bad_handle())
    }
    /// Moves the file's position; returns the new one.
    fn file_seek(&mut self, handle: u64, offset: i64, whence: Whence) -> Result<u64, HostError> {
        let _ = (handle, offset, whence);
        Err(HostError::bad_handle())
    }
    /// Closes the file (the handle is then unknown).
    fn file_close(&mut self, handle: u64) -> Result<(), HostError> {
        let _ = handle;
        Err(HostError::bad_handle())
    }
    /// Deletes file `path` (`os.remove`).
    fn file_remove(&mut self, path: &str) -> Result<(), HostError> {
        let _ = path;
        Err(HostError::no_filesystem())
    }
    /// Renames `from` to `to`, replacing a file `to` (`os.rename`).
    fn file_rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        let _ = (from, to);
        Err(HostError::no_filesystem())
    }
    /// What the filesystem knows of `path` (`os.stat`); of a symbolic link itself rather
    /// than its target when `follow_links` is false (`os.lstat`).
    fn file_stat(&mut self, path: &str, follow_links: bool) -> Result<FileStat, HostError> {
        let _ = (path, follow_links);
        Err(HostError::no_filesystem())
    }
    /// The current directory (`os.getcwd`).
    fn dir_current(&mut self) -> Result<String, HostError> {
        Err(HostError::no_filesystem())
    }
    /// The names of the entries of directory `path`, without `.` and `..` (`os.listdir`).
    fn dir_list(&mut self, path: &str) -> Result<Vec<String>, HostError> {
        let _ = path;
        Err(HostError::no_filesystem())
    }
    /// Makes directory `path` (`os.mkdir`).
    fn dir_create(&mut self, path: &str) -> Result<(), HostError> {
        let _ = path;
        Err(HostError::no_filesystem())
    }
    /// Removes the empty directory `path` (`os.rmdir`).
    fn dir_remove(&mut self, path: &str) -> Result<(), HostError> {
        let _ = path;
        Err(HostError::no_filesystem())
    }
    /// The environment variables (`os.environ`, read once when `os` is imported). The
    /// default has none.
    fn environ(&mut self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// Something the VM did that [`Config::events`] asks to hear about (a collection, a trace
    /// recorded, ...). Called only for the kinds asked for; the event's names are borrowed
    /// for the call. The default ignores it.
    fn event(&mut self, e: &crate::events::VmEvent<'_>) {
        let _ = e;
    }
}

/// A host that collects output in memory (tests, embedders that want strings).
#[derive(Default, Debug)]
pub struct BufferHost {
    /// Everything written to stdout.
    pub stdout: String,
    /// Everything written to stderr.
    pub stderr: String,
}

impl Host for BufferHost {
    fn write_stdout(&mut self, s: &str) {
        self.stdout.push_str(s);
    }
    fn write_stderr(&mut self, s: &str) {
        self.stderr.push_str(s);
    }
}

/// VM configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// Heap limit in bytes; exceeding it raises `MemoryError`.
    pub heap_limit: usize,
    /// Python call depth at which `RecursionError` is raised.
    pub recursion_limit: usize,
    /// Nesting limit of Rust-level recursion (re-entry from native code into Python, nested
    /// reprs and comparisons). Bounds the native stack the VM uses.
    pub native_depth_limit: usize,
    /// `sys.argv`.
    pub argv: Vec<String>,
    /// The initial `sys.path`: the directories `import` searches (the host puts the
    /// script's directory first, as CPython does).
    pub path: Vec<String>,
    /// Collect specialization statistics (`Vm::spec_stats`, `tiercel --stats`).
    pub stats: bool,
    /// Stress mode: every adaptive instruction specializes on its first execution and
    /// specialized ones deoptimize pseudo-randomly (results must not change).
    pub stress_specialize: bool,
    /// Execution tier: 1 runs the interpreter only (the null optimizer), 2 (the default)
    /// records traces of hot code and runs them in the uop executor (`tiercel --tier`).
    pub tier: u8,
    /// Sets every hot-spot threshold (back-edge, function entry, side exit) instead of
    /// deriving them from the optimizer's costs; `Some(1)` traces everything at once
    /// (`tiercel --hot N`).
    pub hot: Option<u32>,
    /// Bytes all executors together may occupy; the coldest are freed beyond it.
    pub executor_memory: usize,
    /// A custom optimizer (overrides `tier`): see `crate::exec::api::Optimizer`.
    #[cfg(feature = "tier2")]
    pub optimizer: Option<crate::exec::api::OptimizerFactory>,
    /// Tier 2: run the trace optimizer (`crate::opt`) on recorded traces (`tiercel
    /// --no-opt` turns it off: traces run as recorded).
    pub optimize_traces: bool,
    /// Tier 2: keep a listing of every trace before and after optimization
    /// (`Vm::take_trace_log`, `tiercel --dump-traces`).
    pub log_traces: bool,
    /// The VM's own modules (written in Rust, or the frozen standard library) a script may
    /// import, by top-level name; importing another raises `ModuleNotFoundError`. The
    /// embedder's modules and those the host finds are always allowed. Default: all.
    pub modules: crate::embed::Allow,
    /// The builtins a script sees; using another is a `NameError`. Dunder names
    /// (`__import__`, `__build_class__`) are always there. Default: all.
    pub builtins: crate::embed::Allow,
    /// Instruction budget of each run (`None`: unlimited): one unit per tier-1
    /// instruction (and per item a native loop takes from an iterator); the run ends with
    /// [`RunError::Terminated`] at the first loop back-edge or function entry after it is
    /// spent, at the same instruction in every tier (`tiercel --fuel N`; see
    /// `crate::limits`).
    pub fuel: Option<u64>,
    /// Code memory and a machine-code backend: executors are compiled as they are
    /// registered (see [`crate::jit`]). `None` (the default): no JIT.
    #[cfg(feature = "tier2")]
    pub jit: Option<crate::jit::JitConfig>,
    /// Tier 2: the uop executor runs its uops through their `extern "C"` helpers
    /// (`crate::jit::helpers`), as machine code calls them, instead of its handlers; a
    /// test mode that puts every helper through the programs tier 2 runs (`tiercel
    /// --uop-helpers`). Results are the same; it is slower.
    pub uop_helpers: bool,
    /// The kinds of [`crate::VmEvent`] given to [`Host::event`] (`tiercel --events`).
    /// Default: none, which costs one test where an event could occur.
    pub events: crate::events::EventMask,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            heap_limit: 256 * 1024 * 1024,
            recursion_limit: 1000,
            native_depth_limit: 200,
            argv: Vec::new(),
            path: Vec::new(),
            stats: false,
            stress_specialize: false,
            tier: 2,
            hot: None,
            executor_memory: 1 << 20,
            #[cfg(feature = "tier2")]
            optimizer: None,
            optimize_traces: true,
            log_traces: false,
            modules: crate::embed::Allow::All,
            builtins: crate::embed::Allow::All,
            fuel: None,
            #[cfg(feature = "tier2")]
            jit: None,
            uop_helpers: false,
            events: crate::events::EventMask::NONE,
        }
    }
}

/// Entries of [`Vm`]'s cache of interned names by text address.
const INTERN_CACHE_SLOTS: usize = 64;

/// A Python virtual machine. Independent of every other `Vm` in the process.
pub struct Vm {
    /// The object heap.
    pub heap: Heap,
    /// The value stack shared by all frames (locals live at each frame's base).
    pub stack: crate::interp::stack::ValueStack,
    /// The frame stack (innermost last).
    pub frames: crate::layout::FixedVec<Frame>,
    /// The builtin types and exception classes.
    pub(crate) types: Types,
    /// The `builtins` namespace dict.
    pub(crate) builtins: ObjRef,
    /// Loaded modules by name (`sys.modules`), a dict.
    pub(crate) modules: ObjRef,
    /// The `__main__` module's globals.
    pub(crate) main_globals: ObjRef,
    /// Interned strings (names): a table whose keys are the str objects.
    pub(crate) interned: Dict,
    /// Recent [`Vm::intern`] results by the address of the text asked for. The VM's own
    /// code asks for the same literals (`"__eq__"`, `"__len__"`, ...) on hot paths; a hit
    /// costs a compare of the text instead of a hash and a probe. Interned names never
    /// move or die, so an entry stays valid; the text is compared on every hit, so a
    /// reused address cannot give a wrong name.
    intern_cache: [(usize, Value); INTERN_CACHE_SLOTS],
    /// The layout prefixes of all classes (see [`crate::object::shape`]).
    pub(crate) shapes: crate::object::shape::Shapes,
    /// The exception currently being handled (`sys.exc_info()`), or `NONE`.
    pub(crate) handled_exc: Value,
    /// During `next()` of a builtin iterator: `NONE`, then the `StopIteration` a user
    /// `__next__` ended an inner iteration with, which `next()` re-raises (CPython's
    /// `enumerate`, `map` and `zip` pass that exception through); `UNDEF` otherwise.
    pub(crate) iter_stop: Value,
    /// Current depth of Rust-level recursion.
    pub(crate) native_depth: usize,
    /// Frames that may be entered before the slow check (`Vm::check_frame_depth`): the
    /// recursion limit or the frame list's capacity, whichever is smaller.
    pub(crate) frame_limit: usize,
    /// The type of each object tag its tag alone decides (`Types::by_tag`), for machine
    /// code's builtin type guards.
    #[cfg_attr(
        not(feature = "tier2"),
        allow(dead_code, reason = "only machine code reads it")
    )]
    pub(crate) tag_types: [u32; crate::layout::TAG_TYPES],
    /// Values native code holds across calls back into Python (collector roots).
    pub(crate) native_roots: Vec<Value>,
    /// The handles the embedder holds (collector roots): see [`crate::handle`].
    pub(crate) handles: crate::handle::Handles,
    /// The preallocated `MemoryError` raised when the heap is exhausted.
    pub(crate) memory_error: Value,
    /// The embedder's requests (interrupt, terminate): see [`Vm::signals`].
    pub(crate) signals: Arc<crate::limits::Signals>,
    /// Instructions the run may still execute (see [`crate::limits`]); counted only while
    /// [`Config::fuel`] is set.
    pub(crate) fuel: i64,
    /// Set once the run is being terminated: from then on no handler, `finally` or
    /// finalizer runs, and every way back into Python code fails.
    pub(crate) terminating: Option<crate::limits::Termination>,
    /// The preallocated exception a terminated run unwinds with (never seen by a script).
    pub(crate) terminated_error: Value,
    /// The configuration.
    pub config: Config,
    /// Output and clocks.
    pub host: Box<dyn Host>,
    /// The `random` module's generator.
    #[cfg(feature = "random")]
    pub(crate) random: crate::builtins::random::RandomState,
    /// Containers whose repr is in progress (prints `[...]` for cycles).
    pub(crate) repr_active: Vec<ObjRef>,
    /// Set by a re-raise so the current frame adds no traceback entry.
    pub(crate) reraising: bool,
    /// The original raise offset restored by `RERAISE n`, for the traceback.
    pub(crate) reraise_lasti: Option<u32>,
    /// Set when a generator frame entered from Rust returned (rather than yielded).
    pub(crate) gen_returned: bool,
    /// Set by an asynchronous generator's `AsyncGenWrap` just before its `yield`: the
    /// value yielded is the generator's own, not one an `await` passes up
    /// (`interp::coroutine`).
    pub(crate) agen_wrapped: bool,
    /// While `list(gen)`-like native code or `sum(gen)` collects a generator: its frame
    /// and where its yields go in place (see [`GenCollect`]).
    pub(crate) gen_collect: GenCollect,
    /// The interned `"__name__"` (`None` until the VM is built): every function made
    /// reads its module's name.
    pub(crate) name_key: Value,
    /// Interned names of the special methods the object model looks up on its slow paths.
    pub(crate) dunders: crate::object::descr::Dunders,
    /// Modules compiled into the program ([`Vm::register_frozen`]).
    pub(crate) frozen: Vec<(&'static str, crate::importing::loader::FrozenModule)>,
    /// `sys.path`: a list the script may change.
    pub(crate) sys_path: ObjRef,
    /// Bit `i`: deferred builtins name `i` has been put in the builtins namespace
    /// ([`crate::builtins::deferred`]).
    pub(crate) builtins_named: u128,
    /// An uncaught `SystemExit` comes back as an exception with its traceback rather than
    /// as an exit ([`Vm::set_system_exit_reported`]).
    pub(crate) system_exit_reported: bool,
    /// Modules whose code is running for their import (a circular import's error names
    /// them "partially initialized").
    pub(crate) initializing: Vec<Value>,
    /// Results of [`Vm::class_lookup`] keyed by (class version, name), like CPython's type
    /// method cache. Versions are unique and change with the class or a base, so an entry
    /// can only be stale by its name being freed and reused: the collector clears the cache.
    /// [`CLASS_LOOKUP_CACHE`] entries at a fixed address (the helper context points to them).
    pub(crate) class_lookup_cache: Box<[core::cell::Cell<LookupEntry>]>,
    /// The static tables of the builtins held as immediates (`object::native_table`).
    pub(crate) natives: crate::object::native_table::NativeTables,
    /// Native modules registered by the embedder.
    pub(crate) native_modules: Vec<(&'static str, crate::builtins::modules::ModuleInit)>,
    /// The specializing interpreter's per-VM state.
    pub(crate) spec: crate::interp::specialize::SpecState,
    /// Tier 2: the optimizer, hot-spot thresholds, executors, the recording in progress.
    #[cfg(feature = "tier2")]
    pub(crate) tier2: crate::exec::registry::Tier2,
    /// Without tier 2: the little the run loop keeps of it.
    #[cfg(not(feature = "tier2"))]
    pub(crate) tier2: crate::tier1_only::Tier2,
    /// The value of the last instruction that ended the run loop (a returned value or a
    /// raised exception), handed from the instruction handler to the loop.
    pub(crate) step_value: Value,
    /// Unreachable suspended generators the collector resurrected so that their `finally`
    /// (or `with` exit) runs: closed at the next safe point, last entry first (roots).
    pub(crate) finalize_queue: Vec<Value>,
    /// Set while the queue is being drained, so nested safe points do not re-enter it.
    pub(crate) finalizing: bool,
    /// The unreleased memoryviews of bytearrays, as (view, bytearray): such a bytearray
    /// cannot change size. Views are known weakly (see [`crate::object::memview`]).
    pub(crate) buffer_exports: Vec<(ObjRef, ObjRef)>,
    /// Set while `throw()` raises at a `yield from` whose subiterator has no `throw`: its
    /// `CLEANUP_THROW` then re-raises even a `StopIteration` (CPython 3.11's `throw_here`).
    pub(crate) throw_past_cleanup: bool,
    /// Every weak reference and finalizer (known weakly: forgotten when it dies).
    pub(crate) weakrefs: Vec<ObjRef>,
    /// The finalizers still alive (roots, as CPython's `finalize` registry).
    pub(crate) live_finalizers: Vec<Value>,
    /// Weak references whose referent died, with a callback or finalizer to run at the
    /// next safe point (roots).
    pub(crate) weakref_queue: Vec<Value>,
    /// `gc.isenabled()`: when off, collections run only when the heap nears its limit (and
    /// at `gc.collect()`), so callbacks and finalizers run at predictable points.
    pub(crate) gc_enabled: bool,
    /// The embedder's closures, native class data and modules.
    pub(crate) embed: crate::embed::state::EmbedState,
}

/// How a run ended when it did not return normally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// A compile error: the rendered CPython-style message (ends with a newline).
    Compile(String),
    /// An uncaught exception.
    Exception {
        /// The exception class name, e.g. `ValueError`.
        type_name: String,
        /// `str(exc)`.
        message: String,
        /// The full CPython-style traceback text.
        traceback: String,
    },
    /// `SystemExit` with this status.
    Exit(i32),
    /// The run was stopped from outside: its budget was spent or the embedder asked
    /// (`crate::limits`). Nothing of the script ran after the stop.
    Terminated {
        /// Why.
        reason: crate::limits::Termination,
        /// Where it stopped: the frames as a traceback lists them (`Traceback (most
        /// recent call last):` and a `File ..., line N, in name` line per frame).
        traceback: String,
    },
}

/// Why [`crate::Interpreter::new`] could not make a VM.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The builtin types, modules and preallocated exceptions need more than
    /// [`Config::heap_limit`] allows.
    HeapTooSmall {
        /// The configured limit.
        limit: usize,
        /// What the VM occupies before any script runs (a script needs more).
        needed: usize,
    },
}

impl core::fmt::Display for StartError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StartError::HeapTooSmall { limit, needed } => write!(
                f,
                "heap limit of {limit} bytes is too small: the VM itself needs {needed}"
            ),
        }
    }
}

impl Vm {
    /// Creates a VM writing through `host`. Fails when [`Config::heap_limit`] cannot hold
    /// the VM's own objects (the builtins).
    pub fn new(config: Config, host: Box<dyn Host>) -> Result<Vm, StartError> {
        // The builtins are made first, on a heap without a limit, and then measured.
        let mut heap = Heap::new(usize::MAX);
        let types = Types::bootstrap(&mut heap);
        let tag_types = types.by_tag();
        let spec =
            crate::interp::specialize::SpecState::new(config.stats, config.stress_specialize);
        let tier2 = new_tier2(&config);
        let mut vm = Vm {
            heap,
            stack: crate::interp::stack::ValueStack::new(),
            frames: Default::default(),
            types,
            builtins: ObjRef(0),
            modules: ObjRef(0),
            main_globals: ObjRef(0),
            interned: Dict::new(),
            intern_cache: [(0, Value::NONE); INTERN_CACHE_SLOTS],
            shapes: crate::object::shape::Shapes::new(),
            handled_exc: Value::NONE,
            iter_stop: Value::UNDEF,
            native_depth: 0,
            frame_limit: 0,
            tag_types,
            native_roots: Vec::new(),
            handles: crate::handle::Handles::default(),
            memory_error: Value::NONE,
            signals: Arc::default(),
            fuel: crate::limits::UNLIMITED,
            terminating: None,
            terminated_error: Value::NONE,
            config,
            host,
            #[cfg(feature = "random")]
            random: crate::builtins::random::RandomState::new(),
            repr_active: Vec::new(),
            reraising: false,
            reraise_lasti: None,
            gen_returned: false,
            agen_wrapped: false,
            gen_collect: GenCollect::NONE,
            name_key: Value::NONE,
            dunders: crate::object::descr::Dunders::NONE,
            frozen: Vec::new(),
            sys_path: ObjRef(0),
            builtins_named: 0,
            system_exit_reported: false,
            initializing: Vec::new(),
            class_lookup_cache: alloc::vec![
                core::cell::Cell::new(LookupEntry::EMPTY);
                CLASS_LOOKUP_CACHE
            ]
            .into_boxed_slice(),
            natives: Default::default(),
            native_modules: Vec::new(),
            spec,
            tier2,
            step_value: Value::NONE,
            finalize_queue: Vec::new(),
            finalizing: false,
            buffer_exports: Vec::new(),
            throw_past_cleanup: false,
            weakrefs: Vec::new(),
            live_finalizers: Vec::new(),
            weakref_queue: Vec::new(),
            gc_enabled: true,
            embed: Default::default(),
        };
        crate::builtins::install(&mut vm);
        vm.name_key = vm.intern("__name__").unwrap_or(Value::NONE);
        vm.dunders = crate::object::descr::Dunders::intern(&mut vm);
        if vm.withhold_builtins().is_err() {
            let needed = vm.heap.bytes();
            return Err(StartError::HeapTooSmall {
                limit: vm.config.heap_limit,
                needed,
            });
        }
        vm.heap.trim_to_fit();
        let had = vm.natives.bytes();
        vm.natives.shrink_to_fit();
        vm.heap.release_table(had - vm.natives.bytes());
        let limit = vm.config.heap_limit;
        let needed = vm.heap.bytes();
        if needed > limit || vm.memory_error == Value::NONE || vm.terminated_error == Value::NONE {
            return Err(StartError::HeapTooSmall { limit, needed });
        }
        vm.heap.set_limit(limit);
        Ok(vm)
    }

    // -- Allocation --------------------------------------------------------------------------

    /// Allocates an object, turning exhaustion into `MemoryError`.
    #[inline]
    pub fn alloc(&mut self, obj: Obj) -> PyResult<ObjRef> {
        self.heap.alloc(obj).map_err(|_| PyErr(self.memory_error))
    }

    /// Allocates and wraps in a `Value`.
    #[inline]
    pub fn alloc_value(&mut self, obj: Obj) -> PyResult<Value> {
        self.alloc(obj).map(Value::obj)
    }

    /// Charges container growth against the heap limit.
    #[inline]
    pub fn charge(&mut self, bytes: usize) -> PyResult<()> {
        self.heap
            .charge(bytes)
            .map_err(|_| PyErr(self.memory_error))
    }

    /// The preallocated `MemoryError`, raised when an allocation does not fit.
    #[inline]
    pub fn memory_error(&self) -> PyErr {
        PyErr(self.memory_error)
    }

    /// A token for charging a native buffer against the heap limit (see
    /// [`crate::object::scratch`]).
    pub fn scratch(&self) -> crate::object::scratch::Scratch {
        crate::object::scratch::Scratch::new(self.heap.scratch_returned())
    }

    /// Charges `bytes` of a native buffer against the heap limit.
    pub(crate) fn charge_scratch(&mut self, bytes: usize) -> PyResult<()> {
        self.heap
            .charge_scratch(bytes)
            .map_err(|_| PyErr(self.memory_error))
    }

    /// A new `str`.
    pub fn new_str(&mut self, s: &str) -> PyResult<Value> {
        self.alloc_value(Obj::Str(StrObj::copy_of(s)))
    }

    /// A new `str` from an owned string.
    pub fn new_string(&mut self, s: String) -> PyResult<Value> {
        self.alloc_value(Obj::Str(StrObj::new(s.into_boxed_str())))
    }

    /// An interned `str` (names, attribute keys): equal strings give the same object.
    pub fn intern(&mut self, s: &str) -> PyResult<Value> {
        let addr = s.as_ptr() as usize;
        let slot = (addr ^ (addr >> 7)) % INTERN_CACHE_SLOTS;
        let (cached_addr, cached) = self.intern_cache[slot];
        if cached_addr == addr && self.str_of(cached) == Some(s) {
            return Ok(cached);
        }
        let v = self.intern_uncached(s)?;
        self.intern_cache[slot] = (addr, v);
        Ok(v)
    }

    fn intern_uncached(&mut self, s: &str) -> PyResult<Value> {
        let h = crate::object::hash::str_hash(s);
        for i in self.interned.candidates(h) {
            let k = self.interned.entry(i).key;
            if self.str_of(k) == Some(s) {
                return Ok(k);
            }
        }
        // Names are program text (compiling a script interns them): they may use the heap's
        // small reserve, so a script can still be compiled after user data filled the heap.
        self.heap.use_reserve(true);
        let r = self.intern_new(s, h);
        self.heap.use_reserve(false);
        r
    }

    fn intern_new(&mut self, s: &str, h: u64) -> PyResult<Value> {
        // Names are compared often: kept out of line, where reading them is cheapest.
        let v = self.alloc_value(Obj::Str(StrObj::boxed(s.into())))?;
        self.intern_adopt(v, h)?;
        Ok(v)
    }

    /// The interned name of class `cls`: its `__name__` string itself when no equal name is
    /// interned yet, so the builtins namespace and programs share the builtin types' names.
    pub(crate) fn intern_class_name(&mut self, cls: ObjRef) -> PyResult<Value> {
        let name = self.class(cls).map_or(Value::NONE, |c| c.name);
        let Some(s) = self.str_of(name) else {
            return Err(PyErr(self.memory_error));
        };
        let h = crate::object::hash::str_hash(s);
        let same = self.interned.candidates(h).map(|i| self.interned.entry(i).key);
        if let Some(k) = same.into_iter().find(|&k| self.str_of(k) == Some(s)) {
            return Ok(k);
        }
        self.intern_adopt(name, h)?;
        Ok(name)
    }

    /// Adds the str `v`, of hash `h` and not interned yet, to the interned names.
    fn intern_adopt(&mut self, v: Value, h: u64) -> PyResult<()> {
        if let Some(Obj::Str(so)) = self.obj(v) {
            so.hash_cell().set(h);
        }
        let grew = self
            .interned
            .reserve_one()
            .map_err(|_| PyErr(self.memory_error))?;
        // The table lives outside the arena and never shrinks (its names stay): a
        // collection's recount keeps it.
        self.heap
            .charge_table(grew)
            .map_err(|_| PyErr(self.memory_error))?;
        self.interned.push_new(h, v, Value::NONE);
        Ok(())
    }

    /// A new list.
    pub fn new_list(&mut self, items: Vec<Value>) -> PyResult<Value> {
        self.alloc_value(Obj::List(items.into()))
    }

    /// A new tuple.
    pub fn new_tuple(&mut self, items: Vec<Value>) -> PyResult<Value> {
        self.alloc_value(Obj::Tuple(items.into()))
    }

    /// A new empty dict.
    pub fn new_dict(&mut self) -> PyResult<Value> {
        self.alloc_value(Obj::Dict(Box::default()))
    }

    /// An int from an `i64` (inline or big).
    pub fn new_int(&mut self, i: i64) -> PyResult<Value> {
        match Value::small_int(i) {
            Some(v) => Ok(v),
            None => self.alloc_value(Obj::BigInt(crate::object::heapint::HeapInt::from_i128(
                i as i128,
            ))),
        }
    }

    // -- Reading objects ---------------------------------------------------------------------

    /// The text of a `str` value.
    #[inline]
    pub fn str_of(&self, v: Value) -> Option<&str> {
        match self.heap.get(v.as_obj()?) {
            Obj::Str(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// Whether `v` is a str: [`Vm::str_of`]'s test without making the `&str` (which checks
    /// a short str's UTF-8).
    pub fn is_str(&self, v: Value) -> bool {
        v.as_obj()
            .is_some_and(|r| matches!(self.heap.get(r), Obj::Str(_)))
    }

    /// The object behind a value, if it is a heap object.
    #[inline]
    pub fn obj(&self, v: Value) -> Option<&Obj> {
        v.as_obj().map(|r| self.heap.get(r))
    }

    /// The code object of the innermost Python frame.
    pub fn current_code(&self) -> Option<Rc<CodeObject>> {
        self.frames.last().map(|f| f.code.clone())
    }

    // -- Native roots ------------------------------------------------------------------------
    //
    // Any call back into Python (a user function, `__eq__`, `__hash__`, `__next__`, a
    // generator...) can reach a safe point and collect. A `Value` that native code allocated
    // (or received from such a call) and still needs afterwards must be rooted for the call's
    // duration. The one mechanism: a scope opened by `with_roots`, whose initial values occupy
    // slots `base..base + n`; `set_root(base + i, v)` replaces a slot (e.g. the best key so
    // far) and `root(v)` adds one; the scope truncates the root stack on exit, so an early
    // `?` return inside the closure cannot leak or unbalance roots.

    /// Runs `f` with `vals` rooted; `f` gets the slot index of `vals[0]`.
    #[inline]
    pub(crate) fn with_roots<R>(
        &mut self,
        vals: &[Value],
        f: impl FnOnce(&mut Vm, usize) -> R,
    ) -> R {
        let base = self.native_roots.len();
        self.native_roots.extend_from_slice(vals);
        let r = f(self, base);
        self.native_roots.truncate(base);
        r
    }

    /// Roots `v` until the innermost enclosing `with_roots` scope ends; returns its slot.
    #[inline]
    pub(crate) fn root(&mut self, v: Value) -> usize {
        self.native_roots.push(v);
        self.native_roots.len() - 1
    }

    /// Replaces the value in root slot `slot` (from `with_roots` or `root`).
    #[inline]
    pub(crate) fn set_root(&mut self, slot: usize, v: Value) {
        if let Some(s) = self.native_roots.get_mut(slot) {
            *s = v;
        }
    }

    // -- Collection --------------------------------------------------------------------------

    /// Runs a full collection now. Only call where every live value is reachable from the VM
    /// (the interpreter's safe points, or from the embedder between runs).
    ///
    /// Unreachable suspended generators whose `close()` would run code (a `finally`, an
    /// `except`, a `with` exit) are not freed: they are resurrected and queued, and the
    /// next safe point closes them (`Vm::run_finalizers`); a later collection frees them.
    pub fn collect_garbage(&mut self) {
        self.reporting_collection(Vm::collect_unreported);
    }

    /// [`Vm::collect_garbage`]'s work, without the event.
    fn collect_unreported(&mut self) {
        for e in self.class_lookup_cache.iter() {
            e.set(LookupEntry::EMPTY);
        }
        self.mark_roots();
        self.heap.trace();
        self.resurrect_finalizable();
        self.forget_dead_exports();
        self.clear_dead_weakrefs();
        self.embed.sweep(&self.heap);
        self.heap.sweep();
        #[cfg(feature = "tier2")]
        self.tier2.sweep();
    }

    /// Marks everything the VM itself keeps alive.
    fn mark_roots(&mut self) {
        let heap = &mut self.heap;
        for v in &self.stack {
            heap.mark_value(*v);
        }
        for f in &self.frames {
            f.for_each_ref(&mut |v| heap.mark_value(v));
        }
        for v in &self.native_roots {
            heap.mark_value(*v);
        }
        self.handles.mark(heap);
        self.types.for_each_ref(&mut |v| heap.mark_value(v));
        self.interned.for_each_ref(&mut |v| heap.mark_value(v));
        self.natives.for_each_ref(&mut |v| heap.mark_value(v));
        self.shapes.for_each_name(&mut |v| heap.mark_value(v));
        heap.mark_value(Value::obj(self.builtins));
        heap.mark_value(Value::obj(self.modules));
        heap.mark_value(Value::obj(self.main_globals));
        heap.mark_value(Value::obj(self.sys_path));
        for v in &self.initializing {
            heap.mark_value(*v);
        }
        heap.mark_value(self.handled_exc);
        heap.mark_value(self.iter_stop);
        heap.mark_value(self.memory_error);
        heap.mark_value(self.terminated_error);
        for v in self
            .finalize_queue
            .iter()
            .chain(&self.live_finalizers)
            .chain(&self.weakref_queue)
        {
            heap.mark_value(*v);
        }
        #[cfg(feature = "tier2")]
        for e in self.tier2.executors() {
            for v in e.consts.iter() {
                heap.mark_value(*v);
            }
        }
    }

    /// Queues (and marks) the unreachable generators that need closing. A generator reachable
    /// from another one (a `yield from` delegate, one held in a local) is closed after it, as
    /// reference counting would drop the outer one first.
    fn resurrect_finalizable(&mut self) {
        let found = self.heap.unmarked_where(|o| match o.resumable() {
            Some(g) => crate::interp::generator::needs_finalizer(g),
            None => false,
        });
        if found.is_empty() {
            return;
        }
        if self.is_terminating() {
            // Nothing of a terminated script runs: its generators die without closing.
            for &r in &found {
                if let Some(g) = self.heap.get_mut(r).resumable_mut() {
                    g.finalized = true;
                }
            }
            return;
        }
        for &r in &found {
            self.heap.mark_children(r);
        }
        self.heap.trace();
        let (inner, outer): (Vec<ObjRef>, Vec<ObjRef>) =
            found.into_iter().partition(|&r| self.heap.is_marked(r));
        // Popped from the end: outer generators first, each group in allocation order.
        for &r in inner.iter().rev().chain(outer.iter().rev()) {
            if let Some(g) = self.heap.get_mut(r).resumable_mut() {
                g.finalized = true;
            }
            self.heap.mark_value(Value::obj(r));
            self.finalize_queue.push(Value::obj(r));
        }
        self.heap.trace();
    }

    /// Collects if enough was allocated since the last collection. A safe point.
    #[inline]
    pub(crate) fn maybe_collect(&mut self) {
        if self.heap.wants_collection() {
            self.collect_when_due();
        }
    }

    /// The collection [`Vm::maybe_collect`] found due (put off while `gc.disable()` is in
    /// effect and the heap is not near its limit).
    #[cold]
    #[inline(never)]
    fn collect_when_due(&mut self) {
        if !self.gc_enabled && !self.heap.nears_limit() {
            self.heap.defer_collection();
            return;
        }
        self.collect_garbage();
        self.run_finalizers();
    }

    /// The host, if it is an `H`.
    pub fn host_ref<H: Host>(&self) -> Option<&H> {
        let host: &dyn core::any::Any = self.host.as_ref();
        host.downcast_ref::<H>()
    }

    /// The host, if it is an `H`, to change.
    pub fn host_mut<H: Host>(&mut self) -> Option<&mut H> {
        let host: &mut dyn core::any::Any = self.host.as_mut();
        host.downcast_mut::<H>()
    }

    /// Writes to stdout through the host.
    pub fn write_out(&mut self, s: &str) {
        self.host.write_stdout(s);
    }

    /// Writes to stderr through the host.
    pub fn write_err(&mut self, s: &str) {
        self.host.write_stderr(s);
    }

    /// A short description used in panics-free internal error paths.
    pub(crate) fn internal_error(&mut self, what: &str) -> PyErr {
        let msg = alloc::format!("internal VM error: {what}");
        self.new_lazy_exception(crate::object::lazy_exc::LazyExc::SystemError, &msg)
    }

    /// Renders a value with `str()` for messages, falling back to a placeholder if that raises.
    pub fn display(&mut self, v: Value) -> String {
        match self.to_str(v) {
            Ok(s) => s,
            Err(_) => "<unprintable object>".to_string(),
        }
    }
}

/// The tier-2 state `config` asks for.
#[cfg(feature = "tier2")]
fn new_tier2(config: &Config) -> crate::exec::registry::Tier2 {
    let optimizer: Box<dyn crate::exec::api::Optimizer> = match (&config.optimizer, config.tier) {
        (Some(f), _) => (f.0)(),
        (None, 1) => Box::new(crate::exec::api::NullOptimizer),
        (None, _) => Box::new(crate::exec::api::TraceOptimizer::new(
            config.optimize_traces,
            config.log_traces,
        )),
    };
    let mut tier2 = crate::exec::registry::Tier2::new(
        optimizer,
        config.hot,
        config.executor_memory,
        config.stats,
    );
    tier2.jit = config.jit.as_ref().map(crate::jit::backend::Jit::new);
    tier2.uop_helpers = config.uop_helpers;
    tier2
}

/// Without tier 2 the interpreter runs everything, whatever `config.tier` says.
#[cfg(not(feature = "tier2"))]
fn new_tier2(_config: &Config) -> crate::tier1_only::Tier2 {
    crate::tier1_only::Tier2::default()
}
