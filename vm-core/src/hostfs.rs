//! What the VM asks of a host's filesystem for `open()` and `os`: the modes a file is
//! opened with, where a seek counts from, what `os.stat` reports, and the error a host
//! reports (an errno and its text, which become the `OSError` subclass CPython raises for
//! that errno).

use alloc::string::String;

bitflags::bitflags! {
    /// How a file is opened (`open()`'s mode string, decoded).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct FileMode: u32 {
        /// Reading is allowed (`r`, `+`).
        const READ = 1;
        /// Writing is allowed (`w`, `a`, `x`, `+`).
        const WRITE = 1 << 1;
        /// Every write goes to the end (`a`).
        const APPEND = 1 << 2;
        /// The file is created when missing (`w`, `a`, `x`).
        const CREATE = 1 << 3;
        /// The file is emptied when opened (`w`).
        const TRUNCATE = 1 << 4;
        /// Opening fails when the file exists (`x`).
        const EXCLUSIVE = 1 << 5;
    }
}

/// Where [`crate::Host::file_seek`] counts from (`whence` 0, 1, 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whence {
    /// From the start of the file.
    Start,
    /// From the current position.
    Current,
    /// From the end of the file.
    End,
}

/// What [`crate::Host::file_stat`] reports of a file (`os.stat_result`'s fields).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FileStat {
    /// The file type and permission bits (`st_mode`, as POSIX's `S_IF*` and mode bits).
    pub mode: u32,
    /// The inode number.
    pub ino: u64,
    /// The device the file is on.
    pub dev: u64,
    /// The number of hard links.
    pub nlink: u64,
    /// The owner's user id.
    pub uid: u32,
    /// The owner's group id.
    pub gid: u32,
    /// The size in bytes.
    pub size: u64,
    /// The last access, in seconds since the Unix epoch.
    pub atime: f64,
    /// The last modification, in seconds since the Unix epoch.
    pub mtime: f64,
    /// The last status change, in seconds since the Unix epoch.
    pub ctime: f64,
}

/// A failed filesystem call: the errno (Linux numbering, as `errno` and `OSError`
/// subclasses use) and its message (`strerror`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostError {
    /// The errno (`2` is `FileNotFoundError`).
    pub errno: i32,
    /// Its text, e.g. `"No such file or directory"`.
    pub strerror: String,
}

/// `ENOSYS`: the host has no filesystem.
pub const ENOSYS: i32 = 38;
/// `EBADF`: the handle is not an open file.
pub const EBADF: i32 = 9;

impl HostError {
    /// The error of a host without a filesystem.
    pub fn no_filesystem() -> HostError {
        HostError {
            errno: ENOSYS,
            strerror: String::from("this board has no filesystem"),
        }
    }

    /// The error for a handle the host does not know.
    pub fn bad_handle() -> HostError {
        HostError {
            errno: EBADF,
            strerror: String::from("Bad file descriptor"),
        }
    }
}
