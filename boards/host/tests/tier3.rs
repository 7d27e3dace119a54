//! Tier 3 on the host: the x86-64 backend compiles hot traces and runs them, and what runs
//! in machine code behaves as the interpreter: interrupts and heap limits inside compiled
//! loops, invalidation in the middle of a loop, exceptions raised inside compiled code.
//! (The whole corpus runs at `--tier 3` in `conformance.rs`.)
#![cfg(target_arch = "x86_64")]

use std::cell::RefCell;
use std::rc::Rc;

use tiercel::HostJit;
use vm_core::{Config, Vm};

/// The VM's output, readable while the VM lives.
struct Shared(Rc<RefCell<String>>);

impl vm_core::Host for Shared {
    fn write_stdout(&mut self, s: &str) {
        self.0.borrow_mut().push_str(s);
    }
    fn write_stderr(&mut self, s: &str) {
        self.0.borrow_mut().push_str(s);
    }
}

fn vm_with(config: Config) -> (Vm, Rc<RefCell<String>>) {
    let jit = HostJit::new(1 << 20, false);
    let config = Config {
        jit: jit.config,
        ..config
    };
    let out = Rc::new(RefCell::new(String::new()));
    (
        Vm::new(config, Box::new(Shared(out.clone()))).expect("VM"),
        out,
    )
}

fn vm() -> (Vm, Rc<RefCell<String>>) {
    vm_with(Config::default())
}

/// Runs `src` at tier 3 and at tier 1 and returns both outputs.
fn both(src: &str) -> (String, String) {
    let (mut vm3, out3) = vm_with(Config {
        hot: Some(1),
        ..Config::default()
    });
    let _ = vm3.run_source(src, "t.py");
    let (mut vm1, out1) = vm_with(Config {
        tier: 1,
        jit: None,
        ..Config::default()
    });
    let _ = vm1.run_source(src, "t.py");
    let a = out3.borrow().clone();
    let b = out1.borrow().clone();
    (a, b)
}

const NUMERIC: &str = "
def f(n):
    t = 0
    x = 0.5
    for i in range(n):
        if i % 3 == 0:
            t += i * 2
        else:
            t -= 1
        x = x * 1.0001 + 0.25
    return t, round(x, 6)
print(f(20000))
";

#[test]
fn hot_loops_are_compiled_and_agree_with_the_interpreter() {
    let (mut vm, out) = vm();
    vm.run_source(NUMERIC, "t.py").expect("run");
    let stats = vm.jit_stats().expect("a JIT");
    assert!(stats.compiled >= 1, "{stats:?}");
    assert_eq!(stats.refused, 0, "{stats:?}");
    let (_, tier1) = both(NUMERIC);
    assert_eq!(out.borrow().as_str(), tier1);
}

#[test]
fn an_interrupt_stops_a_compiled_loop_and_the_vm_stays_usable() {
    let (mut vm, out) = vm();
    let signals = vm.signals();
    let stop = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        signals.interrupt();
    });
    let r = vm.run_source(
        "try:\n    i = 0\n    while True:\n        i = i + 1\nexcept KeyboardInterrupt:\n    print('stopped')\n",
        "t.py",
    );
    stop.join().expect("thread");
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(out.borrow().as_str(), "stopped\n");
    assert!(vm.jit_stats().expect("a JIT").compiled >= 1);
    vm.run_source("print(sum(range(10)))", "u.py").expect("run");
    assert_eq!(out.borrow().as_str(), "stopped\n45\n");
}

#[test]
fn the_heap_limit_holds_inside_compiled_loops() {
    let (mut vm, out) = vm_with(Config {
        heap_limit: 8 << 20,
        ..Config::default()
    });
    let r = vm.run_source(
        "xs = []\ntry:\n    while True:\n        xs.append([1, 2, 3])\nexcept MemoryError:\n    xs = None\n    print('limit')\n",
        "t.py",
    );
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(out.borrow().as_str(), "limit\n");
}

#[test]
fn invalidation_in_the_middle_of_a_compiled_loop() {
    // A global rebound, a method replaced and a builtin shadowed while the loop runs.
    let src = "
def one():
    return 1
def two():
    return 2
class A:
    def m(self):
        return 10
a = A()
t = 0
for i in range(3000):
    t += one() + a.m() + len('ab')
    if i == 1000:
        one = two
    if i == 2000:
        A.m = lambda self: 20
    if i == 2500:
        len = lambda s: 100
print(t)
";
    let (tier3, tier1) = both(src);
    assert_eq!(tier3, tier1);
    assert!(tier3.starts_with(char::is_numeric), "{tier3}");
}

#[test]
fn exceptions_raised_in_compiled_code_unwind_as_in_the_interpreter() {
    let src = "
def g(i):
    if i == 700:
        raise ValueError(i)
    return i
def f():
    t = 0
    for i in range(1000):
        try:
            t += g(i)
        except ValueError as e:
            t -= 1
            print('caught', e)
    return t
print(f())
xs = [1, 2, 3]
def h():
    s = 0
    for i in range(10):
        s += xs[i]
    return s
try:
    h()
except IndexError as e:
    print('index', e)
import sys
def frames():
    return sys._getframe(1).f_lineno
def k():
    s = 0
    for i in range(300):
        s = frames()
    return s
print(k())
";
    let (tier3, tier1) = both(src);
    assert_eq!(tier3, tier1);
    assert!(tier3.contains("caught 700"), "{tier3}");
}

/// Source of `n` functions, each with a hot loop of its own, called one phase after
/// another: the code of earlier phases goes cold while later phases compile.
fn phases(n: usize) -> String {
    let mut src = String::new();
    for i in 0..n {
        src.push_str(&format!(
            "def f{i}(n):\n    t = {i}\n    for j in range(n):\n        t = (t * 3 + j) % 1000003\n    return t\n"
        ));
    }
    src.push_str(&format!(
        "s = 0\nfor i in range({n}):\n    s += globals()['f' + str(i)](3000)\nprint(s)\n"
    ));
    src
}

#[test]
fn code_memory_stays_under_its_limit_and_cold_code_makes_room() {
    let limit = 3 * 4096;
    let mut jit = HostJit::new(1 << 20, false);
    if let Some(c) = jit.config.as_mut() {
        c.code_limit = limit;
    }
    let out = Rc::new(RefCell::new(String::new()));
    let config = Config {
        jit: jit.config,
        hot: Some(50),
        ..Config::default()
    };
    let mut vm = Vm::new(config, Box::new(Shared(out.clone()))).expect("VM");
    let src = phases(24);
    vm.run_source(&src, "t.py").expect("run");
    let stats = vm.jit_stats().expect("a JIT");
    assert!(stats.peak_code_bytes <= limit, "{stats:?}");
    assert!(stats.code_bytes <= limit, "{stats:?}");
    assert!(stats.freed_cold >= 1, "{stats:?}");
    assert!(
        stats.compiled as usize > limit / 4096,
        "more executors compiled than fit at once: {stats:?}"
    );
    assert!(stats.exits.entries >= stats.compiled, "{stats:?}");
    let (_, tier1) = both(&src);
    assert_eq!(out.borrow().as_str(), tier1);
}

#[test]
fn a_loop_running_in_code_stays_compiled_across_collections() {
    // Each round allocates (a list per round, a closure passed to native code), so
    // collections come while the loop runs in machine code; the sweep after each frees
    // executors not used since the last one, which must not include the running loop's.
    let src = "
def run(n):
    t = 0
    data = [(i * 7919) % 1000 for i in range(50)]
    for r in range(n):
        s = sorted(data, key=lambda x: -x)
        t += s[0] + len([r] * 20)
    return t
print(run(20000))
";
    let (mut vm, out) = vm();
    vm.run_source(src, "t.py").expect("runs");
    assert_eq!(out.borrow().trim(), "19900000");
    let stats = vm.jit_stats().expect("a JIT");
    assert!(
        stats.compiled <= 4,
        "the loop's executor was freed and compiled again: {stats:?}"
    );
}

#[test]
fn branches_and_inner_loop_ends_follow_their_links_in_code() {
    // A data-dependent `if` on a set lookup (a branch guard going the other way as often
    // as the recorded way) and an inner `range` loop that ends every few rounds: once their
    // side traces are linked, machine code goes on into them itself rather than handing
    // back to the uop executor at each.
    let src = "
def run(n):
    seen = set(range(0, 40, 3))
    t = 0
    for r in range(n):
        for c in range(6):
            if (r + c) % 40 in seen:
                t += c
            else:
                t -= 1
    return t
print(run(20000))
";
    let (mut vm, out) = vm();
    vm.run_source(src, "t.py").expect("runs");
    let (_, tier1) = both(src);
    assert_eq!(out.borrow().as_str(), tier1);
    let stats = vm.jit_stats().expect("a JIT");
    // 120,000 inner rounds, about half of them each way, and 20,000 inner loop ends (about
    // 55,000 hand-backs when code handed back at both; about 2,000 while exits warm up).
    assert!(
        stats.exits.hand_backs < 10_000,
        "code handed back at branches or loop ends: {stats:?}"
    );
}
