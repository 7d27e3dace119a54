//! The serial-console REPL: a small line editor, CPython's `>>>`/`...` prompts, and the rule
//! that decides when an entry is complete.

use alloc::string::String;

use vm_core::api::Mode;
use vm_core::RunError;

pub use crate::line_editor::{Input, LineEditor};
use crate::{new_vm, report, script, BoardInfo, Platform};

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
}
