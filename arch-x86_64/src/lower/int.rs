//! Small-int arithmetic, bitwise operations, shifts and comparisons on boxed operands.
//!
//! Every operand is a small int (the caller has guarded it). A result that does not fit a
//! small int bails, and the interpreter redoes the operation and makes a big int; so does a
//! zero divisor (the interpreter raises `ZeroDivisionError`) and a shift count the fast
//! path does not handle.

use super::value::{emit_box_int_unchecked, emit_box_shifted, emit_select_bool};
use super::{bail_unless, check_regs, mov, Cmp, PAYLOAD_SHIFT};
use crate::abi::INT_TAG;
use crate::enc::{
    add_rm64_imm32, add_rm64_r64, and_rm64_r64, cmovcc_r64_rm64, cmp_rm64_imm32, cmp_rm64_imm8,
    cmp_rm64_r64, cqo, idiv_rm64, imul_r64_rm64, mov_r32_imm32, mov_rm64_r64, neg_rm64,
    or_rm64_r64, rol_rm64_imm8, ror_rm64_imm8, sar_rm64_cl, sar_rm64_imm8, shl_rm64_cl,
    shl_rm64_imm8, sub_rm64_imm32, sub_rm64_r64, test_rm64_r64, xor_rm64_r64, CodeBuf, Cond, Imm32,
    Imm8, Inst, Label, Reg, Rm,
};

/// `dst` = `a + b`, bailing when the sum leaves the small-int range: 7 instructions.
///
/// `tmp = b << 16` holds `b`'s payload in the top 48 bits with zero low bits, `a` rotated
/// left by 16 holds `a`'s payload there with the tag in the low bits, so their sum is the
/// shifted sum with the tag below it; OF is the range check and `ror 16` is the boxing.
/// When `dst` is an operand the rotation and the sum happen in place (6 instructions and a
/// taken forward `jno`), and a bail subtracts `tmp` and rotates back before it jumps.
pub fn emit_add_small_int(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg, tmp: Reg, bail: Label) {
    // Addition commutes, so an in-place sum always accumulates into `a`.
    let (a, b) = if dst == b { (b, a) } else { (a, b) };
    rotated_add_sub(buf, dst, a, b, tmp, bail, true);
}

/// `dst` = `a - b`, bailing when the difference leaves the small-int range: 7 instructions,
/// as [`emit_add_small_int`]; `a - a` is `mov dst, INT_TAG` (boxed 0). When `dst` is `b`
/// (and not `a`), `a` is rotated in `tmp` and `b` shifted in place (restored on a bail), and
/// the result moves to `dst` (7 instructions and a taken forward `jno`).
pub fn emit_sub_small_int(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg, tmp: Reg, bail: Label) {
    check_regs(&[dst, a, b], &[tmp]);
    if a == b {
        mov(buf, dst, INT_TAG);
    } else if dst == b {
        mov(buf, tmp, a);
        buf.emit(rol_rm64_imm8(tmp, PAYLOAD_SHIFT));
        buf.emit(shl_rm64_imm8(b, PAYLOAD_SHIFT));
        buf.emit(sub_rm64_r64(tmp, b));
        bail_unless(buf, Cond::No, bail, Some(&|buf| emit_box_shifted(buf, b)));
        buf.emit(ror_rm64_imm8(tmp, PAYLOAD_SHIFT));
        mov(buf, dst, tmp);
    } else {
        rotated_add_sub(buf, dst, a, b, tmp, bail, false);
    }
}

/// A small int's payload `k` shifted left by 16, as the constant-operand forms take it,
/// when that fits a sign-extended imm32 (`|k| < 2^15`).
pub fn shifted_payload(k: i64) -> Option<Imm32> {
    Imm32::new(k.checked_mul(1 << PAYLOAD_SHIFT)?)
}

/// `dst` = `a + k` (`a - k` unless `add`) for a constant small int `k` given as
/// [`shifted_payload`], bailing when the result leaves the small-int range: 4 instructions
/// (`rol; add imm32; jo; ror`), after a `mov` when `dst` is not `a`; in place, a bail undoes
/// the sum first (so `a` is intact on a bail).
pub fn emit_add_small_int_imm(
    buf: &mut CodeBuf,
    dst: Reg,
    a: Reg,
    k: Imm32,
    add: bool,
    bail: Label,
) {
    check_regs(&[dst, a], &[]);
    mov(buf, dst, a);
    buf.emit(rol_rm64_imm8(dst, PAYLOAD_SHIFT));
    let (add_k, sub_k) = (add_rm64_imm32(dst, k), sub_rm64_imm32(dst, k));
    let (op, undo) = if add { (add_k, sub_k) } else { (sub_k, add_k) };
    finish_rotated(buf, dst, (op, undo), dst == a, bail);
}

/// After `dst` took an operand rotated left by 16: the sum or difference `op` (undone by
/// `undo` before a bail when the operand was `dst` itself, `in_place`), the range check and
/// the rotation back that boxes the result.
fn finish_rotated(buf: &mut CodeBuf, dst: Reg, ops: (Inst, Inst), in_place: bool, bail: Label) {
    let (op, undo) = ops;
    buf.emit(op);
    let restore = |buf: &mut CodeBuf| {
        buf.emit(undo);
        buf.emit(ror_rm64_imm8(dst, PAYLOAD_SHIFT));
    };
    bail_unless(buf, Cond::No, bail, in_place.then_some(&restore as _));
    buf.emit(ror_rm64_imm8(dst, PAYLOAD_SHIFT));
}

/// Sets the flags for `a cmp k` of a small int and a constant small int `k` given as
/// [`shifted_payload`], and answers the condition that holds exactly when the comparison
/// does: `mov tmp, a; shl tmp, 16; cmp tmp, imm32` (3 instructions). Never bails; `a` is
/// left alone.
pub fn emit_compare_flags_small_int_imm(
    buf: &mut CodeBuf,
    cmp: Cmp,
    a: Reg,
    k: Imm32,
    tmp: Reg,
) -> Cond {
    check_regs(&[a], &[tmp]);
    mov(buf, tmp, a);
    buf.emit(shl_rm64_imm8(tmp, PAYLOAD_SHIFT));
    buf.emit(cmp_rm64_imm32(tmp, k));
    cmp.signed()
}

/// `a ± b` with `a` rotated into `dst` (which is `a` or no operand) and `b` shifted into
/// `tmp`.
fn rotated_add_sub(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg, tmp: Reg, bail: Label, add: bool) {
    check_regs(&[dst, a, b], &[tmp]);
    debug_assert!(dst != b || dst == a);
    mov(buf, tmp, b);
    buf.emit(shl_rm64_imm8(tmp, PAYLOAD_SHIFT));
    mov(buf, dst, a);
    buf.emit(rol_rm64_imm8(dst, PAYLOAD_SHIFT));
    let (add_b, sub_b) = (add_rm64_r64(dst, tmp), sub_rm64_r64(dst, tmp));
    let (op, undo) = if add { (add_b, sub_b) } else { (sub_b, add_b) };
    finish_rotated(buf, dst, (op, undo), dst == a, bail);
}

/// `dst` = `a * b`, bailing when the product leaves the small-int range (which covers
/// overflowing 64 bits): 9 instructions. `imul` multiplies `a`'s payload shifted left by 16
/// by `b`'s unboxed payload, so the product comes out shifted left by 16 and `imul`'s OF is
/// the range check. When `dst` is an operand, that operand is shifted in place (restored on
/// a bail) and the product is built in `tmp` (9 instructions and a taken forward `jno`).
pub fn emit_mul_small_int(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg, tmp: Reg, bail: Label) {
    check_regs(&[dst, a, b], &[tmp]);
    // Multiplication commutes: make `a` the operand `dst` is, if either.
    let (a, b) = if dst == b { (b, a) } else { (a, b) };
    mov(buf, tmp, b);
    buf.emit(shl_rm64_imm8(tmp, PAYLOAD_SHIFT));
    buf.emit(sar_rm64_imm8(tmp, PAYLOAD_SHIFT));
    if dst == a {
        buf.emit(shl_rm64_imm8(a, PAYLOAD_SHIFT));
        buf.emit(imul_r64_rm64(tmp, a));
        bail_unless(buf, Cond::No, bail, Some(&|buf| emit_box_shifted(buf, a)));
        emit_box_shifted(buf, tmp);
        mov(buf, dst, tmp);
    } else {
        mov(buf, dst, a);
        buf.emit(shl_rm64_imm8(dst, PAYLOAD_SHIFT));
        buf.emit(imul_r64_rm64(dst, tmp));
        buf.jcc_label(Cond::O, bail);
        emit_box_shifted(buf, dst);
    }
}

/// `dst` = `-v`, bailing on the one small int whose negation does not fit, the minimum:
/// 6 instructions (`shl 16; neg; jo; shr 16; or INT_TAG`, after a `mov`; in place the
/// `mov` goes and `jo` becomes a taken forward `jno`). `neg` of the
/// shifted minimum is itself and sets OF, so when `dst` is `v` the bail path only boxes it
/// back.
pub fn emit_neg_small_int(buf: &mut CodeBuf, dst: Reg, v: Reg, bail: Label) {
    check_regs(&[dst, v], &[]);
    mov(buf, dst, v);
    buf.emit(shl_rm64_imm8(dst, PAYLOAD_SHIFT));
    buf.emit(neg_rm64(dst));
    let restore = |buf: &mut CodeBuf| emit_box_shifted(buf, dst);
    bail_unless(buf, Cond::No, bail, (dst == v).then_some(&restore as _));
    emit_box_shifted(buf, dst);
}

/// `dst` = `a & b`: `mov; and` (1 or 2 instructions). No range check: the tags are equal
/// and survive the `and`, and a bitwise operation on two sign-extended 48-bit payloads
/// gives a sign-extended 48-bit result, so the result is always a small int.
pub fn emit_and_small_int(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg) {
    bitwise(buf, dst, a, b, and_rm64_r64);
}

/// `dst` = `a | b`: `mov; or` (1 or 2 instructions), with no range check for the reason
/// [`emit_and_small_int`] gives.
pub fn emit_or_small_int(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg) {
    bitwise(buf, dst, a, b, or_rm64_r64);
}

/// `dst` = `a ^ b`: `mov; xor; or INT_TAG` (2 or 3 instructions), with no range check for
/// the reason [`emit_and_small_int`] gives; the `xor` cancels the tags, and the `or` puts
/// the tag back.
pub fn emit_xor_small_int(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg) {
    bitwise(buf, dst, a, b, xor_rm64_r64);
    buf.emit(or_rm64_r64(dst, INT_TAG));
}

/// `dst = a op b` for a commutative `op`.
fn bitwise(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg, op: fn(Rm, Reg) -> Inst) {
    check_regs(&[dst, a, b], &[]);
    let other = if dst == b { a } else { b };
    mov(buf, dst, if dst == b { b } else { a });
    buf.emit(op(dst.into(), other));
}

/// Unboxes both operands into `tmp` (the divisor) and RAX (the dividend), bailing first
/// when the divisor is zero, and divides: RAX = the quotient, RDX = the remainder, both
/// truncated toward zero. `idiv` cannot fault: the divisor is not zero, and a 48-bit
/// dividend cannot be `i64::MIN`.
fn divide(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg, tmp: Reg, bail: Label) {
    check_regs(&[a, b], &[tmp, Reg::Rax, Reg::Rdx]);
    debug_assert!(dst != tmp);
    buf.emit(cmp_rm64_r64(b, INT_TAG));
    buf.jcc_label(Cond::E, bail);
    super::emit_unbox_int(buf, tmp, b);
    super::emit_unbox_int(buf, Reg::Rax, a);
    buf.emit(cqo());
    buf.emit(idiv_rm64(tmp));
}

/// `dst` = `a // b`, rounded toward negative infinity as Python does, bailing on a zero
/// divisor and on the one quotient that leaves the range (the minimum `// -1`): 20
/// instructions, a 64-bit `idiv` among them. Clobbers RAX and RDX, `idiv`'s operands: `a`,
/// `b` and `tmp` must be none of them (`dst` may be).
///
/// The rounding fix is branch-free: the truncated quotient is one too large exactly when
/// the remainder is not zero and its sign differs from the divisor's, so `(r ^ b) >> 63`
/// (arithmetic), zeroed by a `cmovz` when `r` is zero, is the amount to add.
pub fn emit_floordiv_small_int(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg, tmp: Reg, bail: Label) {
    divide(buf, dst, a, b, tmp, bail);
    buf.emit(xor_rm64_r64(tmp, Reg::Rdx));
    buf.emit(sar_rm64_imm8(tmp, 63));
    buf.emit(test_rm64_r64(Reg::Rdx, Reg::Rdx));
    buf.emit(cmovcc_r64_rm64(Cond::E, tmp, Reg::Rdx));
    buf.emit(add_rm64_r64(Reg::Rax, tmp));
    // Boxing in RAX keeps `dst` untouched on the bail, as it may be an operand.
    super::emit_box_int_checked(buf, Reg::Rax, Reg::Rax, bail);
    mov(buf, dst, Reg::Rax);
}

/// `dst` = `a % b`, with the sign of the divisor as Python's floor modulo has it, bailing
/// on a zero divisor: 21 instructions, a 64-bit `idiv` among them. The result is always a
/// small int, as its magnitude is below the divisor's. Clobbers RAX and RDX as
/// [`emit_floordiv_small_int`] does, with the same register rules.
///
/// The fix adds the divisor to the truncated remainder exactly when the remainder is not
/// zero and its sign differs from the divisor's, branch-free: `((r ^ b) >> 63) & b`, zeroed
/// by a `cmovz` when `r` is zero.
pub fn emit_mod_small_int(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg, tmp: Reg, bail: Label) {
    divide(buf, dst, a, b, tmp, bail);
    buf.emit(mov_rm64_r64(Reg::Rax, Reg::Rdx));
    buf.emit(xor_rm64_r64(Reg::Rax, tmp));
    buf.emit(sar_rm64_imm8(Reg::Rax, 63));
    buf.emit(and_rm64_r64(Reg::Rax, tmp));
    buf.emit(test_rm64_r64(Reg::Rdx, Reg::Rdx));
    buf.emit(cmovcc_r64_rm64(Cond::E, Reg::Rax, Reg::Rdx));
    buf.emit(add_rm64_r64(Reg::Rax, Reg::Rdx));
    emit_box_int_unchecked(buf, dst, Reg::Rax);
}

/// `dst` = `a << b`, bailing when the count is negative (Python raises) or above 63, or
/// when the result leaves the small-int range: 12 instructions (13 when `dst` is an operand or RCX). Clobbers RCX: `a`, `b` and
/// `tmp` must not be RCX (`dst` may be).
///
/// The count check is one unsigned compare of `b - INT_TAG` (the payload, zero-extended:
/// a negative count is above 63). Then `imul` of `a`'s payload shifted left by 16 by
/// `1 << count` is the shift, and its OF is the range check, with no second shift back to
/// compare. A count of 63 makes the factor `i64::MIN`, which `imul` treats as negative:
/// only a zero payload survives, and its product is right.
pub fn emit_lshift_small_int(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg, tmp: Reg, bail: Label) {
    check_regs(&[a, b], &[tmp, Reg::Rcx]);
    debug_assert!(dst != tmp);
    buf.emit(mov_rm64_r64(Reg::Rcx, b));
    buf.emit(sub_rm64_r64(Reg::Rcx, INT_TAG));
    buf.emit(cmp_rm64_imm8(Reg::Rcx, Imm8::from(63)));
    buf.jcc_label(Cond::A, bail);
    // The product accumulates in `dst` when that is free, else in `tmp`.
    let w = if [a, b, Reg::Rcx].contains(&dst) {
        tmp
    } else {
        dst
    };
    buf.emit(mov_r32_imm32(w, 1));
    buf.emit(shl_rm64_cl(w));
    buf.emit(mov_rm64_r64(Reg::Rcx, a));
    buf.emit(shl_rm64_imm8(Reg::Rcx, PAYLOAD_SHIFT));
    buf.emit(imul_r64_rm64(w, Reg::Rcx));
    buf.jcc_label(Cond::O, bail);
    emit_box_shifted(buf, w);
    mov(buf, dst, w);
}

/// `dst` = `a >> b` (arithmetic, rounding toward negative infinity as Python does),
/// bailing only when the count is negative: 12 instructions (13 when `dst` is RCX). A count of 64 or more gives 0
/// or -1, as the count is clamped to 63 (`cmova`), which shifts every payload bit out of
/// the 64-bit shifted payload. Clobbers RCX: `a`, `b` and `tmp` must not be RCX (`dst`
/// may be).
///
/// The shift works on the payload shifted left by 16: `sar` by the count leaves the
/// rounded-down result in the top 48 bits, so `shr 16; or INT_TAG` boxes it without
/// clearing the bits shifted into the low 16.
pub fn emit_rshift_small_int(buf: &mut CodeBuf, dst: Reg, a: Reg, b: Reg, tmp: Reg, bail: Label) {
    check_regs(&[a, b], &[tmp, Reg::Rcx]);
    debug_assert!(dst != tmp);
    buf.emit(mov_rm64_r64(Reg::Rcx, b));
    buf.emit(shl_rm64_imm8(Reg::Rcx, PAYLOAD_SHIFT));
    // `sar` sets SF from the unboxed count.
    buf.emit(sar_rm64_imm8(Reg::Rcx, PAYLOAD_SHIFT));
    buf.jcc_label(Cond::S, bail);
    buf.emit(mov_r32_imm32(tmp, 63));
    buf.emit(cmp_rm64_r64(Reg::Rcx, tmp));
    buf.emit(cmovcc_r64_rm64(Cond::A, Reg::Rcx, tmp));
    // Past the last bail, `dst` may be written even when it is an operand.
    let w = if dst == Reg::Rcx { tmp } else { dst };
    mov(buf, w, a);
    buf.emit(shl_rm64_imm8(w, PAYLOAD_SHIFT));
    buf.emit(sar_rm64_cl(w));
    emit_box_shifted(buf, w);
    mov(buf, dst, w);
}

/// Sets the flags for `a cmp b` on two small ints, clobbering `x` and `y` (distinct, and
/// each either free or an operand that is no longer needed), and answers the condition
/// that holds when the comparison is true.
///
/// Equality compares the boxed values directly: the tags are equal, so the bits are equal
/// exactly when the payloads are. Order cannot: as a 64-bit number a boxed small int is the
/// tag followed by the payload's bits read unsigned, so every negative int would compare
/// above every non-negative one. Shifted left by 16 (the tag gone, the payload's sign in
/// bit 63) the values compare as the payloads do.
fn compare(buf: &mut CodeBuf, cmp: Cmp, a: Reg, b: Reg, x: Reg, y: Reg) -> Cond {
    if matches!(cmp, Cmp::Eq | Cmp::Ne) {
        buf.emit(cmp_rm64_r64(a, b));
    } else {
        mov(buf, x, a);
        buf.emit(shl_rm64_imm8(x, PAYLOAD_SHIFT));
        mov(buf, y, b);
        buf.emit(shl_rm64_imm8(y, PAYLOAD_SHIFT));
        buf.emit(cmp_rm64_r64(x, y));
    }
    cmp.signed()
}

/// `dst` = `True` or `False`, the Python comparison `a cmp b` of two small ints. Equality
/// is 4 instructions (`cmp a, b` and the bool selection: a 10-byte `mov` of `False`, `lea`
/// of `True`, `cmov`), order 8 (both payloads shifted left by 16 first; see the module
/// docs). Never bails.
pub fn emit_compare_small_int(buf: &mut CodeBuf, cmp: Cmp, a: Reg, b: Reg, dst: Reg, tmp: Reg) {
    check_regs(&[dst, a, b], &[tmp]);
    // `tmp` takes `a` first, so `dst` may be either operand.
    let cond = compare(buf, cmp, a, b, tmp, dst);
    emit_select_bool(buf, dst, tmp, false, &[cond]);
}

/// Jumps to `target` when `a cmp b` holds for two small ints, and falls through otherwise:
/// `cmp a, b; jcc` for equality, and for order both payloads shifted left by 16 into `tmp`
/// and `tmp2` first (6 instructions), as the boxed bits do not order negative ints below
/// the others. Never bails; `a` and `b` are left alone.
pub fn emit_branch_small_int(
    buf: &mut CodeBuf,
    cmp: Cmp,
    a: Reg,
    b: Reg,
    tmp: Reg,
    tmp2: Reg,
    target: Label,
) {
    let cond = emit_compare_flags_small_int(buf, cmp, a, b, tmp, tmp2);
    buf.jcc_label(cond, target);
}

/// Sets the flags for `a cmp b` of two small ints and answers the condition that holds
/// exactly when the comparison does (for a branch on it): what [`emit_branch_small_int`]
/// emits before its `jcc`. Never bails; `a` and `b` are left alone.
pub fn emit_compare_flags_small_int(
    buf: &mut CodeBuf,
    cmp: Cmp,
    a: Reg,
    b: Reg,
    tmp: Reg,
    tmp2: Reg,
) -> Cond {
    check_regs(&[a, b], &[tmp, tmp2]);
    compare(buf, cmp, a, b, tmp, tmp2)
}
