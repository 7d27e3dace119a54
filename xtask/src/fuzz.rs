//! `cargo xtask fuzz [ARGS]`: builds `tiercel-fuzz` in the `fuzz` profile (release speed,
//! `panic = "unwind"` so a worker survives a panic, overflow checks on) and runs it with
//! ARGS; its exit status is ours (1 when it found failures). See `docs/FUZZING.md`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The workspace root (the parent of this crate's directory).
fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Builds the fuzzer and runs it with `args`.
pub fn main(args: &[String]) -> ExitCode {
    let root = workspace_root();
    eprintln!("building the fuzzer (cargo build --profile fuzz -p tiercel-fuzz) ...");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let built = Command::new(cargo)
        .args(["build", "--profile", "fuzz", "-p", "tiercel-fuzz"])
        .current_dir(&root)
        .status();
    match built {
        Ok(st) if st.success() => {}
        Ok(st) => {
            eprintln!("cargo xtask fuzz: the build failed: {st}");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("cargo xtask fuzz: cannot run cargo: {e}");
            return ExitCode::from(2);
        }
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let bin = target.join("fuzz").join("tiercel-fuzz");
    match Command::new(&bin).args(args).current_dir(&root).status() {
        Ok(st) => ExitCode::from(st.code().map_or(2, |c| c.clamp(0, 255) as u8)),
        Err(e) => {
            eprintln!("cargo xtask fuzz: cannot run {}: {e}", bin.display());
            ExitCode::from(2)
        }
    }
}
