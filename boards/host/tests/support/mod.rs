//! What the command-line tests share: running `tiercel` with pipes, and driving it through a
//! pseudo-terminal as a person at a terminal would (keys in, screen text out, `Ctrl-C` sent by
//! the terminal's line discipline as a real `SIGINT`).
#![allow(dead_code, reason = "each test file uses part of the support module")]

use std::io::{Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The `tiercel` binary under test.
pub fn tiercel() -> &'static str {
    env!("CARGO_BIN_EXE_tiercel")
}

/// A command that starts `tiercel` with `SIGINT` at its default action. A parent that
/// ignores `SIGINT` (a shell's background job does) hands the ignoring on, and `tiercel`,
/// like `python3`, then leaves Ctrl-C ignored; `env --default-signal=INT` (coreutils 8.31 or
/// later) undoes that and execs in place, so the child's pid is `tiercel`'s.
pub fn tiercel_with_default_sigint() -> Command {
    static ENV_RESETS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let resets = *ENV_RESETS.get_or_init(|| {
        Command::new("env")
            .args(["--default-signal=INT", "true"])
            .status()
            .is_ok_and(|s| s.success())
    });
    if resets {
        let mut cmd = Command::new("env");
        cmd.args(["--default-signal=INT", tiercel()]);
        cmd
    } else {
        Command::new(tiercel())
    }
}

/// A fresh, empty directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tiercel-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// What a finished run gave.
#[derive(Debug)]
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    pub status: ExitStatus,
}

impl Output {
    /// The exit code (`None`: ended by a signal).
    pub fn code(&self) -> Option<i32> {
        self.status.code()
    }
}

/// Runs `tiercel ARGS` in `dir` with `input` on standard input (a pipe).
pub fn run_in(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(tiercel())
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tiercel runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = wait_output(child, Duration::from_secs(60));
    let _ = writer.join();
    out
}

/// Runs `tiercel ARGS` in the temporary directory with `input` on standard input.
pub fn run(args: &[&str], input: &str) -> Output {
    run_in(&std::env::temp_dir(), args, input)
}

/// Collects a child's output; a child still running after `limit` is killed and fails the
/// test.
pub fn wait_output(mut child: Child, limit: Duration) -> Output {
    let mut so = child.stdout.take().expect("stdout piped");
    let mut se = child.stderr.take().expect("stderr piped");
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
    let status = wait_child(&mut child, limit);
    Output {
        stdout: String::from_utf8_lossy(&t_out.join().unwrap_or_default()).into_owned(),
        stderr: String::from_utf8_lossy(&t_err.join().unwrap_or_default()).into_owned(),
        status,
    }
}

/// Waits for a child; kills it and panics after `limit` (a hang is a failure).
pub fn wait_child(child: &mut Child, limit: Duration) -> ExitStatus {
    let deadline = Instant::now() + limit;
    loop {
        match child.try_wait() {
            Ok(Some(st)) => return st,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("tiercel still running after {limit:?}");
            }
        }
    }
}

/// Whether a status is the end by `SIGINT`'s default action (130 in a shell).
pub fn ended_by_sigint(status: ExitStatus) -> bool {
    status.signal() == Some(2)
}

/// `tiercel` on a pseudo-terminal: its standard input, output and error, and its controlling
/// terminal (so `Ctrl-C` typed is a `SIGINT` from the line discipline).
pub struct Pty {
    master: OwnedFd,
    child: Child,
    /// Everything the program wrote, `\r` and terminal control sequences removed.
    pub screen: String,
    raw: String,
}

/// `text` without `\r` and without escape sequences (`ESC [ ... final`, `ESC ] ... BEL`,
/// `ESC x`): what a person reads, give or take the line editor's redrawing.
pub fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {}
            '\x1b' => match chars.next() {
                Some('[') => {
                    for c in chars.by_ref() {
                        if ('\x40'..='\x7e').contains(&c) {
                            break;
                        }
                    }
                }
                Some(']') => {
                    for c in chars.by_ref() {
                        if c == '\x07' {
                            break;
                        }
                    }
                }
                _ => {}
            },
            c => out.push(c),
        }
    }
    out
}

impl Pty {
    /// Starts `tiercel ARGS` in `dir` on a new 80x24 terminal, with `$HOME` at `dir`.
    pub fn spawn(dir: &Path, args: &[&str]) -> Pty {
        use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};
        let master =
            openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC).expect("openpt");
        grantpt(&master).expect("grantpt");
        unlockpt(&master).expect("unlockpt");
        let name = ptsname(&master, Vec::new()).expect("ptsname");
        let path = PathBuf::from(name.to_str().expect("pty name"));
        let slave = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&path)
            .expect("open the terminal");
        let size = rustix::termios::Winsize {
            ws_row: 24,
            ws_col: 80,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        rustix::termios::tcsetwinsize(&slave, size).expect("window size");
        // `setsid --ctty`: a new session whose controlling terminal is this one (the child is
        // not a process-group leader, so setsid execs tiercel in place: the pid is tiercel's).
        let argv = tiercel_with_default_sigint();
        let mut cmd = Command::new("setsid");
        cmd.arg("--ctty")
            .arg(argv.get_program())
            .args(argv.get_args());
        let child = cmd
            .args(args)
            .current_dir(dir)
            .env("TERM", "xterm")
            .env("HOME", dir)
            .stdin(slave.try_clone().expect("dup"))
            .stdout(slave.try_clone().expect("dup"))
            .stderr(slave)
            .spawn()
            .expect("setsid and tiercel run");
        Pty {
            master,
            child,
            screen: String::new(),
            raw: String::new(),
        }
    }

    /// Types `text` (keys, `\r` for Enter, `\x03` for Ctrl-C, `\x04` for Ctrl-D).
    pub fn send(&mut self, text: &str) {
        let mut bytes = text.as_bytes();
        while !bytes.is_empty() {
            match rustix::io::write(&self.master, bytes) {
                Ok(n) => bytes = &bytes[n..],
                Err(rustix::io::Errno::INTR) => {}
                Err(e) => panic!("write to the terminal: {e}"),
            }
        }
    }

    /// Reads what the program writes until `needle` shows after `from` (a byte offset into
    /// [`Pty::screen`]); returns the offset just past it. Panics with the screen after 20 s.
    pub fn expect_from(&mut self, from: usize, needle: &str) -> usize {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(at) = self.screen.get(from..).and_then(|s| s.find(needle)) {
                return from + at + needle.len();
            }
            if Instant::now() > deadline || !self.read_some(Duration::from_millis(100)) {
                if self.screen.get(from..).is_some_and(|s| s.contains(needle)) {
                    continue;
                }
                panic!("{needle:?} never showed; the screen:\n{}", self.screen);
            }
        }
    }

    /// Reads for up to `wait`; false once the terminal is closed (the program ended).
    fn read_some(&mut self, wait: Duration) -> bool {
        let mut fds = [rustix::event::PollFd::new(
            &self.master,
            rustix::event::PollFlags::IN,
        )];
        let timeout = rustix::event::Timespec {
            tv_sec: 0,
            tv_nsec: wait.as_nanos().min(999_999_999) as i64,
        };
        match rustix::event::poll(&mut fds, Some(&timeout)) {
            Ok(0) | Err(rustix::io::Errno::INTR) => return true,
            Ok(_) => {}
            Err(e) => panic!("poll: {e}"),
        }
        let mut buf = [0u8; 4096];
        match rustix::io::read(&self.master, &mut buf) {
            Ok(0) | Err(rustix::io::Errno::IO) => false,
            Ok(n) => {
                let text = String::from_utf8_lossy(&buf[..n]);
                // A terminal answers the line editor's cursor-position query.
                if text.contains("\x1b[6n") {
                    self.send("\x1b[1;1R");
                }
                self.raw.push_str(&text);
                self.screen = plain(&self.raw);
                true
            }
            Err(rustix::io::Errno::INTR | rustix::io::Errno::AGAIN) => true,
            Err(e) => panic!("read the terminal: {e}"),
        }
    }

    /// Waits for the program to end (reading its last output); panics after 20 s.
    pub fn wait(&mut self) -> ExitStatus {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let open = self.read_some(Duration::from_millis(20));
            if let Ok(Some(st)) = self.child.try_wait() {
                while self.read_some(Duration::from_millis(20)) {
                    if self.screen.len() > 1 << 20 {
                        break;
                    }
                }
                return st;
            }
            if !open {
                std::thread::sleep(Duration::from_millis(10));
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("tiercel still running; the screen:\n{}", self.screen);
            }
        }
    }

    /// The process id (for a signal sent from outside).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The master side (to check it stays writable).
    pub fn master(&self) -> std::os::fd::BorrowedFd<'_> {
        self.master.as_fd()
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
