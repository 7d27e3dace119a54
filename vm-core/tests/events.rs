//! VM events (`Config::events`, `Host::event`): each kind arrives when asked for, with what
//! happened, and none arrives without the mask.

use std::cell::RefCell;
use std::rc::Rc;

use vm_core::{Config, EventMask, Host, Vm, VmEvent};

/// A host that keeps each event as its `Debug` text, and stdout.
struct Recorder {
    events: Rc<RefCell<Vec<String>>>,
    out: Rc<RefCell<String>>,
    /// Readings of the clock so far.
    ticks: u32,
}

impl Host for Recorder {
    fn write_stdout(&mut self, s: &str) {
        self.out.borrow_mut().push_str(s);
    }
    fn write_stderr(&mut self, s: &str) {
        self.out.borrow_mut().push_str(s);
    }
    fn monotonic(&mut self) -> f64 {
        // A clock that advances a millisecond per reading.
        self.ticks += 1;
        f64::from(self.ticks) * 1e-3
    }
    fn event(&mut self, e: &VmEvent<'_>) {
        self.events.borrow_mut().push(format!("{e:?}"));
    }
}

/// A hot loop that allocates (collections), a branch that flips half way (a side exit gets
/// hot), a global rebound (invalidation) and a `MemoryError`.
const PROGRAM: &str = "\
def step(i):
    return [i, i + 1, str(i)]

def hot():
    total = 0
    for i in range(60000):
        if i < 30000:
            total += len(step(i))
        else:
            total -= 1
    return total

print(hot())

def g():
    return 1

def calls():
    s = 0
    for i in range(2000):
        s += g()
    return s

print(calls())
def g():
    return 2
print(calls())
try:
    x = [0] * (1 << 26)
except MemoryError:
    print('MemoryError')
";

fn run(events: EventMask) -> (Vec<String>, String) {
    let config = Config {
        heap_limit: 16 << 20,
        hot: Some(16),
        events,
        ..Config::default()
    };
    run_with(config, PROGRAM)
}

/// Runs `src` with `config` under a [`Recorder`]; returns the events and the output.
fn run_with(config: Config, src: &str) -> (Vec<String>, String) {
    let log = Rc::new(RefCell::new(Vec::new()));
    let out = Rc::new(RefCell::new(String::new()));
    let host = Recorder {
        events: log.clone(),
        out: out.clone(),
        ticks: 0,
    };
    let mut vm = Vm::new(config, Box::new(host)).expect("VM");
    let r = vm.run_source(src, "events.py");
    assert!(r.is_ok(), "{r:?}\n{}", out.borrow());
    let text = out.borrow().clone();
    let log = log.borrow().clone();
    (log, text)
}

fn count(log: &[String], prefix: &str) -> usize {
    log.iter().filter(|e| e.starts_with(prefix)).count()
}

#[test]
fn no_event_arrives_without_the_mask() {
    let (log, out) = run(EventMask::NONE);
    assert_eq!(out, "60000\n2000\n4000\nMemoryError\n");
    assert!(log.is_empty(), "{log:?}");
}

#[test]
fn collections_and_the_heap_limit_arrive_with_gc() {
    let (log, out) = run(EventMask::parse("gc").unwrap());
    assert_eq!(out, "60000\n2000\n4000\nMemoryError\n");
    assert!(count(&log, "Collection {") > 0, "{log:?}");
    assert_eq!(count(&log, "HeapLimit {"), 1, "{log:?}");
    // Only the kinds asked for.
    assert_eq!(count(&log, "Collection {") + 1, log.len(), "{log:?}");
    let c = log.iter().find(|e| e.starts_with("Collection")).unwrap();
    assert!(c.contains("micros: 1000"), "{c}");
    let limit = log.iter().find(|e| e.starts_with("HeapLimit")).unwrap();
    assert!(limit.contains(&format!("limit: {}", 16 << 20)), "{limit}");
}

#[test]
fn trace_events_arrive_with_traces() {
    let (log, _) = run(EventMask::TRACES);
    assert!(
        log.iter()
            .any(|e| e.starts_with("TraceRecorded { code: \"hot\", line: 6")),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|e| e.starts_with("SideTraceStitched { code: \"hot\"")),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|e| e.starts_with("ExecutorsInvalidated { count: ")),
        "{log:?}"
    );
    assert_eq!(count(&log, "Collection"), 0, "{log:?}");
}

#[test]
fn tier_one_has_no_trace_events() {
    let config = Config {
        tier: 1,
        events: EventMask::TRACES | EventMask::JIT,
        ..Config::default()
    };
    let (log, out) = run_with(
        config,
        "s = 0\nfor i in range(5000):\n    s += i\nprint(s)\n",
    );
    assert_eq!(out, "12497500\n");
    assert!(log.is_empty(), "{log:?}");
}
