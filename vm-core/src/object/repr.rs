//! `repr()` and `str()` of every object kind, with CPython's spelling.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use super::bigint::DEFAULT_MAX_STR_DIGITS;
use super::scratch::TextBuf;
use super::types::{DictViewKind, NativeFunc, NativeKind, Obj};
use super::value::{ObjRef, Value};
use crate::format::float_repr;
use crate::vm::{PyResult, Vm};

/// Counts the bytes written to it (the size of a repr before building it).
struct Counter(usize);

impl Write for Counter {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.0 = self.0.saturating_add(s.len());
        Ok(())
    }
}

/// Texts longer than this have their repr sized before it is built.
const SIZE_FIRST: usize = 4096;

/// `repr` of a str, with CPython's choice of quotes and escapes.
pub fn str_repr(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_str_repr(&mut out, s);
    out
}

fn write_str_repr(out: &mut impl Write, s: &str) {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let _ = out.write_char(quote);
    for c in s.chars() {
        let _ = match c {
            '\\' => out.write_str("\\\\"),
            '\n' => out.write_str("\\n"),
            '\r' => out.write_str("\\r"),
            '\t' => out.write_str("\\t"),
            c if c == quote => out.write_char('\\').and_then(|()| out.write_char(c)),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => write!(out, "\\x{:02x}", c as u32),
            c if !is_printable(c) => {
                let n = c as u32;
                if n <= 0xff {
                    write!(out, "\\x{n:02x}")
                } else if n <= 0xffff {
                    write!(out, "\\u{n:04x}")
                } else {
                    write!(out, "\\U{n:08x}")
                }
            }
            c => out.write_char(c),
        };
    }
    let _ = out.write_char(quote);
}

/// An approximation of Python's `str.isprintable` for repr: control and separator
/// characters outside ASCII space are escaped.
pub fn is_printable(c: char) -> bool {
    let n = c as u32;
    !(n < 0x20
        || (0x7f..0xa0).contains(&n)
        || n == 0xad
        || (0x2028..=0x2029).contains(&n)
        || (0xd800..0xe000).contains(&n)
        || n == 0xfeff
        || (0xe000..0xf900).contains(&n)
        || (0x2060..0x2070).contains(&n)
        || (0x200b..0x2010).contains(&n)
        || c == '\u{a0}'
        || c == '\u{3000}'
        || (0x2000..0x200b).contains(&n)
        || n == 0x202f
        || n == 0x205f
        || n == 0x1680)
}

/// `repr` of bytes: `b'...'` with CPython's escapes.
pub fn bytes_repr(b: &[u8], prefix: &str, suffix: &str) -> String {
    quoted_bytes(b, prefix, suffix, false)
}

/// `repr(bytearray)`: CPython's bytearray repr escapes `'` even inside double quotes.
pub fn bytearray_repr(b: &[u8]) -> String {
    quoted_bytes(b, "bytearray(", ")", true)
}

fn quoted_bytes(b: &[u8], prefix: &str, suffix: &str, escape_single: bool) -> String {
    let mut out = String::with_capacity(b.len() + prefix.len() + suffix.len() + 3);
    write_quoted_bytes(&mut out, b, prefix, suffix, escape_single);
    out
}

fn write_quoted_bytes(
    out: &mut impl Write,
    b: &[u8],
    prefix: &str,
    suffix: &str,
    escape_single: bool,
) {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') {
        '"'
    } else {
        '\''
    };
    let _ = out.write_str(prefix);
    let _ = out.write_char('b');
    let _ = out.write_char(quote);
    for &c in b {
        let _ = match c {
            b'\\' => out.write_str("\\\\"),
            b'\n' => out.write_str("\\n"),
            b'\r' => out.write_str("\\r"),
            b'\t' => out.write_str("\\t"),
            c if c as char == quote || (escape_single && c == b'\'') => out
                .write_char('\\')
                .and_then(|()| out.write_char(c as char)),
            0x20..=0x7e => out.write_char(c as char),
            c => write!(out, "\\x{c:02x}"),
        };
    }
    let _ = out.write_char(quote);
    let _ = out.write_str(suffix);
}

impl Vm {
    /// The decimal text of an int value.
    pub fn int_to_string(&mut self, v: Value) -> PyResult<String> {
        if let Some(i) = v.as_small_int() {
            return Ok(i.to_string());
        }
        if !cfg!(feature = "bigint") {
            // Every int fits in `i64`: no radix conversion of big ints.
            return match self.as_i64(v) {
                Some(i) => Ok(i.to_string()),
                None => Err(self.internal_error("int_to_string of a non-int")),
            };
        }
        let Some(b) = self.to_bigint(v) else {
            return Err(self.internal_error("int_to_string of a non-int"));
        };
        b.to_str_radix(10, DEFAULT_MAX_STR_DIGITS)
            .map_err(|_| self.value_error(super::value_format::INT_MAX_STR_DIGITS_MSG))
    }

    /// `repr(v)`.
    pub fn repr(&mut self, v: Value) -> PyResult<String> {
        if let Some(i) = v.as_small_int() {
            return Ok(i.to_string());
        }
        if let Some(x) = v.as_float() {
            return Ok(float_repr(x));
        }
        let Some(r) = v.as_obj() else {
            if let Some(n) = self.native(v) {
                return Ok(self.unbound_native_repr(&n));
            }
            return Ok(String::from(constant_repr(v)));
        };
        match self.heap.get(r) {
            Obj::Str(_) | Obj::Bytes(_) | Obj::ByteArray(_) => self.text_repr(v),
            Obj::BigInt(_) => self.int_to_string(v),
            &Obj::Complex { re, im } if cfg!(feature = "complex") => {
                Ok(crate::numeric::complex::Complex::new(re, im).repr())
            }
            Obj::List(items) => {
                let items = items.clone();
                self.repr_seq(r, &items, "[", "]")
            }
            Obj::Tuple(items) => {
                let items = items.to_vec();
                let close = if items.len() == 1 { ",)" } else { ")" };
                self.repr_seq(r, &items, "(", close)
            }
            Obj::Dict(_) => self.repr_dict(r),
            Obj::Set(s) => {
                let frozen = s.frozen;
                let items: Vec<Value> = s.ordered_keys();
                self.set_repr(r, &items, frozen)
            }
            &Obj::DictView { dict, kind } => self.dict_view_repr(r, dict, kind),
            Obj::BigRange(r) => Ok(Vm::big_range_repr(r)),
            Obj::Range { start, stop, step } => Ok(if *step == 1 {
                format!("range({start}, {stop})")
            } else {
                format!("range({start}, {stop}, {step})")
            }),
            Obj::Slice(s) => {
                let s = **s;
                let a = self.repr(s[0])?;
                let b = self.repr(s[1])?;
                let c = self.repr(s[2])?;
                Ok(format!("slice({a}, {b}, {c})"))
            }
            Obj::Function(_) | Obj::Native(_) | Obj::BoundMethod { .. } | Obj::Code(_) => {
                self.callable_repr(v, r)
            }
            Obj::Class(_) => self.class_or_meta_repr(r),
            Obj::Module(m) => {
                let name = self.str_of(m.name).unwrap_or("?").to_string();
                Ok(format!("<module '{name}' (built-in)>"))
            }
            Obj::Generator(g) => {
                let q = self.str_of(g.qualname).unwrap_or("?").to_string();
                Ok(format!("<generator object {q} at 0x{:012x}>", self.addr(v)))
            }
            Obj::Coroutine(_) => Ok(self.coroutine_repr(v)),
            Obj::Instance(_) => self.instance_repr(v),
            Obj::Cell(_) => Ok(format!("<cell at 0x{:012x}>", self.addr(v))),
            Obj::Frame(_) => Ok(self.frame_repr(v)),
            Obj::Traceback(_) => Ok(format!("<traceback object at 0x{:012x}>", self.addr(v))),
            &Obj::Super { class, receiver } => {
                // CPython's form: the class and the type of the bound receiver.
                let cls = self.class_name(class);
                let of = match receiver.as_obj() {
                    Some(o) if self.class(o).is_some() => self.class_name(o),
                    _ => self.type_name(receiver),
                };
                Ok(format!("<super: <class '{cls}'>, <{of} object>>"))
            }
            Obj::WeakRef(_) => Ok(self.weakref_repr(v)),
            Obj::MemoryView(m) => {
                let what = if m.released {
                    "released memory"
                } else {
                    "memory"
                };
                Ok(format!("<{what} at 0x{:012x}>", self.addr(v)))
            }
            Obj::Property(_) => Ok(format!("<property object at 0x{:012x}>", self.addr(v))),
            Obj::StaticMethod(_) => Ok(format!("<staticmethod object at 0x{:012x}>", self.addr(v))),
            Obj::ClassMethod(_) => Ok(format!("<classmethod object at 0x{:012x}>", self.addr(v))),
            Obj::Free(_) => Ok(String::from("<freed>")),
            _ => {
                let t = self.type_name(v);
                Ok(format!("<{t} object at 0x{:012x}>", self.addr(v)))
            }
        }
    }

    /// `repr` of a set or frozenset `r` with these items.
    fn set_repr(&mut self, r: ObjRef, items: &[Value], frozen: bool) -> PyResult<String> {
        if items.is_empty() {
            return Ok(String::from(if frozen { "frozenset()" } else { "set()" }));
        }
        if frozen {
            self.repr_seq(r, items, "frozenset({", "})")
        } else {
            self.repr_seq(r, items, "{", "}")
        }
    }

    /// `repr` of the view `r` of `dict`'s keys, values or items.
    fn dict_view_repr(&mut self, r: ObjRef, dict: ObjRef, kind: DictViewKind) -> PyResult<String> {
        let items: Vec<Value> = match kind {
            DictViewKind::Keys => self.dict_items(dict).into_iter().map(|(k, _)| k).collect(),
            DictViewKind::Values => self.dict_items(dict).into_iter().map(|(_, v)| v).collect(),
            DictViewKind::Items => {
                let mut out = Vec::new();
                for (k, val) in self.dict_items(dict) {
                    out.push(self.new_tuple(alloc::vec![k, val])?);
                }
                out
            }
        };
        let name = match kind {
            DictViewKind::Keys => "dict_keys",
            DictViewKind::Values => "dict_values",
            DictViewKind::Items => "dict_items",
        };
        let (open, close) = (format!("{name}(["), "])");
        self.repr_seq(r, &items, &open, close)
    }

    /// `repr` of an unbound builtin: a method of a type is its descriptor, as CPython's
    /// `<method 'append' of 'list' objects>`.
    fn unbound_native_repr(&self, n: &NativeFunc) -> String {
        match n.owner.as_obj() {
            Some(owner) if n.kind == NativeKind::Method => {
                let owner = self.class(owner).and_then(|c| self.str_of(c.name));
                format!("<method '{}' of '{}' objects>", n.name, owner.unwrap_or("?"))
            }
            _ => format!("<built-in function {}>", n.name),
        }
    }

    /// `repr` of a function, builtin, bound method or code object `v` (`r`).
    fn callable_repr(&mut self, v: Value, r: ObjRef) -> PyResult<String> {
        match self.heap.get(r) {
            Obj::Function(f) => {
                let q = self.str_of(f.qualname).unwrap_or("?").to_string();
                Ok(format!("<function {q} at 0x{:012x}>", self.addr(v)))
            }
            Obj::Native(n) => {
                // An embedder's closure is bound to itself (`embed::native`).
                if n.bound == v {
                    Ok(format!("<built-in function {}>", n.name))
                } else if n.bound.is_undef() {
                    let n = (**n).clone();
                    Ok(self.unbound_native_repr(&n))
                } else {
                    let name = n.name;
                    let b = n.bound;
                    Ok(format!(
                        "<built-in method {name} of {} object at 0x{:012x}>",
                        self.type_name(b),
                        self.addr(b)
                    ))
                }
            }
            &Obj::BoundMethod { func, receiver } => self.bound_method_repr(func, receiver),
            Obj::Code(c) => {
                let name = self.str_of(c.name).unwrap_or("?").to_string();
                Ok(format!(
                    "<code object {name} at 0x{:012x}, file \"{}\", line {}>",
                    self.addr(v),
                    c.filename,
                    c.firstlineno
                ))
            }
            _ => Ok(String::from("?")),
        }
    }

    fn bound_method_repr(&mut self, func: Value, receiver: Value) -> PyResult<String> {
        if let Some(n) = self.native(func) {
            let name = n.name;
            return Ok(format!(
                "<built-in method {name} of {} object at 0x{:012x}>",
                self.type_name(receiver),
                self.addr(receiver)
            ));
        }
        let fname = match self.obj(func) {
            Some(Obj::Function(f)) => self.str_of(f.qualname).unwrap_or("?").to_string(),
            _ => String::from("?"),
        };
        let rr = self.repr(receiver)?;
        Ok(format!("<bound method {fname} of {rr}>"))
    }

    /// `repr` of a class: `<class 'module.name'>` for user classes.
    fn class_repr(&mut self, r: ObjRef) -> PyResult<String> {
        let Obj::Class(c) = self.heap.get(r) else {
            return Ok(String::from("?"));
        };
        let name = self.str_of(c.qualname).unwrap_or("?").to_string();
        if c.is_builtin {
            return Ok(format!("<class '{name}'>"));
        }
        let mk = self.intern("__module__")?;
        let module = self.class_own_get(r, mk);
        match module.and_then(|m| self.str_of(m)) {
            Some(m) if m != "builtins" => Ok(format!("<class '{m}.{name}'>")),
            _ => Ok(format!("<class '{name}'>")),
        }
    }

    /// `repr` of a str, bytes or bytearray, refused before it is built when it cannot fit.
    fn text_repr(&mut self, v: Value) -> PyResult<String> {
        let len = match self.obj(v) {
            Some(Obj::Str(s)) => s.len(),
            Some(Obj::Bytes(b)) => b.len(),
            Some(Obj::ByteArray(b)) => b.len(),
            _ => 0,
        };
        if len > SIZE_FIRST {
            // Sized by writing it to a counter: escapes make a repr up to four times longer
            // than its text, and it becomes a str on the heap.
            let counted = match self.obj(v) {
                Some(Obj::Str(s)) => {
                    let mut n = Counter(0);
                    write_str_repr(&mut n, s.as_str());
                    n.0
                }
                Some(Obj::Bytes(b)) => {
                    let mut n = Counter(0);
                    write_quoted_bytes(&mut n, b, "", "", false);
                    n.0
                }
                Some(Obj::ByteArray(b)) => {
                    let mut n = Counter(0);
                    write_quoted_bytes(&mut n, b, "bytearray(", ")", true);
                    n.0
                }
                _ => 0,
            };
            if !self.heap.fits_releasing_pools(counted) {
                return Err(self.memory_error());
            }
        }
        Ok(match self.obj(v) {
            Some(Obj::Str(s)) => str_repr(s.as_str()),
            Some(Obj::Bytes(b)) => bytes_repr(b, "", ""),
            Some(Obj::ByteArray(b)) => bytearray_repr(b),
            _ => String::new(),
        })
    }

    /// A stable pseudo-address for default reprs and `id()`.
    pub fn addr(&self, v: Value) -> u64 {
        match v.as_obj() {
            Some(r) => 0x7f00_0000_0000 + (r.index() as u64) * 16,
            None => v.bits() & 0xffff_ffff_ffff,
        }
    }

    fn repr_seq(
        &mut self,
        me: ObjRef,
        items: &[Value],
        open: &str,
        close: &str,
    ) -> PyResult<String> {
        if self.repr_active.contains(&me) {
            return Ok(format!("{open}...{close}").replace("(...,)", "(...)"));
        }
        self.enter_native()?;
        self.repr_active.push(me);
        // Copies of the items: rooted in case a user `__repr__` mutates the container.
        // The text is charged against the heap limit as it grows: a list of many references
        // to one large string has a repr far larger than the heap.
        let r = self.with_roots(items, |vm, _| {
            let mut out = TextBuf::new(vm);
            out.push_str(vm, open)?;
            for (i, it) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(vm, ", ")?;
                }
                let r = vm.repr(*it)?;
                out.push_str(vm, &r)?;
            }
            out.push_str(vm, close)?;
            Ok(out.into_string())
        });
        self.repr_active.pop();
        self.leave_native();
        r
    }

    fn repr_dict(&mut self, me: ObjRef) -> PyResult<String> {
        if self.repr_active.contains(&me) {
            return Ok(String::from("{...}"));
        }
        self.enter_native()?;
        self.repr_active.push(me);
        let r = self.with_roots(&[], |vm, _| {
            let items = vm.dict_items(me);
            // Copies of the entries: rooted in case a user `__repr__` mutates the dict.
            for &(k, v) in &items {
                vm.root(k);
                vm.root(v);
            }
            let mut out = TextBuf::new(vm);
            out.push(vm, '{')?;
            for (i, (k, v)) in items.into_iter().enumerate() {
                if i > 0 {
                    out.push_str(vm, ", ")?;
                }
                let r = vm.repr(k)?;
                out.push_str(vm, &r)?;
                out.push_str(vm, ": ")?;
                let r = vm.repr(v)?;
                out.push_str(vm, &r)?;
            }
            out.push(vm, '}')?;
            Ok(out.into_string())
        });
        self.repr_active.pop();
        self.leave_native();
        r
    }

    /// `repr(v)` by a `__repr__` a user class defines on `v`'s type, if there is one.
    fn user_repr(&mut self, v: Value) -> PyResult<Option<String>> {
        let Some(f) = self.user_special(v, "__repr__")? else {
            return Ok(None);
        };
        self.enter_native()?;
        let r = self.call_bound(f, v, &[]);
        self.leave_native();
        let r = r?;
        match self.str_of(r) {
            Some(s) => Ok(Some(s.to_string())),
            None => {
                let msg = format!("__repr__ returned non-string (type {})", self.type_name(r));
                Err(self.type_error(msg))
            }
        }
    }

    /// `repr` of class `r`: its metaclass's `__repr__` when a user metaclass has one.
    fn class_or_meta_repr(&mut self, r: ObjRef) -> PyResult<String> {
        if self.class(r).is_some_and(|c| c.meta != self.types.type_) {
            if let Some(s) = self.user_repr(Value::obj(r))? {
                return Ok(s);
            }
        }
        self.class_repr(r)
    }

    fn instance_repr(&mut self, v: Value) -> PyResult<String> {
        if let Some(s) = self.user_repr(v)? {
            return Ok(s);
        }
        if self.is_exception(v) {
            let name = self.type_name(v);
            let args = self.exc_state(v).map(|e| e.args).unwrap_or(Value::NONE);
            let items = self.tuple_items(args).unwrap_or_default();
            // The argument may be the exception itself, or nest exceptions without end:
            // a level of native recursion.
            self.enter_native()?;
            let inner = if items.len() == 1 {
                self.repr(items[0])
            } else {
                self.repr(args)
            };
            self.leave_native();
            let inner = inner?;
            return Ok(if items.len() == 1 {
                format!("{name}({inner})")
            } else {
                format!("{name}{inner}")
            });
        }
        if let Some(Obj::Instance(i)) = self.obj(v) {
            if !i.native.is_undef() {
                let n = i.native;
                return self.repr(n);
            }
        }
        let t = self.type_of(v);
        let cls = self.repr(Value::obj(t))?;
        let name = cls
            .trim_start_matches("<class '")
            .trim_end_matches("'>")
            .to_string();
        Ok(format!("<{name} object at 0x{:012x}>", self.addr(v)))
    }

    /// `str(v)`.
    pub fn to_str(&mut self, v: Value) -> PyResult<String> {
        if let Some(s) = self.str_of(v) {
            return Ok(s.to_string());
        }
        let user_typed = match self.obj(v) {
            Some(Obj::Instance(_)) => true,
            Some(Obj::Class(c)) => c.meta != self.types.type_,
            _ => false,
        };
        if user_typed {
            if let Some(f) = self.user_special(v, "__str__")? {
                let r = self.call_user_str(f, v)?;
                let text = self.native_value(r).unwrap_or(r);
                return Ok(self.str_of(text).unwrap_or_default().to_string());
            }
            // `BaseException.__str__` precedes `object.__str__` in every exception's MRO,
            // so a user `__repr__` does not change `str()`.
            if self.is_exception(v) {
                return self.exception_str(v);
            }
            // A subclass of `str` is its text (`str.__str__`); other builtin values print
            // as their repr, a user `__repr__` included.
            if let Some(n) = self.native_value(v).filter(|n| self.str_of(*n).is_some()) {
                return self.to_str(n);
            }
        }
        self.repr(v)
    }

    /// Calls a user `__str__` `f` of `v`: its result, a str or an instance of a str
    /// subclass (kept, as CPython keeps it); anything else is a `TypeError`.
    fn call_user_str(&mut self, f: Value, v: Value) -> PyResult<Value> {
        self.enter_native()?;
        let r = self.call_bound(f, v, &[]);
        self.leave_native();
        let r = r?;
        let text = self.native_value(r).unwrap_or(r);
        if self.str_of(text).is_some() {
            return Ok(r);
        }
        let msg = format!("__str__ returned non-string (type {})", self.type_name(r));
        Err(self.type_error(msg))
    }

    /// `str(v)` as a str value (no copy when `v` already is one).
    pub fn to_str_value(&mut self, v: Value) -> PyResult<Value> {
        if self.str_of(v).is_some() {
            return Ok(v);
        }
        if let Some(Obj::Instance(_)) = self.obj(v) {
            // A user `__str__` that returns an exact str: that str, not a copy of it.
            if let Some(f) = self.user_special(v, "__str__")? {
                return self.call_user_str(f, v);
            }
        }
        let s = self.to_str(v)?;
        self.new_string(s)
    }
}

/// `repr` of a value that is neither a number nor an object: a singleton.
fn constant_repr(v: Value) -> &'static str {
    match v {
        Value::NONE => "None",
        Value::TRUE => "True",
        Value::FALSE => "False",
        Value::NOT_IMPLEMENTED => "NotImplemented",
        Value::ELLIPSIS => "Ellipsis",
        _ => "<undef>",
    }
}
