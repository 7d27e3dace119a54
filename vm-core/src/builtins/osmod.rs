//! The module `_os`: the host's filesystem and environment calls under the frozen modules
//! `os` and `posixpath` ([`crate::Host`]'s `file_rename`, `file_stat`, `dir_*`, `environ`).
//! A failed call raises the `OSError` subclass its errno selects, with the file names; a
//! host without a filesystem makes every call an `OSError` that says so.

use alloc::string::String;
use alloc::vec::Vec;

use super::fsmod::os_error;
use super::{check_args, str_arg};
use crate::hostfs::HostError;
use crate::object::types::NativeKind;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

pub(crate) fn init_os(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let fns: crate::object::native_table::NativeEntries = &[
        ("getcwd", os_getcwd),
        ("listdir", os_listdir),
        ("mkdir", os_mkdir),
        ("rmdir", os_rmdir),
        ("remove", os_remove),
        ("unlink", os_unlink),
        ("rename", os_rename),
        ("stat", os_stat),
        ("environ", os_environ),
        ("set_path_module", os_set_path_module),
    ];
    vm.add_natives(d, fns, NativeKind::Function, Value::UNDEF);
    Ok(())
}

/// What CPython's functions accept as a path (their `TypeError` lists it).
const PATH: &str = "string, bytes or os.PathLike";

/// A path argument: `os` takes `str` paths only; the error for another type is CPython's,
/// `accepts` naming what CPython's function takes.
fn path_arg(vm: &mut Vm, v: Value, func: &str, param: &str, accepts: &str) -> PyResult<String> {
    if vm.str_of(v).is_none() {
        let msg = alloc::format!(
            "{func}: {param} should be {accepts}, not {}",
            vm.type_name(v)
        );
        return Err(vm.type_error(msg));
    }
    str_arg(vm, v, param)
}

/// Runs host call `f` on the path argument `args[0]`; a failure names that path.
fn on_path<T>(
    vm: &mut Vm,
    args: &[Value],
    func: &str,
    f: impl FnOnce(&mut Vm, &str) -> Result<T, HostError>,
) -> PyResult<T> {
    check_args(vm, func, args, 1, 1)?;
    let accepts = if func == "listdir" {
        "string, bytes, os.PathLike, integer or None"
    } else {
        PATH
    };
    let path = path_arg(vm, args[0], func, "path", accepts)?;
    f(vm, &path).map_err(|e| os_error(vm, e, &[args[0]]))
}

/// `_os.getcwd()`.
fn os_getcwd(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "getcwd", args, 0, 0)?;
    match vm.host.dir_current() {
        Ok(s) => vm.new_string(s),
        Err(e) => Err(os_error(vm, e, &[])),
    }
}

/// `_os.listdir(path)`: the names in directory `path`, in the order the host lists them.
fn os_listdir(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let names = on_path(vm, args, "listdir", |vm, p| vm.host.dir_list(p))?;
    let mut items = Vec::with_capacity(names.len());
    for n in names {
        items.push(vm.new_string(n)?);
    }
    vm.new_list(items)
}

/// `_os.mkdir(path)`.
fn os_mkdir(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    on_path(vm, args, "mkdir", |vm, p| vm.host.dir_create(p))?;
    Ok(Value::NONE)
}

/// `_os.rmdir(path)`.
fn os_rmdir(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    on_path(vm, args, "rmdir", |vm, p| vm.host.dir_remove(p))?;
    Ok(Value::NONE)
}

/// `_os.remove(path)`.
fn os_remove(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    on_path(vm, args, "remove", |vm, p| vm.host.file_remove(p))?;
    Ok(Value::NONE)
}

/// `_os.unlink(path)`: `remove` under the name its errors give.
fn os_unlink(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    on_path(vm, args, "unlink", |vm, p| vm.host.file_remove(p))?;
    Ok(Value::NONE)
}

/// `_os.rename(src, dst)`: a failure names both (`'a' -> 'b'`).
fn os_rename(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "rename", args, 2, 2)?;
    let from = path_arg(vm, args[0], "rename", "src", PATH)?;
    let to = path_arg(vm, args[1], "rename", "dst", PATH)?;
    vm.host
        .file_rename(&from, &to)
        .map_err(|e| os_error(vm, e, &[args[0], Value::NONE, args[1]]))?;
    Ok(Value::NONE)
}

/// `_os.stat(path, follow_links)`: the tuple `(mode, ino, dev, nlink, uid, gid, size, atime,
/// mtime, ctime)`, the times as float seconds.
fn os_stat(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "stat", args, 2, 2)?;
    let follow = vm.truthy(args[1])?;
    let path = if follow {
        path_arg(
            vm,
            args[0],
            "stat",
            "path",
            "string, bytes, os.PathLike or integer",
        )?
    } else {
        path_arg(vm, args[0], "lstat", "path", PATH)?
    };
    let st = vm
        .host
        .file_stat(&path, follow)
        .map_err(|e| os_error(vm, e, &[args[0]]))?;
    let mut items = Vec::with_capacity(10);
    for n in [
        u64::from(st.mode),
        st.ino,
        st.dev,
        st.nlink,
        u64::from(st.uid),
        u64::from(st.gid),
        st.size,
    ] {
        items.push(vm.int_from_i128(i128::from(n))?);
    }
    items.extend([st.atime, st.mtime, st.ctime].map(Value::float));
    vm.new_tuple(items)
}

/// `_os.set_path_module(m)`: makes `m` (`posixpath`) the module `os.path` in `sys.modules`,
/// which `os` cannot reach itself when a capability list withholds `sys`.
fn os_set_path_module(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "set_path_module", args, 1, 1)?;
    let name = vm.intern("os.path")?;
    let mods = vm.modules;
    vm.dict_set(mods, name, args[0])?;
    Ok(Value::NONE)
}

/// `_os.environ()`: the host's environment variables as a new dict.
fn os_environ(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "environ", args, 0, 0)?;
    let vars = vm.host.environ();
    let d = vm.new_dict()?;
    let dr = d.as_obj().unwrap_or(ObjRef(0));
    vm.with_roots(&[d], |vm, _| {
        for (k, v) in vars {
            let k = vm.new_string(k)?;
            let v = vm.new_string(v)?;
            vm.dict_set(dr, k, v)?;
        }
        Ok(())
    })?;
    Ok(d)
}
