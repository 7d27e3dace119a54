//! The embedding API: compile and run source, call Python from Rust, read results.

use alloc::boxed::Box;
use alloc::rc::Rc;
#[cfg(feature = "compiler")]
use alloc::string::String;
#[cfg(feature = "compiler")]
use alloc::vec::Vec;

use crate::bytecode::code::CodeObject;
#[cfg(feature = "compiler")]
use crate::bytecode::code::{ConstAllocError, ConstPool, IntLiteral};
use crate::handle::Handle;
#[cfg(feature = "compiler")]
use crate::object::bigint::BigInt;
use crate::object::types::{NativeFn, NativeFunc, NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, RunError, Vm};

/// The exit status [`Vm::report_outcome`] gives a terminated run (as `timeout(1)` does).
pub const TERMINATED_STATUS: i32 = 124;

/// The VM as the code generator's source of heap constants.
#[cfg(feature = "compiler")]
pub(crate) struct Pool<'a>(pub(crate) &'a mut Vm);

#[cfg(feature = "compiler")]
impl ConstPool for Pool<'_> {
    fn str(&mut self, s: &str) -> Result<Value, ConstAllocError> {
        self.0.intern(s).map_err(|_| ConstAllocError)
    }

    fn int(&mut self, lit: IntLiteral<'_>) -> Result<Value, ConstAllocError> {
        let b = match lit {
            IntLiteral::Small(i) => BigInt::from_i64(i),
            IntLiteral::Big { digits, radix } => {
                BigInt::parse(digits, radix, 0).map_err(|_| ConstAllocError)?
            }
        };
        self.0.int_from_big(b).map_err(|_| ConstAllocError)
    }

    fn bytes(&mut self, b: &[u8]) -> Result<Value, ConstAllocError> {
        self.0
            .alloc_value(Obj::Bytes(b.into()))
            .map_err(|_| ConstAllocError)
    }

    fn complex(&mut self, re: f64, im: f64) -> Result<Value, ConstAllocError> {
        self.0
            .new_complex(crate::numeric::complex::Complex::new(re, im))
            .map_err(|_| ConstAllocError)
    }

    fn tuple(&mut self, items: &[Value]) -> Result<Value, ConstAllocError> {
        self.0
            .new_tuple(items.to_vec())
            .map_err(|_| ConstAllocError)
    }

    fn code(&mut self, code: Rc<CodeObject>) -> Result<Value, ConstAllocError> {
        self.0
            .alloc_value(Obj::Code(code))
            .map_err(|_| ConstAllocError)
    }
}

/// How source is compiled.
#[cfg(feature = "compiler")]
pub use crate::compile::codegen::Mode;

/// Whether a REPL entry read so far (its lines, each ending in `\n`) needs more lines before
/// it can run, as CPython's interactive loop decides: an open bracket or triple-quoted
/// string, a trailing backslash, a block header without a body, or a compound statement not
/// yet ended by an empty line. An entry with an error is complete (it runs, and reports it).
#[cfg(feature = "compiler")]
pub fn needs_more_input(entry: &str) -> bool {
    crate::compile::parser::entry_needs_more(entry)
}

impl Vm {
    #[cfg(feature = "compiler")]
    /// Compiles source to a module code object. The error is CPython's rendering of the
    /// `SyntaxError` (ends with a newline).
    pub fn compile(
        &mut self,
        source: &str,
        filename: &str,
        mode: Mode,
    ) -> Result<Rc<CodeObject>, String> {
        let mut pool = Pool(self);
        crate::compile::codegen::compile_source(source, filename, mode, &mut pool)
            .map_err(|e| e.render(filename, source))
    }

    #[cfg(feature = "compiler")]
    /// Runs source as the `__main__` module. Returns the run's outcome; uncaught exceptions
    /// come back as [`RunError::Exception`] with the traceback text, and the VM stays usable.
    pub fn run_source(&mut self, source: &str, filename: &str) -> Result<(), RunError> {
        self.run_source_mode(source, filename, Mode::Exec)
    }

    #[cfg(feature = "compiler")]
    /// Like [`Vm::run_source`] with a compile mode (interactive prints expression values).
    pub fn run_source_mode(
        &mut self,
        source: &str,
        filename: &str,
        mode: Mode,
    ) -> Result<(), RunError> {
        let code = self
            .compile(source, filename, mode)
            .map_err(RunError::Compile)?;
        self.run_main(code)
    }

    /// Runs a module's code object (compiled, or loaded from an image) as the `__main__`
    /// module: the outcome as [`Vm::run_source`] gives it.
    pub fn run_main(&mut self, code: Rc<CodeObject>) -> Result<(), RunError> {
        let globals = self.main_globals;
        self.begin_run();
        let r = self.run_code(code, globals, Value::UNDEF, Value::UNDEF);
        // Describe before resetting: the reset collects garbage and the exception is
        // otherwise unreachable.
        let out = match r {
            Ok(_) => Ok(()),
            Err(e) => Err(self.describe_uncaught(e)),
        };
        self.reset_after_run();
        out
    }

    /// Prepares a run started from Rust: when no script is running, it gets a fresh
    /// budget. A call made by native code during a run is part of that run. (A request
    /// sent while no script runs is for the next run: a watchdog may fire before the run
    /// it was started for begins.)
    pub(crate) fn begin_run(&mut self) {
        if self.frames.is_empty() {
            self.start_fuel();
        }
    }

    /// Runs `f` as a run started from Rust (a fresh budget, the state restored after it),
    /// its uncaught exception described as a run's.
    pub(crate) fn guarded<T>(
        &mut self,
        f: impl FnOnce(&mut Vm) -> PyResult<T>,
    ) -> Result<T, RunError> {
        self.begin_run();
        let r = f(self);
        let out = r.map_err(|e| self.describe_uncaught(e));
        self.reset_after_run();
        out
    }

    /// Restores the interpreter state after a run ended (normally, by an exception or
    /// terminated), so the next run starts clean.
    pub(crate) fn reset_after_run(&mut self) {
        self.retire_all_frames();
        self.stack.clear();
        self.native_roots.clear();
        self.repr_active.clear();
        self.native_depth = 0;
        self.handled_exc = Value::NONE;
        self.reraising = false;
        self.gen_returned = false;
        self.agen_wrapped = false;
        self.heap.end_pressure();
        // What a deep recursion grew is given back (the next run grows it again if it
        // needs to).
        self.stack.shrink_to(1024);
        self.frames.shrink_to(64);
        self.update_frame_limit();
        let (stack_cap, frames_cap) = (self.stack.capacity(), self.frames.capacity());
        let _ = self.account_frames(stack_cap, frames_cap);
        self.collect_garbage();
        if self.is_terminating() {
            // A terminated script's queued finalizers never run.
            for g in core::mem::take(&mut self.finalize_queue) {
                if let Some(gen) = g
                    .as_obj()
                    .and_then(|r| self.heap.get_mut(r).resumable_mut())
                {
                    gen.finalized = true;
                }
            }
            self.terminating = None;
        } else {
            // Generators dropped by the run's last statements still get closed.
            self.run_finalizers();
        }
        // A request that came after the run's last safe point is not for the next run.
        self.signals.clear();
    }

    /// What a command-line front end does with a run's outcome, as `python3` does: prints a
    /// compile error or the traceback of an uncaught exception on stderr, runs the
    /// `weakref.finalize` callbacks still due at exit (not after a terminated run) and
    /// returns the exit status (0 on success, 1 on an error, `n` for `sys.exit(n)`).
    pub fn report_outcome(&mut self, r: Result<(), RunError>) -> i32 {
        let terminated = matches!(r, Err(RunError::Terminated { .. }));
        let status = self.report_error(r);
        if !terminated {
            self.run_exit_finalizers();
        }
        status
    }

    /// Prints a run's error and gives its exit status.
    fn report_error(&mut self, r: Result<(), RunError>) -> i32 {
        match r {
            Ok(()) => 0,
            Err(RunError::Compile(text)) => {
                self.write_err(&text);
                1
            }
            Err(RunError::Exception { traceback, .. }) => {
                self.write_err(&traceback);
                1
            }
            Err(RunError::Exit(n)) => n,
            Err(RunError::Terminated { reason, traceback }) => {
                self.write_err(&traceback);
                self.write_err(match reason {
                    crate::limits::Termination::Fuel => {
                        "Terminated: the instruction budget is spent\n"
                    }
                    crate::limits::Termination::Request => "Terminated: on request\n",
                });
                TERMINATED_STATUS
            }
        }
    }

    /// Turns an uncaught exception into a [`RunError`] (`SystemExit` into an exit status,
    /// a terminated run's error into [`RunError::Terminated`]).
    pub fn describe_uncaught(&mut self, e: PyErr) -> RunError {
        if let Some(reason) = self.terminating {
            let traceback = self.format_traceback(self.terminated_error);
            return RunError::Terminated { reason, traceback };
        }
        let exc = e.0;
        if self.exc_matches_lazy(exc, crate::object::lazy_exc::LazyExc::SystemExit) && !self.system_exit_reported {
            let args = self
                .exc_state(exc)
                .and_then(|s| self.tuple_items(s.args))
                .unwrap_or_default();
            let code = match args.first() {
                None => 0,
                Some(v) if *v == Value::NONE => 0,
                Some(v) => match self.as_i64(*v) {
                    Some(i) => i as i32,
                    None => {
                        let msg = self.display(*v);
                        self.write_err(&msg);
                        self.write_err("\n");
                        1
                    }
                },
            };
            return RunError::Exit(code);
        }
        let traceback = self.format_exception(exc);
        let type_name = self.type_name(exc);
        let message = self.exception_str(exc).unwrap_or_default();
        RunError::Exception {
            type_name,
            message,
            traceback,
        }
    }

    /// Whether an uncaught `SystemExit` comes back from a run as [`RunError::Exception`] with
    /// its traceback instead of [`RunError::Exit`]: `python3 -i` reports a script's
    /// `sys.exit()` that way and starts its REPL.
    pub fn set_system_exit_reported(&mut self, on: bool) {
        self.system_exit_reported = on;
    }

    /// Registers a native function in the builtins namespace.
    pub fn register_function(&mut self, name: &'static str, f: NativeFn) -> PyResult<()> {
        let nf = NativeFunc {
            name,
            f,
            kind: NativeKind::Function,
            bound: Value::UNDEF,
            owner: Value::UNDEF,
        };
        let v = self.alloc_value(Obj::Native(Box::new(nf)))?;
        let b = self.builtins;
        self.dict_set_str(b, name, v)
    }

    /// Adds a native function to a module namespace (for [`Vm::register_module`] inits).
    pub fn add_module_function(
        &mut self,
        module_dict: ObjRef,
        name: &'static str,
        f: NativeFn,
    ) -> PyResult<()> {
        let nf = NativeFunc {
            name,
            f,
            kind: NativeKind::Function,
            bound: Value::UNDEF,
            owner: Value::UNDEF,
        };
        let v = self.alloc_value(Obj::Native(Box::new(nf)))?;
        self.dict_set_str(module_dict, name, v)
    }

    /// The specialization statistics, when [`Config::stats`](crate::Config::stats) is set.
    pub fn spec_stats(&self) -> Option<&crate::interp::specialize::SpecStats> {
        self.spec.stats.as_deref()
    }

    /// What the JIT compiled and refused, when [`Config::jit`](crate::Config::jit) is set.
    #[cfg(feature = "tier2")]
    pub fn jit_stats(&self) -> Option<crate::jit::JitStats> {
        self.tier2.jit.as_ref().map(|j| j.stats())
    }

    /// Reads a global of `__main__` (a handle: it stays valid across runs and collections).
    pub fn get_global(&mut self, name: &str) -> Option<Handle> {
        let k = self.intern(name).ok()?;
        let v = self.dict_get_str(self.main_globals, k)?;
        Some(self.handle(v))
    }

    /// Calls a callable from Rust: the embedder's entry point outside any run, or a native
    /// function's call back into Python during one. The result is a handle: the run's end
    /// collects garbage, and a raw value could then name a freed object.
    pub fn call_function(&mut self, f: Value, args: &[Value]) -> Result<Handle, RunError> {
        let depth_ok = self.frames.is_empty();
        self.begin_run();
        let r = self.with_roots(args, |vm, _| vm.call(f, args));
        let out = match r {
            Ok(v) => Ok(self.handle(v)),
            Err(e) => Err(self.describe_uncaught(e)),
        };
        if depth_ok {
            self.reset_after_run();
        }
        out
    }

    #[cfg(feature = "compiler")]
    /// Disassembles source (the `--dis` view), describing constants with `repr`.
    pub fn disassemble_source(&mut self, source: &str, filename: &str) -> Result<String, String> {
        let code = self.compile(source, filename, Mode::Exec)?;
        let mut out = String::new();
        let reprs: Vec<(Value, String)> = collect_consts(self, &code);
        crate::bytecode::disasm::disassemble(&code, &mut out, &|v| {
            reprs
                .iter()
                .find(|(k, _)| *k == v)
                .map(|(_, s)| s.clone())
                .unwrap_or_else(|| alloc::format!("{v:?}"))
        });
        Ok(out)
    }
}

#[cfg(feature = "compiler")]
fn collect_consts(vm: &mut Vm, code: &CodeObject) -> Vec<(Value, String)> {
    let mut out = Vec::new();
    for c in code.consts.iter().chain(code.names.iter()) {
        if let Some(Obj::Code(inner)) = vm.obj(*c) {
            let inner = inner.clone();
            out.extend(collect_consts(vm, &inner));
            let name = vm.str_of(inner.name).map(String::from).unwrap_or_default();
            out.push((*c, alloc::format!("<code object {name}>")));
            continue;
        }
        let r = vm.repr(*c).unwrap_or_default();
        out.push((*c, r));
    }
    out
}
