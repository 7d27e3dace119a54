//! asyncio's timers on a board wait through the board's clock: `asyncio.sleep` and
//! `asyncio.sleep_ms` (MicroPython's spelling) take as long as they say, by the board's
//! `time.monotonic` and by the host's wall clock, and timers fire in the order they are due.

use std::time::{Duration, Instant};

use qemu_tests::{build_image, run, Arch, Exit, Run, Script};

const SCRIPT: &str = "\
import asyncio, time

order = []


async def tick(name, ms):
    await asyncio.sleep_ms(ms)
    order.append(name)


async def main():
    t0 = time.monotonic()
    await asyncio.sleep(0.5)
    t1 = time.monotonic()
    await asyncio.sleep_ms(300)
    t2 = time.monotonic()
    await asyncio.gather(tick('late', 200), tick('early', 100), tick('now', 0))
    t3 = time.monotonic()
    print('sleep', 0.5 <= t1 - t0 < 1.5)
    print('sleep_ms', 0.3 <= t2 - t1 < 1.3)
    print('gather', 0.2 <= t3 - t2 < 1.2, order)


asyncio.run(main())
";

#[test]
fn asyncio_sleeps_follow_the_board_clock() {
    for arch in [Arch::X86_64, Arch::Aarch64] {
        build_image(arch);
        let spec = Run {
            script: Some(Script::new("sleeps.py", SCRIPT)),
            input: Vec::new(),
            wait_for: None,
            timeout: Duration::from_secs(60),
        };
        let start = Instant::now();
        let out = run(arch, &spec);
        assert_eq!(out.exit, Exit::Status(0), "{arch}: {out:?}");
        assert_eq!(
            out.stdout, "sleep True\nsleep_ms True\ngather True ['now', 'early', 'late']\n",
            "{arch}: {out:?}"
        );
        assert!(
            start.elapsed() >= Duration::from_millis(1000),
            "{arch}: the sleeps took less wall-clock time than they asked for"
        );
    }
}
