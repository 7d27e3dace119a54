//! Native functions that are Rust closures.
//!
//! A closure is a builtin function object like any other (`Obj::Native`), so every tier
//! calls it: its implementation is [`call_closure`], and it is bound to itself
//! (`NativeFunc::bound`), so each call passes the function object first and the trampoline
//! finds the closure by it. The interpreter's and traces' fast paths for builtins leave
//! bound ones to the generic call (`Vm::call_kw`), which passes the bound value.

use alloc::boxed::Box;
use alloc::format;
use alloc::rc::Rc;
use core::cell::RefCell;

use super::args::FromArgs;
use super::convert::IntoPy;
use super::ctx::CallCtx;
use super::state::NativeBody;
use crate::object::types::{NativeFunc, NativeKind, Obj};
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

/// The implementation of every closure: finds the closure by its function object
/// (`args[0]`) and runs it on the rest.
fn call_closure(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let body = args
        .first()
        .and_then(|f| f.as_obj())
        .and_then(|r| vm.embed.closure(r));
    match body {
        Some(body) => body(vm, &args[1..], kwargs),
        None => Err(vm.internal_error("a native closure without its body")),
    }
}

/// A new builtin function object running `body`. `kind` decides how it binds when found on
/// a class ([`NativeKind::Method`]: as a method, `self` first).
pub(crate) fn new_closure(
    vm: &mut Vm,
    name: &'static str,
    kind: NativeKind,
    owner: Value,
    body: NativeBody,
) -> PyResult<Value> {
    let nf = NativeFunc {
        name,
        f: call_closure,
        kind,
        bound: Value::UNDEF,
        owner,
    };
    let v = vm.alloc_value(Obj::Native(Box::new(nf)))?;
    let Some(r) = v.as_obj() else {
        return Err(vm.internal_error("a native function is not an object"));
    };
    if let Obj::Native(n) = vm.heap.get_mut(r) {
        n.bound = v;
    }
    vm.embed.set_closure(r, body);
    Ok(v)
}

/// A closure's body from a typed Rust function: its arguments parsed by `A`, its result
/// converted from `R`; keyword arguments are refused, as CPython's builtins refuse them.
pub(crate) fn typed_body<A, R, F>(name: &'static str, f: F) -> NativeBody
where
    A: FromArgs,
    R: IntoPy,
    F: Fn(&mut CallCtx<'_>, A) -> PyResult<R> + 'static,
{
    Rc::new(
        move |vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]| {
            if !kwargs.is_empty() {
                return Err(vm.type_error(format!("{name}() takes no keyword arguments")));
            }
            let a = A::from_args(vm, name, args)?;
            let r = f(&mut CallCtx { vm }, a)?;
            r.into_py(vm)
        },
    )
}

/// [`typed_body`] for an `FnMut`: a call made while the closure runs (it called back into
/// Python, which called it again) raises `RuntimeError` instead.
pub(crate) fn typed_body_mut<A, R, F>(name: &'static str, f: F) -> NativeBody
where
    A: FromArgs,
    R: IntoPy,
    F: FnMut(&mut CallCtx<'_>, A) -> PyResult<R> + 'static,
{
    let f = RefCell::new(f);
    typed_body(name, move |ctx: &mut CallCtx<'_>, a: A| {
        let Ok(mut f) = f.try_borrow_mut() else {
            let t = ctx.vm.types.runtime_error;
            let msg = format!("{name}() called while it runs");
            return Err(ctx.vm.new_exception(t, &msg));
        };
        f(ctx, a)
    })
}
