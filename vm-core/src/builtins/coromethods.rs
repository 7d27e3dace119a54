//! Methods and attributes of coroutines, asynchronous generators and their awaitables
//! (`coroutine_wrapper`, `async_generator_asend`, `async_generator_athrow`); the protocol
//! itself is `interp::coroutine`.

use alloc::string::String;

use super::{add_methods, check_args};
use crate::interp::coroutine::Step;
use crate::object::types::{GenKind, GenState, IterObj, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

pub(crate) fn install(vm: &mut Vm) {
    let t = &vm.types;
    let (coro, agen, wrapper, asend, athrow) = (
        t.coroutine,
        t.async_generator,
        t.coroutine_wrapper,
        t.async_generator_asend,
        t.async_generator_athrow,
    );
    add_methods(
        vm,
        coro,
        &[
            ("send", coro_send),
            ("throw", coro_throw),
            ("close", coro_close),
            ("__await__", coro_await),
        ],
    );
    add_methods(
        vm,
        agen,
        &[
            ("__aiter__", agen_aiter),
            ("__anext__", agen_anext),
            ("asend", agen_asend),
            ("athrow", agen_athrow),
            ("aclose", agen_aclose),
        ],
    );
    let awaitable: &[(&'static str, crate::object::types::NativeFn)] = &[
        ("send", awaitable_send),
        ("throw", awaitable_throw),
        ("close", awaitable_close),
        ("__next__", awaitable_next),
        ("__iter__", awaitable_self),
        ("__await__", awaitable_self),
    ];
    for cls in [wrapper, asend, athrow] {
        add_methods(vm, cls, awaitable);
    }
}

/// The receiver as a coroutine or asynchronous generator of `kind`.
fn receiver(vm: &mut Vm, args: &[Value], kind: GenKind) -> PyResult<ObjRef> {
    match args.first().and_then(|v| v.as_obj()) {
        Some(r) if matches!(vm.heap.get(r), Obj::Coroutine(g) if g.kind == kind) => Ok(r),
        _ => {
            let name = match kind {
                GenKind::AsyncGenerator => "async_generator",
                _ => "coroutine",
            };
            Err(vm.type_error(alloc::format!("descriptor requires a '{name}' object")))
        }
    }
}

fn coro_send(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "send", args, 2, 2)?;
    let c = receiver(vm, args, GenKind::Coroutine)?;
    vm.generator_send(c, args[1])
}

fn coro_throw(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "throw", args, 2, 4)?;
    let c = receiver(vm, args, GenKind::Coroutine)?;
    let val = args.get(2).copied().unwrap_or(Value::UNDEF);
    let exc = vm.throw_exception(args[1], val)?;
    vm.generator_throw(c, exc)
}

fn coro_close(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "close", args, 1, 1)?;
    let c = receiver(vm, args, GenKind::Coroutine)?;
    vm.generator_close(c)
}

fn coro_await(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__await__", args, 1, 1)?;
    let coro = receiver(vm, args, GenKind::Coroutine)?;
    vm.alloc_value(Obj::Iter(alloc::boxed::Box::new(IterObj::CoroWrapper {
        coro,
    })))
}

fn agen_aiter(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__aiter__", args, 1, 1)?;
    receiver(vm, args, GenKind::AsyncGenerator)?;
    Ok(args[0])
}

fn agen_anext(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__anext__", args, 1, 1)?;
    let g = receiver(vm, args, GenKind::AsyncGenerator)?;
    vm.agen_asend(g, Value::NONE)
}

fn agen_asend(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "asend", args, 2, 2)?;
    let g = receiver(vm, args, GenKind::AsyncGenerator)?;
    vm.agen_asend(g, args[1])
}

fn agen_athrow(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "athrow", args, 2, 4)?;
    let g = receiver(vm, args, GenKind::AsyncGenerator)?;
    let val = args.get(2).copied().unwrap_or(Value::UNDEF);
    vm.agen_athrow(g, args[1], val)
}

fn agen_aclose(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "aclose", args, 1, 1)?;
    let g = receiver(vm, args, GenKind::AsyncGenerator)?;
    vm.agen_athrow(g, Value::UNDEF, Value::UNDEF)
}

/// The receiver as one of the awaitables.
fn awaitable(vm: &mut Vm, args: &[Value]) -> PyResult<ObjRef> {
    match args.first().and_then(|v| v.as_obj()) {
        Some(r) if vm.is_native_awaitable(r) => Ok(r),
        _ => Err(vm.type_error("descriptor requires an awaitable object")),
    }
}

/// A step as a method's result: a value passed up is returned, the awaiting's end is
/// `StopIteration(result)`.
fn step_result(vm: &mut Vm, step: Step) -> PyResult<Value> {
    match step {
        Ok(y) => Ok(y),
        Err(ret) => Err(vm.stop_iteration(ret)),
    }
}

fn awaitable_send(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "send", args, 2, 2)?;
    let r = awaitable(vm, args)?;
    let step = vm.awaitable_send(r, args[1])?;
    step_result(vm, step)
}

fn awaitable_next(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__next__", args, 1, 1)?;
    let r = awaitable(vm, args)?;
    let step = vm.awaitable_send(r, Value::NONE)?;
    step_result(vm, step)
}

fn awaitable_throw(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "throw", args, 2, 4)?;
    let r = awaitable(vm, args)?;
    let val = args.get(2).copied().unwrap_or(Value::UNDEF);
    let exc = vm.throw_exception(args[1], val)?;
    let step = vm.awaitable_throw(r, exc)?;
    step_result(vm, step)
}

fn awaitable_close(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "close", args, 1, 1)?;
    let r = awaitable(vm, args)?;
    vm.awaitable_close(r)
}

fn awaitable_self(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__await__", args, 1, 1)?;
    awaitable(vm, args)?;
    Ok(args[0])
}

impl Vm {
    /// Attributes of a coroutine (`cr_*`) or an asynchronous generator (`ag_*`).
    pub(crate) fn coroutine_attr(&mut self, r: ObjRef, n: &str) -> PyResult<Option<Value>> {
        let Some(g) = self.heap.get(r).resumable() else {
            return Ok(None);
        };
        let prefix = if g.kind == GenKind::AsyncGenerator {
            "ag_"
        } else {
            "cr_"
        };
        let field = match n.strip_prefix(prefix) {
            Some(f) => f,
            None => {
                return Ok(match n {
                    "__name__" => Some(g.name),
                    "__qualname__" => Some(g.qualname),
                    _ => None,
                })
            }
        };
        let running = if g.kind == GenKind::AsyncGenerator {
            g.running_async
        } else {
            g.state == GenState::Running
        };
        let awaiting = g
            .frame
            .as_ref()
            .filter(|_| g.state == GenState::Suspended)
            .map_or(Value::UNDEF, |f| f.yield_from());
        let code = g.code.clone();
        Ok(Some(match field {
            "running" => Value::bool(running),
            "await" if awaiting.is_undef() => Value::NONE,
            "await" => awaiting,
            "frame" => self.gi_frame(r)?,
            "code" => self.alloc_value(Obj::Code(code))?,
            "origin" if prefix == "cr_" => Value::NONE,
            _ => return Ok(None),
        }))
    }

    /// `repr` of a coroutine or an asynchronous generator.
    pub(crate) fn coroutine_repr(&self, v: Value) -> String {
        let Some(g) = v.as_obj().and_then(|r| self.heap.get(r).resumable()) else {
            return String::new();
        };
        let what = match g.kind {
            GenKind::AsyncGenerator => "async_generator",
            _ => "coroutine",
        };
        let q = self.str_of(g.qualname).unwrap_or("?");
        alloc::format!("<{what} object {q} at 0x{:012x}>", self.addr(v))
    }
}
