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

pub mod jit;

pub mod modules;

pub use jit::{HostJit, DEFAULT_CODE_MEMORY};
