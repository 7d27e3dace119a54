//! Rendering compile errors the way CPython 3.11 prints an uncaught `SyntaxError`.

use super::error::CompileError;
use crate::interp::traceback::print_error_text;
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;

/// Line `n` (1-based) of `source`, with its newline if it has one. Lines end at `\n`,
/// `\r\n` or `\r`; the terminator is reported as a single `\n`.
pub(crate) fn source_line(source: &str, n: u32) -> Option<Cow<'_, str>> {
    let mut line = 1u32;
    let mut start = 0usize;
    let bytes = source.as_bytes();
    let mut i = 0usize;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\n' || b == b'\r' {
            if line == n {
                // Borrowed where the source has the newline itself: a line can be megabytes.
                if b == b'\n' {
                    return Some(Cow::Borrowed(&source[start..=i]));
                }
                let mut s = String::with_capacity(i - start + 1);
                s.push_str(&source[start..i]);
                s.push('\n');
                return Some(Cow::Owned(s));
            }
            if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
            line += 1;
            start = i + 1;
        }
        i += 1;
    }
    if line == n && start < source.len() {
        return Some(Cow::Borrowed(&source[start..]));
    }
    None
}

impl CompileError {
    /// What CPython prints to stderr for this error when it is not caught, e.g.
    ///
    /// ```text
    ///   File "f.py", line 1
    ///     x = (1,
    ///         ^
    /// SyntaxError: '(' was never closed
    /// ```
    ///
    /// The source line is shown without its indentation (the carets move with it). An
    /// error without a line (line 0) prints only the last line; an error on a line the
    /// source does not have prints no source text.
    pub fn render(&self, filename: &str, source: &str) -> String {
        let class = self.kind.class_name();
        if self.line == 0 {
            return format!("{class}: {}\n", self.msg);
        }
        let mut out = format!("  File \"{filename}\", line {}\n", self.line);
        if let Some(line) = source_line(source, self.line) {
            let (text, col, end_col) = if is_file(filename) {
                // CPython reads the line back as a C string: a NUL byte ends it.
                let line = line.split('\0').next().unwrap_or("");
                file_piece(line, self.col, self.end_col)
            } else {
                (line.into_owned(), self.col, self.end_col)
            };
            let line_size = text.chars().count() as i64;
            let offset = i64::from(col);
            // CPython's end_offset of -1/0 means "no range": stored here as 0.
            let mut end_offset = if end_col == 0 { -1 } else { i64::from(end_col) };
            if self.end_line > self.line {
                end_offset = line_size;
            }
            if end_offset > line_size + 1 {
                end_offset = line_size + 1;
            }
            // CPython draws a single caret for IndentationError and TabError.
            if self.kind != super::error::CompileErrorKind::Syntax {
                end_offset = -1;
            }
            print_error_text(&mut out, offset, end_offset, &text);
        }
        out.push_str(&format!("{class}: {}\n", self.msg));
        out
    }
}

/// Whether errors in `filename` show a line CPython reads back from the file (a path), not
/// one it still has from the tokenizer (`<string>`, `<stdin>`).
fn is_file(filename: &str) -> bool {
    !(filename.starts_with('<') && filename.ends_with('>'))
}

/// The bytes CPython's `err_programtext` reads per `fgets` call; it keeps the last piece.
const FGETS_PIECE: usize = 999;

/// What CPython shows of a file's line (`line`, with its newline) for an error at
/// character columns `col..end_col`: only the last 999-byte piece of a longer line, and
/// the columns turned into byte offsets and back into characters of that piece (which
/// clips them to its end), as `_PyPegen_raise_error_known_location` does.
fn file_piece(line: &str, col: u32, end_col: u32) -> (String, u32, u32) {
    if line.len() <= FGETS_PIECE {
        return (String::from(line), col, end_col);
    }
    let bytes = line.as_bytes();
    let piece = &bytes[(bytes.len() - 1) / FGETS_PIECE * FGETS_PIECE..];
    // A 1-based character column as a 1-based byte offset into the whole line.
    let byte_col = |c: u32| -> usize {
        if c == 0 {
            return 0;
        }
        line.char_indices()
            .nth(c as usize - 1)
            .map_or(line.len() + 1, |(i, _)| i + 1)
    };
    // `_PyPegen_byte_offset_to_character_offset`: the characters in that many bytes of the
    // piece, its terminating NUL counting as one past the end.
    let to_chars = |b: usize| -> u32 {
        let n = b.min(piece.len() + 1);
        let chars = String::from_utf8_lossy(&piece[..n.min(piece.len())])
            .chars()
            .count();
        u32::try_from(chars + usize::from(n > piece.len())).unwrap_or(u32::MAX)
    };
    let text = String::from(String::from_utf8_lossy(piece));
    (text, to_chars(byte_col(col)), to_chars(byte_col(end_col)))
}

#[cfg(test)]
mod cases;
#[cfg(test)]
mod tests;
