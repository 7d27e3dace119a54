//! Board behaviour beyond the corpus, on both QEMU boards: a REPL session over the serial
//! port, heap exhaustion (script and REPL), the code-memory self-test and the two W^X fault
//! tests.

use std::time::Duration;

use qemu_tests::script::{
    FLAG_FAULT_EXEC_WRITABLE, FLAG_FAULT_WRITE_EXEC, FLAG_JIT_STATS, FLAG_SELFTEST, FLAG_TIER2,
    FLAG_TIER3,
};
use qemu_tests::{run, Arch, Exit, Output, Run, Script, EXIT_FAULT, PROMPT};

const TIMEOUT: Duration = Duration::from_secs(120);

fn repl(arch: Arch, input: &str) -> Output {
    run(
        arch,
        &Run {
            script: None,
            input: input.as_bytes().to_vec(),
            wait_for: Some(PROMPT.to_vec()),
            timeout: TIMEOUT,
        },
    )
}

fn script(arch: Arch, s: Script) -> Output {
    run(
        arch,
        &Run {
            script: Some(s),
            input: Vec::new(),
            wait_for: None,
            timeout: TIMEOUT,
        },
    )
}

/// Everything the board printed, for assertion messages.
fn dump(out: &Output) -> String {
    format!(
        "exit {:?} after {:.2} s\n--- stdout\n{}--- stderr\n{}--- qemu\n{}",
        out.exit,
        out.elapsed.as_secs_f64(),
        out.stdout,
        out.stderr,
        out.qemu_stderr
    )
}

/// Checks that `text` consists of `parts` in order: literal pieces and a traceback (from a
/// `Traceback (most recent call last):` line up to and including the exception line).
enum Part<'a> {
    Lit(&'a str),
    Traceback { last: &'a str },
}

fn expect_transcript(text: &str, parts: &[Part<'_>], context: &str) {
    let mut rest = text;
    for (i, p) in parts.iter().enumerate() {
        match p {
            Part::Lit(s) => {
                assert!(
                    rest.starts_with(s),
                    "transcript part {i}: expected {s:?}\nbut the rest is {rest:?}\n{context}"
                );
                rest = &rest[s.len()..];
            }
            Part::Traceback { last } => {
                assert!(
                    rest.starts_with("Traceback (most recent call last):\n"),
                    "transcript part {i}: expected a traceback, the rest is {rest:?}\n{context}"
                );
                let end = rest
                    .find(&format!("\n{last}\n"))
                    .unwrap_or_else(|| panic!("no line {last:?} ending the traceback\n{context}"));
                rest = &rest[end + last.len() + 2..];
            }
        }
    }
    assert!(
        rest.is_empty(),
        "unexpected trailing output {rest:?}\n{context}"
    );
}

fn banner(arch: Arch) -> String {
    format!(
        "Tiercel {} on qemu-{arch}\nType Ctrl-D to exit.\n",
        env!("CARGO_PKG_VERSION")
    )
}

fn repl_session(arch: Arch) {
    let input = "def f(x):\n    return x * 2\n\nf(21)\n1/0\nf(2)\n\
                 for i in range(3):\n    print(i, f(i))\n\nf(3\x7f5)\n\x04";
    let out = repl(arch, input);
    let ctx = dump(&out);
    assert_eq!(out.exit, Exit::Status(0), "{ctx}");
    let banner = banner(arch);
    expect_transcript(
        &out.stdout,
        &[
            Part::Lit(&banner),
            Part::Lit(">>> def f(x):\n...     return x * 2\n... \n"),
            Part::Lit(">>> f(21)\n42\n"),
            Part::Lit(">>> 1/0\n"),
            Part::Traceback {
                last: "ZeroDivisionError: division by zero",
            },
            Part::Lit(">>> f(2)\n4\n"),
            Part::Lit(">>> for i in range(3):\n...     print(i, f(i))\n... \n0 0\n1 2\n2 4\n"),
            // Backspace erases the `3` on the terminal (BS, space, BS) and in the line.
            Part::Lit(">>> f(3\x08 \x085)\n10\n"),
            Part::Lit(">>> \n"),
        ],
        &ctx,
    );
    assert!(
        out.stderr.is_empty(),
        "the REPL does not frame stderr\n{ctx}"
    );
}

#[test]
fn repl_session_x86_64() {
    repl_session(Arch::X86_64);
}

#[test]
fn repl_session_aarch64() {
    repl_session(Arch::Aarch64);
}

/// Grows a list of 100 kB strings until the VM heap limit (3/4 of the board heap) is hit.
const HOG: &str =
    "def hog():\n    chunks = []\n    while True:\n        chunks.append('x' * 100000)\n";

fn memory_error_script(arch: Arch) {
    let src = format!(
        "{HOG}\ntry:\n    hog()\nexcept MemoryError:\n    print('caught MemoryError')\n\
         print(sum(range(10)))\nhog()\nprint('not reached')\n"
    );
    let out = script(arch, Script::new("hog.py", src));
    let ctx = dump(&out);
    assert_eq!(out.stdout, "caught MemoryError\n45\n", "{ctx}");
    assert!(
        out.stderr
            .starts_with("Traceback (most recent call last):\n"),
        "{ctx}"
    );
    assert!(out.stderr.ends_with("\nMemoryError\n"), "{ctx}");
    assert_eq!(out.exit, Exit::Status(1), "{ctx}");
}

#[test]
fn memory_error_script_x86_64() {
    memory_error_script(Arch::X86_64);
}

#[test]
fn memory_error_script_aarch64() {
    memory_error_script(Arch::Aarch64);
}

fn memory_error_repl(arch: Arch) {
    let input = format!(
        "{HOG}\nhog()\nprint(sum(range(10)))\nhog()\n[len(str(i)) for i in range(3)]\n\x04"
    );
    let out = repl(arch, &input);
    let ctx = dump(&out);
    assert_eq!(out.exit, Exit::Status(0), "{ctx}");
    let banner = banner(arch);
    expect_transcript(
        &out.stdout,
        &[
            Part::Lit(&banner),
            Part::Lit(">>> def hog():\n...     chunks = []\n...     while True:\n"),
            Part::Lit("...         chunks.append('x' * 100000)\n... \n"),
            Part::Lit(">>> hog()\n"),
            Part::Traceback {
                last: "MemoryError",
            },
            Part::Lit(">>> print(sum(range(10)))\n45\n"),
            Part::Lit(">>> hog()\n"),
            Part::Traceback {
                last: "MemoryError",
            },
            Part::Lit(">>> [len(str(i)) for i in range(3)]\n[1, 1, 1]\n"),
            Part::Lit(">>> \n"),
        ],
        &ctx,
    );
}

#[test]
fn memory_error_repl_x86_64() {
    memory_error_repl(Arch::X86_64);
}

#[test]
fn memory_error_repl_aarch64() {
    memory_error_repl(Arch::Aarch64);
}

fn selftest(arch: Arch) {
    let out = script(arch, Script::with_flags(FLAG_SELFTEST));
    let ctx = dump(&out);
    assert_eq!(out.exit, Exit::Status(0), "{ctx}");
    assert!(
        out.stdout.lines().any(|l| l == "selftest: code memory ok"),
        "{ctx}"
    );
}

#[test]
fn code_memory_selftest_x86_64() {
    selftest(Arch::X86_64);
}

#[test]
fn code_memory_selftest_aarch64() {
    selftest(Arch::Aarch64);
}

/// A hot loop with the image's `flags` and the JIT's statistics: compiled into the board's
/// code region at tier 3 on x86-64 (the backend's architecture), run in tier 2 on AArch64
/// (no backend yet); the same output on both.
fn hot_loop(arch: Arch, flags: u32) -> String {
    let mut s = Script::new(
        "hot.py",
        "t = 0\nfor i in range(20000):\n    t += i % 7\nprint(t)\n",
    );
    s.flags |= flags | FLAG_JIT_STATS;
    let out = script(arch, s);
    let ctx = dump(&out);
    assert_eq!(out.exit, Exit::Status(0), "{ctx}");
    assert!(out.stdout.starts_with("59997\n"), "{ctx}");
    out.stdout
}

/// That the JIT compiled the hot loop without refusing anything, and its code ran.
fn assert_compiled(stdout: &str) {
    let compiled: u64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("jit: ")?.split(' ').next()?.parse().ok())
        .unwrap_or(0);
    assert!(compiled >= 1, "{stdout}");
    assert!(stdout.contains(" 0 refused"), "{stdout}");
    // The code ran: "..., N runs, ...".
    let runs: u64 = stdout
        .lines()
        .filter(|l| l.starts_with("jit: "))
        .flat_map(|l| l.split(", "))
        .find_map(|f| f.strip_suffix(" runs")?.parse().ok())
        .unwrap_or(0);
    assert!(runs >= 1, "{stdout}");
}

#[test]
fn tier3_compiles_hot_code_on_x86_64() {
    assert_compiled(&hot_loop(Arch::X86_64, FLAG_TIER3));
}

/// Tier 3 is the x86-64 board's default: an image that names no tier runs machine code.
#[test]
fn default_tier_compiles_hot_code_on_x86_64() {
    assert_compiled(&hot_loop(Arch::X86_64, 0));
}

#[test]
fn tier2_runs_no_machine_code_on_x86_64() {
    let stdout = hot_loop(Arch::X86_64, FLAG_TIER2);
    assert!(stdout.contains("jit: none"), "{stdout}");
}

#[test]
fn tier3_runs_tier2_on_aarch64() {
    let stdout = hot_loop(Arch::Aarch64, FLAG_TIER3);
    assert!(stdout.contains("jit: none"), "{stdout}");
}

fn fault(arch: Arch, flag: u32) {
    let out = script(arch, Script::with_flags(flag));
    let ctx = dump(&out);
    assert_eq!(out.exit, Exit::Status(EXIT_FAULT), "{ctx}");
    let all = format!("{}{}", out.stdout, out.stderr);
    assert!(all.lines().any(|l| l.starts_with("FAULT:")), "{ctx}");
    assert!(!all.contains("fault test: no fault"), "{ctx}");
}

#[test]
fn fault_exec_writable_x86_64() {
    fault(Arch::X86_64, FLAG_FAULT_EXEC_WRITABLE);
}

#[test]
fn fault_exec_writable_aarch64() {
    fault(Arch::Aarch64, FLAG_FAULT_EXEC_WRITABLE);
}

#[test]
fn fault_write_exec_x86_64() {
    fault(Arch::X86_64, FLAG_FAULT_WRITE_EXEC);
}

#[test]
fn fault_write_exec_aarch64() {
    fault(Arch::Aarch64, FLAG_FAULT_WRITE_EXEC);
}
