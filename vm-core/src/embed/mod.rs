//! The embedding API: [`Interpreter`] runs scripts and exchanges typed values with them;
//! native functions are Rust closures ([`Interpreter::function`]) that get a [`CallCtx`];
//! native classes ([`NativeClass`]) give Python objects Rust data; [`Allow`] lists decide
//! which of the VM's own modules and builtins a script sees. `docs/EMBEDDING.md` is the
//! guide.

mod args;
mod capabilities;
mod class;
mod convert;
mod ctx;
mod error;
mod native;
pub(crate) mod state;

use alloc::boxed::Box;
use alloc::sync::Arc;

pub use args::{FromArgs, IntoArgs, Variadic};
pub use capabilities::Allow;
pub use class::{ClassBuilder, NativeClass};
pub use convert::{ConvError, FromPy, IntoPy};
pub use ctx::{CallCtx, ExcKind};

use crate::handle::Handle;
use crate::limits::Signals;
use crate::object::types::{Module, NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{Config, Host, PyResult, RunError, StartError, Vm};

/// A Python interpreter: one VM, its heap and its host.
pub struct Interpreter {
    vm: Vm,
}

impl core::fmt::Debug for Interpreter {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Interpreter").finish_non_exhaustive()
    }
}

impl Interpreter {
    /// A new interpreter writing through `host`. Fails when [`Config::heap_limit`] cannot
    /// hold the VM's own objects.
    pub fn new(config: Config, host: impl Host) -> Result<Interpreter, StartError> {
        Ok(Interpreter {
            vm: Vm::new(config, Box::new(host))?,
        })
    }

    /// Runs source as the `__main__` module. An uncaught exception comes back as
    /// [`RunError::Exception`] with its traceback; the interpreter stays usable, and
    /// `__main__`'s globals persist for the next run.
    #[cfg(feature = "compiler")]
    pub fn run(&mut self, source: &str, filename: &str) -> Result<(), RunError> {
        self.vm.run_source(source, filename)
    }

    /// Runs a bytecode image (`tiercel compile`'s output; see `docs/IMAGES.md`) as the
    /// `__main__` module, like [`Interpreter::run`]; works without the compiler. A malformed
    /// image is refused ([`RunError::Compile`] with the reason) and nothing of it runs.
    pub fn run_image(&mut self, image: &[u8], filename: &str) -> Result<(), RunError> {
        self.vm.run_image(image, filename, None)
    }

    /// Sets the main script's `__file__`.
    pub fn set_main_file(&mut self, path: &str) {
        self.vm.set_main_file(path);
    }

    /// Adds a module compiled into the program (Python source or a bytecode image); a frozen
    /// package's submodules are added as `pkg.sub`.
    pub fn frozen(&mut self, name: &'static str, module: crate::importing::loader::FrozenModule) {
        self.vm.register_frozen(name, module);
    }

    /// What the JIT compiled and refused, when [`Config::jit`] is set.
    #[cfg(feature = "tier2")]
    pub fn jit_stats(&self) -> Option<crate::jit::JitStats> {
        self.vm.jit_stats()
    }

    /// Evaluates an expression in `__main__`'s namespace and converts its value.
    #[cfg(feature = "compiler")]
    pub fn eval<T: FromPy>(&mut self, expr: &str) -> Result<T, RunError> {
        let code = self
            .vm
            .compile(expr, "<eval>", crate::api::Mode::Eval)
            .map_err(RunError::Compile)?;
        self.vm.guarded(|vm| {
            let globals = vm.main_globals;
            let v = vm.run_code(code, globals, Value::UNDEF, Value::UNDEF)?;
            convert_value(vm, v)
        })
    }

    /// Reads global `name` of `__main__` (a `NameError` when it is not set).
    pub fn global<T: FromPy>(&mut self, name: &str) -> Result<T, RunError> {
        self.vm.guarded(|vm| {
            let k = vm.intern(name)?;
            match vm.dict_get_str(vm.main_globals, k) {
                Some(v) => convert_value(vm, v),
                None => {
                    let msg = alloc::format!("name '{name}' is not defined");
                    Err(vm.new_exception(vm.types.name_error, &msg))
                }
            }
        })
    }

    /// Sets global `name` of `__main__`.
    pub fn set_global(&mut self, name: &str, value: impl IntoPy) -> Result<(), RunError> {
        self.vm.guarded(|vm| {
            let v = value.into_py(vm)?;
            let g = vm.main_globals;
            vm.with_roots(&[v], |vm, _| vm.dict_set_str(g, name, v))
        })
    }

    /// Calls `f(*args)` and converts the result.
    pub fn call<R: FromPy>(&mut self, f: &Handle, args: impl IntoArgs) -> Result<R, RunError> {
        self.vm.guarded(|vm| {
            let args = args.into_args(vm)?;
            let r = vm.with_roots(&args, |vm, _| vm.call(f.get(), &args))?;
            convert_value(vm, r)
        })
    }

    /// Adds builtin function `name`: a closure taking a [`CallCtx`] and its arguments as a
    /// tuple of [`FromPy`] types (see [`FromArgs`]), returning an [`IntoPy`] value.
    pub fn function<A, R, F>(&mut self, name: &'static str, f: F) -> Result<(), RunError>
    where
        A: FromArgs,
        R: IntoPy,
        F: Fn(&mut CallCtx<'_>, A) -> PyResult<R> + 'static,
    {
        self.vm.guarded(|vm| {
            let body = native::typed_body(name, f);
            let v = native::new_closure(vm, name, NativeKind::Function, Value::UNDEF, body)?;
            let b = vm.builtins;
            vm.dict_set_str(b, name, v)
        })
    }

    /// [`Interpreter::function`] for an `FnMut` closure. A call made while it runs (through
    /// a call back into Python) raises `RuntimeError`.
    pub fn function_mut<A, R, F>(&mut self, name: &'static str, f: F) -> Result<(), RunError>
    where
        A: FromArgs,
        R: IntoPy,
        F: FnMut(&mut CallCtx<'_>, A) -> PyResult<R> + 'static,
    {
        self.vm.guarded(|vm| {
            let body = native::typed_body_mut(name, f);
            let v = native::new_closure(vm, name, NativeKind::Function, Value::UNDEF, body)?;
            let b = vm.builtins;
            vm.dict_set_str(b, name, v)
        })
    }

    /// Adds native class `T` to the builtins.
    pub fn class<T: NativeClass>(&mut self) -> Result<(), RunError> {
        self.vm.guarded(|vm| {
            let c = class::class_of::<T>(vm, "builtins")?;
            let b = vm.builtins;
            vm.dict_set_str(b, T::NAME, c)
        })
    }

    /// Adds module `name`, which scripts import; `build` fills it. The module is made now
    /// and shared by every import (as `sys.modules` keeps a module).
    pub fn module(
        &mut self,
        name: &'static str,
        build: impl FnOnce(&mut ModuleBuilder<'_>) -> PyResult<()>,
    ) -> Result<(), RunError> {
        self.vm.guarded(|vm| {
            let d = vm.new_dict()?;
            let dict = d.as_obj().unwrap_or(ObjRef(0));
            vm.with_roots(&[d], |vm, _| {
                let nv = vm.intern(name)?;
                vm.dict_set_str(dict, "__name__", nv)?;
                let m = vm.alloc_value(Obj::Module(Box::new(Module { name: nv, dict })))?;
                let module = vm.handle(m);
                build(&mut ModuleBuilder { vm, name, dict })?;
                vm.embed.add_module(name, module);
                Ok(())
            })
        })
    }

    /// The host, if it is an `H` (a [`crate::BufferHost`]'s output, say).
    pub fn host<H: Host>(&self) -> Option<&H> {
        self.vm.host_ref::<H>()
    }

    /// The host, if it is an `H`, to change.
    pub fn host_mut<H: Host>(&mut self) -> Option<&mut H> {
        self.vm.host_mut::<H>()
    }

    /// The requests a watchdog or an interrupt handler sends to stop a run
    /// ([`Signals::interrupt`], [`Signals::terminate`]).
    pub fn signals(&self) -> Arc<Signals> {
        self.vm.signals()
    }

    /// The instruction budget of the runs from the next on (`None`: unlimited).
    pub fn set_fuel(&mut self, fuel: Option<u64>) {
        self.vm.set_fuel(fuel);
    }

    /// How much of its budget the last run used (`None` without a budget).
    pub fn fuel_used(&self) -> Option<u64> {
        self.vm.fuel_used()
    }

    /// The VM inside, for the project's own tools (the `tiercel` command's options).
    #[cfg(feature = "internals")]
    #[doc(hidden)]
    pub fn vm(&mut self) -> &mut Vm {
        &mut self.vm
    }
}

/// Fills a module made by [`Interpreter::module`].
pub struct ModuleBuilder<'a> {
    vm: &'a mut Vm,
    name: &'static str,
    dict: ObjRef,
}

impl ModuleBuilder<'_> {
    /// Adds function `name` (as [`Interpreter::function`]).
    pub fn function<A, R, F>(&mut self, name: &'static str, f: F) -> PyResult<()>
    where
        A: FromArgs,
        R: IntoPy,
        F: Fn(&mut CallCtx<'_>, A) -> PyResult<R> + 'static,
    {
        let body = native::typed_body(name, f);
        let v = native::new_closure(self.vm, name, NativeKind::Function, Value::UNDEF, body)?;
        self.vm.dict_set_str(self.dict, name, v)
    }

    /// Adds function `name` (as [`Interpreter::function_mut`]).
    pub fn function_mut<A, R, F>(&mut self, name: &'static str, f: F) -> PyResult<()>
    where
        A: FromArgs,
        R: IntoPy,
        F: FnMut(&mut CallCtx<'_>, A) -> PyResult<R> + 'static,
    {
        let body = native::typed_body_mut(name, f);
        let v = native::new_closure(self.vm, name, NativeKind::Function, Value::UNDEF, body)?;
        self.vm.dict_set_str(self.dict, name, v)
    }

    /// Adds native class `T`.
    pub fn class<T: NativeClass>(&mut self) -> PyResult<()> {
        let c = class::class_of::<T>(self.vm, self.name)?;
        self.vm.dict_set_str(self.dict, T::NAME, c)
    }

    /// Adds attribute `name` with a value.
    pub fn value(&mut self, name: &str, value: impl IntoPy) -> PyResult<()> {
        let v = value.into_py(self.vm)?;
        let dict = self.dict;
        self.vm
            .with_roots(&[v], |vm, _| vm.dict_set_str(dict, name, v))
    }
}

/// Converts `v` for the embedder (a `TypeError` when it does not fit).
fn convert_value<T: FromPy>(vm: &mut Vm, v: Value) -> PyResult<T> {
    vm.with_roots(&[v], |vm, _| {
        T::from_py(vm, v).map_err(|e| e.raise(vm, None))
    })
}
