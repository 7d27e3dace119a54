//! The board's console and clock as the VM's [`Host`].

use core::fmt;
use core::sync::atomic::{AtomicBool, Ordering};

use alloc::string::String;
use vm_core::importing::loader::{FoundModule, ModuleCode};
use vm_core::{Host, IoError};

use crate::line_editor::{Input, LineEditor};
use crate::script::{Modules, MODULE_IMAGE, MODULE_PACKAGE};
use crate::serial_input;

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
    /// Waits, the core halted where the board can, until [`Platform::monotonic`] reaches
    /// `deadline` or something may need the VM (a received byte, an interrupt); returning
    /// early is allowed. The default returns at once.
    fn idle(&mut self, deadline: f64) {
        let _ = deadline;
    }
}

/// A [`Platform`] made of plain functions: what a board hands to the shared code. Boards whose
/// devices are reached through free functions (a UART driver, a clock module) build one with
/// [`Devices::new`] instead of writing a `Platform` impl of their own.
#[derive(Clone, Copy, Debug)]
pub struct Devices {
    write: fn(&[u8]),
    read: fn() -> u8,
    monotonic: fn() -> f64,
    time: fn() -> f64,
    idle: fn(f64),
}

impl Devices {
    /// Console output and input, monotonic seconds since boot, wall-clock seconds (see the
    /// [`Platform`] methods of the same names).
    pub const fn new(
        write: fn(&[u8]),
        read: fn() -> u8,
        monotonic: fn() -> f64,
        time: fn() -> f64,
    ) -> Self {
        Devices {
            write,
            read,
            monotonic,
            time,
            idle: |_| {},
        }
    }

    /// These devices with `idle` as [`Platform::idle`].
    pub const fn with_idle(self, idle: fn(f64)) -> Self {
        Devices { idle, ..self }
    }
}

impl Platform for Devices {
    fn write_bytes(&mut self, bytes: &[u8]) {
        (self.write)(bytes);
    }

    fn read_byte(&mut self) -> u8 {
        (self.read)()
    }

    fn monotonic(&mut self) -> f64 {
        (self.monotonic)()
    }

    fn time(&mut self) -> f64 {
        (self.time)()
    }

    fn idle(&mut self, deadline: f64) {
        (self.idle)(deadline);
    }
}

/// Whether the last text written through [`write_text`] did not end a line, so that a
/// panic or fault report can start on a fresh line without leaving a blank one.
static MID_LINE: AtomicBool = AtomicBool::new(false);

/// Writes text to the console with every `\n` sent as CR LF.
pub fn write_text<P: Platform>(p: &mut P, s: &str) {
    for (i, line) in s.split('\n').enumerate() {
        if i > 0 {
            p.write_bytes(b"\r\n");
        }
        p.write_bytes(line.as_bytes());
    }
    if !s.is_empty() {
        MID_LINE.store(!s.ends_with('\n'), Ordering::Relaxed);
    }
}

/// Starts a new line unless the console is at the start of one.
pub fn start_line<P: Platform>(p: &mut P) {
    if MID_LINE.load(Ordering::Relaxed) {
        write_text(p, "\n");
    }
}

/// `core::fmt` output to the console (through [`write_text`]), for reports that must not
/// allocate: the panic handler, the fault handler, the self-test.
#[derive(Debug)]
pub struct Writer<P>(pub P);

impl<P: Platform> fmt::Write for Writer<P> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        write_text(&mut self.0, s);
        Ok(())
    }
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
    modules: Modules<'static>,
    /// `input()`'s line editor (kept between calls: a CR LF may end one line and start the
    /// next read).
    editor: LineEditor,
}

impl<P: Platform> ConsoleHost<P> {
    /// A host writing to `platform`'s console.
    pub fn new(platform: P, framed: bool) -> Self {
        ConsoleHost {
            platform,
            framed,
            modules: Modules::default(),
            editor: LineEditor::default(),
        }
    }

    /// This host with `modules` (a script image's module section) as the modules scripts
    /// import.
    pub fn with_modules(self, modules: Modules<'static>) -> Self {
        ConsoleHost { modules, ..self }
    }

    fn write_text(&mut self, s: &str) {
        write_text(&mut self.platform, s);
    }
}

impl<P: Platform + 'static> Host for ConsoleHost<P> {
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

    fn idle(&mut self, deadline: f64) {
        self.platform.idle(deadline);
    }

    /// `input()` reads a line from the console with the REPL's line editor (echo, backspace);
    /// `Ctrl-D` on an empty line is end of input and `Ctrl-C` raises `KeyboardInterrupt`.
    fn read_line(&mut self, prompt: &str) -> Result<Option<String>, IoError> {
        self.write_text(prompt);
        match self.editor.read_line(&mut self.platform) {
            Input::Line(line) => Ok(Some(line)),
            Input::Eof => Ok(None),
            Input::Interrupt => {
                serial_input::interrupt();
                Ok(None)
            }
        }
    }

    /// VM events go out as `defmt` frames.
    #[cfg(feature = "defmt")]
    fn event(&mut self, e: &vm_core::VmEvent<'_>) {
        crate::defmt_events::send(e);
    }

    /// The image's modules are frozen: found by their full name wherever `path` points.
    fn find_module(&mut self, name: &str, path: &[String]) -> Option<FoundModule> {
        let _ = path;
        let m = self.modules.get(name)?;
        let code = if m.flags & MODULE_IMAGE != 0 {
            ModuleCode::Image(m.data.to_vec())
        } else {
            // Undecodable source reaches the compiler as U+FFFD, which it rejects with a
            // SyntaxError naming the module's file.
            ModuleCode::Source(String::from_utf8_lossy(m.data).into_owned())
        };
        let package_path = (m.flags & MODULE_PACKAGE != 0)
            .then(|| String::from(m.origin.rsplit_once('/').map_or("", |(dir, _)| dir)));
        Some(FoundModule {
            code,
            origin: String::from(m.origin),
            package_path,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake_console::FakeConsole;

    #[test]
    fn input_reads_console_lines() {
        let fake = FakeConsole {
            input: b"Ada\r\nBob\n".iter().copied().collect(),
            ..FakeConsole::default()
        };
        let mut host = ConsoleHost::new(fake, false);
        assert_eq!(host.read_line("name? "), Ok(Some("Ada".into())));
        // The LF of the first line's CR LF does not end an empty second line.
        assert_eq!(host.read_line(""), Ok(Some("Bob".into())));
        assert_eq!(host.read_line(""), Ok(None));
        assert_eq!(host.platform.output, b"name? Ada\r\nBob\r\n\r\n");
    }
}
