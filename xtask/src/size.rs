//! `cargo xtask size [--write]`: the boards' section sizes for each build configuration, as
//! a Markdown table (`--write` also puts it into `docs/BOARDS.md` between the
//! `size-table` markers).
//!
//! Each configuration is built with the size-optimized `board` profile into
//! `target/size/<name>`; the sizes are the ELF's allocated sections, grouped as `.text`
//! (with x86's `.boot`), `.rodata` (with `.got`, notes and other read-only data), `.data`
//! and `.bss`. The heap, stack and code arenas are not counted: the first two are set by
//! `TIERCEL_BOARD_HEAP`/`TIERCEL_BOARD_STACK` (see `boards/heap/src/config.rs`).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use qemu_tests::{workspace_root, Arch};

/// A build configuration: its name in the table, what it leaves out, and the cargo
/// arguments that select it.
struct Configuration {
    name: &'static str,
    what: &'static str,
    args: &'static [&'static str],
}

const CONFIGURATIONS: &[Configuration] = &[
    Configuration {
        name: "full",
        what: "compiler with the Unicode name table, the frozen standard library, tier 2 and \
               the JIT (x86-64), the builtin modules",
        args: &[],
    },
    Configuration {
        name: "no-re",
        what: "full without `re` (the boards' `re` feature off: its engine and `re.py`)",
        args: &[
            "--no-default-features",
            "--features",
            "compiler,unicode-names,stdlib,tier2,bytes-methods,bigint,str-methods,set-ops,modules",
        ],
    },
    Configuration {
        name: "no-stdlib",
        what: "full without the frozen standard library (the boards' `stdlib` feature off)",
        args: &[
            "--no-default-features",
            "--features",
            "unicode-names,tier2,bytes-methods,bigint,str-methods,set-ops,modules",
        ],
    },
    Configuration {
        name: "no-stdlib-no-names",
        what: "also without the `\\N{name}` table (`--no-default-features --features \
               compiler,tier2,bytes-methods,bigint,str-methods,set-ops,modules`)",
        args: &[
            "--no-default-features",
            "--features",
            "compiler,tier2,bytes-methods,bigint,str-methods,set-ops,modules",
        ],
    },
    Configuration {
        name: "interpreter",
        what: "also without tier 2 and the JIT (`--no-default-features --features \
               compiler,specialize,bytes-methods,bigint,str-methods,set-ops,modules`): the compiler \
               and the interpreter",
        args: &[
            "--no-default-features",
            "--features",
            "compiler,specialize,bytes-methods,bigint,str-methods,set-ops,modules",
        ],
    },
    Configuration {
        name: "image-runner",
        what: "no compiler, no tier 2: runs bytecode images only, with the frozen standard \
               library (but not `re`) and the builtin modules (`--no-default-features \
               --features stdlib,specialize,bytes-methods,bigint,str-methods,set-ops,modules`)",
        args: &[
            "--no-default-features",
            "--features",
            "stdlib,specialize,bytes-methods,bigint,str-methods,set-ops,modules",
        ],
    },
    Configuration {
        name: "image-runner-bare",
        what: "the image runner without the standard library (`--no-default-features \
               --features specialize,bytes-methods,bigint,str-methods,set-ops,modules`)",
        args: &[
            "--no-default-features",
            "--features",
            "specialize,bytes-methods,bigint,str-methods,set-ops,modules",
        ],
    },
    Configuration {
        name: "image-runner-no-modules",
        what: "also without the builtin modules `math`, `cmath`, `random`, `traceback`, \
               `weakref`/`gc`, `_os` and `asyncio` (`--no-default-features --features \
               specialize,bytes-methods,complex,bigint,str-methods,set-ops`)",
        args: &[
            "--no-default-features",
            "--features",
            "specialize,bytes-methods,complex,bigint,str-methods,set-ops",
        ],
    },
    Configuration {
        name: "image-runner-min",
        what: "also without the specialized instructions (`specialize`), the methods of \
               `bytes`, `bytearray` and `memoryview` (`bytes-methods`), complex numbers \
               (`complex`), ints beyond 64 bits (`bigint`), the less common `str` methods \
               (`str-methods`) and the set operators (`set-ops`): `--no-default-features`",
        args: &["--no-default-features"],
    },
];

const BEGIN: &str = "<!-- size-table:begin (cargo xtask size --write) -->";
const END: &str = "<!-- size-table:end -->";

/// Section sizes in bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Sizes {
    text: u64,
    rodata: u64,
    data: u64,
    bss: u64,
}

fn u16_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from(u16::from_le_bytes(
        b.get(at..at + 2)?.try_into().ok()?,
    )))
}

fn u32_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from(u32::from_le_bytes(
        b.get(at..at + 4)?.try_into().ok()?,
    )))
}

fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

/// The allocated sections of a little-endian ELF64 file, grouped (System V gABI, "Section
/// Header": `sh_name` at 0, `sh_type` at 4, `sh_flags` at 8, `sh_size` at 32; `SHF_ALLOC`
/// is 2).
fn elf_sizes(elf: &[u8]) -> Option<Sizes> {
    if elf.get(..6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    let shoff = usize::try_from(u64_at(elf, 0x28)?).ok()?;
    let shentsize = usize::try_from(u16_at(elf, 0x3A)?).ok()?;
    let shnum = usize::try_from(u16_at(elf, 0x3C)?).ok()?;
    let shstrndx = usize::try_from(u16_at(elf, 0x3E)?).ok()?;
    let header = |i: usize| shoff + i * shentsize;
    let strtab = usize::try_from(u64_at(elf, header(shstrndx) + 24)?).ok()?;
    let mut s = Sizes::default();
    for i in 0..shnum {
        let h = header(i);
        let flags = u64_at(elf, h + 8)?;
        if flags & 2 == 0 {
            continue;
        }
        let name_at = strtab + usize::try_from(u32_at(elf, h)?).ok()?;
        let name_end = elf[name_at..].iter().position(|&c| c == 0)? + name_at;
        let name = std::str::from_utf8(&elf[name_at..name_end]).ok()?;
        let size = u64_at(elf, h + 32)?;
        // `SHT_NOBITS` (8) besides `.bss`: the heap, stack and code arenas.
        let nobits = u32_at(elf, h + 4)? == 8;
        match name {
            n if nobits && !n.starts_with(".bss") => {}
            n if n.starts_with(".text") || n.starts_with(".boot") => s.text += size,
            n if n.starts_with(".bss") => s.bss += size,
            n if n.starts_with(".data") => s.data += size,
            _ => s.rodata += size,
        }
    }
    Some(s)
}

fn build(arch: Arch, c: &Configuration) -> Result<PathBuf, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let root = workspace_root();
    let dir = root.join("target/size").join(c.name);
    let out = Command::new(cargo)
        .current_dir(&root)
        .args(["build", "--profile", "board", "-p"])
        .arg(arch.package())
        .args(["--target", arch.triple(), "--target-dir"])
        .arg(&dir)
        .args(c.args)
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(dir.join(arch.triple()).join("board").join(arch.binary()))
}

fn sizes_of(path: &Path) -> Result<Sizes, String> {
    let elf = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    elf_sizes(&elf).ok_or_else(|| format!("{}: not a little-endian ELF64 file", path.display()))
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn table() -> Result<String, String> {
    let mut t = String::from(
        "| configuration | board | `.text` | `.rodata` | `.text` + `.rodata` | `.data` | `.bss` |\n\
         |---|---|---:|---:|---:|---:|---:|\n",
    );
    let mut notes = String::new();
    for c in CONFIGURATIONS {
        notes.push_str(&format!("- **{}**: {}.\n", c.name, c.what));
        for arch in [Arch::Aarch64, Arch::X86_64] {
            let s = sizes_of(&build(arch, c)?)?;
            t.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} |\n",
                c.name,
                arch.name(),
                thousands(s.text),
                thousands(s.rodata),
                thousands(s.text + s.rodata),
                thousands(s.data),
                thousands(s.bss)
            ));
        }
    }
    Ok(format!("{t}\n{notes}"))
}

fn write_docs(table: &str) -> Result<(), String> {
    let path = workspace_root().join("docs/BOARDS.md");
    let doc = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
    let (Some(b), Some(e)) = (doc.find(BEGIN), doc.find(END)) else {
        return Err(format!("docs/BOARDS.md has no {BEGIN} ... {END} markers"));
    };
    let new = format!("{}{BEGIN}\n{table}{}", &doc[..b], &doc[e..]);
    std::fs::write(&path, new).map_err(|e| e.to_string())
}

/// Runs the subcommand with its arguments.
pub fn main(args: &[String]) -> ExitCode {
    let write = match args {
        [] => false,
        [w] if w == "--write" => true,
        _ => {
            eprintln!("usage: cargo xtask size [--write]");
            return ExitCode::from(2);
        }
    };
    let r = table().and_then(|t| {
        print!("{t}");
        if write {
            write_docs(&t)?;
        }
        Ok(())
    });
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cargo xtask size: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(688_128), "688,128");
    }
}
