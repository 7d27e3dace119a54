//! Image fuzzing: the bytecode images of the corpus programs, mutated ([`mutate`]: byte
//! changes and structure-aware ones), must each be refused by the reader or verifier with
//! a message, or load and run to an end (an outcome, an exception, fuel or the watchdog)
//! without a panic. Image `index` of seed `seed` is a function of the two alone
//! ([`case`]), and each accepted image runs in a fresh VM ([`run::check_image`]), so a
//! failure reproduces from (seed, index) and can be kept as a regression file.

pub mod encode;
pub mod minimize;
pub mod mutate;
pub mod regression;
pub mod run;
pub mod structure;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use vm_core::image;

use crate::programs::Corpus;
use crate::rng::Rng;
use crate::watchdog::Watchdog;
pub use mutate::mutate;
use run::{check_image_in, Fate};

/// How long and how wide a run is.
#[derive(Clone, Debug)]
pub struct ImageFuzzOptions {
    /// The first image's index (a run covers `first..images`).
    pub first: u64,
    /// Stop before image `images` (over all threads), if given.
    pub images: Option<u64>,
    /// Stop after this long, if given.
    pub seconds: Option<u64>,
    /// Worker threads.
    pub jobs: usize,
    /// The seed of the stream.
    pub seed: u64,
    /// Instructions per run (`Config::fuel`).
    pub fuel: u64,
    /// Images per VM: 1 runs each in a fresh VM; more run each block of `reuse`
    /// consecutive images (from a multiple of `reuse`) one after the other in one VM, so a
    /// failure that depends on what ran before reproduces from (seed, index, reuse) too.
    pub reuse: u64,
}

/// A mutated image that panicked.
#[derive(Clone, Debug)]
pub struct ImagePanic {
    /// The stream's seed.
    pub seed: u64,
    /// The image's index in the stream.
    pub index: u64,
    /// Where and what.
    pub message: String,
    /// The image.
    pub bytes: Vec<u8>,
}

/// What a run found.
#[derive(Debug, Default)]
pub struct ImageFuzzSummary {
    /// Mutated images tried.
    pub run: u64,
    /// Refused by the reader or the verifier.
    pub refused: u64,
    /// Accepted, loaded and run to an end without a panic.
    pub ran: u64,
    /// Panics.
    pub panics: Vec<ImagePanic>,
    /// Refusals without a message (each is a failure too).
    pub silent_refusals: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl ImageFuzzSummary {
    /// One line of counts.
    pub fn report(&self) -> String {
        format!(
            "image fuzz: {} mutated images in {:.1} s: {} refused, {} accepted and ran safely, \
             {} panics, {} refusals without a message",
            self.run,
            self.elapsed.as_secs_f64(),
            self.refused,
            self.ran,
            self.panics.len(),
            self.silent_refusals
        )
    }

    /// One line per panic: seed, index and what.
    pub fn panic_lines(&self) -> Vec<String> {
        self.panics
            .iter()
            .map(|p| format!("seed {} image {}: {}", p.seed, p.index, p.message))
            .collect()
    }

    fn add(&mut self, other: ImageFuzzSummary) {
        self.run += other.run;
        self.refused += other.refused;
        self.ran += other.ran;
        self.silent_refusals += other.silent_refusals;
        self.panics.extend(other.panics);
    }
}

/// How long the watchdog lets one accepted image run (fuel ends almost all sooner).
pub const RUN_BUDGET: Duration = Duration::from_secs(2);

/// The images of the corpus programs that compile. Programs that sleep or read input are
/// left out: they would only wait.
pub fn corpus_images(corpus: &Corpus) -> Vec<Vec<u8>> {
    corpus
        .sources
        .iter()
        .filter(|s| !s.contains("sleep(") && !s.contains("input("))
        .filter_map(|s| image::compile_to_image(s, "fuzz.py").ok())
        .collect()
}

/// Mutated image `index` of the stream `seed` over `images`: a function of those alone.
pub fn case(seed: u64, index: u64, images: &[Vec<u8>]) -> Vec<u8> {
    let mut rng = Rng::for_program(seed, index);
    let base = rng.pick(images);
    mutate(&mut rng, base, images)
}

/// The corpus image that image `index` of the stream `seed` is a mutation of.
pub fn base_of(seed: u64, index: u64, images: &[Vec<u8>]) -> &[u8] {
    Rng::for_program(seed, index).pick(images).as_slice()
}

/// Whether image `index` runs in tier 2 or tier 1 when blocks of `reuse` images share a
/// VM: the odd blocks (the odd images, one image to a VM) in tier 2.
pub fn in_tier2(index: u64, reuse: u64) -> bool {
    (index / reuse.max(1)) % 2 == 1
}

/// The images a VM runs before image `index` when blocks of `reuse` images share a VM.
pub fn block_before(index: u64, reuse: u64) -> std::ops::Range<u64> {
    let reuse = reuse.max(1);
    index / reuse * reuse..index
}

/// Runs the image fuzzer over `images` (the corpus's, usually).
pub fn run(opts: &ImageFuzzOptions, images: &[Vec<u8>]) -> ImageFuzzSummary {
    let start = Instant::now();
    let deadline = opts.seconds.map(|s| start + Duration::from_secs(s));
    let next = AtomicU64::new(opts.first / opts.reuse.max(1));
    let stop = AtomicBool::new(false);
    let total = Mutex::new(ImageFuzzSummary::default());
    std::thread::scope(|s| {
        for _ in 0..opts.jobs.max(1) {
            // Unoptimized (test-profile) frames are large: a deep stack, as the fuzzer's
            // worker processes have.
            std::thread::Builder::new()
                .stack_size(64 << 20)
                .spawn_scoped(s, || {
                    let mine = worker(opts, images, &next, &stop, deadline);
                    total.lock().unwrap_or_else(|e| e.into_inner()).add(mine);
                })
                .expect("a fuzz thread");
        }
    });
    let mut t = total.into_inner().unwrap_or_else(|e| e.into_inner());
    t.elapsed = start.elapsed();
    t.panics.sort_by_key(|p| p.index);
    t
}

fn worker(
    opts: &ImageFuzzOptions,
    images: &[Vec<u8>],
    next: &AtomicU64,
    stop: &AtomicBool,
    deadline: Option<Instant>,
) -> ImageFuzzSummary {
    let dog = Watchdog::start();
    let mut mine = ImageFuzzSummary::default();
    let block = opts.reuse.max(1);
    while !stop.load(Ordering::Relaxed) {
        let first = next.fetch_add(1, Ordering::Relaxed) * block;
        let mut vm = None;
        for index in first.max(opts.first)..first + block {
            if opts.images.is_some_and(|n| index >= n)
                || deadline.is_some_and(|d| Instant::now() >= d)
            {
                stop.store(true, Ordering::Relaxed);
                break;
            }
            let bytes = case(opts.seed, index, images);
            mine.run += 1;
            let tier2 = in_tier2(first, block);
            match check_image_in(&mut vm, &bytes, opts.fuel, tier2, &dog, RUN_BUDGET) {
                Fate::Refused(message) => {
                    mine.refused += 1;
                    mine.silent_refusals += u64::from(message.trim().is_empty());
                }
                Fate::Ran => mine.ran += 1,
                Fate::Panic(message) => mine.panics.push(ImagePanic {
                    seed: opts.seed,
                    index,
                    message,
                    bytes,
                }),
            }
        }
    }
    mine
}
