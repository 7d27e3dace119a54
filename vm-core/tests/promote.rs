//! Globals and builtins promoted to executor constants (`vm_core::opt::promote`): the
//! loads and their version guards leave the trace, and every way of changing the binding
//! (a store from the loop itself, from a called function, `del`, `dict.pop`,
//! `dict.popitem`, `dict.clear`, shadowing a builtin) still gives CPython's result.

mod common;

use common::{loop_body, roots_in, run_all};
use vm_core::bytecode::ops::Uop;

#[test]
fn a_global_and_a_builtin_become_constants() {
    let src = "K = 3\ndef f(n):\n    t = 0\n    for i in range(n):\n        t += K + len((i,))\n    return t\nprint(f(1000))\n";
    let vm = run_all(src, "4000\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let e = &roots[0];
    let uops: Vec<Uop> = e.uops.iter().map(|u| u.uop).collect();
    assert!(
        uops.contains(&Uop::_LOAD_CONST_INLINE),
        "{}",
        vm.dump_executors()
    );
    for gone in [
        Uop::_LOAD_GLOBAL_MODULE,
        Uop::_LOAD_GLOBAL_BUILTIN,
        Uop::_GUARD_GLOBALS_VERSION,
        Uop::_GUARD_BUILTINS_VERSION,
    ] {
        assert!(
            !uops.contains(&gone),
            "{gone:?} left\n{}",
            vm.dump_executors()
        );
    }
    assert!(!e.consts.is_empty());
    assert!(e.well_formed());
}

#[test]
fn rebinding_from_the_loop_or_a_callee_is_seen() {
    let src = "K = 1\ndef bump():\n    global K\n    K = K + 1\ndef f():\n    global K\n    t = 0\n    for i in range(3000):\n        t += K\n        if i % 700 == 0:\n            K = K * 2\n        if i % 900 == 0:\n            bump()\n    return t\nprint(f(), K)\n";
    run_all(src, "50339 62\n");
}

#[test]
fn a_load_after_a_call_that_rebinds_it_is_not_a_stale_constant() {
    // The call is traced through; its store invalidates the executor, and nothing checks
    // validity after it (no fact of the forward pass needs it), so the load after it must
    // stay a load.
    let src = "K = 1\ndef bump():\n    global K\n    K += 1\ndef f():\n    t = 0\n    for i in range(3000):\n        bump()\n        t += K\n    return t\nprint(f())\n";
    run_all(src, "4504500\n");
}

#[test]
fn a_global_after_a_call_is_promoted_behind_a_validity_check() {
    // `sorted` with a key runs Python code; the forward pass keeps no check after it (none
    // of its facts needs one), so promoting `K` puts one before `K`'s instruction.
    let src = "K = 2\ndef k(x):\n    return x\ndef f(n):\n    t = 0\n    for i in range(n):\n        sorted([i], key=k)\n        t += K\n    return t\nprint(f(1000))\n";
    let vm = run_all(src, "2000\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let body = loop_body(&roots[0]);
    let dump = vm.dump_executors();
    let call = body
        .iter()
        .position(|u| u.uop == Uop::_CALL_KW)
        .unwrap_or_else(|| panic!("{dump}"));
    let k_load = call
        + body[call..]
            .iter()
            .position(|u| u.uop == Uop::_LOAD_CONST_INLINE)
            .unwrap_or_else(|| panic!("{dump}"));
    assert!(
        body[call..k_load]
            .iter()
            .any(|u| u.uop == Uop::_CHECK_VALIDITY),
        "{dump}"
    );
    assert!(
        !body
            .iter()
            .any(|u| matches!(u.uop, Uop::_LOAD_GLOBAL_MODULE | Uop::_LOAD_GLOBAL_BUILTIN)),
        "{}",
        vm.dump_executors()
    );
}

#[test]
fn deleting_or_popping_the_binding_is_seen() {
    // One fresh VM per way (a dict changed under traces again and again stops being
    // watched, and then nothing is promoted).
    for how in ["del d['X']", "d.pop('X')", "d.popitem()"] {
        let src = format!(
            "def f(d):\n    t = 0\n    for i in range(2000):\n        try:\n            t += X\n        except NameError:\n            t += 1000\n        if i == 1200:\n            {how}\n    return t\nX = 1\nprint(f(globals()))\n"
        );
        run_all(&src, "800201\n");
    }
}

#[test]
fn clearing_a_module_dict_is_seen() {
    // A function whose globals are a module's dict (its own `globals()`): clearing it
    // removes the binding the trace promoted.
    let src = concat!(
        "X = 5\n",
        "def f(n):\n",
        "    t = 0\n",
        "    for i in range(n):\n",
        "        try:\n",
        "            t += X\n",
        "        except NameError:\n",
        "            return t\n",
        "        if i == 900:\n",
        "            globals().clear()\n",
        "    return t\n",
        "r = f(2000)\n",
        "print(r)\n",
    );
    run_all(src, "4505\n");
}

#[test]
fn shadowing_a_builtin_is_seen() {
    let src = "def f(n):\n    t = 0\n    for i in range(n):\n        t += len('ab')\n        if i == 500:\n            globals()['len'] = lambda s: 10\n    return t\nprint(f(1000))\n";
    run_all(src, "5992\n");
}

#[test]
fn a_promoted_builtin_call_loses_its_callable_guard() {
    // `len` and `max` are promoted: the calls' checks that the callable is that builtin
    // (`_GUARD_CALL_LEN`, `_GUARD_CALL_BUILTIN`) have nothing left to check.
    let src = "def f(xs, n):\n    t = 0\n    for i in range(n):\n        t += len(xs) + max(i, 3)\n    return t\nprint(f([1, 2, 3], 1000))\n";
    let vm = run_all(src, "502506\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let body: Vec<Uop> = loop_body(&roots[0]).iter().map(|u| u.uop).collect();
    for gone in [Uop::_GUARD_CALL_LEN, Uop::_GUARD_CALL_BUILTIN] {
        assert!(!body.contains(&gone), "{gone:?}\n{}", vm.dump_executors());
    }
    assert!(body.contains(&Uop::_CALL_LEN), "{}", vm.dump_executors());
}
