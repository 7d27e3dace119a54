//! What `sys` says about the interpreter: `version`, `version_info` (a named tuple, CPython's
//! "struct sequence"), `hexversion` and `implementation` (a `types.SimpleNamespace`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{add_native, check_args};
use crate::object::types::{NativeFn, NativeKind, Obj, Property};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// The Python version whose language Tiercel runs.
const PYTHON_VERSION: (i64, i64, i64) = (3, 11, 0);

/// `version_info`'s fields.
const VERSION_FIELDS: [&str; 5] = ["major", "minor", "micro", "releaselevel", "serial"];

/// Sets `version`, `version_info`, `hexversion` and `implementation` in `sys`'s namespace.
pub(super) fn install(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let cls = version_info_class(vm)?;
    let (major, minor, micro) = PYTHON_VERSION;
    let vi = version_value(vm, cls, (major, minor, micro))?;
    vm.dict_set_str(d, "version_info", vi)?;
    let tiercel = env!("CARGO_PKG_VERSION");
    let text = format!("{major}.{minor}.{micro} (Tiercel {tiercel})");
    let version = vm.new_string(text)?;
    vm.dict_set_str(d, "version", version)?;
    let hex = vm.new_int(hexversion(major, minor, micro))?;
    vm.dict_set_str(d, "hexversion", hex)?;
    let own = tiercel_version(tiercel);
    let impl_version = version_value(vm, cls, own)?;
    let impl_hex = vm.new_int(hexversion(own.0, own.1, own.2))?;
    let name = vm.new_str("tiercel")?;
    let ns = new_namespace(
        vm,
        &[
            ("name", name),
            ("cache_tag", Value::NONE),
            ("version", impl_version),
            ("hexversion", impl_hex),
        ],
    )?;
    vm.dict_set_str(d, "implementation", ns)
}

/// `PY_VERSION_HEX` of a final release.
fn hexversion(major: i64, minor: i64, micro: i64) -> i64 {
    (major << 24) | (minor << 16) | (micro << 8) | 0xf0
}

/// Tiercel's own version from its crate version (`0.1.0`).
fn tiercel_version(text: &str) -> (i64, i64, i64) {
    let mut parts = text.split('.').map(|p| p.parse::<i64>().unwrap_or(0));
    (
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
    )
}

/// The class `sys.version_info`: a subclass of `tuple` whose fields are also attributes.
fn version_info_class(vm: &mut Vm) -> PyResult<ObjRef> {
    let getters: [NativeFn; 5] = [field::<0>, field::<1>, field::<2>, field::<3>, field::<4>];
    let ns = vm.new_dict()?;
    let nsr = ns.as_obj().unwrap_or(ObjRef(0));
    vm.with_roots(&[ns], |vm, _| {
        let module = vm.intern("sys")?;
        vm.dict_set_str(nsr, "__module__", module)?;
        let mut names = Vec::with_capacity(VERSION_FIELDS.len());
        for n in VERSION_FIELDS {
            names.push(vm.intern(n)?);
        }
        let match_args = vm.new_tuple(names)?;
        vm.dict_set_str(nsr, "__match_args__", match_args)?;
        let name = vm.new_str("version_info")?;
        let cls = super::class_create::make_class(vm, name, vm.types.tuple, nsr)?;
        for (n, g) in VERSION_FIELDS.iter().zip(getters) {
            let fget = native(vm, n, g, cls)?;
            let prop = vm.alloc_value(Obj::Property(alloc::boxed::Box::new(Property {
                fget,
                fset: Value::NONE,
                fdel: Value::NONE,
                doc: Value::NONE,
            })))?;
            vm.dict_set_str(nsr, n, prop)?;
        }
        let methods: [(&'static str, NativeFn); 5] = [
            ("__repr__", seq_repr),
            ("__len__", seq_len),
            ("__getitem__", seq_getitem),
            ("__iter__", seq_iter),
            ("__hash__", seq_hash),
        ];
        for (n, f) in methods {
            add_native(vm, nsr, n, f, NativeKind::Method, Value::obj(cls));
        }
        Ok(cls)
    })
}

fn native(vm: &mut Vm, name: &'static str, f: NativeFn, owner: ObjRef) -> PyResult<Value> {
    vm.alloc_value(Obj::Native(alloc::boxed::Box::new(
        crate::object::types::NativeFunc {
            name,
            f,
            kind: NativeKind::Method,
            bound: Value::UNDEF,
            owner: Value::obj(owner),
        },
    )))
}

/// A `version_info` instance: its tuple is the instance's builtin value.
fn version_value(vm: &mut Vm, cls: ObjRef, v: (i64, i64, i64)) -> PyResult<Value> {
    let level = vm.new_str("final")?;
    let items = alloc::vec![
        Value::int_unchecked(v.0),
        Value::int_unchecked(v.1),
        Value::int_unchecked(v.2),
        level,
        Value::int_unchecked(0),
    ];
    let t = vm.new_tuple(items)?;
    vm.with_roots(&[t], |vm, _| {
        let inst = vm.new_user_instance(cls, &[])?;
        if let Some(Obj::Instance(i)) = inst.as_obj().map(|r| vm.heap.get_mut(r)) {
            i.native = t;
        }
        Ok(inst)
    })
}

/// The items of a struct sequence (`self` of its methods).
fn items_of(vm: &mut Vm, args: &[Value]) -> PyResult<Vec<Value>> {
    let t = args.first().and_then(|v| vm.native_value(*v));
    match t.and_then(|t| vm.tuple_items(t)) {
        Some(items) => Ok(items),
        None => Err(vm.type_error("descriptor requires a 'sys.version_info' object")),
    }
}

fn field<const I: usize>(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let items = items_of(vm, args)?;
    Ok(items.get(I).copied().unwrap_or(Value::NONE))
}

fn seq_repr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let items = items_of(vm, args)?;
    let mut out = String::from("sys.version_info(");
    for (i, (n, v)) in VERSION_FIELDS.iter().zip(items).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let r = vm.repr(v)?;
        out.push_str(&format!("{n}={r}"));
    }
    out.push(')');
    vm.new_string(out)
}

fn seq_len(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let items = items_of(vm, args)?;
    Ok(Value::int_unchecked(items.len() as i64))
}

fn seq_getitem(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__getitem__", args, 2, 2)?;
    let t = vm.native_value(args[0]).unwrap_or(Value::NONE);
    vm.get_item(t, args[1])
}

fn seq_iter(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let t = vm.native_value(args[0]).unwrap_or(Value::NONE);
    vm.get_iter(t)
}

fn seq_hash(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let t = vm.native_value(args[0]).unwrap_or(Value::NONE);
    let h = vm.hash(t)?;
    vm.new_int(h as i64)
}

/// A `types.SimpleNamespace` with these attributes, in order.
fn new_namespace(vm: &mut Vm, attrs: &[(&str, Value)]) -> PyResult<Value> {
    let roots: Vec<Value> = attrs.iter().map(|(_, v)| *v).collect();
    vm.with_roots(&roots, |vm, _| {
        let ns = vm.new_dict()?;
        let nsr = ns.as_obj().unwrap_or(ObjRef(0));
        vm.root(ns);
        let module = vm.intern("types")?;
        vm.dict_set_str(nsr, "__module__", module)?;
        let name = vm.new_str("SimpleNamespace")?;
        let cls = super::class_create::make_class(vm, name, vm.types.object, nsr)?;
        add_native(
            vm,
            nsr,
            "__repr__",
            namespace_repr,
            NativeKind::Method,
            Value::obj(cls),
        );
        let inst = vm.new_user_instance(cls, &[])?;
        let r = inst.as_obj().unwrap_or(ObjRef(0));
        for (n, v) in attrs {
            let k = vm.intern(n)?;
            vm.instance_set(r, k, *v)?;
        }
        Ok(inst)
    })
}

fn namespace_repr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__repr__", args, 1, 1)?;
    let d = vm.get_attr_str(args[0], "__dict__")?;
    let Some(dr) = d.as_obj() else {
        return vm.new_str("namespace()");
    };
    let mut out = String::from("namespace(");
    for (i, (k, v)) in vm.dict_items(dr).into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let key = String::from(vm.str_of(k).unwrap_or("?"));
        let r = vm.repr(v)?;
        out.push_str(&format!("{key}={r}"));
    }
    out.push(')');
    vm.new_string(out)
}
