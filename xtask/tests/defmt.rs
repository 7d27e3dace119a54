//! `cargo xtask qemu --defmt`: the board built with its `defmt` feature sends its boot
//! diagnostics as `defmt` frames, which xtask takes out of the console stream and prints
//! decoded on stderr, while the script's own output stays as it is; with `--events` the VM
//! events of a hot, allocating loop come decoded too.

use std::process::Command;

/// Runs `xtask qemu FLAGS ARCH script` on a script of `source`; returns the exit status,
/// stdout and stderr.
fn xtask_qemu(
    flags: &[&str],
    arch: &str,
    name: &str,
    source: &str,
) -> (Option<i32>, String, String) {
    let dir = std::env::temp_dir().join(format!("tiercel-{name}-{arch}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join(format!("{name}.py"));
    std::fs::write(&script, source).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("qemu")
        .args(flags)
        .arg(arch)
        .arg(&script)
        .output()
        .expect("xtask runs");
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), stdout, stderr)
}

fn run(arch: &str) {
    let source = "print('hello')\nimport sys\nsys.exit(3)\n";
    let (status, stdout, stderr) = xtask_qemu(&["--defmt"], arch, "defmt", source);
    assert_eq!(status, Some(3), "{stdout}\n{stderr}");
    // No frame byte leaks into the script's output.
    assert_eq!(stdout, "hello\n", "{stderr}");
    let boot = format!("boot: qemu-{arch}");
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with("defmt: ") && l.contains(&boot)),
        "{stderr}"
    );
}

/// A hot loop that allocates: collections, and a trace of it.
const HOT_LOOP: &str = "\
def step(i):
    return [i, i + 1, str(i)]

def hot():
    total = 0
    for i in range(20000):
        total += len(step(i))
    return total

print(hot())
";

fn run_with_events(arch: &str) {
    let (status, stdout, stderr) = xtask_qemu(&["--events", "gc,traces"], arch, "events", HOT_LOOP);
    assert_eq!(status, Some(0), "{stdout}\n{stderr}");
    assert_eq!(stdout, "60000\n", "{stderr}");
    let events: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("defmt: "))
        .collect();
    let has = |part: &str| events.iter().any(|l| l.contains(part));
    assert!(has("gc: collection freed "), "{stderr}");
    assert!(has("traces: recorded hot line 6, "), "{stderr}");
    // Only the kinds asked for.
    assert!(!has("jit: "), "{stderr}");
}

#[test]
fn defmt_boot_line_x86_64() {
    run("x86_64");
}

#[test]
fn defmt_boot_line_aarch64() {
    run("aarch64");
}

#[test]
fn defmt_vm_events_x86_64() {
    run_with_events("x86_64");
}

#[test]
fn defmt_vm_events_aarch64() {
    run_with_events("aarch64");
}
