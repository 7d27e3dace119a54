//! The forward pass: an abstract interpretation of a trace body, one tier-1 instruction (a
//! run of uops with the same code and offset) at a time, with a symbol per stack slot and
//! per local of every frame the trace goes through. It applies the rules of the module
//! documentation (`opt`) as it goes and emits the optimized body.
//!
//! Soundness rests on three habits: an instruction whose uops are not all modelled here
//! gets the generic treatment (its declared stack effect, unknown results, locals forgotten
//! if it touches them, the frame's stack forgotten if its effect is not certain); a frame
//! change that is not an exact-arguments call or a return forgets what the caller's stack
//! held; and the first instruction is never changed (forward progress).

use alloc::vec::Vec;

use super::rules::{rule_of, Cx};
use super::symbol::{Contradiction, Sym, Symbols};
use crate::bytecode::ops::{Flags, Uop};
use crate::exec::ir::{ExecutorBuilder, UopInst, NO_EXIT};
use crate::vm::Vm;

/// How a frame of the abstract state was entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Entered {
    /// By an exact-arguments call recorded in the trace: its return value is what the
    /// caller gets.
    Call,
    /// Any other way (the trace's first frame, a frame returned to, a generic call, a
    /// generator resumption): what the caller gets back is unknown.
    Opaque,
}

/// One frame of the abstract state. The stack holds the known top part of the frame's
/// value stack; below it is unknown (popping an empty stack gives a fresh unknown).
#[derive(Debug)]
pub(super) struct Frame {
    pub(super) code: u8,
    pub(super) entered: Entered,
    pub(super) locals: Vec<Sym>,
    pub(super) stack: Vec<Sym>,
    /// Known contents of the frame's cells (by `LOAD_DEREF` index): what a cell held when
    /// last read or written here, forgotten when any code may have run or any frame wrote
    /// a cell (a callee's free variable can be the caller's cell).
    pub(super) cells: Vec<(u32, Sym)>,
    /// The generator whose frame this is, when entered by a modelled resume (`opt::gen`).
    pub(super) gen: Option<Sym>,
}

/// What the pass does with a uop.
pub(super) enum Act {
    Keep,
    /// A guard or validity check that goes (counted as removed).
    Remove,
    /// A uop that goes and is neither (a safe point; not counted).
    Drop,
    Replace(Uop),
    /// A replacement with another oparg (a shape guard's shape).
    ReplaceArg(Uop, u32),
}

/// The result of the pass.
pub(crate) struct Optimized {
    /// The new body.
    pub body: Vec<UopInst>,
    /// For each uop of `body`, the guards removed just before it.
    pub removed: Vec<u8>,
    /// Guards and validity checks removed in all.
    pub removed_total: u32,
    /// Exit stubs to append to the builder's (body uops name them by index already).
    pub new_stubs: Vec<UopInst>,
    /// Indices of `body` from which code may have run (the uop there or just before it
    /// may run Python code), in the pass's judgement (sorted).
    pub escapes: Vec<usize>,
    /// Facts at linkable exits, one entry per builder stub index, sorted.
    pub exit_facts: Vec<(u16, super::link::FrameFacts)>,
    /// The loop copy's header (body index of its top), for a peeled trace.
    pub loop_entry: Option<super::link::LoopEntry>,
    /// Assumptions the optimized body makes beyond the recorded one's.
    pub new_deps: Vec<crate::exec::ir::Dep>,
}

/// The pass state.
pub(super) struct Pass<'a> {
    pub(super) vm: &'a Vm,
    pub(super) b: &'a ExecutorBuilder,
    pub(super) syms: Symbols,
    pub(super) frames: Vec<Frame>,
    /// Nothing since the last validity check (or the entry) can have invalidated the
    /// executor.
    pub(super) clean: bool,
    /// Globals dicts (heap slot, keys version) checked since the last escaping uop.
    pub(super) globals_ok: Vec<(u32, u32)>,
    /// Builtins keys versions checked since the last escaping uop.
    pub(super) builtins_ok: Vec<u32>,
    pub(super) out: Vec<UopInst>,
    pub(super) removed: Vec<u8>,
    pub(super) pending: u8,
    pub(super) removed_total: u32,
    /// For each input uop, the index of the output uop standing in its place.
    pub(super) map: Vec<u32>,
    pub(super) new_stubs: Vec<UopInst>,
    /// Where code may have run: see [`Optimized::escapes`].
    pub(super) escapes: Vec<usize>,
    /// Facts at linkable exits, by builder stub index (see [`super::link`]).
    pub(super) exit_facts: Vec<(u16, super::link::FrameFacts)>,
    /// The loop copy's header, for a peeled trace.
    pub(super) loop_entry: Option<super::link::LoopEntry>,
    /// Saved states of suspended generators (`opt::gen`).
    pub(super) gens: Vec<super::generator_hops::GenSave>,
    /// The shape guards emitted since the last escaping uop, by the value they proved
    /// (`opt::fields`: a later guard may deepen them).
    pub(super) shape_guards: Vec<(Sym, usize)>,
    /// See [`Optimized::new_deps`].
    pub(super) new_deps: Vec<crate::exec::ir::Dep>,
}

/// Runs the forward pass over `b`'s body.
pub(crate) fn run(vm: &Vm, b: &ExecutorBuilder) -> Result<Optimized, Contradiction> {
    let mut p = Pass {
        vm,
        b,
        syms: Symbols::default(),
        frames: Vec::new(),
        clean: true,
        globals_ok: Vec::new(),
        builtins_ok: Vec::new(),
        out: Vec::with_capacity(b.body.len()),
        removed: Vec::with_capacity(b.body.len()),
        pending: 0,
        removed_total: 0,
        map: Vec::with_capacity(b.body.len()),
        new_stubs: Vec::new(),
        escapes: Vec::new(),
        exit_facts: Vec::new(),
        loop_entry: None,
        gens: Vec::new(),
        shape_guards: Vec::new(),
        new_deps: Vec::new(),
    };
    p.seed_entry();
    if super::peel::peelable(b) {
        super::peel::peel(&mut p)?;
    } else {
        if b.body.last().is_some_and(|u| u.uop == Uop::_JUMP_TO_TOP) {
            // A loop: the state at its top is also the one at its end, not only the entry.
            p.clean = false;
        }
        p.range(0, b.body.len(), b.first_len as usize)?;
        // `_JUMP_TO_TOP` names a body index: map it to where that uop went.
        for u in p.out.iter_mut() {
            if u.uop == Uop::_JUMP_TO_TOP {
                u.oparg = p.map.get(u.oparg as usize).copied().unwrap_or(0);
            }
        }
    }
    Ok(Optimized {
        body: p.out,
        removed: p.removed,
        removed_total: p.removed_total,
        new_stubs: p.new_stubs,
        escapes: p.escapes,
        exit_facts: super::link::merge_exit_facts(p.exit_facts),
        loop_entry: p.loop_entry,
        new_deps: p.new_deps,
    })
}

/// Uops that end a trace body (each is an instruction group of its own).
fn is_end(uop: Uop) -> bool {
    matches!(
        uop,
        Uop::_JUMP_TO_TOP | Uop::_EXIT_TRACE | Uop::_DEOPT | Uop::_DYNAMIC_EXIT
    )
}

impl Pass<'_> {
    /// Interprets (and emits) body uops `from..to`; groups starting before `frozen_to`
    /// are the first instruction, kept as recorded.
    pub(super) fn range(
        &mut self,
        from: usize,
        to: usize,
        frozen_to: usize,
    ) -> Result<(), Contradiction> {
        let body = &self.b.body[..to];
        let mut i = from;
        while i < body.len() {
            let (code, target) = (body[i].code, body[i].target);
            let mut j = i + 1;
            if !is_end(body[i].uop) {
                while j < body.len()
                    && body[j].code == code
                    && body[j].target == target
                    && !is_end(body[j].uop)
                    && body[j].uop != Uop::_CHECK_VALIDITY
                {
                    j += 1;
                }
            }
            self.group(i, j, i < frozen_to)?;
            i = j;
        }
        Ok(())
    }

    // -- Emission ---------------------------------------------------------------------------

    pub(super) fn emit(&mut self, u: &UopInst) {
        self.map.push(self.out.len() as u32);
        self.out.push(u.clone());
        self.removed.push(self.pending);
        self.pending = 0;
    }

    /// A new `_DEOPT` stub resuming tier 1 at `target` of code `code`.
    fn deopt_stub(&mut self, code: u8, target: u32) -> u16 {
        let i = self.b.stubs.len() + self.new_stubs.len();
        self.new_stubs
            .push(UopInst::new(Uop::_DEOPT, 0, code, target, target));
        i as u16
    }

    fn drop_guard(&mut self) {
        self.drop_uop();
        self.pending = self.pending.saturating_add(1);
        self.removed_total += 1;
    }

    /// Drops the current uop (it maps to the next uop emitted).
    fn drop_uop(&mut self) {
        self.map.push(self.out.len() as u32);
    }

    // -- Instructions -----------------------------------------------------------------------

    fn group(&mut self, i: usize, j: usize, frozen: bool) -> Result<(), Contradiction> {
        let body = &self.b.body;
        let head = &body[i];
        // The state must be in the frame the uops run in; if not (an unmodelled frame
        // change), start over with an unknown frame.
        if self.frames.last().map(|f| f.code) != Some(head.code) {
            self.frames.clear();
            self.forget_gens();
            self.new_frame(head.code, Entered::Opaque, Vec::new());
        }
        let mut k = i;
        if head.uop == Uop::_CHECK_VALIDITY {
            // Rule: a validity check with nothing since the previous one (or the entry)
            // that can invalidate the executor is dropped.
            // (Dropped for want of a fact resting on validity, it checked nothing: the
            // state stays unclean, for facts learned later that rest on it.)
            if (self.clean || !self.depends_on_validity()) && !frozen {
                self.drop_guard();
            } else {
                let before = self.frame_facts(head.code, true);
                self.note_exit(head.exit, &before);
                self.emit(head);
                self.clean = true;
            }
            k += 1;
        }
        if k == j {
            return Ok(());
        }
        let uops = &body[k..j];
        if is_end(uops[0].uop) {
            let mut end = uops[0].clone();
            end.expect = self.loop_to_enter(&end);
            self.emit(&end);
            return Ok(());
        }
        // (Facts for the exits only: most instructions have none.)
        let exits = uops
            .iter()
            .any(|u| u.exit != NO_EXIT || u.jump_exit != NO_EXIT);
        let before = if exits {
            self.frame_facts(head.code, true)
        } else {
            None
        };
        if self.gen_hop(uops, frozen) {
            self.note_group_exits(uops, &before);
            return Ok(());
        }
        if !uops.iter().all(|u| rule_of(u.uop).is_some()) {
            self.generic(k, j);
            for u in uops {
                self.emit(u);
            }
            self.note_group_exits(uops, &before);
            return Ok(());
        }
        // The exit the instruction's guards leave through (for uops that take a guard's
        // place and can leave too).
        let guard_exit = uops
            .iter()
            .find(|u| u.uop.flags().contains(Flags::DEOPT) && u.exit != NO_EXIT)
            .map_or(NO_EXIT, |u| u.exit);
        let emitted = self.out.len();
        for u in uops {
            let act = self.uop(u, guard_exit, frozen)?;
            match act {
                // The safe point leaves before any effect: the first instruction may use it
                // (leaving there is leaving without progress, and tier 1 runs it).
                Act::Replace(Uop::_CHECK_PERIODIC_EXIT) => {
                    let mut n = u.clone();
                    n.uop = Uop::_CHECK_PERIODIC_EXIT;
                    n.exit = self.deopt_stub(u.code, u.target);
                    self.emit(&n);
                }
                _ if frozen => self.emit(u),
                Act::Keep => self.emit(u),
                Act::Remove => self.drop_guard(),
                Act::Drop => self.drop_uop(),
                Act::Replace(uop) | Act::ReplaceArg(uop, _) => {
                    let mut n = u.clone();
                    n.uop = uop;
                    if let Act::ReplaceArg(_, arg) = act {
                        n.oparg = arg;
                    }
                    if n.exit == NO_EXIT {
                        n.exit = guard_exit;
                    }
                    self.emit(&n);
                }
            }
        }
        if self.out.len() == emitted && self.vm.fuel_limited() {
            // Nothing is left of the instruction; a budget still counts it (`exec::fuel`).
            // (Not `emit`: the dropped uops already map here.)
            let h = &uops[0];
            self.out
                .push(UopInst::new(Uop::_NOP, 0, h.code, h.target, h.next));
            self.removed.push(self.pending);
            self.pending = 0;
        }
        self.note_group_exits(uops, &before);
        Ok(())
    }

    /// A modelled uop (one with a rule, see [`rule_of`]): updates the state and says what
    /// becomes of it.
    fn uop(&mut self, u: &UopInst, guard_exit: u16, frozen: bool) -> Result<Act, Contradiction> {
        let cx = Cx {
            can_replace: !frozen && guard_exit != NO_EXIT,
            frozen,
        };
        match rule_of(u.uop) {
            Some(rule) => rule(self, u, cx),
            None => {
                // Not reached (groups with a uop without a rule are treated generically);
                // stay sound anyway.
                self.escape();
                self.forget_stack();
                self.forget_locals();
                Ok(Act::Keep)
            }
        }
    }
}
