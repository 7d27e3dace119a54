//! Keyword calls bound in place: a call of a plain Python function whose keywords name
//! positional parameters fills the callee's slots on the value stack directly, without
//! the general binding's argument vectors and keyword list.

use super::eval::Flow;
use super::frame::{Frame, FrameRef, OnReturn};
use crate::bytecode::code::code_flags;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// The most parameters a keyword call binds in place (`Vm::bind_keywords_in_place`).
const MAX_BOUND: usize = 16;

/// A keyword call's parameters, in order (see `Vm::bind_keywords_in_place`).
pub(super) struct BoundArgs {
    values: [Value; MAX_BOUND],
    nparams: usize,
}

impl Vm {
    /// A call of a plain Python function (no `*args`, `**kwargs` or keyword-only
    /// parameters, at most [`MAX_BOUND`] parameters) whose keywords name positional
    /// parameters the positional arguments left open, and whose other open parameters have
    /// defaults: the parameters' values in order, found without allocating. `None` for
    /// anything else (the general binding raises the errors).
    pub(super) fn bind_keywords_in_place(
        &self,
        callee_pos: usize,
        argc: usize,
        kwnames: Value,
    ) -> Option<BoundArgs> {
        let Some(Obj::Function(f)) = self.obj(self.stack[callee_pos]) else {
            return None;
        };
        let Some(Obj::Tuple(names)) = self.obj(kwnames) else {
            return None;
        };
        let code = &f.code;
        let plain = code.flags & (code_flags::VARARGS | code_flags::VARKEYWORDS) == 0
            && code.kwonlyargcount == 0;
        let nparams = code.argcount as usize;
        if !plain || nparams > MAX_BOUND || names.len() > argc {
            return None;
        }
        let has_self = !self.stack[callee_pos + 1].is_undef();
        let args = &self.stack[callee_pos + 2..];
        let npos = argc - names.len();
        let mut values = [Value::UNDEF; MAX_BOUND];
        let mut given = 0;
        if has_self {
            values[0] = self.stack[callee_pos + 1];
            given = 1;
        }
        for &v in &args[..npos] {
            *values.get_mut(given)? = v;
            given += 1;
        }
        if given > nparams {
            return None;
        }
        for (&name, &v) in names.iter().zip(&args[npos..]) {
            let at = (given..nparams).find(|&i| self.same_name(code.varnames[i], name))?;
            if !values[at].is_undef() {
                return None;
            }
            values[at] = v;
        }
        let first_default = nparams.checked_sub(f.defaults.len())?;
        for (i, slot) in values.iter_mut().enumerate().take(nparams).skip(given) {
            if slot.is_undef() {
                *slot = *f.defaults.get(i.checked_sub(first_default)?)?;
            }
        }
        Some(BoundArgs { values, nparams })
    }

    /// Whether str values `a` and `b` are the same name.
    fn same_name(&self, a: Value, b: Value) -> bool {
        a == b || matches!((self.str_of(a), self.str_of(b)), (Some(x), Some(y)) if x == y)
    }

    /// Enters the Python function at `callee_pos` with its parameters `bound`, which replace
    /// the call's receiver slot, arguments and keyword names on the stack.
    pub(super) fn enter_bound_in_place(
        &mut self,
        callee_pos: usize,
        bound: BoundArgs,
    ) -> Result<Flow, PyErr> {
        let callable = self.stack[callee_pos];
        let Some(Obj::Function(f)) = self.obj(callable) else {
            return Err(self.internal_error("a bound call of no function"));
        };
        let (code, globals) = (f.code.clone(), f.globals);
        self.check_frame_depth()?;
        let base = callee_pos + 1;
        self.stack.truncate(base);
        self.reserve_frame(code.nlocalsplus(), &code)?;
        for &v in &bound.values[..bound.nparams] {
            self.stack.push_reserved(v);
        }
        for _ in bound.nparams..code.nlocalsplus() {
            self.stack.push_reserved(Value::UNDEF);
        }
        self.frames.push(Frame {
            code,
            func: callable,
            globals,
            locals: Value::UNDEF,
            ip: 0,
            lasti: 0,
            base: base as u32,
            stack_floor: callee_pos as u32,
            on_return: OnReturn::Push,
            generator: FrameRef::NONE,
            saved_exc: Value::NONE,
            obj: FrameRef::NONE,
        });
        Ok(Flow::Reload)
    }
}
