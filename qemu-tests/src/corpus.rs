//! The `tests/py` conformance corpus as the boards run it: the programs, their expected
//! stdout/stderr/status, the strict `XFAIL` list and the board skip list.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use crate::{Exit, Output};

/// `tests/py` in the workspace.
pub fn dir() -> PathBuf {
    crate::workspace_root().join("tests/py")
}

/// The program names (file stems of `tests/py/*.py`), sorted.
pub fn programs() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .expect("tests/py exists")
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".py").map(String::from))
        .collect();
    names.sort();
    names
}

/// The module section for program `source`: every package folder of `tests/py` whose name
/// the program mentions, with all its modules (as the host finds them beside the script).
pub fn modules_for(source: &[u8]) -> Vec<u8> {
    crate::modules_beside(&dir(), source, false)
}

/// Names listed in a file, one per line (`#` comments and blank lines ignored); `name:
/// reason` lines map the name to the reason.
fn listed(file: &str) -> BTreeMap<String, String> {
    std::fs::read_to_string(dir().join(file))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(':') {
            Some((name, why)) => (name.trim().to_string(), why.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

/// `tests/py/XFAIL`: programs the VM does not pass yet (on any platform).
pub fn xfail() -> BTreeSet<String> {
    listed("XFAIL").into_keys().collect()
}

/// `tests/py/IMAGE_RUNNER_XFAIL`: programs a board without the compiler cannot pass (they
/// compile code at run time), with the reason.
pub fn image_runner_xfail() -> BTreeSet<String> {
    listed("IMAGE_RUNNER_XFAIL").into_keys().collect()
}

/// `tests/py/BOARD_SKIP`: programs that cannot run on a board, with the reason.
pub fn board_skip() -> BTreeMap<String, String> {
    listed("BOARD_SKIP")
}

/// Drops lines made only of whitespace, `^` and `~` (CPython 3.11's caret lines), as the
/// host conformance test and `tests/regen.py` do.
pub fn strip_carets(s: &str) -> String {
    s.lines()
        .filter(|l| !(l.trim().is_empty() || l.chars().all(|c| c == ' ' || c == '^' || c == '~')))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// What a program must produce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// `.exp`.
    pub stdout: String,
    /// `.err`, caret lines stripped.
    pub stderr: String,
    /// `.code` (0 without the file).
    pub status: i32,
}

/// Reads a program's source and expectations.
pub fn load(name: &str) -> (Vec<u8>, Expected) {
    let read = |ext: &str| std::fs::read_to_string(dir().join(format!("{name}.{ext}"))).ok();
    let source = std::fs::read(dir().join(format!("{name}.py"))).expect("program exists");
    let expected = Expected {
        stdout: read("exp").unwrap_or_default(),
        stderr: strip_carets(&read("err").unwrap_or_default()),
        status: read("code")
            .and_then(|c| c.trim().parse().ok())
            .unwrap_or(0),
    };
    (source, expected)
}

/// Compares a run with the expectation; `Err` describes every mismatch.
pub fn compare(got: &Output, want: &Expected) -> Result<(), String> {
    let mut why = String::new();
    if got.timed_out {
        why.push_str(&format!(
            "timed out after {:.1} s\n",
            got.elapsed.as_secs_f64()
        ));
    }
    if got.stdout != want.stdout {
        why.push_str(&format!(
            "stdout differs\n{}",
            diff(&want.stdout, &got.stdout)
        ));
    }
    let got_err = strip_carets(&got.stderr);
    if got_err != want.stderr {
        why.push_str(&format!("stderr differs\n{}", diff(&want.stderr, &got_err)));
    }
    if got.exit != Exit::Status(want.status) && !got.timed_out {
        why.push_str(&format!(
            "exit {:?}, expected status {}\n",
            got.exit, want.status
        ));
    }
    if !got.qemu_stderr.trim().is_empty() && !why.is_empty() {
        why.push_str(&format!("qemu stderr:\n{}", got.qemu_stderr));
    }
    if why.is_empty() {
        Ok(())
    } else {
        Err(why)
    }
}

/// Drops the source lines a traceback quotes under its `File "...", line N` lines (and
/// the caret lines), for output of code that runs without its source, as CPython's does for
/// a sourceless `.pyc`.
pub fn strip_source_lines(s: &str) -> String {
    let mut out = String::new();
    let mut after_file_line = false;
    for l in strip_carets(s).lines() {
        if !(after_file_line && l.starts_with("    ")) {
            out.push_str(l);
            out.push('\n');
        }
        after_file_line = l.starts_with("  File \"");
    }
    out
}

/// [`compare`] for a run of code without its source: tracebacks compared without the source
/// lines they quote ([`strip_source_lines`]).
pub fn compare_sourceless(got: &Output, want: &Expected) -> Result<(), String> {
    let got = Output {
        stderr: strip_source_lines(&got.stderr),
        ..got.clone()
    };
    let want = Expected {
        stderr: strip_source_lines(&want.stderr),
        ..want.clone()
    };
    compare(&got, &want)
}

/// A small line diff: the common prefix and suffix are skipped, the rest shown as `-`/`+`
/// lines (at most 40 of each).
pub fn diff(want: &str, got: &str) -> String {
    let a: Vec<&str> = want.lines().collect();
    let b: Vec<&str> = got.lines().collect();
    let pre = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suf = a[pre..]
        .iter()
        .rev()
        .zip(b[pre..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let mut s = format!("@@ line {} @@\n", pre + 1);
    for l in a[pre..a.len() - suf].iter().take(40) {
        s.push_str(&format!("-{l}\n"));
    }
    for l in b[pre..b.len() - suf].iter().take(40) {
        s.push_str(&format!("+{l}\n"));
    }
    if a.len() == b.len() && pre == a.len() {
        // Same lines: the difference is a trailing newline.
        s.push_str("(differs only in the final newline)\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carets_and_diff() {
        assert_eq!(strip_carets("a\n    ^^^~~\nb\n\n"), "a\nb\n");
        let d = diff("a\nb\nc\n", "a\nx\nc\n");
        assert_eq!(d, "@@ line 2 @@\n-b\n+x\n");
        assert!(diff("a\n", "a").contains("final newline"));
    }

    #[test]
    fn source_lines_of_tracebacks() {
        let with = "Traceback (most recent call last):\n  File \"t.py\", line 2, in <module>\n    f(\n    ^^\n  File \"t.py\", line 1, in f\n    def f(): 1/0\nZeroDivisionError: division by zero\n";
        let without = "Traceback (most recent call last):\n  File \"t.py\", line 2, in <module>\n  File \"t.py\", line 1, in f\nZeroDivisionError: division by zero\n";
        assert_eq!(strip_source_lines(with), without);
        assert_eq!(strip_source_lines(without), without);
        assert_eq!(strip_source_lines("    x\n"), "    x\n");
    }

    #[test]
    fn modules_of_a_package_beside_the_program() {
        let section = modules_for(b"import importable.shapes.circle");
        let img = board_common::script::encode_with_modules("m.py", b"", 0, &section).unwrap();
        let s = board_common::script::parse(&img).unwrap();
        let pkg = s
            .modules
            .get("importable.shapes")
            .expect("subpackage packed");
        assert_eq!(pkg.origin, "importable/shapes/__init__.py");
        assert_eq!(pkg.flags, board_common::script::MODULE_PACKAGE);
        assert!(s.modules.get("importable.util").is_some());
        assert!(modules_for(b"print(1)").is_empty());
    }

    #[test]
    fn corpus_is_there() {
        let names = programs();
        assert!(names.len() >= 200, "{} programs", names.len());
        for n in xfail() {
            assert!(names.contains(&n), "XFAIL lists a missing program {n}");
        }
        for n in image_runner_xfail() {
            assert!(
                names.contains(&n),
                "IMAGE_RUNNER_XFAIL lists a missing program {n}"
            );
        }
        for n in board_skip().keys() {
            assert!(names.contains(n), "BOARD_SKIP lists a missing program {n}");
        }
    }
}
