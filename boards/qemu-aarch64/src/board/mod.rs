//! The bare-metal image: boot, MMU, UART, clocks, code memory and exit are in the submodules
//! (the only places with `unsafe`); this file is the safe glue to `board_common`.

mod boot;
mod clock;
mod codemem;
mod exit;
mod heap;
mod mmu;
mod uart;

use core::fmt::Write;
use core::sync::atomic::{AtomicBool, Ordering};

use board_common::script::{self, FLAG_FAULT_EXEC_WRITABLE, FLAG_FAULT_WRITE_EXEC, FLAG_SELFTEST};
use board_common::{BoardInfo, Platform, EXIT_PANIC, EXIT_SELFTEST_FAILED};

use boot::HEAP_SIZE;

/// The console (PL011) and clocks (generic timer, PL031) as `board_common` sees them.
#[derive(Clone, Copy, Debug)]
struct Board {
    boot_ticks: u64,
    hz: f64,
    /// Wall-clock seconds at boot (from the RTC), or 0 without one.
    wall_at_boot: f64,
}

impl Platform for Board {
    fn write_bytes(&mut self, bytes: &[u8]) {
        uart::write_bytes(bytes);
    }

    fn read_byte(&mut self) -> u8 {
        uart::read_byte()
    }

    fn monotonic(&mut self) -> f64 {
        clock::counter().wrapping_sub(self.boot_ticks) as f64 / self.hz
    }

    fn time(&mut self) -> f64 {
        self.wall_at_boot + self.monotonic()
    }
}

/// Runs what the script image asks for (or the REPL) and returns the exit status.
fn main(_entry_el: u64, image: Option<&'static [u8]>) -> i32 {
    let boot_ticks = clock::counter();
    let platform = Board {
        boot_ticks,
        hz: clock::frequency() as f64,
        wall_at_boot: clock::rtc_seconds().map_or(0.0, |s| s as f64),
    };
    let script = image.and_then(script::parse);
    let flags = script.map_or(0, |s| s.flags);
    if flags & FLAG_SELFTEST != 0 {
        return match codemem::selftest() {
            Ok(()) => {
                uart::write_bytes(b"selftest: code memory ok\r\n");
                0
            }
            Err(why) => {
                let _ = writeln!(uart::Writer, "selftest: FAILED: {why}");
                EXIT_SELFTEST_FAILED
            }
        };
    }
    if flags & (FLAG_FAULT_EXEC_WRITABLE | FLAG_FAULT_WRITE_EXEC) != 0 {
        if flags & FLAG_FAULT_EXEC_WRITABLE != 0 {
            codemem::fault_exec_writable();
        } else {
            codemem::fault_write_exec();
        }
        uart::write_bytes(b"fault test: no fault\r\n");
        return EXIT_SELFTEST_FAILED;
    }
    let info = BoardInfo {
        name: "qemu-aarch64",
        heap_limit: HEAP_SIZE / 4 * 3,
    };
    board_common::run(platform, info, script)
}

static PANICKING: AtomicBool = AtomicBool::new(false);

#[panic_handler]
fn panic(info: &core::panic::PanicInfo<'_>) -> ! {
    if !PANICKING.swap(true, Ordering::Relaxed) {
        let _ = write!(uart::Writer, "\nPANIC: {}", info.message());
        if let Some(loc) = info.location() {
            let _ = write!(uart::Writer, " at {}:{}", loc.file(), loc.line());
        }
        let _ = writeln!(uart::Writer);
    }
    exit::exit(EXIT_PANIC)
}
