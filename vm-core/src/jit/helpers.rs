//! The uop helpers: one `extern "C"` function per uop that machine code calls for a uop it
//! does not emit inline.
//!
//! Every helper has the same signature ([`UopHelper`]): a pointer to the [`HelperContext`]
//! (the VM and the frame state of the code that calls), the uop's oparg, an operand (the
//! tier-1 offsets the uop runs at), and a [`HelperStatus`] back. Integers only: a float
//! travels as its bits, since the bare-metal x86-64 target is soft-float and passes `f64`
//! arguments in other registers than the host. A helper runs the uop's one body (the one
//! tier 1 and the uop executor run), so a compiled trace behaves exactly as the executor.
//!
//! The uop executor can run its uops through the helpers instead of its handlers
//! ([`crate::Config::uop_helpers`], `tiercel --uop-helpers`), which is how every helper is
//! tested on every program of the corpus before any machine code calls one.

use core::mem::offset_of;

use crate::bytecode::ops::Uop;
use crate::exec::ir::Executor;
use crate::interp::eval::{Ctx, Step, UOP_HANDLERS};
use crate::interp::frame::Frame;
use crate::interp::generator::GenCollect;
use crate::interp::stack::ValueStack;
use crate::layout::FixedVec;
use crate::limits::Signals;
use crate::object::heap::GcClock;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{LookupEntry, Vm};

/// What machine code runs with, and what a helper is called with: the VM, the frame state
/// of the calling code, and the parts of the VM machine code reads itself, at the offsets
/// below (their own layouts are in [`crate::layout`]). `#[repr(C)]`, so machine code keeps
/// its address in one register. The pointers stay valid while the executor runs, but what
/// they point to may move after any helper call (the arena or the value stack may grow), so
/// code reloads items pointers after a call.
#[repr(C)]
pub struct HelperContext {
    vm: *mut Vm,
    /// The interpreter's view of the frame the code runs (a `Ctx`).
    frame: *mut (),
    /// The value stack ([`crate::layout::STACK_ITEMS`], [`crate::layout::STACK_LEN`]).
    stack: *mut ValueStack,
    /// The object arena: slots of [`crate::layout::OBJ_SIZE`] bytes.
    objs: *const FixedVec<Obj>,
    /// The frame records: [`crate::layout::FRAME_SIZE`] bytes each.
    frames: *mut FixedVec<Frame>,
    /// The interrupt word (a byte).
    signals: *const Signals,
    /// The fuel word (an `i64`).
    fuel: *mut i64,
    /// The collection clock ([`crate::layout::GC_ALLOCATED`], [`crate::layout::GC_NEXT`]).
    gc: *const GcClock,
    /// The executor the code belongs to (null when a helper is called from Rust).
    exec: *const Executor,
    /// The frame count at which a call must ask the VM first (`usize`: the smaller of the
    /// recursion limit and the frame list's room).
    frame_limit: *const usize,
    /// The types by object tag ([`crate::layout::TAG_TYPES`] `u32`s).
    tag_types: *const u32,
    /// The link epoch (a `u64`; see [`super::link`]).
    link_epoch: *const u64,
    /// The exception being handled (a value), which generators swap on resume and yield.
    handled_exc: *mut Value,
    /// What native code collects a generator into ([`crate::layout::GEN_COLLECT_FRAME`],
    /// [`crate::layout::GEN_COLLECT_TARGET`]): a yield there adds or appends in place.
    gen_collect: *mut GenCollect,
    /// The class lookup cache's entries ([`crate::layout::LOOKUP_VERSION`] ..).
    class_lookups: *const core::cell::Cell<LookupEntry>,
}

/// Offset of the VM pointer in a [`HelperContext`].
pub const CTX_VM: usize = offset_of!(HelperContext, vm);
/// Offset of the frame-state pointer.
pub const CTX_FRAME: usize = offset_of!(HelperContext, frame);
/// Offset of the value stack pointer.
pub const CTX_STACK: usize = offset_of!(HelperContext, stack);
/// Offset of the arena pointer.
pub const CTX_OBJS: usize = offset_of!(HelperContext, objs);
/// Offset of the frame records pointer.
pub const CTX_FRAMES: usize = offset_of!(HelperContext, frames);
/// Offset of the interrupt word pointer.
pub const CTX_SIGNALS: usize = offset_of!(HelperContext, signals);
/// Offset of the fuel word pointer.
pub const CTX_FUEL: usize = offset_of!(HelperContext, fuel);
/// Offset of the collection clock pointer.
pub const CTX_GC: usize = offset_of!(HelperContext, gc);
/// Offset of the executor pointer.
pub const CTX_EXEC: usize = offset_of!(HelperContext, exec);
/// Offset of the frame limit pointer.
pub const CTX_FRAME_LIMIT: usize = offset_of!(HelperContext, frame_limit);
/// Offset of the types-by-tag pointer.
pub const CTX_TAG_TYPES: usize = offset_of!(HelperContext, tag_types);
/// Offset of the link epoch pointer.
pub const CTX_LINK_EPOCH: usize = offset_of!(HelperContext, link_epoch);
/// Offset of the handled-exception pointer.
pub const CTX_HANDLED_EXC: usize = offset_of!(HelperContext, handled_exc);
/// Offset of the pointer to what native code collects a generator into.
pub const CTX_GEN_COLLECT: usize = offset_of!(HelperContext, gen_collect);
/// Offset of the pointer to the class lookup cache's first entry.
pub const CTX_CLASS_LOOKUPS: usize = offset_of!(HelperContext, class_lookups);

const _: () = assert!(
    CTX_VM == 0
        && CTX_FRAME == 8
        && CTX_STACK == 16
        && CTX_OBJS == 24
        && CTX_FRAMES == 32
        && CTX_SIGNALS == 40
        && CTX_FUEL == 48
        && CTX_GC == 56
        && CTX_EXEC == 64
        && CTX_FRAME_LIMIT == 72
        && CTX_TAG_TYPES == 80
        && CTX_LINK_EPOCH == 88
        && CTX_HANDLED_EXC == 96
        && CTX_GEN_COLLECT == 104
        && CTX_CLASS_LOOKUPS == 112
);

impl HelperContext {
    /// The context of code that runs frame state `frame` of `vm`. Every pointer is derived
    /// from `vm`'s one pointer, so a helper's `&mut Vm` made from it covers them all.
    pub fn new(vm: &mut Vm, frame: *mut ()) -> HelperContext {
        HelperContext::for_code(vm, frame, core::ptr::null())
    }

    /// The context machine code of executor `exec` runs with: `frame` is the executor's
    /// run state (whose first field is the frame state helpers read).
    pub(crate) fn for_code(vm: &mut Vm, frame: *mut (), exec: *const Executor) -> HelperContext {
        let vm: *mut Vm = vm;
        // SAFETY: `vm` comes from a live exclusive borrow; taking field addresses through it
        // reads nothing and creates no reference.
        unsafe {
            HelperContext {
                stack: &raw mut (*vm).stack,
                objs: (*vm).heap.arena(),
                frames: &raw mut (*vm).frames,
                signals: alloc::sync::Arc::as_ptr(&(*vm).signals),
                fuel: &raw mut (*vm).fuel,
                gc: (*vm).heap.clock(),
                frame_limit: &raw const (*vm).frame_limit,
                tag_types: (&raw const (*vm).tag_types).cast::<u32>(),
                link_epoch: &raw const (*vm).tier2.link_epoch,
                handled_exc: &raw mut (*vm).handled_exc,
                gen_collect: &raw mut (*vm).gen_collect,
                class_lookups: (*vm).class_lookup_cache.as_ptr(),
                vm,
                frame,
                exec,
            }
        }
    }

    /// The executor whose code runs (code that follows a link switches it).
    pub fn exec(&self) -> *const Executor {
        self.exec
    }

    /// The interrupt word, as machine code reads it.
    pub fn signals(&self) -> *const Signals {
        self.signals
    }

    /// The fuel word, as machine code reads it.
    pub fn fuel(&self) -> *mut i64 {
        self.fuel
    }

    /// The value stack, as machine code reads it.
    pub fn stack(&self) -> *mut ValueStack {
        self.stack
    }

    /// The object arena, as machine code reads it.
    pub fn objs(&self) -> *const FixedVec<Obj> {
        self.objs
    }

    /// The collection clock, as machine code reads it.
    pub fn gc(&self) -> *const GcClock {
        self.gc
    }

    /// The frame records, as machine code reads them.
    pub fn frames(&self) -> *mut FixedVec<Frame> {
        self.frames
    }
}

/// What a helper answers (a `u32` in the return register).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelperStatus {
    /// Go on with the next uop.
    Next = 0,
    /// The frame stack changed (call, return, yield): reload the frame state.
    Reload = 1,
    /// The entry frame returned.
    Exit = 2,
    /// A guard failed before any effect: leave through the uop's exit.
    Deopt = 3,
    /// An exception was raised (it is in the VM).
    Error = 4,
    /// Nothing ran: the caller handles the uop another way.
    Slow = 5,
    /// A uop that changes frames did not change them as recorded: the run of the executor
    /// is over, and the VM knows how it ended ([`flow_helper`]).
    Left = 6,
    /// Code changed frames itself, elsewhere than recorded (a return to another call
    /// site): the frames are exact, and the VM takes the uop's dynamic exit.
    Moved = 7,
    /// `Left`, to the executor that the uop's dynamic exit now links to: code may follow
    /// the exit's link slot to it (after any other outcome, the VM may have started
    /// recording a trace, which code must not run ahead of).
    Linked = 8,
}

/// The signature of every uop helper: context, oparg, operand (the offset of the uop's
/// tier-1 instruction in the low 32 bits, the offset after it in the high 32), status.
pub type UopHelper = unsafe extern "C" fn(*mut HelperContext, u32, u64) -> u32;

impl HelperStatus {
    fn of(step: Step) -> HelperStatus {
        match step {
            Step::Next => HelperStatus::Next,
            Step::Reload => HelperStatus::Reload,
            Step::Exit => HelperStatus::Exit,
            Step::Deopt => HelperStatus::Deopt,
            Step::Error => HelperStatus::Error,
            Step::Slow => HelperStatus::Slow,
        }
    }

    /// The status a helper returned (anything else reads as `Error`: a helper never
    /// returns it, and an error is the safe reading).
    pub fn from_u32(v: u32) -> HelperStatus {
        match v {
            0 => HelperStatus::Next,
            1 => HelperStatus::Reload,
            2 => HelperStatus::Exit,
            3 => HelperStatus::Deopt,
            5 => HelperStatus::Slow,
            6 => HelperStatus::Left,
            7 => HelperStatus::Moved,
            8 => HelperStatus::Linked,
            _ => HelperStatus::Error,
        }
    }

    /// The interpreter's step of this status.
    pub(crate) fn step(self) -> Step {
        match self {
            HelperStatus::Next => Step::Next,
            HelperStatus::Reload => Step::Reload,
            HelperStatus::Exit => Step::Exit,
            HelperStatus::Deopt => Step::Deopt,
            HelperStatus::Error => Step::Error,
            // (The executor handles `Left`, `Linked` and `Moved` before asking for a step; `Slow`
            // reads as the internal error it would be.)
            HelperStatus::Slow
            | HelperStatus::Left
            | HelperStatus::Linked
            | HelperStatus::Moved => Step::Slow,
        }
    }
}

/// The shared body of every helper: sets the frame's offsets from the operand and runs
/// the uop's handler. (Out of line: the helpers are small trampolines into this one.)
///
/// # Safety
/// `cx` points to a live [`HelperContext`] whose pointers are a live `Vm` and `Ctx` that
/// nothing else borrows during the call.
#[inline(never)]
unsafe fn run(cx: *mut HelperContext, uop: u8, oparg: u32, operand: u64) -> u32 {
    // SAFETY: the caller guarantees `cx` and the pointers in it are live and unaliased for
    // the call (`call` builds them from exclusive borrows; machine code passes what the
    // executor gave it).
    let (vm, ctx) = unsafe {
        let cx = &mut *cx;
        (&mut *cx.vm, &mut *cx.frame.cast::<Ctx<'_>>())
    };
    ctx.this = operand as u32 as usize;
    ctx.ip = (operand >> 32) as usize;
    HelperStatus::of(UOP_HANDLERS[uop as usize](vm, ctx, oparg)) as u32
}

macro_rules! helper_table {
    ($($name:ident |$a:ident| ($pops:expr, $pushes:expr) $(/ ($jpops:expr, $jpushes:expr))? {$($f:ident)|*} $(replaces [$($from:ident),*])?;)*) => {
        /// The helper of every uop, indexed by `Uop as usize`.
        pub static UOP_HELPERS: [UopHelper; Uop::ALL.len()] = [
            $({
                /// The helper of this uop.
                ///
                /// # Safety
                /// As [`run`]'s.
                unsafe extern "C" fn helper(cx: *mut HelperContext, oparg: u32, operand: u64) -> u32 {
                    // SAFETY: forwarded from the caller.
                    unsafe { run(cx, Uop::$name as u8, oparg, operand) }
                }
                helper
            },)*
        ];
    };
}

crate::for_each_uop!(helper_table);

/// The helper machine code calls for a uop that changes frames (a call, a return, a
/// generator hop), with the uop's index in its executor as the oparg: it runs the uop as the
/// uop executor does and answers `Next` when the frame change is the recorded one (the
/// frame state then describes the new frame; code reloads its pinned pointers), `Left`
/// otherwise. Same signature as the uop helpers.
///
/// # Safety
/// As every helper's: `cx` points to a live context whose pointers nothing else borrows
/// during the call; and `cx` is the context of an executor's code (as `CompiledCode` makes
/// it to run the code): its executor pointer is live, and its frame pointer is the
/// executor's run state.
pub unsafe extern "C" fn flow_helper(cx: *mut HelperContext, pc: u32, _operand: u64) -> u32 {
    // SAFETY: the caller guarantees `cx` and its pointers are live and unaliased for the
    // call, and that `frame` points to the executor's `Run`, whose lifetime is the
    // executor's (which outlives the call).
    let (vm, exec, run) = unsafe {
        let cx = &mut *cx;
        if cx.exec.is_null() {
            return HelperStatus::Error as u32;
        }
        (
            &mut *cx.vm,
            &*cx.exec,
            &mut *cx.frame.cast::<crate::exec::run::Run<'_>>(),
        )
    };
    vm.run_flow_uop(exec, run, pc as usize) as u32
}

/// `a % b` for two floats given as their bits (Python's `float % float`), for machine code
/// that has both operands as floats: integers only, as every helper. A zero divisor gives
/// NaN; code runs the uop's own helper for one instead, which raises.
pub extern "C" fn float_rem_bits(a: u64, b: u64) -> u64 {
    crate::numeric::floatops::float_mod(f64::from_bits(a), f64::from_bits(b))
        .unwrap_or(f64::NAN)
        .to_bits()
}

/// A new instance of the class below the `argc` arguments and the null of a call, pushed on
/// the value stack, for machine code's inline
/// `_CALL_ALLOC_AND_ENTER_INIT` (`Vm::push_new_instance`), at the instruction the operand
/// names as the uop helpers' do. Same signature and statuses as the uop helpers.
///
/// # Safety
/// As [`run`]'s.
pub unsafe extern "C" fn new_instance_helper(
    cx: *mut HelperContext,
    argc: u32,
    operand: u64,
) -> u32 {
    // SAFETY: as in `run`: the caller guarantees the context's pointers are live and
    // unaliased for the call.
    let (vm, ctx) = unsafe {
        let cx = &mut *cx;
        (&mut *cx.vm, &mut *cx.frame.cast::<Ctx<'_>>())
    };
    ctx.this = operand as u32 as usize;
    ctx.ip = (operand >> 32) as usize;
    let r = vm.push_new_instance(ctx, argc as usize);
    HelperStatus::of(crate::interp::eval::to_step(vm, r)) as u32
}

/// The truth of the str in the arena slot at `obj` (1 when it is not empty), for machine
/// code testing a str it has checked the tag of (`_TO_BOOL_STR`): a str's length has no
/// fixed place (short ones are stored inline).
///
/// # Safety
/// `obj` points to a live arena slot.
pub unsafe extern "C" fn str_truth(obj: *const Obj) -> u32 {
    // SAFETY: the caller guarantees `obj` is a live arena slot; it is only read.
    match unsafe { &*obj } {
        Obj::Str(s) => u32::from(!s.is_empty()),
        _ => 0,
    }
}

/// The helper of `uop`.
pub fn helper_of(uop: Uop) -> UopHelper {
    UOP_HELPERS[uop as usize]
}

/// Runs `uop` through its helper, as machine code would: at tier-1 offset `this` (with
/// `next` after it) of the frame `ctx` describes.
pub(crate) fn call(
    vm: &mut Vm,
    ctx: &mut Ctx,
    uop: Uop,
    oparg: u32,
    this: usize,
    next: usize,
) -> Step {
    let mut cx = HelperContext::new(vm, (ctx as *mut Ctx<'_>).cast::<()>());
    let operand = (this as u32 as u64) | ((next as u32 as u64) << 32);
    // SAFETY: `cx` holds pointers made from the exclusive borrows `vm` and `ctx`, which stay
    // unused until the helper returns, and the helper is the uop's own.
    let status = unsafe { helper_of(uop)(&mut cx, oparg, operand) };
    HelperStatus::from_u32(status).step()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip_and_unknown_values_read_as_errors() {
        for s in [
            HelperStatus::Next,
            HelperStatus::Reload,
            HelperStatus::Exit,
            HelperStatus::Deopt,
            HelperStatus::Error,
            HelperStatus::Slow,
            HelperStatus::Left,
            HelperStatus::Moved,
            HelperStatus::Linked,
        ] {
            assert_eq!(HelperStatus::from_u32(s as u32), s);
        }
        assert_eq!(HelperStatus::from_u32(77), HelperStatus::Error);
    }

    #[test]
    fn every_uop_has_its_own_helper() {
        for (i, &u) in Uop::ALL.iter().enumerate() {
            for &v in &Uop::ALL[..i] {
                assert_ne!(helper_of(u) as usize, helper_of(v) as usize, "{}", u.name());
            }
        }
    }
}
