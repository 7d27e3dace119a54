//! The script image a harness places in guest memory for a board to run.
//!
//! Layout (all integers little-endian), at an address each board documents:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `b"TIERCEL2"` |
//! | 8 | 4 | flags: the `FLAG_*` constants |
//! | 12 | 4 | name length `n` |
//! | 16 | 4 | source length `m` |
//! | 20 | 4 | module section length `k` |
//! | 24 | `n` | the file name, UTF-8 (shown in tracebacks, `sys.argv[0]`) |
//! | 24+n | `m` | the main program: Python source, or a bytecode image (`tiercel compile`, told apart by its magic) |
//! | 24+n+m | `k` | the modules the script can import ([`Modules`]) |
//!
//! The module section is a sequence of entries, each four little-endian `u32`s (the
//! `MODULE_*` flags, the lengths of the dotted name, of the origin and of the data) followed
//! by the name, the origin (the file the module came from: its `__file__`, the file name in
//! tracebacks) and the data (Python source, or a bytecode image with [`MODULE_IMAGE`]).
//!
//! Guest RAM starts zeroed, so without a loaded image the magic is absent and the board
//! opens the REPL instead.

use alloc::vec::Vec;

/// The first eight bytes of a script image.
pub const MAGIC: [u8; 8] = *b"TIERCEL2";
/// Header size in bytes.
pub const HEADER_LEN: usize = 24;
/// Module flag: the module is a package (its origin is its `__init__` file, and the
/// folder that holds that file is its `__path__`).
pub const MODULE_PACKAGE: u32 = 1;
/// Module flag: the data is a bytecode image, not source.
pub const MODULE_IMAGE: u32 = 1 << 1;
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
/// Where the VM events a board built with `defmt` reports sit in the flags: the bits of a
/// `vm_core::EventMask`, shifted left this far ([`events`]; `cargo xtask qemu --events`).
pub const EVENTS_SHIFT: u32 = 16;

/// The VM events the flags ask for (see [`EVENTS_SHIFT`]).
pub fn events(flags: u32) -> vm_core::EventMask {
    vm_core::EventMask::from_bits(flags >> EVENTS_SHIFT)
}

/// The flag bits asking for `events` (see [`EVENTS_SHIFT`]).
pub fn events_flags(events: vm_core::EventMask) -> u32 {
    events.bits() << EVENTS_SHIFT
}

/// A script found in guest memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Script<'a> {
    /// The file name for tracebacks.
    pub name: &'a str,
    /// The main program: source bytes (validated as UTF-8 when run) or a bytecode image
    /// (`vm_core::image::is_image`).
    pub source: &'a [u8],
    /// Whether stderr is framed for the harness.
    pub framed: bool,
    /// All header flags (`FLAG_*`).
    pub flags: u32,
    /// The modules the script can import.
    pub modules: Modules<'a>,
}

/// The module section of an image: modules frozen with the script.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Modules<'a>(&'a [u8]);

/// One module of a [`Modules`] section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Module<'a> {
    /// The full dotted name (`pkg.sub`).
    pub name: &'a str,
    /// The file it came from (`pkg/sub.py`).
    pub origin: &'a str,
    /// Its source or bytecode image.
    pub data: &'a [u8],
    /// The `MODULE_*` flags.
    pub flags: u32,
}

impl<'a> Modules<'a> {
    /// The module section `section` (entries made with [`encode_module`]).
    pub fn new(section: &'a [u8]) -> Self {
        Modules(section)
    }

    /// The module called `name`, if the section has it. A malformed entry ends the search
    /// (as if the rest of the section were absent).
    pub fn get(&self, name: &str) -> Option<Module<'a>> {
        self.iter().find(|m| m.name == name)
    }

    /// The entries in order, up to the first malformed one.
    pub fn iter(&self) -> impl Iterator<Item = Module<'a>> + 'a {
        let mut rest = self.0;
        core::iter::from_fn(move || {
            let (m, next) = module_at(rest)?;
            rest = next;
            Some(m)
        })
    }
}

fn module_at(b: &[u8]) -> Option<(Module<'_>, &[u8])> {
    let flags = u32::try_from(u32_at(b, 0)?).ok()?;
    let (n, o, d) = (u32_at(b, 4)?, u32_at(b, 8)?, u32_at(b, 12)?);
    let body = b.get(16..)?;
    let name = core::str::from_utf8(body.get(..n)?).ok()?;
    let origin = core::str::from_utf8(body.get(n..n.checked_add(o)?)?).ok()?;
    let end = n.checked_add(o)?.checked_add(d)?;
    let data = body.get(n + o..end)?;
    let m = Module {
        name,
        origin,
        data,
        flags,
    };
    Some((m, body.get(end..)?))
}

/// Appends one module entry to a module section (the harness side). Fails when a length does
/// not fit in 32 bits.
pub fn encode_module(section: &mut Vec<u8>, m: &Module<'_>) -> Option<()> {
    let n = u32::try_from(m.name.len()).ok()?;
    let o = u32::try_from(m.origin.len()).ok()?;
    let d = u32::try_from(m.data.len()).ok()?;
    for w in [m.flags, n, o, d] {
        section.extend_from_slice(&w.to_le_bytes());
    }
    section.extend_from_slice(m.name.as_bytes());
    section.extend_from_slice(m.origin.as_bytes());
    section.extend_from_slice(m.data);
    Some(())
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
    let k = u32_at(header, 20)?;
    HEADER_LEN.checked_add(n)?.checked_add(m)?.checked_add(k)
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
    let m = u32_at(image, 16)?;
    let name = core::str::from_utf8(image.get(HEADER_LEN..HEADER_LEN + n)?).ok()?;
    let source = image.get(HEADER_LEN + n..HEADER_LEN + n + m)?;
    let modules = Modules(image.get(HEADER_LEN + n + m..total)?);
    Some(Script {
        name,
        source,
        framed: flags & FLAG_FRAMED as usize != 0,
        flags: u32::try_from(flags).ok()?,
        modules,
    })
}

/// Builds an image without modules (the harness side). Fails when a length does not fit in
/// 32 bits.
pub fn encode(name: &str, source: &[u8], flags: u32) -> Option<Vec<u8>> {
    encode_with_modules(name, source, flags, &[])
}

/// Builds an image whose module section is `modules` (made with [`encode_module`]).
pub fn encode_with_modules(
    name: &str,
    source: &[u8],
    flags: u32,
    modules: &[u8],
) -> Option<Vec<u8>> {
    let n = u32::try_from(name.len()).ok()?;
    let m = u32::try_from(source.len()).ok()?;
    let k = u32::try_from(modules.len()).ok()?;
    let mut v = Vec::with_capacity(HEADER_LEN + name.len() + source.len() + modules.len());
    v.extend_from_slice(&MAGIC);
    for w in [flags, n, m, k] {
        v.extend_from_slice(&w.to_le_bytes());
    }
    v.extend_from_slice(name.as_bytes());
    v.extend_from_slice(source);
    v.extend_from_slice(modules);
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
        bad[HEADER_LEN] = 0xFF; // name not UTF-8 once the length is right again
        bad[12..16].copy_from_slice(&4u32.to_le_bytes());
        assert_eq!(parse(&bad), None);
    }

    #[test]
    fn modules_round_trip_and_stop_at_a_malformed_entry() {
        let mut sec = Vec::new();
        let pkg = Module {
            name: "pkg",
            origin: "pkg/__init__.py",
            data: b"X = 1\n",
            flags: MODULE_PACKAGE,
        };
        let sub = Module {
            name: "pkg.sub",
            origin: "pkg/sub.py",
            data: b"from . import X\n",
            flags: 0,
        };
        encode_module(&mut sec, &pkg).unwrap();
        encode_module(&mut sec, &sub).unwrap();
        let img = encode_with_modules("t.py", b"import pkg.sub", 0, &sec).unwrap();
        let s = parse(&img).unwrap();
        assert_eq!(s.source, b"import pkg.sub");
        assert_eq!(s.modules.get("pkg.sub"), Some(sub));
        assert_eq!(s.modules.iter().collect::<Vec<_>>(), [pkg, sub]);
        assert_eq!(s.modules.get("pkg.other"), None);
        // A length past the end: that entry and the rest are absent, nothing panics.
        let mut bad = sec.clone();
        bad[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(Modules(&bad).iter().count(), 0);
        assert_eq!(Modules(&sec[..sec.len() - 1]).iter().count(), 1);
    }
}
