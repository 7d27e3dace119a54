//! Every public encoder is exercised by a round-trip test: a new encoder without one fails
//! here rather than going unchecked.

/// The instruction files' sources, whose top-level `pub fn`s are the encoders.
const ENCODER_SOURCES: [&str; 8] = [
    include_str!("../../src/enc/mov.rs"),
    include_str!("../../src/enc/alu.rs"),
    include_str!("../../src/enc/muldiv.rs"),
    include_str!("../../src/enc/shift.rs"),
    include_str!("../../src/enc/cond.rs"),
    include_str!("../../src/enc/branch.rs"),
    include_str!("../../src/enc/misc.rs"),
    include_str!("../../src/enc/sse.rs"),
];

/// The round-trip tests' sources.
const ROUND_TRIP_SOURCES: [&str; 3] = [
    include_str!("gpr.rs"),
    include_str!("flow.rs"),
    include_str!("sse.rs"),
];

fn encoder_names() -> Vec<&'static str> {
    let mut names = Vec::new();
    for src in ENCODER_SOURCES {
        for line in src.lines() {
            if let Some(rest) = line.strip_prefix("pub fn ") {
                names.push(rest.split(['(', '<']).next().unwrap());
            }
        }
    }
    names
}

#[test]
fn every_encoder_has_a_round_trip() {
    let names = encoder_names();
    // The listed forms: a parsing slip that finds nothing must not pass vacuously.
    assert!(names.len() > 80, "found only {} encoders", names.len());
    let tested = |name: &str| {
        ROUND_TRIP_SOURCES.iter().any(|src| {
            src.match_indices(name).any(|(at, _)| {
                let before = src[..at].chars().next_back().unwrap_or(' ');
                let after = src[at + name.len()..].chars().next().unwrap_or(' ');
                let word = |c: char| c.is_alphanumeric() || c == '_';
                !word(before) && !word(after)
            })
        })
    };
    let missing: Vec<_> = names.into_iter().filter(|n| !tested(n)).collect();
    assert!(
        missing.is_empty(),
        "encoders without a round-trip test: {missing:?}"
    );
}
