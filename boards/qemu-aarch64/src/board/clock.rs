//! Clocks: the generic timer's virtual counter (monotonic) and the PL031 RTC (wall time).

use core::ptr::read_volatile;

/// MMIO base of the PL031 real-time clock on `-M virt`.
pub const RTC_BASE: usize = 0x0901_0000;
/// The virt machine's counter frequency, used if CNTFRQ_EL0 was left 0 by firmware.
const FALLBACK_HZ: u64 = 62_500_000;

/// The virtual counter (CNTVCT_EL0), in ticks of [`frequency`].
pub fn counter() -> u64 {
    let v: u64;
    // SAFETY: reading CNTVCT_EL0 is allowed at EL1 (and EL2 set CNTHCTL_EL2 if we came
    // through it); `isb` keeps the read from being hoisted. No memory is touched.
    unsafe { core::arch::asm!("isb", "mrs {}, cntvct_el0", out(reg) v, options(nomem, nostack)) };
    v
}

/// Counter ticks per second (CNTFRQ_EL0).
pub fn frequency() -> u64 {
    let f: u64;
    // SAFETY: reading CNTFRQ_EL0 has no side effect and touches no memory.
    unsafe { core::arch::asm!("mrs {}, cntfrq_el0", out(reg) f, options(nomem, nostack)) };
    if f == 0 {
        FALLBACK_HZ
    } else {
        f
    }
}

fn rtc_reg(off: usize) -> u32 {
    // SAFETY: RTC_BASE + off is a register of the PL031 of the virt machine (mapped as device
    // memory); reads have no side effects.
    unsafe { read_volatile((RTC_BASE + off) as *const u32) }
}

/// Seconds since the Unix epoch from the PL031, or `None` when its PrimeCell ID does not match.
pub fn rtc_seconds() -> Option<u64> {
    const PERIPH_ID: [u32; 4] = [0x31, 0x10, 0x14, 0x00];
    const PCELL_ID: [u32; 4] = [0x0D, 0xF0, 0x05, 0xB1];
    for i in 0..4 {
        if rtc_reg(0xFE0 + 4 * i) & 0xFF != PERIPH_ID[i]
            || rtc_reg(0xFF0 + 4 * i) & 0xFF != PCELL_ID[i]
        {
            return None;
        }
    }
    Some(u64::from(rtc_reg(0x000)))
}
