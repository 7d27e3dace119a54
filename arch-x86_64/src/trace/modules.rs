//! Module attributes inline (`math.sqrt` as `LOAD_ATTR_MODULE` loads it) and `math.sqrt`
//! called as a builtin.
//!
//! The guard and the load compare against the executor's snapshot of the instruction's
//! inline cache: the module's dict (an arena index), its keys version and the entry index.
//! While the keys version is the same, the entry at that index holds the same key, so the
//! load reads the entry's value as the uop's helper does.

use vm_core::bytecode::ops::Uop;
use vm_core::layout::{
    tag, DICT_ENTRIES, DICT_KEYS_VERSION, ENTRY_KEY, ENTRY_SIZE, ENTRY_VALUE, ITEMS_LEN, ITEMS_PTR,
    MATH_SQRT_BITS, MODULE_DICT, OBJ_PAYLOAD,
};
use vm_core::Value;

use super::attr::cache;
use super::exit::at;
use super::numbers::DST;
use super::objects::emit_ref_slot;
use super::stack::Lazy;
use super::{Lower, Next};
use crate::enc::{
    cmp_r64_rm64, cmp_rm32_imm32, cmp_rm64_imm32, cmp_rm64_r64, mov_r64_imm64, mov_r64_rm64, Cond,
    Disp, Imm32, Label, Mem, Reg, Xmm,
};
use crate::lower::{emit_sqrt_float, emit_xmm_to_float};

/// The displacement of entry `index`'s `field` from the entries' items pointer, when the
/// index is small enough for one (else the uop stays a helper call).
fn entry_disp(index: u32, field: usize) -> Option<Disp> {
    let off = i64::from(index) * ENTRY_SIZE as i64 + field as i64;
    Disp::new(off)
}

impl Lower<'_> {
    /// RDX = the `Dict` record of the module on top, when it is a module whose dict is
    /// arena slot `dict` with keys version `keys`; otherwise a jump to `fail`. Clobbers
    /// RAX and RCX.
    fn emit_module_dict(&mut self, dict: u32, keys: u32, fail: Label) {
        self.emit_item_object(0, tag::MODULE, fail);
        let buf = &mut self.buf;
        buf.emit(mov_r64_rm64(Reg::Rdx, at(Reg::Rcx, OBJ_PAYLOAD)));
        buf.emit(cmp_rm32_imm32(at(Reg::Rdx, MODULE_DICT), dict));
        buf.jcc_label(Cond::Ne, fail);
        emit_ref_slot(buf, Reg::Rcx, Reg::Rdx, MODULE_DICT, tag::DICT, fail);
        buf.emit(mov_r64_rm64(Reg::Rdx, at(Reg::Rcx, OBJ_PAYLOAD)));
        buf.emit(cmp_rm32_imm32(at(Reg::Rdx, DICT_KEYS_VERSION), keys));
        buf.jcc_label(Cond::Ne, fail);
    }

    /// `_CHECK_ATTR_MODULE`: leaves through the uop's exit unless the value on top is the
    /// module of the cached dict and that dict's keys version is the cached one.
    pub(super) fn lower_check_attr_module(&mut self, pc: usize) -> Next {
        let u = &self.exec.uops[pc];
        let (dict, keys) = (
            cache(self, u, 1).unwrap_or(0),
            cache(self, u, 2).unwrap_or(0),
        );
        let exit = self.deopt(pc);
        self.emit_module_dict(dict, keys, exit);
        Next::Falls
    }

    /// `_LOAD_ATTR_MODULE` (and a null after it for a call): the value of the cached entry
    /// of the module's dict, checked as `_CHECK_ATTR_MODULE` checks (the entry live and in
    /// range too); the helper otherwise.
    pub(super) fn lower_load_attr_module(&mut self, pc: usize) -> Next {
        let u = &self.exec.uops[pc];
        let (dict, keys) = (
            cache(self, u, 1).unwrap_or(0),
            cache(self, u, 2).unwrap_or(0),
        );
        let index = cache(self, u, 3).unwrap_or(0);
        let push_null = u.oparg & 1 != 0;
        let (slow, resume) = self.slow_path(pc);
        let (Some(key), Some(value)) =
            (entry_disp(index, ENTRY_KEY), entry_disp(index, ENTRY_VALUE))
        else {
            // (An index too far for a displacement: the helper, always.)
            self.buf.jmp_label(slow);
            return self.finish_module_load(resume, push_null);
        };
        if !self.follows_module_check(pc) {
            self.emit_module_dict(dict, keys, slow);
        }
        let buf = &mut self.buf;
        buf.emit(cmp_rm64_imm32(
            at(Reg::Rdx, DICT_ENTRIES + ITEMS_LEN),
            Imm32::new(i64::from(index)).unwrap_or(Imm32::from(i32::MAX)),
        ));
        buf.jcc_label(Cond::Be, slow);
        buf.emit(mov_r64_rm64(
            Reg::Rdx,
            at(Reg::Rdx, DICT_ENTRIES + ITEMS_PTR),
        ));
        buf.emit(mov_r64_imm64(Reg::Rax, Value::UNDEF.bits() as i64));
        buf.emit(cmp_r64_rm64(Reg::Rax, Mem::base_disp(Reg::Rdx, key)));
        buf.jcc_label(Cond::E, slow);
        buf.emit(mov_r64_rm64(Reg::Rax, Mem::base_disp(Reg::Rdx, value)));
        self.store(0, Reg::Rax);
        self.finish_module_load(resume, push_null)
    }

    /// Whether uop `pc` comes right after its instruction's `_CHECK_ATTR_MODULE` in the
    /// same dispatch entry: code reaches it only past that check, with RDX still the
    /// `Dict` record the check compared (no code runs between the two uops: neither
    /// flushes, and a slow path's stub is out of line).
    fn follows_module_check(&self, pc: usize) -> bool {
        let (u, prev) = (
            &self.exec.uops[pc],
            pc.checked_sub(1).map(|p| &self.exec.uops[p]),
        );
        pc > self.entry_start
            && prev.is_some_and(|p| {
                p.uop == Uop::_CHECK_ATTR_MODULE && p.code == u.code && p.target == u.target
            })
    }

    /// Where a module attribute's load and its helper meet: the value in place of the
    /// module, and the null after it for a call.
    fn finish_module_load(&mut self, resume: Label, push_null: bool) -> Next {
        self.buf.bind(resume);
        self.apply_effect(1, 1);
        if push_null {
            self.push_lazy(Lazy::Const(Value::UNDEF.bits()));
        }
        Next::Falls
    }

    /// Whether the receiver slot of a one-argument call may be null (a lazy null, or a
    /// value in memory, which `lower_call_builtin_one` checks first): a lazy slot of
    /// another kind is a method's receiver, and such a call keeps the plain helper call.
    pub(super) fn null_receiver_of_one(&self) -> bool {
        let null = Lazy::Const(Value::UNDEF.bits());
        self.depth >= 3 && self.lazy_at(self.depth - 2).is_none_or(|l| l == null)
    }

    /// `_CALL_BUILTIN` with one argument and a receiver slot that may be null
    /// (`null_receiver_of_one`):
    /// when the callable is `math.sqrt` (`MATH_SQRT_BITS`) and the argument a float or small
    /// int that is neither negative nor NaN, `sqrtsd`, the result boxed where the call was;
    /// the helper for any other callable or argument (which then raises, converts or calls
    /// what it must).
    pub(super) fn lower_call_builtin_one(&mut self, pc: usize) -> Next {
        let (slow, resume) = self.slow_path(pc);
        // Stack: the callable, the receiver slot (null), the argument. (A receiver in
        // memory is checked first: a method call leaves at once.)
        if self.lazy_at(self.depth - 2).is_none() {
            self.load(1, Reg::Rax);
            self.buf
                .emit(mov_r64_imm64(Reg::Rcx, Value::UNDEF.bits() as i64));
            self.buf.emit(cmp_rm64_r64(Reg::Rax, Reg::Rcx));
            self.buf.jcc_label(Cond::Ne, slow);
        }
        self.load(2, Reg::Rax);
        self.buf
            .emit(mov_r64_imm64(Reg::Rcx, MATH_SQRT_BITS as i64));
        self.buf.emit(cmp_r64_rm64(Reg::Rcx, Reg::Rax));
        self.buf.jcc_label(Cond::Ne, slow);
        self.float_operand(0, Xmm::Xmm0, Some(slow));
        emit_sqrt_float(&mut self.buf, Xmm::Xmm0, Xmm::Xmm0, Xmm::Xmm1, slow);
        emit_xmm_to_float(&mut self.buf, DST, Xmm::Xmm0);
        self.store(2, DST);
        self.buf.bind(resume);
        self.apply_effect(3, 1);
        Next::Falls
    }
}
