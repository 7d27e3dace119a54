//! The `re` engine within the VM's limits: a catastrophic pattern on a huge input stops at
//! the instruction budget or at an interrupt (never hangs the host), its backtracking
//! stack stops at the heap limit with `MemoryError`, patterns without backreferences stay
//! fast on inputs where a naive backtracker takes exponential time, and the VM keeps
//! working afterwards.

#![cfg(feature = "re")]

mod common;

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use common::{exception_type, Shared};
use vm_core::{Config, RunError, Termination, Vm};

/// Exponential for a backtracker: the backreference rules out the failure memo.
const CATASTROPHIC: &str = "import re\nre.match(r'(x+x+)+\\1y', 'x' * 100_000)\n";

fn vm(config: Config) -> (Vm, Rc<RefCell<String>>) {
    let out = Rc::new(RefCell::new(String::new()));
    let vm = Vm::new(config, Box::new(Shared(out.clone()))).expect("VM");
    (vm, out)
}

/// The VM still runs `re` after a stopped match.
fn still_works(vm: &mut Vm, out: &RefCell<String>) {
    out.borrow_mut().clear();
    vm.run_source("import re\nprint(re.findall(r'\\d+', 'a1b22'))\n", "t.py")
        .unwrap();
    assert_eq!(out.borrow().as_str(), "['1', '22']\n");
}

#[test]
fn a_catastrophic_match_stops_when_the_fuel_is_spent() {
    let (mut vm, out) = vm(Config {
        fuel: Some(2_000_000),
        ..Config::default()
    });
    let start = Instant::now();
    let r = vm.run_source(CATASTROPHIC, "t.py");
    let took = start.elapsed();
    match r {
        Err(RunError::Terminated { reason, .. }) => assert_eq!(reason, Termination::Fuel),
        other => panic!("not stopped by the budget: {other:?}"),
    }
    assert!(took < Duration::from_secs(20), "stopped after {took:?}");
    vm.set_fuel(None);
    still_works(&mut vm, &out);
}

#[test]
fn a_catastrophic_match_stops_at_an_interrupt() {
    let (mut vm, out) = vm(Config::default());
    let flag = vm.signals();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        flag.interrupt();
    });
    let start = Instant::now();
    let r = vm.run_source(CATASTROPHIC, "t.py");
    let took = start.elapsed();
    raiser.join().unwrap();
    assert_eq!(exception_type(&r), "KeyboardInterrupt");
    assert!(took < Duration::from_secs(5), "stopped after {took:?}");
    still_works(&mut vm, &out);
}

#[test]
fn the_backtracking_stack_stops_at_the_heap_limit() {
    let (mut vm, out) = vm(Config {
        heap_limit: 8 << 20,
        ..Config::default()
    });
    // One alternative per character: more frames than the heap holds.
    let r = vm.run_source(
        "import re\nre.match(r'(?:a|b)*c', 'ab' * 500_000)\n",
        "t.py",
    );
    assert_eq!(exception_type(&r), "MemoryError");
    still_works(&mut vm, &out);
}

#[test]
fn nested_quantifiers_without_backreferences_stay_polynomial() {
    let (mut vm, out) = vm(Config::default());
    let start = Instant::now();
    vm.run_source(
        "import re\nprint(re.match(r'(a*)*b', 'a' * 20_000))\n\
         print(re.search(r'(x+x+)+y', 'x' * 2_000))\n",
        "t.py",
    )
    .unwrap();
    assert_eq!(out.borrow().as_str(), "None\nNone\n");
    assert!(start.elapsed() < Duration::from_secs(20));
}
