//! The host's standard streams, as `python3` treats them: standard output line-buffered on a
//! terminal, block-buffered otherwise, unbuffered with `-u`; standard error unbuffered;
//! write errors (a closed pipe) reported to the script; standard input read a line at a time
//! without blocking an interrupt, through a line editor (history, editing keys) when both
//! input and output are a terminal.

use std::io::IsTerminal;
use std::os::fd::AsFd;
use std::sync::Arc;

use rustyline::error::ReadlineError;
use vm_core::{IoError, Signals};

/// How standard output holds what the script writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffering {
    /// Every write goes out at once (`-u`).
    Unbuffered,
    /// Written out at each line end (a terminal).
    Line,
    /// Written out in blocks of [`BLOCK`] bytes (a pipe or a file).
    Block,
}

/// The block size of block-buffered output (CPython's default buffer size).
pub const BLOCK: usize = 8192;

/// How often a blocked read looks for an interrupt.
const POLL_MS: i64 = 50;

/// The system's error as the script sees it (`strerror` without Rust's "(os error N)").
pub fn io_error(e: &std::io::Error) -> IoError {
    let errno = e.raw_os_error().unwrap_or(0);
    let text = e.to_string();
    let message = match text.rfind(" (os error ") {
        Some(at) => text[..at].to_string(),
        None => text,
    };
    IoError { errno, message }
}

/// Writes all of `bytes` to `fd`, retrying after signals.
fn write_all(fd: std::os::fd::BorrowedFd<'_>, mut bytes: &[u8]) -> Result<(), IoError> {
    while !bytes.is_empty() {
        match rustix::io::write(fd, bytes) {
            Ok(0) => return Err(io_error(&std::io::ErrorKind::WriteZero.into())),
            Ok(n) => bytes = &bytes[n..],
            Err(rustix::io::Errno::INTR) => {}
            Err(e) => return Err(io_error(&e.into())),
        }
    }
    Ok(())
}

/// Standard output.
#[derive(Debug)]
pub struct Stdout {
    buf: Vec<u8>,
    mode: Buffering,
    /// File descriptor 1 was closed when the process started: output goes nowhere, as
    /// `python3`'s `print` does when `sys.stdout` is `None`.
    absent: bool,
    /// The error of a write or flush the script has not been told about.
    error: Option<IoError>,
    /// What was written since the last line end (up to [`TAIL`] bytes): the line editor
    /// redraws it with its prompt, which would otherwise erase it.
    tail: String,
    /// The unfinished line is longer than [`TAIL`].
    long_line: bool,
}

/// The longest unfinished line the line editor redraws (a longer one is ended instead).
const TAIL: usize = 256;

impl Stdout {
    /// Standard output with the given buffering.
    pub fn new(mode: Buffering) -> Stdout {
        let absent = rustix::io::fcntl_getfd(std::io::stdout().as_fd()).is_err();
        Stdout {
            buf: Vec::new(),
            mode,
            absent,
            error: None,
            tail: String::new(),
            long_line: false,
        }
    }

    /// Writes `s` (out at once, at a line end or when a block is full, by the mode).
    pub fn write(&mut self, s: &str) {
        if self.absent {
            return;
        }
        self.buf.extend_from_slice(s.as_bytes());
        match s.rfind('\n') {
            Some(at) => {
                s[at + 1..].clone_into(&mut self.tail);
                self.long_line = false;
            }
            None => self.tail.push_str(s),
        }
        if self.tail.len() > TAIL {
            self.tail.clear();
            self.long_line = true;
        }
        let due = match self.mode {
            Buffering::Unbuffered => true,
            Buffering::Line => s.contains(['\n', '\r']),
            Buffering::Block => self.buf.len() >= BLOCK,
        };
        if due {
            // What a failed write could not send is dropped, as CPython's buffered writer
            // drops the data of a write that fails (the error reaches the script).
            if let Err(e) = self.write_out() {
                self.buf.clear();
                self.error = Some(e);
            }
        }
    }

    /// Writes out what is held; a failure keeps the data (flushing at exit fails again, as
    /// in CPython) and is reported through [`Stdout::take_error`].
    pub fn flush(&mut self) {
        if let Err(e) = self.write_out() {
            self.error = Some(e);
        }
    }

    /// Takes the unfinished line written last, for a prompt that redraws the line (`None`:
    /// too long to redraw; the caller ends the line instead).
    pub fn take_tail(&mut self) -> Option<String> {
        let tail = std::mem::take(&mut self.tail);
        (!std::mem::take(&mut self.long_line)).then_some(tail)
    }

    /// The error of a write or flush since the last call.
    pub fn take_error(&mut self) -> Option<IoError> {
        self.error.take()
    }

    /// Writes out what is held (at exit): the error, if that fails.
    pub fn finish(&mut self) -> Result<(), IoError> {
        let r = self.write_out();
        self.buf.clear();
        r
    }

    fn write_out(&mut self) -> Result<(), IoError> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let stdout = std::io::stdout();
        let fd = stdout.as_fd();
        let mut done = 0;
        let r = loop {
            if done == self.buf.len() {
                break Ok(());
            }
            match rustix::io::write(fd, &self.buf[done..]) {
                Ok(0) => break Err(io_error(&std::io::ErrorKind::WriteZero.into())),
                Ok(n) => done += n,
                Err(rustix::io::Errno::INTR) => {}
                Err(e) => break Err(io_error(&e.into())),
            }
        };
        self.buf.drain(..done);
        r
    }
}

/// Writes to standard error (unbuffered; errors are ignored, as there is nowhere to report
/// them).
pub fn write_stderr(s: &str) {
    let _ = write_all(std::io::stderr().as_fd(), s.as_bytes());
}

/// A line read from standard input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line, without its `\n`.
    Text(String),
    /// The end of input.
    Eof,
    /// `Ctrl-C` (or `SIGINT`) came first.
    Interrupted,
}

/// Standard input, read without blocking an interrupt.
#[derive(Debug, Default)]
pub struct Stdin {
    buf: Vec<u8>,
    eof: bool,
}

impl Stdin {
    /// Reads one line; `interrupted` is asked while the read waits.
    pub fn read_line(&mut self, interrupted: &dyn Fn() -> bool) -> Result<Line, IoError> {
        self.read_line_ending(interrupted, false)
    }

    /// Reads one line, keeping its `\n` when `keep_newline` (`sys.stdin.readline`).
    pub fn read_line_ending(
        &mut self,
        interrupted: &dyn Fn() -> bool,
        keep_newline: bool,
    ) -> Result<Line, IoError> {
        loop {
            if let Some(at) = self.buf.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=at).collect();
                let end = if keep_newline { at + 1 } else { at };
                let text = String::from_utf8_lossy(&line[..end]).into_owned();
                return Ok(Line::Text(text));
            }
            if self.eof {
                if self.buf.is_empty() {
                    return Ok(Line::Eof);
                }
                let line = std::mem::take(&mut self.buf);
                return Ok(Line::Text(String::from_utf8_lossy(&line).into_owned()));
            }
            if interrupted() {
                return Ok(Line::Interrupted);
            }
            self.fill()?;
        }
    }

    /// Reads everything up to the end of input (a script piped in).
    pub fn read_to_end(&mut self) -> Result<Vec<u8>, IoError> {
        while !self.eof {
            self.fill()?;
        }
        Ok(std::mem::take(&mut self.buf))
    }

    /// Waits up to [`POLL_MS`] for input and reads what there is.
    fn fill(&mut self) -> Result<(), IoError> {
        let stdin = std::io::stdin();
        let fd = stdin.as_fd();
        let mut fds = [rustix::event::PollFd::new(
            &fd,
            rustix::event::PollFlags::IN,
        )];
        let timeout = rustix::event::Timespec {
            tv_sec: 0,
            tv_nsec: POLL_MS * 1_000_000,
        };
        match rustix::event::poll(&mut fds, Some(&timeout)) {
            Ok(0) | Err(rustix::io::Errno::INTR) => return Ok(()),
            Ok(_) => {}
            Err(e) => return Err(io_error(&e.into())),
        }
        let mut chunk = [0u8; 4096];
        match rustix::io::read(fd, &mut chunk) {
            Ok(0) => self.eof = true,
            Ok(n) => self.buf.extend_from_slice(&chunk[..n]),
            Err(rustix::io::Errno::INTR | rustix::io::Errno::AGAIN) => {}
            Err(e) => return Err(io_error(&e.into())),
        }
        Ok(())
    }
}

/// The line editor of a terminal: `rustyline`, with Tab inserting four spaces (Python
/// indentation) rather than completing.
type Editor = rustyline::Editor<(), rustyline::history::DefaultHistory>;

/// The process's standard streams, shared by the VM's host (`print`, `input()`) and the REPL.
pub struct Console {
    /// Standard output.
    pub stdout: Stdout,
    stdin: Stdin,
    /// Whether input and output are both a terminal: lines are read through the editor.
    pub terminal: bool,
    editor: Option<Editor>,
    /// The VM's requests channel: a read waiting for input gives way to its interrupt.
    signals: Option<Arc<Signals>>,
}

impl Console {
    /// The streams of this process; `unbuffered` is `-u`.
    pub fn new(unbuffered: bool) -> Console {
        let out_tty = std::io::stdout().is_terminal();
        let mode = if unbuffered {
            Buffering::Unbuffered
        } else if out_tty {
            Buffering::Line
        } else {
            Buffering::Block
        };
        Console {
            stdout: Stdout::new(mode),
            stdin: Stdin::default(),
            terminal: out_tty && std::io::stdin().is_terminal(),
            editor: None,
            signals: None,
        }
    }

    /// Connects reads to the VM's interrupt requests.
    pub fn set_signals(&mut self, signals: Arc<Signals>) {
        self.signals = Some(signals);
    }

    /// Whether an interrupt is waiting to be answered.
    pub fn interrupted(&self) -> bool {
        self.signals.as_ref().is_some_and(|s| s.interrupt_pending())
    }

    /// Reads a piped script.
    pub fn read_script(&mut self) -> Result<Vec<u8>, IoError> {
        self.stdin.read_to_end()
    }

    /// `input(prompt)`: through the editor on a terminal (which shows the prompt), otherwise
    /// the prompt on standard output and a plain read. An interrupt is left pending for the
    /// VM to raise.
    pub fn input(&mut self, prompt: &str) -> Result<Option<String>, IoError> {
        let line = if self.terminal {
            self.stdout.flush();
            self.edit_line(prompt)?
        } else {
            self.stdout.write(prompt);
            self.stdout.flush();
            if let Some(e) = self.stdout.take_error() {
                return Err(e);
            }
            self.plain_line()?
        };
        Ok(match line {
            Line::Text(s) => Some(s),
            Line::Eof => None,
            Line::Interrupted => {
                if let Some(s) = &self.signals {
                    s.interrupt();
                }
                None
            }
        })
    }

    /// One line of a REPL entry: through the editor on a terminal, otherwise with the prompt
    /// on standard error (as `python3 -i` with piped input).
    pub fn repl_line(&mut self, prompt: &str) -> Result<Line, IoError> {
        self.stdout.flush();
        if self.terminal {
            return self.edit_line(prompt);
        }
        write_stderr(prompt);
        let line = self.plain_line()?;
        if line == Line::Interrupted {
            if let Some(s) = &self.signals {
                s.clear();
            }
        }
        Ok(line)
    }

    /// One line of standard input with its `\n` (none at the end of input without one),
    /// read plainly even on a terminal, as `sys.stdin.readline` does; `None` at the end.
    pub fn stdin_line(&mut self) -> Result<Option<String>, IoError> {
        self.stdout.flush();
        let signals = self.signals.clone();
        let interrupted = move || signals.as_ref().is_some_and(|s| s.interrupt_pending());
        Ok(match self.stdin.read_line_ending(&interrupted, true)? {
            Line::Text(s) => Some(s),
            Line::Eof | Line::Interrupted => None,
        })
    }

    fn plain_line(&mut self) -> Result<Line, IoError> {
        let signals = self.signals.clone();
        let interrupted = move || signals.as_ref().is_some_and(|s| s.interrupt_pending());
        self.stdin.read_line(&interrupted)
    }

    fn edit_line(&mut self, prompt: &str) -> Result<Line, IoError> {
        // The editor draws its prompt from the start of the line: an unfinished line of
        // output becomes part of the prompt, so it stays in view (`a>>> `, as in CPython).
        let prompt = match self.stdout.take_tail() {
            Some(tail) => tail + prompt,
            None => {
                self.stdout.write("\n");
                self.stdout.flush();
                prompt.to_string()
            }
        };
        let editor = match &mut self.editor {
            Some(e) => e,
            None => self.editor.insert(new_editor()?),
        };
        match editor.readline(&prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                Ok(Line::Text(line))
            }
            Err(ReadlineError::Eof) => Ok(Line::Eof),
            Err(ReadlineError::Interrupted) => Ok(Line::Interrupted),
            Err(ReadlineError::Io(e)) => Err(io_error(&e)),
            Err(e) => Err(IoError {
                errno: 0,
                message: e.to_string(),
            }),
        }
    }

    /// Loads the REPL history of earlier sessions (`~/.tiercel_history`).
    pub fn load_history(&mut self) {
        let Some(path) = history_path() else { return };
        if self.editor.is_none() {
            match new_editor() {
                Ok(e) => self.editor = Some(e),
                Err(_) => return,
            }
        }
        if let Some(e) = &mut self.editor {
            let _ = e.load_history(&path);
        }
    }

    /// Saves the REPL history for the next session.
    pub fn save_history(&mut self) {
        if let (Some(path), Some(e)) = (history_path(), &mut self.editor) {
            let _ = e.save_history(&path);
        }
    }
}

/// Where the REPL keeps its history: `$HOME/.tiercel_history`.
fn history_path() -> Option<std::path::PathBuf> {
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty())?;
    Some(std::path::Path::new(&home).join(".tiercel_history"))
}

fn new_editor() -> Result<Editor, IoError> {
    use rustyline::{Cmd, KeyCode, KeyEvent, Modifiers};
    let config = rustyline::Config::builder()
        .auto_add_history(false)
        .max_history_size(1000)
        .map_err(|e| IoError {
            errno: 0,
            message: e.to_string(),
        })?
        .build();
    let mut editor = Editor::with_config(config).map_err(|e| IoError {
        errno: 0,
        message: e.to_string(),
    })?;
    editor.bind_sequence(
        KeyEvent(KeyCode::Tab, Modifiers::NONE),
        Cmd::Insert(1, "    ".into()),
    );
    Ok(editor)
}
