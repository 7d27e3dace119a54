//! Which of the VM's own modules and builtins a script sees ([`Config::modules`],
//! [`Config::builtins`]).
//!
//! [`Config::modules`]: crate::Config::modules
//! [`Config::builtins`]: crate::Config::builtins

use alloc::string::String;
use alloc::vec::Vec;

use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

/// A list of names a script may use: all of them, only some, or all but some.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Allow {
    /// Every name (the default).
    #[default]
    All,
    /// Only these names.
    Only(Vec<String>),
    /// Every name but these.
    AllExcept(Vec<String>),
}

impl Allow {
    /// Only the names given.
    pub fn only<S: Into<String>>(names: impl IntoIterator<Item = S>) -> Allow {
        Allow::Only(names.into_iter().map(Into::into).collect())
    }

    /// Every name but those given.
    pub fn all_except<S: Into<String>>(names: impl IntoIterator<Item = S>) -> Allow {
        Allow::AllExcept(names.into_iter().map(Into::into).collect())
    }

    /// Whether `name` is allowed.
    pub fn allows(&self, name: &str) -> bool {
        match self {
            Allow::All => true,
            Allow::Only(names) => names.iter().any(|n| n == name),
            Allow::AllExcept(names) => !names.iter().any(|n| n == name),
        }
    }
}

/// The modules written in Rust that every VM has (see `builtins::modules`).
pub(crate) const BUILTIN_MODULES: &[&str] = &[
    "sys",
    "math",
    "cmath",
    "time",
    "random",
    "traceback",
    "asyncio",
    "weakref",
    "gc",
    "_fs",
    "_fileio",
    "_os",
    "_generic_alias",
    "binascii",
    "builtins",
];

impl Vm {
    /// Whether a script may import module `name` (a full dotted name): the VM's own
    /// modules (written in Rust, or the frozen standard library) only when
    /// [`crate::Config::modules`] allows the top-level name. The embedder's modules and
    /// what the host finds are always allowed.
    pub(crate) fn module_allowed(&self, name: &str) -> bool {
        if matches!(self.config.modules, Allow::All) {
            return true;
        }
        let top = name.split('.').next().unwrap_or(name);
        // `os.path` is `posixpath`, and both call `_os`: all three are `os` in the list.
        let listed = match top {
            "_os" | "posixpath" => "os",
            _ => top,
        };
        if self.config.modules.allows(listed) || self.embedder_module(top) {
            return true;
        }
        !self.vm_module(top)
    }

    /// Whether the embedder registered module `name` (a native or frozen module).
    fn embedder_module(&self, name: &str) -> bool {
        self.native_modules.iter().any(|(n, _)| *n == name)
            || self.frozen.iter().any(|(n, _)| *n == name)
            || self.embed.has_module(name)
    }

    /// Whether `name` is one of the VM's own modules.
    fn vm_module(&self, name: &str) -> bool {
        if BUILTIN_MODULES.contains(&name) {
            return true;
        }
        #[cfg(feature = "stdlib")]
        if crate::stdlib::find(name).is_some() {
            return true;
        }
        false
    }

    /// Removes the builtins [`crate::Config::builtins`] withholds from the builtins
    /// namespace (a script's use of one is then a `NameError`). Dunder names
    /// (`__build_class__`, `__import__`, ...) stay: the interpreter itself needs them.
    pub(crate) fn withhold_builtins(&mut self) -> PyResult<()> {
        if matches!(self.config.builtins, Allow::All) {
            return Ok(());
        }
        let b = self.builtins;
        let keys: Vec<Value> = self.dict_items(b).into_iter().map(|(k, _)| k).collect();
        for k in keys {
            let Some(name) = self.str_of(k) else { continue };
            let dunder = name.starts_with("__") && name.ends_with("__");
            if !dunder && !self.config.builtins.allows(name) {
                self.dict_del(b, k)?;
            }
        }
        Ok(())
    }
}
