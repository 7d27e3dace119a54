//! The supervisor: hands batches of program indices to N worker processes, notices a
//! worker that died (the program it was running is a crash) or that has run one program
//! past the wall-clock bound (a hang: it is killed), restarts it, collects failures,
//! deduplicates them, and at the end minimizes and saves the new ones.

use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::sync::mpsc::{channel, RecvTimeoutError};
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

/// Runs the fuzzer.
pub fn run(opts: &Options) -> std::io::Result<Summary> {
    let corpus = Corpus::load(&opts.spawn.corpus_dir)?;
    let known = opts
        .findings_dir
        .as_deref()
        .map(findings::known)
        .unwrap_or_default();
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
    let start = Instant::now();
    let deadline = opts.seconds.map(|s| start + Duration::from_secs(s));
    let end = opts
        .programs
        .map_or(u64::MAX, |n| opts.first.saturating_add(n));
    let mut next = opts.first;
    let mut requeued: VecDeque<(u64, u64)> = VecDeque::new();
    let mut sum = Summary::default();
    let mut new_findings: Vec<NewFinding> = Vec::new();
    let mut anonymous = 0usize;
    let mut last_report = Instant::now();
    let hang = Duration::from_secs(opts.hang_seconds);
    let mut record = |sum: &mut Summary, index: u64, f: Failure| {
        *sum.failures.entry(f.kind.clone()).or_default() += 1;
        // Hangs and runaway memory have no message to tell them apart: each counts as
        // distinct (up to `max_anonymous`) until minimized, then is named by its program.
        let anon = matches!(f.kind.as_str(), "hang" | "rss");
        let id = if anon {
            findings::identity(&f.kind, &format!("{} (program {index})", f.key))
        } else {
            findings::identity(&f.kind, &f.key)
        };
        let p = program(opts.mode, opts.seed, index, &corpus);
        let origin = format!(
            "{} program: mode {} seed {} index {}",
            p.origin,
            opts.mode.name(),
            opts.seed,
            index
        );
        if opts.progress {
            eprintln!(
                "fuzz: {} at program {index} ({}): {}",
                f.kind, p.origin, f.key
            );
        }
        let fresh = !sum.distinct.contains_key(&id) && !known.contains(&id);
        sum.distinct
            .entry(id.clone())
            .or_insert_with(|| (f.clone(), origin.clone()));
        if fresh && (!anon || anonymous < opts.max_anonymous) {
            anonymous += usize::from(anon);
            new_findings.push(NewFinding {
                id,
                failure: f,
                spec: p.spec,
                source: p.source,
                origin,
            });
        }
    };
    loop {
        let accepting = deadline.is_none_or(|d| Instant::now() < d);
        // Hand out work to idle workers.
        for s in slots.iter_mut().filter(|s| s.batch.is_none()) {
            let range = match requeued.pop_front() {
                Some(r) => Some(r),
                None if accepting && next < end => {
                    let r = (next, (next + BATCH).min(end));
                    next = r.1;
                    Some(r)
                }
                None => None,
            };
            if let Some((a, b)) = range {
                let cmd = format!("GEN {} {} {a} {}", opts.mode.name(), opts.seed, b - a);
                try_send(&mut s.worker, &cmd, None);
                s.batch = Some((a, b));
            }
        }
        if slots.iter().all(|s| s.batch.is_none()) {
            break;
        }
        match rx.recv_timeout(Duration::from_millis(200)) {
            Ok(ev) => {
                let Some(s) = slots.get_mut(ev.worker) else {
                    continue;
                };
                if ev.life != s.worker.life {
                    continue;
                }
                match ev.msg {
                    Msg::Started(i) => {
                        sum.programs += 1;
                        s.current = Some((i, Instant::now()));
                    }
                    Msg::Failed(i, _, f) => {
                        s.reported = Some(i);
                        record(&mut sum, i, f);
                    }
                    Msg::Ended(class, interrupted, fuel) => {
                        sum.interrupted += u64::from(interrupted);
                        sum.out_of_fuel += u64::from(fuel);
                        match class.as_str() {
                            "ok" => sum.ok += 1,
                            "compile" => sum.compile_errors += 1,
                            _ => sum.exceptions += 1,
                        }
                    }
                    Msg::Done => {
                        s.batch = None;
                        s.current = None;
                    }
                    Msg::Answer(_) => {}
                    Msg::Gone => {
                        let (status, tail) = s.worker.reap();
                        let lost = lose_worker(s, &mut requeued);
                        if let Some(i) = lost {
                            record(&mut sum, i, crash_failure(&status, &tail));
                        }
                        restart(s, &opts.spawn, ev.worker, &tx)?;
                    }
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        // Hangs: a program running past the bound.
        for (k, s) in slots.iter_mut().enumerate() {
            if s.current.is_some_and(|(_, t)| t.elapsed() > hang) {
                s.worker.kill();
                if let Some(i) = lose_worker(s, &mut requeued) {
                    record(&mut sum, i, hang_failure(hang));
                }
                restart(s, &opts.spawn, k, &tx)?;
            }
        }
        if opts.progress && last_report.elapsed() > Duration::from_secs(10) {
            last_report = Instant::now();
            let secs = start.elapsed().as_secs_f64();
            eprintln!(
                "fuzz: {} programs in {secs:.0} s ({:.0}/s), {} failures ({} distinct)",
                sum.programs,
                sum.programs as f64 / secs.max(0.001),
                sum.failure_count(),
                sum.distinct.len()
            );
        }
    }
    sum.elapsed = start.elapsed();
    for s in slots {
        s.worker.quit();
    }
    if let Some(dir) = &opts.findings_dir {
        sum.saved = minimize_all(opts, dir, &new_findings);
    }
    Ok(sum)
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

fn restart(
    s: &mut Slot,
    sp: &Spawn,
    k: usize,
    tx: &std::sync::mpsc::Sender<Event>,
) -> std::io::Result<()> {
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
