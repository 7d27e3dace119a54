//! Generators resumed and suspended inline: `_FOR_ITER_GEN` and `_SEND` push the frame
//! record of a suspended generator and move its saved slots onto the value stack, and
//! `_YIELD_VALUE` moves them back and pops the record, as `Vm::resume_generator` and
//! `Vm::yield_suspend` do.
//!
//! A resume checks that the iterator is a generator suspended at the recorded `yield` of the
//! recorded code (or created and not started, when the recording saw its first resume) with
//! the recorded number of saved values, and that the frame list and the
//! value stack have room; a yield checks that the frame is a generator's resumed by
//! `FOR_ITER` or `SEND` (so not one that `sum()` or `list()` collects in place, which runs
//! with `OnReturn::Rust`), that its saved frame has room for the values, and that the
//! consumer is the recorded code at the recorded offset. Where a check fails the flow
//! helper runs the uop instead. Memory is exact before either (the lowering flushes every
//! lazy slot first).

use vm_core::bytecode::code::CodeObject;
use vm_core::bytecode::ops::{Op, Uop};
use vm_core::exec::ir::{Executor, RETURNED, SAME_FRAME};
use vm_core::interp::stack::SLACK;
use vm_core::jit::frames::{code_refs, CodeRefs};
use vm_core::jit::helpers::{CTX_GEN_COLLECT, CTX_HANDLED_EXC};
use vm_core::jit::JitError;
use vm_core::layout::{
    tag, FRAME_BASE, FRAME_CODE, FRAME_FUNC, FRAME_GENERATOR, FRAME_GLOBALS, FRAME_IP, FRAME_LASTI,
    FRAME_LOCALS, FRAME_OBJ, FRAME_ON_RETURN, FRAME_REF_NONE, FRAME_SAVED_EXC, FRAME_STACK_FLOOR,
    GENERATOR_SEND_BITS, GEN_COLLECT_FRAME, GEN_COLLECT_TARGET, GEN_CREATED, GEN_FRAME,
    GEN_RUNNING, GEN_STATE, GEN_SUSPENDED, ITEMS_CAP, ITEMS_LEN, ITEMS_PTR, OBJ_PAYLOAD,
    ON_RETURN_ARG, ON_RETURN_FOR_ITER, ON_RETURN_SEND, ON_RETURN_SEND_CALL, SAVED_CODE, SAVED_EXC,
    SAVED_FUNC, SAVED_GLOBALS, SAVED_IP, SAVED_LASTI, SAVED_VALUES, STACK_LEN,
};
use vm_core::Value;

use super::attr::cache;
use super::call::has_flow_helper;
use super::exit::at;
use super::frames::{
    emit_cmp_bits, emit_drop_record, emit_frame_records, emit_push_at_floor, emit_room_checks,
    emit_word_check, frame_mem, imm, index_disp, record, slot_of,
};
use super::objects::{emit_object_of, emit_slot_of_ref};
use super::run_state::{emit_frame_moved, helper_ahead};
use super::Lower;
use crate::abi::{CTX, LOCALS, STACK};
use crate::enc::{
    add_rm64_imm32, cmp_r64_rm64, cmp_rm32_imm32, cmp_rm64_imm32, cmp_rm64_imm8, cmp_rm8_imm8,
    inc_rm64, lea_r64_m, mov_r32_rm32, mov_r64_imm64, mov_r64_rm64, mov_rm32_imm32, mov_rm32_r32,
    mov_rm64_imm32, mov_rm64_r64, mov_rm8_imm8, sub_r64_rm64, test_rm64_r64, CodeBuf, Cond, Disp,
    Imm32, Imm8, Label, Mem, Reg,
};
use crate::lower::{emit_add_small_int, emit_guard_small_int};

/// Where a resume's operands are (frame slots of the consumer), and how the generator's
/// frame returns to it.
struct ResumeSite {
    /// The generator.
    generator: u32,
    /// The value sent in, if it is not `None`.
    sent: Option<u32>,
    /// Where the generator's values go: its frame's base.
    base: u32,
    /// Where its yields and its result go: its frame's floor.
    floor: u32,
    /// The record's `OnReturn` tag and the word after it.
    on_return: (u32, u32),
}

/// What an inline resume needs to know, from the recording.
struct Resume {
    /// The generator's code.
    refs: CodeRefs,
    /// The saved frame's resume offset that leads where the recording went.
    saved_ip: u32,
    /// Where the generator goes on (after the `POP_TOP` of a plain `yield` statement, which
    /// the resume does itself, or at the resume offset with `None` pushed).
    ip: u32,
    /// Whether `None` (the value sent in) is pushed.
    push_sent: bool,
    /// The values the saved frame holds: its slots and its stack below the sent value.
    saved: u32,
    /// The generator frame's value-stack room past its base, as the VM makes sure of.
    room: u32,
}

/// Whether the unit at `at` of `code` is a `POP_TOP`.
fn pop_top_at(code: &CodeObject, at: u32) -> bool {
    code.code
        .get(at as usize)
        .is_some_and(|u| u.get() as u8 == Op::POP_TOP as u8)
}

/// What an inline yield needs to know: the generator's code and its consumer's.
struct Yield {
    own: CodeRefs,
    consumer: CodeRefs,
    /// Where the consumer goes on.
    ip: u32,
}

/// The yield uop `pc` recorded, when code can suspend its frame.
fn recorded_yield(exec: &Executor, pc: usize) -> Option<Yield> {
    let u = exec.uops.get(pc)?;
    if u.expect_code == SAME_FRAME || u.expect == RETURNED {
        return None;
    }
    Some(Yield {
        own: code_refs(exec, u.code)?,
        consumer: code_refs(exec, u.expect_code)?,
        ip: u.expect,
    })
}

/// Whether uop `pc` (`_YIELD_VALUE`) can suspend its frame inline.
pub(super) fn inline_yield(exec: &Executor, pc: usize) -> bool {
    recorded_yield(exec, pc).is_some()
}

/// Whether uop `pc` (`_YIELD_VALUE`) was recorded collected in place: native code (`sum`,
/// `list` and friends) was collecting the generator, so the yield stayed in its frame.
pub(super) fn collected_yield(exec: &Executor, pc: usize) -> bool {
    exec.uops[pc].expect_code == SAME_FRAME && has_flow_helper(exec, pc)
}

impl Lower<'_> {
    /// The resume uop `pc` (`_FOR_ITER_GEN`, `_SEND`) recorded, when code can push its
    /// frame.
    fn recorded_resume(&mut self, pc: usize) -> Option<Resume> {
        let u = self.exec.uops.get(pc)?;
        let next = self.exec.uops.get(pc + 1)?;
        if u.expect_code == SAME_FRAME || (next.code, next.target) != (u.expect_code, u.expect) {
            return None;
        }
        // (A call resumes inline as `gen.send(v)`: one argument.)
        if u.uop == Uop::_CALL_GEN_RESUME && u.oparg != 1 {
            return None;
        }
        let code: &CodeObject = &self.exec.codes.get(usize::from(u.expect_code))?.code;
        let ip = u.expect;
        // The VM resumes at the saved offset, skipping a `POP_TOP` found there.
        let (saved_ip, push_sent) = if ip > 0 && pop_top_at(code, ip - 1) {
            (ip - 1, false)
        } else if !pop_top_at(code, ip) {
            (ip, true)
        } else {
            return None;
        };
        let nlocalsplus = u32::try_from(code.nlocalsplus()).ok()?;
        let room = nlocalsplus
            .checked_add(code.stacksize)?
            .checked_add(SLACK as u32 + 1)?;
        let depth = self.depth_in(u.expect_code, ip).ok()?;
        let saved = (nlocalsplus + depth).checked_sub(u32::from(push_sent))?;
        Some(Resume {
            refs: code_refs(self.exec, u.expect_code)?,
            saved_ip,
            ip,
            push_sent,
            saved,
            room,
        })
    }

    /// Whether uop `pc` (`_FOR_ITER_GEN`, `_SEND`) can resume its generator inline.
    pub(super) fn inline_resume(&mut self, pc: usize) -> bool {
        self.recorded_resume(pc).is_some()
    }

    /// Where resume uop `pc` finds its operands and puts the generator's frame.
    fn resume_site(&self, pc: usize) -> Result<ResumeSite, JitError> {
        let u = &self.exec.uops[pc];
        let slots = self.slots();
        let below = |n: u32| {
            slots
                .checked_sub(n)
                .ok_or(JitError::Malformed("a resume of nothing"))
        };
        Ok(match u.uop {
            // `_SEND` resumes with the value on top (popped first), the generator below it.
            Uop::_SEND => ResumeSite {
                generator: below(2)?,
                sent: Some(below(1)?),
                base: below(1)?,
                floor: below(1)?,
                on_return: (ON_RETURN_SEND, u.oparg),
            },
            // `gen.send(v)`: the method, the generator, the value; the frame goes above
            // them and its result where the method was.
            Uop::_CALL_GEN_RESUME => ResumeSite {
                generator: below(2)?,
                sent: Some(below(1)?),
                base: slots,
                floor: below(3)?,
                on_return: (ON_RETURN_SEND_CALL, 0),
            },
            // `for`: the generator on top, `None` sent in.
            _ => ResumeSite {
                generator: below(1)?,
                sent: None,
                base: slots,
                floor: slots,
                on_return: (ON_RETURN_FOR_ITER, u.oparg),
            },
        })
    }

    /// Lowers uop `pc`, `_FOR_ITER_GEN`, `_SEND` or `_CALL_GEN_RESUME` (of `send`), as an
    /// inline resume (the flow helper where a check fails), and goes on in the generator's
    /// frame.
    pub(super) fn lower_inline_resume(&mut self, pc: usize) -> Result<(), JitError> {
        let r = self
            .recorded_resume(pc)
            .ok_or(JitError::Malformed("a resume not recorded"))?;
        let site = self.resume_site(pc)?;
        let u = &self.exec.uops[pc];
        let (next, lasti) = (u.next, u.target);
        let (iter, top) = (site.generator, site.base);
        let send_method = (u.uop == Uop::_CALL_GEN_RESUME).then(|| cache(self, u, 1));
        let write = helper_ahead(self.exec, pc);
        let slow = self.flow_slow_path(pc);
        let buf = &mut self.buf;
        if let Some(method) = send_method {
            // The cached callable, the generators' `send` (an immediate whose bits are
            // known), on a generator.
            method.ok_or(JitError::Malformed("a call without its cache"))?;
            let callee = frame_mem(site.floor);
            emit_cmp_bits(buf, callee, GENERATOR_SEND_BITS, Reg::Rax);
            buf.jcc_label(Cond::Ne, slow.0);
        }
        // RCX = the generator, RDI = its saved frame: suspended where the recording was.
        buf.emit(mov_r64_rm64(Reg::Rax, frame_mem(iter)));
        emit_object_of(buf, Reg::Rcx, Reg::Rax, Reg::R11, tag::GENERATOR, slow.0);
        buf.emit(mov_r64_rm64(Reg::Rcx, at(Reg::Rcx, OBJ_PAYLOAD)));
        emit_resumable(buf, site.sent.map(frame_mem), slow.0);
        buf.emit(mov_r64_rm64(Reg::Rdi, at(Reg::Rcx, GEN_FRAME)));
        buf.emit(test_rm64_r64(Reg::Rdi, Reg::Rdi));
        buf.jcc_label(Cond::E, slow.0);
        emit_cmp_bits(buf, at(Reg::Rdi, SAVED_CODE), r.refs.rc, Reg::R8);
        buf.jcc_label(Cond::Ne, slow.0);
        emit_word_check(buf, at(Reg::Rdi, SAVED_IP), r.saved_ip, slow.0);
        let values = SAVED_VALUES + ITEMS_LEN;
        buf.emit(cmp_rm64_imm32(at(Reg::Rdi, values), imm(r.saved)));
        buf.jcc_label(Cond::Ne, slow.0);
        emit_room_checks(buf, top + r.room, slow.0);
        // The consumer's record: where it goes on.
        buf.emit(mov_rm32_imm32(record(Reg::R10, 1, FRAME_IP), next));
        buf.emit(mov_rm32_imm32(record(Reg::R10, 1, FRAME_LASTI), lasti));
        // The saved values, then the value sent in, above the consumer's stack (a value
        // `_SEND` pops moves out of the way first).
        if let (Some(sent), true) = (site.sent, r.push_sent) {
            buf.emit(mov_r64_rm64(Reg::R11, frame_mem(sent)));
            buf.emit(mov_rm64_r64(frame_mem(top + r.saved), Reg::R11));
        }
        buf.emit(mov_r64_rm64(
            Reg::Rax,
            at(Reg::Rdi, SAVED_VALUES + ITEMS_PTR),
        ));
        for k in 0..r.saved {
            buf.emit(mov_r64_rm64(Reg::R11, word(Reg::Rax, k)));
            buf.emit(mov_rm64_r64(frame_mem(top + k), Reg::R11));
        }
        buf.emit(mov_rm64_imm32(at(Reg::Rdi, values), Imm32::from(0)));
        let mut slots = r.saved;
        if r.push_sent {
            if site.sent.is_none() {
                buf.emit(mov_r64_imm64(Reg::R11, Value::NONE.bits() as i64));
                buf.emit(mov_rm64_r64(frame_mem(top + slots), Reg::R11));
            }
            slots += 1;
        }
        buf.emit(lea_r64_m(Reg::R11, index_disp(Reg::R9, top + slots)));
        buf.emit(mov_rm64_r64(at(Reg::R8, STACK_LEN), Reg::R11));
        buf.emit(mov_rm8_imm8(at(Reg::Rcx, GEN_STATE), GEN_RUNNING));
        // The handled exception: the generator's own while it runs, the consumer's kept in
        // the record.
        buf.emit(mov_r64_rm64(Reg::R11, at(CTX, CTX_HANDLED_EXC)));
        buf.emit(mov_r64_rm64(Reg::Rax, Mem::base(Reg::R11)));
        buf.emit(mov_rm64_r64(record(Reg::R10, 0, FRAME_SAVED_EXC), Reg::Rax));
        buf.emit(mov_r64_rm64(Reg::Rax, at(Reg::Rdi, SAVED_EXC)));
        buf.emit(mov_rm64_r64(Mem::base(Reg::R11), Reg::Rax));
        buf.emit(mov_r64_imm64(Reg::Rax, Value::NONE.bits() as i64));
        buf.emit(mov_rm64_r64(at(Reg::Rdi, SAVED_EXC), Reg::Rax));
        emit_generator_record(buf, &r, iter, site.on_return);
        // Base: where the saved values went; floor: where the result goes.
        buf.emit(lea_r64_m(Reg::R11, index_disp(Reg::R9, site.floor)));
        buf.emit(mov_rm32_r32(
            record(Reg::R10, 0, FRAME_STACK_FLOOR),
            Reg::R11,
        ));
        buf.emit(lea_r64_m(Reg::Rax, index_disp(Reg::R9, top)));
        buf.emit(mov_rm32_r32(record(Reg::R10, 0, FRAME_BASE), Reg::Rax));
        buf.emit(inc_rm64(at(Reg::Rdx, ITEMS_LEN)));
        // R9 = the generator's base, RSI = its index (the old length).
        buf.emit(mov_rm64_r64(Reg::R9, Reg::Rax));
        emit_frame_moved(buf, write.then_some((&r.refs, r.ip)), Reg::R9, Reg::Rsi);
        buf.emit(lea_r64_m(LOCALS, slot_of(STACK, Reg::R9)));
        self.buf.bind(slow.1);
        self.enter_recorded_frame(pc)?;
        self.run_state_moved(write)
    }

    /// Lowers uop `pc`, `_YIELD_VALUE`, as an inline suspend (the flow helper where a check
    /// fails), and goes on in the consumer's frame.
    pub(super) fn lower_inline_yield(&mut self, pc: usize) -> Result<(), JitError> {
        let y = recorded_yield(self.exec, pc).ok_or(JitError::Malformed("a yield not recorded"))?;
        let u = &self.exec.uops[pc];
        let (resume_ip, lasti) = (u.next, u.target);
        let kept = self
            .slots()
            .checked_sub(1)
            .ok_or(JitError::Malformed("a yield of nothing"))?;
        let write = helper_ahead(self.exec, pc);
        let slow = self.flow_slow_path(pc);
        let buf = &mut self.buf;
        emit_frame_records(buf);
        buf.emit(cmp_rm64_imm8(Reg::Rsi, Imm8::from(2)));
        buf.jcc_label(Cond::B, slow.0);
        // This frame: the recorded code, a generator's resumed by bytecode, with no frame
        // object.
        emit_cmp_bits(buf, record(Reg::R10, 1, FRAME_CODE), y.own.rc, Reg::Rax);
        buf.jcc_label(Cond::Ne, slow.0);
        emit_resumed_by_bytecode(buf, slow.0);
        emit_word_check(buf, record(Reg::R10, 1, FRAME_OBJ), FRAME_REF_NONE, slow.0);
        buf.emit(mov_r32_rm32(Reg::Rcx, record(Reg::R10, 1, FRAME_GENERATOR)));
        buf.emit(cmp_rm32_imm32(Reg::Rcx, FRAME_REF_NONE));
        buf.jcc_label(Cond::E, slow.0);
        // RCX = the generator, RDI = its saved frame, with room for the kept values.
        emit_slot_of_ref(buf, Reg::Rcx, tag::GENERATOR, slow.0);
        buf.emit(mov_r64_rm64(Reg::Rcx, at(Reg::Rcx, OBJ_PAYLOAD)));
        buf.emit(mov_r64_rm64(Reg::Rdi, at(Reg::Rcx, GEN_FRAME)));
        buf.emit(test_rm64_r64(Reg::Rdi, Reg::Rdi));
        buf.jcc_label(Cond::E, slow.0);
        buf.emit(mov_r64_rm64(
            Reg::Rax,
            at(Reg::Rdi, SAVED_VALUES + ITEMS_CAP),
        ));
        buf.emit(sub_r64_rm64(
            Reg::Rax,
            at(Reg::Rdi, SAVED_VALUES + ITEMS_LEN),
        ));
        buf.emit(cmp_rm64_imm32(Reg::Rax, imm(kept)));
        buf.jcc_label(Cond::B, slow.0);
        // The consumer: the recorded code, going on at the recorded offset.
        emit_cmp_bits(
            buf,
            record(Reg::R10, 2, FRAME_CODE),
            y.consumer.rc,
            Reg::Rax,
        );
        buf.jcc_label(Cond::Ne, slow.0);
        emit_word_check(buf, record(Reg::R10, 2, FRAME_IP), y.ip, slow.0);
        // Suspended: the kept values appended to the saved frame, with where it goes on.
        buf.emit(mov_rm8_imm8(at(Reg::Rcx, GEN_STATE), GEN_SUSPENDED));
        buf.emit(mov_r64_rm64(
            Reg::Rax,
            at(Reg::Rdi, SAVED_VALUES + ITEMS_LEN),
        ));
        buf.emit(mov_r64_rm64(
            Reg::R8,
            at(Reg::Rdi, SAVED_VALUES + ITEMS_PTR),
        ));
        buf.emit(lea_r64_m(Reg::R8, slot_of(Reg::R8, Reg::Rax)));
        for k in 0..kept {
            buf.emit(mov_r64_rm64(Reg::R11, frame_mem(k)));
            buf.emit(mov_rm64_r64(word(Reg::R8, k), Reg::R11));
        }
        buf.emit(add_rm64_imm32(
            at(Reg::Rdi, SAVED_VALUES + ITEMS_LEN),
            imm(kept),
        ));
        buf.emit(mov_rm32_imm32(at(Reg::Rdi, SAVED_IP), resume_ip));
        buf.emit(mov_rm32_imm32(at(Reg::Rdi, SAVED_LASTI), lasti));
        // The handled exception: the generator keeps its own, the consumer's comes back.
        buf.emit(mov_r64_rm64(Reg::R11, at(CTX, CTX_HANDLED_EXC)));
        buf.emit(mov_r64_rm64(Reg::Rax, Mem::base(Reg::R11)));
        buf.emit(mov_rm64_r64(at(Reg::Rdi, SAVED_EXC), Reg::Rax));
        buf.emit(mov_r64_rm64(Reg::Rax, record(Reg::R10, 1, FRAME_SAVED_EXC)));
        buf.emit(mov_rm64_r64(Mem::base(Reg::R11), Reg::Rax));
        // The value goes where the generator's frame began (its floor), and the record
        // goes (its code's count was one more than the saved frame's own).
        emit_push_at_floor(buf, kept);
        emit_drop_record(buf, y.own.strong);
        // R9 = the consumer's base, RSI = its index.
        buf.emit(mov_r32_rm32(Reg::R9, record(Reg::R10, 2, FRAME_BASE)));
        buf.emit(add_rm64_imm32(Reg::Rsi, Imm32::from(-2)));
        emit_frame_moved(buf, write.then_some((&y.consumer, y.ip)), Reg::R9, Reg::Rsi);
        buf.emit(lea_r64_m(LOCALS, slot_of(STACK, Reg::R9)));
        self.buf.bind(slow.1);
        self.enter_recorded_frame(pc)?;
        self.run_state_moved(write)
    }

    /// Lowers uop `pc`, `_YIELD_VALUE` of a generator native code collects, in place as
    /// `Vm::yield_suspend` does it: a small int added to a small-int total, or the value
    /// appended to a list with room. The flow helper runs the yield otherwise (another
    /// generator collected, a list to grow, a total that is no small int, a suspend).
    pub(super) fn lower_collected_yield(&mut self, pc: usize) -> Result<(), JitError> {
        let top = self
            .slots()
            .checked_sub(1)
            .ok_or(JitError::Malformed("a yield of nothing"))?;
        let slow = self.flow_slow_path(pc);
        let (list, done) = (self.buf.new_label(), self.buf.new_label());
        let buf = &mut self.buf;
        // This frame is the one collected (RSI: the frame count).
        emit_frame_records(buf);
        buf.emit(mov_r64_rm64(Reg::R8, at(CTX, CTX_GEN_COLLECT)));
        let below = Disp::new(-1).expect("a small displacement");
        buf.emit(lea_r64_m(Reg::Rax, Mem::base_disp(Reg::Rsi, below)));
        buf.emit(cmp_r64_rm64(Reg::Rax, at(Reg::R8, GEN_COLLECT_FRAME)));
        buf.jcc_label(Cond::Ne, slow.0);
        // RAX = the total or the list, RCX = the value yielded.
        buf.emit(mov_r64_rm64(Reg::Rax, at(Reg::R8, GEN_COLLECT_TARGET)));
        buf.emit(mov_r64_rm64(Reg::Rcx, frame_mem(top)));
        emit_guard_small_int(buf, Reg::Rax, Reg::R11, list);
        emit_guard_small_int(buf, Reg::Rcx, Reg::R11, slow.0);
        emit_add_small_int(buf, Reg::Rax, Reg::Rax, Reg::Rcx, Reg::R11, slow.0);
        buf.emit(mov_rm64_r64(at(Reg::R8, GEN_COLLECT_TARGET), Reg::Rax));
        buf.jmp_label(done);
        buf.bind(list);
        emit_object_of(buf, Reg::Rdx, Reg::Rax, Reg::R11, tag::LIST, slow.0);
        let (len, cap) = (OBJ_PAYLOAD + ITEMS_LEN, OBJ_PAYLOAD + ITEMS_CAP);
        buf.emit(mov_r64_rm64(Reg::Rax, at(Reg::Rdx, len)));
        buf.emit(cmp_r64_rm64(Reg::Rax, at(Reg::Rdx, cap)));
        buf.jcc_label(Cond::Ae, slow.0);
        buf.emit(mov_r64_rm64(Reg::R9, at(Reg::Rdx, OBJ_PAYLOAD + ITEMS_PTR)));
        buf.emit(mov_rm64_r64(slot_of(Reg::R9, Reg::Rax), Reg::Rcx));
        buf.emit(inc_rm64(at(Reg::Rdx, len)));
        // The value sent in, as the consumer's next() sends it: `None`.
        buf.bind(done);
        buf.emit(mov_r64_imm64(Reg::Rax, Value::NONE.bits() as i64));
        buf.emit(mov_rm64_r64(frame_mem(top), Reg::Rax));
        self.buf.bind(slow.1);
        self.enter_recorded_frame(pc)
    }
}

/// Jumps to `fail` unless the generator (RCX: its `Generator`) may be resumed as the VM
/// resumes it from bytecode: suspended, or just created, when the value sent in (`sent`:
/// `_SEND`'s, in memory; `None` for `FOR_ITER`) is `None`. (The saved offset, checked
/// after, tells a first resume from a later one.) Clobbers R11.
fn emit_resumable(buf: &mut CodeBuf, sent: Option<Mem>, fail: Label) {
    let ok = buf.new_label();
    buf.emit(cmp_rm8_imm8(at(Reg::Rcx, GEN_STATE), GEN_SUSPENDED));
    buf.jcc_label(Cond::E, ok);
    buf.emit(cmp_rm8_imm8(at(Reg::Rcx, GEN_STATE), GEN_CREATED));
    buf.jcc_label(Cond::Ne, fail);
    if let Some(sent) = sent {
        buf.emit(mov_r64_imm64(Reg::R11, Value::NONE.bits() as i64));
        buf.emit(cmp_r64_rm64(Reg::R11, sent));
        buf.jcc_label(Cond::Ne, fail);
    }
    buf.bind(ok);
}

/// `[base + 8 * k]`: value `k` of an array.
fn word(base: Reg, k: u32) -> Mem {
    Mem::base_disp(
        base,
        Disp::new(8 * i64::from(k)).expect("a frame's slots fit a displacement"),
    )
}

/// Jumps to `fail` unless the innermost record (R10 one past it) was resumed by `FOR_ITER`,
/// `SEND` or a call of `send` or `next` (each takes the yielded value at its floor).
/// Clobbers RAX.
fn emit_resumed_by_bytecode(buf: &mut CodeBuf, fail: Label) {
    let ok = buf.new_label();
    buf.emit(mov_r32_rm32(Reg::Rax, record(Reg::R10, 1, FRAME_ON_RETURN)));
    buf.emit(cmp_rm64_imm32(Reg::Rax, imm(ON_RETURN_FOR_ITER)));
    buf.jcc_label(Cond::E, ok);
    buf.emit(cmp_rm64_imm32(Reg::Rax, imm(ON_RETURN_SEND_CALL)));
    buf.jcc_label(Cond::E, ok);
    buf.emit(cmp_rm64_imm32(Reg::Rax, imm(ON_RETURN_SEND)));
    buf.jcc_label(Cond::Ne, fail);
    buf.bind(ok);
}

/// Emits the generator's frame record at R10 but for its base and floor (RCX: the
/// `Generator`, RDI: its saved frame, RDX: the frame list), as `resumed_frame` builds it,
/// with `on_return` its tag and offset.
/// Clobbers RAX.
fn emit_generator_record(buf: &mut CodeBuf, r: &Resume, iter: u32, on_return: (u32, u32)) {
    buf.emit(mov_r64_imm64(Reg::Rax, r.refs.rc as i64));
    buf.emit(mov_rm64_r64(record(Reg::R10, 0, FRAME_CODE), Reg::Rax));
    buf.emit(mov_r64_imm64(Reg::Rax, r.refs.strong as i64));
    buf.emit(inc_rm64(Mem::base(Reg::Rax)));
    buf.emit(mov_r64_rm64(Reg::Rax, at(Reg::Rdi, SAVED_FUNC)));
    buf.emit(mov_rm64_r64(record(Reg::R10, 0, FRAME_FUNC), Reg::Rax));
    buf.emit(mov_r32_rm32(Reg::Rax, at(Reg::Rdi, SAVED_GLOBALS)));
    buf.emit(mov_rm32_r32(record(Reg::R10, 0, FRAME_GLOBALS), Reg::Rax));
    buf.emit(mov_r64_imm64(Reg::Rax, Value::UNDEF.bits() as i64));
    buf.emit(mov_rm64_r64(record(Reg::R10, 0, FRAME_LOCALS), Reg::Rax));
    buf.emit(mov_r32_rm32(Reg::Rax, at(Reg::Rdi, SAVED_LASTI)));
    buf.emit(mov_rm32_r32(record(Reg::R10, 0, FRAME_LASTI), Reg::Rax));
    // The generator's reference: the iterator value's payload.
    buf.emit(mov_r32_rm32(Reg::Rax, frame_mem(iter)));
    buf.emit(mov_rm32_r32(record(Reg::R10, 0, FRAME_GENERATOR), Reg::Rax));
    let words = [
        (FRAME_IP, r.ip),
        (FRAME_ON_RETURN, on_return.0),
        (FRAME_ON_RETURN + ON_RETURN_ARG, on_return.1),
        (FRAME_OBJ, FRAME_REF_NONE),
    ];
    for (offset, w) in words {
        buf.emit(mov_rm32_imm32(record(Reg::R10, 0, offset), w));
    }
}
