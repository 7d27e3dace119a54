//! Image fuzzing: the bytecode images of the corpus programs, mutated (bit flips, byte
//! changes, truncation, splices from other images, changed counts, lengths and indices),
//! must each be refused by the reader or verifier with a message, or load and run to an
//! end (an outcome, an exception, fuel or the watchdog) without a panic. Several threads,
//! each with its own VMs; a panic is caught and counted, and the thread's VMs are rebuilt.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use vm_core::image::{self, FieldKind};
use vm_core::{Config, Host, Vm};

use crate::programs::Corpus;
use crate::rng::Rng;
use crate::watchdog::Watchdog;

/// How long and how wide a run is.
#[derive(Clone, Debug)]
pub struct ImageFuzzOptions {
    /// Stop after this many mutated images (over all threads), if given.
    pub images: Option<u64>,
    /// Stop after this long, if given.
    pub seconds: Option<u64>,
    /// Worker threads.
    pub jobs: usize,
    /// The seed of every thread's stream.
    pub seed: u64,
    /// Instructions per run (`Config::fuel`).
    pub fuel: u64,
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
    /// Panics: the mutated image's seed and index, and the message.
    pub panics: Vec<String>,
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
}

/// A host that drops output and has a real clock (so `time` functions behave).
struct SinkHost(Instant);

impl Host for SinkHost {
    fn write_stdout(&mut self, _: &str) {}
    fn write_stderr(&mut self, _: &str) {}
    fn monotonic(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64()
    }
}

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

/// One mutation of `img` (with `donors` for splices).
pub fn mutate(rng: &mut Rng, img: &[u8], donors: &[Vec<u8>]) -> Vec<u8> {
    let mut b = img.to_vec();
    let rounds = 1 + rng.below(3);
    for _ in 0..rounds {
        if b.is_empty() {
            break;
        }
        match rng.below(8) {
            0 => {
                let i = rng.below(b.len());
                b[i] ^= 1 << rng.below(8);
            }
            1 => {
                let i = rng.below(b.len());
                let any = rng.next_u64() as u8;
                b[i] = *rng.pick(&[0, 1, 0x7f, 0x80, 0xff, any]);
            }
            2 => b.truncate(rng.below(b.len())),
            3 => {
                let d = rng.pick(donors);
                let (from, len) = (rng.below(d.len()), 1 + rng.below(64));
                let piece = &d[from..(from + len).min(d.len())];
                let at = rng.below(b.len());
                let end = (at + rng.below(64)).min(b.len());
                b.splice(at..end, piece.iter().copied());
            }
            4 => {
                let at = rng.below(b.len());
                let n = 1 + rng.below(8);
                b.drain(at..(at + n).min(b.len()));
            }
            _ => change_field(rng, &mut b),
        }
    }
    b
}

/// Rewrites one field the reader found (a count, a number, an instruction, a table
/// entry): by a small step, to an edge value, or to random bits.
fn change_field(rng: &mut Rng, b: &mut [u8]) {
    let (fields, _) = image::fields(b);
    let fields: Vec<_> = fields
        .into_iter()
        .filter(|f| f.kind != FieldKind::Header || rng.chance(1, 20))
        .collect();
    if fields.is_empty() {
        return;
    }
    let f = rng.pick(&fields);
    let Some(bytes) = b.get_mut(f.offset..f.offset + f.len) else {
        return;
    };
    let mut v = [0u8; 8];
    let n = bytes.len().min(8);
    v[..n].copy_from_slice(&bytes[..n]);
    let old = u64::from_le_bytes(v);
    let new = match rng.below(5) {
        0 => old.wrapping_add(1),
        1 => old.wrapping_sub(1),
        2 => old.wrapping_add(rng.range(-16, 16) as u64),
        3 => *rng.pick(&[0, 1, u64::MAX, u64::from(u32::MAX), 1 << 24, 0xff]),
        _ if f.kind == FieldKind::Unit => {
            // Another opcode, same oparg; or the same opcode with another oparg.
            if rng.chance(1, 2) {
                (old & !0xff) | (rng.below(256) as u64)
            } else {
                (old & 0xff) | (rng.below(1 << 12) as u64) << 8
            }
        }
        _ => rng.next_u64(),
    };
    bytes[..n].copy_from_slice(&new.to_le_bytes()[..n]);
}

/// What became of one mutated image.
enum Fate {
    Refused { message: bool },
    Ran,
}

/// Loads and runs `bytes` in `vm` under the watchdog.
fn try_image(vm: &mut Vm, dog: &Watchdog, bytes: &[u8]) -> Fate {
    match vm.load_image(bytes, "fuzz.tbc") {
        Err(e) => Fate::Refused {
            message: !e.message.is_empty() && !e.to_string().is_empty(),
        },
        Ok(code) => {
            dog.arm(vm.signals(), Duration::from_secs(2));
            let _ = vm.run_main(code);
            dog.disarm();
            Fate::Ran
        }
    }
}

fn new_vm(fuel: u64, tier2: bool) -> Vm {
    let config = Config {
        heap_limit: 3 << 20,
        recursion_limit: 150,
        native_depth_limit: 100,
        fuel: Some(fuel),
        tier: if tier2 { 2 } else { 1 },
        hot: tier2.then_some(2),
        ..Config::default()
    };
    Vm::new(config, Box::new(SinkHost(Instant::now()))).expect("a VM with the fuzz limits")
}

/// Runs the image fuzzer over `images` (the corpus's, usually).
pub fn run(opts: &ImageFuzzOptions, images: &[Vec<u8>]) -> ImageFuzzSummary {
    let start = Instant::now();
    let deadline = opts.seconds.map(|s| start + Duration::from_secs(s));
    let next = AtomicU64::new(0);
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
                    let mut t = total.lock().unwrap_or_else(|e| e.into_inner());
                    t.run += mine.run;
                    t.refused += mine.refused;
                    t.ran += mine.ran;
                    t.silent_refusals += mine.silent_refusals;
                    t.panics.extend(mine.panics);
                })
                .expect("a fuzz thread");
        }
    });
    let mut t = total.into_inner().unwrap_or_else(|e| e.into_inner());
    t.elapsed = start.elapsed();
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
    let mut vms = [new_vm(opts.fuel, false), new_vm(opts.fuel, true)];
    let mut mine = ImageFuzzSummary::default();
    while !stop.load(Ordering::Relaxed) {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if opts.images.is_some_and(|n| index >= n) || deadline.is_some_and(|d| Instant::now() >= d)
        {
            stop.store(true, Ordering::Relaxed);
            break;
        }
        let mut rng = Rng::for_program(opts.seed, index);
        let base = rng.pick(images);
        let bytes = mutate(&mut rng, base, images);
        let slot = (index % 2) as usize;
        mine.run += 1;
        match catch_unwind(AssertUnwindSafe(|| try_image(&mut vms[slot], &dog, &bytes))) {
            Ok(Fate::Refused { message }) => {
                mine.refused += 1;
                mine.silent_refusals += u64::from(!message);
            }
            Ok(Fate::Ran) => mine.ran += 1,
            Err(payload) => {
                dog.disarm();
                let msg = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                mine.panics
                    .push(format!("seed {} image {index}: {msg}", opts.seed));
                vms[slot] = new_vm(opts.fuel, slot == 1);
            }
        }
    }
    mine
}
