//! Small ints and floats inline: type guards, arithmetic and comparisons on the two values
//! on top of the stack.
//!
//! An action checks its operands itself even after a guard (a removed guard is a proof of
//! the optimizer's, not of this code's), and anything its fast path does not cover (an
//! operand of another type, a result outside the small-int range, a zero divisor) runs the
//! uop's helper instead, out of line, which does what the uop executor would.

use vm_core::bytecode::ops::{BinaryOp, CompareOp, Uop};

use vm_core::jit::helpers::float_rem_bits;
use vm_core::object::value::{TAG_INT, TAG_SHIFT};

use super::stack::Lazy;
use super::{Lower, Next};
use crate::abi::INT_TAG;
use crate::enc::{
    call_rm64, cmp_rm64_r64, mov_r64_imm64, movapd_xmm_xmm, movq_rm64_xmm, movq_xmm_rm64,
    ucomisd_xmm_xmm, xor_rm64_r64, xorpd_xmm_xmm, CodeBuf, Cond, Imm32, Label, Reg, Xmm,
};
use crate::lower::{
    emit_add_float, emit_add_small_int, emit_add_small_int_imm, emit_and_small_int,
    emit_compare_flags_small_int, emit_compare_flags_small_int_imm, emit_compare_float,
    emit_compare_small_int, emit_div_float, emit_float_to_xmm, emit_floordiv_small_int,
    emit_guard_small_int, emit_int_to_float, emit_lshift_small_int, emit_mod_small_int,
    emit_mul_float, emit_mul_small_int, emit_neg_small_int, emit_or_small_int,
    emit_order_flags_float, emit_rem_float_by_pow2, emit_rshift_small_int, emit_sub_float,
    emit_sub_small_int, emit_unbox_int, emit_xmm_to_float, emit_xor_small_int, rem_pow2_divisor,
    shifted_payload, Cmp,
};

/// The registers the two operands are loaded into: the second from the top (`A`) and the
/// top (`B`), and the result and scratch registers.
const A: Reg = Reg::Rax;
const B: Reg = Reg::Rcx;
pub(super) const DST: Reg = Reg::Rdx;
const TMP: Reg = Reg::Rsi;

/// The operations of `_BINARY_OP_INT` and `_BINARY_OP_SMALL_INT` lowered inline: those
/// whose small-int fast path the value layer has (the oparg without its in-place offset).
pub(super) fn inline_int_op(oparg: u32) -> Option<BinaryOp> {
    let (op, _) = BinaryOp::from_oparg(oparg)?;
    matches!(
        op,
        BinaryOp::And
            | BinaryOp::Or
            | BinaryOp::Xor
            | BinaryOp::FloorDivide
            | BinaryOp::Remainder
            | BinaryOp::Lshift
            | BinaryOp::Rshift
            | BinaryOp::Add
            | BinaryOp::Subtract
            | BinaryOp::Multiply
    )
    .then_some(op)
}

/// The comparison a `COMPARE_OP` oparg asks for.
pub(super) fn cmp_of(oparg: u32) -> Option<Cmp> {
    Some(match CompareOp::from_oparg(oparg)? {
        CompareOp::Lt => Cmp::Lt,
        CompareOp::Le => Cmp::Le,
        CompareOp::Eq => Cmp::Eq,
        CompareOp::Ne => Cmp::Ne,
        CompareOp::Gt => Cmp::Gt,
        CompareOp::Ge => Cmp::Ge,
    })
}

/// Loads `v` (a small int or a float) into `x` as a float; jumps to `slow` for anything
/// else. Clobbers `v` and the flags.
fn emit_number_to_xmm(buf: &mut CodeBuf, x: Xmm, v: Reg, tmp: Reg, slow: Label) {
    let float = buf.new_label();
    let done = buf.new_label();
    buf.emit(cmp_rm64_r64(v, INT_TAG));
    buf.jcc_label(Cond::B, float);
    emit_guard_small_int(buf, v, tmp, slow);
    emit_unbox_int(buf, v, v);
    emit_int_to_float(buf, x, v);
    buf.jmp_label(done);
    buf.bind(float);
    emit_float_to_xmm(buf, x, v);
    buf.bind(done);
}

impl Lower<'_> {
    /// Loads the two operands into `A` (second from the top) and `B` (the top).
    fn load_operands(&mut self) {
        self.load(1, A);
        self.load(0, B);
    }

    /// Loads the two operands into `a` (second from the top) and `b` (the top), jumping to
    /// `bail` unless both are small ints; a small int in a register needs no guard.
    /// Clobbers `tmp`.
    fn load_int_operands(&mut self, a: Reg, b: Reg, tmp: Reg, bail: Label) {
        let known = (self.int_at(1), self.int_at(0));
        self.load(1, a);
        self.load(0, b);
        if !known.0 {
            emit_guard_small_int(&mut self.buf, a, tmp, bail);
        }
        if !known.1 {
            emit_guard_small_int(&mut self.buf, b, tmp, bail);
        }
    }

    /// The top of the stack as the constant-operand forms take it, when it is a constant
    /// small int of a small enough payload (`lower::shifted_payload`).
    fn small_const_on_top(&self) -> Option<Imm32> {
        let Some(Lazy::Const(bits)) = self.lazy_at(self.depth.checked_sub(1)?) else {
            return None;
        };
        if bits >> TAG_SHIFT != TAG_INT {
            return None;
        }
        // (The payload: the low 48 bits, sign-extended.)
        shifted_payload(((bits << 16) as i64) >> 16)
    }

    /// Replaces the two operands by the float in `x`: kept in `into`, a value register,
    /// when there is one, else boxed into the result's slot.
    fn finish_float(&mut self, into: Option<Xmm>, x: Xmm) {
        match into {
            Some(r) => {
                self.buf.emit(movapd_xmm_xmm(r, x));
                self.apply_effect(2, 1);
                self.set_float(0, r);
            }
            None => {
                emit_xmm_to_float(&mut self.buf, DST, x);
                self.store_result();
            }
        }
    }

    /// Replaces the two operands by `DST`.
    fn store_result(&mut self) {
        self.store(1, DST);
        self.apply_effect(2, 1);
    }

    /// `_GUARD_BOTH_INT`, `_GUARD_TOS_INT`: leaves through the uop's exit unless the
    /// top `n` values are small ints.
    pub(super) fn lower_guard_int(&mut self, pc: usize, n: u32) -> Next {
        let exit = self.deopt(pc);
        // (A small int in a register needs no guard.)
        for k in 0..n {
            if self.int_at(k) {
                continue;
            }
            self.load(k, A);
            emit_guard_small_int(&mut self.buf, A, TMP, exit);
        }
        // The uop after it (its instruction's arithmetic or comparison) need not check again.
        self.ints_guarded = Some((pc + 1, self.depth, n));
        Next::Falls
    }

    /// `_GUARD_NUMBERS_ONE_FLOAT`: leaves through the uop's exit unless both operands are
    /// small ints or floats and one at least is a float.
    pub(super) fn lower_guard_one_float(&mut self, pc: usize) -> Next {
        let exit = self.deopt(pc);
        if let Some(other) = self.other_of_a_float() {
            // One operand is a lazy float: the other must be a number.
            if let Some(k) = other {
                self.load(k, A);
                self.emit_guard_number(A, exit);
            }
            return Next::Falls;
        }
        let a_float = self.buf.new_label();
        let checked = self.buf.new_label();
        self.load_operands();
        self.buf.emit(cmp_rm64_r64(A, INT_TAG));
        self.buf.jcc_label(Cond::B, a_float);
        // `a` is no float: it must be a small int, and `b` a float.
        emit_guard_small_int(&mut self.buf, A, TMP, exit);
        self.buf.emit(cmp_rm64_r64(B, INT_TAG));
        self.buf.jcc_label(Cond::Ae, exit);
        self.buf.jmp_label(checked);
        self.buf.bind(a_float);
        // `a` is a float: `b` must be a float or a small int.
        self.buf.emit(cmp_rm64_r64(B, INT_TAG));
        self.buf.jcc_label(Cond::B, checked);
        emit_guard_small_int(&mut self.buf, B, TMP, exit);
        self.buf.bind(checked);
        Next::Falls
    }

    /// `_GUARD_BOTH_NUMBERS`: leaves through the uop's exit unless both operands are small
    /// ints or floats.
    pub(super) fn lower_guard_numbers(&mut self, pc: usize) -> Next {
        let exit = self.deopt(pc);
        for k in [1, 0] {
            // (A lazy float is a number.)
            if self.float_at(k).is_none() {
                self.load(k, A);
                self.emit_guard_number(A, exit);
            }
        }
        Next::Falls
    }

    /// Jumps to `exit` unless `v` is a float or a small int. Clobbers `TMP`.
    fn emit_guard_number(&mut self, v: Reg, exit: Label) {
        let number = self.buf.new_label();
        self.buf.emit(cmp_rm64_r64(v, INT_TAG));
        self.buf.jcc_label(Cond::B, number);
        emit_guard_small_int(&mut self.buf, v, TMP, exit);
        self.buf.bind(number);
    }

    /// When one of the two operands is a lazy float: `Some` of the other's place below
    /// the top when it is not one too (`Some(None)` when both are).
    fn other_of_a_float(&self) -> Option<Option<u32>> {
        match (self.float_at(1).is_some(), self.float_at(0).is_some()) {
            (true, true) => Some(None),
            (true, false) => Some(Some(0)),
            (false, true) => Some(Some(1)),
            (false, false) => None,
        }
    }

    /// Small-int `+`, `-`, `*` (`_BINARY_OP_ADD_INT` and kin): inline while operands and
    /// result are small ints, the helper otherwise.
    pub(super) fn lower_int_arith(&mut self, pc: usize, uop: Uop) -> Next {
        let (slow, resume) = self.int_bail(pc);
        let add = matches!(uop, Uop::_BINARY_OP_ADD_INT | Uop::_BINARY_OP_ADD_SMALL_INT);
        let sub = matches!(
            uop,
            Uop::_BINARY_OP_SUBTRACT_INT | Uop::_BINARY_OP_SUBTRACT_SMALL_INT
        );
        if let Some(k) = self.small_const_on_top().filter(|_| add || sub) {
            // `a ± k` with the constant as an immediate.
            let known = self.int_at(1);
            self.load(1, A);
            if !known {
                emit_guard_small_int(&mut self.buf, A, TMP, slow);
            }
            emit_add_small_int_imm(&mut self.buf, DST, A, k, add, slow);
            self.finish_int(DST, resume);
            return Next::Falls;
        }
        self.load_int_operands(A, B, TMP, slow);
        match uop {
            Uop::_BINARY_OP_ADD_INT | Uop::_BINARY_OP_ADD_SMALL_INT => {
                emit_add_small_int(&mut self.buf, DST, A, B, TMP, slow);
            }
            Uop::_BINARY_OP_SUBTRACT_INT | Uop::_BINARY_OP_SUBTRACT_SMALL_INT => {
                emit_sub_small_int(&mut self.buf, DST, A, B, TMP, slow);
            }
            _ => emit_mul_small_int(&mut self.buf, DST, A, B, TMP, slow),
        }
        self.finish_int(DST, resume);
        Next::Falls
    }

    /// Where an integer operation goes when its fast path does not apply: for a uop that
    /// leaves the trace rather than make a big int or raise (`_BINARY_OP_ADD_SMALL_INT`
    /// and kin), its guard exit, with no way back; otherwise its slow path.
    fn int_bail(&mut self, pc: usize) -> (Label, Option<Label>) {
        let leaves = matches!(
            self.exec.uops[pc].uop,
            Uop::_BINARY_OP_ADD_SMALL_INT
                | Uop::_BINARY_OP_SUBTRACT_SMALL_INT
                | Uop::_BINARY_OP_SMALL_INT
        );
        if leaves {
            (self.deopt(pc), None)
        } else {
            let (slow, resume) = self.slow_path(pc);
            (slow, Some(resume))
        }
    }

    /// Replaces the two operands by the small int in `r`: kept in a value register (a lazy
    /// slot) when the operation has no slow path, so that its result is a small int
    /// whenever code goes on, and a register is free; stored otherwise.
    fn finish_int(&mut self, r: Reg, resume: Option<Label>) {
        match (resume, self.free_value_reg()) {
            (None, Some(x)) => {
                self.buf.emit(movq_xmm_rm64(x, r));
                self.apply_effect(2, 1);
                self.set_int(0, x);
            }
            _ => {
                self.store(1, r);
                self.apply_effect(2, 1);
            }
        }
        if let Some(resume) = resume {
            self.buf.bind(resume);
        }
    }

    /// `_BINARY_OP_INT`, `_BINARY_OP_SMALL_INT` for `op`: inline on small ints with a
    /// small result, the helper otherwise (which makes a big int, raises on a zero divisor,
    /// or leaves the trace). The registers keep clear of RAX, RCX and RDX, which division
    /// and shifts use.
    pub(super) fn lower_int_op(&mut self, pc: usize, op: BinaryOp) -> Next {
        const X: Reg = Reg::Rsi;
        const Y: Reg = Reg::Rdi;
        const T: Reg = Reg::R8;
        const R: Reg = Reg::R9;
        let (slow, resume) = self.int_bail(pc);
        self.load_int_operands(X, Y, T, slow);
        let b = &mut self.buf;
        match op {
            BinaryOp::And => emit_and_small_int(b, R, X, Y),
            BinaryOp::Or => emit_or_small_int(b, R, X, Y),
            BinaryOp::Xor => emit_xor_small_int(b, R, X, Y),
            BinaryOp::FloorDivide => emit_floordiv_small_int(b, R, X, Y, T, slow),
            BinaryOp::Remainder => emit_mod_small_int(b, R, X, Y, T, slow),
            BinaryOp::Lshift => emit_lshift_small_int(b, R, X, Y, T, slow),
            BinaryOp::Rshift => emit_rshift_small_int(b, R, X, Y, T, slow),
            BinaryOp::Add => emit_add_small_int(b, R, X, Y, T, slow),
            BinaryOp::Subtract => emit_sub_small_int(b, R, X, Y, T, slow),
            _ => emit_mul_small_int(b, R, X, Y, T, slow),
        }
        self.finish_int(R, resume);
        Next::Falls
    }

    /// `_UNARY_NEGATIVE`: `-v` for a small int (but the one whose negation does not fit)
    /// and a float (its sign bit flipped); the helper otherwise (a big int, `__neg__`).
    pub(super) fn lower_negative(&mut self, pc: usize) -> Next {
        let (slow, resume) = self.slow_path(pc);
        let (float, done) = (self.buf.new_label(), self.buf.new_label());
        self.load(0, A);
        self.buf.emit(cmp_rm64_r64(A, INT_TAG));
        self.buf.jcc_label(Cond::B, float);
        emit_guard_small_int(&mut self.buf, A, TMP, slow);
        emit_neg_small_int(&mut self.buf, DST, A, slow);
        self.buf.jmp_label(done);
        self.buf.bind(float);
        self.buf.emit(mov_r64_imm64(DST, i64::MIN));
        self.buf.emit(xor_rm64_r64(DST, A));
        // A NaN whose flipped bits reach the tags is left to the helper (which makes it
        // the canonical NaN, as boxing does).
        self.buf.emit(cmp_rm64_r64(DST, INT_TAG));
        self.buf.jcc_label(Cond::Ae, slow);
        self.buf.bind(done);
        self.store(0, DST);
        self.buf.bind(resume);
        Next::Falls
    }

    /// `_COMPARE_OP_INT`: a bool from two small ints.
    pub(super) fn lower_compare_int(&mut self, pc: usize, cmp: Cmp) -> Next {
        let (slow, resume) = self.compare_slow_path(pc);
        if let Some(k) = self
            .small_const_on_top()
            .filter(|_| self.feeds_fused_branch(pc))
        {
            // `a cmp k` with the constant as an immediate.
            let known = self.int_at(1);
            self.load(1, A);
            if !known {
                emit_guard_small_int(&mut self.buf, A, TMP, slow);
            }
            let cond = emit_compare_flags_small_int_imm(&mut self.buf, cmp, A, k, TMP);
            self.finish_compare_flags(cond);
            return Next::Falls;
        }
        self.load_int_operands(A, B, TMP, slow);
        if self.feeds_fused_branch(pc) {
            let cond = emit_compare_flags_small_int(&mut self.buf, cmp, A, B, TMP, DST);
            self.finish_compare_flags(cond);
            return Next::Falls;
        }
        emit_compare_small_int(&mut self.buf, cmp, A, B, DST, TMP);
        self.finish_compare(pc, resume);
        Next::Falls
    }

    /// A comparison's way out when its fast path does not apply: its helper, or, when the
    /// comparison feeds a fused branch, a hand-back at the entry (the operands stay in
    /// place until the branch is decided; see `branch`).
    fn compare_slow_path(&mut self, pc: usize) -> (Label, Option<Label>) {
        if self.feeds_fused_branch(pc) {
            (self.hand_back_entry(), None)
        } else {
            let (slow, resume) = self.slow_path(pc);
            (slow, Some(resume))
        }
    }

    /// A comparison that feeds the fused branch after it left its result in the flags:
    /// the bool on top is `True` exactly when `cond` holds. (Its slow path is a hand-back,
    /// with nothing to bind.)
    fn finish_compare_flags(&mut self, cond: Cond) {
        self.apply_effect(2, 1);
        self.tos_cond = Some(cond);
    }

    /// Stores a comparison's result (in `DST`), or keeps it there for the fused branch.
    fn finish_compare(&mut self, pc: usize, resume: Option<Label>) {
        if self.feeds_fused_branch(pc) {
            self.apply_effect(2, 1);
            self.tos_reg = Some(DST);
        } else {
            self.store_result();
        }
        if let Some(resume) = resume {
            self.buf.bind(resume);
        }
    }

    /// Float `+`, `-`, `*`, `/` (`_BINARY_OP_ADD_FLOAT` and kin) in SSE2, on floats and
    /// small ints. The result stays unboxed in a float register (a lazy slot) when one is
    /// free; an operand that is such a float needs no type check, and when both are, `+`,
    /// `-` and `*` have no slow path at all.
    pub(super) fn lower_float_arith(&mut self, pc: usize, uop: Uop) -> Next {
        let div = uop == Uop::_BINARY_OP_TRUE_DIVIDE_FLOAT;
        let checked = self.float_at(1).is_none() || self.float_at(0).is_none() || div;
        let mut into = self.free_value_reg();
        let mut paths = None;
        if checked {
            paths = into.and_then(|r| self.float_slow_path(pc, r));
            if paths.is_none() {
                into = None;
                paths = Some(self.slow_path(pc));
            }
        }
        let slow = paths.map(|(slow, _)| slow);
        self.float_operand(1, Xmm::Xmm0, slow);
        self.float_operand(0, Xmm::Xmm1, slow);
        let (x, y, t) = (Xmm::Xmm0, Xmm::Xmm1, Xmm::Xmm2);
        match uop {
            Uop::_BINARY_OP_ADD_FLOAT => emit_add_float(&mut self.buf, x, x, y),
            Uop::_BINARY_OP_SUBTRACT_FLOAT => emit_sub_float(&mut self.buf, x, x, y, t),
            Uop::_BINARY_OP_MULTIPLY_FLOAT => emit_mul_float(&mut self.buf, x, x, y),
            _ => {
                // (Division always has its slow path, for a zero divisor; a label never
                // bound would make the code refused, not wrong.)
                let zero = slow.unwrap_or_else(|| self.buf.new_label());
                emit_div_float(&mut self.buf, x, x, y, t, zero);
            }
        }
        self.finish_float(into, x);
        if let Some((_, resume)) = paths {
            self.buf.bind(resume);
        }
        Next::Falls
    }

    /// Whether `_BINARY_OP` with `oparg` is a float `%` code can do: a remainder with an
    /// operand known to be a float (a float in a register).
    pub(super) fn takes_float_rem(&self, oparg: u32) -> bool {
        let rem = matches!(BinaryOp::from_oparg(oparg), Some((BinaryOp::Remainder, _)));
        rem && self.depth >= 2 && (self.float_at(0).is_some() || self.float_at(1).is_some())
    }

    /// `_BINARY_OP` `%` of a float and a float or small int (`takes_float_rem`): Python's
    /// float remainder through a call of a pure function on the bits, the result kept in a
    /// float register where it can be; the uop's helper for anything else (another type,
    /// a zero or NaN divisor, which it raises for or computes).
    pub(super) fn lower_float_rem(&mut self, pc: usize) -> Next {
        let kept = self
            .free_value_reg()
            .and_then(|r| self.float_slow_path(pc, r).map(|paths| (r, paths)));
        let (into, (slow, resume)) = match kept {
            Some((r, paths)) => (Some(r), paths),
            None => (None, self.slow_path(pc)),
        };
        if let Some(b) = self.pow2_divisor_on_top() {
            // (No call: the registers under the operands stay.)
            let x = Xmm::Xmm0;
            self.float_operand(1, x, Some(slow));
            emit_rem_float_by_pow2(&mut self.buf, x, b, [Xmm::Xmm1, Xmm::Xmm2], A, slow);
            self.finish_float(into, x);
            self.buf.bind(resume);
            return Next::Falls;
        }
        // The call clobbers every XMM register: the values in registers under the operands
        // are in memory by now (the slow path stored them).
        self.spill_regs_below(self.depth - 2);
        let (x, y, zero) = (Xmm::Xmm0, Xmm::Xmm1, Xmm::Xmm2);
        self.float_operand(1, x, Some(slow));
        self.float_operand(0, y, Some(slow));
        self.buf.emit(xorpd_xmm_xmm(zero, zero));
        self.buf.emit(ucomisd_xmm_xmm(y, zero));
        // (Equal or unordered: a zero or NaN divisor.)
        self.buf.jcc_label(Cond::E, slow);
        self.buf.emit(movq_rm64_xmm(Reg::Rdi, x));
        self.buf.emit(movq_rm64_xmm(Reg::Rsi, y));
        self.buf.emit(mov_r64_imm64(
            Reg::R11,
            float_rem_bits as *const () as usize as i64,
        ));
        self.buf.emit(call_rm64(Reg::R11));
        self.buf.emit(movq_xmm_rm64(x, Reg::Rax));
        self.finish_float(into, x);
        self.buf.bind(resume);
        Next::Falls
    }

    /// The divisor on top, when it is a float constant `emit_rem_float_by_pow2` takes.
    fn pow2_divisor_on_top(&self) -> Option<f64> {
        let Some(Lazy::Const(bits)) = self.lazy_at(self.depth.checked_sub(1)?) else {
            return None;
        };
        // (A boxed value other than a float has the sign bit set: never such a divisor.)
        let b = f64::from_bits(bits);
        rem_pow2_divisor(b).then_some(b)
    }

    /// `x` = the stack item `k` places below the top as a float: a lazy float's register
    /// copied, or a small int or float converted (anything else jumps to `slow`, which is
    /// there whenever an operand is no lazy float). Clobbers `A` and `TMP`.
    pub(super) fn float_operand(&mut self, k: u32, x: Xmm, slow: Option<Label>) {
        match (self.float_at(k), slow) {
            (Some(r), _) => self.buf.emit(movapd_xmm_xmm(x, r)),
            (None, Some(slow)) => {
                self.load(k, A);
                emit_number_to_xmm(&mut self.buf, x, A, TMP, slow);
            }
            // (`slow` exists unless both operands are lazy floats.)
            (None, None) => {}
        }
    }

    /// `_COMPARE_OP_FLOAT`: a bool from two numbers, at least one a float.
    pub(super) fn lower_compare_float(&mut self, pc: usize, cmp: Cmp) -> Next {
        let checked = self.float_at(1).is_none() || self.float_at(0).is_none();
        let (slow, resume) = if checked {
            let (slow, resume) = self.compare_slow_path(pc);
            (Some(slow), resume)
        } else {
            (None, None)
        };
        self.float_operand(1, Xmm::Xmm0, slow);
        self.float_operand(0, Xmm::Xmm1, slow);
        if self.feeds_fused_branch(pc) {
            if let Some(cond) = emit_order_flags_float(&mut self.buf, cmp, Xmm::Xmm0, Xmm::Xmm1) {
                self.finish_compare_flags(cond);
                return Next::Falls;
            }
        }
        emit_compare_float(&mut self.buf, cmp, Xmm::Xmm0, Xmm::Xmm1, DST, TMP);
        self.finish_compare(pc, resume);
        Next::Falls
    }
}
