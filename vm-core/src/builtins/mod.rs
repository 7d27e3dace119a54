//! The `builtins` namespace, builtin type methods and the small standard modules.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::object::native_table::NativeEntries;
use crate::object::types::{NativeFn, NativeFunc, NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

pub(crate) mod aliasmod;
#[cfg(feature = "asyncio")]
mod asyncio;
#[cfg(feature = "stdlib")]
mod binasciimod;
#[cfg(feature = "stdlib")]
mod bisectmod;
#[cfg(feature = "bytes-methods")]
mod bytearraymethods;
mod deferred;
#[cfg(feature = "bytes-methods")]
mod bytesascii;
mod bytescodec;
pub mod bytesmethods;
#[cfg(feature = "bytes-methods")]
mod bytessearch;
#[cfg(feature = "bytes-methods")]
mod bytessplit;
#[cfg(feature = "bytes-methods")]
mod bytestranslate;
pub mod class_bases;
pub mod class_create;
pub mod classes;
#[cfg(feature = "cmath")]
mod cmathmod;
mod coromethods;
pub mod ctor;
mod exc_methods;
pub(crate) mod exec;
mod frameattrs;
mod fsmod;
mod arith_builtins;
pub mod functions;
#[cfg(feature = "stdlib")]
mod functoolsmod;
#[cfg(feature = "stdlib")]
mod heapqmod;
#[cfg(feature = "stdlib")]
mod itertoolsmod;
#[cfg(feature = "math")]
mod intmath;
mod keywords;
mod list_sort;
#[cfg(feature = "bytes-methods")]
mod memviewmethods;
pub mod methods;
#[cfg(feature = "math")]
pub(crate) mod mathmod;
pub mod modules;
pub mod nummethods;
#[cfg(feature = "stdlib")]
mod operatormod;
#[cfg(feature = "stdlib")]
pub(crate) use operatormod::single_itemgetter_key;
#[cfg(feature = "os")]
mod osmod;
mod quitter;
#[cfg(feature = "random")]
pub mod random;
#[cfg(feature = "re")]
mod re;
mod setmulti;
mod slots;
mod stdio;
mod strcase;
mod strcodec;
pub mod strmethods;
mod strpad;
pub(crate) mod strpredicates;
mod strsearch;
mod strsplit;
mod sysinfo;
#[cfg(feature = "traceback")]
mod tbmodule;
mod weakrefmod;

/// Registers a native callable under `name` in dict `d`.
pub(crate) fn add_native(
    vm: &mut Vm,
    d: ObjRef,
    name: &'static str,
    f: NativeFn,
    kind: NativeKind,
    owner: Value,
) {
    let nf = NativeFunc {
        name,
        f,
        kind,
        bound: Value::UNDEF,
        owner,
    };
    let Ok(v) = vm.alloc_value(Obj::Native(Box::new(nf))) else {
        return;
    };
    let _ = vm.dict_set_str(d, name, v);
}

/// Registers methods on a builtin class.
pub(crate) fn add_methods(vm: &mut Vm, cls: ObjRef, methods: NativeEntries) {
    vm.add_type_natives(cls, methods, NativeKind::Method);
}

/// Creates the builtins namespace and the module table. Called once by `Vm::new`.
pub(crate) fn install(vm: &mut Vm) {
    methods::register_known_tables(vm);
    let builtins = vm
        .new_dict()
        .ok()
        .and_then(|v| v.as_obj())
        .unwrap_or(ObjRef(0));
    let modules = vm
        .new_dict()
        .ok()
        .and_then(|v| v.as_obj())
        .unwrap_or(ObjRef(0));
    let main = vm
        .new_dict()
        .ok()
        .and_then(|v| v.as_obj())
        .unwrap_or(ObjRef(0));
    vm.builtins = builtins;
    vm.modules = modules;
    vm.main_globals = main;
    let path: Vec<String> = vm.config.path.clone();
    let mut entries = Vec::with_capacity(path.len());
    for p in path {
        entries.push(vm.new_string(p).unwrap_or(Value::NONE));
    }
    vm.sys_path = vm
        .new_list(entries)
        .ok()
        .and_then(|v| v.as_obj())
        .unwrap_or(ObjRef(0));
    vm.memory_error = vm
        .new_exception_args(vm.types.memory_error_type, Vec::new())
        .unwrap_or(Value::NONE);
    vm.terminated_error = vm
        .new_exception_args(vm.types.base_exception, Vec::new())
        .unwrap_or(Value::NONE);
    // The builtin types, the builtin functions, and the rarer exception classes (with
    // `OSError`'s old names `IOError` and `EnvironmentError`) come on first lookup
    // (`deferred`).
    for (_, cls) in vm.types.exception_classes() {
        set_class(vm, builtins, cls);
    }
    let _ = vm.dict_set_str(builtins, "NotImplemented", Value::NOT_IMPLEMENTED);
    let _ = vm.dict_set_str(builtins, "Ellipsis", Value::ELLIPSIS);
    let _ = vm.dict_set_str(builtins, "None", Value::NONE);
    let _ = vm.dict_set_str(builtins, "True", Value::TRUE);
    let _ = vm.dict_set_str(builtins, "False", Value::FALSE);
    deferred::install_functions(vm, builtins);
    classes::install(vm, builtins);
    class_create::install(vm);
    ctor::install_new(vm);
    slots::install(vm);
    methods::install(vm);
    coromethods::install(vm);
    #[cfg(feature = "bytes-methods")]
    memviewmethods::install(vm);
    weakrefmod::install(vm);
    let name = vm.intern("__main__").unwrap_or(Value::NONE);
    let _ = vm.dict_set_str(main, "__name__", name);
    let _ = vm.dict_set_str(main, "__builtins__", Value::obj(builtins));
    let bn = vm.intern("builtins").unwrap_or(Value::NONE);
    let _ = vm.dict_set_str(builtins, "__name__", bn);
}

/// Stores builtin type `cls` in dict `d` under its name (the same `str` as its `__name__`).
fn set_class(vm: &mut Vm, d: ObjRef, cls: ObjRef) {
    if let Ok(k) = vm.intern_class_name(cls) {
        let _ = vm.dict_set(d, k, Value::obj(cls));
    }
}

// -- Argument helpers -----------------------------------------------------------------------

/// Checks a native function's positional argument count against CPython's wording.
pub(crate) fn check_args(
    vm: &mut Vm,
    name: &str,
    args: &[Value],
    min: usize,
    max: usize,
) -> PyResult<()> {
    let n = args.len();
    if n >= min && n <= max {
        return Ok(());
    }
    let msg = if min == max {
        match min {
            0 => format!("{name}() takes no arguments ({n} given)"),
            1 => format!("{name}() takes exactly one argument ({n} given)"),
            _ => format!("{name}() takes exactly {min} arguments ({n} given)"),
        }
    } else if n < min {
        format!(
            "{name} expected at least {min} argument{}, got {n}",
            if min == 1 { "" } else { "s" }
        )
    } else {
        format!(
            "{name} expected at most {max} argument{}, got {n}",
            if max == 1 { "" } else { "s" }
        )
    };
    Err(vm.type_error(msg))
}

/// Checks that a method (`args` holds the receiver first) got no arguments, in CPython's
/// words for `qualname` (`"str.upper"`).
pub(crate) fn check_no_args(vm: &mut Vm, qualname: &str, args: &[Value]) -> PyResult<()> {
    if args.len() <= 1 {
        return Ok(());
    }
    let msg = format!("{qualname}() takes no arguments ({} given)", args.len() - 1);
    Err(vm.type_error(msg))
}

/// Rejects keyword arguments for natives that take none.
pub(crate) fn no_kwargs(vm: &mut Vm, name: &str, kwargs: &[(Value, Value)]) -> PyResult<()> {
    if kwargs.is_empty() {
        Ok(())
    } else {
        Err(vm.type_error(format!("{name}() takes no keyword arguments")))
    }
}

/// Looks up a keyword argument by name.
pub(crate) fn kwarg(vm: &Vm, kwargs: &[(Value, Value)], name: &str) -> Option<Value> {
    kwargs
        .iter()
        .find(|(k, _)| vm.str_of(*k) == Some(name))
        .map(|(_, v)| *v)
}

/// Rejects keyword arguments outside `allowed`.
pub(crate) fn check_kwargs(
    vm: &mut Vm,
    fname: &str,
    kwargs: &[(Value, Value)],
    allowed: &[&str],
) -> PyResult<()> {
    for (k, _) in kwargs {
        let n = vm.str_of(*k).unwrap_or("");
        if !allowed.contains(&n) {
            let msg = format!("'{n}' is an invalid keyword argument for {fname}()");
            return Err(vm.type_error(msg));
        }
    }
    Ok(())
}

/// Binds a native's positional and keyword arguments to its parameters `names` (the first
/// `posonly` of them positional-only), with CPython's errors; a parameter not given is
/// `UNDEF` in the result.
pub(crate) fn bind_params(
    vm: &mut Vm,
    fname: &str,
    args: &[Value],
    kwargs: &[(Value, Value)],
    names: &[&str],
    posonly: usize,
) -> PyResult<Vec<Value>> {
    if args.len() > names.len() {
        let msg = format!(
            "{fname}() takes at most {} argument{} ({} given)",
            names.len(),
            if names.len() == 1 { "" } else { "s" },
            args.len()
        );
        return Err(vm.type_error(msg));
    }
    let mut out = alloc::vec![Value::UNDEF; names.len()];
    out[..args.len()].copy_from_slice(args);
    for (k, v) in kwargs {
        let key = vm.str_of(*k).unwrap_or("");
        let Some(i) = names.iter().skip(posonly).position(|n| *n == key) else {
            let msg = format!("'{key}' is an invalid keyword argument for {fname}()");
            return Err(vm.type_error(msg));
        };
        let i = i + posonly;
        if i < args.len() {
            let msg = format!(
                "argument for {fname}() given by name ('{key}') and position ({})",
                i + 1
            );
            return Err(vm.type_error(msg));
        }
        out[i] = *v;
    }
    Ok(out)
}

/// The str argument of a native, or a TypeError naming what was expected.
pub(crate) fn str_arg(vm: &mut Vm, v: Value, what: &str) -> PyResult<String> {
    match vm.str_of(v) {
        Some(s) => Ok(String::from(s)),
        None => {
            let msg = format!("{what} must be str, not {}", vm.type_name(v));
            Err(vm.type_error(msg))
        }
    }
}

/// An int argument as i64, with CPython's messages.
pub(crate) fn int_arg(vm: &mut Vm, v: Value) -> PyResult<i64> {
    if let Some(i) = vm.as_i64(v) {
        return Ok(i);
    }
    if vm.is_int(v) {
        return Err(vm.overflow_error("Python int too large to convert to C ssize_t"));
    }
    if let Some(f) = vm.user_special(v, "__index__")? {
        let r = vm.call_bound(f, v, &[])?;
        if let Some(i) = vm.as_i64(r) {
            return Ok(i);
        }
    }
    let msg = format!(
        "'{}' object cannot be interpreted as an integer",
        vm.type_name(v)
    );
    Err(vm.type_error(msg))
}

/// The TypeError of a builtin type's method called on something else (or on nothing), in
/// CPython 3.11's words.
pub(crate) fn descriptor_error(vm: &mut Vm, name: &str, owner: &str, args: &[Value]) -> PyErr {
    let msg = match args.first() {
        None => format!("unbound method {owner}.{name}() needs an argument"),
        Some(v) => format!(
            "descriptor '{name}' for '{owner}' objects doesn't apply to a '{}' object",
            vm.type_name(*v)
        ),
    };
    vm.type_error(msg)
}

/// Shorthand for a TypeError result.
pub(crate) fn type_err<T>(vm: &mut Vm, msg: String) -> Result<T, PyErr> {
    Err(vm.type_error(msg))
}
