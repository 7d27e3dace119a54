//! Calls that go elsewhere than recorded: a call site whose callee varies (a method that
//! subclasses override, a function passed in) pushes the frame of another callee in code
//! and follows the call's dynamic exit to that callee's executor, when one of the exit's
//! link slot's ways leads to the callee's entry (`vm_core::jit::link`: the way holds what
//! the push needs of the callee, which an inline call of the recorded callee has as
//! constants). Otherwise the flow helper runs the call, as it does when an inline call's
//! check fails.

use vm_core::jit::frames::{RUN_BASE, RUN_CODE, RUN_CTX_FI, RUN_FI, RUN_IP, RUN_THIS};
use vm_core::jit::helpers::{CTX_FRAME, CTX_FRAME_LIMIT, CTX_STACK};
use vm_core::jit::link::{
    LINK_CALL_EXTRA, LINK_CALL_NARGS, LINK_CALL_ROOM, LINK_CODE_REF, LINK_FRAME_CODE,
};
use vm_core::layout::{
    FRAME_BASE, FRAME_CODE, FRAME_FUNC, FRAME_GENERATOR, FRAME_GLOBALS, FRAME_IP, FRAME_LASTI,
    FRAME_LOCALS, FRAME_OBJ, FRAME_ON_RETURN, FRAME_REF_NONE, FRAME_SAVED_EXC, FRAME_STACK_FLOOR,
    FUNCTION_CODE, FUNCTION_GLOBALS, ITEMS_LEN, ON_RETURN_PUSH, STACK_CAP, STACK_LEN,
};
use vm_core::Value;

use super::exit::at;
use super::frames::{emit_base_index, emit_frame_records, frame_mem, index_disp, record, slot_of};
use super::link::{emit_match_way, WayKey};
use super::Lower;
use crate::abi::{ABI_TEMP, CTX, LOCALS, STACK};
use crate::enc::{
    add_r64_rm64, add_rm64_imm32, cmovcc_r64_rm64, cmp_r64_rm64, cmp_rm64_imm8, dec_rm64, inc_rm64,
    lea_r64_m, mov_r32_imm32, mov_r32_rm32, mov_r64_imm64, mov_r64_rm64, mov_rm32_imm32,
    mov_rm32_r32, mov_rm64_imm32, mov_rm64_r64, shr_rm64_imm8, sub_rm64_r64, CodeBuf, Cond, Imm32,
    Imm8, Label, Mem, Reg,
};

/// Where a call's operands are and where it goes on, for the push of another callee.
#[derive(Clone, Copy, Debug)]
pub(super) struct CallSite {
    /// The callee's frame slot (the receiver's is the next one).
    pub(super) callee_slot: u32,
    /// One past the last argument.
    pub(super) top: u32,
    /// The arguments on the stack, the receiver not counted (the call's oparg).
    pub(super) argc: u32,
    /// The caller's offset after the call, and the call's own.
    pub(super) next_ip: u32,
    pub(super) lasti: u32,
}

impl Lower<'_> {
    /// Emits the push of a callee other than the recorded one (RCX: its `Function`) and
    /// the link to its executor through a way of the dynamic exit's slot at `slot`, or a
    /// jump to `slow` when no way leads to the callee's entry or a check fails.
    pub(super) fn emit_call_elsewhere(&mut self, site: CallSite, slot: usize, slow: Label) {
        let buf = &mut self.buf;
        emit_frame_records(buf);
        buf.emit(mov_r64_rm64(Reg::R8, at(CTX, CTX_FRAME_LIMIT)));
        buf.emit(cmp_r64_rm64(Reg::Rsi, Mem::base(Reg::R8)));
        buf.jcc_label(Cond::Ae, slow);
        emit_base_index(buf);
        emit_find_way(buf, site, slot, slow);
        // The value stack's room past the caller's top.
        buf.emit(lea_r64_m(Reg::Rax, index_disp(Reg::R9, site.top)));
        buf.emit(add_r64_rm64(Reg::Rax, at(ABI_TEMP, LINK_CALL_ROOM)));
        buf.emit(mov_r64_rm64(Reg::R8, at(CTX, CTX_STACK)));
        buf.emit(cmp_r64_rm64(Reg::Rax, at(Reg::R8, STACK_CAP)));
        buf.jcc_label(Cond::A, slow);
        // Committed from here. The callee's globals while RCX is its `Function`.
        buf.emit(mov_r32_rm32(Reg::Rax, at(Reg::Rcx, FUNCTION_GLOBALS)));
        buf.emit(mov_rm32_r32(record(Reg::R10, 0, FRAME_GLOBALS), Reg::Rax));
        buf.emit(mov_rm32_imm32(record(Reg::R10, 1, FRAME_IP), site.next_ip));
        buf.emit(mov_rm32_imm32(record(Reg::R10, 1, FRAME_LASTI), site.lasti));
        emit_unbound_extra(buf, site.top);
        emit_callee_fields(buf, site);
        // R9 = the callee's base, RSI = its index (the old length).
        buf.emit(inc_rm64(at(Reg::Rdx, ITEMS_LEN)));
        buf.emit(lea_r64_m(Reg::R9, index_disp(Reg::R9, site.top)));
        buf.emit(sub_rm64_r64(Reg::R9, Reg::Rdi));
        buf.emit(mov_rm32_r32(record(Reg::R10, 0, FRAME_BASE), Reg::R9));
        buf.emit(mov_r64_rm64(Reg::Rax, at(CTX, CTX_FRAME)));
        buf.emit(mov_r64_rm64(Reg::Rcx, at(ABI_TEMP, LINK_CODE_REF)));
        buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_CODE), Reg::Rcx));
        buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_BASE), Reg::R9));
        buf.emit(mov_rm64_imm32(at(Reg::Rax, RUN_IP), Imm32::from(0)));
        buf.emit(mov_rm64_imm32(at(Reg::Rax, RUN_THIS), Imm32::from(0)));
        buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_CTX_FI), Reg::Rsi));
        buf.emit(mov_rm64_r64(at(Reg::Rax, RUN_FI), Reg::Rsi));
        buf.emit(lea_r64_m(LOCALS, slot_of(STACK, Reg::R9)));
        buf.emit(crate::enc::mov_rm8_imm8(super::run_state::stale_slot(), 0));
        super::link::emit_take_link(buf);
    }
}

/// ABI_TEMP = the first way of the slot at `slot` that is current and leads to the entry
/// of the callee (RCX: its `Function`) with as many parameters as the call passes
/// arguments (RDI = that count), or a jump to `fail`. Clobbers RAX and R8.
fn emit_find_way(buf: &mut CodeBuf, site: CallSite, slot: usize, fail: Label) {
    // The receiver slot holds an argument unless it is unbound.
    buf.emit(mov_r64_imm64(Reg::R8, Value::UNDEF.bits() as i64));
    buf.emit(cmp_r64_rm64(Reg::R8, frame_mem(site.callee_slot + 1)));
    buf.emit(mov_r32_imm32(Reg::Rdi, site.argc));
    buf.emit(mov_r32_imm32(Reg::R8, site.argc + 1));
    buf.emit(cmovcc_r64_rm64(Cond::Ne, Reg::Rdi, Reg::R8));
    buf.emit(mov_r64_rm64(Reg::R8, at(Reg::Rcx, FUNCTION_CODE)));
    let key = WayKey {
        epoch: Reg::Rax,
        code: Reg::R8,
        word: Reg::Rdi,
        field: LINK_CALL_NARGS,
    };
    emit_match_way(buf, slot, key, fail);
}

/// Sets the callee's frame slots past its arguments (from frame slot `top` on, as many as
/// the way at ABI_TEMP says) to unbound, and the value stack's length past them. Clobbers
/// RAX, RCX and R8.
fn emit_unbound_extra(buf: &mut CodeBuf, top: u32) {
    let (again, done) = (buf.new_label(), buf.new_label());
    buf.emit(lea_r64_m(Reg::Rax, frame_mem(top)));
    buf.emit(mov_r64_rm64(Reg::R8, at(ABI_TEMP, LINK_CALL_EXTRA)));
    buf.emit(mov_r64_imm64(Reg::Rcx, Value::UNDEF.bits() as i64));
    buf.emit(cmp_rm64_imm8(Reg::R8, Imm8::from(0)));
    buf.jcc_label(Cond::E, done);
    buf.bind(again);
    buf.emit(mov_rm64_r64(Mem::base(Reg::Rax), Reg::Rcx));
    buf.emit(add_rm64_imm32(Reg::Rax, Imm32::from(8)));
    buf.emit(dec_rm64(Reg::R8));
    buf.jcc_label(Cond::Ne, again);
    buf.bind(done);
    // The length: RAX is the address of the first slot past them.
    buf.emit(sub_rm64_r64(Reg::Rax, STACK));
    buf.emit(shr_rm64_imm8(Reg::Rax, 3));
    buf.emit(mov_r64_rm64(Reg::R8, at(CTX, CTX_STACK)));
    buf.emit(mov_rm64_r64(at(Reg::R8, STACK_LEN), Reg::Rax));
}

/// The callee's record at R10 but for its base and globals: its code (one more strong
/// count of it), function, floor and the fields a fresh call's frame starts with (R9: the
/// caller's base index). Clobbers RAX.
fn emit_callee_fields(buf: &mut CodeBuf, site: CallSite) {
    buf.emit(mov_r64_rm64(Reg::Rax, at(ABI_TEMP, LINK_FRAME_CODE)));
    buf.emit(mov_rm64_r64(record(Reg::R10, 0, FRAME_CODE), Reg::Rax));
    // (An `Rc`'s bits are the address of its strong count: `jit::frames::code_refs`.)
    buf.emit(inc_rm64(Mem::base(Reg::Rax)));
    buf.emit(mov_r64_rm64(Reg::Rax, frame_mem(site.callee_slot)));
    buf.emit(mov_rm64_r64(record(Reg::R10, 0, FRAME_FUNC), Reg::Rax));
    buf.emit(mov_r64_imm64(Reg::Rax, Value::UNDEF.bits() as i64));
    buf.emit(mov_rm64_r64(record(Reg::R10, 0, FRAME_LOCALS), Reg::Rax));
    buf.emit(mov_r64_imm64(Reg::Rax, Value::NONE.bits() as i64));
    buf.emit(mov_rm64_r64(record(Reg::R10, 0, FRAME_SAVED_EXC), Reg::Rax));
    let words = [
        (FRAME_IP, 0),
        (FRAME_LASTI, 0),
        (FRAME_ON_RETURN, ON_RETURN_PUSH),
        (FRAME_GENERATOR, FRAME_REF_NONE),
        (FRAME_OBJ, FRAME_REF_NONE),
    ];
    for (offset, word) in words {
        buf.emit(mov_rm32_imm32(record(Reg::R10, 0, offset), word));
    }
    buf.emit(lea_r64_m(Reg::Rax, index_disp(Reg::R9, site.callee_slot)));
    buf.emit(mov_rm32_r32(
        record(Reg::R10, 0, FRAME_STACK_FLOOR),
        Reg::Rax,
    ));
}
