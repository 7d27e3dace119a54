//! Generators: creating them from a running frame, suspending at `yield`, resuming from
//! bytecode (`FOR_ITER`, `SEND`: no Rust recursion) or from native code (`next`, `send`,
//! `throw`, `close`).

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::eval::{Ctx, Flow};
use super::frame::{Frame, FrameRef, OnReturn, SavedFrame};
use super::stack::SLACK;
use crate::bytecode::code::code_flags;
use crate::bytecode::ops::{Intrinsic, Op};
use crate::object::types::{GenKind, GenState, Generator, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// While native code collects a generator (`list(gen)` and friends, `sum(gen)`): the index
/// of the generator's frame and where its yields go in place, with no suspend and no exit
/// to Rust: the (rooted) list they are appended to, or the small-int total they are added
/// to. `#[repr(C)]` at exported offsets ([`crate::layout::GEN_COLLECT_FRAME`],
/// [`crate::layout::GEN_COLLECT_TARGET`]): machine code collects in place too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct GenCollect {
    /// The collected generator's frame index; `usize::MAX` when nothing is collected.
    pub frame: usize,
    /// The list, or the total.
    pub target: Value,
}

impl GenCollect {
    /// Nothing collected.
    pub const NONE: GenCollect = GenCollect {
        frame: usize::MAX,
        target: Value::UNDEF,
    };
}

/// The spare items a list collecting a generator gets before each resume
/// ([`Vm::generator_collect`]).
const COLLECT_ROOM: usize = 8;

impl Vm {
    /// `RETURN_GENERATOR`: the current frame becomes a suspended generator, which is
    /// returned to the caller.
    pub(crate) fn return_generator(&mut self, ctx: &mut Ctx) -> Result<Flow, PyErr> {
        let Some(frame) = self.frames.pop() else {
            return Err(self.internal_error("RETURN_GENERATOR without a frame"));
        };
        // Room for the value stack too: the first yield (a `for` loop's iterator, say) then
        // does not grow the buffer, and no later one does.
        let base = (frame.base as usize).min(self.stack.len());
        let mut values =
            Vec::with_capacity(self.stack.len() - base + frame.code.stacksize as usize);
        values.extend_from_slice(&self.stack[base..]);
        self.stack.truncate(base);
        let saved = SavedFrame {
            code: frame.code.clone(),
            func: frame.func,
            globals: frame.globals,
            ip: ctx.ip as u32,
            lasti: ctx.this as u32,
            values: values.into(),
            exc_state: Value::NONE,
        };
        let (name, qualname) = match self.obj(frame.func) {
            Some(Obj::Function(f)) => (f.name, f.qualname),
            _ => (frame.code.name, frame.code.qualname),
        };
        self.charge(saved.heap_bytes())?;
        let flags = frame.code.flags;
        let kind = if flags & code_flags::COROUTINE != 0 {
            GenKind::Coroutine
        } else if flags & code_flags::ASYNC_GENERATOR != 0 {
            GenKind::AsyncGenerator
        } else {
            GenKind::Generator
        };
        let record = Box::new(Generator {
            frame: Some(Box::new(saved)),
            state: GenState::Created,
            kind,
            running_async: false,
            closed: false,
            name,
            qualname,
            code: frame.code.clone(),
            finalized: false,
            frame_obj: None,
        });
        let g = self.alloc_value(match kind {
            GenKind::Generator => Obj::Generator(record),
            _ => Obj::Coroutine(record),
        })?;
        self.stack.truncate(frame.stack_floor as usize);
        match frame.on_return {
            OnReturn::Rust => Ok(Flow::Exit(g)),
            _ => {
                self.push(g);
                Ok(Flow::Reload)
            }
        }
    }

    /// Pushes the frame of generator `g` so it runs next, with `sent` pushed as the result of
    /// its pending `yield`. Returns false (and pushes nothing) if the generator is finished.
    ///
    /// The saved frame stays in the generator while it runs (with its values moved onto the
    /// VM stack), so a resume/yield cycle allocates nothing and reuses the values buffer.
    pub(crate) fn resume_generator(
        &mut self,
        g: ObjRef,
        sent: Value,
        on_return: OnReturn,
    ) -> PyResult<bool> {
        if !sent.is_undef() && self.resume_suspended(g, sent, on_return) {
            return Ok(true);
        }
        let Some(gen) = self.heap.get_mut(g).resumable_mut() else {
            return Err(self.internal_error("resume of a non-generator"));
        };
        let (state, kind) = (gen.state, gen.kind);
        let Some(saved) = gen.frame.as_deref_mut() else {
            if state == GenState::Running {
                return Err(self.already_executing(kind));
            }
            if kind == GenKind::Coroutine {
                return Err(self.runtime_error("cannot reuse already awaited coroutine"));
            }
            return Ok(false);
        };
        if state == GenState::Running {
            return Err(self.already_executing(kind));
        }
        if state == GenState::Created && sent != Value::NONE && !sent.is_undef() {
            let msg = alloc::format!(
                "can't send non-None value to a just-started {}",
                kind.name()
            );
            return Err(self.type_error(msg));
        }
        if self.frames.len() >= self.frame_limit {
            // (Growing needs the whole VM: the generator is looked up again after.)
            self.at_frame_limit()?;
            return self.resume_generator(g, sent, on_return);
        }
        let base = self.stack.len() as u32;
        let n = saved.values.len();
        // One more slot: the value sent in is pushed onto the resumed frame's stack.
        let need = n + 1 + saved.code.stacksize as usize + SLACK;
        if self.stack.capacity() - self.stack.len() < need {
            // (Growing needs the whole VM: the generator is looked up again after.)
            self.grow_stack(need)?;
            return self.resume_generator(g, sent, on_return);
        }
        gen.state = GenState::Running;
        // The buffer is kept for the next yield.
        self.stack.extend_reserved(&saved.values);
        saved.values.clear();
        let mut ip = saved.ip;
        if !sent.is_undef() {
            // A plain `yield` statement discards the value sent in: its `POP_TOP` is done
            // here (nothing can observe the value in between), saving a dispatch.
            let pop_top = saved
                .code
                .code
                .get(ip as usize)
                .is_some_and(|u| u.get() as u8 == Op::POP_TOP as u8);
            if pop_top {
                ip += 1;
            } else {
                self.stack.push(sent);
            }
        }
        let caller_exc = core::mem::replace(&mut self.handled_exc, saved.exc_state);
        self.frames
            .push(resumed_frame(saved, g, ip, base, on_return, caller_exc));
        Ok(true)
    }

    /// The common resume (a suspended generator, room on the stack, below the recursion
    /// limit, a value sent in): pushes the frame like [`Vm::resume_generator`] with one heap
    /// lookup and no call. Returns false, having changed nothing, when the general path must
    /// run instead.
    #[inline(always)]
    pub(crate) fn resume_suspended(&mut self, g: ObjRef, sent: Value, on_return: OnReturn) -> bool {
        let Obj::Generator(gen) = self.heap.get_mut(g) else {
            return false;
        };
        if gen.state != GenState::Suspended {
            return false;
        }
        let Some(saved) = gen.frame.as_deref_mut() else {
            return false;
        };
        let n = saved.values.len();
        let room = n + saved.code.stacksize as usize + SLACK + 1;
        if self.frames.len() >= self.frame_limit || self.stack.capacity() - self.stack.len() < room
        {
            return false;
        }
        gen.state = GenState::Running;
        let base = self.stack.len() as u32;
        self.stack.extend_reserved(&saved.values);
        saved.values.clear();
        // The value sent in is dropped by the `POP_TOP` of a plain `yield` statement.
        let mut ip = saved.ip;
        if saved
            .code
            .code
            .get(ip as usize)
            .is_some_and(|u| u.get() as u8 == Op::POP_TOP as u8)
        {
            ip += 1;
        } else {
            self.stack.push_reserved(sent);
        }
        let caller_exc = core::mem::replace(&mut self.handled_exc, saved.exc_state);
        self.frames
            .push(resumed_frame(saved, g, ip, base, on_return, caller_exc));
        true
    }

    fn already_executing(&mut self, kind: GenKind) -> PyErr {
        let msg = alloc::format!("{} already executing", kind.name());
        self.new_exception(self.types.value_error, &msg)
    }

    /// `YIELD_VALUE`'s common cases, inline in its handler: a generator resumed from
    /// bytecode (`FOR_ITER`, `SEND`) suspends into a values buffer with room, and `sum(gen)`
    /// adds a small int in place (see [`Vm::yield_from_frame`]). Returns `None`, having
    /// changed nothing, when [`Vm::yield_from_frame`] must run instead (other collection by
    /// native code, resumed from Rust, a buffer to grow, an inconsistent frame).
    #[inline(always)]
    pub(crate) fn yield_suspend(&mut self, ctx: &Ctx, v: Value) -> Option<Flow> {
        // (With a stop due, the yield suspends: the collecting native loop polls.)
        if ctx.fi == self.gen_collect.frame && !self.stop_due() {
            let total = self.gen_collect.target;
            if !(total.is_small_int() && v.is_small_int()) {
                return None;
            }
            self.gen_collect.target =
                Value::small_int(total.small_int_value() + v.small_int_value())?;
            self.push(Value::NONE);
            return Some(Flow::Next);
        }
        let frame = self.frames.last()?;
        let (Some(g), OnReturn::ForIter { .. } | OnReturn::Send { .. } | OnReturn::SendCall) =
            (frame.generator.get(), frame.on_return)
        else {
            return None;
        };
        let (base, floor, caller_exc) = (
            frame.base as usize,
            frame.stack_floor as usize,
            frame.saved_exc,
        );
        let Obj::Generator(gen) = self.heap.get_mut(g) else {
            return None;
        };
        let saved = gen.frame.as_deref_mut()?;
        let from = base.min(self.stack.len());
        if !saved.values.extend_within_capacity(&self.stack[from..]) {
            return None;
        }
        gen.state = GenState::Suspended;
        saved.ip = ctx.ip as u32;
        saved.lasti = ctx.this as u32;
        saved.exc_state = core::mem::replace(&mut self.handled_exc, caller_exc);
        self.frames.truncate(self.frames.len() - 1);
        self.stack.truncate_push(floor.min(from), v);
        Some(Flow::Reload)
    }

    /// `yield from a_list` (`SEND` of `None` to list iterator `it`) in the generator frame
    /// that `sum(gen)` collects in place: adds the list's next small ints to the total
    /// directly, advancing the iterator past them, where each would take a `SEND`, a
    /// `YIELD_VALUE` and a jump back. Nothing runs in between that could observe the list,
    /// the iterator or the total, so this is what those yields do one at a time. It stops
    /// before the first item it cannot add inline; the caller's `SEND` then goes on as
    /// usual with the item left (or the end). Not with a budget (each yield counts) nor a
    /// stop due (the collecting loop polls after a suspend).
    pub(crate) fn sum_list_items_in_place(&mut self, ctx: &Ctx, it: ObjRef) {
        let total = self.gen_collect.target;
        if !total.is_small_int() || self.fuel_limited() || self.stop_due() {
            return;
        }
        // The `yield` the items would go through follows the `SEND`.
        let yields_next = ctx
            .code
            .code
            .get(ctx.ip)
            .is_some_and(|u| u.get() as u8 == Op::YIELD_VALUE as u8);
        if !yields_next {
            return;
        }
        let (list, idx) = match self.heap.get(it) {
            Obj::ListIter { list, idx } => (*list, *idx),
            _ => return,
        };
        let Obj::List(l) = self.heap.get(list) else {
            return;
        };
        let mut total = total;
        let mut next = idx;
        for v in l.get(idx..).unwrap_or(&[]) {
            let sum = match v.is_small_int() {
                true => Value::small_int(total.small_int_value() + v.small_int_value()),
                false => None,
            };
            let Some(sum) = sum else { break };
            total = sum;
            next += 1;
        }
        if next == idx {
            return;
        }
        self.gen_collect.target = total;
        if let Obj::ListIter { idx: i, .. } = self.heap.get_mut(it) {
            *i = next;
        }
    }

    /// `YIELD_VALUE`: suspends the generator frame and hands `v` to whoever resumed it.
    pub(crate) fn yield_from_frame(&mut self, ctx: &mut Ctx, v: Value) -> Result<Flow, PyErr> {
        // (With a stop due, the yield suspends: the collecting native loop polls.)
        if ctx.fi == self.gen_collect.frame && !self.stop_due() {
            // Collected by `list(gen)` and friends, or summed by `sum(gen)`: append (or add)
            // and keep running, with no suspend/resume and no exit to Rust. Nothing else can
            // observe the generator between the two, so this is the same as the caller's
            // next() loop. A full list, or a value the inline sum does not cover, takes the
            // normal path (the caller grows the list, or adds generically).
            let target = self.gen_collect.target;
            if target.is_small_int() {
                if v.is_small_int() {
                    let total = target.small_int_value() + v.small_int_value();
                    if let Some(total) = Value::small_int(total) {
                        self.gen_collect.target = total;
                        self.stack.push(Value::NONE);
                        return Ok(Flow::Next);
                    }
                }
            } else if let Some(r) = target.as_obj() {
                if let Obj::List(l) = self.heap.get_mut(r) {
                    if l.len() < l.capacity() {
                        l.push(v);
                        self.stack.push(Value::NONE);
                        return Ok(Flow::Next);
                    }
                }
            }
        }
        // The frame is read in place and dropped at the end (no move of the whole frame).
        let Some(frame) = self.frames.last() else {
            return Err(self.internal_error("yield without a frame"));
        };
        let (generator, base, floor, on_return, caller_exc) = (
            frame.generator.get(),
            frame.base as usize,
            frame.stack_floor as usize,
            frame.on_return,
            frame.saved_exc,
        );
        let Some(g) = generator else {
            return Err(self.internal_error("yield outside a generator frame"));
        };
        let Some(gen) = self.heap.get_mut(g).resumable_mut() else {
            return Err(self.internal_error("yield of a non-generator"));
        };
        let Some(saved) = gen.frame.as_deref_mut() else {
            return Err(self.internal_error("yield of a generator without its frame"));
        };
        gen.state = GenState::Suspended;
        let from = base.min(self.stack.len());
        saved.values.extend_from_slice(&self.stack[from..]);
        self.stack.truncate(from);
        saved.ip = ctx.ip as u32;
        saved.lasti = ctx.this as u32;
        saved.exc_state = core::mem::replace(&mut self.handled_exc, caller_exc);
        self.frames.truncate(self.frames.len() - 1);
        self.stack.truncate(floor);
        match on_return {
            OnReturn::Rust => {
                self.gen_returned = false;
                Ok(Flow::Exit(v))
            }
            _ => {
                self.push(v);
                Ok(Flow::Reload)
            }
        }
    }

    /// Marks a generator finished when its frame returns or raises.
    pub(crate) fn finish_generator(&mut self, g: ObjRef, frame: &Frame) {
        self.handled_exc = frame.saved_exc;
        if let Some(gen) = self.heap.get_mut(g).resumable_mut() {
            gen.state = GenState::Finished;
            gen.frame = None;
        }
    }

    /// Resumes a generator from native code. `Ok(Ok(v))` for a yield, `Ok(Err(v))` for a
    /// return with value `v`.
    pub fn generator_resume(&mut self, g: ObjRef, sent: Value) -> PyResult<Result<Value, Value>> {
        if sent.is_undef() {
            // (A NULL an image pushed: sent in, it would read as a throw's resume.)
            return Err(self.internal_error("no value (NULL) sent into a generator"));
        }
        self.enter_native()?;
        let r = (|| {
            if !self.resume_generator(g, sent, OnReturn::Rust)? {
                return Ok(Err(Value::NONE));
            }
            let entry = self.frames.len() - 1;
            let v = self.run_frames(entry)?;
            if core::mem::take(&mut self.gen_returned) {
                Ok(Err(v))
            } else {
                Ok(Ok(v))
            }
        })();
        self.leave_native();
        r
    }

    /// Runs generator `g` to exhaustion from native code, appending what it yields to list
    /// `list` (which the caller keeps rooted). Yields while the list has spare capacity are
    /// handled in place by `yield_from_frame` (see [`Vm::gen_collect`]).
    pub(crate) fn generator_collect(&mut self, g: ObjRef, list: Value) -> PyResult<()> {
        self.enter_native()?;
        let outer = self.gen_collect;
        let r = (|| loop {
            // A yield suspends here rather than append when a stop is due, and a loop of
            // an image's generator may pass no safe point but its yield: answer it.
            if self.stop_due() {
                self.answer_signals()?;
            }
            // Room first: a yield into a full list suspends to Rust, which grows it, so
            // without it the first yield of every generator would leave (and a trace
            // recorded there would end at that yield).
            self.list_reserve(list, COLLECT_ROOM)?;
            if !self.resume_generator(g, Value::NONE, OnReturn::Rust)? {
                return Ok(());
            }
            let entry = self.frames.len() - 1;
            self.gen_collect = GenCollect {
                frame: entry,
                target: list,
            };
            let v = self.run_frames(entry);
            self.gen_collect = outer;
            let v = v?;
            if core::mem::take(&mut self.gen_returned) {
                return Ok(());
            }
            self.list_push(list, v)?;
        })();
        self.gen_collect = outer;
        self.leave_native();
        r
    }

    /// `sum(gen)` while the total is a small int: runs generator `g`, adding the small ints
    /// it yields to `total` in place (see [`Vm::gen_collect`]). Returns the new total and the
    /// first yielded value it could not add inline (`None` when the generator finished).
    pub(crate) fn generator_sum_ints(
        &mut self,
        g: ObjRef,
        total: Value,
    ) -> PyResult<(Value, Option<Value>)> {
        self.enter_native()?;
        let outer = self.gen_collect;
        let r = (|| {
            if !self.resume_generator(g, Value::NONE, OnReturn::Rust)? {
                return Ok((total, None));
            }
            let entry = self.frames.len() - 1;
            self.gen_collect = GenCollect {
                frame: entry,
                target: total,
            };
            let v = self.run_frames(entry);
            let total = self.gen_collect.target;
            self.gen_collect = outer;
            let v = v?;
            if core::mem::take(&mut self.gen_returned) {
                Ok((total, None))
            } else {
                Ok((total, Some(v)))
            }
        })();
        self.gen_collect = outer;
        self.leave_native();
        r
    }

    /// `next(gen)` from native code: `None` when exhausted.
    pub fn generator_next_from_native(&mut self, g: ObjRef) -> PyResult<Option<Value>> {
        match self.generator_resume(g, Value::NONE)? {
            Ok(v) => Ok(Some(v)),
            Err(ret) => {
                // A `next()` call under way re-raises the return value (see `Vm::iter_stop`).
                if !self.iter_stop.is_undef() && ret != Value::NONE {
                    self.iter_stop = self.stop_iteration(ret).0;
                }
                Ok(None)
            }
        }
    }

    /// `gen.send(v)`: raises `StopIteration(value)` when the generator returns.
    pub fn generator_send(&mut self, g: ObjRef, v: Value) -> PyResult<Value> {
        match self.generator_resume(g, v)? {
            Ok(y) => Ok(y),
            Err(ret) => Err(self.stop_iteration(ret)),
        }
    }

    /// A `StopIteration` carrying a return value.
    pub fn stop_iteration(&mut self, value: Value) -> PyErr {
        let args = if value == Value::NONE {
            Vec::new()
        } else {
            alloc::vec![value]
        };
        match self.new_exception_args(self.types.stop_iteration, args) {
            Ok(e) => PyErr(e),
            Err(e) => e,
        }
    }

    /// `gen.throw(exc)`: raises `exc` at the suspended `yield` (delegating to a `yield from`
    /// subiterator first).
    pub fn generator_throw(&mut self, g: ObjRef, exc: Value) -> PyResult<Value> {
        let (state, kind, yield_from) = match self.heap.get(g).resumable() {
            Some(gen) => (
                gen.state,
                gen.kind,
                gen.frame.as_ref().map_or(Value::UNDEF, |f| f.yield_from()),
            ),
            _ => return Err(self.internal_error("throw to a non-generator")),
        };
        if state == GenState::Running {
            return Err(self.already_executing(kind));
        }
        if state == GenState::Created && self.exc_matches(exc, self.types.stop_iteration) {
            // CPython 3.11 raises it inside the body, whose PEP 479 wrapper turns it into
            // `RuntimeError`; the generator is finished.
            if let Obj::Generator(gen) = self.heap.get_mut(g) {
                gen.state = GenState::Finished;
                gen.frame = None;
            }
            return Err(PyErr(self.generator_raised_stop_iteration(exc)));
        }
        let mut exc = exc;
        // A subiterator without `throw` gets nothing: the exception is raised at the `yield
        // from` itself, where (in 3.11) no `StopIteration` ends the delegation.
        let mut past_cleanup = false;
        if !yield_from.is_undef() {
            let is_exit = self.exc_matches(exc, self.types.generator_exit);
            let delegated = match yield_from.as_obj().map(|r| (r, self.heap.get(r))) {
                Some((r, Obj::Generator(_) | Obj::Coroutine(_))) => Some(if is_exit {
                    self.generator_close(r).map(|_| None)
                } else {
                    self.generator_throw(r, exc).map(Some)
                }),
                _ => {
                    let mname = self.intern(if is_exit { "close" } else { "throw" })?;
                    let method = match self.get_attr_opt(yield_from, mname) {
                        Err(e) if self.exc_matches(e.0, self.types.attribute_error) => None,
                        r => r?,
                    };
                    method.map(|m| {
                        if is_exit {
                            self.call(m, &[]).map(|_| None)
                        } else {
                            self.call(m, &[exc]).map(Some)
                        }
                    })
                }
            };
            match delegated {
                Some(Ok(Some(v))) => return Ok(v),
                Some(Ok(None)) => {}
                Some(Err(e)) => exc = e.0,
                None => past_cleanup = !is_exit,
            }
        }
        self.throw_into_frame(g, exc, kind, past_cleanup)
    }

    /// `gen.throw(typ[, val[, tb]])` while `gen` delegates (`yield from`) to an object that
    /// is not a generator but has `throw`: CPython hands it the arguments as given, before
    /// checking them, and raises what it raises at the `yield from`. `None` otherwise.
    pub(crate) fn throw_raw_to_delegate(
        &mut self,
        g: ObjRef,
        args: &[Value],
    ) -> PyResult<Option<Value>> {
        let (state, kind, yield_from) = match self.heap.get(g).resumable() {
            Some(gen) => (
                gen.state,
                gen.kind,
                gen.frame.as_ref().map_or(Value::UNDEF, |f| f.yield_from()),
            ),
            _ => return Ok(None),
        };
        let delegate = yield_from.as_obj().map(|r| self.heap.get(r));
        if state == GenState::Running
            || kind != GenKind::Generator
            || matches!(delegate, None | Some(Obj::Generator(_) | Obj::Coroutine(_)))
            || args.first().is_some_and(|&t| self.exc_matches(t, self.types.generator_exit))
        {
            return Ok(None);
        }
        let mname = self.intern("throw")?;
        let method = match self.get_attr_opt(yield_from, mname) {
            Err(e) if self.exc_matches(e.0, self.types.attribute_error) => None,
            r => r?,
        };
        let Some(m) = method else { return Ok(None) };
        match self.call(m, args) {
            Ok(v) => Ok(Some(v)),
            Err(e) => self.throw_into_frame(g, e.0, kind, false).map(Some),
        }
    }

    /// Raises `exc` inside generator `g` where it is suspended and runs it on.
    fn throw_into_frame(
        &mut self,
        g: ObjRef,
        exc: Value,
        kind: GenKind,
        past_cleanup: bool,
    ) -> PyResult<Value> {
        let saved_lasti = self
            .heap
            .get(g)
            .resumable()
            .and_then(|gen| gen.frame.as_ref().map(|f| f.lasti));
        let Some(lasti) = saved_lasti else {
            // Finished or never started without a frame: the exception propagates as is.
            return Err(PyErr(exc));
        };
        self.enter_native()?;
        let r = (|| {
            if !self.resume_generator(g, Value::UNDEF, OnReturn::Rust)? {
                return Err(PyErr(exc));
            }
            // The slot of the value a resume sends in (CPython pushes `None` there too):
            // the handler of a `yield from` loop (`CLEANUP_THROW`) counts it, with the
            // subiterator below, in its depth; other handlers drop it.
            self.push(Value::NONE);
            let entry = self.frames.len() - 1;
            let frame = &self.frames[entry];
            let code = frame.code.clone();
            let mut ctx = Ctx::new(
                &code,
                frame.base as usize,
                frame.ip as usize,
                lasti as usize,
                entry,
            );
            self.throw_past_cleanup = past_cleanup;
            let v = match self.handle_exception(PyErr(exc), &mut ctx, entry) {
                Ok(_) => self.run_frames(entry),
                Err(e) => Err(e),
            };
            self.throw_past_cleanup = false;
            let v = v?;
            if !core::mem::take(&mut self.gen_returned) {
                Ok(v)
            } else if kind == GenKind::AsyncGenerator {
                Err(self.new_exception_empty(self.types.stop_async_iteration))
            } else {
                Err(self.stop_iteration(v))
            }
        })();
        self.leave_native();
        r
    }

    /// `gen.close()` (and a coroutine's, an asynchronous generator's when dropped).
    pub fn generator_close(&mut self, g: ObjRef) -> PyResult<Value> {
        let (state, kind) = match self.heap.get(g).resumable() {
            Some(gen) => (gen.state, gen.kind),
            _ => return Ok(Value::NONE),
        };
        if state == GenState::Finished {
            return Ok(Value::NONE);
        }
        if state == GenState::Created {
            if let Some(gen) = self.heap.get_mut(g).resumable_mut() {
                gen.state = GenState::Finished;
                gen.frame = None;
            }
            return Ok(Value::NONE);
        }
        let exit = self.new_exception_empty(self.types.generator_exit).0;
        match self.generator_throw(g, exit) {
            Ok(_) => {
                let msg = alloc::format!("{} ignored GeneratorExit", kind.name());
                Err(self.runtime_error(&msg))
            }
            Err(e)
                if self.exc_matches(e.0, self.types.generator_exit)
                    || self.exc_matches(e.0, self.types.stop_iteration) =>
            {
                Ok(Value::NONE)
            }
            Err(e) => Err(e),
        }
    }
}

/// Whether dropping suspended generator `g` must run code: CPython closes a generator when
/// it is freed, and `close()` only has an effect if the suspended `yield` is inside a
/// handler (`try`, `with`) other than the implicit `StopIteration` wrapper around the body.
pub(crate) fn needs_finalizer(g: &Generator) -> bool {
    if g.finalized || g.state != GenState::Suspended {
        return false;
    }
    let Some(frame) = g.frame.as_ref() else {
        return false;
    };
    match frame.code.handler_for(frame.lasti) {
        Some(h) => !matches!(
            frame.code.instr(h.target as usize),
            Some((Op::CALL_INTRINSIC_1, a)) if a == Intrinsic::StopIterationError as u32
        ),
        None => false,
    }
}

impl Vm {
    /// Closes the generators the collector queued (at a safe point: every live value is
    /// reachable). An exception escaping `close()` is reported on stderr and ignored, like
    /// CPython's "Exception ignored in" for finalizers.
    pub(crate) fn run_finalizers(&mut self) {
        if self.finalizing || self.is_terminating() {
            return;
        }
        self.finalizing = true;
        self.run_weakref_callbacks();
        while let Some(g) = self.finalize_queue.pop() {
            // Rooted while it runs: the queue no longer holds it.
            self.with_roots(&[g], |vm, _| {
                let r = match g.as_obj() {
                    Some(r) => vm.generator_close(r),
                    None => Ok(Value::NONE),
                };
                if let Err(e) = r {
                    vm.report_unraisable(g, e.0);
                }
            });
        }
        self.finalizing = false;
    }

    /// CPython's report of an exception raised by a finalizer.
    pub(crate) fn report_unraisable(&mut self, obj: Value, exc: Value) {
        let what = self.repr(obj).unwrap_or_else(|_| String::from("<object>"));
        // Like CPython's unraisable hook: the exception alone, without its context chain.
        let tb = self.format_single_exception(exc);
        self.write_err(&alloc::format!("Exception ignored in: {what}\n{tb}"));
    }

    /// `POP_ITER`: a `for` loop left early drops its iterator. If that was the last reference
    /// to a generator suspended inside `try`/`with`, CPython closes it right here; a
    /// collection now finds it unreachable and the queued `close()` runs before the next
    /// statement. The collection is skipped when the current frame still refers to it, or
    /// when early collections are over budget (the next scheduled one then closes it).
    pub(crate) fn pop_iter(&mut self, ctx: &Ctx) {
        let it = self.pop();
        let Some(r) = it.as_obj() else { return };
        let Obj::Generator(g) = self.heap.get(r) else {
            return;
        };
        if !needs_finalizer(g)
            || self.frame_refers_to(ctx, it)
            || !self.heap.try_spend_early_collection()
        {
            return;
        }
        self.frames[ctx.fi].ip = ctx.ip as u32;
        self.frames[ctx.fi].lasti = ctx.this as u32;
        self.collect_garbage();
        self.run_finalizers();
    }

    /// Whether the current frame's slots, stack or globals hold `v` (cheap evidence that a
    /// collection would find it alive).
    fn frame_refers_to(&self, ctx: &Ctx, v: Value) -> bool {
        if self.stack[ctx.base..].contains(&v) {
            return true;
        }
        let f = &self.frames[ctx.fi];
        [Value::obj(f.globals), f.locals]
            .into_iter()
            .any(|d| match self.obj(d) {
                Some(Obj::Dict(t)) => t.iter().any(|e| e.value == v),
                _ => false,
            })
    }
}

/// The frame of generator `g` resumed from `saved`, whose values are already on the stack at
/// `base`; the generator's handled-exception state has moved to the VM (`caller_exc` is what
/// the VM had, restored when the frame suspends).
#[inline(always)]
fn resumed_frame(
    saved: &mut SavedFrame,
    g: ObjRef,
    ip: u32,
    base: u32,
    on_return: OnReturn,
    caller_exc: Value,
) -> Frame {
    saved.exc_state = Value::NONE;
    Frame {
        code: saved.code.clone(),
        func: saved.func,
        globals: saved.globals,
        locals: Value::UNDEF,
        ip,
        lasti: saved.lasti,
        base,
        stack_floor: base,
        on_return,
        generator: FrameRef::some(g),
        saved_exc: caller_exc,
        obj: FrameRef::NONE,
    }
}
