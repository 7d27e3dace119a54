//! The supervisor: hands batches of program indices to N worker processes, notices a
//! worker that died (the program it was running is a crash) or that has run one program
//! past the wall-clock bound (a hang: it is killed), restarts it, collects failures,
//! deduplicates them, and at the end minimizes and saves the new ones.

use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::findings;
use crate::minimize::Budget;
use crate::pool::{crash_failure, try_send, Event, Msg, Spawn, Worker};
use crate::programs::{program, Corpus, Mode};
use crate::protocol::Failure;
use crate::reduce::{hang_failure, reduce_and_save, NewFinding, Oracle};

/// What to fuzz and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop after this many programs (None: only the time bound).
    pub programs: Option<u64>,
    /// Stop handing out programs after this long.
    pub seconds: Option<u64>,
    /// Worker processes.
    pub jobs: usize,
    /// The stream's seed.
    pub seed: u64,
    /// The first program index (a later run can continue a stream).
    pub first: u64,
    /// Generated, mutated, or both.
    pub mode: Mode,
    /// How workers are started.
    pub spawn: Spawn,
    /// Where findings go; `None` only counts them (the test suite's run).
    pub findings_dir: Option<PathBuf>,
    /// Seconds one program may run (both tiers) before it is a hang.
    pub hang_seconds: u64,
    /// Seconds a candidate may run while minimizing before it counts as a hang (shorter
    /// than `hang_seconds`: every hanging candidate costs this much).
    pub minimize_hang_seconds: u64,
    /// Seconds of minimization per new finding.
    pub minimize_seconds: u64,
    /// At most this many findings of kinds without a message (hang, rss) per run: they
    /// cannot be told apart before minimizing, and minimizing them is slow.
    pub max_anonymous: usize,
    /// Print progress lines.
    pub progress: bool,
}

/// What a run did.
#[derive(Debug, Default)]
pub struct Summary {
    /// Programs run (each in both tiers).
    pub programs: u64,
    /// Runs the watchdog interrupted (not compared).
    pub interrupted: u64,
    /// Runs out of fuel.
    pub out_of_fuel: u64,
    /// Tier-1 outcomes: ran to the end, raised, did not compile.
    pub ok: u64,
    /// See `ok`.
    pub exceptions: u64,
    /// See `ok`.
    pub compile_errors: u64,
    /// Failures by kind (all occurrences).
    pub failures: BTreeMap<String, u64>,
    /// Distinct failure identities seen, with one example each.
    pub distinct: BTreeMap<String, (Failure, String)>,
    /// Findings saved by this run.
    pub saved: Vec<PathBuf>,
    /// Wall-clock time of the fuzzing (not the minimization).
    pub elapsed: Duration,
}

impl Summary {
    /// Total failures.
    pub fn failure_count(&self) -> u64 {
        self.failures.values().sum()
    }
}

struct Slot {
    worker: Worker,
    /// The batch in progress: next index expected and end.
    batch: Option<(u64, u64)>,
    /// The program running and since when.
    current: Option<(u64, Instant)>,
    /// The last index whose failure was reported (so its death is not also a crash).
    reported: Option<u64>,
}

const BATCH: u64 = 16;

/// The supervisor's state during the fuzzing.
struct Fuzzing<'o> {
    opts: &'o Options,
    corpus: Corpus,
    /// Identities of the findings already saved.
    known: std::collections::BTreeSet<String>,
    sum: Summary,
    new_findings: Vec<NewFinding>,
    /// Hang and rss findings taken for minimization so far.
    anonymous: usize,
    slots: Vec<Slot>,
    /// Ranges of a lost worker's batch still to run.
    requeued: VecDeque<(u64, u64)>,
    /// The next fresh index and the end of the stream.
    next: u64,
    end: u64,
    tx: Sender<Event>,
}

/// Runs the fuzzer.
pub fn run(opts: &Options) -> std::io::Result<Summary> {
    let (tx, rx) = channel::<Event>();
    let mut slots = Vec::new();
    for i in 0..opts.jobs.max(1) {
        let worker = Worker::spawn(&opts.spawn, i, 0, tx.clone())?;
        slots.push(Slot {
            worker,
            batch: None,
            current: None,
            reported: None,
        });
    }
    let mut f = Fuzzing {
        opts,
        corpus: Corpus::load(&opts.spawn.corpus_dir)?,
        known: opts
            .findings_dir
            .as_deref()
            .map(findings::known)
            .unwrap_or_default(),
        sum: Summary::default(),
        new_findings: Vec::new(),
        anonymous: 0,
        slots,
        requeued: VecDeque::new(),
        next: opts.first,
        end: opts
            .programs
            .map_or(u64::MAX, |n| opts.first.saturating_add(n)),
        tx,
    };
    let start = Instant::now();
    let deadline = opts.seconds.map(|s| start + Duration::from_secs(s));
    let mut last_report = Instant::now();
    loop {
        f.hand_out(deadline.is_none_or(|d| Instant::now() < d));
        if f.slots.iter().all(|s| s.batch.is_none()) {
            break;
        }
        match rx.recv_timeout(Duration::from_millis(200)) {
            Ok(ev) => f.on_event(ev)?,
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        f.kill_hangs()?;
        if opts.progress && last_report.elapsed() > Duration::from_secs(10) {
            last_report = Instant::now();
            let secs = start.elapsed().as_secs_f64();
            eprintln!(
                "fuzz: {} programs in {secs:.0} s ({:.0}/s), {} failures ({} distinct)",
                f.sum.programs,
                f.sum.programs as f64 / secs.max(0.001),
                f.sum.failure_count(),
                f.sum.distinct.len()
            );
        }
    }
    let mut sum = f.sum;
    sum.elapsed = start.elapsed();
    for s in f.slots {
        s.worker.quit();
    }
    if let Some(dir) = &opts.findings_dir {
        sum.saved = minimize_all(opts, dir, &f.new_findings);
    }
    Ok(sum)
}

impl Fuzzing<'_> {
    /// Gives idle workers a batch: a lost worker's remainder first, then fresh indices
    /// while `accepting`.
    fn hand_out(&mut self, accepting: bool) {
        for s in self.slots.iter_mut().filter(|s| s.batch.is_none()) {
            let range = match self.requeued.pop_front() {
                Some(r) => Some(r),
                None if accepting && self.next < self.end => {
                    let r = (self.next, (self.next + BATCH).min(self.end));
                    self.next = r.1;
                    Some(r)
                }
                None => None,
            };
            if let Some((a, b)) = range {
                let mode = self.opts.mode.name();
                let cmd = format!("GEN {mode} {} {a} {}", self.opts.seed, b - a);
                try_send(&mut s.worker, &cmd, None);
                s.batch = Some((a, b));
            }
        }
    }

    fn on_event(&mut self, ev: Event) -> std::io::Result<()> {
        let Some(s) = self.slots.get_mut(ev.worker) else {
            return Ok(());
        };
        if ev.life != s.worker.life {
            return Ok(());
        }
        match ev.msg {
            Msg::Started(i) => {
                self.sum.programs += 1;
                s.current = Some((i, Instant::now()));
            }
            Msg::Failed(i, _, f) => {
                s.reported = Some(i);
                self.record(i, f);
            }
            Msg::Ended(class, interrupted, fuel) => {
                self.sum.interrupted += u64::from(interrupted);
                self.sum.out_of_fuel += u64::from(fuel);
                match class.as_str() {
                    "ok" => self.sum.ok += 1,
                    "compile" => self.sum.compile_errors += 1,
                    _ => self.sum.exceptions += 1,
                }
            }
            Msg::Done => {
                s.batch = None;
                s.current = None;
            }
            Msg::Answer(_) => {}
            Msg::Gone => {
                let (status, tail) = s.worker.reap();
                let lost = lose_worker(s, &mut self.requeued);
                restart(s, &self.opts.spawn, ev.worker, &self.tx)?;
                if let Some(i) = lost {
                    self.record(i, crash_failure(&status, &tail));
                }
            }
        }
        Ok(())
    }

    /// Kills the workers whose program has run past the hang bound.
    fn kill_hangs(&mut self) -> std::io::Result<()> {
        let hang = Duration::from_secs(self.opts.hang_seconds);
        for k in 0..self.slots.len() {
            let s = &mut self.slots[k];
            if s.current.is_some_and(|(_, t)| t.elapsed() > hang) {
                s.worker.kill();
                let lost = lose_worker(s, &mut self.requeued);
                restart(s, &self.opts.spawn, k, &self.tx)?;
                if let Some(i) = lost {
                    self.record(i, hang_failure(hang));
                }
            }
        }
        Ok(())
    }

    /// Counts a failure of program `index` and keeps it for minimization if it is new.
    fn record(&mut self, index: u64, f: Failure) {
        let opts = self.opts;
        *self.sum.failures.entry(f.kind.clone()).or_default() += 1;
        // Hangs and runaway memory have no message to tell them apart: each counts as
        // distinct (up to `max_anonymous`) until minimized, then is named by its program.
        let anon = matches!(f.kind.as_str(), "hang" | "rss");
        let id = if anon {
            findings::identity(&f.kind, &format!("{} (program {index})", f.key))
        } else {
            findings::identity(&f.kind, &f.key)
        };
        let p = program(opts.mode, opts.seed, index, &self.corpus);
        let origin = format!(
            "{} program: mode {} seed {} index {index}",
            p.origin,
            opts.mode.name(),
            opts.seed,
        );
        if opts.progress {
            eprintln!(
                "fuzz: {} at program {index} ({}): {}",
                f.kind, p.origin, f.key
            );
        }
        let fresh = !self.sum.distinct.contains_key(&id) && !self.known.contains(&id);
        self.sum
            .distinct
            .entry(id.clone())
            .or_insert_with(|| (f.clone(), origin.clone()));
        if fresh && (!anon || self.anonymous < opts.max_anonymous) {
            self.anonymous += usize::from(anon);
            self.new_findings.push(NewFinding {
                id,
                failure: f,
                spec: p.spec,
                source: p.source,
                origin,
            });
        }
    }
}

/// A worker died or was killed: the rest of its batch goes back in the queue, and the
/// program it was running is returned unless its failure was already reported.
fn lose_worker(s: &mut Slot, requeued: &mut VecDeque<(u64, u64)>) -> Option<u64> {
    let batch = s.batch.take();
    let current = s.current.take();
    let (a, b) = batch?;
    let Some((i, _)) = current else {
        requeued.push_back((a, b));
        return None;
    };
    if i + 1 < b {
        requeued.push_back((i + 1, b));
    }
    (s.reported != Some(i)).then_some(i)
}

fn restart(s: &mut Slot, sp: &Spawn, k: usize, tx: &Sender<Event>) -> std::io::Result<()> {
    let life = s.worker.life + 1;
    s.worker = Worker::spawn(sp, k, life, tx.clone())?;
    s.reported = None;
    Ok(())
}

/// Minimizes and saves the new findings, spread over `jobs` oracles.
fn minimize_all(opts: &Options, dir: &std::path::Path, found: &[NewFinding]) -> Vec<PathBuf> {
    let next = std::sync::Mutex::new(0usize);
    let saved = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..opts.jobs.max(1).min(found.len()) {
            scope.spawn(|| {
                let mut oracle = Oracle::new(
                    opts.spawn.clone(),
                    Duration::from_secs(opts.minimize_hang_seconds),
                );
                loop {
                    let k = {
                        let mut n = next.lock().unwrap_or_else(|e| e.into_inner());
                        *n += 1;
                        *n - 1
                    };
                    let Some(f) = found.get(k) else { break };
                    let budget = Budget {
                        deadline: Instant::now() + Duration::from_secs(opts.minimize_seconds),
                        max_tests: 5000,
                    };
                    if opts.progress {
                        eprintln!(
                            "fuzz: minimizing {} ({} lines)",
                            f.id,
                            f.source.lines().count()
                        );
                    }
                    match reduce_and_save(&mut oracle, f, dir, &budget, opts.spawn.stack_bytes) {
                        Ok(p) => saved.lock().unwrap_or_else(|e| e.into_inner()).push(p),
                        Err(e) => eprintln!("fuzz: cannot save a finding: {e}"),
                    }
                }
                oracle.stop();
            });
        }
    });
    saved.into_inner().unwrap_or_else(|e| e.into_inner())
}
