//! The host board's library: what the `tiercel` command and its tests share.
//!
//! [`codemem`] is the host's executable memory ([`vm_core::jit::CodeMemory`] over
//! `mmap`/`mprotect`); it is the only module with `unsafe` code.
#![deny(unsafe_code)]

#[allow(
    unsafe_code,
    reason = "maps, protects and unmaps pages (system calls on raw addresses) and vouches for \
              them as vm-core's unsafe CodeMemory trait asks"
)]
pub mod codemem;

pub use codemem::HostCodeMemory;

use std::rc::Rc;

use vm_core::jit::JitConfig;

/// Code memory `--tier 3` may use unless told otherwise: 16 MiB.
pub const DEFAULT_CODE_MEMORY: usize = 16 << 20;

/// The JIT of this host (`--tier 3`): the host's code memory, at most `code_limit` bytes,
/// and the backend of its architecture; `None` where there is no backend (the VM then
/// runs tier 2).
pub fn host_jit(code_limit: usize) -> Option<JitConfig> {
    #[cfg(target_arch = "x86_64")]
    {
        use vm_core::jit::BackendFactory;
        Some(JitConfig {
            memory: Rc::new(HostCodeMemory::new(code_limit)),
            backend: BackendFactory(Rc::new(|| Box::new(arch_x86_64::X86Backend::new()))),
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = code_limit;
        None
    }
}
