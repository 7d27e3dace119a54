//! Files: `open()` and the file objects it returns. The objects are Python classes
//! (`fileio.py`, the module `_fileio`, frozen as the image `vm-core/frozen/_fileio.tbz` and
//! loaded when `open()` is first called) over the
//! module `_fs`, whose functions are the host's filesystem calls ([`crate::Host`]'s
//! `file_*`): a failed call raises the `OSError` subclass its errno selects, with the file
//! name. A host without a filesystem makes every `open()` an `OSError` that says so.

use alloc::string::String;
use alloc::vec::Vec;

use super::{check_args, int_arg, str_arg};
use crate::hostfs::{FileMode, HostError, Whence};
use crate::object::types::{NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use crate::object::lazy_exc::LazyExc;

/// The file name tracebacks give `_fileio`'s frames.
const FILENAME: &str = "<frozen _io>";

/// `_fileio`'s frozen image (see [`crate::frozen`]).
const IMAGE: &[u8] = include_bytes!("../../frozen/_fileio.tbz");

pub(crate) fn init_fs(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let fns: crate::object::native_table::NativeEntries = &[
        ("open", fs_open),
        ("read", fs_read),
        ("write", fs_write),
        ("seek", fs_seek),
        ("close", fs_close),
        ("remove", fs_remove),
    ];
    vm.add_natives(d, fns, NativeKind::Function, Value::UNDEF);
    Ok(())
}

pub(crate) fn init_fileio(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let code = vm
        .load_image(IMAGE, FILENAME)
        .map_err(|e| vm.internal_error(&alloc::format!("_fileio's frozen image: {e}")))?;
    vm.run_code(code, d, Value::UNDEF, Value::UNDEF)?;
    Ok(())
}

/// `open(file, mode='r', ...)`: `_fileio.open` with the same arguments.
pub(crate) fn builtin_open(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let name = vm.intern("_fileio")?;
    let m = vm.import_module(name)?;
    let f = vm.get_attr_str(m, "open")?;
    vm.call_kw(f, args, kw)
}

/// The `OSError` for a failed host call: `names` are the arguments after errno and text
/// (none, the file name, or the file name, `None` and a second file name).
pub(crate) fn os_error(vm: &mut Vm, e: HostError, names: &[Value]) -> PyErr {
    let r = (|| {
        let strerror = vm.new_str(&e.strerror)?;
        let mut args = Vec::from([Value::int_unchecked(i64::from(e.errno)), strerror]);
        args.extend_from_slice(names);
        let cls = Value::obj(vm.exc_class(LazyExc::OSError)?);
        vm.call(cls, &args)
    })();
    match r {
        Ok(exc) => PyErr(exc),
        Err(e) => e,
    }
}

fn handle(vm: &mut Vm, v: Value) -> PyResult<u64> {
    u64::try_from(int_arg(vm, v)?).map_err(|_| vm.value_error("bad file handle"))
}

/// `_fs.open(path, flags)`: a handle (`flags` are [`FileMode`] bits).
fn fs_open(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "open", args, 2, 2)?;
    let path: String = str_arg(vm, args[0], "path")?;
    let bits = u32::try_from(int_arg(vm, args[1])?).unwrap_or(0);
    let mode = FileMode::from_bits_truncate(bits);
    match vm.host.file_open(&path, mode) {
        Ok(h) => vm.int_from_i128(i128::from(h)),
        Err(e) => Err(os_error(vm, e, &[args[0]])),
    }
}

/// `_fs.read(handle, n)`: at most `n` bytes (all the rest when `n` is negative).
fn fs_read(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "read", args, 2, 2)?;
    let h = handle(vm, args[0])?;
    let n = int_arg(vm, args[1])?;
    let mut out = Vec::new();
    loop {
        let want = if n < 0 {
            64 * 1024
        } else {
            usize::try_from(n).unwrap_or(usize::MAX) - out.len()
        };
        if want == 0 {
            break;
        }
        let chunk = vm
            .host
            .file_read(h, want)
            .map_err(|e| os_error(vm, e, &[]))?;
        if chunk.is_empty() {
            break;
        }
        // The bytes object is charged when it is made; a file larger than the whole heap
        // stops here, before the host's memory holds it.
        if out.len() + chunk.len() > vm.config.heap_limit {
            return Err(vm.memory_error());
        }
        out.extend_from_slice(&chunk);
        if n >= 0 {
            break;
        }
    }
    vm.alloc_value(Obj::Bytes(out.into_boxed_slice()))
}

/// `_fs.write(handle, data)`: the number of bytes written (all of them, or an error).
fn fs_write(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "write", args, 2, 2)?;
    let h = handle(vm, args[0])?;
    let data = super::bytesmethods::bytes_like(vm, args[1])?;
    let mut done = 0;
    while done < data.len() {
        match vm.host.file_write(h, &data[done..]) {
            Ok(0) => break,
            Ok(k) => done += k,
            Err(e) => return Err(os_error(vm, e, &[])),
        }
    }
    Ok(Value::int_unchecked(done as i64))
}

/// `_fs.seek(handle, offset, whence)`: the new position.
fn fs_seek(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "seek", args, 3, 3)?;
    let h = handle(vm, args[0])?;
    let offset = int_arg(vm, args[1])?;
    let whence = match int_arg(vm, args[2])? {
        0 => Whence::Start,
        1 => Whence::Current,
        2 => Whence::End,
        w => {
            let msg = alloc::format!("invalid whence ({w}, should be 0, 1 or 2)");
            return Err(vm.value_error(msg));
        }
    };
    match vm.host.file_seek(h, offset, whence) {
        Ok(p) => vm.int_from_i128(i128::from(p)),
        Err(e) => Err(os_error(vm, e, &[])),
    }
}

/// `_fs.close(handle)`.
fn fs_close(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "close", args, 1, 1)?;
    let h = handle(vm, args[0])?;
    vm.host.file_close(h).map_err(|e| os_error(vm, e, &[]))?;
    Ok(Value::NONE)
}

/// `_fs.remove(path)`: deletes a file.
fn fs_remove(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "remove", args, 1, 1)?;
    let path: String = str_arg(vm, args[0], "path")?;
    vm.host
        .file_remove(&path)
        .map_err(|e| os_error(vm, e, &[args[0]]))?;
    Ok(Value::NONE)
}
