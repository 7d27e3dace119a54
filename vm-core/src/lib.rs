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
//! | `internals` | no     | the VM's internals for the project's own crates (the JIT backend, boards, fuzzer, xtask); not covered by semver |
#![no_std]
// `unsafe` only in the modules that allow it by name: `layout` (fixed layouts machine code
// reads) and `jit::{code, memory, helpers}` (executable memory, the helpers' raw pointers).
#![deny(unsafe_code)]
// Clippy leaves the names of exported items alone (`avoid-breaking-exported-api`); the
// internals are exported with the `internals` feature, and keep the same names without it.
#![cfg_attr(
    not(feature = "internals"),
    allow(
        clippy::enum_variant_names,
        clippy::upper_case_acronyms,
        clippy::wrong_self_convention,
        reason = "the internals' names are their exported names in the `internals` build"
    )
)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// The public API is [`Interpreter`] and what it names (re-exported below), `hostfs` and
// `importing::loader` (what a `Host` implements), `jit` (code memory and the JIT's
// configuration) and `image` (bytecode images). The other modules are the VM's internals:
// `pub(crate)`, or public and hidden from the documentation with the `internals` feature,
// which the project's own crates enable (`arch-x86_64` reads layouts and executors, the
// boards and the `tiercel` command drive `Vm`, `fuzz` and `xtask` inspect it); semver does
// not cover them. Internal types that public signatures name stay unnameable outside the
// crate (`Vm` and `Value` in the conversion traits' methods, the executor in
// `jit::Backend::compile`): those traits are implemented here and by the project's crates,
// not by embedders. `examples/embed-surface/check.sh` checks that the internals stay private.

/// Declares an internal item (a module, a function): public and hidden from the documentation
/// with the `internals` feature, crate-private without it.
macro_rules! internal {
    ($(#[$attr:meta])* pub $($item:tt)*) => {
        $(#[$attr])*
        #[cfg(feature = "internals")]
        #[doc(hidden)]
        pub $($item)*
        $(#[$attr])*
        #[cfg(not(feature = "internals"))]
        pub(crate) $($item)*
    };
}

internal! {
    #[cfg_attr(
        not(feature = "internals"),
        allow(dead_code, unused_imports, reason = "the boards' REPLs use the rest of this API")
    )]
    pub mod api;
}
internal! { pub mod builtins; }
internal! { pub mod bytecode; }
internal! {
    #[cfg(feature = "compiler")]
    pub mod compile;
}
pub mod embed;
pub mod events;
internal! {
    #[cfg(feature = "tier2")]
    pub mod exec;
}
internal! {
    #[cfg_attr(
        not(feature = "internals"),
        allow(dead_code, unused_imports, reason = "the fuzzer and the unit tests use the rest of the formatting functions")
    )]
    pub mod format;
}
internal! {
    #[cfg_attr(
        not(feature = "internals"),
        allow(dead_code, unused_imports, reason = "xtask lists and packs the frozen sources")
    )]
    pub mod frozen;
}
internal! { pub mod handle; }
pub mod hostfs;
pub mod importing;
internal! { pub mod interp; }
pub mod jit;
internal! {
    #[cfg_attr(
        not(feature = "internals"),
        allow(dead_code, unused_imports, reason = "the JIT backend (arch-x86_64) reads the rest of the layouts")
    )]
    pub mod layout;
}
internal! { pub mod limits; }
internal! {
    #[cfg_attr(
        not(feature = "internals"),
        allow(dead_code, unused_imports, reason = "the unit tests and the JIT backend use the rest of the numeric functions")
    )]
    pub mod numeric;
}
internal! { pub mod object; }
internal! {
    #[cfg(feature = "tier2")]
    pub mod opt;
}
#[cfg(feature = "stdlib")]
pub(crate) mod stdlib;
#[cfg(not(feature = "tier2"))]
mod tier1_only;
#[cfg(feature = "tier2")]
pub(crate) mod trace;
internal! { pub mod vm; }

/// The embedding guide's examples compile and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/EMBEDDING.md")]
struct EmbeddingGuide;

pub use bytecode::image;
use bytecode::ops::{for_each_op, for_each_uop};
pub use embed::{
    Allow, CallCtx, ClassBuilder, ConvError, ExcKind, FromArgs, FromPy, Interpreter, IntoArgs,
    IntoPy, ModuleBuilder, NativeClass, Variadic,
};
pub use events::{EventMask, VmEvent};
pub use handle::Handle;
pub use limits::{Signals, Termination};
internal! { pub use object::value::Value; }
internal! {
    #[cfg_attr(
        not(feature = "internals"),
        allow(unused_imports, reason = "only the compiler's image writer names `crate::Vm`")
    )]
    pub use vm::Vm;
}
pub use vm::{BufferHost, Config, Host, IoError, PyErr, PyResult, RunError, StartError};
