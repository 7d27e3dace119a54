//! `tiercel-fuzz`: the fuzzer's command line (what `cargo xtask fuzz` runs) and, with
//! `--worker`, the worker processes it starts. See `docs/FUZZING.md`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use tiercel_fuzz::check::{check_program, install_panic_hook};
use tiercel_fuzz::pool::Spawn;
use tiercel_fuzz::programs::{program, Corpus, Mode};
use tiercel_fuzz::runner::{Limits, RunSpec};
use tiercel_fuzz::supervise::{run, Options, Summary};
use tiercel_fuzz::watchdog::Watchdog;
use tiercel_fuzz::worker::{self, WorkerOptions};

const USAGE: &str = "\
usage: tiercel-fuzz [--programs N] [--seconds S] [--jobs J] [--seed S] [--first I]
                    [--generator-only | --mutation-only] [--findings DIR | --no-save]
                    [--hang SECONDS] [--minimize-seconds S] [--stack BYTES]
       tiercel-fuzz --show INDEX [--seed S] [--generator-only | --mutation-only]
       tiercel-fuzz --check FILE.py [--hot N|default] [--stress] [--no-fuel]
Runs programs in tiers 1, 2 and 3 and reports panics, crashes, hangs, runaway memory
and differences between the tiers; exits 1 when it found any.";

struct Args {
    opts: Options,
    show: Option<u64>,
    check: Option<(PathBuf, RunSpec)>,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut opts = Options {
        programs: None,
        seconds: None,
        jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
        seed: SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_secs()),
        first: 0,
        mode: Mode::Both,
        spawn: Spawn {
            exe: std::env::current_exe().map_err(|e| e.to_string())?,
            corpus_dir: Corpus::default_dir(),
            stack_bytes: 4 << 20,
            rss_slack_bytes: 64 << 20,
        },
        findings_dir: Some(root.join("findings")),
        hang_seconds: 10,
        minimize_hang_seconds: 2,
        minimize_seconds: 90,
        max_anonymous: 4,
        progress: true,
    };
    let (mut show, mut check, mut hot) = (
        None,
        None,
        RunSpec {
            hot: Some(2),
            stress: false,
            fuel: true,
        },
    );
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().cloned().ok_or(format!("{a} needs a value"));
        let num = |v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{a}: not a number: {v}"))
        };
        match a.as_str() {
            "--programs" => opts.programs = Some(num(val()?)?),
            "--seconds" => opts.seconds = Some(num(val()?)?),
            "--jobs" => opts.jobs = num(val()?)? as usize,
            "--seed" => opts.seed = num(val()?)?,
            "--first" => opts.first = num(val()?)?,
            "--generator-only" => opts.mode = Mode::Generator,
            "--mutation-only" => opts.mode = Mode::Mutation,
            "--findings" => opts.findings_dir = Some(PathBuf::from(val()?)),
            "--no-save" => opts.findings_dir = None,
            "--hang" => opts.hang_seconds = num(val()?)?,
            "--minimize-seconds" => opts.minimize_seconds = num(val()?)?,
            "--stack" => opts.spawn.stack_bytes = num(val()?)? as usize,
            "--show" => show = Some(num(val()?)?),
            "--check" => check = Some(PathBuf::from(val()?)),
            "--hot" => {
                let (stress, fuel) = (hot.stress, hot.fuel);
                hot = RunSpec::decode(&format!("hot={}", val()?)).ok_or("bad --hot")?;
                (hot.stress, hot.fuel) = (stress, fuel);
            }
            "--stress" => hot.stress = true,
            "--no-fuel" => hot.fuel = false,
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    if opts.programs.is_none() && opts.seconds.is_none() {
        opts.programs = Some(10_000);
    }
    Ok(Args {
        opts,
        show,
        check: check.map(|c| (c, hot)),
    })
}

fn worker_main(args: &[String]) -> ExitCode {
    let mut opts = WorkerOptions {
        corpus_dir: Corpus::default_dir(),
        stack_bytes: 4 << 20,
        rss_slack_bytes: 64 << 20,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().cloned().unwrap_or_default();
        match a.as_str() {
            "--corpus" => opts.corpus_dir = PathBuf::from(v),
            "--stack" => opts.stack_bytes = v.parse().unwrap_or(opts.stack_bytes),
            "--rss-slack" => opts.rss_slack_bytes = v.parse().unwrap_or(opts.rss_slack_bytes),
            _ => {}
        }
    }
    ExitCode::from(worker::main(opts) as u8)
}

fn print_summary(opts: &Options, s: &Summary) {
    let secs = s.elapsed.as_secs_f64().max(0.001);
    println!(
        "fuzz summary (seed {}, mode {}, {} jobs)",
        opts.seed,
        opts.mode.name(),
        opts.jobs
    );
    println!(
        "  programs: {} in {secs:.1} s = {:.0} programs/s (each in tiers 1, 2 and 3)",
        s.programs,
        s.programs as f64 / secs
    );
    println!(
        "  tier-1 outcomes: {} ran to the end, {} raised, {} did not compile; {} stopped by the watchdog, {} out of fuel",
        s.ok, s.exceptions, s.compile_errors, s.interrupted, s.out_of_fuel
    );
    if s.failures.is_empty() {
        println!("  failures: none");
    }
    for (kind, n) in &s.failures {
        println!("  failures: {n} {kind}");
    }
    for (id, (_, origin)) in &s.distinct {
        println!("  distinct: {id}  (first: {origin})");
    }
    for p in &s.saved {
        println!("  saved: {}", p.display());
    }
}

fn check_file(path: &PathBuf, spec: RunSpec) -> ExitCode {
    let Ok(src) = std::fs::read_to_string(path) else {
        eprintln!("cannot read {}", path.display());
        return ExitCode::from(2);
    };
    install_panic_hook();
    let dog = Watchdog::start();
    let c = check_program(&src, spec, &Limits::fuzz(), &dog);
    match c.failure {
        Some(f) => {
            println!("{}: {}\n{}", f.kind, f.key, f.detail);
            ExitCode::from(1)
        }
        None => {
            println!("pass ({}, interrupted: {})", c.class, c.interrupted);
            ExitCode::SUCCESS
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--worker") {
        return worker_main(&args[1..]);
    }
    if args.first().is_some_and(|a| a == "images") {
        return tiercel_fuzz::images_cmd::main(&args[1..]);
    }
    let a = match parse(&args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("tiercel-fuzz: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Some(index) = a.show {
        let corpus = Corpus::load(&a.opts.spawn.corpus_dir).unwrap_or(Corpus {
            sources: Vec::new(),
            pool: Vec::new(),
        });
        let p = program(a.opts.mode, a.opts.seed, index, &corpus);
        println!(
            "# {} program, tier 2 {}\n{}",
            p.origin,
            p.spec.encode(),
            p.source
        );
        return ExitCode::SUCCESS;
    }
    if let Some((path, spec)) = &a.check {
        return check_file(path, *spec);
    }
    match run(&a.opts) {
        Ok(s) => {
            print_summary(&a.opts, &s);
            if s.failure_count() > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("tiercel-fuzz: {e}");
            ExitCode::from(2)
        }
    }
}
