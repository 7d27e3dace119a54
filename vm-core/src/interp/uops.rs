//! [`Vm::exec_uop`]: the body of every uop, which tier-1 instruction handlers and traces
//! both run. Longer bodies call out to methods in the sibling modules.

use alloc::vec::Vec;

use crate::bytecode::ops::{BinaryOp, CompareOp, Op, Uop, COMPARE_TO_BOOL};
use crate::interp::eval::{Ctx, Flow};
use crate::interp::operand_checks::enter_missing;
use crate::interp::spec::{list_items, tuple_items};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// The oparg of the unit after the instruction: the second half of a super-instruction.
#[inline(always)]
fn next_arg(ctx: &Ctx) -> u32 {
    ctx.code.code.get(ctx.this + 1).map_or(0, |c| c.get() >> 8)
}

impl Vm {
    /// The body of every uop.
    #[inline(always)]
    pub(crate) fn exec_uop(&mut self, ctx: &mut Ctx, uop: Uop, arg: u32) -> Result<Flow, PyErr> {
        match uop {
            Uop::_NOP => {}
            Uop::_SPECIALIZE => self.uop_specialize(ctx, arg),
            Uop::_GUARD_GLOBALS_VERSION => return self.guard_globals_version(ctx),
            Uop::_GUARD_BUILTINS_VERSION => return self.guard_builtins_version(ctx),
            Uop::_LOAD_GLOBAL_MODULE => {
                let g = self.frames[ctx.fi].globals;
                return self.load_global_entry(ctx, g, arg);
            }
            Uop::_LOAD_GLOBAL_BUILTIN => {
                let b = self.builtins;
                return self.load_global_entry(ctx, b, arg);
            }
            Uop::_GUARD_BOTH_INT => return self.guard_both_int(),
            Uop::_GUARD_NUMBERS_ONE_FLOAT => return self.guard_numbers_one_float(),
            Uop::_GUARD_BOTH_NUMBERS => return self.guard_both_numbers(),
            Uop::_GUARD_BUILTIN_TYPE => return self.guard_builtin_type(ctx),
            Uop::_CALL_BUILTIN_CLASS => return self.call_builtin_class(ctx, arg as usize),
            Uop::_GUARD_BOTH_STR => return self.guard_both_str(),
            Uop::_BINARY_OP_ADD_INT => return self.int_op(arg, |a, b| a.checked_add(b)),
            Uop::_BINARY_OP_SUBTRACT_INT => return self.int_op(arg, |a, b| a.checked_sub(b)),
            Uop::_BINARY_OP_MULTIPLY_INT => return self.int_op(arg, |a, b| a.checked_mul(b)),
            Uop::_BINARY_OP_ADD_FLOAT => return self.float_binop(|a, b| a + b),
            Uop::_BINARY_OP_SUBTRACT_FLOAT => return self.float_binop(|a, b| a - b),
            Uop::_BINARY_OP_MULTIPLY_FLOAT => return self.float_binop(|a, b| a * b),
            Uop::_BINARY_OP_TRUE_DIVIDE_FLOAT => return self.float_div(arg),
            Uop::_BINARY_OP_ADD_STR => return self.str_add(),
            Uop::_COMPARE_OP_INT => return self.compare_int(arg),
            Uop::_COMPARE_OP_FLOAT => return self.compare_float(arg),
            Uop::_COMPARE_OP_STR => return self.compare_str(arg),
            Uop::_LOAD_ATTR_METHOD => return self.load_attr_method(ctx),
            Uop::_CHECK_ATTR_MODULE => return self.check_attr_module(ctx),
            Uop::_LOAD_ATTR_MODULE => return self.load_attr_module(ctx, arg),
            Uop::_BINARY_SUBSCR_LIST_INT => return self.binary_subscr_seq_int(list_items),
            Uop::_BINARY_SUBSCR_TUPLE_INT => return self.binary_subscr_seq_int(tuple_items),
            Uop::_BINARY_SUBSCR_DICT => return self.binary_subscr_dict(),
            Uop::_STORE_SUBSCR_LIST_INT => return self.store_subscr_list_int(),
            Uop::_STORE_SUBSCR_DICT => return self.store_subscr_dict(),
            Uop::_CONTAINS_OP_DICT => return self.contains_dict(arg),
            Uop::_CONTAINS_OP_SET => return self.contains_set(arg),
            Uop::_TO_BOOL_BOOL => {
                return self.truth_with(|_, v| v.is_bool().then_some(v == Value::TRUE))
            }
            Uop::_TO_BOOL_INT => return self.truth_with(|_, v| v.as_small_int().map(|i| i != 0)),
            Uop::_TO_BOOL_NONE => return self.truth_with(|_, v| v.is_none().then_some(false)),
            Uop::_TO_BOOL_LIST => {
                return self.truth_with(|vm, v| match vm.obj(v) {
                    Some(Obj::List(l)) => Some(!l.is_empty()),
                    _ => None,
                })
            }
            Uop::_TO_BOOL_STR => {
                return self.truth_with(|vm, v| match vm.obj(v) {
                    Some(Obj::Str(s)) => Some(!s.is_empty()),
                    _ => None,
                })
            }
            Uop::_FOR_ITER_RANGE => return self.for_iter_range(ctx, arg),
            Uop::_FOR_ITER_LIST => return self.for_iter_list(ctx, arg),
            Uop::_FOR_ITER_TUPLE => return self.for_iter_tuple(ctx, arg),
            Uop::_UNPACK_SEQUENCE_TWO_TUPLE => return self.unpack_seq(2, tuple_items),
            Uop::_UNPACK_SEQUENCE_TUPLE => return self.unpack_seq(arg as usize, tuple_items),
            Uop::_UNPACK_SEQUENCE_LIST => return self.unpack_seq(arg as usize, list_items),
            Uop::_CALL_PY_EXACT_ARGS => return self.call_py_exact_args(ctx, arg as usize),
            Uop::_CALL_BOUND_METHOD_EXACT_ARGS => {
                return self.call_bound_method_exact_args(ctx, arg as usize)
            }
            Uop::_CALL_LEN => return self.call_len(ctx, arg as usize),
            Uop::_CALL_ISINSTANCE => return self.call_isinstance(ctx, arg as usize),
            Uop::_GUARD_CALL_LIST_APPEND => return self.guard_call_list_append(arg as usize),
            Uop::_GUARD_CALL_SET_ADD => return self.guard_call_set_add(arg as usize),
            Uop::_GUARD_CALL_LEN => return self.guard_call_native(arg as usize, Some("len")),
            Uop::_GUARD_CALL_BUILTIN => return self.guard_call_native(arg as usize, None),
            Uop::_CALL_LIST_APPEND => return self.call_list_append(arg as usize),
            Uop::_CALL_SET_ADD => return self.call_set_add(ctx, arg as usize),
            Uop::_CALL_BUILTIN => return self.call_builtin(ctx, arg as usize),
            Uop::_CALL_ALLOC_AND_ENTER_INIT => {
                return self.call_alloc_and_enter_init(ctx, arg as usize)
            }
            // The guards are `_GUARD_INSTANCE_SLOT*` / `_GUARD_TYPE_VERSION` before these.
            Uop::_LOAD_ATTR_SLOT => return self.load_attr_instance_value(ctx, arg),
            Uop::_STORE_ATTR_SLOT => return self.store_attr_instance_value(ctx),
            Uop::_LOAD_ATTR_INSTANCE_METHOD => return self.load_attr_instance_method(ctx, arg),
            Uop::_BINARY_OP_USER => return self.binary_op_user(ctx, arg),
            Uop::_CONTAINS_OP_SEQ => return self.contains_seq(arg),
            // gen: small-int operators, generator loops (bodies in `spec::arith`, `spec::iter`, `spec::calls`).
            Uop::_BINARY_OP_INT => return self.binary_op_int(arg),
            Uop::_FOR_ITER_GEN | Uop::_FOR_ITER_GEN_PROVEN => return self.for_iter_gen(ctx, arg),
            Uop::_CALL_TUPLE_LIST_1 => return self.call_tuple_list_1(),
            // opt: tier-2-only uops (bodies in `spec::arith`, `spec::iter`).
            Uop::_BINARY_OP_ADD_SMALL_INT => {
                return self.checked_small_int_op(|a, b| a.checked_add(b))
            }
            Uop::_BINARY_OP_SUBTRACT_SMALL_INT => {
                return self.checked_small_int_op(|a, b| a.checked_sub(b))
            }
            Uop::_BINARY_OP_SMALL_INT => return self.binary_op_small_int(arg),
            Uop::_FOR_ITER_RANGE_SMALL => return self.for_iter_range_small(ctx, arg),
            Uop::_CHECK_PERIODIC_EXIT => {
                if self.heap.wants_collection() || self.stop_due() {
                    return Ok(Flow::Deopt);
                }
            }
            // guards: type guards split off the specialized actions (see `interp::spec`).
            Uop::_GUARD_NOS_LIST => return self.guard_nos_list(),
            Uop::_GUARD_TOS_INT => return self.guard_tos_int(),
            Uop::_GUARD_ITER_LIST => return self.guard_iter_list(),
            Uop::_GUARD_ITER_TUPLE => return self.guard_iter_tuple(),
            Uop::_GUARD_ITER_RANGE => return self.guard_iter_range(),
            Uop::_GUARD_INSTANCE_SLOT => {
                if !self.instance_slot_ok(ctx, self.top(), (arg >> 1) as usize) {
                    return Ok(Flow::Deopt);
                }
            }
            Uop::_GUARD_INSTANCE_SLOT_STORE => {
                if !self.instance_slot_ok(ctx, self.top(), arg as usize) {
                    return Ok(Flow::Deopt);
                }
            }
            Uop::_GUARD_TYPE_VERSION => return self.guard_type_version(ctx),
            Uop::_GUARD_SHAPE => return self.guard_shape(arg),
            Uop::_LOAD_ATTR_METHOD_LAYOUT => return self.load_attr_method_layout(ctx, false),
            Uop::_LOAD_ATTR_METHOD_VERSION => return self.load_attr_method_layout(ctx, true),
            Uop::_POP_TOP => {
                self.stack.pop();
            }
            Uop::_POP_ITER => self.pop_iter(ctx),
            Uop::_PUSH_NULL => self.push(Value::UNDEF),
            Uop::_COPY => {
                let v = self.peek(arg as usize);
                self.push(v);
            }
            Uop::_SWAP => {
                let len = self.stack.len();
                let n = arg as usize;
                if n >= 1 && n <= len {
                    self.stack.swap(len - 1, len - n);
                }
            }
            Uop::_LOAD_CONST => {
                let v = ctx
                    .code
                    .consts
                    .get(arg as usize)
                    .copied()
                    .unwrap_or(Value::NONE);
                self.push(v);
            }
            Uop::_LOAD_FAST => {
                let v = self.stack[ctx.base + arg as usize];
                self.push(v);
            }
            Uop::_LOAD_FAST_CHECK => {
                let v = self.stack[ctx.base + arg as usize];
                if v.is_undef() {
                    return Err(self.unbound_local(ctx.code, arg as usize));
                }
                self.push(v);
            }
            Uop::_STORE_FAST => {
                let v = self.pop();
                self.stack[ctx.base + arg as usize] = v;
            }
            Uop::_LOAD_FAST_NEXT => {
                let v = self.stack[ctx.base + next_arg(ctx) as usize];
                self.push(v);
            }
            Uop::_LOAD_CONST_NEXT => {
                let v = ctx
                    .code
                    .consts
                    .get(next_arg(ctx) as usize)
                    .copied()
                    .unwrap_or(Value::NONE);
                self.push(v);
            }
            Uop::_STORE_FAST_NEXT => {
                let v = self.pop();
                self.stack[ctx.base + next_arg(ctx) as usize] = v;
            }
            Uop::_POP_JUMP_NEXT => {
                // The fused jump is the next instruction (where the handler pointed `ip`);
                // execution goes on after the jump's own cache unit when it is not taken.
                let at = ctx.ip;
                let unit = ctx.code.code.get(at).map_or(0, |c| c.get());
                let jump_if = match unit as u8 {
                    b if b == Op::POP_JUMP_IF_FALSE as u8 => Value::FALSE,
                    b if b == Op::POP_JUMP_IF_TRUE as u8 => Value::TRUE,
                    _ => return Err(self.internal_error("fused compare without its jump")),
                };
                if self.pop() == jump_if {
                    ctx.jump(unit >> 8);
                } else {
                    ctx.ip = at + 1 + Op::POP_JUMP_IF_FALSE.cache_units();
                }
            }
            Uop::_DELETE_FAST => {
                let slot = ctx.base + arg as usize;
                if self.stack[slot].is_undef() {
                    return Err(self.unbound_local(ctx.code, arg as usize));
                }
                self.stack[slot] = Value::UNDEF;
            }
            Uop::_MAKE_CELL => {
                let i = arg as usize;
                let init = match ctx.code.cell2arg.get(i) {
                    Some(&a) if a != u32::MAX => self.stack[ctx.base + a as usize],
                    _ => Value::UNDEF,
                };
                let cell = self.alloc_value(Obj::Cell(init))?;
                let slot = ctx.base + ctx.code.nlocals() + i;
                self.stack[slot] = cell;
            }
            Uop::_COPY_FREE_VARS => {
                let func = self.frames[ctx.fi].func;
                let closure = match self.obj(func) {
                    Some(Obj::Function(f)) => f.closure.to_vec(),
                    _ => Vec::new(),
                };
                let start = ctx.base + ctx.code.nlocals() + ctx.code.cellvars.len();
                for (i, c) in closure.into_iter().enumerate().take(arg as usize) {
                    self.stack[start + i] = c;
                }
            }
            Uop::_LOAD_DEREF => {
                let v = self.deref_cell(ctx, arg)?;
                self.push(v);
            }
            Uop::_LOAD_FROM_DICT_OR_DEREF => {
                let ns = self.pop();
                let name = self.cell_name(ctx.code, arg);
                let found = match ns.as_obj() {
                    Some(d) => self.dict_get(d, name)?,
                    None => None,
                };
                let v = match found {
                    Some(v) => v,
                    None => self.deref_cell(ctx, arg)?,
                };
                self.push(v);
            }
            Uop::_LOAD_CLOSURE => {
                let v = self.stack[ctx.base + ctx.code.nlocals() + arg as usize];
                self.push(v);
            }
            Uop::_STORE_DEREF => {
                let v = self.pop();
                let cell = self.stack[ctx.base + ctx.code.nlocals() + arg as usize];
                if let Some(r) = cell.as_obj() {
                    if let Obj::Cell(c) = self.heap.get_mut(r) {
                        *c = v;
                    }
                }
            }
            Uop::_DELETE_DEREF => {
                let cell = self.stack[ctx.base + ctx.code.nlocals() + arg as usize];
                let was = match cell.as_obj().map(|r| self.heap.get_mut(r)) {
                    Some(Obj::Cell(c)) => core::mem::replace(c, Value::UNDEF),
                    _ => Value::UNDEF,
                };
                if was.is_undef() {
                    return Err(self.unbound_free(ctx.code, arg));
                }
            }
            Uop::_LOAD_GLOBAL => {
                let name = ctx.code.names[(arg >> 1) as usize];
                let globals = self.frames[ctx.fi].globals;
                let v = match self.dict_get_str(globals, name) {
                    Some(v) => v,
                    None => match self.dict_get_str(self.builtins, name) {
                        Some(v) => v,
                        None => {
                            let n = alloc::string::String::from(self.str_of(name).unwrap_or("?"));
                            return Err(self.name_error(&n));
                        }
                    },
                };
                self.push(v);
                if arg & 1 != 0 {
                    self.push(Value::UNDEF);
                }
            }
            Uop::_STORE_GLOBAL => {
                let name = ctx.code.names[arg as usize];
                let v = self.pop();
                let globals = self.frames[ctx.fi].globals;
                self.dict_set(globals, name, v)?;
            }
            Uop::_DELETE_GLOBAL => {
                let name = ctx.code.names[arg as usize];
                let globals = self.frames[ctx.fi].globals;
                if self.dict_del(globals, name)?.is_none() {
                    let n = alloc::string::String::from(self.str_of(name).unwrap_or("?"));
                    return Err(self.name_error(&n));
                }
            }
            Uop::_LOAD_NAME => {
                let name = ctx.code.names[arg as usize];
                let v = self.load_name(ctx.fi, name)?;
                self.push(v);
            }
            Uop::_STORE_NAME => {
                let name = ctx.code.names[arg as usize];
                let v = self.pop();
                let ns = self.namespace_of(ctx.fi);
                self.mapping_set(ns, name, v)?;
            }
            Uop::_DELETE_NAME => {
                let name = ctx.code.names[arg as usize];
                let ns = self.namespace_of(ctx.fi);
                let removed = match ns.as_obj() {
                    Some(d) => self.dict_del(d, name)?.is_some(),
                    None => false,
                };
                if !removed {
                    let n = alloc::string::String::from(self.str_of(name).unwrap_or("?"));
                    return Err(self.name_error(&n));
                }
            }
            Uop::_LOAD_LOCALS => {
                let ns = self.namespace_of(ctx.fi);
                self.push(ns);
            }
            Uop::_LOAD_ATTR => {
                let name = ctx.code.names[(arg >> 1) as usize];
                let obj = self.pop();
                if arg & 1 != 0 {
                    let (f, s) = self.load_method(obj, name)?;
                    self.push(f);
                    self.push(s);
                } else {
                    let v = self.get_attr(obj, name)?;
                    self.push(v);
                }
            }
            Uop::_STORE_ATTR => {
                let name = ctx.code.names[arg as usize];
                let obj = self.pop();
                let v = self.pop();
                self.set_attr(obj, name, v)?;
            }
            Uop::_DELETE_ATTR => {
                let name = ctx.code.names[arg as usize];
                let obj = self.pop();
                self.del_attr(obj, name)?;
            }
            Uop::_BINARY_OP => {
                let b = self.pop();
                let a = self.pop();
                let Some((op, inplace)) = BinaryOp::from_oparg(arg) else {
                    return Err(self.internal_error("bad BINARY_OP oparg"));
                };
                let r = self.binary_op(a, b, op, inplace)?;
                self.push(r);
            }
            Uop::_BINARY_SUBSCR => {
                let k = self.pop();
                let c = self.pop();
                let r = self.get_item(c, k)?;
                self.push(r);
            }
            Uop::_STORE_SUBSCR => {
                let k = self.pop();
                let c = self.pop();
                let v = self.pop();
                self.set_item(c, k, v)?;
            }
            Uop::_DELETE_SUBSCR => {
                let k = self.pop();
                let c = self.pop();
                self.del_item(c, k)?;
            }
            Uop::_BINARY_SLICE => {
                // oparg 3: `c[start:stop:step]`; otherwise `c[start:stop]`.
                let step = if arg == 3 { self.pop() } else { Value::NONE };
                let stop = self.pop();
                let start = self.pop();
                let c = self.pop();
                let r = self.get_slice(c, start, stop, step)?;
                self.push(r);
            }
            Uop::_STORE_SLICE => {
                let step = if arg == 3 { self.pop() } else { Value::NONE };
                let stop = self.pop();
                let start = self.pop();
                let c = self.pop();
                let v = self.pop();
                self.set_slice(c, start, stop, step, v)?;
            }
            Uop::_UNARY_NEGATIVE => {
                let v = self.pop();
                let r = self.negate(v)?;
                self.push(r);
            }
            Uop::_UNARY_NOT => {
                let v = self.pop();
                self.push(Value::bool(v != Value::TRUE));
            }
            Uop::_UNARY_INVERT => {
                let v = self.pop();
                let r = self.invert(v)?;
                self.push(r);
            }
            Uop::_TO_BOOL => {
                let v = self.pop();
                let b = self.truthy(v)?;
                self.push(Value::bool(b));
            }
            Uop::_COMPARE_OP => {
                let b = self.pop();
                let a = self.pop();
                let Some(op) = CompareOp::from_oparg(arg) else {
                    return Err(self.internal_error("bad COMPARE_OP oparg"));
                };
                let mut r = self.compare(a, b, op)?;
                if arg & COMPARE_TO_BOOL != 0 && !r.is_bool() {
                    r = Value::bool(self.truthy(r)?);
                }
                self.push(r);
            }
            Uop::_IS_OP => {
                let b = self.pop();
                let a = self.pop();
                self.push(Value::bool((a == b) != (arg != 0)));
            }
            Uop::_CONTAINS_OP => {
                let c = self.pop();
                let v = self.pop();
                let r = self.contains(c, v)?;
                self.push(Value::bool(r != (arg != 0)));
            }
            Uop::_CHECK_PERIODIC => {
                // A stop comes before a collection, whose finalizers would run script code.
                if self.stop_due() {
                    self.answer_signals()?;
                }
                self.maybe_collect();
            }
            Uop::_POP_JUMP_IF_FALSE => {
                if self.pop() == Value::FALSE {
                    ctx.jump(arg);
                }
            }
            Uop::_POP_JUMP_IF_TRUE => {
                if self.pop() == Value::TRUE {
                    ctx.jump(arg);
                }
            }
            Uop::_POP_JUMP_IF_NONE => {
                if self.pop() == Value::NONE {
                    ctx.jump(arg);
                }
            }
            Uop::_POP_JUMP_IF_NOT_NONE => {
                if self.pop() != Value::NONE {
                    ctx.jump(arg);
                }
            }
            Uop::_JUMP => ctx.jump(arg),
            Uop::_GET_ITER => {
                let v = self.pop();
                let it = self.get_iter(v)?;
                self.push(it);
            }
            Uop::_FOR_ITER => return self.for_iter(ctx, arg),
            Uop::_BUILD_TUPLE => {
                let items = self.pop_n(arg as usize);
                let t = self.new_tuple(items)?;
                self.push(t);
            }
            Uop::_BUILD_LIST => {
                let items = self.pop_n(arg as usize);
                self.charge(items.len() * 8)?;
                let l = self.new_list(items)?;
                self.push(l);
            }
            Uop::_BUILD_SET => {
                let items = self.pop_n(arg as usize);
                let s = self.new_set(&items, false)?;
                self.push(s);
            }
            Uop::_BUILD_MAP => {
                // Keys and values stay on the stack (rooted) while user `__hash__`/`__eq__`
                // run; the dict goes on top of them until it is complete.
                let n = 2 * arg as usize;
                let Some(start) = self.stack.len().checked_sub(n) else {
                    return Err(self.internal_error("BUILD_MAP stack underflow"));
                };
                let d = self.new_dict()?;
                self.push(d);
                let dr = d.as_obj().unwrap_or(crate::object::value::ObjRef(0));
                for i in (start..start + n).step_by(2) {
                    let (k, v) = (self.stack[i], self.stack[i + 1]);
                    self.dict_set(dr, k, v)?;
                }
                self.stack.truncate(start);
                self.push(d);
            }
            Uop::_BUILD_STRING => {
                let items = self.pop_n(arg as usize);
                // Sized first: pieces may repeat one large string (`f"{s}{s}{s}"`).
                let total = items
                    .iter()
                    .map(|&it| self.str_of(it).map_or(0, str::len))
                    .fold(0usize, usize::saturating_add);
                if !self.heap.fits_releasing_pools(total) {
                    return Err(self.memory_error());
                }
                let mut s = alloc::string::String::new();
                if s.try_reserve_exact(total).is_err() {
                    return Err(self.memory_error());
                }
                for it in items {
                    s.push_str(self.str_of(it).unwrap_or(""));
                }
                let v = self.new_string(s)?;
                self.push(v);
            }
            Uop::_BUILD_SLICE => {
                let items = self.pop_n(arg as usize);
                let step = if items.len() == 3 {
                    items[2]
                } else {
                    Value::NONE
                };
                let s = self.alloc_value(Obj::Slice(alloc::boxed::Box::new([
                    items[0], items[1], step,
                ])))?;
                self.push(s);
            }
            Uop::_LIST_APPEND => {
                let v = self.pop();
                let l = self.peek(arg as usize);
                self.list_push(l, v)?;
            }
            Uop::_SET_ADD => {
                let v = self.pop();
                let s = self.peek(arg as usize);
                self.set_add(s, v)?;
            }
            Uop::_MAP_ADD => {
                let v = self.pop();
                let k = self.pop();
                let d = self.peek(arg as usize);
                if let Some(dr) = d.as_obj() {
                    self.dict_set(dr, k, v)?;
                }
            }
            Uop::_LIST_EXTEND => {
                let it = self.pop();
                let l = self.peek(arg as usize);
                let items = match self.collect_iter(it) {
                    Ok(v) => v,
                    Err(e)
                        if self.exc_matches(e.0, self.types.type_error)
                            && !self.is_iterable(it) =>
                    {
                        let msg = alloc::format!(
                            "Value after * must be an iterable, not {}",
                            self.type_name(it)
                        );
                        return Err(self.type_error(msg));
                    }
                    Err(e) => return Err(e),
                };
                if let Some(lr) = l.as_obj() {
                    self.list_extend_values(lr, &items)?;
                }
            }
            Uop::_SET_UPDATE => {
                // The iterable stays on the stack and the collected items are rooted while
                // user iterators and `__hash__`/`__eq__` run.
                let it = self.top();
                let s = self.peek(arg as usize + 1);
                let items = self.collect_iter(it)?;
                self.with_roots(&items, |vm, _| {
                    items.iter().try_for_each(|&v| vm.set_add(s, v))
                })?;
                self.pop();
            }
            Uop::_DICT_UPDATE => {
                let m = self.pop();
                let d = self.peek(arg as usize);
                if let Some(dr) = d.as_obj() {
                    if !self.is_mapping(m) {
                        let msg = alloc::format!("'{}' object is not a mapping", self.type_name(m));
                        return Err(self.type_error(msg));
                    }
                    self.dict_update_from(dr, m)?;
                }
            }
            Uop::_DICT_MERGE => {
                let m = self.pop();
                let d = self.peek(arg as usize);
                let callee = self.peek(arg as usize + 3);
                self.merge_call_kwargs(d, m, callee)?;
            }
            Uop::_UNPACK_SEQUENCE => {
                let v = self.pop();
                let items = self.unpack(v, arg as usize, None)?;
                for it in items.into_iter().rev() {
                    self.push(it);
                }
            }
            Uop::_UNPACK_EX => {
                let v = self.pop();
                let before = (arg & 0xFF) as usize;
                let after = (arg >> 8) as usize;
                let items = self.unpack(v, before, Some(after))?;
                for it in items.into_iter().rev() {
                    self.push(it);
                }
            }
            Uop::_FORMAT_VALUE => {
                let spec = if arg & 4 != 0 {
                    self.pop()
                } else {
                    Value::UNDEF
                };
                let v = self.pop();
                let r = self.format_value(v, arg & 3, spec)?;
                self.push(r);
            }
            Uop::_CALL => return self.call_instr(ctx, arg as usize, Value::UNDEF),
            Uop::_CALL_KW => {
                let names = self.pop();
                return self.call_instr(ctx, arg as usize, names);
            }
            Uop::_CALL_FUNCTION_EX => return self.call_ex_instr(ctx),
            Uop::_CALL_INTRINSIC_1 => {
                let v = self.pop();
                let r = self.intrinsic(ctx, arg, v)?;
                self.push(r);
            }
            Uop::_MAKE_FUNCTION => {
                let v = self.make_function(ctx, arg)?;
                self.push(v);
            }
            Uop::_RETURN_VALUE => {
                let v = self.pop();
                return self.return_from_frame(ctx, v);
            }
            Uop::_RETURN_GENERATOR => return self.return_generator(ctx),
            Uop::_YIELD_VALUE => {
                let v = self.pop();
                return self.yield_from_frame(ctx, v);
            }
            Uop::_SEND => return self.send_instr(ctx, arg),
            Uop::_END_SEND => {
                let v = self.pop();
                self.pop();
                self.push(v);
            }
            Uop::_GET_YIELD_FROM_ITER => {
                let v = self.pop();
                let it = if matches!(self.obj(v), Some(Obj::Generator(_))) {
                    v
                } else {
                    self.get_iter(v)?
                };
                self.push(it);
            }
            Uop::_RAISE_VARARGS => return Err(self.raise_instr(arg)?),
            Uop::_RERAISE => {
                let exc = self.pop();
                if arg > 0 {
                    // The handler lookup stays at this RERAISE; the restored offset is what
                    // the traceback shows and what an outer handler's lasti gets.
                    let lasti = self.peek(arg as usize);
                    if let Some(l) = lasti.as_small_int() {
                        self.reraise_lasti = Some(l as u32);
                    }
                }
                return Err(self.reraise_marker(exc));
            }
            Uop::_PUSH_EXC_INFO => {
                let exc = self.pop();
                let prev = self.handled_exc;
                self.push(prev);
                self.push(exc);
                self.handled_exc = exc;
            }
            Uop::_POP_EXCEPT => {
                let prev = self.pop();
                self.handled_exc = if prev.is_undef() { Value::NONE } else { prev };
            }
            Uop::_CHECK_EXC_MATCH => {
                let typ = self.pop();
                let exc = self.top();
                let m = self.exception_match(exc, typ)?;
                self.push(Value::bool(m));
            }
            Uop::_CLEANUP_THROW => {
                let exc = self.pop();
                let _last_sent = self.pop();
                let _sub = self.pop();
                if self.exc_matches(exc, self.types.stop_iteration) {
                    let v = self.stop_iteration_value(exc);
                    self.push(Value::NONE);
                    self.push(v);
                } else {
                    return Err(self.reraise_marker(exc));
                }
            }
            Uop::_BEFORE_WITH => {
                let mgr = self.pop();
                let enter = self.lookup_special(mgr, "__enter__")?;
                let exit = self.lookup_special(mgr, "__exit__")?;
                let (Some(enter), Some(exit)) = (enter, exit) else {
                    let what = if enter_missing(self, mgr) {
                        ""
                    } else {
                        " (missed __exit__ method)"
                    };
                    let msg = alloc::format!(
                        "'{}' object does not support the context manager protocol{}",
                        self.type_name(mgr),
                        what
                    );
                    return Err(self.type_error(msg));
                };
                let t = self.type_of(mgr);
                let bound_exit = self.bind_descriptor(exit, mgr, t)?;
                self.push(bound_exit);
                self.frames[ctx.fi].lasti = ctx.this as u32;
                let r = self.call_bound(enter, mgr, &[])?;
                self.push(r);
            }
            Uop::_WITH_EXCEPT_START => {
                let exc = self.peek(1);
                let exit = self.peek(4);
                let t = Value::obj(self.type_of(exc));
                let r = self.call(exit, &[t, exc, Value::NONE])?;
                self.push(r);
            }
            Uop::_LOAD_ASSERTION_ERROR => self.push(Value::obj(self.types.assertion_error)),
            Uop::_LOAD_BUILD_CLASS => {
                let n = self.intern("__build_class__")?;
                let v = self.dict_get_str(self.builtins, n).unwrap_or(Value::NONE);
                self.push(v);
            }
            Uop::_IMPORT_NAME => {
                let name = ctx.code.names[arg as usize];
                let _fromlist = self.pop();
                let _level = self.pop();
                let m = self.import_module(name)?;
                self.push(m);
            }
            Uop::_IMPORT_FROM => {
                let name = ctx.code.names[arg as usize];
                let m = self.top();
                let v = match self.get_attr_opt(m, name)? {
                    Some(v) => v,
                    None => {
                        let mname = match self.obj(m) {
                            Some(Obj::Module(md)) => {
                                alloc::string::String::from(self.str_of(md.name).unwrap_or("?"))
                            }
                            _ => alloc::string::String::from("?"),
                        };
                        let msg = alloc::format!(
                            "cannot import name '{}' from '{}' (unknown location)",
                            self.str_of(name).unwrap_or("?"),
                            mname
                        );
                        let mn = self.top();
                        let mn = match self.obj(mn) {
                            Some(Obj::Module(md)) => md.name,
                            _ => Value::NONE,
                        };
                        return Err(self.import_error_named(self.types.import_error, &msg, mn));
                    }
                };
                self.push(v);
            }
            // tier 2 (bodies in `exec`).
            Uop::_HOT_COUNT => return self.hot_count(ctx),
            Uop::_ENTER_EXECUTOR => return self.enter_executor(ctx, arg),
            // The uop executor runs these itself; tier 1 never sees them.
            Uop::_START_EXECUTOR
            | Uop::_CHECK_VALIDITY
            | Uop::_GUARD_IS_TRUE_POP
            | Uop::_GUARD_IS_FALSE_POP
            | Uop::_GUARD_IS_NONE_POP
            | Uop::_GUARD_IS_NOT_NONE_POP
            | Uop::_EXIT_TRACE
            | Uop::_DEOPT
            | Uop::_DYNAMIC_EXIT
            | Uop::_COLD_EXIT
            | Uop::_LOAD_CONST_INLINE
            | Uop::_JUMP_TO_TOP => return Err(self.internal_error("trace uop outside a trace")),
        }
        Ok(Flow::Next)
    }
}
