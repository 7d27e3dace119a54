//! The `traceback` module: `extract_tb`, `format_tb`, `format_exc`, `print_exc`,
//! `format_exception(_only)`, `print_exception`, `print_tb`, `format_list`, `walk_tb`,
//! with `FrameSummary` and `StackSummary`. Every text comes from the formatter that prints
//! uncaught exceptions (`interp::traceback`), so `format_exc()` is exactly that report.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::check_args;
use crate::bytecode::code::CodeObject;
use crate::interp::traceback::{format_frame_lines, limit_range, FormatOptions, FrameLine};
use crate::object::types::{NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// `FrameSummary`'s fields in tuple order (`filename, lineno, name, line = fs`).
const FIELDS: [&str; 4] = ["filename", "lineno", "name", "line"];

pub(crate) fn init_traceback(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let fns: crate::object::native_table::NativeEntries = &[
        ("extract_tb", extract_tb),
        ("format_tb", format_tb),
        ("print_tb", print_tb),
        ("format_list", format_list),
        ("walk_tb", walk_tb),
        ("format_exception_only", format_exception_only),
        ("format_exception", format_exception),
        ("print_exception", print_exception),
        ("format_exc", format_exc),
        ("print_exc", print_exc),
    ];
    vm.add_natives(d, fns, NativeKind::Function, Value::UNDEF);
    let fs = new_class(
        vm,
        "FrameSummary",
        vm.types.object,
        &[
            ("__init__", fs_init),
            ("__eq__", fs_eq),
            ("__iter__", fs_iter),
            ("__getitem__", fs_getitem),
            ("__len__", fs_len),
            ("__repr__", fs_repr),
        ],
    )?;
    let ss = new_class(vm, "StackSummary", vm.types.list, &[("format", ss_format)])?;
    vm.dict_set_str(d, "FrameSummary", Value::obj(fs))?;
    vm.dict_set_str(d, "StackSummary", Value::obj(ss))?;
    Ok(())
}

/// A class of the module with native methods.
fn new_class(
    vm: &mut Vm,
    name: &str,
    base: ObjRef,
    methods: crate::object::native_table::NativeEntries,
) -> PyResult<ObjRef> {
    let ns = vm.new_dict()?;
    let nsr = ns.as_obj().unwrap_or(ObjRef(0));
    let modname = vm.intern("traceback")?;
    vm.dict_set_str(nsr, "__module__", modname)?;
    let n = vm.new_str(name)?;
    let cls = super::class_create::make_class(vm, n, base, nsr)?;
    vm.add_natives(nsr, methods, NativeKind::Method, Value::obj(cls));
    Ok(cls)
}

/// One of the module's classes, as the module's namespace holds it.
fn module_class(vm: &mut Vm, name: &str) -> PyResult<Value> {
    let name_v = vm.intern("traceback")?;
    let m = vm.import_module(name_v)?;
    let Some(Obj::Module(md)) = vm.obj(m) else {
        return Err(vm.internal_error("traceback module without a namespace"));
    };
    let d = md.dict;
    let k = vm.intern(name)?;
    match vm.dict_get_str(d, k) {
        Some(c) => Ok(c),
        None => Err(vm.internal_error("traceback module class missing")),
    }
}

/// Binds a native's arguments to `names` (positional, then by keyword except the first
/// `posonly`); missing ones are `UNDEF`.
fn bind(
    vm: &mut Vm,
    fname: &str,
    args: &[Value],
    kw: &[(Value, Value)],
    names: &[&str],
    posonly: usize,
    required: usize,
) -> PyResult<Vec<Value>> {
    if args.len() > names.len() {
        let msg = format!(
            "{fname}() takes at most {} positional arguments ({} given)",
            names.len(),
            args.len()
        );
        return Err(vm.type_error(msg));
    }
    let mut out = alloc::vec![Value::UNDEF; names.len()];
    out[..args.len()].copy_from_slice(args);
    for &(k, v) in kw {
        let key = String::from(vm.str_of(k).unwrap_or(""));
        match names
            .iter()
            .position(|n| *n == key)
            .filter(|&i| i >= posonly)
        {
            Some(i) if out[i].is_undef() => out[i] = v,
            Some(_) => {
                let msg = format!("{fname}() got multiple values for argument '{key}'");
                return Err(vm.type_error(msg));
            }
            None => {
                let msg = format!("{fname}() got an unexpected keyword argument '{key}'");
                return Err(vm.type_error(msg));
            }
        }
    }
    if let Some(i) = out[..required].iter().position(|v| v.is_undef()) {
        let msg = format!(
            "{fname}() missing required positional argument: '{}'",
            names[i]
        );
        return Err(vm.type_error(msg));
    }
    Ok(out)
}

/// A `limit` argument: `None` (or absent) for all entries.
fn limit_arg(vm: &mut Vm, v: Value) -> PyResult<Option<i64>> {
    if v.is_undef() || v == Value::NONE {
        return Ok(None);
    }
    if vm.is_int(v) {
        return super::int_arg(vm, v).map(Some);
    }
    // (CPython compares the limit with 0 before using it.)
    let msg = format!(
        "'>=' not supported between instances of '{}' and 'int'",
        vm.type_name(v)
    );
    Err(vm.type_error(msg))
}

/// The frames of the traceback `tb` (outermost first) with their frame objects; `None`
/// gives none, anything else fails as CPython's `walk_tb` does.
fn tb_frames(vm: &mut Vm, tb: Value) -> PyResult<Vec<(Rc<CodeObject>, u32, Value)>> {
    if tb != Value::NONE && !matches!(vm.obj(tb), Some(Obj::Traceback(_))) {
        let msg = format!("'{}' object has no attribute 'tb_frame'", vm.type_name(tb));
        return Err(vm.new_exception(vm.types.attribute_error, &msg));
    }
    let mut out = Vec::new();
    let mut cur = tb;
    while let Some(Obj::Traceback(node)) = vm.obj(cur) {
        out.push((node.code.clone(), node.lasti, node.frame));
        cur = node.next;
    }
    Ok(out)
}

/// The lines of a traceback that `limit` keeps.
fn tb_lines(vm: &mut Vm, tb: Value, limit: Value) -> PyResult<Vec<FrameLine>> {
    let limit = limit_arg(vm, limit)?;
    let frames = tb_frames(vm, tb)?;
    let kept = &frames[limit_range(frames.len(), limit)];
    Ok(kept
        .iter()
        .map(|(code, lasti, _)| FrameLine::of(vm, code, *lasti))
        .collect())
}

/// A list of strs.
fn str_list(vm: &mut Vm, pieces: Vec<String>) -> PyResult<Value> {
    let mut items = Vec::with_capacity(pieces.len());
    for p in pieces {
        items.push(vm.new_string(p)?);
    }
    vm.new_list(items)
}

/// Writes `text` to `file` (`None` or absent: the VM's stderr).
fn write_to(vm: &mut Vm, file: Value, text: &str) -> PyResult<()> {
    if file.is_undef() || file == Value::NONE {
        vm.write_err(text);
        return Ok(());
    }
    let s = vm.new_str(text)?;
    vm.call_method_by_name(file, "write", &[s])?;
    Ok(())
}

/// A `FrameSummary` for one line.
fn frame_summary(vm: &mut Vm, cls: Value, fl: &FrameLine) -> PyResult<Value> {
    let filename = vm.new_str(&fl.filename)?;
    let lineno = Value::int_unchecked(fl.lineno as i64);
    let name = vm.new_str(&fl.name)?;
    let line = vm.new_str(&fl.line)?;
    let k = vm.intern("line")?;
    vm.call_kw(cls, &[filename, lineno, name], &[(k, line)])
}

fn extract_tb(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let a = bind(vm, "extract_tb", args, kw, &["tb", "limit"], 0, 1)?;
    let lines = tb_lines(vm, a[0], a[1])?;
    stack_summary(vm, &lines)
}

/// A `StackSummary` of `FrameSummary`s.
fn stack_summary(vm: &mut Vm, lines: &[FrameLine]) -> PyResult<Value> {
    let fs = module_class(vm, "FrameSummary")?;
    let mut items = Vec::with_capacity(lines.len());
    for fl in lines {
        items.push(frame_summary(vm, fs, fl)?);
    }
    let list = vm.new_list(items)?;
    let ss = module_class(vm, "StackSummary")?;
    vm.call(ss, &[list])
}

fn format_tb(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let a = bind(vm, "format_tb", args, kw, &["tb", "limit"], 0, 1)?;
    let lines = tb_lines(vm, a[0], a[1])?;
    str_list(vm, format_frame_lines(&lines))
}

fn print_tb(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let a = bind(vm, "print_tb", args, kw, &["tb", "limit", "file"], 0, 1)?;
    let lines = tb_lines(vm, a[0], a[1])?;
    write_to(vm, a[2], &format_frame_lines(&lines).concat())?;
    Ok(Value::NONE)
}

fn walk_tb(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "walk_tb", args, 1, 1)?;
    let frames = tb_frames(vm, args[0])?;
    let mut items = Vec::with_capacity(frames.len());
    for (code, lasti, frame) in frames {
        let lineno = Value::int_unchecked(code.line_of(lasti) as i64);
        items.push(vm.new_tuple(alloc::vec![frame, lineno])?);
    }
    let list = vm.new_list(items)?;
    vm.get_iter(list)
}

/// The line of a `FrameSummary` or a 4-item sequence (`format_list`'s items).
fn line_of_item(vm: &mut Vm, item: Value) -> PyResult<FrameLine> {
    let fs = module_class(vm, "FrameSummary")?;
    let vals: Vec<Value> = if fs.as_obj().is_some_and(|c| vm.is_instance(item, c)) {
        let mut v = Vec::with_capacity(4);
        for f in FIELDS {
            v.push(vm.get_attr_str(item, f)?);
        }
        v
    } else {
        // `filename, lineno, name, line = item`, with CPython's unpacking errors.
        if !vm.is_iterable(item) {
            let msg = format!("cannot unpack non-iterable {} object", vm.type_name(item));
            return Err(vm.type_error(msg));
        }
        let v = vm.collect_iter(item)?;
        match v.len() {
            4 => v,
            n if n < 4 => {
                let msg = format!("not enough values to unpack (expected 4, got {n})");
                return Err(vm.value_error(msg));
            }
            _ => return Err(vm.value_error("too many values to unpack (expected 4)")),
        }
    };
    let lineno = vm.as_i64(vals[1]).unwrap_or(0).clamp(0, u32::MAX as i64) as u32;
    let line = if vals[3] == Value::NONE {
        String::new()
    } else {
        String::from(vm.to_str(vals[3])?.trim())
    };
    Ok(FrameLine {
        filename: vm.to_str(vals[0])?,
        lineno,
        name: vm.to_str(vals[2])?,
        line,
    })
}

fn format_list(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "format_list", args, 1, 1)?;
    format_items(vm, args[0])
}

/// The text lines of an iterable of frame summaries (or 4-tuples), as `format_list` and
/// `StackSummary.format` give them.
fn format_items(vm: &mut Vm, items: Value) -> PyResult<Value> {
    let items = vm.collect_iter(items)?;
    let lines = vm.with_roots(&items, |vm, _| {
        items
            .iter()
            .map(|&it| line_of_item(vm, it))
            .collect::<PyResult<Vec<_>>>()
    })?;
    str_list(vm, format_frame_lines(&lines))
}

/// `format_exception_only(exc, /, value)`: the `Type: message` line of `value` (or of
/// `exc` in the one-argument form); any other object formats as its type and `str`.
fn format_exception_only(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let a = bind(
        vm,
        "format_exception_only",
        args,
        kw,
        &["exc", "value"],
        2,
        1,
    )?;
    let value = if a[1].is_undef() { a[0] } else { a[1] };
    if vm.is_exception(value) {
        let pieces = vm.format_exception_only_pieces(value);
        return str_list(vm, pieces);
    }
    let line = exception_only(vm, value)?;
    str_list(vm, alloc::vec![line])
}

/// The last line of a report for any value.
fn exception_only(vm: &mut Vm, value: Value) -> PyResult<String> {
    if vm.is_exception(value) {
        return Ok(vm.format_exception_only(value));
    }
    if value == Value::NONE {
        return Ok(String::from("NoneType: None\n"));
    }
    let msg = format!(
        "'{}' object has no attribute '__suppress_context__'",
        vm.type_name(value)
    );
    Err(vm.new_exception(vm.types.attribute_error, &msg))
}

/// The pieces of `format_exception`/`print_exception` from their bound arguments
/// (`exc, value, tb, limit, chain`).
fn exception_pieces(vm: &mut Vm, a: &[Value]) -> PyResult<Vec<String>> {
    let (exc, value, tb, limit, chain) = (a[0], a[1], a[2], a[3], a[4]);
    // CPython's `_parse_value_tb`.
    if value.is_undef() != tb.is_undef() {
        return Err(vm.value_error("Both or neither of value and tb must be given"));
    }
    let value = if !value.is_undef() {
        value
    } else if exc == Value::NONE || vm.is_exception(exc) {
        exc
    } else {
        let msg = format!("Exception expected for value, {} found", vm.type_name(exc));
        return Err(vm.type_error(msg));
    };
    if !vm.is_exception(value) {
        return exception_only(vm, value).map(|l| alloc::vec![l]);
    }
    if !tb.is_undef() && tb != Value::NONE {
        // (Fails as CPython does for a non-traceback.)
        tb_frames(vm, tb)?;
    }
    let opts = FormatOptions {
        limit: limit_arg(vm, limit)?,
        chain: chain.is_undef() || vm.truthy(chain)?,
        tb,
    };
    Ok(vm.format_exception_pieces(value, opts))
}

const EXC_ARGS: [&str; 6] = ["exc", "value", "tb", "limit", "chain", "file"];

fn format_exception(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let a = bind(vm, "format_exception", args, kw, &EXC_ARGS[..5], 1, 1)?;
    let pieces = exception_pieces(vm, &a)?;
    str_list(vm, pieces)
}

fn print_exception(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let names = ["exc", "value", "tb", "limit", "file", "chain"];
    let a = bind(vm, "print_exception", args, kw, &names, 1, 1)?;
    let pieces = exception_pieces(vm, &[a[0], a[1], a[2], a[3], a[5]])?;
    write_to(vm, a[4], &pieces.concat())?;
    Ok(Value::NONE)
}

/// The pieces of the report of the exception being handled (`NoneType: None` without one).
fn current_exception_pieces(vm: &mut Vm, limit: Value, chain: Value) -> PyResult<Vec<String>> {
    let e = vm.handled_exc;
    if e == Value::NONE || e.is_undef() {
        return Ok(alloc::vec![String::from("NoneType: None\n")]);
    }
    exception_pieces(vm, &[e, Value::UNDEF, Value::UNDEF, limit, chain])
}

fn format_exc(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let a = bind(vm, "format_exc", args, kw, &["limit", "chain"], 0, 0)?;
    let pieces = current_exception_pieces(vm, a[0], a[1])?;
    vm.new_string(pieces.concat())
}

fn print_exc(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let a = bind(vm, "print_exc", args, kw, &["limit", "file", "chain"], 0, 0)?;
    let pieces = current_exception_pieces(vm, a[0], a[2])?;
    write_to(vm, a[1], &pieces.concat())?;
    Ok(Value::NONE)
}

// -- FrameSummary -----------------------------------------------------------------------------

/// `FrameSummary(filename, lineno, name, *, lookup_line=True, locals=None, line=None)`.
fn fs_init(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let names = [
        "self",
        "filename",
        "lineno",
        "name",
        "lookup_line",
        "locals",
        "line",
    ];
    if args.len() > 4 {
        let msg = format!(
            "FrameSummary.__init__() takes 4 positional arguments but {} were given",
            args.len()
        );
        return Err(vm.type_error(msg));
    }
    let a = bind(vm, "FrameSummary.__init__", args, kw, &names, 4, 4)?;
    let this = a[0];
    // (CPython's `line` is the given or looked-up line, stripped.)
    let line = if a[6].is_undef() || a[6] == Value::NONE {
        String::new()
    } else {
        String::from(vm.to_str(a[6])?.trim())
    };
    let line = vm.new_string(line)?;
    let locals = if a[5].is_undef() { Value::NONE } else { a[5] };
    for (name, v) in [
        ("filename", a[1]),
        ("lineno", a[2]),
        ("name", a[3]),
        ("line", line),
        ("locals", locals),
    ] {
        let k = vm.intern(name)?;
        vm.set_attr(this, k, v)?;
    }
    Ok(Value::NONE)
}

/// `(filename, lineno, name, line)` of a `FrameSummary`.
fn fs_tuple(vm: &mut Vm, this: Value) -> PyResult<Value> {
    let mut items = Vec::with_capacity(4);
    for f in FIELDS {
        items.push(vm.get_attr_str(this, f)?);
    }
    vm.new_tuple(items)
}

fn fs_eq(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__eq__", args, 2, 2)?;
    let (this, other) = (args[0], args[1]);
    if matches!(vm.obj(other), Some(Obj::Tuple(_))) {
        let t = fs_tuple(vm, this)?;
        return vm.with_roots(&[t], |vm, _| vm.eq(t, other).map(Value::bool));
    }
    let same_class = vm.type_of(other) == vm.type_of(this);
    if !same_class {
        return Ok(Value::NOT_IMPLEMENTED);
    }
    for f in ["filename", "lineno", "name", "locals"] {
        let x = vm.get_attr_str(this, f)?;
        let y = vm.get_attr_str(other, f)?;
        if !vm.eq(x, y)? {
            return Ok(Value::FALSE);
        }
    }
    Ok(Value::TRUE)
}

fn fs_iter(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__iter__", args, 1, 1)?;
    let t = fs_tuple(vm, args[0])?;
    vm.get_iter(t)
}

fn fs_getitem(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__getitem__", args, 2, 2)?;
    let t = fs_tuple(vm, args[0])?;
    vm.with_roots(&[t], |vm, _| vm.get_item(t, args[1]))
}

fn fs_len(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__len__", args, 1, 1)?;
    Ok(Value::int_unchecked(FIELDS.len() as i64))
}

fn fs_repr(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__repr__", args, 1, 1)?;
    let this = args[0];
    let mut parts = Vec::with_capacity(3);
    for f in ["filename", "lineno", "name"] {
        let v = vm.get_attr_str(this, f)?;
        parts.push(vm.to_str(v)?);
    }
    let s = format!(
        "<FrameSummary file {}, line {} in {}>",
        parts[0], parts[1], parts[2]
    );
    vm.new_string(s)
}

// -- StackSummary -----------------------------------------------------------------------------

fn ss_format(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "format", args, 1, 1)?;
    format_items(vm, args[0])
}
