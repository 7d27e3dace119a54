//! `exec`, `eval` and `compile`: source text compiled at run time (when the crate has its
//! compiler) and code objects run in a given namespace.
//!
//! Code compiled from a string keeps no source text, so its traceback entries show no
//! line (CPython's `linecache` cannot read `<string>` either). A syntax error is a
//! `SyntaxError` with CPython's fields. Without the compiler, code objects still run and
//! strings raise `NotImplementedError`.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use super::{check_args, kwarg};
use crate::bytecode::code::CodeObject;
use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// How the source of `exec`/`eval`/`compile` is compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SourceMode {
    Exec,
    Eval,
    Single,
}

/// What `exec` or `eval` runs: text to compile, or a code object.
enum Source {
    Text(String),
    Code(Rc<CodeObject>),
}

/// The source argument: a str, bytes (UTF-8) or (unless `compile`) a code object.
fn source_arg(vm: &mut Vm, v: Value, fname: &str) -> PyResult<Source> {
    if let Some(s) = vm.str_of(v) {
        return Ok(Source::Text(String::from(s)));
    }
    match vm.obj(v) {
        Some(Obj::Code(c)) if fname != "compile" => return Ok(Source::Code(c.clone())),
        Some(Obj::Bytes(_) | Obj::ByteArray(_) | Obj::MemoryView(_)) => {
            let b = if vm.memview(v).is_some() {
                let m = vm.live_memview(v)?;
                vm.memview_bytes(&m)
            } else {
                vm.bytes_data(v).unwrap_or_default()
            };
            return match String::from_utf8(b) {
                Ok(s) => Ok(Source::Text(s)),
                Err(_) => Err(vm.new_lazy_exception(
                    crate::object::lazy_exc::LazyExc::SyntaxError,
                    "source code cannot be decoded as UTF-8",
                )),
            };
        }
        _ => {}
    }
    let what = if fname == "compile" {
        "a string, bytes or AST object"
    } else {
        "a string, bytes or code object"
    };
    let msg = format!("{fname}() arg 1 must be {what}");
    Err(vm.type_error(msg))
}

/// Compiles `text` as `<string>`-style code: no source lines are kept.
#[cfg(feature = "compiler")]
fn compile_text(
    vm: &mut Vm,
    text: &str,
    filename: &str,
    mode: SourceMode,
) -> PyResult<Rc<CodeObject>> {
    use crate::compile::codegen::{compile_text, Mode};
    let m = match mode {
        SourceMode::Exec => Mode::Exec,
        SourceMode::Eval => Mode::Eval,
        SourceMode::Single => Mode::Interactive,
    };
    if mode == SourceMode::Single {
        if let Some(e) = multiple_statements(text) {
            return Err(syntax_error(vm, &e, text, filename, mode));
        }
    }
    let mut pool = crate::api::Pool(vm);
    match compile_text(text, filename, m, false, &mut pool) {
        Ok(code) => Ok(code),
        Err(e) => Err(syntax_error(vm, &e, text, filename, mode)),
    }
}

/// Compiles an imported module's source, keeping its lines for tracebacks; a compile error
/// is the `SyntaxError` (with its fields) CPython raises from the import.
#[cfg(feature = "compiler")]
pub(crate) fn compile_module(vm: &mut Vm, text: &str, filename: &str) -> PyResult<Rc<CodeObject>> {
    let mut pool = crate::api::Pool(vm);
    match crate::compile::codegen::compile_source(text, filename, crate::api::Mode::Exec, &mut pool)
    {
        Ok(code) => Ok(code),
        Err(e) => Err(syntax_error(vm, &e, text, filename, SourceMode::Exec)),
    }
}

/// `compile(..., 'single')` takes one statement (or simple statements on one line): the
/// error for a second one on a later line.
#[cfg(feature = "compiler")]
fn multiple_statements(text: &str) -> Option<crate::compile::error::CompileError> {
    use crate::compile::error::{CompileError, CompileErrorKind};
    let module = crate::compile::parser::parse_interactive(text).ok()?;
    let (first, second) = (module.body.first()?, module.body.get(1)?);
    if second.loc.line <= first.loc.end_line {
        return None;
    }
    let (line, col) = (first.loc.end_line, first.loc.end_col + 1);
    Some(CompileError {
        kind: CompileErrorKind::Syntax,
        msg: String::from("multiple statements found while compiling a single statement"),
        line,
        col,
        end_line: line,
        end_col: col,
        incomplete_input: false,
    })
}

/// Without the compiler there is nothing to turn text into code.
#[cfg(not(feature = "compiler"))]
fn compile_text(
    vm: &mut Vm,
    _text: &str,
    _filename: &str,
    _mode: SourceMode,
) -> PyResult<Rc<CodeObject>> {
    Err(vm.not_implemented(
        "compiling source at run time needs the compiler, which this build of Tiercel leaves out",
    ))
}

/// The `SyntaxError` (or `IndentationError`, `TabError`) of a compile error, with
/// CPython's fields: `args == (msg, (filename, lineno, offset, text, end_lineno,
/// end_offset))`.
#[cfg(feature = "compiler")]
fn syntax_error(
    vm: &mut Vm,
    e: &crate::compile::error::CompileError,
    text: &str,
    filename: &str,
    mode: SourceMode,
) -> crate::vm::PyErr {
    use crate::compile::error::CompileErrorKind;
    use crate::object::lazy_exc::LazyExc;
    let kind = match e.kind {
        CompileErrorKind::Syntax => LazyExc::SyntaxError,
        CompileErrorKind::Indentation => LazyExc::IndentationError,
        CompileErrorKind::Tab => LazyExc::TabError,
    };
    let cls = match vm.exc_class(kind) {
        Ok(c) => c,
        Err(e) => return e,
    };
    let r = (|| {
        let msg = vm.new_str(&e.msg)?;
        let file = vm.new_str(filename)?;
        let line_text = match crate::compile::render::source_line(text, e.line) {
            Some(l) => {
                // The tokenizer of a module ends its last line with a newline.
                let mut l = String::from(l);
                if mode != SourceMode::Eval && !l.ends_with('\n') {
                    l.push('\n');
                }
                vm.new_string(l)?
            }
            None => Value::NONE,
        };
        let details = [
            file,
            Value::int_unchecked(i64::from(e.line)),
            Value::int_unchecked(i64::from(e.col)),
            line_text,
            Value::int_unchecked(i64::from(e.end_line)),
            Value::int_unchecked(i64::from(e.end_col)),
        ];
        let details = vm.with_roots(&[msg, file, line_text], |vm, _| {
            vm.new_tuple(details.to_vec())
        })?;
        vm.with_roots(&[msg, details], |vm, _| {
            vm.new_exception_args(cls, alloc::vec![msg, details])
        })
    })();
    match r {
        Ok(exc) => crate::vm::PyErr(exc),
        Err(err) => err,
    }
}

/// `compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1)`.
pub(super) fn compile(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    let names = [
        "source",
        "filename",
        "mode",
        "flags",
        "dont_inherit",
        "optimize",
    ];
    let a = bind_args(vm, "compile", args, kw, &names, 3)?;
    let mode = match vm.str_of(a[2]) {
        Some("exec") => SourceMode::Exec,
        Some("eval") => SourceMode::Eval,
        Some("single") => SourceMode::Single,
        _ => {
            return Err(vm.value_error("compile() mode must be 'exec', 'eval' or 'single'"));
        }
    };
    if !a[3].is_undef() && vm.as_i64(a[3]).is_some_and(|f| f != 0) {
        return Err(vm.value_error("compile(): unrecognised flags"));
    }
    let filename = match vm.str_of(a[1]) {
        Some(f) => String::from(f),
        None => match vm.bytes_data(a[1]) {
            Some(b) => String::from_utf8_lossy(&b).into_owned(),
            None => {
                let msg = format!(
                    "compile() argument 'filename' must be str, bytes or os.PathLike, not {}",
                    vm.type_name(a[1])
                );
                return Err(vm.type_error(msg));
            }
        },
    };
    let Source::Text(text) = source_arg(vm, a[0], "compile")? else {
        return Err(vm.internal_error("compile() of a code object"));
    };
    let code = compile_text(vm, &text, &filename, mode)?;
    vm.alloc_value(Obj::Code(code))
}

/// `exec(source, globals=None, locals=None)`.
pub(super) fn exec(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    for (k, v) in kw {
        let n = String::from(vm.str_of(*k).unwrap_or(""));
        if n != "closure" {
            let msg = format!("'{n}' is an invalid keyword argument for exec()");
            return Err(vm.type_error(msg));
        }
        if *v != Value::NONE {
            return Err(vm.not_implemented("exec() with a closure is not supported by Tiercel"));
        }
    }
    match args.len() {
        0 => return Err(vm.type_error("exec() takes at least 1 positional argument (0 given)")),
        n if n > 3 => {
            let msg = format!("exec() takes at most 3 positional arguments ({n} given)");
            return Err(vm.type_error(msg));
        }
        _ => {}
    }
    let a = bind_args(vm, "exec", args, &[], &["source", "globals", "locals"], 1)?;
    let source = source_arg(vm, a[0], "exec")?;
    let (globals, locals) = namespaces(vm, "exec", a[1], a[2])?;
    let code = match source {
        Source::Text(t) => compile_text(vm, &t, "<string>", SourceMode::Exec)?,
        Source::Code(c) => c,
    };
    run(vm, code, globals, locals, "exec")?;
    Ok(Value::NONE)
}

/// `eval(source, globals=None, locals=None)`.
pub(super) fn eval(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    super::no_kwargs(vm, "eval", kw)?;
    check_args(vm, "eval", args, 1, 3)?;
    let a = bind_args(vm, "eval", args, &[], &["source", "globals", "locals"], 1)?;
    let source = source_arg(vm, a[0], "eval")?;
    let (globals, locals) = namespaces(vm, "eval", a[1], a[2])?;
    let code = match source {
        // `eval` forgives leading spaces and tabs (`compile` does not).
        Source::Text(t) => compile_text(
            vm,
            t.trim_start_matches([' ', '\t']),
            "<string>",
            SourceMode::Eval,
        )?,
        Source::Code(c) => c,
    };
    run(vm, code, globals, locals, "eval")
}

/// Runs `code` with these namespaces (`locals` `UNDEF`: the globals), the arguments and
/// namespaces rooted while it runs.
fn run(
    vm: &mut Vm,
    code: Rc<CodeObject>,
    globals: ObjRef,
    locals: Value,
    fname: &str,
) -> PyResult<Value> {
    if !code.freevars.is_empty() {
        let msg = format!("code object passed to {fname}() may not contain free variables");
        return Err(vm.type_error(msg));
    }
    vm.with_roots(&[Value::obj(globals), locals], |vm, _| {
        vm.run_code(code, globals, locals, Value::UNDEF)
    })
}

/// The globals dict and the locals mapping (`UNDEF` when they are the globals) of
/// `exec`/`eval`: by default the caller's; `__builtins__` is added to globals that lack it.
fn namespaces(
    vm: &mut Vm,
    fname: &str,
    globals: Value,
    locals: Value,
) -> PyResult<(ObjRef, Value)> {
    let given = |v: Value| !v.is_undef() && v != Value::NONE;
    if given(locals) && !is_mapping(vm, locals) {
        let msg = if fname == "exec" {
            format!(
                "locals must be a mapping or None, not {}",
                vm.type_name(locals)
            )
        } else {
            String::from("locals must be a mapping")
        };
        return Err(vm.type_error(msg));
    }
    let (g, l) = if given(globals) {
        let Some(g) = globals
            .as_obj()
            .filter(|r| matches!(vm.heap.get(*r), Obj::Dict(_)))
        else {
            let msg = if fname == "exec" {
                format!(
                    "exec() globals must be a dict, not {}",
                    vm.type_name(globals)
                )
            } else if is_mapping(vm, globals) {
                String::from("globals must be a real dict; try eval(expr, {}, mapping)")
            } else {
                String::from("globals must be a dict")
            };
            return Err(vm.type_error(msg));
        };
        (g, if given(locals) { locals } else { Value::UNDEF })
    } else {
        let (g, caller_locals) = caller_namespaces(vm)?;
        (g, if given(locals) { locals } else { caller_locals })
    };
    let key = vm.intern("__builtins__")?;
    if vm.dict_get_str(g, key).is_none() {
        let b = Value::obj(vm.builtins);
        vm.dict_set(g, key, b)?;
    }
    let l = if l == Value::obj(g) { Value::UNDEF } else { l };
    Ok((g, l))
}

/// The globals and locals of the code that called `exec`/`eval`: a module's namespace, a
/// class body's, or a function's locals as `locals()` gives them.
fn caller_namespaces(vm: &mut Vm) -> PyResult<(ObjRef, Value)> {
    let Some(fi) = vm.frames.len().checked_sub(1) else {
        return Ok((vm.main_globals, Value::UNDEF));
    };
    let f = &vm.frames[fi];
    let g = f.globals;
    if !f.locals.is_undef() || f.func.is_undef() {
        return Ok((g, f.locals));
    }
    let fo = vm.frame_object(fi)?;
    let l = vm.frame_locals(fo)?;
    Ok((g, l))
}

/// Whether `v` is a mapping for `exec`/`eval` (`PyMapping_Check`: it has `__getitem__`).
fn is_mapping(vm: &mut Vm, v: Value) -> bool {
    match vm.obj(v) {
        Some(Obj::Dict(_) | Obj::List(_) | Obj::Tuple(_) | Obj::Str(_)) => true,
        Some(Obj::Bytes(_) | Obj::ByteArray(_) | Obj::Range { .. }) => true,
        Some(Obj::Instance(_)) => vm
            .lookup_special(v, "__getitem__")
            .is_ok_and(|f| f.is_some()),
        _ => false,
    }
}

/// Binds positional and keyword arguments to `names`; the first `required` must be given.
/// Missing ones are `UNDEF`.
fn bind_args(
    vm: &mut Vm,
    fname: &str,
    args: &[Value],
    kw: &[(Value, Value)],
    names: &[&str],
    required: usize,
) -> PyResult<Vec<Value>> {
    check_args(vm, fname, args, 0, names.len())?;
    let mut out = alloc::vec![Value::UNDEF; names.len()];
    out[..args.len()].copy_from_slice(args);
    for (k, _) in kw {
        let n = vm.str_of(*k).unwrap_or("");
        if !names.contains(&n) {
            let msg = format!("{fname}() got an unexpected keyword argument '{n}'");
            return Err(vm.type_error(msg));
        }
    }
    for (i, n) in names.iter().enumerate() {
        if let Some(v) = kwarg(vm, kw, n) {
            if i < args.len() {
                let msg = format!(
                    "argument for {fname}() given by name ('{n}') and position ({})",
                    i + 1
                );
                return Err(vm.type_error(msg));
            }
            out[i] = v;
        }
    }
    if let Some(i) = out[..required].iter().position(|v| v.is_undef()) {
        let msg = format!(
            "{fname}() missing required argument '{}' (pos {})",
            names[i],
            i + 1
        );
        return Err(vm.type_error(msg));
    }
    Ok(out)
}
