//! Constructors of the builtin types: `int(...)`, `list(...)`, `range(...)`, exceptions, ...

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{check_args, int_arg, kwarg};
use crate::object::bigint::{BigInt, ParseIntError, DEFAULT_MAX_STR_DIGITS};
use crate::object::types::{IterObj, Obj, Property};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

impl Vm {
    /// Calls a builtin class as a constructor. `None` for user classes.
    pub(crate) fn builtin_constructor(
        &mut self,
        cls: ObjRef,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<Option<Value>> {
        let Some(c) = self.class(cls) else {
            return Ok(None);
        };
        if !c.is_builtin {
            return Ok(None);
        }
        if c.mro.contains(&self.types.base_exception) {
            if !kwargs.is_empty() {
                let msg = format!("{}() takes no keyword arguments", self.class_name(cls));
                return Err(self.type_error(msg));
            }
            let cls = self.os_error_class(cls, args);
            return self.new_exception_args(cls, args.to_vec()).map(Some);
        }
        let t = &self.types;
        let v = match cls {
            // Numbers and text.
            x if x == t.int => self.ctor_int(args, kwargs)?,
            x if x == t.float => self.ctor_float(args)?,
            x if x == t.complex => self.ctor_complex(args, kwargs)?,
            x if x == t.weakref_ref => self.ctor_weakref(args, kwargs)?,
            x if x == t.weakref_finalize => self.ctor_finalize(args, kwargs)?,
            x if x == t.memoryview => {
                let mut a = args.to_vec();
                a.extend(kwarg(self, kwargs, "object"));
                super::check_kwargs(self, "memoryview", kwargs, &["object"])?;
                if a.is_empty() {
                    let msg = "memoryview() missing required argument 'object' (pos 1)";
                    return Err(self.type_error(msg));
                }
                check_args(self, "memoryview", &a, 1, 1)?;
                self.new_memview_of(a[0])?
            }
            x if x == t.str_ => self.ctor_str(args, kwargs)?,
            x if x == t.bool_ => self.ctor_bool(args)?,
            x if x == t.bytes || x == t.bytearray => {
                self.ctor_bytes(args, kwargs, x == t.bytearray)?
            }
            // Containers.
            x if x == t.list => self.ctor_list(args)?,
            x if x == t.tuple => self.ctor_tuple(args)?,
            x if x == t.dict => self.ctor_dict(cls, args, kwargs)?,
            x if x == t.set || x == t.frozenset => self.ctor_set(args, x == t.frozenset)?,
            x if x == t.range => self.ctor_range(args)?,
            x if x == t.slice => self.ctor_slice(args)?,
            // Iterators.
            x if x == t.enumerate => self.ctor_enumerate(args, kwargs)?,
            x if x == t.zip => self.ctor_zip(args, kwargs)?,
            x if x == t.map => self.ctor_map(args)?,
            x if x == t.filter => self.ctor_filter(args)?,
            x if x == t.reversed => self.ctor_reversed(args)?,
            // Objects, types and descriptors.
            x if x == t.object => self.ctor_object(cls, args)?,
            x if x == t.type_ => self.ctor_type(cls, args, kwargs)?,
            x if x == t.property => self.ctor_property(args, kwargs)?,
            x if x == t.staticmethod => {
                check_args(self, "staticmethod", args, 1, 1)?;
                self.alloc_value(Obj::StaticMethod(args[0]))?
            }
            x if x == t.classmethod => {
                check_args(self, "classmethod", args, 1, 1)?;
                self.alloc_value(Obj::ClassMethod(args[0]))?
            }
            x if x == t.super_ => super::classes::make_super(self, args)?,
            _ => {
                let msg = format!("cannot create '{}' instances", self.class_name(cls));
                return Err(self.type_error(msg));
            }
        };
        Ok(Some(v))
    }

    fn ctor_float(&mut self, args: &[Value]) -> PyResult<Value> {
        check_args(self, "float", args, 0, 1)?;
        match args.first() {
            None => Ok(Value::float(0.0)),
            Some(a) => self.to_float_value(*a),
        }
    }

    /// `str()`, `str(x)`, or `str(b, encoding[, errors])`, which decodes UTF-8.
    /// `str()`, `str(x)`, or `str(b, encoding, errors)`, which is `b.decode(encoding, errors)`.
    fn ctor_str(&mut self, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
        if kwargs.is_empty() && args.len() <= 1 {
            return match args.first() {
                None => self.new_str(""),
                Some(a) => self.to_str_value(*a),
            };
        }
        let names = ["object", "encoding", "errors"];
        let [obj, enc, errors] =
            <[Value; 3]>::try_from(super::bind_params(self, "str", args, kwargs, &names, 0)?)
                .unwrap_or([Value::UNDEF; 3]);
        if obj.is_undef() {
            return self.new_str("");
        }
        if enc.is_undef() && errors.is_undef() {
            return self.to_str_value(obj);
        }
        if self.str_of(obj).is_some() {
            return Err(self.type_error("decoding str is not supported"));
        }
        if self.bytes_data(obj).is_none() {
            let msg = format!(
                "decoding to str: need a bytes-like object, {} found",
                self.type_name(obj)
            );
            return Err(self.type_error(msg));
        }
        let dargs = [obj];
        let mut dkw = Vec::new();
        for (name, v) in [("encoding", enc), ("errors", errors)] {
            if !v.is_undef() {
                dkw.push((self.intern(name)?, v));
            }
        }
        super::bytescodec::b_decode(self, &dargs, &dkw)
    }

    fn ctor_bool(&mut self, args: &[Value]) -> PyResult<Value> {
        check_args(self, "bool", args, 0, 1)?;
        match args.first() {
            None => Ok(Value::FALSE),
            Some(a) => Ok(Value::bool(self.truthy(*a)?)),
        }
    }

    /// `bytes(...)` or, with `ba`, `bytearray(...)`.
    fn ctor_bytes(
        &mut self,
        args: &[Value],
        kwargs: &[(Value, Value)],
        ba: bool,
    ) -> PyResult<Value> {
        let data = self.bytes_from_args(args, kwargs, if ba { "bytearray" } else { "bytes" })?;
        self.charge(data.len())?;
        if ba {
            self.alloc_value(Obj::ByteArray(data))
        } else {
            self.alloc_value(Obj::Bytes(data.into_boxed_slice()))
        }
    }

    fn ctor_list(&mut self, args: &[Value]) -> PyResult<Value> {
        check_args(self, "list", args, 0, 1)?;
        let items = match args.first() {
            None => Vec::new(),
            Some(a) => self.collect_iter(*a)?,
        };
        self.charge(items.len() * 8)?;
        self.new_list(items)
    }

    /// `tuple(x)`: `x` itself when it is a tuple.
    fn ctor_tuple(&mut self, args: &[Value]) -> PyResult<Value> {
        check_args(self, "tuple", args, 0, 1)?;
        if let Some(a) = args.first() {
            if matches!(self.obj(*a), Some(Obj::Tuple(_))) {
                return Ok(*a);
            }
        }
        let items = match args.first() {
            None => Vec::new(),
            Some(a) => self.collect_iter(*a)?,
        };
        self.charge(items.len() * 8)?;
        self.new_tuple(items)
    }

    fn ctor_dict(
        &mut self,
        cls: ObjRef,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<Value> {
        check_args(self, "dict", args, 0, 1)?;
        let d = self.new_dict()?;
        let dr = d.as_obj().unwrap_or(cls);
        self.with_roots(&[d], |vm, _| {
            if let Some(a) = args.first() {
                vm.dict_update_from(dr, *a)?;
            }
            for (k, v) in kwargs {
                vm.dict_set(dr, *k, *v)?;
            }
            Ok(())
        })?;
        Ok(d)
    }

    /// `set(...)` or, with `frozen`, `frozenset(...)`.
    fn ctor_set(&mut self, args: &[Value], frozen: bool) -> PyResult<Value> {
        check_args(self, if frozen { "frozenset" } else { "set" }, args, 0, 1)?;
        let items = match args.first() {
            None => Vec::new(),
            Some(a) => self.collect_iter(*a)?,
        };
        let s = self.new_set(&items, frozen)?;
        // CPython copies a set's table and presizes for a dict's keys.
        if let (Some(dst), Some(src)) = (s.as_obj(), args.first().and_then(|a| a.as_obj())) {
            match self.heap.get(src) {
                Obj::Set(_) => self.copy_set_order(dst, src)?,
                Obj::Dict(d) => {
                    let n = d.len();
                    self.dict_set_order(dst, n)?;
                }
                _ => {}
            }
        }
        Ok(s)
    }

    fn ctor_slice(&mut self, args: &[Value]) -> PyResult<Value> {
        check_args(self, "slice", args, 1, 3)?;
        let s = match args.len() {
            1 => [Value::NONE, args[0], Value::NONE],
            2 => [args[0], args[1], Value::NONE],
            _ => [args[0], args[1], args[2]],
        };
        self.alloc_value(Obj::Slice(Box::new(s)))
    }

    fn ctor_enumerate(&mut self, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
        let bound = super::bind_params(self, "enumerate", args, kwargs, &["iterable", "start"], 0)?;
        if bound[0].is_undef() {
            return Err(self.type_error("enumerate() missing required argument 'iterable'"));
        }
        let a: Vec<Value> = bound.into_iter().filter(|v| !v.is_undef()).collect();
        let it = self.get_iter(a[0])?;
        let count = a.get(1).copied().unwrap_or(Value::int_unchecked(0));
        if !self.is_int(count) {
            let msg = format!(
                "'{}' object cannot be interpreted as an integer",
                self.type_name(count)
            );
            return Err(self.type_error(msg));
        }
        self.alloc_value(Obj::Iter(Box::new(IterObj::Enumerate { it, count })))
    }

    fn ctor_zip(&mut self, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
        super::check_kwargs(self, "zip", kwargs, &["strict"])?;
        let strict = match kwarg(self, kwargs, "strict") {
            Some(v) => self.truthy(v)?,
            None => false,
        };
        // Iterators made so far survive a later argument's user `__iter__`.
        self.with_roots(&[], |vm, _| {
            let mut its = Vec::new();
            for a in args.iter() {
                let it = vm.get_iter(*a)?;
                vm.root(it);
                its.push(it);
            }
            vm.alloc_value(Obj::Iter(Box::new(IterObj::Zip { its, strict })))
        })
    }

    fn ctor_map(&mut self, args: &[Value]) -> PyResult<Value> {
        if args.len() < 2 {
            return Err(self.type_error("map() must have at least two arguments."));
        }
        self.with_roots(&[], |vm, _| {
            let mut its = Vec::new();
            for a in &args[1..] {
                let it = vm.get_iter(*a)?;
                vm.root(it);
                its.push(it);
            }
            vm.alloc_value(Obj::Iter(Box::new(IterObj::Map { func: args[0], its })))
        })
    }

    fn ctor_filter(&mut self, args: &[Value]) -> PyResult<Value> {
        check_args(self, "filter", args, 2, 2)?;
        let it = self.get_iter(args[1])?;
        self.alloc_value(Obj::Iter(Box::new(IterObj::Filter { func: args[0], it })))
    }

    /// `reversed(seq)`: its `__reversed__`, else an iterator by index from the end.
    fn ctor_reversed(&mut self, args: &[Value]) -> PyResult<Value> {
        check_args(self, "reversed", args, 1, 1)?;
        let seq = args[0];
        if let Some(f) = self.user_special(seq, "__reversed__")? {
            return self.call_bound(f, seq, &[]);
        }
        // A subclass of a builtin container without its own `__reversed__` reverses as its
        // builtin payload does.
        let seq = match self.obj(seq) {
            Some(Obj::Instance(i)) if !i.native.is_undef() => i.native,
            _ => seq,
        };
        if let Some(Obj::BigRange(br)) = self.obj(seq) {
            let br = (**br).clone();
            return self.big_range_iter(&br, true);
        }
        let ok = matches!(
            self.obj(seq),
            Some(
                Obj::List(_)
                    | Obj::Tuple(_)
                    | Obj::Str(_)
                    | Obj::Range { .. }
                    | Obj::Bytes(_)
                    | Obj::ByteArray(_)
            )
        ) || (self.user_special(seq, "__getitem__")?.is_some()
            && self.user_special(seq, "__len__")?.is_some());
        if let Some(Obj::Dict(_) | Obj::DictView { .. }) = self.obj(seq) {
            let items = self.collect_iter(seq)?;
            let l = self.new_list(items)?;
            let n = self.len(l)?;
            return self.alloc_value(Obj::Iter(Box::new(IterObj::Reversed { seq: l, idx: n })));
        }
        if !ok {
            let msg = format!("'{}' object is not reversible", self.type_name(seq));
            return Err(self.type_error(msg));
        }
        let n = self.len(seq)?;
        self.alloc_value(Obj::Iter(Box::new(IterObj::Reversed { seq, idx: n })))
    }

    fn ctor_object(&mut self, cls: ObjRef, args: &[Value]) -> PyResult<Value> {
        if !args.is_empty() {
            return Err(self.type_error("object() takes no arguments"));
        }
        self.new_instance(cls)
    }

    /// `type(x)` (the class of `x`) or `type(name, bases, dict, **kwargs)` (a new class,
    /// through `type.__new__`).
    fn ctor_type(
        &mut self,
        cls: ObjRef,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<Value> {
        if args.len() == 1 && kwargs.is_empty() {
            return Ok(Value::obj(self.type_of(args[0])));
        }
        if args.len() != 3 {
            return Err(self.type_error("type() takes 1 or 3 arguments"));
        }
        let mut all = alloc::vec![Value::obj(cls)];
        all.extend_from_slice(args);
        super::class_create::type_new(self, &all, kwargs)
    }

    /// `property(fget, fset, fdel, doc)`, positionally or by keyword; the doc defaults to
    /// the getter's.
    fn ctor_property(&mut self, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
        let get = |i: usize, name: &str| {
            args.get(i)
                .copied()
                .or_else(|| kwarg(self, kwargs, name))
                .unwrap_or(Value::NONE)
        };
        let (fget, fset, fdel, mut doc) = (
            get(0, "fget"),
            get(1, "fset"),
            get(2, "fdel"),
            get(3, "doc"),
        );
        if doc == Value::NONE {
            if let Some(Obj::Function(f)) = self.obj(fget) {
                doc = f.doc;
            }
        }
        self.alloc_value(Obj::Property(Box::new(Property {
            fget,
            fset,
            fdel,
            doc,
        })))
    }

    fn ctor_int(&mut self, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
        let bound = super::bind_params(self, "int", args, kwargs, &["x", "base"], 1)?;
        if bound[0].is_undef() && !bound[1].is_undef() {
            return Err(self.type_error("int() missing string argument"));
        }
        let args: Vec<Value> = bound.into_iter().filter(|v| !v.is_undef()).collect();
        let Some(&x) = args.first() else {
            return Ok(Value::int_unchecked(0));
        };
        if args.len() == 2 {
            // A base too large for a machine word is out of range too, not an overflow.
            let huge = matches!(self.obj(args[1]), Some(Obj::BigInt(_)));
            let base = if huge { -1 } else { int_arg(self, args[1])? };
            if base != 0 && !(2..=36).contains(&base) {
                return Err(self.value_error("int() base must be >= 2 and <= 36, or 0"));
            }
            let text = match (self.str_of(x), self.bytes_data(x)) {
                (Some(s), _) => String::from(s),
                (None, Some(b)) => String::from_utf8_lossy(&b).into_owned(),
                _ => {
                    return Err(self.type_error("int() can't convert non-string with explicit base"))
                }
            };
            return self.parse_int(&text, base as u32, x);
        }
        if self.is_int(x) {
            return self.positive(x);
        }
        if let Some(f) = x.as_float() {
            if f.is_nan() {
                return Err(self.value_error("cannot convert float NaN to integer"));
            }
            if f.is_infinite() {
                return Err(self.overflow_error("cannot convert float infinity to integer"));
            }
            return match BigInt::from_f64(f) {
                Some(b) => self.int_from_big(b),
                None => Err(self.overflow_error("cannot convert float infinity to integer")),
            };
        }
        if let Some(s) = self.str_of(x) {
            let s = String::from(s);
            return self.parse_int(&s, 10, x);
        }
        if let Some(b) = self.bytes_data(x) {
            let s = String::from_utf8_lossy(&b).into_owned();
            return self.parse_int(&s, 10, x);
        }
        for name in ["__int__", "__index__", "__trunc__"] {
            if let Some(f) = self.user_special(x, name)? {
                let r = self.call_bound(f, x, &[])?;
                if self.is_int(r) {
                    return Ok(r);
                }
                let msg = format!("{name} returned non-int (type {})", self.type_name(r));
                return Err(self.type_error(msg));
            }
        }
        // A subclass of a builtin type converts as its value does.
        if let Some(n) = self.native_value(x) {
            return self.ctor_int(&[n], &[]);
        }
        let msg = format!(
            "int() argument must be a string, a bytes-like object or a real number, not '{}'",
            self.type_name(x)
        );
        Err(self.type_error(msg))
    }

    fn parse_int(&mut self, s: &str, base: u32, orig: Value) -> PyResult<Value> {
        match BigInt::parse(s, base, DEFAULT_MAX_STR_DIGITS) {
            Ok(b) => self.int_from_big(b),
            Err(ParseIntError::ExceedsLimit { digits, limit }) => {
                let msg = format!("Exceeds the limit ({limit} digits) for integer string conversion: value has {digits} digits; use sys.set_int_max_str_digits() to increase the limit");
                Err(self.value_error(msg))
            }
            Err(_) => {
                // A bytearray or memoryview shows as the bytes it held, as in CPython.
                let shown = match self.obj(orig) {
                    Some(Obj::ByteArray(_) | Obj::MemoryView(_)) => {
                        let data = self.bytes_data(orig).unwrap_or_default();
                        self.alloc_value(Obj::Bytes(data.into_boxed_slice()))?
                    }
                    _ => orig,
                };
                let r = self.repr(shown)?;
                let msg = format!("invalid literal for int() with base {base}: {r}");
                Err(self.value_error(msg))
            }
        }
    }

    /// `float(x)`.
    pub fn to_float_value(&mut self, x: Value) -> PyResult<Value> {
        if x.is_float() {
            return Ok(x);
        }
        if let Some(f) = self.to_f64(x)? {
            return Ok(Value::float(f));
        }
        if let Some(s) = self.str_of(x) {
            let s = String::from(s);
            return match crate::numeric::floatops::float_from_str(&s) {
                Some(f) => Ok(Value::float(f)),
                None => {
                    let r = self.repr(x)?;
                    Err(self.value_error(format!("could not convert string to float: {r}")))
                }
            };
        }
        if let Some(b) = self.bytes_data(x) {
            let parsed = core::str::from_utf8(&b)
                .ok()
                .and_then(crate::numeric::floatops::float_from_str);
            return match parsed {
                Some(f) => Ok(Value::float(f)),
                None => {
                    let r = self.repr(x)?;
                    Err(self.value_error(format!("could not convert string to float: {r}")))
                }
            };
        }
        for (name, want) in [("__float__", "float"), ("__index__", "int")] {
            if let Some(f) = self.user_special(x, name)? {
                let r = self.call_bound(f, x, &[])?;
                // A subclass of the wanted type counts (CPython only warns).
                let base = self.native_value(r).unwrap_or(r);
                let ok = if want == "float" { base.is_float() } else { self.is_int(base) };
                if ok {
                    if let Some(v) = self.to_f64(base)? {
                        return Ok(Value::float(v));
                    }
                }
                // CPython names the class for `__float__` only.
                let owner = if want == "float" {
                    format!("{}.", self.type_name(x))
                } else {
                    String::new()
                };
                let msg = format!(
                    "{owner}{name} returned non-{want} (type {})",
                    self.type_name(r)
                );
                return Err(self.type_error(msg));
            }
        }
        if let Some(n) = self.native_value(x) {
            return self.to_float_value(n);
        }
        let msg = format!(
            "float() argument must be a string or a real number, not '{}'",
            self.type_name(x)
        );
        Err(self.type_error(msg))
    }

    fn ctor_range(&mut self, args: &[Value]) -> PyResult<Value> {
        if args.is_empty() {
            return Err(self.type_error("range expected at least 1 argument, got 0"));
        }
        check_args(self, "range", args, 1, 3)?;
        // Fast path: every argument an int that fits in i64 (no big-int work).
        if args.iter().all(|a| a.is_small_int()) {
            let n: [i64; 3] =
                core::array::from_fn(|i| args.get(i).map_or(0, |a| self.as_i64(*a).unwrap_or(0)));
            let (start, stop, step) = match args.len() {
                1 => (0, n[0], 1),
                2 => (n[0], n[1], 1),
                _ => (n[0], n[1], n[2]),
            };
            if step == 0 {
                return Err(self.value_error("range() arg 3 must not be zero"));
            }
            // Small ints are below 2^47, so the length fits in i64.
            return self.alloc_value(Obj::Range { start, stop, step });
        }
        let mut n: [BigInt; 3] = Default::default();
        for (i, a) in args.iter().enumerate() {
            n[i] = match self.to_bigint(*a) {
                Some(v) => v,
                None => {
                    let idx = if matches!(self.obj(*a), Some(Obj::Instance(_))) {
                        match self.user_special(*a, "__index__")? {
                            Some(f) => {
                                let r = self.call_bound(f, *a, &[])?;
                                self.to_bigint(r)
                            }
                            None => None,
                        }
                    } else {
                        None
                    };
                    match idx {
                        Some(v) => v,
                        None => {
                            let msg = format!(
                                "'{}' object cannot be interpreted as an integer",
                                self.type_name(*a)
                            );
                            return Err(self.type_error(msg));
                        }
                    }
                }
            };
        }
        let [a, b, c] = n;
        let (start, stop, step) = match args.len() {
            1 => (BigInt::zero(), a, BigInt::one()),
            2 => (a, b, BigInt::one()),
            _ => (a, b, c),
        };
        if step.is_zero() {
            return Err(self.value_error("range() arg 3 must not be zero"));
        }
        // `Obj::Range` when everything fits in i64, else a big range.
        self.new_range(start, stop, step)
    }

    /// What `x.__bytes__()` gives when `x` is an instance whose class defines it: `bytes(x)`
    /// asks it before the buffer, the integer and the iterable forms.
    fn dunder_bytes(&mut self, x: Value) -> PyResult<Option<Vec<u8>>> {
        if !matches!(self.obj(x), Some(Obj::Instance(_))) {
            return Ok(None);
        }
        let Some(f) = self.lookup_special(x, "__bytes__")? else {
            return Ok(None);
        };
        let r = self.call_bound(f, x, &[])?;
        let data = match self.obj(r) {
            Some(Obj::Bytes(b)) => Some(b.to_vec()),
            Some(Obj::Instance(_)) => match self.native_value(r) {
                Some(n) if matches!(self.obj(n), Some(Obj::Bytes(_))) => self.bytes_data(n),
                _ => None,
            },
            _ => None,
        };
        match data {
            Some(d) => Ok(Some(d)),
            None => {
                let msg = format!("__bytes__ returned non-bytes (type {})", self.type_name(r));
                Err(self.type_error(msg))
            }
        }
    }

    fn bytes_from_args(
        &mut self,
        args: &[Value],
        kwargs: &[(Value, Value)],
        name: &str,
    ) -> PyResult<Vec<u8>> {
        let names = ["source", "encoding", "errors"];
        let [x, enc, errors] =
            <[Value; 3]>::try_from(super::bind_params(self, name, args, kwargs, &names, 0)?)
                .unwrap_or([Value::UNDEF; 3]);
        if x.is_undef() {
            if !enc.is_undef() || !errors.is_undef() {
                let what = if enc.is_undef() { "errors" } else { "encoding" };
                return Err(self.type_error(format!("{what} without a string argument")));
            }
            return Ok(Vec::new());
        }
        if self.str_of(x).is_none() && (!enc.is_undef() || !errors.is_undef()) {
            let what = if enc.is_undef() { "errors" } else { "encoding" };
            return Err(self.type_error(format!("{what} without a string argument")));
        }
        if self.str_of(x).is_some() {
            if enc.is_undef() {
                return Err(self.type_error("string argument without an encoding"));
            }
            // `str.encode` does the work, with its encodings and error handlers.
            let mut ekw = alloc::vec![(self.intern("encoding")?, enc)];
            if !errors.is_undef() {
                ekw.push((self.intern("errors")?, errors));
            }
            let b = super::strcodec::str_encode(self, &[x], &ekw)?;
            return Ok(self.bytes_data(b).unwrap_or_default());
        }
        if name == "bytes" {
            if let Some(b) = self.dunder_bytes(x)? {
                return Ok(b);
            }
        }
        if let Some(b) = self.bytes_data(x) {
            return Ok(b);
        }
        if let Some(b) = self.exported_bytes(x)? {
            return Ok(b);
        }
        // An int, or an instance with `__index__`, is a count of zero bytes (before the
        // iterable form, as in CPython, which also falls back to it on a TypeError).
        let count = match self.as_i64(x) {
            Some(n) => Some(n),
            None if matches!(self.obj(x), Some(Obj::Instance(_)))
                && self.user_special(x, "__index__")?.is_some() =>
            {
                match self.index_value(x, name) {
                    Ok(n) => Some(n),
                    Err(e) if self.exc_matches(e.0, self.types.type_error) => None,
                    Err(e) => return Err(e),
                }
            }
            None => None,
        };
        if let Some(n) = count {
            if n < 0 {
                return Err(self.value_error("negative count"));
            }
            if n as usize > self.heap.limit() {
                return Err(crate::vm::PyErr(self.memory_error));
            }
            return Ok(alloc::vec![0u8; n as usize]);
        }
        let it = match self.get_iter(x) {
            Ok(it) => it,
            Err(e) if self.exc_matches(e.0, self.types.type_error) => {
                let msg = format!("cannot convert '{}' object to {name}", self.type_name(x));
                return Err(self.type_error(msg));
            }
            Err(e) => return Err(e),
        };
        let items = self.with_roots(&[it], |vm, _| vm.collect_iter(it))?;
        // An item's `__index__` may collect.
        self.with_roots(&items, |vm, _| {
            let mut out = Vec::with_capacity(items.len());
            for &it in &items {
                match vm.byte_value(it) {
                    // CPython's bytes() (unlike bytearray()) says "bytes must be ...".
                    Err(e) if name == "bytes" && vm.exc_matches(e.0, vm.types.value_error) => {
                        return Err(vm.value_error("bytes must be in range(0, 256)"));
                    }
                    r => out.push(r?),
                }
            }
            Ok(out)
        })
    }
}

/// Gives the builtin types their own `__new__`: for the type itself its constructor (the
/// mutable containers start empty: their `__init__` fills them), for a subclass an
/// instance carrying such a value (`class Celsius(float)` whose own `__new__` calls
/// `super().__new__(cls, v)`).
pub(crate) fn install_new(vm: &mut Vm) {
    let t = &vm.types;
    let news: [(ObjRef, crate::object::native_table::NativeEntries); 9] = [
        (t.int, &[("__new__", int_new)]),
        (t.float, &[("__new__", float_new)]),
        (t.str_, &[("__new__", str_new)]),
        (t.tuple, &[("__new__", tuple_new)]),
        (t.bytes, &[("__new__", bytes_new)]),
        (t.frozenset, &[("__new__", frozenset_new)]),
        (t.list, &[("__new__", list_new)]),
        (t.dict, &[("__new__", dict_new)]),
        (t.set, &[("__new__", set_new)]),
    ];
    for (cls, new) in news {
        let kind = crate::object::types::NativeKind::StaticMethod;
        vm.add_type_natives(cls, new, kind);
    }
}

macro_rules! typed_news {
    ($($name:ident => $field:ident;)*) => {
        $(
            fn $name(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
                let owner = vm.types.$field;
                typed_new(vm, owner, args, kwargs)
            }
        )*
    };
}

typed_news! {
    int_new => int;
    float_new => float;
    str_new => str_;
    tuple_new => tuple;
    bytes_new => bytes;
    frozenset_new => frozenset;
    list_new => list;
    dict_new => dict;
    set_new => set;
}

/// `T.__new__(cls, *args)` for builtin type `T` (`owner`): `cls` must derive from it.
fn typed_new(
    vm: &mut Vm,
    owner: ObjRef,
    args: &[Value],
    kwargs: &[(Value, Value)],
) -> PyResult<Value> {
    let oname = vm.class_name(owner);
    let Some(&first) = args.first() else {
        return Err(vm.type_error(format!("{oname}.__new__(): not enough arguments")));
    };
    let Some(cls) = first.as_obj().filter(|r| vm.class(*r).is_some()) else {
        let msg = format!(
            "{oname}.__new__(X): X is not a type object ({})",
            vm.type_name(first)
        );
        return Err(vm.type_error(msg));
    };
    if !vm.is_subclass(cls, owner) {
        let cname = vm.class_name(cls);
        let msg = format!("{oname}.__new__({cname}): {cname} is not a subtype of {oname}");
        return Err(vm.type_error(msg));
    }
    if vm.class(cls).is_some_and(|c| c.is_builtin) {
        // A builtin subtype constructs itself (`int.__new__(bool, 0)` is `False`).
        let v = vm.builtin_constructor(cls, &args[1..], kwargs)?;
        return Ok(v.unwrap_or(Value::NONE));
    }
    let t = &vm.types;
    let mutable = [t.list, t.dict, t.set].contains(&owner);
    if mutable {
        // Filled by `__init__`.
        return match cls == owner {
            true => vm
                .builtin_constructor(owner, &[], &[])
                .map(|v| v.unwrap_or(Value::NONE)),
            false => vm.new_user_instance(cls, &[]),
        };
    }
    let Some(v) = vm.builtin_constructor(owner, &args[1..], kwargs)? else {
        return Err(vm.internal_error("no constructor for a builtin type"));
    };
    if cls == owner {
        return Ok(v);
    }
    vm.with_roots(&[v], |vm, _| {
        let inst = vm.new_instance(cls)?;
        if let Some(Obj::Instance(i)) = inst.as_obj().map(|r| vm.heap.get_mut(r)) {
            i.native = v;
        }
        Ok(inst)
    })
}
