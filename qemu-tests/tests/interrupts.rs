//! The boards' interrupt-driven console and idle loop: `Ctrl-C` sent over the serial port
//! raises `KeyboardInterrupt` in a running script (tiers 1, 2 and 3) and in a running REPL
//! entry (the REPL goes on), `time.sleep` halts the core for the right time, and `input()`
//! reads lines from the serial console.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use qemu_tests::script::{FLAG_TIER1, FLAG_TIER2, FLAG_TIER3};
use qemu_tests::{
    build_image, map_status, qemu_command, run, Arch, Exit, Output, Run, Script, PROMPT,
};

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
fn ctrl_c_interrupts_tier1_aarch64() {
    ctrl_c(Arch::Aarch64, FLAG_TIER1);
}

#[test]
fn ctrl_c_interrupts_tier2_aarch64() {
    ctrl_c(Arch::Aarch64, FLAG_TIER2);
}

/// The default tier (tier 3 where the board has a JIT backend, tier 2 elsewhere).
#[test]
fn ctrl_c_interrupts_tier3_aarch64() {
    ctrl_c(Arch::Aarch64, FLAG_TIER3);
}

/// A REPL session on a board's console, typed step by step: each input is sent once the
/// console showed what a user would wait for.
struct Repl {
    child: Child,
    stdin: Option<ChildStdin>,
    chunks: Receiver<Vec<u8>>,
    /// The console so far, without `\r`.
    text: String,
    /// Where the next [`Repl::expect`] looks from.
    seen: usize,
}

impl Repl {
    fn boot(arch: Arch) -> Repl {
        let mut child = qemu_command(arch, &build_image(arch), None)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("QEMU starts");
        let mut console = child.stdout.take().expect("piped stdout");
        let (tx, chunks) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = console.read(&mut buf) {
                if tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Repl {
            child,
            stdin,
            chunks,
            text: String::new(),
            seen: 0,
        }
    }

    /// Waits until the console shows `marker` after what earlier calls saw.
    fn expect(&mut self, marker: &str) {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(at) = self.text[self.seen..].find(marker) {
                self.seen += at + marker.len();
                return;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok(c) => self.text += &String::from_utf8_lossy(&c).replace('\r', ""),
                Err(_) => panic!("no {marker:?} on the console:\n{}", self.text),
            }
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("console open");
        stdin.write_all(bytes).expect("console input");
        stdin.flush().expect("console input");
    }

    /// Waits for the board to exit; its status.
    fn exit(mut self, arch: Arch) -> Exit {
        self.stdin = None;
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(st) = self.child.try_wait().expect("QEMU status") {
                return map_status(arch, st.code());
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the board did not exit:\n{}", self.text);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Repl {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `Ctrl-C` while a REPL entry runs (a `while True: pass` typed at the prompt) raises
/// `KeyboardInterrupt` in it; the REPL prints the traceback, prompts again and goes on with
/// the same namespace.
fn ctrl_c_in_repl(arch: Arch) {
    let prompt = std::str::from_utf8(PROMPT).unwrap();
    let mut repl = Repl::boot(arch);
    repl.expect(prompt);
    repl.send(b"n = 6\r");
    repl.expect(prompt);
    repl.send(b"while True: pass\r");
    // The entry is complete (its one line closes the block): the board echoed its end and
    // compiles and runs it.
    repl.expect("while True: pass\n");
    std::thread::sleep(Duration::from_millis(300));
    repl.send(b"\x03");
    repl.expect("KeyboardInterrupt\n");
    repl.expect(prompt);
    repl.send(b"n * 7\r");
    repl.expect("n * 7\n42\n");
    repl.expect(prompt);
    repl.send(b"\x04");
    let text = repl.text.clone();
    assert_eq!(repl.exit(arch), Exit::Status(0), "{text}");
    assert!(
        text.contains("Traceback (most recent call last):\n"),
        "{text}"
    );
    assert_eq!(text.matches("KeyboardInterrupt").count(), 1, "{text}");
}

#[test]
fn ctrl_c_in_repl_x86_64() {
    ctrl_c_in_repl(Arch::X86_64);
}

#[test]
fn ctrl_c_in_repl_aarch64() {
    ctrl_c_in_repl(Arch::Aarch64);
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
