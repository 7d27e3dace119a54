//! Symbol tables: scopes and name classification, as CPython 3.11's `symtable.c`.
//!
//! [`build`] walks a parsed [`Module`] twice. The first walk creates one [`Scope`] per
//! module, class, function, lambda and comprehension and records how each name is used
//! (bound, used, declared `global`/`nonlocal`, parameter). The second walk resolves every
//! name to a [`SymScope`] exactly as CPython's `analyze_block` does, computing cell and free
//! variables. The first walk also performs the checks that CPython's compiler makes after
//! the symbol table (`'return' outside function`, misplaced starred expressions, ...); those
//! are reported only when the symbol table itself has no error, matching CPython's order.

use super::ast::{
    Alias, Arguments, ClassDef, Comprehension, ExceptHandler, Expr, ExprKind, FunctionDef, Loc,
    Module, Name, Stmt, StmtKind,
};
use super::error::{CompileError, CompileErrorKind};
use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Index of a scope in [`SymbolTable`].
pub type ScopeId = usize;

/// What kind of code block a scope is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeKind {
    /// The module body.
    Module,
    /// A class body.
    Class,
    /// A `def` function.
    Function,
    /// A `lambda`.
    Lambda,
    /// A list/set/dict comprehension or generator expression (a function-like scope whose
    /// only parameter is the implicit `.0` iterator).
    Comprehension,
}

/// Where a name lives at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymScope {
    /// A local of this scope (fast local in function-like scopes; a namespace entry in
    /// module and class scopes).
    Local,
    /// Declared `global` in this scope.
    GlobalExplicit,
    /// Not bound in any enclosing function: looked up in globals, then builtins.
    GlobalImplicit,
    /// Bound in an enclosing function scope (a closure variable).
    Free,
    /// A local of this scope that nested scopes capture.
    Cell,
}

/// Name-use flags recorded by the first walk (CPython's `DEF_*` bits).
pub mod flags {
    /// Declared `global`.
    pub const DEF_GLOBAL: u32 = 1;
    /// Assigned (or deleted, or bound by `for`/`with`/`except`/`def`/`class`).
    pub const DEF_LOCAL: u32 = 2;
    /// A parameter.
    pub const DEF_PARAM: u32 = 4;
    /// Declared `nonlocal`.
    pub const DEF_NONLOCAL: u32 = 8;
    /// Read.
    pub const USE: u32 = 16;
    /// Bound by `import`.
    pub const DEF_IMPORT: u32 = 32;
    /// Annotated (`x: int`).
    pub const DEF_ANNOT: u32 = 64;
    /// A comprehension iteration variable.
    pub const DEF_COMP_ITER: u32 = 128;
    /// In a class scope: the name is bound in the class but also free in a nested
    /// function, so the class body must consult its namespace before the closure
    /// (CPython's `LOAD_CLASSDEREF`).
    pub const DEF_FREE_CLASS: u32 = 256;
    /// Any binding.
    pub const DEF_BOUND: u32 = DEF_LOCAL | DEF_PARAM | DEF_IMPORT;
}

/// One name in a scope.
#[derive(Clone, Debug)]
pub struct Symbol {
    /// The [`flags`] bits.
    pub flags: u32,
    /// The resolved scope.
    pub scope: SymScope,
    /// Location of the `global`/`nonlocal` statement naming it, if any.
    directive: Option<Loc>,
    /// Whether the name has been recorded in the scope's first-appearance order (a bare
    /// annotation `x: int` does not count: CPython's compiler never references `x`).
    ordered: bool,
}

/// One scope (code block).
#[derive(Clone, Debug)]
pub struct Scope {
    /// The kind of block.
    pub kind: ScopeKind,
    /// Function or class name; `<module>`, `<lambda>`, `<listcomp>`, `<setcomp>`,
    /// `<dictcomp>` or `<genexpr>` otherwise.
    pub name: Name,
    /// First line of the block's node.
#[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the symbol table's tests read it"))]
    pub line: u32,
    /// The enclosing scope (`None` for the module).
    pub parent: Option<ScopeId>,
    /// Nested scopes in source order.
    pub children: Vec<ScopeId>,
    /// Every name mentioned in the scope.
    pub symbols: BTreeMap<Name, Symbol>,
    /// Function-like scopes: parameters (posonly, args, kwonly, `*args`, `**kwargs`), then
    /// the other non-cell locals in order of first appearance (CPython 3.11's
    /// `co_varnames`: a captured parameter is in both `varnames` and `cellvars`, other
    /// captured locals only in `cellvars`).
    pub varnames: Vec<Name>,
    /// Locals captured by nested scopes, sorted by name (with `__class__` for a class that
    /// needs the class cell).
    pub cellvars: Vec<Name>,
    /// Free (closure) variables, sorted by name.
    pub freevars: Vec<Name>,
    /// Positional parameters (posonly + ordinary).
    pub argcount: u32,
    /// Positional-only parameters.
    pub posonlyargcount: u32,
    /// Keyword-only parameters.
    pub kwonlyargcount: u32,
    /// Has `*args`.
    pub has_varargs: bool,
    /// Has `**kwargs`.
    pub has_varkw: bool,
    /// Contains `yield` or `yield from` (generator expressions are always generators).
    pub is_generator: bool,
    /// An `async def`.
    pub is_async: bool,
    /// CPython's `ste_coroutine`: an `async def`, or a scope containing `await` or an
    /// asynchronous comprehension (a comprehension with it is asynchronous; with
    /// `is_generator`, the code is an asynchronous generator).
    pub is_coroutine: bool,
    /// The first `return value` of a function (CPython's compiler rejects it in an
    /// asynchronous generator, which is known only after the body) and whether an error
    /// was already deferred when it was seen.
    return_value: Option<(Loc, bool)>,
    /// Has free variables of its own.
    pub has_free: bool,
    /// Some nested scope has free variables.
    pub child_free: bool,
    /// Nested inside a function-like scope.
    pub nested: bool,
    /// Class scopes: a method uses `super` or `__class__`, so the class must create the
    /// implicit `__class__` cell.
    pub needs_class_cell: bool,
    /// The class name used for private-name mangling in this scope (the innermost
    /// enclosing class, or the class itself for a class scope).
    pub private: Option<Name>,
    /// Order in which names first appeared (for `varnames`).
    order: Vec<Name>,
}

impl Scope {
    fn new(kind: ScopeKind, name: &str, line: u32, parent: Option<ScopeId>, nested: bool) -> Scope {
        Scope {
            kind,
            name: Name::from(name),
            line,
            parent,
            children: Vec::new(),
            symbols: BTreeMap::new(),
            varnames: Vec::new(),
            cellvars: Vec::new(),
            freevars: Vec::new(),
            argcount: 0,
            posonlyargcount: 0,
            kwonlyargcount: 0,
            has_varargs: false,
            has_varkw: false,
            is_generator: kind == ScopeKind::Comprehension && name == "<genexpr>",
            is_async: false,
            is_coroutine: false,
            return_value: None,
            has_free: false,
            child_free: false,
            nested,
            needs_class_cell: false,
            private: None,
            order: Vec::new(),
        }
    }

    /// How `name` is resolved in this scope (names never mentioned are global). `name`
    /// may be given as written or already mangled (see [`mangle`]).
    pub fn lookup(&self, name: &str) -> SymScope {
        self.symbol(name)
            .map_or(SymScope::GlobalImplicit, |s| s.scope)
    }

    /// The symbol for `name` (as written or already mangled), if the scope mentions it.
    pub fn symbol(&self, name: &str) -> Option<&Symbol> {
        let mangled = mangle(self.private.as_deref(), name);
        self.symbols.get(&*mangled)
    }

    /// Whether the scope is function-like (fast locals, may have cells and free vars).
    pub fn is_function_like(&self) -> bool {
        matches!(
            self.kind,
            ScopeKind::Function | ScopeKind::Lambda | ScopeKind::Comprehension
        )
    }

    fn flags(&self, name: &str) -> u32 {
        self.symbols.get(name).map_or(0, |s| s.flags)
    }

    /// Free variables of children (`newfree`) pass through this scope: free here too when an
    /// enclosing function binds them (`bound`); a class's own binding of one is marked.
    fn pass_through_free(&mut self, newfree: &BTreeSet<Name>, bound: Option<&BTreeSet<Name>>) {
        for name in newfree {
            if let Some(sym) = self.symbols.get_mut(name) {
                if self.kind == ScopeKind::Class
                    && sym.flags & (flags::DEF_BOUND | flags::DEF_GLOBAL) != 0
                {
                    sym.flags |= flags::DEF_FREE_CLASS;
                }
                continue;
            }
            if !bound.is_some_and(|b| b.contains(name)) {
                continue;
            }
            self.symbols.insert(
                name.clone(),
                Symbol {
                    flags: 0,
                    scope: SymScope::Free,
                    directive: None,
                    ordered: true,
                },
            );
            self.has_free = true;
        }
    }

    /// The final per-scope lists, once every symbol's scope is known: `cellvars`,
    /// `freevars` and the locals that complete `varnames`.
    fn finish_var_lists(&mut self) {
        // CPython 3.11's `co_cellvars`: captured parameters in parameter order, then the
        // other cells sorted by name.
        let is_cell = |n: &Name| {
            self.symbols
                .get(n)
                .is_some_and(|s| s.scope == SymScope::Cell)
        };
        let mut cellvars: Vec<Name> = self
            .varnames
            .iter()
            .filter(|n| is_cell(n))
            .cloned()
            .collect();
        let mut others: Vec<Name> = self
            .symbols
            .iter()
            .filter(|(n, s)| s.scope == SymScope::Cell && !cellvars.contains(n))
            .map(|(n, _)| n.clone())
            .collect();
        if self.needs_class_cell {
            others.push(Name::from("__class__"));
            others.sort();
        }
        cellvars.append(&mut others);
        self.cellvars = cellvars;
        self.freevars = self
            .symbols
            .iter()
            .filter(|(_, s)| s.scope == SymScope::Free)
            .map(|(n, _)| n.clone())
            .collect();
        if self.is_function_like() {
            let order = core::mem::take(&mut self.order);
            for n in &order {
                // As in CPython 3.11, captured locals live only in `cellvars`.
                let is_local = self
                    .symbols
                    .get(n)
                    .is_some_and(|s| s.scope == SymScope::Local && s.flags & flags::DEF_PARAM == 0);
                if is_local {
                    self.varnames.push(n.clone());
                }
            }
            self.order = order;
        }
    }
}

/// CPython's `_Py_Mangle`: inside class `Foo`, a name `__x` (not ending in `__`, without
/// dots) becomes `_Foo__x`. Symbol tables store mangled names, and `varnames`, `cellvars`
/// and `freevars` hold them too; the code generator must mangle names (including attribute
/// names) the same way.
pub fn mangle(private: Option<&str>, name: &str) -> Name {
    let Some(class) = private else {
        return Name::from(name);
    };
    if !name.starts_with("__") || name.ends_with("__") || name.contains('.') {
        return Name::from(name);
    }
    let stripped = class.trim_start_matches('_');
    if stripped.is_empty() {
        return Name::from(name);
    }
    Name::from(format!("_{stripped}{name}").as_str())
}

/// All scopes of a module.
#[derive(Clone, Debug)]
pub struct SymbolTable {
    scopes: Vec<Scope>,
    by_node: BTreeMap<usize, ScopeId>,
}

impl SymbolTable {
    /// The module's scope.
    pub fn module_scope(&self) -> ScopeId {
        0
    }

    /// The scope with the given id. Panics only on an id not produced by this table.
    pub fn scope(&self, id: ScopeId) -> &Scope {
        &self.scopes[id]
    }

    /// Number of scopes.
#[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the symbol table's tests use it"))]
    pub fn len(&self) -> usize {
        self.scopes.len()
    }

    /// Always false: a table has at least the module scope.
#[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "`len`'s companion, for clippy's `len_without_is_empty`"))]
    pub fn is_empty(&self) -> bool {
        self.scopes.is_empty()
    }

    /// The scope of a `def` node (which must belong to the module this table was built from,
    /// unmoved since). Returns the module scope for an unknown node.
    pub fn function_scope(&self, node: &FunctionDef) -> ScopeId {
        self.node_scope(node as *const FunctionDef as usize)
    }

    /// The scope of a `class` node.
    pub fn class_scope(&self, node: &ClassDef) -> ScopeId {
        self.node_scope(node as *const ClassDef as usize)
    }

    /// The scope of a `Lambda`, `ListComp`, `SetComp`, `DictComp` or `GeneratorExp` node.
    pub fn expr_scope(&self, node: &Expr) -> ScopeId {
        self.node_scope(node as *const Expr as usize)
    }

    fn node_scope(&self, addr: usize) -> ScopeId {
        self.by_node.get(&addr).copied().unwrap_or(0)
    }
}

/// Builds the symbol table of a module, reporting CPython's symbol-table errors and then
/// the compiler's structural errors (`'return' outside function`, ...).
pub fn build(module: &Module) -> Result<SymbolTable, CompileError> {
    let mut b = Builder {
        scopes: alloc::vec![Scope::new(ScopeKind::Module, "<module>", 1, None, false)],
        by_node: BTreeMap::new(),
        cur: 0,
        deferred: None,
        loop_depth: 0,
        comp_iter_depth: 0,
        private: None,
    };
    for s in &module.body {
        b.stmt(s)?;
    }
    b.analyze()?;
    if let Some(e) = b.deferred {
        return Err(e);
    }
    Ok(SymbolTable {
        scopes: b.scopes,
        by_node: b.by_node,
    })
}

fn err(loc: Loc, msg: String) -> CompileError {
    CompileError {
        kind: CompileErrorKind::Syntax,
        msg,
        line: loc.line,
        col: loc.col + 1,
        end_line: loc.end_line,
        end_col: loc.end_col + 1,
        incomplete_input: false,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Load,
    Store,
    Del,
}

struct Builder {
    scopes: Vec<Scope>,
    by_node: BTreeMap<usize, ScopeId>,
    cur: ScopeId,
    /// The first compiler-level error, reported after the symbol table succeeds.
    deferred: Option<CompileError>,
    /// Loops enclosing the current statement within the current scope.
    loop_depth: u32,
    /// Inside a comprehension's iterable expression (walrus is forbidden there).
    comp_iter_depth: u32,
    /// The class name for mangling (CPython's `st_private`).
    private: Option<Name>,
}

type R = Result<(), CompileError>;

impl Builder {
    fn scope(&mut self) -> &mut Scope {
        &mut self.scopes[self.cur]
    }

    fn defer(&mut self, loc: Loc, msg: &str) {
        if self.deferred.is_none() {
            self.deferred = Some(err(loc, String::from(msg)));
        }
    }

    /// Records a use/binding flag of `name` in the current scope.
    fn add(&mut self, name: &Name, flag: u32, loc: Loc) -> R {
        let id = self.cur;
        self.add_in(id, name, flag, loc)
    }

    /// `name` mangled for the current class context.
    fn mangled(&self, name: &Name) -> Name {
        match &self.private {
            Some(p) if name.starts_with("__") => mangle(Some(p), name),
            _ => name.clone(),
        }
    }

    fn add_in(&mut self, id: ScopeId, name: &Name, flag: u32, loc: Loc) -> R {
        let name = &self.mangled(name);
        let ordered = flag != flags::DEF_ANNOT | flags::DEF_LOCAL;
        let scope = &mut self.scopes[id];
        match scope.symbols.get_mut(name) {
            Some(sym) => {
                if flag & flags::DEF_PARAM != 0 && sym.flags & flags::DEF_PARAM != 0 {
                    return Err(err(
                        loc,
                        format!("duplicate argument '{name}' in function definition"),
                    ));
                }
                sym.flags |= flag;
                if ordered && !sym.ordered {
                    sym.ordered = true;
                    scope.order.push(name.clone());
                }
            }
            None => {
                if ordered {
                    scope.order.push(name.clone());
                }
                let sym = Symbol {
                    flags: flag,
                    scope: SymScope::GlobalImplicit,
                    directive: None,
                    ordered,
                };
                scope.symbols.insert(name.clone(), sym);
            }
        }
        // The module's table doubles as CPython's `st_global`: explicit globals declared
        // anywhere are marked there too (module code then uses the global opcodes).
        if flag & flags::DEF_GLOBAL != 0 && id != 0 {
            self.add_in(0, name, flags::DEF_GLOBAL, loc)?;
        }
        Ok(())
    }

    fn new_scope(&mut self, kind: ScopeKind, name: &str, line: u32, key: usize) -> ScopeId {
        let nested = self.scopes[self.cur].is_function_like() || self.scopes[self.cur].nested;
        let id = self.scopes.len();
        self.scopes
            .push(Scope::new(kind, name, line, Some(self.cur), nested));
        self.scopes[id].private = self.private.clone();
        self.scopes[self.cur].children.push(id);
        self.by_node.insert(key, id);
        id
    }

    // ----- statements -----

    fn body(&mut self, body: &[Stmt]) -> R {
        for s in body {
            self.stmt(s)?;
        }
        Ok(())
    }

    fn loop_body(&mut self, body: &[Stmt]) -> R {
        self.loop_depth += 1;
        let r = self.body(body);
        self.loop_depth -= 1;
        r
    }

    fn stmt(&mut self, s: &Stmt) -> R {
        match &s.kind {
            StmtKind::Expr(e) => self.expr(e),
            StmtKind::Assign { targets, value } => {
                self.expr(value)?;
                for t in targets {
                    self.target(t)?;
                }
                Ok(())
            }
            StmtKind::AugAssign { target, value, .. } => {
                self.expr(value)?;
                if let ExprKind::Name(n) = &target.kind {
                    self.add(n, flags::USE | flags::DEF_LOCAL, target.loc)
                } else {
                    self.expr(target)
                }
            }
            StmtKind::AnnAssign {
                target,
                annotation,
                value,
            } => self.ann_assign(s.loc, target, annotation, value.as_ref()),
            StmtKind::If { test, body, orelse } => {
                self.expr(test)?;
                self.body(body)?;
                self.body(orelse)
            }
            StmtKind::While { test, body, orelse } => {
                self.expr(test)?;
                self.loop_body(body)?;
                self.body(orelse)
            }
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
                is_async,
            } => {
                if *is_async {
                    self.async_statement_check(s.loc, "'async for' outside async function");
                }
                self.expr(iter)?;
                self.target(target)?;
                self.loop_body(body)?;
                self.body(orelse)
            }
            StmtKind::Break => {
                if self.loop_depth == 0 {
                    self.defer(s.loc, "'break' outside loop");
                }
                Ok(())
            }
            StmtKind::Continue => {
                if self.loop_depth == 0 {
                    self.defer(s.loc, "'continue' not properly in loop");
                }
                Ok(())
            }
            StmtKind::Pass => Ok(()),
            StmtKind::Return(v) => {
                if !matches!(self.scopes[self.cur].kind, ScopeKind::Function) {
                    self.defer(s.loc, "'return' outside function");
                } else if v.is_some() && self.scopes[self.cur].return_value.is_none() {
                    let deferred = self.deferred.is_some();
                    self.scope().return_value = Some((s.loc, deferred));
                }
                match v {
                    Some(v) => self.expr(v),
                    None => Ok(()),
                }
            }
            StmtKind::FunctionDef(f) => self.funcdef(f),
            StmtKind::ClassDef(c) => self.classdef(c),
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            } => self.try_stmt(body, handlers, orelse, finalbody),
            StmtKind::Raise { exc, cause } => {
                if let Some(e) = exc {
                    self.expr(e)?;
                }
                if let Some(c) = cause {
                    self.expr(c)?;
                }
                Ok(())
            }
            StmtKind::With {
                items,
                body,
                is_async,
            } => {
                if *is_async {
                    self.async_statement_check(s.loc, "'async with' outside async function");
                }
                for it in items {
                    self.expr(&it.context)?;
                    if let Some(v) = &it.vars {
                        self.target(v)?;
                    }
                }
                self.body(body)
            }
            StmtKind::Assert { test, msg } => {
                self.expr(test)?;
                if let Some(m) = msg {
                    self.expr(m)?;
                }
                Ok(())
            }
            StmtKind::Delete(targets) => {
                for t in targets {
                    self.expr_ctx(t, Ctx::Del)?;
                }
                Ok(())
            }
            StmtKind::Import(names) => self.import(names),
            StmtKind::ImportFrom { names, .. } => self.import_from(names),
            StmtKind::Global(names) => self.directive(names, s.loc, true),
            StmtKind::Nonlocal(names) => self.directive(names, s.loc, false),
            StmtKind::Match { subject, cases } => self.match_stmt(subject, cases),
        }
    }

    /// `target: annotation [= value]`.
    fn ann_assign(
        &mut self,
        loc: Loc,
        target: &Expr,
        annotation: &Expr,
        value: Option<&Expr>,
    ) -> R {
        if let Some(v) = value {
            self.expr(v)?;
        }
        if let ExprKind::Name(n) = &target.kind {
            let cur = self.scopes[self.cur].flags(n);
            if cur & (flags::DEF_GLOBAL | flags::DEF_NONLOCAL) != 0
                && !self.scopes[self.cur].symbols.is_empty()
            {
                let which = if cur & flags::DEF_GLOBAL != 0 {
                    "global"
                } else {
                    "nonlocal"
                };
                return Err(err(loc, format!("annotated name '{n}' can't be {which}")));
            }
            self.add(n, flags::DEF_ANNOT | flags::DEF_LOCAL, target.loc)?;
            if value.is_some() {
                // A real store: the name now counts for `varnames` order.
                self.add(n, flags::DEF_LOCAL, target.loc)?;
            }
        } else {
            self.target(target)?;
        }
        self.expr(annotation)
    }

    fn try_stmt(
        &mut self,
        body: &[Stmt],
        handlers: &[ExceptHandler],
        orelse: &[Stmt],
        finalbody: &[Stmt],
    ) -> R {
        // CPython's order (symtable and compiler): body, else, handlers, finally.
        self.body(body)?;
        self.body(orelse)?;
        let n = handlers.len();
        for (i, h) in handlers.iter().enumerate() {
            if h.typ.is_none() && i + 1 < n {
                self.defer(h.loc, "default 'except:' must be last");
            }
            if let Some(t) = &h.typ {
                self.expr(t)?;
            }
            if let Some(name) = &h.name {
                self.add(name, flags::DEF_LOCAL, h.loc)?;
            }
            self.body(&h.body)?;
        }
        self.body(finalbody)
    }

    /// `import a.b as c`: binds `c`, or `a` without `as`.
    fn import(&mut self, names: &[Alias]) -> R {
        for a in names {
            let bound = match &a.asname {
                Some(n) => n.clone(),
                None => match a.name.find('.') {
                    Some(k) => Name::from(&a.name[..k]),
                    None => a.name.clone(),
                },
            };
            self.add(&bound, flags::DEF_IMPORT, a.loc)?;
        }
        Ok(())
    }

    fn import_from(&mut self, names: &[Alias]) -> R {
        for a in names {
            if &*a.name == "*" {
                if self.scopes[self.cur].kind != ScopeKind::Module {
                    return Err(err(
                        a.loc,
                        String::from("import * only allowed at module level"),
                    ));
                }
                continue;
            }
            let bound = a.asname.clone().unwrap_or_else(|| a.name.clone());
            self.add(&bound, flags::DEF_IMPORT, a.loc)?;
        }
        Ok(())
    }

    fn directive(&mut self, names: &[Name], loc: Loc, global: bool) -> R {
        let word = if global { "global" } else { "nonlocal" };
        if !global && self.scopes[self.cur].kind == ScopeKind::Module {
            return Err(err(
                loc,
                String::from("nonlocal declaration not allowed at module level"),
            ));
        }
        for n in names {
            let n = &self.mangled(n);
            let cur = self.scopes[self.cur].flags(n);
            if cur & (flags::DEF_PARAM | flags::DEF_LOCAL | flags::USE | flags::DEF_ANNOT) != 0 {
                let msg = if cur & flags::DEF_PARAM != 0 {
                    format!("name '{n}' is parameter and {word}")
                } else if cur & flags::USE != 0 {
                    format!("name '{n}' is used prior to {word} declaration")
                } else if cur & flags::DEF_ANNOT != 0 {
                    format!("annotated name '{n}' can't be {word}")
                } else {
                    format!("name '{n}' is assigned to before {word} declaration")
                };
                return Err(err(loc, msg));
            }
            self.add(
                n,
                if global {
                    flags::DEF_GLOBAL
                } else {
                    flags::DEF_NONLOCAL
                },
                loc,
            )?;
            if let Some(sym) = self.scope().symbols.get_mut(n) {
                sym.directive.get_or_insert(loc);
            }
        }
        Ok(())
    }

    fn decorators_and_name(&mut self, decorators: &[Expr], name: &Name, loc: Loc) -> R {
        for d in decorators {
            self.expr(d)?;
        }
        self.add(name, flags::DEF_LOCAL, loc)
    }

    fn funcdef(&mut self, f: &FunctionDef) -> R {
        self.decorators_and_name(&f.decorators, &f.name, f.loc)?;
        self.defaults(&f.args)?;
        self.annotations(&f.args)?;
        if let Some(r) = &f.returns {
            self.expr(r)?;
        }
        let id = self.new_scope(
            ScopeKind::Function,
            &f.name,
            f.loc.line,
            f as *const FunctionDef as usize,
        );
        self.scopes[id].is_async = f.is_async;
        self.scopes[id].is_coroutine = f.is_async;
        self.in_scope(id, |b| {
            b.params(&f.args)?;
            b.body(&f.body)
        })?;
        let sc = &self.scopes[id];
        if let (true, true, Some((loc, deferred))) = (sc.is_async, sc.is_generator, sc.return_value)
        {
            // CPython's compiler reports it at the `return`, before any later error.
            if !deferred {
                self.deferred = Some(err(
                    loc,
                    String::from("'return' with value in async generator"),
                ));
            }
        }
        Ok(())
    }

    /// Whether the current scope is an `async def` (CPython's compiler scope
    /// `COMPILER_SCOPE_ASYNC_FUNCTION`).
    fn in_async_def(&self) -> bool {
        let s = &self.scopes[self.cur];
        s.kind == ScopeKind::Function && s.is_async
    }

    /// `async for` and `async with` belong in an `async def`.
    fn async_statement_check(&mut self, loc: Loc, msg: &str) {
        if !self.in_async_def() {
            self.defer(loc, msg);
        }
    }

    fn classdef(&mut self, c: &ClassDef) -> R {
        for d in &c.decorators {
            self.expr(d)?;
        }
        for e in &c.bases {
            self.elt(e)?;
        }
        for k in &c.keywords {
            self.expr(&k.value)?;
        }
        let id = self.new_scope(
            ScopeKind::Class,
            &c.name,
            c.loc.line,
            c as *const ClassDef as usize,
        );
        self.scopes[id].private = Some(c.name.clone());
        let saved = self.private.replace(c.name.clone());
        let r = self.in_scope(id, |b| b.body(&c.body));
        self.private = saved;
        r?;
        self.add(&c.name, flags::DEF_LOCAL, c.loc)
    }

    /// Runs `f` with `id` as the current scope (loop state does not cross scopes).
    fn in_scope(&mut self, id: ScopeId, f: impl FnOnce(&mut Builder) -> R) -> R {
        let (saved, saved_loop, saved_iter) = (self.cur, self.loop_depth, self.comp_iter_depth);
        self.cur = id;
        self.loop_depth = 0;
        self.comp_iter_depth = 0;
        let r = f(self);
        self.cur = saved;
        self.loop_depth = saved_loop;
        self.comp_iter_depth = saved_iter;
        r
    }

    fn defaults(&mut self, a: &Arguments) -> R {
        for d in &a.defaults {
            self.expr(d)?;
        }
        for d in a.kw_defaults.iter().flatten() {
            self.expr(d)?;
        }
        Ok(())
    }

    fn annotations(&mut self, a: &Arguments) -> R {
        let all = a
            .posonly
            .iter()
            .chain(&a.args)
            .chain(&a.vararg)
            .chain(&a.kwonly)
            .chain(&a.kwarg);
        for arg in all {
            if let Some(ann) = &arg.annotation {
                self.expr(ann)?;
            }
        }
        Ok(())
    }

    /// Declares the parameters in the (new) current scope, in CPython's order.
    fn params(&mut self, a: &Arguments) -> R {
        for arg in a
            .posonly
            .iter()
            .chain(&a.args)
            .chain(&a.kwonly)
            .chain(&a.vararg)
            .chain(&a.kwarg)
        {
            self.add(&arg.name, flags::DEF_PARAM, arg.loc)?;
            let mangled = self.mangled(&arg.name);
            self.scope().varnames.push(mangled);
        }
        let s = self.scope();
        s.posonlyargcount = a.posonly.len() as u32;
        s.argcount = (a.posonly.len() + a.args.len()) as u32;
        s.kwonlyargcount = a.kwonly.len() as u32;
        s.has_varargs = a.vararg.is_some();
        s.has_varkw = a.kwarg.is_some();
        Ok(())
    }

    // ----- expressions -----

    fn expr(&mut self, e: &Expr) -> R {
        self.expr_ctx(e, Ctx::Load)
    }

    /// An assignment target.
    fn target(&mut self, e: &Expr) -> R {
        self.expr_ctx(e, Ctx::Store)
    }

    /// An element of a display, call or target list, where `*x` is allowed.
    fn elt_ctx(&mut self, e: &Expr, ctx: Ctx) -> R {
        match &e.kind {
            ExprKind::Starred(v) => self.expr_ctx(v, ctx),
            _ => self.expr_ctx(e, ctx),
        }
    }

    fn elt(&mut self, e: &Expr) -> R {
        self.elt_ctx(e, Ctx::Load)
    }

    fn sequence(&mut self, elts: &[Expr], ctx: Ctx, loc: Loc) -> R {
        if ctx == Ctx::Store
            && elts
                .iter()
                .filter(|e| matches!(e.kind, ExprKind::Starred(_)))
                .count()
                > 1
        {
            self.defer(loc, "multiple starred expressions in assignment");
        }
        for e in elts {
            self.elt_ctx(e, ctx)?;
        }
        Ok(())
    }

    fn expr_ctx(&mut self, e: &Expr, ctx: Ctx) -> R {
        match &e.kind {
            ExprKind::Name(n) => {
                let flag = if ctx == Ctx::Load {
                    flags::USE
                } else {
                    flags::DEF_LOCAL
                };
                self.add(n, flag, e.loc)?;
                if ctx == Ctx::Load && &**n == "super" && self.scopes[self.cur].is_function_like() {
                    self.add(&Name::from("__class__"), flags::USE, e.loc)?;
                }
                Ok(())
            }
            ExprKind::Starred(v) => {
                if ctx == Ctx::Store {
                    self.defer(
                        e.loc,
                        "starred assignment target must be in a list or tuple",
                    );
                } else {
                    self.defer(e.loc, "can't use starred expression here");
                }
                self.expr_ctx(v, ctx)
            }
            ExprKind::Tuple(elts) | ExprKind::List(elts) => self.sequence(elts, ctx, e.loc),
            ExprKind::Attribute { value, .. } => self.expr(value),
            ExprKind::Subscript { value, slice } => {
                self.expr(value)?;
                self.expr(slice)
            }
            ExprKind::BoolOp { values, .. } => values.iter().try_for_each(|v| self.expr(v)),
            ExprKind::NamedExpr { target, value } => {
                if self.comp_iter_depth > 0 {
                    return Err(err(e.loc, String::from("assignment expression cannot be used in a comprehension iterable expression")));
                }
                self.expr(value)?;
                self.named_target(target, e.loc)
            }
            ExprKind::BinOp { left, right, .. } => {
                self.expr(left)?;
                self.expr(right)
            }
            ExprKind::UnaryOp { operand, .. } => self.expr(operand),
            ExprKind::Lambda { args, body } => {
                self.defaults(args)?;
                let id = self.new_scope(
                    ScopeKind::Lambda,
                    "<lambda>",
                    e.loc.line,
                    e as *const Expr as usize,
                );
                self.in_scope(id, |b| {
                    b.params(args)?;
                    b.expr(body)
                })
            }
            ExprKind::IfExp { test, body, orelse } => {
                self.expr(test)?;
                self.expr(body)?;
                self.expr(orelse)
            }
            ExprKind::Dict { keys, values } => {
                for (k, v) in keys.iter().zip(values) {
                    if let Some(k) = k {
                        self.expr(k)?;
                    }
                    self.expr(v)?;
                }
                Ok(())
            }
            ExprKind::Set(elts) => elts.iter().try_for_each(|v| self.elt(v)),
            ExprKind::ListComp { elt, generators } => {
                self.comprehension(e, "<listcomp>", generators, elt, None)
            }
            ExprKind::SetComp { elt, generators } => {
                self.comprehension(e, "<setcomp>", generators, elt, None)
            }
            ExprKind::GeneratorExp { elt, generators } => {
                self.comprehension(e, "<genexpr>", generators, elt, None)
            }
            ExprKind::DictComp {
                key,
                value,
                generators,
            } => self.comprehension(e, "<dictcomp>", generators, key, Some(value)),
            ExprKind::Yield(v) => {
                self.yield_check(e.loc)?;
                match v {
                    Some(v) => self.expr(v),
                    None => Ok(()),
                }
            }
            ExprKind::YieldFrom(v) => {
                self.yield_check(e.loc)?;
                if self.in_async_def() {
                    self.defer(e.loc, "'yield from' inside async function");
                }
                self.expr(v)
            }
            ExprKind::Await(v) => {
                match self.scopes[self.cur].kind {
                    ScopeKind::Module | ScopeKind::Class => {
                        self.defer(e.loc, "'await' outside function")
                    }
                    ScopeKind::Function | ScopeKind::Lambda if !self.in_async_def() => {
                        self.defer(e.loc, "'await' outside async function")
                    }
                    _ => {}
                }
                self.expr(v)?;
                self.scope().is_coroutine = true;
                Ok(())
            }
            ExprKind::Compare {
                left, comparators, ..
            } => {
                self.expr(left)?;
                comparators.iter().try_for_each(|v| self.expr(v))
            }
            ExprKind::Call {
                func,
                args,
                keywords,
            } => {
                self.expr(func)?;
                for a in args {
                    self.elt(a)?;
                }
                keywords.iter().try_for_each(|k| self.expr(&k.value))
            }
            ExprKind::FormattedValue {
                value, format_spec, ..
            } => {
                self.expr(value)?;
                match format_spec {
                    Some(s) => self.expr(s),
                    None => Ok(()),
                }
            }
            ExprKind::JoinedStr(parts) => parts.iter().try_for_each(|v| self.expr(v)),
            ExprKind::Constant(_) => Ok(()),
            ExprKind::Slice { lower, upper, step } => {
                for v in [lower, upper, step].into_iter().flatten() {
                    self.expr(v)?;
                }
                Ok(())
            }
        }
    }

    fn yield_check(&mut self, loc: Loc) -> R {
        let s = &mut self.scopes[self.cur];
        match s.kind {
            ScopeKind::Module | ScopeKind::Class => {
                Err(err(loc, String::from("'yield' outside function")))
            }
            ScopeKind::Comprehension => {
                let what = match &*s.name {
                    "<listcomp>" => "list comprehension",
                    "<setcomp>" => "set comprehension",
                    "<dictcomp>" => "dict comprehension",
                    _ => "generator expression",
                };
                Err(err(loc, format!("'yield' inside {what}")))
            }
            _ => {
                s.is_generator = true;
                Ok(())
            }
        }
    }

    /// Binds a walrus target: in a comprehension it binds in the nearest enclosing
    /// function or module scope (CPython's `symtable_extend_namedexpr_scope`).
    fn named_target(&mut self, name: &Name, loc: Loc) -> R {
        // CPython reports errors at the target name, which starts the expression.
        let loc = Loc {
            end_line: loc.line,
            end_col: loc.col + name.chars().count() as u32,
            ..loc
        };
        let name = &self.mangled(name);
        if self.scopes[self.cur].kind != ScopeKind::Comprehension {
            return self.add(name, flags::DEF_LOCAL, loc);
        }
        let mut id = self.cur;
        loop {
            let s = &self.scopes[id];
            match s.kind {
                ScopeKind::Comprehension => {
                    if s.flags(name) & flags::DEF_COMP_ITER != 0 {
                        return Err(err(loc, format!("assignment expression cannot rebind comprehension iteration variable '{name}'")));
                    }
                }
                ScopeKind::Function | ScopeKind::Lambda => {
                    let flag = if s.flags(name) & flags::DEF_GLOBAL != 0 {
                        flags::DEF_GLOBAL
                    } else {
                        flags::DEF_NONLOCAL
                    };
                    self.add(name, flag, loc)?;
                    return self.add_in(id, name, flags::DEF_LOCAL, loc);
                }
                ScopeKind::Module => {
                    self.add(name, flags::DEF_GLOBAL, loc)?;
                    return self.add_in(id, name, flags::DEF_GLOBAL, loc);
                }
                ScopeKind::Class => {
                    return Err(err(loc, String::from("assignment expression within a comprehension cannot be used in a class body")));
                }
            }
            match s.parent {
                Some(p) => id = p,
                None => return Ok(()),
            }
        }
    }

    fn comprehension(
        &mut self,
        node: &Expr,
        name: &str,
        gens: &[Comprehension],
        elt: &Expr,
        value: Option<&Expr>,
    ) -> R {
        let Some(first) = gens.first() else {
            return Ok(());
        };
        // The outermost iterable is evaluated in the enclosing scope.
        self.comp_iter_depth += 1;
        self.expr(&first.iter)?;
        self.comp_iter_depth -= 1;
        let id = self.new_scope(
            ScopeKind::Comprehension,
            name,
            node.loc.line,
            node as *const Expr as usize,
        );
        let deferred = self.deferred.is_some();
        let enclosing_allows_async =
            self.in_async_def() || self.scopes[self.cur].kind == ScopeKind::Comprehension;
        self.scopes[id].is_coroutine = first.is_async;
        self.in_scope(id, |b| {
            let dot0 = Name::from(".0");
            b.add(&dot0, flags::DEF_PARAM, node.loc)?;
            b.scope().varnames.push(dot0);
            b.scope().argcount = 1;
            for (i, g) in gens.iter().enumerate() {
                if i > 0 {
                    b.comp_iter_depth += 1;
                    b.expr(&g.iter)?;
                    b.comp_iter_depth -= 1;
                }
                b.comp_target(&g.target)?;
                for c in &g.ifs {
                    b.expr(c)?;
                }
                if g.is_async {
                    b.scope().is_coroutine = true;
                }
            }
            if let Some(v) = value {
                b.expr(v)?;
            }
            b.expr(elt)
        })?;
        // An asynchronous list, set or dict comprehension is awaited where it is built,
        // which makes the enclosing scope a coroutine too (an asynchronous generator
        // expression is only created there).
        let is_async = self.scopes[id].is_coroutine && !self.scopes[id].is_generator;
        if is_async {
            self.scope().is_coroutine = true;
            // CPython's compiler checks this when it enters the comprehension, before
            // anything in its body.
            if !enclosing_allows_async && !deferred {
                self.deferred = Some(err(
                    node.loc,
                    String::from("asynchronous comprehension outside of an asynchronous function"),
                ));
            }
        }
        Ok(())
    }

    /// A comprehension's `for` target: bound locally and marked as an iteration variable.
    fn comp_target(&mut self, t: &Expr) -> R {
        match &t.kind {
            ExprKind::Name(n) => self.add(n, flags::DEF_LOCAL | flags::DEF_COMP_ITER, t.loc),
            ExprKind::Tuple(elts) | ExprKind::List(elts) => {
                if elts
                    .iter()
                    .filter(|e| matches!(e.kind, ExprKind::Starred(_)))
                    .count()
                    > 1
                {
                    self.defer(t.loc, "multiple starred expressions in assignment");
                }
                for e in elts {
                    match &e.kind {
                        ExprKind::Starred(v) => self.comp_target(v)?,
                        _ => self.comp_target(e)?,
                    }
                }
                Ok(())
            }
            _ => self.target(t),
        }
    }

    // ----- analysis (CPython's analyze_block) -----

    fn analyze(&mut self) -> R {
        let mut free = BTreeSet::new();
        self.analyze_block(0, None, &mut free, &BTreeSet::new())
    }

    fn analyze_block(
        &mut self,
        id: ScopeId,
        bound: Option<&BTreeSet<Name>>,
        free: &mut BTreeSet<Name>,
        global: &BTreeSet<Name>,
    ) -> R {
        let kind = self.scopes[id].kind;
        let mut global = global.clone();
        let (local, mut scopes) = self.classify_symbols(id, bound, free, &mut global)?;
        // What nested scopes see as bound in enclosing functions.
        let mut newbound: BTreeSet<Name> = bound.cloned().unwrap_or_default();
        if kind == ScopeKind::Class {
            newbound.insert(Name::from("__class__"));
        } else if self.scopes[id].is_function_like() {
            newbound.extend(local.iter().cloned());
        }
        let mut newfree = BTreeSet::new();
        let children = self.scopes[id].children.clone();
        for c in children {
            let mut child_free = BTreeSet::new();
            let child_bound = if kind == ScopeKind::Module && newbound.is_empty() {
                None
            } else {
                Some(&newbound)
            };
            self.analyze_block(c, child_bound, &mut child_free, &global)?;
            if self.scopes[c].has_free || self.scopes[c].child_free {
                self.scopes[id].child_free = true;
            }
            newfree.extend(child_free);
        }
        let scope = &mut self.scopes[id];
        if scope.is_function_like() {
            // Locals captured by children become cells.
            newfree.retain(|n| match scopes.get_mut(n) {
                Some(s @ SymScope::Local) => {
                    *s = SymScope::Cell;
                    false
                }
                _ => true,
            });
        } else if kind == ScopeKind::Class && newfree.remove("__class__") {
            scope.needs_class_cell = true;
        }
        for (name, sc) in &scopes {
            if let Some(sym) = scope.symbols.get_mut(name) {
                sym.scope = *sc;
            }
        }
        scope.pass_through_free(&newfree, bound);
        free.extend(newfree);
        scope.finish_var_lists();
        Ok(())
    }

    /// The scope of each of scope `id`'s own symbols (before its children are analyzed),
    /// and the names it binds locally; names declared nonlocal or free go in `free`, names
    /// declared global in `global`.
    fn classify_symbols(
        &mut self,
        id: ScopeId,
        bound: Option<&BTreeSet<Name>>,
        free: &mut BTreeSet<Name>,
        global: &mut BTreeSet<Name>,
    ) -> Result<(BTreeSet<Name>, BTreeMap<Name, SymScope>), CompileError> {
        let mut local = BTreeSet::new();
        let mut scopes: BTreeMap<Name, SymScope> = BTreeMap::new();
        let names: Vec<(Name, u32, Option<Loc>)> = self.scopes[id]
            .symbols
            .iter()
            .map(|(n, s)| (n.clone(), s.flags, s.directive))
            .collect();
        for (name, fl, directive) in &names {
            let loc = directive.unwrap_or_default();
            let sc = if fl & flags::DEF_GLOBAL != 0 {
                if fl & flags::DEF_NONLOCAL != 0 {
                    return Err(err(loc, format!("name '{name}' is nonlocal and global")));
                }
                global.insert(name.clone());
                SymScope::GlobalExplicit
            } else if fl & flags::DEF_NONLOCAL != 0 {
                if !bound.is_some_and(|b| b.contains(name)) {
                    return Err(err(loc, format!("no binding for nonlocal '{name}' found")));
                }
                self.scopes[id].has_free = true;
                free.insert(name.clone());
                SymScope::Free
            } else if fl & flags::DEF_BOUND != 0 {
                local.insert(name.clone());
                global.remove(name);
                SymScope::Local
            } else if bound.is_some_and(|b| b.contains(name)) {
                self.scopes[id].has_free = true;
                free.insert(name.clone());
                SymScope::Free
            } else {
                SymScope::GlobalImplicit
            };
            scopes.insert(name.clone(), sc);
        }
        Ok((local, scopes))
    }
}

mod patterns;

#[cfg(test)]
mod cases;
#[cfg(test)]
mod tests;
