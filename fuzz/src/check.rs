//! One program, every tier: a panic in any or any difference between them is a failure.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

use crate::protocol::Failure;
use crate::runner::{compare, run_once, shape, Limits, Outcome, RunSpec};
use crate::watchdog::Watchdog;

/// The last panic's location and message, recorded by [`install_panic_hook`].
static LAST_PANIC: Mutex<Option<(String, String)>> = Mutex::new(None);

/// Replaces the default hook (which prints) by one that records the panic for the report.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let loc = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| String::from("<non-string panic payload>"));
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = Some((loc, msg));
    }));
}

/// What checking one program found.
#[derive(Debug, Default)]
pub struct Checked {
    /// A panic or a tier difference.
    pub failure: Option<Failure>,
    /// A run was interrupted by the watchdog (so the tiers were not compared).
    pub interrupted: bool,
    /// A run ran out of fuel.
    pub out_of_fuel: bool,
    /// Tier 1's outcome class (`ok`, `compile error`, an exception type...), for statistics.
    pub class: String,
}

fn run_caught(
    src: &str,
    tier: u8,
    spec: RunSpec,
    limits: &Limits,
    dog: &Watchdog,
) -> Result<Outcome, Failure> {
    catch_unwind(AssertUnwindSafe(|| run_once(src, tier, spec, limits, dog))).map_err(|_| {
        // A panicking run never disarmed the watchdog.
        dog.disarm();
        let (loc, msg) = LAST_PANIC
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .unwrap_or_default();
        Failure {
            kind: String::from("panic"),
            key: format!("{loc}: {}", shape(&msg)),
            detail: format!(
                "panicked at {loc} in tier {tier} ({})\n{msg}\n",
                if tier >= 2 {
                    spec.encode()
                } else {
                    String::from("tier 1")
                }
            ),
        }
    })
}

/// Runs `src` in tier 1, and in tier 2 and tier 3 under `spec`, and compares each with
/// tier 1.
pub fn check_program(src: &str, spec: RunSpec, limits: &Limits, dog: &Watchdog) -> Checked {
    let t1 = match run_caught(src, 1, spec, limits, dog) {
        Ok(o) => o,
        Err(f) => return failed(f),
    };
    let mut checked = Checked {
        failure: None,
        interrupted: t1.interrupted,
        out_of_fuel: t1.out_of_fuel,
        class: t1.class(),
    };
    for tier in [2, 3] {
        let t = match run_caught(src, tier, spec, limits, dog) {
            Ok(o) => o,
            Err(f) => return failed(f),
        };
        checked.interrupted |= t.interrupted;
        checked.out_of_fuel |= t.out_of_fuel;
        // An interrupted run stopped at a timing-dependent point, and where the heap runs
        // out depends on how a tier allocates (tier 2 makes fewer objects): nothing to
        // compare. Both runs still had to end without a panic, a crash or a hang.
        if t1.interrupted || t.interrupted || t1.heap_exhausted || t.heap_exhausted {
            continue;
        }
        if let Some((key, detail)) = compare(&t1, &t) {
            checked.failure = Some(Failure {
                kind: String::from("tierdiff"),
                key,
                detail: format!("tier {tier} with {}\n{detail}", spec.encode()),
            });
            return checked;
        }
    }
    checked
}

fn failed(f: Failure) -> Checked {
    Checked {
        failure: Some(f),
        class: String::from("panic"),
        ..Checked::default()
    }
}
