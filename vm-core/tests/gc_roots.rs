//! Values native code holds across calls back into Python stay rooted: every risky builtin
//! runs with Python callbacks (`__hash__`, `__eq__`, `__lt__`, `__repr__`, `__bool__`,
//! `__index__`, `__float__`, `__add__`, key functions, generators) that allocate heavily under
//! a small heap, so collections happen inside them. Expected results are CPython 3.11's.

use vm_core::{BufferHost, Config, Vm};

fn vm() -> Vm {
    let config = Config {
        heap_limit: 2 << 20,
        ..Config::default()
    };
    Vm::new(config, Box::new(BufferHost::default())).expect("VM")
}

/// Runs the prelude plus `src` and returns `str(result)`.
fn result_of(src: &str) -> String {
    let mut vm = vm();
    let full = format!("{PRELUDE}{src}");
    let r = vm.run_source(&full, "t.py");
    assert!(r.is_ok(), "{r:?}");
    match vm.get_global("result") {
        Some(v) => vm.display(v.get()),
        None => String::new(),
    }
}

/// `churn()` allocates enough garbage to trigger a collection every few calls; `K` runs it
/// in every special method; `gen` and `key` run it between items.
const PRELUDE: &str = r#"class Junk:
    def __init__(self, n):
        self.n = n
        self.l = [n, (n, n)]
def churn():
    g = []
    for i in range(400):
        g.append(Junk(i))
        g.append((i, str(i)))
        g.append([i] * 3)
    return len(g)
class K:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        churn()
        return hash(self.v)
    def __eq__(self, o):
        churn()
        return isinstance(o, K) and self.v == o.v
    def __lt__(self, o):
        churn()
        return self.v < o.v
    def __repr__(self):
        churn()
        return 'K(%r)' % (self.v,)
    def __bool__(self):
        churn()
        return bool(self.v)
    def __index__(self):
        churn()
        return self.v % 256
    def __float__(self):
        churn()
        return float(self.v)
    def __add__(self, o):
        churn()
        return K(self.v + (o.v if isinstance(o, K) else o))
    __radd__ = __add__
    def __mul__(self, o):
        churn()
        return K(self.v * (o.v if isinstance(o, K) else o))
    __rmul__ = __mul__
def gen(n):
    for i in range(n):
        churn()
        yield K(i)
def key(x):
    churn()
    return (x.v % 7 if isinstance(x, K) else x % 7, [x])
"#;

#[test]
fn max_min_key() {
    let src = r#"result = []
for i in range(20):
    result.append((max(range(50), key=lambda x: (x % 7, x)), min(gen(30), key=key)[1][0].v if False else min(gen(30), key=key).v))
result = result[-1]
"#;
    assert_eq!(result_of(src), r#"(48, 0)"#);
}

#[test]
fn max_min_plain_gen() {
    let src = r#"result = (max(gen(40)).v, min(K(i) for i in range(40, 0, -1)).v, max(*[K(i) for i in range(30)], key=key).v)
"#;
    assert_eq!(result_of(src), r#"(39, 1, 27)"#);
}

#[test]
fn sorted_key() {
    let src = r#"result = [k.v for k in sorted(gen(40), key=key)][:10], [x for x in sorted(range(60), key=lambda x: (x % 5, str(x)), reverse=True)][:8]
"#;
    assert_eq!(
        result_of(src),
        r#"([0, 7, 14, 21, 28, 35, 1, 8, 15, 22], [9, 59, 54, 49, 44, 4, 39, 34])"#
    );
}

#[test]
fn list_sort_key() {
    let src = r#"l = [K(i) for i in range(50)]
l.sort(key=key)
result = [k.v for k in l][:12]
"#;
    assert_eq!(
        result_of(src),
        r#"[0, 7, 14, 21, 28, 35, 42, 49, 1, 8, 15, 22]"#
    );
}

#[test]
fn sum_any_all() {
    let src = r#"result = (sum(gen(30)).v, sum(gen(20), K(100)).v, any([K(0), K(0), K(3)]), all([K(1), K(2), K(0)]), any(K(0) for i in range(20)))
"#;
    assert_eq!(result_of(src), r#"(435, 290, True, False, False)"#);
}

#[test]
fn map_zip_filter() {
    let src = r#"result = (list(map(lambda a, b: (a.v, b.v), gen(15), gen(20)))[-3:], [(a.v, b.v) for a, b in zip(gen(12), gen(10))][-2:], [k.v for k in filter(lambda k: K(k.v % 3), gen(20))])
"#;
    assert_eq!(
        result_of(src),
        r#"([(12, 12), (13, 13), (14, 14)], [(8, 8), (9, 9)], [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19])"#
    );
}

#[test]
fn enumerate_reversed() {
    let src = r#"result = [(i, k.v) for i, k in enumerate(gen(10), 5)][-2:]
"#;
    assert_eq!(result_of(src), r#"[(13, 8), (14, 9)]"#);
}

#[test]
fn set_build() {
    let src = r#"s = set(gen(30))
f = frozenset(K(i % 10) for i in range(30))
result = (len(s), len(f), sorted(k.v for k in s)[:5], K(3) in s, K(99) in f)
"#;
    assert_eq!(result_of(src), r#"(30, 10, [0, 1, 2, 3, 4], True, False)"#);
}

#[test]
fn set_ops() {
    let src = r#"a = set(gen(20))
b = {K(i) for i in range(10, 30)}
c = a.union(gen(25))
d = a.intersection(K(i) for i in range(15, 40))
e = a.difference(gen(12))
a2 = set(gen(20)); a2.symmetric_difference_update(gen(25))
a3 = set(gen(10)); a3.update(gen(15), [K(40)])
result = (len(a | b), len(a & b), len(a - b), len(a ^ b), len(c), len(d), len(e), len(a2), len(a3), a <= set(gen(30)), a.issubset(gen(30)), a.isdisjoint(gen(5)), set(gen(5)) == set(gen(5)))
"#;
    assert_eq!(
        result_of(src),
        r#"(30, 10, 10, 20, 25, 5, 8, 5, 16, True, True, False, True)"#
    );
}

#[test]
fn dict_build() {
    let src = r#"d = dict((K(i), [i] * 2) for i in range(30))
d2 = dict.fromkeys(gen(20), 'x')
class M:
    def keys(self):
        return [K(i) for i in range(10)]
    def __getitem__(self, k):
        churn()
        return ('v', k.v)
d3 = dict(M())
d4 = d.copy()
d5 = {}
d5.update((K(i), (i,)) for i in range(15))
result = (len(d), d[K(7)], len(d2), d3[K(4)], len(d4), d4[K(29)], d5[K(3)])
"#;
    assert_eq!(
        result_of(src),
        r#"(30, [7, 7], 20, ('v', 4), 30, [29, 29], (3,))"#
    );
}

#[test]
fn kwargs_mapping() {
    let src = r#"class N:
    def keys(self):
        return ['a', 'b']
    def __getitem__(self, k):
        churn()
        return [k] * 3
def f(**kw):
    return sorted(kw.items())
result = f(**N())
"#;
    assert_eq!(
        result_of(src),
        r#"[('a', ['a', 'a', 'a']), ('b', ['b', 'b', 'b'])]"#
    );
}

#[test]
fn contains_seq() {
    let src = r#"class Seq:
    def __getitem__(self, i):
        churn()
        if i >= 30:
            raise IndexError
        return K(i)
result = (K(25) in Seq(), K(40) in Seq(), K(5) in [K(i) for i in range(10)])
"#;
    assert_eq!(result_of(src), r#"(True, False, True)"#);
}

#[test]
fn join_gen() {
    let src = r#"result = '-'.join(repr(k) for k in gen(12))
"#;
    assert_eq!(
        result_of(src),
        r#"K(0)-K(1)-K(2)-K(3)-K(4)-K(5)-K(6)-K(7)-K(8)-K(9)-K(10)-K(11)"#
    );
}

#[test]
fn bytes_index() {
    let src = r#"ba = bytearray(b'ab')
ba.extend(gen(5))
ba2 = bytearray(4)
ba2[1:3] = (churn() % 7 + 65 for i in range(2))
result = (bytes(k.v for k in gen(10)), bytes(ba), int.from_bytes(gen(4), 'big'), bytes(ba2))
"#;
    assert_eq!(
        result_of(src),
        r#"(b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t', b'ab\x00\x01\x02\x03\x04', 66051, b'\x00DD\x00')"#
    );
}

#[test]
fn math_funcs() {
    let src = r#"import math
result = (math.fsum(gen(20)), math.dist(gen(3), [K(5), K(6), K(7)]), math.prod(gen(6), start=K(1)).v if False else math.prod([K(2), K(3), K(4)]).v)
"#;
    assert_eq!(result_of(src), r#"(190.0, 8.660254037844387, 24)"#);
}

#[test]
fn format_repr() {
    let src = r#"result = ("{0!r:>12}|{1:>{2}}".format(K(5), 'ab', K(6).__index__()), f"{K(7)!r:<10}|", '%r %s' % (K(1), K(2)))
"#;
    assert_eq!(
        result_of(src),
        r#"('        K(5)|    ab', 'K(7)      |', 'K(1) K(2)')"#
    );
}

#[test]
fn repr_compare() {
    let src = r#"l1 = [K(i) for i in range(20)]
l2 = [K(i) for i in range(20)]
t1 = tuple((K(i), [i]) for i in range(5))
t2 = tuple((K(i), [i]) for i in range(5))
result = (repr(l1)[:30], l1 == l2, t1 == t2, [K(1), K(2)] < [K(1), K(3)], repr({K(1): [K(2)]}), {'a': K(1)} == {'a': K(1)})
"#;
    assert_eq!(
        result_of(src),
        r#"('[K(0), K(1), K(2), K(3), K(4),', True, True, True, '{K(1): [K(2)]}', True)"#
    );
}

#[test]
fn shuffle_user_seq() {
    let src = r#"import random
class S:
    def __init__(self):
        self.d = [K(i) for i in range(20)]
    def __len__(self):
        return len(self.d)
    def __getitem__(self, i):
        churn()
        return K(self.d[i].v)
    def __setitem__(self, i, v):
        churn()
        self.d[i] = v
random.seed(5)
s = S()
random.shuffle(s)
result = sorted(k.v for k in s.d) == list(range(20))
"#;
    assert_eq!(result_of(src), r#"True"#);
}

#[test]
fn star_args_native() {
    let src = r#"for i in range(5):
    result = (max(*[K(i) for i in range(25)], key=key).v, min(*(K(i) for i in range(25))).v, sorted([K(i) for i in range(9, 0, -1)], **{'key': key})[0].v, '{!r}|{!r}|{!r}'.format(*[K(1), K(2), K(3)]))
"#;
    assert_eq!(result_of(src), r#"(20, 0, 7, 'K(1)|K(2)|K(3)')"#);
}

#[test]
fn subscript_index() {
    let src = r#"for i in range(5):
    a = [j * 10 for j in range(10)][K(1):K(7):K(2)]
    b = (tuple(range(10)))[K(2):K(5)]
    c = 'abcdefgh'[K(1):K(4)]
    e = list(range(10))[K(3)]
    l = list(range(10))
    l[K(2)] = [i] * 3
    del l[K(4):K(6)]
    l[K(0):K(1)] = (x for x in gen(3))
result = (a, b, c, e, [x.v if isinstance(x, K) else x for x in l])
"#;
    assert_eq!(
        result_of(src),
        r#"([10, 30, 50], (2, 3, 4), 'bcd', 3, [0, 1, 2, 1, [4, 4, 4], 3, 6, 7, 8, 9])"#
    );
}

#[test]
fn tuple_keys_and_lookups() {
    let src = r#"for i in range(5):
    d = {}
    d[(K(1), K(2))] = [1] * 3
    d[(K(3), (K(4), "5"))] = 2
    x = d.get((K(1), K(2)))
    l1 = [K(j) for j in range(10)].index(K(7))
    l2 = [K(j) for j in range(10)].count(K(3))
    t1 = tuple(K(j) for j in range(10)).index(K(8))
    ll = [K(j) for j in range(10)]; ll.remove(K(4))
    s = sorted(K(j) for j in range(10, 0, -1))
    p = dict([(K(1), 1), (K(2), 2)]).pop(K(2))
    h = hash((K(1), K(2), (K(3),)))
    st = str([K(1), (K(2), dict([(K(3), K(4))]))])
result = (x, l1, l2, t1, len(ll), [k.v for k in s][:3], p, h == hash((1, 2, (3,))), st, sorted(k[0].v for k in d))
"#;
    assert_eq!(
        result_of(src),
        r#"([1, 1, 1], 7, 1, 8, 9, [1, 2, 3], 2, True, '[K(1), (K(2), {K(3): K(4)})]', [1, 3])"#
    );
}

#[test]
fn percent_format_operands() {
    let src = r#"for i in range(5):
    result = ('%s|%r|%s' % (K(1), K(2), K(3)), '%(a)s %(b)r' % dict(a=K(4), b=[K(5)]), b'%d' % 5 if False else '', str(E()) if False else '')
"#;
    assert_eq!(
        result_of(src),
        r#"('K(1)|K(2)|K(3)', 'K(4) [K(5)]', '', '')"#
    );
}

#[test]
fn dict_equality_values() {
    let src = r#"for i in range(5):
    result = (dict(a=K(1), b=K(2), c=K(3)) == dict(a=K(1), b=K(2), c=K(3)), dict(a=K(1)) != dict(a=K(2)), [K(1), (K(2),)] == [K(1), (K(2),)])
"#;
    assert_eq!(result_of(src), r#"(True, True, True)"#);
}

// `BUILD_MAP`'s pairs and `SET_UPDATE`'s collected items stay rooted while a user
// `__hash__` that collects runs (they were once popped into Rust locals and freed).

#[test]
fn dict_and_set_displays_with_user_hash() {
    let src = r#"
for i in range(5):
    d = {K(1): [1] * 3, K(2): [2] * 3, K(3): (3, [3])}
    s = {*[K(j) for j in range(8)]}
result = (sorted((k.v, v) for k, v in d.items()), sorted(k.v for k in s))
"#;
    assert_eq!(
        result_of(src),
        "([(1, [1, 1, 1]), (2, [2, 2, 2]), (3, (3, [3]))], [0, 1, 2, 3, 4, 5, 6, 7])"
    );
}

// `MATCH_CLASS` keeps the attributes it has read, and `MATCH_KEYS` the values and its set of
// seen keys, rooted while properties, `get` and `__hash__` that collect run.

#[test]
fn match_class_and_mapping_patterns() {
    let src = r#"class P:
    __match_args__ = ("a", "b")
    @property
    def a(self):
        churn()
        return [K(1), (2, [3])]
    @property
    def b(self):
        churn()
        return {"x": [4] * 2}
class D(dict):
    def get(self, key, default=None):
        churn()
        return [dict.get(self, key, default), str(key)] if key in self else default
class Keys:
    ONE = K(1)
    TWO = K(2)
out = []
for i in range(5):
    match P():
        case P([k, (two, [three])], {"x": four}):
            out.append((k.v, two, three, four))
    match D({K(1): "one", K(2): "two", "s": 3}):
        case {Keys.TWO: [v2, _], Keys.ONE: [v1, _], **rest}:
            out.append((v2, v1, sorted(str(x) for x in rest.values())))
result = out[-2:]
"#;
    assert_eq!(result_of(src), "[(1, 2, 3, [4, 4]), ('two', 'one', ['3'])]");
}

#[test]
fn coroutines_and_async_protocols() {
    let src = r#"class Aw:
    def __init__(self, v):
        self.v = v
    def __await__(self):
        churn()
        yield K(self.v)
        churn()
        return K(self.v * 2)
class AIter:
    def __init__(self, n):
        self.i = 0
        self.n = n
    def __aiter__(self):
        churn()
        return self
    def __anext__(self):
        churn()
        self.i += 1
        if self.i > self.n:
            raise StopAsyncIteration
        return Aw(self.i)
class CM:
    async def __aenter__(self):
        churn()
        return K(7)
    async def __aexit__(self, t, e, tb):
        churn()
        return t is KeyError
async def agen(n):
    for i in range(n):
        churn()
        got = yield K(i)
        if got is not None:
            churn()
async def main():
    out = []
    async for k in AIter(6):
        out.append(k.v)
    async with CM() as k:
        out.append(k.v)
        raise KeyError('x')
    out.append([k.v async for k in agen(5)])
    g = agen(4)
    out.append((await g.__anext__()).v)
    out.append((await g.asend(K(1))).v)
    try:
        await g.athrow(ValueError('v'))
    except ValueError:
        out.append('thrown')
    return out
def run(coro):
    passed = []
    try:
        while True:
            passed.append(coro.send(None).v)
    except StopIteration as e:
        return e.value, passed
result = run(main())
"#;
    assert_eq!(
        result_of(src),
        r#"([2, 4, 6, 8, 10, 12, 7, [0, 1, 2, 3, 4], 0, 1, 'thrown'], [1, 2, 3, 4, 5, 6])"#
    );
}

// The conversions of `complex()`, the namespaces of `exec`/`eval`, weak reference callbacks
// and finalizers, and memoryview comparisons, with user code that collects in between.

#[test]
fn complex_conversions() {
    let src = r#"class C:
    def __complex__(self):
        churn()
        return complex(churn(), 1)
result = [complex(C()), complex(K(3), K(4)), complex(K(5))]
for i in range(20):
    result.append(complex(K(i), K(i + 1)) + complex(C()))
result = result[:3] + result[-1:]
"#;
    assert_eq!(result_of(src), "[(1200+1j), (3+4j), (5+0j), (1219+21j)]");
}

#[test]
fn exec_eval_with_mapping_locals() {
    let src = r#"class M:
    def __init__(self):
        self.d = {}
    def __getitem__(self, k):
        churn()
        return self.d[k]
    def __setitem__(self, k, v):
        churn()
        self.d[k] = v
result = []
for i in range(10):
    m = M()
    exec("a = [K(j) for j in range(5)]\nb = sum(x.v for x in a) + len(str(churn()))", {"K": K, "churn": churn}, m)
    result.append((m.d["b"], eval("b * 2", {}, m), eval("[K(j).v for j in range(3)]", {"K": K})))
result = result[-1]
"#;
    assert_eq!(result_of(src), "(14, 28, [0, 1, 2])");
}

#[test]
fn weakref_callbacks_and_finalizers() {
    let src = r#"import weakref, gc
log = []
def cb(r):
    churn()
    log.append(len([K(i) for i in range(10)]))
refs = []
for i in range(30):
    k = K(i)
    refs.append(weakref.ref(k, cb))
    weakref.finalize(k, lambda n: log.append(n + churn() * 0), i)
    del k
gc.collect()
result = (len(log), sum(1 for r in refs if r() is None))
"#;
    assert_eq!(result_of(src), "(60, 30)");
}

#[test]
fn memoryview_compare_and_release() {
    let src = r#"result = []
for i in range(20):
    ba = bytearray(range(i, i + 20))
    v = memoryview(ba)
    result.append(v[::2] == bytes(range(i, i + 20, 2)) and churn() > 0 and v[1:].tolist()[0] == i + 1)
    v.release()
    ba.append(1)
result = all(result)
"#;
    assert_eq!(result_of(src), "True");
}
