//! The abstract syntax tree of the Python subset.
//!
//! The shape follows CPython's `ast` module closely so that the code generator can follow
//! CPython's compiler. Expression context (load/store/delete) is not stored: the code
//! generator knows it from the position of the node.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

/// An identifier. Shared so that the symbol table and code generator can keep names cheaply.
pub type Name = Rc<str>;

/// A source range. Lines are 1-based; columns are 0-based counts of characters (not bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Loc {
    /// First line of the node.
    pub line: u32,
    /// Column of the first character.
    pub col: u32,
    /// Last line of the node.
    pub end_line: u32,
    /// Column one past the last character.
    pub end_col: u32,
}

/// A parsed module (a file, a `-c` string or one REPL entry).
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// The statements in order.
    pub body: Vec<Stmt>,
}

/// A statement with its location.
#[derive(Clone, Debug)]
pub struct Stmt {
    /// What the statement is.
    pub kind: StmtKind,
    /// Where it is.
    pub loc: Loc,
}

/// The statement forms.
#[derive(Clone, Debug)]
pub enum StmtKind {
    /// An expression evaluated for its effect.
    Expr(Expr),
    /// `a = b = value`: `targets` in source order.
    Assign {
        /// The targets, assigned left to right.
        targets: Vec<Expr>,
        /// The value assigned to every target.
        value: Expr,
    },
    /// `target op= value`.
    AugAssign {
        /// The name, attribute or subscript updated.
        target: Expr,
        /// The binary operator applied in place.
        op: BinOp,
        /// The right operand.
        value: Expr,
    },
    /// `target: annotation [= value]`. The annotation is parsed and ignored at run time.
    AnnAssign {
        /// The annotated name, attribute or subscript.
        target: Expr,
        /// The annotation expression (not evaluated).
        annotation: Expr,
        /// The assigned value, if any.
        value: Option<Expr>,
    },
    /// `if test: body else: orelse` (`elif` chains nest in `orelse`).
    If {
        /// The condition.
        test: Expr,
        /// Statements run when the condition is true.
        body: Vec<Stmt>,
        /// The `else` (or nested `elif`) statements.
        orelse: Vec<Stmt>,
    },
    /// `while test: body else: orelse`.
    While {
        /// The loop condition, tested before each iteration.
        test: Expr,
        /// The loop body.
        body: Vec<Stmt>,
        /// Statements run when the loop ends without `break`.
        orelse: Vec<Stmt>,
    },
    /// `[async] for target in iter: body else: orelse`.
    For {
        /// The target assigned each item.
        target: Expr,
        /// The iterable expression.
        iter: Expr,
        /// The loop body.
        body: Vec<Stmt>,
        /// Statements run when the loop ends without `break`.
        orelse: Vec<Stmt>,
        /// `async for` (CPython's `AsyncFor`).
        is_async: bool,
    },
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `pass`.
    Pass,
    /// `return [value]`.
    Return(Option<Expr>),
    /// `def`.
    FunctionDef(Box<FunctionDef>),
    /// `class`.
    ClassDef(Box<ClassDef>),
    /// `try` with handlers, `else` and `finally`.
    Try {
        /// The guarded statements.
        body: Vec<Stmt>,
        /// The `except` clauses in order.
        handlers: Vec<ExceptHandler>,
        /// Statements run when the body raised nothing.
        orelse: Vec<Stmt>,
        /// The `finally` statements (empty if absent).
        finalbody: Vec<Stmt>,
    },
    /// `raise [exc [from cause]]`.
    Raise {
        /// The exception (class or instance); `None` for a bare re-raise.
        exc: Option<Expr>,
        /// The `from` expression, if any.
        cause: Option<Expr>,
    },
    /// `[async] with a as b, c: body`.
    With {
        /// The context managers, entered left to right.
        items: Vec<WithItem>,
        /// The statements run inside the contexts.
        body: Vec<Stmt>,
        /// `async with` (CPython's `AsyncWith`).
        is_async: bool,
    },
    /// `assert test[, msg]`.
    Assert {
        /// The asserted condition.
        test: Expr,
        /// The message expression, evaluated only on failure.
        msg: Option<Expr>,
    },
    /// `del a, b[i], c.x`.
    Delete(Vec<Expr>),
    /// `import a.b as c, d`.
    Import(Vec<Alias>),
    /// `from module import a as b` (`level` counts leading dots; `*` is an alias named `*`).
    ImportFrom {
        /// The module path after the dots, if any.
        module: Option<Name>,
        /// The imported names.
        names: Vec<Alias>,
        /// The number of leading dots (0 for an absolute import).
        level: u32,
    },
    /// `global a, b`.
    Global(Vec<Name>),
    /// `nonlocal a, b`.
    Nonlocal(Vec<Name>),
    /// `match subject: case ...` (at least one case).
    Match {
        /// The value matched against each case's pattern.
        subject: Expr,
        /// The cases in order.
        cases: Vec<MatchCase>,
    },
}

/// One `case pattern [if guard]: body` of a `match` statement.
#[derive(Clone, Debug)]
pub struct MatchCase {
    /// The pattern.
    pub pattern: Pattern,
    /// The guard, evaluated after the pattern's names are bound.
    pub guard: Option<Expr>,
    /// The statements run when the case matches.
    pub body: Vec<Stmt>,
}

/// A pattern with its location.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// What the pattern is.
    pub kind: PatternKind,
    /// Where it is.
    pub loc: Loc,
}

/// The pattern forms (CPython's `ast.pattern` subclasses).
#[derive(Clone, Debug)]
pub enum PatternKind {
    /// A literal compared with `==`, or a dotted name's value (`Constant`, signed numbers,
    /// `real +/- imag`, strings or `Attribute`).
    MatchValue(Expr),
    /// `None`, `True` or `False`, compared by identity.
    MatchSingleton(Constant),
    /// `[p, ...]` or `(p, ...)` (at most one `MatchStar`).
    MatchSequence(Vec<Pattern>),
    /// `{key: p, ..., **rest}`.
    MatchMapping {
        /// The keys: literals or attribute lookups.
        keys: Vec<Expr>,
        /// One pattern per key.
        patterns: Vec<Pattern>,
        /// The `**rest` name, if any.
        rest: Option<Name>,
    },
    /// `cls(p, ..., name=p, ...)`.
    MatchClass {
        /// The class: a name or a dotted name.
        cls: Expr,
        /// The positional sub-patterns (matched through `__match_args__`).
        patterns: Vec<Pattern>,
        /// The keyword sub-patterns' attribute names.
        kwd_attrs: Vec<Name>,
        /// The keyword sub-patterns, one per attribute name.
        kwd_patterns: Vec<Pattern>,
    },
    /// `*name` or `*_` inside a sequence pattern.
    MatchStar(Option<Name>),
    /// `p as name`, a capture (`pattern: None`) or the wildcard `_` (both `None`).
    MatchAs {
        /// The sub-pattern, if any.
        pattern: Option<Box<Pattern>>,
        /// The name bound, if any.
        name: Option<Name>,
    },
    /// `p | q | ...` (two or more alternatives).
    MatchOr(Vec<Pattern>),
}

/// A `def` statement (also used for nothing else: lambdas have their own node).
#[derive(Clone, Debug)]
pub struct FunctionDef {
    /// The function's name.
    pub name: Name,
    /// Its parameters.
    pub args: Arguments,
    /// Its body.
    pub body: Vec<Stmt>,
    /// Decorators, outermost first (source order).
    pub decorators: Vec<Expr>,
    /// The return annotation (ignored).
    pub returns: Option<Expr>,
    /// `async def` (CPython's `AsyncFunctionDef`).
    pub is_async: bool,
    /// Location of the `def` keyword line, or of `async` before it (the first decorator
    /// is not included).
    pub loc: Loc,
}

/// A `class` statement.
#[derive(Clone, Debug)]
pub struct ClassDef {
    /// The class name.
    pub name: Name,
    /// Positional base expressions (`*b` appears as `Starred`).
    pub bases: Vec<Expr>,
    /// Keyword arguments such as `metaclass=` (`**kw` has `arg: None`).
    pub keywords: Vec<Keyword>,
    /// The class body.
    pub body: Vec<Stmt>,
    /// Decorators, outermost first.
    pub decorators: Vec<Expr>,
    /// Location of the `class` keyword line.
    pub loc: Loc,
}

/// Function parameters, as in CPython's `ast.arguments`.
#[derive(Clone, Debug, Default)]
pub struct Arguments {
    /// Positional-only parameters (before `/`).
    pub posonly: Vec<Arg>,
    /// Ordinary positional-or-keyword parameters.
    pub args: Vec<Arg>,
    /// `*args`.
    pub vararg: Option<Arg>,
    /// Keyword-only parameters (after `*` or `*args`).
    pub kwonly: Vec<Arg>,
    /// One entry per keyword-only parameter: its default or `None`.
    pub kw_defaults: Vec<Option<Expr>>,
    /// `**kwargs`.
    pub kwarg: Option<Arg>,
    /// Defaults of the last `defaults.len()` positional parameters (posonly + args).
    pub defaults: Vec<Expr>,
}

/// One parameter.
#[derive(Clone, Debug)]
pub struct Arg {
    /// Parameter name.
    pub name: Name,
    /// Annotation (ignored).
    pub annotation: Option<Expr>,
    /// Where it is.
    pub loc: Loc,
}

/// An `except` clause.
#[derive(Clone, Debug)]
pub struct ExceptHandler {
    /// The exception type expression; `None` for a bare `except:`.
    pub typ: Option<Expr>,
    /// The `as` name.
    pub name: Option<Name>,
    /// The handler body.
    pub body: Vec<Stmt>,
    /// Location of the `except` line.
    pub loc: Loc,
}

/// One item of a `with` statement.
#[derive(Clone, Debug)]
pub struct WithItem {
    /// The context manager expression.
    pub context: Expr,
    /// The `as` target, any assignable expression.
    pub vars: Option<Expr>,
}

/// One name of an `import` statement.
#[derive(Clone, Debug)]
pub struct Alias {
    /// The (possibly dotted) name, e.g. `os.path`, or `*`.
    pub name: Name,
    /// The `as` name.
    pub asname: Option<Name>,
    /// Where it is.
    pub loc: Loc,
}

/// A keyword argument at a call site or in a class header.
#[derive(Clone, Debug)]
pub struct Keyword {
    /// The keyword; `None` for `**mapping`.
    pub arg: Option<Name>,
    /// The value.
    pub value: Expr,
    /// Where it is.
    pub loc: Loc,
}

/// One `for ... in ... if ...` clause of a comprehension.
#[derive(Clone, Debug)]
pub struct Comprehension {
    /// The loop target.
    pub target: Expr,
    /// The iterable.
    pub iter: Expr,
    /// The `if` filters.
    pub ifs: Vec<Expr>,
    /// `async for`.
    pub is_async: bool,
}

/// An expression with its location.
#[derive(Clone, Debug)]
pub struct Expr {
    /// What the expression is.
    pub kind: ExprKind,
    /// Where it is.
    pub loc: Loc,
}

/// The expression forms.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// `a and b and c` / `a or b`.
    BoolOp {
        /// `and` or `or`.
        op: BoolOp,
        /// The operands (two or more), evaluated left to right.
        values: Vec<Expr>,
    },
    /// `target := value`.
    NamedExpr {
        /// The name bound.
        target: Name,
        /// The value bound and produced.
        value: Box<Expr>,
    },
    /// `left op right`.
    BinOp {
        /// The left operand.
        left: Box<Expr>,
        /// The operator.
        op: BinOp,
        /// The right operand.
        right: Box<Expr>,
    },
    /// `op operand`.
    UnaryOp {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        operand: Box<Expr>,
    },
    /// `lambda args: body`.
    Lambda {
        /// The parameters.
        args: Box<Arguments>,
        /// The expression returned.
        body: Box<Expr>,
    },
    /// `body if test else orelse`.
    IfExp {
        /// The condition.
        test: Box<Expr>,
        /// The value when the condition is true.
        body: Box<Expr>,
        /// The value when the condition is false.
        orelse: Box<Expr>,
    },
    /// `{k: v, **m}`: a `None` key means `**values[i]`.
    Dict {
        /// One key per entry; `None` for a `**mapping` entry.
        keys: Vec<Option<Expr>>,
        /// One value (or unpacked mapping) per entry.
        values: Vec<Expr>,
    },
    /// `{a, b}`.
    Set(Vec<Expr>),
    /// `[elt for ...]`.
    ListComp {
        /// The element expression.
        elt: Box<Expr>,
        /// The `for`/`if` clauses, outermost first.
        generators: Vec<Comprehension>,
    },
    /// `{elt for ...}`.
    SetComp {
        /// The element expression.
        elt: Box<Expr>,
        /// The `for`/`if` clauses, outermost first.
        generators: Vec<Comprehension>,
    },
    /// `{key: value for ...}`.
    DictComp {
        /// The key expression.
        key: Box<Expr>,
        /// The value expression.
        value: Box<Expr>,
        /// The `for`/`if` clauses, outermost first.
        generators: Vec<Comprehension>,
    },
    /// `(elt for ...)`.
    GeneratorExp {
        /// The element expression.
        elt: Box<Expr>,
        /// The `for`/`if` clauses, outermost first.
        generators: Vec<Comprehension>,
    },
    /// `yield [value]`.
    Yield(Option<Box<Expr>>),
    /// `yield from value`.
    YieldFrom(Box<Expr>),
    /// `await value`.
    Await(Box<Expr>),
    /// `left op1 c1 op2 c2 ...`.
    Compare {
        /// The first operand.
        left: Box<Expr>,
        /// The operators, one per comparator.
        ops: Vec<CmpOp>,
        /// The remaining operands, in order.
        comparators: Vec<Expr>,
    },
    /// `func(args, keywords)`; `*x` arguments appear as `Starred`.
    Call {
        /// The callee.
        func: Box<Expr>,
        /// Positional arguments (`*a` appears as `Starred`).
        args: Vec<Expr>,
        /// Keyword arguments (`**kw` has `arg: None`).
        keywords: Vec<Keyword>,
    },
    /// One `{value!conv:spec}` field of an f-string. `conversion` is `'s'`, `'r'` or `'a'`.
    /// `format_spec` is itself a `JoinedStr`.
    FormattedValue {
        /// The formatted expression.
        value: Box<Expr>,
        /// The conversion: `'s'`, `'r'` or `'a'`, if any.
        conversion: Option<char>,
        /// The format spec (a `JoinedStr`), if any.
        format_spec: Option<Box<Expr>>,
    },
    /// An f-string: a sequence of `Constant(Str)` and `FormattedValue` parts.
    JoinedStr(Vec<Expr>),
    /// A literal.
    Constant(Constant),
    /// `value.attr`.
    Attribute {
        /// The object.
        value: Box<Expr>,
        /// The attribute name.
        attr: Name,
    },
    /// `value[slice]` (a tuple of indices appears as `Tuple`, slices as `Slice`).
    Subscript {
        /// The subscripted object.
        value: Box<Expr>,
        /// The index or `Slice` expression.
        slice: Box<Expr>,
    },
    /// `*value` in a call, a display or an assignment target.
    Starred(Box<Expr>),
    /// A name.
    Name(Name),
    /// `[a, b]`.
    List(Vec<Expr>),
    /// `(a, b)` or `a, b`.
    Tuple(Vec<Expr>),
    /// `lower:upper:step` inside a subscript.
    Slice {
        /// The start, if given.
        lower: Option<Box<Expr>>,
        /// The stop, if given.
        upper: Option<Box<Expr>>,
        /// The step, if given.
        step: Option<Box<Expr>>,
    },
}

/// A literal value.
#[derive(Clone, Debug, PartialEq)]
pub enum Constant {
    /// `None`.
    None,
    /// `True`.
    True,
    /// `False`.
    False,
    /// `...`.
    Ellipsis,
    /// An integer literal that fits in an `i64`.
    Int(i64),
    /// An integer literal too large for an `i64`: its digits (no sign, no prefix, no
    /// underscores) in the given radix (2, 8, 10 or 16).
    BigInt {
        /// The digits, without sign, prefix or underscores.
        digits: String,
        /// The base of `digits`: 2, 8, 10 or 16.
        radix: u32,
    },
    /// A float literal.
    Float(f64),
    /// An imaginary literal (`1j`), holding its imaginary part. Complex numbers are outside
    /// the subset: evaluating one raises `NotImplementedError`.
    Imaginary(f64),
    /// A string literal (adjacent literals already concatenated).
    Str(String),
    /// A bytes literal.
    Bytes(Vec<u8>),
}

/// `and` / `or`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoolOp {
    /// `and`.
    And,
    /// `or`.
    Or,
}

/// Binary operators (also used by augmented assignment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mult,
    /// `@`
    MatMult,
    /// `/`
    Div,
    /// `%`
    Mod,
    /// `**`
    Pow,
    /// `<<`
    LShift,
    /// `>>`
    RShift,
    /// `|`
    BitOr,
    /// `^`
    BitXor,
    /// `&`
    BitAnd,
    /// `//`
    FloorDiv,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `~`
    Invert,
    /// `not`
    Not,
    /// `+`
    UAdd,
    /// `-`
    USub,
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    NotEq,
    /// `<`
    Lt,
    /// `<=`
    LtE,
    /// `>`
    Gt,
    /// `>=`
    GtE,
    /// `is`
    Is,
    /// `is not`
    IsNot,
    /// `in`
    In,
    /// `not in`
    NotIn,
}
