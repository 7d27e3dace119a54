//! The engine without the VM: matches, spans, errors and the budget's power to stop it.

use alloc::string::String;
use alloc::vec::Vec;

use super::exec::{Budget, Stopped};
use super::{build, find_all};

/// A budget of `steps` steps and unlimited memory.
struct Steps(u64);

impl Budget for Steps {
    fn tick(&mut self, steps: u32) -> bool {
        self.0 = self.0.saturating_sub(u64::from(steps));
        self.0 > 0
    }

    fn charge(&mut self, _more: usize) -> bool {
        true
    }
}

fn units(s: &str) -> Vec<u32> {
    s.chars().map(u32::from).collect()
}

/// The spans of group 0 of every match `pattern` finds in `text`.
fn spans(pattern: &str, text: &str) -> Result<Vec<(usize, usize)>, Stopped> {
    let (_, prog) = build(&units(pattern), 0, false).expect("pattern");
    let t = units(text);
    let found = find_all(&prog, &t, 0, 2, 0, &mut Steps(u64::MAX))?;
    Ok(found
        .chunks(prog.nslots + 1)
        .map(|m| (m[0], m[1]))
        .collect())
}

fn error(pattern: &str) -> (String, Option<usize>) {
    let e = build(&units(pattern), 0, false).expect_err("an error");
    (e.msg, e.pos)
}

#[test]
fn matches_are_leftmost_first_with_cpythons_empty_match_rule() {
    assert_eq!(spans("a|ab", "ab"), Ok(alloc::vec![(0, 1)]));
    assert_eq!(
        spans("x*", "axb"),
        Ok(alloc::vec![(0, 0), (1, 2), (2, 2), (3, 3)])
    );
    assert_eq!(spans(r"(?<=a)b", "abcb"), Ok(alloc::vec![(1, 2)]));
    assert_eq!(spans(r"(\w)\1", "abbcdd"), Ok(alloc::vec![(1, 3), (4, 6)]));
    assert_eq!(
        spans("(?:){4000000000}", "a"),
        Ok(alloc::vec![(0, 0), (1, 1)])
    );
}

#[test]
fn errors_carry_cpythons_message_and_position() {
    assert_eq!(
        error("(a"),
        ("missing ), unterminated subpattern".into(), Some(0))
    );
    assert_eq!(error("a**"), ("multiple repeat".into(), Some(2)));
    assert_eq!(error("[z-a]"), ("bad character range z-a".into(), Some(1)));
    assert_eq!(error(r"(?<=a*)b").1, None);
    assert!(error("a{65536}b{65536}").0.starts_with("pattern too large"));
}

#[test]
fn a_spent_budget_stops_a_catastrophic_match() {
    let (_, prog) = build(&units(r"(x+x+)+\1y"), 0, false).expect("pattern");
    let text = units(&"x".repeat(10_000));
    let r = find_all(&prog, &text, 0, 0, 1, &mut Steps(1_000_000));
    assert_eq!(r, Err(Stopped));
}
