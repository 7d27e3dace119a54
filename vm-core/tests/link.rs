//! Links between executors that carry facts (`vm_core::opt::link`): a side trace starts
//! from what its parent proved at the exit, and a trace that ends at a peeled loop's start
//! enters the loop copy when its facts prove the loop's header, and its start otherwise.

mod common;

use std::rc::Rc;

use common::{config, run_all, run_config};
use vm_core::bytecode::ops::Uop;
use vm_core::exec::ir::{Executor, ExecutorBuilder, Origin, UopInst};
use vm_core::opt::link::{FrameFacts, LoopEntry};
use vm_core::Vm;

fn sides_in(vm: &Vm, func: &str) -> Vec<Rc<Executor>> {
    vm.executors()
        .into_iter()
        .filter(|e| e.origin == Origin::Side && common::name(vm, e) == func)
        .collect()
}

/// The trace's terminal uop (before the exit stubs).
fn terminal(e: &Executor) -> &UopInst {
    e.uops
        .iter()
        .find(|u| matches!(u.uop, Uop::_EXIT_TRACE | Uop::_JUMP_TO_TOP))
        .expect("a terminal uop")
}

#[test]
fn a_side_trace_starts_from_its_parents_facts_and_enters_the_loop_copy() {
    // The loop subscripts `xs` before the branch, and both ways again: the root proves it
    // a list (in the preamble and the loop copy, which share their exit stubs), and the
    // side trace (the other way) inherits that, then ends back at the loop's start with
    // everything the loop copy assumes.
    let src = "def f(xs, n):\n    t = 0\n    for i in range(n):\n        t += xs[0]\n        if i % 3 == 0:\n            t += xs[1]\n        else:\n            t -= xs[2]\n    return t\nprint(f([5, 7, 11, 13], 3000))\n";
    let vm = run_all(src, "0\n");
    let sides = sides_in(&vm, "f");
    assert!(!sides.is_empty(), "{}", vm.dump_executors());
    for e in &sides {
        assert!(
            e.uops.iter().all(|u| u.uop != Uop::_GUARD_NOS_LIST),
            "the side trace re-checks the list its parent proved:\n{}",
            vm.dump_executors()
        );
        assert_ne!(terminal(e).expect, 0, "{}", vm.dump_executors());
    }
    let s = vm.tier2_stats().expect("stats");
    assert!(
        s.loop_links > 500,
        "{} links into the loop copy",
        s.loop_links
    );
}

#[test]
fn a_trace_that_breaks_the_header_enters_at_the_start() {
    // The loop copy assumes `x` is a small int (the recorded way stores one); the rare
    // way stores a float, so its side trace cannot enter the copy and runs the preamble.
    let src = "def g(n):\n    t = 0.0\n    x = 1\n    for i in range(n):\n        if i % 50 == 7:\n            x = 0.5\n        else:\n            x = i + 1\n        t += x * 2\n    return t\nprint(g(2000))\n";
    let vm = run_all(src, "3923400.0\n");
    let sides = sides_in(&vm, "g");
    let float_side = sides
        .iter()
        .find(|e| {
            e.uops.windows(2).any(|w| {
                w[0].uop == Uop::_LOAD_CONST && w[1].uop == Uop::_STORE_FAST && w[1].oparg == 2
            })
        })
        .expect("the side trace of `x = 0.5`");
    let root = common::roots_in(&vm, "g");
    let header_wants_int = root.iter().any(|r| {
        r.loop_entry
            .as_ref()
            .is_some_and(|l| l.facts.locals.get(2) == Some(&vm_core::opt::symbol::Ty::SmallInt))
    });
    assert!(header_wants_int, "{}", vm.dump_executors());
    assert_eq!(
        terminal(float_side).expect,
        0,
        "a float in `x` cannot enter a copy that assumes an int:\n{}",
        vm.dump_executors()
    );
}

#[test]
fn a_loop_top_that_is_no_loop_is_refused() {
    let src = "def f():\n    s = 0\n    for i in range(1000):\n        s += i\n    return s\nprint(f())\n";
    let (vm, out) = run_config(config(16, true), src);
    assert_eq!(out, "499500\n");
    let old = common::roots_in(&vm, "f").pop().expect("an executor for f");
    assert!(old.well_formed());
    assert_ne!(
        old.loop_top,
        1,
        "a peeled loop has a copy:\n{}",
        vm.dump_executors()
    );
    let mut b = ExecutorBuilder::new(old.codes[0].code.clone());
    b.body
        .push(UopInst::new(Uop::_NOP, 0, 0, old.start, old.start));
    b.body
        .push(UopInst::new(Uop::_EXIT_TRACE, 0, 0, old.start, old.start));
    b.first_len = 1;
    b.loop_entry = Some(LoopEntry {
        top: 1,
        facts: FrameFacts::default(),
        globals: Box::default(),
        builtins: Box::default(),
        cells: Box::default(),
    });
    let e = b.build(Origin::External, old.start, 0);
    assert_eq!(e.loop_top, 2);
    assert!(!e.well_formed(), "no `_JUMP_TO_TOP` goes to uop 2");
}
