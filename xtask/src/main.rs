//! Developer commands, run as `cargo xtask <command>` (an alias in `.cargo/config.toml`).
//!
//! - `cargo xtask qemu <x86_64|aarch64> [FILE.py]`: boots a board under QEMU and runs FILE.py
//!   (its output on the terminal, its exit status as ours), or opens the REPL without FILE.
//! - `cargo xtask bench [OPTIONS]`: runs the benchmark suite in `bench/` (see `bench/README.md`).
//! - `cargo xtask fuzz [OPTIONS]`: runs the fuzzer (see `docs/FUZZING.md`); `cargo xtask
//!   fuzz images [OPTIONS]` the bytecode-image fuzzer (see `docs/IMAGES.md`).
//! - `cargo xtask size [--write]`: the boards' section sizes per build configuration.
//! - `cargo xtask freeze [--check]`: compiles the frozen Python modules (standard library,
//!   `asyncio`, `_fileio`) to the bytecode images the VM includes (`vm-core/frozen/`).

use std::process::ExitCode;

mod bench;
mod defmt_frames;
mod freeze;
mod fuzz;
mod qemu;
mod size;

fn usage() -> ExitCode {
    eprintln!("usage: cargo xtask qemu <x86_64|aarch64> [FILE.py]");
    eprintln!("       cargo xtask bench [--help]");
    eprintln!("       cargo xtask size [--write]");
    eprintln!("       cargo xtask freeze [--check]");
    eprintln!("       cargo xtask fuzz [--programs N] [--seconds S] [--jobs J] [--seed S] [--generator-only|--mutation-only]");
    eprintln!("       cargo xtask fuzz images [--images N] [--seconds S] [--jobs J] [--seed S] [--fuel F] [--first I] [--reuse K] [--repro I | --check PATH | --dis FILE]");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("qemu") => qemu::main(&args[1..]),
        Some("bench") => bench::main(&args[1..]),
        Some("fuzz") => fuzz::main(&args[1..]),
        Some("size") => size::main(&args[1..]),
        Some("freeze") => freeze::main(&args[1..]),
        _ => usage(),
    }
}
