//! The methods and writable attributes of `BaseException` (`args`, `__cause__`,
//! `__context__`, `__traceback__`).

use alloc::boxed::Box;
use alloc::format;

use super::{add_methods, check_args};
use crate::object::native_table::NativeEntries;
use crate::object::types::{NativeKind, Obj, Property};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

pub(super) fn install(vm: &mut Vm, base_exc: ObjRef) {
    add_methods(
        vm,
        base_exc,
        &[
            ("__init__", exc_init),
            ("__str__", exc_str),
            ("__repr__", exc_repr),
            ("with_traceback", super::frameattrs::exc_with_traceback),
            ("add_note", exc_add_note),
        ],
    );
    install_exc_properties(vm, base_exc);
}

/// The writable exception attributes, in the order of their getters and setters below.
const EXC_PROPERTIES: [&str; 4] = ["args", "__cause__", "__context__", "__traceback__"];

/// The getters of [`EXC_PROPERTIES`] (named as CPython's getset descriptors' functions).
static EXC_GETTERS: NativeEntries = &[
    ("__get", exc_args_get),
    ("__get", exc_cause_get),
    ("__get", exc_context_get),
    ("__get", super::frameattrs::exc_tb_get),
];

/// The setters of [`EXC_PROPERTIES`].
static EXC_SETTERS: NativeEntries = &[
    ("__set", exc_args_set),
    ("__set", exc_cause_set),
    ("__set", exc_context_set),
    ("__set", super::frameattrs::exc_tb_set),
];

/// Data descriptors for the writable exception attributes (`args`, `__cause__`, `__context__`,
/// `__traceback__`).
fn install_exc_properties(vm: &mut Vm, base_exc: ObjRef) {
    let Ok(d) = vm.class_dict_for_entries(base_exc) else {
        return;
    };
    let (kind, owner) = (NativeKind::Method, Value::obj(base_exc));
    let gets = vm.register_natives(EXC_GETTERS, kind, owner);
    let sets = vm.register_natives(EXC_SETTERS, kind, owner);
    for (i, name) in EXC_PROPERTIES.into_iter().enumerate() {
        let (Ok(g), Ok(st), Ok(nk)) = (
            vm.native_entry(gets, EXC_GETTERS, i, kind, owner),
            vm.native_entry(sets, EXC_SETTERS, i, kind, owner),
            vm.intern(name),
        ) else {
            return;
        };
        let prop = Property {
            fget: g,
            fset: st,
            fdel: Value::NONE,
            doc: Value::NONE,
        };
        if let Ok(pv) = vm.alloc_value(Obj::Property(Box::new(prop))) {
            let _ = vm.dict_set(d, nk, pv);
        }
    }
}

fn exc_args_get(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "args", args, 1, 1)?;
    Ok(vm.exc_state(args[0]).map_or(Value::NONE, |e| e.args))
}

fn exc_args_set(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "args", args, 2, 2)?;
    let items = vm.collect_iter(args[1])?;
    let t = vm.new_tuple(items)?;
    if let Some(st) = vm.exc_state_mut(args[0]) {
        st.args = t;
    }
    Ok(Value::NONE)
}

fn exc_cause_get(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__cause__", args, 1, 1)?;
    Ok(vm.exc_state(args[0]).map_or(Value::NONE, |e| e.cause))
}

fn check_exc_link(vm: &mut Vm, v: Value, what: &str) -> PyResult<()> {
    if v != Value::NONE && !vm.is_instance(v, vm.types.base_exception) {
        let msg = format!("exception {what} must be None or derive from BaseException");
        return Err(vm.type_error(msg));
    }
    Ok(())
}

fn exc_cause_set(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__cause__", args, 2, 2)?;
    check_exc_link(vm, args[1], "cause")?;
    if let Some(st) = vm.exc_state_mut(args[0]) {
        st.cause = args[1];
        st.suppress_context = true;
    }
    Ok(Value::NONE)
}

fn exc_context_get(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__context__", args, 1, 1)?;
    Ok(vm.exc_state(args[0]).map_or(Value::NONE, |e| e.context))
}

fn exc_context_set(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__context__", args, 2, 2)?;
    check_exc_link(vm, args[1], "context")?;
    if let Some(st) = vm.exc_state_mut(args[0]) {
        st.context = args[1];
    }
    Ok(Value::NONE)
}

fn exc_init(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let Some((me, rest)) = args.split_first() else {
        return Ok(Value::NONE);
    };
    let t = vm.new_tuple(rest.to_vec())?;
    if let Some(st) = vm.exc_state_mut(*me) {
        st.args = t;
    }
    Ok(Value::NONE)
}

fn exc_str(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__str__", args, 1, 1)?;
    let s = vm.exception_str(args[0])?;
    vm.new_string(s)
}

fn exc_repr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__repr__", args, 1, 1)?;
    let name = vm.type_name(args[0]);
    let a = vm.exc_state(args[0]).map(|e| e.args).unwrap_or(Value::NONE);
    let items = vm.tuple_items(a).unwrap_or_default();
    let s = if items.len() == 1 {
        let inner = vm.repr(items[0])?;
        format!("{name}({inner})")
    } else {
        let inner = vm.repr(a)?;
        format!("{name}{inner}")
    };
    vm.new_string(s)
}

/// `BaseException.add_note(note)`: appends a str to the list `__notes__` (made on first use).
fn exc_add_note(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "add_note", args, 2, 2)?;
    let (exc, note) = (args[0], args[1]);
    if vm.str_of(note).is_none() {
        let msg = format!("note must be a str, not '{}'", vm.type_name(note));
        return Err(vm.type_error(msg));
    }
    let key = vm.intern("__notes__")?;
    let notes = match vm.get_attr_opt(exc, key) {
        Ok(Some(v)) => v,
        Ok(None) => {
            let l = vm.new_list(alloc::vec::Vec::new())?;
            vm.set_attr(exc, key, l)?;
            l
        }
        Err(e) if vm.exc_matches(e.0, vm.types.attribute_error) => {
            let l = vm.new_list(alloc::vec::Vec::new())?;
            vm.set_attr(exc, key, l)?;
            l
        }
        Err(e) => return Err(e),
    };
    if !matches!(vm.obj(notes), Some(Obj::List(_))) {
        return Err(vm.type_error("Cannot add note: __notes__ is not a list"));
    }
    vm.list_push(notes, note)?;
    Ok(Value::NONE)
}
