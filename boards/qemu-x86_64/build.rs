//! Link arguments for the bare-metal image: our linker script and a non-PIE link (the
//! `x86_64-unknown-none` target defaults to static-PIE, which nobody would relocate at boot).
//! Only for `target_os = "none"`, so the host stub builds normally.

fn main() {
    println!("cargo:rerun-if-changed=linker.ld");
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("none") {
        let dir = std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
        println!("cargo:rustc-link-arg-bins=-T{dir}/linker.ld");
        // defmt's section of format strings (not loaded; the host decoder reads it).
        if std::env::var_os("CARGO_FEATURE_DEFMT").is_some() {
            println!("cargo:rustc-link-arg-bins=-Tdefmt.x");
        }
        println!("cargo:rustc-link-arg-bins=--no-pie");
    }
}
