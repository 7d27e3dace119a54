//! Expressions: names, constants, operators, displays, subscripts and conditional jumps.

use alloc::vec::Vec;

use crate::bytecode::code::IntLiteral;
use crate::bytecode::ops::{BinaryOp, CompareOp, Intrinsic, Op};
use crate::compile::ast::{BinOp, BoolOp, CmpOp, Constant, Expr, ExprKind, Loc, Name, UnaryOp};
use crate::object::value::Value;

use super::symtable::SymScope;
use super::{big_int_const_error, complex_const_error, error, oom, CResult, Compiler, Label, UnitKind, STACK_USE_GUIDELINE};

/// What a name or target is used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NameCtx {
    Load,
    Store,
    Del,
}

/// A number being constant-folded.
#[derive(Clone, Copy)]
enum Num {
    Int(i64),
    Float(f64),
    /// A complex: real and imaginary parts.
    Complex(f64, f64),
}

fn fold_num(e: &Expr) -> Option<Num> {
    match &e.kind {
        ExprKind::Constant(Constant::Int(i)) => Some(Num::Int(*i)),
        ExprKind::Constant(Constant::Float(f)) => Some(Num::Float(*f)),
        ExprKind::Constant(Constant::Imaginary(f)) => Some(Num::Complex(0.0, *f)),
        ExprKind::UnaryOp {
            op: UnaryOp::USub,
            operand,
        } => match fold_num(operand)? {
            Num::Int(i) => i.checked_neg().map(Num::Int),
            Num::Float(f) => Some(Num::Float(-f)),
            Num::Complex(re, im) => Some(Num::Complex(-re, -im)),
        },
        _ => None,
    }
}

/// Whether `e` folds to a constant (literals, negated numbers, tuples of constants).
pub(crate) fn is_foldable(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Constant(_) => true,
        ExprKind::UnaryOp {
            op: UnaryOp::USub, ..
        } => fold_num(e).is_some(),
        ExprKind::Tuple(elts) => elts.iter().all(is_foldable),
        _ => false,
    }
}

/// The truth value of a constant expression, when known without running code.
pub(crate) fn const_truth(e: &Expr) -> Option<bool> {
    match &e.kind {
        ExprKind::Name(n) if &**n == "__debug__" => Some(true),
        ExprKind::Constant(c) => Some(match c {
            Constant::None | Constant::False => false,
            Constant::True | Constant::Ellipsis => true,
            Constant::Int(i) => *i != 0,
            Constant::BigInt { .. } => true,
            Constant::Float(f) | Constant::Imaginary(f) => *f != 0.0,
            Constant::Str(s) => !s.is_empty(),
            Constant::Bytes(b) => !b.is_empty(),
        }),
        _ => None,
    }
}

pub(crate) fn binary_op(op: BinOp) -> BinaryOp {
    match op {
        BinOp::Add => BinaryOp::Add,
        BinOp::Sub => BinaryOp::Subtract,
        BinOp::Mult => BinaryOp::Multiply,
        BinOp::MatMult => BinaryOp::MatrixMultiply,
        BinOp::Div => BinaryOp::TrueDivide,
        BinOp::Mod => BinaryOp::Remainder,
        BinOp::Pow => BinaryOp::Power,
        BinOp::LShift => BinaryOp::Lshift,
        BinOp::RShift => BinaryOp::Rshift,
        BinOp::BitOr => BinaryOp::Or,
        BinOp::BitXor => BinaryOp::Xor,
        BinOp::BitAnd => BinaryOp::And,
        BinOp::FloorDiv => BinaryOp::FloorDivide,
    }
}

/// Whether a subscript is `a[x:y]` (no step), compiled with `BINARY_SLICE`/`STORE_SLICE`.
pub(crate) fn is_two_element_slice(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Slice { step: None, .. })
}

impl<'a, 'p> Compiler<'a, 'p> {
    // ---- constants --------------------------------------------------------------------

    fn int_value(&mut self, i: i64) -> CResult<Value> {
        match Value::small_int(i) {
            Some(v) => Ok(v),
            None => self.pool.int(IntLiteral::Small(i)).map_err(oom),
        }
    }

    /// The value of a literal.
    pub(crate) fn constant_value(&mut self, c: &Constant) -> CResult<Value> {
        Ok(match c {
            Constant::None => Value::NONE,
            Constant::True => Value::TRUE,
            Constant::False => Value::FALSE,
            Constant::Ellipsis => Value::ELLIPSIS,
            Constant::Int(i) => self.int_value(*i)?,
            Constant::BigInt { digits, radix } => self
                .pool
                .int(IntLiteral::Big {
                    digits,
                    radix: *radix,
                })
                .map_err(big_int_const_error)?,
            Constant::Float(f) => Value::float(*f),
            Constant::Imaginary(f) => self.pool.complex(0.0, *f).map_err(complex_const_error)?,
            Constant::Str(s) => self.str_value(s)?,
            Constant::Bytes(b) => self.pool.bytes(b).map_err(oom)?,
        })
    }

    /// Folds `e` to a constant when [`is_foldable`].
    pub(crate) fn try_fold(&mut self, e: &Expr) -> CResult<Option<Value>> {
        if !is_foldable(e) {
            return Ok(None);
        }
        self.fold(e)
    }

    fn fold(&mut self, e: &Expr) -> CResult<Option<Value>> {
        match &e.kind {
            ExprKind::Constant(c) => self.constant_value(c).map(Some),
            ExprKind::UnaryOp { .. } => match fold_num(e) {
                Some(Num::Int(i)) => self.int_value(i).map(Some),
                Some(Num::Float(f)) => Ok(Some(Value::float(f))),
                Some(Num::Complex(re, im)) => self
                    .pool
                    .complex(re, im)
                    .map(Some)
                    .map_err(complex_const_error),
                None => Ok(None),
            },
            ExprKind::Tuple(elts) => {
                let mut items = Vec::with_capacity(elts.len());
                for x in elts {
                    match self.fold(x)? {
                        Some(v) => items.push(v),
                        None => return Ok(None),
                    }
                }
                self.pool.tuple(&items).map(Some).map_err(oom)
            }
            _ => Ok(None),
        }
    }

    // ---- names ------------------------------------------------------------------------

    /// CPython's `forbidden_name` for a name that is assigned (a target, a parameter, a
    /// keyword argument, a name a pattern binds).
    pub(crate) fn check_store_name(&self, name: &str) -> CResult {
        if name == "__debug__" {
            return Err(error(self.u.loc, "cannot assign to __debug__"));
        }
        Ok(())
    }

    /// Loads, stores or deletes a name according to its scope.
    pub(crate) fn nameop(&mut self, name: &Name, ctx: NameCtx) -> CResult {
        match ctx {
            NameCtx::Store => self.check_store_name(name)?,
            NameCtx::Del if &**name == "__debug__" => {
                return Err(error(self.u.loc, "cannot delete __debug__"));
            }
            _ => {}
        }
        let written = name;
        let mangled = self.mangled(name);
        let name = &mangled;
        let kind = self.u.kind;
        let scope = self.st.scope(self.u.scope).lookup(name);
        let deref = match scope {
            SymScope::Cell => self.u.cell_index(name),
            SymScope::Free => self.u.free_index(name),
            _ => None,
        };
        if let Some(i) = deref {
            match ctx {
                NameCtx::Load if kind == UnitKind::Class => {
                    self.emit(Op::LOAD_LOCALS, 0);
                    self.emit(Op::LOAD_FROM_DICT_OR_DEREF, i);
                }
                NameCtx::Load => self.emit(Op::LOAD_DEREF, i),
                NameCtx::Store => self.emit(Op::STORE_DEREF, i),
                NameCtx::Del => self.emit(Op::DELETE_DEREF, i),
            }
            return Ok(());
        }
        let function_like = kind.is_function_like();
        let (fast, global) = match scope {
            SymScope::Local | SymScope::Cell | SymScope::Free => (function_like, false),
            SymScope::GlobalImplicit => (false, function_like),
            SymScope::GlobalExplicit => (false, true),
        };
        if fast {
            let i = self.var_index(name);
            let op = match ctx {
                NameCtx::Load => {
                    if i < self.u.nparams && !self.u.deleted_params.contains(written) {
                        Op::LOAD_FAST
                    } else {
                        Op::LOAD_FAST_CHECK
                    }
                }
                NameCtx::Store => Op::STORE_FAST,
                NameCtx::Del => Op::DELETE_FAST,
            };
            self.emit(op, i);
            return Ok(());
        }
        let op = match (global, ctx) {
            (true, NameCtx::Load) => {
                return self.emit_name(Op::LOAD_GLOBAL, name, 1, 0);
            }
            (true, NameCtx::Store) => Op::STORE_GLOBAL,
            (true, NameCtx::Del) => Op::DELETE_GLOBAL,
            (false, NameCtx::Load) => Op::LOAD_NAME,
            (false, NameCtx::Store) => Op::STORE_NAME,
            (false, NameCtx::Del) => Op::DELETE_NAME,
        };
        self.emit_name(op, name, 0, 0)
    }

    /// Whether loading `name` here is a `LOAD_GLOBAL` (which can push the null of a call).
    pub(crate) fn is_global_load(&self, name: &str) -> bool {
        match self.st.scope(self.u.scope).lookup(name) {
            SymScope::GlobalExplicit => true,
            SymScope::GlobalImplicit => self.u.kind.is_function_like(),
            _ => false,
        }
    }

    // ---- expressions ------------------------------------------------------------------

    /// Compiles an expression that leaves its value on the stack.
    pub(crate) fn visit_expr(&mut self, e: &'a Expr) -> CResult {
        self.enter(e.loc)?;
        let saved = self.u.loc;
        self.u.loc = e.loc;
        let r = self.visit_expr_kind(e);
        self.u.loc = saved;
        self.leave();
        r
    }

    fn visit_expr_kind(&mut self, e: &'a Expr) -> CResult {
        match &e.kind {
            ExprKind::Constant(_)
            | ExprKind::Tuple(_)
            | ExprKind::UnaryOp {
                op: UnaryOp::USub, ..
            } if is_foldable(e) => {
                if let Some(v) = self.fold(e)? {
                    return self.load_const(v);
                }
                self.visit_unfolded(e)
            }
            _ => self.visit_unfolded(e),
        }
    }

    fn visit_unfolded(&mut self, e: &'a Expr) -> CResult {
        match &e.kind {
            ExprKind::BoolOp { op, values } => self.boolop(*op, values),
            ExprKind::NamedExpr { target, value } => {
                self.visit_expr(value)?;
                self.emit(Op::COPY, 1);
                // The target's own location (it starts the expression).
                let l = e.loc;
                self.u.loc = Loc {
                    end_line: l.line,
                    end_col: l.col + target.chars().count() as u32,
                    ..l
                };
                self.nameop(target, NameCtx::Store)
            }
            ExprKind::BinOp { .. } => self.binop_chain(e),
            ExprKind::UnaryOp { op, operand } => self.unaryop(*op, operand),
            ExprKind::Lambda { args, body } => self.lambda(e, args, body),
            ExprKind::IfExp { test, body, orelse } => self.ifexp(test, body, orelse),
            ExprKind::Dict { keys, values } => self.dict(keys, values),
            ExprKind::Set(elts) => {
                self.starunpack(elts, 0, Op::BUILD_SET, Op::SET_ADD, Op::SET_UPDATE, false)
            }
            ExprKind::ListComp { .. }
            | ExprKind::SetComp { .. }
            | ExprKind::DictComp { .. }
            | ExprKind::GeneratorExp { .. } => self.comprehension(e),
            ExprKind::Yield(value) => self.yield_expr(e, value.as_deref()),
            ExprKind::YieldFrom(value) => self.yield_from(e, value),
            ExprKind::Await(value) => {
                self.visit_expr(value)?;
                self.u.loc = e.loc;
                self.await_top(0)
            }
            ExprKind::Compare {
                left,
                ops,
                comparators,
            } => self.compare(left, ops, comparators),
            ExprKind::Call {
                func,
                args,
                keywords,
            } => self.call(e, func, args, keywords),
            ExprKind::FormattedValue {
                value,
                conversion,
                format_spec,
            } => self.formatted_value(e, value, *conversion, format_spec.as_deref()),
            ExprKind::JoinedStr(values) => self.joined_str(values),
            ExprKind::Constant(c) => {
                let v = self.constant_value(c)?;
                self.load_const(v)
            }
            ExprKind::Attribute { value, attr } => {
                self.visit_expr(value)?;
                self.emit_attr(Op::LOAD_ATTR, attr, 1, 0)
            }
            ExprKind::Subscript { value, slice } => self.subscript(value, slice, NameCtx::Load),
            ExprKind::Starred(_) => Err(error(e.loc, "can't use starred expression here")),
            // `__debug__` is a compile-time constant (True: asserts are kept).
            ExprKind::Name(n) if &**n == "__debug__" => self.load_const(Value::TRUE),
            ExprKind::Name(n) => self.nameop(n, NameCtx::Load),
            ExprKind::List(elts) => self.starunpack(
                elts,
                0,
                Op::BUILD_LIST,
                Op::LIST_APPEND,
                Op::LIST_EXTEND,
                false,
            ),
            ExprKind::Tuple(elts) => self.starunpack(
                elts,
                0,
                Op::BUILD_LIST,
                Op::LIST_APPEND,
                Op::LIST_EXTEND,
                true,
            ),
            ExprKind::Slice { .. } => {
                let n = self.slice_parts(e)?;
                self.emit(Op::BUILD_SLICE, n);
                Ok(())
            }
        }
    }

    fn unaryop(&mut self, op: UnaryOp, operand: &'a Expr) -> CResult {
        self.visit_expr(operand)?;
        match op {
            UnaryOp::Invert => self.emit(Op::UNARY_INVERT, 0),
            UnaryOp::Not => {
                self.emit_to_bool();
                self.emit(Op::UNARY_NOT, 0);
            }
            UnaryOp::UAdd => self.emit(Op::CALL_INTRINSIC_1, Intrinsic::UnaryPositive as u32),
            UnaryOp::USub => self.emit(Op::UNARY_NEGATIVE, 0),
        }
        Ok(())
    }

    /// `body if test else orelse`.
    fn ifexp(&mut self, test: &'a Expr, body: &'a Expr, orelse: &'a Expr) -> CResult {
        let end = self.new_label();
        let next = self.new_label();
        self.jump_if(test, next, false)?;
        self.visit_expr(body)?;
        self.jump(end);
        self.bind(next);
        self.visit_expr(orelse)?;
        self.bind(end);
        Ok(())
    }

    /// `yield [value]` (the expression `e`).
    fn yield_expr(&mut self, e: &Expr, value: Option<&'a Expr>) -> CResult {
        self.check_yield(e)?;
        match value {
            Some(v) => self.visit_expr(v)?,
            None => self.load_const(Value::NONE)?,
        }
        self.emit_yield();
        Ok(())
    }

    /// `yield from value` (the expression `e`).
    fn yield_from(&mut self, e: &Expr, value: &'a Expr) -> CResult {
        self.check_yield(e)?;
        self.visit_expr(value)?;
        self.emit(Op::GET_YIELD_FROM_ITER, 0);
        self.load_const(Value::NONE)?;
        self.add_yield_from()
    }

    /// One `{value!conversion:format_spec}` field of an f-string (the expression `e`).
    fn formatted_value(
        &mut self,
        e: &Expr,
        value: &'a Expr,
        conversion: Option<char>,
        format_spec: Option<&'a Expr>,
    ) -> CResult {
        self.visit_expr(value)?;
        let mut oparg = match conversion {
            Some('s') => 1,
            Some('r') => 2,
            Some('a') => 3,
            None => 0,
            Some(c) => {
                return Err(error(
                    e.loc,
                    alloc::format!("invalid conversion character '{c}'"),
                ))
            }
        };
        if let Some(spec) = format_spec {
            self.visit_expr(spec)?;
            oparg |= 4;
        }
        self.emit(Op::FORMAT_VALUE, oparg);
        Ok(())
    }

    /// An f-string's parts joined: `BUILD_STRING`, or `"".join([...])` for many parts.
    fn joined_str(&mut self, values: &'a [Expr]) -> CResult {
        if values.len() > STACK_USE_GUIDELINE {
            self.load_str("")?;
            self.emit_name(Op::LOAD_ATTR, "join", 1, 1)?;
            self.emit(Op::BUILD_LIST, 0);
            for v in values {
                self.visit_expr(v)?;
                self.emit(Op::LIST_APPEND, 1);
            }
            self.emit(Op::CALL, 1);
        } else {
            for v in values {
                self.visit_expr(v)?;
            }
            if values.len() != 1 {
                self.emit(Op::BUILD_STRING, values.len() as u32);
            }
        }
        Ok(())
    }

    /// `yield` is only valid in functions (and not in comprehensions).
    fn check_yield(&self, e: &Expr) -> CResult {
        match self.u.kind {
            UnitKind::Function | UnitKind::Lambda => Ok(()),
            UnitKind::Comprehension => {
                let what = match &*self.u.name {
                    "<listcomp>" => "list comprehension",
                    "<setcomp>" => "set comprehension",
                    "<dictcomp>" => "dict comprehension",
                    _ => "generator expression",
                };
                Err(error(e.loc, alloc::format!("'yield' inside {what}")))
            }
            _ => Err(error(e.loc, "'yield' outside function")),
        }
    }

    /// A left-deep chain `a + b - c ...` iteratively, so long chains do not recurse.
    fn binop_chain(&mut self, e: &'a Expr) -> CResult {
        let mut spine: Vec<&'a Expr> = Vec::new();
        let mut cur = e;
        while let ExprKind::BinOp { left, .. } = &cur.kind {
            spine.push(cur);
            cur = left;
        }
        self.visit_expr(cur)?;
        for node in spine.iter().rev() {
            if let ExprKind::BinOp { op, right, .. } = &node.kind {
                self.visit_expr(right)?;
                self.u.loc = node.loc;
                self.emit(Op::BINARY_OP, binary_op(*op) as u32);
            }
        }
        Ok(())
    }

    fn boolop(&mut self, op: BoolOp, values: &'a [Expr]) -> CResult {
        let jump = if op == BoolOp::And {
            Op::POP_JUMP_IF_FALSE
        } else {
            Op::POP_JUMP_IF_TRUE
        };
        let end = self.new_label();
        let loc = self.u.loc;
        let Some((last, init)) = values.split_last() else {
            return Err(error(loc, "empty boolean operation"));
        };
        for v in init {
            self.visit_expr(v)?;
            self.emit(Op::COPY, 1);
            self.emit_to_bool_after_copy();
            self.emit_jump(jump, end);
            self.emit(Op::POP_TOP, 0);
        }
        self.visit_expr(last)?;
        self.bind(end);
        Ok(())
    }

    /// `TO_BOOL` after a `COPY 1` unless the copied value is already a bool.
    fn emit_to_bool_after_copy(&mut self) {
        let n = self.u.instrs.len();
        let known = n >= 2 && !self.label_at(n - 1) && {
            let prev = self.u.instrs[n - 2];
            matches!(
                prev.kind,
                super::Kind::Op(Op::IS_OP | Op::CONTAINS_OP | Op::UNARY_NOT)
            )
        };
        if !known {
            self.emit(Op::TO_BOOL, 0);
        }
    }

    fn compare_op(&mut self, op: CmpOp) {
        let (opcode, arg) = match op {
            CmpOp::Eq => (Op::COMPARE_OP, CompareOp::Eq as u32),
            CmpOp::NotEq => (Op::COMPARE_OP, CompareOp::Ne as u32),
            CmpOp::Lt => (Op::COMPARE_OP, CompareOp::Lt as u32),
            CmpOp::LtE => (Op::COMPARE_OP, CompareOp::Le as u32),
            CmpOp::Gt => (Op::COMPARE_OP, CompareOp::Gt as u32),
            CmpOp::GtE => (Op::COMPARE_OP, CompareOp::Ge as u32),
            CmpOp::Is => (Op::IS_OP, 0),
            CmpOp::IsNot => (Op::IS_OP, 1),
            CmpOp::In => (Op::CONTAINS_OP, 0),
            CmpOp::NotIn => (Op::CONTAINS_OP, 1),
        };
        self.emit(opcode, arg);
    }

    fn compare(&mut self, left: &'a Expr, ops: &[CmpOp], comparators: &'a [Expr]) -> CResult {
        let loc = self.u.loc;
        if ops.is_empty() || ops.len() != comparators.len() {
            return Err(error(loc, "malformed comparison"));
        }
        self.visit_expr(left)?;
        let n = ops.len() - 1;
        if n == 0 {
            self.visit_expr(&comparators[0])?;
            self.compare_op(ops[0]);
            return Ok(());
        }
        let cleanup = self.new_label();
        for i in 0..n {
            self.visit_expr(&comparators[i])?;
            self.emit(Op::SWAP, 2);
            self.emit(Op::COPY, 2);
            self.compare_op(ops[i]);
            self.emit(Op::COPY, 1);
            self.emit_to_bool_after_copy();
            self.emit_jump(Op::POP_JUMP_IF_FALSE, cleanup);
            self.emit(Op::POP_TOP, 0);
        }
        self.visit_expr(&comparators[n])?;
        self.compare_op(ops[n]);
        let end = self.new_label();
        self.jump(end);
        self.bind(cleanup);
        self.emit(Op::SWAP, 2);
        self.emit(Op::POP_TOP, 0);
        self.bind(end);
        Ok(())
    }

    /// Jumps to `next` when the truth of `e` equals `cond`; falls through otherwise.
    pub(crate) fn jump_if(&mut self, e: &'a Expr, next: Label, cond: bool) -> CResult {
        self.enter(e.loc)?;
        let saved = self.u.loc;
        self.u.loc = e.loc;
        let r = self.jump_if_kind(e, next, cond);
        self.u.loc = saved;
        self.leave();
        r
    }

    fn jump_if_kind(&mut self, e: &'a Expr, next: Label, cond: bool) -> CResult {
        if let Some(truth) = const_truth(e) {
            if truth == cond {
                self.jump(next);
            }
            return Ok(());
        }
        match &e.kind {
            ExprKind::UnaryOp {
                op: UnaryOp::Not,
                operand,
            } => return self.jump_if(operand, next, !cond),
            ExprKind::BoolOp { op, values } => {
                let cond2 = *op == BoolOp::Or;
                let next2 = if cond2 != cond {
                    self.new_label()
                } else {
                    next
                };
                let Some((last, init)) = values.split_last() else {
                    return Err(error(e.loc, "empty boolean operation"));
                };
                for v in init {
                    self.jump_if(v, next2, cond2)?;
                }
                self.jump_if(last, next, cond)?;
                if next2 != next {
                    self.bind(next2);
                }
                return Ok(());
            }
            ExprKind::IfExp { test, body, orelse } => {
                let end = self.new_label();
                let next2 = self.new_label();
                self.jump_if(test, next2, false)?;
                self.jump_if(body, next, cond)?;
                self.jump(end);
                self.bind(next2);
                self.jump_if(orelse, next, cond)?;
                self.bind(end);
                return Ok(());
            }
            // `x is None` / `x is not None` test identity directly.
            ExprKind::Compare {
                left,
                ops,
                comparators,
            } if ops.len() == 1
                && comparators.len() == 1
                && matches!(ops[0], CmpOp::Is | CmpOp::IsNot)
                && matches!(comparators[0].kind, ExprKind::Constant(Constant::None)) =>
            {
                self.visit_expr(left)?;
                let is = (ops[0] == CmpOp::Is) == cond;
                let op = if is {
                    Op::POP_JUMP_IF_NONE
                } else {
                    Op::POP_JUMP_IF_NOT_NONE
                };
                self.emit_jump(op, next);
                return Ok(());
            }
            ExprKind::Compare {
                left,
                ops,
                comparators,
            } if ops.len() > 1 && ops.len() == comparators.len() => {
                let n = ops.len() - 1;
                let cleanup = self.new_label();
                self.visit_expr(left)?;
                for i in 0..n {
                    self.visit_expr(&comparators[i])?;
                    self.emit(Op::SWAP, 2);
                    self.emit(Op::COPY, 2);
                    self.compare_op(ops[i]);
                    self.emit_to_bool();
                    self.emit_jump(Op::POP_JUMP_IF_FALSE, cleanup);
                }
                self.visit_expr(&comparators[n])?;
                self.compare_op(ops[n]);
                self.emit_to_bool();
                self.emit_jump(
                    if cond {
                        Op::POP_JUMP_IF_TRUE
                    } else {
                        Op::POP_JUMP_IF_FALSE
                    },
                    next,
                );
                let end = self.new_label();
                self.jump(end);
                self.bind(cleanup);
                self.emit(Op::POP_TOP, 0);
                if !cond {
                    self.jump(next);
                }
                self.bind(end);
                return Ok(());
            }
            _ => {}
        }
        self.visit_expr(e)?;
        self.emit_to_bool();
        self.emit_jump(
            if cond {
                Op::POP_JUMP_IF_TRUE
            } else {
                Op::POP_JUMP_IF_FALSE
            },
            next,
        );
        Ok(())
    }

    // ---- subscripts -------------------------------------------------------------------

    /// Pushes the parts of a slice (None for missing bounds); returns their count.
    pub(crate) fn slice_parts(&mut self, s: &'a Expr) -> CResult<u32> {
        let ExprKind::Slice { lower, upper, step } = &s.kind else {
            return Err(error(s.loc, "internal error: not a slice"));
        };
        for part in [lower, upper] {
            match part {
                Some(x) => self.visit_expr(x)?,
                None => self.load_const(Value::NONE)?,
            }
        }
        if let Some(x) = step {
            self.visit_expr(x)?;
            return Ok(3);
        }
        Ok(2)
    }

    /// `value[slice]` in any context.
    pub(crate) fn subscript(&mut self, value: &'a Expr, slice: &'a Expr, ctx: NameCtx) -> CResult {
        let loc = self.u.loc;
        self.visit_expr(value)?;
        if matches!(slice.kind, ExprKind::Slice { .. }) && ctx != NameCtx::Del {
            // `a[x:y]` and `a[x:y:z]` push the bounds and slice without a slice object
            // (oparg 3 when there is a step).
            let n = self.slice_parts(slice)?;
            self.u.loc = loc;
            self.emit(
                if ctx == NameCtx::Load {
                    Op::BINARY_SLICE
                } else {
                    Op::STORE_SLICE
                },
                if n == 3 { 3 } else { 0 },
            );
        } else {
            self.visit_expr(slice)?;
            self.u.loc = loc;
            self.emit(
                match ctx {
                    NameCtx::Load => Op::BINARY_SUBSCR,
                    NameCtx::Store => Op::STORE_SUBSCR,
                    NameCtx::Del => Op::DELETE_SUBSCR,
                },
                0,
            );
        }
        Ok(())
    }

    // ---- displays ---------------------------------------------------------------------

    /// A loop's iterable. CPython makes a display of constants a constant (for a set, a
    /// frozenset whose order the loop shows).
    pub(crate) fn visit_iter_expr(&mut self, e: &'a Expr) -> CResult {
        self.visit_expr(e)?;
        if let ExprKind::Set(elts) = &e.kind {
            if !elts.is_empty() && self.all_fold(elts)? {
                self.emit(Op::CALL_INTRINSIC_1, Intrinsic::FoldedFrozenSetOrder as u32);
            }
        }
        Ok(())
    }

    /// Whether every item folds to a constant (CPython then makes a set display a frozenset
    /// constant).
    fn all_fold(&mut self, elts: &'a [Expr]) -> CResult<bool> {
        if !elts.iter().all(is_foldable) {
            return Ok(false);
        }
        for x in elts {
            if self.fold(x)?.is_none() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Builds a list/set/tuple from `elts` (with `*x` items) on top of `pushed` items already
    /// on the stack, as CPython's `starunpack_helper`.
    pub(crate) fn starunpack(
        &mut self,
        elts: &'a [Expr],
        pushed: usize,
        build: Op,
        add: Op,
        extend: Op,
        tuple: bool,
    ) -> CResult {
        let n = elts.len();
        if n > 2 && build != Op::BUILD_SET && elts.iter().all(is_foldable) {
            let mut items = Vec::with_capacity(n);
            for x in elts {
                match self.fold(x)? {
                    Some(v) => items.push(v),
                    None => break,
                }
            }
            if items.len() == n {
                let folded = self.pool.tuple(&items).map_err(oom)?;
                if tuple && pushed == 0 {
                    return self.load_const(folded);
                }
                self.emit_checked(build, pushed)?;
                self.load_const(folded)?;
                self.emit(extend, 1);
                if tuple {
                    self.emit(Op::CALL_INTRINSIC_1, Intrinsic::ListToTuple as u32);
                }
                return Ok(());
            }
        }
        let big = n + pushed > STACK_USE_GUIDELINE;
        let seen_star = elts.iter().any(|e| matches!(e.kind, ExprKind::Starred(_)));
        if !seen_star && !big {
            for x in elts {
                self.visit_expr(x)?;
            }
            self.emit_checked(if tuple { Op::BUILD_TUPLE } else { build }, n + pushed)?;
            if n > 2 && pushed == 0 && build == Op::BUILD_SET && self.all_fold(elts)? {
                self.emit(Op::CALL_INTRINSIC_1, Intrinsic::FoldedSetOrder as u32);
            }
            return Ok(());
        }
        let mut built = false;
        if big {
            self.emit_checked(build, pushed)?;
            built = true;
        }
        for (i, x) in elts.iter().enumerate() {
            if let ExprKind::Starred(inner) = &x.kind {
                if !built {
                    self.emit_checked(build, i + pushed)?;
                    built = true;
                }
                self.visit_expr(inner)?;
                self.emit(extend, 1);
            } else {
                self.visit_expr(x)?;
                if built {
                    self.emit(add, 1);
                }
            }
        }
        if tuple {
            self.emit(Op::CALL_INTRINSIC_1, Intrinsic::ListToTuple as u32);
        }
        Ok(())
    }

    fn subdict(
        &mut self,
        keys: &'a [Option<Expr>],
        values: &'a [Expr],
        begin: usize,
        end: usize,
    ) -> CResult {
        for i in begin..end {
            if let Some(k) = &keys[i] {
                self.visit_expr(k)?;
            }
            self.visit_expr(&values[i])?;
        }
        self.emit_checked(Op::BUILD_MAP, end - begin)
    }

    fn dict(&mut self, keys: &'a [Option<Expr>], values: &'a [Expr]) -> CResult {
        let n = values.len().min(keys.len());
        let mut have_dict = false;
        let mut elements = 0;
        for i in 0..n {
            if keys[i].is_none() {
                if elements > 0 {
                    self.subdict(keys, values, i - elements, i)?;
                    if have_dict {
                        self.emit(Op::DICT_UPDATE, 1);
                    }
                    have_dict = true;
                    elements = 0;
                }
                if !have_dict {
                    self.emit(Op::BUILD_MAP, 0);
                    have_dict = true;
                }
                self.visit_expr(&values[i])?;
                self.emit(Op::DICT_UPDATE, 1);
            } else if elements * 2 > STACK_USE_GUIDELINE {
                self.subdict(keys, values, i - elements, i + 1)?;
                if have_dict {
                    self.emit(Op::DICT_UPDATE, 1);
                }
                have_dict = true;
                elements = 0;
            } else {
                elements += 1;
            }
        }
        if elements > 0 {
            self.subdict(keys, values, n - elements, n)?;
            if have_dict {
                self.emit(Op::DICT_UPDATE, 1);
            }
            have_dict = true;
        }
        if !have_dict {
            self.emit(Op::BUILD_MAP, 0);
        }
        Ok(())
    }
}
