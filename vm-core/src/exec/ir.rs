//! The uop IR of tier 2: fixed-size uop instructions and the executor that owns them.
//!
//! A trace is a straight line of [`UopInst`]s, each the uop of a tier-1 instruction (same
//! body, same oparg) plus the tier-1 offsets it belongs to, so frames stay exact at every
//! point: the uop executor sets the frame's instruction offsets from `target`/`next` before
//! each uop, which is what CPython's `_SET_IP` does, folded into the uop record. Guards and
//! outcome checks name an *exit stub*: a uop placed after the trace's terminal uop (as in
//! CPython), whose cells hold the exit's temperature and the executor it is linked to.
//! Executors are immutable once built, except those cells and `valid`.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::vec::Vec;
use core::cell::Cell;

use crate::bytecode::code::CodeObject;
use crate::bytecode::ops::{Flags, Op, Uop};
use crate::object::value::Value;
use crate::opt::link::{ExitFacts, FrameFacts, LoopEntry};

/// `UopInst::exit` of a uop that cannot leave the trace.
pub const NO_EXIT: u16 = u16::MAX;
/// `UopInst::expect_code` of a uop after which the recording saw no frame change.
pub const SAME_FRAME: u8 = u8::MAX;

/// [`UopInst::expect`] of a return or yield the recording saw leave for native code: an
/// offset no frame has, so that a return into a Python frame is a dynamic exit.
pub const RETURNED: u32 = u32::MAX;

/// Bits of `UopInst::check`: what the uop executor checks after running a uop.
pub mod check {
    /// Nothing: the uop cannot jump or change frames.
    pub const NONE: u8 = 0;
    /// The uop may jump or change frames: its outcome must be the recorded one (`expect`,
    /// `expect_code`), otherwise the trace is left through the uop's exit.
    pub const FLOW: u8 = 1;
    /// A uop the executor runs itself (trace control, branch guards), not a tier-1 body.
    pub const SPECIAL: u8 = 4;
    /// The first of a run of uops that is exactly a tier-1 instruction's definition (its
    /// dispatch code in `expect_code` (an opcode or a form, see `exec::forms`), the run's length in bits 5-7, see [`whole_len`]): the
    /// executor runs the run with that instruction's handler, one call instead of one per
    /// uop. When the run ends in a jumping uop, the first also carries `FLOW` with that
    /// uop's `expect` and `jump_exit`.
    pub const WHOLE: u8 = 8;
    /// On the first uop of a dispatch (a `WHOLE` run or a plain uop) that a
    /// `_CHECK_VALIDITY` follows: the executor tests validity itself right after the
    /// dispatch and skips the check's own dispatch while the executor is valid.
    pub const VALIDATE: u8 = 0x10;
    /// The length of the `WHOLE` run a uop starts.
    #[inline(always)]
    pub fn whole_len(check: u8) -> usize {
        (check >> 5) as usize
    }

    /// Whether the dispatch this uop starts absorbs the `_CHECK_VALIDITY` after it (0 or 1).
    #[inline(always)]
    pub fn validates(check: u8) -> usize {
        ((check >> 4) & 1) as usize
    }
}

/// Whether the uop executor runs `uop` itself rather than through its tier-1 body (role
/// `SPECIAL` in the op table).
pub fn is_special(uop: Uop) -> bool {
    uop.flags().contains(Flags::SPECIAL)
}

/// Whether `uop` is a type or version guard: it checks an assumption and deoptimizes on a
/// miss (with `_CHECK_VALIDITY`, the guards the optimizer tries to remove; branch guards
/// are control flow and counted apart). The actions split from their type guards (role
/// `SPLIT`) are not: they deoptimize only on a value check (role `VALUE_CHECK`) or, as a
/// safety net, when reached with a type their guard excludes.
pub fn is_guard(uop: Uop) -> bool {
    uop.flags().contains(Flags::DEOPT) && !uop.flags().contains(Flags::SPLIT)
}

/// Whether `uop` is a *value check* (role `VALUE_CHECK`): counted apart from guards
/// (`--stats` "value checks executed"), since no type proof can remove it.
pub fn is_value_check(uop: Uop) -> bool {
    uop.flags().contains(Flags::VALUE_CHECK)
}

/// The link of an exit that no trace has been attached to: the shared cold exit.
pub const COLD_LINK: u32 = 0;

/// One uop of a trace. 32 bytes.
#[derive(Clone, Debug)]
pub struct UopInst {
    /// The micro-op.
    pub uop: Uop,
    /// Index (in [`Executor::codes`]) of the code whose frame the uop runs in.
    pub code: u8,
    /// A [`check`] kind.
    pub check: u8,
    /// For a `FLOW` uop: the code index of the frame the recording continued in after a frame
    /// change, or [`SAME_FRAME`].
    pub expect_code: u8,
    /// The exit stub taken when the uop's guard fails (or, for a branch guard, when the
    /// branch goes the other way), or [`NO_EXIT`].
    pub exit: u16,
    /// For a `FLOW` uop: the exit stub taken when it jumps the other way than recorded.
    pub jump_exit: u16,
    /// The uop's oparg (the tier-1 instruction's).
    pub oparg: u32,
    /// Offset of the tier-1 instruction (`ctx.this`; exit stubs: where tier 1 resumes).
    pub target: u32,
    /// Offset after that instruction and its inline cache (`ctx.ip` while the uop runs).
    pub next: u32,
    /// For a `FLOW` uop: the offset execution went on at when recorded. For a trace's
    /// terminal `_EXIT_TRACE`: the id of the executor whose loop copy it may enter
    /// (`opt::link`; 0: none).
    pub expect: u32,
    /// Exit stubs: the backoff counter that decides when the exit is hot.
    pub temperature: Cell<u32>,
    /// Exit stubs: the id of the executor the exit is linked to ([`COLD_LINK`] at first).
    pub link: Cell<u32>,
}

impl UopInst {
    /// A uop of the instruction at `target` (whose successor is `next`).
    pub fn new(uop: Uop, oparg: u32, code: u8, target: u32, next: u32) -> UopInst {
        UopInst {
            uop,
            code,
            // A uop that can change frames always has its outcome checked: without a
            // recorded expectation, any frame change leaves the trace.
            check: if is_special(uop) {
                check::SPECIAL
            } else if uop.flags().contains(Flags::FRAME) {
                check::FLOW
            } else {
                check::NONE
            },
            expect_code: SAME_FRAME,
            exit: NO_EXIT,
            jump_exit: NO_EXIT,
            oparg,
            target,
            next,
            expect: 0,
            temperature: Cell::new(0),
            link: Cell::new(COLD_LINK),
        }
    }

    /// Whether this is an exit stub or a trace end that can be linked to another executor.
    pub fn is_linkable_exit(&self) -> bool {
        self.uop == Uop::_EXIT_TRACE
    }
}

/// A code object a trace runs in, with the snapshot of its inline caches the trace's uops
/// read (taken when each instruction was recorded, so later re-specialization in tier 1
/// cannot change what a trace's guards compare against).
#[derive(Debug)]
pub struct TraceCode {
    /// The code (kept alive by the executor).
    pub code: Rc<CodeObject>,
    /// Same indexing as `code.code`.
    pub caches: Box<[Cell<u32>]>,
}

impl TraceCode {
    /// A snapshot of `code`'s caches as they are now.
    pub fn new(code: Rc<CodeObject>) -> TraceCode {
        let caches = code.code.iter().map(|c| Cell::new(c.get())).collect();
        TraceCode { code, caches }
    }
}

/// What an executor assumed when it was built: a change to any of these invalidates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dep {
    /// The binding of a name in a globals or builtins dict (dict slot, the name's hash).
    Global(u32, u64),
    /// A class's attributes (or a base's), by heap slot.
    Class(u32),
    /// A function's `__code__`, `__defaults__` or `__kwdefaults__`, by heap slot.
    Function(u32),
    /// The slot kind of a layout prefix (`object::shape`), by shape id.
    Shape(u32),
}

impl Dep {
    /// The key hashed into Bloom filters.
    pub fn key(self) -> u64 {
        let (tag, a, b) = match self {
            Dep::Global(d, n) => (1u64, d as u64, n),
            Dep::Class(c) => (2, c as u64, 0),
            Dep::Function(f) => (3, f as u64, 0),
            Dep::Shape(s) => (4, s as u64, 0),
        };
        let mut h = tag.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ a;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ b;
        h ^ (h >> 29)
    }
}

/// A 256-bit Bloom filter with 4 hash functions: the cheap first test of "may this executor
/// depend on that object" (CPython uses the same idea).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bloom(pub [u64; 4]);

impl Bloom {
    fn bits(key: u64) -> [u8; 4] {
        let h = key.wrapping_mul(0x94D0_49BB_1331_11EB);
        [h as u8, (h >> 16) as u8, (h >> 32) as u8, (h >> 48) as u8]
    }

    /// Adds a key.
    pub fn add(&mut self, key: u64) {
        for b in Self::bits(key) {
            self.0[(b >> 6) as usize] |= 1 << (b & 63);
        }
    }

    /// Whether the key may have been added.
    pub fn may_contain(&self, key: u64) -> bool {
        Self::bits(key)
            .iter()
            .all(|&b| self.0[(b >> 6) as usize] & (1 << (b & 63)) != 0)
    }
}

/// How an executor came to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A hot loop back-edge or function entry: installed as `ENTER_EXECUTOR`.
    Root,
    /// A hot side exit of another executor: reached only through that exit's link.
    Side,
    /// Built by an optimizer other than the trace recorder.
    External,
}

/// A compiled trace. Immutable except the exit stubs' cells and the validity flag.
#[derive(Debug)]
pub struct Executor {
    /// Registry id (slot and generation), set when registered.
    pub id: Cell<u32>,
    /// The uops: `_START_EXECUTOR`, the trace, its terminal uop, then the exit stubs.
    pub uops: Box<[UopInst]>,
    /// The code objects the trace runs in; index 0 is the code it starts in.
    pub codes: Box<[TraceCode]>,
    /// Cleared when an assumption changed; a cleared executor is never entered again and
    /// leaves at its next `_CHECK_VALIDITY`.
    pub valid: Cell<bool>,
    /// Set on every entry and cleared by the sweeper: executors not entered between two
    /// sweeps are freed.
    pub warm: Cell<bool>,
    /// Side traces: how many exits lie between this executor and its root.
    pub chain_depth: u8,
    /// How it was made.
    pub origin: Origin,
    /// Offset of the first instruction (where it is installed or linked).
    pub start: u32,
    /// Uops of the first tier-1 instruction (after `_START_EXECUTOR`): leaving before they
    /// all ran means no progress was made.
    pub first_len: u16,
    /// Tier-1 instructions the trace covers (uops that start one: [`starts_instruction`]).
    pub instr_count: u32,
    /// What it assumed (exact list) and its Bloom filter.
    pub deps: Box<[Dep]>,
    /// The Bloom filter of `deps`.
    pub bloom: Bloom,
    /// For each uop (same indexing as `uops`), the guards the optimizer removed from just
    /// before it (statistics only); empty when the trace was not optimized.
    pub removed_guards: Box<[u8]>,
    /// Values the uops use (`_LOAD_CONST_INLINE`): roots of the garbage collector while
    /// the executor lives.
    pub consts: Box<[Value]>,
    /// What the optimizer knew at each linkable exit stub (by uop index, sorted): where a
    /// side trace from there starts (`opt::link`).
    pub exit_facts: ExitFacts,
    /// A peeled loop's copy and what it assumes at its top (`opt::link`).
    pub loop_entry: Option<Box<LoopEntry>>,
    /// Index of the loop copy's first uop, where a trace that links here with this
    /// executor's id in its terminal's `expect` goes on (1, the start, without a loop copy).
    pub loop_top: u32,
    /// The depth (layout-prefix length) of each shape its `_GUARD_SHAPE`s check, sorted by
    /// shape: machine code indexes `Class::shape_path` by it (see
    /// [`Executor::shape_depth`]).
    pub shape_depths: Box<[(u32, u32)]>,
    /// What the uop executor's hot loop dispatches, derived from `uops` when the executor
    /// is registered (so no builder can supply one that disagrees with them).
    pub(crate) table: Box<super::table::Table>,
    /// Its machine code, when a JIT backend compiled it at registration; the code block is
    /// freed with the executor (once invalidated or evicted), or earlier when code memory
    /// runs out and the code has not run since it last did, once no run of it is on the
    /// stack (a run holds its own `Rc`). Lives in code memory, so it is not counted in
    /// [`Executor::memory`]. Set once the executor sits at its final address (in its `Rc`),
    /// so machine code may embed the addresses of its cells (`valid`, `warm`).
    pub(crate) code: core::cell::RefCell<Option<Rc<crate::jit::CompiledCode>>>,
}

impl Executor {
    /// The depth of shape `shape`, when one of its `_GUARD_SHAPE`s checks it.
    pub fn shape_depth(&self, shape: u32) -> Option<u32> {
        let i = self
            .shape_depths
            .binary_search_by_key(&shape, |&(s, _)| s)
            .ok()?;
        Some(self.shape_depths[i].1)
    }

    /// Its machine code, if it has some (see [`crate::jit`]).
    pub fn compiled(&self) -> Option<Rc<crate::jit::CompiledCode>> {
        self.code.borrow().clone()
    }

    /// Whether uop `pc` begins a dispatch entry of the executor's table (where compiled code
    /// may start and where it hands back to the uop executor).
    pub fn starts_entry(&self, pc: usize) -> bool {
        self.table
            .entry
            .get(pc)
            .is_some_and(|&d| d != super::table::NOT_AN_ENTRY)
    }

    /// Whether the uops are something the executor can run without looping in place or
    /// reading out of range: whole runs inside the body, exits naming uops that exist, and
    /// every `_JUMP_TO_TOP` going back to a loop that passes a safe point (so interrupts
    /// and collections happen, and a loop of no instructions cannot hang the host).
    /// Checked when an executor is registered (third-party optimizers build their own).
    pub fn well_formed(&self) -> bool {
        let n = self.uops.len();
        let in_range = |x: u16| x == NO_EXIT || (x as usize) < n;
        let safe_loop = |j: usize, u: &UopInst| {
            let top = 1 + u.oparg as usize;
            top <= j
                && self.uops[top..j]
                    .iter()
                    .any(|x| x.uop.flags().contains(Flags::PERIODIC))
        };
        self.uops.iter().enumerate().all(|(i, u)| {
            let whole = u.check & check::WHOLE == 0
                || (check::whole_len(u.check) >= 1
                    && i + check::whole_len(u.check) + check::validates(u.check) <= n
                    && self.is_whole_run(i));
            let looped = u.uop != Uop::_JUMP_TO_TOP || safe_loop(i, u);
            let constant =
                u.uop != Uop::_LOAD_CONST_INLINE || ((u.oparg >> 1) as usize) < self.consts.len();
            whole && looped && constant && in_range(u.exit) && in_range(u.jump_exit)
        }) && self.loop_top_is_a_loop()
            && self
                .uops
                .first()
                .is_some_and(|u| u.uop == Uop::_START_EXECUTOR)
            && n < super::table::OUTCOME as usize
    }

    /// Whether the `WHOLE` run at `i` is what its marks say: the uops of the instruction
    /// whose handler runs it (`expect_code`), which jumps only with `FLOW` set and changes
    /// frames only with `SPECIAL` too (then out of the hot loop, where the frame is
    /// checked). The executor calls that handler instead of the uops.
    fn is_whole_run(&self, i: usize) -> bool {
        let u = &self.uops[i];
        let len = check::whole_len(u.check);
        let Some((_, f, uops)) = super::forms::describe(u.expect_code) else {
            return false;
        };
        let same = uops.len() == len
            && uops
                .iter()
                .zip(&self.uops[i..i + len])
                .all(|(a, b)| *a == b.uop);
        same && (!f.intersects(Flags::JUMP | Flags::FRAME) || u.check & check::FLOW != 0)
            && (!f.contains(Flags::FRAME) || u.check & check::SPECIAL != 0)
    }

    /// Whether `loop_top` is the start (1) or where a `_JUMP_TO_TOP` goes back to (a trace
    /// linking there runs what the loop runs).
    fn loop_top_is_a_loop(&self) -> bool {
        self.loop_top == 1
            || self.uops.iter().any(|u| {
                u.uop == Uop::_JUMP_TO_TOP && u.oparg.checked_add(1) == Some(self.loop_top)
            })
    }

    /// Bytes the executor occupies (counted against the executor memory limit).
    pub fn memory(&self) -> usize {
        size_of::<Executor>()
            + self.uops.len() * size_of::<UopInst>()
            + self
                .codes
                .iter()
                .map(|c| size_of::<TraceCode>() + c.caches.len() * 4)
                .sum::<usize>()
            + self.deps.len() * size_of::<Dep>()
            + self.consts.len() * size_of::<Value>()
            + self.shape_depths.len() * size_of::<(u32, u32)>()
            + self.exit_facts.bytes()
            + self.loop_entry.as_ref().map_or(0, |l| l.bytes())
            + self.table.bytes()
    }
}

/// Marks the runs of uops that are a whole, unmodified tier-1 instruction (the recorded
/// instruction sits in the code's snapshot at the uops' target): same uops in the same order,
/// none that jumps or changes frames, and not an adaptive form (its `_SPECIALIZE` would
/// rewrite the code from inside a trace).
fn mark_whole_instructions(body: &mut [UopInst], codes: &[TraceCode]) {
    let mut i = 0;
    while i < body.len() {
        let (code, target) = (body[i].code, body[i].target);
        let mut j = i;
        while j < body.len()
            && body[j].code == code
            && body[j].target == target
            && body[j].check & check::SPECIAL == 0
        {
            j += 1;
            if body[j - 1].check & check::FLOW != 0 {
                break;
            }
        }
        if j == i {
            i += 1;
            continue;
        }
        // Only the last uop may check its outcome. A frame change (a call, a return, a
        // generator hop) also runs as one instruction, but out of the executor's hot loop
        // (`SPECIAL` with `WHOLE`), which checks where it went against the last uop's
        // recorded frame.
        let last = &body[j - 1];
        let flow = last.check & check::FLOW != 0;
        let frame =
            flow && (last.expect_code != SAME_FRAME || last.uop.flags().contains(Flags::FRAME));
        // (A single frame-changing uop keeps its frame in `expect_code`, which a whole
        // run's first uop holds the opcode in: it runs as a plain special uop.)
        let ok_flow = !frame || j - i >= 2;
        let recorded = codes
            .get(code as usize)
            .and_then(|tc| tc.caches.get(target as usize))
            .and_then(|u| Op::from_u8(u.get() as u8));
        if let (Some(rec), true) = (recorded, ok_flow && j - i <= 7) {
            let same = rec.uops().len() == j - i
                && rec.uops().iter().zip(&body[i..j]).all(|(a, b)| *a == b.uop);
            // What the optimizer left of an instruction may be a dispatch form of it (same
            // cache layout, read from the same snapshot; `exec::forms`).
            let form = if same || rec.own_flags().contains(Flags::SPECIALIZE) {
                None
            } else {
                let mut uops = [Uop::_NOP; 7];
                for (d, u) in uops.iter_mut().zip(&body[i..j]) {
                    *d = u.uop;
                }
                super::forms::form_of(rec, &uops[..j - i])
            };
            let code = form.unwrap_or(rec as u8);
            if (same || form.is_some()) && !rec.own_flags().contains(Flags::SPECIALIZE) {
                let (expect, jump_exit) = (last.expect, last.jump_exit);
                let first = &mut body[i];
                first.check |= check::WHOLE | ((j - i) as u8) << 5;
                if frame {
                    first.check |= check::SPECIAL;
                }
                first.expect_code = code;
                if flow {
                    first.check |= check::FLOW;
                    first.expect = expect;
                    first.jump_exit = jump_exit;
                }
            }
        }
        i = j;
    }
}

/// Marks the dispatches (whole instructions and plain uops the executor's fast path runs)
/// that a `_CHECK_VALIDITY` follows with [`check::VALIDATE`]: most escaping instructions are
/// followed by one, and a separate dispatch for it cost as much as a simple instruction.
fn absorb_validity_checks(body: &mut [UopInst]) {
    let mut i = 0;
    while i < body.len() {
        let c = body[i].check;
        let len = if c & check::WHOLE != 0 {
            check::whole_len(c).max(1)
        } else {
            1
        };
        let fast = c & check::SPECIAL == 0 && (c & check::WHOLE != 0 || c & check::FLOW == 0);
        if fast
            && body
                .get(i + len)
                .is_some_and(|u| u.uop == Uop::_CHECK_VALIDITY)
        {
            body[i].check |= check::VALIDATE;
        }
        i += len;
    }
}

/// Whether uop `i` of an executor's `uops` is the first of a tier-1 instruction (statistics
/// count instructions by it): it is not a trace terminator, and the uop before it (terminators
/// aside) is of another instruction or of none.
pub fn starts_instruction(uops: &[UopInst], i: usize) -> bool {
    let term = |u: &UopInst| u.uop.flags().contains(Flags::TERMINATOR);
    let Some(u) = uops.get(i).filter(|u| i > 0 && !term(u)) else {
        return false;
    };
    uops[1..i]
        .iter()
        .rev()
        .find(|p| !term(p))
        .is_none_or(|p| (p.code, p.target) != (u.code, u.target))
}

/// Builds an executor from uops; third-party optimizers use it as well as the recorder.
#[derive(Debug, Default)]
pub struct ExecutorBuilder {
    /// The trace body (without `_START_EXECUTOR` and without exit stubs).
    pub body: Vec<UopInst>,
    /// Exit stubs, referenced from body uops by index (`UopInst::exit` counts from 0 here
    /// and is relocated by [`ExecutorBuilder::build`]).
    pub stubs: Vec<UopInst>,
    /// Codes; index 0 is the starting code.
    pub codes: Vec<TraceCode>,
    /// Dependencies.
    pub deps: Vec<Dep>,
    /// Uops of the first instruction.
    pub first_len: u16,
    /// Parallel to `body` (or empty): guards an optimizer removed from just before each
    /// uop, for the dynamic count in the statistics.
    pub removed_guards: Vec<u8>,
    /// Values for `_LOAD_CONST_INLINE` (see [`Executor::consts`]).
    pub consts: Vec<Value>,
    /// What holds when the trace is entered (a side trace: its parent's facts at the
    /// exit it starts from; `opt::link`).
    pub entry: Option<FrameFacts>,
    /// Facts at linkable exit stubs, by stub index (relocated by `build`).
    pub exit_facts: Vec<(u16, FrameFacts)>,
    /// A peeled loop's copy, `top` a body index (relocated by `build`).
    pub loop_entry: Option<LoopEntry>,
    /// See [`Executor::shape_depths`] (set by [`ExecutorBuilder::note_shape_depths`]).
    pub shape_depths: Vec<(u32, u32)>,
}

impl ExecutorBuilder {
    /// A builder for a trace starting in `code`.
    pub fn new(code: Rc<CodeObject>) -> ExecutorBuilder {
        ExecutorBuilder {
            codes: alloc::vec![TraceCode::new(code)],
            ..Default::default()
        }
    }

    /// Notes the depth of every shape a `_GUARD_SHAPE` of the body checks, from the VM's
    /// shapes (whose depths never change).
    pub fn note_shape_depths(&mut self, shapes: &crate::object::shape::Shapes) {
        let mut depths: Vec<(u32, u32)> = self
            .body
            .iter()
            .filter(|u| u.uop == Uop::_GUARD_SHAPE)
            .filter_map(|u| Some((u.oparg, shapes.get(u.oparg)?.depth)))
            .collect();
        depths.sort_unstable();
        depths.dedup();
        self.shape_depths = depths;
    }

    /// Adds an exit stub (`_EXIT_TRACE`, `_DEOPT` or `_DYNAMIC_EXIT`) resuming tier 1 at
    /// `target` in the frame of code `code`; returns its index for `UopInst::exit`.
    pub fn stub(&mut self, uop: Uop, code: u8, target: u32) -> u16 {
        self.stubs.push(UopInst::new(uop, 0, code, target, target));
        (self.stubs.len() - 1) as u16
    }

    /// The executor: `_START_EXECUTOR`, the body, the stubs.
    pub fn build(self, origin: Origin, start: u32, chain_depth: u8) -> Executor {
        self.build_with(origin, start, chain_depth, true)
    }

    /// [`ExecutorBuilder::build`], with runs that are whole instructions dispatched as one
    /// (`whole`) or uop by uop (so that every uop runs through its own dispatch: the uop
    /// helpers' test mode, `Config::uop_helpers`).
    pub(crate) fn build_with(
        self,
        origin: Origin,
        start: u32,
        chain_depth: u8,
        whole: bool,
    ) -> Executor {
        let base = 1 + self.body.len();
        let mut uops = Vec::with_capacity(base + self.stubs.len());
        uops.push(UopInst::new(Uop::_START_EXECUTOR, 0, 0, start, start));
        for mut u in self.body {
            if u.exit != NO_EXIT {
                u.exit += base as u16;
            }
            if u.jump_exit != NO_EXIT {
                u.jump_exit += base as u16;
            }
            uops.push(u);
        }
        let removed_guards = if self.removed_guards.is_empty() {
            Box::default()
        } else {
            let mut r = alloc::vec![0u8; base + self.stubs.len()];
            for (i, n) in self.removed_guards.iter().enumerate().take(base - 1) {
                r[1 + i] = *n;
            }
            r.into_boxed_slice()
        };
        uops.extend(self.stubs);
        if whole {
            mark_whole_instructions(&mut uops[1..base], &self.codes);
        }
        absorb_validity_checks(&mut uops[1..base]);
        let instr_count = (0..uops.len())
            .filter(|&i| starts_instruction(&uops, i))
            .count() as u32;
        let exit_facts = ExitFacts::pack(self.exit_facts, base as u16);
        let loop_entry = self.loop_entry.map(|mut l| {
            l.top += 1;
            Box::new(l)
        });
        let mut bloom = Bloom::default();
        for d in &self.deps {
            bloom.add(d.key());
        }
        Executor {
            id: Cell::new(0),
            uops: uops.into_boxed_slice(),
            codes: self.codes.into_boxed_slice(),
            valid: Cell::new(true),
            warm: Cell::new(true),
            chain_depth,
            origin,
            start,
            first_len: self.first_len,
            instr_count,
            deps: self.deps.into_boxed_slice(),
            bloom,
            removed_guards,
            consts: self.consts.into_boxed_slice(),
            exit_facts,
            loop_top: loop_entry.as_ref().map_or(1, |l| l.top),
            loop_entry,
            shape_depths: self.shape_depths.into_boxed_slice(),
            table: Default::default(),
            code: core::cell::RefCell::new(None),
        }
    }
}
