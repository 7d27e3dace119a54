//! VM events: what the collector and tier 2 do, told to the embedder through
//! [`crate::Host::event`] when [`crate::Config::events`] asks for them.
//!
//! A VM that asks for none pays one test of the mask where an event could occur (a
//! collection, a raised `MemoryError`, a trace finished or abandoned). Building an event
//! allocates nothing: it borrows the names it reports. Tier-2 events never occur in a build
//! without the `tier2` feature or at tier 1.

#[cfg(feature = "tier2")]
use crate::bytecode::code::CodeObject;
#[cfg(feature = "tier2")]
use crate::object::heap::Heap;
#[cfg(feature = "tier2")]
use crate::object::types::Obj;
use crate::vm::Vm;

/// Which kinds of [`VmEvent`] the embedder wants (a set of bits; empty by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EventMask(u32);

impl EventMask {
    /// No events.
    pub const NONE: EventMask = EventMask(0);
    /// [`VmEvent::Collection`].
    pub const GC: EventMask = EventMask(1);
    /// [`VmEvent::HeapLimit`].
    pub const MEMORY: EventMask = EventMask(1 << 1);
    /// [`VmEvent::TraceRecorded`], [`VmEvent::SideTraceStitched`], [`VmEvent::TraceAborted`]
    /// and [`VmEvent::ExecutorsInvalidated`].
    pub const TRACES: EventMask = EventMask(1 << 2);
    /// [`VmEvent::MachineCode`].
    pub const JIT: EventMask = EventMask(1 << 3);
    /// Every kind.
    pub const ALL: EventMask = EventMask(0xF);
    /// The names [`EventMask::parse`] takes, with the kinds each stands for.
    pub const NAMES: [(&'static str, EventMask); 6] = [
        ("gc", EventMask(1 | 1 << 1)),
        ("memory", EventMask::MEMORY),
        ("traces", EventMask::TRACES),
        ("jit", EventMask::JIT),
        ("tier2", EventMask(1 << 2 | 1 << 3)),
        ("all", EventMask::ALL),
    ];

    /// The mask with these bits (bits no kind has are dropped).
    pub const fn from_bits(bits: u32) -> EventMask {
        EventMask(bits & EventMask::ALL.0)
    }

    /// The mask's bits.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether no kind is asked for.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every kind of `other` is in the mask.
    #[inline(always)]
    pub const fn contains(self, other: EventMask) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }

    /// Whether the mask has any kind of `other`.
    #[inline(always)]
    pub const fn intersects(self, other: EventMask) -> bool {
        self.0 & other.0 != 0
    }

    /// Both masks' kinds.
    pub const fn union(self, other: EventMask) -> EventMask {
        EventMask(self.0 | other.0)
    }

    /// A comma-separated list of [`EventMask::NAMES`] (`"gc,tier2"`); the unknown name on
    /// error.
    pub fn parse(list: &str) -> Result<EventMask, &str> {
        let mut mask = EventMask::NONE;
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match EventMask::NAMES.iter().find(|(n, _)| *n == name) {
                Some((_, m)) => mask = mask.union(*m),
                None => return Err(name),
            }
        }
        Ok(mask)
    }
}

impl core::ops::BitOr for EventMask {
    type Output = EventMask;
    fn bitor(self, other: EventMask) -> EventMask {
        self.union(other)
    }
}

/// Something the VM did that the embedder asked to hear about ([`crate::Config::events`]).
/// Names are borrowed for the call of [`crate::Host::event`] only.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum VmEvent<'a> {
    /// A collection finished (kind `GC`).
    Collection {
        /// Accounted heap bytes before it.
        bytes_before: usize,
        /// Accounted heap bytes after it.
        bytes_after: usize,
        /// Objects alive after it.
        live_objects: usize,
        /// Objects it freed.
        freed_objects: u64,
        /// How long it took by [`crate::Host::monotonic`] (0 without a clock).
        micros: u64,
    },
    /// An allocation did not fit under the heap limit: `MemoryError` is raised (kind
    /// `MEMORY`).
    HeapLimit {
        /// Accounted heap bytes.
        bytes: usize,
        /// The limit ([`crate::Config::heap_limit`]).
        limit: usize,
    },
    /// A trace of a hot loop or function was recorded and installed (kind `TRACES`).
    TraceRecorded {
        /// The qualified name of the code it starts in.
        code: &'a str,
        /// The line it starts at.
        line: u32,
        /// Its length in uops.
        uops: usize,
    },
    /// An exit of a trace got hot, and the trace recorded from there was stitched to it
    /// (kind `TRACES`).
    SideTraceStitched {
        /// The qualified name of the code the side trace starts in.
        code: &'a str,
        /// The line it starts at.
        line: u32,
        /// Its length in uops.
        uops: usize,
    },
    /// A recording was abandoned (kind `TRACES`).
    TraceAborted {
        /// Why.
        reason: &'static str,
    },
    /// Something traces assumed changed (a global rebound, a class changed): their executors
    /// are invalid now (kind `TRACES`).
    ExecutorsInvalidated {
        /// How many.
        count: usize,
    },
    /// An executor was compiled to machine code (kind `JIT`).
    MachineCode {
        /// The qualified name of the code it starts in.
        code: &'a str,
        /// The line it starts at.
        line: u32,
        /// The code memory it takes, in bytes (whole pages where code memory is paged).
        bytes: usize,
    },
}

/// One line that starts with the event's kind, as the tools print it (`gc: collection freed
/// 812 objects, 301264 -> 98304 bytes, 1203 live, 85 us`); the boards' `defmt` frames decode
/// to the same text.
impl core::fmt::Display for VmEvent<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            VmEvent::Collection {
                bytes_before,
                bytes_after,
                live_objects,
                freed_objects,
                micros,
            } => write!(
                f,
                "gc: collection freed {freed_objects} objects, {bytes_before} -> {bytes_after} \
                 bytes, {live_objects} live, {micros} us"
            ),
            VmEvent::HeapLimit { bytes, limit } => {
                write!(f, "memory: MemoryError at {bytes} bytes (limit {limit})")
            }
            VmEvent::TraceRecorded { code, line, uops } => {
                write!(f, "traces: recorded {code} line {line}, {uops} uops")
            }
            VmEvent::SideTraceStitched { code, line, uops } => write!(
                f,
                "traces: side exit hot, stitched {code} line {line}, {uops} uops"
            ),
            VmEvent::TraceAborted { reason } => write!(f, "traces: recording aborted: {reason}"),
            VmEvent::ExecutorsInvalidated { count } => {
                write!(f, "traces: {count} executors invalidated")
            }
            VmEvent::MachineCode { code, line, bytes } => {
                write!(f, "jit: compiled {code} line {line}, {bytes} bytes")
            }
        }
    }
}

/// The qualified name of `code` (empty if it is not a str).
#[cfg(feature = "tier2")]
fn code_name<'h>(heap: &'h Heap, code: &CodeObject) -> &'h str {
    match code.qualname.as_obj().and_then(|r| heap.try_get(r)) {
        Some(Obj::Str(s)) => s.as_str(),
        _ => "",
    }
}

impl Vm {
    /// Whether the embedder asked for events of a kind in `kinds`: the one test a VM that
    /// asked for none pays.
    #[inline(always)]
    pub(crate) fn wants_event(&self, kinds: EventMask) -> bool {
        self.config.events.intersects(kinds)
    }

    /// Tells the host about `e`.
    #[cold]
    #[inline(never)]
    pub(crate) fn send_event(&mut self, e: &VmEvent<'_>) {
        self.host.event(e);
    }

    /// Tells the host about a trace event naming `code` at `offset` (the name is read from
    /// the heap while the host has the event).
    #[cfg(feature = "tier2")]
    #[cold]
    #[inline(never)]
    pub(crate) fn send_code_event(
        &mut self,
        code: &CodeObject,
        offset: u32,
        make: impl FnOnce(&str, u32) -> VmEvent<'_>,
    ) {
        let line = code.line_of(offset);
        let name = code_name(&self.heap, code);
        self.host.event(&make(name, line));
    }

    /// Runs the collection `collect` and, when asked, reports it.
    #[inline]
    pub(crate) fn reporting_collection(&mut self, collect: impl FnOnce(&mut Vm)) {
        if !self.wants_event(EventMask::GC) {
            return collect(self);
        }
        let bytes_before = self.heap.bytes();
        let freed_before = self.heap.stats.freed;
        let start = self.host.monotonic();
        collect(self);
        let seconds = self.host.monotonic() - start;
        let micros = if seconds > 0.0 {
            (seconds * 1e6) as u64
        } else {
            0
        };
        self.send_event(&VmEvent::Collection {
            bytes_before,
            bytes_after: self.heap.bytes(),
            live_objects: self.heap.live_objects(),
            freed_objects: self.heap.stats.freed - freed_before,
            micros,
        });
    }

    /// Reports a `MemoryError` raised for want of room, when asked.
    #[inline]
    pub(crate) fn note_heap_limit(&mut self) {
        if self.wants_event(EventMask::MEMORY) {
            let (bytes, limit) = (self.heap.bytes(), self.heap.limit());
            self.send_event(&VmEvent::HeapLimit { bytes, limit });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::EventMask;

    #[test]
    fn names_parse_to_their_kinds() {
        let m = EventMask::parse("gc,tier2").unwrap();
        assert!(m.contains(EventMask::GC) && m.contains(EventMask::MEMORY));
        assert!(m.contains(EventMask::TRACES) && m.contains(EventMask::JIT));
        assert_eq!(EventMask::parse("memory").unwrap(), EventMask::MEMORY);
        assert_eq!(EventMask::parse("").unwrap(), EventMask::NONE);
        assert_eq!(EventMask::parse("gc,bogus"), Err("bogus"));
        assert!(!EventMask::NONE.contains(EventMask::NONE));
    }
}
