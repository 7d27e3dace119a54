//! Clocks: the generic timer's virtual counter (monotonic) and the PL031 RTC (wall time).

use core::arch::asm;
use core::ptr::read_volatile;
use core::sync::atomic::{AtomicU64, Ordering};

/// MMIO base of the PL031 real-time clock on `-M virt`.
pub const RTC_BASE: usize = 0x0901_0000;
/// The virt machine's counter frequency, used if CNTFRQ_EL0 was left 0 by firmware.
const FALLBACK_HZ: u64 = 62_500_000;

static BOOT_TICKS: AtomicU64 = AtomicU64::new(0);
static HZ: AtomicU64 = AtomicU64::new(FALLBACK_HZ);
/// Unix seconds at boot from the RTC (0 without one).
static WALL_AT_BOOT: AtomicU64 = AtomicU64::new(0);

/// Records the boot time: the counter, its frequency, the RTC.
pub fn init() {
    BOOT_TICKS.store(counter(), Ordering::Relaxed);
    HZ.store(frequency(), Ordering::Relaxed);
    WALL_AT_BOOT.store(rtc_seconds().unwrap_or(0), Ordering::Relaxed);
}

/// Makes the virtual timer interrupt (INTID 27) `seconds` from now, so a waiting core wakes up
/// in time.
pub fn arm_wakeup(seconds: f64) {
    let ticks = (seconds.max(0.0) * HZ.load(Ordering::Relaxed) as f64) as u64;
    let at = counter().saturating_add(ticks.max(1));
    // SAFETY: CNTV_CVAL_EL0 and CNTV_CTL_EL0 are EL1-accessible timer registers; setting the
    // compare value and enabling the timer (unmasked) touches no memory.
    unsafe {
        asm!("msr cntv_cval_el0, {}", in(reg) at, options(nomem, nostack));
        asm!("msr cntv_ctl_el0, {}", "isb", in(reg) 1u64, options(nomem, nostack));
    }
}

/// Stops the virtual timer, so its level-triggered interrupt goes away (the timer's
/// interrupt handler calls this).
pub fn disarm_wakeup() {
    // SAFETY: disabling the virtual timer touches no memory.
    unsafe { asm!("msr cntv_ctl_el0, xzr", "isb", options(nomem, nostack)) };
}

/// Seconds since boot.
pub fn monotonic() -> f64 {
    let hz = HZ.load(Ordering::Relaxed);
    let ticks = counter().wrapping_sub(BOOT_TICKS.load(Ordering::Relaxed));
    // Whole seconds and the remainder separately keep the precision of large counts.
    (ticks / hz) as f64 + (ticks % hz) as f64 / hz as f64
}

/// Unix time in seconds: the RTC at boot plus the counter since; seconds since boot when
/// the machine has no RTC.
pub fn wall() -> f64 {
    WALL_AT_BOOT.load(Ordering::Relaxed) as f64 + monotonic()
}

/// The virtual counter (CNTVCT_EL0), in ticks of [`frequency`].
fn counter() -> u64 {
    let v: u64;
    // SAFETY: reading CNTVCT_EL0 is allowed at EL1 (and EL2 set CNTHCTL_EL2 if we came
    // through it); `isb` keeps the read from being hoisted. No memory is touched.
    unsafe { core::arch::asm!("isb", "mrs {}, cntvct_el0", out(reg) v, options(nomem, nostack)) };
    v
}

/// Counter ticks per second (CNTFRQ_EL0).
fn frequency() -> u64 {
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
fn rtc_seconds() -> Option<u64> {
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
