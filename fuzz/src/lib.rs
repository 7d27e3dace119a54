//! Tiercel's fuzzer. Keeps the promise "no script can take the host down": programs
//! mutated from the conformance corpus and programs generated from a grammar of the subset
//! run in tiers 1, 2 and 3 under small limits, in worker processes a supervisor watches.
//! A panic, a crash, a hang, runaway memory or any difference between the tiers is a
//! failure, saved as a minimized reproducer. See `docs/FUZZING.md`.

pub mod check;
pub mod findings;
pub mod generate;
pub mod images;
pub mod images_cmd;
pub mod minimize;
pub mod mutate;
pub mod pool;
pub mod programs;
pub mod protocol;
pub mod reduce;
pub mod rng;
pub mod runner;
pub mod supervise;
pub mod watchdog;
pub mod worker;
