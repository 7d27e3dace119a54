//! `tiercel-fuzz images [--images N] [--seconds S] [--jobs J] [--seed S] [--fuel F]
//! [--reuse K] [--first I] [--findings DIR | --no-save]` (`cargo xtask fuzz images ...`): the image
//! fuzzer ([`crate::images`]) for as long as asked; prints the counts and every panic,
//! saves each panicking image (minimized) as `image-<seed>-<index>.tbc` in the findings
//! directory, and exits 1 when there was one. With `--reuse K` blocks of K images share a
//! VM; a panic then saves the accepted images of its block up to it that it needs, in
//! order, as `image-<seed>-<index>-reuse<K>/NNN.tbc` (run in one VM in that order). `--repro INDEX`
//! checks image `INDEX` of the seed again (after the images of its block, with `--reuse`)
//! and saves it when it panics; `--check FILE.tbc|DIR` checks a saved image (or sequence)
//! in both tiers; `--dis FILE.tbc` prints its disassembly.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::images::minimize::{minimize, minimize_sequence};
use crate::images::regression::{check_saved, load_saved};
use crate::images::run::{check_image_in, install_panic_hook, new_vm, Fate};
use crate::images::{
    base_of, block_before, case, corpus_images, in_tier2, run, ImageFuzzOptions, ImagePanic,
    RUN_BUDGET,
};
use crate::programs::Corpus;
use crate::watchdog::Watchdog;

/// The usage lines.
pub const USAGE: &str = "usage: tiercel-fuzz images [--images N] [--seconds S] [--jobs J] [--seed S] [--fuel F] [--reuse K] [--first I] [--findings DIR | --no-save]
       tiercel-fuzz images --repro INDEX [--seed S] [--fuel F] [--reuse K] [--findings DIR | --no-save]
       tiercel-fuzz images --check FILE.tbc|DIR [--fuel F]
       tiercel-fuzz images --dis FILE.tbc";

struct Args {
    opts: ImageFuzzOptions,
    repro: Option<u64>,
    check: Option<PathBuf>,
    dis: Option<PathBuf>,
    findings: Option<PathBuf>,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        opts: ImageFuzzOptions {
            images: None,
            seconds: None,
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
            seed: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(1, |d| d.as_secs()),
            fuel: 100_000,
            reuse: 1,
            first: 0,
        },
        repro: None,
        check: None,
        dis: None,
        findings: Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("findings")),
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--no-save" {
            a.findings = None;
            continue;
        }
        let v = it.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--check" => a.check = Some(PathBuf::from(v)),
            "--dis" => a.dis = Some(PathBuf::from(v)),
            "--findings" => a.findings = Some(PathBuf::from(v)),
            _ => {
                let n = v
                    .parse::<u64>()
                    .map_err(|_| format!("{flag}: not a number: {v}"))?;
                match flag.as_str() {
                    "--images" => a.opts.images = Some(n),
                    "--first" => a.opts.first = n,
                    "--seconds" => a.opts.seconds = Some(n),
                    "--jobs" => a.opts.jobs = n.max(1) as usize,
                    "--seed" => a.opts.seed = n,
                    "--fuel" => a.opts.fuel = n,
                    "--repro" => a.repro = Some(n),
                    "--reuse" => a.opts.reuse = n.max(1),
                    _ => return Err(format!("unknown option {flag}")),
                }
            }
        }
    }
    if a.opts.images.is_none() && a.opts.seconds.is_none() {
        a.opts.seconds = Some(60);
    }
    Ok(a)
}

/// Runs the subcommand with the arguments after `images`.
pub fn main(args: &[String]) -> ExitCode {
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("tiercel-fuzz images: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    install_panic_hook();
    if let Some(file) = &a.dis {
        return dis_file(file);
    }
    if let Some(file) = &a.check {
        return check_file(file, a.opts.fuel);
    }
    let corpus = match Corpus::load(&Corpus::default_dir()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("tiercel-fuzz images: cannot read the corpus: {e}");
            return ExitCode::from(2);
        }
    };
    let images = corpus_images(&corpus);
    let panics = if let Some(index) = a.repro {
        let base = a.findings.as_ref().map(|d| {
            let _ = std::fs::create_dir_all(d);
            d.join(format!("image-{}-{index}-base.tbc.orig", a.opts.seed))
        });
        repro(&a.opts, &images, index, base)
    } else {
        eprintln!(
            "image fuzz: {} corpus images, seed {}, {} threads",
            images.len(),
            a.opts.seed,
            a.opts.jobs
        );
        let s = run(&a.opts, &images);
        for p in s.panic_lines() {
            eprintln!("panic: {p}");
        }
        println!("{}", s.report());
        if s.silent_refusals > 0 {
            return ExitCode::from(1);
        }
        s.panics
    };
    if let Some(dir) = &a.findings {
        save(dir, &panics, &a.opts, &images);
    }
    if panics.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Checks image `index` of the seed again, after the images of its block.
fn repro(
    opts: &ImageFuzzOptions,
    images: &[Vec<u8>],
    index: u64,
    base_path: Option<PathBuf>,
) -> Vec<ImagePanic> {
    let dog = Watchdog::start();
    let tier2 = in_tier2(index, opts.reuse);
    let mut vm = None;
    for before in block_before(index, opts.reuse) {
        let bytes = case(opts.seed, before, images);
        let fate = check_image_in(&mut vm, &bytes, opts.fuel, tier2, &dog, RUN_BUDGET);
        if let Fate::Panic(m) = fate {
            println!(
                "seed {} image {before} (before {index}): panic {m}",
                opts.seed
            );
        }
    }
    let bytes = case(opts.seed, index, images);
    let fate = check_image_in(&mut vm, &bytes, opts.fuel, tier2, &dog, RUN_BUDGET);
    println!("seed {} image {index}: {fate:?}", opts.seed);
    if let Some(path) = &base_path {
        // What it was mutated from, to compare disassemblies (`--dis`).
        match std::fs::write(path, base_of(opts.seed, index, images)) {
            Ok(()) => println!("its corpus image: {}", path.display()),
            Err(e) => eprintln!("cannot save {}: {e}", path.display()),
        }
    }
    match fate {
        Fate::Panic(message) => vec![ImagePanic {
            seed: opts.seed,
            index,
            message,
            bytes,
        }],
        _ => Vec::new(),
    }
}

/// Prints the disassembly of a saved image (or the verifier's refusal).
fn dis_file(file: &Path) -> ExitCode {
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("tiercel-fuzz images: cannot read {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let mut vm = new_vm(1, false);
    match vm.load_image(&bytes, "fuzz.tbc") {
        Ok(code) => {
            // Each code object, nested ones after their parent.
            let mut todo = vec![code];
            while let Some(code) = todo.pop() {
                let mut out = String::new();
                vm_core::bytecode::disasm::disassemble(&code, &mut out, &|v| format!("{v:?}"));
                println!("== {}\n{out}", vm.display(code.qualname));
                for &k in code.consts.iter().rev() {
                    if let Some(vm_core::object::types::Obj::Code(c)) = vm.obj(k) {
                        todo.push(c.clone());
                    }
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("refused: {e}");
            ExitCode::from(1)
        }
    }
}

/// Checks a saved image (or sequence) in both tiers.
fn check_file(file: &Path, fuel: u64) -> ExitCode {
    let seq = match load_saved(file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tiercel-fuzz images: {e}");
            return ExitCode::from(2);
        }
    };
    let dog = Watchdog::start();
    let mut failed = false;
    for tier2 in [false, true] {
        let fates = check_saved(&seq, fuel, tier2, &dog);
        println!("tier {}: {fates:?}", if tier2 { 2 } else { 1 });
        failed |= fates.iter().any(|f| matches!(f, Fate::Panic(_)));
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Saves each panicking image (minimized when it ran in a VM of its own; with the
/// accepted images its VM ran before it otherwise), with a note of where it came from.
fn save(dir: &Path, panics: &[ImagePanic], opts: &ImageFuzzOptions, images: &[Vec<u8>]) {
    if panics.is_empty() {
        return;
    }
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("cannot create {}: {e}", dir.display());
        return;
    }
    let dog = Watchdog::start();
    for p in panics {
        let tier2 = in_tier2(p.index, opts.reuse);
        let mut stem = dir.join(format!("image-{}-{}", p.seed, p.index));
        let written = if opts.reuse > 1 {
            stem = dir.join(format!("image-{}-{}-reuse{}", p.seed, p.index, opts.reuse));
            let mut seq: Vec<Vec<u8>> = block_before(p.index, opts.reuse)
                .map(|i| case(opts.seed, i, images))
                .filter(|b| vm_core::image::read(b).is_ok_and(|i| verify(&i).is_ok()))
                .collect();
            seq.push(p.bytes.clone());
            let seq = minimize_sequence(&seq, opts.fuel, tier2, &dog);
            std::fs::create_dir_all(&stem).and_then(|()| {
                seq.iter()
                    .enumerate()
                    .try_for_each(|(n, b)| std::fs::write(stem.join(format!("{n:03}.tbc")), b))
            })
        } else {
            let small = minimize(&p.bytes, opts.fuel, tier2, &dog);
            std::fs::write(stem.with_extension("tbc"), small)
        };
        let note = format!(
            "seed {} image {} (tier {}, {} images to a VM): {}\n\
             check: cargo xtask fuzz images --check {}\n",
            p.seed,
            p.index,
            if tier2 { 2 } else { 1 },
            opts.reuse,
            p.message,
            stem.display()
        );
        match written.and_then(|()| std::fs::write(stem.with_extension("txt"), note)) {
            Ok(()) => eprintln!("saved {}", stem.display()),
            Err(e) => eprintln!("cannot save {}: {e}", stem.display()),
        }
    }
}

fn verify(img: &vm_core::image::Image<'_>) -> Result<(), vm_core::image::ImageError> {
    vm_core::bytecode::verify::verify(img)
}
