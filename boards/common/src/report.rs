//! The two last words of a board: the panic report and the CPU-fault report. The board's
//! `#[panic_handler]` and exception handler format nothing themselves; they pass their
//! console (and, for a fault, the architecture's registers as [`fmt::Arguments`]) here and
//! exit with the status these functions return.

use core::fmt::{self, Write};
use core::panic::PanicInfo;
use core::sync::atomic::{AtomicBool, Ordering};

use crate::console::{start_line, Writer};
use crate::{Platform, EXIT_FAULT, EXIT_PANIC};

static PANICKING: AtomicBool = AtomicBool::new(false);
static FAULTING: AtomicBool = AtomicBool::new(false);

/// Prints `PANIC: <message> at <file>:<line>` on a line of its own (once: a panic while
/// printing the first one prints nothing more) and returns [`EXIT_PANIC`]. An allocation
/// failure ends here too. Nothing here allocates.
pub fn panic<P: Platform>(con: P, info: &PanicInfo<'_>) -> i32 {
    // Plain load and store rather than a swap: a board may panic before its MMU is on, when
    // exclusive accesses are not available (AArch64), and there is only one core.
    if !PANICKING.load(Ordering::Relaxed) {
        PANICKING.store(true, Ordering::Relaxed);
        let mut w = Writer(con);
        start_line(&mut w.0);
        let _ = write!(w, "PANIC: {}", info.message());
        if let Some(loc) = info.location() {
            let _ = write!(w, " at {}:{}", loc.file(), loc.line());
        }
        let _ = w.write_str("\n");
    }
    EXIT_PANIC
}

/// Prints one `FAULT: <what>` line for an unexpected CPU exception, with ` (stack overflow)`
/// appended when the faulting address is the board's stack guard, and returns
/// [`EXIT_FAULT`]. Returns `None` for a fault taken while reporting one (for example the
/// exit itself faulting): the board should then stop the CPU instead of looping.
pub fn fault<P: Platform>(con: P, what: fmt::Arguments<'_>, stack_overflow: bool) -> Option<i32> {
    if FAULTING.load(Ordering::Relaxed) {
        return None;
    }
    FAULTING.store(true, Ordering::Relaxed);
    let mut w = Writer(con);
    start_line(&mut w.0);
    let _ = write!(w, "FAULT: {what}");
    if stack_overflow {
        let _ = w.write_str(" (stack overflow)");
    }
    let _ = w.write_str("\n");
    Some(EXIT_FAULT)
}
