//! The import system: `import a.b`, `from . import x`, packages, `sys.modules`, `sys.path`,
//! circular imports and CPython's import errors.
//!
//! A module is found, in order, among the builtin modules (native: `sys`, `math`, ... and
//! those an embedder registers), the frozen modules (`Vm::register_frozen`, then the
//! standard library's, `crate::stdlib`) and the
//! embedder's loader (`Host::find_module`, searching `sys.path`, or a package's `__path__`
//! for its submodules). A found module is put in `sys.modules` before its code runs, so a
//! circular import sees it partially initialized, and taken out again if its code raises.

pub mod loader;
internal! {
    #[cfg(feature = "compiler")]
    pub mod main_module;
}

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use crate::bytecode::code::CodeObject;
use crate::object::lazy_exc::LazyExc;
use crate::object::types::{Module, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use loader::{FoundModule, FrozenModule, ModuleCode};

impl Vm {
    /// Makes `name` importable from code compiled into the program (a standard library
    /// module, or an embedder's). A frozen package's submodules are frozen as `name.sub`.
    pub fn register_frozen(&mut self, name: &'static str, module: FrozenModule) {
        self.frozen.push((name, module));
    }

    /// Sets the `__main__` module's `__file__` (the script's path, as CPython's).
    pub fn set_main_file(&mut self, path: &str) {
        let g = self.main_globals;
        if let Ok(v) = self.new_str(path) {
            let _ = self.dict_set_str(g, "__file__", v);
        }
    }

    /// The `__import__` an import statement calls when the builtins of `globals` hold one
    /// other than the builtin (a replaced `builtins.__import__`); `None` for the builtin.
    pub(crate) fn import_hook(&mut self, globals: ObjRef) -> PyResult<Option<Value>> {
        let b = self.builtins_of(globals)?;
        let key = self.intern("__import__")?;
        match self.dict_get_str(b, key) {
            None => Err(self.new_lazy_exception(LazyExc::ImportError, "__import__ not found")),
            Some(f) if self.native(f).is_some_and(|n| n.name == "__import__") => Ok(None),
            Some(f) => Ok(Some(f)),
        }
    }

    /// `IMPORT_NAME`: `__import__(name, globals, None, fromlist, level)`.
    pub(crate) fn import_name(
        &mut self,
        name: Value,
        fromlist: Value,
        level: Value,
        globals: ObjRef,
    ) -> PyResult<Value> {
        let level = level.as_small_int().unwrap_or(0).max(0) as usize;
        let rel = String::from(self.str_of(name).unwrap_or(""));
        let abs = if level > 0 {
            self.resolve_relative(&rel, level, globals)?
        } else {
            rel.clone()
        };
        if abs.is_empty() {
            return Err(self.value_error("Empty module name"));
        }
        let module = self.import_absolute(&abs)?;
        let has_fromlist = self.tuple_items(fromlist).is_some_and(|t| !t.is_empty());
        if has_fromlist {
            self.with_roots(&[module], |vm, _| vm.handle_fromlist(module, fromlist))?;
            return Ok(module);
        }
        if level == 0 {
            // `import a.b` binds `a`.
            let top = abs.split('.').next().unwrap_or(&abs);
            return self.sys_module(top).ok_or_else(|| self.not_found(top));
        }
        // `from . import` without names cannot reach here; a relative `import` cannot
        // be written. `__import__('b', g, l, [], 1)` returns the package's first level.
        let cut = abs.len() - rel.len();
        let first = match rel.split('.').next() {
            Some(head) if !rel.is_empty() => &abs[..cut + head.len()],
            _ => &abs[..],
        };
        self.sys_module(first).ok_or_else(|| self.not_found(first))
    }

    /// `sys.modules[name]`, if present.
    fn sys_module(&self, name: &str) -> Option<Value> {
        let (k, _) = self.interned_lookup(name)?;
        self.dict_get_str(self.modules, k)
    }

    /// The interned str of `name` when it is interned (module names always are).
    fn interned_lookup(&self, name: &str) -> Option<(Value, ())> {
        let h = crate::object::hash::str_hash(name);
        self.interned
            .candidates(h)
            .map(|i| self.interned.entry(i).key)
            .find(|k| self.str_of(*k) == Some(name))
            .map(|k| (k, ()))
    }

    /// The absolute name of a relative import of `name` at `level` from the module whose
    /// globals are `globals` (its `__package__`, else its `__name__` and `__path__`).
    fn resolve_relative(&mut self, name: &str, level: usize, globals: ObjRef) -> PyResult<String> {
        let pk = self.intern("__package__")?;
        let package = match self
            .dict_get_str(globals, pk)
            .filter(|v| self.str_of(*v).is_some())
        {
            Some(p) => String::from(self.str_of(p).unwrap_or("")),
            None => {
                let nk = self.name_key;
                let pathk = self.intern("__path__")?;
                let modname = self.dict_get_str(globals, nk);
                let modname = String::from(modname.and_then(|v| self.str_of(v)).unwrap_or(""));
                if self.dict_get_str(globals, pathk).is_some() {
                    modname
                } else {
                    String::from(modname.rsplit_once('.').map_or("", |(p, _)| p))
                }
            }
        };
        if package.is_empty() || package == "__main__" {
            return Err(
                self.import_error_plain("attempted relative import with no known parent package")
            );
        }
        let mut base: &str = &package;
        for _ in 1..level {
            match base.rsplit_once('.') {
                Some((b, _)) => base = b,
                None => {
                    return Err(self
                        .import_error_plain("attempted relative import beyond top-level package"))
                }
            }
        }
        Ok(if name.is_empty() {
            String::from(base)
        } else {
            format!("{base}.{name}")
        })
    }

    /// Imports module `name` (absolute, dotted), its parent packages first, and returns
    /// `sys.modules[name]`.
    pub fn import_absolute(&mut self, name: &str) -> PyResult<Value> {
        // Before `sys.modules`: a withheld module the VM loaded for itself stays withheld.
        // The list names top-level modules: `import os.path` reports `os` missing.
        if !self.module_allowed(name) {
            let top = name.split('.').next().unwrap_or(name);
            return Err(self.not_found(top));
        }
        if let Some(m) = self.sys_module(name) {
            if m == Value::NONE {
                let msg = format!("import of {name} halted; None in sys.modules");
                return Err(self.module_not_found(&msg, name));
            }
            return Ok(m);
        }
        if name == "__main__" {
            return self.main_module();
        }
        let Some((parent, child)) = name.rsplit_once('.') else {
            let nv = self.intern(name)?;
            return self.import_module(nv);
        };
        let pm = self.import_absolute(parent)?;
        // Importing the parent may have imported this module too.
        if let Some(m) = self.sys_module(name) {
            return Ok(m);
        }
        let search = self.with_roots(&[pm], |vm, _| vm.package_path(pm, parent, name))?;
        let m = self.with_roots(&[pm], |vm, _| vm.import_found(name, Some(search)))?;
        // The parent gets the submodule as an attribute.
        let ck = self.intern(child)?;
        self.with_roots(&[m, pm], |vm, _| {
            match pm.as_obj().map(|r| vm.heap.get(r)) {
                Some(Obj::Module(md)) => {
                    let d = md.dict;
                    vm.dict_set(d, ck, m)
                }
                _ => Ok(()),
            }
        })?;
        Ok(m)
    }

    /// The directories a package's submodule `name` is searched in (`__path__`), or the
    /// `ModuleNotFoundError` CPython raises when the parent is not a package.
    fn package_path(&mut self, pm: Value, parent: &str, name: &str) -> PyResult<Vec<String>> {
        let pathk = self.intern("__path__")?;
        let path = self.get_attr_opt(pm, pathk)?;
        let Some(path) = path else {
            let msg = format!("No module named '{name}'; '{parent}' is not a package");
            return Err(self.module_not_found(&msg, name));
        };
        let items = self.collect_iter(path)?;
        Ok(items
            .into_iter()
            .filter_map(|v| self.str_of(v).map(String::from))
            .collect())
    }

    /// `from module import a, b`: a name the package lacks is imported as its submodule.
    fn handle_fromlist(&mut self, module: Value, fromlist: Value) -> PyResult<()> {
        let pathk = self.intern("__path__")?;
        if self.get_attr_opt(module, pathk)?.is_none() {
            return Ok(());
        }
        let modname = match self.obj(module) {
            Some(Obj::Module(m)) => String::from(self.str_of(m.name).unwrap_or("")),
            _ => return Ok(()),
        };
        for item in self.tuple_items(fromlist).unwrap_or_default() {
            let Some(x) = self.str_of(item).map(String::from) else {
                continue;
            };
            if x == "*" || self.get_attr_opt(module, item)?.is_some() {
                continue;
            }
            let sub = format!("{modname}.{x}");
            match self.import_absolute(&sub) {
                Ok(_) => {}
                // A missing submodule is `IMPORT_FROM`'s "cannot import name" error.
                Err(e) if self.is_not_found_for(e, &sub) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Whether `e` is the `ModuleNotFoundError` for exactly module `name`.
    fn is_not_found_for(&mut self, e: PyErr, name: &str) -> bool {
        if !self.exc_matches_lazy(e.0, LazyExc::ModuleNotFoundError) {
            return false;
        }
        let nk = self.name_key;
        let nm = self.intern("name").ok();
        let v = nm.and_then(|k| e.0.as_obj().and_then(|r| self.instance_get(r, k)));
        let _ = nk;
        v.and_then(|v| self.str_of(v)) == Some(name)
    }

    /// A module that is not builtin: a frozen one, else the embedder's loader's, searched
    /// in `search` (a package's `__path__`) or `sys.path`.
    pub(crate) fn import_found(
        &mut self,
        name: &str,
        search: Option<Vec<String>>,
    ) -> PyResult<Value> {
        let Some(found) = self.find_module_code(name, search)? else {
            let msg = format!("No module named '{name}'");
            return Err(self.module_not_found(&msg, name));
        };
        self.exec_found(name, found)
    }

    /// Where module `name` comes from: a frozen module, else the embedder's loader's,
    /// searched in `search` (a package's `__path__`) or `sys.path`; `None` if nowhere.
    fn find_module_code(
        &mut self,
        name: &str,
        search: Option<Vec<String>>,
    ) -> PyResult<Option<FoundModule>> {
        let frozen = self
            .frozen
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, m)| *m)
            .or_else(|| stdlib_module(name));
        Ok(match frozen {
            Some(f) => self.frozen_found(name, f),
            None => {
                let path = match search {
                    Some(p) => p,
                    None => self.sys_path_strings()?,
                };
                self.host.find_module(name, &path)
            }
        })
    }

    /// A frozen module as a loader's result (`__file__` names it as CPython's frozen do).
    fn frozen_found(&self, name: &str, f: FrozenModule) -> Option<FoundModule> {
        let code = f.code()?;
        Some(FoundModule {
            code,
            origin: format!("<frozen {name}>"),
            package_path: f.package.then(|| format!("<frozen {name}>")),
        })
    }

    /// The strs of `sys.path`.
    fn sys_path_strings(&mut self) -> PyResult<Vec<String>> {
        let items = self.collect_iter(Value::obj(self.sys_path))?;
        Ok(items
            .into_iter()
            .filter_map(|v| self.str_of(v).map(String::from))
            .collect())
    }

    /// Creates module `name` from what a loader found, registers it in `sys.modules` and
    /// runs its code (taking it out again if the code raises).
    fn exec_found(&mut self, name: &str, found: FoundModule) -> PyResult<Value> {
        let code = self.module_code(&found)?;
        let m = self.new_module(name)?;
        self.with_roots(&[m], |vm, _| {
            vm.init_module_attrs(m, name, &found)?;
            let nv = vm.intern(name)?;
            let mods = vm.modules;
            vm.dict_set(mods, nv, m)?;
            let Some(Obj::Module(md)) = m.as_obj().map(|r| vm.heap.get(r)) else {
                return Err(vm.internal_error("a new module is not a module"));
            };
            let d = md.dict;
            vm.initializing.push(m);
            let r = vm.run_code(code, d, Value::UNDEF, Value::UNDEF);
            vm.initializing.retain(|x| *x != m);
            if let Err(e) = r {
                let _ = vm.dict_del(mods, nv);
                return Err(e);
            }
            // The module may have replaced itself in `sys.modules`.
            Ok(vm.dict_get_str(mods, nv).unwrap_or(m))
        })
    }

    /// The code object of a found module: its source compiled, or its image loaded.
    fn module_code(&mut self, found: &FoundModule) -> PyResult<Rc<CodeObject>> {
        match &found.code {
            #[cfg(feature = "compiler")]
            ModuleCode::Source(src) => {
                crate::builtins::exec::compile_module(self, src, &found.origin)
            }
            #[cfg(not(feature = "compiler"))]
            ModuleCode::Source(_) => {
                let msg = format!(
                    "cannot import {}: this build has no compiler (use a bytecode image)",
                    found.origin
                );
                Err(self.import_error_plain(&msg))
            }
            // Verified before anything of it runs; tracebacks show its file and lines (a
            // module found as an image has no source beside it, or the source is taken).
            ModuleCode::Image(bytes) => match self.load_image(bytes, &found.origin) {
                Ok(c) => Ok(c),
                Err(e) => {
                    let msg = format!("cannot import {}: {e}", found.origin);
                    Err(self.import_error_plain(&msg))
                }
            },
        }
    }

    /// The `__main__` module (whose dict is the script's globals), put in `sys.modules`
    /// when first imported.
    fn main_module(&mut self) -> PyResult<Value> {
        let nv = self.intern("__main__")?;
        let dict = self.main_globals;
        let m = self.alloc_value(Obj::Module(alloc::boxed::Box::new(Module {
            name: nv,
            dict,
        })))?;
        let mods = self.modules;
        self.with_roots(&[m], |vm, _| vm.dict_set(mods, nv, m))?;
        Ok(m)
    }

    /// A new, empty module object named `name`.
    fn new_module(&mut self, name: &str) -> PyResult<Value> {
        let d = self.new_dict()?;
        let dr = d.as_obj().unwrap_or(self.main_globals);
        let nv = self.intern(name)?;
        self.with_roots(&[d], |vm, _| {
            vm.dict_set_str(dr, "__name__", nv)?;
            vm.alloc_value(Obj::Module(alloc::boxed::Box::new(Module {
                name: nv,
                dict: dr,
            })))
        })
    }

    /// `__file__`, `__package__`, `__path__` (packages), `__builtins__` of a new module.
    fn init_module_attrs(&mut self, m: Value, name: &str, found: &FoundModule) -> PyResult<()> {
        let Some(Obj::Module(md)) = m.as_obj().map(|r| self.heap.get(r)) else {
            return Ok(());
        };
        let d = md.dict;
        let file = self.new_str(&found.origin)?;
        self.dict_set_str(d, "__file__", file)?;
        let package = match &found.package_path {
            Some(_) => name,
            None => name.rsplit_once('.').map_or("", |(p, _)| p),
        };
        let pv = self.new_str(package)?;
        self.dict_set_str(d, "__package__", pv)?;
        if let Some(dir) = &found.package_path {
            let dv = self.new_str(dir)?;
            let path = self.new_list(alloc::vec![dv])?;
            self.dict_set_str(d, "__path__", path)?;
        }
        let b = Value::obj(self.builtins);
        self.dict_set_str(d, "__builtins__", b)?;
        Ok(())
    }

    /// `IMPORT_FROM`: attribute `name` of module `m`, else its submodule `m.name` from
    /// `sys.modules` (a circular import may not have set the attribute yet), else CPython's
    /// "cannot import name" error.
    pub(crate) fn import_from(&mut self, m: Value, name: Value) -> PyResult<Value> {
        if let Some(v) = self.get_attr_opt(m, name)? {
            return Ok(v);
        }
        let (modname, dict) = match self.obj(m) {
            Some(Obj::Module(md)) => (md.name, Some(md.dict)),
            _ => (Value::NONE, None),
        };
        let mname = String::from(self.str_of(modname).unwrap_or("?"));
        let attr = String::from(self.str_of(name).unwrap_or("?"));
        if let Some(sub) = self.sys_module(&format!("{mname}.{attr}")) {
            return Ok(sub);
        }
        let file = dict.and_then(|d| {
            let fk = self.interned_lookup("__file__")?.0;
            self.dict_get_str(d, fk)
        });
        let location = match file.and_then(|f| self.str_of(f)) {
            Some(f) => String::from(f),
            None => String::from("unknown location"),
        };
        let msg = if self.initializing.contains(&m) {
            format!(
                "cannot import name '{attr}' from partially initialized module '{mname}' \
                 (most likely due to a circular import) ({location})"
            )
        } else {
            format!("cannot import name '{attr}' from '{mname}' ({location})")
        };
        match self.exc_class(LazyExc::ImportError) {
            Ok(cls) => Err(self.import_error_named(cls, &msg, modname)),
            Err(e) => Err(e),
        }
    }

    /// `ModuleNotFoundError(msg)` with `name`.
    pub(crate) fn module_not_found(&mut self, msg: &str, name: &str) -> PyErr {
        let nv = match self.new_str(name) {
            Ok(v) => v,
            Err(e) => return e,
        };
        match self.exc_class(LazyExc::ModuleNotFoundError) {
            Ok(cls) => self.import_error_named(cls, msg, nv),
            Err(e) => e,
        }
    }

    fn not_found(&mut self, name: &str) -> PyErr {
        let msg = format!("No module named '{name}'");
        self.module_not_found(&msg, name)
    }

    /// `ImportError(msg)`.
    fn import_error_plain(&mut self, msg: &str) -> PyErr {
        self.new_lazy_exception(LazyExc::ImportError, msg)
    }
}

/// The frozen standard library module `name` (none without the `stdlib` feature).
fn stdlib_module(name: &str) -> Option<FrozenModule> {
    #[cfg(feature = "stdlib")]
    return crate::stdlib::find(name);
    #[cfg(not(feature = "stdlib"))]
    {
        let _ = name;
        None
    }
}
