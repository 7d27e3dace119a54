//! Typed expressions: `expr(g, scope, ty, depth)` is Python text whose value has type `ty`
//! (or that raises an ordinary exception, e.g. `ValueError` from `int('x')`, which the
//! chunks catch). Depth bounds nesting; leaves are literals and names.

use super::{Gen, Scope, Ty};

/// Int literals around the VM's representation boundaries (inline ints end at 2**47).
const INTS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "7",
    "-1",
    "-5",
    "10",
    "42",
    "255",
    "1000",
    "2**31",
    "2**47 - 1",
    "2**47",
    "-2**47",
    "2**63",
    "2**64 + 1",
    "10**20",
    "-10**25",
    "123456789",
    "True",
    "False",
];

const FLOATS: &[&str] = &[
    "0.0",
    "0.5",
    "1.5",
    "-2.25",
    "3.14159",
    "1e-7",
    "1e16",
    "2.5e300",
    "-0.0",
    "1e308",
    "0.1",
    "100.0",
    "float('inf')",
    "-7.75",
];

const STRS: &[&str] = &[
    "''",
    "'a'",
    "'abc'",
    "'Hello World'",
    "'x y z'",
    "'  pad  '",
    "'\\u00e9t\\u00e9'",
    "'\\u20ac5'",
    "'a,b,,c'",
    "'123'",
    "'-17'",
    "'3.5'",
    "'tab\\tnl\\n'",
    "'ABCdef'",
];

/// An expression of type `ty`.
pub fn expr(g: &mut Gen<'_>, sc: &Scope, ty: Ty, depth: usize) -> String {
    if depth == 0 || g.rng.chance(1, 4) {
        return leaf(g, sc, ty);
    }
    let d = depth - 1;
    match ty {
        Ty::Int => int_expr(g, sc, d),
        Ty::Float => float_expr(g, sc, d),
        Ty::Str => str_expr(g, sc, d),
        Ty::Bool => bool_expr(g, sc, d),
        Ty::List => list_expr(g, sc, d),
        Ty::Dict => dict_expr(g, sc, d),
        Ty::Tuple => match g.rng.below(3) {
            0 => format!("tuple({})", expr(g, sc, Ty::List, d)),
            1 => format!("({},)", expr(g, sc, Ty::Int, d)),
            _ => format!("({}, {})", expr(g, sc, Ty::Int, d), expr(g, sc, Ty::Int, d)),
        },
        Ty::Set => match g.rng.below(4) {
            0 => format!("set({})", expr(g, sc, Ty::List, d)),
            1 => format!(
                "({} | {})",
                expr(g, sc, Ty::Set, d),
                expr(g, sc, Ty::Set, d)
            ),
            2 => format!(
                "({} & {})",
                expr(g, sc, Ty::Set, d),
                expr(g, sc, Ty::Set, d)
            ),
            _ => format!("{{x % 5 for x in {}}}", expr(g, sc, Ty::List, d)),
        },
        Ty::Any => {
            let t = *g
                .rng
                .pick(&[Ty::Int, Ty::Float, Ty::Str, Ty::Bool, Ty::List, Ty::Tuple]);
            expr(g, sc, t, d)
        }
    }
}

/// An expression for the inside of an f-string: CPython 3.11 allows neither backslashes
/// nor the f-string's own quote (`"`) there, so anything with them becomes a plain leaf.
pub fn fexpr(g: &mut Gen<'_>, sc: &Scope, ty: Ty, depth: usize) -> String {
    let e = expr(g, sc, ty, depth);
    if !e.contains('"') && !e.contains('\\') {
        return e;
    }
    String::from(match ty {
        Ty::Float => "2.5",
        Ty::Str => "'abc'",
        _ => "7",
    })
}

/// A literal or a name of type `ty`.
pub fn leaf(g: &mut Gen<'_>, sc: &Scope, ty: Ty) -> String {
    if g.rng.chance(2, 3) {
        if let Some(v) = sc.pick(g.rng, ty) {
            return v;
        }
    }
    match ty {
        Ty::Int => {
            // Parenthesized: `2**47 ** 3` would be a 2**103823-sized number.
            let lit = g.rng.pick(INTS);
            if lit.contains(|c: char| !c.is_ascii_alphanumeric()) {
                format!("({lit})")
            } else {
                lit.to_string()
            }
        }
        Ty::Float => g.rng.pick(FLOATS).to_string(),
        Ty::Str => g.rng.pick(STRS).to_string(),
        Ty::Bool => g.rng.pick(&["True", "False"]).to_string(),
        Ty::List => match g.rng.below(4) {
            0 => String::from("[]"),
            1 => format!("list(range({}))", g.rng.below(12)),
            2 => String::from("[3, 1, 2]"),
            _ => String::from("[5, -2, 9, 0, 2**40, 7]"),
        },
        Ty::Dict => g
            .rng
            .pick(&["{}", "{'a': 1, 'b': 2}", "{'k': -3, 'x': 10**18}"])
            .to_string(),
        Ty::Tuple => g
            .rng
            .pick(&["()", "(1,)", "(1, 2, 3)", "(0, -1)"])
            .to_string(),
        Ty::Set => g
            .rng
            .pick(&["set()", "{1, 2, 3}", "{4}", "{0, 2, 4, 6}"])
            .to_string(),
        Ty::Any => {
            let t = *g.rng.pick(&[Ty::Int, Ty::Float, Ty::Str, Ty::List]);
            leaf(g, sc, t)
        }
    }
}

fn int_expr(g: &mut Gen<'_>, sc: &Scope, d: usize) -> String {
    let a = expr(g, sc, Ty::Int, d);
    match g.rng.below(24) {
        0 => format!("({a} + {})", expr(g, sc, Ty::Int, d)),
        1 => format!("({a} - {})", expr(g, sc, Ty::Int, d)),
        2 => format!("({a} * {})", expr(g, sc, Ty::Int, d)),
        3 => format!("({a} // ({} or 3))", expr(g, sc, Ty::Int, d)),
        4 => format!("({a} % ({} or 7))", expr(g, sc, Ty::Int, d)),
        5 => format!("(-{a})"),
        6 => format!("abs({a})"),
        7 => format!("({a} << {})", g.rng.below(70)),
        8 => format!("({a} >> {})", g.rng.below(70)),
        9 => format!("({a} & {})", expr(g, sc, Ty::Int, d)),
        10 => format!("({a} | {})", expr(g, sc, Ty::Int, d)),
        11 => format!("({a} ^ {})", expr(g, sc, Ty::Int, d)),
        12 => format!("(~{a})"),
        13 => format!("len({})", expr(g, sc, Ty::Str, d)),
        14 => format!("len({})", expr(g, sc, Ty::List, d)),
        15 => format!("int({})", expr(g, sc, Ty::Float, d)),
        16 => format!("round({})", expr(g, sc, Ty::Float, d)),
        17 => format!("max({a}, {})", expr(g, sc, Ty::Int, d)),
        18 => format!("min({a}, {}, 3)", expr(g, sc, Ty::Int, d)),
        19 => format!("sum({})", expr(g, sc, Ty::List, d)),
        20 => format!("({a} ** {})", g.rng.below(6)),
        21 => format!("pow({a}, {}, 1000003)", g.rng.below(40)),
        22 => format!(
            "({a} if {} else {})",
            expr(g, sc, Ty::Bool, d),
            expr(g, sc, Ty::Int, d)
        ),
        _ => format!("int(str({a}))"),
    }
}

fn float_expr(g: &mut Gen<'_>, sc: &Scope, d: usize) -> String {
    let a = expr(g, sc, Ty::Float, d);
    match g.rng.below(12) {
        0 => format!("({a} + {})", expr(g, sc, Ty::Float, d)),
        1 => format!("({a} - {})", expr(g, sc, Ty::Int, d)),
        2 => format!("({a} * {})", expr(g, sc, Ty::Float, d)),
        3 => format!("({a} / ({} or 2))", expr(g, sc, Ty::Int, d)),
        4 => format!("({} / 4)", expr(g, sc, Ty::Int, d)),
        5 => format!("float({})", expr(g, sc, Ty::Int, d)),
        6 => format!("abs({a})"),
        7 => format!("round({a}, {})", g.rng.below(4)),
        8 => format!("({a} % 3.5)"),
        9 => format!("({a} // 0.75)"),
        10 => format!("(-{a})"),
        _ => format!("({a} ** 2)"),
    }
}

fn str_expr(g: &mut Gen<'_>, sc: &Scope, d: usize) -> String {
    let a = expr(g, sc, Ty::Str, d);
    match g.rng.below(26) {
        0 => format!("({a} + {})", expr(g, sc, Ty::Str, d)),
        1 => format!("({a} * {})", g.rng.below(4)),
        2 => format!("{a}.upper()"),
        3 => format!("{a}[1:4]"),
        4 => format!("{a}[::-1]"),
        5 => format!("str({})", expr(g, sc, Ty::Int, d)),
        6 => format!("repr({})", expr(g, sc, Ty::Any, d)),
        7 => format!("f\"{{{}:>6}}|\"", fexpr(g, sc, Ty::Int, d)),
        8 => format!("f\"{{{}:.3f}}\"", fexpr(g, sc, Ty::Float, d)),
        9 => format!(
            "f\"{{{}!r}} and {{{}}}\"",
            fexpr(g, sc, Ty::Str, d),
            fexpr(g, sc, Ty::Int, d)
        ),
        10 => format!("f\"{{{}:08b}}\"", fexpr(g, sc, Ty::Int, d)),
        11 => format!("f\"{{{}:,}}\"", fexpr(g, sc, Ty::Int, d)),
        12 => format!("('%d-%s' % ({}, {a}))", expr(g, sc, Ty::Int, d)),
        13 => format!(
            "('%5.2f|%-4s|%x' % ({}, {a}, {}))",
            expr(g, sc, Ty::Float, d),
            expr(g, sc, Ty::Int, d)
        ),
        14 => format!(
            "'{{}} {{:>4}} {{!r}}'.format({a}, {}, {})",
            expr(g, sc, Ty::Int, d),
            expr(g, sc, Ty::Any, d)
        ),
        15 => format!("{a}.replace('a', 'XY')"),
        16 => format!("','.join({})", list_of_str(g, sc, d)),
        17 => format!("{a}.strip()"),
        18 => format!("{a}.center(9, '*')"),
        19 => format!("hex({})", expr(g, sc, Ty::Int, d)),
        20 => format!("bin({})", expr(g, sc, Ty::Int, d)),
        21 => format!("chr(65 + {} % 26)", expr(g, sc, Ty::Int, d)),
        22 => format!("{a}.title().swapcase()"),
        23 => format!("format({}, '.4g')", expr(g, sc, Ty::Float, d)),
        24 => format!("str({})", expr(g, sc, Ty::Float, d)),
        _ => format!("f\"{{{}=}}\"", fexpr(g, sc, Ty::Int, 0)),
    }
}

fn list_of_str(g: &mut Gen<'_>, sc: &Scope, d: usize) -> String {
    match g.rng.below(3) {
        0 => format!("{}.split(',')", expr(g, sc, Ty::Str, d)),
        1 => format!("[str(x) for x in {}]", expr(g, sc, Ty::List, d)),
        _ => format!("sorted({}.split())", expr(g, sc, Ty::Str, d)),
    }
}

fn bool_expr(g: &mut Gen<'_>, sc: &Scope, d: usize) -> String {
    let a = expr(g, sc, Ty::Int, d);
    match g.rng.below(12) {
        0 => format!("({a} < {})", expr(g, sc, Ty::Int, d)),
        1 => format!(
            "({a} <= {} < {})",
            expr(g, sc, Ty::Float, d),
            expr(g, sc, Ty::Int, d)
        ),
        2 => format!("({a} == {})", expr(g, sc, Ty::Float, d)),
        3 => format!("({a} in {})", expr(g, sc, Ty::List, d)),
        4 => format!("isinstance({}, int)", expr(g, sc, Ty::Any, d)),
        5 => format!("(not {})", expr(g, sc, Ty::Bool, d)),
        6 => format!(
            "({} and {})",
            expr(g, sc, Ty::Bool, d),
            expr(g, sc, Ty::Bool, d)
        ),
        7 => format!(
            "({} or {})",
            expr(g, sc, Ty::Bool, d),
            expr(g, sc, Ty::Bool, d)
        ),
        8 => format!("{}.startswith('a')", expr(g, sc, Ty::Str, d)),
        9 => format!("any(x > 2 for x in {})", expr(g, sc, Ty::List, d)),
        10 => format!(
            "({} != {})",
            expr(g, sc, Ty::Str, d),
            expr(g, sc, Ty::Str, d)
        ),
        _ => format!("bool({})", expr(g, sc, Ty::Any, d)),
    }
}

fn list_expr(g: &mut Gen<'_>, sc: &Scope, d: usize) -> String {
    let a = expr(g, sc, Ty::List, d);
    match g.rng.below(14) {
        0 => format!(
            "[{}, {}, {}]",
            expr(g, sc, Ty::Int, d),
            expr(g, sc, Ty::Int, d),
            expr(g, sc, Ty::Int, d)
        ),
        1 => format!("sorted({a})"),
        2 => format!("sorted({a}, reverse=True)"),
        3 => format!("({a} + {})", expr(g, sc, Ty::List, d)),
        4 => format!("({a} * 2)"),
        5 => format!("{a}[1:]"),
        6 => format!("{a}[::-2]"),
        7 => format!("[x * {} for x in {a}]", expr(g, sc, Ty::Int, d)),
        8 => format!("[x for x in {a} if x % 2]"),
        9 => format!("list(map(lambda v: v + 1, {a}))"),
        10 => format!("list(filter(None, {a}))"),
        11 => format!("list(reversed({a}))"),
        12 => format!("[len(s) for s in {}.split()]", expr(g, sc, Ty::Str, d)),
        _ => format!("list(range({}, {}))", g.rng.range(-3, 3), g.rng.below(15)),
    }
}

fn dict_expr(g: &mut Gen<'_>, sc: &Scope, d: usize) -> String {
    match g.rng.below(5) {
        0 => format!(
            "{{'p': {}, 'q': {}}}",
            expr(g, sc, Ty::Int, d),
            expr(g, sc, Ty::Int, d)
        ),
        1 => format!("{{str(k): k * k for k in {}}}", expr(g, sc, Ty::List, d)),
        2 => format!("dict(zip('abcde', {}))", expr(g, sc, Ty::List, d)),
        3 => format!(
            "{{**{}, 'z': {}}}",
            expr(g, sc, Ty::Dict, d),
            expr(g, sc, Ty::Int, d)
        ),
        _ => format!("dict({}, extra=1)", expr(g, sc, Ty::Dict, d)),
    }
}
