//! Cancellation of long big-int operations.
//!
//! Multiplying, dividing or raising numbers of millions of digits takes seconds. The
//! arithmetic stays pure: a caller that must be able to stop it (a VM whose embedder asks
//! to interrupt the script) passes a check, which the loops call every [`POLL_EVERY`] limb
//! operations; when it returns `true` the operation gives up and reports [`Stopped`].

/// Limb operations between two calls of the check: well under a millisecond of work.
const POLL_EVERY: u64 = 1 << 16;

/// A long operation was stopped by its cancellation check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// Failure of a long operation that a cancellation check may stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LongError<E> {
    /// The operation's own failure.
    Failed(E),
    /// The cancellation check asked to stop.
    Stopped,
}

impl<E> From<Stopped> for LongError<E> {
    fn from(_: Stopped) -> LongError<E> {
        LongError::Stopped
    }
}

/// Work done since the last call of the check, and whether it asked to stop.
pub(super) struct Poll<'a> {
    check: Option<&'a mut dyn FnMut() -> bool>,
    work: u64,
    stopped: bool,
}

impl<'a> Poll<'a> {
    /// Polls `check`.
    pub(super) fn new(check: &'a mut dyn FnMut() -> bool) -> Poll<'a> {
        Poll {
            check: Some(check),
            work: 0,
            stopped: false,
        }
    }

    /// Never stops.
    pub(super) fn never() -> Poll<'static> {
        Poll {
            check: None,
            work: 0,
            stopped: false,
        }
    }

    /// Records `ops` limb operations; true once the check asked to stop (the caller then
    /// returns at once, leaving a meaningless partial result).
    #[inline]
    pub(super) fn spend(&mut self, ops: usize) -> bool {
        let Some(check) = self.check.as_mut() else {
            return false;
        };
        self.work = self.work.saturating_add(ops as u64);
        if self.work >= POLL_EVERY && !self.stopped {
            self.work = 0;
            self.stopped = check();
        }
        self.stopped
    }

    /// Whether the check asked to stop.
    pub(super) fn stopped(&self) -> bool {
        self.stopped
    }
}
