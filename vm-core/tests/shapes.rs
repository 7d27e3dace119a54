//! Shape guards (`vm_core::object::shape`, the optimizer's polymorphic attribute rule):
//! at a site that sees several classes sharing a layout prefix, one guard per value proves
//! every slot of the prefix, loads are typed by what all those classes stored, and a
//! store that breaks that typing invalidates the executors relying on it.

mod common;

use common::{loop_body, roots_in, run_both, uops_of};
use vm_core::bytecode::ops::Uop;

/// Three classes whose `__init__` runs the base's first: they share the base's four slots
/// (`a`, `b`, `on`, `n`) and differ after them.
const TASKS: &str = "class T:\n    def __init__(self, n):\n        self.a = n\n        self.b = n + 1\n        self.on = n % 2 == 0\n        self.n = 0\nclass X(T):\n    def __init__(self, n):\n        T.__init__(self, n)\n        self.x = 1\nclass Y(T):\n    def __init__(self, n):\n        T.__init__(self, n)\n        self.y = 2.5\n        self.z = 3\nclass Z(T):\n    pass\ndef scan(ts, rounds):\n    s = 0\n    for r in range(rounds):\n        for t in ts:\n            if t.on:\n                s = s + t.a + t.b\n            t.n = t.n + 1\n    return s\n";

#[test]
fn one_shape_guard_proves_the_shared_slots_of_sibling_classes() {
    let src = format!(
        "{TASKS}ts = [X(0), Y(1), Z(2), X(3), Y(4)]\nprint(scan(ts, 300))\nprint(sum(t.n for t in ts))\n"
    );
    // Even n: X(0) gives 0 + 1, Z(2) 2 + 3, Y(4) 4 + 5.
    let want = format!("{}\n1500\n", 300 * 15);
    let vm = run_both(&src, 8, &want);
    let all = uops_of(&vm, "scan");
    assert!(all.contains(&Uop::_GUARD_SHAPE), "{}", vm.dump_executors());
    for g in [
        Uop::_GUARD_INSTANCE_SLOT,
        Uop::_GUARD_INSTANCE_SLOT_STORE,
        Uop::_GUARD_TYPE_VERSION,
    ] {
        assert!(!all.contains(&g), "{g:?}: {}", vm.dump_executors());
    }
    // Each value of `t` has its shape checked once: the later slots of the prefix (and
    // `n`, past the first guard's slot, by deepening it) need no guard.
    for e in roots_in(&vm, "scan") {
        let count = |uop| e.uops.iter().filter(|u| u.uop == uop).count();
        assert!(
            count(Uop::_GUARD_SHAPE) <= count(Uop::_FOR_ITER_LIST),
            "{}",
            vm.dump_executors()
        );
    }
    // `on` held only bools in every class: its test in the inner loop needs no bool
    // check (where the executor is known valid: no code ran since its entry).
    let inner: Vec<_> = roots_in(&vm, "scan")
        .into_iter()
        .filter(|e| e.uops.iter().any(|u| u.uop == Uop::_JUMP_TO_TOP))
        .collect();
    assert!(!inner.is_empty(), "{}", vm.dump_executors());
    for e in inner {
        let body: Vec<Uop> = loop_body(&e).iter().map(|u| u.uop).collect();
        assert!(
            !body.contains(&Uop::_TO_BOOL_BOOL),
            "{}",
            vm.dump_executors()
        );
        assert!(
            !body.contains(&Uop::_GUARD_BOTH_INT),
            "{}",
            vm.dump_executors()
        );
    }
    let s = vm.tier2_stats().expect("stats");
    assert!(s.guards_removed > 3000, "{}", s.report());
}

#[test]
fn a_store_that_widens_a_shared_slot_kind_invalidates_and_stays_exact() {
    // `on` is typed bool by every class's stores until an instance of a class made after
    // the traces (so none of them depends on it) stores the int 3 there (truthy, not
    // `True`): the executors typed by the shared prefix go, and the count includes it.
    let src = format!(
        "{TASKS}ts = [X(0), Y(1), Z(2), X(3), Y(4)]\nprint(scan(ts, 200))\nclass W(T):\n    def __init__(self, n):\n        T.__init__(self, n)\n        self.on = 3\nts.append(W(5))\nprint(scan(ts, 200))\n"
    );
    let want = format!("{}\n{}\n", 200 * 15, 200 * (15 + 5 + 6));
    let vm = run_both(&src, 8, &want);
    let s = vm.tier2_stats().expect("stats");
    assert!(s.invalidations > 0, "{}", s.report());
}

#[test]
fn an_instance_given_a_dict_mid_loop_leaves_the_shape_guard() {
    // A `__dict__` access moves the instance's attributes into a dict: the shape guard
    // no longer passes for it, and the loads take the generic path.
    let src = format!(
        "{TASKS}ts = [X(0), Y(1), Z(2), X(3), Y(4)]\nprint(scan(ts, 200))\nd = ts[0].__dict__\nd['a'] = 100\nprint(scan(ts, 200))\n"
    );
    let want = format!("{}\n{}\n", 200 * 15, 200 * (15 + 100));
    run_both(&src, 8, &want);
}

#[test]
fn a_property_added_to_the_base_mid_run_is_honoured() {
    // A property on the base makes attribute access not plain: the shape guard leaves,
    // and `t.b` runs the property.
    let src = format!(
        "{TASKS}ts = [X(0), Y(1), Z(2), X(3), Y(4)]\nprint(scan(ts, 200))\nT.b = property(lambda self: 1000)\nprint(scan(ts, 200))\n"
    );
    let want = format!("{}\n{}\n", 200 * 15, 200 * (2 + 4 + 3 * 1000));
    run_both(&src, 8, &want);
}

#[test]
fn a_site_whose_class_changed_version_stays_monomorphic() {
    // `next` held None, then a node: the slot kind widens and `Node` gets a new version
    // after `walk`'s sites were specialized. The sites take the new version (same class)
    // instead of turning polymorphic, so the trace proves `Node` with a strict guard.
    let src = "class Node:\n    def __init__(self):\n        self.next = None\n        self.v = 1\ndef walk(h, n):\n    s = 0\n    for i in range(n):\n        p = h\n        while p is not None:\n            s = s + p.v\n            p = p.next\n    return s\na = Node()\nprint(walk(a, 5))\nb = Node()\na.next = b\nprint(walk(a, 300))\n";
    let vm = run_both(src, 8, "5\n600\n");
    let all = uops_of(&vm, "walk");
    assert!(
        all.contains(&Uop::_GUARD_TYPE_VERSION),
        "{}",
        vm.dump_executors()
    );
    assert!(!all.contains(&Uop::_GUARD_SHAPE), "{}", vm.dump_executors());
}

#[test]
fn a_class_with_its_own_setattr_leaves_the_shape_guard() {
    // `W` shares the prefix but intercepts stores: made after the traces (none depends on
    // it), its instances must still run `__setattr__` for `t.n = ...`.
    let src = format!(
        "{TASKS}ts = [X(0), Y(1), Z(2), X(3), Y(4)]\nprint(scan(ts, 200))\ncalls = 0\nclass W(T):\n    def __setattr__(self, k, v):\n        global calls\n        calls = calls + 1\n        object.__setattr__(self, k, v)\nw = W(6)\ncalls = 0\nts.append(w)\nprint(scan(ts, 200), calls, w.n)\n"
    );
    let want = format!("{}\n{} 200 200\n", 200 * 15, 200 * (15 + 13));
    run_both(&src, 8, &want);
}
