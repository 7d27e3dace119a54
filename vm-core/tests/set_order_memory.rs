//! A set's iteration order table (CPython's slot table, built when the set is first read in
//! order) counts against `Config::heap_limit` as the set's element table does.

use vm_core::{BufferHost, Config, RunError, Vm};

fn vm_with_heap(bytes: usize) -> Vm {
    let config = Config {
        heap_limit: bytes,
        ..Config::default()
    };
    Vm::new(config, Box::new(BufferHost::default())).expect("VM")
}

/// Builds a set of 40,000 ints (its elements fit in 3 MB); iterating it builds a slot
/// table of 131,072 slots (16 bytes each: 2 MB).
const BUILD: &str = "s = set(range(40000))\nok = 39999 in s and len(s) == 40000\n";
const ITERATE: &str = "n = 0\nfor x in s:\n    n += 1\n";
const ORDER_TABLE_BYTES: usize = 131_072 * 16;

#[test]
fn an_order_table_past_the_heap_limit_raises_memory_error() {
    let mut vm = vm_with_heap(3_000_000);
    vm.run_source(BUILD, "t.py").expect("the elements fit");
    let ok = vm.get_global("ok").expect("ok set").get();
    assert_eq!(vm.display(ok), "True");
    match vm.run_source(ITERATE, "t.py") {
        Err(RunError::Exception { type_name, .. }) => assert_eq!(type_name, "MemoryError"),
        other => panic!("iterating gave {other:?}, not MemoryError"),
    }
    // The VM keeps working, and the set still answers membership.
    vm.run_source("ok = 5 in s\ndel s\n", "t.py").expect("runs");
    let ok = vm.get_global("ok").expect("ok set").get();
    assert_eq!(vm.display(ok), "True");
}

/// The counted heap after a collection, once `script` ran after [`BUILD`].
fn bytes_after(script: &str) -> usize {
    let mut vm = vm_with_heap(64_000_000);
    vm.run_source(BUILD, "t.py").expect("builds");
    vm.run_source(script, "t.py").expect("runs");
    let n = vm.get_global("n").expect("n set").get();
    assert_eq!(vm.display(n), "40000");
    vm.collect_garbage();
    vm.heap.bytes()
}

#[test]
fn an_order_table_is_counted_in_the_heap_bytes() {
    // Membership only builds no order table; iteration does, and the heap counts it.
    let probed = bytes_after("n = 0\nfor x in range(40000):\n    n += x in s\n");
    let iterated = bytes_after(ITERATE);
    assert!(
        iterated >= probed + ORDER_TABLE_BYTES,
        "the heap holds {iterated} bytes after iterating, {probed} after probing only"
    );
}
