//! Every `tests/py` program on both QEMU boards, compared with the CPython-recorded `.exp`,
//! `.err` (caret lines stripped) and `.code`, like the host's conformance test.
//!
//! `tests/py/XFAIL` is strict here too (a listed program that passes on a board fails the
//! test, so the list only shrinks); `tests/py/BOARD_SKIP` (`name: reason`) lists programs
//! that cannot run on a board. Programs of both boards share one pool of worker threads
//! (`TIERCEL_QEMU_JOBS`, default 4: measured in `qemu-tests/README.md`), each booting one QEMU; a program is killed after
//! `TIERCEL_QEMU_TIMEOUT` seconds (default 300: the heaviest programs need ~12 s of CPU under
//! TCG, and a loaded CI machine stretches that).
//!
//! The image-runner run compiles each program (and the modules it imports) to bytecode
//! images on the host and boots the boards built without the compiler
//! ([`Build::ImageRunner`]). There a traceback has no source lines (as CPython's for a
//! sourceless `.pyc`), so stderr is compared without them; `tests/py/XFAIL` programs are
//! left out (as the host's image test does), and `tests/py/IMAGE_RUNNER_XFAIL` lists, as
//! strictly as `XFAIL`, the programs that need a compiler at run time.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use board_common::script;
use qemu_tests::{
    build_image_of, corpus, images, run_image, Arch, Build, Exit, Output, Run, Script,
};

/// A program's result and QEMU wall time.
type Outcome = (Result<(), String>, Duration);

fn env_num(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Prints past libtest's output capture, so `cargo test` shows the summary lines. Each starts
/// on a fresh line (libtest's progress dots share the terminal).
fn report(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "\n{line}");
}

/// The default tier: machine code on the board with a backend (x86-64), tier 2 on the
/// other.
#[test]
fn corpus_on_both_boards() {
    corpus_with(0, "");
}

/// Specializing everything at once and deoptimizing pseudo-randomly must not change any
/// program's output on the boards either.
#[test]
fn corpus_on_both_boards_under_stress_specialization() {
    corpus_with(script::FLAG_STRESS_SPECIALIZE, " (--stress-specialize)");
}

/// Tier 1 alone.
#[test]
fn corpus_on_both_boards_tier1() {
    corpus_with(script::FLAG_TIER1, " (--tier 1)");
}

/// Every hot-spot threshold at 1 in tier 2: nearly everything runs in the uop executor.
#[test]
fn corpus_on_both_boards_tier2_everything_hot() {
    corpus_with(
        script::FLAG_TIER2 | script::FLAG_HOT1,
        " (--tier 2 --hot 1)",
    );
}

/// Tier 3 with every threshold at 1 on the board with a backend (x86-64): nearly
/// everything runs in machine code, its exits and its hand-backs.
#[test]
fn corpus_on_x86_64_tier3_everything_hot() {
    corpus_on(
        &[Arch::X86_64],
        script::FLAG_TIER3 | script::FLAG_HOT1,
        " (--tier 3 --hot 1)",
    );
}

/// Tier 2 at the normal thresholds on the board with a backend, which otherwise runs
/// machine code (the other board's default run is tier 2).
#[test]
fn corpus_on_x86_64_tier2() {
    corpus_on(&[Arch::X86_64], script::FLAG_TIER2, " (--tier 2)");
}

/// Tier 3, everything hot, in the backend's stress mode: machine code's hand-backs, stubs
/// and slow paths run on the board.
#[test]
fn corpus_on_x86_64_tier3_jit_stress() {
    corpus_on(
        &[Arch::X86_64],
        script::FLAG_TIER3 | script::FLAG_HOT1 | script::FLAG_JIT_STRESS,
        " (--tier 3 --hot 1 --jit-stress)",
    );
}

/// Every program compiled to images on the host, on both boards built without the
/// compiler.
#[test]
fn corpus_from_images_on_both_image_runners() {
    corpus_run(&Arch::ALL, 0, " (images, no compiler)", Build::ImageRunner);
}

fn corpus_with(extra_flags: u32, label: &str) {
    corpus_on(&Arch::ALL, extra_flags, label);
}

fn corpus_on(boards: &[Arch], extra_flags: u32, label: &str) {
    corpus_run(boards, extra_flags, label, Build::Default);
}

/// The script a board of `build` runs for program `name`, or the output of a program that
/// does not compile (checked on the host: an image runner never sees it).
fn program(name: &str, source: Vec<u8>, build: Build) -> Result<Script, Output> {
    let modules = corpus::modules_for(&source);
    let file = format!("{name}.py");
    match build {
        Build::Default => {
            let mut program = Script::new(&file, source);
            program.modules = modules;
            Ok(program)
        }
        Build::ImageRunner => {
            images::compiled_script(&file, &source, &modules).map_err(|report| Output {
                stdout: String::new(),
                stderr: report,
                qemu_stderr: String::new(),
                exit: Exit::Status(1),
                timed_out: false,
                elapsed: Duration::ZERO,
            })
        }
    }
}

/// The corpus on `boards` (narrowed by `TIERCEL_QEMU_BOARDS`) built as `build`, with
/// `extra_flags`.
fn corpus_run(boards: &[Arch], extra_flags: u32, label: &str, build: Build) {
    let names = corpus::programs();
    assert!(
        names.len() >= 200,
        "the corpus has {} programs",
        names.len()
    );
    let runner = build == Build::ImageRunner;
    let (xfail, mut skip) = if runner {
        let skip = corpus::xfail()
            .into_iter()
            .map(|n| (n, String::from("in tests/py/XFAIL")));
        (corpus::image_runner_xfail(), skip.collect())
    } else {
        (corpus::xfail(), BTreeMap::new())
    };
    skip.extend(corpus::board_skip());
    // `TIERCEL_QEMU_BOARDS=aarch64` (a comma-separated list) narrows the run while debugging.
    let boards: Vec<Arch> = match std::env::var("TIERCEL_QEMU_BOARDS") {
        Ok(list) => list
            .split(',')
            .map(|b| Arch::parse(b.trim()).unwrap_or_else(|| panic!("unknown board {b:?}")))
            .filter(|a| boards.contains(a))
            .collect(),
        Err(_) => boards.to_vec(),
    };
    let kernels: BTreeMap<&str, std::path::PathBuf> = boards
        .iter()
        .map(|&a| (a.name(), build_image_of(a, build)))
        .collect();
    let mut jobs: Vec<(Arch, &String)> = boards
        .iter()
        .flat_map(|&a| {
            names
                .iter()
                .filter(|n| !skip.contains_key(*n))
                .map(move |n| (a, n))
        })
        .collect();
    // The heaviest programs first (the `prog_*` ones, aarch64's TCG being the slower), so no
    // long program starts last while the other workers idle.
    jobs.sort_by_key(|&(a, n)| (!n.starts_with("prog_"), a != Arch::Aarch64));
    let timeout = Duration::from_secs(env_num("TIERCEL_QEMU_TIMEOUT", 300));
    let workers = env_num("TIERCEL_QEMU_JOBS", 4).clamp(1, 16);
    let next = Mutex::new(0usize);
    let results: Mutex<BTreeMap<usize, Outcome>> = Mutex::new(BTreeMap::new());
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap_or_else(|e| e.into_inner());
                    *n += 1;
                    *n - 1
                };
                let Some(&(arch, name)) = jobs.get(i) else {
                    break;
                };
                let (source, want) = corpus::load(name);
                let out = match program(name, source, build) {
                    Ok(mut program) => {
                        program.flags |= extra_flags;
                        let spec = Run {
                            script: Some(program),
                            input: Vec::new(),
                            wait_for: None,
                            timeout,
                        };
                        run_image(arch, &kernels[arch.name()], &spec)
                    }
                    Err(compile_error) => compile_error,
                };
                let r = if runner {
                    corpus::compare_sourceless(&out, &want)
                } else {
                    corpus::compare(&out, &want)
                };
                results
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(i, (r, out.elapsed));
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut problems = Vec::new();
    for &arch in &boards {
        let (mut passed, mut xfailed) = (0, 0);
        let mut failures = Vec::new();
        let mut unexpected = Vec::new();
        let mut times: Vec<(Duration, &str)> = Vec::new();
        let mut total = Duration::ZERO;
        for (i, (r, elapsed)) in &results {
            let (a, name) = jobs[*i];
            if a != arch {
                continue;
            }
            let name = name.as_str();
            total += *elapsed;
            times.push((*elapsed, name));
            match r {
                Ok(()) if xfail.contains(name) => unexpected.push(name),
                Ok(()) => passed += 1,
                Err(_) if xfail.contains(name) => xfailed += 1,
                Err(why) => failures.push(format!("[{arch}] {name}:\n{why}")),
            }
        }
        times.sort_unstable_by(|a, b| b.cmp(a));
        let slowest: Vec<String> = times
            .iter()
            .take(3)
            .map(|(t, n)| format!("{n} {:.1} s", t.as_secs_f64()))
            .collect();
        report(&format!(
            "qemu-{arch} corpus{label}: {passed} passed, {xfailed} expected failures, {} failing, {} \
             skipped; QEMU time {:.1} s, slowest: {}",
            failures.len(),
            skip.len(),
            total.as_secs_f64(),
            slowest.join(", ")
        ));
        if !failures.is_empty() {
            problems.push(format!(
                "{} programs fail on qemu-{arch}:\n{}",
                failures.len(),
                failures.join("\n")
            ));
        }
        if !unexpected.is_empty() {
            problems.push(format!(
                "these programs now pass on qemu-{arch}; remove them from tests/py/XFAIL: \
                 {unexpected:?}"
            ));
        }
    }
    report(&format!(
        "qemu corpus{label}: {} boots on {workers} threads in {:.1} s",
        jobs.len(),
        start.elapsed().as_secs_f64()
    ));
    for (name, why) in &skip {
        report(&format!("board skip: {name}: {why}"));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
