//! The serial console's line editor: what the REPL and `input()` read lines with.

use alloc::string::String;

use crate::serial_input::Editing;
use crate::Platform;

/// The line being edited: a fixed buffer, so a long paste cannot grow memory.
type Line = heapless::Vec<u8, MAX_LINE>;

/// Longest line the editor accepts; further bytes ring the bell instead of growing memory.
const MAX_LINE: usize = 4096;
/// Lines the editor remembers for the up and down arrows; older ones are forgotten.
const HISTORY: usize = 32;

/// What the line editor returns.
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    /// A line (without its terminator).
    Line(String),
    /// `Ctrl-D` on an empty line.
    Eof,
    /// `Ctrl-C`: the entry is abandoned.
    Interrupt,
}

/// A line editor over a byte console: echo, backspace, `Ctrl-C`, `Ctrl-D`; CR, LF and CR LF
/// all end a line; the up and down arrows walk through the last [`HISTORY`] lines entered;
/// other terminal escape sequences are ignored.
#[derive(Default)]
pub struct LineEditor {
    after_cr: bool,
    history: heapless::HistoryBuffer<String, HISTORY>,
}

impl core::fmt::Debug for LineEditor {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LineEditor")
            .field("after_cr", &self.after_cr)
            .field("history", &self.history.len())
            .finish()
    }
}

impl LineEditor {
    /// Reads one line from `con`, echoing what is typed. While it reads, a `Ctrl-C` from
    /// the console is this editor's to handle (it abandons the line) rather than a
    /// `KeyboardInterrupt` for running code.
    pub fn read_line<P: Platform>(&mut self, con: &mut P) -> Input {
        let _editing = Editing::start();
        let mut line = Line::new();
        // How far back in the history the line shown is (0: the newest entry).
        let mut back: Option<usize> = None;
        loop {
            let b = con.read_byte();
            let after_cr = core::mem::replace(&mut self.after_cr, b == b'\r');
            match b {
                b'\n' if after_cr => {}
                b'\r' | b'\n' => {
                    con.write_bytes(b"\r\n");
                    let text = String::from_utf8_lossy(&line).into_owned();
                    if !text.is_empty() && self.history.recent() != Some(&text) {
                        self.history.write(text.clone());
                    }
                    return Input::Line(text);
                }
                0x04 if line.is_empty() => {
                    con.write_bytes(b"\r\n");
                    return Input::Eof;
                }
                0x03 => {
                    con.write_bytes(b"^C\r\n");
                    return Input::Interrupt;
                }
                0x08 | 0x7F => {
                    // Drop one whole UTF-8 character.
                    while let Some(last) = line.pop() {
                        if last & 0xC0 != 0x80 {
                            break;
                        }
                    }
                    con.write_bytes(b"\x08 \x08");
                }
                0x1B => match read_escape(con) {
                    Some(b'A') => self.recall(con, &mut line, &mut back, true),
                    Some(b'B') => self.recall(con, &mut line, &mut back, false),
                    _ => {}
                },
                b'\t' => self.insert(con, &mut line, b"    "),
                b if b >= 0x20 => self.insert(con, &mut line, &[b]),
                _ => {}
            }
        }
    }

    fn insert<P: Platform>(&self, con: &mut P, line: &mut Line, bytes: &[u8]) {
        if line.extend_from_slice(bytes).is_err() {
            con.write_bytes(b"\x07");
            return;
        }
        con.write_bytes(bytes);
    }
}

impl LineEditor {
    /// Replaces the line shown with the history entry one older (`older`) or one newer than
    /// `back` (newer than the newest: an empty line).
    fn recall<P: Platform>(
        &self,
        con: &mut P,
        line: &mut Line,
        back: &mut Option<usize>,
        older: bool,
    ) {
        let target = match (older, *back) {
            (true, None) => Some(0),
            (true, Some(b)) => Some(b + 1),
            (false, None) => return,
            (false, Some(0)) => None,
            (false, Some(b)) => Some(b - 1),
        };
        let entry = match target {
            Some(t) if t >= self.history.len() => return,
            Some(t) => self
                .history
                .oldest_ordered()
                .nth(self.history.len() - 1 - t),
            None => None,
        };
        for _ in line.iter().filter(|&&b| b & 0xC0 != 0x80) {
            con.write_bytes(b"\x08 \x08");
        }
        line.clear();
        if let Some(e) = entry {
            // An entry was a line of this editor, so it fits.
            let _ = line.extend_from_slice(e.as_bytes());
            con.write_bytes(e.as_bytes());
        }
        *back = target;
    }
}

/// Reads the rest of an ANSI escape sequence (`ESC [ ... final`) and returns its final byte
/// (`A` for the up arrow, `B` for down); `None` for anything but a CSI sequence.
fn read_escape<P: Platform>(con: &mut P) -> Option<u8> {
    if con.read_byte() != b'[' {
        return None;
    }
    loop {
        let b = con.read_byte();
        if (0x40..=0x7E).contains(&b) {
            return Some(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake_console::FakeConsole;
    use alloc::vec::Vec;

    fn read(bytes: &[u8]) -> (Input, Vec<u8>) {
        let mut f = FakeConsole {
            input: bytes.iter().copied().collect(),
            ..FakeConsole::default()
        };
        let got = LineEditor::default().read_line(&mut f);
        (got, f.output)
    }

    #[test]
    fn editing() {
        assert_eq!(read(b"ab\x7fc\r\n").0, Input::Line("ac".into()));
        assert_eq!(read("é\x7fx\n".as_bytes()).0, Input::Line("x".into()));
        assert_eq!(read(b"\x1b[Ax\r").0, Input::Line("x".into()));
        assert_eq!(read(b"\x04").0, Input::Eof);
        assert_eq!(read(b"a\x03").0, Input::Interrupt);
        let (line, echo) = read(b"hi\r");
        assert_eq!(line, Input::Line("hi".into()));
        assert_eq!(echo, b"hi\r\n");
    }

    #[test]
    fn history() {
        let mut f = FakeConsole {
            input: b"one\rtwo\r\x1b[A\x1b[A\r\x1b[A\x1b[A\x1b[B\r\x1b[B\x1b[Ax\r"
                .iter()
                .copied()
                .collect(),
            ..FakeConsole::default()
        };
        let mut editor = LineEditor::default();
        let mut lines = Vec::new();
        for _ in 0..5 {
            lines.push(editor.read_line(&mut f));
        }
        let line = |s: &str| Input::Line(s.into());
        // Up twice: "one", which becomes the newest entry; up twice from there: "two", down:
        // "one" again; down on a fresh line does nothing, up then typing appends.
        assert_eq!(
            lines,
            [
                line("one"),
                line("two"),
                line("one"),
                line("one"),
                line("onex")
            ]
        );
        // Recalling erases what is shown before writing the entry.
        let echo = String::from_utf8_lossy(&f.output).into_owned();
        assert!(
            echo.contains("two\x08 \x08\x08 \x08\x08 \x08one"),
            "{echo:?}"
        );
    }
}
