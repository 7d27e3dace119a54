//! Floats: moves between boxed floats and XMM registers, SSE2 scalar arithmetic, the
//! conversion of an int, and comparisons.
//!
//! A boxed float is its IEEE bits, so unboxing is a `movq`. Boxing is a `movq` too, except
//! that a NaN whose bits fall at or above the small-int tag would read as another type: an
//! operation can make one from a float the VM stores, as quieting the signalling NaN
//! `0xFFF1 << 48` sets bit 51 and gives `0xFFF9 << 48`. `Value::float` stores such a NaN
//! as `0x7FF8 << 48`, and so does [`emit_xmm_to_float`].

use super::value::emit_select_bool;
use super::{check_regs, Cmp, CANONICAL_NAN_BITS};
use crate::abi::INT_TAG;
use crate::enc::{
    addsd_xmm_xmm, cmp_rm64_imm8, cmp_rm64_r64, cvtsi2sd_xmm_rm64, cvttsd2si_r64_xmm,
    divsd_xmm_xmm, mov_r64_imm64, movapd_xmm_xmm, movq_rm64_xmm, movq_xmm_rm64, mulsd_xmm_xmm,
    sqrtsd_xmm_xmm, subsd_xmm_xmm, ucomisd_xmm_xmm, xorpd_xmm_xmm, CodeBuf, Cond, Imm8, Inst,
    Label, Reg, Xmm,
};

/// `dst` = the float whose boxed bits are in `src`: `movq` (1 instruction).
pub fn emit_float_to_xmm(buf: &mut CodeBuf, dst: Xmm, src: Reg) {
    check_regs(&[src], &[]);
    buf.emit(movq_xmm_rm64(dst, src));
}

/// `dst` = the boxed float of `src`: `movq dst, src; cmp dst, INT_TAG; jb done; mov dst,
/// 0x7FF8 << 48` (3 instructions and a taken `jb` for every float but such a NaN, which
/// becomes the canonical NaN, as the module docs explain).
pub fn emit_xmm_to_float(buf: &mut CodeBuf, dst: Reg, src: Xmm) {
    check_regs(&[dst], &[]);
    let done = buf.new_label();
    buf.emit(movq_rm64_xmm(dst, src));
    buf.emit(cmp_rm64_r64(dst, INT_TAG));
    buf.jcc_label(Cond::B, done);
    buf.emit(mov_r64_imm64(dst, CANONICAL_NAN_BITS as i64));
    buf.bind(done);
}

/// `dst = a op b` for a commutative SSE2 `op` (`op dst, src` form): 1 instruction when
/// `dst` is an operand, else a `movapd` first.
fn commutative(buf: &mut CodeBuf, dst: Xmm, a: Xmm, b: Xmm, op: fn(Xmm, Xmm) -> Inst) {
    if dst == a {
        buf.emit(op(dst, b));
    } else if dst == b {
        buf.emit(op(dst, a));
    } else {
        buf.emit(movapd_xmm_xmm(dst, a));
        buf.emit(op(dst, b));
    }
}

/// `dst = a op b` for a non-commutative `op`: 1 instruction when `dst` is `a`, 2 when it is
/// no operand, 3 through `tmp` when it is `b` alone.
fn ordered(buf: &mut CodeBuf, dst: Xmm, a: Xmm, b: Xmm, tmp: Xmm, op: fn(Xmm, Xmm) -> Inst) {
    if dst == a {
        buf.emit(op(dst, b));
    } else if dst == b {
        debug_assert!(tmp != a && tmp != b);
        buf.emit(movapd_xmm_xmm(tmp, a));
        buf.emit(op(tmp, b));
        buf.emit(movapd_xmm_xmm(dst, tmp));
    } else {
        buf.emit(movapd_xmm_xmm(dst, a));
        buf.emit(op(dst, b));
    }
}

/// `dst` = `a + b` (`addsd`; 1 or 2 instructions). Never bails.
pub fn emit_add_float(buf: &mut CodeBuf, dst: Xmm, a: Xmm, b: Xmm) {
    commutative(buf, dst, a, b, addsd_xmm_xmm);
}

/// `dst` = `a * b` (`mulsd`; 1 or 2 instructions). Never bails.
pub fn emit_mul_float(buf: &mut CodeBuf, dst: Xmm, a: Xmm, b: Xmm) {
    commutative(buf, dst, a, b, mulsd_xmm_xmm);
}

/// `dst` = `a - b` (`subsd`; 1 to 3 instructions, `tmp` used only when `dst` is `b` alone).
/// Never bails.
pub fn emit_sub_float(buf: &mut CodeBuf, dst: Xmm, a: Xmm, b: Xmm, tmp: Xmm) {
    ordered(buf, dst, a, b, tmp, subsd_xmm_xmm);
}

/// `dst` = `a / b`, bailing when `b` is `0.0` or `-0.0` (Python raises
/// `ZeroDivisionError`; a NaN divisor divides): `xorpd tmp, tmp; ucomisd b, tmp; jp ok;
/// je bail`, then `divsd` (5 to 7 instructions). `ucomisd` reports a NaN as equal with PF
/// set, hence the `jp`. `tmp` must be no operand.
pub fn emit_div_float(buf: &mut CodeBuf, dst: Xmm, a: Xmm, b: Xmm, tmp: Xmm, bail: Label) {
    debug_assert!(tmp != a && tmp != b && tmp != dst);
    let ok = buf.new_label();
    buf.emit(xorpd_xmm_xmm(tmp, tmp));
    buf.emit(ucomisd_xmm_xmm(b, tmp));
    buf.jcc_label(Cond::P, ok);
    buf.jcc_label(Cond::E, bail);
    buf.bind(ok);
    ordered(buf, dst, a, b, tmp, divsd_xmm_xmm);
}

/// `dst` = the float nearest the `i64` in `src` (an unboxed small int converts exactly, as
/// it has at most 48 significant bits): `xorpd dst, dst; cvtsi2sd dst, src`. The `xorpd`
/// breaks `cvtsi2sd`'s dependency on the old upper half of `dst`.
pub fn emit_int_to_float(buf: &mut CodeBuf, dst: Xmm, src: Reg) {
    check_regs(&[src], &[]);
    buf.emit(xorpd_xmm_xmm(dst, dst));
    buf.emit(cvtsi2sd_xmm_rm64(dst, src));
}

/// `dst` = the square root of `x` as `math.sqrt` gives it, bailing where `math.sqrt` does
/// anything else than `sqrtsd`: for a negative `x` (a domain error) and a NaN (CF is set
/// for both after `ucomisd x, 0`). `-0.0` compares equal to zero and stays `-0.0`, as in
/// CPython. 4 instructions; `tmp` must be no operand.
pub fn emit_sqrt_float(buf: &mut CodeBuf, dst: Xmm, x: Xmm, tmp: Xmm, bail: Label) {
    debug_assert!(tmp != x && tmp != dst);
    buf.emit(xorpd_xmm_xmm(tmp, tmp));
    buf.emit(ucomisd_xmm_xmm(x, tmp));
    buf.jcc_label(Cond::B, bail);
    buf.emit(sqrtsd_xmm_xmm(dst, x));
}

/// Whether `b` is a divisor [`emit_rem_float_by_pow2`] takes: a positive power of two whose
/// reciprocal is a normal float, so that `a * (1 / b)` is exactly `a / b`.
pub fn rem_pow2_divisor(b: f64) -> bool {
    let bits = b.to_bits();
    let exponent = bits >> 52;
    bits & ((1 << 52) - 1) == 0 && (1..=2045).contains(&exponent)
}

/// `x` = Python's `x % b` for a divisor `b` that [`rem_pow2_divisor`] accepts, bailing
/// with `x` unchanged where `a / b` has no `i64` truncation (an infinity, a NaN, or
/// `|a / b| >= 2^63`): `q = trunc(a * (1 / b))` by `cvttsd2si` (whose "integer indefinite"
/// `i64::MIN` is the one value for which `cmp q, 1` overflows), then `a - q * b`. Every
/// step is exact: the scaling by a power of two, the conversion back of an integer that
/// came from a float, the product (at most `|a|`) and the difference (the exact `fmod`,
/// always a float). Python then adds `b` to a negative remainder and makes a zero
/// remainder `+0.0` (adding `+0.0` does both for `-0.0`). 17 instructions; clobbers `t`,
/// `u` and `g`.
pub fn emit_rem_float_by_pow2(
    buf: &mut CodeBuf,
    x: Xmm,
    b: f64,
    [t, u]: [Xmm; 2],
    g: Reg,
    bail: Label,
) {
    check_regs(&[], &[g]);
    debug_assert!(rem_pow2_divisor(b) && x != t && x != u && t != u);
    let (nonneg, done) = (buf.new_label(), buf.new_label());
    buf.emit(mov_r64_imm64(g, (1.0 / b).to_bits() as i64));
    buf.emit(movq_xmm_rm64(t, g));
    buf.emit(mulsd_xmm_xmm(t, x));
    buf.emit(cvttsd2si_r64_xmm(g, t));
    buf.emit(cmp_rm64_imm8(g, Imm8::from(1)));
    buf.jcc_label(Cond::O, bail);
    emit_int_to_float(buf, t, g);
    buf.emit(mov_r64_imm64(g, b.to_bits() as i64));
    buf.emit(movq_xmm_rm64(u, g));
    buf.emit(mulsd_xmm_xmm(t, u));
    buf.emit(subsd_xmm_xmm(x, t));
    buf.emit(xorpd_xmm_xmm(t, t));
    buf.emit(ucomisd_xmm_xmm(x, t));
    buf.jcc_label(Cond::Ae, nonneg);
    buf.emit(addsd_xmm_xmm(x, u));
    buf.jmp_label(done);
    buf.bind(nonneg);
    buf.emit(addsd_xmm_xmm(x, t));
    buf.bind(done);
}

/// `ucomisd` for `a cmp b` and the conditions under which the comparison is true, all of
/// which must hold. `ucomisd x, y` sets CF for `x < y`, ZF for `x == y`, and all of ZF, PF
/// and CF when either is a NaN; "above" (CF and ZF clear) and "above or equal" (CF clear)
/// are therefore false on a NaN, so `<` and `<=` swap the operands to use them. Equality
/// needs ZF set and PF clear; inequality holds when ZF is clear or PF is set, which is the
/// negation of equality's two conditions.
fn ucomisd_for(buf: &mut CodeBuf, cmp: Cmp, a: Xmm, b: Xmm) -> (bool, &'static [Cond]) {
    let (x, y) = match cmp {
        Cmp::Lt | Cmp::Le => (b, a),
        _ => (a, b),
    };
    buf.emit(ucomisd_xmm_xmm(x, y));
    match cmp {
        Cmp::Eq => (false, &[Cond::E, Cond::Np]),
        Cmp::Ne => (true, &[Cond::E, Cond::Np]),
        Cmp::Lt | Cmp::Gt => (false, &[Cond::A]),
        Cmp::Le | Cmp::Ge => (false, &[Cond::Ae]),
    }
}

/// `dst` = `True` or `False`, the Python comparison `a cmp b` of two floats, where a NaN
/// compares false except under `!=`: `ucomisd` and the bool selection (a 10-byte `mov`, a
/// `lea`, one `cmov`, or two for `==` and `!=`, which read PF too): 4 or 5 instructions.
pub fn emit_compare_float(buf: &mut CodeBuf, cmp: Cmp, a: Xmm, b: Xmm, dst: Reg, tmp: Reg) {
    check_regs(&[dst], &[tmp]);
    let (negated, all_of) = ucomisd_for(buf, cmp, a, b);
    match all_of {
        // One condition: start from False and take True when it holds (or the reverse).
        [c] => emit_select_bool(buf, dst, tmp, negated, &[*c]),
        // Equality holds unless either negated condition does.
        _ => {
            let none_of: [Cond; 2] = [all_of[0].negate(), all_of[1].negate()];
            emit_select_bool(buf, dst, tmp, !negated, &none_of);
        }
    }
}

/// For an ordering (`<`, `<=`, `>`, `>=`): sets the flags for `a cmp b` of two floats and
/// answers the one condition that holds exactly when the comparison does (false on a NaN),
/// as [`emit_branch_float`] branches on it. `None`, emitting nothing, for `==` and `!=`,
/// which read two flags.
pub fn emit_order_flags_float(buf: &mut CodeBuf, cmp: Cmp, a: Xmm, b: Xmm) -> Option<Cond> {
    if matches!(cmp, Cmp::Eq | Cmp::Ne) {
        return None;
    }
    let (_, all_of) = ucomisd_for(buf, cmp, a, b);
    all_of.first().copied()
}

/// Jumps to `target` when `a cmp b` holds for two floats and falls through otherwise:
/// `ucomisd; jcc` (2 instructions), or for `==` a `jp` over the `je` and for `!=` a `jp`
/// and a `jne` to the target (3 instructions).
pub fn emit_branch_float(buf: &mut CodeBuf, cmp: Cmp, a: Xmm, b: Xmm, target: Label) {
    if let Some(c) = emit_order_flags_float(buf, cmp, a, b) {
        buf.jcc_label(c, target);
        return;
    }
    let (negated, all_of) = ucomisd_for(buf, cmp, a, b);
    match (negated, all_of) {
        (false, [c]) => buf.jcc_label(*c, target),
        (false, _) => {
            let skip = buf.new_label();
            buf.jcc_label(Cond::P, skip);
            buf.jcc_label(Cond::E, target);
            buf.bind(skip);
        }
        (true, _) => {
            buf.jcc_label(Cond::P, target);
            buf.jcc_label(Cond::Ne, target);
        }
    }
}
