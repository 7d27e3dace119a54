//! `--tier 3` on the host: the JIT configuration (the host's code memory and the backend of
//! its architecture), and what `--dump-jit` and `--perf-map` print about compiled traces.

use std::fmt::Write as _;
use std::rc::Rc;

use vm_core::jit::JitConfig;

use crate::HostCodeMemory;

/// Code memory `--tier 3` may use unless told otherwise: 16 MiB.
pub const DEFAULT_CODE_MEMORY: usize = 16 << 20;

/// The host's JIT: the configuration to give the VM (`None` where the architecture has no
/// backend: the VM then runs tier 2), and the listings of what it compiled when asked for.
pub struct HostJit {
    /// What [`vm_core::Config::jit`] takes.
    pub config: Option<JitConfig>,
    #[cfg(target_arch = "x86_64")]
    log: Option<arch_x86_64::ListingLog>,
}

impl HostJit {
    /// The JIT of this host, with at most `code_limit` bytes of code memory; `listings`
    /// keeps a listing of every compiled trace (for [`HostJit::dump`] and
    /// [`HostJit::perf_map`]).
    pub fn new(code_limit: usize, listings: bool) -> HostJit {
        HostJit::with_stress(code_limit, listings, None)
    }

    /// [`HostJit::new`], with the backend's stress mode when `stress` holds a seed: one
    /// inline guard or fast path in four always hands back or takes its slow path
    /// (`tiercel --jit-stress`).
    pub fn with_stress(code_limit: usize, listings: bool, stress: Option<u64>) -> HostJit {
        #[cfg(target_arch = "x86_64")]
        {
            use arch_x86_64::X86Backend;
            use vm_core::jit::BackendFactory;
            let log: Option<arch_x86_64::ListingLog> = listings.then(Default::default);
            let for_backend = log.clone();
            let factory = move || -> Box<dyn vm_core::jit::Backend> {
                let backend = match &for_backend {
                    Some(l) => X86Backend::with_log(l.clone()),
                    None => X86Backend::new(),
                };
                Box::new(match stress {
                    Some(seed) => backend.stressed(seed),
                    None => backend,
                })
            };
            HostJit {
                config: Some(JitConfig {
                    memory: Rc::new(HostCodeMemory::new(code_limit)),
                    backend: BackendFactory(Rc::new(factory)),
                    code_limit,
                }),
                log,
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (code_limit, listings, stress, Rc::new(()));
            HostJit { config: None }
        }
    }

    /// Every compiled trace: each uop, how it was lowered, and its machine code.
    pub fn dump(&self) -> String {
        #[cfg(target_arch = "x86_64")]
        if let Some(log) = &self.log {
            let mut out = String::new();
            for t in log.borrow().iter() {
                listing::trace(&mut out, t);
            }
            return out;
        }
        String::new()
    }

    /// The lines of a perf map (`/tmp/perf-PID.map`): each compiled trace's address, length
    /// and name, so that `perf report` names the code.
    pub fn perf_map(&self) -> String {
        let mut out = String::new();
        #[cfg(target_arch = "x86_64")]
        if let Some(log) = &self.log {
            for t in log.borrow().iter() {
                let _ = writeln!(
                    out,
                    "{:x} {:x} tiercel-trace-{}",
                    t.address,
                    t.bytes.len(),
                    t.executor & 0xF_FFFF
                );
            }
        }
        out
    }
}

#[cfg(target_arch = "x86_64")]
mod listing {
    use std::fmt::Write as _;

    use arch_x86_64::TraceListing;
    use iced_x86::{Decoder, DecoderOptions, Formatter, IntelFormatter};

    /// Appends trace `t`'s listing: a header, then each uop and the instructions of its
    /// code at their addresses.
    pub(super) fn trace(out: &mut String, t: &TraceListing) {
        let _ = writeln!(
            out,
            "== trace {} at {:#x}: {} bytes",
            t.executor & 0xF_FFFF,
            t.address,
            t.bytes.len()
        );
        let mut f = IntelFormatter::new();
        f.options_mut().set_hex_prefix("0x");
        f.options_mut().set_hex_suffix("");
        let mut body_end = 0;
        for (name, c) in &t.uops {
            let _ = writeln!(out, "  {:>4} {name} ({:?})", c.pc, c.how);
            disassemble(out, &mut f, t, c.start as usize, c.end as usize);
            body_end = body_end.max(c.end as usize);
        }
        let _ = writeln!(out, "  starts, exits and slow paths");
        disassemble(out, &mut f, t, body_end, t.bytes.len());
    }

    /// Appends the instructions of `t`'s bytes `start..end` at their addresses.
    fn disassemble(
        out: &mut String,
        f: &mut IntelFormatter,
        t: &TraceListing,
        start: usize,
        end: usize,
    ) {
        let ip = t.address as u64 + start as u64;
        for inst in Decoder::with_ip(64, &t.bytes[start..end], ip, DecoderOptions::NONE) {
            let mut text = String::new();
            f.format(&inst, &mut text);
            let _ = writeln!(out, "         {:x}  {text}", inst.ip());
        }
    }
}
