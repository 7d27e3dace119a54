//! Instance attributes inline: the class version guard and loads from an instance's slots.
//!
//! What the guard and the load compare against (the class version, the slot index) is the
//! executor's snapshot of the instruction's inline cache, read when the code is built.

use vm_core::exec::ir::UopInst;
use vm_core::layout::{
    object_value_bits, tag, CELL_VALUE, CLASS_ATTR_PLAIN, CLASS_ATTR_PLAIN_VERSION, CLASS_LAYOUT,
    CLASS_SHAPE_PATH, CLASS_SLOT_KINDS, CLASS_VERSION, INSTANCE_CLASS, INSTANCE_DICT,
    INSTANCE_NO_DICT, INSTANCE_VALUES, ITEMS_LEN, ITEMS_PTR, LOOKUP_FOUND, LOOKUP_NAME,
    LOOKUP_SIZE, LOOKUP_SLOTS, LOOKUP_VERSION, OBJ_PAYLOAD, OBJ_SIZE, OBJ_TAG, TAG_TYPES,
    TAG_TYPE_ASK, VALUE_TAG_OBJ,
};
use vm_core::object::types::slot_kind;
use vm_core::Value;

use super::exit::{at, Stub};
use super::objects::emit_ref_slot;
use super::stack::Lazy;
use super::{Lower, Next};
use crate::abi::{ARENA, CTX, INT_TAG};
use crate::enc::{
    add_r64_rm64, add_rm64_imm32, add_rm64_r64, and_rm64_imm32, cmp_r64_rm64, cmp_rm32_imm32,
    cmp_rm32_r32, cmp_rm64_imm32, cmp_rm64_r64, cmp_rm8_imm8, dec_rm64, imul_r64_rm64,
    imul_r64_rm64_imm32, imul_r64_rm64_imm8, mov_r32_imm32, mov_r32_rm32, mov_r64_imm64,
    mov_r64_rm64, mov_rm64_r64, movzx_r32_rm8, shr_rm64_imm8, test_rm64_r64, xor_rm64_r64, CodeBuf,
    Cond, Disp, Imm32, Imm8, Index, Label, Mem, Reg, Scale,
};
use crate::lower::emit_guard_small_int;
use vm_core::jit::helpers::{CTX_CLASS_LOOKUPS, CTX_TAG_TYPES};
use vm_core::vm::{CLASS_LOOKUP_MULTIPLIER, CLASS_LOOKUP_SHIFT};

/// Jumps to `slow` unless a slot of kind `kind` (a register holding a `slot_kind`) takes
/// a float without a change of kind: a mixed slot or a float slot.
fn emit_float_slot_check(buf: &mut CodeBuf, kind: Reg, slow: Label) {
    let ok = buf.new_label();
    buf.emit(cmp_rm64_imm32(
        kind,
        Imm32::from(i32::from(slot_kind::MIXED)),
    ));
    buf.jcc_label(Cond::E, ok);
    buf.emit(cmp_rm64_imm32(
        kind,
        Imm32::from(i32::from(slot_kind::FLOAT)),
    ));
    buf.jcc_label(Cond::Ne, slow);
    buf.bind(ok);
}

/// Inline-cache unit `k` of uop `u`'s instruction in the executor's snapshot of its code.
pub(super) fn cache(lower: &Lower<'_>, u: &UopInst, k: usize) -> Option<u32> {
    let caches = &lower.exec.codes.get(usize::from(u.code))?.caches;
    caches.get(u.target as usize + 1 + k).map(|c| c.get())
}

/// `dst` = the `Instance` record of the instance in the arena slot at `slot`.
fn emit_instance(buf: &mut CodeBuf, dst: Reg, slot: Reg) {
    buf.emit(mov_r64_rm64(dst, at(slot, OBJ_PAYLOAD)));
}

/// RAX = the function the class lookup cache holds for attribute `name` (bits) on the
/// class whose `Class` record is in RDX, at its version, when the class's layout has no
/// instance attribute of that name (which would shadow the method); else a jump to `slow`.
/// Clobbers RCX, RSI, R8, R9, R10 and R11.
pub(super) fn emit_method_lookup(buf: &mut CodeBuf, name: u64, slow: Label) {
    let (scan, absent) = (buf.new_label(), buf.new_label());
    buf.emit(mov_r64_imm64(Reg::R9, name as i64));
    // No instance attribute of that name: a scan of the layout's names.
    buf.emit(mov_r64_rm64(
        Reg::Rsi,
        at(Reg::Rdx, CLASS_LAYOUT + ITEMS_PTR),
    ));
    buf.emit(mov_r64_rm64(
        Reg::R8,
        at(Reg::Rdx, CLASS_LAYOUT + ITEMS_LEN),
    ));
    buf.bind(scan);
    buf.emit(test_rm64_r64(Reg::R8, Reg::R8));
    buf.jcc_label(Cond::E, absent);
    buf.emit(cmp_r64_rm64(Reg::R9, Mem::base(Reg::Rsi)));
    buf.jcc_label(Cond::E, slow);
    buf.emit(add_rm64_imm32(Reg::Rsi, Imm32::from(8)));
    buf.emit(dec_rm64(Reg::R8));
    buf.jmp_label(scan);
    buf.bind(absent);
    // R8 = the cache entry for the class's version (never 0 in a filled entry) and the name,
    // as `vm_core::vm::class_lookup_slot` computes it.
    buf.emit(mov_r32_rm32(Reg::Rax, at(Reg::Rdx, CLASS_VERSION)));
    buf.emit(test_rm64_r64(Reg::Rax, Reg::Rax));
    buf.jcc_label(Cond::E, slow);
    buf.emit(mov_r64_imm64(Reg::R8, CLASS_LOOKUP_MULTIPLIER as i64));
    buf.emit(imul_r64_rm64(Reg::R8, Reg::Rax));
    buf.emit(xor_rm64_r64(Reg::R8, Reg::R9));
    buf.emit(mov_rm64_r64(Reg::R10, Reg::R8));
    buf.emit(shr_rm64_imm8(Reg::R10, CLASS_LOOKUP_SHIFT));
    buf.emit(xor_rm64_r64(Reg::R8, Reg::R10));
    let mask = Imm32::new((LOOKUP_SLOTS - 1) as i64).expect("a small cache");
    buf.emit(and_rm64_imm32(Reg::R8, mask));
    let size = Imm32::new(LOOKUP_SIZE as i64).expect("a small entry");
    buf.emit(imul_r64_rm64_imm32(Reg::R8, Reg::R8, size));
    buf.emit(add_r64_rm64(Reg::R8, at(CTX, CTX_CLASS_LOOKUPS)));
    buf.emit(cmp_rm32_r32(at(Reg::R8, LOOKUP_VERSION), Reg::Rax));
    buf.jcc_label(Cond::Ne, slow);
    buf.emit(cmp_r64_rm64(Reg::R9, at(Reg::R8, LOOKUP_NAME)));
    buf.jcc_label(Cond::Ne, slow);
    // What it found: a function.
    buf.emit(mov_r64_rm64(Reg::Rax, at(Reg::R8, LOOKUP_FOUND)));
    super::objects::emit_object_of(buf, Reg::Rcx, Reg::Rax, Reg::R11, tag::FUNCTION, slow);
}

impl Lower<'_> {
    /// RCX = the `Instance` record of the instance on top, or a jump to `exit` when the
    /// top is no instance. Clobbers RAX and RDX.
    fn emit_top_instance(&mut self, exit: Label) {
        self.emit_item_object(0, tag::INSTANCE, exit);
        emit_instance(&mut self.buf, Reg::Rcx, Reg::Rcx);
    }

    /// RDX = the `Class` record of the instance on top, which has no explicit dict; or a
    /// jump to `exit`. RCX = its `Instance` record. Clobbers RAX.
    fn emit_top_instance_class(&mut self, exit: Label) {
        self.emit_top_instance(exit);
        self.buf.emit(mov_r32_imm32(Reg::Rdx, INSTANCE_NO_DICT));
        self.buf
            .emit(cmp_rm32_r32(at(Reg::Rcx, INSTANCE_DICT), Reg::Rdx));
        self.buf.jcc_label(Cond::Ne, exit);
        emit_ref_slot(
            &mut self.buf,
            Reg::Rdx,
            Reg::Rcx,
            INSTANCE_CLASS,
            tag::CLASS,
            exit,
        );
        self.buf
            .emit(mov_r64_rm64(Reg::Rdx, at(Reg::Rdx, OBJ_PAYLOAD)));
    }

    /// With RCX the `Instance` record: jumps to `fail` unless its values have slot `slot`,
    /// and leaves `index` = `slot` and RCX = the values' items.
    fn emit_instance_values(&mut self, index: Reg, slot: u32, fail: Label) {
        self.buf.emit(mov_r32_imm32(index, slot));
        self.buf.emit(cmp_r64_rm64(
            index,
            at(Reg::Rcx, INSTANCE_VALUES + ITEMS_LEN),
        ));
        self.buf.jcc_label(Cond::Ae, fail);
        self.buf.emit(mov_r64_rm64(
            Reg::Rcx,
            at(Reg::Rcx, INSTANCE_VALUES + ITEMS_PTR),
        ));
    }

    /// Jumps to `exit` unless the `Class` record in RDX has version `version`. Clobbers
    /// RAX.
    fn emit_class_version_check(&mut self, version: u32, exit: Label) {
        self.buf.emit(mov_r32_imm32(Reg::Rax, version));
        self.buf
            .emit(cmp_rm32_r32(at(Reg::Rdx, CLASS_VERSION), Reg::Rax));
        self.buf.jcc_label(Cond::Ne, exit);
    }

    /// `_LOAD_ATTR_METHOD_LAYOUT`, `_LOAD_ATTR_METHOD_VERSION` (`version`) for a method
    /// call: replaces the instance on top by the cached method and pushes the instance as
    /// `self`, when it has no explicit dict and its class's layout has the cached length
    /// (and the class the cached version); leaves through the uop's exit otherwise.
    pub(super) fn lower_load_attr_method(&mut self, pc: usize, version: bool) -> Next {
        let exit = self.deopt(pc);
        let method = self.emit_cached_method_checks(pc, version, exit);
        self.push_method_below(method);
        Next::Falls
    }

    /// Jumps to `fail` unless the instance on top has no explicit dict and its class the
    /// cached layout length (and, with `version`, the cached version), as a method load's
    /// cache (of uop `pc`) says; answers the cached method. Clobbers RAX, RCX and RDX.
    fn emit_cached_method_checks(&mut self, pc: usize, version: bool, fail: Label) -> u32 {
        let u = &self.exec.uops[pc];
        let (cached_version, method, layout_len) = (
            cache(self, u, 1).unwrap_or(0),
            cache(self, u, 2).unwrap_or(0),
            cache(self, u, 3).unwrap_or(u32::MAX),
        );
        self.emit_top_instance_class(fail);
        self.buf.emit(mov_r32_imm32(Reg::Rax, layout_len));
        self.buf.emit(cmp_r64_rm64(
            Reg::Rax,
            at(Reg::Rdx, CLASS_LAYOUT + ITEMS_LEN),
        ));
        self.buf.jcc_label(Cond::Ne, fail);
        if version {
            self.emit_class_version_check(cached_version, fail);
        }
        method
    }

    /// `_LOAD_ATTR_INSTANCE_METHOD` for a method call: the cached method when the class has
    /// the cached version and layout length (as `_LOAD_ATTR_METHOD_VERSION`); at a
    /// polymorphic site, the function the class lookup cache holds for another class (out
    /// of line, `Stub::MethodLookup`); else the helper (the lookup itself, or the uop's
    /// exit). Every way leaves the method and the instance in memory.
    pub(super) fn lower_load_instance_method(&mut self, pc: usize) -> Next {
        let u = &self.exec.uops[pc];
        let (version, method, layout_len) = (
            cache(self, u, 1).unwrap_or(0),
            cache(self, u, 2).unwrap_or(0),
            cache(self, u, 3).unwrap_or(u32::MAX),
        );
        let name = self.code.names.get((u.oparg >> 1) as usize).copied();
        let (slow, resume) = self.slow_path(pc);
        let found = self.buf.new_label();
        let other = match name {
            Some(name) => self.stub(Stub::MethodLookup {
                name: name.bits(),
                found,
                slow,
            }),
            None => slow,
        };
        self.emit_top_instance_class(slow);
        self.buf.emit(mov_r32_imm32(Reg::Rax, layout_len));
        self.buf.emit(cmp_r64_rm64(
            Reg::Rax,
            at(Reg::Rdx, CLASS_LAYOUT + ITEMS_LEN),
        ));
        self.buf.jcc_label(Cond::Ne, other);
        self.emit_class_version_check(version, other);
        self.buf
            .emit(mov_r64_imm64(Reg::Rax, object_value_bits(method) as i64));
        // RAX = the method.
        self.buf.bind(found);
        let top = self.depth - 1;
        self.load(0, Reg::Rcx);
        self.buf.emit(mov_rm64_r64(self.slot_at(top + 1), Reg::Rcx));
        self.buf.emit(mov_rm64_r64(self.slot_at(top), Reg::Rax));
        self.buf.bind(resume);
        self.apply_effect(1, 2);
        Next::Falls
    }

    /// `_LOAD_ATTR_METHOD`: a method of a builtin type (whose guard came before), the
    /// executor's snapshot of the cache, goes below its owner.
    pub(super) fn lower_load_builtin_method(&mut self, pc: usize) -> Next {
        let u = &self.exec.uops[pc];
        let method = cache(self, u, 2).unwrap_or(0);
        self.push_method_below(method);
        Next::Falls
    }

    /// `_GUARD_BUILTIN_TYPE`: the object on top has the cached builtin type, as the table
    /// of types by tag says; the helper decides for anything the table leaves open (a
    /// small int, an instance, a set).
    pub(super) fn lower_guard_builtin_type(&mut self, pc: usize) -> Next {
        let u = &self.exec.uops[pc];
        let ty = cache(self, u, 1).unwrap_or(TAG_TYPE_ASK);
        let (slow, resume) = self.slow_path(pc);
        self.load(0, Reg::Rax);
        let buf = &mut self.buf;
        buf.emit(mov_rm64_r64(Reg::Rdx, Reg::Rax));
        buf.emit(shr_rm64_imm8(Reg::Rdx, 48));
        buf.emit(cmp_rm64_imm32(Reg::Rdx, Imm32::from(VALUE_TAG_OBJ as i32)));
        buf.jcc_label(Cond::Ne, slow);
        buf.emit(mov_r32_rm32(Reg::Rcx, Reg::Rax));
        buf.emit(imul_r64_rm64_imm8(
            Reg::Rcx,
            Reg::Rcx,
            Imm8::from(OBJ_SIZE as i8),
        ));
        buf.emit(add_rm64_r64(Reg::Rcx, ARENA));
        buf.emit(movzx_r32_rm8(Reg::Rdx, at(Reg::Rcx, OBJ_TAG)));
        buf.emit(cmp_rm64_imm32(Reg::Rdx, Imm32::from(TAG_TYPES as i32)));
        buf.jcc_label(Cond::Ae, slow);
        buf.emit(mov_r64_rm64(Reg::R8, at(CTX, CTX_TAG_TYPES)));
        let entry = Mem::indexed(
            Reg::R8,
            Index::new(Reg::Rdx).expect("not RSP"),
            Scale::S4,
            Disp::ZERO,
        );
        buf.emit(cmp_rm32_imm32(entry, ty));
        buf.jcc_label(Cond::Ne, slow);
        buf.bind(resume);
        Next::Falls
    }

    /// The owner on top moves up a place (as a lazy slot when it is one), and `method`, an
    /// object that is a constant, takes its place.
    fn push_method_below(&mut self, method: u32) {
        let top = self.depth - 1;
        let owner = self.lazy_at(top);
        self.apply_effect(1, 0);
        self.push_lazy(Lazy::Const(object_value_bits(method)));
        match owner {
            Some(what) => self.push_lazy(what),
            None => {
                self.buf.emit(mov_r64_rm64(Reg::Rax, self.slot_at(top)));
                self.buf.emit(mov_rm64_r64(self.slot_at(top + 1), Reg::Rax));
                self.apply_effect(0, 1);
            }
        }
    }

    /// `_LOAD_DEREF`: pushes the value of the cell in frame slot `nlocals + index` (a cell
    /// or free variable); the helper when it is empty (it raises `NameError`).
    pub(super) fn lower_load_deref(&mut self, pc: usize, index: u32) -> Next {
        let slot = self.code.nlocals() as u32 + index;
        let (slow, resume) = self.slow_path(pc);
        self.emit_frame_object(slot, tag::CELL, slow);
        self.buf
            .emit(mov_r64_rm64(Reg::Rax, at(Reg::Rcx, CELL_VALUE)));
        self.buf
            .emit(mov_r64_imm64(Reg::Rdx, Value::UNDEF.bits() as i64));
        self.buf.emit(cmp_rm64_r64(Reg::Rax, Reg::Rdx));
        self.buf.jcc_label(Cond::E, slow);
        self.buf
            .emit(mov_rm64_r64(self.slot_at(self.depth), Reg::Rax));
        self.apply_effect(0, 1);
        self.buf.bind(resume);
        Next::Falls
    }

    /// `_GUARD_TYPE_VERSION`: leaves through the uop's exit unless the top is an instance
    /// without an explicit dict whose class has the cached version.
    pub(super) fn lower_guard_type_version(&mut self, pc: usize) -> Next {
        let u = &self.exec.uops[pc];
        let version = cache(self, u, 1).unwrap_or(0);
        let exit = self.deopt(pc);
        self.emit_top_instance_class(exit);
        self.emit_class_version_check(version, exit);
        Next::Falls
    }

    /// `_GUARD_SHAPE` of a shape of `depth` slots (at least one): leaves through the uop's
    /// exit unless the instance on top has no explicit dict, its class's layout prefix of
    /// `depth` slots is the shape (`Class::shape_path`), and attribute access on the class
    /// is plain. The class caches that last answer per version; when the cache is for
    /// another version, the helper computes it (and the guard fails there or not).
    pub(super) fn lower_guard_shape(&mut self, pc: usize, depth: u32) -> Next {
        let shape = self.exec.uops[pc].oparg;
        let exit = self.deopt(pc);
        let (slow, resume) = self.slow_path(pc);
        self.emit_top_instance_class(exit);
        let last = Disp::new(4 * (i64::from(depth) - 1)).expect("a shape's depth is small");
        let buf = &mut self.buf;
        buf.emit(mov_r32_imm32(Reg::Rax, depth));
        buf.emit(cmp_r64_rm64(
            Reg::Rax,
            at(Reg::Rdx, CLASS_SHAPE_PATH + ITEMS_LEN),
        ));
        buf.jcc_label(Cond::A, exit);
        buf.emit(mov_r64_rm64(
            Reg::Rax,
            at(Reg::Rdx, CLASS_SHAPE_PATH + ITEMS_PTR),
        ));
        buf.emit(cmp_rm32_imm32(Mem::base_disp(Reg::Rax, last), shape));
        buf.jcc_label(Cond::Ne, exit);
        // The cached answer holds for the class's version, which is not 0 (never cached).
        buf.emit(mov_r32_rm32(Reg::Rax, at(Reg::Rdx, CLASS_VERSION)));
        buf.emit(cmp_rm32_r32(
            at(Reg::Rdx, CLASS_ATTR_PLAIN_VERSION),
            Reg::Rax,
        ));
        buf.jcc_label(Cond::Ne, slow);
        buf.emit(test_rm64_r64(Reg::Rax, Reg::Rax));
        buf.jcc_label(Cond::E, slow);
        buf.emit(cmp_rm8_imm8(at(Reg::Rdx, CLASS_ATTR_PLAIN), 0));
        buf.jcc_label(Cond::E, exit);
        buf.bind(resume);
        Next::Falls
    }

    /// `_LOAD_ATTR_SLOT`: replaces the instance on top by the value in its cached slot (and
    /// pushes a null for a method call's `self` slot when the oparg says so); leaves through
    /// the uop's exit when the slot is absent or unset.
    pub(super) fn lower_load_attr_slot(&mut self, pc: usize) -> Next {
        let u = &self.exec.uops[pc];
        let (slot, oparg) = (cache(self, u, 2).unwrap_or(u32::MAX), u.oparg);
        let exit = self.deopt(pc);
        self.emit_top_instance(exit);
        self.emit_instance_values(Reg::Rdx, slot, exit);
        let disp = Disp::new(8 * i64::from(slot)).unwrap_or(Disp::ZERO);
        self.buf
            .emit(mov_r64_rm64(Reg::Rax, Mem::base_disp(Reg::Rcx, disp)));
        self.buf
            .emit(mov_r64_imm64(Reg::Rdx, Value::UNDEF.bits() as i64));
        self.buf.emit(cmp_rm64_r64(Reg::Rax, Reg::Rdx));
        self.buf.jcc_label(Cond::E, exit);
        self.store(0, Reg::Rax);
        if oparg & 1 != 0 {
            self.buf
                .emit(mov_rm64_r64(self.slot_at(self.depth), Reg::Rdx));
            self.apply_effect(1, 2);
        }
        Next::Falls
    }

    /// `_STORE_ATTR_SLOT`: stores the value below the top into the cached slot of the
    /// instance on top, inline when the instance has no explicit dict, the slot exists and
    /// the class's kind for the slot takes the value as it is (anything, or a float, a small
    /// int); the helper otherwise (which grows the values, records a first kind, or leaves
    /// through the uop's exit).
    pub(super) fn lower_store_attr_slot(&mut self, pc: usize) -> Next {
        let u = &self.exec.uops[pc];
        let slot = cache(self, u, 2).unwrap_or(u32::MAX);
        let (slow, resume) = self.slow_path(pc);
        let Some(slot_disp) = Disp::new(8 * i64::from(slot)).zip(Disp::new(i64::from(slot))) else {
            self.buf.jmp_label(slow);
            self.apply_effect(2, 0);
            self.buf.bind(resume);
            return Next::Falls;
        };
        self.emit_top_instance_class(slow);
        self.emit_instance_values(Reg::Rax, slot, slow);
        // The slot's kind, from the class.
        self.buf.emit(cmp_r64_rm64(
            Reg::Rax,
            at(Reg::Rdx, CLASS_SLOT_KINDS + ITEMS_LEN),
        ));
        self.buf.jcc_label(Cond::Ae, slow);
        self.buf.emit(mov_r64_rm64(
            Reg::Rdx,
            at(Reg::Rdx, CLASS_SLOT_KINDS + ITEMS_PTR),
        ));
        self.buf.emit(movzx_r32_rm8(
            Reg::Rdx,
            Mem::base_disp(Reg::Rdx, slot_disp.1),
        ));
        let float = self.float_at(1).is_some();
        self.load(1, Reg::Rsi);
        if float {
            emit_float_slot_check(&mut self.buf, Reg::Rdx, slow);
        } else {
            self.emit_slot_kind_check(Reg::Rdx, Reg::Rsi, slow);
        }
        self.buf.emit(mov_rm64_r64(
            Mem::base_disp(Reg::Rcx, slot_disp.0),
            Reg::Rsi,
        ));
        self.apply_effect(2, 0);
        self.buf.bind(resume);
        Next::Falls
    }

    /// Jumps to `slow` unless a slot of kind `kind` (a register holding a `slot_kind`)
    /// takes `v` without a change of kind. Clobbers RAX. (A value known to be a float, a
    /// float in a register, needs only `emit_float_slot_check`.)
    fn emit_slot_kind_check(&mut self, kind: Reg, v: Reg, slow: Label) {
        let ok = self.buf.new_label();
        let not_float = self.buf.new_label();
        let b = &mut self.buf;
        b.emit(cmp_rm64_imm32(
            kind,
            Imm32::from(i32::from(slot_kind::MIXED)),
        ));
        b.jcc_label(Cond::E, ok);
        b.emit(cmp_rm64_imm32(
            kind,
            Imm32::from(i32::from(slot_kind::FLOAT)),
        ));
        b.jcc_label(Cond::Ne, not_float);
        // A float is below the int tag (the value layout's boxing).
        b.emit(cmp_rm64_r64(v, INT_TAG));
        b.jcc_label(Cond::Ae, slow);
        b.jmp_label(ok);
        b.bind(not_float);
        b.emit(cmp_rm64_imm32(
            kind,
            Imm32::from(i32::from(slot_kind::SMALL_INT)),
        ));
        b.jcc_label(Cond::Ne, slow);
        emit_guard_small_int(b, v, Reg::Rax, slow);
        b.bind(ok);
    }
}
