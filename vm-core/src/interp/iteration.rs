//! The bodies of `FOR_ITER` and `SEND`: advancing an iterator or resuming a generator, and
//! the value a `StopIteration` carries.

use crate::interp::eval::{Ctx, Flow};
use crate::object::types::{GenKind, IterObj, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, Vm};

impl Vm {
    pub(crate) fn for_iter(&mut self, ctx: &mut Ctx, target: u32) -> Result<Flow, PyErr> {
        let it = self.top();
        if let Some(r) = it.as_obj() {
            match self.heap.get(r) {
                Obj::RangeIter { next, stop, step } => {
                    let (n, stop, step) = (*next, *stop, *step);
                    if (step > 0 && n < stop) || (step < 0 && n > stop) {
                        if let Obj::RangeIter { next, .. } = self.heap.get_mut(r) {
                            *next = n.saturating_add(step);
                        }
                        let v = self.new_int(n)?;
                        self.push(v);
                    } else {
                        self.pop();
                        ctx.jump(target);
                    }
                    return Ok(Flow::Next);
                }
                Obj::ListIter { list, idx } => {
                    let (list, idx) = (*list, *idx);
                    let v = match self.heap.get(list) {
                        Obj::List(l) => l.get(idx).copied(),
                        _ => None,
                    };
                    match v {
                        Some(v) => {
                            if let Obj::ListIter { idx: i, .. } = self.heap.get_mut(r) {
                                *i = idx + 1;
                            }
                            self.push(v);
                        }
                        None => {
                            if let Obj::ListIter { idx: i, .. } = self.heap.get_mut(r) {
                                *i = usize::MAX;
                            }
                            self.pop();
                            ctx.jump(target);
                        }
                    }
                    return Ok(Flow::Next);
                }
                Obj::Generator(_) => {
                    self.frames[ctx.fi].ip = ctx.ip as u32;
                    self.frames[ctx.fi].lasti = ctx.this as u32;
                    let on_return = crate::interp::frame::OnReturn::ForIter { exhausted: target };
                    return match self.resume_generator(r, Value::NONE, on_return)? {
                        true => Ok(Flow::Reload),
                        false => {
                            self.pop();
                            ctx.jump(target);
                            Ok(Flow::Next)
                        }
                    };
                }
                _ => {}
            }
        }
        self.frames[ctx.fi].lasti = ctx.this as u32;
        match self.iter_next(it)? {
            Some(v) => self.push(v),
            None => {
                self.pop();
                ctx.jump(target);
            }
        }
        Ok(Flow::Next)
    }

    pub(crate) fn send_instr(&mut self, ctx: &mut Ctx, target: u32) -> Result<Flow, PyErr> {
        let v = self.pop();
        if v.is_undef() {
            // (A NULL an image pushed: sent in, it would read as a throw's resume.)
            return Err(self.internal_error("SEND of no value (NULL)"));
        }
        let recv = self.top();
        if let Some(r) = recv.as_obj() {
            if v == Value::NONE && matches!(self.heap.get(r), Obj::ListIter { .. }) {
                // `yield from a_list`: the next item without the generic `next()` (it
                // cannot raise).
                if ctx.fi == self.gen_collect.frame {
                    self.sum_list_items_in_place(ctx, r);
                }
                match self.list_iter_step(r) {
                    Some(x) => self.push(x),
                    None => {
                        self.push(Value::NONE);
                        ctx.jump(target);
                    }
                }
                return Ok(Flow::Next);
            }
            let resumed = match self.heap.get(r) {
                Obj::Generator(_) => Some(r),
                Obj::Coroutine(g) if g.kind == GenKind::Coroutine => Some(r),
                Obj::Iter(it) => match **it {
                    // `coro.__await__()`: the coroutine runs in this loop as well.
                    IterObj::CoroWrapper { coro } => Some(coro),
                    IterObj::AsyncGenSend { .. } | IterObj::AsyncGenThrow { .. } => {
                        return self.send_to_awaitable(ctx, r, v, target);
                    }
                    _ => None,
                },
                _ => None,
            };
            if let Some(r) = resumed {
                self.frames[ctx.fi].ip = ctx.ip as u32;
                self.frames[ctx.fi].lasti = ctx.this as u32;
                let on_return = crate::interp::frame::OnReturn::Send { done: target };
                return match self.resume_generator(r, v, on_return)? {
                    true => Ok(Flow::Reload),
                    false => {
                        // Already finished: behaves like a return of None.
                        self.push(Value::NONE);
                        ctx.jump(target);
                        Ok(Flow::Next)
                    }
                };
            }
        }
        self.frames[ctx.fi].lasti = ctx.this as u32;
        let user_iter = matches!(self.obj(recv), Some(Obj::Instance(_)));
        let r = if v == Value::NONE && !user_iter {
            match self.iter_next(recv) {
                Ok(Some(x)) => Ok(x),
                Ok(None) => Err(None),
                Err(e) => return Err(e),
            }
        } else {
            // A user iterator's `StopIteration` carries the value of the `yield from`.
            let method = if v == Value::NONE { "__next__" } else { "send" };
            let args: &[Value] = if v == Value::NONE { &[] } else { &[v] };
            match self.call_method_by_name(recv, method, args) {
                Ok(x) => Ok(x),
                Err(e) if self.exc_matches(e.0, self.types.stop_iteration) => {
                    Err(Some(self.stop_iteration_value(e.0)))
                }
                Err(e) => return Err(e),
            }
        };
        match r {
            Ok(x) => self.push(x),
            Err(ret) => {
                self.push(ret.unwrap_or(Value::NONE));
                ctx.jump(target);
            }
        }
        Ok(Flow::Next)
    }

    /// `SEND` of `v` to an asynchronous generator's awaitable `r` (run from Rust).
    #[inline(never)]
    fn send_to_awaitable(
        &mut self,
        ctx: &mut Ctx,
        r: ObjRef,
        v: Value,
        target: u32,
    ) -> Result<Flow, PyErr> {
        self.frames[ctx.fi].lasti = ctx.this as u32;
        match self.awaitable_send(r, v)? {
            Ok(y) => self.push(y),
            Err(ret) => {
                self.push(ret);
                ctx.jump(target);
            }
        }
        Ok(Flow::Next)
    }

    /// Advances list iterator `r`: its next item, or `None` (and it is exhausted for good)
    /// past the end of the list.
    #[inline(always)]
    fn list_iter_step(&mut self, r: ObjRef) -> Option<Value> {
        let Obj::ListIter { list, idx } = self.heap.get(r) else {
            return None;
        };
        let (list, idx) = (*list, *idx);
        let v = match self.heap.get(list) {
            Obj::List(l) => l.get(idx).copied(),
            _ => None,
        };
        if let Obj::ListIter { idx: i, .. } = self.heap.get_mut(r) {
            *i = if v.is_some() { idx + 1 } else { usize::MAX };
        }
        v
    }

    /// `StopIteration.value`.
    pub fn stop_iteration_value(&self, exc: Value) -> Value {
        self.exc_state(exc)
            .and_then(|e| self.tuple_items(e.args))
            .and_then(|a| a.first().copied())
            .unwrap_or(Value::NONE)
    }
}
