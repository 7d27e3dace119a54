//! The Python-visible side of frames and tracebacks: attributes of frame and traceback
//! objects, `gi_frame`, `__traceback__` / `with_traceback`, `sys._getframe` and
//! `sys.exc_info`.

use alloc::format;
use alloc::string::String;

use super::check_args;
use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

impl Vm {
    /// An attribute of the frame object `r` (`None`: it has no such attribute).
    pub(crate) fn frame_attr(&mut self, r: ObjRef, name: &str) -> PyResult<Option<Value>> {
        let Some(code) = self.frame_code(r) else {
            return Ok(None);
        };
        let globals = match self.heap.get(r) {
            Obj::Frame(fo) => fo.globals,
            _ => return Ok(None),
        };
        Ok(Some(match name {
            "f_back" => self.frame_back(r)?,
            "f_code" => self.alloc_value(Obj::Code(code))?,
            "f_lineno" => Value::int_unchecked(code.line_of(self.frame_lasti(r)) as i64),
            "f_lasti" => Value::int_unchecked(self.frame_lasti(r) as i64),
            "f_locals" => self.frame_locals(r)?,
            "f_globals" => Value::obj(globals),
            "f_builtins" => {
                self.name_deferred_builtins()?;
                Value::obj(self.builtins)
            }
            "f_trace" => Value::NONE,
            _ => return Ok(None),
        }))
    }

    /// An attribute of the traceback object `r`.
    pub(crate) fn tb_attr(&mut self, r: ObjRef, name: &str) -> PyResult<Option<Value>> {
        let Obj::Traceback(tb) = self.heap.get(r) else {
            return Ok(None);
        };
        Ok(Some(match name {
            "tb_frame" => tb.frame,
            "tb_next" => tb.next,
            "tb_lineno" => Value::int_unchecked(tb.code.line_of(tb.lasti) as i64),
            "tb_lasti" => Value::int_unchecked(tb.lasti as i64),
            _ => return Ok(None),
        }))
    }

    /// `gen.gi_frame` (`cr_frame`, `ag_frame`): the generator's frame object, `None` once
    /// it finished.
    pub(crate) fn gi_frame(&mut self, g: ObjRef) -> PyResult<Value> {
        let globals = match self.heap.get(g) {
            Obj::Generator(gen) | Obj::Coroutine(gen) => match (&gen.frame, gen.frame_obj) {
                (_, Some(o)) if gen.state != crate::object::types::GenState::Finished => {
                    return Ok(Value::obj(o))
                }
                (Some(saved), _) => saved.globals,
                _ => return Ok(Value::NONE),
            },
            _ => return Ok(Value::NONE),
        };
        self.generator_frame_object(g, globals).map(Value::obj)
    }

    /// `repr` of a frame object: `<frame at 0x..., file 'x.py', line 3, code f>`.
    pub(crate) fn frame_repr(&self, v: Value) -> String {
        let Some(r) = v.as_obj() else {
            return String::new();
        };
        let Some(code) = self.frame_code(r) else {
            return String::new();
        };
        let line = code.line_of(self.frame_lasti(r));
        format!(
            "<frame at 0x{:012x}, file {}, line {line}, code {}>",
            self.addr(v),
            crate::object::repr::str_repr(&code.filename),
            self.str_of(code.name).unwrap_or("?")
        )
    }
}

/// `sys._getframe(depth=0)`: the frame object `depth` calls below the caller's.
pub(crate) fn sys_getframe(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "_getframe", args, 0, 1)?;
    let depth = match args.first() {
        None => 0,
        Some(&v) => c_int_arg(vm, v)?,
    };
    // (A negative depth is the caller's frame, as in CPython.)
    let depth = depth.max(0) as usize;
    let Some(fi) = vm.frames.len().checked_sub(1 + depth) else {
        return Err(vm.value_error("call stack is not deep enough"));
    };
    vm.frame_object(fi).map(Value::obj)
}

/// An argument CPython converts to a C `int`.
fn c_int_arg(vm: &mut Vm, v: Value) -> PyResult<i64> {
    if vm.is_int(v) {
        return match vm.as_i64(v) {
            Some(i) if i32::try_from(i).is_ok() => Ok(i),
            _ => Err(vm.overflow_error("Python int too large to convert to C int")),
        };
    }
    let msg = format!(
        "'{}' object cannot be interpreted as an integer",
        vm.type_name(v)
    );
    Err(vm.type_error(msg))
}

/// `sys.exc_info()`: `(type, value, traceback)` of the exception being handled.
pub(crate) fn sys_exc_info(
    vm: &mut Vm,
    _args: &[Value],
    _kw: &[(Value, Value)],
) -> PyResult<Value> {
    let e = vm.handled_exc;
    if e == Value::NONE || e.is_undef() {
        return vm.new_tuple(alloc::vec![Value::NONE, Value::NONE, Value::NONE]);
    }
    let t = Value::obj(vm.type_of(e));
    let tb = vm.exc_traceback(e)?;
    vm.new_tuple(alloc::vec![t, e, tb])
}

/// `BaseException.__traceback__` (getter).
pub(crate) fn exc_tb_get(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__traceback__", args, 1, 1)?;
    vm.exc_traceback(args[0])
}

/// `BaseException.__traceback__` (setter).
pub(crate) fn exc_tb_set(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__traceback__", args, 2, 2)?;
    vm.set_exc_traceback(args[0], args[1])?;
    Ok(Value::NONE)
}

/// `BaseException.with_traceback(tb)`: sets `__traceback__`, returns the exception.
pub(crate) fn exc_with_traceback(
    vm: &mut Vm,
    args: &[Value],
    _kw: &[(Value, Value)],
) -> PyResult<Value> {
    check_args(vm, "with_traceback", args, 2, 2)?;
    vm.set_exc_traceback(args[0], args[1])?;
    Ok(args[0])
}
