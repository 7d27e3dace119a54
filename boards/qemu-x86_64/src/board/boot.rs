//! Entry: the PVH note and 32-to-64-bit trampoline (`boot.s`), `kmain`, the heap and the
//! stack, the script area; the TSS (an IST stack for exceptions, so a stack overflow into the
//! guard page still reports, and one for hardware interrupts), the IDT and the exception
//! handler.

use core::arch::{asm, global_asm};
use core::ptr::addr_of_mut;

use super::{clock, codemem, exit, interrupts, mmu, uart, DEVICES, INFO};

global_asm!(include_str!("boot.s"), options(att_syntax));

/// Bytes of the heap the global allocator manages, from [`board_heap::config`] (it must
/// stay below the script image at 384 MiB together with the rest of the image); the VM's heap
/// limit follows (3/4 of it).
pub const HEAP_SIZE: usize = board_heap::config::HEAP_SIZE;
/// Bytes of the boot stack (a not-present 2 MiB guard page lies below it), from
/// [`board_heap::config`]. The deepest `tests/py` program needs far less (see README.md), but
/// the VM's recursion limit decides how deep Python code can go before `RecursionError`, and
/// that needs room.
pub const STACK_SIZE: usize = board_heap::config::STACK_SIZE;

board_heap::memory!(heap = HEAP_SIZE, stack = STACK_SIZE);

/// Called by the trampoline in 64-bit mode on the boot stack.
#[no_mangle]
extern "C" fn kmain() -> ! {
    clock::init();
    uart::init();
    init_interrupts();
    mmu::init();
    init_heap();
    interrupts::init();
    #[cfg(feature = "defmt")]
    {
        super::defmt_logger::init();
        defmt::println!("boot: qemu-x86_64, heap {=usize} bytes", HEAP_SIZE);
    }
    exit::exit(board_common::main::<_, codemem::CodeRegion>(
        DEVICES,
        INFO,
        script_area(),
    ))
}

/// Where the harness loads the script image (`-device loader,addr=...,force-raw=on`).
pub const SCRIPT_ADDR: usize = 0x1800_0000;
/// The largest script image the board accepts.
pub const SCRIPT_MAX: usize = 64 << 20;

/// The RAM where the harness places the script image.
fn script_area() -> &'static [u8] {
    // SAFETY: SCRIPT_ADDR..+SCRIPT_MAX (384..448 MiB) is guest RAM (the board needs
    // -m 512M), identity mapped, initialized (zero or the harness's image), and nothing
    // writes it: linker.ld asserts the image, heap and stack end below it.
    unsafe { core::slice::from_raw_parts(SCRIPT_ADDR as *const u8, SCRIPT_MAX) }
}

extern "C" {
    /// The 32 exception stubs' addresses (boot.s).
    static isr_table: [u64; 32];
    /// The IRQ stubs' addresses (boot.s), for vectors `IRQ_BASE..`.
    static irq_table: [u64; interrupts::IRQ_COUNT];
    /// The GDT (boot.s): null, code 0x08, data 0x10, TSS 0x18 (two slots).
    static mut gdt64: [u64; 5];
}

const TSS_SELECTOR: u16 = 0x18;
const CODE_SELECTOR: u64 = 0x08;
const IST_STACK_SIZE: usize = 32 << 10;

/// The 64-bit task-state segment: IST1 for exceptions, IST2 for hardware interrupts.
#[repr(C, packed(4))]
struct Tss {
    reserved0: u32,
    rsp: [u64; 3],
    reserved1: u64,
    ist: [u64; 7],
    reserved2: u64,
    reserved3: u16,
    iomap_base: u16,
}

#[repr(C, align(16))]
struct IstStack([u8; IST_STACK_SIZE]);

/// Gates for the 32 exception vectors and the IRQ vectors after them, two words each.
const GATES: usize = 32 + interrupts::IRQ_COUNT;

#[repr(C, align(16))]
struct Idt([u64; 2 * GATES]);

static mut TSS: Tss = Tss {
    reserved0: 0,
    rsp: [0; 3],
    reserved1: 0,
    ist: [0; 7],
    reserved2: 0,
    reserved3: 0,
    iomap_base: 104,
};
static mut IST_STACK: IstStack = IstStack([0; IST_STACK_SIZE]);
/// The interrupt handlers' stack: the interrupted code may be machine code that uses the red
/// zone below its stack pointer, which a handler on the same stack would overwrite.
static mut IRQ_STACK: IstStack = IstStack([0; IST_STACK_SIZE]);
static mut IDT: Idt = Idt([0; 2 * GATES]);

#[repr(C, packed)]
struct DescriptorPointer {
    limit: u16,
    base: u64,
}

/// Loads the TSS and an IDT whose 32 exception gates all run on IST1 and end in
/// [`exc_handler`], and whose IRQ gates (vectors 32..48) run on IST2 and end in
/// `interrupts::irq_handler`. Interrupts stay off until `interrupts::init`.
pub fn init_interrupts() {
    // SAFETY: runs once at boot on one CPU, before anything else uses TSS, IDT or the GDT's
    // TSS slots; the descriptors written are well formed (64-bit available TSS, interrupt
    // gates with the 64-bit code selector), and they point at statics that live forever.
    unsafe {
        let tss = addr_of_mut!(TSS);
        let ist_top = addr_of_mut!(IST_STACK) as u64 + IST_STACK_SIZE as u64;
        (*tss).ist[0] = ist_top;
        (*tss).ist[1] = addr_of_mut!(IRQ_STACK) as u64 + IST_STACK_SIZE as u64;
        let base = tss as u64;
        let limit = (size_of::<Tss>() - 1) as u64;
        let gdt = addr_of_mut!(gdt64);
        (*gdt)[3] = (limit & 0xFFFF)
            | (base & 0xFF_FFFF) << 16
            | 0x89 << 40
            | ((limit >> 16) & 0xF) << 48
            | ((base >> 24) & 0xFF) << 56;
        (*gdt)[4] = base >> 32;
        asm!("ltr {0:x}", in(reg) TSS_SELECTOR, options(nostack, preserves_flags));

        let idt = addr_of_mut!(IDT);
        let gates = isr_table
            .iter()
            .map(|&h| (h, 1))
            .chain(irq_table.iter().map(|&h| (h, 2)));
        for (vector, (handler, ist)) in gates.enumerate() {
            let low = (handler & 0xFFFF)
                | CODE_SELECTOR << 16
                | ist << 32
                | 0x8E << 40 // present, DPL 0, 64-bit interrupt gate (IF cleared)
                | ((handler >> 16) & 0xFFFF) << 48;
            (*idt).0[2 * vector] = low;
            (*idt).0[2 * vector + 1] = handler >> 32;
        }
        let pointer = DescriptorPointer {
            limit: (size_of::<Idt>() - 1) as u16,
            base: idt as u64,
        };
        asm!("lidt [{0}]", in(reg) &pointer, options(nostack, preserves_flags));
    }
}

fn name(vector: u64) -> &'static str {
    match vector {
        0 => "#DE divide error",
        1 => "#DB debug",
        2 => "NMI",
        3 => "#BP breakpoint",
        4 => "#OF overflow",
        5 => "#BR bound range",
        6 => "#UD invalid opcode",
        7 => "#NM device not available",
        8 => "#DF double fault",
        10 => "#TS invalid TSS",
        11 => "#NP segment not present",
        12 => "#SS stack fault",
        13 => "#GP general protection",
        14 => "#PF page fault",
        16 => "#MF x87 error",
        17 => "#AC alignment check",
        18 => "#MC machine check",
        19 => "#XM SIMD exception",
        20 => "#VE virtualization",
        21 => "#CP control protection",
        _ => "reserved",
    }
}

/// Called by the stubs in boot.s with `frame = [vector, error, rip, cs, rflags, rsp, ss]`:
/// prints one `FAULT:` line and exits QEMU with `EXIT_FAULT`.
#[no_mangle]
extern "C" fn exc_handler(frame: *const u64) -> ! {
    // SAFETY: the stub passes a pointer to the 7 words it and the CPU pushed on IST1.
    let [vector, error, rip, _cs, _rflags, rsp, _ss] = unsafe { frame.cast::<[u64; 7]>().read() };
    let cr2: u64;
    // SAFETY: reading CR2 has no side effects.
    unsafe { asm!("mov {0}, cr2", out(reg) cr2, options(nomem, nostack, preserves_flags)) };
    #[cfg(feature = "defmt")]
    defmt::error!(
        "fault: vector {=u64} error {=u64:#x} rip {=u64:#x} cr2 {=u64:#x}",
        vector,
        error,
        rip,
        cr2
    );
    let status = board_common::report::fault(
        DEVICES,
        format_args!(
            "vector {vector} ({}) error {error:#x} rip {rip:#x} cr2 {cr2:#x} rsp {rsp:#x}",
            name(vector)
        ),
        vector == 14 && mmu::is_stack_guard(cr2),
    );
    status.map_or_else(|| exit::halt(), exit::exit)
}
