//! Tiercel on QEMU (aarch64). The image only builds for `--target aarch64-unknown-none`; a host
//! build (as in `cargo build --workspace`) produces a stub that says so.
//!
//! Boot: QEMU's `-kernel` loads this ELF at 0x4020_0000 and enters it at EL1, EL2 or EL3;
//! `board/boot.s` drops to EL1, and [`board`] turns on the MMU, the heap and the clock, then
//! hands over to `board_common::main`. See `README.md` for the memory map.
#![cfg_attr(target_os = "none", no_std, no_main)]

#[cfg(all(target_os = "none", target_arch = "aarch64"))]
extern crate alloc;
#[cfg(all(target_os = "none", target_arch = "aarch64"))]
mod board;

#[cfg(not(target_os = "none"))]
fn main() {
    eprintln!(
        "tiercel-qemu-aarch64: build with --target aarch64-unknown-none (see docs/BOARDS.md)"
    );
    std::process::exit(2);
}
