//! Tiercel on QEMU (aarch64). The image only builds for `--target aarch64-unknown-none`; a host
//! build (as in `cargo build --workspace`) produces a stub that says so.
#![cfg_attr(target_os = "none", no_std, no_main)]

#[cfg(all(target_os = "none", target_arch = "aarch64"))]
mod board;

#[cfg(not(target_os = "none"))]
fn main() {
    eprintln!(
        "tiercel-qemu-aarch64: build with --target aarch64-unknown-none (see docs/BOARDS.md)"
    );
    std::process::exit(2);
}
