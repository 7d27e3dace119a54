//! [`StdHost`]: the VM's [`Host`] on this process's standard streams, clocks and files
//! (modules imported from `sys.path`).

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use vm_core::importing::loader::FoundModule;
use vm_core::{Host, IoError};

use crate::stdio::{write_stderr, Console};

/// Output, input and clocks for the VM; the console is shared with the REPL.
pub struct StdHost {
    console: Rc<RefCell<Console>>,
    start: Instant,
}

impl StdHost {
    /// A host on `console`.
    pub fn new(console: Rc<RefCell<Console>>) -> StdHost {
        StdHost {
            console,
            start: Instant::now(),
        }
    }
}

impl Host for StdHost {
    fn write_stdout(&mut self, s: &str) {
        self.console.borrow_mut().stdout.write(s);
    }

    fn write_stderr(&mut self, s: &str) {
        // Unbuffered, and not ordered after held standard output: as in CPython, text
        // written to stderr shows before a block of stdout not yet written out.
        write_stderr(s);
    }

    fn flush(&mut self) {
        self.console.borrow_mut().stdout.flush();
    }

    fn take_write_error(&mut self) -> Option<IoError> {
        self.console.borrow_mut().stdout.take_error()
    }

    fn read_line(&mut self, prompt: &str) -> Result<Option<String>, IoError> {
        self.console.borrow_mut().input(prompt)
    }

    fn time(&mut self) -> f64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64())
    }

    fn monotonic(&mut self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    fn find_module(&mut self, name: &str, path: &[String]) -> Option<FoundModule> {
        crate::modules::find_module_fs(name, path)
    }
}
