//! Calls bound in place: a call of a plain Python function (no `*args`, `**kwargs` or
//! keyword-only parameters) with keywords naming positional parameters, or with `*args`
//! from a tuple, fills the callee's slots on the value stack directly (defaults for the
//! rest), without the general binding's argument vectors and keyword list.

use super::eval::Flow;
use super::frame::{Frame, OnReturn};
use crate::bytecode::code::code_flags;
use crate::object::types::{Function, Obj};
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

/// The most parameters a call binds in place.
const MAX_BOUND: usize = 16;

/// A call's parameters, in order, bound in place.
pub(super) struct BoundArgs {
    values: [Value; MAX_BOUND],
    nparams: usize,
    /// The `*args` tuple, for a function that takes one (else unbound).
    star: Value,
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
        let nparams = plain_params(f)?;
        if names.len() > argc {
            return None;
        }
        let code = &f.code;
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
        // Positional-only parameters cannot be named (the general binding raises).
        let first_named = given.max(code.posonlyargcount as usize);
        for (&name, &v) in names.iter().zip(&args[npos..]) {
            let at = (first_named..nparams).find(|&i| self.same_name(code.varnames[i], name))?;
            if !values[at].is_undef() {
                return None;
            }
            values[at] = v;
        }
        fill_defaults(f, &mut values, given, nparams)?;
        Some(BoundArgs {
            values,
            nparams,
            star: Value::UNDEF,
        })
    }

    /// A call `f(*args)` (with `self_arg` first unless it is unbound) of a plain Python
    /// function at `callee_pos`, `args` a tuple: the parameters' values in order, the
    /// tuple's items first, defaults for the rest. `None` for anything else.
    pub(super) fn bind_star_in_place(
        &self,
        callee_pos: usize,
        self_arg: Value,
        args: Value,
    ) -> Option<BoundArgs> {
        let Some(Obj::Function(f)) = self.obj(self.stack[callee_pos]) else {
            return None;
        };
        let Some(Obj::Tuple(items)) = self.obj(args) else {
            return None;
        };
        let nparams = plain_params(f)?;
        let mut values = [Value::UNDEF; MAX_BOUND];
        let firsts = (!self_arg.is_undef()).then_some(self_arg);
        let mut given = 0;
        for v in firsts.into_iter().chain(items.iter().copied()) {
            *values.get_mut(given)? = v;
            given += 1;
        }
        if given > nparams {
            return None;
        }
        fill_defaults(f, &mut values, given, nparams)?;
        Some(BoundArgs {
            values,
            nparams,
            star: Value::UNDEF,
        })
    }

    /// Whether str values `a` and `b` are the same name.
    fn same_name(&self, a: Value, b: Value) -> bool {
        a == b || matches!((self.str_of(a), self.str_of(b)), (Some(x), Some(y)) if x == y)
    }

    /// A positional call (its arguments above the receiver slot at `callee_pos + 1`) of
    /// a Python function at `callee_pos` whose only other parameter is `*args` (no
    /// `**kwargs`, no keyword-only parameters): its parameters from the first arguments
    /// (defaults for the rest), and the others in a new `*args` tuple. `None` for anything
    /// else; an error when the tuple cannot be made.
    pub(super) fn bind_varargs_in_place(
        &mut self,
        callee_pos: usize,
    ) -> Option<Result<BoundArgs, PyErr>> {
        let Some(Obj::Function(f)) = self.obj(self.stack[callee_pos]) else {
            return None;
        };
        let code = &f.code;
        let shape = code.flags & (code_flags::VARARGS | code_flags::VARKEYWORDS);
        let nparams = code.argcount as usize;
        if shape != code_flags::VARARGS || code.kwonlyargcount != 0 || nparams > MAX_BOUND {
            return None;
        }
        let receiver = self.stack[callee_pos + 1];
        let first = callee_pos + 1 + usize::from(receiver.is_undef());
        let given = self.stack.len() - first;
        let mut values = [Value::UNDEF; MAX_BOUND];
        let taken = given.min(nparams);
        values[..taken].copy_from_slice(&self.stack[first..first + taken]);
        fill_defaults(f, &mut values, taken, nparams)?;
        // (Made while the arguments are still on the stack, rooted.)
        let rest = self.stack[first + taken..].to_vec();
        let star = match self.new_tuple(rest) {
            Ok(t) => t,
            Err(e) => return Some(Err(e)),
        };
        Some(Ok(BoundArgs {
            values,
            nparams,
            star,
        }))
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
        // (Room past the current top is room past the new base: nothing is cut before an
        // error could leave.)
        self.reserve_frame(code.nlocalsplus(), &code)?;
        let base = callee_pos + 1;
        self.stack.truncate(base);
        for &v in &bound.values[..bound.nparams] {
            self.stack.push_reserved(v);
        }
        let mut bound_slots = bound.nparams;
        if !bound.star.is_undef() {
            self.stack.push_reserved(bound.star);
            bound_slots += 1;
        }
        for _ in bound_slots..code.nlocalsplus() {
            self.stack.push_reserved(Value::UNDEF);
        }
        self.frames.push(Frame::call(
            code,
            callable,
            globals,
            base,
            callee_pos as u32,
            OnReturn::Push,
        ));
        Ok(Flow::Reload)
    }
}

/// The positional parameters of `f` when calls of it may be bound in place: a plain
/// function (no `*args`, `**kwargs` or keyword-only parameters) of at most [`MAX_BOUND`].
fn plain_params(f: &Function) -> Option<usize> {
    let code = &f.code;
    let plain = code.flags & (code_flags::VARARGS | code_flags::VARKEYWORDS) == 0
        && code.kwonlyargcount == 0;
    let nparams = code.argcount as usize;
    (plain && nparams <= MAX_BOUND).then_some(nparams)
}

/// Fills parameters `from..nparams` of `f` still unbound in `values` from its defaults;
/// `None` when one has none.
fn fill_defaults(f: &Function, values: &mut [Value], from: usize, nparams: usize) -> Option<()> {
    let first_default = nparams.checked_sub(f.defaults.len())?;
    for (i, slot) in values.iter_mut().enumerate().take(nparams).skip(from) {
        if slot.is_undef() {
            *slot = *f.defaults.get(i.checked_sub(first_default)?)?;
        }
    }
    Some(())
}
