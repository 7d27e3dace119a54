//! `cargo xtask freeze [--check]`: compiles the Python modules frozen into the VM (the table
//! `vm_core::frozen::SOURCES`: the standard library, `asyncio`, `_fileio`) to bytecode images
//! and writes them packed (`vm_core::image::packed`) to `vm-core/frozen/NAME.tbz`, where the
//! VM includes them. Run it after
//! changing one of those sources, the compiler or the op table; `vm-core`'s test
//! `frozen_images` fails until then. `--check` writes nothing and fails when an image is
//! stale.
//!
//! A new module needs its image file to exist before the VM builds: create it empty, then
//! run this command.

use std::process::ExitCode;

use qemu_tests::workspace_root;
use vm_core::frozen::{FrozenSource, SEPARATOR, SOURCES};
use vm_core::image::packed::{pack, unpack};

/// The image of `m` compiled from its current source.
fn compile(m: &FrozenSource) -> Result<Vec<u8>, String> {
    let src_dir = workspace_root().join("vm-core/src");
    let mut parts = Vec::new();
    for f in m.files {
        let path = src_dir.join(f);
        parts.push(std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    vm_core::image::compile_to_image(&parts.join(SEPARATOR), m.filename)
        .map_err(|e| format!("{}: {e}", m.module))
}

/// Runs the subcommand with its arguments.
pub fn main(args: &[String]) -> ExitCode {
    let check = match args {
        [] => false,
        [c] if c == "--check" => true,
        _ => {
            eprintln!("usage: cargo xtask freeze [--check]");
            return ExitCode::from(2);
        }
    };
    let crate_dir = workspace_root().join("vm-core");
    let (mut written, mut stale) = (0, 0);
    for m in SOURCES {
        let image = match compile(m) {
            Ok(i) => i,
            Err(e) => {
                eprintln!("cargo xtask freeze: {e}");
                return ExitCode::FAILURE;
            }
        };
        let path = crate_dir.join(m.image_path());
        let checked_in = std::fs::read(&path).unwrap_or_default();
        if unpack(&checked_in).ok().as_deref() == Some(&image[..]) {
            continue;
        }
        stale += 1;
        if check {
            eprintln!("stale: vm-core/{}", m.image_path());
            continue;
        }
        let packed = pack(&image);
        if let Err(e) = std::fs::write(&path, &packed) {
            eprintln!("cargo xtask freeze: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        written += 1;
        println!(
            "wrote vm-core/{} ({} bytes, {} unpacked)",
            m.image_path(),
            packed.len(),
            image.len()
        );
    }
    println!(
        "{} frozen modules, {stale} stale, {written} written",
        SOURCES.len()
    );
    if check && stale > 0 {
        eprintln!("run `cargo xtask freeze` to bring them up to date");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
