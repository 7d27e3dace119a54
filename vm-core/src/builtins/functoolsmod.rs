//! The builtin module `_functools` (feature `stdlib`): the call of `functools.partial` and
//! the cache lookup of `lru_cache`'s wrapper. `partial` is a Python class
//! (`stdlib/functools.py`) whose `__call__` is the native method here; the wrapper looks its
//! key up natively and runs only a miss in Python.

use alloc::string::String;
use alloc::vec::Vec;

use super::operatormod::{install_call, slot, tuple_slice};
use super::check_args;
use crate::object::types::{NativeFn, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

pub(crate) fn init_functools(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    super::modules::add_fns(
        vm,
        d,
        &[("native_call", native_call), ("lru_get", lru_get), ("lru_key", lru_key)],
    );
    Ok(())
}

/// `native_call(cls)`, a class decorator: gives `partial` its native `__call__`.
fn native_call(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    install_call(vm, args, |name| match name {
        "partial" => Some(partial_call as NativeFn),
        _ => None,
    })
}

/// Attribute `name` of a `partial`: its slot `i` when its class has `__slots__` (those of
/// `partial` come first then), else looked up.
fn field(vm: &mut Vm, me: Value, i: usize, name: &str) -> PyResult<Value> {
    if let Some(Obj::Instance(inst)) = vm.obj(me) {
        let slotted = vm.class(inst.class).is_some_and(|c| c.slots.is_some());
        if slotted && inst.dict.is_none() {
            let v = slot(vm, me, i);
            if !v.is_undef() {
                return Ok(v);
            }
        }
    }
    vm.get_attr_str(me, name)
}

/// `partial.__call__(*args, **kwargs)`: `func(*self.args, *args, **self.keywords, **kwargs)`,
/// the call's keywords replacing stored ones of the same name.
fn partial_call(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let Some(&me) = args.first() else {
        return Err(vm.type_error("descriptor '__call__' of 'partial' object needs an argument"));
    };
    let func = field(vm, me, 0, "func")?;
    let pargs = field(vm, me, 1, "args")?;
    let pkw = field(vm, me, 2, "keywords")?;
    let mut pos = Vec::with_capacity(tuple_slice(vm, pargs).len() + args.len() - 1);
    pos.extend_from_slice(tuple_slice(vm, pargs));
    pos.extend_from_slice(&args[1..]);
    let mut kw = match pkw.as_obj() {
        Some(d) if matches!(vm.heap.get(d), Obj::Dict(_)) => vm.dict_items(d),
        _ => Vec::new(),
    };
    for &(k, v) in kwargs {
        let name = vm.str_of(k).map(String::from);
        match kw.iter_mut().find(|(s, _)| vm.str_of(*s).map(String::from) == name) {
            Some(e) => e.1 = v,
            None => kw.push((k, v)),
        }
    }
    vm.with_roots(&[me, func, pargs, pkw], |vm, _| vm.call_kw(func, &pos, &kw))
}

/// The parts of an `lru_cache` wrapper's state tuple: the cache dict, the `[hits,
/// misses]` list, `typed`, whether the cache is bounded, and the marker object (which
/// separates keywords in a key and which `lru_get` returns for a miss).
struct LruState {
    cache: ObjRef,
    stats: Value,
    typed: bool,
    bounded: bool,
    mark: Value,
}

fn lru_state(vm: &mut Vm, v: Value) -> PyResult<LruState> {
    if let [cache, stats, typed, bounded, mark] = *tuple_slice(vm, v) {
        if let Some(c) = cache.as_obj().filter(|&c| matches!(vm.heap.get(c), Obj::Dict(_))) {
            return Ok(LruState {
                cache: c,
                stats,
                typed: typed == Value::TRUE,
                bounded: bounded == Value::TRUE,
                mark,
            });
        }
    }
    Err(vm.type_error("lru_get() needs an lru_cache state"))
}

/// The cache key of a call, as `functools._make_key` builds it: the arguments, then the
/// marker and the keyword items, then (`typed`) the argument types; one `int` or `str`
/// argument alone is its own key.
fn make_key(vm: &mut Vm, st: &LruState, args: Value, kwds: Value) -> PyResult<Value> {
    let kw = match kwds.as_obj() {
        Some(d) if matches!(vm.heap.get(d), Obj::Dict(_)) => vm.dict_items(d),
        _ => Vec::new(),
    };
    let pos = tuple_slice(vm, args);
    if kw.is_empty() && !st.typed {
        if let [one] = *pos {
            let t = vm.type_of(one);
            if t == vm.types.int || t == vm.types.str_ {
                return Ok(one);
            }
        }
        return Ok(args);
    }
    let mut key: Vec<Value> = pos.to_vec();
    if !kw.is_empty() {
        key.push(st.mark);
        for &(k, v) in &kw {
            key.push(k);
            key.push(v);
        }
    }
    if st.typed {
        let types: Vec<Value> = pos
            .iter()
            .chain(kw.iter().map(|(_, v)| v))
            .map(|v| Value::obj(vm.type_of(*v)))
            .collect();
        key.extend(types);
    }
    vm.new_tuple(key)
}

/// `lru_get(state, args, kwds)`: the cached result of the call (counted as a hit, and made
/// the most recent in a bounded cache), or the marker when it is not cached.
fn lru_get(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "lru_get", args, 3, 3)?;
    let st = lru_state(vm, args[0])?;
    let key = make_key(vm, &st, args[1], args[2])?;
    vm.with_roots(&[args[0], key], |vm, _| {
        let Some(result) = vm.dict_get(st.cache, key)? else {
            return Ok(st.mark);
        };
        if st.bounded {
            vm.with_roots(&[result], |vm, _| {
                vm.dict_del(st.cache, key)?;
                vm.dict_set(st.cache, key, result)
            })?;
        }
        let hits = match vm.obj(st.stats) {
            Some(Obj::List(l)) => l.first().and_then(|h| h.as_small_int()).unwrap_or(0),
            _ => 0,
        };
        let hits = vm.new_int(hits + 1)?;
        if let Some(Obj::List(l)) = st.stats.as_obj().map(|r| vm.heap.get_mut(r)) {
            if let Some(h) = l.first_mut() {
                *h = hits;
            }
        }
        Ok(result)
    })
}

/// `lru_key(state, args, kwds)`: the cache key of a call (what a miss stores under).
fn lru_key(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "lru_key", args, 3, 3)?;
    let st = lru_state(vm, args[0])?;
    make_key(vm, &st, args[1], args[2])
}
