//! Creating classes: `__build_class__`, the metaclass a class statement uses, `__prepare__`,
//! `type.__new__`, `__init__` and `__call__`, `__set_name__` and `__init_subclass__`.
//!
//! A class statement runs as CPython 3.11's: the metaclass is the explicit `metaclass=` or
//! the most derived metaclass of the bases, `__prepare__` makes the namespace, the body runs
//! in it, and the metaclass is called with `(name, bases, namespace, **kwargs)`. Classes
//! whose metaclass is `type` skip the lookups of `__prepare__`, `__new__` and `__call__`.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::Cell;

use crate::object::native_table::NativeEntries;
use crate::object::types::{slot_kind, AttrPlain, BuiltinBase, Class, NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// The methods of `type` that create and call classes.
pub(crate) fn install(vm: &mut Vm) {
    let type_ = vm.types.type_;
    let new: NativeEntries = &[("__new__", type_new)];
    vm.add_type_natives(type_, new, NativeKind::StaticMethod);
    let methods: NativeEntries = &[
        ("__init__", type_init),
        ("__call__", type_call),
        ("__subclasses__", type_subclasses),
    ];
    vm.add_type_natives(type_, methods, NativeKind::Method);
    let prepare: NativeEntries = &[("__prepare__", type_prepare)];
    vm.add_type_natives(type_, prepare, NativeKind::ClassMethod);
}

/// `cls.__subclasses__()`: the live user classes that name `cls` among their bases, in
/// the order they were made.
fn type_subclasses(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let Some(cls) = args
        .first()
        .and_then(|v| v.as_obj())
        .filter(|r| vm.class(*r).is_some())
    else {
        return Err(vm.type_error("descriptor '__subclasses__' requires a 'type' object"));
    };
    let subs = vm
        .class(cls)
        .map(|c| c.subclasses.clone())
        .unwrap_or_default();
    let direct: Vec<Value> = subs
        .into_iter()
        .filter(|s| vm.weak_class(*s).is_some_and(|c| c.bases.contains(&cls)))
        .map(Value::obj)
        .collect();
    vm.new_list(direct)
}

/// `__build_class__(body, name, *bases, metaclass=..., **kwargs)`: a class statement.
pub(crate) fn build_class(
    vm: &mut Vm,
    args: &[Value],
    kwargs: &[(Value, Value)],
) -> PyResult<Value> {
    if args.len() < 2 {
        return Err(vm.type_error("__build_class__: not enough arguments"));
    }
    let (body, name) = (args[0], args[1]);
    let (code, globals) = match vm.obj(body) {
        Some(Obj::Function(f)) => (f.code.clone(), f.globals),
        _ => return Err(vm.type_error("__build_class__: func must be a function")),
    };
    if vm.str_of(name).is_none() {
        return Err(vm.type_error("__build_class__: name is not a string"));
    }
    let bases = class_bases(vm, &args[2..])?;
    let mut kw: Vec<(Value, Value)> = Vec::with_capacity(kwargs.len());
    let mut explicit = None;
    for &(k, v) in kwargs {
        if vm.str_of(k) == Some("metaclass") {
            explicit = Some(v);
        } else {
            kw.push((k, v));
        }
    }
    // The metaclass: an explicit one that is not a class is simply called.
    let meta = match explicit {
        Some(m) => match m.as_obj().filter(|r| vm.class(*r).is_some()) {
            Some(r) => Value::obj(calculate_meta(vm, r, &bases)?),
            None => m,
        },
        None => {
            let first = bases
                .first()
                .map_or(vm.types.type_, |b| vm.type_of(Value::obj(*b)));
            Value::obj(calculate_meta(vm, first, &bases)?)
        }
    };
    let bases_tuple = vm.new_tuple(bases.iter().map(|b| Value::obj(*b)).collect())?;
    vm.with_roots(&[meta, bases_tuple], |vm, _| {
        let ns = prepare_namespace(vm, meta, name, bases_tuple, &kw)?;
        vm.with_roots(&[ns], |vm, _| {
            vm.run_code(code, globals, ns, body)?;
            if meta == Value::obj(vm.types.type_) {
                let nsr = ns.as_obj().unwrap_or(vm.types.type_);
                let cls = new_class(vm, vm.types.type_, name, &bases, nsr, &kw)?;
                return Ok(Value::obj(cls));
            }
            let mut call_args = vec![name, bases_tuple, ns];
            call_args.shrink_to_fit();
            vm.call_kw(meta, &call_args, &kw)
        })
    })
}

/// The classes of a class statement's bases ("bases must be types" otherwise).
fn class_bases(vm: &mut Vm, bases: &[Value]) -> PyResult<Vec<ObjRef>> {
    let mut out = Vec::with_capacity(bases.len());
    for b in bases {
        match b.as_obj().filter(|r| vm.class(*r).is_some()) {
            Some(r) => out.push(r),
            None => {
                let msg = format!("bases must be types, not {}", vm.type_name(*b));
                return Err(vm.type_error(msg));
            }
        }
    }
    Ok(out)
}

/// The most derived of `meta` and the metaclasses of `bases` (CPython's
/// `_PyType_CalculateMetaclass`), or the "metaclass conflict" `TypeError`.
pub(crate) fn calculate_meta(vm: &mut Vm, meta: ObjRef, bases: &[ObjRef]) -> PyResult<ObjRef> {
    let mut winner = meta;
    for &b in bases {
        let t = vm.type_of(Value::obj(b));
        if vm.is_subclass(winner, t) {
            continue;
        }
        if vm.is_subclass(t, winner) {
            winner = t;
            continue;
        }
        return Err(vm.type_error(
            "metaclass conflict: the metaclass of a derived class must be a (non-strict) \
             subclass of the metaclasses of all its bases",
        ));
    }
    Ok(winner)
}

/// The namespace a class body runs in: `meta.__prepare__(name, bases, **kw)` when the
/// metaclass has one (a fresh dict for `type`), which must be a mapping.
fn prepare_namespace(
    vm: &mut Vm,
    meta: Value,
    name: Value,
    bases: Value,
    kw: &[(Value, Value)],
) -> PyResult<Value> {
    if meta == Value::obj(vm.types.type_) {
        return vm.new_dict();
    }
    let pn = vm.intern("__prepare__")?;
    let Some(prepare) = vm.get_attr_opt(meta, pn)? else {
        return vm.new_dict();
    };
    let ns = vm.call_kw(prepare, &[name, bases], kw)?;
    let is_mapping =
        matches!(vm.obj(ns), Some(Obj::Dict(_))) || vm.lookup_special(ns, "__getitem__")?.is_some();
    if !is_mapping {
        let who = match meta.as_obj().filter(|r| vm.class(*r).is_some()) {
            Some(r) => vm.class_name(r),
            None => String::from("<metaclass>"),
        };
        let msg = format!(
            "{who}.__prepare__() must return a mapping, not {}",
            vm.type_name(ns)
        );
        return Err(vm.type_error(msg));
    }
    Ok(ns)
}

/// `type.__prepare__(name, bases, **kwds)`: an empty dict.
fn type_prepare(vm: &mut Vm, _args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    vm.new_dict()
}

/// `type.__new__(mcls, name, bases, namespace, **kwargs)`, and `type(x)` through it.
pub(crate) fn type_new(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let Some(mcls) = args
        .first()
        .and_then(|m| m.as_obj())
        .filter(|r| vm.class(*r).is_some())
    else {
        let msg = match args.first() {
            Some(v) => format!(
                "type.__new__(X): X is not a type object ({})",
                vm.type_name(*v)
            ),
            None => String::from("type.__new__(): not enough arguments"),
        };
        return Err(vm.type_error(msg));
    };
    let rest = &args[1..];
    if rest.len() == 1 && kwargs.is_empty() && mcls == vm.types.type_ {
        return Ok(Value::obj(vm.type_of(rest[0])));
    }
    if rest.len() != 3 {
        return Err(vm.type_error("type() takes 1 or 3 arguments"));
    }
    let (name, bases, ns) = (rest[0], rest[1], rest[2]);
    if vm.str_of(name).is_none() {
        let msg = format!(
            "type.__new__() argument 1 must be str, not {}",
            vm.type_name(name)
        );
        return Err(vm.type_error(msg));
    }
    let Some(base_items) = vm.tuple_items(bases) else {
        let msg = format!(
            "type.__new__() argument 2 must be tuple, not {}",
            vm.type_name(bases)
        );
        return Err(vm.type_error(msg));
    };
    // A dict or an instance of a dict subclass (`OrderedDict`), read as a mapping.
    let is_dict = |vm: &Vm, v: Value| matches!(vm.obj(v), Some(Obj::Dict(_)));
    let dict_like = is_dict(vm, ns) || vm.native_value(ns).is_some_and(|n| is_dict(vm, n));
    let Some(nsr) = ns.as_obj().filter(|_| dict_like) else {
        let msg = format!(
            "type.__new__() argument 3 must be dict, not {}",
            vm.type_name(ns)
        );
        return Err(vm.type_error(msg));
    };
    let base_refs = class_bases(vm, &base_items)?;
    let winner = calculate_meta(vm, mcls, &base_refs)?;
    if winner != mcls {
        // A more derived metaclass with its own `__new__` creates the class instead.
        let nn = vm.intern("__new__")?;
        if let Some(f) = vm.class_lookup(winner, nn) {
            if !is_type_native(vm, f) {
                let f = unwrap_static(vm, f);
                let call_args = [Value::obj(winner), name, bases, ns];
                return vm.call_kw(f, &call_args, kwargs);
            }
        }
    }
    let cls = new_class(vm, winner, name, &base_refs, nsr, kwargs)?;
    Ok(Value::obj(cls))
}

/// `type.__init__(cls, ...)`: checks its arguments and does nothing else.
fn type_init(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let n = args.len().saturating_sub(1);
    if n != 1 && n != 3 {
        return Err(vm.type_error("type.__init__() takes 1 or 3 arguments"));
    }
    if n == 1 && !kwargs.is_empty() {
        return Err(vm.type_error("type.__init__() takes no keyword arguments"));
    }
    Ok(Value::NONE)
}

/// `type.__call__(cls, *args, **kwargs)`: instantiation.
fn type_call(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let Some(cls) = args
        .first()
        .and_then(|v| v.as_obj())
        .filter(|r| vm.class(*r).is_some())
    else {
        return Err(vm.type_error("descriptor '__call__' requires a 'type' object"));
    };
    vm.type_call(cls, &args[1..], kwargs)
}

/// Whether `f` is one of `type`'s (or `object`'s) own natives.
pub(crate) fn is_type_native(vm: &Vm, f: Value) -> bool {
    vm.is_builtin_object_method(f)
}

/// The function a `staticmethod` wraps (`__new__` is one implicitly).
pub(crate) fn unwrap_static(vm: &Vm, f: Value) -> Value {
    match vm.obj(f) {
        Some(Obj::StaticMethod(g)) => *g,
        _ => f,
    }
}

/// Creates class `name` of metaclass `meta` from namespace `ns` (copied), then runs the
/// `__set_name__` hooks of its attributes and the `__init_subclass__` of its parent.
pub(crate) fn new_class(
    vm: &mut Vm,
    meta: ObjRef,
    name: Value,
    bases: &[ObjRef],
    ns: ObjRef,
    kwargs: &[(Value, Value)],
) -> PyResult<ObjRef> {
    let dict = vm.new_dict()?;
    let dr = dict.as_obj().unwrap_or(ns);
    let items = if matches!(vm.heap.get(ns), Obj::Dict(_)) {
        vm.dict_items(ns)
    } else {
        mapping_items(vm, Value::obj(ns))?
    };
    vm.with_roots(&[dict], |vm, _| {
        for (k, v) in items {
            vm.dict_set(dr, k, v)?;
        }
        let module = vm.intern("__module__")?;
        if vm.dict_get_str(dr, module).is_none() {
            let n = vm.intern("__name__")?;
            let g = vm.frames.last().map_or(vm.main_globals, |f| f.globals);
            let m = vm.dict_get_str(g, n).unwrap_or(Value::NONE);
            vm.dict_set(dr, module, m)?;
        }
        let bases = if bases.is_empty() {
            vec![vm.types.object]
        } else {
            bases.to_vec()
        };
        let cls = make_class_multi(vm, name, &bases, dr, meta)?;
        vm.with_roots(&[Value::obj(cls)], |vm, _| {
            set_names(vm, cls, dr)?;
            init_subclass(vm, cls, kwargs)?;
            Ok(cls)
        })
    })
}

/// Plain functions named `__new__` become static methods, and `__init_subclass__` and
/// `__class_getitem__` class methods, as `type.__new__` makes them.
fn implicit_decorators(vm: &mut Vm, ns: ObjRef) -> PyResult<()> {
    for (name, stat) in [
        ("__new__", true),
        ("__init_subclass__", false),
        ("__class_getitem__", false),
    ] {
        let k = vm.intern(name)?;
        let Some(f) = vm.dict_get_str(ns, k) else {
            continue;
        };
        if !matches!(vm.obj(f), Some(Obj::Function(_))) {
            continue;
        }
        let wrapped = if stat {
            Obj::StaticMethod(f)
        } else {
            Obj::ClassMethod(f)
        };
        let w = vm.alloc_value(wrapped)?;
        vm.dict_set(ns, k, w)?;
    }
    Ok(())
}

/// The items of a mapping that is not a dict (a `__prepare__` namespace): its `keys()`
/// and the value of each.
fn mapping_items(vm: &mut Vm, m: Value) -> PyResult<Vec<(Value, Value)>> {
    let keys = vm.call_method_by_name(m, "keys", &[])?;
    let keys = vm.collect_iter(keys)?;
    let mut out = Vec::with_capacity(keys.len());
    for k in keys {
        let v = vm.get_item(m, k)?;
        out.push((k, v));
    }
    Ok(out)
}

/// Calls `__set_name__(cls, name)` on every attribute of the new class whose type has one;
/// an error comes out as CPython 3.11 wraps it.
fn set_names(vm: &mut Vm, cls: ObjRef, dict: ObjRef) -> PyResult<()> {
    let items = vm.dict_items(dict);
    for (k, v) in items {
        if !matches!(vm.obj(v), Some(Obj::Instance(_))) {
            continue;
        }
        let Some(f) = vm.user_special(v, "__set_name__")? else {
            continue;
        };
        if let Err(e) = vm.call_bound(f, v, &[Value::obj(cls), k]) {
            let msg = format!(
                "Error calling __set_name__ on '{}' instance '{}' in '{}'",
                vm.type_name(v),
                vm.str_of(k).unwrap_or("?"),
                vm.class_name(cls)
            );
            let err = vm.runtime_error(msg);
            if let Some(st) = vm.exc_state_mut(err.0) {
                st.cause = e.0;
                st.context = e.0;
                st.suppress_context = true;
            }
            return Err(err);
        }
    }
    Ok(())
}

/// `super(cls, cls).__init_subclass__(**kwargs)`: the hook of the first class after `cls`
/// in its MRO that defines one (`object`'s takes no keyword arguments).
fn init_subclass(vm: &mut Vm, cls: ObjRef, kwargs: &[(Value, Value)]) -> PyResult<()> {
    let isc = vm.intern("__init_subclass__")?;
    let mro = vm.class(cls).map(|c| c.mro.clone()).unwrap_or_default();
    for &k in mro.iter().skip(1) {
        let Some(f) = vm.class_own_get(k, isc) else {
            continue;
        };
        if vm.is_builtin_object_method(f) {
            if !kwargs.is_empty() {
                let msg = format!(
                    "{}.__init_subclass__() takes no keyword arguments",
                    vm.class_name(cls)
                );
                return Err(vm.type_error(msg));
            }
            return Ok(());
        }
        let func = match vm.obj(f) {
            Some(Obj::ClassMethod(g)) => *g,
            _ => f,
        };
        vm.call_kw(func, &[Value::obj(cls)], kwargs)?;
        return Ok(());
    }
    Ok(())
}

/// C3 linearization of `bases` (the new class itself excluded).
pub(crate) fn c3_merge(vm: &mut Vm, bases: &[ObjRef]) -> PyResult<Vec<ObjRef>> {
    let mut seqs: Vec<Vec<ObjRef>> = Vec::new();
    for &b in bases {
        seqs.push(vm.class(b).map(|c| c.mro.to_vec()).unwrap_or_default());
    }
    seqs.push(bases.to_vec());
    let mut out = Vec::new();
    loop {
        seqs.retain(|s| !s.is_empty());
        if seqs.is_empty() {
            return Ok(out);
        }
        let cand = seqs
            .iter()
            .map(|s| s[0])
            .find(|c| !seqs.iter().any(|s| s[1..].contains(c)));
        let Some(c) = cand else {
            let mut names: Vec<String> = Vec::new();
            for &b in bases {
                let n = vm.class_name(b);
                if !names.contains(&n) {
                    names.push(n);
                }
            }
            let msg = format!(
                "Cannot create a consistent method resolution\norder (MRO) for bases {}",
                names.join(", ")
            );
            return Err(vm.type_error(msg));
        };
        out.push(c);
        for s in seqs.iter_mut() {
            if s[0] == c {
                s.remove(0);
            }
        }
    }
}

/// Creates a class object of metaclass `type` (a native module's class) from a finished
/// namespace, running its parent's `__init_subclass__`.
pub(crate) fn make_class(vm: &mut Vm, name: Value, base: ObjRef, ns: ObjRef) -> PyResult<ObjRef> {
    let cls = make_class_multi(vm, name, &[base], ns, vm.types.type_)?;
    init_subclass(vm, cls, &[])?;
    Ok(cls)
}

/// Creates a class object of metaclass `meta` with one or more bases from a finished
/// namespace (which becomes its `__dict__`).
pub(crate) fn make_class_multi(
    vm: &mut Vm,
    name: Value,
    bases: &[ObjRef],
    ns: ObjRef,
    meta: ObjRef,
) -> PyResult<ObjRef> {
    let final_types = [
        vm.types.bool_,
        vm.types.range,
        vm.types.slice,
        vm.types.function,
        vm.types.none_type,
        vm.types.generator,
        vm.types.coroutine,
        vm.types.async_generator,
    ];
    for &base in bases {
        if final_types.contains(&base) {
            let msg = format!(
                "type '{}' is not an acceptable base type",
                vm.class_name(base)
            );
            return Err(vm.type_error(msg));
        }
    }
    for (i, b) in bases.iter().enumerate() {
        if bases[..i].contains(b) {
            let msg = format!("duplicate base class {}", vm.class_name(*b));
            return Err(vm.type_error(msg));
        }
    }
    // The "solid" base: the first one carrying a builtin payload, else the first.
    let mut base = bases.first().copied().unwrap_or(vm.types.object);
    let mut payload = BuiltinBase::Object;
    for &b in bases {
        let bb = vm.class(b).map_or(BuiltinBase::Object, |c| c.builtin_base);
        if bb != BuiltinBase::Object {
            if payload == BuiltinBase::Object {
                payload = bb;
                base = b;
            } else if payload != bb {
                return Err(vm.type_error("multiple bases have instance lay-out conflict"));
            }
        }
    }
    let base_mro = if bases.len() > 1 {
        c3_merge(vm, bases)?
    } else {
        vm.class(base).map(|c| c.mro.to_vec()).unwrap_or_default()
    };
    let qn = vm.intern("__qualname__")?;
    let qualname = match vm.dict_get_str(ns, qn) {
        Some(q) => {
            vm.dict_del(ns, qn)?;
            q
        }
        None => name,
    };
    let (builtin_base, base_slots) = match vm.class(base) {
        Some(c) => (c.builtin_base, c.slots.clone()),
        None => (BuiltinBase::Object, None),
    };
    implicit_decorators(vm, ns)?;
    // `__eq__` without `__hash__` makes instances unhashable, as in CPython.
    let eq = vm.intern("__eq__")?;
    let hash = vm.intern("__hash__")?;
    if vm.dict_get_str(ns, eq).is_some() && vm.dict_get_str(ns, hash).is_none() {
        vm.dict_set(ns, hash, Value::NONE)?;
    }
    let slots_name = vm.intern("__slots__")?;
    let slots = match vm.dict_get_str(ns, slots_name) {
        Some(s) => {
            let items = if vm.str_of(s).is_some() {
                vec![s]
            } else {
                vm.collect_iter(s)?
            };
            let mut names = base_slots.map(Vec::from).unwrap_or_default();
            for it in items {
                let Some(text) = vm.str_of(it) else {
                    return Err(vm.type_error("__slots__ items must be strings"));
                };
                let text = String::from(text);
                names.push(vm.intern(&text)?);
            }
            Some(names)
        }
        None => None,
    };
    // A base (other than a builtin) without `__slots__` gives instances a `__dict__`: the
    // slot names are then only the first attributes of the layout, and any may be set.
    let dict_from_base = base_mro.iter().any(|&k| {
        vm.class(k)
            .is_some_and(|c| !c.is_builtin && c.slots.is_none())
    });
    let layout = slots.clone().unwrap_or_default();
    let slots = slots.filter(|_| !dict_from_base).map(Vec::into_boxed_slice);
    let mut shape_path = Vec::with_capacity(layout.len());
    let mut parent = crate::object::shape::ROOT;
    for &name in &layout {
        parent = vm.shape_child(parent, name)?;
        shape_path.push(parent);
    }
    let version = vm.types.next_version.get();
    vm.types.next_version.set(version.wrapping_add(1));
    let cls = vm.alloc(Obj::Class(Box::new(Class {
        name,
        qualname,
        base: Some(base),
        mro: Box::new([]),
        dict: Some(ns),
        statics: false,
        builtin_base,
        is_builtin: false,
        version: Cell::new(version),
        slot_kinds: layout.iter().map(|_| Cell::new(slot_kind::UNSET)).collect(),
        shape_path: shape_path.into(),
        layout: layout.into(),
        slots,
        subclasses: Vec::new(),
        attr_plain: Cell::new(AttrPlain::UNKNOWN),
        meta,
        bases: bases.into(),
    })))?;
    let mut mro = vec![cls];
    mro.extend(base_mro);
    for &ancestor in &mro[1..] {
        vm.register_subclass(ancestor, cls);
    }
    if let Obj::Class(c) = vm.heap.get_mut(cls) {
        c.mro = mro.into_boxed_slice();
    }
    let cc = vm.intern("__classcell__")?;
    if let Some(cell) = vm.dict_get_str(ns, cc) {
        if let Some(Obj::Cell(c)) = cell.as_obj().map(|r| vm.heap.get_mut(r)) {
            *c = Value::obj(cls);
        }
        vm.dict_del(ns, cc)?;
    }
    Ok(cls)
}
