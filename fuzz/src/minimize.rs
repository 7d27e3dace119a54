//! Delta debugging (Zeller's ddmin): the smallest program, first by lines, then by tokens,
//! that still fails the same way. The caller's `test` says whether a candidate reproduces
//! the failure; it is pure from here, so the algorithm is tested on its own below.

use std::time::Instant;

use crate::mutate::tokens;

/// When to give up: the result is still a valid reproducer, just not the smallest.
pub struct Budget {
    /// Stop trying candidates after this instant.
    pub deadline: Instant,
    /// And after this many candidates.
    pub max_tests: usize,
}

/// Minimizes `src` for `test` (which must hold for `src` itself).
pub fn minimize(src: &str, test: &mut dyn FnMut(&str) -> bool, budget: &Budget) -> String {
    let mut tests = 0usize;
    let within = |tests: &mut usize| {
        *tests += 1;
        *tests <= budget.max_tests && Instant::now() < budget.deadline
    };
    let lines: Vec<String> = src.lines().map(|l| format!("{l}\n")).collect();
    let lines = ddmin(lines, &mut |c: &[String]| {
        within(&mut tests) && test(&c.concat())
    });
    let src = lines.concat();
    let toks = tokens(&src);
    let toks = ddmin(toks, &mut |c: &[String]| {
        within(&mut tests) && test(&c.concat())
    });
    toks.concat()
}

/// ddmin over `items`: removes ever smaller chunks while `test` keeps holding.
pub fn ddmin<T: Clone>(mut items: Vec<T>, test: &mut dyn FnMut(&[T]) -> bool) -> Vec<T> {
    let mut n = 2usize;
    while items.len() >= 2 {
        let chunk = items.len().div_ceil(n);
        let mut reduced = false;
        let mut start = 0;
        while start < items.len() {
            let end = (start + chunk).min(items.len());
            let mut candidate = items[..start].to_vec();
            candidate.extend_from_slice(&items[end..]);
            if !candidate.is_empty() && test(&candidate) {
                items = candidate;
                n = (n - 1).max(2);
                reduced = true;
                // The same start now names the next chunk.
                continue;
            }
            start = end;
        }
        if !reduced {
            if chunk == 1 {
                break;
            }
            n = (n * 2).min(items.len());
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn ddmin_finds_the_needed_items() {
        let items: Vec<u32> = (0..100).collect();
        let out = ddmin(items, &mut |c: &[u32]| c.contains(&17) && c.contains(&83));
        assert_eq!(out, [17, 83]);
    }

    #[test]
    fn minimize_keeps_the_failing_line_and_tokens() {
        let src = "a = 1\nb = 2\nprint(crash(a))\nc = 3\n";
        let budget = Budget {
            deadline: Instant::now() + Duration::from_secs(10),
            max_tests: 10_000,
        };
        let out = minimize(src, &mut |s: &str| s.contains("crash("), &budget);
        assert_eq!(out, "crash(");
    }

    #[test]
    fn an_exhausted_budget_returns_a_reproducer() {
        let src = "x\ny\nz\n";
        let budget = Budget {
            deadline: Instant::now(),
            max_tests: 0,
        };
        assert_eq!(minimize(src, &mut |s: &str| s.contains('y'), &budget), src);
    }
}
