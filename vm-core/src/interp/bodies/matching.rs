//! Bodies of the `match` statement's uops (CPython 3.11's `GET_LEN` and `MATCH_*`); what
//! they test is in `interp::matching`.

#![allow(
    non_snake_case,
    reason = "a body is named after its uop, as the op table spells it"
)]

use crate::interp::eval::{Ctx, Flow};
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// `_GET_LEN`: pushes `len(TOS)`, keeping TOS.
#[inline(always)]
pub(crate) fn _GET_LEN(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let v = vm.top();
    let n = vm.len(v)?;
    let n = vm.new_int(n as i64)?;
    vm.push(n);
    Ok(Flow::Next)
}

/// `_MATCH_MAPPING`: pushes whether TOS is a mapping, keeping TOS.
#[inline(always)]
pub(crate) fn _MATCH_MAPPING(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let b = vm.match_is_mapping(vm.top());
    vm.push(Value::bool(b));
    Ok(Flow::Next)
}

/// `_MATCH_SEQUENCE`: pushes whether TOS is a sequence (not a str, bytes or bytearray),
/// keeping TOS.
#[inline(always)]
pub(crate) fn _MATCH_SEQUENCE(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let b = vm.match_is_sequence(vm.top());
    vm.push(Value::bool(b));
    Ok(Flow::Next)
}

/// `_MATCH_KEYS`: stack `subject, keys` -> `subject, keys, values or None`.
#[inline(always)]
pub(crate) fn _MATCH_KEYS(vm: &mut Vm, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
    let (subject, keys) = (vm.peek(2), vm.top());
    let values = vm.match_keys(subject, keys)?;
    vm.push(values);
    Ok(Flow::Next)
}

/// `_MATCH_CLASS`: stack `subject, class, keyword names` -> `attributes or None`; the
/// oparg counts the positional sub-patterns.
#[inline(always)]
pub(crate) fn _MATCH_CLASS(vm: &mut Vm, _ctx: &mut Ctx, arg: u32) -> Result<Flow, PyErr> {
    let (subject, cls, names) = (vm.peek(3), vm.peek(2), vm.top());
    // The operands stay on the stack (rooted) while attribute lookups run user code.
    let attrs = vm.match_class(subject, cls, arg as usize, names)?;
    vm.pop();
    vm.pop();
    vm.pop();
    vm.push(attrs);
    Ok(Flow::Next)
}
