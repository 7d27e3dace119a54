//! The tier-2 trace optimizer: a forward abstract interpretation over a recorded
//! trace that removes guards proven by earlier uops, run by
//! `TraceOptimizer`'s [`crate::exec::api::Optimizer::finish_trace`] before the executor is built.
//!
//! The pass ([`forward`]) walks the trace one tier-1 instruction at a time with a symbol
//! per stack slot and per local of every frame the trace goes through ([`symbol`]): an
//! exact-arguments call pushes a frame whose locals are the call's arguments, a return
//! pops it and hands the returned symbol to the caller. What is not modelled gets unknown
//! results, so the pass is sound by default. A contradiction (two facts about one value
//! that cannot both hold: the trace would always leave) keeps the trace as recorded.
//!
//! # Rules
//! Each rule only removes or replaces uops of an instruction other than the first (the
//! first instruction stays as recorded: forward progress).
//! - **Proven type guards.** `_GUARD_BOTH_INT` is dropped when both operands are proven
//!   small ints, `_GUARD_NUMBERS_ONE_FLOAT` when both are proven numbers and one a float,
//!   `_GUARD_BOTH_NUMBERS` when both are proven numbers, `_GUARD_BOTH_STR` when both are
//!   proven strs. Proofs come from an earlier guard on the same value (through locals,
//!   `COPY`, `SWAP`, calls' arguments and returns), from the producing uop (float
//!   arithmetic gives a float, compares, identity tests and `not` give a bool, `str + str` a str, `len` of a builtin
//!   container a small int), from constants, and from the checked forms below.
//! - **Sets.** A set display makes an exact `set` (a `_GUARD_BUILTIN_TYPE` on `set` is
//!   then dropped, and a kept one teaches it). A comprehension's `SET_ADD` leaves the set
//!   and what is below it as they were (and runs no code for a number or a str).
//! - **Cells.** What a `LOAD_DEREF` or `STORE_DEREF` saw in a cell is known of the next
//!   `LOAD_DEREF` of it, until code may have run or any frame writes a cell (a callee's
//!   free variable may be the caller's cell); a loop's header carries it.
//! - **Checked small-int forms.** Small-int `+` and `-` and `BINARY_OP_INT`'s operators
//!   but `<<` become tier-2-only uops that leave the trace (before any effect, through the
//!   instruction's guard exit) when the result would not be a small int, and
//!   `_FOR_ITER_RANGE` likewise for the loop value; their results are then proven small
//!   ints, so the guards of the arithmetic that uses them go. Products and left shifts stay
//!   as recorded: results past 2**47 are common there (wordcount's random number generator
//!   left its trace on every step: 0.6M more exits), and a hot exit costs more than guards.
//! - **`_TO_BOOL_BOOL`** on a proven bool is dropped, and **`_GUARD_BUILTIN_TYPE`** (a
//!   method of a builtin type) when the owner's representation fixes its class (a proven
//!   list, str, dict, tuple, int, float, bool or None); a kept one teaches the owner's
//!   type (the owner stays the same value under the method it loads).
//! - **Split type guards.** The list subscripts (`BINARY_SUBSCR_LIST_INT`,
//!   `STORE_SUBSCR_LIST_INT`) check their operands with `_GUARD_NOS_LIST` and
//!   `_GUARD_TOS_INT`, the list, tuple and range loops (`FOR_ITER_LIST`, `FOR_ITER_TUPLE`,
//!   `FOR_ITER_RANGE`) their iterator with `_GUARD_ITER_LIST` / `_GUARD_ITER_TUPLE` /
//!   `_GUARD_ITER_RANGE`; each is dropped when its operand is proven of that type, and a
//!   kept one teaches the type. The actions check again (they deopt when reached with
//!   another type, as a safety net) so past them the types hold too. What is left of an
//!   action is a value check (an index in bounds, a range value that is a small int) or
//!   nothing, not a guard (roles `VALUE_CHECK` and `SPLIT` of the op table).
//! - **Class versions.** The instance attribute forms (`LOAD_ATTR_INSTANCE_VALUE`,
//!   `STORE_ATTR_INSTANCE_VALUE`) check their owner with a polymorphic guard
//!   (`_GUARD_INSTANCE_SLOT*`: the cached class version, or a class whose layout has the
//!   name at the cached slot). When the executor depends on (`Dep::Class`) the class that
//!   has the cached version, and either the site is monomorphic (its tier-1 guard never
//!   passed for another class: `interp::specialize::POLYMORPHIC_UNIT`) or that class is
//!   outside any user hierarchy (no user base, no subclasses: no sibling shares its
//!   layout), the guard becomes the strict
//!   `_GUARD_TYPE_VERSION` (leaving, before any effect, for any other class) and the owner
//!   is proven an instance of that version; later attribute guards of the same value at
//!   that version are dropped. The fact survives escaping code: a change to the class
//!   invalidates the executor, and the validity check after the escaping instruction
//!   leaves; a dict given to the instance empties its values, so the slot read deopts.
//! - **Shapes** (`fields`, `object::shape`). At a polymorphic site (classes sharing a
//!   layout prefix, such as the subclasses of one base whose `__init__` runs first), the
//!   attribute guard becomes `_GUARD_SHAPE`: the owner is an instance without a dict whose
//!   class's layout has the cached class's prefix up to the slot, with plain attribute
//!   access. The owner is then `Ty::Shaped`: a later attribute guard on it with its slot in
//!   the prefix is dropped, and one past it, whose prefix extends the proven one, deepens
//!   the earlier shape guard (a stronger check at an earlier exit, before any effect) and
//!   is dropped too. The fact lasts until code may run (it could give the instance a dict
//!   or its class a property): every escaping uop weakens it to `Ty::Object`. It is
//!   carried to side traces by the exit facts.
//! - **Attribute types** (`fields`). A slot load on an owner proven of a class version
//!   gives the type every value stored in that slot has had (`Class::slot_kinds`: small
//!   int, float, bool or None), so guards on attributes that only ever held floats go. A
//!   store of another kind gives the class a new version (invalidating the executor, which
//!   depends on the class), and the specialized store leaves for the generic path rather
//!   than do that from inside a trace. On a shape-proven owner the load gives the kind of
//!   the prefix's slot, the join over every class through it (`ShapeNode::kind`), where
//!   the executor is known valid (no escaping uop since its entry or the last kept
//!   validity check); the executor then depends on the shape (`Dep::Shape`), which a
//!   widening invalidates.
//! - **Returns into a called frame.** A side trace that starts in a frame its parent
//!   entered by a call it followed (`FrameFacts::called`) knows the return pushes the
//!   value onto the caller's stack, so the caller's test of a returned bool needs no check.
//! - **Dropping an iterator.** `POP_ITER` of a proven list, tuple or range iterator runs
//!   no code (only a generator's early close does).
//! - **Methods.** `_LOAD_ATTR_INSTANCE_METHOD` (polymorphic: the cached method, or a
//!   class lookup for another class) on an owner proven of the cached class version
//!   becomes `_LOAD_ATTR_METHOD_LAYOUT`, which only checks the layout length (no
//!   instance attribute shadows the method); otherwise, under the conditions of the rule
//!   above, the strict `_LOAD_ATTR_METHOD_VERSION`, which proves the owner's class. Any
//!   form proves the owner an instance (`Ty::Object`). The owner is the callee's `self`:
//!   an exact-arguments call passes it (a value of a known type is never the null marker)
//!   with the arguments as the callee's locals.
//! - **`list.append` and `set.add`.** `CALL_LIST_APPEND` / `CALL_SET_ADD` check with
//!   `_GUARD_CALL_LIST_APPEND` / `_GUARD_CALL_SET_ADD` that the callable is that builtin
//!   method and `self` a list / mutable set. A method load on a builtin type pushes exactly
//!   the cached method (`Ty::Native`: builtin types cannot be changed), so the guard is
//!   dropped when the callable is that method and `self` is proven a list / set; a kept
//!   one teaches `self`'s type. `set.add` of a proven number or str runs no Python code.
//! - **Slices.** Slicing a proven list, tuple or str with int or None bounds runs no
//!   Python code and gives a list, tuple or str; so does assigning a proven list or tuple to
//!   a slice of a proven list (the validity check after them goes).
//! - **Iterator types.** `iter()` (`_GET_ITER`) of a proven list is a list iterator, of a
//!   proven tuple a tuple iterator.
//! - **Globals and builtins versions.** A `_GUARD_GLOBALS_VERSION` of a dict already
//!   checked at the same keys version, or a `_GUARD_BUILTINS_VERSION` of a version already
//!   checked, with no escaping uop in between, is dropped (only code can change a dict).
//! - **Validity checks.** A `_CHECK_VALIDITY` with no uop since the previous check (or the
//!   executor's entry, for a trace that does not loop) that may run Python code is dropped;
//!   so is one where no fact of the pass rests on the executor's validity (no value is
//!   proven of a class version, the only fact that a change elsewhere can break: types of
//!   representations never change, and the recorded uops check their own assumptions, dict
//!   and class versions, builtin types, when they run). An invalidated executor then runs
//!   on to its next exit, which is what it did between an escape and the check anyway.
//!   A check dropped for that reason checked nothing, so the state stays unclean for what
//!   is learned later (the shape kinds).
//!   `len` of a builtin container does not, nor the generic operators and comparisons on
//!   ints, floats and bools, nor `iter()` or truth tests of builtin containers and strs.
//! - **Safe points.** `_CHECK_PERIODIC` may collect, and collections run finalizers
//!   (generators' `finally` blocks): Python code. It becomes `_CHECK_PERIODIC_EXIT`, which
//!   leaves for tier 1 (through a `_DEOPT` stub, before any effect) when a collection or an
//!   interrupt is due, so in the trace it runs no code and the validity check after it
//!   goes. This also applies to the first instruction: leaving there is leaving without
//!   progress, and tier 1 then runs the original safe point. The safe point of a frame
//!   the trace entered (an inlined call's or a generator's first instruction) goes: the
//!   trace's first uop, its loop's back-edge and every link keep theirs, and a trace is
//!   finite, so the work between two checks stays bounded (the checker allows exactly
//!   that removal: `check::is_entered_safe_point`).
//!
//! Loop peeling ([`peel`]) carries the types of the loop frame's locals and of the known
//! top of its value stack (a `for` loop's iterator) from the preamble into the loop copy.
//!
//! - **Links** ([`link`]). A side trace starts from the facts its parent held at the exit
//!   it was recorded from (class versions only where the parent was clean there, with the
//!   parent's class dependencies). A trace ending at a peeled executor's start whose end
//!   state proves that loop's header enters the loop copy instead of the preamble.
//!
//! What remains of an instruction whose guard went may be a run that is no tier-1
//! instruction's definition; the executor's dispatch forms (`exec::forms`) keep such runs
//! at one dispatch (`exec::ir::mark_whole_instructions`).
//!
//! - **Promotion** ([`promote`], around the pass): a global or builtin the trace depends
//!   on becomes `_LOAD_CONST_INLINE`, a constant of the executor, before the pass (which
//!   then knows its type: a promoted builtin function is that function); after it, a
//!   validity check goes before a promoted load where code may have run since the last
//!   one, and the version guards go when no global load is left.
//! - **Generator hops** (`gen`). `_FOR_ITER_GEN` resuming a generator keeps the
//!   resumer's stack (the generator stays on it) and enters the generator's frame; a
//!   `_YIELD_VALUE` from that frame pushes exactly the yielded value on the resumer's
//!   stack. At the yield, the frame's locals and known stack are saved under the
//!   generator's symbol, and restored when the same symbol is resumed (at the offset
//!   after that yield, with the `None` sent in pushed unless a `POP_TOP` after the yield
//!   was skipped): only running a generator changes its frame (no frame-locals API;
//!   finalizers only run at a collection, which the safe points leave for). Saved states
//!   are forgotten on any escape or unmodelled frame change (code that may resume any
//!   generator), and a resume forgets the states of every other symbol not proven another
//!   object (generators whose frames were running below the saved one when it yielded).
//!   A loop header carries them by access path (loop stack slot -> saved state -> its
//!   stack slot...); a loop copy whose header has some is not entered by links.
//! - **Generators.** Past `_FOR_ITER_GEN` its iterator is a generator (`Ty::Gen`: the
//!   action deopts for anything else); on a proven one it becomes `_FOR_ITER_GEN_PROVEN`,
//!   the same action (its checks stay as a safety net) counted as a value check, not a
//!   type guard. A loop header without saved generator states assumes no generator
//!   (links entering it rarely know one: generators lost all its loop-copy entries).
//! - **`list.pop`** on a proven list with no argument or a small-int one runs no Python
//!   code.
//! - **Builtin calls.** `CALL_LEN` and `CALL_BUILTIN` check their callable with
//!   `_GUARD_CALL_LEN` (`len`, one argument) / `_GUARD_CALL_BUILTIN` (an unbound builtin
//!   function); the guard goes when the callable is proven such a function (a promoted
//!   builtin).
//!
//! The [`check`] module verifies the optimized trace (exits, first instruction, loop target,
//! stack effect of every instruction); it runs after the pass in debug builds and tests.

pub mod check;
mod facts;
mod fields;
pub mod forward;
mod generator_hops;
mod generic;
pub mod link;
pub mod peel;
pub mod promote;
mod rules;
mod state;
pub mod symbol;

use alloc::string::String;

use crate::exec::ir::ExecutorBuilder;
use crate::vm::Vm;

/// Optimizes a recorded trace. On a contradiction the trace stays as recorded; in debug
/// builds the checker runs on the result and a rejection is a bug (it asserts). Returns
/// the number of guards and validity checks removed.
pub fn optimize(vm: &Vm, b: &mut ExecutorBuilder) -> u32 {
    if cfg!(debug_assertions) {
        match try_optimize(vm, b) {
            Ok(n) => n,
            Err(e) => {
                debug_assert!(false, "optimized trace fails the checker: {e}");
                0
            }
        }
    } else {
        apply(vm, b).map_or(0, |(n, _)| n)
    }
}

/// Optimizes a recorded trace and checks the result ([`check::check`]); on a rejection
/// the trace is left as recorded and the checker's complaint returned. A contradiction
/// leaves the trace as recorded too (0 removed).
pub fn try_optimize(vm: &Vm, b: &mut ExecutorBuilder) -> Result<u32, &'static str> {
    let stubs = b.stubs.len();
    let first = b.first_len;
    let Some((n, before)) = apply(vm, b) else {
        return Ok(0);
    };
    if let Err(e) = check::check(vm, &before, usize::from(first), b) {
        b.body = before;
        b.first_len = first;
        b.removed_guards.clear();
        b.consts.clear();
        b.stubs.truncate(stubs);
        b.exit_facts.clear();
        b.loop_entry = None;
        return Err(e);
    }
    Ok(n)
}

/// Runs the pass and installs its result; returns the count removed and the recorded body
/// (`None`: nothing changed or a contradiction).
fn apply(
    vm: &Vm,
    b: &mut ExecutorBuilder,
) -> Option<(u32, alloc::vec::Vec<crate::exec::ir::UopInst>)> {
    let before = b.body.clone();
    let had_consts = b.consts.len();
    let had_stubs = b.stubs.len();
    promote::constants(vm, b);
    let Ok(o) = forward::run(vm, b) else {
        b.body = before;
        b.consts.truncate(had_consts);
        return None;
    };
    b.body = o.body;
    b.removed_guards = o.removed;
    b.stubs.extend(o.new_stubs);
    let dropped = promote::finish(b, &o.escapes);
    let same = b.body.len() == before.len()
        && b.body
            .iter()
            .zip(&before)
            .all(|(x, y)| x.uop == y.uop && x.oparg == y.oparg && x.expect == y.expect);
    if same {
        // The facts at the exits hold of the trace as recorded too (same uops, same
        // stubs): side traces may still start from them.
        b.body = before;
        b.removed_guards.clear();
        b.consts.truncate(had_consts);
        b.stubs.truncate(had_stubs);
        b.exit_facts = o.exit_facts;
        return None;
    }
    b.exit_facts = o.exit_facts;
    for d in o.new_deps {
        if !b.deps.contains(&d) {
            b.deps.push(d);
        }
    }
    // The loop copy starts where `_JUMP_TO_TOP` goes (after `promote::finish` moved it).
    let top = b
        .body
        .last()
        .filter(|u| u.uop == crate::bytecode::ops::Uop::_JUMP_TO_TOP)
        .map(|u| u.oparg);
    b.loop_entry = o
        .loop_entry
        .zip(top)
        .map(|(l, top)| link::LoopEntry { top, ..l });
    Some((o.removed_total + dropped, before))
}

/// A listing of a trace body (for `--dump-traces`: traces before and after optimization).
pub fn listing(vm: &Vm, b: &ExecutorBuilder, title: &str) -> String {
    use core::fmt::Write;
    let mut s = String::new();
    let name = b
        .codes
        .first()
        .and_then(|tc| vm.str_of(tc.code.qualname))
        .unwrap_or("?");
    let _ = writeln!(s, "{title} {name}: {} uops", b.body.len());
    for (i, u) in b.body.iter().enumerate() {
        let removed = b.removed_guards.get(i).copied().unwrap_or(0);
        let _ = write!(
            s,
            "  {i:4} {:<30} {:>6}  {}:{}",
            u.uop.name(),
            u.oparg,
            u.code,
            u.target
        );
        if removed > 0 {
            let _ = write!(s, "  ({removed} guard(s) removed before)");
        }
        s.push('\n');
    }
    s
}

impl Vm {
    /// The listings of traces before and after optimization kept since the last call
    /// (`Config::log_traces`; empty otherwise).
    pub fn take_trace_log(&mut self) -> String {
        self.tier2
            .optimizer
            .as_mut()
            .and_then(|o| o.take_log())
            .unwrap_or_default()
    }
}
