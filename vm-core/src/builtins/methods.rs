//! Methods of the builtin container types: `list`, `tuple`, `dict`, `set`, generators.

use alloc::format;
use alloc::vec::Vec;

use super::{add_methods, check_args, int_arg};
use crate::object::bigrange::{small_range_position, BigRange};
use crate::object::native_table::{NativeEntries, GENERATOR_TABLE, LIST_TABLE};
use crate::object::types::{DictViewKind, NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// The methods of `list` (registered first: `object::native_table::LIST_TABLE`).
pub(crate) static LIST_METHODS: NativeEntries = &[
    ("__init__", list_init),
    ("append", list_append),
    ("extend", list_extend),
    ("insert", list_insert),
    ("pop", list_pop),
    ("remove", list_remove),
    ("index", list_index),
    ("count", list_count),
    ("reverse", list_reverse),
    ("sort", list_sort),
    ("clear", list_clear),
    ("copy", list_copy),
    ("__len__", seq_len),
    ("__getitem__", seq_getitem),
    ("__setitem__", seq_setitem),
    ("__contains__", seq_contains),
    ("__iter__", seq_iter),
];

/// The methods of generators (registered second: `GENERATOR_TABLE`).
pub(crate) static GENERATOR_METHODS: NativeEntries = &[
    ("send", gen_send),
    ("throw", gen_throw),
    ("close", gen_close),
    ("__next__", gen_next),
    ("__iter__", gen_iter),
];

/// Registers the tables whose builtins have values known when the VM is built, before
/// any other (see `object::native_table`).
pub(crate) fn register_known_tables(vm: &mut Vm) {
    let (list, generator) = (vm.types.list, vm.types.generator);
    let kind = NativeKind::Method;
    let l = vm.register_natives(LIST_METHODS, kind, Value::obj(list));
    let g = vm.register_natives(GENERATOR_METHODS, kind, Value::obj(generator));
    debug_assert_eq!((l, g), (Some(LIST_TABLE), Some(GENERATOR_TABLE)));
    #[cfg(feature = "math")]
    {
        let entries = crate::builtins::mathmod::MATH_FUNCTIONS;
        let m = vm.register_natives(entries, NativeKind::Function, Value::UNDEF);
        debug_assert_eq!(m, Some(crate::object::native_table::MATH_TABLE));
    }
}

pub(crate) fn install(vm: &mut Vm) {
    let t = &vm.types;
    let (list, tuple, dict, set, frozenset, generator) =
        (t.list, t.tuple, t.dict, t.set, t.frozenset, t.generator);
    add_methods(vm, list, LIST_METHODS);
    let (range, slice) = (vm.types.range, vm.types.slice);
    add_methods(vm, range, &[("index", range_index), ("count", range_count)]);
    add_methods(vm, slice, &[("indices", slice_indices)]);
    add_methods(
        vm,
        tuple,
        &[
            ("index", list_index),
            ("count", list_count),
            ("__len__", seq_len),
            ("__getitem__", seq_getitem),
        ],
    );
    add_methods(
        vm,
        dict,
        &[
            ("__init__", dict_init),
            ("get", dict_get),
            ("keys", dict_keys),
            ("values", dict_values),
            ("items", dict_items),
            ("pop", dict_pop),
            ("popitem", dict_popitem),
            ("setdefault", dict_setdefault),
            ("update", dict_update),
            ("copy", dict_copy),
            ("clear", dict_clear),
            ("__len__", seq_len),
            ("__getitem__", seq_getitem),
            ("__setitem__", seq_setitem),
            ("__contains__", seq_contains),
            ("__iter__", seq_iter),
        ],
    );
    let fromkeys: NativeEntries = &[("fromkeys", dict_fromkeys)];
    vm.add_type_natives(dict, fromkeys, NativeKind::ClassMethod);
    let set_common: &[(&'static str, crate::object::types::NativeFn)] = &[
        #[cfg(feature = "set-ops")]
        ("union", set_union),
        #[cfg(feature = "set-ops")]
        ("intersection", set_intersection),
        #[cfg(feature = "set-ops")]
        ("difference", set_difference),
        #[cfg(feature = "set-ops")]
        ("symmetric_difference", set_symmetric_difference),
        ("issubset", set_issubset),
        ("issuperset", set_issuperset),
        ("isdisjoint", set_isdisjoint),
        ("copy", set_copy),
        ("__len__", seq_len),
        ("__contains__", seq_contains),
        ("__iter__", seq_iter),
    ];
    add_methods(vm, set, set_common);
    let (keys, items) = (vm.types.dict_keys, vm.types.dict_items);
    for view in [keys, items] {
        add_methods(vm, view, &[("isdisjoint", view_isdisjoint)]);
    }
    add_methods(vm, frozenset, set_common);
    add_methods(
        vm,
        set,
        &[
            ("__init__", set_init),
            ("add", set_add),
            ("remove", set_remove),
            ("discard", set_discard),
            ("pop", set_pop),
            ("clear", set_clear),
            ("update", set_update),
            #[cfg(feature = "set-ops")]
            ("intersection_update", set_intersection_update),
            #[cfg(feature = "set-ops")]
            ("difference_update", set_difference_update),
            #[cfg(feature = "set-ops")]
            (
                "symmetric_difference_update",
                set_symmetric_difference_update,
            ),
        ],
    );
    add_methods(vm, generator, GENERATOR_METHODS);
    super::strmethods::install(vm);
    super::bytesmethods::install(vm);
    super::nummethods::install(vm);
}

// -- Receivers --------------------------------------------------------------------------------

/// The builtin object behind a method receiver: itself, or the payload of a subclass
/// instance.
fn payload(vm: &Vm, v: Value) -> Option<ObjRef> {
    match vm.obj(v)? {
        Obj::Instance(i) if !i.native.is_undef() => i.native.as_obj(),
        _ => v.as_obj(),
    }
}

fn list_of(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<ObjRef> {
    match args.first().and_then(|v| payload(vm, *v)) {
        Some(r) if matches!(vm.heap.get(r), Obj::List(_)) => Ok(r),
        _ => Err(super::descriptor_error(vm, name, "list", args)),
    }
}

fn dict_of(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<ObjRef> {
    match args.first().and_then(|v| payload(vm, *v)) {
        Some(r) if matches!(vm.heap.get(r), Obj::Dict(_)) => Ok(r),
        _ => Err(super::descriptor_error(vm, name, "dict", args)),
    }
}

pub(super) fn set_of(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<ObjRef> {
    match args.first().and_then(|v| payload(vm, *v)) {
        Some(r) if matches!(vm.heap.get(r), Obj::Set(_)) => Ok(r),
        _ => Err(super::descriptor_error(vm, name, "set", args)),
    }
}

pub(super) fn list_items(vm: &Vm, r: ObjRef) -> Vec<Value> {
    match vm.heap.get(r) {
        Obj::List(l) => l.to_vec(),
        Obj::Tuple(t) => t.to_vec(),
        _ => Vec::new(),
    }
}

// -- Generic dunders used by subclasses (`super().__getitem__(k)`) ------------------------------

fn seq_len(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__len__", args, 1, 1)?;
    let p = payload(vm, args[0]).map_or(args[0], Value::obj);
    let n = vm.len(p)?;
    vm.new_int(n as i64)
}

fn seq_getitem(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__getitem__", args, 2, 2)?;
    let p = payload(vm, args[0]).map_or(args[0], Value::obj);
    vm.get_item(p, args[1])
}

fn seq_setitem(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__setitem__", args, 3, 3)?;
    let p = payload(vm, args[0]).map_or(args[0], Value::obj);
    vm.set_item(p, args[1], args[2])?;
    Ok(Value::NONE)
}

fn seq_contains(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__contains__", args, 2, 2)?;
    let p = payload(vm, args[0]).map_or(args[0], Value::obj);
    vm.contains(p, args[1]).map(Value::bool)
}

fn seq_iter(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__iter__", args, 1, 1)?;
    let p = payload(vm, args[0]).map_or(args[0], Value::obj);
    vm.get_iter(p)
}

// -- list -------------------------------------------------------------------------------------

fn list_init(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "list", args, 1, 2)?;
    let l = list_of(vm, args, "__init__")?;
    let items = match args.get(1) {
        Some(it) => vm.collect_iter(*it)?,
        None => Vec::new(),
    };
    if let Obj::List(v) = vm.heap.get_mut(l) {
        v.clear();
    }
    vm.list_extend_values(l, &items)?;
    Ok(Value::NONE)
}

pub(crate) fn list_append(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    if args.len() != 2 {
        return Err(vm.type_error(format!(
            "list.append() takes exactly one argument ({} given)",
            args.len().saturating_sub(1)
        )));
    }
    let l = list_of(vm, args, "append")?;
    vm.list_push(Value::obj(l), args[1])?;
    Ok(Value::NONE)
}

fn list_extend(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "extend", args, 2, 2)?;
    let l = list_of(vm, args, "extend")?;
    let items = vm.collect_iter(args[1])?;
    vm.list_extend_values(l, &items)?;
    Ok(Value::NONE)
}

fn list_insert(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    if args.len() != 3 {
        return Err(vm.type_error(format!(
            "insert expected 2 arguments, got {}",
            args.len().saturating_sub(1)
        )));
    }
    let l = list_of(vm, args, "insert")?;
    let i = int_arg(vm, args[1])?;
    vm.charge(8)?;
    if let Obj::List(v) = vm.heap.get_mut(l) {
        let n = v.len() as i64;
        let at = if i < 0 { (i + n).max(0) } else { i.min(n) };
        v.insert(at as usize, args[2]);
    }
    Ok(Value::NONE)
}

fn list_pop(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "pop", args, 1, 2)?;
    let l = list_of(vm, args, "pop")?;
    let i = match args.get(1) {
        Some(v) => int_arg(vm, *v)?,
        None => -1,
    };
    let n = match vm.heap.get(l) {
        Obj::List(v) => v.len() as i64,
        _ => 0,
    };
    if n == 0 {
        return Err(vm.index_error("pop from empty list"));
    }
    let j = if i < 0 { i + n } else { i };
    if j < 0 || j >= n {
        return Err(vm.index_error("pop index out of range"));
    }
    match vm.heap.get_mut(l) {
        Obj::List(v) => Ok(v.remove(j as usize)),
        _ => Ok(Value::NONE),
    }
}

fn list_remove(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "remove", args, 2, 2)?;
    let l = list_of(vm, args, "remove")?;
    let items = list_items(vm, l);
    for (i, x) in items.into_iter().enumerate() {
        if vm.eq(x, args[1])? {
            if let Obj::List(v) = vm.heap.get_mut(l) {
                if i < v.len() {
                    v.remove(i);
                }
            }
            return Ok(Value::NONE);
        }
    }
    Err(vm.value_error("list.remove(x): x not in list"))
}

fn list_index(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "index", args, 2, 4)?;
    let r = payload(vm, args[0]).unwrap_or(ObjRef(0));
    let is_tuple = matches!(vm.heap.get(r), Obj::Tuple(_));
    let items = list_items(vm, r);
    let n = items.len() as i64;
    let norm = |i: i64| if i < 0 { (i + n).max(0) } else { i.min(n) };
    let start = match args.get(2) {
        Some(v) => norm(int_arg(vm, *v)?),
        None => 0,
    };
    let stop = match args.get(3) {
        Some(v) => norm(int_arg(vm, *v)?),
        None => n,
    };
    for i in start..stop {
        if vm.eq(items[i as usize], args[1])? {
            return Ok(Value::int_unchecked(i));
        }
    }
    if is_tuple {
        return Err(vm.value_error("tuple.index(x): x not in tuple"));
    }
    let r = vm.repr(args[1])?;
    Err(vm.value_error(format!("{r} is not in list")))
}

/// Position of `x` in range `r`, if it is a member.
fn range_find(vm: &mut Vm, r: Value, x: Value) -> PyResult<Option<Value>> {
    if let (Some(Obj::Range { start, stop, step }), true) =
        (vm.obj(r), x.is_small_int() || x.is_bool())
    {
        let (start, stop, step) = (*start, *stop, *step);
        let i = vm.as_i64(x).unwrap_or_default();
        return match small_range_position(start, stop, step, i) {
            Some(k) => vm.new_int(k).map(Some),
            None => Ok(None),
        };
    }
    let br = range_arg(vm, r, "index")?;
    match vm.big_range_find(&br, x)? {
        Some(k) => vm.int_from_big(k).map(Some),
        None => Ok(None),
    }
}

/// The range the range method `name` was called on.
fn range_arg(vm: &mut Vm, r: Value, name: &str) -> PyResult<BigRange> {
    match vm.range_as_big(r) {
        Some(br) => Ok(br),
        None => {
            let msg = format!(
                "descriptor '{name}' for 'range' objects doesn't apply to a '{}' object",
                vm.type_name(r)
            );
            Err(vm.type_error(msg))
        }
    }
}

fn range_index(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "index", args, 2, 2)?;
    match range_find(vm, args[0], args[1])? {
        Some(k) => Ok(k),
        None if vm.is_int(args[1]) => {
            let r = vm.repr(args[1])?;
            Err(vm.value_error(format!("{r} is not in range")))
        }
        // CPython searched anything else as a sequence.
        None => Err(vm.value_error("sequence.index(x): x not in sequence")),
    }
}

fn range_count(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "count", args, 2, 2)?;
    let br = range_arg(vm, args[0], "count")?;
    let n = vm.big_range_count(&br, args[1])?;
    vm.int_from_big(n)
}

fn slice_indices(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "indices", args, 2, 2)?;
    vm.slice_indices_big(args[0], args[1])
}

fn list_count(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "count", args, 2, 2)?;
    let r = payload(vm, args[0]).unwrap_or(ObjRef(0));
    let mut n = 0;
    for x in list_items(vm, r) {
        if vm.eq(x, args[1])? {
            n += 1;
        }
    }
    Ok(Value::int_unchecked(n))
}

fn list_reverse(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "reverse", args, 1, 1)?;
    let l = list_of(vm, args, "reverse")?;
    if let Obj::List(v) = vm.heap.get_mut(l) {
        v.reverse();
    }
    Ok(Value::NONE)
}

fn list_clear(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "clear", args, 1, 1)?;
    let l = list_of(vm, args, "clear")?;
    if let Obj::List(v) = vm.heap.get_mut(l) {
        v.clear();
    }
    Ok(Value::NONE)
}

fn list_copy(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "copy", args, 1, 1)?;
    let l = list_of(vm, args, "copy")?;
    let items = list_items(vm, l);
    vm.charge(items.len() * 8)?;
    vm.new_list(items)
}

fn list_sort(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    if args.len() > 1 {
        return Err(vm.type_error("sort() takes no positional arguments"));
    }
    let l = list_of(vm, args, "sort")?;
    super::list_sort::list_sort_impl(vm, Value::obj(l), kwargs)?;
    Ok(Value::NONE)
}

// -- dict -------------------------------------------------------------------------------------

fn dict_init(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "dict", args, 1, 2)?;
    let d = dict_of(vm, args, "__init__")?;
    if let Some(m) = args.get(1) {
        vm.dict_update_from(d, *m)?;
    }
    for (k, v) in kwargs {
        vm.dict_set(d, *k, *v)?;
    }
    Ok(Value::NONE)
}

fn dict_get(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "get", args, 2, 3)?;
    let d = dict_of(vm, args, "get")?;
    Ok(vm
        .dict_get(d, args[1])?
        .unwrap_or(args.get(2).copied().unwrap_or(Value::NONE)))
}

fn view(vm: &mut Vm, args: &[Value], kind: DictViewKind) -> PyResult<Value> {
    check_args(vm, "view", args, 1, 1)?;
    let d = dict_of(vm, args, "keys")?;
    vm.alloc_value(Obj::DictView { dict: d, kind })
}

fn dict_keys(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    view(vm, args, DictViewKind::Keys)
}

fn dict_values(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    view(vm, args, DictViewKind::Values)
}

fn dict_items(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    view(vm, args, DictViewKind::Items)
}

fn dict_pop(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "pop", args, 2, 3)?;
    let d = dict_of(vm, args, "pop")?;
    match vm.dict_del(d, args[1])? {
        Some(v) => Ok(v),
        None => match args.get(2) {
            Some(dv) => Ok(*dv),
            None => Err(vm.key_error(args[1])),
        },
    }
}

fn dict_popitem(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "popitem", args, 1, 1)?;
    let d = dict_of(vm, args, "popitem")?;
    let last = match vm.heap.get(d) {
        Obj::Dict(t) => (0..t.entries_end())
            .rev()
            .find(|i| t.live_entry(*i).is_some()),
        _ => None,
    };
    let Some(i) = last else {
        return Err(vm.new_exception(vm.types.key_error, "popitem(): dictionary is empty"));
    };
    if let Obj::Dict(t) = vm.heap.get(d) {
        if let Some(e) = t.live_entry(i) {
            // Traces that promoted this binding to a constant are invalidated.
            let h = e.hash;
            vm.tier2_dict_changed(d, h);
        }
    }
    let e = match vm.heap.get_mut(d) {
        Obj::Dict(t) => t.remove_at(i),
        _ => return Ok(Value::NONE),
    };
    vm.new_tuple(alloc::vec![e.key, e.value])
}

fn dict_setdefault(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "setdefault", args, 2, 3)?;
    let d = dict_of(vm, args, "setdefault")?;
    if let Some(v) = vm.dict_get(d, args[1])? {
        return Ok(v);
    }
    let dv = args.get(2).copied().unwrap_or(Value::NONE);
    vm.dict_set(d, args[1], dv)?;
    Ok(dv)
}

fn dict_update(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "update", args, 1, 2)?;
    let d = dict_of(vm, args, "update")?;
    if let Some(m) = args.get(1) {
        vm.dict_update_from(d, *m)?;
    }
    for (k, v) in kwargs {
        vm.dict_set(d, *k, *v)?;
    }
    Ok(Value::NONE)
}

fn dict_copy(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "copy", args, 1, 1)?;
    let d = dict_of(vm, args, "copy")?;
    let nd = vm.new_dict()?;
    vm.with_roots(&[nd], |vm, _| {
        vm.dict_update_from(nd.as_obj().unwrap_or(d), Value::obj(d))
    })?;
    Ok(nd)
}

fn dict_clear(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "clear", args, 1, 1)?;
    let d = dict_of(vm, args, "clear")?;
    // Traces that promoted one of these bindings to a constant are invalidated.
    let hashes: Vec<u64> = match vm.heap.get(d) {
        Obj::Dict(t) => (0..t.entries_end())
            .filter_map(|i| t.live_entry(i).map(|e| e.hash))
            .collect(),
        _ => Vec::new(),
    };
    for h in hashes {
        vm.tier2_dict_changed(d, h);
    }
    if let Obj::Dict(t) = vm.heap.get_mut(d) {
        t.clear();
    }
    Ok(Value::NONE)
}

fn dict_fromkeys(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "fromkeys", args, 2, 3)?;
    let keys = vm.collect_iter(args[1])?;
    let v = args.get(2).copied().unwrap_or(Value::NONE);
    let d = vm.new_dict()?;
    let dr = d.as_obj().unwrap_or(ObjRef(0));
    // The keys not yet stored and the new dict survive a user `__hash__`.
    vm.with_roots(&keys, |vm, _| {
        vm.root(d);
        for &k in &keys {
            vm.dict_set(dr, k, v)?;
        }
        Ok(d)
    })
}

// -- set --------------------------------------------------------------------------------------

fn set_init(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "set", args, 1, 2)?;
    let s = set_of(vm, args, "__init__")?;
    if let Some(it) = args.get(1) {
        set_add_all(vm, s, *it)?;
    }
    Ok(Value::NONE)
}

/// Adds every item of the iterable `it` to the set `s` (the items stay rooted while user
/// `__hash__`/`__eq__` run).
fn set_add_all(vm: &mut Vm, s: ObjRef, it: Value) -> PyResult<()> {
    let items = vm.collect_iter(it)?;
    vm.with_roots(&items, |vm, _| {
        for &x in &items {
            vm.set_add(Value::obj(s), x)?;
        }
        Ok(())
    })
}

fn set_add(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "add", args, 2, 2)?;
    let s = set_of(vm, args, "add")?;
    vm.set_add(Value::obj(s), args[1])?;
    Ok(Value::NONE)
}

fn set_remove(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "remove", args, 2, 2)?;
    let s = set_of(vm, args, "remove")?;
    match vm.dict_del(s, args[1])? {
        Some(_) => Ok(Value::NONE),
        None => Err(vm.key_error(args[1])),
    }
}

fn set_discard(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "discard", args, 2, 2)?;
    let s = set_of(vm, args, "discard")?;
    vm.dict_del(s, args[1])?;
    Ok(Value::NONE)
}

fn set_pop(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "pop", args, 1, 1)?;
    let s = set_of(vm, args, "pop")?;
    vm.sync_set_order(s)?;
    let popped = match vm.heap.get_mut(s) {
        Obj::Set(t) => {
            t.order.pop_candidate().and_then(|(hash, key)| {
                let i = t.table.candidates(hash).find(|i| t.table.entry(*i).key == key)?;
                t.table.remove_at(i);
                t.order.remove(hash, key);
                Some(key)
            })
        }
        _ => None,
    };
    match popped {
        Some(key) => Ok(key),
        None => Err(vm.new_exception(vm.types.key_error, "pop from an empty set")),
    }
}

fn set_clear(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let s = set_of(vm, args, "clear")?;
    super::check_no_args(vm, "set.clear", args)?;
    if let Obj::Set(t) = vm.heap.get_mut(s) {
        t.clear();
    }
    Ok(Value::NONE)
}


/// The methods the `set-ops` feature brings (their AttributeError names it).
#[cfg(not(feature = "set-ops"))]
pub(crate) const LEFT_OUT_SET_METHODS: &[&str] = &[
    "difference",
    "difference_update",
    "intersection",
    "intersection_update",
    "symmetric_difference",
    "symmetric_difference_update",
    "union",
];

use super::setmulti::set_update;
#[cfg(feature = "set-ops")]
use super::setmulti::{set_inplace, set_op_many};

#[cfg(feature = "set-ops")]
fn set_union(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    set_op_many(vm, args, crate::bytecode::ops::BinaryOp::Or)
}

#[cfg(feature = "set-ops")]
fn set_intersection(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    set_op_many(vm, args, crate::bytecode::ops::BinaryOp::And)
}

#[cfg(feature = "set-ops")]
fn set_difference(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    set_op_many(vm, args, crate::bytecode::ops::BinaryOp::Subtract)
}

#[cfg(feature = "set-ops")]
fn set_symmetric_difference(
    vm: &mut Vm,
    args: &[Value],
    _kw: &[(Value, Value)],
) -> PyResult<Value> {
    check_args(vm, "symmetric_difference", args, 2, 2)?;
    set_op_many(vm, args, crate::bytecode::ops::BinaryOp::Xor)
}

#[cfg(feature = "set-ops")]
fn set_intersection_update(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    set_inplace(vm, args, crate::bytecode::ops::BinaryOp::And)
}

#[cfg(feature = "set-ops")]
fn set_difference_update(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    set_inplace(vm, args, crate::bytecode::ops::BinaryOp::Subtract)
}

#[cfg(feature = "set-ops")]
fn set_symmetric_difference_update(
    vm: &mut Vm,
    args: &[Value],
    _kw: &[(Value, Value)],
) -> PyResult<Value> {
    set_inplace(vm, args, crate::bytecode::ops::BinaryOp::Xor)
}

fn set_rel(vm: &mut Vm, args: &[Value], op: crate::bytecode::ops::CompareOp) -> PyResult<Value> {
    check_args(vm, "issubset", args, 2, 2)?;
    let other = if matches!(vm.obj(args[1]), Some(Obj::Set(_))) {
        args[1]
    } else {
        let it = vm.collect_iter(args[1])?;
        vm.new_set(&it, true)?
    };
    Ok(Value::bool(
        vm.set_compare(args[0], other, op)?.unwrap_or(false),
    ))
}

fn set_issubset(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    set_rel(vm, args, crate::bytecode::ops::CompareOp::Le)
}

fn set_issuperset(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    set_rel(vm, args, crate::bytecode::ops::CompareOp::Ge)
}

fn set_isdisjoint(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "isdisjoint", args, 2, 2)?;
    let s = payload(vm, args[0]).unwrap_or(ObjRef(0));
    let items = vm.collect_iter(args[1])?;
    vm.with_roots(&items, |vm, _| {
        for &x in &items {
            if vm.set_contains(s, x)? {
                return Ok(Value::FALSE);
            }
        }
        Ok(Value::TRUE)
    })
}

/// `keys_or_items_view.isdisjoint(iterable)`: no item of the iterable is in the view.
fn view_isdisjoint(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "isdisjoint", args, 2, 2)?;
    let view = args[0];
    let items = vm.collect_iter(args[1])?;
    vm.with_roots(&items, |vm, _| {
        for &x in &items {
            if vm.contains(view, x)? {
                return Ok(Value::FALSE);
            }
        }
        Ok(Value::TRUE)
    })
}

fn set_copy(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "copy", args, 1, 1)?;
    let frozen = matches!(vm.obj(args[0]), Some(Obj::Set(s)) if s.frozen);
    let items = vm.set_items(args[0])?;
    let copy = vm.new_set(&items, frozen)?;
    if let (Some(dst), Some(src)) = (copy.as_obj(), args[0].as_obj()) {
        vm.copy_set_order(dst, src)?;
    }
    Ok(copy)
}

// -- generator --------------------------------------------------------------------------------

fn gen_of(vm: &mut Vm, args: &[Value]) -> PyResult<ObjRef> {
    match args.first().and_then(|v| v.as_obj()) {
        Some(r) if matches!(vm.heap.get(r), Obj::Generator(_)) => Ok(r),
        _ => Err(vm.type_error("descriptor requires a 'generator' object")),
    }
}

pub(crate) fn gen_send(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "send", args, 2, 2)?;
    let g = gen_of(vm, args)?;
    vm.generator_send(g, args[1])
}

fn gen_next(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__next__", args, 1, 1)?;
    let g = gen_of(vm, args)?;
    vm.generator_send(g, Value::NONE)
}

fn gen_iter(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__iter__", args, 1, 1)?;
    Ok(args[0])
}

fn gen_throw(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "throw", args, 2, 4)?;
    let g = gen_of(vm, args)?;
    if let Some(v) = vm.throw_raw_to_delegate(g, &args[1..])? {
        return Ok(v);
    }
    let val = args.get(2).copied().unwrap_or(Value::UNDEF);
    let exc = vm.throw_exception(args[1], val)?;
    vm.generator_throw(g, exc)
}

fn gen_close(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "close", args, 1, 1)?;
    let g = gen_of(vm, args)?;
    vm.generator_close(g)
}
