//! CPython's slot orders for the results of set operations and copies, replayed on the
//! operands' [`SlotOrder`]s with `setobject.c`'s algorithms (which operand is walked, what is
//! copied first, where the table is presized).

use super::dict::Dict;
use super::setorder::SlotOrder;
use super::types::Obj;
use super::value::{ObjRef, Value};
use crate::bytecode::ops::BinaryOp;
use crate::vm::{PyErr, PyResult, Vm};

impl Vm {
    /// Equality of two elements without user code (`None` when it would need some).
    fn order_eq(&self, a: Value, b: Value) -> Option<bool> {
        if a == b {
            Some(true)
        } else {
            self.simple_eq(a, b)
        }
    }

    /// Bytes of set `r`'s order table.
    fn set_order_bytes(&self, r: ObjRef) -> usize {
        match self.heap.get(r) {
            Obj::Set(s) => s.order.heap_bytes(),
            _ => 0,
        }
    }

    /// Charges the growth of set `r`'s order table since it held `before` bytes: a
    /// `MemoryError` when that is over the heap limit.
    pub(crate) fn charge_set_order(&mut self, r: ObjRef, before: usize) -> PyResult<()> {
        let after = self.set_order_bytes(r);
        self.charge(after.saturating_sub(before))
    }

    /// Brings set `r`'s order up to date with its elements, refusing with a `MemoryError`
    /// before its table would grow past the heap limit (or after, in the rare case that
    /// reused deleted slots made it grow more than estimated).
    pub(crate) fn sync_set_order(&mut self, r: ObjRef) -> PyResult<()> {
        let (before, bound) = match self.heap.get(r) {
            Obj::Set(s) if s.order.used() != s.table.len() => {
                (s.order.heap_bytes(), s.order.sync_bytes_estimate(s.table.len()))
            }
            _ => return Ok(()),
        };
        if !self.heap.fits_releasing_pools(bound.saturating_sub(before)) {
            return Err(PyErr(self.memory_error));
        }
        if let Obj::Set(s) = self.heap.get_mut(r) {
            s.sync_order();
        }
        self.charge_set_order(r, before)
    }

    /// The order of `a op b` (`a op= b` when `inplace`) for sets `a` and `b` (synced), with
    /// the keys of `out`, the result's elements; `None` when it cannot be decided without
    /// user code.
    pub(crate) fn set_op_order(
        &self,
        (ar, br): (ObjRef, ObjRef),
        op: BinaryOp,
        inplace: bool,
        out: &Dict,
    ) -> Option<SlotOrder> {
        let (Obj::Set(sa), Obj::Set(sb)) = (self.heap.get(ar), self.heap.get(br)) else {
            return None;
        };
        let eq = |x: Value, y: Value| self.order_eq(x, y);
        let eq: &dyn Fn(Value, Value) -> Option<bool> = &eq;
        let mut r = if op == BinaryOp::Subtract {
            // Only `a`'s order matters (and is synced): `b` is asked about membership.
            // The hash bits of `b` decide most tests without a scan.
            let (mask, exact) = super::setops::hash_mask(&sb.table);
            let in_b = |h: u64, k: Value| {
                if mask & (1 << (h & 63)) == 0 {
                    Some(false)
                } else if exact && k.as_small_int().is_some_and(|i| (0..64).contains(&i)) {
                    Some(true)
                } else {
                    self.table_has_simple(&sb.table, k, h)
                }
            };
            difference_order(&sa.order, sb.table.len(), ar == br, inplace, &in_b)?
        } else {
            op_order(&sa.order, &sb.order, ar == br, op, inplace, eq)?
        };
        // A difference keeps `a`'s keys; keys from two sets of small ints are the result's
        // own.
        let own = op == BinaryOp::Subtract
            || (sa.order.small_ints_only() && sb.order.small_ints_only());
        if !own || r.used() != out.len() {
            r.adopt_keys_of(out, eq)?;
        }
        Some(r)
    }

    /// Gives set `dst`, just built with the elements of set `src`, the order CPython's copy
    /// (`set_merge` into an empty set) has.
    pub(crate) fn copy_set_order(&mut self, dst: ObjRef, src: ObjRef) -> PyResult<()> {
        self.set_order_from(dst, src, false)
    }

    /// Gives set `dst`, just refilled with the elements of set `src`, `src`'s very order.
    #[cfg(feature = "set-ops")]
    pub(crate) fn copy_set_order_exact(&mut self, dst: ObjRef, src: ObjRef) -> PyResult<()> {
        self.set_order_from(dst, src, true)
    }

    /// Gives set `dst` `src`'s order, as it is (`exact`) or as merging it into an empty set
    /// makes it, with `dst`'s own keys; charges what the order table grew by.
    fn set_order_from(&mut self, dst: ObjRef, src: ObjRef, exact: bool) -> PyResult<()> {
        self.sync_set_order(src)?;
        let before = self.set_order_bytes(dst);
        let order = {
            let (Obj::Set(s), Obj::Set(d)) = (self.heap.get(src), self.heap.get(dst)) else {
                return Ok(());
            };
            let eq = |x: Value, y: Value| self.order_eq(x, y);
            let mut r = if exact {
                Some(s.order.clone())
            } else {
                let mut r = SlotOrder::default();
                r.merge(&s.order, &eq).map(|()| r)
            };
            r.as_mut()
                .and_then(|r| r.adopt_keys_of(&d.table, &eq))
                .and(r)
        };
        if let (Some(order), Obj::Set(d)) = (order, self.heap.get_mut(dst)) {
            d.order = order;
        }
        self.charge_set_order(dst, before)
    }

    /// Gives set `r`, just built from a display of constants, the order of CPython's
    /// frozenset constant (elements added in source order, then re-added in that set's
    /// order: the constant merge rebuilds the frozenset), or with `copied` of the copy of it
    /// (merged into an empty set) that a display evaluates to.
    pub(crate) fn folded_set_order(&mut self, r: ObjRef, copied: bool) -> PyResult<()> {
        let before = self.set_order_bytes(r);
        if let Obj::Set(s) = self.heap.get_mut(r) {
            let mut built = SlotOrder::default();
            built.sync(&s.table);
            let mut rebuilt = SlotOrder::default();
            for (h, k) in built.keys() {
                rebuilt.insert(h, k);
            }
            if !copied {
                s.order = rebuilt;
            } else {
                let mut order = SlotOrder::default();
                // Merging into an empty set needs no comparisons.
                if order.merge(&rebuilt, &|_, _| None).is_some() {
                    s.order = order;
                }
            }
        }
        self.charge_set_order(r, before)
    }

    /// Gives set `dst`, just built from the keys of a dict of `n` entries in its order, the
    /// order CPython's `set_update` from a dict (presized) has.
    pub(crate) fn dict_set_order(&mut self, dst: ObjRef, n: usize) -> PyResult<()> {
        let before = self.set_order_bytes(dst);
        if let Obj::Set(d) = self.heap.get_mut(dst) {
            let mut r = SlotOrder::default();
            r.presize(n);
            r.sync(&d.table);
            d.order = r;
        }
        self.charge_set_order(dst, before)
    }
}

/// `setobject.c`'s `set_difference`/`set_isub` on `a`'s slot order, given `b`'s size and
/// membership in `b`.
fn difference_order(
    a: &SlotOrder,
    b_len: usize,
    same: bool,
    inplace: bool,
    in_b: &dyn Fn(u64, Value) -> Option<bool>,
) -> Option<SlotOrder> {
    let mut r = SlotOrder::default();
    if same {
        return Some(r);
    }
    if inplace || a.used() == 0 || (a.used() >> 2) > b_len {
        // `a` (a copy of it unless in place) with `b`'s elements discarded.
        if inplace {
            r = a.clone();
        } else {
            r.merge(a, &|_, _| None)?;
        }
        for (h, k) in a.keys() {
            if in_b(h, k)? {
                r.remove(h, k);
            }
        }
    } else {
        for (h, k) in a.keys() {
            if !in_b(h, k)? {
                r.insert(h, k);
            }
        }
    }
    Some(r)
}

/// `setobject.c`'s `set_or`/`set_ior`, `set_intersection` and
/// `set_symmetric_difference`/`set_ixor` on slot orders (`same`: both operands are one set).
fn op_order(
    a: &SlotOrder,
    b: &SlotOrder,
    same: bool,
    op: BinaryOp,
    inplace: bool,
    eq: &dyn Fn(Value, Value) -> Option<bool>,
) -> Option<SlotOrder> {
    let mut r = SlotOrder::default();
    match op {
        BinaryOp::Or => {
            if inplace {
                r = a.clone();
            } else {
                r.merge(a, eq)?;
            }
            if !same {
                r.merge(b, eq)?;
            }
        }
        BinaryOp::And if same => r.merge(a, eq)?,
        BinaryOp::And => {
            // The smaller operand (`b` on a tie) is walked.
            let (big, small) = if b.used() > a.used() { (b, a) } else { (a, b) };
            for (h, k) in small.keys() {
                if big.find(h, k, eq)?.is_some() {
                    r.insert(h, k);
                }
            }
        }
        BinaryOp::Xor => {
            // In place, `a` is updated from `b`; else a copy of `b` from `a`.
            let walked = if inplace {
                if same {
                    return Some(r);
                }
                r = a.clone();
                b
            } else {
                r.merge(b, eq)?;
                a
            };
            for (h, k) in walked.keys() {
                if !r.discard_entry(h, k, eq)? {
                    r.insert(h, k);
                }
            }
        }
        _ => return None,
    }
    Some(r)
}
