//! Chunks of plain (mostly cold) code, one per area of the subset: each declares fresh
//! names of known types, computes with them and prints the results.

use super::expr::{expr, fexpr};
use super::{Gen, Scope, Ty};

/// Declares `n` fresh variables of random simple types and returns their scope.
pub fn declare(g: &mut Gen<'_>, n: usize) -> Scope {
    let mut sc = Scope::default();
    for _ in 0..n {
        let ty = *g.rng.pick(&[
            Ty::Int,
            Ty::Int,
            Ty::Float,
            Ty::Str,
            Ty::List,
            Ty::Dict,
            Ty::Bool,
        ]);
        let v = g.fresh("v");
        let e = expr(g, &sc, ty, 2);
        g.line(format!("{v} = {e}"));
        sc.add(&v, ty);
    }
    sc
}

/// Prints a few expressions of random types.
fn print_some(g: &mut Gen<'_>, sc: &Scope, n: usize, depth: usize) {
    for _ in 0..n {
        let ty = *g.rng.pick(&[
            Ty::Int,
            Ty::Float,
            Ty::Str,
            Ty::Bool,
            Ty::List,
            Ty::Dict,
            Ty::Tuple,
            Ty::Set,
        ]);
        let e = expr(g, sc, ty, depth);
        if ty == Ty::Set {
            // Set order is an implementation detail: print sorted, as the corpus does.
            g.line(format!("print(sorted({e}))"));
        } else {
            g.line(format!("print({e})"));
        }
    }
}

/// Ints (small, big, boundaries), floats and mixed arithmetic, augmented assignment.
pub fn arithmetic(g: &mut Gen<'_>) {
    let mut sc = declare(g, 3);
    for _ in 0..2 + g.rng.below(4) {
        let (ty, op) = *g.rng.pick(&[
            (Ty::Int, "+="),
            (Ty::Int, "*="),
            (Ty::Int, "-="),
            (Ty::Int, "//="),
            (Ty::Int, "%="),
            (Ty::Float, "+="),
            (Ty::Float, "*="),
        ]);
        let v = g.fresh("a");
        let init = expr(g, &sc, ty, 2);
        let rhs = expr(g, &sc, Ty::Int, 2);
        g.line(format!("{v} = {init}"));
        if op == "//=" || op == "%=" {
            g.line(format!("{v} {op} ({rhs}) or 1"));
        } else {
            g.line(format!("{v} {op} {rhs}"));
        }
        g.line(format!("print('{v}', {v}, type({v}).__name__)"));
        sc.add(&v, ty);
    }
    g.line("print(divmod(-7, 2), divmod(7.5, -2), 2**100 // 3, -(2**65) % 7, 10**20 / 3)");
    print_some(g, &sc, 3, 3);
}

/// String methods and every formatting form.
pub fn strings(g: &mut Gen<'_>) {
    let sc = declare(g, 3);
    let s = g.fresh("s");
    let e = expr(g, &sc, Ty::Str, 3);
    g.line(format!("{s} = {e}"));
    for m in [
        "split()",
        "split(',', 1)",
        "rsplit(' ', 1)",
        "partition(' ')",
        "find('b')",
        "count('a')",
        "isdigit()",
        "isalpha()",
        "lower()",
        "capitalize()",
        "zfill(8)",
        "ljust(7, '.')",
        "encode()",
        "lstrip('a')",
        "endswith(('c', 'd'))",
        "splitlines()",
        "expandtabs(4)",
        "casefold()",
        "index('') ",
    ] {
        if g.rng.chance(1, 3) {
            g.line(format!("print({s}.{m})"));
        }
    }
    let i = fexpr(g, &sc, Ty::Int, 1);
    let f = fexpr(g, &sc, Ty::Float, 1);
    g.line(format!(
        "print(f\"{{{s}!r:>12}}|{{{i}:+08d}}|{{{f}:10.4e}}|{{{f}:%}}|{{{i}:#x}}|{{{s}:^9.3}}\")"
    ));
    g.line(format!(
        "print('%r %05d %-6.2f %s %c %%' % ({s}, {i}, {f}, [{s}], 65))"
    ));
    g.line(format!(
        "print('{{0}}{{1!r}}{{0}} {{x:>{{w}}}}'.format({s}, {i}, x={f}, w=7))"
    ));
    g.line(format!(
        "print({s}[{i} % 5:], {s}[-3:-1], {s}[::2], {s} * 2, {s} in 'xabcx')"
    ));
    g.line(format!(
        "print(sorted({s}), ord({s}[0]) if {s} else -1, {s}.encode('utf-8')[:4])"
    ));
    print_some(g, &sc, 2, 3);
}

/// List methods, slicing, slice assignment, sorting with keys, unpacking.
pub fn lists(g: &mut Gen<'_>) {
    let sc = declare(g, 2);
    let l = g.fresh("l");
    let e = expr(g, &sc, Ty::List, 3);
    g.line(format!("{l} = {e}"));
    for _ in 0..3 + g.rng.below(6) {
        let i = expr(g, &sc, Ty::Int, 1);
        let stmt = match g.rng.below(16) {
            0 => format!("{l}.append({i})"),
            1 => format!("{l}.extend(range({}))", g.rng.below(5)),
            2 => format!("{l}.insert({i} % 4, -{i})"),
            3 => format!("print({l}.pop() if {l} else None)"),
            4 => format!("{l}.sort(key=lambda x: (x % 3, -x))"),
            5 => format!("{l}.reverse()"),
            6 => format!("{l}[1:3] = [{i}, {i}, {i}]"),
            7 => format!("del {l}[::3]"),
            8 => format!("print({l}.count({i}), {i} in {l}, {l}[-1:])"),
            9 => format!("{l} += [{i}] * 2"),
            10 => format!("first, *rest = {l} or [0]\nprint(first, rest)"),
            11 => format!("print({l}.index({l}[0]) if {l} else 'empty')"),
            12 => format!("{l}[::2] = {l}[::2][::-1]"),
            13 => format!("{l} = {l}.copy() + sorted({l})[:2]"),
            14 => format!("print(min({l}, default=None), max({l}, default=0), sum({l}))"),
            _ => format!("print(list(enumerate({l}, 1))[:5], list(zip({l}, 'abc')))"),
        };
        for line in stmt.lines() {
            g.line(line);
        }
    }
    g.line(format!(
        "print({l}, len({l}), {l} == sorted({l}), tuple({l})[:3])"
    ));
}

/// Dicts (methods, views, order), sets and frozensets.
pub fn dicts_sets(g: &mut Gen<'_>) {
    let sc = declare(g, 2);
    let d = g.fresh("d");
    let e = expr(g, &sc, Ty::Dict, 3);
    g.line(format!("{d} = {e}"));
    for _ in 0..3 + g.rng.below(5) {
        let i = expr(g, &sc, Ty::Int, 1);
        let stmt = match g.rng.below(12) {
            0 => format!("{d}['k{}'] = {i}", g.rng.below(4)),
            1 => format!("print({d}.get('a'), {d}.get('zz', {i}))"),
            2 => format!("print({d}.setdefault('s', []))"),
            3 => format!("print({d}.pop('a', 'none'))"),
            4 => format!("{d}.update({{'u': {i}}}, v=2)"),
            5 => format!("print(list({d}.items())[:4], list({d}.keys()), list({d}.values())[-2:])"),
            6 => format!("print({d}.popitem() if {d} else 'empty')"),
            7 => format!("print(sorted({d}), len({d}), 'a' in {d})"),
            8 => format!("{d} = {{k: v for k, v in {d}.items() if k != 'b'}}"),
            9 => format!("print({d} == dict({d}), {d} | {{'m': 1}})"),
            10 => format!("print(sorted(set({d}) | {{'q'}}), frozenset([1, 2]) == {{1, 2}})"),
            _ => {
                let s = expr(g, &sc, Ty::Set, 2);
                format!("print(sorted({s}), sorted({s} ^ {{2, 9}}), {{1, 2}} <= {s})")
            }
        };
        g.line(stmt);
    }
    g.line(format!("print({d})"));
}

/// Comprehensions, generator expressions, nested ones, walrus, their own scope.
pub fn comprehensions(g: &mut Gen<'_>) {
    let sc = declare(g, 3);
    let l = expr(g, &sc, Ty::List, 2);
    let n = g.rng.below(30);
    let lines = [
        format!("print([x * y for x in range({n}) for y in {l} if (x + y) % 3])"),
        format!("print({{x: [y for y in range(x)] for x in range({})}})", n % 6),
        format!("print(sum(x * x for x in range({n}) if x & 1), max((len(str(x)) for x in {l}), default=-1))"),
        format!("print([(w := x * 2) + w for x in {l}], [[c for c in str(x)] for x in {l}][:3])"),
        format!("print(sorted({{x % 7 for x in range({n})}}), list(zip(*[[1, 2], [3, 4]])))"),
        format!("print(any(x < 0 for x in {l}), all(x for x in {l}), list(x for x in 'ab' for _ in 'xy'))"),
        format!("print([y for x in [[1, 2], [3], []] for y in x], [x if x else 'z' for x in {l}])"),
    ];
    for line in lines {
        if g.rng.chance(1, 2) {
            g.line(line);
        }
    }
    g.line(format!("print([i for i in range({n})][-3:])"));
}

/// try/except/else/finally flow, raise from, custom exceptions, re-raise, nesting.
pub fn exceptions(g: &mut Gen<'_>) {
    let sc = declare(g, 2);
    let cls = g.fresh("Err");
    g.open(format!("class {cls}(ValueError):"));
    g.open("def __init__(self, code):");
    g.line("super().__init__('code %d' % code)");
    g.line("self.code = code");
    g.close();
    g.close();
    let f = g.fresh("risky");
    g.open(format!("def {f}(n):"));
    g.line("if n % 4 == 0:");
    g.line(format!("    raise {cls}(n)"));
    g.line("if n % 4 == 1:");
    g.line("    return [1, 2][n]");
    g.line("if n % 4 == 2:");
    g.line("    return {'a': 1}['b' * n]");
    g.line("return n // (n - 3)");
    g.close();
    let n = 4 + g.rng.below(12);
    g.open(format!("for i in range({n}):"));
    g.open("try:");
    g.open("try:");
    g.line(format!("r = {f}(i)"));
    g.close();
    g.open(format!("except {cls} as e:"));
    g.line("print('custom', e.code, e.args)");
    if g.rng.chance(1, 2) {
        g.line("raise KeyError(i) from e");
    }
    g.close();
    g.open("except (IndexError, ZeroDivisionError) as e:");
    g.line("print('caught', type(e).__name__, e)");
    g.close();
    g.open("else:");
    g.line("print('ok', r)");
    g.close();
    g.open("finally:");
    g.line("print('finally', i)");
    if g.rng.chance(1, 3) {
        g.line("if i == 6:");
        g.line("    break");
    }
    g.close();
    g.close();
    g.open("except LookupError as e:");
    g.line("print('outer', repr(e), type(e.__cause__).__name__, e.__context__ is not None)");
    g.close();
    g.close();
    let e = expr(g, &sc, Ty::Int, 3);
    g.open("try:");
    g.line(format!("assert {e} > 10**9, 'too small'"));
    g.close();
    g.open("except AssertionError as e:");
    g.line("print('assert', e)");
    g.close();
}

/// while and for loops with break, continue and else, nested.
pub fn loops(g: &mut Gen<'_>) {
    let sc = declare(g, 2);
    let n = g.rng.below(40);
    let k = 1 + g.rng.below(7);
    let l = expr(g, &sc, Ty::List, 2);
    g.line("i = 0");
    g.open(format!("while i < {n}:"));
    g.line("i += 1");
    g.line(format!("if i % {k} == 0:"));
    g.line("    continue");
    g.line(format!("if i > {}:", n / 2 + k));
    g.line("    break");
    g.close();
    g.open("else:");
    g.line("print('no break', i)");
    g.close();
    g.line("print('i', i)");
    g.open(format!("for x in {l}:"));
    g.open(format!("for y in range({k}):"));
    g.line(format!("if x == y or y > {}:", k / 2));
    g.line("    break");
    g.close();
    g.open("else:");
    g.line("print('inner done', x)");
    g.line("continue");
    g.close();
    g.line("print('broke', x, y)");
    g.close();
    g.open("else:");
    g.line("print('outer done')");
    g.close();
}

/// Context managers: enter/exit order, suppression, exceptions inside.
pub fn with_blocks(g: &mut Gen<'_>) {
    let cm = g.fresh("Ctx");
    g.open(format!("class {cm}:"));
    g.open("def __init__(self, name, swallow):");
    g.line("self.name = name");
    g.line("self.swallow = swallow");
    g.close();
    g.open("def __enter__(self):");
    g.line("print('enter', self.name)");
    g.line("return self");
    g.close();
    g.open("def __exit__(self, t, v, tb):");
    g.line("print('exit', self.name, t.__name__ if t else None, v)");
    g.line("return self.swallow");
    g.close();
    g.close();
    let swallow = *g.rng.pick(&["True", "False"]);
    g.open("try:");
    g.open(format!(
        "with {cm}('a', {swallow}) as a, {cm}('b', False) as b:"
    ));
    g.line("print('body', a.name, b.name)");
    if g.rng.chance(2, 3) {
        g.line("raise RuntimeError('in with')");
    }
    g.close();
    g.line("print('after with')");
    g.close();
    g.open("except RuntimeError as e:");
    g.line("print('escaped', e)");
    g.close();
    let n = g.rng.below(8);
    g.open(format!("for i in range({n}):"));
    g.open(format!("with {cm}(str(i), i % 2 == 0):"));
    g.line("if i == 3:");
    g.line("    continue");
    g.line("if i == 5:");
    g.line("    break");
    g.line("x = 1 // (i % 2)");
    g.close();
    g.close();
}
