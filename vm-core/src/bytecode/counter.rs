//! The backoff counter kept in the first inline-cache unit of every specializable
//! instruction (and, later, in the hot-spot counters of tier 2).
//!
//! Format of the 32-bit unit: `value << 4 | backoff`. The instruction acts when `value`
//! reaches zero: a generic instruction then tries to specialize; a specialized one that keeps
//! missing its guards falls back to the generic form and re-specializes. `backoff` (0..=12)
//! is the exponent of the next wait after a failed attempt, so an instruction that cannot be
//! specialized stops trying often (1, 3, 7, ... 4095 executions).

/// Largest backoff exponent.
pub const MAX_BACKOFF: u32 = 12;
/// Executions before the first specialization attempt: 1 means "on the second execution".
pub const WARMUP: u32 = 1;
/// Misses a specialized instruction tolerates before re-specializing (a prime, so periodic
/// patterns do not keep hitting the same phase).
pub const COOLDOWN: u32 = 53;

/// A counter that fires after `value` more executions.
#[inline]
pub const fn make(value: u32, backoff: u32) -> u32 {
    value << 4 | backoff
}

/// The initial counter of a fresh instruction.
pub const fn initial() -> u32 {
    make(WARMUP, 0)
}

/// The counter after a successful specialization.
pub const fn cooldown() -> u32 {
    make(COOLDOWN, 0)
}

/// The counter after a failed specialization: wait `2^backoff - 1` executions, doubling.
pub const fn after_failure(prev: u32) -> u32 {
    let b = prev & 0xF;
    let b = if b < MAX_BACKOFF { b + 1 } else { MAX_BACKOFF };
    make((1 << b) - 1, b)
}

/// Whether the counter fired.
#[inline]
pub const fn is_zero(c: u32) -> bool {
    c >> 4 == 0
}

/// One execution later.
#[inline]
pub const fn decrement(c: u32) -> u32 {
    c - (1 << 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warmup_fires_on_the_second_execution() {
        let c = initial();
        assert!(!is_zero(c));
        assert!(is_zero(decrement(c)));
    }

    #[test]
    fn failures_back_off_exponentially_up_to_a_cap() {
        let mut c = initial();
        let mut waits = alloc::vec::Vec::new();
        for _ in 0..15 {
            c = after_failure(c);
            waits.push(c >> 4);
        }
        assert_eq!(&waits[..4], &[1, 3, 7, 15]);
        assert_eq!(*waits.last().unwrap(), (1 << MAX_BACKOFF) - 1);
        assert_eq!(cooldown() >> 4, COOLDOWN);
    }
}
