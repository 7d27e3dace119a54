//! `cargo xtask bench`.

use std::process::ExitCode;

/// Runs the subcommand with its arguments.
pub fn main(_args: &[String]) -> ExitCode {
    eprintln!("cargo xtask bench: not available in this build yet");
    ExitCode::from(2)
}
