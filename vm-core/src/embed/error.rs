//! `Display` and `core::error::Error` for the errors the embedder sees.

use crate::limits::Termination;
use crate::vm::{RunError, StartError};

use super::convert::ConvError;

/// A run's error as `python3` reports it: the traceback of an uncaught exception, the
/// `SyntaxError` text, the exit status, or why the run was stopped (each without its
/// trailing newline).
impl core::fmt::Display for RunError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RunError::Compile(text) => f.write_str(text.trim_end_matches('\n')),
            RunError::Exception { traceback, .. } => f.write_str(traceback.trim_end_matches('\n')),
            RunError::Exit(status) => write!(f, "SystemExit: {status}"),
            RunError::Terminated { reason, traceback } => {
                f.write_str(traceback)?;
                f.write_str(match reason {
                    Termination::Fuel => "Terminated: the instruction budget is spent",
                    Termination::Request => "Terminated: on request",
                })
            }
        }
    }
}

impl core::error::Error for RunError {}

impl core::error::Error for StartError {}

impl core::fmt::Display for ConvError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for ConvError {}
