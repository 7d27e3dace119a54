//! Frame and traceback objects: made on demand, exact in every tier (the reification hook:
//! a frame object built from inside a trace reads the offset, line and locals tier 1
//! shows), counted against the heap limit, traced by the collector (cycles through
//! frames, locals, exceptions and tracebacks are freed), and `traceback.format_exc()` is
//! the VM's own report of an uncaught exception.

use std::cell::RefCell;
use std::rc::Rc;

mod common;
use common::Shared;
use vm_core::{Config, RunError, Vm};

/// Tier 1, and tier 2 tracing at once with and without the optimizer, and under stress
/// specialization.
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
            "tier 2 --hot 1 --no-opt",
            Config {
                hot: Some(1),
                optimize_traces: false,
                ..base.clone()
            },
        ),
        (
            "stress",
            Config {
                stress_specialize: true,
                ..base
            },
        ),
    ]
}

fn run_with(config: Config, src: &str) -> (String, Result<(), RunError>, Vm) {
    let out = Rc::new(RefCell::new(String::new()));
    let mut vm = Vm::new(config, Box::new(Shared(out.clone()))).expect("VM");
    let r = vm.run_source(src, "t.py");
    let text = out.borrow().clone();
    (text, r, vm)
}

/// Frames asked for from escaping instructions in hot loops: the offsets (`f_lasti`,
/// Tiercel's own code units, which CPython cannot check) must be those of tier 1.
const OFFSETS: &str = r#"import sys
log = []
class P:
    def __init__(self, v): self.v = v
    def __add__(self, o):
        f = sys._getframe(1)
        log.append((f.f_lasti, f.f_lineno, f.f_locals.get("i")))
        return P(self.v + o.v)
    def __lt__(self, o):
        log.append(sys._getframe(1).f_lasti)
        return self.v < o.v
    def __hash__(self):
        log.append(("h", sys._getframe(1).f_lasti))
        return self.v
def key(x):
    log.append(("k", sys._getframe(1).f_lasti, sys._getframe(2).f_lasti))
    return -x
def work(n):
    t = P(0)
    d = {}
    for i in range(n):
        t = t + P(i)
        if t < P(10**9):
            d[P(i % 3)] = i
        sorted([3, 1, 2], key=key)
        here = sys._getframe()
        log.append((here.f_lasti, here.f_lineno))
    return t.v
print(work(40), len(log))
print(log[:12])
print(log[-12:])
"#;

#[test]
fn frames_read_the_same_in_every_tier() {
    let mut first: Option<String> = None;
    for (name, config) in configs() {
        let (out, r, _) = run_with(config, OFFSETS);
        assert!(r.is_ok(), "{name}: {r:?}\n{out}");
        match &first {
            None => first = Some(out),
            Some(t1) => assert_eq!(&out, t1, "{name} differs from tier 1"),
        }
    }
}

/// The reification hook's offset is the escaping instruction's own, not a stale one: a
/// dunder method called by `+` sees its caller at the `BINARY_OP`, whose line differs
/// from the call before it.
#[test]
fn reified_offset_is_the_escaping_instruction() {
    let src = r#"import sys
class A:
    def __add__(self, o):
        return sys._getframe(1).f_lineno
def f(a):
    b = len([a])
    return (a +
            a)
print([f(A()) for _ in range(30)][-1])
"#;
    for (name, config) in configs() {
        let (out, r, _) = run_with(config, src);
        assert!(r.is_ok(), "{name}: {r:?}");
        // CPython 3.11 reports the line the operator's expression starts on.
        assert_eq!(out, "7\n", "{name}");
    }
}

#[test]
fn format_exc_is_the_uncaught_report() {
    let src = r#"import traceback
def fail(n):
    if n == 0:
        raise KeyError("deep")
    fail(n - 1)
def wrap():
    try:
        fail(4)
    except KeyError as e:
        raise ValueError("outer") from e
try:
    wrap()
except ValueError:
    seen = traceback.format_exc()
    raise
"#;
    let (_, r, mut vm) = run_with(Config::default(), src);
    let Err(RunError::Exception { traceback, .. }) = r else {
        panic!("expected an uncaught exception: {r:?}");
    };
    let seen = vm.get_global("seen").expect("seen");
    assert_eq!(vm.display(seen.get()), traceback);
    assert!(traceback.contains("The above exception was the direct cause"));
}

/// Cycles frame -> locals -> exception -> traceback -> frame, made thousands of times
/// under a small heap, are collected: the run ends and the heap is back near its start.
#[test]
fn frame_cycles_are_collected() {
    let src = r#"import sys
def fail(x):
    raise ValueError(x)
def keep(i):
    try:
        fail(i)
    except ValueError as e:
        err = e
        me = sys._getframe()
    return me
for i in range(20000):
    f = keep(i)
    assert f.f_locals["err"].__traceback__.tb_frame is f
f = None
"#;
    let config = Config {
        heap_limit: 1 << 20,
        ..Config::default()
    };
    let (out, r, mut vm) = run_with(config, src);
    assert!(r.is_ok(), "{r:?}\n{out}");
    vm.collect_garbage();
    let live = vm.heap.live_objects();
    let (_, r0, mut empty) = run_with(Config::default(), "pass\n");
    assert!(r0.is_ok());
    empty.collect_garbage();
    let base = empty.heap.live_objects();
    assert!(
        live < base + 500,
        "frames leaked: {live} live objects against {base} after an empty run"
    );
}

/// Frame objects count against the heap limit: keeping every frame (and so every
/// activation's locals) ends in `MemoryError`, which the script catches.
#[test]
fn frames_count_against_the_heap_limit() {
    let src = r#"import sys
def frame(i):
    data = [i] * 50
    return sys._getframe()
kept = []
try:
    while True:
        kept.append(frame(len(kept)))
except MemoryError:
    n = len(kept)
    kept = None
    print("MemoryError", n > 100)
"#;
    let config = Config {
        heap_limit: 2 << 20,
        ..Config::default()
    };
    let (out, r, _) = run_with(config, src);
    assert!(r.is_ok(), "{r:?}\n{out}");
    assert_eq!(out, "MemoryError True\n");
}

/// Bad arguments raise proper exceptions, never a panic of the host.
#[test]
fn bad_input_raises() {
    let src = r#"import sys, traceback
for call in (lambda: sys._getframe(10**30), lambda: sys._getframe(-10**30),
             lambda: sys._getframe(2**31 - 1), lambda: sys._getframe(None),
             lambda: traceback.extract_tb(5), lambda: traceback.format_tb([]),
             lambda: traceback.format_exception(5), lambda: traceback.print_tb(None, "x"),
             lambda: traceback.format_list([1]), lambda: traceback.extract_tb(None, limit="a"),
             lambda: ValueError().with_traceback(sys._getframe()),
             lambda: traceback.FrameSummary(), lambda: traceback.walk_tb(3)):
    try:
        call()
        print("ok")
    except Exception as e:
        print(type(e).__name__)
"#;
    let (out, r, _) = run_with(Config::default(), src);
    assert!(r.is_ok(), "{r:?}\n{out}");
    // (CPython's `walk_tb` is a generator that fails when first advanced: Tiercel's
    // checks its argument at once.)
    assert_eq!(
        out,
        "OverflowError\nOverflowError\nValueError\nTypeError\nAttributeError\n\
         AttributeError\nTypeError\nTypeError\nTypeError\nTypeError\nTypeError\n\
         TypeError\nAttributeError\n"
    );
}
