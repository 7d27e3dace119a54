//! What stops a run from outside the script: the embedder's requests (interrupt,
//! terminate) and the instruction budget (fuel).
//!
//! Both are checked at safe points only: loop back-edges and function entries
//! (`_CHECK_PERIODIC`), in the interpreter and in traces alike, and every so often inside
//! long native operations ([`Vm::poll_signals`]). An interrupt raises `KeyboardInterrupt`,
//! which a script may catch. Termination (a request, or the budget spent) cannot be
//! caught: the unwinder runs no handler, `finally` or `__exit__`, no finalizer runs, and
//! the run ends with [`RunError::Terminated`](crate::RunError::Terminated).
//!
//! **Fuel.** One unit is one tier-1 instruction (a super-instruction counts as the
//! instructions it fuses). The interpreter counts per dispatch, in a variant of its loop
//! used only when a budget is set; traces count the same instructions (`exec::fuel`), so
//! a run stops at exactly the same instruction in both tiers. A native loop that takes
//! items from an iterator (`sum`, `list(...)`, `x in it`, ...) runs no instruction, so it
//! counts one unit per item and stops as soon as the budget is spent
//! (`Vm::native_step`): `sum(iter(int, 1))` ends too.

use core::sync::atomic::{AtomicU8, Ordering};

use crate::vm::{PyErr, PyResult, Vm};

/// Requests the embedder sends a running VM, from any thread or an interrupt handler
/// (shared through an `Arc`: [`crate::Interpreter::signals`]).
#[derive(Debug, Default)]
#[repr(transparent)]
pub struct Signals(AtomicU8);

const INTERRUPT: u8 = 1;
const TERMINATE: u8 = 2;
/// The VM's own mark: the budget ran out or a termination is under way, so safe points
/// test one word for everything they may have to do.
const STOP: u8 = 4;

impl Signals {
    /// Raises `KeyboardInterrupt` in the script at its next safe point (catchable, as
    /// Ctrl-C in CPython).
    pub fn interrupt(&self) {
        self.0.fetch_or(INTERRUPT, Ordering::Relaxed);
    }

    /// Ends the running script at its next safe point; nothing of it runs after that
    /// (see the module documentation).
    pub fn terminate(&self) {
        self.0.fetch_or(TERMINATE, Ordering::Relaxed);
    }

    /// Whether any request is pending (or the VM marked a stop for its next safe point).
    #[inline(always)]
    pub fn pending(&self) -> bool {
        self.0.load(Ordering::Relaxed) != 0
    }

    /// Whether an interrupt is pending.
    pub fn interrupt_pending(&self) -> bool {
        self.0.load(Ordering::Relaxed) & INTERRUPT != 0
    }

    /// Whether termination is pending.
    pub fn terminate_pending(&self) -> bool {
        self.0.load(Ordering::Relaxed) & TERMINATE != 0
    }

    /// Drops every pending request (a run that ended before honouring them).
    pub fn clear(&self) {
        self.0.store(0, Ordering::Relaxed);
    }

    /// Takes a pending interrupt (it is answered once).
    fn take_interrupt(&self) -> bool {
        self.0.fetch_and(!INTERRUPT, Ordering::Relaxed) & INTERRUPT != 0
    }

    /// Marks a stop for the next safe point.
    fn mark_stop(&self) {
        self.0.fetch_or(STOP, Ordering::Relaxed);
    }

    /// Drops the stop mark (the budget it was for was given back in the meantime).
    fn unmark_stop(&self) {
        self.0.fetch_and(!STOP, Ordering::Relaxed);
    }
}

/// Why a run was terminated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The instruction budget ([`Config::fuel`](crate::Config::fuel)) was spent.
    Fuel,
    /// The embedder asked ([`Signals::terminate`]).
    Request,
}

/// The fuel counter of a run without a budget: never reaches zero in practice (a trace
/// or a fused instruction may still count it down; 2^62 instructions take decades).
pub(crate) const UNLIMITED: i64 = i64::MAX / 2;

impl Vm {
    /// The requests channel of this VM (clone the `Arc` into a watchdog thread or an
    /// interrupt handler).
    pub fn signals(&self) -> alloc::sync::Arc<Signals> {
        self.signals.clone()
    }

    /// Sets the instruction budget of each run (`None`: unlimited). Takes effect at the
    /// next run. Switching between limited and unlimited discards the executors: traces
    /// are built differently when they must stop at exact points.
    pub fn set_fuel(&mut self, fuel: Option<u64>) {
        #[cfg(feature = "tier2")]
        if fuel.is_some() != self.config.fuel.is_some() {
            self.clear_executors();
        }
        self.config.fuel = fuel;
    }

    /// Instructions the current (or last) run executed, when it has a budget.
    pub fn fuel_used(&self) -> Option<u64> {
        let budget = self.config.fuel?;
        Some(budget.saturating_sub(self.fuel.max(0) as u64))
    }

    /// Whether runs have a budget (the interpreter counts instructions, and traces keep
    /// every stopping point).
    #[inline(always)]
    pub(crate) fn fuel_limited(&self) -> bool {
        self.config.fuel.is_some()
    }

    /// Counts `n` instructions (negative: gives back instructions counted for a dispatch
    /// that ran something else) when runs have a budget.
    #[inline]
    pub(crate) fn charge_fuel(&mut self, n: i64) {
        if self.fuel_limited() {
            self.fuel -= n;
            self.note_fuel();
        }
    }

    /// Marks a stop for the next safe point when the budget is spent (safe points test
    /// only the signals word: [`Vm::stop_due`]).
    #[inline(always)]
    pub(crate) fn note_fuel(&self) {
        if self.fuel <= 0 {
            self.signals.mark_stop();
        }
    }

    /// Starts a run's budget (a run started from Rust while no script runs).
    pub(crate) fn start_fuel(&mut self) {
        self.fuel = match self.config.fuel {
            Some(n) => n.min(UNLIMITED as u64) as i64,
            None => UNLIMITED,
        };
        self.terminating = None;
        self.note_fuel();
    }

    /// Whether a safe point has anything but a collection to do: a request, the budget
    /// spent, a termination under way (all marked in the signals word: one load).
    #[inline(always)]
    pub(crate) fn stop_due(&self) -> bool {
        self.signals.pending()
    }

    /// The work of a safe point other than collecting: termination (uncatchable) or an
    /// interrupt (`KeyboardInterrupt`).
    pub(crate) fn answer_signals(&mut self) -> PyResult<()> {
        if self.terminating.is_some() || self.signals.terminate_pending() {
            return Err(self.begin_termination(Termination::Request));
        }
        if self.fuel <= 0 {
            return Err(self.begin_termination(Termination::Fuel));
        }
        // (A stop mark whose budget was given back since: nothing to stop for.)
        self.signals.unmark_stop();
        if self.signals.take_interrupt() {
            return Err(self.new_lazy_exception_empty(crate::object::lazy_exc::LazyExc::KeyboardInterrupt));
        }
        Ok(())
    }

    /// What long native operations (a big-int power, a huge sort) call every so often: the
    /// embedder's pending request, if any, as the error to stop with. Cheap: one atomic
    /// load when nothing is pending. (The budget counts instructions only: it is not
    /// checked here.)
    #[inline]
    pub fn poll_signals(&mut self) -> PyResult<()> {
        if !self.signals.pending() {
            return Ok(());
        }
        if self.signals.terminate_pending() || self.terminating.is_some() {
            return Err(self.begin_termination(Termination::Request));
        }
        if self.signals.take_interrupt() {
            return Err(self.new_lazy_exception_empty(crate::object::lazy_exc::LazyExc::KeyboardInterrupt));
        }
        Ok(())
    }

    /// Starts terminating the run (once: a termination under way keeps its reason) and
    /// returns the error it unwinds with.
    fn begin_termination(&mut self, reason: Termination) -> PyErr {
        if self.terminating.is_none() {
            self.terminating = Some(reason);
            // Every safe point and poll fails from now on, until the run ends.
            self.signals.mark_stop();
            let e = self.terminated_error;
            if let Some(st) = self.exc_state_mut(e) {
                st.traceback.clear();
            }
        }
        self.terminated()
    }

    /// One item taken by a native loop (`sum`, `list(...)`, `x in it`, `filter` skipping):
    /// such loops run no instruction and reach no safe point, so each item counts one unit
    /// of the budget (ending the run at once when it is spent) and answers the embedder's
    /// requests; otherwise `sum(iter(int, 1))` could not be stopped. The same native code
    /// runs in every tier, so the stop is still the same in all.
    #[inline]
    pub(crate) fn native_step(&mut self) -> PyResult<()> {
        if self.fuel_limited() {
            self.fuel -= 1;
            if self.fuel <= 0 {
                return Err(self.begin_termination(Termination::Fuel));
            }
        }
        self.poll_signals()
    }

    /// The error a terminated run unwinds with (the unwinder runs no handler for it).
    pub(crate) fn terminated(&self) -> PyErr {
        PyErr(self.terminated_error)
    }

    /// Whether the run is being terminated.
    #[inline(always)]
    pub(crate) fn is_terminating(&self) -> bool {
        self.terminating.is_some()
    }
}
