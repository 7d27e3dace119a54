//! 10,000 randomly mutated programs from the conformance corpus (token deletions,
//! insertions, duplications, truncations) must never panic or hang the compiler or the VM.
//! Each run gets a small heap and a watchdog that raises `KeyboardInterrupt` after 200 ms.

use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use vm_core::{Config, Host, Vm};

/// Discards output beyond a cap so a printing loop cannot grow memory outside the heap.
#[derive(Default)]
struct CappedHost {
    written: usize,
}

impl Host for CappedHost {
    fn write_stdout(&mut self, s: &str) {
        self.written = self.written.saturating_add(s.len());
    }
    fn write_stderr(&mut self, s: &str) {
        self.written = self.written.saturating_add(s.len());
    }
}

/// xorshift64*: deterministic, no dependencies.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Splits source into rough tokens (words, numbers, single punctuation, whitespace runs).
fn tokens(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in src.chars() {
        let word = c.is_alphanumeric() || c == '_';
        if word
            && cur
                .chars()
                .last()
                .is_some_and(|p| p.is_alphanumeric() || p == '_')
        {
            cur.push(c);
            continue;
        }
        if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn mutate(rng: &mut Rng, toks: &[String], pool: &[String]) -> String {
    let mut t = toks.to_vec();
    for _ in 0..1 + rng.below(4) {
        if t.is_empty() {
            break;
        }
        let i = rng.below(t.len());
        match rng.below(4) {
            0 => {
                t.remove(i);
            }
            1 => t.insert(i, pool[rng.below(pool.len())].clone()),
            2 => {
                let tok = t[i].clone();
                t.insert(i, tok);
            }
            _ => t.truncate(i),
        }
    }
    t.concat()
}

#[test]
fn ten_thousand_mutated_programs_never_panic_or_hang() {
    // A big stack: the test checks the VM's own recursion bounds, not the test thread's.
    let handle = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(run_mutations)
        .expect("spawn fuzz thread");
    handle.join().expect("fuzz thread panicked");
}

fn run_mutations() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/py");
    let mut corpus: Vec<Vec<String>> = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .collect();
    names.sort();
    for p in names
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
    {
        if let Ok(src) = std::fs::read_to_string(p) {
            corpus.push(tokens(&src));
        }
    }
    assert!(corpus.len() >= 100);
    let pool: Vec<String> = corpus.iter().flatten().take(20_000).cloned().collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let watched: Arc<std::sync::Mutex<Option<Arc<vm_core::Signals>>>> = Arc::default();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let generation = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let (w, s, g) = (watched.clone(), stop.clone(), generation.clone());
    // The watchdog interrupts any run that lasts more than ~200 ms.
    let watchdog = std::thread::spawn(move || {
        let mut last = u64::MAX;
        let mut ticks = 0;
        while !s.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(10));
            let now = g.load(Ordering::Relaxed);
            if now != last {
                last = now;
                ticks = 0;
                continue;
            }
            ticks += 1;
            if ticks >= 20 {
                if let Some(flag) = w.lock().unwrap().as_ref() {
                    flag.interrupt();
                }
            }
        }
    });
    let mut compiled = 0;
    for i in 0..10_000u64 {
        let base = &corpus[rng.below(corpus.len())];
        let src = mutate(&mut rng, base, &pool);
        let config = Config {
            heap_limit: 4 << 20,
            ..Config::default()
        };
        let mut vm = Vm::new(config, Box::new(CappedHost::default())).expect("VM");
        *watched.lock().unwrap() = Some(vm.signals());
        generation.store(i, Ordering::Relaxed);
        if vm.run_source(&src, "fuzz.py").is_ok() {
            compiled += 1;
        }
    }
    stop.store(true, Ordering::Relaxed);
    watchdog.join().unwrap();
    println!("mutation fuzz: 10000 programs, {compiled} ran to completion");
}
