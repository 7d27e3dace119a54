//! Tier 2: hot loops get executors, traces follow calls and returns, side exits warm and get
//! linked side traces, executors are invalidated exactly when what they assumed changes,
//! executors always make progress, exceptions in traces unwind as in tier 1, interrupts stop
//! loops running in traces, and an optimizer written outside the crate plugs in.

mod common;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use common::{roots_in, Shared};
use vm_core::bytecode::ops::{Op, Uop};
use vm_core::exec::api::{
    Compiled, CountingOptimizer, HotSpot, Optimizer, OptimizerFactory, Thresholds,
};
use vm_core::exec::ir::{check, Executor, ExecutorBuilder, Origin, UopInst};
use vm_core::{Config, RunError, Vm};

fn vm_with(config: Config) -> (Vm, Rc<RefCell<String>>) {
    let out = Rc::new(RefCell::new(String::new()));
    let vm = Vm::new(config, Box::new(Shared(out.clone()))).expect("VM");
    (vm, out)
}

fn hot(n: u32) -> Config {
    Config {
        stats: true,
        hot: Some(n),
        ..Config::default()
    }
}

/// Runs `src` with every threshold at `n`; returns the VM (for introspection) and stdout.
fn run_hot(src: &str, n: u32) -> (Vm, String) {
    let (mut vm, out) = vm_with(hot(n));
    if let Err(e) = vm.run_source(src, "t.py") {
        panic!("run failed: {e:?}\n{}", out.borrow());
    }
    let text = out.borrow().clone();
    (vm, text)
}

fn uops(e: &Executor) -> Vec<Uop> {
    e.uops.iter().map(|u| u.uop).collect()
}

#[test]
fn a_hot_loop_gets_an_executor_that_jumps_to_its_top() {
    let src = "def f():\n    s = 0\n    for i in range(1000):\n        s += i\n    return s\nprint(f())\n";
    let (vm, out) = run_hot(src, 16);
    assert_eq!(out, "499500\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let body: Vec<Uop> = uops(&roots[0]);
    let end = body.iter().position(|u| *u == Uop::_JUMP_TO_TOP);
    assert!(end.is_some(), "{}", vm.dump_executors());
    // The loop ran in the trace: almost every instruction executed inside it.
    let s = vm.tier2_stats().expect("stats");
    assert!(s.trace_share() > 0.9, "{}", s.report());
}

#[test]
fn a_loop_calling_a_small_function_gets_one_trace_with_the_call_and_the_return() {
    let src = "def add(a, b):\n    return a + b\n\ndef f():\n    s = 0\n    for i in range(1000):\n        s = add(s, i)\n    return s\nprint(f())\n";
    let (vm, out) = run_hot(src, 16);
    assert_eq!(out, "499500\n");
    let roots = roots_in(&vm, "f");
    assert_eq!(roots.len(), 1, "{}", vm.dump_executors());
    let e = &roots[0];
    let body = uops(e);
    assert!(
        body.contains(&Uop::_CALL_PY_EXACT_ARGS),
        "{}",
        vm.dump_executors()
    );
    assert!(
        body.contains(&Uop::_RETURN_VALUE),
        "{}",
        vm.dump_executors()
    );
    assert!(body.contains(&Uop::_JUMP_TO_TOP), "{}", vm.dump_executors());
    let codes: Vec<String> = e
        .codes
        .iter()
        .map(|c| vm.str_of(c.code.qualname).unwrap_or("?").to_string())
        .collect();
    assert_eq!(codes, ["f", "add"]);
}

#[test]
fn a_hot_side_exit_gets_a_linked_side_trace() {
    // The branch goes one way for the first 200 iterations (when the loop is traced), then
    // alternates: the guard's exit warms and grows a side trace linked to it.
    let src = "def f():\n    s = 0\n    for i in range(2000):\n        if i < 200 or i % 2 == 0:\n            s += 1\n        else:\n            s -= 1\n    return s\nprint(f())\n";
    let (vm, out) = run_hot(src, 16);
    assert_eq!(out, "200\n");
    let side: Vec<Rc<Executor>> = vm
        .executors()
        .into_iter()
        .filter(|e| e.origin == Origin::Side)
        .collect();
    assert!(!side.is_empty(), "{}", vm.dump_executors());
    let side_ids: Vec<u32> = side.iter().map(|e| e.id.get()).collect();
    let root = &roots_in(&vm, "f")[0];
    let linked = root
        .uops
        .iter()
        .any(|u| u.uop == Uop::_EXIT_TRACE && side_ids.contains(&u.link.get()));
    assert!(linked, "{}", vm.dump_executors());
    let s = vm.tier2_stats().expect("stats");
    assert!(s.side_traces >= 1 && s.exits_linked > 100, "{}", s.report());
}

#[test]
fn the_guard_and_deopt_breakdowns_add_up_to_their_totals() {
    let src = "def g(x):\n    return x + 1\ndef f():\n    s = 0\n    for i in range(3000):\n        if i % 3 == 0:\n            s += g(i)\n        else:\n            s -= g(i * 2.0)\n    return s\nprint(f())\n";
    let (vm, out) = run_hot(src, 16);
    assert_eq!(out, "-4502500.0\n");
    let s = vm.tier2_stats().expect("stats");
    assert!(s.guards_executed > 0, "{}", s.report());
    let by: u64 = s.guards_by_uop.iter().map(|x| x.1).sum();
    assert_eq!(by, s.guards_executed, "{}", s.report());
    let by: u64 = s.deopts_by.iter().map(|x| x.1).sum();
    assert_eq!(by, s.deopts, "{}", s.report());
    let (top, _) = s.guards_by_uop[0];
    assert!(s.report().contains(top), "{}", s.report());
}

/// Two functions, each with a hot loop of its own; `change` is run after both have
/// executors, and must invalidate `dependent`'s executor and only that one.
fn invalidates_only_dependents(prelude: &str, dependent_loop: &str, change: &str) {
    let src = format!(
        "{prelude}\ndef dependent():\n    t = 0\n    for i in range(300):\n{dependent_loop}\n    return t\n\ndef independent():\n    t = 0\n    for i in range(300):\n        t += i\n    return t\n\nprint(dependent(), independent())\n"
    );
    let (mut vm, out) = vm_with(hot(16));
    vm.run_source(&src, "t.py").expect("first run");
    let before = out.borrow().clone();
    let dep = roots_in(&vm, "dependent");
    let ind = roots_in(&vm, "independent");
    assert_eq!((dep.len(), ind.len()), (1, 1), "{}", vm.dump_executors());
    assert!(dep[0].valid.get() && ind[0].valid.get());
    // The independent loop runs again after the change, so the sweeper (which frees
    // executors not entered since the previous collection) keeps it.
    let change_and_run = format!("{change}_ = independent()\n");
    vm.run_source(&change_and_run, "change.py").expect("change");
    assert!(!dep[0].valid.get(), "not invalidated by {change:?}");
    assert!(
        ind[0].valid.get(),
        "{change:?} invalidated an independent executor"
    );
    let s = vm.tier2_stats().expect("stats");
    assert!(s.invalidations >= 1, "{}", s.report());
    // And the program still computes the same (a fresh trace is recorded later).
    vm.run_source("print(dependent(), independent())", "again.py")
        .expect("rerun");
    let after = out.borrow().clone();
    assert!(after.starts_with(&before));
}

#[test]
fn rebinding_a_global_invalidates_the_executors_that_read_it() {
    invalidates_only_dependents("K = 3\n", "        t += K", "K = 4\n");
}

#[test]
fn mutating_a_class_invalidates_the_executors_that_used_it() {
    invalidates_only_dependents(
        "class C:\n    def __init__(self):\n        self.v = 2\nc = C()\n",
        "        t += c.v",
        "C.extra = 1\n",
    );
}

#[test]
fn changing_a_function_code_or_defaults_invalidates_its_callers_traces() {
    let prelude = "def g(x, y=1):\n    return x + y\n";
    invalidates_only_dependents(prelude, "        t += g(i)", "g.__defaults__ = (2,)\n");
    let other = "def h(x):\n    return x * 2\n";
    let prelude2 = format!("{prelude}{other}");
    invalidates_only_dependents(&prelude2, "        t += g(i)", "g.__code__ = h.__code__\n");
}

#[test]
fn an_executor_that_runs_nothing_still_lets_the_program_progress() {
    let compiled = Rc::new(Cell::new(0));
    let c2 = compiled.clone();
    let config = Config {
        stats: true,
        hot: Some(2),
        optimizer: Some(OptimizerFactory(Rc::new(move || {
            Box::new(CountingOptimizer {
                compiled: c2.clone(),
            })
        }))),
        ..Config::default()
    };
    let (mut vm, out) = vm_with(config);
    let src =
        "def f():\n    s = 0\n    for i in range(500):\n        s += i\n    return s\nprint(f())\n";
    vm.run_source(src, "t.py").expect("run");
    assert_eq!(*out.borrow(), "124750\n");
    assert!(compiled.get() >= 1);
    let s = vm.tier2_stats().expect("stats");
    // Entered on (nearly) every iteration, each time leaving at once.
    assert!(s.executor_entries > 400, "{}", s.report());
    assert_eq!(s.instrs_in_traces, 0, "{}", s.report());
}

/// How [`Handmade`] builds an executor for a hot spot.
type Build = Rc<dyn Fn(&HotSpot<'_>) -> Executor>;

/// A third-party optimizer, written against the public API only: it builds every executor
/// with `build` (from the hot spot) and counts them in `built`.
struct Handmade {
    build: Build,
    built: Rc<Cell<u32>>,
}

impl Optimizer for Handmade {
    fn name(&self) -> &'static str {
        "handmade"
    }
    fn optimization_cost(&self) -> u32 {
        1
    }
    fn run_cost(&self) -> u32 {
        500
    }
    fn compile(&mut self, _vm: &mut Vm, hot: &HotSpot<'_>) -> Compiled {
        self.built.set(self.built.get() + 1);
        Compiled::Executor((self.build)(hot))
    }
}

/// A configuration (statistics on, every threshold at 3) whose optimizer builds its
/// executors with `build`, and the count of executors it built.
fn handmade(build: impl Fn(&HotSpot<'_>) -> Executor + 'static) -> (Config, Rc<Cell<u32>>) {
    let built = Rc::new(Cell::new(0));
    let (b2, build): (_, Build) = (built.clone(), Rc::new(build));
    let config = Config {
        stats: true,
        hot: Some(3),
        optimizer: Some(OptimizerFactory(Rc::new(move || {
            Box::new(Handmade {
                build: build.clone(),
                built: b2.clone(),
            })
        }))),
        ..Config::default()
    };
    (config, built)
}

/// An executor that starts with a guard that always fails (so its first instruction always
/// deoptimizes).
fn always_deopt(hot: &HotSpot<'_>) -> Executor {
    let mut b = ExecutorBuilder::new(hot.code.clone());
    let exit = b.stub(Uop::_EXIT_TRACE, 0, hot.offset);
    // At a loop's back-edge the top of the stack is the loop's iterator: never two ints.
    let mut guard = UopInst::new(Uop::_GUARD_BOTH_INT, 0, 0, hot.offset, hot.offset + 2);
    guard.exit = exit;
    b.body.push(guard);
    b.body
        .push(UopInst::new(Uop::_DEOPT, 0, 0, hot.offset, hot.offset));
    b.build(Origin::External, hot.offset, 0)
}

#[test]
fn an_executor_whose_first_instruction_always_deopts_still_makes_progress() {
    let (config, built) = handmade(always_deopt);
    let (mut vm, out) = vm_with(config);
    let src = "def f():\n    s = 0\n    for i in range(300):\n        for j in range(3):\n            s += j\n    return s\nprint(f())\n";
    vm.run_source(src, "t.py").expect("run");
    assert_eq!(*out.borrow(), "900\n");
    assert!(
        built.get() >= 2,
        "both loops were compiled by the external optimizer"
    );
    let s = vm.tier2_stats().expect("stats");
    assert!(s.executor_entries > 300, "{}", s.report());
}

fn traceback_of(config: Config, src: &str) -> String {
    let (mut vm, out) = vm_with(config);
    match vm.run_source(src, "deep.py") {
        Err(RunError::Exception { traceback, .. }) => format!("{}{traceback}", out.borrow()),
        other => panic!("expected an exception, got {other:?}"),
    }
}

/// The interpreter alone (the null optimizer): the reference tier 2 must match.
fn tier1() -> Config {
    Config {
        tier: 1,
        ..Config::default()
    }
}

#[test]
fn an_exception_three_calls_deep_in_a_trace_has_the_tier1_traceback() {
    let src = "def c(x):\n    return 10 // (x - 250)\n\ndef b(x):\n    return c(x) + 1\n\ndef a(x):\n    y = b(x)\n    return y\n\ndef main():\n    t = 0\n    for i in range(1000):\n        t += a(i)\n    print(t)\n\nmain()\n";
    let tier1 = traceback_of(tier1(), src);
    let tier2 = traceback_of(hot(8), src);
    assert!(tier1.contains("ZeroDivisionError"), "{tier1}");
    assert!(tier1.contains("line 2, in c"), "{tier1}");
    assert_eq!(tier1, tier2);
    // And the error really happened inside a trace that contains all three calls.
    let (mut vm, _) = vm_with(hot(8));
    let _ = vm.run_source(src, "deep.py");
    let s = vm.tier2_stats().expect("stats");
    assert!(s.instrs_in_traces > 1000, "{}", s.report());
}

/// Runs the endless `src` with an interrupt 300 ms in: it must end in `KeyboardInterrupt`,
/// having run in traces.
fn assert_interrupted_in_a_trace(src: &str) {
    let (mut vm, out) = vm_with(hot(16));
    let flag = vm.signals();
    let t = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        flag.interrupt();
    });
    let r = vm.run_source(src, "spin.py");
    t.join().expect("timer thread");
    match r {
        Err(RunError::Exception { type_name, .. }) => assert_eq!(type_name, "KeyboardInterrupt"),
        other => panic!(
            "expected KeyboardInterrupt, got {other:?}\n{}",
            out.borrow()
        ),
    }
    let s = vm.tier2_stats().expect("stats");
    assert!(s.trace_share() > 0.99, "{}", s.report());
}

#[test]
fn keyboard_interrupt_stops_an_infinite_loop_running_in_a_trace() {
    assert_interrupted_in_a_trace(
        "def spin():\n    n = 0\n    while True:\n        n += 1\nspin()\n",
    );
}

#[test]
fn keyboard_interrupt_stops_an_infinite_loop_whose_calls_lost_their_safe_points() {
    // The optimizer drops the safe point at the entry of an inlined callee: the loop's
    // back-edge keeps its own, so the interrupt is still seen.
    assert_interrupted_in_a_trace("def step(n):\n    return n + 1\ndef spin():\n    n = 0\n    while True:\n        n = step(step(n))\nspin()\n");
}

#[test]
fn thresholds_follow_the_optimizer_costs() {
    let t = Thresholds::from_costs(200, 950).expect("pays");
    assert_eq!(t.back_edge, 4001);
    assert_eq!(t.side_exit, 673);
    assert!(Thresholds::from_costs(10, 1000).is_none());
    assert_eq!(Thresholds::uniform(1).side_exit, 1);
}

#[test]
fn the_null_optimizer_never_counts_or_compiles() {
    let (mut vm, out) = vm_with(Config {
        stats: true,
        tier: 1,
        hot: Some(1),
        ..Config::default()
    });
    vm.run_source(
        "t = 0\nfor i in range(100):\n    t += i\nprint(t)\n",
        "t.py",
    )
    .expect("run");
    assert_eq!(*out.borrow(), "4950\n");
    let s = vm.tier2_stats().expect("stats");
    assert_eq!((s.traces_started, s.executors_created), (0, 0));
}

#[test]
fn an_executor_can_be_replaced_and_all_can_be_cleared() {
    let src = "def f():\n    s = 0\n    for i in range(1000):\n        s += i\n    return s\nprint(f())\n";
    let (mut vm, out) = vm_with(hot(16));
    vm.run_source(src, "t.py").expect("run");
    let old = roots_in(&vm, "f").pop().expect("an executor for f");
    // The replacement runs nothing (the interpreter then runs the instruction itself).
    let mut b = ExecutorBuilder::new(old.codes[0].code.clone());
    b.body
        .push(UopInst::new(Uop::_DEOPT, 0, 0, old.start, old.start));
    assert!(vm.replace_executor(old.id.get(), b.build(Origin::External, old.start, 0)));
    assert!(!old.valid.get());
    assert!(vm
        .executors()
        .iter()
        .any(|e| e.origin == Origin::External && e.start == old.start));
    vm.run_source("print(f())", "again.py").expect("rerun");
    assert_eq!(*out.borrow(), "499500\n499500\n");
    vm.clear_executors();
    assert_eq!(vm.executor_count(), 0);
    vm.run_source("print(f())", "again.py").expect("rerun");
    assert_eq!(*out.borrow(), "499500\n499500\n499500\n");
}

#[test]
fn the_executor_memory_limit_frees_the_coldest() {
    // Twenty functions with a hot loop each, and room for only a few executors.
    let mut src = String::new();
    for k in 0..20 {
        src.push_str(&format!(
            "def f{k}():\n    s = 0\n    for i in range(200):\n        s += i * {k}\n    return s\n"
        ));
    }
    src.push_str("print(sum(f() for f in [");
    for k in 0..20 {
        src.push_str(&format!("f{k}, "));
    }
    src.push_str("]))\n");
    let (mut vm, out) = vm_with(Config {
        stats: true,
        hot: Some(16),
        executor_memory: 4096,
        ..Config::default()
    });
    vm.run_source(&src, "many.py").expect("run");
    assert_eq!(*out.borrow(), format!("{}\n", 19900 * 190));
    let s = vm.tier2_stats().expect("stats");
    assert!(s.executors_created >= 20, "{}", s.report());
    assert!(s.evictions > 0, "{}", s.report());
    assert!(s.executor_memory <= 4096, "{}", s.report());
}

fn code_names(vm: &Vm, e: &Executor) -> Vec<String> {
    e.codes
        .iter()
        .map(|c| vm.str_of(c.code.qualname).unwrap_or("?").to_string())
        .collect()
}

#[test]
fn a_trace_goes_through_a_pipeline_of_generators() {
    // Each value the consumer takes runs one iteration of every stage's loop: one trace
    // goes through them all (each generator loop once), so the pipeline runs with few exits.
    let src = "def numbers(n):\n    i = 0\n    while i < n:\n        yield i\n        i += 1\n\ndef scale(src):\n    for x in src:\n        yield x * 3\n\ndef f(n):\n    s = 0\n    for v in scale(numbers(n)):\n        s += v\n    return s\nprint(f(20000))\n";
    let (vm, out) = run_hot(src, 16);
    assert_eq!(out, "599970000\n");
    let through = vm.executors().into_iter().any(|e| {
        let names = code_names(&vm, &e);
        ["f", "scale", "numbers"]
            .iter()
            .all(|n| names.iter().any(|x| x == n))
    });
    assert!(through, "{}", vm.dump_executors());
    let s = vm.tier2_stats().expect("stats");
    assert!(s.exits_taken < 2000, "{}", s.report());
}

#[test]
fn a_method_called_from_native_code_returns_inside_its_trace() {
    // `a[one]` calls `V.__getitem__` from the native subscript code: its function-entry trace
    // ends with the return itself (leaving the nested run loop), not with an exit before it
    // that would take the cold exit on every call.
    let src = "class V:\n    def __init__(self, x):\n        self.x = x\n    def __getitem__(self, o):\n        return V(self.x + o.x)\n\ndef f(n):\n    a = V(0)\n    one = V(1)\n    for i in range(n):\n        a = a[one]\n    return a.x\nprint(f(5000))\n";
    let (vm, out) = run_hot(src, 16);
    assert_eq!(out, "5000\n");
    let add = roots_in(&vm, "V.__getitem__");
    assert!(!add.is_empty(), "{}", vm.dump_executors());
    let body_end = add[0]
        .uops
        .iter()
        .position(|u| matches!(u.uop, Uop::_EXIT_TRACE | Uop::_DEOPT | Uop::_DYNAMIC_EXIT))
        .expect("stubs");
    assert_eq!(
        add[0].uops[body_end - 1].uop,
        Uop::_RETURN_VALUE,
        "{}",
        vm.dump_executors()
    );
    let s = vm.tier2_stats().expect("stats");
    assert!(s.cold_exits < 100, "{}", s.report());
}

#[test]
fn an_executor_invalidated_by_code_it_calls_leaves_at_the_next_check() {
    // `sorted` runs `key` from native code inside the trace; `key` rebinds the global the
    // loop reads, which invalidates the loop's executor in the middle of an iteration. The
    // absorbed validity check after the call leaves the trace; the result is tier 1's.
    // (Unoptimized: the optimizer drops validity checks that protect none of its facts.)
    let src = "K = 1\n\ndef key(x):\n    global K\n    if x == 1500:\n        K = 2\n    return x\n\ndef f():\n    s = 0\n    for i in range(3000):\n        sorted([i], key=key)\n        s += K\n    return s\nprint(f())\n";
    let (mut vm, out) = vm_with(Config {
        optimize_traces: false,
        ..hot(16)
    });
    if let Err(e) = vm.run_source(src, "t.py") {
        panic!("run failed: {e:?}\n{}", out.borrow());
    }
    let out = out.borrow().clone();
    assert_eq!(out, "4500\n");
    let s = vm.tier2_stats().expect("stats");
    assert!(s.invalidations >= 1, "{}", s.report());
    assert!(s.validity_checks > 1000, "{}", s.report());
}

/// An executor that loops without a safe point: `_JUMP_TO_TOP` straight back to itself.
fn spin_forever(hot: &HotSpot<'_>) -> Executor {
    let mut b = ExecutorBuilder::new(hot.code.clone());
    b.body.push(UopInst::new(
        Uop::_JUMP_TO_TOP,
        0,
        0,
        hot.offset,
        hot.offset,
    ));
    b.build(Origin::External, hot.offset, 0)
}

#[test]
fn an_executor_that_would_loop_without_a_safe_point_is_refused() {
    let (config, built) = handmade(spin_forever);
    let (mut vm, out) = vm_with(config);
    let src =
        "def f():\n    s = 0\n    for i in range(300):\n        s += i\n    return s\nprint(f())\n";
    vm.run_source(src, "t.py").expect("run");
    assert_eq!(*out.borrow(), "44850\n");
    assert!(built.get() >= 1, "the optimizer was asked");
    assert_eq!(vm.executor_count(), 0, "{}", vm.dump_executors());
}

#[test]
fn a_function_called_twice_in_a_loop_is_inlined_both_times() {
    // `sq` has its own function-entry executor by the time the loop is recorded; the
    // loop's trace records through it at both calls (only a call to a function already
    // running below is recursion, which the trace links to instead).
    let src = "def sq(x):\n    return x * x\n\ndef f(n):\n    t = 0\n    for i in range(n):\n        t += sq(i) + sq(i + 1)\n    return t\n\nprint(f(1000))\n";
    let (vm, out) = run_hot(src, 16);
    assert_eq!(out, "666667000\n");
    let roots = roots_in(&vm, "f");
    assert!(!roots.is_empty(), "{}", vm.dump_executors());
    let returns = common::loop_body(&roots[0])
        .iter()
        .filter(|u| u.uop == Uop::_RETURN_VALUE)
        .count();
    assert_eq!(returns, 2, "{}", vm.dump_executors());
}

#[test]
fn branches_that_go_the_other_way_than_recorded_leave_with_tier1_results() {
    // Compare-and-branch and test-and-branch instructions in the loop, recorded one way and
    // taken both ways (the executor checks each against the way it went when recorded, in
    // the handler's own dispatch), then a `for` loop's end and an exception in the rarer
    // branch.
    let src = "def f(n, a):\n    s = 0\n    for i in range(n):\n        if i % 7 == 3:\n            s += 2\n        elif i < 900:\n            s += 1\n        if a[i % 3]:\n            s -= 1\n        while s > 5000:\n            s -= 4999\n    return s\nprint(f(3000, [0, 1, 2]), f(50, [1, 0, 0]))\nprint(f(2000, [1, 1, None + 1]))\n";
    let tier1 = traceback_of(tier1(), src);
    assert!(tier1.contains("TypeError"), "{tier1}");
    for config in [hot(16), hot(1)] {
        assert_eq!(tier1, traceback_of(config, src));
    }
    let (mut vm, _) = vm_with(hot(16));
    let _ = vm.run_source(src, "deep.py");
    let s = vm.tier2_stats().expect("stats");
    assert!(s.exits_taken > 100, "{}", s.report());
}

#[test]
fn a_uop_raising_in_a_trace_has_the_tier1_traceback() {
    // The float division's guard is removed, so the division runs as a plain uop; it
    // raises on the last element.
    let src = "def f(a):\n    t = 0.0\n    for x in a:\n        t += (2.0\n              / x)\n    return t\nprint(f([1.0, 2.0] * 300))\nf([1.0, 2.0] * 300 + [0.0])\n";
    let tier1 = traceback_of(tier1(), src);
    assert!(
        tier1.contains("ZeroDivisionError") && tier1.contains("line 4, in f"),
        "{tier1}"
    );
    for config in [hot(16), hot(1)] {
        assert_eq!(tier1, traceback_of(config, src));
    }
}

#[test]
fn a_guard_failing_after_a_stack_move_resumes_with_the_move_done() {
    // The multiply's int guard fails on the last element, after the constant was pushed:
    // tier 1 re-runs the multiply with both operands in place. Then the subtraction raises
    // on its last element, with tier 1's traceback.
    let src = "def f(a):\n    out = []\n    for x in a:\n        out.append(x[0] * 3)\n    return out\nprint(f([[1]] * 500 + [['ab']])[-2:])\ndef g(a):\n    t = 0\n    for x in a:\n        t += (x[0]\n              - 1)\n    return t\ng([[1]] * 500 + [['ab']])\n";
    let tier1 = traceback_of(tier1(), src);
    assert!(tier1.starts_with("[3, 'ababab']\n"), "{tier1}");
    assert!(tier1.contains("line 10, in g"), "{tier1}");
    assert_eq!(tier1, traceback_of(hot(16), src));
}

/// A loop executor (a safe point, a `LOAD_FAST`, `_JUMP_TO_TOP`) given a `WHOLE` mark its
/// uops do not fit: on the loop's end, or (`load`) on the load as another instruction.
fn bad_marks(hot: &HotSpot<'_>, load: bool) -> Executor {
    let mut b = ExecutorBuilder::new(hot.code.clone());
    for uop in [Uop::_CHECK_PERIODIC, Uop::_LOAD_FAST, Uop::_JUMP_TO_TOP] {
        b.body.push(UopInst::new(uop, 0, 0, hot.offset, hot.offset));
    }
    let mut e = b.build(Origin::External, hot.offset, 0);
    let (at, op) = if load {
        (2, Op::LOAD_CONST)
    } else {
        (3, Op::LOAD_FAST)
    };
    e.uops[at].check |= check::WHOLE | 1 << 5;
    e.uops[at].expect_code = op as u8;
    e
}

#[test]
fn an_executor_whose_dispatch_marks_do_not_fit_its_uops_is_refused() {
    for load in [false, true] {
        let (config, built) = handmade(move |hot| bad_marks(hot, load));
        let (mut vm, out) = vm_with(config);
        let src = "def f():\n    s = 0\n    for i in range(300):\n        s += i\n    return s\nprint(f())\n";
        vm.run_source(src, "t.py").expect("run");
        assert_eq!(*out.borrow(), "44850\n");
        assert!(built.get() >= 1, "the optimizer was asked");
        assert_eq!(vm.executor_count(), 0, "{}", vm.dump_executors());
    }
}

#[test]
fn a_short_loop_gets_a_trace_that_goes_round_not_one_of_its_exit() {
    // Each generator loops three times, so a hot back-edge is followed by the loop's exit
    // as often as not. A recording that leaves the loop is retried: the loop's executor
    // jumps to its top, and its first guard holds on every iteration but the last.
    let src = "def f(n):\n    c = (1, -2, 3)\n    t = 0\n    for i in range(n):\n        t += len(tuple(x for x in c if x != -2))\n    return t\nprint(f(3000))\n";
    // (Without the retries, the recording at these thresholds starts at the exit.)
    for n in [2, 5, 8, 17, 20, 32] {
        let (vm, out) = run_hot(src, n);
        assert_eq!(out, "6000\n");
        let roots = roots_in(&vm, "f.<locals>.<genexpr>");
        assert!(
            roots
                .iter()
                .any(|e| e.uops.iter().any(|u| u.uop == Uop::_JUMP_TO_TOP)),
            "threshold {n}: {}",
            vm.dump_executors()
        );
    }
}

#[test]
fn a_trace_through_recursive_generators_runs_their_loop_back_edges_itself() {
    // Resuming the generators of a recursion lands each on its loop's back-edge, which an
    // executor replaced: a trace records through the first as the original jump and ends
    // at a second one with a link, never running a nested executor as an instruction.
    let src = "
def perms(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i in range(len(items)):
        for p in perms(items[:i] + items[i + 1:]):
            p.append(items[i])
            yield p

n = 0
for r in range(3):
    for p in perms([1, 2, 3, 4, 5]):
        n += p[0]
print(n)
";
    // (Which executors exist when a trace passes depends on the thresholds.)
    for hot in [2, 3, 4, 5, 8] {
        let (vm, out) = run_hot(src, hot);
        assert_eq!(out, "1080\n");
        for e in vm.executors() {
            assert!(
                !uops(&e).contains(&Uop::_ENTER_EXECUTOR),
                "hot {hot}: {}",
                vm.dump_executors()
            );
        }
    }
}

#[test]
fn a_side_trace_starting_at_a_global_load_has_it_as_a_constant() {
    // The branch taken one round in three gets a side trace that starts at the load of
    // `K`: it is promoted like any later load, and its version guard goes.
    let src = "
K = 7
def f(n):
    t = 0
    for i in range(n):
        if i % 3 == 0:
            t += 1
        else:
            t = K * i - t
    return t
print(f(3000))
";
    let (vm, out) = run_hot(src, 8);
    assert_eq!(out, "8000\n");
    let executors = vm.executors();
    assert!(
        executors.iter().any(|e| e.origin == Origin::Side),
        "{}",
        vm.dump_executors()
    );
    for e in &executors {
        let body = uops(e);
        assert!(
            !body.contains(&Uop::_LOAD_GLOBAL_MODULE)
                && !body.contains(&Uop::_GUARD_GLOBALS_VERSION),
            "{}",
            vm.dump_executors()
        );
    }
}
