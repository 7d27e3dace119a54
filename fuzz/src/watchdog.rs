//! A thread that terminates a run that outlives its time budget, through the VM's
//! [`Signals`] (checked at loop back-edges, function entries and inside long native
//! operations). Termination, unlike `KeyboardInterrupt`, cannot be caught by the script. It
//! only ends runs that reach a safe point; one that never does is the supervisor's business
//! (the hang bound kills the worker).

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use vm_core::Signals;

#[derive(Default)]
struct State {
    /// The armed run: its signals and deadline.
    armed: Option<(Arc<Signals>, Instant)>,
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
    pub fn arm(&self, flag: Arc<Signals>, budget: Duration) {
        let mut st = lock(&self.shared.0);
        st.armed = Some((flag, Instant::now() + budget));
        st.fired = false;
        self.shared.1.notify_one();
    }

    /// Stops watching; true when the watchdog terminated the run.
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
            Some((signals, deadline)) => {
                let now = Instant::now();
                if st.fired {
                    Duration::from_secs(3600)
                } else if now >= *deadline {
                    signals.terminate();
                    st.fired = true;
                    Duration::from_secs(3600)
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
