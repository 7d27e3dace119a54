//! Instances made inline: `_CALL_ALLOC_AND_ENTER_INIT` checks the class and its `__init__`
//! against the executor's snapshot of the cache, asks the VM for the instance (a helper:
//! allocating may collect, or fail), lays the call out as the interpreter does (the
//! instance in the class's place, `__init__`, the instance as `self`, the arguments) and
//! pushes the `__init__` frame as an inline call does, its result delivered as `Init`.

use vm_core::jit::helpers::{new_instance_helper, CTX_STACK};
use vm_core::jit::JitError;
use vm_core::layout::{
    object_value_bits, tag, CLASS_VERSION, FUNCTION_CODE, OBJ_PAYLOAD, OBJ_SIZE, OBJ_TAG,
    ON_RETURN_INIT, STACK_LEN,
};
use vm_core::Value;

use super::attr::cache;
use super::exit::{at, Stub};
use super::frames::{
    callee, emit_base_index, emit_cmp_bits, emit_frame_records, emit_room_checks, frame_mem,
    index_disp, Pushed,
};
use super::Lower;
use crate::abi::{emit_helper_call, emit_status_check, helper_addr, ARENA, CTX};
use crate::enc::{
    add_rm64_r64, cmp_r64_rm64, cmp_rm8_imm8, imul_r64_rm64_imm8, mov_r32_imm32, mov_r64_imm64,
    mov_r64_rm64, mov_rm64_r64, CodeBuf, Cond, Imm8, Label, Reg,
};

/// `dst` = the address of the arena slot of object `r` (a constant reference).
fn emit_slot_of(buf: &mut CodeBuf, dst: Reg, r: u32) {
    buf.emit(mov_r32_imm32(dst, r));
    buf.emit(imul_r64_rm64_imm8(dst, dst, Imm8::from(OBJ_SIZE as i8)));
    buf.emit(add_rm64_r64(dst, ARENA));
}

/// `dst` = the `Function` of the cached function `func` (an `__init__`, a dunder), or a
/// jump to `fail` when that slot holds no function.
pub(super) fn emit_cached_function(buf: &mut CodeBuf, dst: Reg, func: u32, fail: Label) {
    emit_slot_of(buf, dst, func);
    buf.emit(cmp_rm8_imm8(at(dst, OBJ_TAG), tag::FUNCTION));
    buf.jcc_label(Cond::Ne, fail);
    buf.emit(mov_r64_rm64(dst, at(dst, OBJ_PAYLOAD)));
}

/// Whether uop `pc` (`_CALL_ALLOC_AND_ENTER_INIT`) can make its instance and push its
/// `__init__` frame inline: the recording went into `__init__`, which takes the instance
/// and the call's arguments exactly.
pub(super) fn inline_init(exec: &vm_core::exec::ir::Executor, pc: usize) -> bool {
    callee(exec, pc).is_some_and(|c| c.has_self)
}

impl Lower<'_> {
    /// Lowers uop `pc`, `_CALL_ALLOC_AND_ENTER_INIT`, inline (the flow helper where a check
    /// fails), and goes on in the `__init__` frame.
    pub(super) fn lower_inline_init(&mut self, pc: usize) -> Result<(), JitError> {
        let c = callee(self.exec, pc)
            .filter(|c| c.has_self)
            .ok_or(JitError::Malformed("an __init__ call not recorded"))?;
        let u = &self.exec.uops[pc];
        let (version, init) = (
            cache(self, u, 1).unwrap_or(0),
            cache(self, u, 2).unwrap_or(0),
        );
        let (argc, target, next) = (u.oparg, u.target, u.next);
        let callee_at = self
            .depth
            .checked_sub(argc + 2)
            .ok_or(JitError::Malformed("a call below its frame's stack"))?;
        let (top, class_slot) = (self.slots(), self.nlocalsplus + callee_at);
        let slow = self.flow_slow_path(pc);
        let buf = &mut self.buf;
        // The class, at the cached version, called without a receiver.
        buf.emit(mov_r64_rm64(Reg::Rax, frame_mem(class_slot)));
        super::objects::emit_object_of(buf, Reg::Rcx, Reg::Rax, Reg::R11, tag::CLASS, slow.0);
        buf.emit(mov_r64_rm64(Reg::Rcx, at(Reg::Rcx, OBJ_PAYLOAD)));
        buf.emit(mov_r32_imm32(Reg::Rax, version));
        buf.emit(crate::enc::cmp_rm32_r32(
            at(Reg::Rcx, CLASS_VERSION),
            Reg::Rax,
        ));
        buf.jcc_label(Cond::Ne, slow.0);
        buf.emit(mov_r64_imm64(Reg::R8, Value::UNDEF.bits() as i64));
        buf.emit(cmp_r64_rm64(Reg::R8, frame_mem(class_slot + 1)));
        buf.jcc_label(Cond::Ne, slow.0);
        // The cached `__init__`, running the recorded code.
        emit_cached_function(buf, Reg::Rcx, init, slow.0);
        emit_cmp_bits(buf, at(Reg::Rcx, FUNCTION_CODE), c.refs.rc, Reg::R8);
        buf.jcc_label(Cond::Ne, slow.0);
        // Room for a frame record, and on the stack for the instance and the frame.
        emit_room_checks(buf, top + 1 + c.room, slow.0);
        // The instance, pushed by the VM (which saves the caller's position first).
        self.settle_run_state();
        self.emit_store_len(top);
        let operand = u64::from(target) | u64::from(next) << 32;
        emit_helper_call(
            &mut self.buf,
            helper_addr(new_instance_helper),
            argc,
            operand,
        );
        let failed = self.stub(Stub::Status { pc });
        emit_status_check(&mut self.buf, failed);
        let write = self.emit_init_layout(&c, class_slot, top, init, pc);
        self.buf.bind(slow.1);
        self.enter_recorded_frame(pc)?;
        self.run_state_moved(write)
    }

    /// With the instance on top (at `top`): lays out `[instance, __init__, instance,
    /// arguments...]` from `class_slot`, sets the frame's other slots unbound, and pushes
    /// the `__init__` frame (for uop `pc`); answers whether it wrote the run state.
    fn emit_init_layout(
        &mut self,
        c: &super::frames::Callee,
        class_slot: u32,
        top: u32,
        init: u32,
        pc: usize,
    ) -> bool {
        let argc = c.nargs - 1;
        let buf = &mut self.buf;
        buf.emit(mov_r64_rm64(Reg::Rax, frame_mem(top)));
        for i in (0..argc).rev() {
            buf.emit(mov_r64_rm64(Reg::R8, frame_mem(class_slot + 2 + i)));
            buf.emit(mov_rm64_r64(frame_mem(class_slot + 3 + i), Reg::R8));
        }
        buf.emit(mov_rm64_r64(frame_mem(class_slot), Reg::Rax));
        buf.emit(mov_rm64_r64(frame_mem(class_slot + 2), Reg::Rax));
        buf.emit(mov_r64_imm64(Reg::R8, object_value_bits(init) as i64));
        buf.emit(mov_rm64_r64(frame_mem(class_slot + 1), Reg::R8));
        // The helper call clobbered the frame list's registers and R9.
        emit_frame_records(buf);
        emit_base_index(buf);
        buf.emit(mov_r64_imm64(Reg::Rax, Value::UNDEF.bits() as i64));
        for k in 0..c.extra {
            buf.emit(mov_rm64_r64(frame_mem(top + 1 + k), Reg::Rax));
        }
        buf.emit(crate::enc::lea_r64_m(
            Reg::R11,
            index_disp(Reg::R9, top + 1 + c.extra),
        ));
        buf.emit(mov_r64_rm64(Reg::R8, at(CTX, CTX_STACK)));
        buf.emit(mov_rm64_r64(at(Reg::R8, STACK_LEN), Reg::R11));
        // (Checked a function before the allocation; the class, at its version, keeps it.)
        emit_slot_of(buf, Reg::Rcx, init);
        buf.emit(mov_r64_rm64(Reg::Rcx, at(Reg::Rcx, OBJ_PAYLOAD)));
        let pushed = Pushed {
            func: Ok(class_slot + 1),
            top: top + 1,
            floor_slot: class_slot + 1,
            on_return: ON_RETURN_INIT,
            on_return_arg: None,
        };
        self.emit_callee_record(c, &pushed, pc)
    }
}
