//! A thread that raises `KeyboardInterrupt` in a run that outlives its time budget, through
//! the VM's interrupt flag (checked at loop back-edges and function entries). It only ends
//! endless loops in Python code; a native operation that never polls is the supervisor's
//! business (the hang bound kills the worker).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

#[derive(Default)]
struct State {
    /// The armed run: its interrupt flag and deadline.
    armed: Option<(Arc<AtomicBool>, Instant)>,
    /// The watchdog set the armed run's flag.
    fired: bool,
}

/// One per worker; runs are armed and disarmed one at a time.
pub struct Watchdog {
    shared: Arc<(Mutex<State>, Condvar)>,
}

fn lock(m: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    // A poisoned lock only means a panic elsewhere; the state is still consistent.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Watchdog {
    /// Starts the watchdog thread (it lives as long as the process).
    pub fn start() -> Watchdog {
        let shared: Arc<(Mutex<State>, Condvar)> = Arc::default();
        let s = shared.clone();
        std::thread::Builder::new()
            .name(String::from("fuzz-watchdog"))
            .spawn(move || watch(&s))
            .map(drop)
            .unwrap_or_else(|e| panic!("cannot start the watchdog thread: {e}"));
        Watchdog { shared }
    }

    /// Watches a run that must end within `budget`.
    pub fn arm(&self, flag: Arc<AtomicBool>, budget: Duration) {
        let mut st = lock(&self.shared.0);
        st.armed = Some((flag, Instant::now() + budget));
        st.fired = false;
        self.shared.1.notify_one();
    }

    /// Stops watching; true when the watchdog interrupted the run.
    pub fn disarm(&self) -> bool {
        let mut st = lock(&self.shared.0);
        st.armed = None;
        std::mem::take(&mut st.fired)
    }
}

fn watch(shared: &(Mutex<State>, Condvar)) {
    let mut st = lock(&shared.0);
    loop {
        let wait = match &st.armed {
            None => Duration::from_secs(3600),
            Some((flag, deadline)) => {
                let now = Instant::now();
                if now >= *deadline {
                    flag.store(true, Ordering::Relaxed);
                    st.fired = true;
                    // Keep the flag set until disarmed: a script may catch the interrupt.
                    Duration::from_millis(20)
                } else {
                    *deadline - now
                }
            }
        };
        st = shared
            .1
            .wait_timeout(st, wait)
            .unwrap_or_else(|e| e.into_inner())
            .0;
    }
}
