//! Formatting of Python values: `format()`, f-strings, `str.format` and `%`.
//! The number and spec logic lives in `crate::format`; this file connects it to values.
//! Every buffer a script sizes (a width, a precision, the text of many fields) is charged
//! against the heap limit while it is built.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::bigint::{BigInt, ToStrError, DEFAULT_MAX_STR_DIGITS};
use super::scratch::{Scratch, TextBuf};
use super::types::Obj;
use super::value::Value;
use crate::format::{
    format_complex_spec, format_float, format_int_spec, format_str, parse_format_spec_for,
    percent_float, percent_int_src, percent_str, Count, FormatError, FormatErrorKind, IntSource,
    PercentFlags, PercentItem, PercentItems, Room,
};
use crate::vm::{PyErr, PyResult, Vm};

/// CPython's message when a decimal conversion exceeds `sys.int_max_str_digits`.
pub(crate) const INT_MAX_STR_DIGITS_MSG: &str = "Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit";

/// Claims below this size are a formatting call's fixed overhead and are not charged.
const SMALL_CLAIM: usize = 1024;

struct BigSource(BigInt);

impl IntSource for BigSource {
    fn is_negative(&self) -> bool {
        self.0.is_negative()
    }
    fn digits(&self, radix: u32) -> Result<String, FormatError> {
        let limit = if radix == 10 {
            DEFAULT_MAX_STR_DIGITS
        } else {
            0
        };
        match self.0.to_str_radix(radix, limit) {
            Ok(mut s) => {
                if s.starts_with('-') {
                    s.remove(0);
                }
                Ok(s)
            }
            Err(ToStrError::ExceedsLimit { .. }) => Err(FormatError::value(INT_MAX_STR_DIGITS_MSG)),
            Err(ToStrError::InvalidRadix) => Err(FormatError::value("invalid radix")),
        }
    }
    fn digits_bound(&self, radix: u32) -> usize {
        // At least log2(radix) bits per digit (3 for 10), plus the sign `to_str_radix` adds.
        let per_digit = u64::from(radix.max(2).ilog2());
        let n = self.0.bit_length() / per_digit + 2;
        usize::try_from(n).unwrap_or(usize::MAX)
    }
    fn to_f64(&self) -> Option<f64> {
        self.0.to_f64().ok()
    }
    fn to_i64(&self) -> Option<i64> {
        self.0.to_i64()
    }
}

/// A formatting call's [`Room`]: what it claims is charged against the heap limit until
/// the call ends.
struct VmRoom<'a> {
    vm: &'a mut Vm,
    scratch: Option<Scratch>,
    claimed: usize,
}

impl Room for VmRoom<'_> {
    fn claim(&mut self, bytes: usize) -> bool {
        if bytes < SMALL_CLAIM {
            return true;
        }
        self.claimed = self.claimed.saturating_add(bytes);
        let vm = &mut *self.vm;
        let scratch = self.scratch.get_or_insert_with(|| vm.scratch());
        scratch.cover(vm, self.claimed).is_ok()
    }
}

impl Vm {
    /// Runs a formatting function with a room charged against the heap limit, raising its
    /// error as the Python exception.
    pub(crate) fn formatted<R>(
        &mut self,
        f: impl FnOnce(&mut dyn Room) -> Result<R, FormatError>,
    ) -> PyResult<R> {
        let r = f(&mut VmRoom {
            vm: self,
            scratch: None,
            claimed: 0,
        });
        r.map_err(|e| self.format_error(e))
    }

    /// Raises a formatting error as its Python exception.
    pub fn format_error(&mut self, e: FormatError) -> PyErr {
        match e.kind {
            FormatErrorKind::ValueError => self.value_error(e.message),
            FormatErrorKind::OverflowError => self.overflow_error(e.message),
            FormatErrorKind::TypeError => self.type_error(e.message),
            FormatErrorKind::MemoryError => PyErr(self.memory_error),
        }
    }

    /// `FORMAT_VALUE`: conversion (0 none, 1 str, 2 repr, 3 ascii) then `format(v, spec)`.
    pub fn format_value(&mut self, v: Value, conv: u32, spec: Value) -> PyResult<Value> {
        // `f"{n}"` of an int, and `f"{obj}"` of an instance without its own `__format__`:
        // `format(v, "")` is `str(v)` for both, without parsing an empty spec.
        if conv == 0 && spec.is_undef() {
            if v.is_small_int() {
                return self.to_str_value(v);
            }
            if let Some(Obj::Instance(_)) = self.obj(v) {
                if self.user_special(v, "__format__")?.is_none() {
                    return self.to_str_value(v);
                }
            }
        }
        let spec_s = if spec.is_undef() {
            String::new()
        } else {
            match self.str_of(spec) {
                Some(s) => String::from(s),
                None => {
                    let msg = format!(
                        "format() argument 2 must be str, not {}",
                        self.type_name(spec)
                    );
                    return Err(self.type_error(msg));
                }
            }
        };
        // The conversion may run a user `__str__`/`__repr__` (and collect): the spec is read
        // first, as it may be unrooted.
        let v = match conv {
            1 => self.to_str_value(v)?,
            2 => {
                let s = self.repr(v)?;
                self.new_string(s)?
            }
            3 => {
                let s = self.repr(v)?;
                let a = crate::builtins::functions::ascii_escape(self, &s)?;
                self.new_string(a)?
            }
            _ => v,
        };
        if spec_s.is_empty() && self.str_of(v).is_some() {
            return Ok(v);
        }
        let s = self.format_to_string(v, &spec_s)?;
        self.new_string(s)
    }

    /// `format(v, spec)` as a Rust string.
    pub fn format_to_string(&mut self, v: Value, spec: &str) -> PyResult<String> {
        if let Some(Obj::Instance(_)) = self.obj(v) {
            if let Some(f) = self.user_special(v, "__format__")? {
                let sv = self.new_str(spec)?;
                let r = self.call_bound(f, v, &[sv])?;
                return match self.str_of(r) {
                    Some(s) => Ok(String::from(s)),
                    None => {
                        let msg =
                            format!("__format__ must return a str, not {}", self.type_name(r));
                        Err(self.type_error(msg))
                    }
                };
            }
        }
        if let Some(x) = v.as_float() {
            return self.formatted(|room| {
                let spec = parse_format_spec_for(spec, "float")?;
                format_float(x, &spec, room)
            });
        }
        if v.is_bool() && spec.is_empty() {
            return Ok(String::from(if v == Value::TRUE {
                "True"
            } else {
                "False"
            }));
        }
        if let Some(i) = v.as_small_int() {
            return self.formatted(|room| format_int_spec(&i, spec, "int", room));
        }
        if !cfg!(feature = "bigint") {
            // Every int fits in `i64`.
            if let Some(i) = self.as_i64(v) {
                let tn = if v.is_bool() { "bool" } else { "int" };
                return self.formatted(|room| format_int_spec(&i, spec, tn, room));
            }
        } else if let Some(b) = self.to_bigint(v) {
            let tn = if v.is_bool() { "bool" } else { "int" };
            let src = BigSource(b);
            return self.formatted(|room| format_int_spec(&src, spec, tn, room));
        }
        if let Some(s) = self.str_of(v) {
            let s = String::from(s);
            return self.formatted(|room| {
                let sp = parse_format_spec_for(spec, "str")?;
                format_str(&s, &sp, room)
            });
        }
        if let Some(z) = self.complex_of(v).filter(|_| cfg!(feature = "complex")) {
            return self.formatted(|room| format_complex_spec(z.re, z.im, spec, room));
        }
        if spec.is_empty() {
            return self.to_str(v);
        }
        let msg = format!(
            "unsupported format string passed to {}.__format__",
            self.type_name(v)
        );
        Err(self.type_error(msg))
    }

    // -- str.format ----------------------------------------------------------------------------

    /// `fmt.format(*args, **kwargs)`.
    pub fn str_format(
        &mut self,
        fmt: &str,
        args: &[Value],
        kwargs: &[(Value, Value)],
    ) -> PyResult<String> {
        self.enter_native()?;
        let mut numbering = Numbering::default();
        let r = self.str_format_inner(fmt, args, kwargs, 0, &mut numbering);
        self.leave_native();
        r
    }

    /// `fmt.format_map(mapping)`: names are looked up as `mapping[name]`.
    pub fn str_format_map(&mut self, fmt: &str, mapping: Value) -> PyResult<String> {
        self.enter_native()?;
        let mut numbering = Numbering {
            mapping: Some(mapping),
            ..Numbering::default()
        };
        let r = self.str_format_inner(fmt, &[], &[], 0, &mut numbering);
        self.leave_native();
        r
    }

    /// Formats `fmt`; nested spec fields share the outer string's automatic numbering, as in
    /// CPython (`"{:>{}}".format(x, w)` numbers the outer field 0 and the nested one 1).
    fn str_format_inner(
        &mut self,
        fmt: &str,
        args: &[Value],
        kwargs: &[(Value, Value)],
        depth: usize,
        numbering: &mut Numbering,
    ) -> PyResult<String> {
        if depth > 2 {
            return Err(self.value_error("Max string recursion exceeded"));
        }
        // Braces are ASCII, so the text is scanned by bytes and copied in runs.
        let bytes = fmt.as_bytes();
        let mut out = TextBuf::new(self);
        let mut i = 0;
        let mut run = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if c == b'}' {
                out.push_str(self, &fmt[run..i])?;
                if bytes.get(i + 1) == Some(&b'}') {
                    out.push(self, '}')?;
                    i += 2;
                    run = i;
                    continue;
                }
                return Err(self.value_error("Single '}' encountered in format string"));
            }
            if c != b'{' {
                i += 1;
                continue;
            }
            out.push_str(self, &fmt[run..i])?;
            if bytes.get(i + 1) == Some(&b'{') {
                out.push(self, '{')?;
                i += 2;
                run = i;
                continue;
            }
            // Find the matching close brace, honouring nesting in the spec.
            let mut j = i + 1;
            let mut level = 1;
            while j < bytes.len() {
                match bytes[j] {
                    b'{' => level += 1,
                    b'}' => {
                        level -= 1;
                        if level == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            if j >= bytes.len() {
                if i + 1 == bytes.len() {
                    return Err(self.value_error("Single '{' encountered in format string"));
                }
                return Err(self.value_error("expected '}' before end of string"));
            }
            let field = &fmt[i + 1..j];
            i = j + 1;
            run = i;
            let r = self.format_field(field, args, kwargs, depth, numbering)?;
            let n = self.str_of(r).map_or(0, str::len);
            out.reserve(self, n)?;
            out.push_reserved(self.str_of(r).unwrap_or(""));
        }
        out.push_str(self, &fmt[run..])?;
        Ok(out.into_string())
    }

    /// One replacement field of `str.format` (the text between the braces), formatted.
    fn format_field(
        &mut self,
        field: &str,
        args: &[Value],
        kwargs: &[(Value, Value)],
        depth: usize,
        numbering: &mut Numbering,
    ) -> PyResult<Value> {
        // Split field into name, conversion, spec.
        let (name_conv, spec) = split_top(field, ':');
        let (name, conv) = match name_conv.find('!') {
            Some(p) => (&name_conv[..p], Some(&name_conv[p + 1..])),
            None => (name_conv, None),
        };
        let conv = match conv {
            None => 0,
            Some("s") => 1,
            Some("r") => 2,
            Some("a") => 3,
            Some("") => {
                return Err(
                    self.value_error("end of string while looking for conversion specifier")
                );
            }
            Some(c) => {
                let msg = format!(
                    "Unknown conversion specifier {}",
                    c.chars().next().unwrap_or('?')
                );
                return Err(self.value_error(msg));
            }
        };
        let v = self.field_value(name, args, kwargs, numbering)?;
        // The field's value (possibly fresh from a lookup) and the spec string survive
        // the nested fields' and `__repr__`/`__str__`'s collections.
        let r = self.with_roots(&[v], |vm, _| {
            // Nested fields in the spec.
            let spec = if spec.contains('{') {
                vm.str_format_inner(spec, args, kwargs, depth + 1, numbering)?
            } else {
                String::from(spec)
            };
            let spec_v = if spec.is_empty() {
                Value::UNDEF
            } else {
                vm.new_string(spec)?
            };
            vm.root(spec_v);
            vm.format_value(v, conv, spec_v)
        })?;
        Ok(r)
    }

    /// The object a field name designates: an argument (by automatic or explicit number,
    /// or by keyword) followed by `.attr` and `[key]` lookups.
    fn field_value(
        &mut self,
        name: &str,
        args: &[Value],
        kwargs: &[(Value, Value)],
        numbering: &mut Numbering,
    ) -> PyResult<Value> {
        let (first, rest) = split_name(name);
        let positional = first.is_empty() || first.parse::<usize>().is_ok();
        if positional && numbering.mapping.is_some() {
            return Err(self.value_error("Format string contains positional fields"));
        }
        let mut v = if first.is_empty() {
            if numbering.manual {
                return Err(self.value_error(
                    "cannot switch from manual field specification to automatic field numbering",
                ));
            }
            numbering.auto_used = true;
            let k = numbering.next;
            numbering.next += 1;
            match args.get(k) {
                Some(v) => *v,
                None => {
                    return Err(self.index_error(format!(
                        "Replacement index {k} out of range for positional args tuple"
                    )));
                }
            }
        } else if let Ok(k) = first.parse::<usize>() {
            if numbering.auto_used {
                return Err(self.value_error(
                    "cannot switch from automatic field numbering to manual field specification",
                ));
            }
            numbering.manual = true;
            match args.get(k) {
                Some(v) => *v,
                None => {
                    return Err(self.index_error(format!(
                        "Replacement index {k} out of range for positional args tuple"
                    )));
                }
            }
        } else if let Some(m) = numbering.mapping {
            let key = self.new_str(first)?;
            self.get_item(m, key)?
        } else {
            match kwargs.iter().find(|(k, _)| self.str_of(*k) == Some(first)) {
                Some((_, v)) => *v,
                None => {
                    let key = self.new_str(first)?;
                    return Err(self.key_error(key));
                }
            }
        };
        // Attribute and index lookups.
        let mut rest = rest;
        while !rest.is_empty() {
            if let Some(r) = rest.strip_prefix('.') {
                let end = r.find(['.', '[']).unwrap_or(r.len());
                let attr = self.intern(&r[..end])?;
                v = self.get_attr(v, attr)?;
                rest = &r[end..];
            } else if let Some(r) = rest.strip_prefix('[') {
                let Some(end) = r.find(']') else {
                    return Err(self.value_error("Missing ']' in format string"));
                };
                let key = &r[..end];
                let kv = match key.parse::<i64>() {
                    Ok(n) => Value::int_unchecked(n),
                    Err(_) => self.new_str(key)?,
                };
                v = self.get_item(v, kv)?;
                rest = &r[end + 1..];
            } else {
                return Err(
                    self.value_error("Only '.' or '[' may follow ']' in format field specifier")
                );
            }
        }
        Ok(v)
    }

    // -- % formatting ------------------------------------------------------------------------

    /// `fmt % arg` for a str `fmt`.
    pub fn percent_format(&mut self, fmt: Value, arg: Value) -> PyResult<Value> {
        let mut f = TextBuf::new(self);
        let n = self.str_of(fmt).map_or(0, str::len);
        f.reserve(self, n)?;
        f.push_reserved(self.str_of(fmt).unwrap_or(""));
        // The interpreter popped both operands; each `__str__`/`__repr__` may collect while
        // the argument tuple or mapping is still needed.
        let out = self.with_roots(&[fmt, arg], |vm, _| {
            vm.percent_format_text(f.as_str(), arg, false)
        })?;
        drop(f);
        self.new_string(out.into_string())
    }

    /// `fmt % arg` for a bytes `fmt` (formatted through a latin-1 view of the bytes).
    pub fn percent_format_bytes(&mut self, fmt: Value, arg: Value) -> PyResult<Value> {
        let data = self.bytes_data(fmt).unwrap_or_default();
        // Latin-1 text: at most two bytes per byte.
        let mut f = TextBuf::new(self);
        f.reserve(self, data.len().saturating_mul(2))?;
        for &b in &data {
            f.push(self, char::from(b))?;
        }
        drop(data);
        let out = self.with_roots(&[fmt, arg], |vm, _| {
            vm.percent_format_text(f.as_str(), arg, true)
        })?;
        drop(f);
        let mut v = super::scratch::ByteBuf::new(self);
        v.reserve(self, out.as_str().chars().count())?;
        for ch in out.as_str().chars() {
            v.push(self, u8::try_from(u32::from(ch)).unwrap_or(b'?'))?;
        }
        drop(out);
        // The result has the type of the format: `bytearray % x` is a bytearray.
        if matches!(self.obj(fmt), Some(Obj::ByteArray(_))) {
            return self.alloc_value(Obj::ByteArray(v.into_vec()));
        }
        self.alloc_value(Obj::Bytes(v.into_vec().into_boxed_slice()))
    }

    fn percent_format_text(&mut self, f: &str, arg: Value, bytes_mode: bool) -> PyResult<TextBuf> {
        // An instance of a tuple subclass supplies its items, as a tuple does.
        let arg = match self.obj(arg) {
            Some(Obj::Instance(i)) if matches!(self.obj(i.native), Some(Obj::Tuple(_))) => i.native,
            _ => arg,
        };
        let is_tuple = matches!(self.obj(arg), Some(Obj::Tuple(_)));
        let bytes_arg =
            bytes_mode && matches!(self.obj(arg), Some(Obj::Bytes(_) | Obj::ByteArray(_)));
        // CPython's `PyMapping_Check`: any subscriptable value but a tuple or str.
        let is_mapping = !is_tuple
            && !bytes_arg
            && (matches!(
                self.obj(arg),
                Some(Obj::Dict(_) | Obj::List(_) | Obj::ByteArray(_) | Obj::Range { .. })
            ) || self.user_special(arg, "__getitem__")?.is_some())
            && self.str_of(arg).is_none();
        let mut args: Vec<Value> = if is_tuple {
            self.tuple_items(arg).unwrap_or_default()
        } else {
            alloc::vec![arg]
        };
        let mut next = 0usize;
        let mut out = TextBuf::new(self);
        fn take(vm: &mut Vm, args: &[Value], next: &mut usize) -> PyResult<Value> {
            match args.get(*next) {
                Some(v) => {
                    *next += 1;
                    Ok(*v)
                }
                None => Err(vm.type_error("not enough arguments for format string")),
            }
        }
        for item in PercentItems::new(f) {
            let spec = match item {
                Ok(PercentItem::Literal(s)) => {
                    out.push_str(self, &s)?;
                    continue;
                }
                Ok(PercentItem::Conversion(spec)) => spec,
                Err(e) => return Err(self.format_error(e.error)),
            };
            let v = match &spec.key {
                Some(k) => {
                    if !is_mapping {
                        return Err(self.type_error("format requires a mapping"));
                    }
                    let kv = if bytes_mode {
                        let kb: Vec<u8> = k
                            .chars()
                            .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
                            .collect();
                        self.alloc_value(Obj::Bytes(kb.into_boxed_slice()))?
                    } else {
                        self.new_str(k)?
                    };
                    // As in CPython, the value looked up is the only argument left: a `*`
                    // width takes it, and a later field without a key finds none.
                    args = alloc::vec![self.get_item(arg, kv)?];
                    next = 0;
                    Value::UNDEF
                }
                None => Value::UNDEF,
            };
            let mut flags = spec.flags;
            let width = match spec.width {
                None => None,
                Some(Count::Num(n)) => Some(n),
                Some(Count::Star) => {
                    let w = take(self, &args, &mut next)?;
                    let w = self.star_arg(w, false)?;
                    if w < 0 {
                        flags.left = true;
                    }
                    Some(usize::try_from(w.unsigned_abs()).unwrap_or(usize::MAX))
                }
            };
            let prec = match spec.precision {
                None => None,
                Some(Count::Num(n)) => Some(n),
                Some(Count::Star) => {
                    let p = take(self, &args, &mut next)?;
                    let p = self.star_arg(p, true)?;
                    Some(usize::try_from(p.max(0)).unwrap_or(usize::MAX))
                }
            };
            let v = if v.is_undef() {
                take(self, &args, &mut next)?
            } else {
                v
            };
            let conv = if bytes_mode && spec.conv == 'b' {
                's'
            } else {
                spec.check_conv().map_err(|e| self.format_error(e))?;
                spec.conv
            };
            let s = if bytes_mode {
                self.percent_one_bytes(v, conv, flags, width, prec)?
            } else {
                self.percent_one(v, conv, flags, width, prec)?
            };
            out.push_str(self, &s)?;
        }
        if next < args.len() && !is_mapping {
            let msg = if bytes_mode {
                "not all arguments converted during bytes formatting"
            } else {
                "not all arguments converted during string formatting"
            };
            return Err(self.type_error(msg));
        }
        Ok(out)
    }

    /// A `*` width or precision: an int within a C `Py_ssize_t` (width) or `int`
    /// (precision), with CPython's errors.
    fn star_arg(&mut self, v: Value, precision: bool) -> PyResult<i64> {
        if !self.is_int(v) {
            return Err(self.type_error("* wants int"));
        }
        let n = self.as_i64(v);
        match n {
            Some(n) if !precision || i32::try_from(n).is_ok() => Ok(n),
            _ if precision => Err(self.overflow_error("Python int too large to convert to C int")),
            _ => Err(self.overflow_error("Python int too large to convert to C ssize_t")),
        }
    }

    /// One conversion of bytes %-formatting; text is latin-1 (one char per byte).
    fn percent_one_bytes(
        &mut self,
        v: Value,
        conv: char,
        flags: PercentFlags,
        width: Option<usize>,
        prec: Option<usize>,
    ) -> PyResult<String> {
        match conv {
            's' => {
                let Some(data) = self.bytes_data(v) else {
                    let msg = format!(
                        "%b requires a bytes-like object, or an object that implements __bytes__, not '{}'",
                        self.type_name(v)
                    );
                    return Err(self.type_error(msg));
                };
                let s: String = data.into_iter().map(char::from).collect();
                self.formatted(|room| percent_str(&s, flags, width, prec, room))
            }
            'r' | 'a' => {
                let r = self.repr(v)?;
                let s = crate::builtins::functions::ascii_escape(self, &r)?;
                self.formatted(|room| percent_str(&s, flags, width, prec, room))
            }
            'c' => {
                let b = if let Some(d) = self.bytes_data(v).filter(|d| d.len() == 1) {
                    d[0]
                } else {
                    match self.as_i64(v).filter(|_| self.is_int(v)) {
                        Some(i) if (0..256).contains(&i) => i as u8,
                        Some(_) => return Err(self.overflow_error("%c arg not in range(256)")),
                        None => {
                            return Err(self.type_error(
                                "%c requires an integer in range(256) or a single byte",
                            ))
                        }
                    }
                };
                let mut buf = [0u8; 4];
                let c = char::from(b).encode_utf8(&mut buf);
                self.formatted(|room| percent_str(c, flags, width, None, room))
            }
            _ => self.percent_one(v, conv, flags, width, prec),
        }
    }

    fn percent_one(
        &mut self,
        v: Value,
        conv: char,
        flags: PercentFlags,
        width: Option<usize>,
        prec: Option<usize>,
    ) -> PyResult<String> {
        match conv {
            's' | 'r' | 'a' => {
                let s = match conv {
                    's' => self.to_str(v)?,
                    'r' => self.repr(v)?,
                    _ => {
                        let r = self.repr(v)?;
                        crate::builtins::functions::ascii_escape(self, &r)?
                    }
                };
                self.formatted(|room| percent_str(&s, flags, width, prec, room))
            }
            'c' => {
                let ch = if let Some(s) = self.str_of(v) {
                    let mut it = s.chars();
                    match (it.next(), it.next()) {
                        (Some(c), None) => c,
                        _ => return Err(self.type_error("%c requires int or char")),
                    }
                } else if self.is_int(v) {
                    crate::format::percent_char_from_int(self.as_i64(v))
                        .map_err(|e| self.format_error(e))?
                } else if let Some(i) = self.percent_special_int(v, "__index__")? {
                    crate::format::percent_char_from_int(self.as_i64(i))
                        .map_err(|e| self.format_error(e))?
                } else {
                    return Err(self.type_error("%c requires int or char"));
                };
                let mut b = [0u8; 4];
                let c = ch.encode_utf8(&mut b);
                self.formatted(|room| percent_str(c, flags, width, None, room))
            }
            'd' | 'i' | 'u' | 'o' | 'x' | 'X' => {
                let b = self.percent_int_arg(v, conv)?;
                if !cfg!(feature = "bigint") {
                    let Some(i) = b.to_i64() else {
                        return Err(self.int_too_large());
                    };
                    return self
                        .formatted(|room| percent_int_src(&i, flags, width, prec, conv, room));
                }
                let src = BigSource(b);
                self.formatted(|room| percent_int_src(&src, flags, width, prec, conv, room))
            }
            _ => {
                let conv_v = match self.native_value(v) {
                    Some(n) if n.is_float() || self.is_int(n) => n,
                    _ => match self.percent_special_int(v, "__float__")? {
                        Some(f) => f,
                        None => self.percent_special_int(v, "__index__")?.unwrap_or(v),
                    },
                };
                let x = match self.to_f64(conv_v)? {
                    Some(x) => x,
                    None => {
                        let msg = format!("must be real number, not {}", self.type_name(v));
                        return Err(self.type_error(msg));
                    }
                };
                self.formatted(|room| percent_float(x, flags, width, prec, conv, room))
            }
        }
    }

    /// The integer `%d %i %u %o %x %X` format: an int, or (for the decimal ones) a float
    /// truncated toward zero.
    fn percent_int_arg(&mut self, v: Value, conv: char) -> PyResult<BigInt> {
        // An instance of a subclass of `int` or `float` formats as its value.
        let orig = v;
        let v = match self.native_value(v) {
            Some(n) if n.is_float() || self.is_int(n) => n,
            _ => v,
        };
        if let Some(x) = v.as_float() {
            if matches!(conv, 'o' | 'x' | 'X') {
                let msg = format!(
                    "%{conv} format: an integer is required, not {}",
                    self.type_name(orig)
                );
                return Err(self.type_error(msg));
            }
            return match BigInt::from_f64(x) {
                Some(b) => Ok(b),
                None if x.is_nan() => Err(self.value_error("cannot convert float NaN to integer")),
                None => Err(self.overflow_error("cannot convert float infinity to integer")),
            };
        }
        // An object converts through `__int__` (then `__index__`) for the decimal formats,
        // through `__index__` only for the others, as `PyNumber_Long`/`PyNumber_Index` do.
        let mut converted = None;
        if !matches!(conv, 'o' | 'x' | 'X') {
            converted = self.percent_special_int(v, "__int__")?;
        }
        if converted.is_none() {
            converted = self.percent_special_int(v, "__index__")?;
        }
        match self.to_bigint(converted.unwrap_or(v)) {
            Some(b) => Ok(b),
            None => {
                let what = if matches!(conv, 'o' | 'x' | 'X') {
                    "an integer"
                } else {
                    "a real number"
                };
                let msg = format!(
                    "%{conv} format: {what} is required, not {}",
                    self.type_name(v)
                );
                Err(self.type_error(msg))
            }
        }
    }
}

impl Vm {
    /// The result of an instance's conversion method `name` (`__int__`, `__index__`,
    /// `__float__`) for a `%` format, `None` when the value is no instance or lacks it.
    fn percent_special_int(&mut self, v: Value, name: &str) -> PyResult<Option<Value>> {
        if !matches!(self.obj(v), Some(Obj::Instance(_))) {
            return Ok(None);
        }
        match self.user_special(v, name)? {
            Some(f) => self.call_bound(f, v, &[]).map(Some),
            None => Ok(None),
        }
    }
}

/// The state of one `str.format` call: automatic field numbering, and the mapping that
/// `str.format_map` looks names up in (by subscription, so `__missing__` is honoured).
#[derive(Default)]
struct Numbering {
    next: usize,
    manual: bool,
    auto_used: bool,
    mapping: Option<Value>,
}

/// Splits at the first `sep` that is not inside brackets.
fn split_top(s: &str, sep: char) -> (&str, &str) {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            c if c == sep && depth == 0 => return (&s[..i], &s[i + 1..]),
            _ => {}
        }
    }
    (s, "")
}

/// Splits a field name into its first part and the `.attr`/`[key]` rest.
fn split_name(name: &str) -> (&str, &str) {
    let end = name.find(['.', '[']).unwrap_or(name.len());
    (&name[..end], &name[end..])
}
