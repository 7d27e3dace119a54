//! VM events as `defmt` frames (feature `defmt`): the board's host sends each event the
//! script image's flags asked for ([`crate::script::events`]) as one frame, which `cargo
//! xtask qemu` decodes to a line such as `gc: collection freed 812 objects, 301264 -> 98304
//! bytes, 1203 live, 85 us`. The first word names the kind, as `--events` does.

use vm_core::VmEvent;

/// Sends `e` as a `defmt` frame.
pub fn send(e: &VmEvent<'_>) {
    match *e {
        VmEvent::Collection {
            bytes_before,
            bytes_after,
            live_objects,
            freed_objects,
            micros,
        } => defmt::println!(
            "gc: collection freed {=u64} objects, {=usize} -> {=usize} bytes, {=usize} live, {=u64} us",
            freed_objects,
            bytes_before,
            bytes_after,
            live_objects,
            micros
        ),
        VmEvent::HeapLimit { bytes, limit } => defmt::println!(
            "memory: MemoryError at {=usize} bytes (limit {=usize})",
            bytes,
            limit
        ),
        VmEvent::TraceRecorded { code, line, uops } => defmt::println!(
            "traces: recorded {=str} line {=u32}, {=usize} uops",
            code,
            line,
            uops
        ),
        VmEvent::SideTraceStitched { code, line, uops } => defmt::println!(
            "traces: side exit hot, stitched {=str} line {=u32}, {=usize} uops",
            code,
            line,
            uops
        ),
        VmEvent::TraceAborted { reason } => {
            defmt::println!("traces: recording aborted: {=str}", reason)
        }
        VmEvent::ExecutorsInvalidated { count } => {
            defmt::println!("traces: {=usize} executors invalidated", count)
        }
        VmEvent::MachineCode { code, line, bytes } => defmt::println!(
            "jit: compiled {=str} line {=u32}, {=usize} bytes",
            code,
            line,
            bytes
        ),
    }
}
