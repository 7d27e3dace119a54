//! Classes: `super`, the methods of `object` and `type`, and the special attributes every
//! object kind exposes. (Creating classes: `class_create`.)

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{add_methods, check_args};
use crate::object::native_table::NativeEntries;
use crate::object::types::{GenState, NativeFunc, NativeKind, Obj, Property};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use crate::object::lazy_exc::LazyExc;

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
            ("__format__", object_format),
            ("__lt__", object_not_implemented),
            ("__le__", object_not_implemented),
            ("__gt__", object_not_implemented),
            ("__ge__", object_not_implemented),
            ("__dir__", object_dir),
            ("__sizeof__", object_sizeof),
            ("__getstate__", object_getstate),
            ("__reduce__", object_reduce),
            ("__reduce_ex__", object_reduce),
        ],
    );
    // `__new__` is a static method in CPython (it takes the class explicitly), and
    // `__init_subclass__` a class method.
    let class_methods: NativeEntries = &[
        ("__init_subclass__", object_init_subclass),
        ("__subclasshook__", object_not_implemented),
    ];
    vm.add_type_natives(object, class_methods, NativeKind::ClassMethod);
    let new: NativeEntries = &[("__new__", object_new)];
    vm.add_type_natives(object, new, NativeKind::StaticMethod);
    // Plain `object()` instances have no `__dict__`.
    if let Obj::Class(c) = vm.heap.get_mut(object) {
        c.slots = Some(Box::new([]));
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
    if super_start(vm, cr, obj).is_none() {
        return Err(vm.type_error("super(type, obj): obj must be an instance or subtype of type"));
    }
    vm.alloc_value(Obj::Super {
        class: cr,
        receiver: obj,
    })
}

/// The class whose MRO `super(cls, obj)` searches, and whether `obj` is a class taken as a
/// type (a subclass of `cls`, so methods stay unbound) rather than as an instance (of a
/// metaclass deriving from `cls`); `None` when `obj` is neither.
fn super_start(vm: &Vm, cls: ObjRef, obj: Value) -> Option<(ObjRef, bool)> {
    if let Some(r) = obj.as_obj().filter(|r| vm.class(*r).is_some()) {
        if vm.is_subclass(r, cls) {
            return Some((r, true));
        }
    }
    let t = vm.type_of(obj);
    vm.is_subclass(t, cls).then_some((t, false))
}

/// Attribute lookup through a `super` object.
pub(crate) fn super_getattr(
    vm: &mut Vm,
    cls: ObjRef,
    receiver: Value,
    name: Value,
) -> PyResult<Option<Value>> {
    let Some((start, is_class)) = super_start(vm, cls, receiver) else {
        return Ok(None);
    };
    let mro = vm.class(start).map(|c| c.mro.clone()).unwrap_or_default();
    let pos = mro
        .iter()
        .position(|c| *c == cls)
        .map_or(mro.len(), |p| p + 1);
    for k in &mro[pos..] {
        if let Some(v) = vm.class_own_get(*k, name) {
            if is_class {
                return Ok(Some(match vm.obj(v) {
                    Some(Obj::ClassMethod(f)) => {
                        let f = *f;
                        vm.alloc_value(Obj::BoundMethod { func: f, receiver })?
                    }
                    _ if vm.native(v).is_some_and(|n| n.kind == NativeKind::ClassMethod) => {
                        vm.alloc_value(Obj::BoundMethod { func: v, receiver })?
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
            if let Some(g) = vm.user_descriptor(v).and_then(|u| u.get) {
                return vm.call_bound(g, v, &[receiver, Value::obj(t)]).map(Some);
            }
            return vm.bind_descriptor(v, receiver, t).map(Some);
        }
    }
    Ok(None)
}

impl Vm {
    /// An attribute of a builtin function or method: its name, its qualified name (the
    /// owner's name first for a method of a type), and what it is bound to.
    fn native_attr(&mut self, nf: &NativeFunc, n: &str) -> PyResult<Option<Value>> {
        match n {
            "__name__" => self.new_str(nf.name).map(Some),
            "__qualname__" => match nf.owner.as_obj().filter(|_| nf.kind != NativeKind::Function) {
                Some(owner) => {
                    let owner = self.class(owner).and_then(|c| self.str_of(c.name));
                    let q = format!("{}.{}", owner.unwrap_or("?"), nf.name);
                    self.new_string(q).map(Some)
                }
                None => self.new_str(nf.name).map(Some),
            },
            "__self__" if !nf.bound.is_undef() => Ok(Some(nf.bound)),
            "__self__" => Ok(Some(Value::NONE)),
            _ => Ok(None),
        }
    }

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
        if let Some(nf) = self.native(obj) {
            return self.native_attr(&nf, &n);
        }
        let Some(r) = obj.as_obj() else {
            return self.number_attr(obj, &n);
        };
        let n = n.as_str();
        match self.heap.get(r) {
            #[cfg(feature = "bytes-methods")]
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
            Obj::Coroutine(_) => self.coroutine_attr(r, n),
            Obj::Generator(g) => match n {
                "__name__" => Ok(Some(g.name)),
                "__qualname__" => Ok(Some(g.qualname)),
                "gi_running" => Ok(Some(Value::bool(g.state == GenState::Running))),
                "gi_frame" => self.gi_frame(r).map(Some),
                "gi_code" => {
                    let c = g.code.clone();
                    self.alloc_value(Obj::Code(c)).map(Some)
                }
                _ => Ok(None),
            },
            Obj::Frame(_) => self.frame_attr(r, n),
            Obj::Cell(v) if n == "cell_contents" => match *v {
                v if v.is_undef() => Err(self.value_error("Cell is empty")),
                v => Ok(Some(v)),
            },
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
            "__dict__" => Value::obj(self.class_namespace(r)?),
            "__mro__" => {
                let m: Vec<Value> = c.mro.iter().map(|x| Value::obj(*x)).collect();
                self.new_tuple(m)?
            }
            "__bases__" => {
                let b: Vec<Value> = c.bases.iter().map(|x| Value::obj(*x)).collect();
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
            // Kept in the function's `__dict__`; a function without any gets an empty dict.
            "__annotations__" => {
                if let Some(v) = f.dict.and_then(|d| self.dict_get_str(d, name)) {
                    return Ok(Some(v));
                }
                let d = self.new_dict()?;
                self.set_attr(Value::obj(r), name, d)?;
                d
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
            "name" | "path" if self.exc_matches_lazy(obj, LazyExc::ImportError) => Value::NONE,
            "value" if self.exc_matches(obj, self.types.stop_iteration) => {
                self.stop_iteration_value(obj)
            }
            "code" if self.exc_matches_lazy(obj, LazyExc::SystemExit) => {
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
            "co_flags" => Value::int_unchecked(i64::from(cpython_code_flags(c.flags))),
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

/// A code object's flags in CPython's numbering (`inspect` reads them): `CO_OPTIMIZED` and
/// `CO_NEWLOCALS` for function bodies, then the kinds and the star parameters.
fn cpython_code_flags(flags: u32) -> u32 {
    use crate::bytecode::code::code_flags as f;
    let pairs = [
        (f::VARARGS, 0x04),
        (f::VARKEYWORDS, 0x08),
        (f::NESTED, 0x10),
        (f::GENERATOR, 0x20),
        (f::COROUTINE, 0x80),
        (f::ASYNC_GENERATOR, 0x200),
    ];
    let function = if flags & f::NAMESPACE == 0 { 0x03 } else { 0 };
    pairs
        .iter()
        .filter(|(ours, _)| flags & ours != 0)
        .fold(function, |acc, (_, theirs)| acc | theirs)
}

// -- object -----------------------------------------------------------------------------------

/// `object.__init__(self, *args)`: extra arguments are an error unless the type's own
/// `__new__` takes them (CPython's `object_init` rule).
fn object_init(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    if args.len() <= 1 && kw.is_empty() {
        return Ok(Value::NONE);
    }
    let Some(&this) = args.first() else {
        return Err(vm.type_error("descriptor '__init__' of 'object' object needs an argument"));
    };
    let t = vm.type_of(this);
    let (init, new) = (vm.intern("__init__")?, vm.intern("__new__")?);
    let object_attr = |vm: &Vm, name| {
        vm.class_own_get(vm.types.object, name)
    };
    if t == vm.types.object || vm.class_lookup(t, init) != object_attr(vm, init) {
        return Err(vm.type_error(
            "object.__init__() takes exactly one argument (the instance to initialize)",
        ));
    }
    if vm.class_lookup(t, new) == object_attr(vm, new) {
        let msg = format!("{}() takes no arguments", vm.class_name(t));
        return Err(vm.type_error(msg));
    }
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
    // A type whose instances carry a builtin value needs that type's `__new__`.
    let nn = vm.intern("__new__")?;
    let own_new = vm.class_lookup(cls, nn);
    let object_new_v = vm.class_own_get(vm.types.object, nn);
    if own_new != object_new_v && vm.is_builtin_object_method(own_new.unwrap_or(Value::NONE)) {
        let solid = vm
            .class(cls)
            .and_then(|c| {
                c.mro
                    .iter()
                    .copied()
                    .find(|k| vm.class(*k).is_some_and(|kc| kc.is_builtin))
            })
            .unwrap_or(cls);
        let msg = format!(
            "object.__new__({}) is not safe, use {}.__new__()",
            vm.class_name(cls),
            vm.class_name(solid)
        );
        return Err(vm.type_error(msg));
    }
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
    // `BaseException.__new__` (the same builtin here) takes any arguments as `args`.
    let exception = matches!(
        vm.builtin_base(cls),
        crate::object::types::BuiltinBase::Exception
    );
    if !exception && (!rest.is_empty() || !kwargs.is_empty()) {
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
    let t = vm.type_of(args[0]);
    vm.generic_set_attr(args[0], args[1], args[2], t)?;
    Ok(Value::NONE)
}

fn object_getattribute(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__getattribute__", args, 2, 2)?;
    let (obj, name) = (args[0], args[1]);
    let found = match vm.obj(obj) {
        Some(Obj::Instance(_)) => {
            let t = vm.type_of(obj);
            vm.generic_get_attr(obj, name, t)?
        }
        _ => vm.get_attr_opt(obj, name)?,
    };
    match found {
        Some(v) => Ok(v),
        None => Err(vm.no_attribute(obj, name)),
    }
}

fn object_delattr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__delattr__", args, 2, 2)?;
    let t = vm.type_of(args[0]);
    vm.generic_del_attr(args[0], args[1], t)?;
    Ok(Value::NONE)
}

/// `object`'s orderings and `__subclasshook__`: no answer.
fn object_not_implemented(
    _vm: &mut Vm,
    _args: &[Value],
    _kw: &[(Value, Value)],
) -> PyResult<Value> {
    Ok(Value::NOT_IMPLEMENTED)
}

/// `object.__dir__(self)`: the names `dir()` lists, unsorted order aside.
fn object_dir(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__dir__", args, 1, 1)?;
    let dir = vm.intern("dir")?;
    let b = vm.builtins;
    let f = vm.builtins_get(b, dir)?.unwrap_or(Value::NONE);
    vm.call(f, &args[..1])
}

/// `object.__sizeof__(self)`: CPython's basic size of an instance (the VM's own sizes are
/// not Python's).
fn object_sizeof(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__sizeof__", args, 1, 1)?;
    let has_dict = matches!(vm.obj(args[0]), Some(Obj::Instance(i)) if !i.dict.is_none()
        || vm.class(i.class).is_some_and(|c| c.slots.is_none()));
    Ok(Value::int_unchecked(if has_dict { 32 } else { 16 }))
}

/// `object.__getstate__(self)`: the instance's `__dict__` when it has attributes.
fn object_getstate(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__getstate__", args, 1, 1)?;
    let d = vm.intern("__dict__")?;
    match vm.get_attr_opt(args[0], d)? {
        Some(v) if vm.len(v).unwrap_or(0) > 0 => Ok(v),
        _ => Ok(Value::NONE),
    }
}

/// `object.__reduce__` / `__reduce_ex__`: pickling is outside the subset.
fn object_reduce(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let name = args
        .first()
        .map_or(String::from("object"), |v| vm.type_name(*v));
    Err(vm.type_error(format!("cannot pickle '{name}' object")))
}

/// `object.__init_subclass__(cls)`: takes no keyword arguments.
fn object_init_subclass(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    if !kw.is_empty() || args.len() > 1 {
        let who = match args
            .first()
            .and_then(|c| c.as_obj())
            .filter(|r| vm.class(*r).is_some())
        {
            Some(r) => vm.class_name(r),
            None => String::from("object"),
        };
        let msg = if kw.is_empty() {
            format!(
                "{who}.__init_subclass__() takes no arguments ({} given)",
                args.len() - 1
            )
        } else {
            format!("{who}.__init_subclass__() takes no keyword arguments")
        };
        return Err(vm.type_error(msg));
    }
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
