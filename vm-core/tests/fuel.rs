//! The instruction budget and termination: a run stops at exactly the same instruction in
//! tier 1 and tier 2, nothing of a terminated script runs after the stop (no handler,
//! `finally`, `__exit__` or finalizer), and the VM is ready for the next run.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

mod common;
use common::Shared;
use vm_core::{Config, RunError, Termination, Vm};

/// The configurations every program runs in: tier 1, and tier 2 tracing at once, with
/// the optimizer's default thresholds, and without the optimizer.
fn configs() -> Vec<(&'static str, Config)> {
    let base = Config {
        heap_limit: 64 << 20,
        ..Config::default()
    };
    vec![
        (
            "tier 1",
            Config {
                tier: 1,
                ..base.clone()
            },
        ),
        (
            "tier 2 --hot 1",
            Config {
                hot: Some(1),
                ..base.clone()
            },
        ),
        (
            "tier 2 --hot 3",
            Config {
                hot: Some(3),
                ..base.clone()
            },
        ),
        ("tier 2", base.clone()),
        (
            "tier 2 --no-opt --hot 1",
            Config {
                hot: Some(1),
                optimize_traces: false,
                ..base
            },
        ),
    ]
}

/// What a run with `fuel` left behind: its output, how it ended, the instructions it
/// counted and the `__main__` global `probe` (the script's progress).
fn run(
    config: &Config,
    src: &str,
    fuel: u64,
) -> (String, Result<(), RunError>, Option<u64>, String) {
    let out = Rc::new(RefCell::new(String::new()));
    let mut vm = Vm::new(
        Config {
            fuel: Some(fuel),
            ..config.clone()
        },
        Box::new(Shared(out.clone())),
    )
    .expect("VM");
    let r = vm.run_source(src, "t.py");
    let probe = vm
        .get_global("probe")
        .map(|v| vm.display(v.get()))
        .unwrap_or_default();
    let used = vm.fuel_used();
    let text = out.borrow().clone();
    (text, r, used, probe)
}

/// Runs `src` with each budget in every configuration: all must stop at the same
/// instruction (same output, traceback, count and progress).
fn same_in_every_tier(src: &str, budgets: &[u64]) {
    let configs = configs();
    for &n in budgets {
        let want = run(&configs[0].1, src, n);
        for (name, config) in &configs[1..] {
            let got = run(config, src, n);
            assert_eq!(
                got, want,
                "{name} differs from tier 1 with a budget of {n}:\n{src}"
            );
        }
    }
}

const LOOP: &str = "
probe = 0
while True:
    probe += 1
";

const CALLS_AND_OBJECTS: &str = "
class P:
    def __init__(self, x):
        self.x = x
    def step(self, k):
        if k % 3 == 0:
            return self.x + k
        return self.x - 1
def f(n):
    s = 0
    p = P(2)
    for i in range(n):
        s += p.step(i)
        while s > 100:
            s -= 7
    return s
probe = 0
while True:
    probe += f(50)
";

const RECURSION_AND_GENERATORS: &str = "
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
def place(n, row, cols):
    if row == n:
        yield 1
        return
    for c in range(n):
        if c in cols:
            continue
        cols.add(c)
        yield from place(n, row + 1, cols)
        cols.remove(c)
probe = 0
while True:
    probe += fib(12) + sum(place(5, 0, set()))
    for x in [1, 2.5, 'a', None]:
        probe += 1 if x else 0
";

#[test]
fn a_loop_stops_at_the_same_instruction_in_every_tier() {
    let budgets: Vec<u64> = (1..60).chain([97, 1_000, 10_007, 100_003]).collect();
    same_in_every_tier(LOOP, &budgets);
}

#[test]
fn calls_and_objects_stop_at_the_same_instruction_in_every_tier() {
    let budgets: Vec<u64> = (1..200)
        .step_by(7)
        .chain([1_009, 5_003, 20_011, 100_003, 400_009])
        .collect();
    same_in_every_tier(CALLS_AND_OBJECTS, &budgets);
}

#[test]
fn recursion_and_generators_stop_at_the_same_instruction_in_every_tier() {
    let budgets: Vec<u64> = (1..300)
        .step_by(13)
        .chain([1_009, 5_003, 20_011, 100_003, 400_009])
        .collect();
    same_in_every_tier(RECURSION_AND_GENERATORS, &budgets);
}

#[test]
fn the_budget_is_spent_at_a_safe_point_and_cannot_be_caught() {
    let src = "
import sys
probe = 'start'
def g():
    try:
        yield 1
        yield 2
    finally:
        print('generator finally')
it = g()
next(it)
try:
    try:
        while True:
            probe = 'looping'
    except BaseException:
        print('caught')
        probe = 'caught'
    finally:
        print('finally')
        probe = 'finally'
except BaseException:
    probe = 'outer'
";
    let (out, r, used, probe) = run(&configs()[0].1, src, 5_000);
    match r {
        Err(RunError::Terminated { reason, traceback }) => {
            assert_eq!(reason, Termination::Fuel);
            assert!(traceback.contains("line 14, in <module>"), "{traceback}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(out, "", "script code ran after the stop");
    assert_eq!(probe, "looping");
    assert!(used.unwrap() >= 5_000);
}

#[test]
fn each_run_gets_the_whole_budget_and_the_vm_stays_usable() {
    let mut vm = Vm::new(
        Config {
            fuel: Some(10_000),
            ..Config::default()
        },
        Box::new(vm_core::BufferHost::default()),
    )
    .expect("VM");
    for _ in 0..3 {
        let r = vm.run_source("while True: pass\n", "t.py");
        assert!(matches!(r, Err(RunError::Terminated { .. })), "{r:?}");
        vm.run_source("x = sum(range(100))\n", "t.py").unwrap();
        let x = vm.get_global("x").unwrap();
        assert_eq!(vm.as_i64(x.get()), Some(4950));
    }
    vm.set_fuel(None);
    vm.run_source("for i in range(100000): pass\n", "t.py")
        .unwrap();
}

/// A VM whose script a watchdog thread terminates after `after`.
fn terminated_after(src: &str, after: Duration) -> (String, Result<(), RunError>, Vm) {
    let out = Rc::new(RefCell::new(String::new()));
    let mut vm = Vm::new(Config::default(), Box::new(Shared(out.clone()))).expect("VM");
    let signals = vm.signals();
    let watchdog = std::thread::spawn(move || {
        std::thread::sleep(after);
        signals.terminate();
    });
    let r = vm.run_source(src, "t.py");
    watchdog.join().unwrap();
    // (The watchdog may fire after the run ended: its request would be for the next run.)
    vm.signals().clear();
    let text = out.borrow().clone();
    (text, r, vm)
}

#[test]
fn a_terminate_request_ends_a_script_that_catches_base_exception() {
    let src = "
class Stubborn:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        print('exit ran')
        return True
while True:
    try:
        with Stubborn():
            while True:
                pass
    except BaseException:
        print('caught')
    finally:
        print('finally ran')
";
    let (out, r, mut vm) = terminated_after(src, Duration::from_millis(50));
    match r {
        Err(RunError::Terminated { reason, .. }) => assert_eq!(reason, Termination::Request),
        other => panic!("{other:?}"),
    }
    assert_eq!(out, "");
    vm.run_source("y = 6 * 7\n", "t.py").unwrap();
    let y = vm.get_global("y").unwrap();
    assert_eq!(vm.as_i64(y.get()), Some(42));
}

#[test]
fn a_terminate_request_reaches_code_in_traces_and_native_callbacks() {
    // The loop runs in a trace, and the request may arrive while `sorted` calls back into
    // Python: the key function's frames go, and `sorted` does not go on.
    let src = "
def key(x):
    n = 0
    for i in range(1000):
        n += i
    return -x
while True:
    try:
        sorted(range(200), key=key)
    except BaseException:
        pass
";
    let (out, r, _) = terminated_after(src, Duration::from_millis(100));
    assert!(
        matches!(
            r,
            Err(RunError::Terminated {
                reason: Termination::Request,
                ..
            })
        ),
        "{r:?}"
    );
    assert_eq!(out, "");
}

#[test]
fn an_interrupt_stays_catchable() {
    let out = Rc::new(RefCell::new(String::new()));
    let mut vm = Vm::new(Config::default(), Box::new(Shared(out.clone()))).expect("VM");
    let signals = vm.signals();
    let watchdog = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        signals.interrupt();
    });
    let r = vm.run_source(
        "try:\n    while True: pass\nexcept KeyboardInterrupt:\n    print('interrupted')\n",
        "t.py",
    );
    watchdog.join().unwrap();
    r.unwrap();
    assert_eq!(out.borrow().as_str(), "interrupted\n");
}

fn poke(
    vm: &mut Vm,
    _: &[vm_core::Value],
    _: &[(vm_core::Value, vm_core::Value)],
) -> vm_core::PyResult<vm_core::Value> {
    // A request that arrives during a native operation, after the run's last safe point.
    vm.signals().interrupt();
    vm.signals().terminate();
    Ok(vm_core::Value::NONE)
}

#[test]
fn a_request_left_over_from_a_run_does_not_fail_the_next() {
    let mut vm = Vm::new(Config::default(), Box::new(vm_core::BufferHost::default())).expect("VM");
    vm.register_function("poke", poke).unwrap();
    vm.run_source("poke()\n", "t.py").unwrap();
    vm.run_source("def f():\n    return 3\ny = f()\n", "t.py")
        .unwrap();
    let y = vm.get_global("y").unwrap();
    assert_eq!(vm.as_i64(y.get()), Some(3));
}

#[test]
fn a_long_native_operation_answers_a_request() {
    // `sorted` of a large list with a native key runs no Python code: it polls.
    let (_, r, _) = terminated_after(
        "import time\nwhile True:\n    time.sleep(10)\n",
        Duration::from_millis(50),
    );
    assert!(
        matches!(
            r,
            Err(RunError::Terminated {
                reason: Termination::Request,
                ..
            })
        ),
        "{r:?}"
    );
}

#[test]
fn native_loops_over_endless_iterators_are_stopped_by_the_budget_and_by_requests() {
    let loops = [
        "sum(iter(int, 1))",
        "list(filter(None, iter(int, 1)))",
        "5 in iter(int, 1)",
        "sorted(iter(int, 1))",
        "any(iter(int, 1))",
        "sum(range(10**15))",
    ];
    for l in loops {
        let src = format!("try:\n    {l}\nexcept BaseException:\n    pass\n");
        for (name, config) in configs() {
            let (out, r, _, _) = run(&config, &src, 100_000);
            assert!(
                matches!(
                    r,
                    Err(RunError::Terminated {
                        reason: Termination::Fuel,
                        ..
                    })
                ),
                "{l} in {name}: {r:?}"
            );
            assert_eq!(out, "");
        }
        let src: &'static str = Box::leak(src.into_boxed_str());
        let (_, r, _) = terminated_after(src, Duration::from_millis(30));
        assert!(
            matches!(
                r,
                Err(RunError::Terminated {
                    reason: Termination::Request,
                    ..
                })
            ),
            "{l}: {r:?}"
        );
    }
}
