//! The host board's library: what the `tiercel` command and its tests share.
//!
//! [`codemem`] is the host's executable memory ([`vm_core::jit::CodeMemory`] over
//! `mmap`/`mprotect`); it is the only module with `unsafe` code. [`cli`] reads the command
//! line, [`launch`] loads the program, [`stdio`] and [`host`] are the standard streams and the
//! VM's host on them, [`repl`] is the interactive loop, [`interrupt`] turns `SIGINT` into the
//! VM's interrupt request.
#![deny(unsafe_code)]

#[allow(
    unsafe_code,
    reason = "maps, protects and unmaps pages (system calls on raw addresses) and vouches for \
              them as vm-core's unsafe CodeMemory trait asks"
)]
pub mod codemem;

pub use codemem::HostCodeMemory;

pub mod cli;
pub mod host;
pub mod interrupt;
pub mod jit;
pub mod launch;
pub mod repl;
pub mod stdio;

pub mod files;

pub mod modules;

pub use host::StdHost;
pub use jit::{HostJit, DEFAULT_CODE_MEMORY};
