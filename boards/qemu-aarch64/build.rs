//! Link arguments for the bare-metal image. Host builds (the stub `main`) get none.

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    println!("cargo:rerun-if-changed=linker.ld");
    println!("cargo:rerun-if-changed=src/board/boot.s");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("none") {
        println!("cargo:rustc-link-arg-bins=-T{dir}/linker.ld");
        // defmt's section of format strings (not loaded; the host decoder reads it).
        if std::env::var_os("CARGO_FEATURE_DEFMT").is_some() {
            println!("cargo:rustc-link-arg-bins=-Tdefmt.x");
        }
        // lld's AArch64 default aligns segments to 64 KiB, which pads the ELF for nothing.
        println!("cargo:rustc-link-arg-bins=-zmax-page-size=4096");
    }
}
