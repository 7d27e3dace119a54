//! The specializing half of tier 1: `_SPECIALIZE` counts executions of a generic instruction
//! and, when its counter fires, looks at the operands and rewrites the instruction in place
//! to a specialized form (see `for_each_family!`). Specialized forms check their assumptions
//! with guard uops and fall back to the generic form on a miss (`Flow::Deopt`); after
//! `counter::COOLDOWN` misses they re-specialize.
//!
//! Every specializer either returns the new opcode (having filled the inline cache) or a
//! short reason for the statistics (`tiercel --stats`).

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::bytecode::code::{code_flags, CodeObject};
use crate::bytecode::counter;
use crate::bytecode::ops::{BinaryOp, CompareOp, Op};
use crate::layout::{BINARY_RIGHT_FLOAT, BINARY_RIGHT_INT, BINARY_RIGHT_SAME};
use crate::object::native_table::{cache_id, LIST_APPEND};
use crate::object::types::{BuiltinBase, IterObj, NativeFunc, NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::Vm;

use super::eval::Ctx;

type Spec = Result<Op, &'static str>;

/// Counters of the specializing interpreter, collected when enabled (`--stats`).
#[derive(Debug, Clone)]
pub struct SpecStats {
    exec: Vec<u64>,
    deopt: Vec<u64>,
    chosen: Vec<u64>,
    failures: Vec<(Op, &'static str, u64)>,
}

impl SpecStats {
    fn new() -> SpecStats {
        let n = Op::ALL.len();
        SpecStats {
            exec: vec![0; n],
            deopt: vec![0; n],
            chosen: vec![0; n],
            failures: Vec::new(),
        }
    }

    /// Times `op` was executed (for a specialized form: including executions that missed).
    pub fn executions(&self, op: Op) -> u64 {
        self.exec[op as usize]
    }

    /// Times a guard of the specialized form `op` failed (deoptimizations).
    pub fn deopts(&self, op: Op) -> u64 {
        self.deopt[op as usize]
    }

    /// Times an instruction was rewritten to the specialized form `op`.
    pub fn specializations(&self, op: Op) -> u64 {
        self.chosen[op as usize]
    }

    /// Failed specialization attempts of the family `head`, by reason.
    pub fn failures(&self, head: Op) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        self.failures
            .iter()
            .filter(move |(h, _, _)| *h == head)
            .map(|(_, r, n)| (*r, *n))
    }

    fn fail(&mut self, head: Op, reason: &'static str) {
        match self
            .failures
            .iter_mut()
            .find(|(h, r, _)| *h == head && *r == reason)
        {
            Some(e) => e.2 += 1,
            None => self.failures.push((head, reason, 1)),
        }
    }

    /// The report `tiercel --stats` prints: per family, the generic executions, then per
    /// specialized form its hits (executions that passed the guards), misses and how often
    /// it was chosen, then failed attempts by reason.
    pub fn report(&self) -> String {
        let mut out = String::from("specialization statistics (per instruction family)\n");
        for &head in Op::ALL {
            let members = head.family_members();
            if members.is_empty() {
                continue;
            }
            let total: u64 =
                members.iter().map(|m| self.executions(*m)).sum::<u64>() + self.executions(head);
            if total == 0 {
                continue;
            }
            out.push_str(&format!(
                "{}: {} executions, {} generic\n",
                head.name(),
                total,
                self.executions(head)
            ));
            for &m in members {
                let (e, d, c) = (self.executions(m), self.deopts(m), self.specializations(m));
                if e == 0 && c == 0 {
                    continue;
                }
                out.push_str(&format!(
                    "  {:<32} hits {:>12}  misses {:>10}  specialized {:>6}\n",
                    m.name(),
                    e - d,
                    d,
                    c
                ));
            }
            for (reason, n) in self.failures(head) {
                out.push_str(&format!("  failed: {reason:<38} {n:>10}\n"));
            }
        }
        out
    }
}

/// Per-VM state of the specializing interpreter.
#[derive(Debug, Default)]
pub(crate) struct SpecState {
    /// Statistics, when enabled.
    pub(crate) stats: Option<Box<SpecStats>>,
    /// Stress mode: specialize at once, deoptimize pseudo-randomly.
    pub(crate) stress: bool,
    /// Whether the dispatch loop must take its slow path (stats or stress).
    pub(crate) slow: bool,
    /// Stress mode's pseudo-random state (xorshift64).
    rng: u64,
}

impl SpecState {
    pub(crate) fn new(stats: bool, stress: bool) -> SpecState {
        SpecState {
            stats: stats.then(|| Box::new(SpecStats::new())),
            stress,
            slow: stats || stress,
            rng: 0x9E37_79B9_7F4A_7C15,
        }
    }

    fn next_random(&mut self) -> u64 {
        let mut x = self.rng;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.rng = x;
        x
    }
}

/// The cache unit of `LOAD_ATTR_INSTANCE_VALUE` and `STORE_ATTR_INSTANCE_VALUE` holding
/// the cached class (its heap slot, shifted left by one) and, in bit 0, whether the guard
/// has passed for an instance of another class (a polymorphic site; see
/// [`Vm::instance_slot_ok`]). The class lets the guard tell a class whose version changed
/// (a slot kind widened: it takes the new version as the cached one) from another class,
/// and lets the trace optimizer find the cached class's layout prefix (its shape guard).
pub(crate) const POLYMORPHIC_UNIT: usize = 3;

/// Bit 0 of [`POLYMORPHIC_UNIT`]: the site has seen another class.
pub(crate) const POLYMORPHIC_BIT: u32 = 1;

/// Reads inline-cache unit `k` (1 = the unit after the counter) of the current instruction.
#[inline(always)]
pub(crate) fn cache(ctx: &Ctx, k: usize) -> u32 {
    ctx.caches.get(ctx.this + 1 + k).map_or(0, |c| c.get())
}

/// Writes inline-cache unit `k` of the current instruction.
pub(crate) fn set_cache(ctx: &Ctx, k: usize, v: u32) {
    if let Some(c) = ctx.caches.get(ctx.this + 1 + k) {
        c.set(v);
    }
}

impl Vm {
    /// The dispatch loop's slow path, taken only with statistics or stress mode on: counts
    /// the execution and, under stress, sometimes forces the generic form.
    #[inline(never)]
    pub(crate) fn spec_slow_path(&mut self, op: Op) -> Op {
        if let Some(s) = self.spec.stats.as_mut() {
            s.exec[op as usize] += 1;
        }
        if self.spec.stress && op.is_specialized() && self.spec.next_random() % 4 == 0 {
            self.note_deopt(op);
            return op.family_head();
        }
        op
    }

    /// Records a guard miss of the specialized form `op`.
    #[inline(never)]
    pub(crate) fn note_deopt(&mut self, op: Op) {
        if let Some(s) = self.spec.stats.as_mut() {
            s.deopt[op as usize] += 1;
        }
    }

    /// `_SPECIALIZE`: counts down; when the counter fires, rewrites the instruction.
    #[inline(always)]
    pub(crate) fn uop_specialize(&mut self, ctx: &Ctx, arg: u32) {
        if !cfg!(feature = "specialize") {
            // Built without the specialized forms: the generic instruction stays.
            return;
        }
        let Some(cell) = ctx.code.code.get(ctx.this + 1) else {
            return;
        };
        let c = cell.get();
        if !counter::is_zero(c) && !self.spec.stress {
            cell.set(counter::decrement(c));
            return;
        }
        self.specialize(ctx, arg);
    }

    #[inline(never)]
    fn specialize(&mut self, ctx: &Ctx, arg: u32) {
        let Some((op, _)) = ctx.code.instr(ctx.this) else {
            return;
        };
        let head = op.family_head();
        let r = match head {
            Op::LOAD_GLOBAL => self.spec_load_global(ctx, arg),
            Op::LOAD_ATTR => self.spec_load_attr(ctx, arg),
            Op::STORE_ATTR => self.spec_store_attr(ctx, arg),
            Op::BINARY_OP => self.spec_binary_op(ctx, arg),
            Op::BINARY_SUBSCR => self.spec_binary_subscr(),
            Op::STORE_SUBSCR => self.spec_store_subscr(),
            Op::COMPARE_OP => self.spec_compare_op(ctx, arg),
            Op::CONTAINS_OP => self.spec_contains_op(),
            Op::TO_BOOL => self.spec_to_bool(ctx),
            Op::FOR_ITER => self.spec_for_iter(),
            Op::UNPACK_SEQUENCE => self.spec_unpack_sequence(arg),
            Op::CALL => self.spec_call(ctx, arg),
            _ => Err("not specializable"),
        };
        let cell = &ctx.code.code[ctx.this];
        let counter_cell = &ctx.code.code[ctx.this + 1];
        match r {
            Ok(new) => {
                cell.set(new as u32 | arg << 8);
                counter_cell.set(counter::cooldown());
                if let Some(s) = self.spec.stats.as_mut() {
                    s.chosen[new as usize] += 1;
                }
            }
            Err(reason) => {
                cell.set(head as u32 | arg << 8);
                counter_cell.set(counter::after_failure(counter_cell.get()));
                if let Some(s) = self.spec.stats.as_mut() {
                    s.fail(head, reason);
                }
            }
        }
    }

    /// The entry index of a str key in a dict, without running user code.
    pub(crate) fn dict_str_index(&self, d: ObjRef, key: Value) -> Option<usize> {
        let Obj::Dict(dict) = self.heap.get(d) else {
            return None;
        };
        let h = self.str_hash_of(key)?;
        let ks = self.str_of(key)?;
        dict.find_with(h, key, |k, _| self.str_of(k) == Some(ks))
    }

    pub(crate) fn keys_version(&self, d: ObjRef) -> u32 {
        match self.heap.get(d) {
            Obj::Dict(t) => t.keys_version,
            _ => 0,
        }
    }

    fn spec_load_global(&mut self, ctx: &Ctx, arg: u32) -> Spec {
        let name = ctx.code.names[(arg >> 1) as usize];
        let globals = self.frames[ctx.fi].globals;
        set_cache(ctx, 1, globals.0);
        set_cache(ctx, 2, self.keys_version(globals));
        if let Some(ix) = self.dict_str_index(globals, name) {
            set_cache(ctx, 4, ix as u32);
            return Ok(Op::LOAD_GLOBAL_MODULE);
        }
        let b = self.builtins;
        // The cached form reads the builtins: code with its own keeps the generic form.
        if self.builtins_of(globals) != Ok(b) {
            return Err("globals with their own __builtins__");
        }
        match self.dict_str_index(b, name) {
            Some(ix) => {
                set_cache(ctx, 3, self.keys_version(b));
                set_cache(ctx, 4, ix as u32);
                Ok(Op::LOAD_GLOBAL_BUILTIN)
            }
            None => Err("name not found"),
        }
    }

    /// The version tag of the class of a plain instance with its values in the shared layout.
    fn instance_class(&self, v: Value) -> Result<(ObjRef, u32), &'static str> {
        let Some(Obj::Instance(i)) = self.obj(v) else {
            return Err("owner is not an instance");
        };
        if i.dict.is_some() {
            return Err("instance has a __dict__");
        }
        let version = self.class(i.class).map_or(0, |c| c.version.get());
        if version == 0 {
            return Err("class has no version");
        }
        Ok((i.class, version))
    }

    fn spec_load_attr(&mut self, ctx: &Ctx, arg: u32) -> Spec {
        let owner = self.peek(1);
        let name = ctx.code.names[(arg >> 1) as usize];
        if let Some(Obj::Module(m)) = self.obj(owner) {
            let d = m.dict;
            let ix = self
                .dict_str_index(d, name)
                .ok_or("module attribute missing")?;
            set_cache(ctx, 1, d.0);
            set_cache(ctx, 2, self.keys_version(d));
            set_cache(ctx, 3, ix as u32);
            return Ok(Op::LOAD_ATTR_MODULE);
        }
        if !matches!(self.obj(owner), Some(Obj::Instance(_) | Obj::Class(_))) {
            return self.spec_load_attr_native(ctx, owner, name, arg);
        }
        if arg & 1 != 0 {
            if let Some(op) = self.spec_class_method(ctx, owner, name) {
                return Ok(op);
            }
        }
        let (cls, version) = self.instance_class(owner)?;
        if self.has_user_getattribute(cls) {
            return Err("class defines __getattribute__");
        }
        let descr = self.class_lookup(cls, name);
        if descr.is_some_and(|d| self.is_data_descriptor(d)) {
            return Err("data descriptor");
        }
        let slot = self.layout_index(cls, name);
        let Some(Obj::Instance(i)) = self.obj(owner) else {
            return Err("owner is not an instance");
        };
        if let Some(slot) = slot {
            if i.values.get(slot).is_some_and(|v| !v.is_undef()) {
                set_cache(ctx, 1, version);
                set_cache(ctx, 2, slot as u32);
                set_cache(ctx, POLYMORPHIC_UNIT, cls.0 << 1);
                return Ok(Op::LOAD_ATTR_INSTANCE_VALUE);
            }
            return Err("attribute shadowed in other instances");
        }
        let Some(d) = descr else {
            return Err("attribute missing");
        };
        if arg & 1 == 0 {
            return Err("class attribute (not a method call)");
        }
        match (d.as_obj(), self.obj(d)) {
            (Some(f), Some(Obj::Function(_))) => {
                let layout = self.class(cls).map_or(0, |c| c.layout.len());
                set_cache(ctx, 1, version);
                set_cache(ctx, 2, f.0);
                set_cache(ctx, 3, layout as u32);
                Ok(Op::LOAD_ATTR_METHOD_WITH_VALUES)
            }
            _ => Err("method is not a Python function"),
        }
    }

    /// `LOAD_ATTR_CLASS_METHOD`: a call of a staticmethod or classmethod through a class of
    /// metaclass `type` (which has no attribute of the name) or through an instance without
    /// a `__dict__` (whose layout has no attribute of the name).
    fn spec_class_method(&self, ctx: &Ctx, owner: Value, name: Value) -> Option<Op> {
        use crate::interp::spec::{CLASS_METHOD_BITS, CLASS_METHOD_CLASSMETHOD};
        let (cls, on_instance) = match (self.obj(owner), owner.as_obj()) {
            (Some(Obj::Class(c)), Some(r)) if c.meta == self.types.type_ => (r, false),
            (Some(Obj::Instance(i)), _) if i.dict.is_none() => (i.class, true),
            _ => return None,
        };
        let c = self.class(cls)?;
        if c.version.get() == 0 {
            return None;
        }
        let shadowed = if on_instance {
            self.has_user_getattribute(cls) || self.layout_index(cls, name).is_some()
        } else {
            self.class_lookup(self.types.type_, name).is_some()
        };
        if shadowed {
            return None;
        }
        let (f, mut kind) = match self.obj(self.class_lookup(cls, name)?)? {
            Obj::StaticMethod(f) => (*f, 0),
            Obj::ClassMethod(f) => (*f, CLASS_METHOD_CLASSMETHOD),
            _ => return None,
        };
        if on_instance {
            let layout = u32::try_from(c.layout.len()).ok()?;
            kind |= crate::interp::spec::CLASS_METHOD_ON_INSTANCE | layout << CLASS_METHOD_BITS;
        }
        set_cache(ctx, 1, c.version.get());
        set_cache(ctx, 2, f.as_obj()?.0);
        set_cache(ctx, 3, kind);
        Some(Op::LOAD_ATTR_CLASS_METHOD)
    }

    /// A method call on a builtin object (`lst.append`, `s.join`, `d.get`).
    fn spec_load_attr_native(&mut self, ctx: &Ctx, owner: Value, name: Value, arg: u32) -> Spec {
        if arg & 1 == 0 {
            return Err("builtin object attribute (not a method call)");
        }
        // Only objects whose attribute lookup is the plain class lookup (not `super`,
        // modules, classes or instances, which have their own rules).
        let plain = owner.is_float()
            || owner.is_small_int()
            || matches!(
                self.obj(owner),
                Some(
                    Obj::Str(_)
                        | Obj::List(_)
                        | Obj::Tuple(_)
                        | Obj::Dict(_)
                        | Obj::Set(_)
                        | Obj::Bytes(_)
                        | Obj::ByteArray(_)
                        | Obj::BigInt(_)
                        | Obj::Generator(_)
                )
            );
        if !plain {
            return Err("owner type");
        }
        let t = self.type_of(owner);
        if !self.class(t).is_some_and(|c| c.is_builtin) {
            return Err("owner type");
        }
        let d = self
            .class_lookup(t, name)
            .ok_or("builtin attribute missing")?;
        match (cache_id(d), self.native(d)) {
            (Some(m), Some(n)) if n.kind == NativeKind::Method => {
                set_cache(ctx, 1, t.0);
                set_cache(ctx, 2, m);
                Ok(Op::LOAD_ATTR_METHOD_NATIVE)
            }
            _ => Err("builtin attribute is not a method"),
        }
    }

    fn spec_store_attr(&mut self, ctx: &Ctx, arg: u32) -> Spec {
        let owner = self.peek(1);
        let name = ctx.code.names[arg as usize];
        let (cls, version) = self.instance_class(owner)?;
        if self
            .class_lookup(cls, name)
            .is_some_and(|d| self.is_data_descriptor(d))
        {
            return Err("data descriptor");
        }
        let sa = self.intern("__setattr__").map_err(|_| "out of memory")?;
        if let Some(f) = self.class_lookup(cls, sa) {
            if !self.is_builtin_object_method(f) {
                return Err("class defines __setattr__");
            }
        }
        let slot = self.layout_index(cls, name).ok_or("new attribute")?;
        set_cache(ctx, 1, version);
        set_cache(ctx, 2, slot as u32);
        set_cache(ctx, POLYMORPHIC_UNIT, cls.0 << 1);
        Ok(Op::STORE_ATTR_INSTANCE_VALUE)
    }

    fn spec_binary_op(&mut self, ctx: &Ctx, arg: u32) -> Spec {
        let (a, b) = (self.peek(2), self.peek(1));
        let (op, _) = BinaryOp::from_oparg(arg).ok_or("bad oparg")?;
        if a.is_small_int() && b.is_small_int() {
            return match op {
                // gencall: with the `return` that follows, when there is one.
                BinaryOp::Add if return_follows(ctx) => Ok(Op::BINARY_OP_ADD_INT_RETURN),
                BinaryOp::Add => Ok(Op::BINARY_OP_ADD_INT),
                BinaryOp::Subtract => Ok(Op::BINARY_OP_SUBTRACT_INT),
                BinaryOp::Multiply => Ok(Op::BINARY_OP_MULTIPLY_INT),
                // gen: the remaining integer operators share one form.
                op if crate::interp::spec::is_binary_op_int(op) => Ok(Op::BINARY_OP_INT),
                _ => Err("int operator"),
            };
        }
        let num = |v: Value| v.is_float() || v.is_small_int();
        if op == BinaryOp::TrueDivide && num(a) && num(b) {
            return Ok(Op::BINARY_OP_TRUE_DIVIDE_FLOAT);
        }
        if num(a) && num(b) && (a.is_float() || b.is_float()) {
            return match op {
                BinaryOp::Add => Ok(Op::BINARY_OP_ADD_FLOAT),
                BinaryOp::Subtract => Ok(Op::BINARY_OP_SUBTRACT_FLOAT),
                BinaryOp::Multiply => Ok(Op::BINARY_OP_MULTIPLY_FLOAT),
                BinaryOp::TrueDivide => Ok(Op::BINARY_OP_TRUE_DIVIDE_FLOAT),
                _ => Err("float operator"),
            };
        }
        if op == BinaryOp::Add
            && matches!(self.obj(a), Some(Obj::Str(_)))
            && matches!(self.obj(b), Some(Obj::Str(_)))
        {
            return Ok(Op::BINARY_OP_ADD_STR);
        }
        if let Some(Obj::Instance(_)) = self.obj(a) {
            return self.spec_binary_op_user(ctx, a, b, arg);
        }
        Err(if a.is_small_int() || a.is_float() {
            "mixed operand types"
        } else {
            "operand types"
        })
    }

    /// The operands of `BINARY_OP_USER` and `COMPARE_OP_USER`: `a` an instance of a plain
    /// user class, `b` of the same class or a builtin number (no reflected dunder can go
    /// first). Its class, the class version and `b`'s kind (`BINARY_RIGHT_*`).
    fn user_operands(&self, a: Value, b: Value) -> Result<(ObjRef, u32, u32), &'static str> {
        let (cls, version) = self.instance_class(a)?;
        if self.builtin_base(cls) != BuiltinBase::Object {
            return Err("user operand: builtin base");
        }
        let tb = self.type_of(b);
        let right = if tb == cls {
            BINARY_RIGHT_SAME
        } else if tb == self.types.int {
            BINARY_RIGHT_INT
        } else if tb == self.types.float {
            BINARY_RIGHT_FLOAT
        } else {
            return Err("user operand: right operand type");
        };
        Ok((cls, version, right))
    }

    /// `a op b` on an instance of a plain user class whose dunder is a Python function,
    /// with `b` of the same class or a builtin number (see `Vm::binary_op_user`).
    fn spec_binary_op_user(&mut self, ctx: &Ctx, a: Value, b: Value, arg: u32) -> Spec {
        let (op, inplace) = BinaryOp::from_oparg(arg).ok_or("bad oparg")?;
        let (cls, version, right) = self.user_operands(a, b)?;
        let (name, _, iname) = op.dunders();
        if inplace {
            let n = self.intern(iname).map_err(|_| "out of memory")?;
            if self.class_lookup(cls, n).is_some() {
                return Err("user operand: in-place dunder");
            }
        }
        let n = self.intern(name).map_err(|_| "out of memory")?;
        let f = self.class_lookup(cls, n).ok_or("user operand: no dunder")?;
        if !self.exact_args(f, 2) {
            return Err("user operand: dunder shape");
        }
        set_cache(ctx, 1, version);
        set_cache(ctx, 2, f.as_obj().map_or(0, |r| r.0));
        set_cache(ctx, 3, right);
        Ok(Op::BINARY_OP_USER)
    }

    fn spec_binary_subscr(&mut self) -> Spec {
        let (c, k) = (self.peek(2), self.peek(1));
        match self.obj(c) {
            Some(Obj::List(_)) if k.is_small_int() => Ok(Op::BINARY_SUBSCR_LIST_INT),
            Some(Obj::Tuple(_)) if k.is_small_int() => Ok(Op::BINARY_SUBSCR_TUPLE_INT),
            Some(Obj::Dict(_)) => Ok(Op::BINARY_SUBSCR_DICT),
            _ => Err("container type"),
        }
    }

    fn spec_store_subscr(&mut self) -> Spec {
        let (c, k) = (self.peek(2), self.peek(1));
        match self.obj(c) {
            Some(Obj::List(_)) if k.is_small_int() => Ok(Op::STORE_SUBSCR_LIST_INT),
            Some(Obj::Dict(_)) => Ok(Op::STORE_SUBSCR_DICT),
            _ => Err("container type"),
        }
    }

    fn spec_compare_op(&mut self, ctx: &Ctx, arg: u32) -> Spec {
        let (a, b) = (self.peek(2), self.peek(1));
        if matches!(self.obj(a), Some(Obj::Instance(_))) {
            return self.spec_compare_op_user(ctx, a, b, arg);
        }
        let jump = jump_follows(ctx, Op::COMPARE_OP);
        let pick = |plain: Op, fused: Op| Ok(if jump { fused } else { plain });
        if a.is_small_int() && b.is_small_int() {
            pick(Op::COMPARE_OP_INT, Op::COMPARE_OP_INT_JUMP)
        } else if (a.is_float() || a.is_small_int()) && (b.is_float() || b.is_small_int()) {
            pick(Op::COMPARE_OP_FLOAT, Op::COMPARE_OP_FLOAT_JUMP)
        } else if matches!(self.obj(a), Some(Obj::Str(_)))
            && matches!(self.obj(b), Some(Obj::Str(_)))
        {
            pick(Op::COMPARE_OP_STR, Op::COMPARE_OP_STR_JUMP)
        } else {
            Err("operand types")
        }
    }

    /// `a op b` on an instance of a plain user class whose dunder for `op` is a Python
    /// function, with `b` of the same class or a builtin number (see
    /// `Vm::compare_op_user`): no reflected dunder can go first.
    fn spec_compare_op_user(&mut self, ctx: &Ctx, a: Value, b: Value, arg: u32) -> Spec {
        let op = CompareOp::from_oparg(arg).ok_or("bad oparg")?;
        let (cls, version, right) = self.user_operands(a, b)?;
        let n = self.intern(op.dunders().0).map_err(|_| "out of memory")?;
        let f = self.class_lookup(cls, n).ok_or("user operand: no dunder")?;
        let plain = matches!(self.obj(f), Some(Obj::Function(func))
            if func.code.flags & code_flags::RESUMABLE == 0);
        if !plain || !self.exact_args(f, 2) {
            return Err("user operand: dunder shape");
        }
        set_cache(ctx, 1, version);
        set_cache(ctx, 2, f.as_obj().map_or(0, |r| r.0));
        set_cache(ctx, 3, right);
        Ok(Op::COMPARE_OP_USER)
    }

    fn spec_contains_op(&mut self) -> Spec {
        match self.obj(self.peek(1)) {
            Some(Obj::Dict(_)) => Ok(Op::CONTAINS_OP_DICT),
            Some(Obj::Set(_)) => Ok(Op::CONTAINS_OP_SET),
            Some(Obj::List(_) | Obj::Tuple(_)) => Ok(Op::CONTAINS_OP_SEQ),
            _ => Err("container type"),
        }
    }

    fn spec_to_bool(&mut self, ctx: &Ctx) -> Spec {
        let v = self.peek(1);
        let jump = jump_follows(ctx, Op::TO_BOOL);
        let pick = |plain: Op, fused: Op| Ok(if jump { fused } else { plain });
        if v.is_bool() {
            pick(Op::TO_BOOL_BOOL, Op::TO_BOOL_BOOL_JUMP)
        } else if v.is_small_int() {
            pick(Op::TO_BOOL_INT, Op::TO_BOOL_INT_JUMP)
        } else if v.is_none() {
            pick(Op::TO_BOOL_NONE, Op::TO_BOOL_NONE_JUMP)
        } else {
            match self.obj(v) {
                Some(Obj::List(_)) => pick(Op::TO_BOOL_LIST, Op::TO_BOOL_LIST_JUMP),
                Some(Obj::Str(_)) => pick(Op::TO_BOOL_STR, Op::TO_BOOL_STR_JUMP),
                _ => Err("operand type"),
            }
        }
    }

    fn spec_for_iter(&mut self) -> Spec {
        match self.obj(self.peek(1)) {
            Some(Obj::RangeIter { .. }) => Ok(Op::FOR_ITER_RANGE),
            Some(Obj::ListIter { .. }) => Ok(Op::FOR_ITER_LIST),
            Some(Obj::Iter(it)) if matches!(**it, IterObj::Tuple { .. }) => Ok(Op::FOR_ITER_TUPLE),
            Some(Obj::Generator(_)) => Ok(Op::FOR_ITER_GEN),
            _ => Err("iterator type"),
        }
    }

    fn spec_unpack_sequence(&mut self, arg: u32) -> Spec {
        match self.obj(self.peek(1)) {
            Some(Obj::Tuple(t)) if t.len() == 2 && arg == 2 => Ok(Op::UNPACK_SEQUENCE_TWO_TUPLE),
            Some(Obj::Tuple(t)) if t.len() == arg as usize => Ok(Op::UNPACK_SEQUENCE_TUPLE),
            Some(Obj::List(l)) if l.len() == arg as usize => Ok(Op::UNPACK_SEQUENCE_LIST),
            _ => Err("sequence type or length"),
        }
    }

    /// Whether a Python function takes exactly `nargs` positional arguments and nothing else.
    pub(crate) fn exact_args(&self, f: Value, nargs: usize) -> bool {
        match self.obj(f) {
            Some(Obj::Function(f)) => exact_shape(&f.code, nargs),
            _ => false,
        }
    }

    /// `spec_call` of builtin `n` (`callable`).
    fn spec_call_native(&mut self, ctx: &Ctx, n: &NativeFunc, callable: Value, argc: usize) -> Spec {
        let self_arg = self.peek(argc + 1);
        let has_self = !self_arg.is_undef();
        if !n.bound.is_undef() {
            return Err("bound native");
        }
        if n.kind == NativeKind::Function && n.owner.is_undef() && !has_self {
            if n.name == "len" && argc == 1 {
                // The guard compares the callable with this entry.
                if let Some(id) = cache_id(callable) {
                    set_cache(ctx, 1, id);
                    return Ok(Op::CALL_LEN);
                }
            }
            if n.name == "isinstance" && argc == 2 {
                return Ok(Op::CALL_ISINSTANCE);
            }
        }
        if argc == 1
            && self
                .gen_resume_operands(callable, self_arg, self.peek(1))
                .is_some()
        {
            let Some(id) = cache_id(callable) else {
                return Err("builtin past the cache's reach");
            };
            set_cache(ctx, 1, id);
            return Ok(Op::CALL_GEN_RESUME);
        }
        if callable == LIST_APPEND
            && has_self
            && argc == 1
            && matches!(self.obj(self_arg), Some(Obj::List(_)))
        {
            return Ok(Op::CALL_LIST_APPEND);
        }
        if n.name == "add"
            && n.owner == Value::obj(self.types.set)
            && has_self
            && argc == 1
            && matches!(self.obj(self_arg), Some(Obj::Set(_)))
        {
            // The guard compares the callable with this entry.
            let Some(id) = cache_id(callable) else {
                return Err("builtin past the cache's reach");
            };
            set_cache(ctx, 1, id);
            return Ok(Op::CALL_SET_ADD);
        }
        Ok(Op::CALL_BUILTIN)
    }

    fn spec_call(&mut self, ctx: &Ctx, arg: u32) -> Spec {
        let argc = arg as usize;
        let callable = self.peek(argc + 2);
        let self_arg = self.peek(argc + 1);
        let has_self = !self_arg.is_undef();
        if let Some(n) = self.native(callable) {
            return self.spec_call_native(ctx, &n, callable, argc);
        }
        match self.obj(callable) {
            Some(Obj::Function(f)) => {
                let nargs = argc + has_self as usize;
                if exact_shape(&f.code, nargs) {
                    Ok(Op::CALL_PY_EXACT_ARGS)
                } else if defaults_shape(f, nargs).is_some() {
                    Ok(Op::CALL_PY_WITH_DEFAULTS)
                } else {
                    Err("Python function: argument shape")
                }
            }
            Some(Obj::BoundMethod { func, .. }) => {
                if !has_self && self.exact_args(*func, argc + 1) {
                    Ok(Op::CALL_BOUND_METHOD_EXACT_ARGS)
                } else {
                    Err("bound method: argument shape")
                }
            }
            Some(Obj::Class(c)) if c.is_builtin && !has_self => {
                // gen: `tuple(seq)` / `list(seq)` of a list or tuple copy the items directly.
                let cls = callable.as_obj();
                if argc == 1
                    && (cls == Some(self.types.tuple) || cls == Some(self.types.list))
                    && matches!(self.obj(self.peek(1)), Some(Obj::List(_) | Obj::Tuple(_)))
                {
                    return Ok(Op::CALL_TUPLE_LIST_1);
                }
                Ok(Op::CALL_BUILTIN_CLASS)
            }
            Some(Obj::Class(c)) => {
                if has_self || c.is_builtin || c.version.get() == 0 {
                    return Err("class: builtin or unversioned");
                }
                let (version, cls) = (c.version.get(), callable.as_obj().ok_or("class")?);
                if self.builtin_base(cls) != BuiltinBase::Object {
                    return Err("class: builtin base");
                }
                if !self.plain_instantiation(cls).map_err(|_| "out of memory")? {
                    return Err("class: metaclass or __new__");
                }
                let init_name = self.intern("__init__").map_err(|_| "out of memory")?;
                let init = self
                    .class_lookup(cls, init_name)
                    .ok_or("class: no __init__")?;
                if !self.exact_args(init, argc + 1) {
                    return Err("class: __init__ argument shape");
                }
                set_cache(ctx, 1, version);
                set_cache(ctx, 2, init.as_obj().map_or(0, |r| r.0));
                Ok(Op::CALL_ALLOC_AND_ENTER_INIT)
            }
            _ => Err("callable type"),
        }
    }
}

/// The most defaults `CALL_PY_WITH_DEFAULTS` fills in (more go the generic way).
pub(crate) const MAX_DEFAULTS: usize = 8;

/// How many of function `f`'s defaults a call with `nargs` positional arguments (and no
/// keywords) takes, when that is all the call needs to bind (some, at most
/// [`MAX_DEFAULTS`]; no `*args`, `**kwargs` or keyword-only parameters).
pub(crate) fn defaults_shape(f: &crate::object::types::Function, nargs: usize) -> Option<usize> {
    let code = &f.code;
    let plain = code.flags & (code_flags::VARARGS | code_flags::VARKEYWORDS) == 0
        && code.kwonlyargcount == 0;
    let missing = (code.argcount as usize).checked_sub(nargs)?;
    (plain && missing > 0 && missing <= f.defaults.len() && missing <= MAX_DEFAULTS)
        .then_some(missing)
}

/// Whether `nargs` positional arguments bind to `code`'s parameters one to one (no
/// `*args`/`**kwargs`, keyword-only parameters or defaults needed).
#[inline(always)]
pub(crate) fn exact_shape(code: &CodeObject, nargs: usize) -> bool {
    code.flags & (code_flags::VARARGS | code_flags::VARKEYWORDS) == 0
        && code.kwonlyargcount == 0
        && code.argcount as usize == nargs
}

/// gencall: whether a `RETURN_VALUE` directly follows the `BINARY_OP` being specialized at
/// `ctx.this` (its fused form returns itself).
fn return_follows(ctx: &Ctx) -> bool {
    let next = ctx
        .code
        .code
        .get(ctx.this + 1 + Op::BINARY_OP.cache_units());
    matches!(
        next.and_then(|c| Op::from_u8(c.get() as u8)),
        Some(Op::RETURN_VALUE)
    )
}

/// Whether a `POP_JUMP_IF_FALSE/TRUE` directly follows the instruction of family `head` being
/// specialized at `ctx.this`: its specialized forms can then take the jump themselves.
fn jump_follows(ctx: &Ctx, head: Op) -> bool {
    let next = ctx.code.code.get(ctx.this + 1 + head.cache_units());
    matches!(
        next.and_then(|c| Op::from_u8(c.get() as u8)),
        Some(Op::POP_JUMP_IF_FALSE | Op::POP_JUMP_IF_TRUE)
    )
}
