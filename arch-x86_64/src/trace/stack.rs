//! The value stack as code sees it: slots in memory at static depths, except the values
//! pushed from a local or a constant and the floats that float arithmetic produces, which
//! stay *lazy* (not stored) until something needs them in memory.
//!
//! Most stack traffic in a trace is a local or a constant pushed for the next uop to
//! consume. A lazy slot is read straight from the local's slot or as an immediate, so the
//! push and the pop cost nothing. Memory must be exact wherever someone else reads it: a
//! helper call and a jump back to the loop's top flush every lazy slot first (`flush`), a
//! store to a local flushes the slots that still stand for it, and every stub (a hand-back,
//! a guard's exit, a slow path) carries the lazy slots of the point it leaves from and
//! stores them before anything else: locals and constants do not change between a branch
//! and its stub.
//!
//! A float result stays unboxed in one of [`VALUE_REGS`] (XMM8-XMM15, which no inline
//! sequence uses as scratch), so a chain of float operations runs in registers: the next
//! operation takes it without a type check, and it is boxed only where it is stored. A
//! small-int result of an operation that leaves the trace rather than make a big int
//! (`_BINARY_OP_ADD_SMALL_INT` and kin) stays there too, boxed, and the next integer
//! operation takes it without a guard. A helper call clobbers every XMM register, so the
//! values in registers that outlive a uop are stored before any helper call the uop makes
//! (`flush`; a slow path's stub stores them and loads them back after its call, so the fast
//! path keeps them), and a register named by a lazy slot, or by the entry's hand-back, is
//! never given to another value.
//!
//! A local stored from such a register keeps it as a copy (`local_regs`): memory holds the
//! local as always, and a load of the local pushes the register rather than the local's
//! slot, so the value comes back without a load and a type check. The copy is forgotten when
//! the local is stored again, at a helper call (which clobbers the register), at a start,
//! and whenever the register is wanted for another value.

use alloc::vec::Vec;
use vm_core::object::value::{TAG_INT, TAG_SHIFT};

use super::Lower;
use crate::abi::LOCALS;
use crate::enc::{
    mov_r64_imm64, mov_r64_rm64, mov_rm64_r64, movq_rm64_xmm, movq_xmm_rm64, CodeBuf, Disp, Mem,
    Reg, Xmm,
};
use crate::lower::emit_xmm_to_float;

/// The registers that hold the floats and small ints of lazy slots: XMM8-XMM15.
const VALUE_REGS: &[Xmm] = Xmm::ALL.split_at(8).1;

/// What a lazy slot holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Lazy {
    /// The value of frame slot (local) `n`.
    Local(u32),
    /// These bits.
    Const(u64),
    /// The float in this register (unboxed).
    Float(Xmm),
    /// The small int in this register (boxed, as in memory).
    Int(Xmm),
}

impl Lazy {
    /// The register the value is in, for a value in a register.
    pub(super) fn reg(self) -> Option<Xmm> {
        match self {
            Lazy::Float(x) | Lazy::Int(x) => Some(x),
            Lazy::Local(_) | Lazy::Const(_) => None,
        }
    }
}

/// A lazy slot to store: the frame slot it belongs at (locals first, then the stack) and
/// what it holds.
pub(super) type Pending = (u32, Lazy);

/// `[LOCALS + 8 * slot]`.
fn frame_mem(slot: u32) -> Mem {
    let disp = Disp::new(8 * i64::from(slot)).expect("a frame's slots fit a displacement");
    Mem::base_disp(LOCALS, disp)
}

/// Emits `dst = what`.
fn emit_lazy(buf: &mut CodeBuf, dst: Reg, what: Lazy) {
    match what {
        Lazy::Local(n) => buf.emit(mov_r64_rm64(dst, frame_mem(n))),
        Lazy::Const(bits) => buf.emit(mov_r64_imm64(dst, bits as i64)),
        Lazy::Float(x) => emit_xmm_to_float(buf, dst, x),
        Lazy::Int(x) => buf.emit(movq_rm64_xmm(dst, x)),
    }
}

/// Emits the stores of `pending` (through RAX). Clobbers RAX.
pub(super) fn emit_pending(buf: &mut CodeBuf, pending: &[Pending]) {
    for &(slot, what) in pending {
        emit_lazy(buf, Reg::Rax, what);
        buf.emit(mov_rm64_r64(frame_mem(slot), Reg::Rax));
    }
}

/// Emits the loads of the values in registers of `saved` back from their frame slots,
/// where a slow path's stub stored them before its helper call clobbered the registers (a
/// float reads back as its boxed bits, a NaN as the canonical one).
pub(super) fn emit_reload(buf: &mut CodeBuf, saved: &[Pending]) {
    for &(slot, what) in saved {
        if let Some(x) = what.reg() {
            buf.emit(movq_xmm_rm64(x, frame_mem(slot)));
        }
    }
}

impl Lower<'_> {
    /// The values in registers below stack index `depth` (those a uop popping down to
    /// `depth` leaves), as the frame slots they belong at: what a slow path's stub stores
    /// before its helper call and loads back after it. The registers that only copy locals
    /// are forgotten (the call clobbers them; memory has the locals).
    pub(super) fn regs_below(&mut self, depth: u32) -> Vec<Pending> {
        let base = self.nlocalsplus;
        self.local_regs.clear();
        self.lazy
            .iter()
            .filter(|&&(i, l)| i < depth && l.reg().is_some())
            .map(|&(i, l)| (base + i, l))
            .collect()
    }

    /// The lazy slot at stack index `i`, if that slot is lazy.
    pub(super) fn lazy_at(&self, i: u32) -> Option<Lazy> {
        self.lazy.iter().find(|(at, _)| *at == i).map(|&(_, l)| l)
    }

    /// Emits `dst` = the stack item `k` places below the top (0: the top), from memory or
    /// from what its lazy slot stands for.
    pub(super) fn load(&mut self, k: u32, dst: Reg) {
        let i = self.depth - 1 - k;
        match self.lazy_at(i) {
            Some(what) => emit_lazy(&mut self.buf, dst, what),
            None => self.buf.emit(mov_r64_rm64(dst, self.slot_at(i))),
        }
    }

    /// Emits the store of `src` into the stack item `k` places below the top, which is no
    /// longer lazy.
    pub(super) fn store(&mut self, k: u32, src: Reg) {
        let i = self.depth - 1 - k;
        self.lazy.retain(|(at, _)| *at != i);
        self.buf.emit(mov_rm64_r64(self.slot_at(i), src));
    }

    /// Pushes a lazy slot.
    pub(super) fn push_lazy(&mut self, what: Lazy) {
        self.lazy.push((self.depth, what));
        self.depth += 1;
    }

    /// The lazy slots now, as the frame slots to store them at.
    pub(super) fn pending(&self) -> Vec<Pending> {
        let base = self.nlocalsplus;
        self.lazy.iter().map(|&(i, l)| (base + i, l)).collect()
    }

    /// Stores every lazy slot (through RAX): memory is then exact.
    pub(super) fn flush(&mut self) {
        let pending = self.pending();
        emit_pending(&mut self.buf, &pending);
        self.lazy.clear();
        self.local_regs.clear();
        self.forget_entry_regs(&pending);
    }

    /// What a load of local `n` pushes when its value is also in a register.
    pub(super) fn local_in_reg(&self, n: u32) -> Option<Lazy> {
        self.local_regs
            .iter()
            .find(|&&(l, _)| l == n)
            .map(|&(_, what)| what)
    }

    /// Local `n` was just stored from `what`: remembers the register copy when `what` is a
    /// value in a register, and forgets any older copy.
    pub(super) fn remember_local(&mut self, n: u32, what: Option<Lazy>) {
        self.local_regs.retain(|&(l, _)| l != n);
        if let Some(w) = what.filter(|w| w.reg().is_some()) {
            self.local_regs.push((n, w));
        }
    }

    /// The register of the float in the stack item `k` places below the top, when that
    /// slot is a lazy float.
    pub(super) fn float_at(&self, k: u32) -> Option<Xmm> {
        match self.lazy_at(self.depth - 1 - k) {
            Some(Lazy::Float(x)) => Some(x),
            _ => None,
        }
    }

    /// Whether the stack item `k` places below the top is a small int in a register.
    pub(super) fn int_at(&self, k: u32) -> bool {
        if self
            .ints_on_top
            .is_some_and(|(depth, n)| depth == self.depth && k < n)
        {
            return true;
        }
        match self.lazy_at(self.depth - 1 - k) {
            Some(Lazy::Int(_)) => true,
            // A constant small int (`n < 2`) needs no check either.
            Some(Lazy::Const(bits)) => bits >> TAG_SHIFT == TAG_INT,
            _ => false,
        }
    }

    /// A value register no lazy slot and no hand-back of the entry names, if any: one no
    /// local's copy holds either, or else one whose copy is then forgotten (memory has the
    /// local).
    pub(super) fn free_value_reg(&mut self) -> Option<Xmm> {
        let named = |cx: &Self, x: Xmm| {
            cx.lazy.iter().any(|&(_, l)| l.reg() == Some(x))
                || cx.entry_pending.iter().any(|&(_, l)| l.reg() == Some(x))
        };
        let copied = |cx: &Self, x: Xmm| cx.local_regs.iter().any(|&(_, l)| l.reg() == Some(x));
        let free = VALUE_REGS
            .iter()
            .copied()
            .find(|&x| !named(self, x) && !copied(self, x));
        if free.is_some() {
            return free;
        }
        let x = VALUE_REGS.iter().copied().find(|&x| !named(self, x))?;
        self.local_regs.retain(|&(_, l)| l.reg() != Some(x));
        Some(x)
    }

    /// Makes the stack item `k` places below the top (just pushed) `what`.
    fn set_lazy(&mut self, k: u32, what: Lazy) {
        let i = self.depth - 1 - k;
        self.lazy.retain(|(at, _)| *at != i);
        self.lazy.push((i, what));
    }

    /// Makes the stack item `k` places below the top (just pushed) the float in `x`.
    pub(super) fn set_float(&mut self, k: u32, x: Xmm) {
        self.set_lazy(k, Lazy::Float(x));
    }

    /// Makes the stack item `k` places below the top (just pushed) the small int in `x`.
    pub(super) fn set_int(&mut self, k: u32, x: Xmm) {
        self.set_lazy(k, Lazy::Int(x));
    }

    /// Stores the values in registers below stack index `depth` (those a uop popping down
    /// to `depth` leaves), before a helper call that clobbers their registers. Clobbers
    /// RAX.
    pub(super) fn spill_regs_below(&mut self, depth: u32) {
        let base = self.nlocalsplus;
        let spilled: Vec<Pending> = self
            .lazy
            .iter()
            .filter(|&&(i, l)| i < depth && l.reg().is_some())
            .map(|&(i, l)| (base + i, l))
            .collect();
        emit_pending(&mut self.buf, &spilled);
        self.lazy
            .retain(|&(i, l)| !(i < depth && l.reg().is_some()));
        self.local_regs.clear();
        self.forget_entry_regs(&spilled);
    }

    /// The values of `stored` are in memory now: the entry's hand-back need not take them
    /// from registers a helper call may clobber next.
    fn forget_entry_regs(&mut self, stored: &[Pending]) {
        self.entry_pending
            .retain(|p| !(p.1.reg().is_some() && stored.contains(p)));
    }

    /// Stores the lazy slots that stand for local `n`, which is about to change. Clobbers
    /// RAX.
    pub(super) fn flush_local(&mut self, n: u32) {
        let base = self.nlocalsplus;
        let stale: Vec<Pending> = self
            .lazy
            .iter()
            .filter(|(_, l)| *l == Lazy::Local(n))
            .map(|&(i, l)| (base + i, l))
            .collect();
        emit_pending(&mut self.buf, &stale);
        self.lazy.retain(|(_, l)| *l != Lazy::Local(n));
    }

    /// Forgets the lazy slots at or above stack index `depth` (popped).
    pub(super) fn drop_lazy_from(&mut self, depth: u32) {
        self.lazy.retain(|(at, _)| *at < depth);
    }
}
