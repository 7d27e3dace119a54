//! Resource limits through the embedding API: heap exhaustion raises `MemoryError`,
//! unbounded recursion raises `RecursionError`, and the VM keeps working afterwards.
//! Two VMs in one process are independent.

mod common;

use common::exception_type;
use vm_core::{BufferHost, Config, RunError, Vm};

fn vm_with_heap(bytes: usize) -> Vm {
    let config = Config {
        heap_limit: bytes,
        ..Config::default()
    };
    Vm::new(config, Box::new(BufferHost::default())).expect("VM")
}

fn stdout_of(vm: &mut Vm, src: &str) -> String {
    let r = vm.run_source(src, "t.py");
    assert!(r.is_ok(), "{r:?}");
    // BufferHost is behind the trait object; read the result through a global instead.
    match vm.get_global("result") {
        Some(v) => vm.display(v.get()),
        None => String::new(),
    }
}

#[test]
fn unbounded_allocation_raises_memory_error_and_the_vm_survives() {
    let mut vm = vm_with_heap(8_000_000);
    let r = vm.run_source("x = []\nwhile True:\n    x.append([1, 2, 3])\n", "t.py");
    assert_eq!(exception_type(&r), "MemoryError");
    let r = vm.run_source("s = 'ab'\nwhile True:\n    s = s + s\n", "t.py");
    assert_eq!(exception_type(&r), "MemoryError");
    let r = vm.run_source(
        "d = {}\ni = 0\nwhile True:\n    d[i] = str(i)\n    i += 1\n",
        "t.py",
    );
    assert_eq!(exception_type(&r), "MemoryError");
    // Caught inside the script, then the script goes on.
    let src = "try:\n    x = [0] * 100000000\nexcept MemoryError:\n    result = 'caught'\n";
    assert_eq!(stdout_of(&mut vm, src), "caught");
    let src = "result = sum(range(1000))\n";
    assert_eq!(stdout_of(&mut vm, src), "499500");
}

#[test]
fn unbounded_recursion_raises_recursion_error_and_the_vm_survives() {
    let mut vm = vm_with_heap(64 << 20);
    let r = vm.run_source("def f(n):\n    return f(n + 1)\nf(0)\n", "t.py");
    assert_eq!(exception_type(&r), "RecursionError");
    // Re-entry through native code (a recursive __repr__) is bounded too.
    let src = "class A:\n    def __repr__(self):\n        return repr(self)\nrepr(A())\n";
    assert_eq!(
        exception_type(&vm.run_source(src, "t.py")),
        "RecursionError"
    );
    let src = "a = []\nfor i in range(100000):\n    a = [a]\nrepr(a)\n";
    assert_eq!(
        exception_type(&vm.run_source(src, "t.py")),
        "RecursionError"
    );
    let src = "def g(n):\n    return 0 if n == 0 else 1 + g(n - 1)\nresult = g(900)\n";
    assert_eq!(stdout_of(&mut vm, src), "900");
}

#[test]
fn two_vms_are_independent() {
    let mut a = vm_with_heap(16 << 20);
    let mut b = vm_with_heap(16 << 20);
    a.run_source("x = 1\nresult = x", "a.py").unwrap();
    b.run_source("x = 2\nresult = x", "b.py").unwrap();
    let xa = a.get_global("x").map(|v| a.display(v.get()));
    let xb = b.get_global("x").map(|v| b.display(v.get()));
    assert_eq!(xa.as_deref(), Some("1"));
    assert_eq!(xb.as_deref(), Some("2"));
    let r = a.run_source(
        "import random\nrandom.seed(1)\nresult = random.random()",
        "a.py",
    );
    assert!(r.is_ok());
}

#[test]
fn a_caught_memory_error_frees_the_heap_and_the_next_one_has_a_fresh_traceback() {
    let mut vm = vm_with_heap(8_000_000);
    let src = r#"
def grow():
    x = []
    while True:
        x.append([0] * 100)
try:
    grow()
except MemoryError:
    result = [str(i) for i in range(1000)][-1]
def again():
    y = []
    while True:
        y.append("z" * 1000)
again()
"#;
    match vm.run_source(src, "t.py") {
        Err(RunError::Exception {
            type_name,
            traceback,
            ..
        }) => {
            assert_eq!(type_name, "MemoryError");
            assert!(traceback.contains("line 14, in <module>"), "{traceback}");
            assert!(traceback.contains("line 13, in again"), "{traceback}");
            assert!(!traceback.contains("in grow"), "stale frames: {traceback}");
        }
        other => panic!("{other:?}"),
    }
    let r = vm.get_global("result").unwrap();
    assert_eq!(vm.display(r.get()), "999");
}

#[test]
fn a_heap_too_small_for_the_vm_is_an_error_not_a_panic() {
    let start = |limit: usize| {
        let config = Config {
            heap_limit: limit,
            ..Config::default()
        };
        Vm::new(config, Box::new(BufferHost::default()))
    };
    let needed = match start(0) {
        Err(vm_core::StartError::HeapTooSmall { limit: 0, needed }) => needed,
        other => panic!("{:?}", other.err()),
    };
    for limit in [1, 1000, needed / 2, needed - 1] {
        assert!(start(limit).is_err(), "{limit}");
    }
    // At exactly the size it needs, the VM starts, and running out raises a real
    // MemoryError (the preallocated one exists), after which it still works.
    let mut vm = start(needed).expect("starts at the size it reports");
    assert_eq!(
        exception_type(&vm.run_source("x = [0] * 100000\n", "t.py")),
        "MemoryError"
    );
    let mut vm2 = start(needed + 200_000).expect("VM");
    vm2.run_source("x = [0] * 1000\n", "t.py").unwrap();
    drop(vm);
}

#[test]
fn recursion_under_a_huge_limit_ends_in_memory_error_within_the_heap() {
    let mut vm = vm_with_heap(2_000_000);
    let src = "import sys\nsys.setrecursionlimit(10**15)\ndef f(n):\n    return f(n + 1)\nf(0)\n";
    assert_eq!(exception_type(&vm.run_source(src, "t.py")), "MemoryError");
    assert!(vm.heap.bytes() <= 2_000_000 + 64 * 1024);
    vm.run_source(
        "def g(n):\n    return 0 if n == 0 else g(n - 1)\nr = g(500)\n",
        "t.py",
    )
    .unwrap();
}
