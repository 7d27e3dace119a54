//! The exception table and the line table of a code object.

use alloc::format;

use super::instrs::Scan;
use super::Check;
use crate::bytecode::image::ImageError;

/// Both tables.
pub(crate) fn check(c: &Check<'_, '_>, scan: &Scan) -> Result<(), ImageError> {
    handlers(c, scan)?;
    lines(c, scan)
}

/// Ranges on instruction boundaries, in order and apart (so the first match the unwinder
/// takes is the only one), handlers at instructions, their depths within `stacksize`.
fn handlers(c: &Check<'_, '_>, scan: &Scan) -> Result<(), ImageError> {
    let mut prev_end = 0;
    for (i, e) in c.code.exc_table.iter().enumerate() {
        let at = Some(e.start);
        let entry = |what: &str| c.error(at, format!("exception-table entry {i}: {what}"));
        if e.start >= e.end {
            return Err(entry(&format!("empty range {}..{}", e.start, e.end)));
        }
        if !scan.is_start(e.start) || !(scan.is_start(e.end) || e.end as usize == scan.len()) {
            return Err(entry(&format!(
                "range {}..{} does not start and end at instructions",
                e.start, e.end
            )));
        }
        if e.start < prev_end {
            return Err(entry("ranges out of order or overlapping"));
        }
        prev_end = e.end;
        if !scan.is_start(e.target) {
            return Err(entry(&format!(
                "handler at {}, where no instruction starts",
                e.target
            )));
        }
        let depth = u64::from(e.depth) + u64::from(e.push_lasti) + 1;
        if depth > u64::from(c.code.stacksize) {
            return Err(entry(&format!(
                "the handler starts at depth {depth}, over the stacksize {}",
                c.code.stacksize
            )));
        }
    }
    Ok(())
}

/// Entries at instructions, in increasing order, each from a line to a later (or the same)
/// line.
fn lines(c: &Check<'_, '_>, scan: &Scan) -> Result<(), ImageError> {
    let mut prev: Option<u32> = None;
    for (i, l) in c.code.lines.iter().enumerate() {
        let entry = |what: &str| c.error(Some(l.start), format!("line-table entry {i}: {what}"));
        if !scan.is_start(l.start) {
            return Err(entry("no instruction starts there"));
        }
        if prev.is_some_and(|p| p >= l.start) {
            return Err(entry("out of order"));
        }
        prev = Some(l.start);
        if l.end_line < l.line {
            return Err(entry(&format!(
                "ends at line {} before its start at line {}",
                l.end_line, l.line
            )));
        }
    }
    Ok(())
}
