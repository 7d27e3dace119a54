//! The mutating methods only `bytearray` has.

use alloc::format;
use alloc::vec::Vec;

use super::bytesmethods::{byte_val, Kw};
use super::{check_args, int_arg};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

fn with_ba<R>(
    vm: &mut Vm,
    args: &[Value],
    name: &str,
    f: impl FnOnce(&mut Vec<u8>) -> R,
) -> PyResult<R> {
    let r = args.first().and_then(|v| v.as_obj());
    if let Some(r) = r {
        if let Obj::ByteArray(b) = vm.heap.get_mut(r) {
            return Ok(f(b));
        }
    }
    Err(super::descriptor_error(vm, name, "bytearray", args))
}

/// Fails with `BufferError` when the bytearray `args[0]` is exported (a memoryview of it is
/// alive) and would change from its length to `new_len(length)` bytes.
fn check_resize(vm: &mut Vm, args: &[Value], new_len: impl FnOnce(usize) -> usize) -> PyResult<()> {
    let Some(r) = args.first().and_then(|v| v.as_obj()) else {
        return Ok(());
    };
    let n = vm.bytearray_len(r);
    vm.check_resize(r, n, new_len(n))
}

pub(super) fn ba_append(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "append", args, 2, 2)?;
    let b = byte_val(vm, args[1])?;
    check_resize(vm, args, |n| n + 1)?;
    vm.charge(1)?;
    with_ba(vm, args, "append", |v| v.push(b))?;
    Ok(Value::NONE)
}

pub(super) fn ba_extend(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "extend", args, 2, 2)?;
    let data = match vm.bytes_data(args[1]) {
        Some(d) => d,
        None => {
            let items = match vm.collect_iter(args[1]) {
                Ok(i) => i,
                Err(_) => {
                    let msg = format!("can't extend bytearray with {}", vm.type_name(args[1]));
                    return Err(vm.type_error(msg));
                }
            };
            // An item's `__index__` may collect.
            vm.with_roots(&items, |vm, _| {
                items
                    .iter()
                    .map(|&it| byte_val(vm, it))
                    .collect::<PyResult<Vec<u8>>>()
            })?
        }
    };
    check_resize(vm, args, |n| n + data.len())?;
    vm.charge(data.len())?;
    with_ba(vm, args, "extend", |v| v.extend_from_slice(&data))?;
    Ok(Value::NONE)
}

pub(super) fn ba_pop(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "pop", args, 1, 2)?;
    let idx = match args.get(1) {
        Some(v) => Some(int_arg(vm, *v)?),
        None => None,
    };
    let len = with_ba(vm, args, "pop", |v| v.len() as i64)?;
    let i = idx.unwrap_or(-1);
    let i = if i < 0 { i + len } else { i };
    if (0..len).contains(&i) {
        check_resize(vm, args, |n| n - 1)?;
    }
    let r = with_ba(vm, args, "pop", |v| {
        if v.is_empty() {
            return Err(true);
        }
        let n = v.len() as i64;
        let i = idx.unwrap_or(-1);
        let i = if i < 0 { i + n } else { i };
        if i < 0 || i >= n {
            return Err(false);
        }
        Ok(v.remove(i as usize))
    })?;
    match r {
        Ok(b) => Ok(Value::int_unchecked(i64::from(b))),
        Err(true) => Err(vm.index_error("pop from empty bytearray")),
        Err(false) => Err(vm.index_error("pop index out of range")),
    }
}

pub(super) fn ba_insert(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "insert", args, 3, 3)?;
    let i = int_arg(vm, args[1])?;
    let b = byte_val(vm, args[2])?;
    check_resize(vm, args, |n| n + 1)?;
    vm.charge(1)?;
    with_ba(vm, args, "insert", |v| {
        let n = v.len() as i64;
        let i = if i < 0 { (i + n).max(0) } else { i.min(n) };
        v.insert(i as usize, b);
    })?;
    Ok(Value::NONE)
}

pub(super) fn ba_remove(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "remove", args, 2, 2)?;
    let b = byte_val(vm, args[1])?;
    if with_ba(vm, args, "remove", |v| v.contains(&b))? {
        check_resize(vm, args, |n| n - 1)?;
    }
    let ok = with_ba(vm, args, "remove", |v| {
        match v.iter().position(|x| *x == b) {
            Some(i) => {
                v.remove(i);
                true
            }
            None => false,
        }
    })?;
    if ok {
        Ok(Value::NONE)
    } else {
        Err(vm.value_error("value not found in bytearray"))
    }
}

pub(super) fn ba_reverse(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "reverse", args, 1, 1)?;
    with_ba(vm, args, "reverse", |v| v.reverse())?;
    Ok(Value::NONE)
}

pub(super) fn ba_clear(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "clear", args, 1, 1)?;
    check_resize(vm, args, |_| 0)?;
    with_ba(vm, args, "clear", |v| v.clear())?;
    Ok(Value::NONE)
}

pub(super) fn ba_copy(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "copy", args, 1, 1)?;
    let d = with_ba(vm, args, "copy", |v| v.clone())?;
    vm.charge(d.len())?;
    vm.alloc_value(Obj::ByteArray(d))
}

pub(super) fn ba_setitem(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "__setitem__", args, 3, 3)?;
    with_ba(vm, args, "__setitem__", |_| ())?;
    vm.set_item(args[0], args[1], args[2])?;
    Ok(Value::NONE)
}
