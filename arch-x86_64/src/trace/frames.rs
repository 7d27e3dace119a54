//! Calls and returns inline, and the guards of builtin calls: code pushes and pops the frame records of the calls a trace
//! recorded, as the VM's own call path does (the run state, which helpers read, follows lazily:
//! `run_state`).
//!
//! A call (`_CALL_PY_EXACT_ARGS`) checks that the callee is a function running the recorded
//! code, that the receiver slot matches the code's argument count, and that the frame list
//! and the value stack have room; a return (`_RETURN_VALUE`) checks that the frame is a
//! plain call's or `__init__`'s (no generator, no frame object; its result pushed, or
//! `None` with the new instance already in place) and that the caller is the recorded
//! code at the recorded offset. Where a check fails the flow helper runs the
//! uop instead: the VM's own frame change, which raises `RecursionError`, grows the stack
//! or the frame list, retires a frame object, or leaves the trace. Memory is exact before
//! either (the lowering flushes every lazy slot first).

use vm_core::bytecode::code::{code_flags, CodeObject};
use vm_core::exec::ir::{Executor, RETURNED, SAME_FRAME};
use vm_core::interp::stack::SLACK;
use vm_core::jit::frames::{code_refs, CodeRefs};
use vm_core::jit::helpers::{CTX_FRAMES, CTX_FRAME_LIMIT, CTX_STACK};
use vm_core::jit::JitError;
use vm_core::layout::{
    object_value_bits, tag, FRAME_BASE, FRAME_CODE, FRAME_FUNC, FRAME_GENERATOR, FRAME_GLOBALS,
    FRAME_IP, FRAME_LASTI, FRAME_LOCALS, FRAME_OBJ, FRAME_ON_RETURN, FRAME_REF_NONE,
    FRAME_SAVED_EXC, FRAME_SIZE, FRAME_STACK_FLOOR, FUNCTION_CLOSURE, FUNCTION_CODE,
    FUNCTION_GLOBALS, ITEMS_LEN, ITEMS_PTR, LIST_APPEND_BITS, NATIVE_BOUND, OBJ_PAYLOAD,
    ON_RETURN_ARG, ON_RETURN_BINARY, ON_RETURN_COMPARE, ON_RETURN_INIT, ON_RETURN_PUSH, STACK_CAP,
    STACK_LEN, VALUE_TAG_NATIVE,
};
use vm_core::Value;

use super::elsewhere::CallSite;
use super::exit::{at, Stub};
use super::objects::emit_object_of;
use super::run_state::{emit_frame_moved, helper_ahead};
use super::{Lower, Next};
use crate::abi::{CTX, LOCALS, STACK};
use crate::enc::{
    add_rm64_imm32, add_rm64_r64, cmp_r64_rm64, cmp_rm64_imm32, cmp_rm64_imm8, dec_rm64,
    imul_r64_rm64_imm32, inc_rm64, lea_r64_m, mov_r32_imm32, mov_r32_rm32, mov_r64_imm64,
    mov_r64_rm64, mov_rm32_imm32, mov_rm32_r32, mov_rm64_r64, shr_rm64_imm8, sub_rm64_r64, CodeBuf,
    Cond, Disp, Imm32, Imm8, Index, Label, Mem, Reg, Scale,
};

/// Where a pushed frame's function, arguments and result are, in the caller's frame slots.
pub(super) struct Pushed {
    /// The function: the frame slot it is in, or (`Err`) the arena slot of a constant one.
    pub(super) func: Result<u32, u32>,
    /// One past the last argument (the caller's slots in use, arguments included).
    pub(super) top: u32,
    /// Where the caller's stack is cut back to when the frame returns.
    pub(super) floor_slot: u32,
    /// How the result is delivered (an `OnReturn` tag, and the word after it for a
    /// variant with a field).
    pub(super) on_return: u32,
    pub(super) on_return_arg: Option<u32>,
}

/// What an inline call needs to know of its callee, from the recording.
pub(super) struct Callee {
    /// The callee's references (its code, the executor's snapshot of its caches).
    pub(super) refs: CodeRefs,
    /// Whether the receiver slot holds an argument (a method called on an instance).
    pub(super) has_self: bool,
    /// Arguments the callee takes (its `argcount`).
    pub(super) nargs: u32,
    /// Frame slots past the arguments, set to unbound.
    pub(super) extra: u32,
    /// Value-stack slots the VM's call path makes sure of past the current top.
    pub(super) room: u32,
}

/// The callee uop `pc` (a call) recorded, when code can push its frame.
pub(super) fn callee(exec: &Executor, pc: usize) -> Option<Callee> {
    let u = exec.uops.get(pc)?;
    if u.expect_code == SAME_FRAME || u.expect != 0 {
        return None;
    }
    let code: &CodeObject = &exec.codes.get(usize::from(u.expect_code))?.code;
    let nargs = code.argcount;
    let plain = code.flags & (code_flags::VARARGS | code_flags::VARKEYWORDS) == 0
        && code.kwonlyargcount == 0;
    let has_self = nargs == u.oparg.checked_add(1)?;
    if !plain || !(has_self || nargs == u.oparg) {
        return None;
    }
    let extra = u32::try_from(code.nlocalsplus()).ok()?.checked_sub(nargs)?;
    let room = extra
        .checked_add(code.stacksize)?
        .checked_add(SLACK as u32)?;
    Some(Callee {
        refs: code_refs(exec, u.expect_code)?,
        has_self,
        nargs,
        extra,
        room,
    })
}

/// What an inline return needs to know: the returning frame's code and its caller's.
struct Return {
    own: CodeRefs,
    caller: CodeRefs,
    /// Where the caller goes on.
    ip: u32,
}

/// The return uop `pc` recorded, when code can pop its frame.
fn recorded_return(exec: &Executor, pc: usize) -> Option<Return> {
    let u = exec.uops.get(pc)?;
    if u.expect_code == SAME_FRAME || u.expect == RETURNED {
        return None;
    }
    Some(Return {
        own: code_refs(exec, u.code)?,
        caller: code_refs(exec, u.expect_code)?,
        ip: u.expect,
    })
}

/// Whether uop `pc` (`_CALL_PY_EXACT_ARGS`) can push its frame inline.
pub(super) fn inline_call(exec: &Executor, pc: usize) -> bool {
    callee(exec, pc).is_some()
}

/// Whether uop `pc` (`_RETURN_VALUE`) can pop its frame inline.
pub(super) fn inline_return(exec: &Executor, pc: usize) -> bool {
    recorded_return(exec, pc).is_some()
}

/// `[base + offset - FRAME_SIZE * back]`: a field of the frame record `back` records below
/// the one `base` points at.
pub(super) fn record(base: Reg, back: i64, offset: usize) -> Mem {
    let d = offset as i64 - back * FRAME_SIZE as i64;
    Mem::base_disp(
        base,
        Disp::new(d).expect("a frame record's fields fit a displacement"),
    )
}

/// `[base + index * 8]`.
pub(super) fn slot_of(base: Reg, index: Reg) -> Mem {
    Mem::indexed(
        base,
        Index::new(index).expect("not RSP"),
        Scale::S8,
        Disp::ZERO,
    )
}

/// `imm32` of a count the lowering checked small.
pub(super) fn imm(n: u32) -> Imm32 {
    Imm32::new(i64::from(n)).expect("a frame's slot count fits an immediate")
}

/// Emits `rdx = &frames`, `rsi = frames.len`, `r10 = &frames[len]` (one past the innermost
/// record). Clobbers R11.
pub(super) fn emit_frame_records(buf: &mut CodeBuf) {
    buf.emit(mov_r64_rm64(Reg::Rdx, at(CTX, CTX_FRAMES)));
    buf.emit(mov_r64_rm64(Reg::Rsi, at(Reg::Rdx, ITEMS_LEN)));
    buf.emit(mov_r64_rm64(Reg::R10, at(Reg::Rdx, ITEMS_PTR)));
    buf.emit(imul_r64_rm64_imm32(
        Reg::R11,
        Reg::Rsi,
        Imm32::new(FRAME_SIZE as i64).expect("a frame record is small"),
    ));
    buf.emit(add_rm64_r64(Reg::R10, Reg::R11));
}

impl Lower<'_> {
    /// Lowers uop `pc`, `_CALL_PY_EXACT_ARGS`, as an inline frame push (the flow helper
    /// where a check fails), and goes on in the callee's frame.
    pub(super) fn lower_inline_call(&mut self, pc: usize) -> Result<(), JitError> {
        let c = callee(self.exec, pc).ok_or(JitError::Malformed("a call not recorded"))?;
        let u = &self.exec.uops[pc];
        let argc = u.oparg;
        let callee_at = self
            .depth
            .checked_sub(argc + 2)
            .ok_or(JitError::Malformed("a call below its frame's stack"))?;
        let (top, callee_slot) = (self.slots(), self.nlocalsplus + callee_at);
        let slow = self.flow_slow_path(pc);
        // Another callee: out of line, through the dynamic exit's ways.
        let elsewhere = match self.dynamic_link_slot(pc) {
            Some(slot) => {
                let site = CallSite {
                    callee_slot,
                    top,
                    argc,
                    next_ip: u.next,
                    lasti: u.target,
                };
                self.stub(Stub::CallElsewhere {
                    site,
                    slot,
                    slow: slow.0,
                })
            }
            None => slow.0,
        };
        let buf = &mut self.buf;
        // The callee: a function running the recorded code.
        buf.emit(mov_r64_rm64(Reg::Rax, frame_mem(callee_slot)));
        emit_function(buf, Reg::Rcx, Reg::Rax, slow.0);
        emit_cmp_bits(buf, at(Reg::Rcx, FUNCTION_CODE), c.refs.rc, Reg::R8);
        buf.jcc_label(Cond::Ne, elsewhere);
        // The receiver slot: an argument exactly when the code takes one more.
        buf.emit(mov_r64_imm64(Reg::R8, Value::UNDEF.bits() as i64));
        buf.emit(cmp_r64_rm64(Reg::R8, frame_mem(callee_slot + 1)));
        buf.jcc_label(if c.has_self { Cond::E } else { Cond::Ne }, slow.0);
        emit_room_checks(buf, top + c.room, slow.0);
        // The caller's record: where it goes on.
        buf.emit(mov_rm32_imm32(record(Reg::R10, 1, FRAME_IP), u.next));
        buf.emit(mov_rm32_imm32(record(Reg::R10, 1, FRAME_LASTI), u.target));
        // The callee's slots past its arguments, and the stack's new length.
        buf.emit(mov_r64_imm64(Reg::Rax, Value::UNDEF.bits() as i64));
        for k in 0..c.extra {
            buf.emit(mov_rm64_r64(frame_mem(top + k), Reg::Rax));
        }
        buf.emit(lea_r64_m(Reg::R11, index_disp(Reg::R9, top + c.extra)));
        buf.emit(mov_rm64_r64(at(Reg::R8, STACK_LEN), Reg::R11));
        let pushed = Pushed {
            func: Ok(callee_slot),
            top,
            floor_slot: callee_slot,
            on_return: ON_RETURN_PUSH,
            on_return_arg: None,
        };
        let write = self.emit_callee_record(&c, &pushed, pc);
        self.buf.bind(slow.1);
        self.enter_recorded_frame(pc)?;
        self.run_state_moved(write)
    }

    /// Emits the callee's frame record at R10 (RCX: the `Function`, R9: the caller's base
    /// index, RDX and RSI: the frame list and its length), the list's new length and
    /// LOCALS for the callee.
    pub(super) fn emit_callee_record(&mut self, c: &Callee, p: &Pushed, pc: usize) -> bool {
        let write = helper_ahead(self.exec, pc);
        let (top, callee_slot) = (p.top, p.floor_slot);
        let buf = &mut self.buf;
        buf.emit(mov_r64_imm64(Reg::Rax, c.refs.rc as i64));
        buf.emit(mov_rm64_r64(record(Reg::R10, 0, FRAME_CODE), Reg::Rax));
        buf.emit(mov_r64_imm64(Reg::Rax, c.refs.strong as i64));
        buf.emit(inc_rm64(Mem::base(Reg::Rax)));
        match p.func {
            Ok(slot) => buf.emit(mov_r64_rm64(Reg::Rax, frame_mem(slot))),
            Err(object) => buf.emit(mov_r64_imm64(Reg::Rax, object_value_bits(object) as i64)),
        }
        buf.emit(mov_rm64_r64(record(Reg::R10, 0, FRAME_FUNC), Reg::Rax));
        buf.emit(mov_r32_rm32(Reg::Rax, at(Reg::Rcx, FUNCTION_GLOBALS)));
        buf.emit(mov_rm32_r32(record(Reg::R10, 0, FRAME_GLOBALS), Reg::Rax));
        buf.emit(mov_r64_imm64(Reg::Rax, Value::UNDEF.bits() as i64));
        buf.emit(mov_rm64_r64(record(Reg::R10, 0, FRAME_LOCALS), Reg::Rax));
        buf.emit(mov_r64_imm64(Reg::Rax, Value::NONE.bits() as i64));
        buf.emit(mov_rm64_r64(record(Reg::R10, 0, FRAME_SAVED_EXC), Reg::Rax));
        let words = [
            (FRAME_IP, 0),
            (FRAME_LASTI, 0),
            (FRAME_ON_RETURN, p.on_return),
            (FRAME_GENERATOR, FRAME_REF_NONE),
            (FRAME_OBJ, FRAME_REF_NONE),
        ];
        for (offset, word) in words {
            buf.emit(mov_rm32_imm32(record(Reg::R10, 0, offset), word));
        }
        if let Some(word) = p.on_return_arg {
            let offset = FRAME_ON_RETURN + ON_RETURN_ARG;
            buf.emit(mov_rm32_imm32(record(Reg::R10, 0, offset), word));
        }
        // Base: the first argument's index; floor: where the caller's stack is cut back.
        buf.emit(lea_r64_m(Reg::Rax, index_disp(Reg::R9, top - c.nargs)));
        buf.emit(mov_rm32_r32(record(Reg::R10, 0, FRAME_BASE), Reg::Rax));
        buf.emit(lea_r64_m(Reg::R11, index_disp(Reg::R9, callee_slot)));
        buf.emit(mov_rm32_r32(
            record(Reg::R10, 0, FRAME_STACK_FLOOR),
            Reg::R11,
        ));
        buf.emit(inc_rm64(at(Reg::Rdx, ITEMS_LEN)));
        // R9 = the callee's base, RSI = its index (the old length).
        buf.emit(mov_rm64_r64(Reg::R9, Reg::Rax));
        emit_frame_moved(buf, write.then_some((&c.refs, 0)), Reg::R9, Reg::Rsi);
        buf.emit(lea_r64_m(LOCALS, slot_of(STACK, Reg::R9)));
        write
    }

    /// Lowers uop `pc`, `_RETURN_VALUE`, as an inline frame pop (the flow helper where a
    /// check fails), and goes on in the caller's frame.
    pub(super) fn lower_inline_return(&mut self, pc: usize) -> Result<(), JitError> {
        let r =
            recorded_return(self.exec, pc).ok_or(JitError::Malformed("a return not recorded"))?;
        let top = self
            .slots()
            .checked_sub(1)
            .ok_or(JitError::Malformed("a return of nothing"))?;
        let write = helper_ahead(self.exec, pc);
        let slow = self.flow_slow_path(pc);
        let slot = self.dynamic_link_slot(pc);
        let elsewhere = self.stub(Stub::ReturnElsewhere {
            pc,
            top,
            slot,
            slow: slow.0,
        });
        let buf = &mut self.buf;
        emit_frame_records(buf);
        buf.emit(cmp_rm64_imm8(Reg::Rsi, Imm8::from(2)));
        buf.jcc_label(Cond::B, slow.0);
        // This frame: the recorded code, a plain call's.
        emit_cmp_bits(buf, record(Reg::R10, 1, FRAME_CODE), r.own.rc, Reg::Rax);
        buf.jcc_label(Cond::Ne, slow.0);
        for offset in [FRAME_GENERATOR, FRAME_OBJ] {
            emit_word_check(buf, record(Reg::R10, 1, offset), FRAME_REF_NONE, slow.0);
        }
        // The caller: the recorded code, going on at the recorded offset; another caller
        // out of line.
        emit_cmp_bits(buf, record(Reg::R10, 2, FRAME_CODE), r.caller.rc, Reg::Rax);
        buf.jcc_label(Cond::Ne, elsewhere);
        emit_word_check(buf, record(Reg::R10, 2, FRAME_IP), r.ip, elsewhere);
        // A plain call's result goes where the call was; `__init__`'s must be `None`, and
        // the instance below the floor is the call's result. RAX = the stack's new length.
        let (init, done) = (buf.new_label(), buf.new_label());
        buf.emit(mov_r32_rm32(
            Reg::Rax,
            record(Reg::R10, 1, FRAME_STACK_FLOOR),
        ));
        buf.emit(mov_r64_rm64(Reg::Rcx, frame_mem(top)));
        emit_plain_result_check(buf, init);
        buf.emit(mov_rm64_r64(slot_of(STACK, Reg::Rax), Reg::Rcx));
        buf.emit(add_rm64_imm32(Reg::Rax, Imm32::from(1)));
        buf.jmp_label(done);
        buf.bind(init);
        emit_word_check(
            buf,
            record(Reg::R10, 1, FRAME_ON_RETURN),
            ON_RETURN_INIT,
            slow.0,
        );
        buf.emit(mov_r64_imm64(Reg::R8, Value::NONE.bits() as i64));
        buf.emit(cmp_r64_rm64(Reg::R8, Reg::Rcx));
        buf.jcc_label(Cond::Ne, slow.0);
        buf.bind(done);
        emit_drop_record(buf, r.own.strong);
        // R9 = the caller's base, RSI = its index.
        buf.emit(mov_r32_rm32(Reg::R9, record(Reg::R10, 2, FRAME_BASE)));
        buf.emit(add_rm64_imm32(Reg::Rsi, Imm32::from(-2)));
        emit_frame_moved(buf, write.then_some((&r.caller, r.ip)), Reg::R9, Reg::Rsi);
        buf.emit(lea_r64_m(LOCALS, slot_of(STACK, Reg::R9)));
        self.buf.bind(slow.1);
        self.enter_recorded_frame(pc)?;
        self.run_state_moved(write)
    }

    /// Emits the out-of-line return of uop `pc` to a caller other than the recorded one
    /// (see `Stub::ReturnElsewhere`), up to the dynamic link; code that does not follow it
    /// falls through, with the frame popped. The return's own checks have passed.
    pub(super) fn emit_return_elsewhere(
        &mut self,
        pc: usize,
        top: u32,
        slot: Option<usize>,
        slow: Label,
    ) {
        let Some(r) = recorded_return(self.exec, pc) else {
            self.buf.jmp_label(slow);
            return;
        };
        let buf = &mut self.buf;
        emit_frame_records(buf);
        buf.emit(mov_r64_rm64(Reg::Rcx, frame_mem(top)));
        emit_plain_result_check(buf, slow);
        // The result where the call was, the record and its count gone.
        emit_push_at_floor(buf, top);
        emit_drop_record(buf, r.own.strong);
        if let Some(slot) = slot {
            let moved = buf.new_label();
            super::link::emit_follow_dynamic(buf, slot, moved);
            buf.bind(moved);
        }
    }

    /// Lowers uop `pc`, `_COPY_FREE_VARS` (a closure's prologue): the function's closure
    /// cells go into the frame's free-variable slots; the helper where the frame's function
    /// has fewer cells than the code's count.
    pub(super) fn lower_copy_free_vars(&mut self, pc: usize, count: u32) -> Result<Next, JitError> {
        let first = u32::try_from(self.code.nlocals() + self.code.cellvars.len())
            .map_err(|_| JitError::Malformed("too many locals"))?;
        if first + count > self.nlocalsplus {
            return Err(JitError::Malformed("free variables past the frame's slots"));
        }
        let (slow, resume) = self.slow_path(pc);
        let buf = &mut self.buf;
        emit_frame_records(buf);
        buf.emit(mov_r64_rm64(Reg::Rax, record(Reg::R10, 1, FRAME_FUNC)));
        emit_function(buf, Reg::Rcx, Reg::Rax, slow);
        buf.emit(mov_r32_imm32(Reg::Rdx, count));
        buf.emit(cmp_r64_rm64(
            Reg::Rdx,
            at(Reg::Rcx, FUNCTION_CLOSURE + ITEMS_LEN),
        ));
        buf.jcc_label(Cond::A, slow);
        buf.emit(mov_r64_rm64(
            Reg::Rcx,
            at(Reg::Rcx, FUNCTION_CLOSURE + ITEMS_PTR),
        ));
        for i in 0..count {
            let cell = Disp::new(8 * i64::from(i)).expect("a closure's cells fit a displacement");
            buf.emit(mov_r64_rm64(Reg::Rax, Mem::base_disp(Reg::Rcx, cell)));
            buf.emit(mov_rm64_r64(frame_mem(first + i), Reg::Rax));
        }
        buf.bind(resume);
        Ok(Next::Falls)
    }

    /// `_GUARD_CALL_BUILTIN` (`list_append`: `_GUARD_CALL_LIST_APPEND`): leaves through
    /// the uop's exit unless the callable below the `argc` arguments and the receiver slot
    /// is an unbound builtin (`list.append` itself, on a list).
    pub(super) fn lower_guard_call_builtin(&mut self, pc: usize, list_append: bool) -> Next {
        let argc = self.exec.uops[pc].oparg;
        let exit = self.deopt(pc);
        self.load(argc + 1, Reg::Rax);
        if list_append {
            // `list.append` is an immediate whose bits are known (`LIST_APPEND_BITS`).
            self.buf
                .emit(mov_r64_imm64(Reg::Rcx, LIST_APPEND_BITS as i64));
            self.buf.emit(cmp_r64_rm64(Reg::Rax, Reg::Rcx));
            self.buf.jcc_label(Cond::Ne, exit);
            self.emit_item_object(1, tag::LIST, exit);
            return Next::Falls;
        }
        // An immediate builtin is unbound; one on the heap is when its `bound` is `UNDEF`.
        let done = self.buf.new_label();
        self.buf.emit(mov_rm64_r64(Reg::Rcx, Reg::Rax));
        self.buf.emit(shr_rm64_imm8(Reg::Rcx, 48));
        self.buf.emit(cmp_rm64_imm32(
            Reg::Rcx,
            Imm32::from(VALUE_TAG_NATIVE as i32),
        ));
        self.buf.jcc_label(Cond::E, done);
        emit_object_of(
            &mut self.buf,
            Reg::Rcx,
            Reg::Rax,
            Reg::Rdx,
            tag::NATIVE,
            exit,
        );
        self.buf
            .emit(mov_r64_rm64(Reg::Rcx, at(Reg::Rcx, OBJ_PAYLOAD)));
        self.buf
            .emit(mov_r64_imm64(Reg::Rax, Value::UNDEF.bits() as i64));
        self.buf
            .emit(cmp_r64_rm64(Reg::Rax, at(Reg::Rcx, NATIVE_BOUND)));
        self.buf.jcc_label(Cond::Ne, exit);
        self.buf.bind(done);
        Next::Falls
    }

    /// The flow helper's run of uop `pc` out of line, for when an inline frame change's
    /// check fails: the label to jump to, and the label to bind where both ways meet.
    pub(super) fn flow_slow_path(&mut self, pc: usize) -> (Label, Label) {
        let resume = self.buf.new_label();
        let slow = self.stub(Stub::Flow {
            pc,
            slots: self.slots(),
            resume,
        });
        self.stress_jump(slow);
        (slow, resume)
    }

    /// Code goes on in the frame uop `pc` recorded it went to.
    pub(super) fn enter_recorded_frame(&mut self, pc: usize) -> Result<(), JitError> {
        let next = &self.exec.uops[pc + 1];
        self.depth = self.enter_frame(next.code, next.target)?;
        self.lazy.clear();
        self.local_regs.clear();
        self.inline_uops += 1;
        Ok(())
    }
}

/// RAX = one past the innermost record's floor (R10 one past the record), where frame slot
/// `value` is stored: the caller's stack with a popped frame's result on it. Clobbers RCX.
pub(super) fn emit_push_at_floor(buf: &mut CodeBuf, value: u32) {
    buf.emit(mov_r32_rm32(
        Reg::Rax,
        record(Reg::R10, 1, FRAME_STACK_FLOOR),
    ));
    buf.emit(mov_r64_rm64(Reg::Rcx, frame_mem(value)));
    buf.emit(mov_rm64_r64(slot_of(STACK, Reg::Rax), Reg::Rcx));
    buf.emit(add_rm64_imm32(Reg::Rax, Imm32::from(1)));
}

/// Writes the value stack's length (RAX) and drops the innermost record (RDX: the frame
/// list) with one of its code's strong count (at `strong`): the pushing frame held one
/// more than the executor's own. Clobbers RAX and R8.
pub(super) fn emit_drop_record(buf: &mut CodeBuf, strong: u64) {
    buf.emit(mov_r64_rm64(Reg::R8, at(CTX, CTX_STACK)));
    buf.emit(mov_rm64_r64(at(Reg::R8, STACK_LEN), Reg::Rax));
    buf.emit(mov_r64_imm64(Reg::Rax, strong as i64));
    buf.emit(dec_rm64(Mem::base(Reg::Rax)));
    buf.emit(dec_rm64(at(Reg::Rdx, ITEMS_LEN)));
}

/// Jumps to `other` unless the innermost record (R10) returns its result (RCX) as a plain
/// call does: a plain call's (`OnReturn::Push`), a binary operator's dunder's
/// (`OnReturn::Binary`) with a result other than `NotImplemented`, or a rich comparison's
/// dunder's (`OnReturn::Compare`) with a bool (nothing left of the protocol, nothing to
/// convert), whose operands the result replaces. Clobbers R8 and R11.
pub(super) fn emit_plain_result_check(buf: &mut CodeBuf, other: Label) {
    let (plain, compare) = (buf.new_label(), buf.new_label());
    let on_return = record(Reg::R10, 1, FRAME_ON_RETURN);
    buf.emit(crate::enc::cmp_rm32_imm32(on_return, ON_RETURN_PUSH));
    buf.jcc_label(Cond::E, plain);
    buf.emit(crate::enc::cmp_rm32_imm32(on_return, ON_RETURN_BINARY));
    buf.jcc_label(Cond::Ne, compare);
    buf.emit(mov_r64_imm64(Reg::R8, Value::NOT_IMPLEMENTED.bits() as i64));
    buf.emit(cmp_r64_rm64(Reg::R8, Reg::Rcx));
    buf.jcc_label(Cond::E, other);
    buf.jmp_label(plain);
    buf.bind(compare);
    buf.emit(crate::enc::cmp_rm32_imm32(on_return, ON_RETURN_COMPARE));
    buf.jcc_label(Cond::Ne, other);
    buf.emit(mov_r64_imm64(Reg::R8, Value::TRUE.bits() as i64));
    buf.emit(cmp_r64_rm64(Reg::R8, Reg::Rcx));
    buf.jcc_label(Cond::E, plain);
    buf.emit(mov_r64_imm64(Reg::R8, Value::FALSE.bits() as i64));
    buf.emit(cmp_r64_rm64(Reg::R8, Reg::Rcx));
    buf.jcc_label(Cond::Ne, other);
    buf.bind(plain);
}

/// Jumps to `fail` unless a frame may be pushed: the frame list below `frame_limit` (the
/// recursion limit and the list's room) and the value stack's capacity at least `slots`
/// past the frame's base. Leaves RDX, RSI and R10 as [`emit_frame_records`] does, R9 the
/// frame's base index and R8 the value stack. Clobbers RAX and R11.
pub(super) fn emit_room_checks(buf: &mut CodeBuf, slots: u32, fail: Label) {
    emit_frame_records(buf);
    buf.emit(mov_r64_rm64(Reg::R8, at(CTX, CTX_FRAME_LIMIT)));
    buf.emit(cmp_r64_rm64(Reg::Rsi, Mem::base(Reg::R8)));
    buf.jcc_label(Cond::Ae, fail);
    emit_base_index(buf);
    buf.emit(lea_r64_m(Reg::Rax, index_disp(Reg::R9, slots)));
    buf.emit(mov_r64_rm64(Reg::R8, at(CTX, CTX_STACK)));
    buf.emit(cmp_r64_rm64(Reg::Rax, at(Reg::R8, STACK_CAP)));
    buf.jcc_label(Cond::A, fail);
}

/// R9 = the running frame's base index (`(LOCALS - STACK) / 8`).
pub(super) fn emit_base_index(buf: &mut CodeBuf) {
    buf.emit(mov_r64_rm64(Reg::R9, LOCALS));
    buf.emit(sub_rm64_r64(Reg::R9, STACK));
    buf.emit(shr_rm64_imm8(Reg::R9, 3));
}

/// `[LOCALS + 8 * slot]`.
pub(super) fn frame_mem(slot: u32) -> Mem {
    let disp = Disp::new(8 * i64::from(slot)).expect("a frame's slots fit a displacement");
    Mem::base_disp(LOCALS, disp)
}

/// `[index + slots]` as a `lea` operand: a stack index `slots` past `index` (a register).
pub(super) fn index_disp(index: Reg, slots: u32) -> Mem {
    Mem::base_disp(
        index,
        Disp::new(i64::from(slots)).expect("a frame's slots fit a displacement"),
    )
}

/// Compares the word at `mem` with `bits` (for a `jcc` on equality): one `cmp` with an
/// immediate when `bits` is a sign-extended imm32 (a host address low in memory), else
/// through `scratch`.
pub(super) fn emit_cmp_bits(buf: &mut CodeBuf, mem: Mem, bits: u64, scratch: Reg) {
    match Imm32::new(bits as i64) {
        Some(k) => buf.emit(cmp_rm64_imm32(mem, k)),
        None => {
            buf.emit(mov_r64_imm64(scratch, bits as i64));
            buf.emit(cmp_r64_rm64(scratch, mem));
        }
    }
}

/// Jumps to `fail` unless the `u32` at `mem` is `word`.
pub(super) fn emit_word_check(buf: &mut CodeBuf, mem: Mem, word: u32, fail: Label) {
    buf.emit(crate::enc::cmp_rm32_imm32(mem, word));
    buf.jcc_label(Cond::Ne, fail);
}

/// `dst` = the `Function` of the function in `v`, or a jump to `fail`. Clobbers R11.
pub(super) fn emit_function(buf: &mut CodeBuf, dst: Reg, v: Reg, fail: Label) {
    emit_object_of(buf, dst, v, Reg::R11, tag::FUNCTION, fail);
    buf.emit(mov_r64_rm64(dst, at(dst, OBJ_PAYLOAD)));
}
