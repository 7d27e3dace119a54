//! Fast paths for binary operators on two `set`/`frozenset` objects.
//!
//! The generic [`Vm::set_binop`] copies both operands into fresh frozensets (which hashes every
//! element again) before computing the result. When both operands are already sets, the
//! operands' tables can be probed directly with the stored hashes, and the result table can be
//! built presized from those hashes. This path never runs user code: as soon as a key
//! comparison would need Python-level `__eq__`, it gives up (before any side effect) and the
//! generic path runs instead.

use alloc::boxed::Box;

use super::dict::Dict;
use super::setorder::SlotOrder;
use super::types::{Obj, SetObj};
use super::value::{ObjRef, Value};
use crate::bytecode::ops::BinaryOp;
use crate::vm::{PyErr, PyResult, Vm};

/// For a small table without an index, the set of `hash % 64` of its keys as a bit mask, and
/// whether its keys are exactly the ints in 0..64 with those bits (ints hash to themselves);
/// for an indexed table, a mask with every bit set (nothing ruled out).
pub(crate) fn hash_mask(t: &Dict) -> (u64, bool) {
    let Some(entries) = t.linear_entries() else {
        return (u64::MAX, false);
    };
    let (mut mask, mut exact) = (0u64, true);
    for e in entries {
        if e.key.is_undef() {
            continue;
        }
        mask |= 1 << (e.hash & 63);
        exact &= e.key.as_small_int().is_some_and(|i| (0..64).contains(&i));
    }
    (mask, exact)
}

/// Whether CPython computes `a op b` (`a op= b` when `inplace`; `same` when both are one
/// set; `la`, `lb` their sizes) by adding the elements it keeps, in `a`'s slot order, to an
/// empty set: `set_difference`'s walk of `a`, used unless `a` is empty or more than four
/// times larger than `b` (then `a` is copied and `b`'s elements are discarded from it).
fn sequential_difference(op: BinaryOp, inplace: bool, same: bool, la: usize, lb: usize) -> bool {
    op == BinaryOp::Subtract && !inplace && !same && la > 0 && (la >> 2) <= lb
}

impl Vm {
    /// Whether set/dict table `t` holds `key` (with hash `hash`), deciding equality without
    /// user code; `None` when a candidate needs user code to compare.
    pub(crate) fn table_has_simple(&self, t: &Dict, key: Value, hash: u64) -> Option<bool> {
        if let Some(entries) = t.linear_entries() {
            // A small table: one pass over the entries, without the probe iterator.
            for e in entries {
                if e.hash == hash
                    && !e.key.is_undef()
                    && (e.key == key || self.simple_eq(e.key, key)?)
                {
                    return Some(true);
                }
            }
            return Some(false);
        }
        for i in t.candidates(hash) {
            let k = t.entry(i).key;
            if k == key {
                return Some(true);
            }
            if self.simple_eq(k, key)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The table of a set or frozenset object.
    fn set_table(&self, r: ObjRef) -> Option<&Dict> {
        match self.heap.get(r) {
            Obj::Set(s) => Some(&s.table),
            _ => None,
        }
    }

    /// `a op b` (or `a op= b` when `inplace`, for a mutable `set` `a`) for `|`, `&`, `-`, `^`
    /// when both are set objects and no element comparison needs user code; `Ok(None)` when
    /// the generic path must run. The result's element order is the generic path's: `a`'s
    /// elements first, then `b`'s.
    pub(crate) fn set_binop_fast(
        &mut self,
        a: Value,
        b: Value,
        op: BinaryOp,
        inplace: bool,
    ) -> PyResult<Option<Value>> {
        if !cfg!(feature = "set-ops") {
            return Ok(None);
        }
        let (Some(ar), Some(br)) = (a.as_obj(), b.as_obj()) else {
            return Ok(None);
        };
        let frozen = match self.heap.get(ar) {
            Obj::Set(s) => s.frozen,
            _ => return Ok(None),
        };
        let (la, lb) = match (self.set_table(ar), self.set_table(br)) {
            (Some(ta), Some(tb)) => (ta.len(), tb.len()),
            _ => return Ok(None),
        };
        let lazy_order = sequential_difference(op, inplace, ar == br, la, lb);
        // Whether `a`'s elements must be walked in its slot order: its table's order differs.
        self.sync_set_order(ar)?;
        let walk_slots = match self.heap.get_mut(ar) {
            Obj::Set(sa) => lazy_order && !sa.order_follows_entries(),
            _ => false,
        };
        if op != BinaryOp::Subtract {
            self.sync_set_order(br)?;
        }
        let cap = match op {
            BinaryOp::Subtract => la,
            BinaryOp::And => la.min(lb),
            BinaryOp::Or | BinaryOp::Xor => la + lb,
            _ => return Ok(None),
        };
        // The result reuses a dead small set (object and entry storage) when there is one.
        let mut pooled = if inplace {
            None
        } else {
            self.heap.take_pooled_set(frozen)
        };
        let mut out = pooled
            .as_mut()
            .map(|s| core::mem::take(&mut s.table))
            .unwrap_or_default();
        out.try_reserve_empty(cap)
            .map_err(|_| PyErr(self.memory_error))?;
        let (Some(ta), Some(tb)) = (self.set_table(ar), self.set_table(br)) else {
            return Ok(None);
        };
        let (mask, exact) = hash_mask(tb);
        // Whether the operator keeps element `k` (hash `h`) of `a`; `None` when membership
        // in `b` needs user code.
        let keep = |h: u64, k: Value| -> Option<bool> {
            if op == BinaryOp::Or {
                return Some(true);
            }
            let has = if mask & (1 << (h & 63)) == 0 {
                // No element of `b` has this hash.
                false
            } else if exact && k.as_small_int().is_some_and(|i| (0..64).contains(&i)) {
                // `b` holds exactly the ints whose bits are set.
                true
            } else {
                self.table_has_simple(tb, k, h)?
            };
            Some(has == (op == BinaryOp::And))
        };
        // Elements of `a` (distinct by construction) that the operator keeps, in `a`'s slot
        // order when that is the order CPython adds them to the result in.
        let a_order = match self.heap.get(ar) {
            Obj::Set(sa) if walk_slots => Some(&sa.order),
            _ => None,
        };
        if let Some(a_order) = a_order {
            for (h, k) in a_order.keys() {
                let Some(kept) = keep(h, k) else {
                    return Ok(None);
                };
                if kept {
                    out.push_new(h, k, Value::NONE);
                }
            }
        } else {
            for e in ta.iter() {
                let Some(kept) = keep(e.hash, e.key) else {
                    return Ok(None);
                };
                if kept {
                    out.push_new(e.hash, e.key, Value::NONE);
                }
            }
        }
        if matches!(op, BinaryOp::Or | BinaryOp::Xor) {
            for e in tb.iter() {
                let keep = match op {
                    BinaryOp::Or => self.table_has_simple(&out, e.key, e.hash),
                    _ => self.table_has_simple(ta, e.key, e.hash),
                };
                match keep {
                    None => return Ok(None),
                    Some(true) => {}
                    Some(false) => {
                        out.push_new(e.hash, e.key, Value::NONE);
                    }
                }
            }
        }
        // An empty order stands for adding `out`'s elements in `out`'s order to an empty
        // set, which `SlotOrder::sync` replays when the order is needed. It is exact when
        // CPython adds them so, and the fallback when the order would need user code.
        let order = if lazy_order {
            SlotOrder::default()
        } else {
            self.set_op_order((ar, br), op, inplace, &out)
                .unwrap_or_default()
        };
        if inplace {
            if frozen {
                return Ok(None);
            }
            self.charge(out.heap_bytes() + order.heap_bytes())?;
            if let Obj::Set(s) = self.heap.get_mut(ar) {
                out.keys_version = s.table.keys_version.wrapping_add(1);
                s.table = out;
                s.order = order;
            }
            return Ok(Some(a));
        }
        let set = match pooled {
            Some(mut s) => {
                s.table = out;
                s.order = order;
                s
            }
            None => Box::new(SetObj {
                table: out,
                order,
                frozen,
            }),
        };
        let s = self.alloc_value(Obj::Set(set))?;
        Ok(Some(s))
    }
}
