//! Entry (`boot.s`), `kmain`, the heap and the stack, the script area, and the exception
//! vectors' Rust side.

use super::{clock, codemem, exit, interrupts, mmu, uart, DEVICES, INFO};

core::arch::global_asm!(include_str!("boot.s"));

/// Heap size in bytes (the allocator's arena, `.heap`), from [`board_heap::config`]; the
/// VM's heap limit follows (3/4 of it).
pub const HEAP_SIZE: usize = board_heap::config::HEAP_SIZE;
/// Boot stack size in bytes (`.stack`, below it a 2 MiB unmapped guard block), from
/// [`board_heap::config`].
pub const STACK_SIZE: usize = board_heap::config::STACK_SIZE;

board_heap::memory!(heap = HEAP_SIZE, stack = STACK_SIZE);

/// Rust entry, called by `boot.s` at EL1 with FP/SIMD on, `.bss` zeroed, MMU off.
#[no_mangle]
extern "C" fn kmain(_entry_el: u64) -> ! {
    // SAFETY: first thing at boot, once, at EL1 with the MMU off; the identity map covers
    // this image (text, data, bss, heap, stack), the UART/RTC and the script area.
    unsafe { mmu::init() };
    init_heap();
    clock::init();
    uart::init();
    interrupts::init();
    #[cfg(feature = "defmt")]
    {
        super::defmt_logger::init();
        defmt::println!(
            "boot: qemu-aarch64 at EL{=u64}, heap {=usize} bytes",
            _entry_el,
            HEAP_SIZE
        );
    }
    #[cfg(feature = "stack-report")]
    stack_report::paint();
    let status = board_common::main::<_, codemem::CodeRegion>(DEVICES, INFO, script_area());
    #[cfg(feature = "stack-report")]
    stack_report::report();
    exit::exit(status)
}

/// Where the harness loads the script image (`-device loader,...,addr=0x58000000`).
pub const SCRIPT_ADDR: usize = 0x5800_0000;
/// Largest script image accepted.
pub const SCRIPT_MAX: usize = 64 << 20;

/// The RAM where the harness places the script image.
fn script_area() -> &'static [u8] {
    // SAFETY: SCRIPT_ADDR..+SCRIPT_MAX lies in mapped RAM (below RAM_END) that holds zeroes
    // or the harness's image, and that nothing writes: linker.ld asserts the image ends
    // below it.
    unsafe { core::slice::from_raw_parts(SCRIPT_ADDR as *const u8, SCRIPT_MAX) }
}

const VECTOR_NAMES: [&str; 16] = [
    "synchronous (current EL, SP_EL0)",
    "IRQ (current EL, SP_EL0)",
    "FIQ (current EL, SP_EL0)",
    "SError (current EL, SP_EL0)",
    "synchronous",
    "IRQ",
    "FIQ",
    "SError",
    "synchronous (lower EL, AArch64)",
    "IRQ (lower EL, AArch64)",
    "FIQ (lower EL, AArch64)",
    "SError (lower EL, AArch64)",
    "synchronous (lower EL, AArch32)",
    "IRQ (lower EL, AArch32)",
    "FIQ (lower EL, AArch32)",
    "SError (lower EL, AArch32)",
];

fn ec_name(ec: u64) -> &'static str {
    match ec {
        0x00 => "unknown/undefined instruction",
        0x07 => "FP/SIMD access trap",
        0x0E => "illegal execution state",
        0x15 => "SVC",
        0x16 => "HVC",
        0x18 => "system register trap",
        0x20 => "instruction abort, lower EL",
        0x21 => "instruction abort",
        0x22 => "PC alignment",
        0x24 => "data abort, lower EL",
        0x25 => "data abort",
        0x26 => "SP alignment",
        0x2F => "SError",
        0x3C => "BRK",
        _ => "other",
    }
}

/// Every exception ends here (`boot.s` switched to the exception stack and re-enabled
/// FP/SIMD): one `FAULT:` line, then exit with `EXIT_FAULT`.
#[no_mangle]
extern "C" fn exc_handler(vector: u64, esr: u64, elr: u64, far: u64, spsr: u64) -> ! {
    let ec = (esr >> 26) & 0x3F;
    let iss = esr & 0x1FF_FFFF;
    #[cfg(feature = "defmt")]
    defmt::error!(
        "fault: vector {=u64} ESR {=u64:#x} ELR {=u64:#x} FAR {=u64:#x}",
        vector,
        esr,
        elr,
        far
    );
    let name = VECTOR_NAMES.get(vector as usize).copied().unwrap_or("?");
    let status = board_common::report::fault(
        DEVICES,
        format_args!(
            "{name} exception, ESR=0x{esr:08x} (EC=0x{ec:02x} {}, ISS=0x{iss:x}) ELR=0x{elr:x} \
             FAR=0x{far:x} SPSR=0x{spsr:x}",
            ec_name(ec)
        ),
        ec == 0x25 && mmu::is_stack_guard(far),
    );
    // A fault inside the fault path (e.g. `hlt` without `-semihosting-config`) halts the core
    // instead of printing forever.
    status.map_or_else(|| exit::halt(), exit::exit)
}

/// Stack high-water mark (`--features stack-report`): the unused part of the stack is filled
/// with a pattern at boot and scanned at exit.
#[cfg(feature = "stack-report")]
mod stack_report {
    use core::fmt::Write;

    const PATTERN: u64 = 0x5A5A_A5A5_5A5A_A5A5;

    extern "C" {
        static __stack_bottom: u8;
        static __stack_top: u8;
    }

    fn sp() -> usize {
        let sp: usize;
        // SAFETY: reads the stack pointer; touches no memory.
        unsafe { core::arch::asm!("mov {}, sp", out(reg) sp, options(nomem, nostack)) };
        sp
    }

    pub fn paint() {
        let mut p = &raw const __stack_bottom as usize;
        let end = sp() - 1024;
        while p < end {
            // SAFETY: [bottom, sp - 1 KiB) is stack memory below every live frame.
            unsafe { (p as *mut u64).write_volatile(PATTERN) };
            p += 8;
        }
    }

    pub fn report() {
        let bottom = &raw const __stack_bottom as usize;
        let top = &raw const __stack_top as usize;
        let mut p = bottom;
        // SAFETY: reads within the stack section, which is mapped RAM.
        while p < top && unsafe { (p as *const u64).read_volatile() } == PATTERN {
            p += 8;
        }
        let _ = writeln!(
            board_common::console::Writer(super::DEVICES),
            "stack: {} bytes used of {}",
            top - p,
            top - bottom
        );
    }
}
