//! Traceback objects and CPython-style traceback text.
//!
//! Unwinding records a [`TbEntry`] per frame an exception passes through (its code, the
//! offset and the activation's frame object); the immutable `tb_next` chain of
//! [`TbNode`]s is made from those entries only when `__traceback__` is read. One formatter
//! renders every traceback: an uncaught exception's report, `traceback.format_exc()`,
//! `format_tb` and `StackSummary.format()`, so they agree to the byte.

use alloc::boxed::Box;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use crate::bytecode::code::CodeObject;
use crate::object::frameobj::{TbEntry, TbNode};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};
use crate::object::lazy_exc::LazyExc;

/// One line of a stack as a traceback shows it (CPython's `FrameSummary`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameLine {
    /// The file name.
    pub filename: String,
    /// The 1-based line (0: unknown).
    pub lineno: u32,
    /// The code's name.
    pub name: String,
    /// The source line, stripped (empty when the source is not available).
    pub line: String,
}

impl FrameLine {
    /// The line of `code` at offset `lasti`, with its source text when the code has it.
    pub fn of(vm: &Vm, code: &CodeObject, lasti: u32) -> FrameLine {
        let lineno = code.line_of(lasti);
        FrameLine {
            filename: String::from(&*code.filename),
            lineno,
            name: String::from(vm.str_of(code.name).unwrap_or("?")),
            line: source_line(code, lineno),
        }
    }
}

/// Line `lineno` of the source `code` was compiled from, stripped ("" when unknown). Code
/// from `<string>` (`-c`), `<stdin>` (a REPL entry, a piped script) and other `<...>` names
/// shows none, as CPython's `linecache` reads no such file.
pub fn source_line(code: &CodeObject, lineno: u32) -> String {
    if code.filename.starts_with('<') && code.filename.ends_with('>') {
        return String::new();
    }
    code.source
        .as_ref()
        .and_then(|src| src.lines().nth((lineno as usize).wrapping_sub(1)))
        .map(|t| String::from(t.trim()))
        .unwrap_or_default()
}

/// CPython's `StackSummary.format()`: one piece per frame (`  File ..., line N, in f\n`
/// plus the stripped source line), with runs of more than three identical entries cut to
/// three and a `[Previous line repeated N more times]` piece.
pub fn format_frame_lines(lines: &[FrameLine]) -> Vec<String> {
    let mut out = Vec::new();
    let mut last: Option<&FrameLine> = None;
    let mut count = 0usize;
    for fl in lines {
        let same = last.is_some_and(|l| {
            l.filename == fl.filename && l.lineno == fl.lineno && l.name == fl.name
        });
        if !same {
            push_repeated(&mut out, count);
            last = Some(fl);
            count = 0;
        }
        count += 1;
        if count > 3 {
            continue;
        }
        let mut piece = format!(
            "  File \"{}\", line {}, in {}\n",
            fl.filename, fl.lineno, fl.name
        );
        if !fl.line.is_empty() {
            piece.push_str("    ");
            piece.push_str(&fl.line);
            piece.push('\n');
        }
        out.push(piece);
    }
    push_repeated(&mut out, count);
    out
}

/// CPython's `[Previous line repeated N more times]` for a run of `count` identical entries.
fn push_repeated(out: &mut Vec<String>, count: usize) {
    if count > 3 {
        let n = count - 3;
        out.push(format!(
            "  [Previous line repeated {n} more time{}]\n",
            if n == 1 { "" } else { "s" }
        ));
    }
}

/// The entries `limit` keeps of `n` (outermost first), as `traceback.extract_tb` does: the
/// first `limit` when positive, the last `-limit` when negative, all for `None`.
pub fn limit_range(n: usize, limit: Option<i64>) -> core::ops::Range<usize> {
    match limit {
        None => 0..n,
        Some(l) if l >= 0 => 0..n.min(l as usize),
        Some(l) => n.saturating_sub(l.unsigned_abs() as usize)..n,
    }
}

/// How `format_exception_pieces` treats the exception it formats.
#[derive(Clone, Copy, Debug)]
pub struct FormatOptions {
    /// `limit` of each traceback (see [`limit_range`]).
    pub limit: Option<i64>,
    /// Follow `__cause__`/`__context__`.
    pub chain: bool,
    /// The traceback to show for the outermost exception instead of its own (`UNDEF`:
    /// its own), as `print_exception(type, value, tb)` passes.
    pub tb: Value,
}

impl Default for FormatOptions {
    fn default() -> FormatOptions {
        FormatOptions {
            limit: None,
            chain: true,
            tb: Value::UNDEF,
        }
    }
}

impl Vm {
    /// `exc.__traceback__`: the head of the `tb_next` chain (the frame the exception was
    /// last recorded in), made from the recorded entries on first read; `None` when the
    /// exception has not been raised.
    pub fn exc_traceback(&mut self, exc: Value) -> PyResult<Value> {
        let n = self.exc_state(exc).map_or(0, |s| s.traceback.len());
        let mut next = Value::NONE;
        for i in 0..n {
            let Some(e) = self.exc_state(exc).and_then(|s| s.traceback.get(i)) else {
                break;
            };
            if !e.node.is_undef() {
                next = e.node;
                continue;
            }
            let node = TbNode {
                frame: e.frame,
                code: e.code.clone(),
                lasti: e.lasti,
                next,
            };
            let v = self.alloc_value(Obj::Traceback(Box::new(node)))?;
            if let Some(e) = self.exc_state_mut(exc).and_then(|s| s.traceback.get_mut(i)) {
                e.node = v;
            }
            next = v;
        }
        Ok(next)
    }

    /// `exc.__traceback__ = tb` and `exc.with_traceback(tb)`: the chain from `tb` becomes
    /// the exception's (unwinding adds entries in front of it).
    pub fn set_exc_traceback(&mut self, exc: Value, tb: Value) -> PyResult<()> {
        if tb != Value::NONE && !matches!(self.obj(tb), Some(Obj::Traceback(_))) {
            return Err(self.type_error("__traceback__ must be a traceback or None"));
        }
        let mut entries = Vec::new();
        let mut cur = tb;
        while let Some(Obj::Traceback(node)) = self.obj(cur) {
            entries.push(TbEntry {
                code: node.code.clone(),
                lasti: node.lasti,
                frame: node.frame,
                node: cur,
            });
            cur = node.next;
        }
        entries.reverse();
        if let Some(st) = self.exc_state_mut(exc) {
            st.traceback = entries;
        }
        Ok(())
    }

    /// The frames of a traceback object's chain, outermost first (empty for `None`).
    pub(crate) fn tb_chain(&self, tb: Value) -> Vec<(Rc<CodeObject>, u32)> {
        let mut out = Vec::new();
        let mut cur = tb;
        while let Some(Obj::Traceback(node)) = self.obj(cur) {
            out.push((node.code.clone(), node.lasti));
            cur = node.next;
        }
        out
    }

    /// The frames an exception's traceback shows, outermost first.
    fn exc_frames(&self, exc: Value) -> Vec<(Rc<CodeObject>, u32)> {
        self.exc_state(exc)
            .map(|s| {
                s.traceback
                    .iter()
                    .rev()
                    .map(|e| (e.code.clone(), e.lasti))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The lines of `frames` (outermost first) that `limit` keeps.
    pub(crate) fn frame_lines(
        &self,
        frames: &[(Rc<CodeObject>, u32)],
        limit: Option<i64>,
    ) -> Vec<FrameLine> {
        frames[limit_range(frames.len(), limit)]
            .iter()
            .map(|(code, lasti)| FrameLine::of(self, code, *lasti))
            .collect()
    }

    /// The full CPython-style report of an uncaught exception (with chained causes).
    pub fn format_exception(&mut self, exc: Value) -> String {
        self.format_exception_pieces(exc, FormatOptions::default())
            .concat()
    }

    /// CPython's `traceback.format_exception(exc)`: the report as the list of pieces
    /// CPython returns (the header, one piece per frame, the exception line, the notes
    /// between chained exceptions).
    pub fn format_exception_pieces(&mut self, exc: Value, opts: FormatOptions) -> Vec<String> {
        let mut chain: Vec<(Value, &'static str)> = Vec::new();
        let mut cur = exc;
        let mut note = "";
        for _ in 0..64 {
            chain.push((cur, note));
            if !opts.chain {
                break;
            }
            let Some(st) = self.exc_state(cur) else { break };
            let (cause, context, suppress) = (st.cause, st.context, st.suppress_context);
            if cause != Value::NONE && self.is_exception(cause) {
                note = "\nThe above exception was the direct cause of the following exception:\n\n";
                cur = cause;
            } else if !suppress && context != Value::NONE && self.is_exception(context) {
                note = "\nDuring handling of the above exception, another exception occurred:\n\n";
                cur = context;
            } else {
                break;
            }
            if chain.iter().any(|(v, _)| *v == cur) {
                break;
            }
        }
        let mut out = Vec::new();
        for (e, note) in chain.iter().rev() {
            let frames = if *e == exc && !opts.tb.is_undef() {
                self.tb_chain(opts.tb)
            } else {
                self.exc_frames(*e)
            };
            out.extend(self.format_frames_pieces(&frames, opts.limit));
            out.extend(self.format_exception_only_pieces(*e));
            if !note.is_empty() {
                out.push(String::from(*note));
            }
        }
        out
    }

    /// The `Traceback (most recent call last):` header and the frames' pieces (nothing
    /// without frames).
    fn format_frames_pieces(
        &self,
        frames: &[(Rc<CodeObject>, u32)],
        limit: Option<i64>,
    ) -> Vec<String> {
        let lines = self.frame_lines(frames, limit);
        if lines.is_empty() {
            return Vec::new();
        }
        let mut out = alloc::vec![String::from("Traceback (most recent call last):\n")];
        out.extend(format_frame_lines(&lines));
        out
    }

    /// One exception's report without its chain (what an unraisable-exception report
    /// shows).
    pub(crate) fn format_single_exception(&mut self, exc: Value) -> String {
        let opts = FormatOptions {
            chain: false,
            ..FormatOptions::default()
        };
        self.format_exception_pieces(exc, opts).concat()
    }

    /// The `Traceback (most recent call last):` part of an exception's report (empty
    /// without frames).
    pub(crate) fn format_traceback(&mut self, exc: Value) -> String {
        let frames = self.exc_frames(exc);
        self.format_frames_pieces(&frames, None).concat()
    }

    /// [`Vm::format_exception_only`] as the list `traceback.format_exception_only` gives:
    /// one piece, or for a `SyntaxError` one per line (file, text, carets, message), then
    /// one per line of the notes.
    pub fn format_exception_only_pieces(&mut self, exc: Value) -> Vec<String> {
        let text = self.exception_line(exc);
        let mut pieces = if self.exc_matches_lazy(exc, LazyExc::SyntaxError) {
            text.split_inclusive('\n').map(String::from).collect()
        } else {
            alloc::vec![text]
        };
        pieces.extend(self.note_lines(exc));
        pieces
    }

    /// The last line of a traceback: `Type: message` (or just `Type`), and the notes
    /// `add_note` gave the exception.
    pub fn format_exception_only(&mut self, exc: Value) -> String {
        self.format_exception_only_pieces(exc).concat()
    }

    /// `Type: message` (or just `Type`), with a `SyntaxError`'s location lines before it.
    fn exception_line(&mut self, exc: Value) -> String {
        let t = self.type_of(exc);
        let mut name = self.class_name(t);
        if let Some(c) = self.class(t) {
            if !c.is_builtin {
                let module = self
                    .intern("__module__")
                    .ok()
                    .and_then(|k| self.class_own_get(t, k));
                if let Some(m) = module.and_then(|m| self.str_of(m)) {
                    if m != "__main__" && m != "builtins" {
                        name = format!("{m}.{name}");
                    }
                }
            }
        }
        let (location, msg) = match self.syntax_error_report(exc) {
            Ok(Some(report)) => report,
            _ => {
                let msg = match self.to_str(exc) {
                    Ok(m) => m,
                    Err(_) => String::from("<exception str() failed>"),
                };
                (String::new(), msg)
            }
        };
        if msg.is_empty() {
            format!("{location}{name}\n")
        } else {
            format!("{location}{name}: {msg}\n")
        }
    }

    /// The lines of the exception's `__notes__` (a `__notes__` that is not a list or tuple
    /// prints as its repr, as in CPython).
    fn note_lines(&mut self, exc: Value) -> Vec<String> {
        let mut lines = Vec::new();
        let Ok(key) = self.intern("__notes__") else {
            return lines;
        };
        let notes = match exc.as_obj() {
            Some(r) if matches!(self.heap.get(r), Obj::Instance(_)) => self.instance_get(r, key),
            _ => None,
        };
        let Some(notes) = notes else {
            return lines;
        };
        let items = match self.obj(notes) {
            Some(Obj::List(l)) => Some(l.to_vec()),
            Some(Obj::Tuple(t)) => Some(t.to_vec()),
            _ => None,
        };
        let Some(items) = items else {
            let text = self.repr(notes);
            let text = text.unwrap_or_else(|_| String::from("<__notes__ repr() failed>"));
            lines.push(format!("{text}\n"));
            return lines;
        };
        for note in items {
            let text = self.to_str(note);
            let text = text.unwrap_or_else(|_| String::from("<note str() failed>"));
            lines.extend(text.split('\n').map(|l| format!("{l}\n")));
        }
        lines
    }
}

/// CPython's `print_error_text` (pythonrun.c), on characters: the source line of a
/// `SyntaxError` (without its indentation) and the carets under `offset..end_offset`
/// (1-based).
pub fn print_error_text(out: &mut String, offset: i64, end_offset: i64, text: &str) {
    let carets = if end_offset > 0 && end_offset > offset {
        end_offset - offset
    } else {
        1
    };
    let mut offset = offset - 1;
    let mut t = text;
    while let Some(c) = t.chars().next() {
        if c == ' ' || c == '\t' || c == '\x0c' {
            t = &t[c.len_utf8()..];
            offset -= 1;
        } else {
            break;
        }
    }
    let body = t.strip_suffix('\n').unwrap_or(t);
    let len = body.chars().count() as i64;
    if offset > len {
        offset = len;
    }
    out.push_str("    ");
    out.push_str(body);
    out.push('\n');
    if offset < 0 {
        return;
    }
    out.push_str("    ");
    for _ in 0..offset {
        out.push(' ');
    }
    for _ in 0..carets {
        out.push('^');
    }
    out.push('\n');
}
