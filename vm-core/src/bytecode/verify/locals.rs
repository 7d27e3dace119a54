//! Definite assignment: `LOAD_FAST` reads its local without a check (an unbound local
//! holds the VM's "no value" marker, which must never become a Python value), so it may
//! only read a local that is bound on every path that reaches it. This is the analysis
//! the code generator makes to choose `LOAD_FAST` over `LOAD_FAST_CHECK`, with its
//! bounds: the first 64 locals are tracked (parameters are bound at the start,
//! `STORE_FAST` binds, `DELETE_FAST` unbinds, a handler starts with what is bound before
//! every instruction it covers); a later local is read with `LOAD_FAST` only if it is a
//! parameter that nothing deletes. (One word of state per instruction keeps the analysis
//! linear in the code's size.)

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use super::instrs::{decode, Scan};
use super::Check;
use crate::bytecode::image::ImageError;
use crate::bytecode::ops::{Flags, Op};

/// The bit of local `i` in a state (none past the first 64).
fn bit(i: u32) -> u64 {
    if i < 64 {
        1 << i
    } else {
        0
    }
}

/// See the module's documentation.
pub(crate) fn check(c: &Check<'_, '_>, scan: &Scan) -> Result<(), ImageError> {
    let units = &c.code.units;
    if !scan.instrs(units).any(|(_, op, _)| op == Op::LOAD_FAST) {
        return Ok(());
    }
    let params = c.total_args();
    let entry = if params >= 64 {
        u64::MAX
    } else {
        (1u64 << params) - 1
    };
    let state = bound_locals(c, entry);
    let mut deleted: Vec<u32> = scan
        .instrs(units)
        .filter(|&(_, op, a)| op == Op::DELETE_FAST && a >= 64)
        .map(|(_, _, a)| a)
        .collect();
    deleted.sort_unstable();
    let deleted = |arg: u32| deleted.binary_search(&arg).is_ok();
    for (at, op, arg) in scan.instrs(units) {
        if op != Op::LOAD_FAST {
            continue;
        }
        let Some(bound) = state[at as usize] else {
            continue;
        };
        let ok = if arg < 64 {
            bound & bit(arg) != 0
        } else {
            u64::from(arg) < params && !deleted(arg)
        };
        if !ok {
            return Err(c.error(
                Some(at),
                format!(
                    "LOAD_FAST {arg} of a local that may be unbound here (that takes \
                     LOAD_FAST_CHECK)"
                ),
            ));
        }
    }
    Ok(())
}

/// Per unit: the first 64 locals bound on every path to the instruction there (`None`
/// where no path reaches). States only shrink, so the worklist ends.
fn bound_locals(c: &Check<'_, '_>, entry: u64) -> Vec<Option<u64>> {
    let units = &c.code.units;
    let mut state: Vec<Option<u64>> = vec![None; units.len() + 1];
    state[0] = Some(entry);
    let mut work = vec![0usize];
    while let Some(ip) = work.pop() {
        let (Some(bound), Some((op, arg))) = (state[ip], units.get(ip).copied().and_then(decode))
        else {
            continue;
        };
        let after = match op {
            Op::STORE_FAST => bound | bit(arg),
            Op::DELETE_FAST => bound & !bit(arg),
            _ => bound,
        };
        let at = ip as u32;
        let handler = c
            .code
            .exc_table
            .iter()
            .find(|e| e.start <= at && at < e.end);
        let succ = [
            handler.map(|h| (h.target as usize, bound)),
            op.flags()
                .contains(Flags::JUMP)
                .then_some((arg as usize, after)),
            (!op.flags().contains(Flags::TERMINATOR)).then_some((ip + 1 + op.cache_units(), after)),
        ];
        for (to, b) in succ.into_iter().flatten() {
            let Some(slot) = state.get_mut(to) else {
                continue;
            };
            let merged = slot.map_or(b, |old| old & b);
            if *slot != Some(merged) {
                *slot = Some(merged);
                work.push(to);
            }
        }
    }
    state
}
