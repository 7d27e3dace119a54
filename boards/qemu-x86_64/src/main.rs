//! Tiercel on QEMU (x86_64). The image only builds for `--target x86_64-unknown-none`; a host
//! build (as in `cargo build --workspace`) produces a stub that says so.
//!
//! Boot: QEMU's `-kernel` loads this ELF through its Xen PVH note (`-M microvm`, `-M q35`,
//! `-M pc`), the trampoline in `board/boot.s` switches to 64-bit mode, and [`board`] sets up
//! the IDT, page tables, heap and clock, then hands over to `board_common::main`. See
//! `README.md` for the memory map.
#![cfg_attr(target_os = "none", no_std, no_main)]

#[cfg(all(target_os = "none", target_arch = "x86_64"))]
extern crate alloc;
#[cfg(all(target_os = "none", target_arch = "x86_64"))]
mod board;

#[cfg(not(target_os = "none"))]
fn main() {
    eprintln!("tiercel-qemu-x86_64: build with --target x86_64-unknown-none (see docs/BOARDS.md)");
    std::process::exit(2);
}
