//! Frames: the per-call state kept on the VM's frame stack (never on the Rust stack).

use alloc::rc::Rc;

use crate::bytecode::code::CodeObject;
use crate::bytecode::ops::Op;
use crate::layout::FixedVec;
use crate::object::value::{ObjRef, Value};

/// What happens to a frame's result when it returns (or yields) to its caller.
///
/// `#[repr(u32)]` gives it a defined layout (a `u32` tag, then the variant's fields), so
/// machine code writes and tests `Push` in a frame record ([`crate::layout::ON_RETURN_PUSH`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum OnReturn {
    /// A normal call from bytecode: the caller's stack is cut to `stack_floor` and the result
    /// pushed there.
    Push,
    /// The frame was entered from Rust (`Vm::call`, generator `send` from native code): the
    /// interpreter loop returns the value to its Rust caller.
    Rust,
    /// A generator resumed by `FOR_ITER`: a yield pushes the value for the loop body; a
    /// return pops the iterator and jumps to `exhausted`.
    ForIter {
        /// The caller's loop-exit offset.
        exhausted: u32,
    },
    /// A generator resumed by `SEND`: a yield pushes the value; a return pushes the return
    /// value and jumps to `done`.
    Send {
        /// The caller's `END_SEND` offset.
        done: u32,
    },
    /// Like `Push`, for a call whose callee runs the caller's own code (self-recursion): the
    /// dispatch loop still holds that code, so the return continues without a reload.
    PushSame,
    /// `__init__` of a class instantiated from bytecode: the instance already sits below
    /// `stack_floor` as the call's result; the return value must be `None`.
    Init,
    /// A generator resumed by its `send` method or by `next()`, called from bytecode: a
    /// yield pushes the value as the call's result; a return raises `StopIteration` with
    /// the return value at the call.
    SendCall,
    /// A binary operator's dunder (`BINARY_OP_USER`): the operands sit at `stack_floor` and
    /// after it (the frame's locals are copies), and the result replaces them, as a plain
    /// call's; a `NotImplemented` result raises the operator's `TypeError` with them.
    Binary {
        /// The `BINARY_OP` oparg (the operator, in-place forms included).
        op: u32,
    },
    /// A rich comparison's dunder (`COMPARE_OP_USER`): the operands sit at `stack_floor`
    /// and after it, as for `Binary`. A `NotImplemented` result goes on with the rest of
    /// the comparison protocol (the reflected dunder, then identity for `==`/`!=`); a
    /// result the oparg asks for as a bool is converted.
    Compare {
        /// The `COMPARE_OP` oparg (the operator, maybe with `COMPARE_TO_BOOL`).
        op: u32,
    },
}

/// An activation of a code object: a record at fixed offsets ([`crate::layout`]).
#[derive(Debug)]
#[repr(C)]
pub struct Frame {
    /// The code being run.
    pub code: Rc<CodeObject>,
    /// The function object, or `UNDEF` for module/class bodies run directly.
    pub func: Value,
    /// The globals dict.
    pub globals: ObjRef,
    /// The local namespace of module and class bodies (`LOAD_NAME`), or `UNDEF`.
    pub locals: Value,
    /// Next instruction offset (saved when the frame is not the innermost).
    pub ip: u32,
    /// Offset of the instruction being executed (for tracebacks and `lasti`).
    pub lasti: u32,
    /// Index of local 0 in the VM value stack.
    pub base: u32,
    /// Where the caller's stack is cut back to when this frame finishes.
    pub stack_floor: u32,
    /// Result delivery.
    pub on_return: OnReturn,
    /// The generator this frame belongs to.
    pub generator: FrameRef,
    /// The handled exception of the caller, restored when a generator frame suspends.
    pub saved_exc: Value,
    /// The frame object made for this activation, if one was asked for (a generator's
    /// frame keeps its object in the generator instead). Retired when the frame ends.
    pub obj: FrameRef,
}

/// An object a frame record refers to, or none: one `u32`, [`FrameRef::NONE`] for none.
/// (An `Option<ObjRef>` has no defined layout; machine code writes and tests this word.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct FrameRef(u32);

impl FrameRef {
    /// No object. (No arena reaches index `u32::MAX`: its slots would fill 160 GiB.)
    pub const NONE: FrameRef = FrameRef(u32::MAX);

    /// Object `r`.
    #[inline(always)]
    pub fn some(r: ObjRef) -> FrameRef {
        debug_assert!(r.0 != u32::MAX, "an arena index beyond any arena");
        FrameRef(r.0)
    }

    /// The object, if any.
    #[inline(always)]
    pub fn get(self) -> Option<ObjRef> {
        (self != FrameRef::NONE).then_some(ObjRef(self.0))
    }

    /// Whether there is an object.
    #[inline(always)]
    pub fn is_some(self) -> bool {
        self != FrameRef::NONE
    }

    /// Whether there is none.
    #[inline(always)]
    pub fn is_none(self) -> bool {
        self == FrameRef::NONE
    }

    /// The word a frame record holds (for layout tests and machine code).
    pub const fn bits(self) -> u32 {
        self.0
    }
}

impl Frame {
    /// The frame of a call of `func` (code `code`, globals `globals`): its locals from
    /// stack index `base`, the caller's stack cut back to `stack_floor` when it returns as
    /// `on_return` says, at its first instruction.
    #[inline(always)]
    pub(crate) fn call(
        code: Rc<CodeObject>,
        func: Value,
        globals: ObjRef,
        base: usize,
        stack_floor: u32,
        on_return: OnReturn,
    ) -> Frame {
        Frame {
            code,
            func,
            globals,
            locals: Value::UNDEF,
            ip: 0,
            lasti: 0,
            base: base as u32,
            stack_floor,
            on_return,
            generator: FrameRef::NONE,
            saved_exc: Value::NONE,
            obj: FrameRef::NONE,
        }
    }

    /// Calls `f` on every value the frame references outside the value stack.
    pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
        self.code.for_each_ref(f);
        f(self.func);
        f(Value::obj(self.globals));
        f(self.locals);
        if let Some(g) = self.generator.get() {
            f(Value::obj(g));
        }
        f(self.saved_exc);
        if let Some(o) = self.obj.get() {
            f(Value::obj(o));
        }
    }
}

/// A suspended generator frame: its slots and value stack, copied off the VM stack.
#[derive(Debug)]
pub struct SavedFrame {
    /// The code.
    pub code: Rc<CodeObject>,
    /// The function object.
    pub func: Value,
    /// Globals.
    pub globals: ObjRef,
    /// Resume offset.
    pub ip: u32,
    /// Offset of the `YIELD_VALUE` it is suspended at (for tracebacks of `throw`).
    pub lasti: u32,
    /// Locals, cells, frees, then the value stack, bottom first (at a fixed layout: machine
    /// code resumes and suspends generators).
    pub values: FixedVec<Value>,
    /// The generator's own handled-exception state while suspended.
    pub exc_state: Value,
}

impl SavedFrame {
    /// Bytes owned (for the heap limit).
    pub fn heap_bytes(&self) -> usize {
        size_of::<SavedFrame>() + self.values.capacity() * 8
    }

    /// When suspended inside `yield from`: the delegate iterator (on top of the saved stack,
    /// with the resume instruction jumping back to a `SEND`), else `UNDEF`. Worked out on
    /// demand (only `throw` needs it) rather than at every `yield`.
    pub fn yield_from(&self) -> Value {
        match self.code.instr(self.ip as usize) {
            Some((Op::JUMP_BACKWARD_NO_INTERRUPT, target))
                if matches!(self.code.instr(target as usize), Some((Op::SEND, _))) =>
            {
                self.values.last().copied().unwrap_or(Value::UNDEF)
            }
            _ => Value::UNDEF,
        }
    }

    /// Calls `f` on every value referenced.
    pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
        self.code.for_each_ref(f);
        f(self.func);
        f(Value::obj(self.globals));
        for v in &self.values {
            f(*v);
        }
        f(self.exc_state);
    }
}
