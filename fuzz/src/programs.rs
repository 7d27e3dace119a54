//! The program stream: program `index` of `(mode, seed)` is rebuilt on demand from those
//! three numbers (and the corpus), by the worker that runs it and by the supervisor that
//! reports it.

use std::path::Path;

use crate::generate;
use crate::mutate::{mutate, tokens};
use crate::rng::Rng;
use crate::runner::RunSpec;

/// Which half of the fuzzer makes the programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Both, alternating at random.
    Both,
    /// Only generated programs.
    Generator,
    /// Only mutated ones.
    Mutation,
}

impl Mode {
    /// The protocol's name of the mode.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Both => "both",
            Mode::Generator => "gen",
            Mode::Mutation => "mut",
        }
    }

    /// Parses [`Mode::name`].
    pub fn parse(s: &str) -> Option<Mode> {
        Some(match s {
            "both" => Mode::Both,
            "gen" => Mode::Generator,
            "mut" => Mode::Mutation,
            _ => return None,
        })
    }
}

/// The conformance corpus, loaded once per process.
pub struct Corpus {
    /// The programs' sources, sorted by file name.
    pub sources: Vec<String>,
    /// Tokens of all of them, to insert.
    pub pool: Vec<String>,
}

impl Corpus {
    /// Loads every `*.py` in `dir` (sorted, so indices mean the same in every process).
    pub fn load(dir: &Path) -> std::io::Result<Corpus> {
        let mut names: Vec<_> = std::fs::read_dir(dir)?
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "py"))
            .collect();
        names.sort();
        let mut sources = Vec::new();
        for p in names {
            sources.push(std::fs::read_to_string(p)?);
        }
        let mut pool: Vec<String> = sources.iter().flat_map(|s| tokens(s)).collect();
        pool.retain(|t| !t.trim().is_empty() || t == " ");
        pool.sort();
        pool.dedup();
        Ok(Corpus { sources, pool })
    }

    /// The corpus directory of this checkout (`tests/py`).
    pub fn default_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/py")
    }
}

/// One program to run: its source, the tier-2 configuration to compare against, and where
/// it came from (for reports).
#[derive(Clone, Debug)]
pub struct Program {
    /// The source text.
    pub source: String,
    /// The tier-2 run's configuration.
    pub spec: RunSpec,
    /// `gen`, `mut` (a corpus program mutated) or `mutgen` (a generated one mutated).
    pub origin: &'static str,
}

/// The tier-2 threshold: often tiny (nearly everything traced, including code that runs
/// twice), sometimes moderate, often the default (only the really hot loops); now and
/// then stress specialization on top; mostly with fuel (exact, comparable stops), a quarter
/// without (traces built as in production).
fn pick_spec(rng: &mut Rng) -> RunSpec {
    let hot = match rng.below(20) {
        0..=7 => Some(2),
        8 | 9 => Some(1),
        10..=12 => Some(*rng.pick(&[3, 5, 17, 64, 300])),
        _ => None,
    };
    let stress = rng.chance(3, 20);
    let fuel = rng.chance(3, 4);
    RunSpec { hot, stress, fuel }
}

/// Program `index` of the stream `(mode, seed)`.
pub fn program(mode: Mode, seed: u64, index: u64, corpus: &Corpus) -> Program {
    let mut rng = Rng::for_program(seed, index);
    let spec = pick_spec(&mut rng);
    let gen = match mode {
        Mode::Generator => true,
        Mode::Mutation => false,
        Mode::Both => rng.chance(1, 2),
    };
    if gen || corpus.sources.is_empty() {
        // A quarter of the generated programs are mutated too: broken hot code.
        let source = generate::program(&mut rng);
        if mode == Mode::Both && rng.chance(1, 4) && !corpus.sources.is_empty() {
            let other = rng.pick(&corpus.sources).clone();
            let source = mutate(&mut rng, &source, &other, &corpus.pool);
            return Program {
                source,
                spec,
                origin: "mutgen",
            };
        }
        return Program {
            source,
            spec,
            origin: "gen",
        };
    }
    let base = rng.pick(&corpus.sources).clone();
    // The splice partner: another corpus program, or now and then a generated one.
    let other = if rng.chance(1, 4) {
        generate::program(&mut Rng::new(rng.next_u64()))
    } else {
        rng.pick(&corpus.sources).clone()
    };
    let source = mutate(&mut rng, &base, &other, &corpus.pool);
    Program {
        source,
        spec,
        origin: "mut",
    }
}
