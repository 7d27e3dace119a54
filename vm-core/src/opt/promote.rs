//! Promotion of globals and builtins to constants of the executor.
//!
//! The recorder makes a trace depend on the binding of every global it loads
//! (`Dep::Global` on the globals dict and on the builtins dict, for the name's hash), and a
//! store, deletion or clear of a watched name invalidates the executor. So while the
//! executor is valid, a `LOAD_GLOBAL_MODULE` or `LOAD_GLOBAL_BUILTIN` loads what the name
//! is bound to now: the pass reads it (through the instruction's cache snapshot: the dict,
//! its keys versions, the entry) and puts `_LOAD_CONST_INLINE` in the load's place, with
//! the value in [`crate::exec::ir::Executor::consts`] (rooted for the collector).
//!
//! Rules:
//! - Only where nothing since the last validity check kept in the trace (or the executor's
//!   entry; in a loop, also since the last check before the loop's end) may have run code,
//!   in the forward pass's judgement (`forward::Optimized::escapes`; uops that may store
//!   into a dict all may run code): an invalidated executor must not use a constant. The
//!   forward pass drops the validity checks no fact of its own needs, so a load after a
//!   call usually stays a load.
//! - Only when both dependencies are there (a dict rebound too often under traces stops
//!   being watched, and then its names are not promoted), the cache snapshot agrees with
//!   the dicts now, and the entry holds the very name.
//! - The version guards of the trace's global loads go only when every load is promoted:
//!   the forward pass drops a guard already passed on the same dict, so a load that stays
//!   may rely on an earlier instruction's guard.
//! - The first instruction stays as recorded (forward progress).

use alloc::vec::Vec;

use crate::bytecode::ops::Uop;
use crate::exec::ir::{Dep, ExecutorBuilder, UopInst};
use crate::object::types::Obj;
use crate::object::value::ObjRef;
use crate::object::value::Value;
use crate::vm::Vm;

/// Promotes what it can in `b` (the forward pass's output, which judged that code may
/// have run from each index in `escapes` on); returns the number of guards removed.
pub fn promote(vm: &Vm, b: &mut ExecutorBuilder, escapes: &[usize]) -> u32 {
    let n = b.body.len();
    let first = (b.first_len as usize).min(n);
    let clean = clean_points(&b.body, escapes);
    let mut value: Vec<Option<Value>> = alloc::vec![None; n];
    let mut loads = 0;
    for k in first..n {
        let u = &b.body[k];
        if !matches!(u.uop, Uop::_LOAD_GLOBAL_MODULE | Uop::_LOAD_GLOBAL_BUILTIN) {
            continue;
        }
        loads += 1;
        if clean[k] {
            value[k] = bound_value(vm, b, u);
        }
    }
    let promoted = value.iter().filter(|v| v.is_some()).count();
    if promoted == 0 {
        return 0;
    }
    // (A load of the first instruction keeps its own guard.)
    let drop_guards = promoted == loads;
    let mut body = Vec::with_capacity(n);
    let mut removed = Vec::with_capacity(n);
    let mut map = Vec::with_capacity(n + 1);
    let mut pending = 0u8;
    let mut dropped = 0;
    for (k, u) in b.body.iter().enumerate() {
        map.push(body.len());
        let had = b.removed_guards.get(k).copied().unwrap_or(0);
        if k >= first
            && drop_guards
            && matches!(
                u.uop,
                Uop::_GUARD_GLOBALS_VERSION | Uop::_GUARD_BUILTINS_VERSION
            )
        {
            pending = pending.saturating_add(had).saturating_add(1);
            dropped += 1;
            continue;
        }
        let mut u = u.clone();
        if let Some(v) = value[k] {
            u.uop = Uop::_LOAD_CONST_INLINE;
            u.oparg = (b.consts.len() as u32) << 1 | (u.oparg & 1);
            b.consts.push(v);
        }
        body.push(u);
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
    dropped
}

/// For each uop of `body`: whether no code may have run since the last validity check or
/// the entry, on every path to it (in a loop, also from the loop's end).
fn clean_points(body: &[UopInst], escapes: &[usize]) -> Vec<bool> {
    let top = match body.last() {
        Some(u) if u.uop == Uop::_JUMP_TO_TOP => Some(u.oparg as usize),
        _ => None,
    };
    let scan = |top_clean: bool| {
        let mut out = Vec::with_capacity(body.len());
        let mut clean = true;
        for (k, u) in body.iter().enumerate() {
            if Some(k) == top {
                clean &= top_clean;
            }
            if escapes.binary_search(&k).is_ok() {
                clean = false;
            }
            if u.uop == Uop::_CHECK_VALIDITY {
                clean = true;
            }
            out.push(clean);
        }
        (out, clean)
    };
    let (out, end_clean) = scan(true);
    if top.is_none() || end_clean {
        return out;
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
