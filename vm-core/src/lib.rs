//! Tiercel: a `no_std` virtual machine for a Python 3 subset.
//!
//! The crate follows the pipeline: `compile` (source to bytecode), `bytecode` (the op table
//! and code objects), `object` (values and the heap), `builtins`, `interp` (the tier-1
//! interpreter), `importing` (modules: builtin, frozen and the embedder's loader),
//! `trace` (recording traces of hot code), `exec` (tier 2: the optimizer
//! API, executors, the uop executor), `jit` (executable memory and the machine-code backend
//! interface) and `vm` (configuration and the embedding API).
//!
//! | feature    | default | what it does |
//! |------------|---------|--------------|
//! | `compiler` | yes     | the source-to-bytecode front end |
//! | `std`      | yes     | `std::error::Error` impls for host embedders |
//! | `tier2`    | yes     | trace recording, the trace optimizer, the uop executor and the JIT interface (`trace`, `opt`, `exec`, `jit`); without it the interpreter runs everything |
#![no_std]
// `unsafe` only in the modules that allow it by name: `layout` (fixed layouts machine code
// reads) and `jit::{code, memory, helpers}` (executable memory, the helpers' raw pointers).
#![deny(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod api;
pub mod builtins;
pub mod bytecode;
#[cfg(feature = "compiler")]
pub mod compile;
#[cfg(feature = "tier2")]
pub mod exec;
pub mod format;
pub mod handle;
pub mod hostfs;
pub mod importing;
pub mod interp;
pub mod jit;
pub mod layout;
pub mod limits;
pub mod numeric;
pub mod object;
#[cfg(feature = "tier2")]
pub mod opt;
#[cfg(feature = "stdlib")]
pub(crate) mod stdlib;
#[cfg(not(feature = "tier2"))]
mod tier1_only;
#[cfg(feature = "tier2")]
pub(crate) mod trace;
pub mod vm;

/// The embedding guide's examples compile and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/EMBEDDING.md")]
struct EmbeddingGuide;

pub use bytecode::image;
pub use handle::Handle;
pub use limits::{Signals, Termination};
pub use object::value::Value;
pub use vm::{BufferHost, Config, Host, IoError, PyErr, PyResult, RunError, StartError, Vm};
