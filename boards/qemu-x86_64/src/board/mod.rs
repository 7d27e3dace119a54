//! The bare-metal board. `unsafe` lives only in `boot` (entry, heap and stack, GDT/TSS/IDT,
//! exception handler), `defmt_logger`, `interrupts`, `mmu`, `port`, `uart`, `clock`, `codemem` and
//! `exit`; this file is the safe glue to `board_common`, which does the rest.

mod boot;
mod clock;
mod codemem;
#[cfg(feature = "defmt")]
mod defmt_logger;
mod exit;
mod interrupts;
mod mmu;
mod port;
mod uart;

use board_common::{BoardInfo, Devices};

/// The console (COM1), the clocks (TSC, CMOS RTC) and the halting idle loop as the shared
/// code sees them.
const DEVICES: Devices = Devices::new(uart::write, uart::read_byte, clock::monotonic, clock::wall)
    .with_idle(interrupts::idle);

/// What the board shows in the REPL banner, the VM's share of the heap, and its JIT.
#[cfg(feature = "tier2")]
const INFO: BoardInfo = BoardInfo::new("qemu-x86_64", boot::HEAP_SIZE).with_jit(jit);
/// Without tier 2 there is no JIT to give the code region to.
#[cfg(not(feature = "tier2"))]
const INFO: BoardInfo = BoardInfo::new("qemu-x86_64", boot::HEAP_SIZE);

/// Tier 3 on this board: the code region and the x86-64 backend, in its stress mode when
/// `stress` (`None` once the region was taken: one VM per boot gets it).
#[cfg(feature = "tier2")]
fn jit(stress: bool) -> Option<vm_core::jit::JitConfig> {
    use alloc::boxed::Box;
    use alloc::rc::Rc;
    use board_common::selftest::TestCpu;
    let region = codemem::CodeRegion::take()?;
    Some(vm_core::jit::JitConfig {
        memory: Rc::new(region),
        backend: vm_core::jit::BackendFactory(Rc::new(move || {
            let backend = arch_x86_64::X86Backend::new();
            Box::new(if stress {
                backend.stressed(0x5EED)
            } else {
                backend
            })
        })),
        code_limit: usize::MAX,
    })
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo<'_>) -> ! {
    exit::exit(board_common::report::panic(DEVICES, info))
}
