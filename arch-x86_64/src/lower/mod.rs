//! Lowering: the machine-code sequences the executor's operations become.
//!
//! This layer so far holds the value representation: the short sequences that test, unbox,
//! box and operate on NaN-boxed [`Value`](vm_core::Value)s held in general-purpose registers
//! (small ints, bools, `None`) and on floats held in XMM registers.
//!
//! | file    | contents |
//! |---------|----------|
//! | `value` | type guards, int boxing and unboxing, truthiness |
//! | `int`   | small-int arithmetic, bitwise operations, shifts, comparisons |
//! | `float` | moves between boxed floats and XMM registers, SSE2 arithmetic, comparisons |
//!
//! # Conventions
//!
//! Every emitter is a pure function that appends to a [`CodeBuf`]; the caller names every
//! register. Registers are never RSP or [`INT_TAG`] (R14), which every sequence reads as the
//! small-int tag `0xFFF9 << 48`.
//!
//! - `dst` may be the same register as an operand. A `tmp` is a scratch register distinct
//!   from `dst` and the operands; the emitter clobbers it.
//! - An emitter that can fail takes a `bail` label and jumps there when the fast path does
//!   not apply (an operand of another type, a result that leaves the small-int range, a
//!   zero divisor). The caller decides what bailing means; typically the interpreter redoes
//!   the operation. On bail every operand register holds the value it had on entry, even
//!   when it is also `dst`, so the bail path can hand the operands on; `dst` (when it is no
//!   operand) and `tmp` hold garbage. The one exception, [`emit_box_int_checked`], boxes an
//!   intermediate `i64` rather than an operand, and says so.
//! - The flags are clobbered unless an emitter says otherwise.
//! - An operation whose operands must be small ints assumes it: the caller has guarded them
//!   ([`emit_guard_both_small_int`]). Its doc names what else it bails on.
//!
//! Counts in the docs are instructions on the fast path, which is the path that matters: the
//! bail paths and the restoring of an operand before a bail are rare.
//!
//! # Shifted payloads
//!
//! Most integer sequences work on the payload shifted into the top 48 bits (`v << 16`,
//! which is the boxed value shifted left by 16, since the tag falls off). A 48-bit result
//! overflows exactly when the 64-bit result of the same operation on the shifted payloads
//! overflows, so the processor's OF flag is the small-int range check, with no compare
//! against the bounds. Rotating instead of shifting (`rol 16`) keeps the tag in the low 16
//! bits; those bits never carry into the payload in an addition or subtraction whose other
//! operand has zero low bits, and a final `ror 16` puts them back as the result's tag.

mod float;
mod int;
mod value;

use crate::abi::INT_TAG;
use crate::enc::{mov_rm64_r64, CodeBuf, Cond, Label, Reg};

pub use self::float::*;
pub use self::int::*;
pub use self::value::*;

/// The shift that moves a small int's payload into the top 48 bits (and the tag out).
pub const PAYLOAD_SHIFT: u8 = 16;

/// The bits of `None`.
pub const NONE_BITS: u64 = vm_core::layout::VALUE_TAG_CONST << vm_core::layout::VALUE_TAG_SHIFT;
/// The bits of `False`.
pub const FALSE_BITS: u64 = NONE_BITS | 1;
/// The bits of `True`.
pub const TRUE_BITS: u64 = NONE_BITS | 2;
/// The one NaN a float result with bits at or above the small-int tag becomes, as
/// `Value::float` stores it.
pub const CANONICAL_NAN_BITS: u64 = 0x7FF8_0000_0000_0000;

/// A Python comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

impl Cmp {
    /// Every comparison.
    pub const ALL: [Cmp; 6] = [Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge];

    /// The condition that holds after `cmp a, b` on two signed integers when `a self b`.
    pub const fn signed(self) -> Cond {
        match self {
            Cmp::Eq => Cond::E,
            Cmp::Ne => Cond::Ne,
            Cmp::Lt => Cond::L,
            Cmp::Le => Cond::Le,
            Cmp::Gt => Cond::G,
            Cmp::Ge => Cond::Ge,
        }
    }
}

/// `mov dst, src`, or nothing when they are the same register.
fn mov(buf: &mut CodeBuf, dst: Reg, src: Reg) {
    if dst != src {
        buf.emit(mov_rm64_r64(dst, src));
    }
}

/// Checks (in debug builds) that no register is RSP or INT_TAG and that `tmp`s are
/// distinct from each other and from `others`.
fn check_regs(others: &[Reg], tmps: &[Reg]) {
    for &r in others.iter().chain(tmps) {
        debug_assert!(r != Reg::Rsp && r != INT_TAG, "{r:?} cannot be an operand");
    }
    for (i, &t) in tmps.iter().enumerate() {
        debug_assert!(
            !others.contains(&t) && !tmps[i + 1..].contains(&t),
            "scratch {t:?} aliases another register"
        );
    }
}

/// Continues when `ok` holds; otherwise runs `restore` (which puts back an operand the
/// sequence modified in place) and jumps to `bail`. Without a restore this is one `jcc`;
/// with one, the fast path takes a forward `jcc` over the restore.
fn bail_unless(buf: &mut CodeBuf, ok: Cond, bail: Label, restore: Option<&dyn Fn(&mut CodeBuf)>) {
    match restore {
        None => buf.jcc_label(ok.negate(), bail),
        Some(restore) => {
            let done = buf.new_label();
            buf.jcc_label(ok, done);
            restore(buf);
            buf.jmp_label(bail);
            buf.bind(done);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vm_core::Value;

    #[test]
    fn the_constants_are_the_values_bits() {
        assert_eq!(NONE_BITS, Value::NONE.bits());
        assert_eq!(FALSE_BITS, Value::FALSE.bits());
        assert_eq!(TRUE_BITS, Value::TRUE.bits());
        let nan = f64::from_bits(0xFFF9_0000_0000_0001);
        assert_eq!(CANONICAL_NAN_BITS, Value::float(nan).bits());
        assert_eq!(
            crate::abi::INT_TAG_BITS,
            Value::small_int(0).unwrap().bits()
        );
    }
}
