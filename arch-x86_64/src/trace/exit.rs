//! The ways out of trace code, emitted out of line after the body: the start checks, the
//! hand-backs, the guard exits and the helper statuses, and the one routine they all end in.

use vm_core::jit::helpers::{HelperStatus, CTX_STACK};
use vm_core::jit::{LOOPED, STATUS_SHIFT};
use vm_core::layout::STACK_LEN;

use alloc::vec::Vec;

use super::run_state::{emit_run_state, RunAt};
use super::stack::{emit_pending, emit_reload, Pending};
use super::Lower;
use crate::abi::{disp, CTX, FRAME_POINTER, INT_TAG, LOCALS, SPILL_SLOT, STACK, STATUS};
use crate::enc::{
    cmp_r64_rm64, cmp_rm64_imm8, cmp_rm64_r64, lea_r64_m, mov_r32_imm32, mov_r64_rm64,
    mov_rm32_imm32, mov_rm64_imm32, mov_rm64_r64, or_r64_rm64, or_rm64_imm32, shl_rm64_imm8,
    shr_rm64_imm8, sub_rm64_r64, CodeBuf, Cond, Imm32, Imm8, Label, Mem, Reg, Xmm,
};
use crate::lower::emit_float_to_xmm;

/// A way out of trace code, emitted after the body.
#[derive(Clone, Debug)]
pub(super) enum Stub {
    /// Hand back at uop `pc` (which begins a dispatch entry) with `slots` frame slots in
    /// use (locals and stack: the stack's length is the frame's base plus these).
    HandBack {
        /// The uop the uop executor goes on at.
        pc: usize,
        /// The frame slots in use there.
        slots: u32,
        /// The lazy slots to store first.
        pending: Vec<Pending>,
    },
    /// Uop `pc`'s inline guard failed before any effect, with `slots` frame slots in use.
    Deopt {
        /// The guard's uop.
        pc: usize,
        /// The frame slots in use before it.
        slots: u32,
        /// The lazy slots to store first.
        pending: Vec<Pending>,
        /// The link slot of the guard's exit, when code follows its link itself.
        link: Option<usize>,
    },
    /// Uop `pc`'s helper answered the status in EAX (not `Next`); the helper left the stack.
    Status {
        /// The uop whose helper answered.
        pc: usize,
    },
    /// Uop `pc`'s inline fast path does not apply: its helper runs it (with `slots` frame
    /// slots in use before it), and code goes on at `resume`.
    Slow {
        /// The uop.
        pc: usize,
        /// The frame slots in use before it.
        slots: u32,
        /// The lazy slots to store first (the values in registers among them come back
        /// after the call: `saved`).
        pending: Vec<Pending>,
        /// Where its inline code ends.
        resume: Label,
        /// Where the fast path leaves its result unboxed, if it does: the helper's result
        /// is loaded there from its frame slot, or, should it be no float, code hands back
        /// after the uop (`FloatResult::other`).
        float: Option<FloatResult>,
        /// The values in registers that the uop leaves (among `pending`, so stored before
        /// the call): loaded back into their registers after it, where the fast path has
        /// them.
        saved: Vec<Pending>,
    },
    /// An exit that follows its link in code when the link slot at address `slot` is
    /// current, with `slots` frame slots in use, and goes to `otherwise` when it is not.
    Link {
        /// The slot's address.
        slot: usize,
        /// The frame slots in use where the link goes on.
        slots: u32,
        /// The lazy slots to store first.
        pending: Vec<Pending>,
        /// Where code goes when the slot is not current.
        otherwise: Label,
        /// Follow the link only once the loop went round in this run (the exit lies in the
        /// run's first instruction, which a run entered at it has not completed before).
        looped_only: bool,
    },
    /// A list iterator found its list exhausted (RCX: the iterator's state): marks it done
    /// (its index at `index` past any length, as the interpreter does) and goes to `then`.
    ListDone {
        /// The index's offset in the state.
        index: usize,
        /// Where code goes on.
        then: Label,
    },
    /// The flow helper left after a frame change elsewhere than recorded: follows the
    /// dynamic exit's link slot at address `slot` when it is current and leads to the
    /// frame the change went to, else goes to `status` (the helper's status stub).
    DynamicLink {
        /// The slot's address.
        slot: usize,
        /// The status stub.
        status: Label,
    },
    /// Return uop `pc` found a caller other than the recorded one: code pops the frame
    /// itself (a plain call's: else `slow`, the flow helper's run of the uop), follows the
    /// uop's dynamic exit's link at address `slot` when it leads to that caller, and
    /// otherwise leaves with `Moved`. The result is in frame slot `top`.
    ReturnElsewhere {
        /// The uop.
        pc: usize,
        /// The result's frame slot.
        top: u32,
        /// The dynamic exit's link slot, if code may follow it.
        slot: Option<usize>,
        /// The flow helper's run of the uop.
        slow: Label,
    },
    /// Call uop at `site` found a callee other than the recorded one (RCX: its
    /// `Function`): code pushes its frame and follows the call's dynamic exit's link at
    /// address `slot` when a way leads to the callee's entry, else goes to `slow` (the
    /// flow helper's run of the uop).
    CallElsewhere {
        /// The call's operands and offsets.
        site: super::elsewhere::CallSite,
        /// The dynamic exit's link slot.
        slot: usize,
        /// The flow helper's run of the uop.
        slow: Label,
    },
    /// A method load on an instance of another class than its cache's (RDX: the `Class`
    /// record): the method the class lookup cache holds for the class's version and
    /// `name`, when the class's layout has no such attribute and the entry is a function,
    /// goes to RAX and code goes on at `found`; anything else goes to `slow`.
    MethodLookup {
        /// The attribute name's bits.
        name: u64,
        /// Where the method is used.
        found: Label,
        /// The helper's run of the uop.
        slow: Label,
    },
    /// Uop `pc` changes frames and its inline frame change does not apply: the flow helper
    /// runs it (with `slots` frame slots in use before it, every slot in memory), and code
    /// goes on at `resume` in the frame it recorded.
    Flow {
        /// The uop.
        pc: usize,
        /// The frame slots in use before it.
        slots: u32,
        /// Where its inline code ends.
        resume: Label,
    },
}

impl Stub {
    /// Whether the stub leaves code or calls a helper without following a link first (a
    /// guard's exit writes the run state after its link, a link stub not at all; the others
    /// come after a helper call, go back into the body, or write the state of the frame they
    /// move to themselves).
    fn leaves_with_run_state(&self) -> bool {
        match self {
            Stub::HandBack { .. }
            | Stub::Slow { .. }
            | Stub::ReturnElsewhere { .. }
            | Stub::Flow { .. } => true,
            Stub::Deopt { .. }
            | Stub::Link { .. }
            | Stub::Status { .. }
            | Stub::ListDone { .. }
            | Stub::DynamicLink { .. }
            | Stub::MethodLookup { .. }
            | Stub::CallElsewhere { .. } => false,
        }
    }
}

/// Where a slow path puts its result when the fast path keeps it in a float register.
#[derive(Clone, Copy, Debug)]
pub(super) struct FloatResult {
    /// The register.
    pub(super) reg: Xmm,
    /// The frame slot the helper leaves the result in.
    pub(super) slot: u32,
    /// The hand-back after the uop, for a result that is no float.
    pub(super) other: Label,
}

/// The loop mark's slot in the trampoline's frame.
pub(super) fn loop_mark() -> Mem {
    Mem::base_disp(FRAME_POINTER, SPILL_SLOT.into())
}

/// A [`CodeResult`](vm_core::jit::CodeResult) for uop `pc` with `status`.
fn result(pc: usize, status: HelperStatus) -> u32 {
    pc as u32 | (status as u32) << STATUS_SHIFT
}

impl Lower<'_> {
    /// Code goes to a stub: a label to branch to (the stub is emitted after the body).
    pub(super) fn stub(&mut self, stub: Stub) -> Label {
        let label = self.buf.new_label();
        let run = self.stale_run();
        self.stubs.push((label, stub, run));
        label
    }

    /// The slow path of uop `pc`, whose fast path is lowered inline from here with the stack
    /// as deep as now: the label the fast path jumps to when it does not apply, and the
    /// label to bind where the uop's code ends (the helper's result is where the fast path
    /// leaves its own).
    pub(super) fn slow_path(&mut self, pc: usize) -> (Label, Label) {
        self.slow_path_to(pc, None)
    }

    /// [`Lower::slow_path`] for a uop whose fast path leaves its result (the new top) in
    /// float register `reg`: the slow path loads the helper's result there. `None` (the
    /// caller then keeps the result in memory) unless a hand-back can follow the uop.
    pub(super) fn float_slow_path(&mut self, pc: usize, reg: Xmm) -> Option<(Label, Label)> {
        let next = self.exec.uops.get(pc + 1)?;
        let u = &self.exec.uops[pc];
        if !self.exec.starts_entry(pc + 1) || next.code != u.code {
            return None;
        }
        let (pops, pushes) = u.uop.stack_effect(u.oparg);
        if pushes != 1 {
            return None;
        }
        // The state after the uop: its operands popped, the result in memory. (The values
        // in registers are in memory by then: the slow path stored them before its call.)
        let after = self.depth - pops;
        let base = self.nlocalsplus;
        let pending: Vec<Pending> = self
            .pending()
            .into_iter()
            .filter(|&(slot, l)| slot < base + after && l.reg().is_none())
            .collect();
        let other = self.stub(Stub::HandBack {
            pc: pc + 1,
            slots: base + after + 1,
            pending,
        });
        let float = FloatResult {
            reg,
            slot: base + after,
            other,
        };
        Some(self.slow_path_to(pc, Some(float)))
    }

    fn slow_path_to(&mut self, pc: usize, float: Option<FloatResult>) -> (Label, Label) {
        // The helper call clobbers the float registers: the stub stores the values in
        // registers the uop leaves and loads them back after it, so the fast path keeps
        // them where they are.
        let u = &self.exec.uops[pc];
        let (pops, _) = u.uop.stack_effect(u.oparg);
        let saved = self.regs_below(self.depth.saturating_sub(pops));
        let resume = self.buf.new_label();
        let slow = self.stub(Stub::Slow {
            pc,
            slots: self.slots(),
            pending: self.pending(),
            resume,
            float,
            saved,
        });
        self.stress_jump(slow);
        (slow, resume)
    }

    /// A hand-back at the start of the entry being lowered (legal where every uop before
    /// this one in the entry is a check without effect).
    pub(super) fn hand_back_entry(&mut self) -> Label {
        self.stub(Stub::HandBack {
            pc: self.entry_start,
            slots: self.nlocalsplus + self.entry_depth,
            pending: self.entry_pending.clone(),
        })
    }

    /// Hands back at uop `pc`, where the stack is as deep as now.
    pub(super) fn hand_back(&mut self, pc: usize) {
        let to = self.stub(Stub::HandBack {
            pc,
            slots: self.slots(),
            pending: self.pending(),
        });
        self.buf.jmp_label(to);
    }

    /// The label of uop `pc`'s guard exit (its guard failed with the stack as deep as now).
    pub(super) fn deopt(&mut self, pc: usize) -> Label {
        let exit = self.stub(Stub::Deopt {
            pc,
            slots: self.slots(),
            pending: self.pending(),
            link: self.guard_link(pc),
        });
        if self.guard_link(pc).is_some() {
            let stub = usize::from(self.exec.uops[pc].exit);
            self.links.note_from_slots(stub, self.slots());
        }
        // The stress mode hands back before the guard rather than failing it: a guard that
        // did not fail must not send the trace through its exit (the optimizer's facts at
        // an exit, passed on to a side trace, are the guard's), but the uop executor may
        // run it again and go on.
        let checks_before = self.exec.uops[self.entry_start..pc]
            .iter()
            .all(|u| u.uop.flags().contains(vm_core::bytecode::ops::Flags::CHECK));
        if self.stress.is_some() && checks_before {
            let back = self.hand_back_entry();
            self.stress_jump(back);
        }
        exit
    }

    /// Under the stress mode, for one way out in four: jumps to it at once, so the fast
    /// path never runs and the way out is what runs.
    pub(super) fn stress_jump(&mut self, to: Label) {
        let Some(state) = self.stress.as_mut() else {
            return;
        };
        // xorshift64: deterministic for a seed, so a failure can be replayed.
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        if *state % 4 == 0 {
            self.buf.jmp_label(to);
        }
    }

    /// The frame slots in use now: the locals' and the stack's.
    pub(super) fn slots(&self) -> u32 {
        self.nlocalsplus + self.depth
    }

    /// Emits `len = base + slots`: the value stack's length as the uop executor reads it,
    /// with `slots` frame slots in use. Clobbers RAX, RCX and the flags.
    pub(super) fn emit_store_len(&mut self, slots: u32) {
        emit_len(&mut self.buf, slots);
        self.buf.emit(mov_r64_rm64(Reg::Rcx, at(CTX, CTX_STACK)));
        self.buf
            .emit(mov_rm64_r64(at(Reg::Rcx, STACK_LEN), Reg::Rax));
    }

    /// Emits start `pc`'s entry code, built for `slots` frame slots in use: clears the loop
    /// mark, checks the stack's length and goes to the uop's code (or hands back at once,
    /// leaving the stack alone, when the length is another). Returns its offset, and where
    /// code that links here with the length right (and the loop mark cleared) may enter
    /// instead: the uop's own code, unless the start writes the run state first.
    pub(super) fn emit_start(&mut self, pc: usize, slots: u32) -> (usize, Option<usize>) {
        let at_start = self.buf.offset();
        let wrong = self.buf.new_label();
        self.buf.emit(mov_rm64_imm32(loop_mark(), Imm32::from(0)));
        emit_len(&mut self.buf, slots);
        self.buf.emit(mov_r64_rm64(Reg::Rcx, at(CTX, CTX_STACK)));
        self.buf
            .emit(cmp_r64_rm64(Reg::Rax, at(Reg::Rcx, STACK_LEN)));
        self.buf.jcc_label(Cond::Ne, wrong);
        if self.current_top == Some(pc) {
            // (Built with the run state current; code that links here may leave it stale.)
            if let Some(run) = self.run_at_start(pc) {
                emit_run_state(&mut self.buf, run);
            }
        }
        self.buf.jmp_label(self.labels[pc]);
        self.buf.bind(wrong);
        if let Some(run) = self.run_at_start(pc) {
            emit_run_state(&mut self.buf, run);
        }
        self.buf
            .emit(mov_r32_imm32(STATUS, result(pc, HelperStatus::Next)));
        self.buf.jmp_label(self.leave);
        let linked = if self.current_top == Some(pc) {
            None
        } else {
            self.buf.label_offset(self.labels[pc])
        };
        (at_start, linked)
    }

    /// Emits `_JUMP_TO_TOP`'s mark: the code went round the loop.
    pub(super) fn emit_mark_looped(&mut self) {
        self.buf.emit(mov_rm32_imm32(loop_mark(), LOOPED));
    }

    /// Emits every stub, then the routine they end in, which adds the loop mark to the
    /// result and goes to the trampoline's `exit`.
    pub(super) fn emit_stubs(&mut self, exit: Label) {
        // (A slow path adds a stub of its own: emitted in a later round, after the helper
        // call that made the run state current.)
        self.run_stale = None;
        while !self.stubs.is_empty() {
            for (label, stub, run) in core::mem::take(&mut self.stubs) {
                self.buf.bind(label);
                self.emit_stub(stub, run);
            }
        }
        self.buf.bind(self.leave);
        self.buf.emit(or_r64_rm64(STATUS, loop_mark()));
        self.buf.jmp_label(exit);
    }

    /// Emits `stub`, which writes the run state `run` (when code jumps there with it stale)
    /// before it leaves code or calls a helper: code a link leads to makes it current itself
    /// when it needs it.
    fn emit_stub(&mut self, stub: Stub, run: Option<RunAt>) {
        if stub.leaves_with_run_state() {
            if let Some(run) = run {
                emit_run_state(&mut self.buf, run);
            }
        }
        match stub {
            Stub::HandBack { pc, slots, pending } => {
                emit_pending(&mut self.buf, &pending);
                self.emit_store_len(slots);
                self.buf
                    .emit(mov_r32_imm32(STATUS, result(pc, HelperStatus::Next)));
            }
            Stub::Deopt {
                pc,
                slots,
                pending,
                link,
            } => {
                emit_pending(&mut self.buf, &pending);
                self.emit_store_len(slots);
                if let Some(slot) = link {
                    let unlinked = self.buf.new_label();
                    super::link::emit_link(&mut self.buf, slot, unlinked);
                    self.buf.bind(unlinked);
                }
                if let Some(run) = run {
                    emit_run_state(&mut self.buf, run);
                }
                self.buf
                    .emit(mov_r32_imm32(STATUS, result(pc, HelperStatus::Deopt)));
            }
            Stub::Status { pc } => {
                self.buf.emit(shl_rm64_imm8(STATUS, STATUS_SHIFT as u8));
                self.buf
                    .emit(or_rm64_imm32(STATUS, Imm32::from(pc as u16 as i32)));
            }
            Stub::Slow {
                pc,
                slots,
                pending,
                resume,
                float,
                saved,
            } => {
                emit_pending(&mut self.buf, &pending);
                self.emit_call(pc, slots);
                if let Some(f) = float {
                    self.buf
                        .emit(mov_r64_rm64(Reg::Rax, self.frame_slot(f.slot)));
                    self.buf.emit(cmp_rm64_r64(Reg::Rax, INT_TAG));
                    self.buf.jcc_label(Cond::Ae, f.other);
                    emit_float_to_xmm(&mut self.buf, f.reg, Reg::Rax);
                }
                emit_reload(&mut self.buf, &saved);
                self.buf.jmp_label(resume);
                return;
            }
            Stub::Link {
                slot,
                slots,
                pending,
                otherwise,
                looped_only,
            } => {
                if looped_only {
                    self.buf.emit(cmp_rm64_imm8(loop_mark(), Imm8::from(0)));
                    self.buf.jcc_label(Cond::E, otherwise);
                }
                emit_pending(&mut self.buf, &pending);
                self.emit_store_len(slots);
                super::link::emit_link(&mut self.buf, slot, otherwise);
                return;
            }
            Stub::ReturnElsewhere {
                pc,
                top,
                slot,
                slow,
            } => {
                self.emit_return_elsewhere(pc, top, slot, slow);
                self.buf
                    .emit(mov_r32_imm32(STATUS, result(pc, HelperStatus::Moved)));
            }
            Stub::CallElsewhere { site, slot, slow } => {
                self.emit_call_elsewhere(site, slot, slow);
                return;
            }
            Stub::ListDone { index, then } => {
                self.buf
                    .emit(mov_rm64_imm32(at(Reg::Rcx, index), Imm32::from(-1)));
                self.buf.jmp_label(then);
                return;
            }
            Stub::DynamicLink { slot, status } => {
                super::link::emit_dynamic_link(&mut self.buf, slot, status);
                return;
            }
            Stub::Flow { pc, slots, resume } => {
                self.emit_flow_call(pc, slots);
                self.buf.jmp_label(resume);
                return;
            }
            Stub::MethodLookup { name, found, slow } => {
                super::attr::emit_method_lookup(&mut self.buf, name, slow);
                self.buf.jmp_label(found);
                return;
            }
        }
        self.buf.jmp_label(self.leave);
    }
}

/// `[base + offset]` for a layout offset.
pub(super) fn at(base: Reg, offset: usize) -> Mem {
    Mem::base_disp(base, disp(offset))
}

/// Emits `rax = (LOCALS - STACK) / 8 + slots`: the stack length with `slots` frame slots in
/// use (LOCALS is the frame's base slot). Clobbers the flags.
fn emit_len(buf: &mut CodeBuf, slots: u32) {
    let disp = crate::enc::Disp::new(8 * i64::from(slots)).expect("a frame fits a displacement");
    buf.emit(lea_r64_m(Reg::Rax, Mem::base_disp(LOCALS, disp)));
    buf.emit(sub_rm64_r64(Reg::Rax, STACK));
    buf.emit(shr_rm64_imm8(Reg::Rax, 3));
}
