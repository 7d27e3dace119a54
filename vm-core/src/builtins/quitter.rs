//! `exit` and `quit`, the builtins CPython's `site` module adds: objects whose `repr` tells a
//! REPL user how to leave, and whose call raises `SystemExit` (`exit(3)` ends with status 3).

use alloc::format;

use super::{add_native, check_args, check_kwargs, kwarg};
use crate::object::types::NativeKind;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use crate::object::lazy_exc::LazyExc;

/// Adds `exit` and `quit` (those the embedder's list of builtins allows) to the builtins
/// namespace `b`: on their first lookup (`super::deferred`).
pub(crate) fn install(vm: &mut Vm, b: ObjRef) -> PyResult<()> {
    let ns = vm.new_dict()?;
    let nsr = ns.as_obj().unwrap_or(ObjRef(0));
    let cls = vm.with_roots(&[ns], |vm, _| {
        let module = vm.intern("_sitebuiltins")?;
        vm.dict_set_str(nsr, "__module__", module)?;
        let name = vm.new_str("Quitter")?;
        super::class_create::make_class(vm, name, vm.types.object, nsr)
    })?;
    add_native(
        vm,
        nsr,
        "__repr__",
        repr,
        NativeKind::Method,
        Value::obj(cls),
    );
    add_native(
        vm,
        nsr,
        "__call__",
        call,
        NativeKind::Method,
        Value::obj(cls),
    );
    for name in ["exit", "quit"] {
        if !vm.config.builtins.allows(name) {
            continue;
        }
        let q = vm.new_instance(cls)?;
        vm.with_roots(&[q], |vm, _| {
            let n = vm.intern("name")?;
            let v = vm.new_str(name)?;
            vm.set_attr(q, n, v)?;
            vm.dict_set_str(b, name, q)
        })?;
    }
    Ok(())
}

/// `repr(exit)`: `Use exit() or Ctrl-D (i.e. EOF) to exit`.
fn repr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__repr__", args, 1, 1)?;
    let name = vm.get_attr_str(args[0], "name")?;
    let name = vm.to_str(name)?;
    vm.new_string(format!("Use {name}() or Ctrl-D (i.e. EOF) to exit"))
}

/// `exit(code=None)`: raises `SystemExit(code)`.
fn call(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    check_kwargs(vm, "__call__", kw, &["code"])?;
    check_args(vm, "__call__", args, 1, 2)?;
    let code = args.get(1).copied().or_else(|| kwarg(vm, kw, "code"));
    let cls = vm.exc_class(LazyExc::SystemExit)?;
    let e = vm.new_exception_args(cls, code.into_iter().collect())?;
    Err(PyErr(e))
}
