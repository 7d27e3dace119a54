//! `Ctrl-C` as `python3` answers it: `SIGINT` becomes the VM's interrupt request (a
//! `KeyboardInterrupt` at the script's next safe point, in every tier), and a process ended by
//! an uncaught `KeyboardInterrupt` ends by `SIGINT` itself, so a shell sees status 130 and
//! stops a script that ran it.
//!
//! The signal handler (`signal-hook`'s) only writes to a pipe; a thread reads it and sends the
//! VM its request (`Signals::interrupt`, an atomic store any thread may make). Once the process
//! is shutting down, a further `SIGINT` takes the default action at once, so nothing left to do
//! at exit (a stuck write) can hold the process.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use signal_hook::consts::SIGINT;
use vm_core::Signals;

/// The installed `SIGINT` handling.
#[derive(Debug)]
pub struct Interrupts {
    shutting_down: Arc<AtomicBool>,
}

impl Interrupts {
    /// Sends every `SIGINT` to `signals` as an interrupt request.
    pub fn install(signals: Arc<Signals>) -> std::io::Result<Interrupts> {
        let shutting_down = Arc::new(AtomicBool::new(false));
        // Registered first, so it runs before the request is sent.
        signal_hook::flag::register_conditional_default(SIGINT, shutting_down.clone())?;
        let mut incoming = signal_hook::iterator::Signals::new([SIGINT])?;
        std::thread::Builder::new()
            .name("sigint".into())
            .spawn(move || {
                for _ in incoming.forever() {
                    signals.interrupt();
                }
            })?;
        Ok(Interrupts { shutting_down })
    }

    /// From now on `SIGINT` ends the process at once.
    pub fn shut_down(&self) {
        self.shutting_down.store(true, Ordering::SeqCst);
    }
}

/// Whether `SIGINT` was ignored when the process started (a background job of a shell
/// without job control): `python3` then leaves it ignored, and so does `tiercel`. Read from
/// the kernel's report of the ignored signals (Linux), which needs no `unsafe` query.
pub fn ignored_at_start() -> bool {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return false;
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (SIGINT - 1)) != 0)
}

/// Ends the process by `SIGINT` with its default action, as `python3` does after an uncaught
/// `KeyboardInterrupt` (status 130 in a shell).
pub fn exit_by_sigint() -> ! {
    let _ = signal_hook::low_level::emulate_default_handler(SIGINT);
    std::process::exit(130)
}
