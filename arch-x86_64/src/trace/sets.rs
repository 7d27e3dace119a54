//! Small sets of small ints inline: `x in s` (`_CONTAINS_OP_SET`), `s.add(x)`
//! (`_CALL_SET_ADD`) and a set comprehension's add (`_SET_ADD`), as
//! `Dict::add_identical_in_place` does them.
//!
//! A table of at most `DICT_LINEAR_MAX` entries has no index: its dense entries are
//! scanned for the key's hash. A small int's hash is the int (but -1's, which is -2), and
//! equal small ints have equal bits, so an entry with the hash and the key's bits is the
//! key; an entry with the hash and another key (`1.0`, `True` for 1) needs Python equality,
//! and the helper runs the whole uop then, as it does for a table with an index, a key
//! that is no small int, or an add that needs the table to grow.

use vm_core::layout::{
    tag, DICT_ENTRIES, DICT_INDICES, DICT_KEYS_VERSION, DICT_LEN, DICT_LINEAR_MAX, ENTRY_HASH,
    ENTRY_KEY, ENTRY_SIZE, ENTRY_VALUE, ITEMS_CAP, ITEMS_LEN, ITEMS_PTR, OBJ_PAYLOAD, SET_FROZEN,
    SET_TABLE,
};
use vm_core::Value;

use super::exit::at;
use super::{Lower, Next};
use crate::enc::{
    add_rm64_imm32, cmp_r64_rm64, cmp_rm64_imm32, cmp_rm64_imm8, cmp_rm8_imm8, dec_rm64, inc_rm64,
    lea_r64_m, mov_r32_rm32, mov_r64_imm64, mov_r64_rm64, mov_rm32_r32, mov_rm64_r64,
    test_rm64_r64, CodeBuf, Cond, Imm32, Imm8, Label, Reg,
};
use crate::lower::{emit_guard_small_int, emit_unbox_int};

/// How a scan of a small table for a small int ended.
struct Scan {
    /// The key is there.
    found: Label,
    /// It is not: R8 points past the last entry and R9 holds the entry count.
    absent: Label,
}

/// Scans the table at RDI (a `Dict` record) for the small int in RSI, which the caller
/// checked: RDX = its hash. Jumps to `slow` when the table has an index or an entry with
/// the hash holds another key. Clobbers RAX, R8, R9, R10 and R11.
fn emit_scan(buf: &mut CodeBuf, slow: Label) -> Scan {
    let scan = Scan {
        found: buf.new_label(),
        absent: buf.new_label(),
    };
    let (top, next, hashed) = (buf.new_label(), buf.new_label(), buf.new_label());
    buf.emit(cmp_rm64_imm8(
        at(Reg::Rdi, DICT_INDICES + ITEMS_LEN),
        Imm8::from(0),
    ));
    buf.jcc_label(Cond::Ne, slow);
    // The hash: the int, but -2 for -1.
    emit_unbox_int(buf, Reg::Rdx, Reg::Rsi);
    buf.emit(cmp_rm64_imm8(Reg::Rdx, Imm8::from(-1)));
    buf.jcc_label(Cond::Ne, hashed);
    buf.emit(mov_r64_imm64(Reg::Rdx, -2));
    buf.bind(hashed);
    buf.emit(mov_r64_rm64(
        Reg::R8,
        at(Reg::Rdi, DICT_ENTRIES + ITEMS_PTR),
    ));
    buf.emit(mov_r64_rm64(
        Reg::R9,
        at(Reg::Rdi, DICT_ENTRIES + ITEMS_LEN),
    ));
    buf.emit(mov_r64_rm64(Reg::R10, Reg::R9));
    buf.emit(mov_r64_imm64(Reg::R11, Value::UNDEF.bits() as i64));
    buf.bind(top);
    buf.emit(test_rm64_r64(Reg::R10, Reg::R10));
    buf.jcc_label(Cond::E, scan.absent);
    buf.emit(cmp_r64_rm64(Reg::Rdx, at(Reg::R8, ENTRY_HASH)));
    buf.jcc_label(Cond::Ne, next);
    // The hash: the key, a deleted entry (skipped), or another key.
    buf.emit(mov_r64_rm64(Reg::Rax, at(Reg::R8, ENTRY_KEY)));
    buf.emit(cmp_r64_rm64(Reg::Rax, Reg::Rsi));
    buf.jcc_label(Cond::E, scan.found);
    buf.emit(cmp_r64_rm64(Reg::Rax, Reg::R11));
    buf.jcc_label(Cond::Ne, slow);
    buf.bind(next);
    let size = Imm32::new(ENTRY_SIZE as i64).expect("a small entry");
    buf.emit(add_rm64_imm32(Reg::R8, size));
    buf.emit(dec_rm64(Reg::R10));
    buf.jmp_label(top);
    scan
}

impl Lower<'_> {
    /// RDI = the table of the set `k` places below the top (a set or frozenset), RSI = the
    /// small int `key` places below the top; or a jump to `slow`. RCX = the `SetObj`
    /// record. Clobbers RAX and R11.
    fn emit_set_and_key(&mut self, k: u32, key: u32, slow: Label) {
        self.emit_item_object(k, tag::SET, slow);
        self.buf
            .emit(mov_r64_rm64(Reg::Rcx, at(Reg::Rcx, OBJ_PAYLOAD)));
        self.load(key, Reg::Rsi);
        emit_guard_small_int(&mut self.buf, Reg::Rsi, Reg::R11, slow);
        self.buf.emit(lea_r64_m(Reg::Rdi, at(Reg::Rcx, SET_TABLE)));
    }

    /// `_CONTAINS_OP_SET` (`in`; `not in` when the oparg is 1): the small int below the set
    /// on top, replaced by the answer.
    pub(super) fn lower_contains_set(&mut self, pc: usize) -> Next {
        let invert = self.exec.uops[pc].oparg != 0;
        let (slow, resume) = self.slow_path(pc);
        self.emit_set_and_key(0, 1, slow);
        let scan = emit_scan(&mut self.buf, slow);
        let (yes, no) = if invert {
            (Value::FALSE, Value::TRUE)
        } else {
            (Value::TRUE, Value::FALSE)
        };
        let answer = self.buf.new_label();
        self.buf.bind(scan.absent);
        self.buf.emit(mov_r64_imm64(Reg::Rax, no.bits() as i64));
        self.buf.jmp_label(answer);
        self.buf.bind(scan.found);
        self.buf.emit(mov_r64_imm64(Reg::Rax, yes.bits() as i64));
        self.buf.bind(answer);
        self.store(1, Reg::Rax);
        self.buf.bind(resume);
        self.apply_effect(2, 1);
        Next::Falls
    }

    /// `_CALL_SET_ADD` (after its guard: the callable is `set.add`, with one argument): the
    /// small int on top added to the set below it, unless it is there; the call's result is
    /// `None`.
    pub(super) fn lower_set_add(&mut self, pc: usize) -> Next {
        let (slow, resume) = self.slow_path(pc);
        // Stack: the callable, the set, the item.
        self.emit_set_and_key(1, 0, slow);
        self.buf.emit(cmp_rm8_imm8(at(Reg::Rcx, SET_FROZEN), 0));
        self.buf.jcc_label(Cond::Ne, slow);
        emit_add(&mut self.buf, slow);
        self.buf
            .emit(mov_r64_imm64(Reg::Rax, Value::NONE.bits() as i64));
        self.store(2, Reg::Rax);
        self.buf.bind(resume);
        self.apply_effect(3, 1);
        Next::Falls
    }

    /// `_SET_ADD` (a set comprehension's): the small int on top added to the set `depth`
    /// places below it, and popped.
    pub(super) fn lower_comprehension_set_add(&mut self, pc: usize, depth: u32) -> Next {
        let (slow, resume) = self.slow_path(pc);
        self.emit_set_and_key(depth, 0, slow);
        emit_add(&mut self.buf, slow);
        self.buf.bind(resume);
        // (Only the item goes: the items under it stay, lazy or not.)
        self.apply_effect(1, 0);
        Next::Falls
    }
}

/// Adds the small int in RSI to the table at RDI unless it is there (see [`emit_scan`]):
/// when absent, with room and no index to build, its entry goes at the end (R8). Jumps to
/// `slow` when the helper must add it. Clobbers RAX, RDX, R8, R9, R10 and R11.
fn emit_add(buf: &mut CodeBuf, slow: Label) {
    let scan = emit_scan(buf, slow);
    buf.bind(scan.absent);
    buf.emit(cmp_r64_rm64(
        Reg::R9,
        at(Reg::Rdi, DICT_ENTRIES + ITEMS_CAP),
    ));
    buf.jcc_label(Cond::Ae, slow);
    let linear_max = Imm32::new(DICT_LINEAR_MAX as i64).expect("a small bound");
    buf.emit(cmp_rm64_imm32(Reg::R9, linear_max));
    buf.jcc_label(Cond::Ae, slow);
    buf.emit(mov_rm64_r64(at(Reg::R8, ENTRY_HASH), Reg::Rdx));
    buf.emit(mov_rm64_r64(at(Reg::R8, ENTRY_KEY), Reg::Rsi));
    buf.emit(mov_r64_imm64(Reg::Rax, Value::NONE.bits() as i64));
    buf.emit(mov_rm64_r64(at(Reg::R8, ENTRY_VALUE), Reg::Rax));
    buf.emit(inc_rm64(at(Reg::Rdi, DICT_ENTRIES + ITEMS_LEN)));
    buf.emit(inc_rm64(at(Reg::Rdi, DICT_LEN)));
    // (The keys version wraps as a `u32`.)
    buf.emit(mov_r32_rm32(Reg::Rax, at(Reg::Rdi, DICT_KEYS_VERSION)));
    buf.emit(add_rm64_imm32(Reg::Rax, Imm32::from(1)));
    buf.emit(mov_rm32_r32(at(Reg::Rdi, DICT_KEYS_VERSION), Reg::Rax));
    buf.bind(scan.found);
}
