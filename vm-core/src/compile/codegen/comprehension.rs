//! Comprehensions and generator expressions (separate code objects taking the outermost
//! iterator as their parameter `.0`), and `yield from`.

use alloc::rc::Rc;

use crate::bytecode::ops::Op;
use crate::compile::ast::{Comprehension, Expr, ExprKind};

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
            if kind == CompKind::Gen {
                self.finish_body()
            } else {
                self.emit(Op::RETURN_VALUE, 0);
                Ok(())
            }
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
        self.visit_expr(&outermost.iter)?;
        self.u.loc = loc;
        self.emit(Op::GET_ITER, 0);
        self.emit(Op::CALL, 1);
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
                self.visit_expr(&g.iter)?;
                self.u.loc = g.iter.loc;
                self.emit(Op::GET_ITER, 0);
            }
            self.bind(start);
            self.emit_jump(Op::FOR_ITER, anchor);
            self.store_target(&g.target)?;
            for cond in &g.ifs {
                self.jump_if(cond, if_cleanup, false)?;
            }
            loops.push((start, if_cleanup, anchor));
        }
        let depth = generators.len() as u32;
        match kind {
            CompKind::Gen => {
                self.visit_expr(elt)?;
                self.u.loc = elt.loc;
                self.emit(Op::YIELD_VALUE, 0);
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
        for (start, if_cleanup, anchor) in loops.into_iter().rev() {
            self.bind(if_cleanup);
            self.jump(start);
            self.bind(anchor);
        }
        Ok(())
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
