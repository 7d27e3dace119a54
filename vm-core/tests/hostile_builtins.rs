//! Hostile arguments to builtins and methods: extreme ints as sizes, counts, indices and
//! digits, searches that scan for ever, results that cannot fit. No input may panic the VM
//! (debug builds check overflow), hang it beyond the reach of the instruction budget and
//! the embedder's requests, or grow memory outside the heap limit. What CPython answers is
//! answered the same way in both tiers; the conformance corpus (`tests/py`) has the cases
//! whose output CPython produces quickly.

mod common;

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use common::Shared;
use vm_core::{Config, RunError, Termination, Vm};

/// The test measuring the process's peak memory runs alone: every test takes this lock.
static SERIAL: Mutex<()> = Mutex::new(());

/// Tier 1 alone, and tier 2 with every threshold at 1.
fn tiers() -> [(&'static str, Config); 2] {
    [
        (
            "tier 1",
            Config {
                tier: 1,
                ..Config::default()
            },
        ),
        (
            "tier 2, hot 1",
            Config {
                tier: 2,
                hot: Some(1),
                ..Config::default()
            },
        ),
    ]
}

fn run(config: Config, src: &str) -> (Result<(), RunError>, String) {
    let out = Rc::new(RefCell::new(String::new()));
    let mut vm = Vm::new(config, Box::new(Shared(out.clone()))).expect("VM");
    let r = vm.run_source(src, "t.py");
    let text = out.borrow().clone();
    (r, text)
}

/// `src` prints `want` in both tiers.
fn prints(src: &str, want: &str) {
    for (name, config) in tiers() {
        let (r, out) = run(config, src);
        assert!(r.is_ok(), "{name}: {r:?}\n{out}");
        assert_eq!(out, want, "{name}: {src}");
    }
}

/// Each expression of `exprs` raises an exception of type `want` in both tiers, at once.
fn raises(exprs: &[&str], want: &str) {
    raises_under(Config::default().heap_limit, exprs, want);
}

/// [`raises`] under a heap limit of `heap` bytes.
fn raises_under(heap: usize, exprs: &[&str], want: &str) {
    for e in exprs {
        for (name, mut config) in tiers() {
            config.heap_limit = heap;
            let start = Instant::now();
            let (r, out) = run(config, &format!("x = {e}\n"));
            match &r {
                Err(RunError::Exception { type_name, .. }) if type_name == want => {}
                other => panic!("{name}: {e}: {other:?}\n{out}"),
            }
            let took = start.elapsed();
            assert!(took < Duration::from_secs(2), "{name}: {e} took {took:?}");
        }
    }
}

/// Each statement of `stmts` runs until stopped: the instruction budget ends it in both
/// tiers, and so does the embedder's terminate request.
fn stopped(stmts: &[&str]) {
    for s in stmts {
        // A script that catches everything: only termination ends it.
        let src = format!("try:\n    {s}\nexcept BaseException:\n    pass\n");
        for (name, mut config) in tiers() {
            config.fuel = Some(100_000);
            let (r, _) = run(config, &src);
            assert!(
                matches!(
                    r,
                    Err(RunError::Terminated {
                        reason: Termination::Fuel,
                        ..
                    })
                ),
                "{name}: {s}: {r:?}"
            );
            let out = Rc::new(RefCell::new(String::new()));
            let (_, config) = tiers().into_iter().find(|t| t.0 == name).expect("tier");
            let mut vm = Vm::new(config, Box::new(Shared(out))).expect("VM");
            let signals = vm.signals();
            let watchdog = std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                signals.terminate();
            });
            let start = Instant::now();
            let r = vm.run_source(&src, "t.py");
            watchdog.join().expect("watchdog");
            assert!(
                matches!(
                    r,
                    Err(RunError::Terminated {
                        reason: Termination::Request,
                        ..
                    })
                ),
                "{name}: {s}: {r:?}"
            );
            let took = start.elapsed();
            assert!(took < Duration::from_secs(2), "{name}: {s} took {took:?}");
        }
    }
}

#[test]
fn round_of_an_int_to_a_huge_negative_ndigits_refuses_the_power() {
    let _serial = SERIAL.lock();
    // CPython computes 10**n for ever; the power cannot fit any heap.
    raises(
        &[
            "round(150, -(2**47))",
            "round(1250, -(2**63))",
            "round(-1250, -(2**64))",
            "round(True, -(10**30))",
            "round(2**100, -(2**62))",
        ],
        "MemoryError",
    );
    prints(
        "print(round(150, -2), round(-250, -2), round(10**30 + 5 * 10**9, -10), round(True, -1))\n",
        "200 -200 1000000000000000000000000000000 0\n",
    );
}

#[test]
fn round_of_a_float_clamps_ndigits() {
    let _serial = SERIAL.lock();
    prints(
        "print(round(1.5, 10**20), round(1.5, -10**20), round(-1.5, -(2**63)), round(2.675, 2**63 - 1))\n",
        "1.5 0.0 -0.0 2.675\n",
    );
}

#[test]
fn slices_with_a_step_of_minus_two_to_the_63_select_like_cpython() {
    let _serial = SERIAL.lock();
    prints(
        "print('Hello'[::-(2**63)], b'ab'[::-(2**63)], [1, 2][::-(2**63)], range(10)[::-(2**63)])\n\
         print(slice(None, None, -(2**63)).indices(5), slice(None).indices(2**50))\n\
         l = list(range(5))\n\
         del l[::-(2**63)]\n\
         print(l, range(-2**63, 2**63 - 1, 2**62)[-1], range(2**50).stop)\n",
        "o b'b' [2] range(9, -1, -9223372036854775808)\n\
         (4, -1, -9223372036854775808) (0, 1125899906842624, 1)\n\
         [0, 1, 2, 3] 4611686018427387904 1125899906842624\n",
    );
}

#[test]
fn ranges_search_ints_in_constant_time() {
    let _serial = SERIAL.lock();
    let start = Instant::now();
    prints(
        "r = range(10**20)\n\
         print(5 in r, 10**19 in r, -1 in r, True in r, 2**64 in range(2**62), r.index(10**19), r.count(7))\n\
         print(2**49 in range(2**50), range(2**50).index(2**49), range(-2**62, 2**62, 3).index(2**62 - 2))\n",
        "True True False True False 10000000000000000000 1\n\
         True 562949953421312 3074457345618258602\n",
    );
    assert!(start.elapsed() < Duration::from_secs(2));
}

#[test]
fn ranges_searched_for_other_values_scan_until_stopped() {
    let _serial = SERIAL.lock();
    // CPython compares each member too: as long as the range (Ctrl-C stops it).
    stopped(&[
        "'' in range(10**20)",
        "range(10**20).count('')",
        "range(10**20).index('x')",
        "r = range(10**20)\n    r in r",
        "'a' in range(2**31)",
        "range(2**62).count(None)",
        "range(2**62).index(0.5)",
    ]);
}

#[test]
fn a_subgenerator_that_swallows_a_thrown_exception_ends_the_yield_from() {
    let _serial = SERIAL.lock();
    // `finally: return` turns the throw into the subgenerator's return: its value is the
    // result of `yield from`, and the outer generator goes on from there.
    prints(
        "def inner():\n    try:\n        yield 1\n    finally:\n        return 'r'\n\
         def gen():\n    a = 5\n    r = yield from inner()\n    print('got', r, a)\n\
         it = gen()\nnext(it)\ntry:\n    it.throw(ValueError)\nexcept StopIteration as e:\n    print('stop', e.value)\n\
         it = gen()\nnext(it)\nit.close()\nprint(next(it, 'finished'))\n",
        "got r 5\nstop None\nfinished\n",
    );
}

/// Runs `src` in a thread with a 1 MiB stack (a quarter of a board's); the uncaught
/// exception's type name, or "" when it succeeded.
fn outcome_on_small_stack(src: &'static str) -> String {
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            let out = Rc::new(RefCell::new(String::new()));
            let mut vm = Vm::new(Config::default(), Box::new(Shared(out))).expect("VM");
            match vm.run_source(src, "t.py") {
                Ok(()) => String::new(),
                Err(RunError::Exception { type_name, .. }) => type_name,
                Err(other) => format!("{other:?}"),
            }
        })
        .expect("thread")
        .join()
        .expect("no stack overflow")
}

#[test]
fn throw_and_close_through_a_deep_yield_from_chain_fit_a_small_stack() {
    let _serial = SERIAL.lock();
    for op in ["it.throw(ValueError)", "it.close()"] {
        let src = format!(
            "def deep(n):\n    if n == 0:\n        try:\n            yield 0\n        finally:\n            return 'bottom'\n    return (yield from deep(n - 1))\n\
             it = deep(990)\nnext(it)\ntry:\n    {op}\nexcept StopIteration:\n    pass\n"
        );
        let src: &'static str = Box::leak(src.into_boxed_str());
        assert_eq!(outcome_on_small_stack(src), "", "{op}");
    }
}

/// Each statement of `stmts` (after `setup`) runs a long native operation that the
/// embedder's terminate request stops within a second, in both tiers.
fn interruptible(setup: &str, stmts: &[&str]) {
    for s in stmts {
        for (name, config) in tiers() {
            let out = Rc::new(RefCell::new(String::new()));
            let mut vm = Vm::new(config, Box::new(Shared(out))).expect("VM");
            vm.run_source(setup, "t.py").expect("setup");
            let signals = vm.signals();
            let watchdog = std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                signals.terminate();
            });
            let start = Instant::now();
            let r = vm.run_source(s, "t.py");
            watchdog.join().expect("watchdog");
            let took = start.elapsed();
            assert!(
                matches!(
                    r,
                    Err(RunError::Terminated {
                        reason: Termination::Request,
                        ..
                    })
                ),
                "{name}: {s}: {r:?}"
            );
            assert!(took < Duration::from_secs(2), "{name}: {s} took {took:?}");
        }
    }
}

#[test]
fn long_integer_math_answers_the_embedders_requests() {
    let _serial = SERIAL.lock();
    interruptible(
        "import math\n\
         m = (1 << 4_000_000) - 1\n\
         a = (1 << 20_000_000) - 1\n\
         import random\n\
         random.seed(1)\n\
         c = random.getrandbits(8_000_000)\n\
         d = random.getrandbits(8_000_000)\n",
        &[
            "pow(3, m, m)",
            "math.factorial(10**7)",
            "math.isqrt(a)",
            "math.gcd(c, d)",
            "math.lcm(c, d)",
            "math.comb(10**7, 5 * 10**6)",
            "math.perm(10**8, 10**7)",
        ],
    );
}

#[test]
fn integer_math_refuses_results_that_cannot_fit_at_once() {
    let _serial = SERIAL.lock();
    raises(
        &[
            "__import__('math').factorial(10**8)",
            "__import__('math').perm(10**20, 10**9)",
            "__import__('math').comb(10**30, 10**9)",
            "__import__('math').perm(10**9)",
        ],
        "MemoryError",
    );
    raises(
        &[
            "__import__('math').factorial(10**19)",
            "__import__('math').comb(10**20, 10**19)",
            "__import__('math').perm(10**20, 10**19)",
        ],
        "OverflowError",
    );
    // CPython computes these (a product of 100,001 factors, huge n with small k).
    prints(
        "import math\n\
         print(math.factorial(100_001).bit_length(), math.comb(10**20, 3) % 1000003, math.perm(2**70, 2))\n",
        "1516721 863955 1393796574908163946344801800419805182820352\n",
    );
}

/// How far resident memory rose above its level before `f` ran (Linux; elsewhere 0).
fn peak_growth_kb(f: impl FnOnce()) -> usize {
    #[cfg(target_os = "linux")]
    {
        let rss = |field: &str| -> usize {
            let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
            status
                .lines()
                .find_map(|l| l.strip_prefix(field))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
                .unwrap_or(0)
        };
        // Writing 5 resets the peak ("VmHWM") to the current resident size.
        let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
        let before = rss("VmRSS:");
        f();
        if !reset {
            return 0;
        }
        rss("VmHWM:").saturating_sub(before)
    }
    #[cfg(not(target_os = "linux"))]
    {
        f();
        0
    }
}

#[test]
fn text_of_huge_ints_and_strings_is_charged_before_it_is_built() {
    let _serial = SERIAL.lock();
    // A 25 MB int has a 200 MB binary text, a 20 MB str a 50 MB ascii() (after its 20 MB
    // repr): refused before they are built, under a 96 MB heap.
    let setup = "x = (1 << 200_000_000) - 1\nn = -x\ns = '\\U0001f600' * 5_000_000\n";
    for e in [
        "bin(x)",
        "hex(x)",
        "oct(n)",
        "'%x' % x",
        "format(x, 'b')",
        "f'{x:o}'",
        "ascii(s)",
        "'%a' % (s,)",
        "f'{s!a}'",
    ] {
        for (name, mut config) in tiers() {
            config.heap_limit = 96 << 20;
            let out = Rc::new(RefCell::new(String::new()));
            let mut vm = Vm::new(config, Box::new(Shared(out))).expect("VM");
            vm.run_source(setup, "t.py").expect("setup");
            let mut r = Ok(());
            let grew = peak_growth_kb(|| r = vm.run_source(&format!("y = {e}\n"), "t.py"));
            match &r {
                Err(RunError::Exception { type_name, .. }) if type_name == "MemoryError" => {}
                other => panic!("{name}: {e}: {other:?}"),
            }
            assert!(grew < 40 << 10, "{name}: {e}: memory grew by {grew} KB");
        }
    }
}
