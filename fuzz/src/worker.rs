//! The worker process: runs programs as the supervisor asks (see [`crate::protocol`]) on a
//! thread with a fixed stack, catching panics per program. A crash (stack overflow, abort,
//! signal) ends the process; the supervisor notices and restarts it.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use crate::check::{check_program, install_panic_hook};
use crate::programs::{program, Corpus, Mode};
use crate::protocol::{read_header, read_payload, send, Failure};
use crate::runner::{Limits, RunSpec};
use crate::watchdog::Watchdog;

/// Worker settings (command-line flags of `tiercel-fuzz --worker`).
#[derive(Clone, Debug)]
pub struct WorkerOptions {
    /// The corpus for mutations.
    pub corpus_dir: PathBuf,
    /// The program thread's stack (a board's is 4 MB).
    pub stack_bytes: usize,
    /// Resident memory allowed above what the worker started with.
    pub rss_slack_bytes: u64,
}

/// The process's resident set in bytes (Linux: `/proc/self/statm`, in pages of 4 KiB;
/// 0 where unavailable, which disables the check).
pub fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| {
            s.split_whitespace()
                .nth(1)
                .and_then(|n| n.parse::<u64>().ok())
        })
        .map_or(0, |pages| pages * 4096)
}

/// Runs the worker until its input ends; the process exit status.
pub fn main(opts: WorkerOptions) -> i32 {
    install_panic_hook();
    let stack = opts.stack_bytes;
    let t = std::thread::Builder::new()
        .name(String::from("fuzz-runner"))
        .stack_size(stack)
        .spawn(move || serve(&opts));
    match t.map(|h| h.join()) {
        Ok(Ok(code)) => code,
        _ => 70,
    }
}

struct State {
    corpus: Corpus,
    dog: Watchdog,
    limits: Limits,
    rss_limit: u64,
}

impl State {
    /// A resident-size failure, when over the bound (the worker exits after reporting it).
    fn rss_failure(&self) -> Option<Failure> {
        let rss = resident_bytes();
        (self.rss_limit > 0 && rss > self.rss_limit).then(|| Failure {
            kind: String::from("rss"),
            key: String::from("resident size over the bound"),
            detail: format!(
                "resident size {} MB after the program, bound {} MB\n",
                rss >> 20,
                self.rss_limit >> 20
            ),
        })
    }
}

fn serve(opts: &WorkerOptions) -> i32 {
    let corpus = match Corpus::load(&opts.corpus_dir) {
        Ok(c) => c,
        Err(e) => {
            eprintln!(
                "worker: cannot load the corpus {}: {e}",
                opts.corpus_dir.display()
            );
            return 2;
        }
    };
    let base = resident_bytes();
    let st = State {
        corpus,
        dog: Watchdog::start(),
        limits: Limits::fuzz(),
        rss_limit: if base == 0 {
            0
        } else {
            base + opts.rss_slack_bytes
        },
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    loop {
        let header = match read_header(&mut input) {
            Ok(Some(h)) => h,
            _ => return 0,
        };
        let words: Vec<&str> = header.split(' ').collect();
        let r = match words.first().copied() {
            Some("GEN") => batch(&st, &words, &mut out),
            Some("RUN") => match read_payload(&mut input, &header) {
                Ok(src) => run_one(&st, &words, &src, &mut out),
                Err(_) => return 2,
            },
            Some("QUIT") => return 0,
            _ => {
                eprintln!("worker: bad command {header:?}");
                return 2;
            }
        };
        match r {
            Ok(true) => {}
            // Over the memory bound: reported; a fresh process continues.
            Ok(false) => return 3,
            Err(_) => return 0,
        }
    }
}

/// `GEN <mode> <seed> <start> <count>`. Ok(false) when the worker must exit.
fn batch(st: &State, words: &[&str], out: &mut impl Write) -> std::io::Result<bool> {
    let bad = || std::io::Error::other("bad GEN");
    let mode = words.get(1).and_then(|m| Mode::parse(m)).ok_or_else(bad)?;
    let num = |i: usize| {
        words
            .get(i)
            .and_then(|n| n.parse::<u64>().ok())
            .ok_or_else(bad)
    };
    let (seed, start, count) = (num(2)?, num(3)?, num(4)?);
    for index in start..start + count {
        send(out, &format!("S {index}"), None)?;
        let p = program(mode, seed, index, &st.corpus);
        let c = check_program(&p.source, p.spec, &st.limits, &st.dog);
        let class = match c.class.as_str() {
            "ok" => "ok",
            "compile error" => "compile",
            _ => "raised",
        };
        let (i, f) = (u8::from(c.interrupted), u8::from(c.out_of_fuel));
        send(out, &format!("E {class} {i} {f}"), None)?;
        let failure = c.failure.or_else(|| st.rss_failure());
        if let Some(f) = failure {
            let header = format!("F {index} {} {}", f.kind, p.spec.encode());
            send(out, &header, Some(&f.payload()))?;
            if f.kind == "rss" {
                return Ok(false);
            }
        }
    }
    send(out, "D", None)?;
    Ok(true)
}

/// `RUN <spec> <len>` + source. Ok(false) when the worker must exit.
fn run_one(st: &State, words: &[&str], src: &str, out: &mut impl Write) -> std::io::Result<bool> {
    let spec = words
        .get(1)
        .and_then(|s| RunSpec::decode(s))
        .ok_or_else(|| std::io::Error::other("bad RUN"))?;
    let c = check_program(src, spec, &st.limits, &st.dog);
    let failure = c.failure.or_else(|| st.rss_failure());
    match failure {
        Some(f) => {
            send(out, &format!("R {}", f.kind), Some(&f.payload()))?;
            Ok(f.kind != "rss")
        }
        None => {
            let note = if c.interrupted { "interrupted" } else { "ok" };
            send(out, "R ok", Some(&format!("{note}\n{}", c.class)))?;
            Ok(true)
        }
    }
}

/// Reads a `RUN` answer (used by tests that drive a worker directly).
pub fn read_answer(r: &mut impl BufRead) -> std::io::Result<Option<Failure>> {
    let h = read_header(r)?.ok_or_else(|| std::io::Error::other("worker closed"))?;
    let kind = h.split(' ').nth(1).unwrap_or("").to_string();
    let p = read_payload(r, &h)?;
    Ok((kind != "ok").then(|| Failure::from_payload(&kind, &p)))
}
