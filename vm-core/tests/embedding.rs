//! The embedding API as documented in `docs/EMBEDDING.md`.

use vm_core::object::value::ObjRef;
use vm_core::{BufferHost, Config, PyResult, RunError, Value, Vm};

fn add(vm: &mut Vm, args: &[Value], _kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let a = vm.as_i64(args[0]).unwrap_or(0);
    let b = vm.as_i64(args[1]).unwrap_or(0);
    vm.new_int(a + b)
}

fn led(vm: &mut Vm, args: &[Value], _kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let on = vm.truthy(args[0])?;
    vm.new_str(if on { "on" } else { "off" })
}

fn board_init(vm: &mut Vm, dict: ObjRef) -> PyResult<()> {
    vm.add_module_function(dict, "led", led)
}

#[test]
fn native_functions_modules_results_and_errors() {
    let config = Config {
        heap_limit: 8 << 20,
        ..Config::default()
    };
    let mut vm = Vm::new(config, Box::new(BufferHost::default())).expect("VM");
    vm.register_function("add", add).unwrap();
    vm.register_module("board", board_init);
    vm.run_source(
        "import board\nx = add(2, 3)\ny = board.led(x > 4)\n",
        "main.py",
    )
    .unwrap();
    let x = vm.get_global("x").unwrap();
    assert_eq!(vm.as_i64(x.get()), Some(5));
    let y = vm.get_global("y").unwrap();
    assert_eq!(vm.display(y.get()), "on");
    match vm.run_source("def f():\n    return 1 / 0\nf()\n", "main.py") {
        Err(RunError::Exception {
            type_name,
            message,
            traceback,
        }) => {
            assert_eq!(type_name, "ZeroDivisionError");
            assert_eq!(message, "division by zero");
            assert!(traceback.contains("line 2, in f"), "{traceback}");
        }
        other => panic!("{other:?}"),
    }
    match vm.run_source("x = (1,\n", "main.py") {
        Err(RunError::Compile(text)) => {
            assert!(text.contains("SyntaxError: '(' was never closed"), "{text}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        vm.run_source("import sys\nsys.exit(3)\n", "main.py"),
        Err(RunError::Exit(3))
    );
    // Globals persist between runs, like a REPL session.
    vm.run_source("z = x * 10\n", "main.py").unwrap();
    let z = vm.get_global("z").unwrap();
    assert_eq!(vm.as_i64(z.get()), Some(50));
    vm.run_source("def g(a, b):\n    return a + b\n", "main.py")
        .unwrap();
    let g = vm.get_global("g").unwrap();
    let r = vm
        .call_function(
            g.get(),
            &[Value::small_int(1).unwrap(), Value::small_int(2).unwrap()],
        )
        .unwrap();
    assert_eq!(vm.as_i64(r.get()), Some(3));
}

/// Complex numbers are values like any other: a result reads back through
/// `Vm::complex_of`, and an error in complex arithmetic is CPython's exception.
#[test]
fn complex_results_read_back() {
    let mut vm = Vm::new(Config::default(), Box::new(BufferHost::default())).expect("VM");
    vm.run_source("def f(a):\n    return (a + 1j) ** 2\n", "t.py")
        .unwrap();
    let f = vm.get_global("f").unwrap();
    let r = vm
        .call_function(f.get(), &[Value::small_int(2).unwrap()])
        .unwrap();
    let z = vm.complex_of(r.get()).expect("a complex");
    assert_eq!((z.re, z.im), (3.0, 4.0));
    let err = vm.run_source("x = 1j / 0", "t.py");
    match err {
        Err(RunError::Exception {
            type_name, message, ..
        }) => {
            assert_eq!(type_name, "ZeroDivisionError");
            assert_eq!(message, "complex division by zero");
        }
        other => panic!("{other:?}"),
    }
}

/// A fresh object returned by `call_function` is a handle: the run's end collects, yet it
/// reads as the same string right away and after later runs and collections.
#[test]
fn values_handed_to_rust_stay_alive_until_dropped() {
    let mut vm = Vm::new(Config::default(), Box::new(BufferHost::default())).expect("VM");
    vm.run_source("def make(n):\n    return 'item-' + str(n) * 3\n", "main.py")
        .unwrap();
    let make = vm.get_global("make").unwrap();
    let s = vm
        .call_function(make.get(), &[Value::small_int(7).unwrap()])
        .unwrap();
    assert_eq!(vm.str_of(s.get()), Some("item-777"));
    // Garbage in between, collected several times, reusing freed slots.
    for _ in 0..5 {
        vm.run_source(
            "junk = [str(i) * 2 for i in range(20000)]\njunk = None\n",
            "main.py",
        )
        .unwrap();
        vm.collect_garbage();
    }
    assert_eq!(vm.str_of(s.get()), Some("item-777"));
    // Dropping the last handle lets the object go.
    let live = vm.heap.live_objects();
    drop(s);
    vm.collect_garbage();
    assert!(vm.heap.live_objects() < live);
}

thread_local! {
    static KEPT: std::cell::RefCell<Option<vm_core::Handle>> = const { std::cell::RefCell::new(None) };
}

fn keep(vm: &mut Vm, args: &[Value], _kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let h = vm.handle(args[0]);
    KEPT.with(|k| *k.borrow_mut() = Some(h));
    Ok(Value::NONE)
}

/// A native function that keeps an argument makes a handle of it.
#[test]
fn an_argument_kept_by_a_native_function_survives_collections() {
    let mut vm = Vm::new(Config::default(), Box::new(BufferHost::default())).expect("VM");
    vm.register_function("keep", keep).unwrap();
    vm.run_source(
        "keep(''.join(['kept', '-', 'value']))\nfor i in range(3):\n    junk = [[j] for j in range(30000)]\n",
        "main.py",
    )
    .unwrap();
    vm.collect_garbage();
    let kept = KEPT.with(|k| k.borrow_mut().take()).unwrap();
    assert_eq!(vm.str_of(kept.get()), Some("kept-value"));
}

/// A host without a filesystem (the default `Host` file calls): `open()` raises an
/// `OSError` that says so, and the script can catch it.
#[test]
fn open_without_a_filesystem_is_an_os_error() {
    let mut vm = Vm::new(Config::default(), Box::new(BufferHost::default())).expect("VM");
    vm.run_source(
        "try:\n    open('data.txt')\nexcept OSError as e:\n    r = (type(e).__name__, e.errno, e.strerror, e.filename)\n",
        "main.py",
    )
    .unwrap();
    let r = vm.get_global("r").unwrap();
    assert_eq!(
        vm.display(r.get()),
        "('OSError', 38, 'this board has no filesystem', 'data.txt')"
    );
    match vm.run_source("open('x', 'w').write('y')\n", "main.py") {
        Err(RunError::Exception { message, .. }) => {
            assert_eq!(message, "[Errno 38] this board has no filesystem: 'x'")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn interning_goes_by_text_not_by_buffer() {
    let mut vm = Vm::new(Config::default(), Box::new(BufferHost::default())).expect("VM");
    let mut buf = String::from("alpha");
    let alpha = vm.intern(&buf).unwrap();
    // The same buffer holding other text of the same length is another name.
    buf.clear();
    buf.push_str("omega");
    let omega = vm.intern(&buf).unwrap();
    assert_ne!(alpha, omega);
    assert_eq!(vm.display(omega), "omega");
    assert_eq!(vm.intern("alpha").unwrap(), alpha);
    buf.clear();
    buf.push_str("alpha");
    assert_eq!(vm.intern(&buf).unwrap(), alpha);
}
