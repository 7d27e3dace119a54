//! Every saved image of `fuzz/regressions/` (a `NAME.tbc`, or a directory `NAME/` of
//! images run in order in one VM) runs in tier 1 and in tier 2 under the image fuzzer's
//! limits: each is refused with a message or runs without a panic.

use std::path::Path;

use tiercel_fuzz::images::regression::{check_saved, load_saved};
use tiercel_fuzz::images::run::{install_panic_hook, Fate};
use tiercel_fuzz::watchdog::Watchdog;

#[test]
fn saved_images_are_refused_or_run_safely() {
    // A big stack: the test profile's frames are large; the VM's limits are what is tested.
    let t = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(check_all)
        .expect("spawn");
    let failures = t.join().expect("the regression thread panicked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check_all() -> Vec<String> {
    install_panic_hook();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions");
    let mut saved: Vec<_> = std::fs::read_dir(&dir)
        .expect("fuzz/regressions exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "tbc"))
        .collect();
    saved.sort();
    assert!(!saved.is_empty(), "no saved images in {}", dir.display());
    let dog = Watchdog::start();
    let mut failures = Vec::new();
    for path in &saved {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let seq = load_saved(path).expect("readable");
        assert!(!seq.is_empty(), "{name}: no images");
        for tier2 in [false, true] {
            for (n, fate) in check_saved(&seq, 100_000, tier2, &dog).iter().enumerate() {
                match fate {
                    Fate::Panic(m) => failures.push(format!("{name} [{n}] (tier2 {tier2}): {m}")),
                    Fate::Refused(m) if m.trim().is_empty() => {
                        failures.push(format!("{name} [{n}]: refused without a message"))
                    }
                    _ => {}
                }
            }
        }
    }
    failures
}
