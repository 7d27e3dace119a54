//! Statements: assignments, control flow, `try`, `with`, imports.

use alloc::vec::Vec;

use crate::bytecode::ops::{BinaryOp, Intrinsic, Op};
use crate::compile::ast::{
    Alias, BinOp, ExceptHandler, Expr, ExprKind, Loc, Name, Stmt, StmtKind, WithItem,
};
use crate::object::value::Value;

use super::expr::{binary_op, is_two_element_slice, NameCtx};
use super::unwind::{FBlockDatum, FBlockKind};
use super::{error, CResult, Compiler, Mode, UnitKind};

impl<'a, 'p> Compiler<'a, 'p> {
    /// Compiles one statement.
    pub(crate) fn visit_stmt(&mut self, s: &'a Stmt) -> CResult {
        self.enter(s.loc)?;
        self.u.loc = s.loc;
        let r = self.visit_stmt_kind(s);
        self.leave();
        r
    }

    fn visit_stmt_kind(&mut self, s: &'a Stmt) -> CResult {
        let loc = s.loc;
        match &s.kind {
            StmtKind::Expr(e) => self.expr_stmt(e),
            StmtKind::Assign { targets, value } => {
                self.visit_expr(value)?;
                for (i, t) in targets.iter().enumerate() {
                    if i + 1 < targets.len() {
                        self.u.loc = loc;
                        self.emit(Op::COPY, 1);
                    }
                    self.store_target(t)?;
                }
                Ok(())
            }
            StmtKind::AugAssign { target, op, value } => self.aug_assign(loc, target, *op, value),
            StmtKind::AnnAssign {
                target,
                annotation,
                value,
            } => self.ann_assign(target, annotation, value.as_ref()),
            StmtKind::If { .. } => self.if_stmt(s),
            StmtKind::While { test, body, orelse } => self.while_stmt(loc, test, body, orelse),
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
                is_async: false,
            } => self.for_stmt(loc, target, iter, body, orelse),
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
                is_async: true,
            } => self.async_for_stmt(loc, target, iter, body, orelse),
            StmtKind::Break => self.compile_break(loc),
            StmtKind::Continue => self.compile_continue(loc),
            StmtKind::Pass | StmtKind::Global(_) | StmtKind::Nonlocal(_) => Ok(()),
            StmtKind::Return(value) => self.compile_return(loc, value.as_ref()),
            StmtKind::FunctionDef(f) => self.function_def(f, loc),
            StmtKind::ClassDef(c) => self.class_def(c, loc),
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            } => {
                if finalbody.is_empty() {
                    self.try_except(loc, body, handlers, orelse)
                } else {
                    self.try_finally(loc, body, handlers, orelse, finalbody)
                }
            }
            StmtKind::Raise { exc, cause } => {
                let mut n = 0;
                if let Some(e) = exc {
                    self.visit_expr(e)?;
                    n += 1;
                    if let Some(c) = cause {
                        self.visit_expr(c)?;
                        n += 1;
                    }
                }
                self.u.loc = loc;
                self.emit(Op::RAISE_VARARGS, n);
                Ok(())
            }
            StmtKind::With {
                items,
                body,
                is_async,
            } => self.with_stmt(loc, items, body, 0, *is_async),
            StmtKind::Assert { test, msg } => {
                let end = self.new_label();
                self.jump_if(test, end, true)?;
                self.u.loc = loc;
                self.emit(Op::LOAD_ASSERTION_ERROR, 0);
                if let Some(m) = msg {
                    self.emit(Op::PUSH_NULL, 0);
                    self.visit_expr(m)?;
                    self.u.loc = loc;
                    self.emit(Op::CALL, 1);
                }
                self.emit(Op::RAISE_VARARGS, 1);
                self.bind(end);
                Ok(())
            }
            StmtKind::Delete(targets) => targets.iter().try_for_each(|t| self.delete_target(t)),
            StmtKind::Import(names) => self.import(loc, names),
            StmtKind::Match { subject, cases } => self.match_stmt(subject, cases),
            StmtKind::ImportFrom {
                module,
                names,
                level,
            } => {
                self.check_future_placement(s)?;
                self.import_from(module.as_ref(), names, *level)
            }
        }
    }

    fn expr_stmt(&mut self, e: &'a Expr) -> CResult {
        if self.mode == Mode::Interactive
            && self.u.kind == UnitKind::Module
            && self.outer.is_empty()
        {
            self.visit_expr(e)?;
            self.u.loc = e.loc;
            self.emit(Op::CALL_INTRINSIC_1, Intrinsic::PrintExpr as u32);
            self.emit(Op::POP_TOP, 0);
            return Ok(());
        }
        if matches!(e.kind, ExprKind::Constant(_)) {
            // A constant statement (e.g. a string used as a comment) has no effect.
            return Ok(());
        }
        self.visit_expr(e)?;
        self.u.loc = e.loc;
        self.emit(Op::POP_TOP, 0);
        Ok(())
    }

    fn aug_assign(&mut self, loc: Loc, target: &'a Expr, op: BinOp, value: &'a Expr) -> CResult {
        let tloc = target.loc;
        match &target.kind {
            ExprKind::Attribute { value: obj, attr } => {
                self.visit_expr(obj)?;
                self.u.loc = tloc;
                self.emit(Op::COPY, 1);
                self.emit_attr(Op::LOAD_ATTR, attr, 1, 0)?;
            }
            ExprKind::Subscript { value: obj, slice } => {
                self.visit_expr(obj)?;
                if is_two_element_slice(slice) {
                    self.slice_parts(slice)?;
                    self.u.loc = tloc;
                    self.emit(Op::COPY, 3);
                    self.emit(Op::COPY, 3);
                    self.emit(Op::COPY, 3);
                    self.emit(Op::BINARY_SLICE, 0);
                } else {
                    self.visit_expr(slice)?;
                    self.u.loc = tloc;
                    self.emit(Op::COPY, 2);
                    self.emit(Op::COPY, 2);
                    self.emit(Op::BINARY_SUBSCR, 0);
                }
            }
            ExprKind::Name(n) => {
                self.u.loc = tloc;
                self.nameop(n, NameCtx::Load)?;
            }
            _ => return Err(error(tloc, "illegal expression for augmented assignment")),
        }
        self.visit_expr(value)?;
        self.u.loc = loc;
        self.emit(Op::BINARY_OP, binary_op(op) as u32 + BinaryOp::INPLACE);
        self.u.loc = tloc;
        match &target.kind {
            ExprKind::Attribute { attr, .. } => {
                self.emit(Op::SWAP, 2);
                self.emit_attr(Op::STORE_ATTR, attr, 0, 0)
            }
            ExprKind::Subscript { slice, .. } => {
                if is_two_element_slice(slice) {
                    self.emit(Op::SWAP, 4);
                    self.emit(Op::SWAP, 3);
                    self.emit(Op::SWAP, 2);
                    self.emit(Op::STORE_SLICE, 0);
                } else {
                    self.emit(Op::SWAP, 3);
                    self.emit(Op::SWAP, 2);
                    self.emit(Op::STORE_SUBSCR, 0);
                }
                Ok(())
            }
            ExprKind::Name(n) => self.nameop(n, NameCtx::Store),
            _ => Ok(()),
        }
    }

    /// `target: annotation [= value]`: in a module or class body the annotation is evaluated
    /// (after the assignment), and a name's is recorded in `__annotations__` (`dataclasses`
    /// reads it); in a function it is neither evaluated nor stored.
    fn ann_assign(
        &mut self,
        target: &'a Expr,
        annotation: &'a Expr,
        value: Option<&'a Expr>,
    ) -> CResult {
        if let Some(v) = value {
            self.visit_expr(v)?;
            self.store_target(target)?;
        } else {
            self.ann_target_without_value(target)?;
        }
        if !matches!(self.u.kind, UnitKind::Module | UnitKind::Class) {
            return Ok(());
        }
        let simple = matches!(target.kind, ExprKind::Name(_));
        if self.future_annotations && !simple {
            return Ok(());
        }
        self.annotation(annotation)?;
        match &target.kind {
            // A body without `__annotations__` is the REPL's: the value is dropped.
            ExprKind::Name(n) if self.u.annotations => {
                self.emit_name(Op::LOAD_NAME, "__annotations__", 0, 0)?;
                self.load_str(n)?;
                self.emit(Op::STORE_SUBSCR, 0);
            }
            _ => self.emit(Op::POP_TOP, 0),
        }
        Ok(())
    }

    /// An annotated target without a value: CPython still evaluates the object of an
    /// attribute or subscript target.
    fn ann_target_without_value(&mut self, target: &'a Expr) -> CResult {
        match &target.kind {
            ExprKind::Name(n) => self.check_store_name(n)?,
            ExprKind::Attribute { value: obj, .. } => {
                self.visit_expr(obj)?;
                self.emit(Op::POP_TOP, 0);
            }
            ExprKind::Subscript { value: obj, slice } => {
                self.visit_expr(obj)?;
                self.emit(Op::POP_TOP, 0);
                if let ExprKind::Slice { lower, upper, step } = &slice.kind {
                    for x in [lower, upper, step].into_iter().flatten() {
                        self.visit_expr(x)?;
                        self.emit(Op::POP_TOP, 0);
                    }
                } else {
                    self.visit_expr(slice)?;
                    self.emit(Op::POP_TOP, 0);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// `if`/`elif`/`else`; `elif` chains are walked iteratively.
    fn if_stmt(&mut self, s: &'a Stmt) -> CResult {
        let end = self.new_label();
        let mut cur = s;
        loop {
            let StmtKind::If { test, body, orelse } = &cur.kind else {
                return Err(error(cur.loc, "internal error: not an if"));
            };
            self.u.loc = cur.loc;
            let next = if orelse.is_empty() {
                end
            } else {
                self.new_label()
            };
            self.jump_if(test, next, false)?;
            self.visit_stmts(body)?;
            if orelse.is_empty() {
                break;
            }
            self.u.loc = Loc::default();
            self.jump(end);
            self.bind(next);
            match &orelse[..] {
                [elif @ Stmt {
                    kind: StmtKind::If { .. },
                    ..
                }] => cur = elif,
                _ => {
                    self.visit_stmts(orelse)?;
                    break;
                }
            }
        }
        self.bind(end);
        Ok(())
    }

    fn while_stmt(
        &mut self,
        loc: Loc,
        test: &'a Expr,
        body: &'a [Stmt],
        orelse: &'a [Stmt],
    ) -> CResult {
        let lp = self.new_label();
        let anchor = self.new_label();
        let exit = self.new_label();
        self.bind(lp);
        self.push_fblock(FBlockKind::WhileLoop, lp, exit, FBlockDatum::None, loc)?;
        self.jump_if(test, anchor, false)?;
        self.visit_stmts(body)?;
        self.u.loc = loc;
        self.jump(lp);
        self.pop_fblock();
        self.bind(anchor);
        self.visit_stmts(orelse)?;
        self.bind(exit);
        Ok(())
    }

    fn for_stmt(
        &mut self,
        loc: Loc,
        target: &'a Expr,
        iter: &'a Expr,
        body: &'a [Stmt],
        orelse: &'a [Stmt],
    ) -> CResult {
        let start = self.new_label();
        let cleanup = self.new_label();
        let end = self.new_label();
        self.push_fblock(FBlockKind::ForLoop, start, end, FBlockDatum::None, loc)?;
        self.visit_iter_expr(iter)?;
        self.u.loc = iter.loc;
        self.emit(Op::GET_ITER, 0);
        self.bind(start);
        self.u.loc = loc;
        self.emit_jump(Op::FOR_ITER, cleanup);
        self.store_target(target)?;
        self.visit_stmts(body)?;
        self.u.loc = loc;
        self.jump(start);
        self.bind(cleanup);
        self.pop_fblock();
        self.visit_stmts(orelse)?;
        self.bind(end);
        Ok(())
    }

    /// `COPY 3; POP_EXCEPT; RERAISE 1`: the cleanup handler of an exception handler.
    fn pop_except_and_reraise(&mut self) {
        self.emit(Op::COPY, 3);
        self.emit(Op::POP_EXCEPT, 0);
        self.emit(Op::RERAISE, 1);
    }

    fn try_except(
        &mut self,
        loc: Loc,
        body: &'a [Stmt],
        handlers: &'a [ExceptHandler],
        orelse: &'a [Stmt],
    ) -> CResult {
        let except = self.new_label();
        let end = self.new_label();
        let cleanup = self.new_label();
        let bodyl = self.new_label();
        self.u.loc = loc;
        self.push_handler(except, false, 0);
        self.bind(bodyl);
        self.push_fblock(FBlockKind::TryExcept, bodyl, 0, FBlockDatum::None, loc)?;
        self.visit_stmts(body)?;
        self.pop_fblock();
        self.pop_handler();
        self.u.loc = Loc::default();
        self.visit_stmts(orelse)?;
        self.u.loc = Loc::default();
        self.jump(end);

        self.bind(except);
        let cleanup_h = self.push_handler(cleanup, true, 0);
        self.emit(Op::PUSH_EXC_INFO, 0);
        self.push_fblock(FBlockKind::ExceptionHandler, 0, 0, FBlockDatum::None, loc)?;
        for (i, h) in handlers.iter().enumerate() {
            let hloc = h.loc;
            self.u.loc = hloc;
            if h.typ.is_none() && i + 1 < handlers.len() {
                return Err(error(hloc, "default 'except:' must be last"));
            }
            let next_except = self.new_label();
            if let Some(t) = &h.typ {
                self.visit_expr(t)?;
                self.u.loc = hloc;
                self.emit(Op::CHECK_EXC_MATCH, 0);
                self.emit_jump(Op::POP_JUMP_IF_FALSE, next_except);
            }
            if let Some(name) = &h.name {
                let cleanup_end = self.new_label();
                let cleanup_body = self.new_label();
                self.nameop(name, NameCtx::Store)?;
                // try: body finally: name = None; del name
                self.push_handler(cleanup_end, true, 0);
                self.bind(cleanup_body);
                self.push_fblock(
                    FBlockKind::HandlerCleanup,
                    cleanup_body,
                    0,
                    FBlockDatum::Name(name.clone()),
                    hloc,
                )?;
                self.visit_stmts(&h.body)?;
                self.pop_fblock();
                self.u.loc = Loc::default();
                self.pop_handler();
                self.pop_handler();
                self.emit(Op::POP_EXCEPT, 0);
                self.clear_name(name)?;
                self.jump(end);
                // The inner handler runs under the outer cleanup handler.
                self.restore_handler(cleanup_h);
                self.bind(cleanup_end);
                self.clear_name(name)?;
                self.emit(Op::RERAISE, 1);
            } else {
                let cleanup_body = self.new_label();
                self.emit(Op::POP_TOP, 0);
                self.bind(cleanup_body);
                self.push_fblock(
                    FBlockKind::HandlerCleanup,
                    cleanup_body,
                    0,
                    FBlockDatum::None,
                    hloc,
                )?;
                self.visit_stmts(&h.body)?;
                self.pop_fblock();
                self.u.loc = Loc::default();
                self.pop_handler();
                self.emit(Op::POP_EXCEPT, 0);
                self.jump(end);
                self.restore_handler(cleanup_h);
            }
            self.bind(next_except);
        }
        self.pop_fblock();
        self.u.loc = Loc::default();
        self.emit(Op::RERAISE, 0);
        self.pop_handler();
        self.bind(cleanup);
        self.pop_except_and_reraise();
        self.bind(end);
        Ok(())
    }

    /// `name = None; del name` (end of an `except ... as name` body).
    fn clear_name(&mut self, name: &Name) -> CResult {
        self.load_const(Value::NONE)?;
        self.nameop(name, NameCtx::Store)?;
        self.nameop(name, NameCtx::Del)
    }

    fn try_finally(
        &mut self,
        loc: Loc,
        body: &'a [Stmt],
        handlers: &'a [ExceptHandler],
        orelse: &'a [Stmt],
        finalbody: &'a [Stmt],
    ) -> CResult {
        let bodyl = self.new_label();
        let end = self.new_label();
        let exit = self.new_label();
        let cleanup = self.new_label();
        self.u.loc = loc;
        self.push_handler(end, false, 0);
        self.bind(bodyl);
        self.push_fblock(
            FBlockKind::FinallyTry,
            bodyl,
            end,
            FBlockDatum::Body(finalbody),
            loc,
        )?;
        if handlers.is_empty() {
            self.visit_stmts(body)?;
            self.visit_stmts(orelse)?;
        } else {
            self.try_except(loc, body, handlers, orelse)?;
        }
        self.pop_handler();
        self.pop_fblock();
        self.visit_stmts(finalbody)?;
        self.u.loc = Loc::default();
        self.jump(exit);

        self.bind(end);
        self.push_handler(cleanup, true, 0);
        self.emit(Op::PUSH_EXC_INFO, 0);
        self.push_fblock(FBlockKind::FinallyEnd, end, 0, FBlockDatum::None, loc)?;
        self.visit_stmts(finalbody)?;
        self.pop_fblock();
        self.u.loc = Loc::default();
        self.emit(Op::RERAISE, 0);
        self.pop_handler();
        self.bind(cleanup);
        self.pop_except_and_reraise();
        self.bind(exit);
        Ok(())
    }

    /// `async for target in iter: body else: orelse` (CPython's `compiler_async_for`): each
    /// round awaits `__anext__()` under a handler whose `END_ASYNC_FOR` ends the loop on
    /// `StopAsyncIteration`.
    fn async_for_stmt(
        &mut self,
        loc: Loc,
        target: &'a Expr,
        iter: &'a Expr,
        body: &'a [Stmt],
        orelse: &'a [Stmt],
    ) -> CResult {
        let start = self.new_label();
        let except = self.new_label();
        let end = self.new_label();
        self.visit_expr(iter)?;
        self.u.loc = iter.loc;
        self.emit(Op::GET_AITER, 0);
        self.bind(start);
        self.push_fblock(FBlockKind::ForLoop, start, end, FBlockDatum::None, loc)?;
        self.u.loc = loc;
        self.push_handler(except, false, 0);
        self.emit(Op::GET_ANEXT, 0);
        self.load_const(Value::NONE)?;
        self.add_yield_from()?;
        self.pop_handler();
        self.store_target(target)?;
        self.visit_stmts(body)?;
        self.u.loc = loc;
        self.jump(start);
        self.pop_fblock();
        self.bind(except);
        // The loop's end has the iterable's line, as in CPython.
        self.u.loc = iter.loc;
        self.emit(Op::END_ASYNC_FOR, 0);
        self.visit_stmts(orelse)?;
        self.bind(end);
        Ok(())
    }

    /// `[async] with` items nest: item `pos` protects the remaining items and the body.
    fn with_stmt(
        &mut self,
        loc: Loc,
        items: &'a [WithItem],
        body: &'a [Stmt],
        pos: usize,
        is_async: bool,
    ) -> CResult {
        let Some(item) = items.get(pos) else {
            return Err(error(loc, "internal error: with without items"));
        };
        self.enter(loc)?;
        let block = self.new_label();
        let final_ = self.new_label();
        let exit = self.new_label();
        let cleanup = self.new_label();
        let r = (|| {
            self.visit_expr(&item.context)?;
            self.u.loc = loc;
            let kind = if is_async {
                self.emit(Op::BEFORE_ASYNC_WITH, 0);
                self.await_top(1)?;
                FBlockKind::AsyncWith
            } else {
                self.emit(Op::BEFORE_WITH, 0);
                FBlockKind::With
            };
            // The handler keeps `__exit__` only (the `__enter__` result is consumed below).
            self.push_handler(final_, true, 1);
            self.bind(block);
            self.push_fblock(kind, block, final_, FBlockDatum::None, loc)?;
            match &item.vars {
                Some(t) => self.store_target(t)?,
                None => self.emit(Op::POP_TOP, 0),
            }
            if pos + 1 == items.len() {
                self.visit_stmts(body)?;
            } else {
                self.with_stmt(loc, items, body, pos + 1, is_async)?;
            }
            self.pop_handler();
            self.pop_fblock();
            self.u.loc = loc;
            self.call_exit_with_nones()?;
            if is_async {
                self.await_top(2)?;
            }
            self.emit(Op::POP_TOP, 0);
            self.jump(exit);

            self.bind(final_);
            self.push_handler(cleanup, true, 0);
            self.emit(Op::PUSH_EXC_INFO, 0);
            self.emit(Op::WITH_EXCEPT_START, 0);
            if is_async {
                self.await_top(2)?;
            }
            let suppress = self.new_label();
            self.u.loc = Loc::default();
            self.emit(Op::TO_BOOL, 0);
            self.emit_jump(Op::POP_JUMP_IF_TRUE, suppress);
            self.emit(Op::RERAISE, 2);
            self.bind(suppress);
            self.emit(Op::POP_TOP, 0);
            self.pop_handler();
            self.emit(Op::POP_EXCEPT, 0);
            self.emit(Op::POP_TOP, 0);
            self.emit(Op::POP_TOP, 0);
            self.jump(exit);
            self.bind(cleanup);
            self.pop_except_and_reraise();
            self.bind(exit);
            Ok(())
        })();
        self.leave();
        r
    }

    fn import(&mut self, loc: Loc, names: &'a [Alias]) -> CResult {
        for alias in names {
            self.u.loc = loc;
            self.load_const(Value::int_unchecked(0))?;
            self.load_const(Value::NONE)?;
            self.emit_name(Op::IMPORT_NAME, &alias.name, 0, 0)?;
            match &alias.asname {
                Some(asname) => self.import_as(&alias.name, asname)?,
                None => {
                    let top = alias.name.split('.').next().unwrap_or(&alias.name);
                    let top: Name = top.into();
                    self.nameop(&top, NameCtx::Store)?;
                }
            }
        }
        Ok(())
    }

    /// `import a.b.c as d`: walks the attributes with `IMPORT_FROM`.
    fn import_as(&mut self, name: &str, asname: &Name) -> CResult {
        let parts: Vec<&str> = name.split('.').collect();
        if parts.len() > 1 {
            for (i, attr) in parts[1..].iter().enumerate() {
                self.emit_name(Op::IMPORT_FROM, attr, 0, 0)?;
                if i + 2 < parts.len() {
                    self.emit(Op::SWAP, 2);
                    self.emit(Op::POP_TOP, 0);
                }
            }
            self.nameop(asname, NameCtx::Store)?;
            self.emit(Op::POP_TOP, 0);
            return Ok(());
        }
        self.nameop(asname, NameCtx::Store)
    }

    fn import_from(&mut self, module: Option<&Name>, names: &'a [Alias], level: u32) -> CResult {
        let star = names.first().is_some_and(|a| &*a.name == "*");
        if star && self.u.kind != UnitKind::Module {
            return Err(error(names[0].loc, "import * only allowed at module level"));
        }
        self.load_const(Value::int_unchecked(level as i64))?;
        let mut fromlist = Vec::with_capacity(names.len());
        for a in names {
            fromlist.push(self.str_value(&a.name)?);
        }
        let t = self.pool.tuple(&fromlist).map_err(super::oom)?;
        self.load_const(t)?;
        self.emit_name(Op::IMPORT_NAME, module.map_or("", |m| m), 0, 0)?;
        if star {
            self.emit(Op::CALL_INTRINSIC_1, Intrinsic::ImportStar as u32);
            self.emit(Op::POP_TOP, 0);
            return Ok(());
        }
        for a in names {
            if &*a.name == "*" {
                return Err(error(a.loc, "invalid syntax: '*' must be the only name"));
            }
            self.emit_name(Op::IMPORT_FROM, &a.name, 0, 0)?;
            let store = a.asname.as_ref().unwrap_or(&a.name);
            self.nameop(store, NameCtx::Store)?;
        }
        self.emit(Op::POP_TOP, 0);
        Ok(())
    }
}
