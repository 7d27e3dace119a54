//! The builtin modules `sys` and `time`, and `import` of the builtin modules (`math` is in
//! `mathmod`, `traceback` in `tbmodule`). `sys`, `time`, `builtins` and the file modules
//! are always in; the others are Cargo features, and importing one the build leaves out
//! raises `ModuleNotFoundError` that names the feature.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{add_native, check_args, int_arg};
use crate::object::types::{Module, NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use crate::object::lazy_exc::LazyExc;

/// A module registered by the embedder: its name and a function filling its namespace.
pub type ModuleInit = fn(&mut Vm, ObjRef) -> PyResult<()>;

impl Vm {
    /// `import name`: the builtin modules, then modules registered by the embedder.
    pub fn import_module(&mut self, name: Value) -> PyResult<Value> {
        if let Some(m) = self.dict_get_str(self.modules, name) {
            return Ok(m);
        }
        let n = String::from(self.str_of(name).unwrap_or(""));
        let init: Option<ModuleInit> = match n.as_str() {
            "sys" => Some(init_sys),
            #[cfg(feature = "math")]
            "math" => Some(super::mathmod::init_math),
            #[cfg(feature = "cmath")]
            "cmath" => Some(super::cmathmod::init_cmath),
            "time" => Some(init_time),
            #[cfg(feature = "random")]
            "random" => Some(super::random::init_random),
            #[cfg(feature = "traceback")]
            "traceback" => Some(super::tbmodule::init_traceback),
            #[cfg(feature = "asyncio")]
            "asyncio" => Some(super::asyncio::init_asyncio),
            #[cfg(feature = "weakref")]
            "weakref" => Some(super::weakrefmod::init_weakref),
            #[cfg(feature = "weakref")]
            "gc" => Some(super::weakrefmod::init_gc),
            "_fs" => Some(super::fsmod::init_fs),
            "_fileio" => Some(super::fsmod::init_fileio),
            #[cfg(feature = "os")]
            "_os" => Some(super::osmod::init_os),
            "_generic_alias" => Some(super::aliasmod::init_generic_alias),
            #[cfg(feature = "stdlib")]
            "binascii" => Some(super::binasciimod::init_binascii),
            #[cfg(feature = "stdlib")]
            "_operator" => Some(super::operatormod::init_operator),
            #[cfg(feature = "stdlib")]
            "_functools" => Some(super::functoolsmod::init_functools),
            #[cfg(feature = "stdlib")]
            "_heapq" => Some(super::heapqmod::init_heapq),
            #[cfg(feature = "stdlib")]
            "_bisect" => Some(super::bisectmod::init_bisect),
            #[cfg(feature = "stdlib")]
            "_itertools" => Some(super::itertoolsmod::init_itertools),
            #[cfg(feature = "re")]
            "_re" => Some(super::re::init_re),
            "builtins" => {
                self.name_deferred_builtins()?;
                return self.make_module_from_dict("builtins", self.builtins);
            }
            // The program's namespace, as a module when first asked for.
            "__main__" => {
                return self.make_module_from_dict("__main__", self.main_globals);
            }
            _ if self.embed.has_module(&n) => {
                let m = self.embed.module(&n).unwrap_or(Value::NONE);
                let mods = self.modules;
                self.dict_set(mods, name, m)?;
                return Ok(m);
            }
            _ => self
                .native_modules
                .iter()
                .find(|(m, _)| *m == n)
                .map(|(_, f)| *f),
        };
        let Some(init) = init else {
            if let Some(feature) = left_out_feature(&n) {
                let msg = format!("No module named '{n}' (built without the {feature} feature)");
                return Err(self.module_not_found(&msg, &n));
            }
            return self.import_found(&n, None);
        };
        let d = self.new_dict()?;
        let dr = d.as_obj().unwrap_or(ObjRef(0));
        let nv = self.intern(&n)?;
        self.dict_set_str(dr, "__name__", nv)?;
        let m = self.alloc_value(Obj::Module(Box::new(Module { name: nv, dict: dr })))?;
        self.with_roots(&[m], |vm, _| init(vm, dr))?;
        let mods = self.modules;
        self.dict_set(mods, nv, m)?;
        Ok(m)
    }

    fn make_module_from_dict(&mut self, name: &str, d: ObjRef) -> PyResult<Value> {
        let nv = self.intern(name)?;
        let m = self.alloc_value(Obj::Module(Box::new(Module { name: nv, dict: d })))?;
        let mods = self.modules;
        self.dict_set(mods, nv, m)?;
        Ok(m)
    }

    /// Registers a native module importable by scripts.
    pub fn register_module(&mut self, name: &'static str, init: ModuleInit) {
        self.native_modules.push((name, init));
    }
}

/// The Cargo feature that has builtin module `name`, when this build leaves it out.
fn left_out_feature(name: &str) -> Option<&'static str> {
    match name {
        #[cfg(not(feature = "math"))]
        "math" => Some("math"),
        #[cfg(not(feature = "cmath"))]
        "cmath" => Some("cmath"),
        #[cfg(not(feature = "random"))]
        "random" => Some("random"),
        #[cfg(not(feature = "traceback"))]
        "traceback" => Some("traceback"),
        #[cfg(not(feature = "asyncio"))]
        "asyncio" => Some("asyncio"),
        #[cfg(not(feature = "weakref"))]
        "weakref" | "gc" => Some("weakref"),
        #[cfg(not(feature = "os"))]
        "_os" => Some("os"),
        _ => None,
    }
}

pub(super) fn add_fns(vm: &mut Vm, d: ObjRef, fns: crate::object::native_table::NativeEntries) {
    vm.add_natives(d, fns, NativeKind::Function, Value::UNDEF);
}

// -- sys --------------------------------------------------------------------------------------

fn init_sys(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    // `sys.modules['__main__']` is the program's module.
    let main = vm.intern("__main__")?;
    if vm.dict_get_str(vm.modules, main).is_none() {
        vm.make_module_from_dict("__main__", vm.main_globals)?;
    }
    let mut argv = Vec::new();
    for a in vm.config.argv.clone() {
        argv.push(vm.new_string(a)?);
    }
    let argv = vm.new_list(argv)?;
    vm.dict_set_str(d, "argv", argv)?;
    vm.dict_set_str(d, "maxsize", Value::NONE)?;
    let maxsize = vm.new_int(i64::MAX)?;
    vm.dict_set_str(d, "maxsize", maxsize)?;
    let bo = vm.new_str(if cfg!(target_endian = "little") {
        "little"
    } else {
        "big"
    })?;
    vm.dict_set_str(d, "byteorder", bo)?;
    let plat = vm.new_str("tiercel")?;
    vm.dict_set_str(d, "platform", plat)?;
    let mods = Value::obj(vm.modules);
    vm.dict_set_str(d, "modules", mods)?;
    let path = Value::obj(vm.sys_path);
    vm.dict_set_str(d, "path", path)?;
    add_fns(
        vm,
        d,
        &[
            ("exit", sys_exit),
            ("getrecursionlimit", sys_getrecursionlimit),
            ("setrecursionlimit", sys_setrecursionlimit),
            ("exc_info", super::frameattrs::sys_exc_info),
            ("_getframe", super::frameattrs::sys_getframe),
            ("intern", sys_intern),
            ("getsizeof", sys_getsizeof),
        ],
    );
    let out = make_stream(vm, false)?;
    vm.dict_set_str(d, "stdout", out)?;
    vm.dict_set_str(d, "__stdout__", out)?;
    let inp = super::stdio::make_stdin(vm)?;
    vm.dict_set_str(d, "stdin", inp)?;
    vm.dict_set_str(d, "__stdin__", inp)?;
    let err = make_stream(vm, true)?;
    vm.dict_set_str(d, "stderr", err)?;
    vm.dict_set_str(d, "__stderr__", err)?;
    super::sysinfo::install(vm, d)
}

/// A tiny stream object with `write` and `flush`, bound to stdout or stderr.
fn make_stream(vm: &mut Vm, stderr: bool) -> PyResult<Value> {
    let ns = vm.new_dict()?;
    let nsr = ns.as_obj().unwrap_or(ObjRef(0));
    // Both streams are `TextIOWrapper`s, as in CPython.
    let name = vm.new_str("TextIOWrapper")?;
    let cls = super::class_create::make_class(vm, name, vm.types.object, nsr)?;
    add_native(
        vm,
        nsr,
        "write",
        if stderr {
            stream_write_err
        } else {
            stream_write_out
        },
        NativeKind::Method,
        Value::obj(cls),
    );
    add_native(
        vm,
        nsr,
        "flush",
        stream_flush,
        NativeKind::Method,
        Value::obj(cls),
    );
    vm.new_instance(cls)
}

fn stream_write(vm: &mut Vm, args: &[Value], stderr: bool) -> PyResult<Value> {
    check_args(vm, "write", args, 2, 2)?;
    let Some(s) = vm.str_of(args[1]).map(String::from) else {
        let msg = format!(
            "write() argument must be str, not {}",
            vm.type_name(args[1])
        );
        return Err(vm.type_error(msg));
    };
    let n = s.chars().count();
    if stderr {
        vm.write_err(&s);
    } else {
        vm.write_out_checked(&s)?;
    }
    Ok(Value::int_unchecked(n as i64))
}

fn stream_write_out(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    stream_write(vm, args, false)
}

fn stream_write_err(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    stream_write(vm, args, true)
}

fn stream_flush(vm: &mut Vm, _args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    vm.flush_out_checked()?;
    Ok(Value::NONE)
}

fn sys_exit(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "exit", args, 0, 1)?;
    let a: Vec<Value> = args.to_vec();
    let cls = vm.exc_class(LazyExc::SystemExit)?;
    let e = vm.new_exception_args(cls, a)?;
    Err(PyErr(e))
}

fn sys_getrecursionlimit(vm: &mut Vm, _args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::int_unchecked(vm.config.recursion_limit as i64))
}

fn sys_setrecursionlimit(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "setrecursionlimit", args, 1, 1)?;
    let n = int_arg(vm, args[0])?;
    if n < 1 {
        return Err(vm.value_error("recursion limit must be greater or equal than 1"));
    }
    if (n as usize) <= vm.frames.len() {
        let msg = format!(
            "cannot set the recursion limit to {n} at the recursion depth {}: the limit is too low",
            vm.frames.len()
        );
        return Err(vm.new_lazy_exception(LazyExc::RecursionError, &msg));
    }
    vm.set_recursion_limit(n as usize);
    Ok(Value::NONE)
}

fn sys_intern(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "intern", args, 1, 1)?;
    let s = super::str_arg(vm, args[0], "intern() argument")?;
    vm.intern(&s)
}

/// `sys.getsizeof(obj[, default])`: the bytes `obj` takes in this VM's heap (its slot and
/// what it owns; a value stored inline counts one `Value`), not CPython's figures; an
/// instance whose class defines `__sizeof__` reports what that returns.
fn sys_getsizeof(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "getsizeof", args, 1, 2)?;
    let v = args[0];
    if matches!(vm.obj(v), Some(Obj::Instance(_))) {
        if let Some(f) = vm.user_special(v, "__sizeof__")? {
            let r = vm.call_bound(f, v, &[])?;
            return match vm.as_i64(r) {
                Some(n) if n >= 0 && vm.is_int(r) => Ok(r),
                Some(_) if vm.is_int(r) => Err(vm.value_error("__sizeof__() should return >= 0")),
                _ => Err(vm.type_error("an integer is required")),
            };
        }
    }
    let n = match vm.obj(v) {
        Some(o) => size_of::<Obj>() + o.extra_bytes(),
        None => size_of::<Value>(),
    };
    vm.new_int(n as i64)
}

// -- time -------------------------------------------------------------------------------------

fn init_time(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    add_fns(
        vm,
        d,
        &[
            ("time", time_time),
            ("perf_counter", time_monotonic),
            ("monotonic", time_monotonic),
            ("process_time", time_monotonic),
            ("sleep", time_sleep),
        ],
    );
    Ok(())
}

fn time_time(vm: &mut Vm, _args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::float(vm.host.time()))
}

fn time_monotonic(vm: &mut Vm, _args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::float(vm.host.monotonic()))
}

fn time_sleep(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "sleep", args, 1, 1)?;
    let secs = vm.to_f64(args[0])?.unwrap_or(0.0);
    if secs < 0.0 {
        return Err(vm.value_error("sleep length must be non-negative"));
    }
    let end = vm.host.monotonic() + secs;
    loop {
        vm.poll_signals()?;
        if vm.host.monotonic() >= end {
            break;
        }
        vm.host.idle(end);
    }
    Ok(Value::NONE)
}

#[cfg(test)]
mod tests {
    use super::left_out_feature;

    #[test]
    fn left_out_modules_name_their_feature() {
        let expect = |on: bool, feature: &'static str| if on { None } else { Some(feature) };
        assert_eq!(left_out_feature("math"), expect(cfg!(feature = "math"), "math"));
        assert_eq!(left_out_feature("cmath"), expect(cfg!(feature = "cmath"), "cmath"));
        assert_eq!(left_out_feature("random"), expect(cfg!(feature = "random"), "random"));
        assert_eq!(left_out_feature("gc"), expect(cfg!(feature = "weakref"), "weakref"));
        assert_eq!(left_out_feature("_os"), expect(cfg!(feature = "os"), "os"));
        assert_eq!(left_out_feature("asyncio"), expect(cfg!(feature = "asyncio"), "asyncio"));
        assert_eq!(left_out_feature("sys"), None);
        assert_eq!(left_out_feature("no_such_module"), None);
    }
}
