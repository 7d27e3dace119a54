//! The frame-block stack: what `break`, `continue` and `return` must undo on their way out
//! of loops, `try`, `with` and `except` blocks (CPython's `fblockinfo`).

use crate::bytecode::ops::Op;
use crate::compile::ast::{Expr, Loc, Name, Stmt};
use crate::object::value::Value;

use super::{error, CResult, Compiler, Label, NameCtx, MAX_BLOCKS};

/// The kinds of frame blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FBlockKind {
    WhileLoop,
    /// The iterator is on the stack.
    ForLoop,
    TryExcept,
    /// The `try` body of a `try/finally`: unwinding runs the `finally` body.
    FinallyTry,
    /// The exceptional `finally` body: prev_exc and exc are on the stack.
    FinallyEnd,
    /// The `__exit__` method is on the stack.
    With,
    /// The `__aexit__` method is on the stack (its result is awaited).
    AsyncWith,
    /// An `except` body: prev_exc on the stack; the `as` name must be cleared.
    HandlerCleanup,
    /// A value to pop (the return value while a `finally` body runs).
    PopValue,
    ExceptionHandler,
}

/// Extra data of a frame block.
#[derive(Clone, Debug)]
pub(crate) enum FBlockDatum<'a> {
    None,
    /// The `finally` body.
    Body(&'a [Stmt]),
    /// The `except ... as` name.
    Name(Name),
}

/// One frame block.
#[derive(Clone, Debug)]
pub(crate) struct FBlock<'a> {
    pub kind: FBlockKind,
    /// Loop start (`continue` target).
    pub block: Label,
    /// Loop exit (`break` target).
    pub exit: Label,
    pub datum: FBlockDatum<'a>,
    pub loc: Loc,
}

impl<'a, 'p> Compiler<'a, 'p> {
    /// Pushes a frame block, enforcing CPython's static nesting limit.
    pub(crate) fn push_fblock(
        &mut self,
        kind: FBlockKind,
        block: Label,
        exit: Label,
        datum: FBlockDatum<'a>,
        loc: Loc,
    ) -> CResult {
        if self.u.fblocks.len() >= MAX_BLOCKS {
            return Err(error(loc, "too many statically nested blocks"));
        }
        self.u.fblocks.push(FBlock {
            kind,
            block,
            exit,
            datum,
            loc,
        });
        Ok(())
    }

    /// Pops the innermost frame block.
    pub(crate) fn pop_fblock(&mut self) {
        self.u.fblocks.pop();
    }

    /// Emits the code that leaves one frame block. `preserve_tos` keeps a return value on
    /// top of the stack.
    fn unwind_fblock(&mut self, fb: &FBlock<'a>, preserve_tos: bool) -> CResult {
        match fb.kind {
            FBlockKind::WhileLoop | FBlockKind::ExceptionHandler => {}
            FBlockKind::ForLoop => {
                if preserve_tos {
                    self.emit(Op::SWAP, 2);
                }
                self.emit(Op::POP_ITER, 0);
            }
            FBlockKind::TryExcept => {
                self.pop_handler();
            }
            FBlockKind::FinallyTry => {
                self.pop_handler();
                if let FBlockDatum::Body(body) = fb.datum {
                    if preserve_tos {
                        self.push_fblock(FBlockKind::PopValue, 0, 0, FBlockDatum::None, fb.loc)?;
                    }
                    // Statements of the finally body set their own locations.
                    let saved = self.u.loc;
                    self.visit_stmts(body)?;
                    self.u.loc = saved;
                    if preserve_tos {
                        self.pop_fblock();
                    }
                }
            }
            FBlockKind::FinallyEnd => {
                if preserve_tos {
                    self.emit(Op::SWAP, 2);
                }
                self.emit(Op::POP_TOP, 0);
                if preserve_tos {
                    self.emit(Op::SWAP, 2);
                }
                self.pop_handler();
                self.emit(Op::POP_EXCEPT, 0);
            }
            FBlockKind::With | FBlockKind::AsyncWith => {
                self.u.loc = fb.loc;
                self.pop_handler();
                if preserve_tos {
                    self.emit(Op::SWAP, 2);
                }
                self.call_exit_with_nones()?;
                if fb.kind == FBlockKind::AsyncWith {
                    self.await_top(2)?;
                }
                self.emit(Op::POP_TOP, 0);
            }
            FBlockKind::HandlerCleanup => {
                let named = matches!(fb.datum, FBlockDatum::Name(_));
                if named {
                    self.pop_handler();
                }
                if preserve_tos {
                    self.emit(Op::SWAP, 2);
                }
                self.pop_handler();
                self.emit(Op::POP_EXCEPT, 0);
                if let FBlockDatum::Name(name) = &fb.datum {
                    self.load_const(Value::NONE)?;
                    self.nameop(name, NameCtx::Store)?;
                    self.nameop(name, NameCtx::Del)?;
                }
            }
            FBlockKind::PopValue => {
                if preserve_tos {
                    self.emit(Op::SWAP, 2);
                }
                self.emit(Op::POP_TOP, 0);
            }
        }
        Ok(())
    }

    /// Unwinds frame blocks innermost first, stopping at a loop when `want_loop` is set.
    /// Returns the loop block found (still on the stack).
    fn unwind_fblock_stack(
        &mut self,
        preserve_tos: bool,
        want_loop: bool,
    ) -> CResult<Option<FBlock<'a>>> {
        let Some(top) = self.u.fblocks.last().cloned() else {
            return Ok(None);
        };
        if want_loop && matches!(top.kind, FBlockKind::WhileLoop | FBlockKind::ForLoop) {
            return Ok(Some(top));
        }
        self.u.fblocks.pop();
        let r = self.unwind_fblock(&top, preserve_tos);
        let r = r.and_then(|_| self.unwind_fblock_stack(preserve_tos, want_loop));
        self.u.fblocks.push(top);
        r
    }

    /// `PUSH_NULL; LOAD_CONST None x3; CALL 3` with `__exit__` on top of the stack.
    pub(crate) fn call_exit_with_nones(&mut self) -> CResult {
        self.emit(Op::PUSH_NULL, 0);
        for _ in 0..3 {
            self.load_const(Value::NONE)?;
        }
        self.emit(Op::CALL, 3);
        Ok(())
    }

    /// `break`.
    pub(crate) fn compile_break(&mut self, loc: Loc) -> CResult {
        let saved_handlers = self.u.handler_stack.clone();
        let lp = self.unwind_fblock_stack(false, true)?;
        let Some(lp) = lp else {
            return Err(error(loc, "'break' outside loop"));
        };
        self.unwind_fblock(&lp, false)?;
        self.jump(lp.exit);
        self.u.handler_stack = saved_handlers;
        self.u.loc = loc;
        Ok(())
    }

    /// `continue`.
    pub(crate) fn compile_continue(&mut self, loc: Loc) -> CResult {
        let saved_handlers = self.u.handler_stack.clone();
        let lp = self.unwind_fblock_stack(false, true)?;
        let Some(lp) = lp else {
            return Err(error(loc, "'continue' not properly in loop"));
        };
        self.jump(lp.block);
        self.u.handler_stack = saved_handlers;
        self.u.loc = loc;
        Ok(())
    }

    /// `return [value]`.
    pub(crate) fn compile_return(&mut self, loc: Loc, value: Option<&'a Expr>) -> CResult {
        if !self.u.kind.is_function_like() {
            return Err(error(loc, "'return' outside function"));
        }
        let folded = match value {
            Some(v) => self.try_fold(v)?,
            None => Some(Value::NONE),
        };
        let preserve_tos = folded.is_none();
        if let (Some(v), true) = (value, preserve_tos) {
            self.visit_expr(v)?;
        }
        self.u.loc = loc;
        let saved_handlers = self.u.handler_stack.clone();
        self.unwind_fblock_stack(preserve_tos, false)?;
        if let Some(v) = folded {
            self.load_const(v)?;
        }
        self.emit(Op::RETURN_VALUE, 0);
        self.u.handler_stack = saved_handlers;
        self.u.loc = loc;
        Ok(())
    }
}
