//! The `match` statement, compiled as CPython 3.11's `compiler_match` does.
//!
//! The subject stays on the stack; each case but the last tests a copy of it. A pattern
//! consumes the value it tests and leaves the values of the names it binds on the stack
//! (`PatternContext::stores`, bound all at once when the whole pattern matched). A failed
//! test jumps to one of the `fail_pop` labels, each of which pops one more item before the
//! next: the test jumps to the one that pops what is on the stack at that point. Compile
//! errors and locations are CPython's: the location of an error is that of the last
//! pattern entered (CPython's `SET_LOC`, never restored within a case).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::bytecode::ops::{BinaryOp, CompareOp, Op};
use crate::compile::ast::{
    BinOp, Constant, Expr, ExprKind, MatchCase, Name, Pattern, PatternKind, UnaryOp,
};
use crate::object::value::Value;

use super::{error, oom, CResult, Compiler, Label};

/// What the code generator tracks while it compiles one case's pattern.
struct PatternContext {
    /// The names bound so far, in the order their values sit on the stack.
    stores: Vec<Name>,
    /// Whether an irrefutable pattern is allowed here (the last case, or a guarded one).
    allow_irrefutable: bool,
    /// `fail_pop[n]` pops `n` items, then falls into `fail_pop[n - 1]`.
    fail_pop: Vec<Label>,
    /// Items above the stored names that a failure must pop too.
    on_top: usize,
}

/// A pattern that matches anything and binds nothing (`_`).
fn is_wildcard(p: &Pattern) -> bool {
    matches!(
        p.kind,
        PatternKind::MatchAs {
            pattern: None,
            name: None
        }
    )
}

/// `*_`.
fn is_star_wildcard(p: &Pattern) -> bool {
    matches!(p.kind, PatternKind::MatchStar(None))
}

impl<'a, 'p> Compiler<'a, 'p> {
    /// `match subject: case ...`.
    pub(crate) fn match_stmt(&mut self, subject: &'a Expr, cases: &'a [MatchCase]) -> CResult {
        self.visit_expr(subject)?;
        let end = self.new_label();
        let n = cases.len();
        let has_default = n > 1 && cases.last().is_some_and(|c| is_wildcard(&c.pattern));
        let tested = n - has_default as usize;
        for (i, case) in cases[..tested].iter().enumerate() {
            self.u.loc = case.pattern.loc;
            let last = i + 1 == tested;
            // Every case but the last tests a copy of the subject.
            if !last {
                self.emit(Op::COPY, 1);
            }
            let mut pc = PatternContext {
                stores: Vec::new(),
                allow_irrefutable: case.guard.is_some() || i + 1 == n,
                fail_pop: Vec::new(),
                on_top: 0,
            };
            self.pattern(&case.pattern, &mut pc)?;
            for name in core::mem::take(&mut pc.stores) {
                self.nameop(&name, super::NameCtx::Store)?;
            }
            if let Some(g) = &case.guard {
                self.ensure_fail_pop(&mut pc, 0);
                let fail = pc.fail_pop[0];
                self.jump_if(g, fail, false)?;
            }
            if !last {
                self.emit(Op::POP_TOP, 0);
            }
            self.visit_stmts(&case.body)?;
            self.jump(end);
            // A failed test's cleanup belongs to the pattern's line, not the body's.
            self.u.loc = case.pattern.loc;
            self.emit_and_reset_fail_pop(&mut pc);
        }
        if has_default {
            let case = &cases[n - 1];
            self.u.loc = case.pattern.loc;
            if n == 1 {
                self.emit(Op::POP_TOP, 0);
            } else {
                // The default case's line is reached (it has no other instruction).
                self.emit(Op::NOP, 0);
            }
            if let Some(g) = &case.guard {
                self.jump_if(g, end, false)?;
            }
            self.visit_stmts(&case.body)?;
        }
        self.bind(end);
        Ok(())
    }

    /// Makes sure `fail_pop` has labels for popping up to `n` items.
    fn ensure_fail_pop(&mut self, pc: &mut PatternContext, n: usize) {
        while pc.fail_pop.len() <= n {
            let l = self.new_label();
            pc.fail_pop.push(l);
        }
    }

    /// Jumps with `op` to the label that pops what a failure here must pop.
    fn jump_to_fail_pop(&mut self, pc: &mut PatternContext, op: Op) {
        let pops = pc.on_top + pc.stores.len();
        self.ensure_fail_pop(pc, pops);
        let target = pc.fail_pop[pops];
        if op == Op::JUMP_FORWARD {
            self.jump(target);
        } else {
            self.emit_jump(op, target);
        }
    }

    /// Emits the `fail_pop` labels, each popping one item, and empties the list.
    fn emit_and_reset_fail_pop(&mut self, pc: &mut PatternContext) {
        let labels = core::mem::take(&mut pc.fail_pop);
        let Some((&first, rest)) = labels.split_first() else {
            return;
        };
        for &l in rest.iter().rev() {
            self.bind(l);
            self.emit(Op::POP_TOP, 0);
        }
        self.bind(first);
    }

    /// Moves the top item below `count - 1` others (CPython's `pattern_helper_rotate`).
    fn rotate(&mut self, count: usize) -> CResult {
        for n in (2..=count).rev() {
            self.emit_checked(Op::SWAP, n)?;
        }
        Ok(())
    }

    /// Keeps the value on top for binding `name` when the whole pattern matches (pops it
    /// when there is no name).
    fn store_name(&mut self, name: Option<&Name>, pc: &mut PatternContext) -> CResult {
        let Some(name) = name else {
            self.emit(Op::POP_TOP, 0);
            return Ok(());
        };
        self.check_store_name(name)?;
        if pc.stores.contains(name) {
            return Err(error(
                self.u.loc,
                format!("multiple assignments to name '{name}' in pattern"),
            ));
        }
        self.rotate(pc.on_top + pc.stores.len() + 1)?;
        pc.stores.push(name.clone());
        Ok(())
    }

    /// Compiles a pattern that consumes the value on top.
    fn pattern(&mut self, p: &'a Pattern, pc: &mut PatternContext) -> CResult {
        self.enter(p.loc)?;
        self.u.loc = p.loc;
        let r = match &p.kind {
            PatternKind::MatchValue(v) => self.pattern_value(v, pc),
            PatternKind::MatchSingleton(c) => {
                let v = self.constant_value(c)?;
                self.load_const(v)?;
                self.emit(Op::IS_OP, 0);
                self.jump_to_fail_pop(pc, Op::POP_JUMP_IF_FALSE);
                Ok(())
            }
            PatternKind::MatchSequence(ps) => self.pattern_sequence(ps, pc),
            PatternKind::MatchMapping {
                keys,
                patterns,
                rest,
            } => self.pattern_mapping(keys, patterns, rest.as_ref(), pc),
            PatternKind::MatchClass {
                cls,
                patterns,
                kwd_attrs,
                kwd_patterns,
            } => self.pattern_class(p, cls, patterns, kwd_attrs, kwd_patterns, pc),
            PatternKind::MatchStar(name) => self.store_name(name.as_ref(), pc),
            PatternKind::MatchAs { pattern, name } => {
                self.pattern_as(pattern.as_deref(), name.as_ref(), pc)
            }
            PatternKind::MatchOr(alts) => self.pattern_or(alts, pc),
        };
        self.leave();
        r
    }

    /// A sub-pattern: irrefutable patterns are allowed inside others.
    fn subpattern(&mut self, p: &'a Pattern, pc: &mut PatternContext) -> CResult {
        let allow = pc.allow_irrefutable;
        pc.allow_irrefutable = true;
        self.pattern(p, pc)?;
        pc.allow_irrefutable = allow;
        Ok(())
    }

    fn pattern_value(&mut self, v: &'a Expr, pc: &mut PatternContext) -> CResult {
        if matches!(v.kind, ExprKind::JoinedStr(_)) {
            return Err(error(
                self.u.loc,
                "patterns may only match literals and attribute lookups",
            ));
        }
        self.visit_expr(v)?;
        self.emit(Op::COMPARE_OP, CompareOp::Eq as u32);
        self.emit_to_bool();
        self.jump_to_fail_pop(pc, Op::POP_JUMP_IF_FALSE);
        Ok(())
    }

    fn pattern_as(
        &mut self,
        pattern: Option<&'a Pattern>,
        name: Option<&Name>,
        pc: &mut PatternContext,
    ) -> CResult {
        let Some(sub) = pattern else {
            if !pc.allow_irrefutable {
                let msg = match name {
                    Some(n) => format!("name capture '{n}' makes remaining patterns unreachable"),
                    None => String::from("wildcard makes remaining patterns unreachable"),
                };
                return Err(error(self.u.loc, msg));
            }
            return self.store_name(name, pc);
        };
        // A copy of the subject is kept for binding the name.
        pc.on_top += 1;
        self.emit(Op::COPY, 1);
        self.pattern(sub, pc)?;
        pc.on_top -= 1;
        self.store_name(name, pc)
    }

    fn pattern_sequence(&mut self, patterns: &'a [Pattern], pc: &mut PatternContext) -> CResult {
        let size = patterns.len();
        let mut star = None;
        let mut only_wildcard = true;
        let mut star_wildcard = false;
        for (i, p) in patterns.iter().enumerate() {
            if let PatternKind::MatchStar(_) = p.kind {
                if star.is_some() {
                    return Err(error(
                        self.u.loc,
                        "multiple starred names in sequence pattern",
                    ));
                }
                star_wildcard = is_star_wildcard(p);
                only_wildcard &= star_wildcard;
                star = Some(i);
                continue;
            }
            only_wildcard &= is_wildcard(p);
        }
        // The subject stays on top for the type and length tests.
        pc.on_top += 1;
        self.emit(Op::MATCH_SEQUENCE, 0);
        self.jump_to_fail_pop(pc, Op::POP_JUMP_IF_FALSE);
        match star {
            None => self.length_test(size, CompareOp::Eq, pc)?,
            Some(_) if size > 1 => self.length_test(size - 1, CompareOp::Ge, pc)?,
            Some(_) => {}
        }
        pc.on_top -= 1;
        if only_wildcard {
            self.emit(Op::POP_TOP, 0);
            Ok(())
        } else if let (true, Some(star)) = (star_wildcard, star) {
            self.sequence_subscr(patterns, star, pc)
        } else {
            self.sequence_unpack(patterns, star, pc)
        }
    }

    /// `GET_LEN; LOAD_CONST n; COMPARE_OP op` and a jump to the failure path.
    fn length_test(&mut self, n: usize, op: CompareOp, pc: &mut PatternContext) -> CResult {
        self.emit(Op::GET_LEN, 0);
        self.load_usize(n)?;
        self.emit(Op::COMPARE_OP, op as u32);
        self.emit_to_bool();
        self.jump_to_fail_pop(pc, Op::POP_JUMP_IF_FALSE);
        Ok(())
    }

    fn load_usize(&mut self, n: usize) -> CResult {
        let v = Value::small_int(n as i64)
            .ok_or_else(|| error(self.u.loc, "too many sub-patterns in pattern"))?;
        self.load_const(v)
    }

    /// Unpacks the subject and matches each item (`UNPACK_SEQUENCE` / `UNPACK_EX`).
    fn sequence_unpack(
        &mut self,
        patterns: &'a [Pattern],
        star: Option<usize>,
        pc: &mut PatternContext,
    ) -> CResult {
        let size = patterns.len();
        match star {
            Some(i) => {
                let after = size - i - 1;
                if i >= 1 << 8 || after >= 1 << 16 {
                    return Err(error(
                        self.u.loc,
                        "too many expressions in star-unpacking sequence pattern",
                    ));
                }
                self.emit(Op::UNPACK_EX, (i | after << 8) as u32);
            }
            None => self.emit_checked(Op::UNPACK_SEQUENCE, size)?,
        }
        // The items stay on the stack until their sub-patterns consume them.
        pc.on_top += size;
        for p in patterns {
            pc.on_top -= 1;
            self.subpattern(p, pc)?;
        }
        Ok(())
    }

    /// Indexes the items a pattern with `*_` tests (no unpacking of the rest).
    fn sequence_subscr(
        &mut self,
        patterns: &'a [Pattern],
        star: usize,
        pc: &mut PatternContext,
    ) -> CResult {
        let size = patterns.len();
        pc.on_top += 1;
        for (i, p) in patterns.iter().enumerate() {
            if is_wildcard(p) || i == star {
                continue;
            }
            self.emit(Op::COPY, 1);
            if i < star {
                self.load_usize(i)?;
            } else {
                // A non-negative index: the subject may not support negative ones.
                self.emit(Op::GET_LEN, 0);
                self.load_usize(size - i)?;
                self.emit(Op::BINARY_OP, BinaryOp::Subtract as u32);
            }
            self.emit(Op::BINARY_SUBSCR, 0);
            self.subpattern(p, pc)?;
        }
        pc.on_top -= 1;
        self.emit(Op::POP_TOP, 0);
        Ok(())
    }

    fn pattern_mapping(
        &mut self,
        keys: &'a [Expr],
        patterns: &'a [Pattern],
        rest: Option<&Name>,
        pc: &mut PatternContext,
    ) -> CResult {
        let size = keys.len();
        pc.on_top += 1;
        self.emit(Op::MATCH_MAPPING, 0);
        self.jump_to_fail_pop(pc, Op::POP_JUMP_IF_FALSE);
        if size == 0 && rest.is_none() {
            // `{}` matches any mapping.
            pc.on_top -= 1;
            self.emit(Op::POP_TOP, 0);
            return Ok(());
        }
        if size > 0 {
            self.length_test(size, CompareOp::Ge, pc)?;
        }
        self.check_mapping_keys(keys)?;
        for k in keys {
            self.visit_expr(k)?;
        }
        self.emit_checked(Op::BUILD_TUPLE, size)?;
        self.emit(Op::MATCH_KEYS, 0);
        // The keys and the values are on top of the subject.
        pc.on_top += 2;
        self.emit(Op::COPY, 1);
        self.jump_to_fail_pop(pc, Op::POP_JUMP_IF_NONE);
        self.emit_checked(Op::UNPACK_SEQUENCE, size)?;
        pc.on_top += size;
        pc.on_top -= 1;
        for p in patterns {
            pc.on_top -= 1;
            self.subpattern(p, pc)?;
        }
        // A match: what follows consumes the keys and the subject.
        pc.on_top -= 2;
        let Some(rest) = rest else {
            self.emit(Op::POP_TOP, 0);
            self.emit(Op::POP_TOP, 0);
            return Ok(());
        };
        // rest = dict(subject), then `del rest[key]` for each key.
        self.emit(Op::BUILD_MAP, 0);
        self.emit(Op::SWAP, 3);
        self.emit(Op::DICT_UPDATE, 2);
        self.emit_checked(Op::UNPACK_SEQUENCE, size)?;
        for n in (1..=size).rev() {
            self.emit_checked(Op::COPY, 1 + n)?;
            self.emit(Op::SWAP, 2);
            self.emit(Op::DELETE_SUBSCR, 0);
        }
        self.store_name(Some(rest), pc)
    }

    /// A mapping pattern's keys: literals or attribute lookups, no literal twice.
    fn check_mapping_keys(&mut self, keys: &[Expr]) -> CResult {
        let mut seen: Vec<KeyConst> = Vec::new();
        for k in keys {
            if let Some(c) = key_const(k) {
                if seen.iter().any(|s| s.equals(&c)) {
                    return Err(error(
                        self.u.loc,
                        format!("mapping pattern checks duplicate key ({})", c.repr()),
                    ));
                }
                seen.push(c);
            } else if !matches!(k.kind, ExprKind::Attribute { .. }) {
                return Err(error(
                    self.u.loc,
                    "mapping pattern keys may only match literals and attribute lookups",
                ));
            }
        }
        Ok(())
    }

    fn pattern_class(
        &mut self,
        p: &'a Pattern,
        cls: &'a Expr,
        patterns: &'a [Pattern],
        kwd_attrs: &'a [Name],
        kwd_patterns: &'a [Pattern],
        pc: &mut PatternContext,
    ) -> CResult {
        if !kwd_attrs.is_empty() {
            self.check_kwd_attrs(kwd_attrs, kwd_patterns)?;
            self.u.loc = p.loc;
        }
        self.visit_expr(cls)?;
        let mut names = Vec::with_capacity(kwd_attrs.len());
        for a in kwd_attrs {
            names.push(self.str_value(a)?);
        }
        let t = self.pool.tuple(&names).map_err(oom)?;
        self.load_const(t)?;
        let nargs = patterns.len();
        self.emit_checked(Op::MATCH_CLASS, nargs)?;
        self.emit(Op::COPY, 1);
        // The tuple of attributes (or None) is on top.
        pc.on_top += 1;
        self.jump_to_fail_pop(pc, Op::POP_JUMP_IF_NONE);
        let total = nargs + kwd_attrs.len();
        self.emit_checked(Op::UNPACK_SEQUENCE, total)?;
        pc.on_top += total;
        pc.on_top -= 1;
        for sub in patterns.iter().chain(kwd_patterns) {
            pc.on_top -= 1;
            if is_wildcard(sub) {
                self.emit(Op::POP_TOP, 0);
                continue;
            }
            self.subpattern(sub, pc)?;
        }
        Ok(())
    }

    /// Keyword sub-patterns name assignable attributes, each once.
    fn check_kwd_attrs(&mut self, attrs: &[Name], patterns: &[Pattern]) -> CResult {
        for (i, a) in attrs.iter().enumerate() {
            if let Some(p) = patterns.get(i) {
                self.u.loc = p.loc;
            }
            self.check_store_name(a)?;
            for (j, b) in attrs.iter().enumerate().skip(i + 1) {
                if a == b {
                    let loc = patterns.get(j).map_or(self.u.loc, |p| p.loc);
                    return Err(error(
                        loc,
                        format!("attribute name repeated in class pattern: {a}"),
                    ));
                }
            }
        }
        Ok(())
    }

    fn pattern_or(&mut self, alts: &'a [Pattern], pc: &mut PatternContext) -> CResult {
        let end = self.new_label();
        let old_on_top = pc.on_top;
        let old_allow = pc.allow_irrefutable;
        let old_stores = core::mem::take(&mut pc.stores);
        let old_fail_pop = core::mem::take(&mut pc.fail_pop);
        let mut control: Option<Vec<Name>> = None;
        for (i, alt) in alts.iter().enumerate() {
            self.u.loc = alt.loc;
            pc.stores = Vec::new();
            // An irrefutable alternative must be the last one, if it is allowed at all.
            pc.allow_irrefutable = i + 1 == alts.len() && old_allow;
            pc.fail_pop = Vec::new();
            pc.on_top = 0;
            self.emit(Op::COPY, 1);
            self.pattern(alt, pc)?;
            match &control {
                None => control = Some(pc.stores.clone()),
                Some(ctl) => self.align_stores(ctl, pc)?,
            }
            self.jump(end);
            self.emit_and_reset_fail_pop(pc);
        }
        let control = control.unwrap_or_default();
        pc.stores = old_stores;
        pc.fail_pop = old_fail_pop;
        pc.on_top = old_on_top;
        pc.allow_irrefutable = old_allow;
        // No alternative matched: pop the copy of the subject and fail.
        self.emit(Op::POP_TOP, 0);
        self.jump_to_fail_pop(pc, Op::JUMP_FORWARD);
        self.bind(end);
        // Move the new names below what the enclosing patterns keep on the stack.
        let nrots = control.len() + 1 + pc.on_top + pc.stores.len();
        for name in control {
            self.rotate(nrots)?;
            if pc.stores.contains(&name) {
                return Err(error(
                    self.u.loc,
                    format!("multiple assignments to name '{name}' in pattern"),
                ));
            }
            pc.stores.push(name);
        }
        self.emit(Op::POP_TOP, 0);
        Ok(())
    }

    /// An alternative after the first must bind the first's names; its values are
    /// reordered on the stack to the first's order.
    fn align_stores(&mut self, control: &[Name], pc: &mut PatternContext) -> CResult {
        let diff = error(self.u.loc, "alternative patterns bind different names");
        if pc.stores.len() != control.len() {
            return Err(diff);
        }
        for icontrol in (0..control.len()).rev() {
            let name = &control[icontrol];
            let Some(istores) = pc.stores.iter().position(|n| n == name) else {
                return Err(diff);
            };
            if icontrol != istores {
                let rotations = istores + 1;
                // The same rotation on the list of names: the first `rotations` names move
                // to position `icontrol - istores`.
                let rotated: Vec<Name> = pc.stores.drain(..rotations).collect();
                let at = icontrol - istores;
                for (k, n) in rotated.into_iter().enumerate() {
                    pc.stores.insert(at + k, n);
                }
                for _ in 0..rotations {
                    self.rotate(icontrol + 1)?;
                }
            }
        }
        Ok(())
    }
}

/// A mapping pattern's literal key, for finding duplicates as CPython's set of keys does.
enum KeyConst {
    None,
    Bool(bool),
    Int(i64),
    /// A big int literal: its digits (no leading zeros) and radix, with its sign.
    BigInt(bool, String, u32),
    Float(f64),
    Complex(f64, f64),
    Str(String),
    Bytes(Vec<u8>),
}

/// The value of a literal key (after the folding CPython does before compiling).
fn key_const(e: &Expr) -> Option<KeyConst> {
    match &e.kind {
        ExprKind::Constant(c) => Some(match c {
            Constant::None => KeyConst::None,
            Constant::True => KeyConst::Bool(true),
            Constant::False => KeyConst::Bool(false),
            Constant::Int(i) => KeyConst::Int(*i),
            Constant::BigInt { digits, radix } => {
                KeyConst::BigInt(false, String::from(digits.trim_start_matches('0')), *radix)
            }
            Constant::Float(f) => KeyConst::Float(*f),
            Constant::Imaginary(f) => KeyConst::Complex(0.0, *f),
            Constant::Str(s) => KeyConst::Str(s.clone()),
            Constant::Bytes(b) => KeyConst::Bytes(b.clone()),
            Constant::Ellipsis => return None,
        }),
        ExprKind::UnaryOp {
            op: UnaryOp::USub,
            operand,
        } => Some(match key_const(operand)? {
            KeyConst::Int(i) => match i.checked_neg() {
                Some(n) => KeyConst::Int(n),
                None => {
                    KeyConst::BigInt(true, alloc::format!("{}", (i as i128).unsigned_abs()), 10)
                }
            },
            KeyConst::BigInt(neg, d, r) => KeyConst::BigInt(!neg, d, r),
            KeyConst::Float(f) => KeyConst::Float(-f),
            KeyConst::Complex(re, im) => KeyConst::Complex(-re, -im),
            _ => return None,
        }),
        ExprKind::BinOp { left, op, right } => {
            let re = match key_const(left)? {
                KeyConst::Int(i) => i as f64,
                KeyConst::Float(f) => f,
                _ => return None,
            };
            let KeyConst::Complex(_, im) = key_const(right)? else {
                return None;
            };
            Some(match op {
                BinOp::Add => KeyConst::Complex(re, im),
                _ => KeyConst::Complex(re, -im),
            })
        }
        _ => None,
    }
}

impl KeyConst {
    /// The key as a number, when it is one that compares equal across types.
    fn number(&self) -> Option<(f64, f64, Option<i64>)> {
        match self {
            KeyConst::Bool(b) => Some((*b as i64 as f64, 0.0, Some(*b as i64))),
            KeyConst::Int(i) => Some((*i as f64, 0.0, Some(*i))),
            KeyConst::Float(f) => Some((*f, 0.0, None)),
            KeyConst::Complex(re, im) => Some((*re, *im, None)),
            _ => None,
        }
    }

    /// Python's `==` between two literal keys.
    fn equals(&self, other: &KeyConst) -> bool {
        match (self, other) {
            (KeyConst::None, KeyConst::None) => true,
            (KeyConst::Str(a), KeyConst::Str(b)) => a == b,
            (KeyConst::Bytes(a), KeyConst::Bytes(b)) => a == b,
            (KeyConst::BigInt(n1, d1, r1), KeyConst::BigInt(n2, d2, r2)) => {
                n1 == n2 && d1 == d2 && r1 == r2
            }
            _ => match (self.number(), other.number()) {
                (Some((_, _, Some(a))), Some((_, _, Some(b)))) => a == b,
                (Some((r1, i1, _)), Some((r2, i2, _))) => r1 == r2 && i1 == i2,
                _ => false,
            },
        }
    }

    /// `repr` of the key, for the error message.
    fn repr(&self) -> String {
        use crate::format::float_repr;
        match self {
            KeyConst::None => String::from("None"),
            KeyConst::Bool(true) => String::from("True"),
            KeyConst::Bool(false) => String::from("False"),
            KeyConst::Int(i) => format!("{i}"),
            KeyConst::BigInt(neg, d, r) => {
                let sign = if *neg { "-" } else { "" };
                match (*r, u128::from_str_radix(d, *r)) {
                    (10, _) | (_, Err(_)) => format!("{sign}{d}"),
                    (_, Ok(v)) => format!("{sign}{v}"),
                }
            }
            KeyConst::Float(f) => float_repr(*f),
            KeyConst::Complex(re, im) => {
                let part = |x: f64| {
                    let s = float_repr(x);
                    String::from(s.strip_suffix(".0").unwrap_or(&s))
                };
                if *re == 0.0 && re.is_sign_positive() {
                    format!("{}j", part(*im))
                } else {
                    let sign = if *im < 0.0 || (*im == 0.0 && im.is_sign_negative()) {
                        ""
                    } else {
                        "+"
                    };
                    format!("({}{sign}{}j)", part(*re), part(*im))
                }
            }
            KeyConst::Str(s) => crate::object::repr::str_repr(s),
            KeyConst::Bytes(b) => crate::object::repr::bytes_repr(b, "", ""),
        }
    }
}
