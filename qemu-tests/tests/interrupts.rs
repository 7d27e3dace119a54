//! The boards' interrupt-driven console and idle loop: `Ctrl-C` sent over the serial port
//! raises `KeyboardInterrupt` in a running script (tiers 1, 2 and 3), `time.sleep` halts the
//! core for the right time, and `input()` reads lines from the serial console.

use std::time::Duration;

use qemu_tests::script::{FLAG_TIER1, FLAG_TIER2, FLAG_TIER3};
use qemu_tests::{run, Arch, Exit, Output, Run, Script};

const TIMEOUT: Duration = Duration::from_secs(60);

/// Runs `source` with `flags`, sending `input` to the console once it printed `wait_for`.
fn run_with_input(arch: Arch, source: &str, flags: u32, input: &[u8], wait_for: &str) -> Output {
    let mut s = Script::new("t.py", source);
    s.flags |= flags;
    run(
        arch,
        &Run {
            script: Some(s),
            input: input.to_vec(),
            wait_for: Some(wait_for.as_bytes().to_vec()),
            timeout: TIMEOUT,
        },
    )
}

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

/// A busy loop that only `Ctrl-C` ends: the handler prints and the script exits normally.
const SPIN: &str = "\
n = 0
try:
    print('spinning', flush=True)
    while True:
        n += 1
except KeyboardInterrupt:
    print('interrupted', n > 0)
";

fn ctrl_c(arch: Arch, flags: u32) {
    let out = run_with_input(arch, SPIN, flags, b"\x03", "spinning");
    assert_eq!(out.exit, Exit::Status(0), "{}", dump(&out));
    assert_eq!(out.stdout, "spinning\ninterrupted True\n", "{}", dump(&out));
}

#[test]
fn ctrl_c_interrupts_tier1_x86_64() {
    ctrl_c(Arch::X86_64, FLAG_TIER1);
}

#[test]
fn ctrl_c_interrupts_tier2_x86_64() {
    ctrl_c(Arch::X86_64, FLAG_TIER2);
}

#[test]
fn ctrl_c_interrupts_tier3_x86_64() {
    ctrl_c(Arch::X86_64, FLAG_TIER3);
}

#[test]
fn ctrl_c_interrupts_tier2_aarch64() {
    ctrl_c(Arch::Aarch64, FLAG_TIER2);
}

/// An uncaught `KeyboardInterrupt` ends the script with a traceback and status 1, as in
/// CPython (which exits 130 through the signal; a board has no signal to die of).
fn ctrl_c_uncaught(arch: Arch) {
    let src = "print('spinning', flush=True)\nwhile True:\n    pass\n";
    let out = run_with_input(arch, src, 0, b"\x03", "spinning");
    assert_eq!(out.exit, Exit::Status(1), "{}", dump(&out));
    assert!(
        out.stderr.ends_with("KeyboardInterrupt\n"),
        "{}",
        dump(&out)
    );
}

#[test]
fn ctrl_c_uncaught_x86_64() {
    ctrl_c_uncaught(Arch::X86_64);
}

#[test]
fn ctrl_c_uncaught_aarch64() {
    ctrl_c_uncaught(Arch::Aarch64);
}

/// `time.sleep` waits in the board's idle loop: the time passes (no early return) and the
/// core halts, so a sleep costs QEMU little host CPU time.
fn sleep(arch: Arch) {
    let src = "\
import time
t0 = time.monotonic()
time.sleep(0.5)
dt = time.monotonic() - t0
print('slept', 0.5 <= dt < 0.75, dt)
";
    let out = run_with_input(arch, src, 0, b"", "");
    assert_eq!(out.exit, Exit::Status(0), "{}", dump(&out));
    assert!(out.stdout.starts_with("slept True"), "{}", dump(&out));
}

#[test]
fn sleep_x86_64() {
    sleep(Arch::X86_64);
}

#[test]
fn sleep_aarch64() {
    sleep(Arch::Aarch64);
}

/// `input()` reads lines typed on the serial console (echoed, as a terminal shows them);
/// the end of the input is `EOFError`.
fn input(arch: Arch) {
    let src = "\
name = input('name? ')
print('hello', name)
try:
    input()
except EOFError:
    print('eof')
";
    let out = run_with_input(arch, src, 0, b"Ada\r\x04", "name? ");
    assert_eq!(out.exit, Exit::Status(0), "{}", dump(&out));
    assert_eq!(
        out.stdout,
        "name? Ada\nhello Ada\n\neof\n",
        "{}",
        dump(&out)
    );
}

#[test]
fn input_x86_64() {
    input(Arch::X86_64);
}

#[test]
fn input_aarch64() {
    input(Arch::Aarch64);
}
