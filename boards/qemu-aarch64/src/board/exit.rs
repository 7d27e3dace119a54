//! Leaving QEMU with a status code: semihosting `SYS_EXIT` (needs
//! `-semihosting-config enable=on,target=native`; QEMU exits with `status & 0xFF`).

const SYS_EXIT: u64 = 0x18;
const ADP_STOPPED_APPLICATION_EXIT: u64 = 0x20026;

/// Exits QEMU with `status`. Without semihosting the `hlt` traps (an undefined-instruction
/// exception); the fault handler prints its `FAULT:` line and tries to exit the same way,
/// faults again and halts the core in `wfe`, so the harness's timeout ends the run.
pub fn exit(status: i32) -> ! {
    let block: [u64; 2] = [ADP_STOPPED_APPLICATION_EXIT, status as u32 as u64];
    // SAFETY: the semihosting call reads the two-word parameter block at x1, which lives on
    // this stack frame for the duration of the call; it does not return when it succeeds.
    unsafe {
        core::arch::asm!(
            "hlt #0xf000",
            in("x0") SYS_EXIT,
            in("x1") block.as_ptr(),
            options(nostack, readonly)
        );
    }
    halt()
}

/// Stops the core for good (`wfe` forever).
pub fn halt() -> ! {
    loop {
        // SAFETY: `wfe` only waits for an event; it touches no memory.
        unsafe { core::arch::asm!("wfe", options(nomem, nostack)) };
    }
}
