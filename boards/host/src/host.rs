//! [`StdHost`]: the VM's [`Host`] on this process's standard streams, clocks and files
//! (modules imported from `sys.path`, `open()`).

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use vm_core::hostfs::{FileMode, FileStat, HostError, Whence};
use vm_core::importing::loader::FoundModule;
use vm_core::{Host, IoError};

use crate::files::host_error;
use crate::stdio::{write_stderr, Console};

/// Output, input and clocks for the VM; the console is shared with the REPL.
pub struct StdHost {
    console: Rc<RefCell<Console>>,
    start: Instant,
    files: crate::files::HostFiles,
}

impl StdHost {
    /// A host on `console`.
    pub fn new(console: Rc<RefCell<Console>>) -> StdHost {
        StdHost {
            console,
            start: Instant::now(),
            files: crate::files::HostFiles::default(),
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

    fn read_stdin_line(&mut self) -> Result<Option<String>, IoError> {
        self.console.borrow_mut().stdin_line()
    }

    fn time(&mut self) -> f64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64())
    }

    fn monotonic(&mut self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    fn idle(&mut self, deadline: f64) {
        // Short naps: a Ctrl-C (which sets a flag, not wakes the thread) is seen within 20 ms.
        let left = deadline - self.monotonic();
        if left > 0.0 {
            std::thread::sleep(std::time::Duration::from_secs_f64(left.min(0.02)));
        }
    }

    fn find_module(&mut self, name: &str, path: &[String]) -> Option<FoundModule> {
        crate::modules::find_module_fs(name, path)
    }

    fn file_open(&mut self, path: &str, mode: FileMode) -> Result<u64, HostError> {
        self.files.open(path, mode)
    }

    fn file_read(&mut self, handle: u64, max: usize) -> Result<Vec<u8>, HostError> {
        self.files.read(handle, max)
    }

    fn file_write(&mut self, handle: u64, data: &[u8]) -> Result<usize, HostError> {
        self.files.write(handle, data)
    }

    fn file_seek(&mut self, handle: u64, offset: i64, whence: Whence) -> Result<u64, HostError> {
        self.files.seek(handle, offset, whence)
    }

    fn file_close(&mut self, handle: u64) -> Result<(), HostError> {
        self.files.close(handle)
    }

    fn file_remove(&mut self, path: &str) -> Result<(), HostError> {
        self.files.remove(path)
    }

    fn file_rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        std::fs::rename(from, to).map_err(|e| host_error(&e))
    }

    fn file_stat(&mut self, path: &str, follow_links: bool) -> Result<FileStat, HostError> {
        crate::files::stat(path, follow_links)
    }

    fn dir_current(&mut self) -> Result<String, HostError> {
        let dir = std::env::current_dir().map_err(|e| host_error(&e))?;
        Ok(dir.to_string_lossy().into_owned())
    }

    fn dir_list(&mut self, path: &str) -> Result<Vec<String>, HostError> {
        crate::files::list_dir(path)
    }

    fn dir_create(&mut self, path: &str) -> Result<(), HostError> {
        std::fs::create_dir(path).map_err(|e| host_error(&e))
    }

    fn dir_remove(&mut self, path: &str) -> Result<(), HostError> {
        std::fs::remove_dir(path).map_err(|e| host_error(&e))
    }

    fn environ(&mut self) -> Vec<(String, String)> {
        std::env::vars_os()
            .map(|(k, v)| {
                (
                    k.to_string_lossy().into_owned(),
                    v.to_string_lossy().into_owned(),
                )
            })
            .collect()
    }

    /// `--events`: one line each on stderr.
    fn event(&mut self, e: &vm_core::VmEvent<'_>) {
        write_stderr(&format!("tiercel: {e}\n"));
    }
}
