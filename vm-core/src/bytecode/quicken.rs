//! The finishing step of a code object (the code generator's, and a loaded image's):
//! adaptive counters armed and super-instructions fused; and its inverse, the units as
//! compiled, which a bytecode image stores.
//!
//! Super-instructions: pairs of simple instructions fused when a code object is built.
//! Which pairs fuse is the op table's `for_each_super!`. The first instruction of a pair is
//! rewritten to the fused form; the second stays in place
//! and serves as the fused form's one "cache" unit (the fused handler reads its oparg and
//! skips it). A jump to the second instruction therefore still runs it alone, and only
//! instructions that cannot raise are fused, so tracebacks never point into a pair. Which
//! pairs: the most frequent adjacent pairs over `bench/` (see docs/PERFORMANCE.md).

use alloc::vec::Vec;
use core::cell::Cell;

use super::code::CodeObject;
use super::counter;
use super::ops::{Flags, Op};

/// The code generator's finishing step, which a loaded bytecode image runs too (so a loaded
/// code object is indistinguishable from a compiled one): `units` are instructions as
/// compiled, with zero inline caches; every adaptive instruction (flag `SPECIALIZE`) gets
/// its counter in its first cache unit, and the super-instruction pairs are fused (in a
/// build with the `specialize` feature: without it no handler runs them).
pub fn finish(units: &[Cell<u32>]) {
    let mut i = 0;
    while let Some(op) = units.get(i).and_then(|c| Op::from_u8(c.get() as u8)) {
        if op.own_flags().contains(Flags::SPECIALIZE) {
            if let Some(c) = units.get(i + 1) {
                c.set(counter::initial());
            }
        }
        i += 1 + op.cache_units();
    }
    if cfg!(feature = "specialize") {
        fuse_pairs(units);
    }
}

/// The instruction units of `code` as the code generator emitted them, before
/// [`finish`]: specialized forms, super-instructions and installed executors back to the
/// instructions they stand for, inline caches zero. `None` when a unit is not an
/// instruction or an executor is missing (never in a code object the VM built).
pub fn as_compiled(code: &CodeObject) -> Option<Vec<u32>> {
    let mut out = Vec::with_capacity(code.code.len());
    let mut i = 0;
    while i < code.code.len() {
        let unit = code.code[i].get();
        let mut op = Op::from_u8(unit as u8)?;
        let mut arg = unit >> 8;
        if op == Op::ENTER_EXECUTOR {
            let original = code.executors.borrow().get(arg as usize)?.original;
            op = Op::from_u8(original as u8)?;
            arg = original >> 8;
        }
        let op = op.as_compiled();
        out.push(op as u32 | arg << 8);
        out.extend(core::iter::repeat_n(0, op.cache_units()));
        i += 1 + op.cache_units();
    }
    (out.len() == code.code.len()).then_some(out)
}

/// Rewrites the first instruction of every fusable pair in freshly assembled `code`.
pub fn fuse_pairs(code: &[Cell<u32>]) {
    let op_at = |i: usize| code.get(i).and_then(|c| Op::from_u8(c.get() as u8));
    let mut i = 0;
    while let Some(first) = op_at(i) {
        let next = i + 1 + first.cache_units();
        if first.cache_units() == 0 {
            if let Some(f) = op_at(next).and_then(|second| Op::super_of(first, second)) {
                let unit = &code[i];
                unit.set((unit.get() & !0xFF) | f as u32);
            }
        }
        i = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn units(ops: &[(Op, u32)]) -> Vec<Cell<u32>> {
        let mut v = Vec::new();
        for &(op, arg) in ops {
            v.push(Cell::new(op as u32 | arg << 8));
            for _ in 0..op.cache_units() {
                v.push(Cell::new(0));
            }
        }
        v
    }

    #[test]
    fn pairs_fuse_and_the_second_half_stays() {
        let code = units(&[
            (Op::LOAD_FAST, 1),
            (Op::LOAD_FAST, 2),
            (Op::LOAD_FAST, 3),
            (Op::STORE_FAST, 4),
        ]);
        fuse_pairs(&code);
        let ops: Vec<(Option<Op>, u32)> = code
            .iter()
            .map(|c| (Op::from_u8(c.get() as u8), c.get() >> 8))
            .collect();
        assert_eq!(
            ops,
            [
                (Some(Op::LOAD_FAST_LOAD_FAST), 1),
                (Some(Op::LOAD_FAST_LOAD_FAST), 2),
                (Some(Op::LOAD_FAST), 3),
                (Some(Op::STORE_FAST), 4),
            ]
        );
        for op in [Op::LOAD_FAST_LOAD_FAST, Op::STORE_FAST_STORE_FAST] {
            assert_eq!(op.cache_units(), 1);
            assert_ne!(op.unfused(), op);
        }
    }

    #[test]
    fn instructions_that_can_raise_are_not_fused() {
        let code = units(&[(Op::LOAD_FAST_CHECK, 1), (Op::LOAD_FAST, 2)]);
        fuse_pairs(&code);
        assert_eq!(Op::from_u8(code[0].get() as u8), Some(Op::LOAD_FAST_CHECK));
    }
}
