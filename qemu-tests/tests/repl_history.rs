//! The serial REPL's history: the up arrow (`ESC [ A`) recalls the previous entry.

use std::time::Duration;

use qemu_tests::{run, Arch, Exit, Run, PROMPT};

fn recall(arch: Arch) {
    let out = run(
        arch,
        &Run {
            script: None,
            input: b"6*7\r\x1b[A\r\x04".to_vec(),
            wait_for: Some(PROMPT.to_vec()),
            timeout: Duration::from_secs(60),
        },
    );
    assert_eq!(out.exit, Exit::Status(0), "{out:?}");
    assert!(
        out.stdout.contains(">>> 6*7\n42\n>>> 6*7\n42\n>>> \n"),
        "{:?}",
        out.stdout
    );
}

#[test]
fn up_arrow_recalls_x86_64() {
    recall(Arch::X86_64);
}

#[test]
fn up_arrow_recalls_aarch64() {
    recall(Arch::Aarch64);
}
