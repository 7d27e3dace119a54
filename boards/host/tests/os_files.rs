//! `os` and `os.path` on the host's filesystem: `os/os_files.py` run by `tiercel` in an
//! empty temporary directory, with a variable of its own in the environment, must print what
//! CPython printed (`os/os_files.exp`). The corpus cannot hold it: boards have no
//! filesystem, and the program makes and removes directories.

mod support;

use std::process::{Command, Stdio};
use std::time::Duration;

use support::{temp_dir, tiercel, wait_output};

#[test]
fn os_calls_on_files_and_directories_print_what_cpython_prints() {
    let dir = temp_dir("os-files");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/os/os_files.py");
    let child = Command::new(tiercel())
        .arg(script)
        .current_dir(&dir)
        .env("TIERCEL_OS_TEST", "value")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tiercel runs");
    let out = wait_output(child, Duration::from_secs(60));
    assert_eq!(out.stderr, "");
    assert_eq!(out.stdout, include_str!("os/os_files.exp"));
    assert_eq!(out.code(), Some(0));
    let left: Vec<_> = std::fs::read_dir(&dir)
        .expect("the test directory")
        .collect();
    assert_eq!(left.len(), 1, "the program leaves only its directory 'top'");
    let _ = std::fs::remove_dir_all(&dir);
}
