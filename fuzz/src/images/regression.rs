//! Saved images: a panicking image as `NAME.tbc`, or, when it panicked only after other
//! images ran in the same VM, the sequence as a directory `NAME/` of `.tbc` files run in
//! name order in one VM. `fuzz/regressions/` keeps those of fixed bugs (the
//! `image_regressions` test runs them in both tiers); `cargo xtask fuzz images` saves new
//! ones in `fuzz/findings/`.

use std::path::Path;

use vm_core::Vm;

use super::run::{check_image_in, Fate};
use super::RUN_BUDGET;
use crate::watchdog::Watchdog;

/// The images of a saved file or directory, in the order they run.
pub fn load_saved(path: &Path) -> Result<Vec<Vec<u8>>, String> {
    let err = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    if !path.is_dir() {
        return Ok(vec![std::fs::read(path).map_err(err)?]);
    }
    let mut files: Vec<_> = std::fs::read_dir(path)
        .map_err(err)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "tbc"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| std::fs::read(f).map_err(err))
        .collect()
}

/// Runs a saved sequence in one VM (tier 2 or tier 1): each image's fate.
pub fn check_saved(seq: &[Vec<u8>], fuel: u64, tier2: bool, dog: &Watchdog) -> Vec<Fate> {
    let mut vm: Option<Vm> = None;
    seq.iter()
        .map(|b| check_image_in(&mut vm, b, fuel, tier2, dog, RUN_BUDGET))
        .collect()
}
