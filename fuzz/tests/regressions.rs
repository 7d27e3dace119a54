//! Every `fuzz/regressions/*.py` (reproducers of fixed bugs, and generated programs worth
//! keeping) runs in tier 1 and in tier 2 at three hot thresholds (one with stress
//! specialization), with fuel and once without, under the fuzzer's limits: no panic, and
//! the same output and outcome in both tiers.

use std::path::Path;

use tiercel_fuzz::check::{check_program, install_panic_hook};
use tiercel_fuzz::runner::{Limits, RunSpec};
use tiercel_fuzz::watchdog::Watchdog;

#[test]
fn regressions_pass_in_both_tiers() {
    // A big stack: the test profile's frames are large; the VM's limits are what is tested.
    let t = std::thread::Builder::new()
        .stack_size(32 << 20)
        .spawn(check_all)
        .expect("spawn");
    let failures = t.join().expect("the regression thread panicked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check_all() -> Vec<String> {
    install_panic_hook();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fuzz/regressions exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "only {} regression programs", files.len());
    let dog = Watchdog::start();
    let mut limits = Limits::fuzz();
    // The test profile is slow: give each run time to finish rather than be interrupted.
    limits.time_budget = std::time::Duration::from_secs(20);
    limits.fuel_time_budget = limits.time_budget;
    let mut failures = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).expect("readable");
        for (hot, stress, fuel) in [
            (Some(1), false, true),
            (Some(2), true, true),
            (None, false, true),
            (Some(2), false, false),
        ] {
            let c = check_program(&src, RunSpec { hot, stress, fuel }, &limits, &dog);
            let name = f.file_name().unwrap_or_default().to_string_lossy();
            if let Some(fail) = c.failure {
                failures.push(format!(
                    "{name} (hot {hot:?}): {}: {}\n{}",
                    fail.kind, fail.key, fail.detail
                ));
            } else if c.interrupted {
                failures.push(format!("{name} (hot {hot:?}): interrupted after 20 s"));
            }
        }
    }
    failures
}
