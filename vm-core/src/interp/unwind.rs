//! Raising, and unwinding through the exception table (recording the traceback).

use alloc::format;

use super::eval::Ctx;
use super::frame::OnReturn;
use crate::bytecode::code::code_flags;
use crate::object::frameobj::TbEntry;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, PyResult, Vm};

impl Vm {
    /// Marks `exc` as re-raised: the current frame adds no traceback entry for it.
    pub(crate) fn reraise_marker(&mut self, exc: Value) -> PyErr {
        self.reraising = true;
        PyErr(exc)
    }

    /// `RAISE_VARARGS`: builds the exception to raise.
    pub(crate) fn raise_instr(&mut self, argc: u32) -> PyResult<PyErr> {
        match argc {
            0 => {
                let e = self.handled_exc;
                if e == Value::NONE || e.is_undef() {
                    return Err(self.runtime_error("No active exception to reraise"));
                }
                Ok(self.reraise_marker(e))
            }
            1 => {
                let e = self.pop();
                let exc = self.make_raisable(e)?;
                Ok(PyErr(exc))
            }
            _ => {
                let cause = self.pop();
                let e = self.pop();
                let exc = self.make_raisable(e)?;
                let cause = if cause == Value::NONE {
                    cause
                } else {
                    match self.make_raisable(cause) {
                        Ok(c) => c,
                        Err(_) if !self.is_exception(cause) && !self.is_exception_class(cause) => {
                            return Err(
                                self.type_error("exception causes must derive from BaseException")
                            );
                        }
                        Err(err) => return Err(err),
                    }
                };
                if let Some(st) = self.exc_state_mut(exc) {
                    st.cause = cause;
                    st.suppress_context = true;
                }
                Ok(PyErr(exc))
            }
        }
    }

    /// Whether `v` is a class deriving from `BaseException`.
    fn is_exception_class(&self, v: Value) -> bool {
        match self.obj(v) {
            Some(Obj::Class(c)) => c.mro.contains(&self.types.base_exception),
            _ => false,
        }
    }

    /// An exception instance from `raise X`: instantiates classes, rejects non-exceptions.
    fn make_raisable(&mut self, e: Value) -> PyResult<Value> {
        if self.is_exception(e) {
            return Ok(e);
        }
        if let Some(r) = e.as_obj() {
            if let Obj::Class(c) = self.heap.get(r) {
                if c.mro.contains(&self.types.base_exception) {
                    let v = self.call(e, &[])?;
                    if self.is_exception(v) {
                        return Ok(v);
                    }
                    let cls = self.repr(e)?;
                    let vt = self.type_of(v);
                    let vt = self.repr(Value::obj(vt))?;
                    let msg = format!(
                        "calling {cls} should have returned an instance of BaseException, not {vt}"
                    );
                    return Err(self.type_error(msg));
                }
            }
        }
        Err(self.type_error("exceptions must derive from BaseException"))
    }

    /// Unwinds after `err` was raised at `ctx.this`: finds a handler in this frame or an
    /// outer one (down to frame `entry`). `Ok` means a handler was found and the innermost
    /// frame is ready to run; `Err` means the exception escapes the entry frame.
    pub(crate) fn handle_exception(
        &mut self,
        err: PyErr,
        ctx: &mut Ctx,
        entry: usize,
    ) -> Result<(), PyErr> {
        // A terminated run unwinds with its own error whatever was raised (native code may
        // have turned it into another exception), through no handler.
        let terminating = self.is_terminating();
        let err = if terminating { self.terminated() } else { err };
        let exc = err.0;
        let mut reraise = core::mem::take(&mut self.reraising) && !terminating;
        if !reraise {
            self.reraise_lasti = None;
        }
        let mut innermost = true;
        // Whether unwinding drops a generator that `close()` would run code in.
        let mut drops_generator = false;
        // A bare exception class or non-exception escaping native code is a VM bug; still
        // report something sensible.
        if !self.is_exception(exc) {
            return Err(self.internal_error("raised a non-exception"));
        }
        if !reraise && !terminating {
            if exc == self.memory_error {
                // The VM raises one preallocated MemoryError (allocating a new one could fail
                // too); each raise starts a fresh traceback, as a new exception would.
                if let Some(st) = self.exc_state_mut(exc) {
                    st.traceback.clear();
                }
                self.note_heap_limit();
            }
            self.attach_context(exc);
        }
        loop {
            let Some(fi) = self.frames.len().checked_sub(1) else {
                return Err(err);
            };
            let (lookup, lasti) = if innermost && fi == ctx.fi {
                let at = ctx.this as u32;
                (at, self.reraise_lasti.take().unwrap_or(at))
            } else {
                (self.frames[fi].lasti, self.frames[fi].lasti)
            };
            innermost = false;
            // (Hidden code, asyncio's futures and tasks, adds no entry: see `code_flags`.)
            let hidden = self.frames[fi].code.flags & code_flags::HIDDEN != 0;
            if !reraise && !hidden {
                // The activation's frame object (made once per activation; without memory
                // for it the entry has none and still formats). The preallocated
                // `MemoryError` and termination error outlive every handler: frames they
                // kept would keep what filled the heap, so their entries have none.
                let code = self.frames[fi].code.clone();
                let frame = if exc == self.memory_error || terminating {
                    Value::NONE
                } else {
                    self.frame_object(fi).map_or(Value::NONE, Value::obj)
                };
                if let Some(st) = self.exc_state_mut(exc) {
                    st.traceback.push(TbEntry {
                        code,
                        lasti,
                        frame,
                        node: Value::UNDEF,
                    });
                }
            }
            reraise = false;
            let frame = &self.frames[fi];
            let base = frame.base as usize + frame.code.nlocalsplus();
            // A handler deeper than the stack (code the compiler never emits, which an image
            // may hold) cannot run: the exception leaves the frame instead.
            let handler = frame
                .code
                .handler_for(lookup)
                .filter(|h| !terminating && base + h.depth as usize <= self.stack.len());
            if let Some(h) = handler {
                let keep = base + h.depth as usize;
                drops_generator |= self.drops_finalizable(keep);
                self.stack.truncate(keep);
                if h.push_lasti {
                    self.stack.push(Value::int_unchecked(lasti as i64));
                }
                self.stack.push(exc);
                self.frames[fi].ip = h.target;
                self.frames[fi].lasti = lasti;
                if exc == self.memory_error {
                    // What filled the heap is usually garbage now that the frames that held
                    // it are gone: collect before the handler runs, or its first allocation
                    // would fail again. What the handler drops next (`L = None`) is freed
                    // at the following instruction boundaries (`Heap::arm_pressure`).
                    self.collect_garbage();
                    self.heap.arm_pressure();
                    self.run_finalizers();
                } else if drops_generator && self.heap.try_spend_early_collection() {
                    // CPython closes such a generator while unwinding, before the handler.
                    self.collect_garbage();
                    self.run_finalizers();
                }
                return Ok(());
            }
            let Some(frame) = self.frames.pop() else {
                return Err(err);
            };
            self.retire_frame(&frame, lasti);
            drops_generator |= self.drops_finalizable(frame.stack_floor as usize);
            self.stack.truncate(frame.stack_floor as usize);
            if let Some(g) = frame.generator.get() {
                self.finish_generator(g, &frame);
            }
            if frame.on_return == OnReturn::Init {
                // The instance pushed in place of the class goes too.
                self.stack.pop();
            }
            if fi <= entry || frame.on_return == OnReturn::Rust {
                return Err(err);
            }
        }
    }

    /// Whether the stack values above `keep` include a suspended generator that needs
    /// closing when it dies (see [`crate::interp::generator::needs_finalizer`]).
    fn drops_finalizable(&self, keep: usize) -> bool {
        self.stack.get(keep..).is_some_and(|vals| {
            vals.iter().any(|v| {
                matches!(self.obj(*v).and_then(Obj::resumable),
                    Some(g) if crate::interp::generator::needs_finalizer(g))
            })
        })
    }

    /// Sets `__context__` to the exception being handled, as CPython does on raise.
    fn attach_context(&mut self, exc: Value) {
        let handled = self.handled_exc;
        if handled == Value::NONE || handled.is_undef() || handled == exc {
            return;
        }
        // Avoid creating a cycle through the context chain.
        let mut c = handled;
        for _ in 0..100 {
            match self.exc_state(c).map(|s| s.context) {
                Some(next) if next == exc => {
                    if let Some(st) = self.exc_state_mut(c) {
                        st.context = Value::NONE;
                    }
                    break;
                }
                Some(next) if next != Value::NONE => c = next,
                _ => break,
            }
        }
        if let Some(st) = self.exc_state_mut(exc) {
            if st.context == Value::NONE {
                st.context = handled;
            }
        }
    }
}
