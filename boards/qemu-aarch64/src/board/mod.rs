//! The bare-metal board. `unsafe` lives only in `boot` (entry, heap and stack, exception handler),
//! `defmt_logger`, `interrupts`, `mmu`, `uart`, `clock`, `codemem` and `exit`; this file is the
//! safe glue to `board_common`, which does the rest.

mod boot;
mod clock;
mod codemem;
#[cfg(feature = "defmt")]
mod defmt_logger;
mod exit;
mod interrupts;
mod mmu;
mod uart;

use board_common::{BoardInfo, Devices};

/// The console (PL011), the clocks (generic timer, PL031) and the `wfi` idle loop as the
/// shared code sees them.
const DEVICES: Devices = Devices::new(uart::write, uart::read_byte, clock::monotonic, clock::wall)
    .with_idle(interrupts::idle);

/// What the board shows in the REPL banner, and the VM's share of the heap.
const INFO: BoardInfo = BoardInfo::new("qemu-aarch64", boot::HEAP_SIZE);

#[panic_handler]
fn panic(info: &core::panic::PanicInfo<'_>) -> ! {
    exit::exit(board_common::report::panic(DEVICES, info))
}
