//! Test helper: dumps an AST in the format of `testgen/dump.py` (CPython's `ast.dump`
//! with locations, minus fields Tiercel does not keep), for comparison with CPython.

use crate::compile::ast::*;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

fn s(v: &str) -> String {
    if v.chars()
        .all(|c| (' '..'\x7f').contains(&c) && c != '\'' && c != '\\')
    {
        format!("'{v}'")
    } else {
        let parts: Vec<String> = v.chars().map(|c| format!("{:x}", c as u32)).collect();
        format!("u{}", parts.join("."))
    }
}

fn loc(l: &Loc) -> String {
    format!("@{}:{}-{}:{}", l.line, l.col, l.end_line, l.end_col)
}

fn list<T>(v: &[T], f: impl Fn(&T) -> String) -> String {
    let parts: Vec<String> = v.iter().map(f).collect();
    format!("[{}]", parts.join(", "))
}

fn opt(e: &Option<Expr>) -> String {
    e.as_ref().map_or(String::from("None"), expr)
}

fn optb(e: &Option<Box<Expr>>) -> String {
    e.as_ref().map_or(String::from("None"), |e| expr(e))
}

fn name_opt(n: &Option<Name>) -> String {
    n.as_ref().map_or(String::from("None"), |n| s(n))
}

/// Dumps a module.
pub(crate) fn module(m: &Module) -> String {
    format!("Module(body={})", list(&m.body, stmt))
}

fn arg(a: &Arg) -> String {
    format!(
        "arg(arg={}, annotation={}){}",
        s(&a.name),
        opt(&a.annotation),
        loc(&a.loc)
    )
}

fn arguments(a: &Arguments) -> String {
    format!(
        "arguments(posonlyargs={}, args={}, vararg={}, kwonlyargs={}, kw_defaults={}, kwarg={}, defaults={})",
        list(&a.posonly, arg),
        list(&a.args, arg),
        a.vararg.as_ref().map_or(String::from("None"), arg),
        list(&a.kwonly, arg),
        list(&a.kw_defaults, opt),
        a.kwarg.as_ref().map_or(String::from("None"), arg),
        list(&a.defaults, expr)
    )
}

fn keyword(k: &Keyword) -> String {
    format!(
        "keyword(arg={}, value={}){}",
        name_opt(&k.arg),
        expr(&k.value),
        loc(&k.loc)
    )
}

fn alias(a: &Alias) -> String {
    format!(
        "alias(name={}, asname={}){}",
        s(&a.name),
        name_opt(&a.asname),
        loc(&a.loc)
    )
}

fn stmts(v: &[Stmt]) -> String {
    list(v, stmt)
}

fn stmt(st: &Stmt) -> String {
    let body = match &st.kind {
        StmtKind::Expr(e) => format!("Expr(value={})", expr(e)),
        StmtKind::Assign { targets, value } => format!(
            "Assign(targets={}, value={})",
            list(targets, expr),
            expr(value)
        ),
        StmtKind::AugAssign { target, op, value } => format!(
            "AugAssign(target={}, op={}, value={})",
            expr(target),
            binop(*op),
            expr(value)
        ),
        StmtKind::AnnAssign {
            target,
            annotation,
            value,
        } => format!(
            "AnnAssign(target={}, annotation={}, value={})",
            expr(target),
            expr(annotation),
            opt(value)
        ),
        StmtKind::If { test, body, orelse } => format!(
            "If(test={}, body={}, orelse={})",
            expr(test),
            stmts(body),
            stmts(orelse)
        ),
        StmtKind::While { test, body, orelse } => format!(
            "While(test={}, body={}, orelse={})",
            expr(test),
            stmts(body),
            stmts(orelse)
        ),
        StmtKind::For {
            target,
            iter,
            body,
            orelse,
            is_async,
        } => format!(
            "{}For(target={}, iter={}, body={}, orelse={})",
            if *is_async { "Async" } else { "" },
            expr(target),
            expr(iter),
            stmts(body),
            stmts(orelse)
        ),
        StmtKind::Break => String::from("Break()"),
        StmtKind::Continue => String::from("Continue()"),
        StmtKind::Pass => String::from("Pass()"),
        StmtKind::Return(v) => format!("Return(value={})", opt(v)),
        StmtKind::FunctionDef(f) => format!(
            "{}FunctionDef(name={}, args={}, body={}, decorator_list={}, returns={})",
            if f.is_async { "Async" } else { "" },
            s(&f.name),
            arguments(&f.args),
            stmts(&f.body),
            list(&f.decorators, expr),
            opt(&f.returns)
        ),
        StmtKind::ClassDef(c) => format!(
            "ClassDef(name={}, bases={}, keywords={}, body={}, decorator_list={})",
            s(&c.name),
            list(&c.bases, expr),
            list(&c.keywords, keyword),
            stmts(&c.body),
            list(&c.decorators, expr)
        ),
        StmtKind::Try {
            body,
            handlers,
            orelse,
            finalbody,
        } => format!(
            "Try(body={}, handlers={}, orelse={}, finalbody={})",
            stmts(body),
            list(handlers, |h| format!(
                "ExceptHandler(type={}, name={}, body={}){}",
                opt(&h.typ),
                name_opt(&h.name),
                stmts(&h.body),
                loc(&h.loc)
            )),
            stmts(orelse),
            stmts(finalbody)
        ),
        StmtKind::Raise { exc, cause } => format!("Raise(exc={}, cause={})", opt(exc), opt(cause)),
        StmtKind::With {
            items,
            body,
            is_async,
        } => format!(
            "{}With(items={}, body={})",
            if *is_async { "Async" } else { "" },
            list(items, |w| format!(
                "withitem(context_expr={}, optional_vars={})",
                expr(&w.context),
                opt(&w.vars)
            )),
            stmts(body)
        ),
        StmtKind::Assert { test, msg } => format!("Assert(test={}, msg={})", expr(test), opt(msg)),
        StmtKind::Delete(t) => format!("Delete(targets={})", list(t, expr)),
        StmtKind::Import(n) => format!("Import(names={})", list(n, alias)),
        StmtKind::ImportFrom {
            module,
            names,
            level,
        } => format!(
            "ImportFrom(module={}, names={}, level={level})",
            name_opt(module),
            list(names, alias)
        ),
        StmtKind::Global(n) => format!("Global(names={})", list(n, |n| s(n))),
        StmtKind::Nonlocal(n) => format!("Nonlocal(names={})", list(n, |n| s(n))),
        StmtKind::Match { subject, cases } => format!(
            "Match(subject={}, cases={})",
            expr(subject),
            list(cases, |c| format!(
                "match_case(pattern={}, guard={}, body={})",
                pattern(&c.pattern),
                opt(&c.guard),
                stmts(&c.body)
            ))
        ),
    };
    format!("{body}{}", loc(&st.loc))
}

fn pattern(p: &Pattern) -> String {
    let body = match &p.kind {
        PatternKind::MatchValue(v) => format!("MatchValue(value={})", expr(v)),
        PatternKind::MatchSingleton(c) => format!("MatchSingleton(value={})", constant(c)),
        PatternKind::MatchSequence(ps) => format!("MatchSequence(patterns={})", list(ps, pattern)),
        PatternKind::MatchMapping {
            keys,
            patterns,
            rest,
        } => format!(
            "MatchMapping(keys={}, patterns={}, rest={})",
            list(keys, expr),
            list(patterns, pattern),
            name_opt(rest)
        ),
        PatternKind::MatchClass {
            cls,
            patterns,
            kwd_attrs,
            kwd_patterns,
        } => format!(
            "MatchClass(cls={}, patterns={}, kwd_attrs={}, kwd_patterns={})",
            expr(cls),
            list(patterns, pattern),
            list(kwd_attrs, |n| s(n)),
            list(kwd_patterns, pattern)
        ),
        PatternKind::MatchStar(n) => format!("MatchStar(name={})", name_opt(n)),
        PatternKind::MatchAs { pattern: p, name } => format!(
            "MatchAs(pattern={}, name={})",
            p.as_ref().map_or(String::from("None"), |p| pattern(p)),
            name_opt(name)
        ),
        PatternKind::MatchOr(ps) => format!("MatchOr(patterns={})", list(ps, pattern)),
    };
    format!("{body}{}", loc(&p.loc))
}

fn binop(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "Add()",
        BinOp::Sub => "Sub()",
        BinOp::Mult => "Mult()",
        BinOp::MatMult => "MatMult()",
        BinOp::Div => "Div()",
        BinOp::Mod => "Mod()",
        BinOp::Pow => "Pow()",
        BinOp::LShift => "LShift()",
        BinOp::RShift => "RShift()",
        BinOp::BitOr => "BitOr()",
        BinOp::BitXor => "BitXor()",
        BinOp::BitAnd => "BitAnd()",
        BinOp::FloorDiv => "FloorDiv()",
    }
}

fn cmpop(op: &CmpOp) -> String {
    String::from(match op {
        CmpOp::Eq => "Eq()",
        CmpOp::NotEq => "NotEq()",
        CmpOp::Lt => "Lt()",
        CmpOp::LtE => "LtE()",
        CmpOp::Gt => "Gt()",
        CmpOp::GtE => "GtE()",
        CmpOp::Is => "Is()",
        CmpOp::IsNot => "IsNot()",
        CmpOp::In => "In()",
        CmpOp::NotIn => "NotIn()",
    })
}

fn comps(g: &[Comprehension]) -> String {
    list(g, |c| {
        format!(
            "comprehension(target={}, iter={}, ifs={})",
            expr(&c.target),
            expr(&c.iter),
            list(&c.ifs, expr)
        )
    })
}

fn constant(c: &Constant) -> String {
    match c {
        Constant::None => String::from("None"),
        Constant::True => String::from("True"),
        Constant::False => String::from("False"),
        Constant::Ellipsis => String::from("Ellipsis"),
        Constant::Int(v) => format!("{v}"),
        Constant::BigInt { digits, radix } => {
            if *radix == 10 {
                digits.clone()
            } else {
                format!("big{radix}:{digits}")
            }
        }
        Constant::Float(f) => {
            // Python's repr: a signed exponent with at least two digits.
            let s = format!("{f:?}");
            match s.split_once('e') {
                Some((m, e)) => {
                    let (sign, digits) = e.strip_prefix('-').map_or(("+", e), |d| ("-", d));
                    format!("{m}e{sign}{digits:0>2}")
                }
                None => s,
            }
        }
        Constant::Imaginary(f) => format!("{}j", constant(&Constant::Float(*f))),
        Constant::Str(v) => s(v),
        Constant::Bytes(b) => {
            let parts: Vec<String> = b.iter().map(|c| format!("{c:x}")).collect();
            format!("b{}", parts.join("."))
        }
    }
}

/// Dumps an expression.
pub(crate) fn expr(e: &Expr) -> String {
    let body = match &e.kind {
        ExprKind::BoolOp { op, values } => {
            format!(
                "BoolOp(op={}, values={})",
                if *op == BoolOp::And { "And()" } else { "Or()" },
                list(values, expr)
            )
        }
        ExprKind::NamedExpr { target, value } => {
            format!("NamedExpr(target={}, value={})", s(target), expr(value))
        }
        ExprKind::BinOp { left, op, right } => format!(
            "BinOp(left={}, op={}, right={})",
            expr(left),
            binop(*op),
            expr(right)
        ),
        ExprKind::UnaryOp { op, operand } => {
            let o = match op {
                UnaryOp::Invert => "Invert()",
                UnaryOp::Not => "Not()",
                UnaryOp::UAdd => "UAdd()",
                UnaryOp::USub => "USub()",
            };
            format!("UnaryOp(op={o}, operand={})", expr(operand))
        }
        ExprKind::Lambda { args, body } => {
            format!("Lambda(args={}, body={})", arguments(args), expr(body))
        }
        ExprKind::IfExp { test, body, orelse } => format!(
            "IfExp(test={}, body={}, orelse={})",
            expr(test),
            expr(body),
            expr(orelse)
        ),
        ExprKind::Dict { keys, values } => format!(
            "Dict(keys={}, values={})",
            list(keys, opt),
            list(values, expr)
        ),
        ExprKind::Set(v) => format!("Set(elts={})", list(v, expr)),
        ExprKind::ListComp { elt, generators } => format!(
            "ListComp(elt={}, generators={})",
            expr(elt),
            comps(generators)
        ),
        ExprKind::SetComp { elt, generators } => format!(
            "SetComp(elt={}, generators={})",
            expr(elt),
            comps(generators)
        ),
        ExprKind::DictComp {
            key,
            value,
            generators,
        } => format!(
            "DictComp(key={}, value={}, generators={})",
            expr(key),
            expr(value),
            comps(generators)
        ),
        ExprKind::GeneratorExp { elt, generators } => format!(
            "GeneratorExp(elt={}, generators={})",
            expr(elt),
            comps(generators)
        ),
        ExprKind::Yield(v) => format!("Yield(value={})", optb(v)),
        ExprKind::YieldFrom(v) => format!("YieldFrom(value={})", expr(v)),
        ExprKind::Await(v) => format!("Await(value={})", expr(v)),
        ExprKind::Compare {
            left,
            ops,
            comparators,
        } => format!(
            "Compare(left={}, ops={}, comparators={})",
            expr(left),
            list(ops, cmpop),
            list(comparators, expr)
        ),
        ExprKind::Call {
            func,
            args,
            keywords,
        } => format!(
            "Call(func={}, args={}, keywords={})",
            expr(func),
            list(args, expr),
            list(keywords, keyword)
        ),
        ExprKind::FormattedValue {
            value,
            conversion,
            format_spec,
        } => format!(
            "FormattedValue(value={}, conversion={}, format_spec={})",
            expr(value),
            conversion.map_or(String::from("None"), |c| format!("'{c}'")),
            optb(format_spec)
        ),
        ExprKind::JoinedStr(v) => format!("JoinedStr(values={})", list(v, expr)),
        ExprKind::Constant(c) => format!("Constant({})", constant(c)),
        ExprKind::Attribute { value, attr } => {
            format!("Attribute(value={}, attr={})", expr(value), s(attr))
        }
        ExprKind::Subscript { value, slice } => {
            format!("Subscript(value={}, slice={})", expr(value), expr(slice))
        }
        ExprKind::Starred(v) => format!("Starred(value={})", expr(v)),
        ExprKind::Name(n) => format!("Name(id={})", s(n)),
        ExprKind::List(v) => format!("List(elts={})", list(v, expr)),
        ExprKind::Tuple(v) => format!("Tuple(elts={})", list(v, expr)),
        ExprKind::Slice { lower, upper, step } => format!(
            "Slice(lower={}, upper={}, step={})",
            optb(lower),
            optb(upper),
            optb(step)
        ),
    };
    format!("{body}{}", loc(&e.loc))
}
