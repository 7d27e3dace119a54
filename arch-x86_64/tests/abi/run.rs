//! Trace bodies run through the trampoline over a real VM: the pinned registers hold what the
//! convention says, helper calls pass their arguments, return their status and refresh the
//! pinned pointers, the Rust caller's registers survive, and the safe-point check sees an
//! interrupt.

use std::cell::{Cell, RefCell};

use arch_x86_64::abi::*;
use arch_x86_64::enc::*;
use vm_core::interp::frame::{Frame, FrameRef, OnReturn};
use vm_core::interp::stack::ValueStack;
use vm_core::jit::helpers::{HelperContext, HelperStatus};
use vm_core::layout::STACK_ITEMS;
use vm_core::object::types::Obj;
use vm_core::{BufferHost, Config, Value, Vm};

use crate::common::{buffer, memory, Code};

/// What a trace body stores, one word each, in [`Regs`] order.
const STORED: [Reg; 7] = [CTX, STACK, LOCALS, INT_TAG, ARENA, Reg::Rsp, Reg::Rbp];

/// The registers a body stored, and the two words of its frame record at RBP.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
#[repr(C)]
struct Regs {
    ctx: u64,
    stack: u64,
    locals: u64,
    int_tag: u64,
    arena: u64,
    rsp: u64,
    rbp: u64,
    /// `[rbp]`: the saved RBP of the trampoline's caller.
    saved_rbp: u64,
    /// `[rbp + 8]`: the return address into the trampoline's caller.
    ret_addr: u64,
}

/// A VM with `values` values on its stack and one frame record per base in `bases` (the
/// last is the running frame).
fn vm(values: i64, bases: &[u32]) -> Vm {
    let mut vm = Vm::new(Config::default(), Box::new(BufferHost::default())).expect("VM");
    vm.run_source("def f():\n    return 1\n", "<t>").unwrap();
    let f = vm.get_global("f").expect("defined").get();
    for &base in bases {
        let frame = frame_of(&vm, f, base);
        vm.frames.push(frame);
    }
    for i in 0..values {
        vm.stack.push(Value::small_int(i).unwrap());
    }
    vm
}

/// A frame record of the function `f` with local 0 at stack index `base`.
fn frame_of(vm: &Vm, f: Value, base: u32) -> Frame {
    let Some(Obj::Function(func)) = vm.obj(f) else {
        panic!("a function")
    };
    Frame {
        code: func.code.clone(),
        func: f,
        globals: func.globals,
        locals: Value::UNDEF,
        ip: 0,
        lasti: 0,
        base,
        stack_floor: base,
        on_return: OnReturn::Rust,
        generator: FrameRef::NONE,
        saved_exc: Value::NONE,
        obj: FrameRef::NONE,
    }
}

/// The value stack's items pointer, read as machine code reads it.
fn stack_items(cx: &HelperContext) -> u64 {
    // SAFETY: the context's stack pointer is live, and the items pointer sits at
    // `STACK_ITEMS` in it.
    unsafe {
        cx.stack()
            .cast::<u8>()
            .add(STACK_ITEMS)
            .cast::<u64>()
            .read()
    }
}

/// Emits stores of [`STORED`] and the frame record's two words into `out`, clobbering RAX
/// and RCX.
fn emit_store_regs(buf: &mut CodeBuf, out: *mut Regs) {
    buf.emit(mov_r64_imm64(Reg::Rax, out as i64));
    let slot = |i: usize| Mem::base_disp(Reg::Rax, Disp::from(8 * i as i32));
    for (i, r) in STORED.into_iter().enumerate() {
        buf.emit(mov_rm64_r64(slot(i), r));
    }
    for (i, disp) in [(7, 0), (8, 8)] {
        let field = Mem::base_disp(FRAME_POINTER, Disp::from(disp));
        buf.emit(mov_r64_rm64(Reg::Rcx, field));
        buf.emit(mov_rm64_r64(slot(i), Reg::Rcx));
    }
}

/// Emits `test rsp, 15; jnz misaligned`.
fn emit_alignment_check(buf: &mut CodeBuf, misaligned: Label) {
    buf.emit(test_rm64_imm32(Reg::Rsp, Imm32::from(15)));
    buf.jcc_label(Cond::Ne, misaligned);
}

/// The status a body leaves with when it finds RSP misaligned before a call.
const MISALIGNED: u32 = 99;

#[test]
fn the_pinned_registers_hold_what_the_convention_says() {
    let mem = memory();
    let mut out = Regs::default();
    let (mut buf, t) = buffer();
    let body = buf.new_label();
    buf.bind(body);
    emit_store_regs(&mut buf, &mut out);
    emit_leave(&mut buf, t.exit, 7);
    let code = Code::seal(&mem, buf, &[t.entry, body]);

    let mut vm = vm(8, &[1, 5]);
    let arena = vm.heap.arena().as_ptr() as u64;
    let mut cx = HelperContext::new(&mut vm, std::ptr::null_mut());
    let items = stack_items(&cx);
    // SAFETY: `cx` is live over `vm`, which has two frames and is not borrowed during the
    // call; the body is trace code that exits through the exit routine.
    let status = unsafe { code.call(t.entry, &mut cx, body) };
    assert_eq!(status, 7);
    assert_eq!(out.ctx, &raw const cx as u64);
    assert_eq!(out.stack, items);
    assert_eq!(out.locals, items + 5 * 8, "local 0 of the last frame");
    assert_eq!(out.int_tag, 0xFFF9 << 48);
    assert_eq!(out.arena, arena);
    assert_eq!(out.rsp % 16, 0, "trace code runs with RSP aligned");
    assert_eq!(out.rbp - out.rsp, FRAME_BYTES as u64 - 8);
    vm.frames.clear();
}

thread_local! {
    /// The (context, oparg, operand) of every call of [`record`].
    static CALLS: RefCell<Vec<(u64, u32, u64)>> = const { RefCell::new(Vec::new()) };
    /// What [`record`] answers.
    static ANSWER: Cell<u32> = const { Cell::new(0) };
    /// Whether [`record`] moves the value stack and pushes a frame with base + 2.
    static MOVE: Cell<bool> = const { Cell::new(false) };
}

/// A uop helper that records its arguments and answers [`ANSWER`]; with [`MOVE`] it first
/// moves the value stack to a new buffer and enters a new frame, as a helper may.
///
/// # Safety
/// `cx` is a live context, as trace code passes it.
unsafe extern "C" fn record(cx: *mut HelperContext, oparg: u32, operand: u64) -> u32 {
    CALLS.with(|c| c.borrow_mut().push((cx as u64, oparg, operand)));
    if MOVE.get() {
        // SAFETY: the caller passes a live context; the VM it describes is not borrowed
        // elsewhere while trace code runs.
        let (stack, frames) = unsafe { (&mut *(*cx).stack(), &mut *(*cx).frames()) };
        let values = stack.split_off(0);
        let mut fresh = ValueStack::new();
        fresh.grow_to(stack.capacity() + 64).unwrap();
        fresh.extend_from_slice(&values);
        // The old buffer is alive until the swap, so the new one is elsewhere.
        drop(std::mem::replace(stack, fresh));
        let last = frames.last().expect("a frame");
        let frame = Frame {
            code: last.code.clone(),
            base: last.base + 2,
            ..*last
        };
        frames.push(frame);
    }
    ANSWER.get()
}

/// A body that checks alignment, calls [`record`] with `oparg` and `operand`, leaves with
/// the helper's status unless it is `Next`, and otherwise stores the registers into `out`
/// and leaves with `0x77`.
fn helper_body(buf: &mut CodeBuf, exit: Label, oparg: u32, operand: u64, out: *mut Regs) {
    let misaligned = buf.new_label();
    emit_alignment_check(buf, misaligned);
    emit_helper_call(buf, helper_addr(record), oparg, operand);
    emit_status_check(buf, exit);
    emit_store_regs(buf, out);
    emit_leave(buf, exit, 0x77);
    buf.bind(misaligned);
    emit_leave(buf, exit, MISALIGNED);
}

#[test]
fn helper_calls_pass_arguments_and_statuses() {
    let mem = memory();
    let mut out = Regs::default();
    let operands = [7, u32::MAX as u64, -2i64 as u64, 0x1234_5678_9ABC_DEF0];
    let (mut buf, t) = buffer();
    let bodies: Vec<Label> = operands
        .iter()
        .enumerate()
        .map(|(i, &operand)| {
            let body = buf.new_label();
            buf.bind(body);
            helper_body(&mut buf, t.exit, 100 + i as u32, operand, &mut out);
            body
        })
        .collect();
    let mut labels = bodies.clone();
    labels.push(t.entry);
    let code = Code::seal(&mem, buf, &labels);

    let mut vm = vm(4, &[2]);
    let mut cx = HelperContext::new(&mut vm, std::ptr::null_mut());
    let cx_addr = &raw const cx as u64;
    for status in [HelperStatus::Next, HelperStatus::Deopt, HelperStatus::Error] {
        for (i, (&body, &operand)) in bodies.iter().zip(&operands).enumerate() {
            ANSWER.set(status as u32);
            // SAFETY: as in the test above; `record` is a helper of the right signature.
            let got = unsafe { code.call(t.entry, &mut cx, body) };
            let want = match status {
                HelperStatus::Next => 0x77,
                s => s as u32,
            };
            assert_eq!(got, want, "status {status:?}, operand {operand:#x}");
            let call = CALLS
                .with(|c| c.borrow_mut().pop())
                .expect("the helper ran");
            assert_eq!(call, (cx_addr, 100 + i as u32, operand));
        }
    }
    vm.frames.clear();
}

#[test]
fn a_helper_call_refreshes_the_pinned_pointers() {
    let mem = memory();
    let mut out = Regs::default();
    let (mut buf, t) = buffer();
    let body = buf.new_label();
    buf.bind(body);
    helper_body(&mut buf, t.exit, 0, 0, &mut out);
    let code = Code::seal(&mem, buf, &[t.entry, body]);

    let mut vm = vm(6, &[3]);
    let arena = vm.heap.arena().as_ptr() as u64;
    let mut cx = HelperContext::new(&mut vm, std::ptr::null_mut());
    let before = stack_items(&cx);
    ANSWER.set(HelperStatus::Next as u32);
    MOVE.set(true);
    // SAFETY: as above; `record` leaves the VM consistent (a moved stack, one more frame).
    let status = unsafe { code.call(t.entry, &mut cx, body) };
    MOVE.set(false);
    CALLS.with(|c| c.borrow_mut().clear());
    assert_eq!(status, 0x77);
    let after = stack_items(&cx);
    assert_ne!(after, before, "the helper moved the stack");
    assert_eq!(out.stack, after);
    assert_eq!(
        out.locals,
        after + 5 * 8,
        "local 0 of the frame the helper entered"
    );
    assert_eq!(out.arena, arena);
    assert_eq!(vm.frames.len(), 2);
    vm.frames.clear();
}

/// A sentinel for callee-saved register `r`.
fn sentinel(r: Reg) -> i64 {
    0x5EED_0000_0000_0000 | (r.num() as i64) << 8 | 0xA5
}

/// Emits an `EntryFn` that loads a sentinel into every callee-saved register, calls the
/// trampoline, and answers the trampoline's status if every sentinel survived, `0xBAD`
/// otherwise. Returns its label and the label of the return address of its call.
fn emit_probe(buf: &mut CodeBuf, entry: Label) -> (Label, Label) {
    let probe = buf.new_label();
    let returned = buf.new_label();
    let done = buf.new_label();
    let bad = buf.new_label();
    buf.bind(probe);
    for r in CALLEE_SAVED {
        buf.emit(push_r64(r));
    }
    // Six pushes leave RSP ≡ 8 (mod 16); the call needs it aligned (psABI §3.2.2).
    buf.emit(sub_rm64_imm8(Reg::Rsp, Imm8::from(8)));
    for r in CALLEE_SAVED {
        buf.emit(mov_r64_imm64(r, sentinel(r)));
    }
    buf.call_label(entry);
    buf.bind(returned);
    for r in CALLEE_SAVED {
        buf.emit(mov_r64_imm64(Reg::Rcx, sentinel(r)));
        buf.emit(cmp_rm64_r64(r, Reg::Rcx));
        buf.jcc_label(Cond::Ne, bad);
    }
    buf.bind(done);
    buf.emit(add_rm64_imm8(Reg::Rsp, Imm8::from(8)));
    for r in CALLEE_SAVED.into_iter().rev() {
        buf.emit(pop_r64(r));
    }
    buf.emit(ret());
    buf.bind(bad);
    buf.emit(mov_r32_imm32(Reg::Rax, 0xBAD));
    buf.jmp_label(done);
    (probe, returned)
}

/// Emits a uop helper that overwrites every scratch register but RAX and answers `Next`
/// when called with RSP aligned as the psABI says (RSP + 8 a multiple of 16), [`MISALIGNED`]
/// otherwise, with garbage in the upper half of RAX.
fn emit_clobber(buf: &mut CodeBuf) -> Label {
    let helper = buf.new_label();
    buf.bind(helper);
    for r in SCRATCH.into_iter().filter(|&r| r != Reg::Rax) {
        buf.emit(mov_r64_imm64(r, 0x0BAD_0000_0000_0000 | r.num() as i64));
    }
    buf.emit(lea_r64_m(Reg::Rax, Mem::base_disp(Reg::Rsp, Disp::from(8))));
    buf.emit(and_rm64_imm8(Reg::Rax, Imm8::from(15)));
    // RAX is 0 when aligned (and ZF set); anything else becomes MISALIGNED.
    buf.emit(mov_r32_imm32(Reg::Rcx, MISALIGNED));
    buf.emit(cmovcc_r64_rm64(Cond::Ne, Reg::Rax, Reg::Rcx));
    // The upper half of a `u32` return is undefined (psABI §3.2.3): make it garbage.
    buf.emit(mov_r64_imm64(Reg::Rcx, 0x0BAD_0000 << 32));
    buf.emit(or_rm64_r64(Reg::Rax, Reg::Rcx));
    buf.emit(ret());
    helper
}

#[test]
fn the_callers_registers_survive_and_the_frame_chain_links() {
    let mem = memory();
    let mut helpers = CodeBuf::new();
    let clobber = emit_clobber(&mut helpers);
    let helpers = Code::seal(&mem, helpers, &[clobber]);

    let mut out = Regs::default();
    let (mut buf, t) = buffer();
    let (probe, returned) = emit_probe(&mut buf, t.entry);
    let body = buf.new_label();
    let misaligned = buf.new_label();
    buf.bind(body);
    emit_alignment_check(&mut buf, misaligned);
    emit_helper_call(&mut buf, helpers.addr(clobber) as u64, 0, 0);
    emit_status_check(&mut buf, t.exit);
    emit_store_regs(&mut buf, &mut out);
    emit_leave(&mut buf, t.exit, 7);
    buf.bind(misaligned);
    emit_leave(&mut buf, t.exit, MISALIGNED);
    let code = Code::seal(&mem, buf, &[t.entry, probe, returned, body]);

    let mut vm = vm(2, &[0]);
    let mut cx = HelperContext::new(&mut vm, std::ptr::null_mut());
    // SAFETY: as above; the probe is an `EntryFn` that calls the trampoline, and the
    // clobbering helper preserves the callee-saved registers and RSP.
    let status = unsafe { code.call(probe, &mut cx, body) };
    assert_eq!(status, 7, "0xBAD: a callee-saved register was lost");
    assert_eq!(
        out.saved_rbp,
        sentinel(Reg::Rbp) as u64,
        "[rbp] is the caller's RBP"
    );
    assert_eq!(
        out.ret_addr,
        code.addr(returned) as u64,
        "[rbp + 8] returns"
    );

    // The Rust caller's own live values, many times over.
    let (mut a, mut b, mut c) = (1u64, 2u64, 3u64);
    for i in 0..2000u64 {
        // SAFETY: as above.
        let s = u64::from(unsafe { code.call(t.entry, &mut cx, body) });
        a = a.wrapping_mul(31).wrapping_add(s ^ i);
        b = b.rotate_left(7) ^ a;
        c = c.wrapping_add(b | i);
    }
    let (mut x, mut y, mut z) = (1u64, 2u64, 3u64);
    for i in 0..2000u64 {
        x = x.wrapping_mul(31).wrapping_add(7 ^ i);
        y = y.rotate_left(7) ^ x;
        z = z.wrapping_add(y | i);
    }
    assert_eq!((a, b, c), (x, y, z));
    vm.frames.clear();
}

#[test]
fn the_signal_check_takes_the_slow_path_only_when_interrupted() {
    let mem = memory();
    let (mut buf, t) = buffer();
    let body = buf.new_label();
    let slow = buf.new_label();
    buf.bind(body);
    emit_signal_check(&mut buf, slow);
    emit_leave(&mut buf, t.exit, 1);
    buf.bind(slow);
    emit_leave(&mut buf, t.exit, 2);
    let code = Code::seal(&mem, buf, &[t.entry, body]);

    let mut vm = vm(0, &[0]);
    let signals = vm.signals();
    let mut cx = HelperContext::new(&mut vm, std::ptr::null_mut());
    // SAFETY: as above.
    let run = |cx: &mut HelperContext| unsafe { code.call(t.entry, cx, body) };
    assert_eq!(run(&mut cx), 1);
    signals.interrupt();
    assert_eq!(run(&mut cx), 2);
    assert_eq!(run(&mut cx), 2, "the check does not consume the interrupt");
    signals.clear();
    assert_eq!(run(&mut cx), 1);
    vm.frames.clear();
}
