//! What a hostile script can do to the `tiercel` process under `--heap 1000000`: every case
//! ends with a clear Python error (or works), the same VM allocates again after each
//! `MemoryError`, and the process never gets past 16 MB resident (its peak as `tiercel
//! --stats` reports it: the kernel's high-water mark of the process since it started).

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The bound on the process's peak resident size, in KiB.
const PEAK_KIB: u64 = 16 * 1024;

/// What the program printed, its exit status and its peak resident size in KiB.
struct Ran {
    stdout: String,
    stderr: String,
    status: i32,
    /// `None` when the process ended before reporting (it could not start a VM).
    peak_kib: Option<u64>,
}

/// Runs `tiercel --stats --heap 1000000 ARGS FILE` with `src` in FILE.
fn run(src: &str, args: &[&str]) -> Ran {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let file = std::env::temp_dir().join(format!(
        "tiercel-limits-{}-{}.py",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&file, src).expect("temporary file");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tiercel"))
        .arg("--stats")
        .arg("--heap")
        .arg("1000000")
        .args(args)
        .arg(&file)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tiercel runs");
    let (mut so, mut se) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        so.read_to_string(&mut s).map(|_| s)
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        se.read_to_string(&mut s).map(|_| s)
    });
    let start = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break st.code().unwrap_or(-1);
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("hung: {src}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stderr = err.join().unwrap().unwrap();
    let peak_kib = stderr
        .lines()
        .find_map(|l| l.strip_prefix("peak resident memory: "))
        .and_then(|l| l.trim_end_matches(" KiB").parse().ok());
    let _ = std::fs::remove_file(&file);
    // (Tracebacks name the temporary file: one name for all, so runs compare.)
    let name = file.display().to_string();
    let stderr = stderr.replace(&name, "prog.py");
    // What the script wrote, before the statistics.
    let stats = stderr
        .find("specialization statistics")
        .unwrap_or(stderr.len());
    let stderr = stderr[..stats].to_string();
    Ran {
        stdout: out.join().unwrap().unwrap(),
        stderr,
        status,
        peak_kib,
    }
}

/// Runs `src`, checks its stdout, its status and its peak resident size.
fn bounded(src: &str, want_stdout: &str) {
    let r = run(src, &[]);
    assert_eq!(r.stdout, want_stdout, "{src}\nstderr: {}", r.stderr);
    assert_eq!(r.status, 0, "{src}\nstderr: {}", r.stderr);
    let peak = r.peak_kib.expect("tiercel --stats reports its peak");
    assert!(peak <= PEAK_KIB, "{src}: peak {peak} KiB");
}

/// A line that allocates after the case's `MemoryError`, in the same VM and run.
const AGAIN: &str = "x = [0] * 10\nprint('ok', len(x))\n";

#[test]
fn the_heap_is_collected_after_a_memory_error_and_the_vm_allocates_again() {
    let src = format!(
        "L = []\ntry:\n    while True:\n        L.append([0])\nexcept MemoryError:\n    print('caught')\nL = None\n{AGAIN}"
    );
    bounded(&src, "caught\nok 10\n");
    // A large allocation right after dropping the data works too.
    let src = "L = []\ntry:\n    while True:\n        L.append([0])\nexcept MemoryError:\n    pass\nL = None\nx = [0] * 50000\nprint(len(x))\n";
    bounded(src, "50000\n");
}

#[test]
fn results_built_in_native_buffers_stop_at_the_heap_limit() {
    for expr in [
        "''.join(L)",
        "repr(L)",
        "'%s' % (L,)",
        "format(L)",
        "f'{L}'",
        "'{}'.format(L)",
        "str(L)",
        "(s * 5).replace('x', 'yy' * 50)",
        "f'{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}' * 10",
    ] {
        let src = format!(
            "s = 'x' * 10000\nL = [s] * 50000\ntry:\n    r = {expr}\n    print(len(r))\nexcept MemoryError:\n    print('MemoryError')\nL = r = None\n{AGAIN}"
        );
        bounded(&src, "MemoryError\nok 10\n");
    }
}

#[test]
fn unbounded_recursion_under_a_huge_recursion_limit_ends_in_memory_error() {
    let src = format!(
        "import sys\nsys.setrecursionlimit(10**15)\ndef f(n):\n    return f(n + 1)\ntry:\n    f(0)\nexcept MemoryError:\n    print('MemoryError')\n{AGAIN}"
    );
    bounded(&src, "MemoryError\nok 10\n");
}

#[test]
fn iterator_chains_raise_instead_of_overflowing_the_stack() {
    for wrap in [
        "map(abs, it)",
        "filter(None, it)",
        "zip(it)",
        "enumerate(it)",
    ] {
        let src = format!(
            "it = [1, -2, 3]\ntry:\n    for i in range(30000):\n        it = {wrap}\n    print(len(list(it)))\nexcept (RecursionError, MemoryError) as e:\n    print(type(e).__name__)\nit = None\n{AGAIN}"
        );
        let r = run(&src, &[]);
        assert!(
            r.stdout == "RecursionError\nok 10\n" || r.stdout == "MemoryError\nok 10\n",
            "{wrap}: {}{}",
            r.stdout,
            r.stderr
        );
        let peak = r.peak_kib.expect("tiercel --stats reports its peak");
        assert!(peak <= PEAK_KIB, "{wrap}: peak {peak} KiB");
    }
}

#[test]
fn huge_precisions_format_as_cpython_does() {
    let forms = [
        "'%.65536f' % 1.5",
        "'%.65536e' % 1.5",
        "'%.65536g' % 1.5",
        "format(1.5, '.65536f')",
        "f'{1.5:.65536f}'",
        "'{:.65536f}'.format(1.5)",
    ];
    let want = ["65538", "65542", "3", "65538", "65538", "65538"];
    for (form, want) in forms.iter().zip(want) {
        let src = format!("print(len({form}))\n");
        bounded(&src, &format!("{want}\n"));
    }
}

#[test]
fn huge_integers_are_refused_up_front() {
    let src = format!(
        "try:\n    x = 3 ** (10 ** 7)\nexcept MemoryError:\n    print('MemoryError')\n{AGAIN}"
    );
    bounded(&src, "MemoryError\nok 10\n");
    let literal = format!("x = {}\n", "7".repeat(5_000_000));
    let start = Instant::now();
    let r = run(&literal, &[]);
    assert!(
        r.stderr
            .contains("SyntaxError: Exceeds the limit (4300 digits)"),
        "{}",
        r.stderr
    );
    assert!(start.elapsed() < Duration::from_secs(30));
    // The 5 MB source is read in place and its digits are kept once (the lexer copied the
    // source as 20 MB of chars and its digits twice: 37 MB).
    let peak = r.peak_kib.expect("tiercel --stats reports its peak");
    assert!(
        peak <= PEAK_KIB,
        "a 5-million-digit literal: peak {peak} KiB"
    );
}

#[test]
fn the_vm_needs_a_minimum_heap_and_says_so() {
    let r = run("print(1)", &["--heap", "1000"]);
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("too small"), "{}", r.stderr);
}

#[test]
fn a_fuel_budget_stops_a_loop_after_the_same_instructions_in_both_tiers() {
    let src = "i = 0\nwhile True:\n    i += 1\n    if i % 1000 == 0:\n        print(i)\n";
    for n in [1, 17, 1_000, 33_333, 250_001, 1_000_000] {
        let budget = n.to_string();
        let t1 = run(src, &["--fuel", &budget, "--tier", "1"]);
        let t2 = run(src, &["--fuel", &budget, "--tier", "2", "--hot", "1"]);
        let t2d = run(src, &["--fuel", &budget, "--tier", "2"]);
        assert_eq!(t1.status, 124);
        assert!(t1.stderr.contains("Terminated"), "{}", t1.stderr);
        for t in [&t2, &t2d] {
            assert_eq!(
                (&t.stdout, &t.stderr, t.status),
                (&t1.stdout, &t1.stderr, t1.status),
                "budget {n}"
            );
        }
    }
}
