//! The serial-console REPL: a small line editor, CPython's `>>>`/`...` prompts, and the rule
//! that decides when an entry is complete.

use alloc::string::String;

use vm_core::api::Mode;
use vm_core::RunError;

use crate::serial_input::Editing;
use crate::{new_vm, report, script, BoardInfo, Platform};

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

/// Whether the REPL must read another line before compiling `entry` (all lines so far, each
/// ending in `\n`): open brackets or triple-quoted strings, a trailing backslash, or a
/// compound statement (a first line ending in `:` or a decorator) not yet closed by an empty
/// line. This is the rule CPython's interactive loop follows for well-formed input.
pub fn needs_more(entry: &str) -> bool {
    let scan = Scan::of(entry);
    if scan.open_brackets > 0 || scan.in_triple_quote {
        return true;
    }
    let mut lines = entry.lines();
    let Some(first) = lines.next() else {
        return false;
    };
    let last = entry.lines().last().unwrap_or("");
    if last.ends_with('\\') {
        return true;
    }
    let first_code = strip_comment(first).trim_end();
    let is_block = first_code.ends_with(':') || first_code.trim_start().starts_with('@');
    is_block && !last.trim().is_empty()
}

/// Drops a `#` comment from a line (a `#` inside a string literal does not count).
fn strip_comment(line: &str) -> &str {
    let mut quote: Option<u8> = None;
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match quote {
            Some(_) if c == b'\\' => i += 1,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == b'#' => return &line[..i],
            None if c == b'\'' || c == b'"' => quote = Some(c),
            None => {}
        }
        i += 1;
    }
    line
}

/// Bracket depth and string state at the end of an entry.
#[derive(Debug, Default)]
struct Scan {
    open_brackets: usize,
    in_triple_quote: bool,
}

impl Scan {
    fn of(src: &str) -> Scan {
        let b = src.as_bytes();
        let mut depth = 0usize;
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'#' => {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                }
                q @ (b'\'' | b'"') => {
                    let triple = b.get(i..i + 3) == Some(&[q, q, q][..]);
                    i += if triple { 3 } else { 1 };
                    loop {
                        match b.get(i) {
                            None => {
                                return Scan {
                                    open_brackets: depth,
                                    in_triple_quote: triple,
                                }
                            }
                            Some(b'\\') => i += 2,
                            Some(b'\n') if !triple => break,
                            Some(&c) if c == q => {
                                if !triple {
                                    i += 1;
                                    break;
                                }
                                if b.get(i..i + 3) == Some(&[q, q, q][..]) {
                                    i += 3;
                                    break;
                                }
                                i += 1;
                            }
                            Some(_) => i += 1,
                        }
                    }
                    continue;
                }
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            i += 1;
        }
        Scan {
            open_brackets: depth,
            in_triple_quote: false,
        }
    }
}

/// The REPL: reads entries from the console and runs each in the same `__main__` namespace,
/// printing expression values, until `Ctrl-D` or `sys.exit()`. Errors print a traceback and
/// the loop goes on. Returns the exit status.
pub fn repl<P: Platform + Clone + 'static>(platform: P, info: BoardInfo) -> i32 {
    let mut con = platform.clone();
    let Some(mut vm) = new_vm(platform, info, 0, "", script::Modules::default()) else {
        return crate::EXIT_NO_VM;
    };
    let mut editor = LineEditor::default();
    con.write_bytes(b"Tiercel ");
    con.write_bytes(env!("CARGO_PKG_VERSION").as_bytes());
    con.write_bytes(b" on ");
    con.write_bytes(info.name.as_bytes());
    con.write_bytes(b"\r\nType Ctrl-D to exit.\r\n");
    loop {
        let mut entry = String::new();
        con.write_bytes(b">>> ");
        let complete = loop {
            match editor.read_line(&mut con) {
                Input::Line(line) => {
                    entry.push_str(&line);
                    entry.push('\n');
                    if !needs_more(&entry) {
                        break true;
                    }
                    con.write_bytes(b"... ");
                }
                Input::Eof if entry.is_empty() => return 0,
                Input::Eof => break true,
                Input::Interrupt => {
                    con.write_bytes(b"KeyboardInterrupt\r\n");
                    break false;
                }
            }
        };
        if !complete || entry.trim().is_empty() {
            continue;
        }
        match vm.run_source_mode(&entry, "<stdin>", Mode::Interactive) {
            Err(RunError::Exit(n)) => {
                vm.host.flush();
                return n;
            }
            r => {
                report(&mut vm, r);
            }
        }
        vm.host.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::collections::VecDeque;
    use alloc::vec::Vec;

    #[test]
    fn completeness() {
        assert!(!needs_more("x = 1\n"));
        assert!(needs_more("def f():\n"));
        assert!(needs_more("def f():\n    return 1\n"));
        assert!(!needs_more("def f():\n    return 1\n\n"));
        assert!(needs_more("x = (1,\n"));
        assert!(!needs_more("x = (1,\n 2)\n"));
        assert!(needs_more("s = '''a\n"));
        assert!(!needs_more("s = '''a\nb'''\n"));
        assert!(needs_more("x = 1 + \\\n"));
        assert!(!needs_more("d = {'#': 1}  # {\n"));
        assert!(needs_more("@dec\n"));
        assert!(!needs_more("s = 'a:'\n"));
        assert!(!needs_more("if x: pass  # note:\n"));
    }

    #[derive(Clone, Default)]
    struct Fake {
        input: VecDeque<u8>,
        output: Vec<u8>,
    }

    impl Platform for Fake {
        fn write_bytes(&mut self, bytes: &[u8]) {
            self.output.extend_from_slice(bytes);
        }
        fn read_byte(&mut self) -> u8 {
            self.input.pop_front().unwrap_or(0x04)
        }
        fn monotonic(&mut self) -> f64 {
            0.0
        }
        fn time(&mut self) -> f64 {
            0.0
        }
    }

    fn read(bytes: &[u8]) -> (Input, Vec<u8>) {
        let mut f = Fake {
            input: bytes.iter().copied().collect(),
            ..Fake::default()
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
        let mut f = Fake {
            input: b"one\rtwo\r\x1b[A\x1b[A\r\x1b[A\x1b[A\x1b[B\r\x1b[B\x1b[Ax\r"
                .iter()
                .copied()
                .collect(),
            ..Fake::default()
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
