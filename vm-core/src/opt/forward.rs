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

use super::generic::modelled;
use super::symbol::{Contradiction, Sym, Symbols, Ty};
use crate::bytecode::ops::{flags, BinaryOp, Uop};
use crate::exec::ir::{ExecutorBuilder, UopInst, NO_EXIT, SAME_FRAME};
use crate::object::value::Value;
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
        if !uops.iter().all(|u| modelled(u.uop)) {
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
            .find(|u| u.uop.flags() & flags::DEOPT != 0 && u.exit != NO_EXIT)
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

    /// A modelled uop: updates the state and says what becomes of it.
    fn uop(&mut self, u: &UopInst, guard_exit: u16, frozen: bool) -> Result<Act, Contradiction> {
        use Uop::*;
        let arg = u.oparg;
        let can_replace = !frozen && guard_exit != NO_EXIT;
        Ok(match u.uop {
            _NOP => Act::Keep,
            _CHECK_PERIODIC | _CHECK_PERIODIC_EXIT
                if u.target == 0 && self.frames.len() > 1 && !self.vm.fuel_limited() =>
            {
                // Rule: the safe point of a frame the trace entered (a call's or a
                // generator's first instruction) goes. Work between two checks stays
                // bounded: the trace's start, its loop's back-edge and every link keep
                // theirs, and a trace is finite. (Not with a budget: a run stops at the
                // first safe point after it is spent, in traces as in tier 1.)
                Act::Drop
            }
            _CHECK_PERIODIC => {
                // Rule: collections run finalizers (generators' `finally` blocks), Python
                // code; the exiting form leaves for tier 1 when one is due, so it runs none.
                Act::Replace(_CHECK_PERIODIC_EXIT)
            }
            _CHECK_PERIODIC_EXIT => Act::Keep,
            _LOAD_FAST | _LOAD_FAST_CHECK => {
                let s = self.local(arg);
                self.push(s);
                Act::Keep
            }
            _LOAD_FAST_NEXT => {
                let s = self.local(self.next_arg(u));
                self.push(s);
                Act::Keep
            }
            _LOAD_CONST => {
                self.push_new(self.const_type(u.code, arg));
                Act::Keep
            }
            _LOAD_CONST_NEXT => {
                self.push_new(self.const_type(u.code, self.next_arg(u)));
                Act::Keep
            }
            _STORE_FAST => {
                let s = self.pop();
                self.set_local(arg, s);
                Act::Keep
            }
            _STORE_FAST_NEXT => {
                let s = self.pop();
                self.set_local(self.next_arg(u), s);
                Act::Keep
            }
            _POP_TOP
            | _POP_JUMP_NEXT
            | _GUARD_IS_TRUE_POP
            | _GUARD_IS_FALSE_POP
            | _GUARD_IS_NONE_POP
            | _GUARD_IS_NOT_NONE_POP => {
                self.pop();
                Act::Keep
            }
            _PUSH_NULL => {
                self.push_new(Ty::Null);
                Act::Keep
            }
            _COPY => {
                let s = self.peek(arg.max(1) as usize);
                self.push(s);
                Act::Keep
            }
            _SWAP => {
                let n = arg.max(1) as usize;
                self.peek(n);
                let f = self.frame();
                let len = f.stack.len();
                f.stack.swap(len - 1, len - n);
                Act::Keep
            }
            _GUARD_BOTH_INT => self.guard2(
                |a, b| a.within(Ty::SmallInt) && b.within(Ty::SmallInt),
                |p, a, b| {
                    p.syms.refine(a, Ty::SmallInt)?;
                    p.syms.refine(b, Ty::SmallInt)
                },
            )?,
            _GUARD_NUMBERS_ONE_FLOAT => self.guard2(
                |a, b| {
                    a.within(Ty::Number)
                        && b.within(Ty::Number)
                        && (a == Ty::Float || b == Ty::Float)
                },
                |p, a, b| {
                    p.syms.refine(a, Ty::Number)?;
                    p.syms.refine(b, Ty::Number)?;
                    // One of them is a float: if the other cannot be, this one is.
                    if p.syms.is(a, Ty::SmallInt) {
                        p.syms.refine(b, Ty::Float)?;
                    }
                    if p.syms.is(b, Ty::SmallInt) {
                        p.syms.refine(a, Ty::Float)?;
                    }
                    Ok(())
                },
            )?,
            _GUARD_BOTH_NUMBERS => self.guard2(
                |a, b| a.within(Ty::Number) && b.within(Ty::Number),
                |p, a, b| {
                    p.syms.refine(a, Ty::Number)?;
                    p.syms.refine(b, Ty::Number)
                },
            )?,
            _GUARD_BOTH_STR => self.guard2(
                |a, b| a.within(Ty::Str) && b.within(Ty::Str),
                |p, a, b| {
                    p.syms.refine(a, Ty::Str)?;
                    p.syms.refine(b, Ty::Str)
                },
            )?,
            _BINARY_OP_ADD_INT
            | _BINARY_OP_SUBTRACT_INT
            | _BINARY_OP_MULTIPLY_INT
            | _BINARY_OP_INT => {
                self.pop_n(2);
                // Rule: small-int arithmetic becomes its checked form, whose result is a
                // proven small int (it leaves when the result would not be one). Not for
                // products and left shifts: results past 2**47 are common there (hashes,
                // random number generators), and a trace leaving on every one costs more
                // than the guards it saves.
                let lshift = u.oparg % BinaryOp::INPLACE == BinaryOp::Lshift as u32;
                let checked = match u.uop {
                    _BINARY_OP_ADD_INT => Some(_BINARY_OP_ADD_SMALL_INT),
                    _BINARY_OP_SUBTRACT_INT => Some(_BINARY_OP_SUBTRACT_SMALL_INT),
                    _BINARY_OP_INT if !lshift => Some(_BINARY_OP_SMALL_INT),
                    _ => None,
                };
                match checked {
                    Some(c) if can_replace => {
                        self.push_new(Ty::SmallInt);
                        Act::Replace(c)
                    }
                    _ => {
                        self.push_new(Ty::Int);
                        Act::Keep
                    }
                }
            }
            _BINARY_OP_ADD_SMALL_INT | _BINARY_OP_SUBTRACT_SMALL_INT | _BINARY_OP_SMALL_INT => {
                self.pop_n(2);
                self.push_new(Ty::SmallInt);
                Act::Keep
            }
            _BINARY_OP_ADD_FLOAT
            | _BINARY_OP_SUBTRACT_FLOAT
            | _BINARY_OP_MULTIPLY_FLOAT
            | _BINARY_OP_TRUE_DIVIDE_FLOAT => {
                self.pop_n(2);
                self.push_new(Ty::Float);
                Act::Keep
            }
            _BINARY_OP_ADD_STR => {
                self.pop_n(2);
                self.push_new(Ty::Str);
                Act::Keep
            }
            _IS_OP | _UNARY_NOT => {
                // Identity tests and `not` give a bool (and run no code).
                self.pop_n(if u.uop == _IS_OP { 2 } else { 1 });
                self.push_new(Ty::Bool);
                Act::Keep
            }
            _COMPARE_OP_INT | _COMPARE_OP_FLOAT | _COMPARE_OP_STR => {
                self.pop_n(2);
                self.push_new(Ty::Bool);
                Act::Keep
            }
            _TO_BOOL_BOOL => {
                // Rule: a proven bool needs no conversion (the uop only checks).
                let s = self.peek(1);
                if self.syms.is(s, Ty::Bool) {
                    Act::Remove
                } else {
                    self.syms.refine(s, Ty::Bool)?;
                    Act::Keep
                }
            }
            _TO_BOOL_INT | _TO_BOOL_NONE | _TO_BOOL_LIST | _TO_BOOL_STR => {
                let s = self.pop();
                let ty = match u.uop {
                    _TO_BOOL_INT => Ty::SmallInt,
                    _TO_BOOL_NONE => Ty::NoneV,
                    _TO_BOOL_LIST => Ty::List,
                    _ => Ty::Str,
                };
                self.syms.refine(s, ty)?;
                self.push_new(Ty::Bool);
                Act::Keep
            }
            _GUARD_GLOBALS_VERSION => {
                // Rule: a globals dict checked at the same keys version since the last
                // escaping uop cannot have changed.
                match (self.cache(u, 1), self.cache(u, 2)) {
                    (Some(d), Some(v)) if self.globals_ok.contains(&(d, v)) => Act::Remove,
                    (Some(d), Some(v)) => {
                        self.globals_ok.push((d, v));
                        Act::Keep
                    }
                    _ => Act::Keep,
                }
            }
            _GUARD_BUILTINS_VERSION => match self.cache(u, 3) {
                Some(v) if self.builtins_ok.contains(&v) => Act::Remove,
                Some(v) => {
                    self.builtins_ok.push(v);
                    Act::Keep
                }
                None => Act::Keep,
            },
            _LOAD_GLOBAL_MODULE | _LOAD_GLOBAL_BUILTIN => {
                self.push_new(Ty::Unknown);
                if arg & 1 != 0 {
                    self.push_new(Ty::Null);
                }
                Act::Keep
            }
            _GUARD_INSTANCE_SLOT | _GUARD_INSTANCE_SLOT_STORE | _GUARD_TYPE_VERSION => {
                // Rule: an instance proven of a class version passes any attribute guard
                // cached at that version. A polymorphic guard becomes the strict one
                // (leaving, before any effect, for another class) when the executor depends
                // on the class that has the version, which is what makes the fact last:
                // a change to the class invalidates the executor, and the validity check
                // after the code that changed it leaves the trace; and when either the site
                // has only seen that class in tier 1 or the class has no user base or
                // subclass (otherwise the site is likely polymorphic).
                let s = self.peek(1);
                let Some(v) = self.cache(u, 1) else {
                    return Ok(Act::Keep);
                };
                if self.syms.ty(s) == Ty::Instance(v) {
                    Act::Remove
                } else if u.uop == _GUARD_TYPE_VERSION {
                    self.syms.refine(s, Ty::Instance(v))?;
                    Act::Keep
                } else if can_replace && self.depends_on_version(v, self.monomorphic_site(u)) {
                    self.syms.refine(s, Ty::Instance(v))?;
                    Act::Replace(_GUARD_TYPE_VERSION)
                } else {
                    self.syms.refine(s, Ty::Object)?;
                    if can_replace {
                        self.shape_guard(u, s)
                    } else {
                        Act::Keep
                    }
                }
            }
            _POP_ITER => {
                // Rule: dropping an iterator runs code only for a generator (closed early);
                // a proven list, tuple or range iterator runs none.
                let it = self.pop();
                if !matches!(
                    self.syms.ty(it),
                    Ty::ListIter | Ty::TupleIter | Ty::RangeIter
                ) {
                    self.escape();
                }
                Act::Keep
            }
            _GUARD_SHAPE => {
                let s = self.peek(1);
                self.syms.refine(s, Ty::Object)?;
                Act::Keep
            }
            _LOAD_ATTR_SLOT => {
                // Rule: on a proven class version, the slot's kind types the value.
                let owner = self.pop();
                let ty = self.slot_type(owner, self.cache(u, 2));
                self.push_new(ty);
                if arg & 1 != 0 {
                    self.push_new(Ty::Null);
                }
                Act::Keep
            }
            _STORE_ATTR_SLOT => {
                self.pop_n(2);
                Act::Keep
            }
            _LOAD_ATTR_INSTANCE_METHOD | _LOAD_ATTR_METHOD_LAYOUT | _LOAD_ATTR_METHOD_VERSION => {
                // The method under the owner, which stays the same value (`self`).
                // Rule: on an owner proven of the cached class version, the method is the
                // cached one; only the layout length (no shadowing instance attribute) is
                // checked. Otherwise, as for attribute guards, the strict form proves the
                // owner's class when the executor depends on it.
                let owner = self.peek(1);
                let v = self.cache(u, 1).unwrap_or(0);
                let act = if u.uop != _LOAD_ATTR_INSTANCE_METHOD || !can_replace {
                    Act::Keep
                } else if self.syms.ty(owner) == Ty::Instance(v) {
                    // The class version check went (the layout check stays).
                    self.pending = self.pending.saturating_add(1);
                    self.removed_total += 1;
                    Act::Replace(_LOAD_ATTR_METHOD_LAYOUT)
                } else if self.depends_on_version(v, false) {
                    self.syms.refine(owner, Ty::Instance(v))?;
                    Act::Replace(_LOAD_ATTR_METHOD_VERSION)
                } else {
                    Act::Keep
                };
                if u.uop == _LOAD_ATTR_METHOD_VERSION {
                    self.syms.refine(owner, Ty::Instance(v))?;
                } else {
                    // Every form leaves for anything but an instance.
                    self.syms.refine(owner, Ty::Object)?;
                }
                self.pop();
                self.push_new(Ty::Unknown);
                self.push(owner);
                act
            }
            _GUARD_NOS_LIST => self.guard1(2, Ty::List)?,
            _GUARD_TOS_INT => self.guard1(1, Ty::SmallInt)?,
            _GUARD_ITER_LIST => self.guard1(1, Ty::ListIter)?,
            _GUARD_ITER_TUPLE => self.guard1(1, Ty::TupleIter)?,
            _GUARD_ITER_RANGE => self.guard1(1, Ty::RangeIter)?,
            _FOR_ITER_RANGE | _FOR_ITER_RANGE_SMALL | _FOR_ITER_LIST | _FOR_ITER_TUPLE => {
                // The action checks its iterator's type too (it deopts otherwise): past it,
                // the type holds.
                let it = self.peek(1);
                match u.uop {
                    _FOR_ITER_LIST => self.syms.refine(it, Ty::ListIter)?,
                    _FOR_ITER_TUPLE => self.syms.refine(it, Ty::TupleIter)?,
                    _FOR_ITER_RANGE | _FOR_ITER_RANGE_SMALL => {
                        self.syms.refine(it, Ty::RangeIter)?
                    }
                    _ => {}
                }
                if u.expect == arg {
                    // Recorded exhausted: the iterator is popped and the loop left.
                    self.pop();
                    return Ok(Act::Keep);
                }
                match u.uop {
                    _FOR_ITER_RANGE if !frozen => {
                        // Rule: the range loop's value is a proven small int (the checked
                        // form leaves otherwise).
                        self.push_new(Ty::SmallInt);
                        Act::Replace(_FOR_ITER_RANGE_SMALL)
                    }
                    _FOR_ITER_RANGE => {
                        self.push_new(Ty::Int);
                        Act::Keep
                    }
                    _FOR_ITER_RANGE_SMALL => {
                        self.push_new(Ty::SmallInt);
                        Act::Keep
                    }
                    _ => {
                        self.push_new(Ty::Unknown);
                        Act::Keep
                    }
                }
            }
            _BINARY_SUBSCR_LIST_INT | _BINARY_SUBSCR_TUPLE_INT => {
                let (c, k) = (self.peek(2), self.peek(1));
                let ty = if u.uop == _BINARY_SUBSCR_LIST_INT {
                    Ty::List
                } else {
                    Ty::Tuple
                };
                self.syms.refine(c, ty)?;
                self.syms.refine(k, Ty::SmallInt)?;
                self.pop_n(2);
                self.push_new(Ty::Unknown);
                Act::Keep
            }
            _STORE_SUBSCR_LIST_INT => {
                let (c, k) = (self.peek(2), self.peek(1));
                self.syms.refine(c, Ty::List)?;
                self.syms.refine(k, Ty::SmallInt)?;
                self.pop_n(3);
                Act::Keep
            }
            _GUARD_BUILTIN_TYPE => {
                // Rule: the owner's type is known (its representation fixes it).
                let s = self.peek(1);
                let Some(t) = self.cache(u, 1) else {
                    return Ok(Act::Keep);
                };
                let ty = self.syms.ty(s);
                if ty != Ty::Unknown && self.type_ref_of(ty) == Some(t) {
                    Act::Remove
                } else {
                    if let Some(ty) = self.ty_of_type_ref(t) {
                        self.syms.refine(s, ty)?;
                    }
                    Act::Keep
                }
            }
            _LOAD_ATTR_METHOD => {
                // The method (from the cache: a builtin type's, which no code can rebind)
                // under the owner, which stays the same value.
                let owner = self.pop();
                let method = self.cache(u, 2).filter(|&r| self.native_at(r).is_some());
                self.push_new(method.map_or(Ty::Unknown, Ty::Native));
                self.push(owner);
                Act::Keep
            }
            _GUARD_CALL_LIST_APPEND | _GUARD_CALL_SET_ADD => {
                // Rule: the callable is proven that builtin method (loaded from a proven
                // list or set) and `self` a list or set.
                let argc = u.oparg as usize;
                let (callable, owner) = (self.peek(argc + 2), self.peek(argc + 1));
                let types = &self.vm.types;
                let (ty, name, class) = if u.uop == _GUARD_CALL_LIST_APPEND {
                    (Ty::List, "append", types.list)
                } else {
                    (Ty::Set, "add", types.set)
                };
                let method = match self.syms.ty(callable) {
                    Ty::Native(r) => self
                        .native_at(r)
                        .is_some_and(|(n, o)| n == name && o == Value::obj(class)),
                    _ => false,
                };
                if argc == 1 && method && self.syms.is(owner, ty) {
                    Act::Remove
                } else {
                    self.syms.refine(owner, ty)?;
                    Act::Keep
                }
            }
            _LOAD_CONST_INLINE => {
                // A promoted global (see `promote`): its value's type.
                let v = self.b.consts.get((u.oparg >> 1) as usize).copied();
                let ty = v.map_or(Ty::Unknown, |v| self.value_type(v));
                self.push_new(ty);
                if u.oparg & 1 != 0 {
                    self.push_new(Ty::Null);
                }
                Act::Keep
            }
            _GUARD_CALL_LEN | _GUARD_CALL_BUILTIN => {
                // Rule: the callable is proven a builtin function (a promoted `len`,
                // `sorted`...): `len` itself for `_GUARD_CALL_LEN`.
                let argc = u.oparg as usize;
                let callable = self.peek(argc + 2);
                let proven = match self.syms.ty(callable) {
                    Ty::Native(r) => self.native_at(r).is_some_and(|(name, _)| {
                        u.uop == _GUARD_CALL_BUILTIN || name == "len" && argc == 1
                    }),
                    _ => false,
                };
                if proven {
                    Act::Remove
                } else {
                    Act::Keep
                }
            }
            _CALL_BUILTIN => {
                // Rule: `list.pop` on a proven list with no index or a small-int one runs no
                // Python code (an empty list or a bad index raises, which runs none).
                let argc = arg as usize;
                let callable = self.peek(argc + 2);
                let owner = self.peek(argc + 1);
                let list_pop = match self.syms.ty(callable) {
                    Ty::Native(r) => self
                        .native_at(r)
                        .is_some_and(|(n, o)| n == "pop" && o == Value::obj(self.vm.types.list)),
                    _ => false,
                };
                let args_ok = (1..=argc).all(|k| {
                    let s = self.peek(k);
                    self.syms.is(s, Ty::SmallInt)
                });
                if !(list_pop && argc <= 1 && args_ok && self.syms.is(owner, Ty::List)) {
                    self.escape();
                }
                self.pop_n(u.oparg as usize + 2);
                self.push_new(Ty::Unknown);
                Act::Keep
            }
            _CALL_LIST_APPEND | _CALL_SET_ADD => {
                // `set.add` hashes the item: Python code unless it is a number or a str.
                let top = self.peek(1);
                let item = self.syms.ty(top);
                if u.uop == _CALL_SET_ADD && !(item.is_numeric() || item == Ty::Str) {
                    self.escape();
                }
                self.pop_n(u.oparg as usize + 2);
                self.push_new(Ty::NoneV);
                Act::Keep
            }
            _BINARY_OP | _COMPARE_OP => {
                // Rule: the generic operators on ints, floats and bools run no Python code.
                let (a, b) = (self.peek(2), self.peek(1));
                let numeric = self.syms.ty(a).is_numeric() && self.syms.ty(b).is_numeric();
                if !numeric {
                    self.escape();
                }
                self.pop_n(2);
                let bool_result = numeric && u.uop == _COMPARE_OP;
                self.push_new(if bool_result { Ty::Bool } else { Ty::Unknown });
                Act::Keep
            }
            _GET_ITER | _TO_BOOL => {
                // Iterating or testing a builtin container, a str, a number or None runs no
                // Python code.
                let s = self.pop();
                let ty = self.syms.ty(s);
                let builtin = ty.is_numeric()
                    || matches!(
                        ty,
                        Ty::NoneV | Ty::Str | Ty::List | Ty::Tuple | Ty::Dict | Ty::Set
                    );
                let iter = u.uop == _GET_ITER;
                if !builtin || (iter && ty.is_numeric()) {
                    self.escape();
                }
                // Rule: `iter()` of a proven list or tuple is a list or tuple iterator.
                let result = match (iter, ty) {
                    (false, _) => Ty::Bool,
                    (true, Ty::List) => Ty::ListIter,
                    (true, Ty::Tuple) => Ty::TupleIter,
                    (true, _) => Ty::Unknown,
                };
                self.push_new(result);
                Act::Keep
            }
            _BUILD_LIST | _BUILD_TUPLE | _BUILD_STRING | _BUILD_SET | _BUILD_MAP => {
                // Displays make exact builtin objects (sets and dicts hash their items,
                // which may run `__hash__`/`__eq__`).
                let (n, ty) = match u.uop {
                    _BUILD_LIST => (arg, Ty::List),
                    _BUILD_TUPLE => (arg, Ty::Tuple),
                    _BUILD_STRING => (arg, Ty::Str),
                    _BUILD_SET => (arg, Ty::Set),
                    _ => (2 * arg, Ty::Dict),
                };
                if matches!(u.uop, _BUILD_SET | _BUILD_MAP) {
                    self.escape();
                }
                self.pop_n(n as usize);
                self.push_new(ty);
                Act::Keep
            }
            _BINARY_SLICE | _STORE_SLICE => {
                // Rule: slicing a list, tuple or str with int or None bounds (and assigning
                // a list or tuple to a list slice) runs no Python code; a list's slice is a
                // list, a tuple's a tuple, a str's a str.
                let parts = if arg == 3 { 3 } else { 2 };
                let store = u.uop == _STORE_SLICE;
                let bound = |t: Ty| matches!(t, Ty::SmallInt | Ty::Int | Ty::Bool | Ty::NoneV);
                let bounds_ok = (1..=parts).all(|n| {
                    let s = self.peek(n);
                    bound(self.syms.ty(s))
                });
                let c = self.peek(parts + 1);
                let cty = self.syms.ty(c);
                let pure = if store {
                    let v = self.peek(parts + 2);
                    bounds_ok && cty == Ty::List && matches!(self.syms.ty(v), Ty::List | Ty::Tuple)
                } else {
                    bounds_ok && matches!(cty, Ty::List | Ty::Tuple | Ty::Str)
                };
                if !pure {
                    self.escape();
                }
                self.pop_n(parts + 1);
                if store {
                    self.pop();
                } else {
                    self.push_new(if pure { cty } else { Ty::Unknown });
                }
                Act::Keep
            }
            _LOAD_DEREF => {
                // Rule: a cell's content only changes by a write to a cell or by code.
                let known = self.frame().cells.iter().find(|c| c.0 == arg).map(|c| c.1);
                let s = match known {
                    Some(s) => s,
                    None => {
                        let s = self.syms.fresh(Ty::Unknown);
                        self.frame().cells.push((arg, s));
                        s
                    }
                };
                self.push(s);
                Act::Keep
            }
            _STORE_DEREF => {
                let s = self.pop();
                self.forget_cells();
                self.frame().cells.push((arg, s));
                Act::Keep
            }
            _SET_ADD => {
                // The comprehension's set (below) stays; the item goes, hashed: Python
                // code unless it is a number or a str.
                let item = self.peek(1);
                if !(self.syms.ty(item).is_numeric() || self.syms.ty(item) == Ty::Str) {
                    self.escape();
                }
                self.pop();
                Act::Keep
            }
            _LIST_APPEND => {
                // The list (below) stays; the item goes.
                let l = self.peek(arg as usize + 1);
                self.syms.refine(l, Ty::List)?;
                self.pop();
                Act::Keep
            }
            _CALL_LEN => {
                // `len` of a builtin container runs no Python code; anything else calls
                // `__len__`.
                let a = self.peek(1);
                let ty = self.syms.ty(a);
                let builtin = matches!(ty, Ty::List | Ty::Tuple | Ty::Dict | Ty::Set | Ty::Str);
                if !builtin {
                    self.escape();
                }
                self.pop_n(arg as usize + 2);
                self.push_new(if builtin { Ty::SmallInt } else { Ty::Int });
                Act::Keep
            }
            _UNPACK_SEQUENCE_TWO_TUPLE | _UNPACK_SEQUENCE_TUPLE | _UNPACK_SEQUENCE_LIST => {
                let s = self.pop();
                let (ty, n) = match u.uop {
                    _UNPACK_SEQUENCE_TWO_TUPLE => (Ty::Tuple, 2),
                    _UNPACK_SEQUENCE_TUPLE => (Ty::Tuple, arg),
                    _ => (Ty::List, arg),
                };
                self.syms.refine(s, ty)?;
                for _ in 0..n {
                    self.push_new(Ty::Unknown);
                }
                Act::Keep
            }
            _CALL_PY_EXACT_ARGS | _CALL_BOUND_METHOD_EXACT_ARGS => {
                let argc = arg as usize;
                let mut args: Vec<Sym> = (0..argc).map(|_| self.pop()).collect();
                args.reverse();
                let self_or_null = self.pop();
                self.pop();
                if u.expect_code == SAME_FRAME {
                    // Not recorded as entering a frame: nothing is known of the result.
                    self.escape();
                    self.push_new(Ty::Unknown);
                    return Ok(Act::Keep);
                }
                // The callee's locals are its arguments, after `self` when there is one (a
                // method load's owner: a value of a known type is never the null marker).
                let locals = match self.syms.ty(self_or_null) {
                    _ if u.uop != _CALL_PY_EXACT_ARGS => Vec::new(),
                    Ty::Null => args,
                    Ty::Unknown => Vec::new(),
                    _ => core::iter::once(self_or_null).chain(args).collect(),
                };
                self.new_frame(u.expect_code, Entered::Call, locals);
                Act::Keep
            }
            _RETURN_VALUE => {
                let v = self.pop();
                let entered = self.frame().entered;
                self.frames.pop();
                match (entered, self.frames.is_empty()) {
                    (Entered::Call, false) => self.push(v),
                    (_, false) => self.forget_stack(),
                    (_, true) => {
                        let code = if u.expect_code == SAME_FRAME {
                            0
                        } else {
                            u.expect_code
                        };
                        self.new_frame(code, Entered::Opaque, Vec::new());
                        // Rule: a frame a parent executor entered by a call (a side trace
                        // starting in it) returns its value onto the caller's stack.
                        if entered == Entered::Call && u.expect_code != SAME_FRAME {
                            self.push(v);
                        }
                    }
                }
                Act::Keep
            }
            _ => {
                // Not reached (`modelled` lists the uops above); stay sound anyway.
                self.escape();
                self.forget_stack();
                self.forget_locals();
                Act::Keep
            }
        })
    }
}
