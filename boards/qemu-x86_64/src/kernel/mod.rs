//! The bare-metal board: boot order, the [`Platform`] for the shared code, the heap and the
//! stack, the script image, and the panic handler. Everything unsafe lives in the submodules
//! `boot` (trampoline, GDT/TSS/IDT, exception handler), `paging`, `port`, `uart`, `clock`,
//! `codemem`, `selftest` and `exit`.

mod boot;
mod clock;
mod codemem;
mod exit;
mod heap;
mod paging;
mod port;
mod selftest;
mod uart;

use core::fmt::Write;
use core::mem::MaybeUninit;

use board_common::script::{self, Script};
use board_common::{BoardInfo, Platform, EXIT_PANIC};

/// Bytes of the `.bss` heap the global allocator manages. Change it to fit your machine
/// (it must stay below the script image at 384 MiB together with the rest of the image).
pub const HEAP_SIZE: usize = 32 << 20;
/// Bytes of the boot stack (a not-present 2 MiB guard page lies below it). The deepest
/// `tests/py` program needs far less (see README.md), but the VM's recursion limit decides
/// how deep Python code can go before `RecursionError`, and that needs room.
pub const STACK_SIZE: usize = 4 << 20;
/// Where the harness loads the script image (`-device loader,addr=...,force-raw=on`).
pub const SCRIPT_ADDR: usize = 0x1800_0000;
/// The largest script image the board accepts.
pub const SCRIPT_MAX: usize = 64 << 20;

#[repr(C, align(4096))]
struct HeapArea(MaybeUninit<[u8; HEAP_SIZE]>);

#[repr(C, align(4096))]
struct StackArea(MaybeUninit<[u8; STACK_SIZE]>);

// Neither needs zeroing, so both live outside `.bss` (see linker.ld).
#[link_section = ".uninit.heap"]
static mut HEAP: HeapArea = HeapArea(MaybeUninit::uninit());
#[link_section = ".uninit.stack"]
#[used]
static mut STACK: StackArea = StackArea(MaybeUninit::uninit());

#[global_allocator]
static ALLOCATOR: heap::BoardAllocator = heap::BoardAllocator::empty();

/// The board as the shared code sees it: the COM1 UART and the TSC/RTC clocks.
#[derive(Clone, Copy, Debug)]
pub struct Board;

impl Platform for Board {
    fn write_bytes(&mut self, bytes: &[u8]) {
        uart::write(bytes);
    }

    fn read_byte(&mut self) -> u8 {
        uart::read_byte()
    }

    fn monotonic(&mut self) -> f64 {
        clock::monotonic()
    }

    fn time(&mut self) -> f64 {
        clock::wall()
    }
}

/// Called by the trampoline in 64-bit mode on the boot stack.
#[no_mangle]
extern "C" fn kmain() -> ! {
    clock::init();
    uart::init();
    boot::init_interrupts();
    paging::init();
    init_heap();
    let status = match script_image() {
        Err(()) => {
            uart::write(b"tiercel: malformed script image at 0x18000000\r\n");
            2
        }
        Ok(Some(s)) if s.flags & script::FLAG_SELFTEST != 0 => selftest::run(),
        Ok(Some(s)) if s.flags & script::FLAG_FAULT_EXEC_WRITABLE != 0 => {
            selftest::fault_exec_writable()
        }
        Ok(Some(s)) if s.flags & script::FLAG_FAULT_WRITE_EXEC != 0 => selftest::fault_write_exec(),
        Ok(s) => {
            let info = BoardInfo {
                name: "qemu-x86_64",
                heap_limit: HEAP_SIZE / 4 * 3,
            };
            board_common::run(Board, info, s)
        }
    };
    exit::exit(status)
}

fn init_heap() {
    // SAFETY: called once at boot before any allocation; HEAP is used by nothing else, is
    // mapped read-write, and lives as long as the program.
    unsafe {
        ALLOCATOR.init(core::ptr::addr_of_mut!(HEAP).cast::<u8>(), HEAP_SIZE);
    }
}

/// The script the harness placed at [`SCRIPT_ADDR`]: `Ok(None)` when there is none (the RAM
/// there is zeroed), `Err` when the header is there but the image is malformed.
fn script_image() -> Result<Option<Script<'static>>, ()> {
    // SAFETY: SCRIPT_ADDR..+HEADER_LEN is guest RAM (the board needs -m 512M), identity
    // mapped read-write, and nothing in the image or heap overlaps it (linker.ld asserts).
    let header =
        unsafe { core::slice::from_raw_parts(SCRIPT_ADDR as *const u8, script::HEADER_LEN) };
    let Some(len) = script::image_len(header) else {
        return Ok(None);
    };
    if len > SCRIPT_MAX {
        return Err(());
    }
    // SAFETY: as above; len <= 64 MiB keeps the image inside 384..448 MiB of RAM, which
    // nothing writes while the program runs.
    let image = unsafe { core::slice::from_raw_parts(SCRIPT_ADDR as *const u8, len) };
    script::parse(image).map(Some).ok_or(())
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo<'_>) -> ! {
    uart::start_line();
    let mut w = uart::Writer;
    let _ = write!(w, "PANIC: {}", info.message());
    if let Some(loc) = info.location() {
        let _ = write!(w, " at {}:{}", loc.file(), loc.line());
    }
    uart::write(b"\r\n");
    exit::exit(EXIT_PANIC)
}
