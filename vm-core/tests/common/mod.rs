//! What the integration tests share: a host that collects output, and ways to find a
//! function's executors and their loops.

#![allow(dead_code, reason = "each test crate uses a part")]

use std::cell::RefCell;
use std::rc::Rc;

use vm_core::bytecode::ops::Uop;
use vm_core::exec::ir::{Executor, Origin, UopInst};
use vm_core::{BufferHost, Config, Host, Interpreter, RunError, Vm};

/// A host whose stdout and stderr go to one shared string.
pub struct Shared(pub Rc<RefCell<String>>);

impl Host for Shared {
    fn write_stdout(&mut self, s: &str) {
        self.0.borrow_mut().push_str(s);
    }
    fn write_stderr(&mut self, s: &str) {
        self.0.borrow_mut().push_str(s);
    }
}

/// The qualified name of the function `e` starts in.
pub fn name(vm: &Vm, e: &Executor) -> String {
    vm.str_of(e.codes[0].code.qualname)
        .unwrap_or("?")
        .to_string()
}

/// The root executors (not side traces) that start in function `func`.
pub fn roots_in(vm: &Vm, func: &str) -> Vec<Rc<Executor>> {
    vm.executors()
        .into_iter()
        .filter(|e| e.origin == Origin::Root && name(vm, e) == func)
        .collect()
}

/// All uops of the root executors that start in function `func`.
pub fn uops_of(vm: &Vm, func: &str) -> Vec<Uop> {
    roots_in(vm, func)
        .iter()
        .flat_map(|e| e.uops.iter().map(|u| u.uop).collect::<Vec<_>>())
        .collect()
}

/// The uops of the loop part of `e` (from `_JUMP_TO_TOP`'s target to its end).
pub fn loop_body(e: &Executor) -> &[UopInst] {
    let end = e
        .uops
        .iter()
        .position(|u| u.uop == Uop::_JUMP_TO_TOP)
        .expect("a loop trace");
    &e.uops[1 + e.uops[end].oparg as usize..end]
}

/// Runs `src` on a fresh VM with `config`; returns the VM (for introspection) and what it
/// printed. A run that fails panics with the output so far.
pub fn run_config(config: Config, src: &str) -> (Vm, String) {
    let out = Rc::new(RefCell::new(String::new()));
    let mut vm = Vm::new(config, Box::new(Shared(out.clone()))).expect("VM");
    if let Err(e) = vm.run_source(src, "t.py") {
        panic!("run failed: {e:?}\n{}", out.borrow());
    }
    let text = out.borrow().clone();
    (vm, text)
}

/// Runs `src` with the optimizer on and off (every threshold at `hot`); both outputs must
/// equal `want`. Returns the optimized run's VM.
pub fn run_both(src: &str, hot: u32, want: &str) -> Vm {
    let (vm, out) = run_config(config(hot, true), src);
    let (_, plain) = run_config(config(hot, false), src);
    assert_eq!(out, want, "optimized");
    assert_eq!(plain, want, "unoptimized");
    vm
}

/// Statistics on, every threshold at `hot`, the trace optimizer on or off.
pub fn config(hot: u32, optimize: bool) -> Config {
    Config {
        stats: true,
        hot: Some(hot),
        optimize_traces: optimize,
        ..Config::default()
    }
}

/// Runs `src` optimized (at thresholds 16 and 1) and unoptimized; all must print `want`.
/// Returns the optimized run at threshold 16.
pub fn run_all(src: &str, want: &str) -> Vm {
    let (vm, out) = run_config(config(16, true), src);
    assert_eq!(out, want, "optimized, hot 16");
    let (_, out) = run_config(config(1, true), src);
    assert_eq!(out, want, "optimized, hot 1");
    let (_, out) = run_config(config(16, false), src);
    assert_eq!(out, want, "unoptimized");
    vm
}

/// What an interpreter with a [`BufferHost`] printed.
pub fn stdout(py: &Interpreter) -> String {
    py.host::<BufferHost>()
        .expect("a BufferHost")
        .stdout
        .clone()
}

/// The last line of a run's traceback (`Type: message`); panics if the run did not raise.
pub fn exception(r: Result<(), RunError>) -> String {
    match r {
        Err(RunError::Exception { traceback, .. }) => {
            traceback.lines().last().unwrap_or("").to_string()
        }
        other => panic!("expected an exception, got {other:?}"),
    }
}

/// The name of the exception a run raised, or the run's result when it raised none.
pub fn exception_type(r: &Result<(), RunError>) -> String {
    match r {
        Err(RunError::Exception { type_name, .. }) => type_name.clone(),
        other => format!("{other:?}"),
    }
}
