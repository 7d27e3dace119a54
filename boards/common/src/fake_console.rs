//! A console for tests: bytes to read, and what was written.

use alloc::collections::VecDeque;
use alloc::vec::Vec;

use crate::Platform;

/// Reads `input` (then answers `Ctrl-D`, end of input), keeps what is written in `output`;
/// its clocks stand still.
#[derive(Clone, Debug, Default)]
pub(crate) struct FakeConsole {
    pub(crate) input: VecDeque<u8>,
    pub(crate) output: Vec<u8>,
}

impl Platform for FakeConsole {
    fn write_bytes(&mut self, bytes: &[u8]) {
        self.output.extend_from_slice(bytes);
    }
    fn read_byte(&mut self) -> u8 {
        self.input.pop_front().unwrap_or(0x04)
    }
    fn monotonic(&mut self) -> f64 {
        0.0
    }
    fn time(&mut self) -> f64 {
        0.0
    }
}
