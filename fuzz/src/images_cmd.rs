//! `tiercel-fuzz images [--images N] [--seconds S] [--jobs J] [--seed S] [--fuel F]`
//! (`cargo xtask fuzz images ...`): the image fuzzer ([`crate::images`]) for as long as
//! asked; prints the counts and every panic, and exits 1 when there was one.

use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::images::{corpus_images, run, ImageFuzzOptions};
use crate::programs::Corpus;

/// The usage line.
pub const USAGE: &str =
    "usage: tiercel-fuzz images [--images N] [--seconds S] [--jobs J] [--seed S] [--fuel F]";

fn parse(args: &[String]) -> Result<ImageFuzzOptions, String> {
    let mut opts = ImageFuzzOptions {
        images: None,
        seconds: None,
        jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
        seed: SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_secs()),
        fuel: 100_000,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().ok_or(format!("{a} needs a value"))?;
        let n = v
            .parse::<u64>()
            .map_err(|_| format!("{a}: not a number: {v}"))?;
        match a.as_str() {
            "--images" => opts.images = Some(n),
            "--seconds" => opts.seconds = Some(n),
            "--jobs" => opts.jobs = n.max(1) as usize,
            "--seed" => opts.seed = n,
            "--fuel" => opts.fuel = n,
            _ => return Err(format!("unknown option {a}")),
        }
    }
    if opts.images.is_none() && opts.seconds.is_none() {
        opts.seconds = Some(60);
    }
    Ok(opts)
}

/// Runs the subcommand with the arguments after `images`.
pub fn main(args: &[String]) -> ExitCode {
    let opts = match parse(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("tiercel-fuzz images: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let corpus = match Corpus::load(&Corpus::default_dir()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("tiercel-fuzz images: cannot read the corpus: {e}");
            return ExitCode::from(2);
        }
    };
    let images = corpus_images(&corpus);
    eprintln!(
        "image fuzz: {} corpus images, seed {}, {} threads",
        images.len(),
        opts.seed,
        opts.jobs
    );
    let s = run(&opts, &images);
    for p in &s.panics {
        eprintln!("panic: {p}");
    }
    println!("{}", s.report());
    if s.panics.is_empty() && s.silent_refusals == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
