//! Hot chunks: loops of hundreds to thousands of iterations and functions called as often,
//! so tier 2 records traces of them even at the default thresholds, with values that change
//! type or shape part-way through so specialized instructions and traces deoptimize (and
//! side exits grow side traces). Each prints intermediate values at a few iterations.

use super::expr::expr;
use super::{Gen, Scope, Ty};

/// Values of many types: a site that sees them in turn goes polymorphic.
const MIXED: &[&str] = &[
    "1",
    "2**47 - 1",
    "2**47",
    "-3",
    "2.5",
    "-0.0",
    "True",
    "'ab'",
    "[1, 2]",
    "(3,)",
    "10**20",
    "float('inf')",
    "None",
    "{'k': 1}",
];

/// The iteration at which something changes: early, middle, or late.
fn switch_point(g: &mut Gen<'_>, n: usize) -> usize {
    match g.rng.below(3) {
        0 => n / 10,
        1 => n / 2,
        _ => n.saturating_sub(n / 8),
    }
}

/// An accumulator whose operand changes type at one iteration (int to float, to big int,
/// to bool, to str with a matching operation), with checkpoints printed.
pub fn type_change_loop(g: &mut Gen<'_>) {
    let n = g.hot_count();
    let k = switch_point(g, n);
    let (init, before, after, op) = *g.rng.pick(&[
        ("0", "i", "i * 0.5", "+"),
        ("0", "i", "i + 2**48", "+"),
        ("1", "i % 7 + 1", "(i % 7 + 1) * 1.5", "*"),
        ("0", "i & 3", "True", "+"),
        ("0", "i", "-i", "-"),
        ("0.0", "i / 2", "i", "+"),
        ("''", "str(i % 10)", "chr(97 + i % 26)", "+"),
        ("[]", "[i]", "(i,)", "+"),
        ("0", "i % 5", "2**62", "^"),
    ]);
    let acc = g.fresh("acc");
    let x = g.fresh("x");
    g.line(format!("{acc} = {init}"));
    g.open(format!("for i in range({n}):"));
    g.line(format!("{x} = {before} if i < {k} else {after}"));
    if init == "[]" {
        g.line(format!("{acc} = list({acc} + list({x}))[-20:]"));
    } else if init == "''" {
        g.line(format!("{acc} = ({acc} {op} {x})[-30:]"));
    } else {
        g.line(format!("{acc} = {acc} {op} {x}"));
    }
    g.line(format!("if i % {} == 0 or i == {k}:", 1 + n / 5));
    g.line(format!("    print(i, {acc}, type({x}).__name__)"));
    g.close();
    g.line(format!("print('{acc}', {acc})"));
    // A while loop whose condition compares values of changing types.
    let w = g.fresh("w");
    let lim = *g.rng.pick(&["50", "50.5", "2**48", "10**19"]);
    g.line(format!("{w} = 0"));
    g.line("steps = 0");
    g.open(format!("while {w} < {lim} and steps < {n}:"));
    g.line(format!("{w} = {w} * 2 + 1 if steps % 3 else {w} + 0.5"));
    g.line("steps += 1");
    g.close();
    g.line(format!("print({w}, steps)"));
}

/// One function called many times with arguments of rotating types.
pub fn polymorphic_calls(g: &mut Gen<'_>) {
    let f = g.fresh("poly");
    let body = *g.rng.pick(&[
        "return x * 2",
        "return x + x",
        "return str(x) + '!'",
        "return len(repr(x))",
        "return [x, x] if x else (x,)",
        "return x == y or x is None",
        "return (x, y) < (y, x) if type(x) is type(y) else -1",
        "return bool(x) + 1",
    ]);
    g.open(format!("def {f}(x, y=0):"));
    g.line(body);
    g.close();
    let n = g.hot_count();
    let count = 2 + g.rng.below(MIXED.len() - 2);
    let start = g.rng.below(MIXED.len());
    let vals: Vec<&str> = (0..count)
        .map(|j| MIXED[(start + j) % MIXED.len()])
        .collect();
    g.line(format!("vals = [{}]", vals.join(", ")));
    let k = switch_point(g, n);
    g.line("out = []");
    g.open(format!("for i in range({n}):"));
    // Monomorphic first, then rotating: the specialized call site has to deoptimize.
    g.line(format!("v = vals[0] if i < {k} else vals[i % len(vals)]"));
    g.open("try:");
    g.line(format!("r = {f}(v, y=i % 3) if i % 2 else {f}(v)"));
    g.close();
    g.open("except TypeError as e:");
    g.line("r = 'TypeError'");
    g.close();
    g.line(format!("if i % {} == 0 or i == {k}:", 1 + n / 4));
    g.line("    out.append(r)");
    g.close();
    g.line("print(out)");
}

/// Attribute loads and stores and method calls on instances of several classes, with the
/// class changed (a method replaced, an attribute added or deleted) part-way through.
pub fn attribute_sites(g: &mut Gen<'_>) {
    let a = g.fresh("A");
    let b = g.fresh("B");
    g.open(format!("class {a}:"));
    g.line("tag = 1");
    g.open("def __init__(self, v):");
    g.line("self.v = v");
    g.close();
    g.open("def m(self, k):");
    g.line("return self.v + k");
    g.close();
    g.close();
    g.open(format!("class {b}({a}):"));
    g.open("def m(self, k):");
    g.line("return self.v * k + self.tag");
    g.close();
    g.close();
    let n = g.hot_count();
    let k = switch_point(g, n);
    let changes = [
        format!("{a}.m = lambda self, k: -k"),
        format!("{a}.tag = 2.5"),
        format!("{b}.tag = 'x'"),
        String::from("o.v = float(o.v)"),
        String::from("del o.v"),
        String::from("o.extra = 1"),
        format!("{a}.m = {b}.m"),
        String::from("o.__dict__['v'] = 100"),
        String::from("objs.append(objs[0])"),
    ];
    let change = g.rng.pick(&changes).clone();
    g.line(format!("objs = [{a}(1), {b}(2), {a}(3)]"));
    g.line("s = 0");
    g.open(format!("for i in range({n}):"));
    g.line("o = objs[i % len(objs)]");
    g.line(format!("if i == {k}:"));
    g.line(format!("    {change}"));
    g.open("try:");
    g.line("s = s + o.m(i % 5) + o.tag");
    g.line("o.v = o.v + 1");
    g.close();
    g.open("except (AttributeError, TypeError) as e:");
    g.line("print(i, type(e).__name__, e)");
    g.line("o.v = 0");
    g.close();
    g.line(format!("if i % {} == 0:", 1 + n / 4));
    g.line("    print(i, s, o.v, o.tag)");
    g.close();
    g.line("print(s, [o.v for o in objs])");
}

/// A global (or a builtin through a global) rebound while a loop runs over it.
pub fn shadowing(g: &mut Gen<'_>) {
    let n = g.hot_count();
    let k = switch_point(g, n);
    let gv = g.fresh("K");
    let (builtin, repl) = *g.rng.pick(&[
        ("len", "lambda x: -1"),
        ("abs", "lambda x: 7"),
        ("str", "repr"),
        ("min", "max"),
        ("isinstance", "lambda a, b: False"),
    ]);
    if g.in_function {
        g.line(format!("global {gv}, {builtin}"));
    }
    g.line(format!("{gv} = 3"));
    let f = g.fresh("use");
    g.open(format!("def {f}(i):"));
    let call = match builtin {
        "len" => "len([i, i])",
        "abs" => "abs(-i)",
        "str" => "str(i)",
        "min" => "min(i, 5)",
        _ => "isinstance(i, int)",
    };
    g.line(format!("return ({call}, {gv} * i)"));
    g.close();
    g.line("res = []");
    g.open(format!("for i in range({n}):"));
    g.line(format!("if i == {k}:"));
    g.line(format!("    {builtin} = {repl}"));
    g.line(format!("    {gv} = 'k'"));
    g.line(format!("if i == {}:", k + (n - k) / 2));
    g.line(format!("    del {builtin}"));
    g.line(format!("    {gv} = 2.5"));
    g.line(format!("r = {f}(i)"));
    g.line(format!("if i % {} == 0 or i in ({k}, {k} + 1):", 1 + n / 4));
    g.line("    res.append(r)");
    g.close();
    g.line("print(res)");
}

/// A loop whose body raises and catches every few iterations, or leaves through
/// `finally`, `break` and `continue` from inside `try`.
pub fn raising_loop(g: &mut Gen<'_>) {
    let n = g.hot_count();
    let m = 2 + g.rng.below(30);
    let sc = Scope::default();
    let e = expr(g, &sc, Ty::Int, 2);
    g.line("caught = 0");
    g.line("fin = 0");
    g.line(format!("base = {e}"));
    g.open(format!("for i in range({n}):"));
    g.open("try:");
    g.line(format!("if i % {m} == 0:"));
    g.line("    raise ValueError(i)");
    g.line(format!("if i % {} == 1:", m + 1));
    g.line("    x = [0][i]");
    g.line("if i == -1:");
    g.line("    break");
    g.line("base = (base + i) % 1000003");
    g.close();
    g.open("except ValueError as e:");
    g.line("caught += e.args[0] % 3");
    g.line("continue");
    g.close();
    g.open("except IndexError:");
    g.line("caught -= 1");
    g.close();
    g.open("finally:");
    g.line("fin += 1");
    g.close();
    g.close();
    g.line("print(caught, fin, base)");
}

/// Recursive functions called many times (call-depth specialization, recursion in traces).
pub fn recursion(g: &mut Gen<'_>) {
    let f = g.fresh("fib");
    g.open(format!("def {f}(n):"));
    g.line(format!("return n if n < 2 else {f}(n - 1) + {f}(n - 2)"));
    g.close();
    let a = g.fresh("ack");
    g.open(format!("def {a}(m, n):"));
    g.line("if m == 0:");
    g.line("    return n + 1");
    g.line("if n == 0:");
    g.line(format!("    return {a}(m - 1, 1)"));
    g.line(format!("return {a}(m - 1, {a}(m, n - 1))"));
    g.close();
    let depth = 8 + g.rng.below(8);
    let times = 1 + g.rng.below(10);
    let m = g.rng.below(4);
    g.line(format!(
        "print([{f}({depth}) for _ in range({times})][-1], {a}(2, {m}))"
    ));
    let d = g.fresh("deep");
    g.open(format!("def {d}(n):"));
    g.line(format!("return 0 if n == 0 else 1 + {d}(n - 1)"));
    g.close();
    // Sometimes past the recursion limit: RecursionError must be the same in both tiers.
    let n = *g.rng.pick(&[10, 100, 140, 300]);
    g.open("try:");
    g.line(format!("print({d}({n}))"));
    g.close();
    g.open("except RecursionError as e:");
    g.line("print('RecursionError', e)");
    g.close();
}

/// Containers mutated in hot loops: list index stores, dict counters, string building,
/// iteration over a container that changes kind between outer iterations.
pub fn containers(g: &mut Gen<'_>) {
    let n = g.hot_count();
    g.line("lst = [0] * 10");
    g.line("cnt = {}");
    g.line("s = ''");
    g.open(format!("for i in range({n}):"));
    g.line("lst[i % 10] += i");
    g.line("cnt[i % 7] = cnt.get(i % 7, 0) + 1");
    g.line("s = (s + chr(97 + i % 26))[-12:]");
    g.line("t = (i, -i)");
    g.line("a, b = t");
    g.line("lst[a % 10] -= b % 3");
    g.close();
    g.line("print(lst, cnt, s)");
    let seqs = *g.rng.pick(&[
        "[[1, 2, 3], (4, 5), range(3), 'xyz', {'a': 1}, b'hi']",
        "[range(5), [1.5, 2], (True,), 'q']",
        "[list(range(4)), list(range(4)), (9, 8), [10**20]]",
    ]);
    let m = 1 + n / 10;
    g.line("tot = []");
    g.open(format!("for j in range({m}):"));
    g.line(format!("seq = {seqs}[j % len({seqs})]"));
    g.line("acc = 0");
    g.open("for x in seq:");
    g.line("acc = acc + (x if isinstance(x, (int, float)) else len(str(x)))");
    g.close();
    g.line("tot.append(acc)");
    g.close();
    g.line("print(tot[-5:], sum(tot))");
}

/// Generators driven hot: a pipeline of generator functions and expressions.
pub fn generator_pipeline(g: &mut Gen<'_>) {
    let src = g.fresh("source");
    let stage = g.fresh("stage");
    g.open(format!("def {src}(n):"));
    g.line("i = 0");
    g.open("while i < n:");
    g.line("yield i if i % 11 else float(i)");
    g.line("i += 1");
    g.close();
    g.close();
    g.open(format!("def {stage}(it):"));
    g.open("for x in it:");
    g.line("if x % 3 == 0:");
    g.line("    continue");
    g.line("yield x * 2");
    g.close();
    g.close();
    let n = g.hot_count();
    g.line(format!("print(sum({stage}({src}({n}))))"));
    g.line(format!(
        "print(max(x for x in {stage}({src}({n})) if x < 100))"
    ));
    g.line(format!("print(list(zip({src}(4), {stage}({src}(9)))))"));
}

/// Ints that grow past the inline range and machine words inside a hot loop.
pub fn int_growth(g: &mut Gen<'_>) {
    let n = *g.rng.pick(&[60, 130, 300, 2000]);
    let (init, step) = *g.rng.pick(&[
        ("1", "x * 3 + 1"),
        ("7", "x * x % (10**40 + 7) + 1"),
        ("-1", "x * 2 - 1"),
        ("1", "(x << 1) | 1"),
        ("2**46", "x + 2**40 if i % 2 else x - 1"),
        ("10**18", "-x - i"),
    ]);
    g.line(format!("x = {init}"));
    g.line("checks = []");
    g.open(format!("for i in range({n}):"));
    g.line(format!("x = {step}"));
    g.line("if x.bit_length() > 400:");
    g.line("    x = x % 1000");
    g.line(format!("if i % {} == 0:", 1 + n / 8));
    g.line("    checks.append((i, x % 1000, x > 2**47, x.bit_length()))");
    g.close();
    g.line("print(checks, str(x)[:30])");
    g.line("y = 0.0");
    g.open(format!("for i in range({n}):"));
    g.line("y = y * 1.5 + i if y < 1e300 else y / 3");
    g.close();
    g.line("print(y)");
}
