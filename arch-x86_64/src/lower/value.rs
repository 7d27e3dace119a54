//! Type guards, small-int boxing and unboxing, and truthiness.

use super::{check_regs, mov, FALSE_BITS, NONE_BITS, PAYLOAD_SHIFT, TRUE_BITS};
use crate::abi::INT_TAG;
use crate::enc::{
    add_rm64_r64, cmovcc_r64_rm64, cmp_rm64_imm8, cmp_rm64_r64, imul_r64_rm64_imm32, lea_r64_m,
    mov_r64_imm64, mov_rm64_r64, or_rm64_r64, sar_rm64_imm8, shl_rm64_imm8, shr_rm64_imm8,
    xor_rm64_r64, CodeBuf, Cond, Disp, Imm32, Imm8, Label, Mem, Reg,
};

/// `2^PAYLOAD_SHIFT`, the multiplier `imul` shifts by.
const PAYLOAD_SCALE: i32 = 1 << PAYLOAD_SHIFT;

/// Bails unless `v` is a small int: 4 instructions (16 bytes), `mov tmp, v; xor tmp, INT_TAG;
/// shr tmp, 48; jnz bail`. The `xor` clears the tag exactly when it is the small-int tag,
/// and the shift leaves the tag bits alone and sets ZF, so no compare is needed (the
/// `shr; cmp tmp, 0xFFF9` form is as many instructions and 4 bytes longer).
pub fn emit_guard_small_int(buf: &mut CodeBuf, v: Reg, tmp: Reg, bail: Label) {
    check_regs(&[v], &[tmp]);
    buf.emit(mov_rm64_r64(tmp, v));
    buf.emit(xor_rm64_r64(tmp, INT_TAG));
    buf.emit(shr_rm64_imm8(tmp, 48));
    buf.jcc_label(Cond::Ne, bail);
}

/// Bails unless both `a` and `b` are small ints: 8 instructions, the guard twice (a single
/// guard on `a & b` or `a | b` would be fooled: `0xFFFB & 0xFFFD` is `0xFFF9`). When `a`
/// and `b` are the same register it is one guard.
pub fn emit_guard_both_small_int(buf: &mut CodeBuf, a: Reg, b: Reg, tmp: Reg, bail: Label) {
    emit_guard_small_int(buf, a, tmp, bail);
    if b != a {
        emit_guard_small_int(buf, b, tmp, bail);
    }
}

/// Bails unless `v` is a float: 2 instructions, `cmp v, INT_TAG; jae bail`. Every bit
/// pattern below the small-int tag is a float, so one unsigned compare decides it.
pub fn emit_guard_float(buf: &mut CodeBuf, v: Reg, bail: Label) {
    check_regs(&[v], &[]);
    buf.emit(cmp_rm64_r64(v, INT_TAG));
    buf.jcc_label(Cond::Ae, bail);
}

/// `dst` = the payload of the small int `src`, sign-extended to an `i64`: `shl 16; sar 16`,
/// after a `mov` when `dst` is not `src` (2 or 3 instructions).
pub fn emit_unbox_int(buf: &mut CodeBuf, dst: Reg, src: Reg) {
    check_regs(&[dst, src], &[]);
    mov(buf, dst, src);
    buf.emit(shl_rm64_imm8(dst, PAYLOAD_SHIFT));
    buf.emit(sar_rm64_imm8(dst, PAYLOAD_SHIFT));
}

/// `dst` = the small int of `src`, an `i64` known to be in the small-int range: `shl 16;
/// shr 16; or INT_TAG`, after a `mov` when `dst` is not `src` (3 or 4 instructions). The
/// shifts clear the sign-extension bits; an `and` with the payload mask would need the mask
/// in a register, as `0xFFFF_FFFF_FFFF` is no sign-extended imm32.
pub fn emit_box_int_unchecked(buf: &mut CodeBuf, dst: Reg, src: Reg) {
    check_regs(&[dst, src], &[]);
    mov(buf, dst, src);
    buf.emit(shl_rm64_imm8(dst, PAYLOAD_SHIFT));
    emit_box_shifted(buf, dst);
}

/// `dst` = the small int of the `i64` in `src`, or a jump to `overflow` when it is out of
/// the small-int range: 4 instructions, `imul dst, src, 0x10000; jo overflow; shr dst, 16;
/// or dst, INT_TAG`. The multiplication is the shift into the top 48 bits, and it sets OF
/// exactly when the shifted value does not fit 64 bits, which is when `src` does not fit 48.
/// On overflow `dst` holds garbage (so `src` does too when it is `dst`); the caller's
/// operands are elsewhere.
pub fn emit_box_int_checked(buf: &mut CodeBuf, dst: Reg, src: Reg, overflow: Label) {
    check_regs(&[dst, src], &[]);
    buf.emit(imul_r64_rm64_imm32(dst, src, Imm32::from(PAYLOAD_SCALE)));
    buf.jcc_label(Cond::O, overflow);
    emit_box_shifted(buf, dst);
}

/// Boxes a payload held shifted into the top 48 bits of `r`: `shr 16; or INT_TAG`.
pub(super) fn emit_box_shifted(buf: &mut CodeBuf, r: Reg) {
    buf.emit(shr_rm64_imm8(r, PAYLOAD_SHIFT));
    buf.emit(or_rm64_r64(r, INT_TAG));
}

/// `dst` = `True` when `flip_on` any of the conditions holds and `initial` is false (or
/// `False` when one holds and `initial` is true), the other bool otherwise: a 10-byte
/// `mov` of the initial bool, a flag-free `lea` of the other one (the bools differ by one)
/// and a `cmov` per condition. Reads only the flags, so it runs after the compare even when
/// `dst` was an operand.
pub(super) fn emit_select_bool(
    buf: &mut CodeBuf,
    dst: Reg,
    tmp: Reg,
    initial: bool,
    flip_on: &[Cond],
) {
    let (start, step) = if initial {
        (TRUE_BITS, -1)
    } else {
        (FALSE_BITS, 1)
    };
    buf.emit(mov_r64_imm64(dst, start as i64));
    buf.emit(lea_r64_m(tmp, Mem::base_disp(dst, Disp::from(step))));
    for &c in flip_on {
        buf.emit(cmovcc_r64_rm64(c, dst, tmp));
    }
}

/// Jumps to `target` when the truth of `v` is `when` and falls through when it is not;
/// bails when `v` is none of a small int, a bool, `None` or a float. Small ints are true
/// unless 0; floats unless `0.0` or `-0.0` (NaN is true); `True` is true; `False` and `None`
/// are false.
///
/// The small-int zero is 2 instructions (`cmp v, INT_TAG; je`), another int 7 (a `jb` for
/// floats, then the guard), a bool or `None` 12: `v - None` is 0, 1 or 2 for them and
/// above 2 (unsigned) for every other value. A float is `v + v`, zero exactly for `±0.0`.
pub fn emit_branch_truthy(
    buf: &mut CodeBuf,
    v: Reg,
    tmp: Reg,
    when: bool,
    target: Label,
    bail: Label,
) {
    check_regs(&[v], &[tmp]);
    let end = buf.new_label();
    let float = buf.new_label();
    let (truthy, falsy) = if when { (target, end) } else { (end, target) };
    buf.emit(cmp_rm64_r64(v, INT_TAG));
    buf.jcc_label(Cond::E, falsy);
    buf.jcc_label(Cond::B, float);
    buf.emit(mov_rm64_r64(tmp, v));
    buf.emit(xor_rm64_r64(tmp, INT_TAG));
    buf.emit(shr_rm64_imm8(tmp, 48));
    buf.jcc_label(Cond::E, truthy);
    buf.emit(mov_r64_imm64(tmp, NONE_BITS.wrapping_neg() as i64));
    buf.emit(add_rm64_r64(tmp, v));
    buf.emit(cmp_rm64_imm8(tmp, Imm8::from(2)));
    buf.jcc_label(Cond::E, truthy);
    buf.jcc_label(Cond::A, bail);
    buf.jmp_label(falsy);
    buf.bind(float);
    buf.emit(mov_rm64_r64(tmp, v));
    buf.emit(add_rm64_r64(tmp, tmp));
    buf.jcc_label(Cond::E, falsy);
    buf.jmp_label(truthy);
    buf.bind(end);
}

/// `dst` = `True` or `False`, the truth of `v` as [`emit_branch_truthy`] decides it (and
/// bailing where it does), then a `mov` of the bool on each side.
pub fn emit_truthy(buf: &mut CodeBuf, dst: Reg, v: Reg, tmp: Reg, bail: Label) {
    check_regs(&[dst, v], &[tmp]);
    let is_true = buf.new_label();
    let done = buf.new_label();
    emit_branch_truthy(buf, v, tmp, true, is_true, bail);
    buf.emit(mov_r64_imm64(dst, FALSE_BITS as i64));
    buf.jmp_label(done);
    buf.bind(is_true);
    buf.emit(mov_r64_imm64(dst, TRUE_BITS as i64));
    buf.bind(done);
}
