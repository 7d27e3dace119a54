//! Hot-spot counters: the cache unit of `JUMP_BACKWARD` and `RESUME`, and the temperature of
//! exit stubs. Same format as the specializer's backoff counter (`bytecode::counter`:
//! `value << 4 | backoff`) plus an "armed" bit, because a fresh code object's unit is 0 and
//! the VM's thresholds are only known at run time: the first execution arms the counter.

use crate::bytecode::counter;

use super::api::MAX_THRESHOLD;

/// Set in an armed counter.
pub const ARMED: u32 = 1 << 31;

/// One execution: the decremented counter, or `None` when the counter fires (or is not
/// armed yet).
#[inline(always)]
pub fn tick(c: u32) -> Option<u32> {
    if c > ARMED | 0xF {
        Some(counter::decrement(c))
    } else {
        None
    }
}

/// Whether the counter was armed (a `None` from [`tick`] then means it fired).
#[inline]
pub fn is_armed(c: u32) -> bool {
    c & ARMED != 0
}

/// A counter that fires after `threshold` more executions, waiting `2^backoff` times
/// longer after failed attempts.
pub fn arm(threshold: u32, backoff: u32) -> u32 {
    let b = backoff.min(counter::MAX_BACKOFF);
    let wait = ((threshold.max(1) as u64) << b).min(MAX_THRESHOLD as u64) as u32;
    ARMED | counter::make(wait - 1, b)
}

/// The counter after a failed attempt: exponential backoff.
pub fn after_failure(c: u32, threshold: u32) -> u32 {
    arm(threshold, (c & 0xF) + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fires_after_threshold_executions_once_armed() {
        let mut c = arm(3, 0);
        let mut n = 0;
        while let Some(next) = tick(c) {
            c = next;
            n += 1;
        }
        assert_eq!(n, 2);
        assert!(is_armed(c));
        assert_eq!(tick(0), None);
        assert!(!is_armed(0));
    }

    #[test]
    fn failures_double_the_wait() {
        let c = arm(10, 0);
        let c = after_failure(c, 10);
        assert_eq!((c & !ARMED) >> 4, 19);
        let c = after_failure(c, 10);
        assert_eq!((c & !ARMED) >> 4, 39);
    }
}
