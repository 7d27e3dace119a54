//! Classes: `__build_class__`, `super`, the methods of `object` and `type`, and the
//! special attributes every object kind exposes.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::Cell;

use super::{add_methods, check_args};
use crate::object::types::{
    slot_kind, AttrPlain, BuiltinBase, Class, GenState, NativeKind, Obj, Property,
};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

pub(crate) fn install(vm: &mut Vm, _b: ObjRef) {
    let t = &vm.types;
    let (object, base_exc, property, type_) = (t.object, t.base_exception, t.property, t.type_);
    add_methods(
        vm,
        object,
        &[
            ("__init__", object_init),
            ("__repr__", object_repr),
            ("__str__", object_str),
            ("__eq__", object_eq),
            ("__ne__", object_ne),
            ("__hash__", object_hash),
            ("__setattr__", object_setattr),
            ("__getattribute__", object_getattribute),
            ("__delattr__", object_delattr),
            ("__init_subclass__", object_init_subclass),
            ("__format__", object_format),
        ],
    );
    // `__new__` is a static method in CPython (it takes the class explicitly).
    if let Some(d) = vm.class(object).map(|c| c.dict) {
        super::add_native(
            vm,
            d,
            "__new__",
            object_new,
            NativeKind::StaticMethod,
            Value::obj(object),
        );
    }
    // Plain `object()` instances have no `__dict__`.
    if let Obj::Class(c) = vm.heap.get_mut(object) {
        c.slots = Some(Vec::new());
    }
    super::exc_methods::install(vm, base_exc);
    add_methods(
        vm,
        property,
        &[
            ("getter", prop_getter),
            ("setter", prop_setter),
            ("deleter", prop_deleter),
        ],
    );
    add_methods(vm, type_, &[("mro", type_mro)]);
}

/// `__build_class__(body, name, *bases, **kwargs)`.
pub(crate) fn build_class(
    vm: &mut Vm,
    args: &[Value],
    kwargs: &[(Value, Value)],
) -> PyResult<Value> {
    if args.len() < 2 {
        return Err(vm.type_error("__build_class__: not enough arguments"));
    }
    if let Some((k, _)) = kwargs.first() {
        let k = String::from(vm.str_of(*k).unwrap_or("?"));
        return Err(vm.not_implemented(format!(
            "class keyword argument '{k}' (metaclasses) is not supported by Tiercel"
        )));
    }
    let (body, name) = (args[0], args[1]);
    let mut base_refs = Vec::new();
    for b in &args[2..] {
        match b.as_obj().filter(|r| vm.class(*r).is_some()) {
            Some(r) => base_refs.push(r),
            None => {
                let msg = format!("bases must be types, not {}", vm.type_name(*b));
                return Err(vm.type_error(msg));
            }
        }
    }
    if base_refs.is_empty() {
        base_refs.push(vm.types.object);
    }
    let final_types = [
        vm.types.bool_,
        vm.types.range,
        vm.types.slice,
        vm.types.function,
        vm.types.none_type,
        vm.types.generator,
    ];
    for &base in &base_refs {
        if final_types.contains(&base) {
            let msg = format!(
                "type '{}' is not an acceptable base type",
                vm.class_name(base)
            );
            return Err(vm.type_error(msg));
        }
    }
    let (code, globals) = match vm.obj(body) {
        Some(Obj::Function(f)) => (f.code.clone(), f.globals),
        _ => return Err(vm.type_error("__build_class__: func must be a function")),
    };
    let ns = vm.new_dict()?;
    let nsr = ns.as_obj().unwrap_or(ObjRef(0));
    vm.with_roots(&[ns], |vm, _| vm.run_code(code, globals, ns, body))?;
    let cls = make_class_multi(vm, name, &base_refs, nsr)?;
    Ok(Value::obj(cls))
}

/// C3 linearization of `bases` (the new class itself excluded).
fn c3_merge(vm: &mut Vm, bases: &[ObjRef]) -> PyResult<Vec<ObjRef>> {
    let mut seqs: Vec<Vec<ObjRef>> = Vec::new();
    for &b in bases {
        seqs.push(vm.class(b).map(|c| c.mro.clone()).unwrap_or_default());
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

/// Creates a class object from a finished namespace.
pub(crate) fn make_class(vm: &mut Vm, name: Value, base: ObjRef, ns: ObjRef) -> PyResult<ObjRef> {
    make_class_multi(vm, name, &[base], ns)
}

/// Creates a class object with one or more bases from a finished namespace.
pub(crate) fn make_class_multi(
    vm: &mut Vm,
    name: Value,
    bases: &[ObjRef],
    ns: ObjRef,
) -> PyResult<ObjRef> {
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
        vm.class(base).map(|c| c.mro.clone()).unwrap_or_default()
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
            let mut names = base_slots.unwrap_or_default();
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
    let slots = slots.filter(|_| !dict_from_base);
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
        mro: Vec::new(),
        dict: ns,
        builtin_base,
        is_builtin: false,
        version: Cell::new(version),
        slot_kinds: layout.iter().map(|_| Cell::new(slot_kind::UNSET)).collect(),
        shape_path: shape_path.into(),
        layout: layout.into(),
        slots,
        subclasses: Vec::new(),
        attr_plain: Cell::new(AttrPlain::UNKNOWN),
    })))?;
    let mut mro = vec![cls];
    mro.extend(base_mro);
    for &ancestor in &mro[1..] {
        vm.register_subclass(ancestor, cls);
    }
    if let Obj::Class(c) = vm.heap.get_mut(cls) {
        c.mro = mro;
    }
    let cc = vm.intern("__classcell__")?;
    if let Some(cell) = vm.dict_get_str(ns, cc) {
        if let Some(Obj::Cell(c)) = cell.as_obj().map(|r| vm.heap.get_mut(r)) {
            *c = Value::obj(cls);
        }
        vm.dict_del(ns, cc)?;
    }
    // `__init_subclass__` of a user base.
    let isc = vm.intern("__init_subclass__")?;
    if let Some(f) = vm.class_lookup(base, isc) {
        if !vm.is_builtin_object_method(f) {
            let func = match vm.obj(f) {
                Some(Obj::ClassMethod(g)) => *g,
                _ => f,
            };
            vm.call(func, &[Value::obj(cls)])?;
        }
    }
    Ok(cls)
}

/// `super()` / `super(cls, obj)`.
pub(crate) fn make_super(vm: &mut Vm, args: &[Value]) -> PyResult<Value> {
    let (cls, obj) = match args.len() {
        2 => (args[0], args[1]),
        0 => {
            let Some(f) = vm.frames.last() else {
                return Err(vm.runtime_error("super(): no arguments"));
            };
            let code = f.code.clone();
            let base = f.base as usize;
            if code.argcount == 0 && code.flags & crate::bytecode::code::code_flags::VARARGS == 0 {
                return Err(vm.runtime_error("super(): no arguments"));
            }
            let mut first = vm.stack[base];
            // The first argument may live in a cell if a closure captured it.
            if let Some(ci) = code.cell2arg.iter().position(|&a| a == 0) {
                if let Some(Obj::Cell(v)) = vm.obj(vm.stack[base + code.nlocals() + ci]) {
                    first = *v;
                }
            }
            let class_cell = code
                .freevars
                .iter()
                .position(|n| vm.str_of(*n) == Some("__class__"));
            let Some(j) = class_cell else {
                return Err(vm.runtime_error("super(): __class__ cell not found"));
            };
            let cell = vm.stack[base + code.nlocals() + code.cellvars.len() + j];
            let cls = match vm.obj(cell) {
                Some(Obj::Cell(v)) if !v.is_undef() => *v,
                _ => return Err(vm.runtime_error("super(): empty __class__ cell")),
            };
            if first.is_undef() {
                return Err(vm.runtime_error("super(): arg[0] deleted"));
            }
            (cls, first)
        }
        n => {
            let msg = format!("super() takes 0 or 2 arguments ({n} given)");
            return Err(vm.type_error(msg));
        }
    };
    let Some(cr) = cls.as_obj().filter(|r| vm.class(*r).is_some()) else {
        let msg = format!(
            "super() argument 1 must be a type, not {}",
            vm.type_name(cls)
        );
        return Err(vm.type_error(msg));
    };
    let ot = match vm.obj(obj) {
        Some(Obj::Class(_)) => obj.as_obj().unwrap_or(cr),
        _ => vm.type_of(obj),
    };
    if !vm.is_subclass(ot, cr) {
        return Err(vm.type_error("super(type, obj): obj must be an instance or subtype of type"));
    }
    vm.alloc_value(Obj::Super {
        class: cr,
        receiver: obj,
    })
}

/// Attribute lookup through a `super` object.
pub(crate) fn super_getattr(
    vm: &mut Vm,
    cls: ObjRef,
    receiver: Value,
    name: Value,
) -> PyResult<Option<Value>> {
    let start = match vm.obj(receiver) {
        Some(Obj::Class(_)) => receiver.as_obj().unwrap_or(cls),
        _ => vm.type_of(receiver),
    };
    let mro = vm.class(start).map(|c| c.mro.clone()).unwrap_or_default();
    let pos = mro
        .iter()
        .position(|c| *c == cls)
        .map_or(mro.len(), |p| p + 1);
    let is_class = matches!(vm.obj(receiver), Some(Obj::Class(_)));
    for k in &mro[pos..] {
        let d = match vm.class(*k) {
            Some(c) => c.dict,
            None => continue,
        };
        if let Some(v) = vm.dict_get_str(d, name) {
            if is_class {
                return Ok(Some(match vm.obj(v) {
                    Some(Obj::ClassMethod(f)) => {
                        let f = *f;
                        vm.alloc_value(Obj::BoundMethod { func: f, receiver })?
                    }
                    Some(Obj::StaticMethod(f)) => *f,
                    _ => v,
                }));
            }
            if let Some(Obj::Property(p)) = vm.obj(v) {
                let g = p.fget;
                return vm.call(g, &[receiver]).map(Some);
            }
            let t = vm.type_of(receiver);
            return vm.bind_descriptor(v, receiver, t).map(Some);
        }
    }
    Ok(None)
}

impl Vm {
    /// Attributes that are not stored in any namespace: `__class__`, `__name__`,
    /// `args`, ... per object kind.
    pub fn special_attr(&mut self, obj: Value, name: Value) -> PyResult<Option<Value>> {
        let Some(n) = self.str_of(name).map(String::from) else {
            return Ok(None);
        };
        if n == "__class__" {
            return Ok(Some(Value::obj(self.type_of(obj))));
        }
        if let Some(Obj::Super { class, receiver }) = self.obj(obj) {
            let (c, r) = (*class, *receiver);
            return super_getattr(self, c, r, name);
        }
        let Some(r) = obj.as_obj() else {
            return self.number_attr(obj, &n);
        };
        let n = n.as_str();
        match self.heap.get(r) {
            Obj::MemoryView(_) => self.memview_attr(obj, n),
            &Obj::Complex { re, im } => Ok(Vm::complex_attr(
                crate::numeric::complex::Complex::new(re, im),
                n,
            )),
            Obj::BigInt(_) => Ok(match n {
                "real" | "numerator" => Some(obj),
                "imag" => Some(Value::int_unchecked(0)),
                "denominator" => Some(Value::int_unchecked(1)),
                _ => None,
            }),
            Obj::Class(_) => self.class_attr(r, n),
            Obj::Module(m) => Ok(match n {
                "__dict__" => Some(Value::obj(m.dict)),
                "__name__" => Some(m.name),
                _ => None,
            }),
            Obj::Function(_) => self.function_attr(r, name, n),
            &Obj::BoundMethod { func, receiver } => match n {
                "__self__" => Ok(Some(receiver)),
                "__func__" => Ok(Some(func)),
                _ => self.get_attr_opt(func, name),
            },
            Obj::Native(nf) => match n {
                "__name__" | "__qualname__" => {
                    let s = nf.name;
                    self.new_str(s).map(Some)
                }
                "__self__" => Ok(Some(nf.bound)),
                _ => Ok(None),
            },
            Obj::Instance(_) if n == "__dict__" => self.instance_dict_attr(r),
            Obj::Instance(i) if i.exc.is_some() => self.exception_attr(obj, r, n),
            Obj::Range { .. } | Obj::BigRange(_) => self.range_attr(r, n),
            Obj::Slice(s) => Ok(match n {
                "start" => Some(s[0]),
                "stop" => Some(s[1]),
                "step" => Some(s[2]),
                _ => None,
            }),
            Obj::Property(p) => Ok(match n {
                "fget" => Some(p.fget),
                "fset" => Some(p.fset),
                "fdel" => Some(p.fdel),
                "__doc__" => Some(p.doc),
                _ => None,
            }),
            Obj::StaticMethod(f) | Obj::ClassMethod(f) if n == "__func__" => Ok(Some(*f)),
            Obj::Generator(g) => match n {
                "__name__" => Ok(Some(g.name)),
                "__qualname__" => Ok(Some(g.qualname)),
                "gi_running" => Ok(Some(Value::bool(g.state == GenState::Running))),
                "gi_frame" => self.gi_frame(r).map(Some),
                _ => Ok(None),
            },
            Obj::Frame(_) => self.frame_attr(r, n),
            Obj::Traceback(_) => self.tb_attr(r, n),
            Obj::Code(_) => self.code_attr(r, n),
            _ => Ok(None),
        }
    }

    /// `real`, `imag`, ... of a small int, bool or float.
    fn number_attr(&mut self, obj: Value, n: &str) -> PyResult<Option<Value>> {
        if self.is_int(obj) {
            return Ok(match n {
                "real" | "numerator" => Some(self.positive(obj)?),
                "imag" => Some(Value::int_unchecked(0)),
                "denominator" => Some(Value::int_unchecked(1)),
                _ => None,
            });
        }
        if obj.is_float() {
            return Ok(match n {
                "real" => Some(obj),
                "imag" => Some(Value::float(0.0)),
                _ => None,
            });
        }
        Ok(None)
    }

    /// `__name__`, `__mro__`, `__bases__`, ... of class `r`.
    fn class_attr(&mut self, r: ObjRef, n: &str) -> PyResult<Option<Value>> {
        let Obj::Class(c) = self.heap.get(r) else {
            return Ok(None);
        };
        let v = match n {
            "__name__" => c.name,
            "__qualname__" => c.qualname,
            "__dict__" => Value::obj(c.dict),
            "__mro__" => {
                let m: Vec<Value> = c.mro.iter().map(|x| Value::obj(*x)).collect();
                self.new_tuple(m)?
            }
            "__bases__" => {
                // Direct bases are not stored: with several, recover them from the MRO as
                // the classes not already in another candidate's MRO.
                let rest = c.mro.get(1..).unwrap_or_default();
                let direct: Vec<Value> = rest
                    .iter()
                    .filter(|x| {
                        !rest
                            .iter()
                            .any(|y| y != *x && self.class(*y).is_some_and(|yc| yc.mro.contains(x)))
                    })
                    .map(|x| Value::obj(*x))
                    .collect();
                let b: Vec<Value> = if direct.len() > 1 {
                    direct
                } else {
                    c.base.iter().map(|x| Value::obj(*x)).collect()
                };
                self.new_tuple(b)?
            }
            "__base__" => c.base.map_or(Value::NONE, Value::obj),
            "__module__" if c.is_builtin => self.intern("builtins")?,
            "__doc__" => Value::NONE,
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// `__name__`, `__defaults__`, `__code__`, ... of function `r`; other names come from
    /// its `__dict__`.
    fn function_attr(&mut self, r: ObjRef, name: Value, n: &str) -> PyResult<Option<Value>> {
        let Obj::Function(f) = self.heap.get(r) else {
            return Ok(None);
        };
        let v = match n {
            "__name__" => f.name,
            "__qualname__" => f.qualname,
            "__module__" => f.module,
            "__doc__" => f.doc,
            "__globals__" => Value::obj(f.globals),
            "__defaults__" => {
                if f.defaults.is_empty() {
                    Value::NONE
                } else {
                    let d = f.defaults.clone();
                    self.new_tuple(d)?
                }
            }
            "__kwdefaults__" => {
                if f.kwdefaults.is_empty() {
                    Value::NONE
                } else {
                    let kw = f.kwdefaults.clone();
                    let d = self.new_dict()?;
                    for (k, v) in kw {
                        self.dict_set(d.as_obj().unwrap_or(r), k, v)?;
                    }
                    d
                }
            }
            "__code__" => {
                let c = f.code.clone();
                self.alloc_value(Obj::Code(c))?
            }
            "__closure__" => {
                if f.closure.is_empty() {
                    Value::NONE
                } else {
                    let c = f.closure.to_vec();
                    self.new_tuple(c)?
                }
            }
            "__dict__" => match f.dict {
                Some(d) => Value::obj(d),
                None => {
                    let d = self.new_dict()?;
                    if let Obj::Function(f) = self.heap.get_mut(r) {
                        f.dict = d.as_obj();
                    }
                    d
                }
            },
            _ => {
                let d = f.dict;
                return Ok(d.and_then(|d| self.dict_get_str(d, name)));
            }
        };
        Ok(Some(v))
    }

    /// An instance's `__dict__`, made on demand; none for builtin exceptions and slotted
    /// instances without one.
    fn instance_dict_attr(&mut self, r: ObjRef) -> PyResult<Option<Value>> {
        let Obj::Instance(i) = self.heap.get(r) else {
            return Ok(None);
        };
        if i.exc.is_some() && i.dict.is_none() && self.class(i.class).is_some_and(|c| c.is_builtin)
        {
            return Ok(None);
        }
        if i.dict.is_none() && self.class(i.class).is_some_and(|c| c.slots.is_some()) {
            return Ok(None);
        }
        let d = self.materialize_instance_dict(r)?;
        Ok(Some(Value::obj(d)))
    }

    /// `args`, `__cause__`, `__traceback__`, ... of exception `obj` (`r`).
    fn exception_attr(&mut self, obj: Value, r: ObjRef, n: &str) -> PyResult<Option<Value>> {
        let e = match self.heap.get(r) {
            Obj::Instance(i) => i
                .exc
                .as_deref()
                .map(|e| (e.args, e.cause, e.context, e.suppress_context)),
            _ => None,
        };
        let Some((args, cause, context, suppress)) = e else {
            return Ok(None);
        };
        let v = match n {
            "args" => args,
            "__cause__" => cause,
            "__context__" => context,
            "__suppress_context__" => Value::bool(suppress),
            "__traceback__" => return self.exc_traceback(obj).map(Some),
            "name" | "path" if self.exc_matches(obj, self.types.import_error) => Value::NONE,
            "value" if self.exc_matches(obj, self.types.stop_iteration) => {
                self.stop_iteration_value(obj)
            }
            "code" if self.exc_matches(obj, self.types.system_exit) => {
                let a = self.tuple_items(args).unwrap_or_default();
                match a.len() {
                    0 => Value::NONE,
                    1 => a[0],
                    _ => args,
                }
            }
            _ => return Ok(self.exception_field_default(obj, n)),
        };
        Ok(Some(v))
    }

    /// `start`, `stop` and `step` of a range `r`, small or big.
    fn range_attr(&mut self, r: ObjRef, n: &str) -> PyResult<Option<Value>> {
        if !matches!(n, "start" | "stop" | "step") {
            return Ok(None);
        }
        match self.heap.get(r) {
            &Obj::Range { start, stop, step } => {
                let i = match n {
                    "start" => start,
                    "stop" => stop,
                    _ => step,
                };
                self.new_int(i).map(Some)
            }
            Obj::BigRange(br) => {
                let b = match n {
                    "start" => br.start.clone(),
                    "stop" => br.stop.clone(),
                    _ => br.step.clone(),
                };
                self.int_from_big(b).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// `co_name`, `co_varnames`, ... of code object `r`.
    fn code_attr(&mut self, r: ObjRef, n: &str) -> PyResult<Option<Value>> {
        let Obj::Code(c) = self.heap.get(r) else {
            return Ok(None);
        };
        let v = match n {
            "co_name" => c.name,
            "co_qualname" => c.qualname,
            "co_argcount" => Value::int_unchecked(c.argcount as i64),
            "co_posonlyargcount" => Value::int_unchecked(c.posonlyargcount as i64),
            "co_kwonlyargcount" => Value::int_unchecked(c.kwonlyargcount as i64),
            "co_firstlineno" => Value::int_unchecked(c.firstlineno as i64),
            "co_nlocals" => Value::int_unchecked(c.varnames.len() as i64),
            "co_varnames" => {
                let v = c.varnames.to_vec();
                self.new_tuple(v)?
            }
            "co_cellvars" => {
                let v = c.cellvars.to_vec();
                self.new_tuple(v)?
            }
            "co_freevars" => {
                let v = c.freevars.to_vec();
                self.new_tuple(v)?
            }
            "co_filename" => {
                let f = c.filename.clone();
                self.new_str(&f)?
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }
}

// -- object -----------------------------------------------------------------------------------

fn object_init(_vm: &mut Vm, _args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::NONE)
}

/// `object.__new__(cls, *args)`, inherited by every type: a new, uninitialised `cls`.
/// For a builtin type this is its constructor (`bool.__new__(bool, 2)` is `True`), except
/// that mutable containers start empty because their `__init__` fills them.
fn object_new(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let Some(&first) = args.first() else {
        return Err(vm.type_error("object.__new__(): not enough arguments"));
    };
    let Some((cls, is_builtin)) = first
        .as_obj()
        .and_then(|r| vm.class(r).map(|c| (r, c.is_builtin)))
    else {
        let msg = format!(
            "object.__new__(X): X is not a type object ({})",
            vm.type_name(first)
        );
        return Err(vm.type_error(msg));
    };
    let rest = &args[1..];
    if is_builtin {
        let t = &vm.types;
        let fills_in_init = [t.list, t.dict, t.set, t.bytearray].contains(&cls);
        let (a, k) = if fills_in_init {
            (&[][..], &[][..])
        } else {
            (rest, kwargs)
        };
        return match vm.builtin_constructor(cls, a, k)? {
            Some(v) => Ok(v),
            None => vm.new_user_instance(cls, a),
        };
    }
    if !rest.is_empty() || !kwargs.is_empty() {
        excess_new_args(vm, cls)?;
    }
    vm.new_user_instance(cls, rest)
}

/// CPython's `object_new` rule for extra arguments: an error if the class overrides
/// `__new__` or does not override `__init__` (otherwise `__init__` consumes them).
fn excess_new_args(vm: &mut Vm, cls: ObjRef) -> PyResult<()> {
    let new_name = vm.intern("__new__")?;
    let init_name = vm.intern("__init__")?;
    let overrides = |vm: &Vm, name| {
        vm.class_lookup(cls, name)
            .is_some_and(|f| !vm.is_builtin_object_method(f))
    };
    if overrides(vm, new_name) {
        return Err(
            vm.type_error("object.__new__() takes exactly one argument (the type to instantiate)")
        );
    }
    if !overrides(vm, init_name) {
        let msg = format!("{}() takes no arguments", vm.class_name(cls));
        return Err(vm.type_error(msg));
    }
    Ok(())
}

fn object_repr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__repr__", args, 1, 1)?;
    let t = vm.type_of(args[0]);
    let cls = vm.repr(Value::obj(t))?;
    let name = String::from(cls.trim_start_matches("<class '").trim_end_matches("'>"));
    let s = format!("<{name} object at 0x{:012x}>", vm.addr(args[0]));
    vm.new_string(s)
}

fn object_str(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__str__", args, 1, 1)?;
    let s = vm.repr(args[0])?;
    vm.new_string(s)
}

fn object_eq(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__eq__", args, 2, 2)?;
    Ok(if args[0] == args[1] {
        Value::TRUE
    } else {
        Value::NOT_IMPLEMENTED
    })
}

fn object_ne(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__ne__", args, 2, 2)?;
    let r = vm.compare(args[0], args[1], crate::bytecode::ops::CompareOp::Eq)?;
    if r == Value::NOT_IMPLEMENTED {
        return Ok(r);
    }
    let t = vm.truthy(r)?;
    Ok(Value::bool(!t))
}

fn object_hash(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__hash__", args, 1, 1)?;
    let a = vm.addr(args[0]) as i64 >> 4;
    vm.new_int(a)
}

fn object_setattr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__setattr__", args, 3, 3)?;
    match args[0].as_obj() {
        Some(r) if matches!(vm.heap.get(r), Obj::Instance(_)) => {
            vm.instance_set(r, args[1], args[2])?
        }
        _ => vm.set_attr(args[0], args[1], args[2])?,
    }
    Ok(Value::NONE)
}

fn object_getattribute(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__getattribute__", args, 2, 2)?;
    vm.get_attr(args[0], args[1])
}

fn object_delattr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__delattr__", args, 2, 2)?;
    vm.del_attr(args[0], args[1])?;
    Ok(Value::NONE)
}

fn object_init_subclass(_vm: &mut Vm, _args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    Ok(Value::NONE)
}

fn object_format(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__format__", args, 2, 2)?;
    if vm.str_of(args[1]).is_some_and(|s| !s.is_empty()) {
        let msg = format!(
            "unsupported format string passed to {}.__format__",
            vm.type_name(args[0])
        );
        return Err(vm.type_error(msg));
    }
    vm.to_str_value(args[0])
}

// -- property ---------------------------------------------------------------------------------

fn prop_with(vm: &mut Vm, args: &[Value], which: usize) -> PyResult<Value> {
    check_args(vm, "property", args, 2, 2)?;
    let (fget, fset, fdel, doc) = match vm.obj(args[0]) {
        Some(Obj::Property(p)) => (p.fget, p.fset, p.fdel, p.doc),
        _ => return Err(vm.type_error("descriptor requires a 'property' object")),
    };
    let mut p = Property {
        fget,
        fset,
        fdel,
        doc,
    };
    match which {
        0 => p.fget = args[1],
        1 => p.fset = args[1],
        _ => p.fdel = args[1],
    }
    vm.alloc_value(Obj::Property(Box::new(p)))
}

fn prop_getter(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    prop_with(vm, args, 0)
}

fn prop_setter(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    prop_with(vm, args, 1)
}

fn prop_deleter(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    prop_with(vm, args, 2)
}

fn type_mro(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "mro", args, 1, 1)?;
    let m: Vec<Value> = match args[0].as_obj().and_then(|r| vm.class(r)) {
        Some(c) => c.mro.iter().map(|x| Value::obj(*x)).collect(),
        None => Vec::new(),
    };
    vm.new_list(m)
}
