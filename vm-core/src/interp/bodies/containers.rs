//! Bodies of the uops that build and unpack containers and add to them in comprehensions.

#![allow(
    non_snake_case,
    reason = "a body is named after its uop, as the op table spells it"
)]

use crate::interp::eval::{Ctx, Flow};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// `_BUILD_TUPLE`.
#[inline(always)]
pub(crate) fn _BUILD_TUPLE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let items = vm.pop_n(arg as usize);
    let t = vm.new_tuple(items)?;
    vm.push(t);
    Ok(Flow::Next)
}

/// `_BUILD_LIST`.
#[inline(always)]
pub(crate) fn _BUILD_LIST(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let items = vm.pop_n(arg as usize);
    vm.charge(items.len() * 8)?;
    let l = vm.new_list(items)?;
    vm.push(l);
    Ok(Flow::Next)
}

/// `_BUILD_SET`.
#[inline(always)]
pub(crate) fn _BUILD_SET(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let items = vm.pop_n(arg as usize);
    let s = vm.new_set(&items, false)?;
    vm.push(s);
    Ok(Flow::Next)
}

/// `_BUILD_MAP`.
#[inline(always)]
pub(crate) fn _BUILD_MAP(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    // Keys and values stay on the stack (rooted) while user `__hash__`/`__eq__`
    // run; the dict goes on top of them until it is complete.
    let n = 2 * arg as usize;
    let Some(start) = vm.stack.len().checked_sub(n) else {
        return Err(vm.internal_error("BUILD_MAP stack underflow"));
    };
    let d = vm.new_dict()?;
    vm.push(d);
    let dr = d.as_obj().unwrap_or(crate::object::value::ObjRef(0));
    for i in (start..start + n).step_by(2) {
        let (k, v) = (vm.stack[i], vm.stack[i + 1]);
        vm.dict_set(dr, k, v)?;
    }
    vm.stack.truncate(start);
    vm.push(d);
    Ok(Flow::Next)
}

/// `_BUILD_STRING`.
#[inline(always)]
pub(crate) fn _BUILD_STRING(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let items = vm.pop_n(arg as usize);
    // Sized first: pieces may repeat one large string (`f"{s}{s}{s}"`).
    let total = items
        .iter()
        .map(|&it| vm.str_of(it).map_or(0, str::len))
        .fold(0usize, usize::saturating_add);
    if !vm.heap.fits_releasing_pools(total) {
        return Err(vm.memory_error());
    }
    let mut s = alloc::string::String::new();
    if s.try_reserve_exact(total).is_err() {
        return Err(vm.memory_error());
    }
    for it in items {
        s.push_str(vm.str_of(it).unwrap_or(""));
    }
    let v = vm.new_string(s)?;
    vm.push(v);
    Ok(Flow::Next)
}

/// `_BUILD_SLICE`.
#[inline(always)]
pub(crate) fn _BUILD_SLICE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let items = vm.pop_n(arg as usize);
    let step = if items.len() == 3 {
        items[2]
    } else {
        Value::NONE
    };
    let s = vm.alloc_value(Obj::Slice(alloc::boxed::Box::new([
        items[0], items[1], step,
    ])))?;
    vm.push(s);
    Ok(Flow::Next)
}

/// `_LIST_APPEND`.
#[inline(always)]
pub(crate) fn _LIST_APPEND(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let l = vm.peek(arg as usize);
    vm.list_push(l, v)?;
    Ok(Flow::Next)
}

/// `_SET_ADD`.
#[inline(always)]
pub(crate) fn _SET_ADD(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let s = vm.peek(arg as usize);
    vm.set_add(s, v)?;
    Ok(Flow::Next)
}

/// `_MAP_ADD`.
#[inline(always)]
pub(crate) fn _MAP_ADD(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let k = vm.pop();
    let d = vm.peek(arg as usize);
    if let Some(dr) = d.as_obj() {
        vm.dict_set(dr, k, v)?;
    }
    Ok(Flow::Next)
}

/// `_LIST_EXTEND`.
#[inline(always)]
pub(crate) fn _LIST_EXTEND(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let it = vm.pop();
    let l = vm.peek(arg as usize);
    let items = match vm.collect_iter(it) {
        Ok(v) => v,
        Err(e) if vm.exc_matches(e.0, vm.types.type_error) && !vm.is_iterable(it) => {
            let msg = alloc::format!(
                "Value after * must be an iterable, not {}",
                vm.type_name(it)
            );
            return Err(vm.type_error(msg));
        }
        Err(e) => return Err(e),
    };
    if let Some(lr) = l.as_obj() {
        vm.list_extend_values(lr, &items)?;
    }
    Ok(Flow::Next)
}

/// `_SET_UPDATE`.
#[inline(always)]
pub(crate) fn _SET_UPDATE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    // The iterable stays on the stack and the collected items are rooted while
    // user iterators and `__hash__`/`__eq__` run.
    let it = vm.top();
    let s = vm.peek(arg as usize + 1);
    let items = vm.collect_iter(it)?;
    vm.with_roots(&items, |vm, _| {
        items.iter().try_for_each(|&v| vm.set_add(s, v))
    })?;
    vm.pop();
    Ok(Flow::Next)
}

/// `_DICT_UPDATE`.
#[inline(always)]
pub(crate) fn _DICT_UPDATE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let m = vm.pop();
    let d = vm.peek(arg as usize);
    if let Some(dr) = d.as_obj() {
        if !vm.is_mapping(m) {
            let msg = alloc::format!("'{}' object is not a mapping", vm.type_name(m));
            return Err(vm.type_error(msg));
        }
        vm.dict_update_from(dr, m)?;
    }
    Ok(Flow::Next)
}

/// `_DICT_MERGE`.
#[inline(always)]
pub(crate) fn _DICT_MERGE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let m = vm.pop();
    let d = vm.peek(arg as usize);
    let callee = vm.peek(arg as usize + 3);
    vm.merge_call_kwargs(d, m, callee)?;
    Ok(Flow::Next)
}

/// `_UNPACK_SEQUENCE`.
#[inline(always)]
pub(crate) fn _UNPACK_SEQUENCE(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let items = vm.unpack(v, arg as usize, None)?;
    for it in items.into_iter().rev() {
        vm.push(it);
    }
    Ok(Flow::Next)
}

/// `_UNPACK_EX`.
#[inline(always)]
pub(crate) fn _UNPACK_EX(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let v = vm.pop();
    let before = (arg & 0xFF) as usize;
    let after = (arg >> 8) as usize;
    let items = vm.unpack(v, before, Some(after))?;
    for it in items.into_iter().rev() {
        vm.push(it);
    }
    Ok(Flow::Next)
}
