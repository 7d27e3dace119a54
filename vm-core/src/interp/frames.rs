//! Frame objects on demand: made from a frame record only when a script asks for one
//! (`sys._getframe`, `gi_frame`) or a traceback records an activation, read through to the
//! record while the activation runs, and given a snapshot of its slots when it ends.
//!
//! **Reification.** A frame object reads the record's state: its slots on `Vm::stack` and
//! its `lasti`. Every executor keeps the slots there at all times (tier 1 and the uop
//! executor never hold locals elsewhere); the offset of the instruction being run lives in
//! the executor's context (`Ctx::this`), so before anything that may escape to code that
//! could build a frame object (a uop with flag `ESCAPES`) the executor calls
//! [`Vm::reify_frame`]. Calls and generator resumptions store the offset themselves.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::eval::Ctx;
use super::frame::{Frame, FrameRef};
use crate::object::frameobj::{FrameAt, FrameObj};
use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// Where a frame object's state is right now.
#[derive(Clone, Copy)]
enum State {
    /// The record at this index of `Vm::frames`.
    Live(usize),
    /// A suspended (or not yet started) generator's saved frame.
    Suspended(ObjRef),
    /// The object's own snapshot.
    Done,
}

impl Vm {
    /// The reification hook: writes the state the executor running the innermost frame
    /// of this run loop keeps outside the frame record into it, so a frame object built
    /// now reads what the executor would show. Tier 1 and the uop executor keep the
    /// slots in the record; the one thing they hold apart is the offset of the instruction
    /// being run (`ctx.this`), stored here as `lasti`. Called before every instruction and
    /// uop that may escape (see `interp::eval`); an executor that keeps more state out of
    /// the record (a machine-code tier holding locals in registers) must write it back
    /// at the same points before calling this.
    #[inline(always)]
    pub(crate) fn reify_frame(&mut self, ctx: &Ctx) {
        if let Some(f) = self.frames.get_mut(ctx.fi) {
            f.lasti = ctx.this as u32;
        }
    }

    /// The frame object of the record at `fi`, made on the first request.
    pub(crate) fn frame_object(&mut self, fi: usize) -> PyResult<ObjRef> {
        let Some(f) = self.frames.get(fi) else {
            return Err(self.internal_error("frame object of a missing frame"));
        };
        if let Some(g) = f.generator.get() {
            return self.generator_frame_object(g, f.globals);
        }
        if let Some(o) = f.obj.get() {
            return Ok(o);
        }
        let n = f.code.nlocalsplus();
        let fo = FrameObj::new(
            f.code.clone(),
            f.globals,
            f.locals,
            FrameAt::Live(fi as u32),
            n,
        );
        let r = self.alloc(Obj::Frame(Box::new(fo)))?;
        self.frames[fi].obj = FrameRef::some(r);
        Ok(r)
    }

    /// The frame object of generator `g` (`gi_frame`), made on the first request; `None`
    /// for a finished generator that never had one.
    pub(crate) fn generator_frame_object(
        &mut self,
        g: ObjRef,
        globals: ObjRef,
    ) -> PyResult<ObjRef> {
        let Some(gen) = self.heap.get(g).resumable() else {
            return Err(self.internal_error("generator frame of a non-generator"));
        };
        if let Some(o) = gen.frame_obj {
            return Ok(o);
        }
        let code = gen.code.clone();
        let n = code.nlocalsplus();
        let fo = FrameObj::new(code, globals, Value::UNDEF, FrameAt::Generator(g), n);
        let r = self.alloc(Obj::Frame(Box::new(fo)))?;
        if let Some(gen) = self.heap.get_mut(g).resumable_mut() {
            gen.frame_obj = Some(r);
        }
        Ok(r)
    }

    /// `frame` (already off `Vm::frames`, its slots still on the stack) ended at `lasti`:
    /// its frame object, if it has one, keeps a snapshot of the slots, the offset and
    /// `f_back` (the caller's frame object, made now as CPython does). Never fails: the
    /// snapshot's room was reserved with the object; without memory for the caller's
    /// object, `f_back` is `None`.
    #[inline(always)]
    pub(crate) fn retire_frame(&mut self, frame: &Frame, lasti: u32) {
        // The common case, a plain call nobody asked the frame of, costs one test.
        if frame.obj.is_some() || frame.generator.is_some() {
            self.retire_frame_object(frame, lasti);
        }
    }

    /// [`Vm::retire_frame`] of a frame that has or may have a frame object.
    #[inline(never)]
    fn retire_frame_object(&mut self, frame: &Frame, lasti: u32) {
        let obj = match (frame.obj.get(), frame.generator.get()) {
            (Some(o), _) => o,
            (None, Some(g)) => match self.heap.get(g).resumable() {
                Some(gen) => match gen.frame_obj {
                    Some(o) => o,
                    None => return,
                },
                _ => return,
            },
            (None, None) => return,
        };
        let back = match self.frames.len().checked_sub(1) {
            Some(ci) => self.frame_object(ci).map_or(Value::NONE, Value::obj),
            None => Value::NONE,
        };
        let base = frame.base as usize;
        let n = frame.code.nlocalsplus();
        let slots = self.stack.get(base..base + n).unwrap_or_default();
        if let Obj::Frame(fo) = self.heap.get_mut(obj) {
            // Within the reserved room: no allocation, so no change to the heap's count.
            let room = fo.values.capacity();
            fo.values.clear();
            fo.values.extend_from_slice(&slots[..slots.len().min(room)]);
            fo.at = FrameAt::Done;
            fo.lasti = lasti;
            fo.back = back;
        }
    }

    /// Retires every frame record still standing (a run that ended without unwinding
    /// them: termination), so their frame objects keep what they held.
    pub(crate) fn retire_all_frames(&mut self) {
        while let Some(f) = self.frames.pop() {
            if f.obj.is_some() && f.generator.is_none() {
                let lasti = f.lasti;
                self.retire_frame(&f, lasti);
            }
        }
    }

    /// Where the frame object `r` reads its state now.
    fn frame_state(&self, r: ObjRef) -> State {
        let Obj::Frame(fo) = self.heap.get(r) else {
            return State::Done;
        };
        match fo.at {
            FrameAt::Live(i) => match self.frames.get(i as usize) {
                Some(f) if f.obj.get() == Some(r) => State::Live(i as usize),
                _ => State::Done,
            },
            FrameAt::Generator(g) => {
                if let Some(i) = self
                    .frames
                    .iter()
                    .rposition(|f| f.generator.get() == Some(g))
                {
                    return State::Live(i);
                }
                match self.heap.get(g).resumable() {
                    Some(gen) if gen.frame.is_some() => State::Suspended(g),
                    _ => State::Done,
                }
            }
            FrameAt::Done => State::Done,
        }
    }

    /// The frame object's code, if `r` is one.
    pub(crate) fn frame_code(
        &self,
        r: ObjRef,
    ) -> Option<alloc::rc::Rc<crate::bytecode::code::CodeObject>> {
        match self.heap.get(r) {
            Obj::Frame(fo) => Some(fo.code.clone()),
            _ => None,
        }
    }

    /// `f_lasti`: the offset (in code units) of the instruction the frame is at.
    pub(crate) fn frame_lasti(&self, r: ObjRef) -> u32 {
        match self.frame_state(r) {
            State::Live(i) => self.frames[i].lasti,
            State::Suspended(g) => match self.heap.get(g).resumable() {
                Some(gen) => gen.frame.as_ref().map_or(0, |s| s.lasti),
                _ => 0,
            },
            State::Done => match self.heap.get(r) {
                Obj::Frame(fo) => fo.lasti,
                _ => 0,
            },
        }
    }

    /// `f_back`: the caller's frame object, `None` at the bottom and for a suspended
    /// generator.
    pub(crate) fn frame_back(&mut self, r: ObjRef) -> PyResult<Value> {
        match self.frame_state(r) {
            State::Live(0) | State::Suspended(_) => Ok(Value::NONE),
            State::Live(i) => self.frame_object(i - 1).map(Value::obj),
            State::Done => Ok(match self.heap.get(r) {
                Obj::Frame(fo) => fo.back,
                _ => Value::NONE,
            }),
        }
    }

    /// The frame's slots (locals, cells, free variables) as they are now.
    fn frame_slots(&self, r: ObjRef) -> Vec<Value> {
        let n = match self.heap.get(r) {
            Obj::Frame(fo) => fo.code.nlocalsplus(),
            _ => 0,
        };
        let slots: &[Value] = match self.frame_state(r) {
            State::Live(i) => {
                let base = self.frames[i].base as usize;
                self.stack.get(base..base + n).unwrap_or_default()
            }
            State::Suspended(g) => match self.heap.get(g).resumable() {
                Some(gen) => gen
                    .frame
                    .as_ref()
                    .and_then(|s| s.values.get(..n))
                    .unwrap_or_default(),
                _ => &[],
            },
            State::Done => match self.heap.get(r) {
                Obj::Frame(fo) => &fo.values,
                _ => &[],
            },
        };
        slots.to_vec()
    }

    /// `f_locals`: the namespace of a module or class body; for a function frame, a dict
    /// of the bound locals, cells and free variables, the same dict on every read and
    /// refreshed by it (as in CPython 3.11: names that became unbound are removed, names
    /// the script added stay).
    pub(crate) fn frame_locals(&mut self, r: ObjRef) -> PyResult<Value> {
        let Obj::Frame(fo) = self.heap.get(r) else {
            return Ok(Value::NONE);
        };
        let code = fo.code.clone();
        if code.flags & crate::bytecode::code::code_flags::NAMESPACE != 0 {
            return Ok(if fo.namespace.is_undef() {
                Value::obj(fo.globals)
            } else {
                fo.namespace
            });
        }
        let d = match fo.locals_dict {
            v if v.is_undef() => {
                let d = self.new_dict()?;
                if let Obj::Frame(fo) = self.heap.get_mut(r) {
                    fo.locals_dict = d;
                }
                d
            }
            v => v,
        };
        let Some(dr) = d.as_obj() else {
            return Ok(d);
        };
        let slots = self.frame_slots(r);
        let nl = code.nlocals();
        let cell_value = |vm: &Vm, v: Value| match vm.obj(v) {
            Some(Obj::Cell(c)) => *c,
            _ => v,
        };
        // CPython's order: the fast locals (a parameter that is also a cell shows its
        // cell's content once the cell exists), then the other cells, then free variables.
        let mut pairs: Vec<(Value, Value)> = Vec::with_capacity(code.nlocalsplus());
        for (i, &name) in code.varnames.iter().enumerate() {
            let own = slots.get(i).copied().unwrap_or(Value::UNDEF);
            let cell = code.cellvars.iter().position(|&c| c == name);
            let v = match cell.and_then(|c| slots.get(nl + c)) {
                Some(&c) if matches!(self.obj(c), Some(Obj::Cell(_))) => cell_value(self, c),
                _ => own,
            };
            pairs.push((name, v));
        }
        for (c, &name) in code.cellvars.iter().enumerate() {
            if !code.varnames.contains(&name) {
                let v = slots.get(nl + c).copied().unwrap_or(Value::UNDEF);
                pairs.push((name, cell_value(self, v)));
            }
        }
        let nc = code.cellvars.len();
        for (k, &name) in code.freevars.iter().enumerate() {
            let v = slots.get(nl + nc + k).copied().unwrap_or(Value::UNDEF);
            pairs.push((name, cell_value(self, v)));
        }
        for (name, v) in pairs {
            if v.is_undef() {
                self.dict_del(dr, name)?;
            } else {
                self.dict_set(dr, name, v)?;
            }
        }
        Ok(d)
    }
}
