//! The line protocol between the supervisor and its workers (stdin/stdout pipes).
//!
//! Supervisor to worker:
//! - `GEN <mode> <seed> <start> <count>`: run programs `start..start+count` of the stream
//!   `(mode, seed)` (each is rebuilt from its index, so no source crosses the pipe);
//! - `RUN <spec> <len>` then `len` bytes of source: run that one program (minimization);
//! - `QUIT`.
//!
//! Worker to supervisor:
//! - `S <index>` before each program of a batch (flushed, so the supervisor knows which
//!   program a crashed worker was running);
//! - `F <index> <kind> <spec> <len>` then `len` bytes: a failure (first line the
//!   deduplication key, then the details);
//! - `E <class> <interrupted> <out_of_fuel>` after each program: how tier 1's run ended
//!   (`ok`, `raised` or `compile`) and whether a run was interrupted or ran out of fuel
//!   (0 or 1);
//! - `D` when a batch is done;
//! - `R <kind> <len>` then `len` bytes: the answer to `RUN` (`kind` is `ok` or a failure
//!   kind; the payload as for `F`).

use std::io::{BufRead, Write};

/// Writes a header line and an optional payload, then flushes.
pub fn send(w: &mut impl Write, header: &str, payload: Option<&str>) -> std::io::Result<()> {
    match payload {
        Some(p) => {
            writeln!(w, "{header} {}", p.len())?;
            w.write_all(p.as_bytes())?;
        }
        None => writeln!(w, "{header}")?,
    }
    w.flush()
}

/// Reads the next header line (without its newline); `None` at end of input.
pub fn read_header(r: &mut impl BufRead) -> std::io::Result<Option<String>> {
    let mut line = String::new();
    if r.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    while line.ends_with('\n') || line.ends_with('\r') {
        line.pop();
    }
    Ok(Some(line))
}

/// Reads a payload whose length ends the header.
pub fn read_payload(r: &mut impl BufRead, header: &str) -> std::io::Result<String> {
    let len: usize = header
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad header {header:?}")))?;
    let mut buf = vec![0u8; len];
    r.read_exact(&mut buf)?;
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

/// A failure as the worker reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// `panic`, `crash`, `hang`, `rss` or `tierdiff`.
    pub kind: String,
    /// What deduplicates it: the panic location and message, the kind of difference...
    pub key: String,
    /// The rest: full messages, both tiers' outputs.
    pub detail: String,
}

impl Failure {
    /// The payload form: the key line, then the details.
    pub fn payload(&self) -> String {
        format!("{}\n{}", self.key.replace('\n', " "), self.detail)
    }

    /// Parses [`Failure::payload`].
    pub fn from_payload(kind: &str, payload: &str) -> Failure {
        let (key, detail) = payload.split_once('\n').unwrap_or((payload, ""));
        Failure {
            kind: kind.to_string(),
            key: key.to_string(),
            detail: detail.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip() {
        let mut buf = Vec::new();
        let f = Failure {
            kind: "panic".into(),
            key: "at x.rs:1: boom".into(),
            detail: "line\nmore\n".into(),
        };
        send(&mut buf, "F 3 panic hot=2", Some(&f.payload())).unwrap();
        send(&mut buf, "S 4", None).unwrap();
        let mut r = std::io::BufReader::new(&buf[..]);
        let h = read_header(&mut r).unwrap().unwrap();
        assert!(h.starts_with("F 3 panic hot=2 "));
        let p = read_payload(&mut r, &h).unwrap();
        assert_eq!(Failure::from_payload("panic", &p), f);
        assert_eq!(read_header(&mut r).unwrap().as_deref(), Some("S 4"));
        assert_eq!(read_header(&mut r).unwrap(), None);
    }
}
