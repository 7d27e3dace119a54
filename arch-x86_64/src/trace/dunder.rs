//! Binary operators and rich comparisons on instances inline: `_BINARY_OP_USER` and
//! `_COMPARE_OP_USER` check the left operand's class version and the right operand's kind
//! against the executor's snapshot of the cache, and push the cached dunder's frame as the
//! interpreter does: the operands stay where they are, copies of them become the frame's
//! first locals, and the record returns as `OnReturn::Binary` or `OnReturn::Compare` (the
//! result replaces the operands; the rest of a comparison's protocol, when its dunder gives
//! no bool, is the return's slow path).

use vm_core::bytecode::code::code_flags;
use vm_core::bytecode::ops::Uop;
use vm_core::exec::ir::{Executor, SAME_FRAME};
use vm_core::interp::stack::SLACK;
use vm_core::jit::frames::code_refs;
use vm_core::jit::JitError;
use vm_core::layout::{
    tag, BINARY_RIGHT_FLOAT, BINARY_RIGHT_INT, BINARY_RIGHT_SAME, CLASS_VERSION, FRAME_IP,
    FRAME_LASTI, FUNCTION_CODE, INSTANCE_CLASS, OBJ_PAYLOAD, ON_RETURN_BINARY, ON_RETURN_COMPARE,
    STACK_LEN,
};
use vm_core::Value;

use super::attr::cache;
use super::construct::emit_cached_function;
use super::exit::at;
use super::frames::{
    emit_cmp_bits, emit_room_checks, frame_mem, index_disp, record, Callee, Pushed,
};
use super::objects::{emit_object_of, emit_slot_of_ref};
use super::Lower;
use crate::enc::{
    cmp_rm32_r32, lea_r64_m, mov_r32_imm32, mov_r32_rm32, mov_r64_imm64, mov_r64_rm64,
    mov_rm32_imm32, mov_rm64_r64, Cond, Label, Reg,
};
use crate::lower::{emit_guard_float, emit_guard_small_int};

/// The dunder uop `pc` (`_BINARY_OP_USER`, `_COMPARE_OP_USER`) recorded entering, when
/// code can push its frame: a plain function of two parameters (not a generator's code).
fn dunder_callee(exec: &Executor, pc: usize) -> Option<Callee> {
    let u = exec.uops.get(pc)?;
    if u.expect_code == SAME_FRAME || u.expect != 0 {
        return None;
    }
    let code = &exec.codes.get(usize::from(u.expect_code))?.code;
    let plain =
        code.flags & (code_flags::VARARGS | code_flags::VARKEYWORDS | code_flags::RESUMABLE) == 0
            && code.kwonlyargcount == 0
            && code.argcount == 2;
    if !plain {
        return None;
    }
    let nlocalsplus = u32::try_from(code.nlocalsplus()).ok()?;
    Some(Callee {
        refs: code_refs(exec, u.expect_code)?,
        has_self: false,
        nargs: 2,
        extra: nlocalsplus.checked_sub(2)?,
        // Past the operands: the copies and the rest of the frame, as the VM reserves it.
        room: nlocalsplus
            .checked_add(code.stacksize)?
            .checked_add(SLACK as u32)?,
    })
}

/// Whether uop `pc` (`_BINARY_OP_USER`, `_COMPARE_OP_USER`) can push its dunder's frame
/// inline.
pub(super) fn inline_dunder(exec: &Executor, pc: usize) -> bool {
    dunder_callee(exec, pc).is_some()
}

impl Lower<'_> {
    /// Lowers uop `pc`, `_BINARY_OP_USER` or `_COMPARE_OP_USER`, as an inline frame push
    /// (the flow helper where a check fails), and goes on in the dunder's frame.
    pub(super) fn lower_inline_dunder(&mut self, pc: usize) -> Result<(), JitError> {
        let c = dunder_callee(self.exec, pc).ok_or(JitError::Malformed(
            "a binary operator's dunder not recorded",
        ))?;
        let u = &self.exec.uops[pc];
        let (version, func, right) = (
            cache(self, u, 1).unwrap_or(0),
            cache(self, u, 2).unwrap_or(0),
            cache(self, u, 3).unwrap_or(u32::MAX),
        );
        let (op, next, target) = (u.oparg, u.next, u.target);
        let on_return = if u.uop == Uop::_COMPARE_OP_USER {
            ON_RETURN_COMPARE
        } else {
            ON_RETURN_BINARY
        };
        let left_at = self
            .depth
            .checked_sub(2)
            .ok_or(JitError::Malformed("an operator below its frame's stack"))?;
        let (top, left) = (self.slots(), self.nlocalsplus + left_at);
        let slow = self.flow_slow_path(pc);
        let buf = &mut self.buf;
        // The left operand: an instance whose class has the cached version. R9 = the
        // class's reference.
        buf.emit(mov_r64_rm64(Reg::Rax, frame_mem(left)));
        emit_object_of(buf, Reg::Rcx, Reg::Rax, Reg::R11, tag::INSTANCE, slow.0);
        buf.emit(mov_r64_rm64(Reg::Rcx, at(Reg::Rcx, OBJ_PAYLOAD)));
        buf.emit(mov_r32_rm32(Reg::R9, at(Reg::Rcx, INSTANCE_CLASS)));
        buf.emit(mov_r32_rm32(Reg::Rdx, at(Reg::Rcx, INSTANCE_CLASS)));
        emit_slot_of_ref(buf, Reg::Rdx, tag::CLASS, slow.0);
        buf.emit(mov_r64_rm64(Reg::Rdx, at(Reg::Rdx, OBJ_PAYLOAD)));
        buf.emit(mov_r32_imm32(Reg::Rax, version));
        buf.emit(cmp_rm32_r32(at(Reg::Rdx, CLASS_VERSION), Reg::Rax));
        buf.jcc_label(Cond::Ne, slow.0);
        // The right operand, of the cached kind (a big int takes the flow helper).
        buf.emit(mov_r64_rm64(Reg::Rax, frame_mem(left + 1)));
        emit_right_check(buf, right, slow.0)?;
        // The cached dunder, running the recorded code. RCX = its `Function`.
        emit_cached_function(buf, Reg::Rcx, func, slow.0);
        emit_cmp_bits(buf, at(Reg::Rcx, FUNCTION_CODE), c.refs.rc, Reg::R8);
        buf.jcc_label(Cond::Ne, slow.0);
        emit_room_checks(buf, top + c.room, slow.0);
        // The caller's record: where it goes on.
        buf.emit(mov_rm32_imm32(record(Reg::R10, 1, FRAME_IP), next));
        buf.emit(mov_rm32_imm32(record(Reg::R10, 1, FRAME_LASTI), target));
        // The operands' copies, the frame's other slots unbound, the stack's new length.
        for k in 0..2 {
            buf.emit(mov_r64_rm64(Reg::Rax, frame_mem(left + k)));
            buf.emit(mov_rm64_r64(frame_mem(top + k), Reg::Rax));
        }
        buf.emit(mov_r64_imm64(Reg::Rax, Value::UNDEF.bits() as i64));
        for k in 0..c.extra {
            buf.emit(mov_rm64_r64(frame_mem(top + 2 + k), Reg::Rax));
        }
        buf.emit(lea_r64_m(Reg::R11, index_disp(Reg::R9, top + 2 + c.extra)));
        buf.emit(mov_rm64_r64(at(Reg::R8, STACK_LEN), Reg::R11));
        let pushed = Pushed {
            func: Err(func),
            top: top + 2,
            floor_slot: left,
            on_return,
            on_return_arg: Some(op),
        };
        let write = self.emit_callee_record(&c, &pushed, pc);
        self.buf.bind(slow.1);
        self.enter_recorded_frame(pc)?;
        self.run_state_moved(write)
    }
}

/// Jumps to `fail` unless the right operand (RAX) is of kind `right` (`BINARY_RIGHT_*`): an
/// instance of the left operand's class (R9: its reference), a small int, or a float.
/// Clobbers R11.
fn emit_right_check(
    buf: &mut crate::enc::CodeBuf,
    right: u32,
    fail: Label,
) -> Result<(), JitError> {
    match right {
        BINARY_RIGHT_SAME => {
            emit_object_of(buf, Reg::R11, Reg::Rax, Reg::R11, tag::INSTANCE, fail);
            buf.emit(mov_r64_rm64(Reg::R11, at(Reg::R11, OBJ_PAYLOAD)));
            buf.emit(cmp_rm32_r32(at(Reg::R11, INSTANCE_CLASS), Reg::R9));
            buf.jcc_label(Cond::Ne, fail);
        }
        BINARY_RIGHT_INT => emit_guard_small_int(buf, Reg::Rax, Reg::R11, fail),
        BINARY_RIGHT_FLOAT => emit_guard_float(buf, Reg::Rax, fail),
        _ => {
            return Err(JitError::Malformed(
                "a binary operator's right operand kind",
            ))
        }
    }
    Ok(())
}
