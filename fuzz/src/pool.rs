//! Worker processes as the supervisor sees them: spawn, send commands, receive their
//! messages on a channel (one reader thread per worker), keep the tail of their stderr
//! (where a crash says what happened), kill and reap.

use std::io::{BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

use crate::protocol::{read_header, read_payload, Failure};

/// How to start a worker.
#[derive(Clone, Debug)]
pub struct Spawn {
    /// The `tiercel-fuzz` executable.
    pub exe: PathBuf,
    /// The corpus directory.
    pub corpus_dir: PathBuf,
    /// The program thread's stack in bytes.
    pub stack_bytes: usize,
    /// Resident memory allowed above the worker's start.
    pub rss_slack_bytes: u64,
}

/// A message from worker `worker` (its slot) in incarnation `life`.
#[derive(Debug)]
pub struct Event {
    /// The worker's slot.
    pub worker: usize,
    /// Which process in that slot (restarts count up), so a dead one's late messages are
    /// told apart.
    pub life: u64,
    /// What it said.
    pub msg: Msg,
}

/// What a worker said.
#[derive(Debug)]
pub enum Msg {
    /// Starts program `index`.
    Started(u64),
    /// Program `index` failed under the tier-2 spec.
    Failed(u64, String, Failure),
    /// A program ended: tier 1's outcome class, interrupted, out of fuel.
    Ended(String, bool, bool),
    /// The batch is done.
    Done,
    /// The answer to `RUN`: `None` when the program passed.
    Answer(Option<Failure>),
    /// The worker's output ended: it exited or died.
    Gone,
}

/// One running worker process.
pub struct Worker {
    child: Child,
    stdin: ChildStdin,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Its incarnation number.
    pub life: u64,
}

impl Worker {
    /// Starts a worker in slot `slot`, sending its messages to `tx`.
    pub fn spawn(sp: &Spawn, slot: usize, life: u64, tx: Sender<Event>) -> std::io::Result<Worker> {
        let mut child = Command::new(&sp.exe)
            .arg("--worker")
            .arg("--corpus")
            .arg(&sp.corpus_dir)
            .arg("--stack")
            .arg(sp.stack_bytes.to_string())
            .arg("--rss-slack")
            .arg(sp.rss_slack_bytes.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| std::io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("no stdout"))?;
        let mut err = child
            .stderr
            .take()
            .ok_or_else(|| std::io::Error::other("no stderr"))?;
        let stderr: Arc<Mutex<Vec<u8>>> = Arc::default();
        let tail = stderr.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let mut t = tail.lock().unwrap_or_else(|e| e.into_inner());
                t.extend_from_slice(&buf[..n]);
                let excess = t.len().saturating_sub(8192);
                t.drain(..excess);
            }
        });
        std::thread::spawn(move || read_messages(stdout, slot, life, &tx));
        Ok(Worker {
            child,
            stdin,
            stderr,
            life,
        })
    }

    /// Sends a command line (and a payload).
    pub fn send(&mut self, header: &str, payload: Option<&str>) -> std::io::Result<()> {
        crate::protocol::send(&mut self.stdin, header, payload)
    }

    /// Kills the process (a hang) and reaps it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Waits for the process to end; how it ended ("exit status 3", "signal 6") and the
    /// tail of its stderr.
    pub fn reap(&mut self) -> (String, String) {
        let status = match self.child.wait() {
            Ok(st) => describe_status(st),
            Err(e) => format!("unknown ({e})"),
        };
        // The stderr reader may still be draining the pipe.
        std::thread::sleep(std::time::Duration::from_millis(30));
        let tail = self
            .stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        (status, String::from_utf8_lossy(&tail).into_owned())
    }

    /// Asks the worker to exit.
    pub fn quit(mut self) {
        let _ = self.send("QUIT", None);
        let _ = self.child.wait();
    }
}

fn describe_status(st: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = st.signal() {
            return format!("signal {sig}");
        }
    }
    match st.code() {
        Some(c) => format!("exit status {c}"),
        None => String::from("unknown"),
    }
}

fn read_messages(stdout: impl Read, worker: usize, life: u64, tx: &Sender<Event>) {
    let mut r = BufReader::new(stdout);
    let send = |msg| tx.send(Event { worker, life, msg }).is_ok();
    while let Ok(Some(h)) = read_header(&mut r) {
        let w: Vec<&str> = h.split(' ').collect();
        let num = |i: usize| w.get(i).and_then(|n| n.parse::<u64>().ok()).unwrap_or(0);
        let msg = match w.first().copied() {
            Some("S") => Msg::Started(num(1)),
            Some("F") => {
                let Ok(p) = read_payload(&mut r, &h) else {
                    break;
                };
                let spec = w.get(3).copied().unwrap_or("").to_string();
                Msg::Failed(
                    num(1),
                    spec,
                    Failure::from_payload(w.get(2).copied().unwrap_or(""), &p),
                )
            }
            Some("E") => Msg::Ended(
                w.get(1).copied().unwrap_or("").to_string(),
                num(2) == 1,
                num(3) == 1,
            ),
            Some("D") => Msg::Done,
            Some("R") => {
                let Ok(p) = read_payload(&mut r, &h) else {
                    break;
                };
                let kind = w.get(1).copied().unwrap_or("");
                Msg::Answer((kind != "ok").then(|| Failure::from_payload(kind, &p)))
            }
            _ => break,
        };
        if !send(msg) {
            return;
        }
    }
    send(Msg::Gone);
}

/// A crash's failure from how the worker ended and what it last wrote on stderr: the key
/// is the status and the first telling stderr line, with numbers collapsed.
pub fn crash_failure(status: &str, stderr: &str) -> Failure {
    let telling = stderr
        .lines()
        .rev()
        .find(|l| l.contains("overflowed") || l.contains("allocation") || l.contains("fatal"))
        .or_else(|| stderr.lines().rev().find(|l| !l.trim().is_empty()))
        .unwrap_or("");
    Failure {
        kind: String::from("crash"),
        key: format!("{status}: {}", crate::runner::shape(telling)),
        detail: format!("the worker died: {status}\nits stderr ends:\n{stderr}\n"),
    }
}

/// Writes to a worker ignoring a broken pipe (it died; its `Gone` is on the way).
pub fn try_send(w: &mut Worker, header: &str, payload: Option<&str>) {
    let _ = w.send(header, payload);
    let _ = w.stdin.flush();
}
