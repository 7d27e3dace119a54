//! The trace optimizer (`vm_core::opt`): guards proven by earlier uops disappear from
//! traces, results stay exact when types change or globals are rebound under a running
//! trace, and randomly perturbed traces either pass the checker after optimization or are
//! left as recorded.

mod common;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use common::{config, loop_body, roots_in, run_both, run_config as run_with, uops_of};
use vm_core::bytecode::ops::Uop;
use vm_core::exec::api::{Compiled, HotSpot, Optimizer, OptimizerFactory, TraceOptimizer};
use vm_core::exec::ir::{Executor, ExecutorBuilder, TraceCode};
use vm_core::{Config, Vm};

/// The uops of the loop part of an executor (from `_JUMP_TO_TOP`'s target to its end).
fn loop_uops(e: &Executor) -> Vec<Uop> {
    loop_body(e).iter().map(|u| u.uop).collect()
}

#[test]
fn int_guards_go_from_a_range_loop() {
    let src = "def f(n):\n    s = 0\n    for i in range(n):\n        s = s + i\n        t = s - i\n        s = t + i\n    return s\nprint(f(2000))\n";
    let vm = run_both(src, 16, "1999000\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let body = loop_uops(&roots[0]);
    let guards = body.iter().filter(|u| **u == Uop::_GUARD_BOTH_INT).count();
    // `s` comes into the loop unknown: the peeled preamble checks it once.
    assert_eq!(guards, 0, "{}", vm.dump_executors());
    let s = vm.tier2_stats().expect("stats");
    assert!(s.guards_removed > 2000, "{}", s.report());
    assert!(s.guards_removed_static > 0, "{}", s.report());
}

#[test]
fn a_sum_over_a_range_has_no_int_guard_in_its_loop() {
    let src = "def f(n):\n    s = 0\n    for i in range(n):\n        s = s + i\n    return s\nprint(f(1000))\n";
    let vm = run_both(src, 16, "499500\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let body = loop_uops(&roots[0]);
    assert!(
        !body.contains(&Uop::_GUARD_BOTH_INT),
        "{}",
        vm.dump_executors()
    );
    assert!(
        !body.contains(&Uop::_CHECK_VALIDITY),
        "{}",
        vm.dump_executors()
    );
    assert!(
        body.contains(&Uop::_BINARY_OP_ADD_SMALL_INT),
        "{}",
        vm.dump_executors()
    );
}

#[test]
fn float_guards_go_when_operands_are_proven() {
    let src = "def f(n):\n    x = 0.5\n    t = 0.0\n    for i in range(n):\n        d = x * 1.5\n        t = t + d * d\n    return t\nprint(f(1000))\n";
    let vm = run_both(src, 16, "562.5\n");
    let s = vm.tier2_stats().expect("stats");
    assert!(s.guards_removed > 500, "{}", s.report());
}

#[test]
fn a_type_change_mid_loop_gives_the_right_answer() {
    // `s` turns into a float, then a big int, in the middle of a traced loop.
    let src = "def f(n):\n    s = 0\n    for i in range(n):\n        s = s + i\n        if i == 500:\n            s = s + 0.5\n        if i == 700:\n            s = int(s) * 10 ** 20\n    return s\nprint(f(1000))\n";
    let want = {
        let mut s: f64 = 0.0;
        let mut big: Option<u128> = None;
        for i in 0..1000u128 {
            match big {
                Some(b) => big = Some(b + i),
                None => s += i as f64,
            }
            if i == 500 {
                s += 0.5;
            }
            if i == 700 {
                big = Some((s as u128) * 10u128.pow(20));
            }
        }
        format!("{}\n", big.expect("big"))
    };
    run_both(src, 16, &want);
}

#[test]
fn small_int_overflow_leaves_the_trace_and_stays_exact() {
    // The checked small-int forms leave when a result is no small int (2**47 and up).
    let src = "def f(n):\n    s = 2 ** 46\n    for i in range(n):\n        s = s + s // (i + 1)\n    return s\nprint(f(200))\n";
    let (_, want) = run_with(
        Config {
            tier: 1,
            ..Config::default()
        },
        src,
    );
    run_both(src, 16, &want);
}

#[test]
fn a_rebinding_still_invalidates() {
    let src = "K = 1\ndef g():\n    global K\n    K = 2\ndef f(n):\n    s = 0\n    for i in range(n):\n        s = s + K + K\n        if i == 600:\n            g()\n    return s\nprint(f(1000))\n";
    let vm = run_both(src, 16, &format!("{}\n", 601 * 2 + 399 * 4));
    let s = vm.tier2_stats().expect("stats");
    assert!(s.invalidations >= 1, "{}", s.report());
}

#[test]
fn calls_pass_argument_and_return_types() {
    let src = "def add(a, b):\n    return a + b\ndef f(n):\n    s = 0\n    for i in range(n):\n        s = add(i, i) + add(i, 1)\n    return s\nprint(f(1000))\n";
    let vm = run_both(src, 16, "2998\n");
    // In `f`'s trace, `add`'s `a + b` runs on proven small ints (the loop's `i`).
    let f = roots_in(&vm, "f");
    assert_eq!(f.len(), 1, "{}", vm.dump_executors());
    let u: Vec<Uop> = f[0].uops.iter().map(|u| u.uop).collect();
    let call = u
        .iter()
        .position(|x| *x == Uop::_CALL_PY_EXACT_ARGS)
        .expect("a call");
    let ret = u
        .iter()
        .position(|x| *x == Uop::_RETURN_VALUE)
        .expect("a return");
    assert!(
        u[call..ret].contains(&Uop::_BINARY_OP_ADD_SMALL_INT),
        "{}",
        vm.dump_executors()
    );
    assert!(
        !u[call..ret].contains(&Uop::_GUARD_BOTH_INT),
        "{}",
        vm.dump_executors()
    );
}

#[test]
fn list_subscript_guards_go_from_a_loop_over_a_list() {
    // `xs` is checked once in the preamble; `i` is a proven small int (a range loop).
    let src = "def f(xs, n):\n    s = 0\n    for i in range(n):\n        s = s + xs[i] + xs[i - 1]\n        xs[i] = i\n    return s\nprint(f(list(range(1000)), 1000))\n";
    let want = {
        let mut xs: Vec<i64> = (0..1000).collect();
        let mut s = 0i64;
        for i in 0..1000usize {
            s += xs[i] + xs[(i + 999) % 1000];
            xs[i] = i as i64;
        }
        format!("{s}\n")
    };
    let vm = run_both(src, 16, &want);
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let body = loop_uops(&roots[0]);
    for g in [Uop::_GUARD_NOS_LIST, Uop::_GUARD_TOS_INT] {
        assert!(!body.contains(&g), "{g:?}: {}", vm.dump_executors());
    }
    assert!(
        body.contains(&Uop::_BINARY_SUBSCR_LIST_INT) && body.contains(&Uop::_STORE_SUBSCR_LIST_INT),
        "{}",
        vm.dump_executors()
    );
}

#[test]
fn a_list_turning_into_a_tuple_mid_loop_gives_the_right_answer() {
    // The proven list is rebound to a tuple (and the index to a float-derived int) in the
    // middle of the traced loop: the preamble's guards no longer hold.
    let src = "def f(n):\n    xs = list(range(10))\n    s = 0\n    for i in range(n):\n        s = s + xs[i % 10]\n        if i == 500:\n            xs = tuple(xs)\n        if i == 700:\n            xs = [1] * 10\n    return s\nprint(f(1000))\n";
    let mut s = 0i64;
    for i in 0..1000i64 {
        s += if i <= 700 { i % 10 } else { 1 };
    }
    run_both(src, 16, &format!("{s}\n"));
}

#[test]
fn a_free_variable_is_checked_once_and_a_set_comprehension_keeps_its_iterator() {
    // `xs` is a cell read by the closure on every iteration: the preamble checks it once.
    // The set comprehension's `SET_ADD` of an int runs no code and keeps the range
    // iterator below it known.
    let src = "def f(xs, n):\n    def g():\n        t = 0\n        for i in range(n):\n            t = t + xs[i % 3]\n        return t\n    return g(), len({i + xs[i % 3] for i in range(n)})\nprint(f([1, 2, 3], 1000))\n";
    let vm = run_both(src, 16, "(1999, 1000)\n");
    for func in ["f.<locals>.g", "f.<locals>.<setcomp>"] {
        let roots = roots_in(&vm, func);
        assert!(!roots.is_empty(), "{func}: {}", vm.dump_executors());
        for r in &roots {
            let body = loop_uops(r);
            for g in [Uop::_GUARD_NOS_LIST, Uop::_GUARD_ITER_RANGE] {
                assert!(!body.contains(&g), "{func} {g:?}: {}", vm.dump_executors());
            }
        }
    }
}

#[test]
fn a_cell_written_by_a_callee_or_a_generator_mid_loop_gives_the_right_answer() {
    // The loop's cell `x` turns from a list into a str, written by an inlined callee
    // (`nonlocal`) and by a generator the loop resumes: the loop copy must not keep
    // assuming a list.
    let src = "def f(n):\n    x = [1, 2, 3]\n    def swap(i):\n        nonlocal x\n        if i == n // 2:\n            x = 'abc'\n    def back():\n        nonlocal x\n        while True:\n            yield 0\n            x = [7, 8]\n    out = []\n    g = back()\n    for i in range(n):\n        out.append(x[0])\n        swap(i)\n        if i > 3 * n // 4:\n            next(g)\n    return out[0], out[n // 2 + 1], out[-1], len(out)\nprint(f(400))\n";
    run_both(src, 16, "(1, 'a', 7, 400)\n");
    run_both(src, 1, "(1, 'a', 7, 400)\n");
    // The same trace stores the cell (in the inlined callee) and then uses it: an int
    // until half-way, then a float.
    let src = "def f(n):\n    x = 1\n    vals = [1] * (n // 2) + [0.5] * (n // 2)\n    def swap(i):\n        nonlocal x\n        x = vals[i]\n    t = 0\n    for i in range(n):\n        t = t + x\n        swap(i)\n    return t\nprint(f(400))\n";
    run_both(src, 16, "300.5\n");
    run_both(src, 1, "300.5\n");
}

#[test]
fn a_float_attribute_is_typed_by_what_its_slot_has_held() {
    // Every `x` stored so far is a float: on an instance proven of `P`'s version, `p.x`
    // is a float, and the product's guard goes from the loop copy.
    let src = "class P:\n    def __init__(self, x):\n        self.x = x\n\ndef f(ps, n):\n    t = 0.0\n    for i in range(n):\n        p = ps[i % 4]\n        t = t + p.x * 2.0\n    return t\n\nprint(f([P(0.5), P(1.5), P(2.5), P(3.5)], 1000))\n";
    let vm = run_both(src, 16, "4000.0\n");
    let roots = roots_in(&vm, "f");
    assert!(!roots.is_empty(), "{}", vm.dump_executors());
    for r in &roots {
        let body = loop_uops(r);
        assert!(
            !body.contains(&Uop::_GUARD_NUMBERS_ONE_FLOAT),
            "{}",
            vm.dump_executors()
        );
    }
}

#[test]
fn an_int_stored_into_a_float_slot_mid_loop_gives_the_right_answer() {
    // The store widens the slot from inside the traced loop: the specialized store leaves
    // for the generic path, which gives the class a new version and so invalidates the
    // executor that typed `p.x` as a float.
    let src = "class P:\n    def __init__(self, x):\n        self.x = x\n\ndef f(ps, n):\n    t = 0.0\n    for i in range(n):\n        p = ps[i % 4]\n        t = t + p.x * 2.0\n        if i == n // 2:\n            p.x = 7\n    return t\n\nprint(f([P(0.5), P(1.5), P(2.5), P(3.5)], 1000))\n";
    let vm = run_both(src, 16, "5612.0\n");
    let s = vm.tier2_stats().expect("stats");
    assert!(s.invalidations >= 1, "{}", s.report());
    run_both(src, 1, "5612.0\n");
    // The same through `setattr` and a subclass sharing the layout.
    let src = "class P:\n    def __init__(self, x):\n        self.x = x\n\nclass Q(P):\n    pass\n\ndef f(ps, n):\n    t = 0.0\n    for i in range(n):\n        p = ps[i % 2]\n        t = t + p.x * 2.0\n        if i == n // 2:\n            setattr(ps[0], 'x', 7)\n            ps[1].x = 1\n    return t\n\nprint(f([P(0.5), Q(1.5)], 1000))\n";
    run_both(src, 16, "4987.0\n");
    run_both(src, 1, "4987.0\n");
    // An int slot turning into a float, stored from inside the trace on every iteration
    // (the int comparison reads its operands unchecked).
    let src = "class P:\n    def __init__(self, n):\n        self.n = n\n\ndef f(ps, vals, m):\n    t = 0\n    for i in range(m):\n        p = ps[i % 4]\n        if p.n < 3:\n            t += 1\n        p.n = vals[i]\n    return t\n\nvals = [1, 2, 3, 4] * 125 + [0.5] * 500\nprint(f([P(1), P(2), P(3), P(4)], vals, 1000))\n";
    let vm = run_both(src, 16, "748\n");
    let s = vm.tier2_stats().expect("stats");
    assert!(
        s.invalidations >= 1,
        "the widening store must invalidate the loop's executor:\n{}",
        s.report()
    );
    run_both(src, 1, "748\n");
}

#[test]
fn iterator_guards_go_from_the_loop_copy() {
    // The iterator lives on the stack at the loop top: the preamble checks its type once.
    let src = "def f(xs):\n    s = 0\n    for x in xs:\n        s = s + x\n    return s\nprint(f(list(range(1000))), f(tuple(range(1000))))\n";
    let vm = run_both(src, 16, "499500 499500\n");
    let roots = roots_in(&vm, "f");
    assert!(!roots.is_empty(), "{}", vm.dump_executors());
    for r in &roots {
        let body = loop_uops(r);
        for g in [Uop::_GUARD_ITER_LIST, Uop::_GUARD_ITER_TUPLE] {
            assert!(!body.contains(&g), "{g:?}: {}", vm.dump_executors());
        }
    }
    let s = vm.tier2_stats().expect("stats");
    assert!(s.guards_removed > 900, "{}", s.report());
}

#[test]
fn the_range_iterator_guard_goes_from_the_loop_copy() {
    let src = "def f(n):\n    s = 0\n    for i in range(n):\n        s = s + i\n    return s\nprint(f(1000))\n";
    let vm = run_both(src, 16, "499500\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let body = loop_uops(&roots[0]);
    assert!(
        !body.contains(&Uop::_GUARD_ITER_RANGE),
        "{}",
        vm.dump_executors()
    );
    assert!(
        body.contains(&Uop::_FOR_ITER_RANGE_SMALL),
        "{}",
        vm.dump_executors()
    );
}

#[test]
fn iter_of_a_proven_list_is_a_list_iterator() {
    // `ys` is built in the trace (a list display): the inner loop's iterator guard goes.
    let src = "def f(n):\n    s = 0\n    for i in range(n):\n        ys = [i, i + 1, i + 2]\n        for y in ys:\n            s = s + y\n    return s\nprint(f(500))\n";
    let vm = run_both(
        src,
        16,
        &format!("{}\n", (0..500i64).map(|i| 3 * i + 3).sum::<i64>()),
    );
    let mut seen = 0;
    for e in vm.executors() {
        let u: Vec<Uop> = e.uops.iter().map(|u| u.uop).collect();
        let Some(g) = u.iter().position(|x| *x == Uop::_GET_ITER) else {
            continue;
        };
        let f = g + u[g..]
            .iter()
            .position(|x| *x == Uop::_FOR_ITER_LIST)
            .expect("a loop");
        assert!(
            !u[g..f].contains(&Uop::_GUARD_ITER_LIST),
            "{}",
            vm.dump_executors()
        );
        seen += 1;
    }
    assert!(seen > 0, "{}", vm.dump_executors());
}

#[test]
fn list_slices_with_int_bounds_run_no_code() {
    // Slicing a proven list with int bounds runs no Python code: no validity check after it.
    let src = "def f(xs, n):\n    s = 0\n    for i in range(n):\n        s = s + xs[0]\n        ys = xs[1:i % 5]\n        ys[0:1] = xs[2:3]\n        s = s + len(ys)\n    return s\nprint(f([1, 2, 3, 4, 5, 6], 1000))\n";
    let want: usize = (0..1000)
        .map(|i| 1 + 1.max((i % 5usize).saturating_sub(1)))
        .sum();
    let vm = run_both(src, 16, &format!("{want}\n"));
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let body = loop_uops(&roots[0]);
    assert!(
        body.contains(&Uop::_BINARY_SLICE),
        "{}",
        vm.dump_executors()
    );
    assert!(
        !body.contains(&Uop::_CHECK_VALIDITY),
        "{}",
        vm.dump_executors()
    );
}

#[test]
fn a_slice_bound_turning_into_an_object_mid_loop_gives_the_right_answer() {
    // `__index__` runs Python code (here it rebinds a global the trace reads).
    let src = "K = 1\nclass I:\n    def __index__(self):\n        global K\n        K = 2\n        return 3\ndef f(xs, n):\n    s = 0\n    b = 2\n    for i in range(n):\n        s = s + len(xs[:b]) + K\n        if i == 600:\n            b = I()\n    return s\nprint(f([1, 2, 3, 4, 5, 6], 1000))\n";
    let want = 601 * 3 + 399 * 5;
    run_both(src, 16, &format!("{want}\n"));
}

#[test]
fn attribute_guards_go_once_the_class_version_is_proven() {
    let src = "class P:\n    def __init__(self, x, y):\n        self.x = x\n        self.y = y\ndef f(p, n):\n    s = 0\n    for i in range(n):\n        s = s + p.x + p.y\n        p.x = p.y + i\n    return s\nprint(f(P(1, 2), 1000))\n";
    let want = {
        let (mut x, y, mut s) = (1i64, 2i64, 0i64);
        for i in 0..1000 {
            s += x + y;
            x = y + i;
        }
        format!("{s}\n")
    };
    let vm = run_both(src, 16, &want);
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let body = loop_uops(&roots[0]);
    for g in [
        Uop::_GUARD_INSTANCE_SLOT,
        Uop::_GUARD_INSTANCE_SLOT_STORE,
        Uop::_GUARD_TYPE_VERSION,
    ] {
        assert!(!body.contains(&g), "{g:?}: {}", vm.dump_executors());
    }
    assert!(
        body.contains(&Uop::_LOAD_ATTR_SLOT),
        "{}",
        vm.dump_executors()
    );
}

/// Two subclasses of one base share its layout: `bump` only ever sees `A` instances, `get`
/// sees both. Prints the sum of the fields after `n` rounds.
const SIBLINGS: &str = "class Base:\n    def __init__(self):\n        self.x = 1\n        self.y = 2\nclass A(Base):\n    pass\nclass B(Base):\n    pass\ndef bump(p, n):\n    for i in range(n):\n        p.x = p.x + p.y\n        p.y = p.x - p.y\n    return p\ndef get(ps, n):\n    s = 0\n    for i in range(n):\n        for p in ps:\n            s = s + p.x + p.y\n    return s\n";

#[test]
fn an_attribute_site_that_saw_one_subclass_gets_the_strict_guard() {
    // `bump`'s sites have only passed for `A`: the first guard on `p` becomes the strict
    // class guard and proves the others. `get`'s sites saw `A` and `B` and stay
    // polymorphic (a strict guard would leave the trace for every other class): shape
    // guards (`tests/shapes.rs`).
    let src = format!("{SIBLINGS}a = bump(A(), 30)\nprint(a.x % 1000, a.y % 1000)\nprint(get([A(), B(), A()], 200))\n");
    let (mut x, mut y) = (1u64, 2u64);
    for _ in 0..30 {
        x += y;
        y = x - y;
    }
    let want = format!("{} {}\n{}\n", x % 1000, y % 1000, 200 * 9);
    let vm = run_both(&src, 8, &want);
    let bump = roots_in(&vm, "bump");
    assert_eq!(bump.len(), 1, "{}", vm.dump_executors());
    let body = loop_uops(&bump[0]);
    for g in [
        Uop::_GUARD_INSTANCE_SLOT,
        Uop::_GUARD_INSTANCE_SLOT_STORE,
        Uop::_GUARD_TYPE_VERSION,
    ] {
        assert!(!body.contains(&g), "{g:?}: {}", vm.dump_executors());
    }
    assert!(!roots_in(&vm, "get").is_empty(), "{}", vm.dump_executors());
    let all = uops_of(&vm, "get");
    assert!(all.contains(&Uop::_GUARD_SHAPE), "{}", vm.dump_executors());
    assert!(
        !all.contains(&Uop::_GUARD_TYPE_VERSION),
        "{}",
        vm.dump_executors()
    );
}

#[test]
fn a_sibling_instance_at_a_strict_site_gives_the_right_answer() {
    // `bump` is traced on `A` only (a monomorphic site), then called on a `B`: the strict
    // guard leaves the trace, and the result is exact.
    let src = format!("{SIBLINGS}a = bump(A(), 40)\nb = bump(B(), 40)\nprint(a.x == b.x, a.y == b.y, a.x % 1000)\n");
    let (mut x, mut y) = (1u64, 2u64);
    for _ in 0..40 {
        x += y;
        y = x - y;
    }
    run_both(&src, 8, &format!("True True {}\n", x % 1000));
}

#[test]
fn an_inlined_call_has_no_safe_point_of_its_own() {
    // The callee's entry safe point goes; the loop's back-edge keeps the loop's.
    let src = "def add(a, b):\n    return a + b\ndef f(n):\n    s = 0\n    for i in range(n):\n        s = add(s, i)\n    return s\nprint(f(1000))\n";
    let vm = run_both(src, 16, &format!("{}\n", 999 * 1000 / 2));
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let e = &roots[0];
    let safe_points = |f: &dyn Fn(&vm_core::exec::ir::UopInst) -> bool| {
        e.uops
            .iter()
            .filter(|u| matches!(u.uop, Uop::_CHECK_PERIODIC | Uop::_CHECK_PERIODIC_EXIT) && f(u))
            .count()
    };
    assert!(
        e.uops.iter().any(|u| u.code != 0),
        "add is inlined: {}",
        vm.dump_executors()
    );
    assert_eq!(safe_points(&|u| u.code != 0), 0, "{}", vm.dump_executors());
    assert!(
        safe_points(&|u| u.code == 0) >= 1,
        "{}",
        vm.dump_executors()
    );
}

#[test]
fn a_class_attribute_rebinding_mid_loop_gives_the_right_answer() {
    // A property shadowing the instance attribute is added to the class while the trace
    // runs (from a function the loop calls): the trace must not read the slot after it.
    let src = "class P:\n    def __init__(self):\n        self.x = 1\ndef g():\n    P.x = property(lambda self: 100)\ndef f(p, n):\n    s = 0\n    for i in range(n):\n        s = s + p.x\n        if i == 600:\n            g()\n        s = s + p.x\n    return s\nprint(f(P(), 1000))\n";
    let want = 600 * 2 + 101 + 399 * 200;
    let vm = run_both(src, 16, &format!("{want}\n"));
    let s = vm.tier2_stats().expect("stats");
    assert!(s.invalidations >= 1, "{}", s.report());
}

#[test]
fn an_instance_of_another_class_mid_loop_gives_the_right_answer() {
    // Same layout, another class: the strict guard leaves, the polymorphic one passes.
    let src = "class A:\n    def __init__(self):\n        self.x = 1\nclass B:\n    def __init__(self):\n        self.x = 2\ndef f(n):\n    p = A()\n    s = 0\n    for i in range(n):\n        s = s + p.x\n        if i == 500:\n            p = B()\n    return s\nprint(f(1000))\n";
    run_both(src, 16, &format!("{}\n", 501 + 499 * 2));
}

#[test]
fn a_method_call_on_a_proven_instance_has_no_class_guard_in_its_loop() {
    // The method load proves `p`'s class in the preamble; in the loop copy it only checks
    // the layout length, and the callee's `self.x` (its `self` is `p`) has no guard.
    let src = "class P:\n    def __init__(self):\n        self.x = 1\n    def get(self):\n        return self.x\ndef f(p, n):\n    s = 0\n    for i in range(n):\n        s = s + p.get()\n    return s\nprint(f(P(), 1000))\n";
    let vm = run_both(src, 16, "1000\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let body = loop_uops(&roots[0]);
    assert!(
        body.contains(&Uop::_LOAD_ATTR_METHOD_LAYOUT),
        "{}",
        vm.dump_executors()
    );
    for g in [
        Uop::_GUARD_INSTANCE_SLOT,
        Uop::_GUARD_TYPE_VERSION,
        Uop::_LOAD_ATTR_INSTANCE_METHOD,
        Uop::_LOAD_ATTR_METHOD_VERSION,
    ] {
        assert!(!body.contains(&g), "{g:?}: {}", vm.dump_executors());
    }
}

#[test]
fn a_method_rebinding_mid_loop_gives_the_right_answer() {
    let src = "class P:\n    def __init__(self):\n        self.x = 1\n    def get(self):\n        return self.x\ndef other(self):\n    return 10\ndef g():\n    P.get = other\ndef f(p, n):\n    s = 0\n    for i in range(n):\n        s = s + p.get()\n        if i == 600:\n            g()\n    return s\nprint(f(P(), 1000))\n";
    run_both(src, 16, &format!("{}\n", 601 + 399 * 10));
}

#[test]
fn validity_checks_stay_only_where_a_class_fact_needs_them() {
    // `sorted` with a key runs Python code. With only ints known, nothing the optimizer assumed can be
    // invalidated, so no check follows it; with `p`'s class proven, one does. (The plain
    // loop reads no global: a promoted global after code that may run gets a check, see
    // tests/promote.rs.)
    let plain = "def k(x):\n    return x\ndef f(n, srt, key):\n    s = 0\n    for i in range(n):\n        srt([i], key=key)\n        s = s + i\n    return s\nprint(f(1000, sorted, k))\n";
    let vm = run_both(plain, 16, "499500\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    assert!(
        !loop_uops(&roots[0]).contains(&Uop::_CHECK_VALIDITY),
        "{}",
        vm.dump_executors()
    );
    let classy = "class P:\n    def __init__(self):\n        self.x = 1\ndef k(x):\n    return x\ndef f(p, n):\n    s = 0\n    for i in range(n):\n        s = s + p.x\n        sorted([i], key=k)\n        s = s + p.x\n    return s\nprint(f(P(), 1000))\n";
    let vm = run_both(classy, 16, "2000\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    assert!(
        loop_uops(&roots[0]).contains(&Uop::_CHECK_VALIDITY),
        "{}",
        vm.dump_executors()
    );
}

#[test]
fn identity_tests_give_bools() {
    let src = "def f(xs, n):\n    s = 0\n    for i in range(n):\n        b = xs is None\n        c = not b\n        if c:\n            s = s + 1\n    return s\nprint(f([], 1000))\n";
    let vm = run_both(src, 16, "1000\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    assert!(
        !loop_uops(&roots[0]).contains(&Uop::_TO_BOOL_BOOL),
        "{}",
        vm.dump_executors()
    );
}

#[test]
fn dump_shows_traces_before_and_after() {
    let src = "def f(n):\n    s = 0\n    for i in range(n):\n        s = s + i + i\n    return s\nprint(f(100))\n";
    let mut c = config(16, true);
    c.log_traces = true;
    let (mut vm, out) = run_with(c, src);
    assert_eq!(out, "9900\n");
    let log = vm.take_trace_log();
    assert!(log.contains("trace as recorded f"), "{log}");
    assert!(log.contains("trace optimized f"), "{log}");
}

// -- Fuzzing: perturbed traces ------------------------------------------------------------

/// xorshift64*: a deterministic PRNG for the perturbations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn copy_of(b: &ExecutorBuilder) -> ExecutorBuilder {
    ExecutorBuilder {
        body: b.body.clone(),
        stubs: b.stubs.clone(),
        codes: b
            .codes
            .iter()
            .map(|tc| TraceCode {
                code: tc.code.clone(),
                caches: tc.caches.iter().map(|c| Cell::new(c.get())).collect(),
            })
            .collect(),
        deps: b.deps.clone(),
        first_len: b.first_len,
        removed_guards: Vec::new(),
        consts: b.consts.clone(),
        entry: b.entry.clone(),
        exit_facts: Vec::new(),
        loop_entry: None,
        shape_depths: b.shape_depths.clone(),
    }
}

/// Drops, duplicates or swaps guards, or points a constant load at another constant.
fn perturb(b: &mut ExecutorBuilder, rng: &mut Rng) {
    let n = b.body.len();
    if n < 2 {
        return;
    }
    for _ in 0..1 + rng.below(3) {
        let i = rng.below(n - 1);
        let len = b.body.len();
        if i + 1 >= len {
            continue;
        }
        let guardish = |u: Uop| vm_core::exec::ir::is_guard(u) || u == Uop::_CHECK_VALIDITY;
        match rng.below(4) {
            0 if guardish(b.body[i].uop) => {
                b.body.remove(i);
            }
            1 if guardish(b.body[i].uop) => {
                let u = b.body[i].clone();
                b.body.insert(i, u);
            }
            2 => b.body.swap(i, i + 1),
            _ => {
                if matches!(b.body[i].uop, Uop::_LOAD_CONST) {
                    let nconsts = b.codes[b.body[i].code as usize].code.consts.len();
                    b.body[i].oparg = rng.below(nconsts) as u32;
                }
            }
        }
    }
}

/// The `Optimizer` methods of a test optimizer that wraps `inner` (a `TraceOptimizer`) and
/// only changes what it does with finished traces.
macro_rules! delegate_to_inner {
    ($name:literal) => {
        fn name(&self) -> &'static str {
            $name
        }
        fn optimization_cost(&self) -> u32 {
            self.inner.optimization_cost()
        }
        fn run_cost(&self) -> u32 {
            self.inner.run_cost()
        }
        fn compile(&mut self, vm: &mut Vm, hot: &HotSpot<'_>) -> Compiled {
            self.inner.compile(vm, hot)
        }
    };
}

/// Records traces as usual; for each one, optimizes perturbed copies and notes what the
/// checker said; the executor itself is the recorded trace, optimized as usual.
struct Fuzzer {
    rng: Rng,
    inner: TraceOptimizer,
    tried: Rc<Cell<u32>>,
    failures: Rc<RefCell<Vec<String>>>,
}

impl Optimizer for Fuzzer {
    delegate_to_inner!("fuzz");
    fn finish_trace(
        &mut self,
        vm: &mut Vm,
        trace: ExecutorBuilder,
    ) -> Result<ExecutorBuilder, &'static str> {
        for _ in 0..20 {
            let mut copy = copy_of(&trace);
            perturb(&mut copy, &mut self.rng);
            let before = copy.body.len();
            self.tried.set(self.tried.get() + 1);
            match vm_core::opt::try_optimize(vm, &mut copy) {
                Ok(_) => {}
                Err(e) => self
                    .failures
                    .borrow_mut()
                    .push(format!("{e} ({before} uops)")),
            }
        }
        self.inner.finish_trace(vm, trace)
    }
}

#[test]
fn perturbed_traces_pass_the_checker_or_are_refused() {
    let programs = [
        "def f(n):\n    s = 0\n    for i in range(n):\n        s = s + i * 2 - 1\n        if s % 3 == 0:\n            s += 1\n    return s\nprint(f(300))\n",
        "def g(x, y):\n    return x * y + 0.5\ndef f(n):\n    t = 0.0\n    for i in range(n):\n        t = t + g(1.5, t) - i\n        t = t / 2.0\n    return t\nprint(f(300))\n",
        "def f(xs):\n    s = ''\n    n = 0\n    for x in xs:\n        if x > 2:\n            s = s + 'a'\n        n = n + len(xs)\n    return len(s) + n\nprint(f([1, 2, 3, 4] * 50))\n",
    ];
    let tried = Rc::new(Cell::new(0));
    let failures = Rc::new(RefCell::new(Vec::new()));
    for (k, src) in programs.iter().enumerate() {
        let (t, f) = (tried.clone(), failures.clone());
        let factory = OptimizerFactory(Rc::new(move || {
            Box::new(Fuzzer {
                rng: Rng(0x9E37_79B9_7F4A_7C15 ^ (k as u64 + 1)),
                inner: TraceOptimizer::default(),
                tried: t.clone(),
                failures: f.clone(),
            })
        }));
        let c = Config {
            hot: Some(8),
            optimizer: Some(factory),
            ..Config::default()
        };
        let (_, out) = run_with(c, src);
        let (_, want) = run_with(
            Config {
                tier: 1,
                ..Config::default()
            },
            src,
        );
        assert_eq!(out, want);
    }
    assert!(tried.get() >= 40, "only {} perturbed traces", tried.get());
    assert!(failures.borrow().is_empty(), "{:?}", failures.borrow());
}

/// Captures recorded traces and checks that the checker rejects broken "optimizations" of
/// them (a removed action, a guard without exit, an exit to a wrong stub kind, a loop
/// target past the body, a changed first instruction).
struct Breaker {
    inner: TraceOptimizer,
    checked: Rc<Cell<u32>>,
    accepted_broken: Rc<RefCell<Vec<String>>>,
}

impl Optimizer for Breaker {
    delegate_to_inner!("breaker");
    fn finish_trace(
        &mut self,
        vm: &mut Vm,
        trace: ExecutorBuilder,
    ) -> Result<ExecutorBuilder, &'static str> {
        use vm_core::exec::ir::NO_EXIT;
        use vm_core::opt::check::check;
        let before = trace.body.clone();
        let first = trace.first_len as usize;
        let mut cases: Vec<(&str, ExecutorBuilder)> = Vec::new();
        // The recorded trace itself passes.
        assert_eq!(check(vm, &before, first, &trace), Ok(()));
        if let Some(i) = (first..before.len()).find(|&i| {
            matches!(
                before[i].uop,
                Uop::_LOAD_FAST | Uop::_STORE_FAST | Uop::_BINARY_OP_ADD_INT
            )
        }) {
            let mut b = copy_of(&trace);
            b.body.remove(i);
            cases.push(("removed action", b));
        }
        if let Some(i) = before
            .iter()
            .position(|u| vm_core::exec::ir::is_guard(u.uop))
        {
            let mut b = copy_of(&trace);
            b.body[i].exit = NO_EXIT;
            cases.push(("guard without exit", b));
        }
        if let Some(i) = before.iter().position(|u| u.uop == Uop::_CHECK_VALIDITY) {
            let mut b = copy_of(&trace);
            if let Some(g) = before.iter().find(|u| vm_core::exec::ir::is_guard(u.uop)) {
                b.body[i].exit = g.exit;
                cases.push(("validity check to an _EXIT_TRACE", b));
            }
        }
        if let Some(i) = before.iter().position(|u| u.uop == Uop::_JUMP_TO_TOP) {
            let mut b = copy_of(&trace);
            b.body[i].oparg = before.len() as u32 + 3;
            cases.push(("loop target past the body", b));
        }
        if first > 0 && first < before.len() {
            let mut b = copy_of(&trace);
            b.body[0].uop = Uop::_NOP;
            cases.push(("first instruction changed", b));
        }
        for (what, b) in cases {
            self.checked.set(self.checked.get() + 1);
            if check(vm, &before, first, &b).is_ok() {
                self.accepted_broken.borrow_mut().push(what.to_string());
            }
        }
        self.inner.finish_trace(vm, trace)
    }
}

#[test]
fn the_checker_rejects_broken_traces() {
    let src = "K = 3\ndef f(n):\n    s = 0\n    for i in range(n):\n        s = s + i * K\n        if s % 7 == 0:\n            s -= 1\n    return s\nprint(f(500))\n";
    let checked = Rc::new(Cell::new(0));
    let accepted = Rc::new(RefCell::new(Vec::new()));
    let (c2, a2) = (checked.clone(), accepted.clone());
    let factory = OptimizerFactory(Rc::new(move || {
        Box::new(Breaker {
            inner: TraceOptimizer::default(),
            checked: c2.clone(),
            accepted_broken: a2.clone(),
        })
    }));
    let c = Config {
        hot: Some(8),
        optimizer: Some(factory),
        ..Config::default()
    };
    run_with(c, src);
    assert!(
        checked.get() >= 4,
        "only {} broken traces tried",
        checked.get()
    );
    assert!(
        accepted.borrow().is_empty(),
        "accepted: {:?}",
        accepted.borrow()
    );
}

#[test]
fn append_and_add_on_proven_containers_lose_their_guards() {
    let src = "def f(n):\n    out = []\n    seen = set()\n    for i in range(n):\n        out.append(i)\n        seen.add(i % 7)\n    return len(out), len(seen)\nprint(f(1000))\n";
    let vm = run_both(src, 16, "(1000, 7)\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let body = loop_uops(&roots[0]);
    for gone in [Uop::_GUARD_CALL_LIST_APPEND, Uop::_GUARD_CALL_SET_ADD] {
        assert!(!body.contains(&gone), "{gone:?}\n{}", vm.dump_executors());
    }
    assert!(
        body.contains(&Uop::_CALL_LIST_APPEND),
        "{}",
        vm.dump_executors()
    );
}

#[test]
fn append_on_an_owner_that_changes_mid_loop_is_still_right() {
    // `out` is a parameter: its type is guarded, and the guard sees the other class.
    let src = "class Log:\n    def __init__(self):\n        self.n = 0\n    def append(self, x):\n        self.n += x\ndef f(a, b, n):\n    for i in range(n):\n        out = a if i < n // 2 else b\n        out.append(i)\n    return len(a), b.n\nprint(f([], Log(), 1000))\n";
    run_both(src, 16, "(500, 374750)\n");
}

#[test]
fn generator_locals_are_known_again_when_the_generator_is_resumed() {
    // `numbers`' `i` and `n` and `scale`'s `k` were checked before the yields; the loop
    // copy resumes the same generators, so only `s + x` (a product: any int) keeps its
    // guard.
    let src = "def numbers(n):\n    i = 0\n    while i < n:\n        yield i\n        i += 1\ndef scale(src, k):\n    for x in src:\n        yield x * k\ndef f(n):\n    s = 0\n    for x in scale(numbers(n), 3):\n        s = s + x\n    return s\nprint(f(1000))\n";
    let vm = run_both(src, 16, "1498500\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let body = loop_uops(&roots[0]);
    let guards = body.iter().filter(|u| **u == Uop::_GUARD_BOTH_INT).count();
    assert_eq!(guards, 1, "{}", vm.dump_executors());
    // Both resumes are of proven generators: no `_FOR_ITER_GEN` type check is left.
    assert!(
        !body.contains(&Uop::_FOR_ITER_GEN),
        "{}",
        vm.dump_executors()
    );
    assert!(
        body.contains(&Uop::_FOR_ITER_GEN_PROVEN),
        "{}",
        vm.dump_executors()
    );
    run_both(src, 1, "1498500\n");
}

#[test]
fn a_generator_local_changing_type_mid_loop_gives_the_right_answer() {
    let src = "def gen(n):\n    k = 1\n    i = 0\n    while i < n:\n        yield i * k\n        i += 1\n        if i == n // 2:\n            k = 0.5\ndef f(n):\n    s = 0\n    for x in gen(n):\n        s = s + x\n    return s\nprint(f(1000))\n";
    run_both(src, 16, "312125.0\n");
    run_both(src, 1, "312125.0\n");
}

#[test]
fn a_generator_replaced_by_another_iterator_mid_loop_gives_the_right_answer() {
    // `flat`'s inner iterator is a generator, then a list iterator, a generator again
    // and a range iterator.
    let src = "def numbers(n):\n    i = 0\n    while i < n:\n        yield i\n        i += 1\ndef flat(srcs):\n    for s in srcs:\n        for x in s:\n            yield x * 2\ndef f(n):\n    t = 0\n    for x in flat([numbers(n), [0.5] * n, numbers(n), iter(range(n))]):\n        t = t + x\n    return t\nprint(f(300))\n";
    run_both(src, 16, "269400.0\n");
    run_both(src, 1, "269400.0\n");
}

#[test]
fn a_generator_resumed_under_two_names_gives_the_right_answer() {
    // The inner loop resumes the outer loop's generator (`iter(g)` is `g`), whose `i`
    // turns into a float half-way: a state saved under one name is stale under the other.
    let src = "def numbers(n):\n    i = 0\n    while i < n:\n        yield i\n        i += 1\n        if i == n // 2:\n            i = i + 0.5\ndef f(n):\n    g = numbers(n)\n    t = 0\n    for x in g:\n        for y in g:\n            t = t + x * 1000 + y\n            if y % 5 == 0:\n                break\n    return t\nprint(f(600))\n";
    run_both(src, 16, "124310941.0\n");
    run_both(src, 1, "124310941.0\n");
}

#[test]
fn list_pop_on_a_proven_list_keeps_generator_facts() {
    // `buf.pop(0)` runs no Python code: the generators' saved states survive it.
    let src = "def numbers(n):\n    i = 0\n    while i < n:\n        yield i\n        i += 1\ndef windows(src, size):\n    buf = []\n    for x in src:\n        buf.append(x)\n        if len(buf) == size:\n            yield buf[0] + buf[-1]\n            buf.pop(0)\ndef f(n):\n    s = 0\n    for a in windows(numbers(n), 3):\n        s = s + a\n    return s\nprint(f(1000))\n";
    let vm = run_both(src, 16, "997002\n");
    let roots = roots_in(&vm, "f");
    assert!(!roots.is_empty(), "{}", vm.dump_executors());
    let body = loop_uops(&roots[0]);
    assert!(
        !body.contains(&Uop::_GUARD_BUILTIN_TYPE),
        "{}",
        vm.dump_executors()
    );
    run_both(src, 1, "997002\n");
}

#[test]
fn dropping_a_list_iterator_after_a_break_runs_no_code() {
    // `for x in xs: ... break` drops a list iterator, which runs no code: the trace from
    // the `break` (which knows `p`'s class from the loop it left) needs no validity check
    // after it for that fact.
    let src = "class P:\n    def __init__(self):\n        self.v = 2\ndef f(p, xs, n):\n    s = 0\n    for i in range(n):\n        for x in xs:\n            if x > p.v:\n                break\n        s = s + p.v\n    return s\nprint(f(P(), [1, 2, 3, 4], 500))\n";
    let vm = run_both(src, 8, "1000\n");
    let with_pop: Vec<_> = vm
        .executors()
        .into_iter()
        .filter(|e| common::name(&vm, e) == "f")
        .filter(|e| e.uops.iter().any(|u| u.uop == Uop::_POP_ITER))
        .collect();
    assert!(!with_pop.is_empty(), "{}", vm.dump_executors());
    for e in with_pop {
        let pop = e.uops.iter().position(|u| u.uop == Uop::_POP_ITER);
        let after = &e.uops[pop.map_or(0, |p| p + 1)..];
        assert!(
            !after.iter().any(|u| u.uop == Uop::_CHECK_VALIDITY),
            "{}",
            vm.dump_executors()
        );
    }
}

#[test]
fn a_side_trace_in_a_called_frame_knows_what_its_return_pushes() {
    // `ok`'s early `return False` is a side exit of the trace through `f`'s loop: the side
    // trace starts in `ok`'s frame, which its parent entered by a call, so the returned
    // constant is known to be a bool in `f` and `if ok(t):` needs no bool check there.
    let src = "def ok(k):\n    if k % 3 == 0:\n        return False\n    return k % 2 == 0\ndef f(ks, n):\n    c = 0\n    for r in range(n):\n        for k in ks:\n            if ok(k):\n                c += 1\n    return c\nprint(f([1, 2, 3, 4, 5, 6, 7, 8], 300))\n";
    let vm = run_both(src, 8, "900\n");
    let sides: Vec<_> = vm
        .executors()
        .into_iter()
        .filter(|e| e.origin != vm_core::exec::ir::Origin::Root && common::name(&vm, e) == "ok")
        .collect();
    assert!(!sides.is_empty(), "{}", vm.dump_executors());
    for e in sides {
        let returns = e.uops.iter().any(|u| u.uop == Uop::_RETURN_VALUE);
        let bool_checks = e.uops.iter().any(|u| u.uop == Uop::_TO_BOOL_BOOL);
        assert!(!(returns && bool_checks), "{}", vm.dump_executors());
    }
}
