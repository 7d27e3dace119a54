//! The specializing interpreter: every specialized form fires in a hot loop, and each one
//! deoptimizes correctly when its assumption breaks mid-loop (a type changes, a class or a
//! base is mutated, a global is rebound, a builtin is shadowed and unshadowed).

mod common;

use std::cell::RefCell;
use std::rc::Rc;

use common::Shared;
use vm_core::bytecode::ops::Op;
use vm_core::interp::specialize::SpecStats;
use vm_core::{Config, Vm};

/// Output shared with the test after the VM takes the host.
fn run_with(src: &str, stress: bool) -> (String, SpecStats) {
    let out = Rc::new(RefCell::new(String::new()));
    // Tier 1 alone: these tests count what the interpreter's specialized forms do (in tier
    // 2 the hot loops would run in traces, which `tests/tier2.rs` covers).
    let config = Config {
        stats: true,
        stress_specialize: stress,
        heap_limit: 64 << 20,
        tier: 1,
        ..Config::default()
    };
    let mut vm = Vm::new(config, Box::new(Shared(out.clone()))).expect("VM");
    if let Err(e) = vm.run_source(src, "t.py") {
        panic!("run failed: {e:?}\n{}", out.borrow());
    }
    let stats = vm.spec_stats().expect("stats enabled").clone();
    let text = out.borrow().clone();
    (text, stats)
}

fn run(src: &str) -> (String, SpecStats) {
    run_with(src, false)
}

fn hits(s: &SpecStats, op: Op) -> u64 {
    s.executions(op) - s.deopts(op)
}

const ALL_FORMS: &str = r#"
import math

class P:
    def __init__(self, x):
        self.x = x
    def get(self, k):
        return self.x + k
    def __add__(self, o):
        return P(self.x + o.x)
    def __mul__(self, k):
        return P(self.x * k)
    def __lt__(self, o):
        return self.x < o.x
    @staticmethod
    def zero():
        return 0
    @classmethod
    def none(cls):
        return 0

def with_default(a, b=1):
    return a + b

def echo():
    v = 0
    while True:
        x = yield v
        if x is not None:
            v = x

def work():
    total = 0
    fl = 0.5
    s = ""
    lst = [1, 2, 3]
    tup = (4, 5, 6)
    d = {"a": 1}
    st = {1, 2}
    flag = True
    nothing = None
    p = P(1)
    bound = p.get
    ec = echo()
    next(ec)
    for i in range(100):
        total = total + i - 1
        total = total * 1
        fl = fl + 1.5 - 0.25
        fl = fl * 1.0 / 1.0
        s = s + "x"
        total += lst[1] + tup[2] + d["a"]
        lst[0] = i
        d["b"] = i
        if flag:
            total += 1
        if i:
            total += 1
        if nothing:
            total += 1000
        if lst:
            total += 1
        if s:
            total += 1
        if i < 50:
            total += 1
        if fl > 1.0:
            total += 1
        if s != "":
            total += 1
        if 1 in st and "a" in d:
            total += 1
        if 2 in lst and 5 in tup and 7 not in tup:
            total += 1
        for v in lst:
            total += v
        for v in tup:
            total += v
        # gen: BINARY_OP_INT, FOR_ITER_GEN (the total is unchanged).
        spare = (i % 7) // 2 & 3 | 1
        for v in (w for w in tup):
            spare += v
        a, b = i, 2
        c, e, f = tup
        g, h, j = lst
        total += a + b + c + e + f + g + h + j
        total += p.get(1) + bound(2) + p.x + with_default(i) - i - 1
        total += P.zero() + p.none()
        total += ec.send(i) - i + next(ec) - i
        p.x = i
        total += len(lst) + abs(-1) + math.floor(math.pi)
        if isinstance(p, P):
            lst.append(i)
            lst.pop()
            st.add(i % 3)
        q = P(i)
        total += q.x + (q + p).x + (q * 2).x + (p < q)
        total += len(list(tup)) + (i * 0.5 < 3) + (2 * fl > 1) + int(i / 4)
        # Compares and truth tests whose result is a value, not a branch (the unfused forms).
        total += (i < 1000) + (s >= "x") - 2
        total += (not flag) + (not i) + (not nothing) + (not lst) + (not s) - (i == 0) - 1
    return total, fl, len(s)

print(work())
"#;

#[test]
fn every_specialized_form_fires_in_a_hot_loop() {
    let (out, stats) = run(ALL_FORMS);
    assert_eq!(out, "(67561, 125.5, 100)\n", "{}", stats.report());
    let mut missing = Vec::new();
    for &op in Op::ALL {
        if op.is_specialized() && hits(&stats, op) < 50 {
            missing.push(op.name());
        }
    }
    assert!(
        missing.is_empty(),
        "never ran hot: {missing:?}\n{}",
        stats.report()
    );
}

#[test]
fn stress_mode_gives_the_same_results() {
    let (normal, _) = run(ALL_FORMS);
    let (stressed, stats) = run_with(ALL_FORMS, true);
    assert_eq!(normal, stressed);
    let deopts: u64 = Op::ALL.iter().map(|&op| stats.deopts(op)).sum();
    assert!(deopts > 100, "stress mode forced only {deopts} deopts");
}

#[test]
fn a_type_change_mid_loop_deoptimizes_then_respecializes() {
    let (out, stats) = run(
        "def f(xs):\n    t = 0\n    for x in xs:\n        t = t + x\n    return t\nprint(f([1] * 100 + [1.5] * 100))\n",
    );
    assert_eq!(out, "250.0\n");
    assert!(stats.specializations(Op::BINARY_OP_ADD_INT) >= 1);
    assert!(stats.deopts(Op::BINARY_OP_ADD_INT) >= 1);
    assert!(
        hits(&stats, Op::BINARY_OP_ADD_FLOAT) > 0,
        "{}",
        stats.report()
    );
}

#[test]
fn fused_compare_and_branch_deoptimizes_on_a_type_change() {
    // `x < 50` fuses with its jump; the operands turn float, then str-vs-str, then a class
    // whose `__lt__` returns a non-bool (the generic compare converts it for the jump).
    let src = r#"
class W:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        return [1] if self.v < 60 else []
def f(xs, lim):
    n = 0
    for x in xs:
        if x < lim:
            n += 1
        else:
            n -= 1
    return n
print(f(list(range(100)), 50), f([i + 0.5 for i in range(100)], 50), f(["a", "z"] * 50, "m"))
print(f([1] * 60 + [1.0] * 20 + [W(i) for i in range(40, 80)], 50.5))
"#;
    let (out, stats) = run(src);
    assert_eq!(out, "0 0 0\n80\n", "{}", stats.report());
    for op in [
        Op::COMPARE_OP_INT_JUMP,
        Op::COMPARE_OP_FLOAT_JUMP,
        Op::COMPARE_OP_STR_JUMP,
    ] {
        assert!(hits(&stats, op) > 0, "{}: {}", op.name(), stats.report());
    }
    assert!(
        stats.deopts(Op::COMPARE_OP_INT_JUMP) >= 1,
        "{}",
        stats.report()
    );
}

#[test]
fn fused_truth_test_and_branch_deoptimizes_on_a_type_change() {
    // `if x:` fuses the truth test with its jump; the tested value changes type mid-loop.
    let src = r#"
def f(xs):
    n = 0
    for x in xs:
        if x:
            n += 1
        while x:
            x = None
    return n
print(f([0, 1] * 40 + [True, False] * 40 + [None] * 40 + [[], [1]] * 40 + ["", "a"] * 40 + [0.0, 2.5] * 40))
"#;
    let (out, stats) = run(src);
    assert_eq!(out, "200\n", "{}", stats.report());
    for op in [
        Op::TO_BOOL_INT_JUMP,
        Op::TO_BOOL_BOOL_JUMP,
        Op::TO_BOOL_NONE_JUMP,
        Op::TO_BOOL_LIST_JUMP,
        Op::TO_BOOL_STR_JUMP,
    ] {
        assert!(hits(&stats, op) > 0, "{}: {}", op.name(), stats.report());
    }
    assert!(
        stats.deopts(Op::TO_BOOL_INT_JUMP) >= 1,
        "{}",
        stats.report()
    );
}

#[test]
fn mutating_a_base_class_invalidates_method_loads_of_subclasses() {
    let src = r#"
class B:
    def f(self):
        return 1
class C(B):
    pass
def run(c):
    t = 0
    for i in range(200):
        if i == 100:
            B.f = lambda self: 2
        t += c.f()
    return t
print(run(C()))
"#;
    let (out, stats) = run(src);
    assert_eq!(out, "300\n");
    // The new version fails the cached check; the form then finds the new function through
    // the class lookup (as at a polymorphic site) instead of deoptimizing.
    assert!(
        hits(&stats, Op::LOAD_ATTR_METHOD_WITH_VALUES) >= 150,
        "{}",
        stats.report()
    );
}

#[test]
fn user_dunder_operators_deoptimize_and_report_not_implemented() {
    let src = r#"
class V:
    def __init__(self, x):
        self.x = x
    def __add__(self, o):
        if isinstance(o, V):
            return V(self.x + o.x)
        return NotImplemented
    def __radd__(self, o):
        return V(o + self.x)
def run():
    t = 0
    v = V(1)
    for i in range(200):
        w = v + V(i)
        t += w.x
        if i == 100:
            V.__add__ = lambda self, o: V(self.x - o.x) if isinstance(o, V) else NotImplemented
    t += (3 + v).x
    try:
        v + 2
    except TypeError as e:
        print(e)
    try:
        v += 2.5
    except TypeError as e:
        print(e)
    return t
print(run())
"#;
    let expected = "unsupported operand type(s) for +: 'V' and 'int'\n\
                    unsupported operand type(s) for +=: 'V' and 'float'\n-9596\n";
    let (out, stats) = run(src);
    assert_eq!(out, expected);
    assert!(
        hits(&stats, Op::BINARY_OP_USER) >= 100,
        "{}",
        stats.report()
    );
    assert!(stats.specializations(Op::BINARY_OP_USER) >= 2);
    // Under stress the error cases run specialized too.
    let (out, _) = run_with(src, true);
    assert_eq!(out, expected);
}

#[test]
fn membership_in_sequences_runs_user_eq_when_needed() {
    let src = r#"
class Eq:
    def __eq__(self, o):
        print("eq", o)
        return o == 3
nan = float("nan")
def run(seqs):
    t = 0
    for s in seqs:
        for k in (1, 3, "a", nan, (1, 2)):
            if k in s:
                t += 1
    return t
print(run([[1, 2], (3, "a"), [nan], [(1, 2)], ["a", Eq()], [1, 2, 3] * 30]))
"#;
    let (out, stats) = run(src);
    assert_eq!(
        out,
        "eq 1\neq 3\neq nan\neq (1, 2)\n9\n",
        "{}",
        stats.report()
    );
    assert!(
        hits(&stats, Op::CONTAINS_OP_SEQ) >= 25,
        "{}",
        stats.report()
    );
}

#[test]
fn polymorphic_attribute_sites_stay_specialized() {
    let src = r#"
class Base:
    def __init__(self, v):
        self.v = v
        self.w = 0
    def get(self):
        return self.v
class A(Base):
    def step(self):
        return 1
class B(Base):
    def step(self):
        return 2
class D(Base):
    def step(self):
        return 3
def run(objs):
    t = 0
    for i in range(300):
        o = objs[i % 3]
        if i == 150:
            D.v = property(lambda self: 100)
        o.w = i
        t += o.v + o.get() + o.step() + o.w
    return t
print(run([A(1), B(2), D(3)]))
"#;
    let (out, stats) = run(src);
    assert_eq!(out, "56350\n");
    for op in [
        Op::LOAD_ATTR_INSTANCE_VALUE,
        Op::LOAD_ATTR_METHOD_WITH_VALUES,
        Op::STORE_ATTR_INSTANCE_VALUE,
    ] {
        assert!(hits(&stats, op) >= 200, "{op:?}: {}", stats.report());
    }
    // The property on one class makes its instances miss (generic path), not the others.
    assert!(stats.deopts(Op::LOAD_ATTR_INSTANCE_VALUE) >= 1);
}

#[test]
fn class_attribute_and_property_changes_are_seen() {
    let src = r#"
class A:
    def __init__(self):
        self.v = 1
def run(a):
    t = 0
    for i in range(150):
        if i == 50:
            A.v = property(lambda self: 10)
        if i == 100:
            del A.v
        t += a.v
    return t
print(run(A()))
"#;
    let (out, stats) = run(src);
    // A data descriptor (property) on the class wins over the instance attribute.
    assert_eq!(out, "600\n", "{}", stats.report());
    assert!(stats.deopts(Op::LOAD_ATTR_INSTANCE_VALUE) >= 1);
}

#[test]
fn rebinding_and_deleting_globals_is_seen() {
    let src = r#"
K = 1
def f():
    return K
t = 0
for i in range(300):
    if i == 100:
        K = 5
    if i == 200:
        del K
        K = 7
    t += f()
print(t)
"#;
    let (out, stats) = run(src);
    assert_eq!(out, "1300\n");
    assert!(
        stats.deopts(Op::LOAD_GLOBAL_MODULE) >= 1,
        "{}",
        stats.report()
    );
}

#[test]
fn shadowing_and_unshadowing_a_builtin_is_seen() {
    let src = r#"
def f(x):
    return len(x)
t = 0
for i in range(300):
    if i == 100:
        len = lambda x: 10
    if i == 200:
        del len
    t += f("ab")
print(t)
"#;
    let (out, stats) = run(src);
    assert_eq!(out, "1400\n");
    assert!(
        stats.deopts(Op::LOAD_GLOBAL_BUILTIN) >= 1,
        "{}",
        stats.report()
    );
    assert!(stats.specializations(Op::LOAD_GLOBAL_MODULE) >= 1);
    assert!(stats.specializations(Op::LOAD_GLOBAL_BUILTIN) >= 2);
    assert!(stats.deopts(Op::CALL_LEN) >= 1);
}

#[test]
fn container_and_iterator_changes_deoptimize() {
    let src = r#"
def f(items):
    t = 0
    for c in items:
        t += c[0]
        for v in c:
            t += v
    return t
print(f([[1, 2]] * 80 + [(3, 4)] * 80 + [{0: 5}] * 80))
"#;
    let (out, stats) = run(src);
    assert_eq!(out, "1520\n");
    assert!(
        stats.deopts(Op::BINARY_SUBSCR_LIST_INT) >= 1,
        "{}",
        stats.report()
    );
    assert!(stats.deopts(Op::FOR_ITER_LIST) >= 1);
}

#[test]
fn int_overflow_and_division_by_zero_take_the_generic_path() {
    let src = r#"
def f():
    x = 1
    for i in range(100):
        x = x * 3
    y = 0
    for i in range(100):
        y = y + 2 ** 62
    try:
        for i in range(100):
            z = 1.0 / (50.0 - i)
    except ZeroDivisionError as e:
        print("caught", e)
    return x % 1000, y
print(f())
"#;
    let (out, _) = run(src);
    assert_eq!(
        out,
        "caught float division by zero\n(1, 461168601842738790400)\n"
    );
}

#[test]
fn super_method_calls_are_not_specialized_as_builtin_methods() {
    let src = r#"
class A:
    def __init__(self, name):
        self.name = name
class B(A):
    def __init__(self, name):
        super().__init__(name)
out = []
for i in range(100):
    out.append(B(str(i)).name)
print(out[-1], len(out))
"#;
    let (out, _) = run(src);
    assert_eq!(out, "99 100\n");
    let (stressed, _) = run_with(src, true);
    assert_eq!(stressed, out);
}

#[test]
fn int_operators_and_generator_loops_deoptimize() {
    // gen: `%` and `&` see a float and a big int mid-loop; the loop's iterable changes
    // from a generator to a list.
    let src = r#"
def f(xs):
    t = 0
    for x in xs:
        t += x % 7 + (x // 2)
    return t
def g(xs):
    t = 0
    for x in xs:
        t += x & 6
    return t
def h(it):
    t = 0
    for x in it:
        t += x
    return t
print(f(list(range(100)) + [7.5] * 100))
print(g(list(range(100)) + [2**70 + 3] * 100))
print(h(x for x in range(100)), h(x for x in range(100)), h([1, 2, 3]), h(x for x in [4]))
"#;
    let (out, stats) = run(src);
    assert_eq!(out, "3095.0\n492\n4950 4950 6 4\n", "{}", stats.report());
    assert!(stats.deopts(Op::BINARY_OP_INT) >= 1, "{}", stats.report());
    assert!(hits(&stats, Op::BINARY_OP_INT) > 100);
    assert!(stats.deopts(Op::FOR_ITER_GEN) >= 1, "{}", stats.report());
    assert!(hits(&stats, Op::FOR_ITER_GEN) > 100);
}

#[test]
fn tuple_and_list_of_a_sequence_deoptimize() {
    // gen: the argument turns into a generator, a str and a tuple (kept as is by `tuple`).
    let src = r#"
def f(xs, make):
    out = []
    for x in xs:
        out.append(make(x))
    return out
src = [[1, 2]] * 100 + [(3,)] * 100 + [(i for i in [4])] + ["ab"]
r = f(src, tuple)
print(len(r), r[0], r[150], r[-2], r[-1], r[150] is src[150])
r = f(src, list)
print(len(r), r[0], r[150], r[-2], r[-1], r[0] is src[0])
"#;
    let (out, stats) = run(src);
    assert_eq!(
        out,
        "202 (1, 2) (3,) (4,) ('a', 'b') True\n202 [1, 2] [3] [] ['a', 'b'] False\n",
        "{}",
        stats.report()
    );
    assert!(
        stats.deopts(Op::CALL_TUPLE_LIST_1) >= 1,
        "{}",
        stats.report()
    );
    assert!(hits(&stats, Op::CALL_TUPLE_LIST_1) > 300);
}

#[test]
fn fused_add_and_return_deoptimizes_on_a_type_change() {
    // gencall: `return a + b` sees ints, then floats, strs and a big result mid-run; an
    // `__init__` returning a sum still raises from the caller's line.
    let src = r#"
def add(a, b):
    return a + b
class A:
    def __init__(self, x):
        return x + 1
t = 0
for i in range(100):
    t = add(t, i)
print(t, add(1.5, 2), add("a", "b"), add(2**62, 2**62))
for i in range(100):
    t = add(t, i)
print(t)
for i in range(60):
    try:
        A(i)
    except TypeError as e:
        msg = str(e)
print(msg)
"#;
    let (out, stats) = run(src);
    assert_eq!(
        out,
        "4950 3.5 ab 9223372036854775808\n9900\n__init__() should return None, not 'int'\n",
        "{}",
        stats.report()
    );
    assert!(
        stats.deopts(Op::BINARY_OP_ADD_INT_RETURN) >= 1,
        "{}",
        stats.report()
    );
    assert!(hits(&stats, Op::BINARY_OP_ADD_INT_RETURN) > 100);
}
