//! Calls, function and class definitions, lambdas, closures and decorators.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::rc::Rc;
use alloc::vec::Vec;

use crate::bytecode::code::{code_flags, CodeObject};
use crate::bytecode::ops::Op;
use crate::compile::ast::{Arguments, ClassDef, Expr, ExprKind, FunctionDef, Keyword, Loc, Name};
use crate::object::value::Value;

use super::expr::{is_foldable, NameCtx};
use super::{
    collect_deleted, docstring, error, oom, CResult, Compiler, UnitKind, STACK_USE_GUIDELINE,
};

/// `MAKE_FUNCTION` oparg bits.
const MF_DEFAULTS: u32 = 1;
const MF_KWDEFAULTS: u32 = 2;
const MF_ANNOTATIONS: u32 = 4;
const MF_CLOSURE: u32 = 8;

impl<'a, 'p> Compiler<'a, 'p> {
    // ---- calls ------------------------------------------------------------------------

    /// Rejects `f(a=1, a=2)`.
    fn check_keywords(&self, keywords: &[Keyword]) -> CResult {
        let mut seen = BTreeSet::new();
        for k in keywords {
            if let Some(name) = &k.arg {
                self.check_store_name(name)?;
                if !seen.insert(name.clone()) {
                    return Err(error(k.loc, format!("keyword argument repeated: {name}")));
                }
            }
        }
        Ok(())
    }

    /// No parameter may be named `__debug__` (CPython's `compiler_check_debug_args`).
    fn check_debug_args(&self, a: &Arguments) -> CResult {
        let all = a.posonly.iter().chain(&a.args).chain(&a.vararg);
        all.chain(&a.kwonly)
            .chain(&a.kwarg)
            .try_for_each(|p| self.check_store_name(&p.name))
    }

    /// `func(args, keywords)`.
    pub(crate) fn call(
        &mut self,
        e: &'a Expr,
        func: &'a Expr,
        args: &'a [Expr],
        keywords: &'a [Keyword],
    ) -> CResult {
        self.check_keywords(keywords)?;
        let simple_args = args.len() < STACK_USE_GUIDELINE
            && keywords.len() < STACK_USE_GUIDELINE
            && !args.iter().any(|a| matches!(a.kind, ExprKind::Starred(_)))
            && keywords.iter().all(|k| k.arg.is_some());
        match &func.kind {
            ExprKind::Attribute { value, attr } if simple_args => {
                // Method call: LOAD_ATTR pushes (func, self) or (attr, NULL).
                self.visit_expr(value)?;
                self.u.loc = func.loc;
                self.emit_attr(Op::LOAD_ATTR, attr, 1, 1)?;
                for a in args {
                    self.visit_expr(a)?;
                }
                self.u.loc = e.loc;
                return self.finish_call(args.len(), keywords);
            }
            ExprKind::Name(n) if self.is_global_load(n) => {
                self.u.loc = func.loc;
                let n = self.mangled(n);
                self.emit_name(Op::LOAD_GLOBAL, &n, 1, 1)?;
            }
            _ => {
                self.visit_expr(func)?;
                self.u.loc = func.loc;
                self.emit(Op::PUSH_NULL, 0);
            }
        }
        self.u.loc = e.loc;
        self.call_helper(0, args, keywords)
    }

    /// Pushes keyword values and emits `CALL`/`CALL_KW` for `npos` positional values.
    fn finish_call(&mut self, npos: usize, keywords: &'a [Keyword]) -> CResult {
        let loc = self.u.loc;
        if keywords.is_empty() {
            return self.emit_checked(Op::CALL, npos);
        }
        let mut names = Vec::with_capacity(keywords.len());
        for k in keywords {
            self.visit_expr(&k.value)?;
            let name = k
                .arg
                .as_ref()
                .ok_or_else(|| error(k.loc, "internal error: ** in simple call"))?;
            names.push(self.str_value(name)?);
        }
        self.u.loc = loc;
        let t = self.pool.tuple(&names).map_err(oom)?;
        self.load_const(t)?;
        self.emit_checked(Op::CALL_KW, npos + keywords.len())
    }

    /// Arguments and the call, with `n` positional values already pushed (CPython's
    /// `compiler_call_helper`).
    pub(crate) fn call_helper(
        &mut self,
        n: usize,
        args: &'a [Expr],
        keywords: &'a [Keyword],
    ) -> CResult {
        self.check_keywords(keywords)?;
        let loc = self.u.loc;
        let simple = args.len() + keywords.len() + n <= STACK_USE_GUIDELINE
            && !args.iter().any(|a| matches!(a.kind, ExprKind::Starred(_)))
            && keywords.iter().all(|k| k.arg.is_some());
        if simple {
            for a in args {
                self.visit_expr(a)?;
            }
            self.u.loc = loc;
            return self.finish_call(n + args.len(), keywords);
        }
        // CALL_FUNCTION_EX: a tuple of positional arguments, then a dict or NULL.
        if n == 0 && args.len() == 1 {
            if let ExprKind::Starred(inner) = &args[0].kind {
                self.visit_expr(inner)?;
                return self.call_ex_kwargs(loc, keywords);
            }
        }
        self.starunpack(
            args,
            n,
            Op::BUILD_LIST,
            Op::LIST_APPEND,
            Op::LIST_EXTEND,
            true,
        )?;
        self.call_ex_kwargs(loc, keywords)
    }

    /// The keyword part of a `CALL_FUNCTION_EX` call and the call itself.
    fn call_ex_kwargs(&mut self, loc: Loc, keywords: &'a [Keyword]) -> CResult {
        self.u.loc = loc;
        if keywords.is_empty() {
            self.emit(Op::PUSH_NULL, 0);
            self.emit(Op::CALL_FUNCTION_EX, 0);
            return Ok(());
        }
        let mut have_dict = false;
        let mut nseen = 0;
        for (i, k) in keywords.iter().enumerate() {
            if k.arg.is_none() {
                if nseen > 0 {
                    self.subkwargs(&keywords[i - nseen..i])?;
                    if have_dict {
                        self.emit(Op::DICT_MERGE, 1);
                    }
                    have_dict = true;
                    nseen = 0;
                }
                if !have_dict {
                    self.emit(Op::BUILD_MAP, 0);
                    have_dict = true;
                }
                self.visit_expr(&k.value)?;
                self.u.loc = loc;
                self.emit(Op::DICT_MERGE, 1);
            } else {
                nseen += 1;
            }
        }
        if nseen > 0 {
            self.subkwargs(&keywords[keywords.len() - nseen..])?;
            if have_dict {
                self.emit(Op::DICT_MERGE, 1);
            }
        }
        self.u.loc = loc;
        self.emit(Op::CALL_FUNCTION_EX, 1);
        Ok(())
    }

    /// A dict of named keyword arguments.
    fn subkwargs(&mut self, keywords: &'a [Keyword]) -> CResult {
        let loc = self.u.loc;
        for k in keywords {
            if let Some(name) = &k.arg {
                self.load_str(name)?;
            }
            self.visit_expr(&k.value)?;
        }
        self.u.loc = loc;
        self.emit_checked(Op::BUILD_MAP, keywords.len())
    }

    // ---- functions --------------------------------------------------------------------

    /// Pushes the defaults tuple and kwdefaults dict; returns the `MAKE_FUNCTION` bits.
    fn default_arguments(&mut self, args: &'a Arguments) -> CResult<u32> {
        let mut flags = 0;
        if !args.defaults.is_empty() {
            if args.defaults.iter().all(is_foldable) {
                let mut items = Vec::with_capacity(args.defaults.len());
                for d in &args.defaults {
                    match self.try_fold(d)? {
                        Some(v) => items.push(v),
                        None => return Err(error(d.loc, "internal error: default not foldable")),
                    }
                }
                let t = self.pool.tuple(&items).map_err(oom)?;
                self.load_const(t)?;
            } else {
                for d in &args.defaults {
                    self.visit_expr(d)?;
                }
                self.emit_checked(Op::BUILD_TUPLE, args.defaults.len())?;
            }
            flags |= MF_DEFAULTS;
        }
        let mut n = 0;
        for (arg, default) in args.kwonly.iter().zip(args.kw_defaults.iter()) {
            if let Some(d) = default {
                let name = self.mangled(&arg.name);
                self.load_str(&name)?;
                self.visit_expr(d)?;
                n += 1;
            }
        }
        if n > 0 {
            self.emit_checked(Op::BUILD_MAP, n)?;
            flags |= MF_KWDEFAULTS;
        }
        Ok(flags)
    }

    /// Pushes the dict of a function's annotations (parameters in order, then `return`), if
    /// it has any; returns the `MAKE_FUNCTION` bit.
    fn function_annotations(&mut self, args: &'a Arguments, returns: Option<&'a Expr>) -> CResult<u32> {
        let params = args
            .posonly
            .iter()
            .chain(&args.args)
            .chain(&args.vararg)
            .chain(&args.kwonly)
            .chain(&args.kwarg);
        let mut n = 0;
        for arg in params {
            if let Some(ann) = &arg.annotation {
                let name = self.mangled(&arg.name);
                self.load_str(&name)?;
                self.annotation(ann)?;
                n += 1;
            }
        }
        if let Some(r) = returns {
            self.load_str("return")?;
            self.annotation(r)?;
            n += 1;
        }
        if n == 0 {
            return Ok(0);
        }
        self.emit_checked(Op::BUILD_MAP, n)?;
        Ok(MF_ANNOTATIONS)
    }

    /// Pushes an annotation's value: the expression's, or its text under `from __future__
    /// import annotations`.
    pub(crate) fn annotation(&mut self, e: &'a Expr) -> CResult {
        if self.future_annotations {
            let text = super::unparse::annotation_text(e, self.source.as_deref());
            return self.load_str(&text);
        }
        self.visit_expr(e)
    }

    /// Pushes each decorator (they are applied after the function with `CALL 0`, the
    /// function taking the place of `self`).
    fn decorators(&mut self, decorators: &'a [Expr]) -> CResult {
        for d in decorators {
            self.visit_expr(d)?;
        }
        Ok(())
    }

    fn apply_decorators(&mut self, decorators: &'a [Expr]) {
        for d in decorators.iter().rev() {
            self.u.loc = d.loc;
            self.emit(Op::CALL, 0);
        }
    }

    /// Pushes the closure tuple (if any), the code and `MAKE_FUNCTION`.
    pub(crate) fn make_closure(
        &mut self,
        code: Rc<CodeObject>,
        freevars: &[Name],
        mut flags: u32,
    ) -> CResult {
        if !freevars.is_empty() {
            for name in freevars {
                // A class can see a name both as its own local and as free (a method
                // capturing it): the closure always takes the cell.
                let idx = if self.u.kind == UnitKind::Class && &**name == "__class__" {
                    self.u.cell_index(name)
                } else {
                    None
                };
                let idx = idx
                    .or_else(|| self.u.cell_index(name))
                    .or_else(|| self.u.free_index(name));
                let Some(i) = idx else {
                    return Err(error(
                        self.u.loc,
                        format!("internal error: no cell for free variable '{name}'"),
                    ));
                };
                self.emit(Op::LOAD_CLOSURE, i);
            }
            self.emit_checked(Op::BUILD_TUPLE, freevars.len())?;
            flags |= MF_CLOSURE;
        }
        let v = self.pool.code(code).map_err(oom)?;
        self.load_const(v)?;
        self.emit(Op::MAKE_FUNCTION, flags);
        Ok(())
    }

    /// `def`.
    pub(crate) fn function_def(&mut self, f: &'a FunctionDef, loc: Loc) -> CResult {
        self.u.loc = loc;
        self.check_debug_args(&f.args)?;
        self.decorators(&f.decorators)?;
        let firstlineno = f.decorators.first().map_or(f.loc.line, |d| d.loc.line);
        self.u.loc = loc;
        let flags = self.default_arguments(&f.args)?
            | self.function_annotations(&f.args, f.returns.as_ref())?;
        let scope = self.st.function_scope(f);
        self.enter_scope(UnitKind::Function, scope, f.name.clone(), firstlineno)?;
        let mut deleted = BTreeSet::new();
        collect_deleted(&f.body, &mut deleted);
        self.u.deleted_params = deleted;
        let mut body = &f.body[..];
        if let Some(doc) = docstring(body) {
            let v = self.str_value(doc)?;
            self.add_const(v)?;
            self.u.flags |= code_flags::HAS_DOCSTRING;
            body = &body[1..];
        }
        let r = self.visit_stmts(body).and_then(|_| self.finish_body());
        let freevars = self.u.freevars.clone();
        let code = match r {
            Ok(()) => self.exit_scope()?,
            Err(e) => {
                self.abandon_scope();
                return Err(e);
            }
        };
        self.u.loc = loc;
        self.make_closure(code, &freevars, flags)?;
        self.apply_decorators(&f.decorators);
        self.u.loc = loc;
        self.nameop(&f.name, NameCtx::Store)
    }

    /// `lambda args: body`.
    pub(crate) fn lambda(&mut self, e: &'a Expr, args: &'a Arguments, body: &'a Expr) -> CResult {
        let loc = e.loc;
        self.check_debug_args(args)?;
        let flags = self.default_arguments(args)?;
        let scope = self.st.expr_scope(e);
        self.enter_scope(UnitKind::Lambda, scope, Rc::from("<lambda>"), loc.line)?;
        // Lambdas have no docstring; CPython still reserves consts[0] as None.
        let r = (|| {
            self.add_const(Value::NONE)?;
            self.visit_expr(body)?;
            self.u.loc = body.loc;
            if self.u.flags & code_flags::RESUMABLE != 0 {
                self.emit(Op::POP_TOP, 0);
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
        self.make_closure(code, &freevars, flags)
    }

    // ---- classes ----------------------------------------------------------------------

    /// `class`.
    pub(crate) fn class_def(&mut self, c: &'a ClassDef, loc: Loc) -> CResult {
        self.u.loc = loc;
        self.decorators(&c.decorators)?;
        let firstlineno = c.decorators.first().map_or(c.loc.line, |d| d.loc.line);
        let scope = self.st.class_scope(c);
        self.enter_scope(UnitKind::Class, scope, c.name.clone(), firstlineno)?;
        let r = self.class_body(c, loc);
        let freevars = self.u.freevars.clone();
        let code = match r {
            Ok(()) => self.exit_scope()?,
            Err(err) => {
                self.abandon_scope();
                return Err(err);
            }
        };
        self.u.loc = loc;
        self.emit(Op::LOAD_BUILD_CLASS, 0);
        self.emit(Op::PUSH_NULL, 0);
        self.make_closure(code, &freevars, 0)?;
        self.load_str(&c.name)?;
        self.call_helper(2, &c.bases, &c.keywords)?;
        self.apply_decorators(&c.decorators);
        self.u.loc = loc;
        self.nameop(&c.name, NameCtx::Store)
    }

    fn class_body(&mut self, c: &'a ClassDef, loc: Loc) -> CResult {
        self.u.loc = loc;
        self.emit_name(Op::LOAD_NAME, "__name__", 0, 0)?;
        self.emit_name(Op::STORE_NAME, "__module__", 0, 0)?;
        let q = self.u.qualname.clone();
        self.load_str(&q)?;
        self.emit_name(Op::STORE_NAME, "__qualname__", 0, 0)?;
        self.body_with_docstring(&c.body)?;
        self.u.loc = Loc::default();
        if self.st.scope(self.u.scope).needs_class_cell {
            let Some(i) = self.u.cell_index("__class__") else {
                return Err(error(loc, "internal error: class cell missing"));
            };
            self.emit(Op::LOAD_CLOSURE, i);
            self.emit(Op::COPY, 1);
            self.emit_name(Op::STORE_NAME, "__classcell__", 0, 0)?;
        } else {
            self.load_const(Value::NONE)?;
        }
        self.emit(Op::RETURN_VALUE, 0);
        Ok(())
    }
}
