//! Lowering a whole executor to machine code.
//!
//! The code covers the executor's body, uop by uop, from each of its starts (its first uop,
//! and its loop copy's top) to the trace's end. Each dispatch entry of the executor's table
//! (a uop, or the uops of one tier-1 instruction the uop executor runs as a whole) is either
//! lowered completely or not at all: an entry with a uop the backend cannot lower *hands
//! back* to the uop executor at the entry's start, which runs the rest of the trace. A uop
//! is lowered inline (`uops`) or as a call of its helper (`call`).
//!
//! # The value stack
//!
//! The value stack stays in memory, where the uop executor keeps it. Its depth before each
//! uop is known when the code is built (the depth of the tier-1 instruction a start begins
//! at, from [`vm_core::bytecode::depth`], then each uop's stack effect from the op table),
//! so code addresses a stack slot at a fixed offset from the locals (the pinned `LOCALS`)
//! and writes the stack's length only where someone else reads it: before a helper call and
//! before leaving. Each start checks on entry that the length is the one the code was built
//! for, and hands back at once otherwise.
//!
//! # Leaving
//!
//! Code leaves with a [`CodeResult`](vm_core::jit::CodeResult): a hand-back at an entry's
//! start (status `Next`), or the status a uop answered (a helper's, or `Deopt` from an inline
//! guard), which the VM treats as the uop executor treats that uop's answer. The `exit` file
//! emits these stubs out of line, after the body.

mod attr;
mod branch;
mod call;
mod construct;
mod control;
mod dunder;
mod elsewhere;
mod exit;
mod frames;
mod generators;
mod iter;
mod link;
mod membership;
mod modules;
mod numbers;
mod objects;
mod run_state;
mod sets;
mod stack;
mod truth;
mod uops;

use alloc::vec;
use alloc::vec::Vec;

use vm_core::bytecode::code::CodeObject;
use vm_core::bytecode::depth::{stack_depths, UNKNOWN};
use vm_core::bytecode::ops::{Flags, Uop};
use vm_core::exec::ir::Executor;
use vm_core::jit::frames::{code_refs, CodeRefs};
use vm_core::jit::link::LinkSlots;
use vm_core::jit::{CodeStart, JitError};

use self::exit::Stub;
use crate::abi::{emit_trampoline, LOCALS};
use crate::enc::{CodeBuf, Disp, Label, Mem};

/// An executor's machine code, before it is copied into code memory.
#[derive(Debug)]
pub struct Assembled {
    /// The code: the entry trampoline and exit routine, the body, the stubs.
    pub bytes: Vec<u8>,
    /// Offset of the entry trampoline.
    pub entry: usize,
    /// Where the code may be started.
    pub starts: Vec<CodeStart>,
    /// Uops lowered inline.
    pub inline_uops: u32,
    /// Uops lowered as calls of their helpers.
    pub helper_calls: u32,
    /// What became of each uop the code covers, in order.
    pub uops: Vec<UopCode>,
}

/// How a uop was lowered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// Inline code (with the helper out of line where its fast path may not apply).
    Inline,
    /// A call of its helper.
    Call,
    /// A hand-back to the uop executor at the uop's dispatch entry.
    HandBack,
}

/// Where a uop's code is (for listings: `tiercel --dump-jit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UopCode {
    /// The uop's index in the executor.
    pub pc: u16,
    /// How it was lowered.
    pub how: How,
    /// Offset of its first byte in the code.
    pub start: u32,
    /// Offset after its last byte (in the body; stubs come after the body).
    pub end: u32,
}

/// What lowering a uop leaves behind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// Code goes on with the next uop.
    Falls,
    /// Code does not reach the next uop (a jump back, a hand-back).
    Ends,
}

/// The state of lowering one executor.
struct Lower<'e> {
    buf: CodeBuf,
    exec: &'e Executor,
    /// The link slots of the executor's exits (see `exit`).
    links: &'e LinkSlots,
    /// Which of the executor's codes the code being lowered runs in (code runs in one
    /// frame from a start until it hands back), and that code.
    frame: u8,
    code: &'e CodeObject,
    /// Each code's stack depths, computed when a start first runs in it.
    depths: Vec<Option<Vec<u16>>>,
    /// The frame slots below the value stack (locals, cells, free variables).
    nlocalsplus: u32,
    /// The stack depth (above those slots) before the uop being lowered.
    depth: u32,
    /// The stack slots not stored yet (`stack`): stack index and what the slot holds.
    lazy: Vec<(u32, stack::Lazy)>,
    /// Locals whose value (stored in memory too) is also in a value register, and what
    /// that register holds (`stack`).
    local_regs: Vec<(u32, stack::Lazy)>,
    /// The lazy slots at the start of the entry being lowered (for a hand-back there).
    entry_pending: Vec<stack::Pending>,
    /// Where the value on top of the stack is when a uop left it in a register rather than
    /// in its slot (for the fused branch after it).
    tos_reg: Option<crate::enc::Reg>,
    /// Where the bool on top is when a uop left it in the flags instead: `True` exactly
    /// when this condition holds (for the fused branch right after it).
    tos_cond: Option<crate::enc::Cond>,
    /// The first uop of the dispatch entry being lowered, and the depth before it.
    entry_start: usize,
    entry_depth: u32,
    /// After an int guard: the uop after it (not a start), the depth, and how many
    /// items on top it proved small ints (`numbers`).
    ints_guarded: Option<(usize, u32, u32)>,
    /// Where code can start (`start_points`).
    starts: Vec<usize>,
    /// For the uop being lowered: the depth and the items on top an int guard just before
    /// it proved small ints.
    ints_on_top: Option<(u32, u32)>,
    /// A label per uop, bound where its code starts.
    labels: Vec<Label>,
    /// The depth each bound label was bound at.
    bound_depth: Vec<Option<u32>>,
    /// The stubs to emit after the body, each with the run state it writes first when the
    /// trampoline's stale slot says so (when it may be stale where code jumps to the stub).
    stubs: Vec<(Label, Stub, Option<run_state::RunAt>)>,
    /// The current frame's code references while the run state may describe another frame
    /// (`run_state`).
    run_stale: Option<CodeRefs>,
    /// The loop's top, when code there calls a helper before it changes frames: built with
    /// the run state current, written once on entry rather than on every round.
    current_top: Option<usize>,

    /// Where every stub ends: adds the loop mark and goes to the exit routine.
    leave: Label,
    inline_uops: u32,
    helper_calls: u32,
    uop_code: Vec<UopCode>,
    /// The stress mode's generator state (`None`: off).
    stress: Option<u64>,
}

/// Lowers `exec` to machine code, whose linked exits follow `links` (the slots the code
/// will be given). With `stress` (a seed), one inline guard or fast path in
/// four, chosen by the seed, always hands back before the guard or takes the slow path (see
/// `exit`), so the stubs, hand-backs and slow paths run: results must not change.
///
/// # Errors
/// [`JitError::Malformed`] when the executor's stack depths cannot be known (its code has no
/// single depth per offset, or a start begins at an offset no path reaches), or when the
/// branches cannot be resolved.
pub fn assemble(
    exec: &Executor,
    stress: Option<u64>,
    links: &LinkSlots,
) -> Result<Assembled, JitError> {
    let code = &*exec
        .codes
        .first()
        .ok_or(JitError::Malformed("an executor without code"))?
        .code;
    let end = body_end(exec).ok_or(JitError::Malformed("a trace without an end"))?;
    let mut buf = CodeBuf::new();
    let tramp = emit_trampoline(&mut buf);
    let labels = (0..exec.uops.len()).map(|_| buf.new_label()).collect();
    let leave = buf.new_label();
    let mut cx = Lower {
        buf,
        exec,
        links,
        frame: 0,
        code,
        depths: vec![None; exec.codes.len()],
        nlocalsplus: 0,
        depth: 0,
        lazy: Vec::new(),
        local_regs: Vec::new(),
        entry_pending: Vec::new(),
        tos_reg: None,
        tos_cond: None,
        entry_start: 1,
        entry_depth: 0,
        ints_guarded: None,
        starts: Vec::new(),
        ints_on_top: None,
        labels,
        bound_depth: vec![None; exec.uops.len()],
        stubs: Vec::new(),
        run_stale: None,
        current_top: run_state::current_top(exec, end),
        leave,
        inline_uops: 0,
        helper_calls: 0,
        uop_code: Vec::new(),
        // (xorshift needs a state other than zero.)
        stress: stress.map(|s| s | 1),
    };
    let starts = start_points(exec, end);
    cx.starts.clone_from(&starts);
    let mut start_depths = Vec::with_capacity(starts.len());
    let mut reachable = false;
    let mut pc = 1;
    while pc <= end {
        if starts.contains(&pc) {
            // A start begins with every slot in memory (code falling into it stores them).
            let current = cx.current_top == Some(pc);
            if reachable {
                cx.flush();
                if current {
                    cx.settle_run_state();
                }
            } else {
                cx.lazy.clear();
                cx.local_regs.clear();
            }
            let frame = exec.uops[pc].code;
            let (was_frame, was_depth) = (cx.frame, cx.depth);
            let d = cx.enter_frame(frame, exec.uops[pc].target)?;
            if reachable && (was_depth != d || was_frame != frame) {
                return Err(JitError::Malformed("the loop top's depth differs"));
            }
            cx.depth = d;
            // (Code that links here may leave the run state stale.)
            cx.run_stale = code_refs(exec, frame).filter(|_| !current);
            reachable = true;
            start_depths.push((pc, cx.slots()));
        }
        let entry_end = next_entry(exec, pc, end);
        if !reachable {
            pc = entry_end;
            continue;
        }
        reachable = cx.lower_entry(pc, entry_end)? == Next::Falls;
        if !reachable {
            cx.drop_short_start(&mut start_depths);
        }
        pc = entry_end;
    }
    if reachable {
        // (The body ends in its terminal uop, which never falls through.)
        return Err(JitError::Malformed("code falls off the trace's end"));
    }
    let mut code_starts = Vec::with_capacity(start_depths.len());
    for (pc, d) in start_depths {
        let (at, linked) = cx.emit_start(pc, d);
        code_starts.push(CodeStart {
            uop: pc as u16,
            code_offset: at as u32,
            linked_offset: linked.map(|l| l as u32),
            slots: d,
        });
    }
    cx.emit_stubs(tramp.exit);
    let entry = cx.buf.label_offset(tramp.entry).unwrap_or(0);
    let (inline_uops, helper_calls) = (cx.inline_uops, cx.helper_calls);
    let uops = core::mem::take(&mut cx.uop_code);
    let bytes = cx
        .buf
        .finish()
        .map_err(|_| JitError::Malformed("an unresolved branch"))?;
    Ok(Assembled {
        bytes,
        entry,
        starts: code_starts,
        inline_uops,
        helper_calls,
        uops,
    })
}

/// The index of the trace's terminal uop: the first trace-control terminator after
/// `_START_EXECUTOR` (the exit stubs follow it).
fn body_end(exec: &Executor) -> Option<usize> {
    let terminal = Flags::TERMINATOR.union(Flags::SPECIAL);
    (1..exec.uops.len()).find(|&i| exec.uops[i].uop.flags().contains(terminal))
}

/// Where the code can start: the executor's first uop, its loop copy's top, and the first
/// uop after each entry that changes frames (a call, a return: the uop executor runs those
/// and comes back into the code there), where each begins a dispatch entry and the first
/// uop of a tier-1 instruction (whose depth is the instruction's).
fn start_points(exec: &Executor, end: usize) -> Vec<usize> {
    let uops = &exec.uops;
    let mut starts = vec![1];
    let top = exec.loop_top as usize;
    if top != 1 {
        starts.push(top);
    }
    let mut entry = 1;
    for pc in 2..=end {
        if !exec.starts_entry(pc) {
            continue;
        }
        let changes_frames = uops[entry..pc]
            .iter()
            .any(|u| u.uop.flags().contains(Flags::FRAME));
        if changes_frames && !starts.contains(&pc) {
            starts.push(pc);
        }
        entry = pc;
    }
    starts.retain(|&pc| {
        let first_of_instruction =
            pc == 1 || (uops[pc - 1].code, uops[pc - 1].target) != (uops[pc].code, uops[pc].target);
        exec.starts_entry(pc) && first_of_instruction
    });
    starts
}

/// The first uop after `pc` that begins a dispatch entry (or `end + 1`).
fn next_entry(exec: &Executor, pc: usize, end: usize) -> usize {
    (pc + 1..=end)
        .find(|&i| exec.starts_entry(i))
        .unwrap_or(end + 1)
}

/// The stack depth before the tier-1 instruction at `offset`.
fn depth_of(depths: &[u16], offset: u32) -> Result<u32, JitError> {
    match depths.get(offset as usize) {
        Some(&d) if d != UNKNOWN => Ok(u32::from(d)),
        _ => Err(JitError::Malformed("a start at an offset of unknown depth")),
    }
}

/// The inline uops code must run from a start, when it does not loop, to be worth entering
/// from Rust (going in and out of machine code has a cost of its own): measured on `bench/`,
/// where call-heavy programs (raytrace) lose with more. A side trace counts the same: its
/// parent's code reaches it through a link slot, without leaving machine code (`link`).
const MIN_INLINE_RUN: usize = 2;

impl Lower<'_> {
    /// Code has just stopped (a hand-back, the loop's back-edge, the trace's end): forgets
    /// the last start when the code from it neither loops nor runs [`MIN_INLINE_RUN`]
    /// inline uops, since entering it would cost more than it saves.
    fn drop_short_start(&mut self, starts: &mut Vec<(usize, u32)>) {
        let Some(&(start, _)) = starts.last() else {
            return;
        };
        let from_start = self
            .uop_code
            .iter()
            .rev()
            .take_while(|c| usize::from(c.pc) >= start);
        let mut inline = 0;
        let mut looped = false;
        for c in from_start {
            inline += usize::from(c.how == How::Inline);
            looped |= self.exec.uops[usize::from(c.pc)].uop == Uop::_JUMP_TO_TOP;
        }
        if !looped && inline < MIN_INLINE_RUN {
            starts.pop();
        }
    }

    /// Lowers code that runs in the executor's code `frame` from here, and answers the
    /// stack depth before the instruction at `offset` there.
    fn enter_frame(&mut self, frame: u8, offset: u32) -> Result<u32, JitError> {
        let d = self.depth_in(frame, offset)?;
        let code = &*self.exec.codes[usize::from(frame)].code;
        self.frame = frame;
        self.code = code;
        self.nlocalsplus = u32::try_from(code.nlocalsplus())
            .map_err(|_| JitError::Malformed("too many locals"))?;
        Ok(d)
    }

    /// The stack depth before the instruction at `offset` of the executor's code `frame`.
    fn depth_in(&mut self, frame: u8, offset: u32) -> Result<u32, JitError> {
        let code = &*self
            .exec
            .codes
            .get(usize::from(frame))
            .ok_or(JitError::Malformed("a uop of no code"))?
            .code;
        let depths = self
            .depths
            .get_mut(usize::from(frame))
            .ok_or(JitError::Malformed("a uop of no code"))?;
        if depths.is_none() {
            *depths = Some(stack_depths(code).ok_or(JitError::Malformed("no single stack depth"))?);
        }
        depth_of(depths.as_deref().unwrap_or(&[]), offset)
    }

    /// Lowers the dispatch entry of uops `start..end`, or hands back at its start when one
    /// of its uops cannot be lowered.
    fn lower_entry(&mut self, start: usize, end: usize) -> Result<Next, JitError> {
        let lowerable = (start..end).all(|pc| uops::can_lower(self.exec, pc, start, self.frame));
        self.entry_start = start;
        self.entry_depth = self.depth;
        self.entry_pending = self.pending();
        // (What a guard proved holds for the uop right after it unless that uop is a start,
        // which code also enters from outside: code jumps to no other entry.)
        if self.starts.contains(&start) {
            self.ints_guarded = None;
        }
        if !lowerable {
            self.bind(start)?;
            let at = self.buf.offset();
            self.hand_back(start);
            self.note(start, How::HandBack, at);
            return Ok(Next::Ends);
        }
        for pc in start..end {
            self.bind(pc)?;
            let (at, calls) = (self.buf.offset(), self.helper_calls);
            self.ints_on_top = self
                .ints_guarded
                .take()
                .filter(|&(next, _, _)| next == pc)
                .map(|(_, depth, n)| (depth, n));
            let next = uops::lower(self, pc)?;
            let how = if self.helper_calls > calls {
                How::Call
            } else {
                How::Inline
            };
            self.note(pc, how, at);
            if next == Next::Ends {
                return Ok(Next::Ends);
            }
        }
        Ok(Next::Falls)
    }

    /// Records that uop `pc`'s code, lowered as `how`, runs from `at` to here.
    fn note(&mut self, pc: usize, how: How, at: usize) {
        self.uop_code.push(UopCode {
            pc: pc as u16,
            how,
            start: at as u32,
            end: self.buf.offset() as u32,
        });
    }

    /// Binds uop `pc`'s label at the current depth.
    fn bind(&mut self, pc: usize) -> Result<(), JitError> {
        if self.bound_depth[pc].is_some() {
            return Err(JitError::Malformed("a uop lowered twice"));
        }
        self.buf.bind(self.labels[pc]);
        self.bound_depth[pc] = Some(self.depth);
        Ok(())
    }

    /// The stack slot `k` places below the top (0: the top) at the current depth.
    fn slot(&self, k: u32) -> Mem {
        self.slot_at(self.depth - 1 - k)
    }

    /// The stack slot at depth index `i` (0: the bottom of the stack).
    fn slot_at(&self, i: u32) -> Mem {
        self.frame_slot(self.nlocalsplus + i)
    }

    /// Frame slot `i`: local `i` below the locals' count, the stack above them.
    fn frame_slot(&self, i: u32) -> Mem {
        let disp = Disp::new(8 * i64::from(i)).expect("a frame's slots fit a displacement");
        Mem::base_disp(LOCALS, disp)
    }

    /// Applies a stack effect to the tracked depth.
    fn apply_effect(&mut self, pops: u32, pushes: u32) {
        // (`uops::lower` checked the effect against the depth before lowering the uop.)
        self.depth = self.depth.saturating_sub(pops);
        self.drop_lazy_from(self.depth);
        self.depth += pushes;
    }

    /// Applies uop `u`'s own stack effect.
    fn apply_uop_effect(&mut self, u: Uop, oparg: u32) {
        let (pops, pushes) = u.stack_effect(oparg);
        self.apply_effect(pops, pushes);
    }
}
