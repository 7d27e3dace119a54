//! Images run under the image fuzzer's limits end every way a runaway program can: an
//! endless loop (and one in a generator) with the fuel spent, deep recursion with
//! `RecursionError`, a huge allocation and endless growth with `MemoryError`.

use tiercel_fuzz::images::encode::encode;
use tiercel_fuzz::images::run::new_vm;
use vm_core::bytecode::code::code_flags;
use vm_core::bytecode::ops::Op;
use vm_core::image::{compile_to_image, read};
use vm_core::{RunError, Termination};

fn run(src: &str) -> Result<(), RunError> {
    let bytes = compile_to_image(src, "limits.py").expect("compiles");
    run_image(&bytes)
}

fn run_image(bytes: &[u8]) -> Result<(), RunError> {
    let mut vm = new_vm(100_000, false);
    let code = vm.load_image(bytes, "limits.tbc").expect("verified");
    vm.run_main(code)
}

/// `src` with every loop back-edge (`JUMP_BACKWARD`, a safe point) of its generators
/// turned into `JUMP_BACKWARD_NO_INTERRUPT` and a `NOP` where its cache was: code the
/// compiler never emits, but the verifier accepts where a yield is in the loop.
fn without_back_edge_safe_points(src: &str) -> Vec<u8> {
    let bytes = compile_to_image(src, "limits.py").expect("compiles");
    let mut img = read(&bytes).expect("reads");
    for c in img
        .codes
        .iter_mut()
        .filter(|c| c.flags & code_flags::GENERATOR != 0)
    {
        let mut ip = 0;
        while ip < c.units.len() {
            let op = Op::from_u8(c.units[ip] as u8).expect("an opcode");
            if op == Op::JUMP_BACKWARD {
                c.units[ip] = (c.units[ip] & !0xff) | Op::JUMP_BACKWARD_NO_INTERRUPT as u32;
                c.units[ip + 1] = Op::NOP as u32;
            }
            ip += 1 + op.cache_units();
        }
    }
    encode(&img)
}

fn exception(src: &str) -> String {
    match run(src) {
        Err(RunError::Exception { type_name, .. }) => type_name,
        other => panic!("{src}: {other:?}"),
    }
}

#[test]
fn runaway_images_end_with_an_error() {
    // Deep frames in the test profile: the VM's limits are what is tested.
    let t = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            for src in ["while True:\n    pass\n", "def g():\n    while True:\n        yield 1\nfor x in g():\n    pass\n"] {
                assert!(
                    matches!(run(src), Err(RunError::Terminated { reason: Termination::Fuel, .. })),
                    "{src}"
                );
            }
            // A generator whose loop passes no safe point but its yield, collected by
            // native code (`list`) and by a `for` loop: the fuel ends it (or the heap, when
            // what it yields fills that first).
            for (src, memory) in [
                ("def g():\n    while True:\n        yield 1\nlist(g())\n", false),
                ("def g():\n    while True:\n        yield [0] * 100\nlist(g())\n", true),
                ("def g():\n    while True:\n        yield 1\nfor x in g():\n    pass\n", false),
            ] {
                let r = run_image(&without_back_edge_safe_points(src));
                let fuel = matches!(r, Err(RunError::Terminated { reason: Termination::Fuel, .. }));
                let oom = matches!(&r, Err(RunError::Exception { type_name, .. }) if type_name == "MemoryError");
                assert!(fuel || (memory && oom), "{src}: {r:?}");
            }
            assert_eq!(exception("def f(n):\n    return f(n + 1)\nf(0)\n"), "RecursionError");
            assert_eq!(exception("x = [0] * 10**9\n"), "MemoryError");
            assert_eq!(exception("x = 'ab' * 10**9\n"), "MemoryError");
            assert_eq!(exception("l = []\nwhile True:\n    l.append([0] * 1000)\n"), "MemoryError");
        })
        .expect("spawn");
    t.join().expect("the limits thread");
}
