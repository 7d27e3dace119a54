//! Runs every `tests/py/*.py` program through `tiercel` and compares with CPython 3.11's
//! recorded output: stdout with `.exp`, stderr with `.err` (caret-only lines removed, as
//! `tests/regen.py` does for CPython), and the exit status with `.code`.
//!
//! `tests/py/XFAIL` lists programs that do not pass yet, one per line. The list is strict:
//! a listed program that passes fails the test too, so the list only shrinks.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/py")
}

/// Drops lines made only of whitespace, `^` and `~` (CPython 3.11's caret lines).
fn strip_carets(s: &str) -> String {
    s.lines()
        .filter(|l| !(l.trim().is_empty() || l.chars().all(|c| c == ' ' || c == '^' || c == '~')))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Runs one program; `Err` describes the first mismatch.
fn check(name: &str, extra_args: &[&str]) -> Result<(), String> {
    let dir = corpus_dir();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tiercel"))
        .args(extra_args)
        .arg(format!("{name}.py"))
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run tiercel: {e}"))?;
    // Drain both pipes on threads so a chatty program cannot block on a full pipe.
    let mut so = child.stdout.take().ok_or("no stdout")?;
    let mut se = child.stderr.take().ok_or("no stderr")?;
    let t_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = so.read_to_end(&mut v);
        v
    });
    let t_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = se.read_to_end(&mut v);
        v
    });
    // A hang is a failure, not a stuck CI: poll with a deadline.
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        match child.try_wait() {
            Ok(Some(st)) => break st,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(String::from("timed out after 60 s"));
            }
        }
    };
    let stdout = t_out.join().unwrap_or_default();
    let stderr = t_err.join().unwrap_or_default();
    let read = |ext: &str| std::fs::read_to_string(dir.join(format!("{name}.{ext}"))).ok();
    let exp_out = read("exp").unwrap_or_default();
    let exp_err = strip_carets(&read("err").unwrap_or_default());
    let exp_code: i32 = read("code")
        .and_then(|c| c.trim().parse().ok())
        .unwrap_or(0);
    let got_out = String::from_utf8_lossy(&stdout);
    let got_err = strip_carets(&String::from_utf8_lossy(&stderr));
    let got_code = status.code().unwrap_or(-1);
    if got_out != exp_out {
        return Err(format!(
            "stdout differs\n--- expected\n{exp_out}--- got\n{got_out}"
        ));
    }
    if got_err != exp_err {
        return Err(format!(
            "stderr differs\n--- expected\n{exp_err}--- got\n{got_err}"
        ));
    }
    if got_code != exp_code {
        return Err(format!("exit status {got_code}, expected {exp_code}"));
    }
    Ok(())
}

fn programs() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(corpus_dir())
        .expect("tests/py exists")
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".py").map(String::from))
        .collect();
    names.sort();
    names
}

fn xfail() -> BTreeSet<String> {
    std::fs::read_to_string(corpus_dir().join("XFAIL"))
        .unwrap_or_default()
        .lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// Runs every program on a few threads; results in the order of `names`.
fn run_all(names: &[String], extra_args: &[&str]) -> Vec<Result<(), String>> {
    let next = Mutex::new(0usize);
    let results: Mutex<Vec<Option<Result<(), String>>>> = Mutex::new(vec![None; names.len()]);
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(2, 8);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap_or_else(|e| e.into_inner());
                    let i = *n;
                    *n += 1;
                    i
                };
                let Some(name) = names.get(i) else { break };
                let r = check(name, extra_args);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.unwrap_or(Err(String::from("not run"))))
        .collect()
}

/// The default tier: machine code where the host has a backend, tier 2 elsewhere.
#[test]
fn conformance_corpus_matches_cpython() {
    corpus_matches(&[]);
}

/// Specializing everything at once and deoptimizing pseudo-randomly must not change any
/// program's output (in tier 2, where the tier-1 code the traces start from is stressed
/// alone).
#[test]
fn conformance_corpus_under_stress_specialization() {
    corpus_matches(&["--tier", "2", "--stress-specialize"]);
}

/// Tier 1 alone (the null optimizer: no hot-spot counting, no executors).
#[test]
fn conformance_corpus_tier1() {
    corpus_matches(&["--tier", "1"]);
}

/// Every hot-spot threshold at 1: every loop and function is traced at its first
/// repetition and every side exit grows a side trace, so nearly everything runs in the uop
/// executor.
#[test]
fn conformance_corpus_tier2_everything_hot() {
    corpus_matches(&["--tier", "2", "--hot", "1"]);
}

/// Both at once: traces recorded over instructions that deoptimize pseudo-randomly.
#[test]
fn conformance_corpus_tier2_hot_under_stress() {
    corpus_matches(&["--tier", "2", "--hot", "1", "--stress-specialize"]);
}

/// The differential test of the trace optimizer: everything hot with the optimizer off
/// (`--no-opt`). The modes above run with it on; all must print the same.
#[test]
fn conformance_corpus_tier2_hot_unoptimized() {
    corpus_matches(&["--tier", "2", "--hot", "1", "--no-opt"]);
}

/// Everything hot, every uop the executor runs through its `extern "C"` helper (what
/// machine code calls for a uop it does not emit inline): the helpers must change nothing.
#[test]
fn conformance_corpus_tier2_hot_through_uop_helpers() {
    corpus_matches(&["--tier", "2", "--hot", "1", "--uop-helpers"]);
}

/// Tier 2 at the normal thresholds (the default run above is tier 3 where the host has a
/// backend).
#[test]
fn conformance_corpus_tier2() {
    corpus_matches(&["--tier", "2"]);
}

/// Tier 3 with everything hot: every trace is compiled at once, so nearly every program
/// runs in machine code, its exits and its hand-backs.
#[test]
fn conformance_corpus_tier3_everything_hot() {
    corpus_matches(&["--tier", "3", "--hot", "1"]);
}

/// Tier 3, everything hot, specializations deoptimizing pseudo-randomly, and the backend's
/// stress mode: one inline guard or fast path in four always hands back before the guard
/// or takes its slow path, so the stubs, hand-backs and slow paths of machine code run.
#[test]
fn conformance_corpus_tier3_hot_under_stress() {
    corpus_matches(&[
        "--tier",
        "3",
        "--hot",
        "1",
        "--stress-specialize",
        "--jit-stress",
    ]);
}

/// Tier 3 with the backend's stress mode alone, at the normal thresholds.
#[test]
fn conformance_corpus_tier3_jit_stress() {
    corpus_matches(&["--tier", "3", "--jit-stress"]);
}

fn corpus_matches(extra_args: &[&str]) {
    let names = programs();
    assert!(
        names.len() >= 200,
        "the corpus has {} programs",
        names.len()
    );
    let expected_fail = xfail();
    let results = run_all(&names, extra_args);
    let mut failures = Vec::new();
    let mut unexpected_passes = Vec::new();
    let mut passed = 0;
    for (name, r) in names.iter().zip(results) {
        match r {
            Ok(()) if expected_fail.contains(name) => unexpected_passes.push(name.clone()),
            Ok(()) => passed += 1,
            Err(_) if expected_fail.contains(name) => {}
            Err(why) => failures.push(format!("{name}: {why}")),
        }
    }
    println!(
        "conformance {extra_args:?}: {passed} passed, {} expected failures, {} programs",
        expected_fail.len(),
        names.len()
    );
    assert!(
        failures.is_empty(),
        "{} programs fail:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(
        unexpected_passes.is_empty(),
        "these programs now pass; remove them from tests/py/XFAIL: {unexpected_passes:?}"
    );
}
