//! The board's console and clock as the VM's [`Host`].

use vm_core::Host;

/// What a board provides to the shared code: a byte console (a UART) and clocks.
pub trait Platform {
    /// Writes bytes to the console, blocking until the UART has taken them.
    fn write_bytes(&mut self, bytes: &[u8]);
    /// Reads one byte from the console, blocking until one arrives.
    fn read_byte(&mut self) -> u8;
    /// Monotonic seconds since boot (`time.monotonic`, `time.perf_counter`).
    fn monotonic(&mut self) -> f64;
    /// Wall-clock seconds since the Unix epoch (`time.time`); boards without a real-time
    /// clock return seconds since boot.
    fn time(&mut self) -> f64;
}

/// Marks the start of standard-error bytes in framed output (ASCII "shift out").
pub const STDERR_BEGIN: u8 = 0x0E;
/// Marks the end of standard-error bytes in framed output (ASCII "shift in").
pub const STDERR_END: u8 = 0x0F;

/// The VM's host on a board: stdout and stderr both go to the console.
///
/// Newlines are sent as CR LF, as a serial terminal expects. When `framed` is set (the test
/// harness asked for it in the script header), stderr text is wrapped in
/// [`STDERR_BEGIN`]/[`STDERR_END`] so the harness can separate the two streams again.
#[derive(Debug)]
pub struct ConsoleHost<P> {
    platform: P,
    framed: bool,
}

impl<P: Platform> ConsoleHost<P> {
    /// A host writing to `platform`'s console.
    pub fn new(platform: P, framed: bool) -> Self {
        ConsoleHost { platform, framed }
    }

    fn write_text(&mut self, s: &str) {
        for (i, line) in s.split('\n').enumerate() {
            if i > 0 {
                self.platform.write_bytes(b"\r\n");
            }
            self.platform.write_bytes(line.as_bytes());
        }
    }
}

impl<P: Platform> Host for ConsoleHost<P> {
    fn write_stdout(&mut self, s: &str) {
        self.write_text(s);
    }

    fn write_stderr(&mut self, s: &str) {
        if self.framed {
            self.platform.write_bytes(&[STDERR_BEGIN]);
        }
        self.write_text(s);
        if self.framed {
            self.platform.write_bytes(&[STDERR_END]);
        }
    }

    fn time(&mut self) -> f64 {
        self.platform.time()
    }

    fn monotonic(&mut self) -> f64 {
        self.platform.monotonic()
    }
}
