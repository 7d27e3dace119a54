//! Promotion of globals and builtins to constants of the executor.
//!
//! The recorder makes a trace depend on the binding of every global it loads
//! (`Dep::Global` on the globals dict and on the builtins dict, for the name's hash), and a
//! store, deletion or clear of a watched name invalidates the executor. So while the
//! executor is valid, a `LOAD_GLOBAL_MODULE` or `LOAD_GLOBAL_BUILTIN` loads what the name
//! is bound to now: [`constants`] reads it (through the instruction's cache snapshot: the
//! dict, its keys versions, the entry) and puts `_LOAD_CONST_INLINE` in the load's place,
//! with the value in [`crate::exec::ir::Executor::consts`] (rooted for the collector),
//! before the forward pass (which then knows the value's type); [`finish`] runs after it.
//!
//! Rules:
//! - An invalidated executor must not use a constant: where code may have run since the
//!   last validity check (or the executor's entry; in a loop, also since the last check
//!   before the loop's end), in the forward pass's judgement (`forward::Optimized::escapes`;
//!   uops that may store into a dict all may run code), a `_CHECK_VALIDITY` (leaving through
//!   a `_DEOPT` stub, before any effect) goes before the promoted load's instruction. The
//!   forward pass drops the checks no fact of its own needs; one check covers every load up
//!   to the next point where code may run, and absorbed into the dispatch before it, it
//!   costs less than a version guard and a dict read.
//! - Only when both dependencies are there (a dict rebound too often under traces stops
//!   being watched, and then its names are not promoted), the cache snapshot agrees with
//!   the dicts now, and the entry holds the very name.
//! - The version guards of the trace's global loads go only when every load is promoted:
//!   the forward pass drops a guard already passed on the same dict, so a load that stays
//!   may rely on an earlier instruction's guard.
//! - The first instruction's loads are promoted too (the entry is a validity check: code
//!   enters only valid executors, and links lead only to valid ones), and its version
//!   guards go with the others, `first_len` shrinking by them; but not in a loop that jumps
//!   back to it, where the check that the loop's end needs would go before the first
//!   instruction.

use alloc::vec::Vec;

use crate::bytecode::ops::Uop;
use crate::exec::ir::{Dep, ExecutorBuilder, UopInst};
use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::Vm;

/// Stage one, before the forward pass: every global load of `b` whose binding the trace
/// depends on becomes `_LOAD_CONST_INLINE` (so the pass knows the value's type: a promoted
/// `len` is that builtin, and its call's guard goes), but in the first instruction of a
/// loop that jumps back to it. Returns whether any did.
pub fn constants(vm: &Vm, b: &mut ExecutorBuilder) -> bool {
    let mut any = false;
    for k in promotable_from(b)..b.body.len() {
        let u = &b.body[k];
        if !Uop::_LOAD_CONST_INLINE.replaces().contains(&u.uop) {
            continue;
        }
        let Some(v) = bound_value(vm, b, u) else {
            continue;
        };
        let at = b.consts.len() as u32;
        b.consts.push(v);
        let u = &mut b.body[k];
        u.uop = Uop::_LOAD_CONST_INLINE;
        u.oparg = at << 1 | (u.oparg & 1);
        any = true;
    }
    any
}

/// Where promotion starts in `b`: at the first uop, or past the first instruction of a loop
/// that jumps back to it.
fn promotable_from(b: &ExecutorBuilder) -> usize {
    let looping = b.body.last().is_some_and(|u| u.uop == Uop::_JUMP_TO_TOP);
    if looping {
        (b.first_len as usize).min(b.body.len())
    } else {
        0
    }
}

/// Stage two, on the forward pass's output (which judged that code may have run from
/// each index in `escapes` on): validity checks before promoted loads that need one, and
/// the version guards dropped when no global load is left. Returns the guards removed.
pub fn finish(b: &mut ExecutorBuilder, escapes: &[usize]) -> u32 {
    let n = b.body.len();
    let first = (b.first_len as usize).min(n);
    let promoted: Vec<bool> = b
        .body
        .iter()
        .map(|u| u.uop == Uop::_LOAD_CONST_INLINE)
        .collect();
    if !promoted.contains(&true) {
        return 0;
    }
    // (A load left in a loop's first instruction keeps its own guard.)
    let from = promotable_from(b);
    let loads_left = b.body[from..]
        .iter()
        .any(|u| Uop::_LOAD_CONST_INLINE.replaces().contains(&u.uop));
    let checks = check_points(&b.body, escapes, &promoted);
    let drop_guards = !loads_left;
    let mut dropped_first = 0;
    let mut body = Vec::with_capacity(n + 4);
    let mut removed = Vec::with_capacity(n + 4);
    let mut map = Vec::with_capacity(n + 1);
    let mut pending = 0u8;
    let mut dropped = 0;
    let old = core::mem::take(&mut b.body);
    for (k, u) in old.iter().enumerate() {
        map.push(body.len());
        if checks[k] {
            // Leaves before the instruction when the executor was invalidated.
            let stub = b.stub(Uop::_DEOPT, u.code, u.target);
            let mut c = UopInst::new(Uop::_CHECK_VALIDITY, 0, u.code, u.target, u.next);
            c.exit = stub;
            body.push(c);
            removed.push(0);
        }
        let had = b.removed_guards.get(k).copied().unwrap_or(0);
        if k >= from
            && drop_guards
            && matches!(
                u.uop,
                Uop::_GUARD_GLOBALS_VERSION | Uop::_GUARD_BUILTINS_VERSION
            )
        {
            pending = pending.saturating_add(had).saturating_add(1);
            dropped += 1;
            dropped_first += u16::from(k < first);
            continue;
        }
        body.push(u.clone());
        removed.push(had.saturating_add(pending));
        pending = 0;
    }
    map.push(body.len());
    for u in &mut body {
        if u.uop == Uop::_JUMP_TO_TOP {
            u.oparg = map.get(u.oparg as usize).copied().unwrap_or(0) as u32;
        }
    }
    b.body = body;
    b.removed_guards = removed;
    b.first_len -= dropped_first;
    dropped
}

/// Where a validity check goes (before the uop at that index): before the instruction of
/// a promoted load that code may have run before since the last check or the entry (in a
/// loop, also from the loop's end). One check covers every load after it up to the next
/// point where code may run.
fn check_points(body: &[UopInst], escapes: &[usize], promoted: &[bool]) -> Vec<bool> {
    let n = body.len();
    let top = match body.last() {
        Some(u) if u.uop == Uop::_JUMP_TO_TOP => Some(u.oparg as usize),
        _ => None,
    };
    // The first uop of the instruction the uop at `k` belongs to.
    let start = |k: usize| {
        let mut j = k;
        while j > 0
            && body[j - 1].code == body[k].code
            && body[j - 1].target == body[k].target
            && body[j - 1].uop != Uop::_CHECK_VALIDITY
        {
            j -= 1;
        }
        j
    };
    let scan = |top_clean: bool| {
        let mut at = alloc::vec![false; n];
        let mut clean = true;
        for k in 0..n {
            if Some(k) == top {
                clean &= top_clean;
            }
            if escapes.binary_search(&k).is_ok() {
                clean = false;
            }
            if body[k].uop == Uop::_CHECK_VALIDITY {
                clean = true;
            }
            if promoted[k] && !clean {
                at[start(k)] = true;
                clean = true;
            }
        }
        (at, clean)
    };
    let (at, end_clean) = scan(true);
    if top.is_none() || end_clean {
        return at;
    }
    scan(false).0
}

/// What the global `u` loads is bound to now, if the trace depends on that binding and the
/// instruction's cache snapshot still describes the dicts.
fn bound_value(vm: &Vm, b: &ExecutorBuilder, u: &UopInst) -> Option<Value> {
    let tc = b.codes.get(u.code as usize)?;
    let cache = |k: usize| tc.caches.get(u.target as usize + 1 + k).map(|c| c.get());
    let name = tc.code.names.get((u.oparg >> 1) as usize).copied()?;
    let hash = vm.str_hash_of(name)?;
    let globals = ObjRef(cache(1)?);
    let builtin = u.uop == Uop::_LOAD_GLOBAL_BUILTIN;
    let depends = |d: ObjRef| b.deps.contains(&Dep::Global(d.0, hash));
    if !depends(globals) || builtin && !depends(vm.builtins) {
        return None;
    }
    let keys = |d: ObjRef| match vm.heap.try_get(d)? {
        Obj::Dict(t) => Some(t),
        _ => None,
    };
    let g = keys(globals)?;
    if g.keys_version != cache(2)? {
        return None;
    }
    let table = if builtin {
        let t = keys(vm.builtins)?;
        if t.keys_version != cache(3)? {
            return None;
        }
        t
    } else {
        g
    };
    let e = table.live_entry(cache(4)? as usize)?;
    (e.key == name && e.hash == hash && !e.value.is_undef()).then_some(e.value)
}
