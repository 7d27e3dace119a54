//! `time.sleep` on a board halts the core (`hlt`, `wfi`) instead of polling the clock, also
//! with typed-ahead console input waiting: QEMU uses little host CPU time during a long
//! sleep. Its own test binary: it finds the QEMU it started among this process's children
//! (`/proc`), which tests running in parallel would confuse.

use std::time::{Duration, Instant};

use qemu_tests::{build_image, run, Arch, Exit, Run, Script};

/// `(pid, utime + stime in seconds)` of this process's children called `qemu-system-*`.
fn qemu_children() -> Vec<(u32, f64)> {
    let me = std::process::id().to_string();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        // Fields after the command name start at field 3 (state): ppid is field 4, utime
        // and stime fields 14 and 15, in USER_HZ ticks (100 on every Linux architecture).
        let fields: Vec<&str> = stat[close + 2..].split_whitespace().collect();
        if !stat[open + 1..close].starts_with("qemu-system") || fields.get(1) != Some(&&*me) {
            continue;
        }
        let ticks: u64 =
            fields[11].parse::<u64>().unwrap_or(0) + fields[12].parse::<u64>().unwrap_or(0);
        if let Ok(pid) = stat[..open].trim().parse() {
            found.push((pid, ticks as f64 / 100.0));
        }
    }
    found
}

/// Sleeps 4 s on each board with unread input queued; QEMU must spend well under that much
/// CPU time by the end of the sleep.
#[test]
fn sleep_halts_the_core() {
    for arch in [Arch::X86_64, Arch::Aarch64] {
        build_image(arch);
        let spec = Run {
            script: Some(Script::new(
                "t.py",
                "import time\nprint('sleeping', flush=True)\ntime.sleep(4)\nprint('woke')\n",
            )),
            input: b"typed ahead\r".to_vec(),
            wait_for: Some(b"sleeping".to_vec()),
            timeout: Duration::from_secs(60),
        };
        let start = Instant::now();
        let boot = std::thread::spawn(move || run(arch, &spec));
        // The CPU time QEMU has used, sampled until it exits.
        let mut cpu = 0.0f64;
        while !boot.is_finished() {
            for (_, t) in qemu_children() {
                cpu = cpu.max(t);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let out = boot.join().expect("the boot thread");
        assert_eq!(out.exit, Exit::Status(0), "{arch}: {out:?}");
        assert_eq!(out.stdout, "sleeping\nwoke\n", "{arch}: {out:?}");
        assert!(start.elapsed() >= Duration::from_secs(4), "{arch}: {out:?}");
        assert!(
            cpu < 2.0,
            "{arch}: QEMU used {cpu:.2} s of CPU time for a 4 s sleep"
        );
        eprintln!("{arch}: QEMU used {cpu:.2} s of CPU time for a 4 s sleep");
    }
}
