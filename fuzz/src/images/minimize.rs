//! Shrinks a panicking image while it still panics at the same place: drops nested code
//! objects (their constant becomes `None`), exception-table entries and line tables, one
//! at a time, as long as any of them can go.

use std::time::{Duration, Instant};

use vm_core::image::{self, Const, Image};

use super::encode::encode;
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
