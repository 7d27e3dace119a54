//! Builtin functions: `print`, `len`, `sorted`, `isinstance`, ... (those of numbers and reductions
//! are in `arith_builtins`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{check_args, check_kwargs, int_arg, kwarg, no_kwargs};
use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// The builtin functions, as the builtins namespace names them (`super::deferred`).
pub(crate) const BUILTIN_FUNCTIONS: crate::object::native_table::NativeEntries = &[
    ("print", print),
    ("len", len),
    ("repr", repr),
    ("ascii", ascii),
    ("abs", super::arith_builtins::abs),
    ("divmod", super::arith_builtins::divmod),
    ("pow", super::arith_builtins::pow),
    ("round", super::arith_builtins::round),
    ("min", super::arith_builtins::min),
    ("max", super::arith_builtins::max),
    ("sum", super::arith_builtins::sum),
    ("any", any),
    ("all", all),
    ("sorted", sorted),
    ("iter", iter),
    ("next", next),
    ("isinstance", isinstance),
    ("issubclass", issubclass),
    ("callable", callable),
    ("getattr", getattr),
    ("setattr", setattr),
    ("hasattr", hasattr),
    ("delattr", delattr),
    ("hash", hash),
    ("id", id),
    ("chr", chr),
    ("ord", ord),
    ("hex", hex),
    ("oct", oct),
    ("bin", bin),
    ("globals", globals),
    ("locals", locals),
    ("vars", vars),
    ("format", format_builtin),
    ("__build_class__", super::class_create::build_class),
    ("__import__", import),
    ("input", super::stdio::input),
    ("exec", super::exec::exec),
    ("eval", super::exec::eval),
    ("compile", super::exec::compile),
    ("open", super::fsmod::builtin_open),
    ("dir", dir),
];

fn print(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    // print() words an unknown keyword the way CPython's argument clinic does for it.
    for (k, _) in kwargs {
        let n = vm.str_of(*k).unwrap_or("");
        if !["sep", "end", "file", "flush"].contains(&n) {
            let msg = format!("'{n}' is an invalid keyword argument for print()");
            return Err(vm.type_error(msg));
        }
    }
    let sep = match kwarg(vm, kwargs, "sep") {
        None | Some(Value::NONE) => String::from(" "),
        Some(v) => match vm.str_of(v) {
            Some(s) => String::from(s),
            None => {
                return super::type_err(
                    vm,
                    format!("sep must be None or a string, not {}", vm.type_name(v)),
                )
            }
        },
    };
    let end = match kwarg(vm, kwargs, "end") {
        None | Some(Value::NONE) => String::from("\n"),
        Some(v) => match vm.str_of(v) {
            Some(s) => String::from(s),
            None => {
                return super::type_err(
                    vm,
                    format!("end must be None or a string, not {}", vm.type_name(v)),
                )
            }
        },
    };
    let mut out = String::new();
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.push_str(&sep);
        }
        out.push_str(&vm.to_str(*a)?);
    }
    out.push_str(&end);
    let flush = match kwarg(vm, kwargs, "flush") {
        Some(v) => vm.truthy(v)?,
        None => false,
    };
    let file = match kwarg(vm, kwargs, "file") {
        None | Some(Value::NONE) => replaced_stdout(vm),
        f => f,
    };
    match file {
        None => {
            vm.write_out_checked(&out)?;
            if flush {
                vm.flush_out_checked()?;
            }
        }
        Some(f) => {
            let s = vm.new_string(out)?;
            vm.call_method_by_name(f, "write", &[s])?;
            if flush {
                vm.call_method_by_name(f, "flush", &[])?;
            }
        }
    }
    Ok(Value::NONE)
}

/// `sys.stdout` when a program replaced it (it is no longer `sys.__stdout__`), for `print`
/// to write to; `None` while it is the VM's own stream or `sys` was never imported.
fn replaced_stdout(vm: &mut Vm) -> Option<Value> {
    let name = vm.intern("sys").ok()?;
    let sys = vm.dict_get_str(vm.modules, name)?;
    let Some(Obj::Module(m)) = vm.obj(sys) else {
        return None;
    };
    let d = m.dict;
    let cur = vm.intern("stdout").ok()?;
    let orig = vm.intern("__stdout__").ok()?;
    let cur = vm.dict_get_str(d, cur)?;
    (Some(cur) != vm.dict_get_str(d, orig)).then_some(cur)
}

fn len(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    no_kwargs(vm, "len", kwargs)?;
    check_args(vm, "len", args, 1, 1)?;
    let n = vm.len(args[0])?;
    vm.new_int(n as i64)
}

fn repr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "repr", args, 1, 1)?;
    let s = vm.repr(args[0])?;
    vm.new_string(s)
}

fn ascii(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "ascii", args, 1, 1)?;
    let s = vm.repr(args[0])?;
    let a = ascii_escape(vm, &s)?;
    vm.new_string(a)
}

/// The bytes `c` takes once `ascii()` escapes it.
fn ascii_len(c: char) -> usize {
    match c as u32 {
        0..=0x7f => 1,
        0x80..=0xff => 4,
        0x100..=0xffff => 6,
        _ => 10,
    }
}

/// Escapes non-ASCII characters as `ascii()` does. The escaped text can be ten times the
/// size of `s`: its size is charged against the heap limit before it is built.
pub(crate) fn ascii_escape(vm: &mut Vm, s: &str) -> PyResult<String> {
    if s.is_ascii() {
        return Ok(String::from(s));
    }
    let len = s.chars().map(ascii_len).sum();
    let mut room = vm.scratch();
    room.cover(vm, len)?;
    let mut out = String::with_capacity(len);
    for c in s.chars() {
        let n = c as u32;
        if n < 0x80 {
            out.push(c);
        } else if n <= 0xff {
            out.push_str(&format!("\\x{n:02x}"));
        } else if n <= 0xffff {
            out.push_str(&format!("\\u{n:04x}"));
        } else {
            out.push_str(&format!("\\U{n:08x}"));
        }
    }
    Ok(out)
}

fn any(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "any", args, 1, 1)?;
    let it = vm.get_iter(args[0])?;
    // A fresh iterator: `__bool__` of an item may collect.
    vm.with_roots(&[it], |vm, _| {
        while let Some(x) = vm.iter_next(it)? {
            vm.native_step()?;
            if vm.truthy(x)? {
                return Ok(Value::TRUE);
            }
        }
        Ok(Value::FALSE)
    })
}

fn all(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "all", args, 1, 1)?;
    let it = vm.get_iter(args[0])?;
    vm.with_roots(&[it], |vm, _| {
        while let Some(x) = vm.iter_next(it)? {
            vm.native_step()?;
            if !vm.truthy(x)? {
                return Ok(Value::FALSE);
            }
        }
        Ok(Value::TRUE)
    })
}

fn sorted(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    // CPython names the list method that does the work.
    check_kwargs(vm, "sort", kwargs, &["key", "reverse"])?;
    if args.len() != 1 {
        let msg = format!("sorted expected 1 argument, got {}", args.len());
        return Err(vm.type_error(msg));
    }
    let items = vm.collect_iter(args[0])?;
    let l = vm.new_list(items)?;
    vm.with_roots(&[l], |vm, _| {
        super::list_sort::list_sort_impl(vm, l, kwargs)
    })?;
    Ok(l)
}

fn iter(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "iter", args, 1, 2)?;
    if args.len() == 2 {
        if !is_callable(vm, args[0])? {
            return Err(vm.type_error("iter(v, w): v must be callable"));
        }
        let it = crate::object::types::IterObj::Call {
            func: args[0],
            sentinel: args[1],
        };
        return vm.alloc_value(Obj::Iter(alloc::boxed::Box::new(it)));
    }
    vm.get_iter(args[0])
}

fn next(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "next", args, 1, 2)?;
    let it = args[0];
    if !vm.is_native_iterator(it) && vm.user_special(it, "__next__")?.is_none() {
        let msg = format!("'{}' object is not an iterator", vm.type_name(it));
        return Err(vm.type_error(msg));
    }
    if let Some(Obj::Generator(_)) = vm.obj(it) {
        let g = it.as_obj().unwrap_or(ObjRef(0));
        return match vm.generator_resume(g, Value::NONE)? {
            Ok(v) => Ok(v),
            Err(ret) => match args.get(1) {
                Some(d) => Ok(*d),
                None => Err(vm.stop_iteration(ret)),
            },
        };
    }
    if let Some(r) = it.as_obj().filter(|&r| vm.is_native_awaitable(r)) {
        // An awaitable's end carries its result, as a generator's return does.
        return match vm.awaitable_send(r, Value::NONE)? {
            Ok(v) => Ok(v),
            Err(ret) => match args.get(1) {
                Some(d) => Ok(*d),
                None => Err(vm.stop_iteration(ret)),
            },
        };
    }
    if let Some(f) = vm.user_special(it, "__next__")? {
        return match vm.call_bound(f, it, &[]) {
            Err(e) if args.len() == 2 && vm.exc_matches(e.0, vm.types.stop_iteration) => {
                Ok(args[1])
            }
            r => r,
        };
    }
    vm.iter_stop = Value::NONE;
    let next = vm.iter_next(it);
    let stop = core::mem::replace(&mut vm.iter_stop, Value::UNDEF);
    match next? {
        Some(v) => Ok(v),
        None => match args.get(1) {
            Some(d) => Ok(*d),
            // The user iterator's own `StopIteration` (with its value) passes through.
            None if stop.as_obj().is_some() => Err(crate::vm::PyErr(stop)),
            None => Err(vm.new_exception_empty(vm.types.stop_iteration)),
        },
    }
}

/// `isinstance` against a class or a tuple of classes.
pub(crate) fn isinstance_of(vm: &mut Vm, v: Value, cls: Value, fname: &str) -> PyResult<bool> {
    let t = vm.type_of(v);
    match vm.obj(cls) {
        Some(Obj::Class(k)) => {
            let c = cls.as_obj().unwrap_or(ObjRef(0));
            if t == c {
                return Ok(true);
            }
            if k.meta != vm.types.type_ {
                if let Some(f) = vm.user_special(cls, "__instancecheck__")? {
                    let r = vm.call_bound(f, cls, &[v])?;
                    return vm.truthy(r);
                }
            }
            Ok(vm.is_subclass(t, c))
        }
        Some(Obj::Tuple(items)) => {
            let items = items.to_vec();
            for c in items {
                if isinstance_of(vm, v, c, fname)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        _ => {
            let msg = format!("{fname}() arg 2 must be a type, a tuple of types, or a union");
            Err(vm.type_error(msg))
        }
    }
}

fn isinstance(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "isinstance", args, 2, 2)?;
    isinstance_of(vm, args[0], args[1], "isinstance").map(Value::bool)
}

fn issubclass(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "issubclass", args, 2, 2)?;
    let Some(sub) = args[0].as_obj().filter(|r| vm.class(*r).is_some()) else {
        return Err(vm.type_error("issubclass() arg 1 must be a class"));
    };
    let check = |vm: &mut Vm, c: Value| -> PyResult<bool> {
        match c.as_obj().filter(|r| vm.class(*r).is_some()) {
            Some(cr) if vm.class(cr).is_some_and(|k| k.meta != vm.types.type_) => {
                match vm.user_special(c, "__subclasscheck__")? {
                    Some(f) => {
                        let r = vm.call_bound(f, c, &[args[0]])?;
                        vm.truthy(r)
                    }
                    None => Ok(vm.is_subclass(sub, cr)),
                }
            }
            Some(cr) => Ok(vm.is_subclass(sub, cr)),
            None => Err(
                vm.type_error("issubclass() arg 2 must be a class, a tuple of classes, or a union")
            ),
        }
    };
    if let Some(items) = vm.tuple_items(args[1]) {
        for c in items {
            if check(vm, c)? {
                return Ok(Value::TRUE);
            }
        }
        return Ok(Value::FALSE);
    }
    check(vm, args[1]).map(Value::bool)
}

/// Whether a value can be called.
pub(crate) fn is_callable(vm: &mut Vm, v: Value) -> PyResult<bool> {
    if v.is_native() {
        return Ok(true);
    }
    Ok(match vm.obj(v) {
        Some(
            Obj::Function(_)
            | Obj::Native(_)
            | Obj::BoundMethod { .. }
            | Obj::Class(_)
            | Obj::WeakRef(_),
        ) => true,
        Some(Obj::Instance(_)) => vm.user_special(v, "__call__")?.is_some(),
        _ => false,
    })
}

fn callable(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "callable", args, 1, 1)?;
    is_callable(vm, args[0]).map(Value::bool)
}

fn attr_name(vm: &mut Vm, v: Value) -> PyResult<Value> {
    if vm.str_of(v).is_some() {
        return Ok(v);
    }
    let msg = format!("attribute name must be string, not '{}'", vm.type_name(v));
    Err(vm.type_error(msg))
}

fn getattr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "getattr", args, 2, 3)?;
    let name = attr_name(vm, args[1])?;
    match vm.get_attr_opt(args[0], name) {
        Ok(Some(v)) => Ok(v),
        Ok(None) => match args.get(2) {
            Some(d) => Ok(*d),
            None => Err(vm.no_attribute(args[0], name)),
        },
        Err(e) if args.len() == 3 && vm.exc_matches(e.0, vm.types.attribute_error) => Ok(args[2]),
        Err(e) => Err(e),
    }
}

fn setattr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "setattr", args, 3, 3)?;
    let name = attr_name(vm, args[1])?;
    vm.set_attr(args[0], name, args[2])?;
    Ok(Value::NONE)
}

fn hasattr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "hasattr", args, 2, 2)?;
    let name = attr_name(vm, args[1])?;
    match vm.get_attr_opt(args[0], name) {
        Ok(v) => Ok(Value::bool(v.is_some())),
        Err(e) if vm.exc_matches(e.0, vm.types.attribute_error) => Ok(Value::FALSE),
        Err(e) => Err(e),
    }
}

fn delattr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "delattr", args, 2, 2)?;
    let name = attr_name(vm, args[1])?;
    vm.del_attr(args[0], name)?;
    Ok(Value::NONE)
}

fn hash(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "hash", args, 1, 1)?;
    let h = vm.hash(args[0])? as i64;
    vm.new_int(h)
}

fn id(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "id", args, 1, 1)?;
    let a = vm.addr(args[0]);
    vm.new_int(a as i64)
}

fn chr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "chr", args, 1, 1)?;
    let i = int_arg(vm, args[0]).map_err(|e| {
        if vm.exc_matches(e.0, vm.types.overflow_error) {
            vm.overflow_error("Python int too large to convert to C int")
        } else {
            e
        }
    })?;
    match u32::try_from(i)
        .ok()
        .filter(|n| *n < 0x110000)
        .and_then(char::from_u32)
    {
        Some(c) => {
            let mut b = [0u8; 4];
            vm.new_str(c.encode_utf8(&mut b))
        }
        None if (0xd800..0xe000).contains(&i) => {
            Err(vm.value_error("surrogate code points are not supported"))
        }
        None => Err(vm.value_error("chr() arg not in range(0x110000)")),
    }
}

fn ord(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "ord", args, 1, 1)?;
    if let Some(s) = vm.str_of(args[0]) {
        let mut it = s.chars();
        return match (it.next(), it.next()) {
            (Some(c), None) => Ok(Value::int_unchecked(c as i64)),
            _ => {
                let n = s.chars().count();
                Err(vm.type_error(format!(
                    "ord() expected a character, but string of length {n} found"
                )))
            }
        };
    }
    let is_bytes = matches!(vm.obj(args[0]), Some(Obj::Bytes(_) | Obj::ByteArray(_)));
    if let Some(b) = vm.bytes_data(args[0]).filter(|_| is_bytes) {
        if b.len() == 1 {
            return Ok(Value::int_unchecked(b[0] as i64));
        }
        return Err(vm.type_error(format!(
            "ord() expected a character, but string of length {} found",
            b.len()
        )));
    }
    let msg = format!(
        "ord() expected string of length 1, but {} found",
        vm.type_name(args[0])
    );
    Err(vm.type_error(msg))
}

fn radix_repr(
    vm: &mut Vm,
    args: &[Value],
    name: &str,
    radix: u32,
    prefix: &str,
) -> PyResult<Value> {
    check_args(vm, name, args, 1, 1)?;
    let v = args[0];
    let Some(b) = vm.to_bigint(v) else {
        if let Some(f) = vm.user_special(v, "__index__")? {
            let r = vm.call_bound(f, v, &[])?;
            return radix_repr(vm, &[r], name, radix, prefix);
        }
        let msg = format!(
            "'{}' object cannot be interpreted as an integer",
            vm.type_name(v)
        );
        return Err(vm.type_error(msg));
    };
    // The digits and the prefixed text both live until the string object is made.
    let bits_per_digit = u64::from(radix.ilog2());
    let len = b.bit_length().div_ceil(bits_per_digit).saturating_add(4);
    let mut room = vm.scratch();
    room.cover(
        vm,
        usize::try_from(len.saturating_mul(2)).unwrap_or(usize::MAX),
    )?;
    let digits = if cfg!(feature = "bigint") {
        b.abs().to_str_radix(radix, 0).unwrap_or_default()
    } else {
        // Every int fits in `i64`: core's formatting, no big-int radix conversion.
        let m = b.to_i64().map_or(0, i64::unsigned_abs);
        match radix {
            2 => format!("{m:b}"),
            8 => format!("{m:o}"),
            _ => format!("{m:x}"),
        }
    };
    let sign = if b.is_negative() { "-" } else { "" };
    let text = format!("{sign}{prefix}{digits}");
    drop(digits);
    drop(room);
    vm.new_string(text)
}

fn hex(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    radix_repr(vm, args, "hex", 16, "0x")
}

fn oct(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    radix_repr(vm, args, "oct", 8, "0o")
}

fn bin(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    radix_repr(vm, args, "bin", 2, "0b")
}

fn globals(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "globals", args, 0, 0)?;
    Ok(vm
        .frames
        .last()
        .map_or(Value::obj(vm.main_globals), |f| Value::obj(f.globals)))
}

fn locals(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "locals", args, 0, 0)?;
    let Some(f) = vm.frames.last() else {
        return Ok(Value::obj(vm.main_globals));
    };
    if !f.locals.is_undef() {
        return Ok(f.locals);
    }
    if f.func.is_undef() {
        return Ok(Value::obj(f.globals));
    }
    // A function's locals are its frame's `f_locals`: one dict per frame, refreshed on
    // each call (so names `exec` added stay, as in CPython 3.11).
    let fi = vm.frames.len() - 1;
    let fo = vm.frame_object(fi)?;
    vm.frame_locals(fo)
}

fn vars(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    if args.is_empty() {
        return locals(vm, args, kw);
    }
    check_args(vm, "vars", args, 0, 1)?;
    let n = vm.intern("__dict__")?;
    match vm.get_attr_opt(args[0], n)? {
        Some(d) => Ok(d),
        None => Err(vm.type_error("vars() argument must have __dict__ attribute")),
    }
}

fn dir(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "dir", args, 0, 1)?;
    let mut names: Vec<String> = Vec::new();
    let v = args.first().copied();
    // A user class's (or metaclass's) `__dir__`: its result, sorted.
    if let Some(x) = v.filter(|x| matches!(vm.obj(*x), Some(Obj::Instance(_) | Obj::Class(_)))) {
        if let Some(f) = vm.user_special(x, "__dir__")? {
            let r = vm.call_bound(f, x, &[])?;
            let items = vm.collect_iter(r)?;
            let list = vm.new_list(items)?;
            vm.call_method_by_name(list, "sort", &[])?;
            return Ok(list);
        }
    }
    let mut dicts = Vec::new();
    match v {
        None => {
            // The names of the current scope: `locals()`, any mapping (`exec`'s).
            let l = locals(vm, &[], &[])?;
            let keys = match l.as_obj() {
                Some(d) if matches!(vm.heap.get(d), Obj::Dict(_)) => {
                    vm.dict_items(d).into_iter().map(|(k, _)| k).collect()
                }
                _ => {
                    let k = vm.call_method_by_name(l, "keys", &[])?;
                    vm.collect_iter(k)?
                }
            };
            for k in keys {
                if let Some(s) = vm.str_of(k) {
                    names.push(String::from(s));
                }
            }
        }
        Some(v) => {
            if let Some(Obj::Instance(i)) = vm.obj(v) {
                if let Some(d) = i.dict.get() {
                    dicts.push(d);
                }
                let cls = i.class;
                if let Some(c) = vm.class(cls) {
                    for n in &c.layout {
                        if let Some(s) = vm.str_of(*n) {
                            names.push(String::from(s));
                        }
                    }
                }
            }
            if let Some(Obj::Module(m)) = vm.obj(v) {
                dicts.push(m.dict);
            } else {
                let t = if matches!(vm.obj(v), Some(Obj::Class(_))) {
                    v.as_obj().unwrap_or(ObjRef(0))
                } else {
                    vm.type_of(v)
                };
                let mro = vm.class(t).map(|c| c.mro.clone()).unwrap_or_default();
                for k in mro {
                    dicts.push(vm.class_namespace(k)?);
                }
            }
        }
    }
    for d in dicts {
        for (k, _) in vm.dict_items(d) {
            if let Some(s) = vm.str_of(k) {
                names.push(String::from(s));
            }
        }
    }
    // The attributes every user class and its instances have without storing them.
    let user = v.is_some_and(|x| match vm.obj(x) {
        Some(Obj::Class(c)) => !c.is_builtin,
        Some(Obj::Instance(i)) => vm.class(i.class).is_some_and(|c| !c.is_builtin),
        _ => false,
    });
    if user {
        for n in [
            "__class__",
            "__dict__",
            "__doc__",
            "__module__",
            "__weakref__",
        ] {
            names.push(String::from(n));
        }
    }
    names.sort();
    names.dedup();
    let mut vals = Vec::new();
    for n in names {
        vals.push(vm.new_string(n)?);
    }
    vm.new_list(vals)
}

fn format_builtin(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "format", args, 1, 2)?;
    let spec = args.get(1).copied().unwrap_or(Value::UNDEF);
    vm.format_value(args[0], 0, spec)
}

/// `__import__(name, globals=None, locals=None, fromlist=(), level=0)`.
fn import(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__import__", args, 1, 5)?;
    let arg = |vm: &Vm, i: usize, name: &str| args.get(i).copied().or_else(|| kwarg(vm, kw, name));
    let name = args[0];
    if vm.str_of(name).is_none() {
        return Err(vm.type_error("module name must be a string"));
    }
    let globals = arg(vm, 1, "globals")
        .and_then(|g| g.as_obj())
        .filter(|r| matches!(vm.heap.get(*r), Obj::Dict(_)))
        .unwrap_or(vm.main_globals);
    let fromlist = match arg(vm, 3, "fromlist") {
        Some(f) if f != Value::NONE => {
            let items = vm.collect_iter(f)?;
            vm.new_tuple(items)?
        }
        _ => vm.new_tuple(Vec::new())?,
    };
    let level = arg(vm, 4, "level").unwrap_or(Value::int_unchecked(0));
    vm.import_name(name, fromlist, level, globals)
}
