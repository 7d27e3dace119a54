//! Chunks around definitions: functions and their argument kinds, closures, classes,
//! dunder protocols and generators.

use super::chunks::declare;
use super::expr::expr;
use super::{Gen, Ty};

/// Defaults, keywords, `*args`/`**kwargs`, keyword-only, lambdas, decorators.
pub fn functions(g: &mut Gen<'_>) {
    let sc = declare(g, 2);
    let f = g.fresh("f");
    let d = expr(g, &sc, Ty::Int, 1);
    g.open(format!("def {f}(a, b={d}, *args, c='c', **kw):"));
    g.line("return (a, b, args, c, sorted(kw.items()))");
    g.close();
    let a = expr(g, &sc, Ty::Any, 2);
    g.line(format!("print({f}({a}))"));
    g.line(format!("print({f}(1, 2, 3, 4, c=5, z=6, y=7))"));
    g.line(format!("print({f}(*[1, 2, 3], **{{'c': 'kw', 'q': 0}}))"));
    g.line(format!("print({f}(b=0, a=-1))"));
    let p = g.fresh("pos");
    g.open(format!("def {p}(x, /, y, *, z=3):"));
    g.line("return x * 100 + y * 10 + z");
    g.close();
    g.line(format!("print({p}(1, 2), {p}(1, y=5, z=0))"));
    let dec = g.fresh("deco");
    g.open(format!("def {dec}(fn):"));
    g.open("def wrapper(*a, **k):");
    g.line("r = fn(*a, **k)");
    g.line("return ('wrapped', r)");
    g.close();
    g.line("return wrapper");
    g.close();
    let h = g.fresh("h");
    g.line(format!("@{dec}"));
    g.open(format!("def {h}(x, y=2):"));
    let body = expr(g, &sc, Ty::Int, 2);
    g.line(format!("return x * y + {body}"));
    g.close();
    let n = g.hot_count() / 10;
    g.line(format!("print([{h}(i) for i in range({n})][-2:])"));
    g.line(format!(
        "print(sorted([3, -1, 2], key=lambda v, m={d}: (v * m) % 5))"
    ));
    g.line("print((lambda *a, **k: (len(a), sorted(k)))(1, 2, x=3))");
}

/// Closures over loop variables and `nonlocal` counters, `global` updates.
pub fn closures(g: &mut Gen<'_>) {
    let mk = g.fresh("make");
    g.open(format!("def {mk}(start):"));
    g.line("count = start");
    g.open("def inc(step=1):");
    g.line("nonlocal count");
    g.line("count += step");
    g.line("return count");
    g.close();
    g.open("def get():");
    g.line("return count");
    g.close();
    g.line("return inc, get");
    g.close();
    let start = *g.rng.pick(&["0", "2**47 - 3", "0.5", "'s'", "10**30"]);
    let step = if start == "'s'" { "'t'" } else { "1" };
    let n = g.hot_count();
    g.line(format!("inc, get = {mk}({start})"));
    g.open(format!("for i in range({n}):"));
    g.line(format!("inc({step})"));
    if start == "'s'" {
        g.line("if len(get()) > 40:");
        g.line(format!("    inc, get = {mk}('r')"));
    }
    g.close();
    g.line("print(str(get())[:60])");
    let k = 1 + g.rng.below(5);
    g.line(format!("fs = [lambda x, i=i: x + i for i in range({k})]"));
    g.line("print([f(10) for f in fs])");
    let glob = g.fresh("G");
    if g.in_function {
        g.line(format!("global {glob}"));
    }
    g.line(format!("{glob} = 0"));
    let bump = g.fresh("bump");
    g.open(format!("def {bump}(k):"));
    g.line(format!("global {glob}"));
    g.line(format!("{glob} += k"));
    g.line(format!("return {glob}"));
    g.close();
    g.line(format!("for i in range({n}):"));
    g.line(format!("    {bump}(i % 3)"));
    g.line(format!("print({glob})"));
}

/// Classes: inheritance, `super()`, properties, class and static methods, `__slots__`.
pub fn classes(g: &mut Gen<'_>) {
    let base = g.fresh("Base");
    let sub = g.fresh("Sub");
    let slots = g.rng.chance(1, 3);
    g.open(format!("class {base}:"));
    g.line("kind = 'base'");
    if slots {
        g.line("__slots__ = ('x', '_y')");
    }
    g.open("def __init__(self, x):");
    g.line("self.x = x");
    g.line("self._y = 0");
    g.close();
    g.line("@property");
    g.open("def y(self):");
    g.line("return self._y");
    g.close();
    g.line("@y.setter");
    g.open("def y(self, v):");
    g.line("if v < 0:");
    g.line("    raise ValueError('negative')");
    g.line("self._y = v");
    g.close();
    g.open("def area(self):");
    g.line("return self.x * 2");
    g.close();
    g.line("@classmethod");
    g.open("def make(cls, v):");
    g.line("return cls(v)");
    g.close();
    g.line("@staticmethod");
    g.open("def helper(a, b=1):");
    g.line("return a - b");
    g.close();
    g.close();
    g.open(format!("class {sub}({base}):"));
    g.line("kind = 'sub'");
    if slots {
        g.line("__slots__ = ('z',)");
    }
    g.open("def __init__(self, x, z=None):");
    g.line("super().__init__(x)");
    g.line("self.z = x if z is None else z");
    g.close();
    g.open("def area(self):");
    g.line(format!(
        "return super().area() + self.z + super({sub}, self).area()"
    ));
    g.close();
    g.close();
    let v = *g.rng.pick(&["3", "2.5", "'ab'", "2**50", "[1]"]);
    g.line(format!(
        "objs = [{base}({v}), {sub}({v}), {sub}.make({v}), {base}.make({v})]"
    ));
    let n = g.hot_count() / 5;
    g.line("total = []");
    g.open(format!("for i in range({n}):"));
    g.line("o = objs[i % len(objs)]");
    g.line("o.y = i");
    g.line("total.append((o.area(), o.kind, o.y, type(o).__name__))");
    g.close();
    g.line("print(total[-4:], len(total))");
    g.line(format!("print({base}.helper(5), {sub}.helper(5, b=7), isinstance(objs[1], {base}), issubclass({base}, {sub}))"));
    g.open("try:");
    g.line("objs[0].y = -1");
    g.close();
    g.open("except ValueError as e:");
    g.line("print('setter', e)");
    g.close();
    g.open("try:");
    g.line("objs[1].w = 1");
    g.line("print('w', objs[1].w)");
    g.close();
    g.open("except AttributeError as e:");
    g.line("print('slots', e)");
    g.close();
}

/// Dunder protocols: arithmetic with reflection, comparisons, hashing, containers, calls.
pub fn dunders(g: &mut Gen<'_>) {
    let c = g.fresh("V");
    g.open(format!("class {c}:"));
    g.open("def __init__(self, v):");
    g.line("self.v = v");
    g.close();
    for (name, body) in [
        ("__repr__(self)", format!("return '{c}(%r)' % (self.v,)")),
        (
            "__add__(self, o)",
            format!("return {c}(self.v + (o.v if isinstance(o, {c}) else o))"),
        ),
        ("__radd__(self, o)", format!("return {c}(o + self.v)")),
        (
            "__mul__(self, o)",
            format!("return {c}(self.v * o) if isinstance(o, int) else NotImplemented"),
        ),
        (
            "__eq__(self, o)",
            format!("return isinstance(o, {c}) and self.v == o.v"),
        ),
        ("__lt__(self, o)", String::from("return self.v < o.v")),
        ("__hash__(self)", String::from("return hash(self.v)")),
        (
            "__len__(self)",
            String::from("return abs(int(self.v)) % 10"),
        ),
        ("__getitem__(self, i)", String::from("return self.v * i")),
        ("__contains__(self, x)", String::from("return x == self.v")),
        ("__call__(self, *a)", String::from("return (self.v, a)")),
        ("__bool__(self)", String::from("return self.v != 0")),
        ("__neg__(self)", format!("return {c}(-self.v)")),
        (
            "__iter__(self)",
            String::from("return iter(range(int(self.v) % 5))"),
        ),
        ("__index__(self)", String::from("return int(self.v)")),
    ] {
        g.open(format!("def {name}:"));
        g.line(body);
        g.close();
    }
    g.close();
    let v = *g.rng.pick(&["3", "-2", "0", "2**60"]);
    g.line(format!("a, b = {c}({v}), {c}(7)"));
    g.line("print(a + b, 1 + a, a * 3, -a, a == b, a < b, sorted([b, a]), a in {a: 1})");
    g.line("print(len(a), a[3], 3 in a, a(1, 2), bool(a), list(a), [10, 20, 30, 40][b.v % 3:])");
    g.line("print(sum([a, b], 0), max(a, b), [1, 2, 3, 4, 5, 6, 7, 8][a])");
    g.open("try:");
    g.line("print(a * 'x')");
    g.close();
    g.open("except TypeError as e:");
    g.line("print('TypeError', e)");
    g.close();
    let n = g.hot_count();
    g.line(format!("acc = {c}(0)"));
    g.open(format!("for i in range({n}):"));
    g.line("acc = acc + i if i % 3 else i + acc");
    g.line("if i % 700 == 0:");
    g.line("    print(i, acc)");
    g.close();
    g.line("print(acc)");
}

/// Generators: send, throw, close, return values, `yield from`, pipelines.
pub fn generators(g: &mut Gen<'_>) {
    let gen = g.fresh("gen");
    let inner = g.fresh("inner");
    g.open(format!("def {inner}(n):"));
    g.open("try:");
    g.open("for i in range(n):");
    g.line("got = yield i");
    g.line("if got is not None:");
    g.line("    print('got', got)");
    g.close();
    g.close();
    g.open("finally:");
    g.line("print('inner finally', n)");
    g.close();
    g.line("return n * 10");
    g.close();
    g.open(format!("def {gen}(n):"));
    g.line(format!("r = yield from {inner}(n)"));
    g.line("print('inner returned', r)");
    g.line("yield r");
    g.close();
    let n = 1 + g.rng.below(6);
    g.line(format!("print(list({gen}({n})))"));
    g.line(format!("it = {gen}({n})"));
    g.line("print(next(it), it.send('hello'), next(it, 'end'))");
    g.open("try:");
    g.line("it.throw(ValueError('thrown'))");
    g.close();
    g.open("except (ValueError, StopIteration) as e:");
    g.line("print('throw', type(e).__name__, e)");
    g.close();
    g.line(format!("it2 = {inner}(3)"));
    g.line("print(next(it2))");
    g.line("it2.close()");
    g.line("print(next(it2, 'closed'))");
    let m = g.hot_count();
    g.line(format!("print(sum(x * x for x in {inner}({m})))"));
    g.line(format!("evens = (x for x in range({m}) if x % 2 == 0)"));
    g.line("print(sum(1 for _ in evens), list(zip(range(3), (c for c in 'abcdef'))))");
}
