//! Tiercel: a `no_std` virtual machine for a Python 3 subset.
//!
//! The crate follows the pipeline: `compile` (source to bytecode), `bytecode` (the op table
//! and code objects), `object` (values and the heap), `builtins`, `interp` (the tier-1
//! interpreter), `importing` (modules: builtin, frozen and the embedder's loader),
//! `trace` (recording traces of hot code), `exec` (tier 2: the optimizer
//! API, executors, the uop executor), `jit` (executable memory and the machine-code backend
//! interface), `vm` (configuration and state) and `embed` (the embedding API:
//! [`Interpreter`], typed conversions, native functions and classes; `docs/EMBEDDING.md`).
//!
//! | feature    | default | what it does |
//! |------------|---------|--------------|
//! | `compiler` | yes     | the source-to-bytecode front end |
//! | `std`      | yes     | `std::error::Error` impls for the image and JIT errors (the run errors implement `core::error::Error` always) |
//! | `tier2`    | yes     | trace recording, the trace optimizer, the uop executor and the JIT interface (`trace`, `opt`, `exec`, `jit`); without it the interpreter runs everything |
#![no_std]
// `unsafe` only in the modules that allow it by name: `layout` (fixed layouts machine code
// reads) and `jit::{code, memory, helpers}` (executable memory, the helpers' raw pointers).
#![deny(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// The public API is [`Interpreter`] and what it uses (re-exported below), `hostfs` and
// `importing::loader` (what a `Host` implements), `jit` (code memory and backends), `exec`
// (custom optimizers) and `image` (bytecode images). The other modules are the VM's
// internals: public only for the project's own crates (`arch-x86_64` reads layouts and
// executors, the boards and the `tiercel` command drive `Vm`, `fuzz` and `xtask` inspect it),
// hidden from the documentation and not covered by semver.
#[doc(hidden)]
pub mod api;
#[doc(hidden)]
pub mod builtins;
#[doc(hidden)]
pub mod bytecode;
#[cfg(feature = "compiler")]
#[doc(hidden)]
pub mod compile;
pub mod embed;
pub mod events;
#[cfg(feature = "tier2")]
pub mod exec;
#[doc(hidden)]
pub mod format;
#[doc(hidden)]
pub mod frozen;
#[doc(hidden)]
pub mod handle;
pub mod hostfs;
pub mod importing;
#[doc(hidden)]
pub mod interp;
pub mod jit;
#[doc(hidden)]
pub mod layout;
#[doc(hidden)]
pub mod limits;
#[doc(hidden)]
pub mod numeric;
#[doc(hidden)]
pub mod object;
#[cfg(feature = "tier2")]
#[doc(hidden)]
pub mod opt;
#[cfg(feature = "stdlib")]
pub(crate) mod stdlib;
#[cfg(not(feature = "tier2"))]
mod tier1_only;
#[cfg(feature = "tier2")]
pub(crate) mod trace;
#[doc(hidden)]
pub mod vm;

/// The embedding guide's examples compile and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/EMBEDDING.md")]
struct EmbeddingGuide;

pub use bytecode::image;
pub use embed::{
    Allow, CallCtx, ClassBuilder, ConvError, ExcKind, FromArgs, FromPy, Interpreter, IntoArgs,
    IntoPy, ModuleBuilder, NativeClass, Variadic,
};
pub use events::{EventMask, VmEvent};
pub use handle::Handle;
pub use limits::{Signals, Termination};
#[doc(hidden)]
pub use object::value::Value;
#[doc(hidden)]
pub use vm::Vm;
pub use vm::{BufferHost, Config, Host, IoError, PyErr, PyResult, RunError, StartError};
