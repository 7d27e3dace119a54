//! Clocks: the TSC for `time.monotonic`/`time.perf_counter`, calibrated against the 8254 PIT
//! (1.193182 MHz; present on microvm, q35 and pc, under TCG and KVM) the first time it is
//! needed, and the MC146818 CMOS RTC for `time.time`.

use core::arch::asm;
use core::sync::atomic::{AtomicU64, Ordering};

use super::port::{inb, outb};

const PIT_HZ: u64 = 1_193_182;
/// Calibration window: 10 ms of PIT ticks.
const CALIBRATION_TICKS: u64 = PIT_HZ / 100;
/// Used when no PIT answers: a plausible TSC rate, so time still advances.
const FALLBACK_HZ: u64 = 2_000_000_000;

static BOOT_TSC: AtomicU64 = AtomicU64::new(0);
static TSC_HZ: AtomicU64 = AtomicU64::new(0);
/// Unix time at boot in microseconds, plus one (0: not read yet).
static WALL_AT_BOOT_US: AtomicU64 = AtomicU64::new(0);

fn rdtsc() -> u64 {
    let (lo, hi): (u32, u32);
    // SAFETY: rdtsc reads the time-stamp counter; no memory is involved.
    unsafe {
        asm!("rdtsc", out("eax") lo, out("edx") hi, options(nomem, nostack, preserves_flags))
    };
    u64::from(hi) << 32 | u64::from(lo)
}

/// Records the boot time stamp.
pub fn init() {
    BOOT_TSC.store(rdtsc(), Ordering::Relaxed);
}

fn pit_count() -> u16 {
    // SAFETY: latching and reading PIT channel 0 has no effect on memory.
    unsafe {
        outb(0x43, 0x00);
        let lo = inb(0x40);
        let hi = inb(0x40);
        u16::from_le_bytes([lo, hi])
    }
}

/// Counts TSC cycles over [`CALIBRATION_TICKS`] of PIT channel 0 (mode 2, free running).
fn calibrate() -> u64 {
    // SAFETY: programming PIT channel 0. Until `arm_wakeup` reprograms it, the free-running
    // channel raises IRQ 0 every 55 ms, which only wakes the core.
    unsafe {
        outb(0x43, 0x34); // channel 0, lobyte/hibyte, mode 2, binary
        outb(0x40, 0xFF);
        outb(0x40, 0xFF);
    }
    let mut last = pit_count();
    let start_tsc = rdtsc();
    let mut ticks = 0u64;
    let mut still = 0u32;
    while ticks < CALIBRATION_TICKS {
        let now = pit_count();
        let delta = last.wrapping_sub(now);
        if delta == 0 {
            still += 1;
            if still > 5_000_000 {
                return FALLBACK_HZ;
            }
        } else {
            still = 0;
            ticks += u64::from(delta);
        }
        last = now;
    }
    let cycles = rdtsc().wrapping_sub(start_tsc);
    (cycles.saturating_mul(PIT_HZ) / ticks).max(1)
}

fn tsc_hz() -> u64 {
    match TSC_HZ.load(Ordering::Relaxed) {
        0 => {
            let hz = calibrate();
            TSC_HZ.store(hz, Ordering::Relaxed);
            hz
        }
        hz => hz,
    }
}

/// Makes PIT channel 0 raise IRQ 0 once, `seconds` from now (at most 55 ms: the counter's
/// 16 bits), so a halted core wakes up in time. The TSC is calibrated first (it uses the same
/// channel).
pub fn arm_wakeup(seconds: f64) {
    tsc_hz();
    let ticks = (seconds * PIT_HZ as f64).clamp(1.0, f64::from(u16::MAX)) as u16;
    let [lo, hi] = ticks.to_le_bytes();
    // SAFETY: programming PIT channel 0 in mode 0 (interrupt on terminal count): its output
    // rises once when the count runs out. No memory is involved.
    unsafe {
        outb(0x43, 0x30); // channel 0, lobyte/hibyte, mode 0, binary
        outb(0x40, lo);
        outb(0x40, hi);
    }
}

/// Seconds since boot.
pub fn monotonic() -> f64 {
    let hz = tsc_hz();
    let cycles = rdtsc().wrapping_sub(BOOT_TSC.load(Ordering::Relaxed));
    // Whole seconds and the remainder separately keep the precision of large counts.
    (cycles / hz) as f64 + (cycles % hz) as f64 / hz as f64
}

fn cmos(reg: u8) -> u8 {
    // SAFETY: selecting a CMOS register (NMI stays disabled) and reading it.
    unsafe {
        outb(0x70, 0x80 | reg);
        inb(0x71)
    }
}

/// Reads the RTC as Unix seconds, `None` when there is no RTC (or it reads garbage).
fn read_rtc() -> Option<u64> {
    // No RTC (microvm under KVM has none by default): the port floats to 0xFF.
    if cmos(0x0A) == 0xFF {
        return None;
    }
    let read = || {
        // Update-in-progress lasts about 2 ms; a stuck flag means a broken RTC.
        let mut spins = 0u32;
        while cmos(0x0A) & 0x80 != 0 {
            spins += 1;
            if spins > 1_000_000 {
                return None;
            }
        }
        Some([
            cmos(0x00),
            cmos(0x02),
            cmos(0x04),
            cmos(0x07),
            cmos(0x08),
            cmos(0x09),
            cmos(0x32),
        ])
    };
    let mut regs = read()?;
    loop {
        let again = read()?;
        if again == regs {
            break;
        }
        regs = again;
    }
    let status_b = cmos(0x0B);
    let binary = status_b & 0x04 != 0;
    let conv = |v: u8| -> Option<u64> {
        if binary {
            Some(u64::from(v))
        } else if v & 0x0F < 10 && v >> 4 < 10 {
            Some(u64::from(v >> 4) * 10 + u64::from(v & 0x0F))
        } else {
            None
        }
    };
    let [sec, min, hour, day, month, year, century] = regs;
    let pm = status_b & 0x02 == 0 && hour & 0x80 != 0;
    let mut hour = conv(hour & 0x7F)?;
    if status_b & 0x02 == 0 {
        hour %= 12;
        if pm {
            hour += 12;
        }
    }
    let (sec, min, day, month, year) = (
        conv(sec)?,
        conv(min)?,
        conv(day)?,
        conv(month)?,
        conv(year)?,
    );
    let year = match conv(century) {
        Some(c @ 19..=21) => c * 100 + year,
        _ if year < 70 => 2000 + year,
        _ => 1900 + year,
    };
    if sec > 60 || min > 59 || hour > 23 || !(1..=31).contains(&day) || !(1..=12).contains(&month) {
        return None;
    }
    Some(days_from_civil(year, month, day) * 86_400 + hour * 3600 + min * 60 + sec)
}

/// Days from 1970-01-01 to the given date (Howard Hinnant's algorithm), for years >= 1970.
fn days_from_civil(year: u64, month: u64, day: u64) -> u64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y / 400;
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Unix time in seconds: the RTC (read once, on first use) plus the TSC since; seconds
/// since boot when the machine has no RTC.
pub fn wall() -> f64 {
    let base_us = match WALL_AT_BOOT_US.load(Ordering::Relaxed) {
        0 => {
            let now = monotonic();
            let rtc = read_rtc().map_or(0.0, |s| s as f64);
            // The RTC counts whole seconds: this is accurate to one second.
            let us = ((rtc - now).max(0.0) * 1e6) as u64 + 1;
            WALL_AT_BOOT_US.store(us, Ordering::Relaxed);
            us
        }
        us => us,
    };
    (base_us - 1) as f64 / 1e6 + monotonic()
}
