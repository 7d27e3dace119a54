//! Frame and traceback objects: the Python-visible views of activations, made only when a
//! script asks for one (`sys._getframe`, `tb_frame`, `gi_frame`) or an exception's traceback
//! records an activation it passes through. See `interp::frames` for how they are made and
//! kept in step with the frame records.

use alloc::rc::Rc;
use alloc::vec::Vec;

use super::value::{ObjRef, Value};
use crate::bytecode::code::CodeObject;

/// Where a frame object reads its activation's state from.
#[derive(Debug)]
pub enum FrameAt {
    /// A frame record of `Vm::frames` at this index whose `obj` names this object (checked
    /// on every read: a record the VM dropped without retiring reads as finished).
    Live(u32),
    /// A generator's frame: the running record whose `generator` is this, or the
    /// generator's suspended `SavedFrame`.
    Generator(ObjRef),
    /// The activation ended: `values` holds what its slots held then.
    Done,
}

/// A frame object (`sys._getframe()`, `tb.tb_frame`).
#[derive(Debug)]
pub struct FrameObj {
    /// The code it runs.
    pub code: Rc<CodeObject>,
    /// `f_globals`.
    pub globals: ObjRef,
    /// The namespace of a module or class body (`f_locals` there), or `UNDEF`.
    pub namespace: Value,
    /// Where the state lives.
    pub at: FrameAt,
    /// Once `Done`: the offset of the instruction it ended at.
    pub lasti: u32,
    /// Once `Done`: `f_back` as it was when the activation ended (`NONE` at the bottom).
    pub back: Value,
    /// Once `Done`: locals, cells and free variables. Reserved (and charged) when the object
    /// is made, so retiring a frame neither allocates nor can fail.
    pub values: Vec<Value>,
    /// The `f_locals` dict of a function frame, refreshed on every read as CPython's is
    /// (`UNDEF` until first read).
    pub locals_dict: Value,
}

impl FrameObj {
    /// A frame object over the state at `at`, with room for `nslots` slots.
    pub fn new(
        code: Rc<CodeObject>,
        globals: ObjRef,
        namespace: Value,
        at: FrameAt,
        nslots: usize,
    ) -> FrameObj {
        FrameObj {
            code,
            globals,
            namespace,
            at,
            lasti: 0,
            back: Value::NONE,
            values: Vec::with_capacity(nslots),
            locals_dict: Value::UNDEF,
        }
    }

    /// Bytes owned outside the arena (for the heap limit).
    pub fn heap_bytes(&self) -> usize {
        size_of::<FrameObj>() + self.values.capacity() * size_of::<Value>()
    }

    /// Calls `f` on every value the frame object keeps alive.
    pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
        self.code.for_each_ref(f);
        f(Value::obj(self.globals));
        f(self.namespace);
        if let FrameAt::Generator(g) = self.at {
            f(Value::obj(g));
        }
        f(self.back);
        self.values.iter().for_each(|v| f(*v));
        f(self.locals_dict);
    }
}

/// A traceback object: one activation an exception passed through, and the entry of the
/// next frame inward (`tb_next`). Immutable, so a chain can be shared by exceptions
/// (`with_traceback`) and grown at its head.
#[derive(Debug)]
pub struct TbNode {
    /// `tb_frame` (a frame object).
    pub frame: Value,
    /// The code of that frame (for the line without reading the frame object).
    pub code: Rc<CodeObject>,
    /// `tb_lasti`: the offset of the instruction the exception passed at.
    pub lasti: u32,
    /// `tb_next`, or `NONE`.
    pub next: Value,
}

impl TbNode {
    /// Calls `f` on every value the node keeps alive.
    pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
        self.code.for_each_ref(f);
        f(self.frame);
        f(self.next);
    }
}

/// One entry of an exception's traceback as unwinding records it: cheap to push (no heap
/// object of its own); the `TbNode` is made when the script reads `__traceback__`.
#[derive(Clone, Debug)]
pub struct TbEntry {
    /// The code of the frame.
    pub code: Rc<CodeObject>,
    /// The offset of the instruction the exception passed at.
    pub lasti: u32,
    /// The frame object of the activation (`NONE` if it could not be made: out of memory).
    pub frame: Value,
    /// The traceback object made for this entry, or `UNDEF` until asked for.
    pub node: Value,
}

impl TbEntry {
    /// Calls `f` on every value the entry keeps alive.
    pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
        self.code.for_each_ref(f);
        f(self.frame);
        f(self.node);
    }
}
