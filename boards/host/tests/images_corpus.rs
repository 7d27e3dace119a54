//! Every `tests/py/*.py` program (not those in `tests/py/XFAIL`) compiled with
//! `tiercel compile` and run as `tiercel NAME.tbc` gives the stdout and exit status of
//! running its source, which are CPython's (`.exp`, `.code`). A program that does not
//! compile must fail `tiercel compile` with the source run's status. The corpus is copied
//! to a scratch directory (its helper modules and data files included) so the images sit
//! beside their sources without touching the checkout.

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/py")
}

/// A fresh scratch directory for this test process.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tiercel-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a directory");
    for e in std::fs::read_dir(from).expect("readable").flatten() {
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if src.is_dir() {
            copy_tree(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).expect("a copy");
        }
    }
}

/// Stdout and exit status of `tiercel ARGS` run in `dir` (a run still going after a minute
/// is killed and fails the test: a hang is a failure, not a stuck test).
fn tiercel(dir: &Path, args: &[&str]) -> Result<(String, i32), String> {
    let child = Command::new(support::tiercel())
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run tiercel: {e}"))?;
    let out = support::wait_output(child, Duration::from_secs(60));
    Ok((out.stdout.clone(), out.code().unwrap_or(-1)))
}

/// Checks one program in `dir` (a copy of the corpus).
fn check(dir: &Path, name: &str) -> Result<(), String> {
    let (py, tbc) = (format!("{name}.py"), format!("{name}.tbc"));
    let read = |ext: &str| std::fs::read_to_string(dir.join(format!("{name}.{ext}"))).ok();
    let exp_out = read("exp").unwrap_or_default();
    let exp_code: i32 = read("code")
        .and_then(|c| c.trim().parse().ok())
        .unwrap_or(0);
    let source_run = tiercel(dir, &[&py])?;
    if source_run != (exp_out.clone(), exp_code) {
        return Err(format!(
            "the source run differs from CPython (exit {})",
            source_run.1
        ));
    }
    let (_, compiled) = tiercel(dir, &["compile", &py, "-o", &tbc])?;
    if compiled != 0 {
        // Only a program whose source run fails to compile may fail to compile.
        return if exp_code == 1 && exp_out.is_empty() {
            Ok(())
        } else {
            Err(format!("tiercel compile exited with {compiled}"))
        };
    }
    let (out, code) = tiercel(dir, &[&tbc])?;
    if out != exp_out {
        return Err(format!(
            "stdout differs\n--- expected\n{exp_out}--- got\n{out}"
        ));
    }
    if code != exp_code {
        return Err(format!("exit status {code}, expected {exp_code}"));
    }
    Ok(())
}

/// Programs that print their own file name (`sys.argv[0]`), which is the image's.
const NAMES_ITSELF: &[&str] = &["mod_sys"];

fn programs() -> Vec<String> {
    let xfail: BTreeSet<String> = std::fs::read_to_string(corpus_dir().join("XFAIL"))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let mut names: Vec<String> = std::fs::read_dir(corpus_dir())
        .expect("tests/py exists")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".py").map(String::from))
        .filter(|n| !xfail.contains(n) && !NAMES_ITSELF.contains(&n.as_str()))
        .collect();
    names.sort();
    names
}

#[test]
fn every_corpus_program_runs_the_same_from_its_image() {
    let dir = scratch("images-corpus");
    copy_tree(&corpus_dir(), &dir);
    let names = programs();
    let next = Mutex::new(0usize);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(2, 8);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap_or_else(|e| e.into_inner());
                    *n += 1;
                    *n - 1
                };
                let Some(name) = names.get(i) else { break };
                if let Err(e) = check(&dir, name) {
                    let mut f = failures.lock().unwrap_or_else(|e| e.into_inner());
                    f.push(format!("{name}: {e}"));
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
    let failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    assert!(
        failures.is_empty(),
        "{} of {} programs:\n{}",
        failures.len(),
        names.len(),
        failures.join("\n")
    );
    assert!(names.len() > 250, "{} programs", names.len());
}

/// `import` finds a module's image when it has no source, and the module's traceback then
/// gives file and line without the source text; with the source beside the main image,
/// its lines are quoted.
#[test]
fn imports_find_images_and_tracebacks_quote_source_only_when_present() {
    let dir = scratch("images-import");
    std::fs::write(dir.join("helper.py"), "def f(n):\n    return n * 2\n").unwrap();
    std::fs::write(
        dir.join("prog.py"),
        "import helper\nprint(helper.f(21))\n1 / 0\n",
    )
    .unwrap();
    for f in ["helper.py", "prog.py"] {
        assert_eq!(tiercel(&dir, &["compile", f]).unwrap().1, 0, "{f}");
    }
    std::fs::remove_file(dir.join("helper.py")).unwrap();
    let stderr_of = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tiercel"))
            .args(args)
            .current_dir(&dir)
            .output()
            .expect("tiercel runs");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.status.code(),
        )
    };
    let (out, err, code) = stderr_of(&["prog.tbc"]);
    assert_eq!((out.as_str(), code), ("42\n", Some(1)), "{err}");
    assert!(
        err.contains("File \"prog.py\", line 3") && err.contains("    1 / 0"),
        "{err}"
    );
    std::fs::remove_file(dir.join("prog.py")).unwrap();
    let (out, err, _) = stderr_of(&["prog.tbc"]);
    assert_eq!(out, "42\n");
    assert!(
        err.contains("File \"prog.tbc\", line 3") && !err.contains("1 / 0"),
        "{err}"
    );
    // A damaged image is refused with the reason, and nothing of it runs.
    let mut bytes = std::fs::read(dir.join("prog.tbc")).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(dir.join("prog.tbc"), bytes).unwrap();
    let (out, err, code) = stderr_of(&["prog.tbc"]);
    assert_eq!((out.as_str(), code), ("", Some(1)));
    assert!(err.starts_with("bytecode image: "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
