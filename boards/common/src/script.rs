//! The script image a harness places in guest memory for a board to run.
//!
//! Layout (all integers little-endian), at an address each board documents:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `b"TIERCEL1"` |
//! | 8 | 4 | flags: the `FLAG_*` constants |
//! | 12 | 4 | name length `n` |
//! | 16 | 4 | source length `m` |
//! | 20 | `n` | the file name, UTF-8 (shown in tracebacks, `sys.argv[0]`) |
//! | 20+n | `m` | the source |
//!
//! Guest RAM starts zeroed, so without a loaded image the magic is absent and the board
//! opens the REPL instead.

use alloc::vec::Vec;

/// The first eight bytes of a script image.
pub const MAGIC: [u8; 8] = *b"TIERCEL1";
/// Header size in bytes.
pub const HEADER_LEN: usize = 20;
/// Flag: wrap stderr output in frame markers (see [`crate::console`]).
pub const FLAG_FRAMED: u32 = 1;
/// Flag: instead of a script, run the code-memory self-test (write a few hand-encoded
/// instructions, seal, call them, print `selftest: code memory ok`, exit 0; see [`crate::selftest`]).
pub const FLAG_SELFTEST: u32 = 1 << 1;
/// Flag: fault test: execute code in the region while it is writable. The board must take
/// a CPU fault (printed, exit [`crate::EXIT_FAULT`]).
pub const FLAG_FAULT_EXEC_WRITABLE: u32 = 1 << 2;
/// Flag: fault test: write to the region while it is executable. Same expectation.
pub const FLAG_FAULT_WRITE_EXEC: u32 = 1 << 3;
/// Flag: run the script with `Config::stress_specialize` (every adaptive instruction
/// specializes at once and deoptimizes pseudo-randomly; the output must not change).
pub const FLAG_STRESS_SPECIALIZE: u32 = 1 << 4;
/// Flag: run the script in tier 1 only (`Config::tier = 1`, `tiercel --tier 1`).
pub const FLAG_TIER1: u32 = 1 << 5;
/// Flag: every hot-spot threshold at 1 (`Config::hot = Some(1)`, `tiercel --hot 1`): nearly
/// everything runs in traces.
pub const FLAG_HOT1: u32 = 1 << 6;
/// Flag: tier 3 (`tiercel --tier 3`): machine code where the board has a backend
/// ([`crate::BoardInfo::jit`]), tier 2 elsewhere. This is also what an image without
/// [`FLAG_TIER1`] or [`FLAG_TIER2`] runs; the flag says so explicitly.
pub const FLAG_TIER3: u32 = 1 << 7;
/// Flag: after the script, print what the JIT did on stdout (`jit: N compiled, ...`, or
/// `jit: none` without one), as `tiercel --stats` does on the host.
pub const FLAG_JIT_STATS: u32 = 1 << 8;
/// Flag: tier 3 in the backend's stress mode (`tiercel --jit-stress`): one inline guard in
/// four hands back before it and one fast path in four takes its slow path.
pub const FLAG_JIT_STRESS: u32 = 1 << 9;
/// Flag: tier 2 (`tiercel --tier 2`): traces run by the uop executor, no machine code, also
/// on a board with a backend.
pub const FLAG_TIER2: u32 = 1 << 10;

/// A script found in guest memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Script<'a> {
    /// The file name for tracebacks.
    pub name: &'a str,
    /// The source bytes (validated as UTF-8 when run).
    pub source: &'a [u8],
    /// Whether stderr is framed for the harness.
    pub framed: bool,
    /// All header flags (`FLAG_*`).
    pub flags: u32,
}

fn u32_at(b: &[u8], at: usize) -> Option<usize> {
    let bytes: [u8; 4] = b.get(at..at + 4)?.try_into().ok()?;
    usize::try_from(u32::from_le_bytes(bytes)).ok()
}

/// Reads the header and returns the total image length, or `None` when no valid header is
/// there. Boards call this on the first [`HEADER_LEN`] bytes before building the full slice.
pub fn image_len(header: &[u8]) -> Option<usize> {
    if header.get(..8)? != MAGIC {
        return None;
    }
    let n = u32_at(header, 12)?;
    let m = u32_at(header, 16)?;
    HEADER_LEN.checked_add(n)?.checked_add(m)
}

/// The image at the start of `area`, the guest RAM where the harness places it (the board's
/// script address, as many bytes as the board accepts): `None` without the magic; all of
/// `area` when the header claims more than that, which [`parse`] then rejects as malformed.
pub fn find(area: &[u8]) -> Option<&[u8]> {
    let len = image_len(area.get(..HEADER_LEN)?)?;
    Some(area.get(..len).unwrap_or(area))
}

/// Parses a whole image (`image_len` bytes). `None` when it is malformed.
pub fn parse(image: &[u8]) -> Option<Script<'_>> {
    let total = image_len(image)?;
    if image.len() < total {
        return None;
    }
    let flags = u32_at(image, 8)?;
    let n = u32_at(image, 12)?;
    let name = core::str::from_utf8(image.get(HEADER_LEN..HEADER_LEN + n)?).ok()?;
    let source = image.get(HEADER_LEN + n..total)?;
    Some(Script {
        name,
        source,
        framed: flags & FLAG_FRAMED as usize != 0,
        flags: u32::try_from(flags).ok()?,
    })
}

/// Builds an image (the harness side). Fails when a length does not fit in 32 bits.
pub fn encode(name: &str, source: &[u8], flags: u32) -> Option<Vec<u8>> {
    let n = u32::try_from(name.len()).ok()?;
    let m = u32::try_from(source.len()).ok()?;
    let mut v = Vec::with_capacity(HEADER_LEN + name.len() + source.len());
    v.extend_from_slice(&MAGIC);
    v.extend_from_slice(&flags.to_le_bytes());
    v.extend_from_slice(&n.to_le_bytes());
    v.extend_from_slice(&m.to_le_bytes());
    v.extend_from_slice(name.as_bytes());
    v.extend_from_slice(source);
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let img = encode("t.py", b"print(1)\n", FLAG_FRAMED | FLAG_SELFTEST).unwrap();
        assert_eq!(image_len(&img[..HEADER_LEN]), Some(img.len()));
        let s = parse(&img).unwrap();
        assert_eq!(s.name, "t.py");
        assert_eq!(s.source, b"print(1)\n");
        assert!(s.framed);
        assert_eq!(s.flags, FLAG_FRAMED | FLAG_SELFTEST);
    }

    #[test]
    fn find_in_area() {
        let mut area = std::vec![0u8; 4096];
        assert_eq!(find(&area), None);
        let img = encode("t.py", b"x = 1", 0).unwrap();
        area[..img.len()].copy_from_slice(&img);
        assert_eq!(find(&area), Some(&img[..]));
        let big = encode("t.py", &[b' '; 5000], 0).unwrap();
        assert_eq!(find(&big[..4096]).map(|i| i.len()), Some(4096));
        assert_eq!(find(&big[..4096]).and_then(parse), None);
    }

    #[test]
    fn rejects_zeroed_memory_and_truncation() {
        assert_eq!(image_len(&[0; HEADER_LEN]), None);
        let img = encode("t.py", b"x = 1", 0).unwrap();
        assert_eq!(parse(&img[..img.len() - 1]), None);
        let mut bad = img.clone();
        bad[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(parse(&bad), None);
        bad[20] = 0xFF; // name not UTF-8 once the length is right again
        bad[12..16].copy_from_slice(&4u32.to_le_bytes());
        assert_eq!(parse(&bad), None);
    }
}
