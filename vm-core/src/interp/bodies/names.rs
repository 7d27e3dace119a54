//! Bodies of the uops that read and write globals, builtins and a namespace, and import.

#![allow(
    non_snake_case,
    reason = "a body is named after its uop, as the op table spells it"
)]

use crate::interp::eval::{Ctx, Flow};
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// `_LOAD_GLOBAL_MODULE`.
#[inline(always)]
pub(crate) fn _LOAD_GLOBAL_MODULE(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let g = vm.frames[ctx.fi].globals;
    vm.load_global_entry(ctx, g, arg)
}

/// `_LOAD_GLOBAL_BUILTIN`.
#[inline(always)]
pub(crate) fn _LOAD_GLOBAL_BUILTIN(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let b = vm.builtins;
    vm.load_global_entry(ctx, b, arg)
}

/// `_LOAD_GLOBAL`.
#[inline(always)]
pub(crate) fn _LOAD_GLOBAL(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let name = ctx.code.names[(arg >> 1) as usize];
    let globals = vm.frames[ctx.fi].globals;
    let v = match vm.dict_get_str(globals, name) {
        Some(v) => v,
        None => {
            let b = vm.builtins_of(globals)?;
            match vm.dict_get_str(b, name) {
                Some(v) => v,
                None => match vm.builtins_miss(b, name)? {
                    Some(v) => v,
                    None => {
                        let n = alloc::string::String::from(vm.str_of(name).unwrap_or("?"));
                        return Err(vm.name_error(&n));
                    }
                },
            }
        }
    };
    vm.push(v);
    if arg & 1 != 0 {
        vm.push(Value::UNDEF);
    }
    Ok(Flow::Next)
}

/// `_STORE_GLOBAL`.
#[inline(always)]
pub(crate) fn _STORE_GLOBAL(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let name = ctx.code.names[arg as usize];
    let v = vm.pop();
    let globals = vm.frames[ctx.fi].globals;
    vm.dict_set(globals, name, v)?;
    Ok(Flow::Next)
}

/// `_DELETE_GLOBAL`.
#[inline(always)]
pub(crate) fn _DELETE_GLOBAL(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let name = ctx.code.names[arg as usize];
    let globals = vm.frames[ctx.fi].globals;
    if vm.dict_del(globals, name)?.is_none() {
        let n = alloc::string::String::from(vm.str_of(name).unwrap_or("?"));
        return Err(vm.name_error(&n));
    }
    Ok(Flow::Next)
}

/// `_LOAD_NAME`.
#[inline(always)]
pub(crate) fn _LOAD_NAME(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let name = ctx.code.names[arg as usize];
    let v = vm.load_name(ctx.fi, name)?;
    vm.push(v);
    Ok(Flow::Next)
}

/// `_STORE_NAME`.
#[inline(always)]
pub(crate) fn _STORE_NAME(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let name = ctx.code.names[arg as usize];
    let v = vm.pop();
    let ns = vm.namespace_of(ctx.fi);
    vm.mapping_set(ns, name, v)?;
    Ok(Flow::Next)
}

/// `_DELETE_NAME`.
#[inline(always)]
pub(crate) fn _DELETE_NAME(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let name = ctx.code.names[arg as usize];
    let ns = vm.namespace_of(ctx.fi);
    if !vm.mapping_del(ns, name)? {
        let n = alloc::string::String::from(vm.str_of(name).unwrap_or("?"));
        return Err(vm.name_error(&n));
    }
    Ok(Flow::Next)
}

/// `_LOAD_LOCALS`.
#[inline(always)]
pub(crate) fn _LOAD_LOCALS(vm: &mut Vm, ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let ns = vm.namespace_of(ctx.fi);
    vm.push(ns);
    Ok(Flow::Next)
}

/// `_LOAD_BUILD_CLASS`.
#[inline(always)]
pub(crate) fn _LOAD_BUILD_CLASS(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let n = vm.intern("__build_class__")?;
    let v = vm.dict_get_str(vm.builtins, n).unwrap_or(Value::NONE);
    vm.push(v);
    Ok(Flow::Next)
}

/// `_IMPORT_NAME`.
#[inline(always)]
pub(crate) fn _IMPORT_NAME(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let name = ctx.code.names[arg as usize];
    let fromlist = vm.pop();
    let level = vm.pop();
    let globals = vm.frames[ctx.fi].globals;
    let m = vm.with_roots(&[fromlist], |vm, _| match vm.import_hook(globals)? {
        // A replaced `__import__` gets CPython's arguments: locals are a module's
        // namespace, `None` in a function.
        Some(hook) => {
            let f = &vm.frames[ctx.fi];
            let locals = match (f.locals.is_undef(), f.func.is_undef()) {
                (false, _) => f.locals,
                (true, true) => Value::obj(globals),
                (true, false) => Value::NONE,
            };
            let fl = if fromlist.is_undef() { Value::NONE } else { fromlist };
            vm.call(hook, &[name, Value::obj(globals), locals, fl, level])
        }
        None => vm.import_name(name, fromlist, level, globals),
    })?;
    vm.push(m);
    Ok(Flow::Next)
}

/// `_IMPORT_FROM`.
#[inline(always)]
pub(crate) fn _IMPORT_FROM(vm: &mut Vm, ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let name = ctx.code.names[arg as usize];
    let m = vm.top();
    let v = vm.import_from(m, name)?;
    vm.push(v);
    Ok(Flow::Next)
}
