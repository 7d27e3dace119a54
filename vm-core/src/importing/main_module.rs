//! `python3 -m NAME`: the module found as `import` finds it (its parent packages imported
//! first, a package run as its `__main__` submodule) and prepared to run as `__main__`, as
//! CPython's `runpy` does.

use alloc::format;
use alloc::string::String;

use super::loader::{FoundModule, ModuleCode};
use crate::vm::{PyResult, RunError, Vm};

/// The program `-m NAME` runs as `__main__`.
#[derive(Clone, Debug)]
pub struct MainModule {
    /// Its source.
    pub source: String,
    /// Its file (`__file__`, `sys.argv[0]` and the name in tracebacks).
    pub origin: String,
}

/// Why `-m NAME` found nothing to run.
#[derive(Debug)]
pub enum MainModuleError {
    /// No such module: the message CPython prints after the program's name (status 1).
    NotFound(String),
    /// A parent package's code raised (or exited): reported as a run's outcome.
    Raised(RunError),
}

impl Vm {
    /// Finds module `name` (dotted) to run as `__main__`: its parent packages are imported
    /// (their code runs), a package runs as its `name.__main__`. On success `__main__`'s
    /// `__file__` and `__package__` are the module's (so its relative imports work) and
    /// `sys.argv[0]` is its file.
    pub fn prepare_main_module(&mut self, name: &str) -> Result<MainModule, MainModuleError> {
        let (name, found) = self.find_for_main(name)?;
        let source = match found.code {
            ModuleCode::Source(s) => s,
            ModuleCode::Image(_) => {
                let msg = format!("cannot run {} as a program: it is a bytecode image", name);
                return Err(MainModuleError::NotFound(msg));
            }
        };
        let parent = name.rsplit_once('.').map_or("", |(p, _)| p);
        let g = self.main_globals;
        let set = |vm: &mut Vm| -> PyResult<()> {
            let file = vm.new_str(&found.origin)?;
            vm.dict_set_str(g, "__file__", file)?;
            let package = vm.new_str(parent)?;
            vm.dict_set_str(g, "__package__", package)?;
            vm.set_argv0(&found.origin)
        };
        self.guarded(set).map_err(MainModuleError::Raised)?;
        Ok(MainModule {
            source,
            origin: found.origin,
        })
    }

    /// The module `name` as a loader finds it, a package's `__main__` in its place (with
    /// the name of the module found).
    fn find_for_main(&mut self, name: &str) -> Result<(String, FoundModule), MainModuleError> {
        let not_found = || MainModuleError::NotFound(format!("No module named {name}"));
        if name.is_empty() || name.split('.').any(str::is_empty) {
            return Err(not_found());
        }
        let search = match name.rsplit_once('.') {
            Some((parent, _)) => {
                let r = self.guarded(|vm| {
                    let pm = vm.import_absolute(parent)?;
                    vm.with_roots(&[pm], |vm, _| vm.package_path(pm, parent, name))
                });
                Some(r.map_err(|e| spec_error(name, e))?)
            }
            None => None,
        };
        let found = self
            .guarded(|vm| vm.find_module_code(name, search))
            .map_err(|e| spec_error(name, e))?;
        let Some(found) = found else {
            return Err(not_found());
        };
        if found.package_path.is_none() {
            return Ok((String::from(name), found));
        }
        // A package: its own code runs first, then its `__main__` is what runs.
        self.guarded(|vm| vm.import_absolute(name).map(|_| ()))
            .map_err(|e| spec_error(name, e))?;
        let main = format!("{name}.__main__");
        match self.find_for_main(&main) {
            Err(MainModuleError::NotFound(_)) => Err(MainModuleError::NotFound(format!(
                "No module named {main}; '{name}' is a package and cannot be directly executed"
            ))),
            r => r,
        }
    }

    /// Sets `sys.argv[0]` (the `sys` module may already exist).
    fn set_argv0(&mut self, arg: &str) -> PyResult<()> {
        if let Some(first) = self.config.argv.first_mut() {
            *first = String::from(arg);
        }
        let Some(sys) = self.sys_module("sys") else {
            return Ok(());
        };
        let key = self.intern("argv")?;
        let Some(argv) = self.get_attr_opt(sys, key)? else {
            return Ok(());
        };
        let value = self.new_str(arg)?;
        self.set_item(argv, crate::object::value::Value::int_unchecked(0), value)
    }
}

/// CPython's report of a failed search: an import error is "Error while finding module
/// specification", anything else is the parent package's own error, reported with its
/// traceback.
fn spec_error(name: &str, e: RunError) -> MainModuleError {
    match e {
        RunError::Exception {
            type_name, message, ..
        } if type_name == "ModuleNotFoundError" || type_name == "ImportError" => {
            MainModuleError::NotFound(format!(
                "Error while finding module specification for '{name}' ({type_name}: {message})"
            ))
        }
        e => MainModuleError::Raised(e),
    }
}
