//! Comprehensions and generator expressions (separate code objects taking the outermost
//! iterator as their parameter `.0`), asynchronous ones, `yield from` and `await`.

use alloc::rc::Rc;

use crate::bytecode::code::code_flags;
use crate::bytecode::ops::{Intrinsic, Op};
use crate::compile::ast::{Comprehension, Expr, ExprKind};
use crate::object::value::Value;

use super::{error, CResult, Compiler, UnitKind};

/// The four comprehension kinds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CompKind {
    List,
    Set,
    Dict,
    Gen,
}

impl<'a, 'p> Compiler<'a, 'p> {
    /// A comprehension or generator expression: builds the inner code object, then calls it
    /// with the iterator of the outermost iterable.
    pub(crate) fn comprehension(&mut self, e: &'a Expr) -> CResult {
        let (kind, name, elt, val, generators): (
            _,
            _,
            &'a Expr,
            Option<&'a Expr>,
            &'a [Comprehension],
        ) = match &e.kind {
            ExprKind::ListComp { elt, generators } => {
                (CompKind::List, "<listcomp>", elt, None, generators)
            }
            ExprKind::SetComp { elt, generators } => {
                (CompKind::Set, "<setcomp>", elt, None, generators)
            }
            ExprKind::DictComp {
                key,
                value,
                generators,
            } => (
                CompKind::Dict,
                "<dictcomp>",
                key,
                Some(&**value),
                generators,
            ),
            ExprKind::GeneratorExp { elt, generators } => {
                (CompKind::Gen, "<genexpr>", elt, None, generators)
            }
            _ => return Err(error(e.loc, "internal error: not a comprehension")),
        };
        let Some(outermost) = generators.first() else {
            return Err(error(e.loc, "comprehension without 'for'"));
        };
        let loc = e.loc;
        let scope = self.st.expr_scope(e);
        // An asynchronous comprehension is a coroutine (a generator expression, an
        // asynchronous generator) that the enclosing code awaits.
        let is_async = self.st.scope(scope).is_coroutine;
        self.enter_scope(UnitKind::Comprehension, scope, Rc::from(name), loc.line)?;
        let r = (|| {
            self.u.loc = loc;
            match kind {
                CompKind::List => self.emit(Op::BUILD_LIST, 0),
                CompKind::Set => self.emit(Op::BUILD_SET, 0),
                CompKind::Dict => self.emit(Op::BUILD_MAP, 0),
                CompKind::Gen => {}
            }
            self.comprehension_generator(generators, kind, elt, val)?;
            self.u.loc = loc;
            if kind != CompKind::Gen {
                self.emit(Op::RETURN_VALUE, 0);
            }
            // (An asynchronous comprehension is a coroutine: the body's end closes the
            // `StopIteration` wrapper after its return.)
            if kind == CompKind::Gen || self.u.gen_handler.is_some() {
                self.finish_body()?;
            }
            Ok(())
        })();
        let freevars = self.u.freevars.clone();
        let code = match r {
            Ok(()) => self.exit_scope()?,
            Err(err) => {
                self.abandon_scope();
                return Err(err);
            }
        };
        self.u.loc = loc;
        self.make_closure(code, &freevars, 0)?;
        self.emit(Op::PUSH_NULL, 0);
        self.visit_iter_expr(&outermost.iter)?;
        self.u.loc = loc;
        self.emit(
            if outermost.is_async {
                Op::GET_AITER
            } else {
                Op::GET_ITER
            },
            0,
        );
        self.emit(Op::CALL, 1);
        if is_async && kind != CompKind::Gen {
            self.await_top(0)?;
        }
        Ok(())
    }

    /// The nested loops (iteratively: one `for` clause per level) and the element code.
    fn comprehension_generator(
        &mut self,
        generators: &'a [Comprehension],
        kind: CompKind,
        elt: &'a Expr,
        val: Option<&'a Expr>,
    ) -> CResult {
        let mut loops = alloc::vec::Vec::with_capacity(generators.len());
        for (i, g) in generators.iter().enumerate() {
            let start = self.new_label();
            let if_cleanup = self.new_label();
            let anchor = self.new_label();
            if i == 0 {
                // The outermost iterator is the parameter `.0`.
                self.u.loc = g.iter.loc;
                self.emit(Op::LOAD_FAST, 0);
            } else {
                self.visit_iter_expr(&g.iter)?;
                self.u.loc = g.iter.loc;
                self.emit(
                    if g.is_async {
                        Op::GET_AITER
                    } else {
                        Op::GET_ITER
                    },
                    0,
                );
            }
            self.bind(start);
            if g.is_async {
                // `anchor` is the handler whose `END_ASYNC_FOR` ends the loop.
                self.push_handler(anchor, false, 0);
                self.emit(Op::GET_ANEXT, 0);
                self.load_const(Value::NONE)?;
                self.add_yield_from()?;
                self.pop_handler();
            } else {
                self.emit_jump(Op::FOR_ITER, anchor);
            }
            self.store_target(&g.target)?;
            for cond in &g.ifs {
                self.jump_if(cond, if_cleanup, false)?;
            }
            loops.push((start, if_cleanup, anchor, g.is_async));
        }
        let depth = generators.len() as u32;
        match kind {
            CompKind::Gen => {
                self.visit_expr(elt)?;
                self.u.loc = elt.loc;
                self.emit_yield();
                self.emit(Op::POP_TOP, 0);
            }
            CompKind::List => {
                self.visit_expr(elt)?;
                self.emit(Op::LIST_APPEND, depth + 1);
            }
            CompKind::Set => {
                self.visit_expr(elt)?;
                self.emit(Op::SET_ADD, depth + 1);
            }
            CompKind::Dict => {
                self.visit_expr(elt)?;
                if let Some(v) = val {
                    self.visit_expr(v)?;
                }
                self.emit(Op::MAP_ADD, depth + 1);
            }
        }
        for (start, if_cleanup, anchor, is_async) in loops.into_iter().rev() {
            self.bind(if_cleanup);
            self.jump(start);
            self.bind(anchor);
            if is_async {
                self.emit(Op::END_ASYNC_FOR, 0);
            }
        }
        Ok(())
    }

    /// `YIELD_VALUE` of the value on top; an asynchronous generator marks it as its own
    /// first (CPython's `ASYNC_GEN_WRAP`).
    pub(crate) fn emit_yield(&mut self) {
        if self.u.flags & code_flags::ASYNC_GENERATOR != 0 {
            self.emit(Op::CALL_INTRINSIC_1, Intrinsic::AsyncGenWrap as u32);
        }
        self.emit(Op::YIELD_VALUE, 0);
    }

    /// `await` of the value on top of the stack (`where_from`: `GET_AWAITABLE`'s oparg).
    pub(crate) fn await_top(&mut self, where_from: u32) -> CResult {
        self.emit(Op::GET_AWAITABLE, where_from);
        self.load_const(Value::NONE)?;
        self.add_yield_from()
    }

    /// The loop of `yield from` with the sub-iterator and the value to send on the stack
    /// (CPython's `compiler_add_yield_from`).
    pub(crate) fn add_yield_from(&mut self) -> CResult {
        let send = self.new_label();
        let fail = self.new_label();
        let exit = self.new_label();
        self.bind(send);
        self.emit_jump(Op::SEND, exit);
        // StopIteration raised by throw()/close() through YIELD_VALUE goes to CLEANUP_THROW.
        self.push_handler(fail, false, 0);
        self.emit(Op::YIELD_VALUE, 0);
        self.pop_handler();
        self.emit_raw_jump(Op::JUMP_BACKWARD_NO_INTERRUPT, send);
        self.bind(fail);
        self.emit(Op::CLEANUP_THROW, 0);
        self.bind(exit);
        self.emit(Op::END_SEND, 0);
        Ok(())
    }
}
