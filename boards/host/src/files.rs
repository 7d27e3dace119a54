//! The host's files for `open()`: `std::fs` files behind the handles the VM's
//! [`vm_core::Host`] file calls use, with errors as errno and `strerror` text.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};

use vm_core::hostfs::{FileMode, FileStat, HostError, Whence};

/// The open files of one VM.
#[derive(Debug, Default)]
pub struct HostFiles {
    open: HashMap<u64, File>,
    next: u64,
}

/// An I/O error as the VM reports it: the OS's errno, and its text without Rust's
/// `" (os error N)"` suffix.
pub fn host_error(e: &std::io::Error) -> HostError {
    let text = e.to_string();
    let strerror = match text.rfind(" (os error ") {
        Some(i) => text[..i].to_string(),
        None => text,
    };
    HostError {
        // Errors without an errno (rare: invalid data) are EIO.
        errno: e.raw_os_error().unwrap_or(5),
        strerror,
    }
}

impl HostFiles {
    /// Opens `path` as `mode` says; returns its handle.
    pub fn open(&mut self, path: &str, mode: FileMode) -> Result<u64, HostError> {
        let mut o = OpenOptions::new();
        o.read(mode.contains(FileMode::READ))
            .write(mode.contains(FileMode::WRITE) && !mode.contains(FileMode::APPEND))
            .append(mode.contains(FileMode::APPEND))
            .truncate(mode.contains(FileMode::TRUNCATE));
        if mode.contains(FileMode::EXCLUSIVE) {
            o.create_new(true);
        } else {
            o.create(mode.contains(FileMode::CREATE));
        }
        let f = o.open(path).map_err(|e| host_error(&e))?;
        // A folder opens on Linux; reading it fails later. CPython refuses it at once.
        if f.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(HostError {
                errno: 21,
                strerror: "Is a directory".to_string(),
            });
        }
        self.next += 1;
        self.open.insert(self.next, f);
        Ok(self.next)
    }

    fn file(&mut self, h: u64) -> Result<&mut File, HostError> {
        self.open.get_mut(&h).ok_or_else(HostError::bad_handle)
    }

    /// Reads at most `max` bytes.
    pub fn read(&mut self, h: u64, max: usize) -> Result<Vec<u8>, HostError> {
        let f = self.file(h)?;
        let mut buf = vec![0; max.min(1 << 20)];
        let n = f.read(&mut buf).map_err(|e| host_error(&e))?;
        buf.truncate(n);
        Ok(buf)
    }

    /// Writes `data`; returns the bytes written.
    pub fn write(&mut self, h: u64, data: &[u8]) -> Result<usize, HostError> {
        self.file(h)?.write(data).map_err(|e| host_error(&e))
    }

    /// Moves the position; returns the new one.
    pub fn seek(&mut self, h: u64, offset: i64, whence: Whence) -> Result<u64, HostError> {
        let to = match whence {
            Whence::Start => SeekFrom::Start(u64::try_from(offset).map_err(|_| HostError {
                errno: 22,
                strerror: "Invalid argument".to_string(),
            })?),
            Whence::Current => SeekFrom::Current(offset),
            Whence::End => SeekFrom::End(offset),
        };
        self.file(h)?.seek(to).map_err(|e| host_error(&e))
    }

    /// Deletes file `path`.
    pub fn remove(&mut self, path: &str) -> Result<(), HostError> {
        std::fs::remove_file(path).map_err(|e| host_error(&e))
    }

    /// Closes the file.
    pub fn close(&mut self, h: u64) -> Result<(), HostError> {
        self.open
            .remove(&h)
            .map(drop)
            .ok_or_else(HostError::bad_handle)
    }
}

/// What `std::fs` knows of `path`, as [`FileStat`].
pub fn stat(path: &str, follow_links: bool) -> Result<FileStat, HostError> {
    use std::os::unix::fs::MetadataExt;
    let m = if follow_links {
        std::fs::metadata(path)
    } else {
        std::fs::symlink_metadata(path)
    }
    .map_err(|e| host_error(&e))?;
    let secs = |s: i64, ns: i64| s as f64 + ns as f64 * 1e-9;
    Ok(FileStat {
        mode: m.mode(),
        ino: m.ino(),
        dev: m.dev(),
        nlink: m.nlink(),
        uid: m.uid(),
        gid: m.gid(),
        size: m.size(),
        atime: secs(m.atime(), m.atime_nsec()),
        mtime: secs(m.mtime(), m.mtime_nsec()),
        ctime: secs(m.ctime(), m.ctime_nsec()),
    })
}

/// The names in directory `path`.
pub fn list_dir(path: &str) -> Result<Vec<String>, HostError> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(path).map_err(|e| host_error(&e))? {
        let entry = entry.map_err(|e| host_error(&e))?;
        names.push(entry.file_name().to_string_lossy().into_owned());
    }
    Ok(names)
}
