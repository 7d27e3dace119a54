//! Native buffers a script sizes (formatted text, reprs, replacements, big-int products)
//! stay within the heap limit: building stops with `MemoryError` before the buffer grows
//! past the limit, results CPython produces are produced exactly, long big-int operations
//! stop at an interrupt, and the VM keeps working afterwards.

mod common;

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use common::{exception_type, Shared};
use vm_core::{Config, RunError, Vm};

/// The tests of this file measure the process's peak memory: one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

const LIMIT: usize = 1_000_000;

fn vm_with_heap(limit: usize) -> (Vm, Rc<RefCell<String>>) {
    let out = Rc::new(RefCell::new(String::new()));
    let config = Config {
        heap_limit: limit,
        ..Config::default()
    };
    (
        Vm::new(config, Box::new(Shared(out.clone()))).expect("VM"),
        out,
    )
}

/// Resident memory in KB: the current value, or the peak since [`reset_peak`].
#[cfg(target_os = "linux")]
fn rss_kb(field: &str) -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// How far resident memory rose above its level before `f` ran (Linux; elsewhere 0).
fn peak_growth_kb(f: impl FnOnce()) -> usize {
    #[cfg(target_os = "linux")]
    {
        // Writing 5 resets the peak ("VmHWM") to the current resident size.
        let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
        let before = rss_kb("VmRSS:");
        f();
        if !reset {
            return 0;
        }
        rss_kb("VmHWM:").saturating_sub(before)
    }
    #[cfg(not(target_os = "linux"))]
    {
        f();
        0
    }
}

/// Runs `src`, which must fail with `MemoryError` without the process's memory growing
/// by more than `max_kb`; then the heap is back under its limit and, in a separate run
/// (which collects first), the VM still allocates.
fn assert_memory_error_within(vm: &mut Vm, out: &RefCell<String>, src: &str, max_kb: usize) {
    let mut r = Ok(());
    let grew = peak_growth_kb(|| r = vm.run_source(src, "t.py"));
    assert_eq!(exception_type(&r), "MemoryError", "{src}");
    assert!(grew < max_kb, "{src}: memory grew by {grew} KB");
    assert!(vm.heap.bytes() <= vm.heap.limit() + (1 << 20), "{src}");
    out.borrow_mut().clear();
    vm.run_source("x = [0] * 10\nprint(len(x))\n", "t.py")
        .unwrap();
    assert_eq!(out.borrow().as_str(), "10\n", "after {src}");
}

#[test]
fn precisions_beyond_65535_format_like_cpython() {
    let _serial = SERIAL.lock();
    let (mut vm, out) = vm_with_heap(LIMIT);
    let src = "\
for s in ['%.65536f' % 1.5, '%.65536e' % 1.5, '%#.65536g' % 1.5, '%.65536g' % 1.5,
          format(1.5, '.65536%'), f'{1.5:.65536F}', '{:.65536E}'.format(-1.5),
          '%.65536G' % 2.5e-300]:
    print(len(s), s[:6], s[-6:])
";
    vm.run_source(src, "t.py").unwrap();
    // CPython 3.11's output.
    let expected = "\
65538 1.5000 000000
65542 1.5000 00e+00
65537 1.5000 000000
3 1.5 1.5
65541 150.00 00000%
65538 1.5000 000000
65543 -1.500 00E+00
755 2.4999 5E-300
";
    assert_eq!(out.borrow().as_str(), expected);
}

#[test]
fn fields_larger_than_the_heap_raise_memory_error_before_allocating() {
    let _serial = SERIAL.lock();
    let (mut vm, out) = vm_with_heap(LIMIT);
    for src in [
        "'{:>{}}'.format('x', 50_000_000)",
        "'%*s' % (50_000_000, 'x')",
        "format(1.5, '.50000000f')",
        "'%.50000000e' % 1.5",
        "f'{7:050000000,}'",
        "'%.50000000d' % 7",
        "format(-2.5, '\u{20ac}^50000000')",
        "'%0-50000000x' % 255",
    ] {
        assert_memory_error_within(&mut vm, &out, src, 16 << 10);
    }
}

#[test]
fn reprs_and_formats_of_large_containers_stop_at_the_heap_limit() {
    let _serial = SERIAL.lock();
    let (mut vm, out) = vm_with_heap(LIMIT);
    // 20,000 references to one 10 KB string: 200 MB of text from 170 KB of heap.
    vm.run_source("s = 'x' * 10000\nl = [s] * 20000\n", "t.py")
        .unwrap();
    for src in [
        "repr(l)",
        "str(l)",
        "'%s' % (l,)",
        "'%r' % (l,)",
        "format(l)",
        "f'{l}'",
        "f'{l!r:>10}'",
        "'{}'.format(l)",
        "('%s' * 20000) % tuple(l)",
        "('{}' * 20000).format(*l)",
        "repr(tuple(l))",
        "repr({i: s for i in range(20000)})",
        "repr([l, l])",
        "print(l)",
    ] {
        assert_memory_error_within(&mut vm, &out, src, 16 << 10);
    }
}

#[test]
fn str_and_bytes_results_stop_at_the_heap_limit() {
    let _serial = SERIAL.lock();
    let (mut vm, out) = vm_with_heap(LIMIT);
    for src in [
        "('ab' * 5000).replace('', 'y' * 10000)",
        "b''.join([b'x' * 10000] * 20000)",
        "(b'ab' * 5000).replace(b'', b'y' * 10000)",
        "bytearray(b'ab' * 5000).replace(b'a', b'y' * 20000)",
    ] {
        assert_memory_error_within(&mut vm, &out, src, 16 << 10);
    }
    // A fill character of three bytes: the padding's bytes are what is charged.
    let (mut vm, out) = vm_with_heap(64 << 20);
    assert_memory_error_within(
        &mut vm,
        &out,
        "'x'.center(30_000_000, '\u{20ac}')",
        48 << 10,
    );
    // Reprs four times their text: refused before they are built.
    let (mut vm, out) = vm_with_heap(16 << 20);
    vm.run_source("b = bytes(5_000_000)\ns = '\\x00' * 5_000_000\n", "t.py")
        .unwrap();
    assert_memory_error_within(&mut vm, &out, "repr(b)", 10 << 10);
    assert_memory_error_within(&mut vm, &out, "repr(s)", 10 << 10);
    assert_memory_error_within(&mut vm, &out, "repr(bytearray(b))", 10 << 10);
}

#[test]
fn str_and_bytes_methods_match_cpython() {
    let _serial = SERIAL.lock();
    let (mut vm, out) = vm_with_heap(LIMIT);
    let src = "\
print('abc'.replace('', '-'), 'abc'.replace('', '-', 2), 'aaa'.replace('aa', 'x'))
print(b'abc'.replace(b'', b'-'), b'abc'.replace(b'', b'-', 2), b'aaa'.replace(b'a', b'bb', 2))
print(b'-'.join([b'a', bytearray(b'b')]), bytearray(b'.').join([]))
print(b'\\x01\\x02\\x03\\x04\\x05'.hex(':', 2), b'\\x01\\x02\\x03\\x04\\x05'.hex(':', -2), b'\\xab'.hex())
print('abc'.center(8, '\u{20ac}'), 'ab'.center(5, '*'), '-42'.zfill(6), 'a\\tbc\\td'.expandtabs(4))
try:
    'a\\tb'.expandtabs(2 ** 31)
except OverflowError as e:
    print(e)
l = []
l *= 2 ** 62
print(l, 'ok')
";
    vm.run_source(src, "t.py").unwrap();
    let expected = "\
-a-b-c- -a-bc xa
b'-a-b-c-' b'-a-bc' b'bbbba'
b'a-b' bytearray(b'')
01:0203:0405 0102:0304:05 ab
\u{20ac}\u{20ac}abc\u{20ac}\u{20ac}\u{20ac} **ab* -00042 a   bc  d
Python int too large to convert to C int
[] ok
";
    assert_eq!(out.borrow().as_str(), expected);
}

#[test]
fn format_errors_match_cpython() {
    let _serial = SERIAL.lock();
    let (mut vm, out) = vm_with_heap(LIMIT);
    let src = "\
for f in [lambda: '%.*f' % (2 ** 31, 1.5), lambda: '%*f' % (2 ** 63, 1.5),
          lambda: '%d' % float('nan'), lambda: format(10 ** 5000, ','),
          lambda: '%d' % 10 ** 5000]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
";
    vm.run_source(src, "t.py").unwrap();
    let limit = "Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit";
    let expected = format!(
        "OverflowError Python int too large to convert to C int\n\
         OverflowError Python int too large to convert to C ssize_t\n\
         ValueError cannot convert float NaN to integer\n\
         ValueError {limit}\n\
         ValueError {limit}\n"
    );
    assert_eq!(out.borrow().as_str(), expected);
}

#[test]
fn big_int_results_that_cannot_fit_fail_at_once() {
    let _serial = SERIAL.lock();
    let (mut vm, out) = vm_with_heap(LIMIT);
    vm.run_source("n = int('1' * 4300)\n", "t.py").unwrap();
    // A 535 KB result (and its temporaries) under a 1 MB heap: refused before the seconds of
    // multiplication it would take.
    for src in ["n ** 300", "y = n ** 150\ny * y", "n << 8_000_000"] {
        let start = Instant::now();
        assert_memory_error_within(&mut vm, &out, src, 16 << 10);
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "{src}: {:?}",
            start.elapsed()
        );
    }
    out.borrow_mut().clear();
    vm.run_source("print((n ** 30).bit_length())\n", "t.py")
        .unwrap();
    assert_eq!(out.borrow().as_str(), "428434\n");
}

#[test]
fn long_big_int_operations_stop_at_an_interrupt() {
    let _serial = SERIAL.lock();
    let (mut vm, out) = vm_with_heap(256 << 20);
    vm.run_source(
        "a = (1 << 24_000_000) - 1\nb = (1 << 4_000_000) - 1\nc = (1 << 2_000_000) - 3\n",
        "t.py",
    )
    .unwrap();
    // Each takes many seconds to finish.
    for src in ["3 ** 20_000_000", "a * a", "b // c", "b % c"] {
        let flag = vm.signals();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            flag.interrupt();
        });
        let start = Instant::now();
        let r = vm.run_source(src, "t.py");
        let took = start.elapsed();
        raiser.join().unwrap();
        assert_eq!(exception_type(&r), "KeyboardInterrupt", "{src}");
        assert!(
            took < Duration::from_secs(3),
            "{src}: stopped after {took:?}"
        );
        out.borrow_mut().clear();
        vm.run_source("x = [0] * 10\nprint(len(x))\n", "t.py")
            .unwrap();
        assert_eq!(out.borrow().as_str(), "10\n");
    }
}

#[test]
fn huge_decimal_literals_are_a_syntax_error() {
    let _serial = SERIAL.lock();
    let (mut vm, _out) = vm_with_heap(LIMIT);
    let src = format!("y = {}\n", "7".repeat(100_000));
    let start = Instant::now();
    let r = vm.run_source(&src, "t.py");
    // CPython 3.11 (`python3 t.py`): the last 999-byte piece of the line, no caret.
    let expected = format!(
        "  File \"t.py\", line 1\n    {}\nSyntaxError: Exceeds the limit (4300 digits) for integer string conversion: value has 100000 digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.\n",
        "7".repeat(104)
    );
    assert_eq!(r, Err(RunError::Compile(expected)));
    assert!(start.elapsed() < Duration::from_secs(1));
    // Hexadecimal literals are not limited.
    let src = format!(
        "y = 0x{}\nassert y.bit_length() == 400000\n",
        "f".repeat(100_000)
    );
    vm.run_source(&src, "t.py").unwrap();
}

#[test]
fn sequence_results_are_charged_once() {
    let _serial = SERIAL.lock();
    let (mut vm, out) = vm_with_heap(LIMIT);
    // 400 KB of list and 200 KB of str fit a 1 MB heap within one run (no collection
    // between them to correct a double count).
    let src = "\
l = [0] * 50000
r = 'x' * 200000
t = (1,) * 5000 + (2,) * 5000
print(len(l), len(r), len(t))
";
    vm.run_source(src, "t.py").unwrap();
    assert_eq!(out.borrow().as_str(), "50000 200000 10000\n");
}
