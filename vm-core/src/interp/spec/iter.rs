//! `FOR_ITER` forms: range, list and tuple iterators and generators.

use super::{UopResult, DEOPT, NEXT};
use crate::interp::eval::{Ctx, Flow};
use crate::interp::frame::OnReturn;
use crate::object::types::{IterObj, Obj};
use crate::object::value::Value;
use crate::vm::Vm;

impl Vm {
    /// The top is a list iterator.
    #[inline(always)]
    pub(crate) fn guard_iter_list(&self) -> UopResult {
        match self.obj(self.top()) {
            Some(Obj::ListIter { .. }) => NEXT,
            _ => DEOPT,
        }
    }

    /// The top is a range iterator.
    #[inline(always)]
    pub(crate) fn guard_iter_range(&self) -> UopResult {
        match self.obj(self.top()) {
            Some(Obj::RangeIter { .. }) => NEXT,
            _ => DEOPT,
        }
    }

    /// The top is a tuple iterator.
    #[inline(always)]
    pub(crate) fn guard_iter_tuple(&self) -> UopResult {
        match self.obj(self.top()) {
            Some(Obj::Iter(it)) if matches!(**it, IterObj::Tuple { .. }) => NEXT,
            _ => DEOPT,
        }
    }

    #[inline(always)]
    pub(crate) fn for_iter_range(&mut self, ctx: &mut Ctx, target: u32) -> UopResult {
        self.for_iter_range_as::<false>(ctx, target)
    }

    /// Tier 2 `_FOR_ITER_RANGE_SMALL`: `_FOR_ITER_RANGE` that leaves the trace (before
    /// advancing) when the next value is not a small int, so the value is a proven small int.
    #[inline(always)]
    pub(crate) fn for_iter_range_small(&mut self, ctx: &mut Ctx, target: u32) -> UopResult {
        self.for_iter_range_as::<true>(ctx, target)
    }

    #[inline(always)]
    fn for_iter_range_as<const SMALL: bool>(&mut self, ctx: &mut Ctx, target: u32) -> UopResult {
        let Some(r) = self.top().as_obj() else {
            return DEOPT;
        };
        let Obj::RangeIter { next, stop, step } = self.heap.get_mut(r) else {
            return DEOPT;
        };
        let n = *next;
        if (*step > 0 && n < *stop) || (*step < 0 && n > *stop) {
            if SMALL && Value::small_int(n).is_none() {
                return DEOPT;
            }
            *next = n.saturating_add(*step);
            let v = match Value::small_int(n) {
                Some(v) => v,
                None => self.new_int(n)?,
            };
            self.push(v);
        } else {
            self.stack.pop();
            ctx.ip = target as usize;
        }
        NEXT
    }

    #[inline(always)]
    pub(crate) fn for_iter_list(&mut self, ctx: &mut Ctx, target: u32) -> UopResult {
        let Some(r) = self.top().as_obj() else {
            return DEOPT;
        };
        let Obj::ListIter { list, idx } = *self.heap.get(r) else {
            return DEOPT;
        };
        let v = match self.heap.get(list) {
            Obj::List(l) => l.get(idx).copied(),
            _ => None,
        };
        let next = if v.is_some() { idx + 1 } else { usize::MAX };
        if let Obj::ListIter { idx: i, .. } = self.heap.get_mut(r) {
            *i = next;
        }
        match v {
            Some(v) => self.push(v),
            None => {
                self.stack.pop();
                ctx.ip = target as usize;
            }
        }
        NEXT
    }

    #[inline(always)]
    pub(crate) fn for_iter_tuple(&mut self, ctx: &mut Ctx, target: u32) -> UopResult {
        let Some(r) = self.top().as_obj() else {
            return DEOPT;
        };
        let (seq, idx) = match self.heap.get(r) {
            Obj::Iter(it) => match **it {
                IterObj::Tuple { seq, idx } => (seq, idx),
                _ => return DEOPT,
            },
            _ => return DEOPT,
        };
        let v = match self.heap.get(seq) {
            Obj::Tuple(t) => t.get(idx).copied(),
            _ => None,
        };
        match v {
            Some(v) => {
                if let Obj::Iter(it) = self.heap.get_mut(r) {
                    if let IterObj::Tuple { idx: i, .. } = &mut **it {
                        *i = idx + 1;
                    }
                }
                self.push(v);
            }
            None => {
                if let Obj::Iter(it) = self.heap.get_mut(r) {
                    **it = IterObj::Done;
                }
                self.stack.pop();
                ctx.ip = target as usize;
            }
        }
        NEXT
    }

    /// `FOR_ITER_GEN`: resumes the generator on top of the stack with no Rust recursion (its
    /// frame is pushed; a yield comes back to the loop body, a return ends the loop).
    #[inline(always)]
    pub(crate) fn for_iter_gen(&mut self, ctx: &mut Ctx, target: u32) -> UopResult {
        let Some(r) = self.stack.last().and_then(|v| v.as_obj()) else {
            return Ok(Flow::Deopt);
        };
        let on_return = OnReturn::ForIter { exhausted: target };
        // The caller's resume point, written before the resume pushes a frame (the record
        // is then at hand, with no second bounds check). A deoptimization or the general
        // path below writes the same values: nothing reads them before a frame change.
        let f = &mut self.frames[ctx.fi];
        f.ip = ctx.ip as u32;
        f.lasti = ctx.this as u32;
        if self.resume_suspended(r, Value::NONE, on_return) {
            return Ok(Flow::Reload);
        }
        if !matches!(self.heap.get(r), Obj::Generator(_)) {
            return Ok(Flow::Deopt);
        }
        if self.resume_generator(r, Value::NONE, on_return)? {
            Ok(Flow::Reload)
        } else {
            self.stack.pop();
            ctx.ip = target as usize;
            Ok(Flow::Next)
        }
    }
}
