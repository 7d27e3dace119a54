//! The minimization phase: each new finding's program is cut down (see
//! [`crate::minimize`]) by running candidates in a worker process, so that a candidate that
//! crashes or hangs is judged like any other; then the reproducer is saved.

use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::findings;
use crate::minimize::{minimize, Budget};
use crate::pool::{crash_failure, try_send, Event, Msg, Spawn, Worker};
use crate::protocol::Failure;
use crate::runner::{Limits, RunSpec};

/// A failure seen for the first time, waiting to be minimized and saved.
#[derive(Clone, Debug)]
pub struct NewFinding {
    /// The deduplication identity.
    pub id: String,
    /// The failure as first seen.
    pub failure: Failure,
    /// The tier-2 configuration it was seen under.
    pub spec: RunSpec,
    /// The program.
    pub source: String,
    /// Where the program came from (mode, seed, index, origin).
    pub origin: String,
}

/// Runs single programs in a worker and reports how they fail.
pub struct Oracle {
    sp: Spawn,
    worker: Option<Worker>,
    tx: Sender<Event>,
    rx: Receiver<Event>,
    life: u64,
    hang: Duration,
}

impl Oracle {
    /// An oracle that starts its worker on first use.
    pub fn new(sp: Spawn, hang: Duration) -> Oracle {
        let (tx, rx) = channel();
        Oracle {
            sp,
            worker: None,
            tx,
            rx,
            life: 0,
            hang,
        }
    }

    /// Runs `src` in both tiers; `None` when it passes.
    pub fn run(&mut self, src: &str, spec: RunSpec) -> Option<Failure> {
        if self.worker.is_none() {
            self.life += 1;
            match Worker::spawn(&self.sp, 0, self.life, self.tx.clone()) {
                Ok(w) => self.worker = Some(w),
                Err(e) => {
                    eprintln!("fuzz: cannot start a worker: {e}");
                    return None;
                }
            }
        }
        let w = self.worker.as_mut()?;
        try_send(w, &format!("RUN {}", spec.encode()), Some(src));
        let deadline = Instant::now() + self.hang;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(ev) if ev.life != self.life => continue,
                Ok(Event {
                    msg: Msg::Answer(a),
                    ..
                }) => {
                    if a.as_ref().is_some_and(|f| f.kind == "rss") {
                        // The worker exits after an rss report.
                        if let Some(mut w) = self.worker.take() {
                            w.reap();
                        }
                    }
                    return a;
                }
                Ok(Event { msg: Msg::Gone, .. }) => {
                    let mut w = self.worker.take()?;
                    let (status, tail) = w.reap();
                    return Some(crash_failure(&status, &tail));
                }
                Ok(_) => continue,
                Err(RecvTimeoutError::Timeout) => {
                    let mut w = self.worker.take()?;
                    w.kill();
                    return Some(hang_failure(self.hang));
                }
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    /// Stops the worker.
    pub fn stop(&mut self) {
        if let Some(w) = self.worker.take() {
            w.quit();
        }
    }
}

/// The failure of a program still running past the bound.
pub fn hang_failure(bound: Duration) -> Failure {
    Failure {
        kind: String::from("hang"),
        key: String::from("still running past the wall-clock bound"),
        detail: format!(
            "the worker was still running the program after {} s (neither the fuel nor \
             the watchdog's termination request ended it)\n",
            bound.as_secs()
        ),
    }
}

/// Whether `got` is the same failure as `want`, for minimization: the same kind, and for
/// panics and crashes the same key; tier differences must differ in the same way (the
/// same stream, or the same pair of outcome classes).
pub fn same_failure(want: &Failure, got: &Failure) -> bool {
    if want.kind != got.kind {
        return false;
    }
    match want.kind.as_str() {
        "panic" | "crash" => want.key == got.key,
        "tierdiff" => {
            if want.key.starts_with("outcome") {
                want.key == got.key
            } else {
                want.key.split(' ').next() == got.key.split(' ').next()
            }
        }
        _ => true,
    }
}

/// Minimizes `f` within `budget` and saves it to `dir`; returns the saved path.
pub fn reduce_and_save(
    oracle: &mut Oracle,
    f: &NewFinding,
    dir: &std::path::Path,
    budget: &Budget,
    stack_bytes: usize,
) -> std::io::Result<std::path::PathBuf> {
    let mut last = f.failure.clone();
    let mut test = |src: &str| match oracle.run(src, f.spec) {
        Some(got) if same_failure(&f.failure, &got) => {
            last = got;
            true
        }
        _ => false,
    };
    // Confirm first: a failure that does not reproduce alone (it depended on the worker's
    // earlier programs) is saved unminimized, and says so.
    let reproduces = test(&f.source);
    let small = if reproduces {
        minimize(&f.source, &mut test, budget)
    } else {
        f.source.clone()
    };
    let l = Limits::fuzz();
    let report = format!(
        "kind: {}\nkey: {}\norigin: {}\nconfig: tier 1 vs tier 2 ({}); heap_limit {} bytes, \
         recursion_limit {}, native_depth_limit {}, fuel {} (unless +nofuel), watchdog \
         {} ms (2 s with fuel), program stack {} bytes\nreproduces alone: {}\nminimized: {} -> {} lines\n\n{}",
        f.failure.kind,
        f.failure.key,
        f.origin,
        f.spec.encode(),
        l.heap_limit,
        l.recursion_limit,
        l.native_depth_limit,
        l.fuel,
        l.time_budget.as_millis(),
        stack_bytes,
        if reproduces { "yes" } else { "no" },
        f.source.lines().count(),
        small.lines().count(),
        if reproduces {
            &last.detail
        } else {
            &f.failure.detail
        },
    );
    let id = if matches!(f.failure.kind.as_str(), "hang" | "rss") {
        let h = crate::rng::fnv1a(small.as_bytes()) as u32;
        findings::identity(&f.failure.kind, &format!("{} {h:08x}", f.failure.key))
    } else {
        f.id.clone()
    };
    findings::save(dir, &f.failure.kind, &id, &small, &report)
}
