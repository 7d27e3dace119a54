//! Calls bound in place: a call from bytecode of a Python function that binds without
//! error fills the callee's slots on the value stack directly (keywords matched to
//! parameters by identity first, defaults and keyword-only defaults for the rest, a new
//! `*args` tuple and `**kwargs` dict made straight from the stack), without the general
//! binding's argument vectors and keyword list. `f(*args)` of a plain function binds its
//! tuple's items the same way.

use super::eval::Flow;
use super::frame::{Frame, OnReturn};
use crate::bytecode::code::code_flags;
use crate::object::dict::Dict;
use crate::object::types::{Function, Obj};
use alloc::boxed::Box;
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
    /// The `**kwargs` dict, for a function that takes one (else unbound).
    star_kw: Value,
}

/// What [`Vm::bind_in_place`] found before it allocates.
struct Plan {
    values: [Value; MAX_BOUND],
    nparams: usize,
    /// The stack range of the extra positional arguments, for a function with `*args`.
    star: Option<core::ops::Range<usize>>,
    /// Which keywords (bits by their index in the names) go to `**kwargs`, for a function
    /// with one.
    star_kw: Option<u64>,
    /// Where the keyword arguments start on the stack.
    kw_at: usize,
}

impl Vm {
    /// A call from bytecode (`callable, self_or_null, args[argc]` on the stack, the last
    /// arguments named by the tuple `kwnames`, or none when it is no tuple) of a Python
    /// function of at most [`MAX_BOUND`] named parameters that binds without error: its
    /// parameters' values in order (defaults for the open ones), the extra positional
    /// arguments in a new `*args` tuple and the extra keywords in a new `**kwargs` dict,
    /// found without argument vectors. `None` for anything else, where the general binding
    /// raises the errors; an error when the tuple or dict cannot be made.
    pub(super) fn bind_in_place(
        &mut self,
        callee_pos: usize,
        argc: usize,
        kwnames: Value,
    ) -> Option<Result<BoundArgs, PyErr>> {
        let plan = self.plan_in_place(callee_pos, argc, kwnames)?;
        Some(self.make_star_args(kwnames, plan))
    }

    /// [`Vm::bind_in_place`]'s first half, which allocates nothing.
    fn plan_in_place(&self, callee_pos: usize, argc: usize, kwnames: Value) -> Option<Plan> {
        let Some(Obj::Function(f)) = self.obj(self.stack[callee_pos]) else {
            return None;
        };
        let names: &[Value] = match self.obj(kwnames) {
            Some(Obj::Tuple(t)) => t,
            _ => &[],
        };
        let code = &f.code;
        let argcount = code.argcount as usize;
        let nparams = argcount + code.kwonlyargcount as usize;
        let star = code.flags & code_flags::VARARGS != 0;
        let star_kw = code.flags & code_flags::VARKEYWORDS != 0;
        if nparams > MAX_BOUND || names.len() > argc || names.len() > 64 {
            return None;
        }
        let receiver = self.stack[callee_pos + 1];
        let first = callee_pos + 1 + usize::from(receiver.is_undef());
        let kw_at = self.stack.len() - names.len();
        let given = kw_at - first;
        if given > argcount && !star {
            return None;
        }
        let mut values = [Value::UNDEF; MAX_BOUND];
        let taken = given.min(argcount);
        values[..taken].copy_from_slice(&self.stack[first..first + taken]);
        // Positional-only parameters cannot be named: such keywords go to `**kwargs`.
        let params = &code.varnames[..nparams];
        let posonly = (code.posonlyargcount as usize).min(nparams);
        let mut to_dict = 0u64;
        for (j, (&name, &v)) in names.iter().zip(&self.stack[kw_at..]).enumerate() {
            match self.param_index(params, posonly, name) {
                Some(at) if values[at].is_undef() => values[at] = v,
                // (A name given twice goes the general way, which raises.)
                None if star_kw && self.is_str(name) && !self.named_before(names, to_dict, name) => {
                    to_dict |= 1 << j;
                }
                _ => return None,
            }
        }
        fill_defaults(f, &mut values, taken, argcount)?;
        for (i, slot) in values.iter_mut().enumerate().take(nparams).skip(argcount) {
            if slot.is_undef() {
                let (_, d) = f
                    .kwdefaults
                    .iter()
                    .find(|(k, _)| self.same_name(*k, params[i]))?;
                *slot = *d;
            }
        }
        Some(Plan {
            values,
            nparams,
            star: star.then_some(first + taken..kw_at),
            star_kw: star_kw.then_some(to_dict),
            kw_at,
        })
    }

    /// The index among `params` (from `from` on) of the parameter called `name`: interned
    /// names match by identity, the rest by text.
    fn param_index(&self, params: &[Value], from: usize, name: Value) -> Option<usize> {
        let at = params[from..].iter().position(|&p| p == name);
        let at = at.or_else(|| {
            params[from..]
                .iter()
                .position(|&p| self.same_name(p, name))
        })?;
        Some(from + at)
    }

    /// Whether one of the keywords `names` whose bits are set in `mask` is `name`.
    fn named_before(&self, names: &[Value], mask: u64, name: Value) -> bool {
        set_bits(mask).any(|j| self.same_name(names[j], name))
    }

    /// [`Vm::bind_in_place`]'s second half: makes the `*args` tuple and `**kwargs` dict
    /// `plan` calls for. The tuple sits on the stack above the call while the dict is made
    /// (the call's arguments below stay rooted too).
    fn make_star_args(&mut self, kwnames: Value, plan: Plan) -> Result<BoundArgs, PyErr> {
        let top = self.stack.len();
        let mut bound = BoundArgs {
            values: plan.values,
            nparams: plan.nparams,
            star: Value::UNDEF,
            star_kw: Value::UNDEF,
        };
        if let Some(range) = plan.star {
            bound.star = self.new_tuple(self.stack[range].to_vec())?;
            self.push(bound.star);
        }
        if let Some(mask) = plan.star_kw {
            let Some(d) = self.kwargs_dict(kwnames, mask, plan.kw_at) else {
                return Err(self.memory_error());
            };
            bound.star_kw = self.alloc_value(Obj::Dict(Box::new(d)))?;
        }
        self.stack.truncate(top);
        Ok(bound)
    }

    /// The `**kwargs` table of the keywords (names in the tuple `kwnames`, values on the
    /// stack from `kw_at` on) whose bits are set in `mask`: distinct strs (the plan checked),
    /// so each is appended with its cached hash, in call order. `None` when memory is short.
    fn kwargs_dict(&self, kwnames: Value, mask: u64, kw_at: usize) -> Option<Dict> {
        let Some(Obj::Tuple(names)) = self.obj(kwnames) else {
            return Some(Dict::new());
        };
        let mut d = Dict::try_with_capacity(mask.count_ones() as usize).ok()?;
        for j in set_bits(mask) {
            d.push_new(self.str_hash_of(names[j])?, names[j], self.stack[kw_at + j]);
        }
        Some(d)
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
            star_kw: Value::UNDEF,
        })
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
        // (Room past the current top is room past the new base: nothing is cut before an
        // error could leave.)
        self.reserve_frame(code.nlocalsplus(), &code)?;
        let base = callee_pos + 1;
        self.stack.truncate(base);
        for &v in &bound.values[..bound.nparams] {
            self.stack.push_reserved(v);
        }
        let mut bound_slots = bound.nparams;
        for v in [bound.star, bound.star_kw] {
            if !v.is_undef() {
                self.stack.push_reserved(v);
                bound_slots += 1;
            }
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

/// The indexes of the bits set in `mask`, lowest first.
fn set_bits(mask: u64) -> impl Iterator<Item = usize> {
    let mut m = mask;
    core::iter::from_fn(move || {
        let j = m.trailing_zeros() as usize;
        m &= m.wrapping_sub(1);
        (j < 64).then_some(j)
    })
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
