//! Shrinks a panicking image while it still panics at the same place: drops nested code
//! objects (their constant becomes `None`), exception-table entries and line tables, one
//! at a time, as long as any of them can go; and a panicking sequence of images that
//! share a VM, by dropping the images before the last that it does not need.

use std::time::{Duration, Instant};

use vm_core::image::{self, Const, Image};

use super::encode::encode;
use super::regression::check_saved;
use super::run::{check_image, Fate};
use super::RUN_BUDGET;
use crate::watchdog::Watchdog;

/// How long minimizing one image may take.
const MINIMIZE_BUDGET: Duration = Duration::from_secs(60);

/// The place of a panic message (`file:line`), what a smaller image must keep.
fn place(message: &str) -> &str {
    message.split(": ").next().unwrap_or(message)
}

/// The smallest image found that panics where `bytes` does (`bytes` itself when it does not
/// panic, or reads no longer).
pub fn minimize(bytes: &[u8], fuel: u64, tier2: bool, dog: &Watchdog) -> Vec<u8> {
    let Fate::Panic(first) = check_image(bytes, fuel, tier2, dog, RUN_BUDGET) else {
        return bytes.to_vec();
    };
    let want = place(&first).to_string();
    let panics_there = |b: &[u8]| matches!(check_image(b, fuel, tier2, dog, RUN_BUDGET), Fate::Panic(m) if place(&m) == want);
    let start = Instant::now();
    let mut best = bytes.to_vec();
    let mut progress = true;
    while progress && start.elapsed() < MINIMIZE_BUDGET {
        progress = false;
        let Ok(img) = image::read(&best) else {
            break;
        };
        for cand in candidates(&img) {
            let b = encode(&cand);
            if b.len() < best.len() && panics_there(&b) {
                best = b;
                progress = true;
                break;
            }
        }
    }
    best
}

/// Every image one simplification away from `img`.
fn candidates<'a>(img: &Image<'a>) -> Vec<Image<'a>> {
    let mut out = Vec::new();
    for (ci, c) in img.codes.iter().enumerate() {
        for (k, konst) in c.consts.iter().enumerate() {
            if matches!(konst, Const::Code(_)) {
                let mut m = img.clone();
                m.codes[ci].consts[k] = Const::None;
                out.push(m);
            }
        }
        for e in 0..c.exc_table.len() {
            let mut m = img.clone();
            m.codes[ci].exc_table.remove(e);
            out.push(m);
        }
        if !c.lines.is_empty() {
            let mut m = img.clone();
            m.codes[ci].lines.clear();
            out.push(m);
        }
    }
    out
}

/// The shortest sequence found (images run in order in one VM) whose last image still
/// panics where it does after the full sequence: earlier images are dropped one at a
/// time, then the last one is minimized after what is left.
pub fn minimize_sequence(seq: &[Vec<u8>], fuel: u64, tier2: bool, dog: &Watchdog) -> Vec<Vec<u8>> {
    let last_panic = |s: &[Vec<u8>]| match check_saved(s, fuel, tier2, dog).last() {
        Some(Fate::Panic(m)) => Some(place(m).to_string()),
        _ => None,
    };
    let Some(want) = last_panic(seq) else {
        return seq.to_vec();
    };
    let start = Instant::now();
    let mut best = seq.to_vec();
    let mut i = best.len().saturating_sub(1);
    while i > 0 && start.elapsed() < MINIMIZE_BUDGET {
        i -= 1;
        let mut cand = best.clone();
        cand.remove(i);
        if last_panic(&cand).as_deref() == Some(want.as_str()) {
            best = cand;
            i = i.min(best.len() - 1);
        }
    }
    best
}
