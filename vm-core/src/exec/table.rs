//! An executor's dispatch table: what the uop executor's hot loop calls, one compact entry
//! per dispatch, derived from the uops when the executor is registered.
//!
//! The hot loop (`exec::run`) does per dispatch only what tier 1's loop does per
//! instruction: store the tier-1 offset, call the entry's handler with its oparg, test the
//! result, step to the next entry. Which uops get a real handler is decided here, once:
//! whole tier-1 instructions that neither jump nor change frames (their tier-1 handler),
//! plain uops that cannot escape to Python code nor jump (their uop handler), safe points
//! and branch guards (a handler of their common case), promoted heap objects (a push of
//! the object). Every other uop gets [`slow`], which
//! runs nothing and sends the executor to its out-of-line path for that uop.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::cell::Cell;

use super::forms::DISPATCH;
use super::ir::{check, TraceCode, UopInst};
use crate::bytecode::ops::{Flags, Op, Uop};
use crate::interp::eval::{Ctx, Handler, Step, UOP_HANDLERS};
use crate::object::value::{ObjRef, Value};
use crate::vm::Vm;

/// One dispatch: the handler, its oparg and the tier-1 offset it runs at (`ctx.this`).
/// 16 bytes.
#[derive(Debug)]
pub(crate) struct Entry {
    /// What the hot loop calls. (A cell: invalidating the executor turns its validity
    /// checks' entries from [`valid`] to [`slow`], see [`Table::invalidate`].)
    pub handler: Cell<Handler>,
    /// The oparg it is called with.
    pub oparg: u32,
    /// The tier-1 instruction's offset.
    pub target: u32,
}

/// The entries of one executor, with the maps between entries and uop indices.
#[derive(Debug, Default)]
pub(crate) struct Table {
    /// One per dispatch, in uop order.
    pub entries: Box<[Entry]>,
    /// The uop index each entry starts at, with [`OUTCOME`] set on entries that check where
    /// a jump or frame change went.
    pub pc: Box<[u16]>,
    /// For each uop index, the entry starting there ([`NOT_AN_ENTRY`] inside a whole
    /// instruction's run).
    pub entry: Box<[u16]>,
    /// Per entry: the tier-1 instructions its dispatch starts, counted against the budget
    /// (`exec::fuel`).
    pub fuel: Box<[u8]>,
    /// Per uop: the weight of its instruction, given back when an exit re-runs it.
    pub instr_fuel: Box<[u8]>,
}

/// [`Table::entry`] of a uop inside a whole instruction's run.
pub(crate) const NOT_AN_ENTRY: u16 = u16::MAX;

/// [`Table::pc`] bit of an entry that checks where a uop that may jump or change frames
/// went: its own wrapper ([`went`], [`flowing`]), or the entry after a jumping whole
/// instruction ([`went_as_recorded`]).
/// (So executors have fewer than this many uops: `Executor::well_formed`.)
pub(crate) const OUTCOME: u16 = 0x8000;

impl Table {
    /// The table of `uops` (fewer than [`OUTCOME`] of them, which `Executor::well_formed`
    /// requires; an empty table otherwise, which runs nothing), whose promoted constants
    /// are `consts`.
    pub fn derive(
        uops: &[UopInst],
        codes: &[TraceCode],
        consts: &[Value],
        helpers: bool,
    ) -> Table {
        if uops.len() >= OUTCOME as usize {
            return Table::default();
        }
        let body = uops.get(1..).unwrap_or_default();
        let weights = super::fuel::weights(uops, super::fuel::loop_top(body, 1));
        let mut fuel = Vec::new();
        let mut entries = Vec::new();
        let mut pcs = Vec::new();
        let mut entry = alloc::vec![NOT_AN_ENTRY; uops.len()];
        let mut pc = 0;
        while pc < uops.len() {
            let u = &uops[pc];
            let c = u.check;
            let len = if c & check::WHOLE != 0 {
                check::whole_len(c).max(1)
            } else {
                1
            };
            entry[pc] = entries.len() as u16;
            // The handler, its oparg, and whether it checks the uop's outcome itself.
            let went = is_jumping_whole(c)
                .then(|| went_handler(u, codes))
                .flatten();
            let (handler, oparg, checks) = if let Some((h, packed)) = with_offset(u, helpers) {
                // A uop that needs `ctx.ip`: its wrapper sets it; one that can jump or change
                // frames has its outcome checked after (see [`flowing`]).
                (h, packed, c & check::FLOW != 0)
            } else if let Some(h) = went {
                (h, u.oparg, true)
            } else if let Some((h, r)) = promoted_object(u, consts) {
                (h, r, false)
            } else if let Some((h, packed)) = helpers.then(|| plain_via_helper(u)).flatten() {
                (h, packed, false)
            } else {
                (handler_of(u), u.oparg, false)
            };
            pcs.push(pc as u16 | if checks { OUTCOME } else { 0 });
            let starts = weights.start.get(pc..(pc + len).min(uops.len()));
            fuel.push(starts.unwrap_or_default().iter().sum());
            entries.push(Entry {
                handler: Cell::new(handler),
                oparg,
                target: u.target,
            });
            if is_jumping_whole(c) && !checks {
                // The jump's outcome, as its own entry: the common case (the recorded
                // way) is then two fast dispatches.
                pcs.push(pc as u16 | OUTCOME);
                fuel.push(0);
                entries.push(Entry {
                    handler: Cell::new(went_as_recorded),
                    oparg: u.expect,
                    target: u.target,
                });
            }
            pc += len;
        }
        Table {
            entries: entries.into_boxed_slice(),
            pc: pcs.into_boxed_slice(),
            entry: entry.into_boxed_slice(),
            fuel: fuel.into_boxed_slice(),
            instr_fuel: weights.instr.into_boxed_slice(),
        }
    }

    /// The executor `uops` belong to is no longer valid: its validity checks leave.
    pub fn invalidate(&self, uops: &[UopInst]) {
        for (d, &pc) in self.entries.iter().zip(self.pc.iter()) {
            let check = uops.get(pc as usize).map(|u| u.uop);
            if pc & OUTCOME == 0 && check == Some(Uop::_CHECK_VALIDITY) {
                d.handler.set(slow);
            }
        }
    }

    /// Bytes the table occupies.
    pub fn bytes(&self) -> usize {
        size_of::<Table>()
            + self.entries.len() * size_of::<Entry>()
            + (self.pc.len() + self.entry.len()) * 2
            + self.fuel.len()
            + self.instr_fuel.len()
    }
}

/// Whether a uop with check bits `c` starts a whole instruction that may jump but not
/// change frames.
fn is_jumping_whole(c: u8) -> bool {
    c & (check::WHOLE | check::SPECIAL | check::FLOW) == check::WHOLE | check::FLOW
}

/// The handler the hot loop calls for the dispatch starting at `u`. (A `VALIDATE` mark
/// does not matter here: the validity check after the dispatch is an entry of its own.)
fn handler_of(u: &UopInst) -> Handler {
    let c = u.check & !check::VALIDATE;
    if c & (check::WHOLE | check::SPECIAL) == check::WHOLE {
        // A whole instruction that does not change frames: its tier-1 handler (which sets
        // `ctx.ip` itself; where a jump went is the next entry's business).
        return DISPATCH[u.expect_code as usize];
    }
    if c == check::SPECIAL {
        return match u.uop {
            Uop::_GUARD_IS_TRUE_POP => guard_true,
            Uop::_GUARD_IS_FALSE_POP => guard_false,
            Uop::_GUARD_IS_NONE_POP => guard_none,
            Uop::_GUARD_IS_NOT_NONE_POP => guard_not_none,
            Uop::_CHECK_VALIDITY => valid,
            _ => slow,
        };
    }
    if c != check::NONE {
        return slow;
    }
    match u.uop {
        uop if uop.flags().contains(Flags::PERIODIC) => safe_point,
        uop if is_plain(u) => UOP_HANDLERS[uop as usize],
        _ => slow,
    }
}

/// Whether `u` is a plain uop, which the hot loop runs through its uop handler without
/// `ctx.ip` set to its successor (it stores only `this`): no check of its own, not a safe
/// point nor a constant of the executor (those run out of line), and no uop that can reach
/// code reading `ctx.ip` (calls, dunder methods, native code that saves the frame's
/// offset) or jump.
fn is_plain(u: &UopInst) -> bool {
    u.check & !check::VALIDATE == check::NONE
        && u.uop != Uop::_LOAD_CONST_INLINE
        && !u
            .uop
            .flags()
            .intersects(Flags::PERIODIC | Flags::ESCAPES | Flags::FRAME | Flags::JUMP)
}

/// For a single uop that reads `ctx.ip` (it may escape to Python code, which saves the
/// frame's offset, or jump, or change frames) and is not one of the executor's own: the
/// wrapper that sets it, and the oparg that carries the uop, the offset's distance from the
/// instruction and the uop's own oparg. `None` when they do not fit (then out of line).
fn with_offset(u: &UopInst, helpers: bool) -> Option<(Handler, u32)> {
    let c = u.check & !check::VALIDATE;
    let flow = c == check::FLOW;
    let escapes = c == check::NONE
        && u.uop != Uop::_LOAD_CONST_INLINE
        && !u.uop.flags().contains(Flags::PERIODIC)
        && u.uop
            .flags()
            .intersects(Flags::ESCAPES | Flags::FRAME | Flags::JUMP);
    let delta = u.next.checked_sub(u.target)?;
    if !(flow || escapes) || delta > 0xFF || u.oparg > 0xFFFF {
        return None;
    }
    let oparg = (u.uop as u32) << 24 | delta << 16 | u.oparg;
    let handler: Handler = match (flow, helpers) {
        (true, false) => flowing_of(u.uop),
        (false, false) => escaping,
        (true, true) => flowing_via_helper,
        (false, true) => escaping_via_helper,
    };
    Some((handler, oparg))
}

/// In helper mode ([`crate::Config::uop_helpers`]): the plain uop `u` (one [`handler_of`]
/// gives its uop handler) through its helper instead, with the oparg packed as for
/// [`with_offset`].
fn plain_via_helper(u: &UopInst) -> Option<(Handler, u32)> {
    let delta = u.next.checked_sub(u.target)?;
    if !is_plain(u) || delta > 0xFF || u.oparg > 0xFFFF {
        return None;
    }
    Some((
        escaping_via_helper,
        (u.uop as u32) << 24 | delta << 16 | u.oparg,
    ))
}

/// Runs the uop packed in `packed` (see [`with_offset`]) through its `extern "C"` helper,
/// as machine code would.
fn run_via_helper(vm: &mut Vm, ctx: &mut Ctx, packed: u32) -> Step {
    let Some(&uop) = Uop::ALL.get((packed >> 24) as usize) else {
        return Step::Slow;
    };
    let this = ctx.this;
    let next = this + (packed >> 16 & 0xFF) as usize;
    crate::jit::helpers::call(vm, ctx, uop, packed & 0xFFFF, this, next)
}

/// [`escaping`] through the uop's helper.
fn escaping_via_helper(vm: &mut Vm, ctx: &mut Ctx, packed: u32) -> Step {
    run_via_helper(vm, ctx, packed)
}

/// [`flowing`] through the uop's helper.
fn flowing_via_helper(vm: &mut Vm, ctx: &mut Ctx, packed: u32) -> Step {
    match run_via_helper(vm, ctx, packed) {
        Step::Next => Step::Slow,
        step => step,
    }
}

/// Runs the uop packed in `packed` (see [`with_offset`]) with `ctx.ip` set.
#[inline(always)]
fn run_packed(vm: &mut Vm, ctx: &mut Ctx, packed: u32) -> Step {
    ctx.ip = ctx.this + (packed >> 16 & 0xFF) as usize;
    UOP_HANDLERS[(packed >> 24) as usize](vm, ctx, packed & 0xFFFF)
}

/// A uop that may escape to Python code (no outcome to check).
fn escaping(vm: &mut Vm, ctx: &mut Ctx, packed: u32) -> Step {
    run_packed(vm, ctx, packed)
}

/// A uop that may jump or change frames: where it went is checked by the executor, so
/// going on answers `Step::Slow` (its entry carries [`OUTCOME`]), and a frame change
/// `Step::Reload`, as the uop's handler does.
fn flowing(vm: &mut Vm, ctx: &mut Ctx, packed: u32) -> Step {
    match run_packed(vm, ctx, packed) {
        Step::Next => Step::Slow,
        step => step,
    }
}

/// The [`flowing`] wrapper of `uop`: its own for the generator hops and returns (one or
/// two per iteration of a loop over a generator), which then call the uop's handler
/// directly, saving the shared wrapper's indirect call.
fn flowing_of(uop: Uop) -> Handler {
    match uop {
        Uop::_FOR_ITER_GEN => flowing_uop::<{ Uop::_FOR_ITER_GEN as usize }>,
        Uop::_FOR_ITER_GEN_PROVEN => flowing_uop::<{ Uop::_FOR_ITER_GEN_PROVEN as usize }>,
        Uop::_YIELD_VALUE => flowing_uop::<{ Uop::_YIELD_VALUE as usize }>,
        Uop::_SEND => flowing_uop::<{ Uop::_SEND as usize }>,
        Uop::_RETURN_VALUE => flowing_uop::<{ Uop::_RETURN_VALUE as usize }>,
        _ => flowing,
    }
}

/// [`flowing`] for uop number `U` (packed as for [`with_offset`]), with the uop's body
/// inline (what its entry in `UOP_HANDLERS` runs), so a hop is one call, not two.
fn flowing_uop<const U: usize>(vm: &mut Vm, ctx: &mut Ctx, packed: u32) -> Step {
    let uop = const { Uop::ALL[U] };
    ctx.ip = ctx.this + (packed >> 16 & 0xFF) as usize;
    if const { Uop::ALL[U].flags().contains(Flags::ESCAPES) } {
        vm.reify_frame(ctx);
    }
    let r = vm.exec_uop(ctx, uop, packed & 0xFFFF);
    match crate::interp::eval::to_step(vm, r) {
        Step::Next => Step::Slow,
        step => step,
    }
}

/// For a `_LOAD_CONST_INLINE` of a heap object (a promoted function, class or module: the
/// common promoted global) or of an immediate builtin (a promoted `len`): the handler that
/// pushes it, with the object's arena index or the builtin's table and entry as its oparg,
/// so the hot loop runs it without the executor's constants. (The executor's constants keep
/// the object alive, and the heap does not move objects.)
fn promoted_object(u: &UopInst, consts: &[Value]) -> Option<(Handler, u32)> {
    if u.uop != Uop::_LOAD_CONST_INLINE || u.check & !check::VALIDATE != check::NONE {
        return None;
    }
    let v = *consts.get((u.oparg >> 1) as usize)?;
    let null = u.oparg & 1 != 0;
    if let Some(r) = v.as_obj() {
        let handler: Handler = if null {
            push_object_and_null
        } else {
            push_object
        };
        return Some((handler, r.0));
    }
    let (table, entry) = v.as_native()?;
    let handler: Handler = if null {
        push_native_and_null
    } else {
        push_native
    };
    Some((handler, u32::from(table) << 16 | u32::from(entry)))
}

/// A promoted heap object (see [`promoted_object`]).
fn push_object(vm: &mut Vm, _: &mut Ctx, index: u32) -> Step {
    vm.push(Value::obj(ObjRef(index)));
    if vm.stack.overflowed() {
        return crate::interp::eval::stack_overflow(vm);
    }
    Step::Next
}

/// A promoted heap object to call, and the null after it (see [`promoted_object`]).
fn push_object_and_null(vm: &mut Vm, _: &mut Ctx, index: u32) -> Step {
    vm.push(Value::obj(ObjRef(index)));
    vm.push(Value::UNDEF);
    if vm.stack.overflowed() {
        return crate::interp::eval::stack_overflow(vm);
    }
    Step::Next
}

/// The immediate builtin of a packed table and entry (see [`promoted_object`]).
#[inline(always)]
fn native_of(packed: u32) -> Value {
    Value::native((packed >> 16) as u16, packed as u16)
}

/// A promoted immediate builtin (see [`promoted_object`]).
fn push_native(vm: &mut Vm, _: &mut Ctx, packed: u32) -> Step {
    vm.push(native_of(packed));
    if vm.stack.overflowed() {
        return crate::interp::eval::stack_overflow(vm);
    }
    Step::Next
}

/// A promoted immediate builtin to call, and the null after it (see [`promoted_object`]).
fn push_native_and_null(vm: &mut Vm, _: &mut Ctx, packed: u32) -> Step {
    vm.push(native_of(packed));
    vm.push(Value::UNDEF);
    if vm.stack.overflowed() {
        return crate::interp::eval::stack_overflow(vm);
    }
    Step::Next
}

/// A validity check of a valid executor (see [`Table::invalidate`]).
fn valid(_: &mut Vm, _: &mut Ctx, _: u32) -> Step {
    Step::Next
}

/// Runs nothing: the executor handles the uop out of line.
fn slow(_: &mut Vm, _: &mut Ctx, _: u32) -> Step {
    Step::Slow
}

/// The handler of a whole instruction that may jump (`u`) that also checks it went the
/// way it went when recorded ([`went`]), for the instructions of traces' branches.
fn went_handler(u: &UopInst, codes: &[TraceCode]) -> Option<Handler> {
    let (op, _, _) = super::forms::describe(u.expect_code)?;
    let fall = u.target as usize + fall_through(op);
    // The jump's target: the oparg, or for a fused form the oparg of the jump it covers.
    let jump = if op.own_flags().contains(Flags::FUSED) {
        let at = u.target as usize + 1 + op.cache_units();
        (codes.get(u.code as usize)?.caches.get(at)?.get() >> 8) as usize
    } else {
        u.oparg as usize
    };
    // Two ways to go, and the recorded one is one of them (else the outcome is checked by
    // an entry of its own, against the recorded offset).
    let expect = u.expect as usize;
    if fall == jump || (expect != fall && expect != jump) {
        return None;
    }
    let fell = expect == fall;
    WENT[u.expect_code as usize][fell as usize]
}

/// [`went`] for every dispatch code that is a two-way branch (falls through or jumps to
/// its one target, running no other code), by code, then by whether it fell through when
/// recorded. (Only the branches' wrappers exist: a static's initializer instantiates only the
/// functions its value points to.)
static WENT: [[Option<Handler>; 2]; 256] = {
    let mut t: [[Option<Handler>; 2]; 256] = [[None; 2]; 256];
    macro_rules! code {
        ($code:expr) => {{
            const CODE: usize = $code;
            if is_branch_code(CODE) {
                const FALL: usize = fall_through_code(CODE);
                t[CODE] = [
                    Some(went::<CODE, FALL, false>),
                    Some(went::<CODE, FALL, true>),
                ];
            }
        }};
    }
    macro_rules! sixteen {
        ($hi:expr) => {
            code!($hi * 16);
            code!($hi * 16 + 1);
            code!($hi * 16 + 2);
            code!($hi * 16 + 3);
            code!($hi * 16 + 4);
            code!($hi * 16 + 5);
            code!($hi * 16 + 6);
            code!($hi * 16 + 7);
            code!($hi * 16 + 8);
            code!($hi * 16 + 9);
            code!($hi * 16 + 10);
            code!($hi * 16 + 11);
            code!($hi * 16 + 12);
            code!($hi * 16 + 13);
            code!($hi * 16 + 14);
            code!($hi * 16 + 15);
        };
    }
    sixteen!(0);
    sixteen!(1);
    sixteen!(2);
    sixteen!(3);
    sixteen!(4);
    sixteen!(5);
    sixteen!(6);
    sixteen!(7);
    sixteen!(8);
    sixteen!(9);
    sixteen!(10);
    sixteen!(11);
    sixteen!(12);
    sixteen!(13);
    sixteen!(14);
    sixteen!(15);
    t
};

/// Whether dispatch code `code` is a two-way branch ([`Op::is_branch`] of what it runs).
const fn is_branch_code(code: usize) -> bool {
    if code > u8::MAX as usize {
        return false;
    }
    match super::forms::describe(code as u8) {
        Some((_, f, _)) => f.is_branch(),
        None => false,
    }
}

/// [`fall_through`] of the instruction whose layout dispatch code `code` has (0 for bytes
/// that are no code).
const fn fall_through_code(code: usize) -> usize {
    if code > u8::MAX as usize {
        return 0;
    }
    match super::forms::describe(code as u8) {
        Some((op, _, _)) => fall_through(op),
        None => 0,
    }
}

/// Where an instruction that may jump goes when it does not, relative to its offset: after
/// its cache, and for a compare or test fused with the jump after it, after the jump's.
const fn fall_through(op: Op) -> usize {
    let own = 1 + op.cache_units();
    if op.own_flags().contains(Flags::FUSED) {
        own + 1 + Op::POP_JUMP_IF_FALSE.cache_units()
    } else {
        own
    }
}

/// A whole instruction with two ways to go (fall through or jump to its one target):
/// its tier-1 handler, then whether it fell through (to `this + FALL`) is `FELL`, as
/// when recorded. The other way answers `Step::Slow` with the instruction complete (its
/// entry carries [`OUTCOME`]).
fn went<const OP: usize, const FALL: usize, const FELL: bool>(
    vm: &mut Vm,
    ctx: &mut Ctx,
    arg: u32,
) -> Step {
    let step = DISPATCH[OP](vm, ctx, arg);
    if step == Step::Next && (ctx.ip == ctx.this + FALL) != FELL {
        return Step::Slow;
    }
    step
}

/// After a whole instruction that may jump: it went where it went when recorded (the
/// oparg), or the executor leaves out of line.
fn went_as_recorded(_: &mut Vm, ctx: &mut Ctx, expect: u32) -> Step {
    if ctx.ip as u32 == expect {
        Step::Next
    } else {
        Step::Slow
    }
}

/// A safe point with nothing due passes; otherwise out of line.
fn safe_point(vm: &mut Vm, _: &mut Ctx, _: u32) -> Step {
    if vm.periodic_due() {
        Step::Slow
    } else {
        Step::Next
    }
}

/// A branch guard that holds pops the condition; the other way is left out of line
/// (with nothing popped).
#[inline(always)]
fn branch_guard(vm: &mut Vm, holds: impl Fn(Value) -> bool) -> Step {
    match vm.stack.last() {
        Some(&v) if holds(v) => {
            vm.stack.pop();
            Step::Next
        }
        _ => Step::Slow,
    }
}

fn guard_true(vm: &mut Vm, _: &mut Ctx, _: u32) -> Step {
    branch_guard(vm, |v| v == Value::TRUE)
}

fn guard_false(vm: &mut Vm, _: &mut Ctx, _: u32) -> Step {
    branch_guard(vm, |v| v == Value::FALSE)
}

fn guard_none(vm: &mut Vm, _: &mut Ctx, _: u32) -> Step {
    branch_guard(vm, |v| v == Value::NONE)
}

fn guard_not_none(vm: &mut Vm, _: &mut Ctx, _: u32) -> Step {
    branch_guard(vm, |v| v != Value::NONE)
}
