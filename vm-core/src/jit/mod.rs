//! Executable memory and the interface of a machine-code backend.
//!
//! Without the `tier2` feature only the executable memory is here ([`memory`], [`pages`],
//! [`CodeBlock`]): what a board lends a JIT, and tests on its own.
//!
//! - [`memory`]: [`CodeMemory`], what a board lends the JIT: page-granular blocks that are
//!   either writable or executable, never both (W^X).
//! - [`pages`]: [`PageAllocator`], the page allocator a board with one static code region
//!   puts behind [`CodeMemory`].
//! - `code`: [`CodeBlock`] (one block, owned, freed when dropped) and `CompiledCode`
//!   (a block holding an executor's machine code, its entry, its starts and its exits), and
//!   running the code: turning a block's address into a slice or a function.
//! - `helpers`: one `extern "C"` helper per uop, what machine code calls for a uop it
//!   does not emit inline, and the `helpers::HelperContext` machine code runs with.
//! - `link`: `link::LinkSlots`, the slots through which an exit's code goes straight on
//!   in the code of the executor it is linked to.
//! - `frames`: what machine code needs to push and pop frame records itself (the run
//!   state's offsets, the bits of a code's references).
//! - `backend`: [`Backend`], which lowers an executor to machine code (an `unsafe` trait:
//!   the VM runs the code), and [`JitConfig`], how an embedder hands a VM its code memory
//!   and backend.
//!
//! An executor registered while a backend is configured is compiled at once; its
//! `CompiledCode` lives in the executor and goes with it (invalidation, eviction, the
//! sweep, the VM's end), once no frame runs the executor any more. A failed compilation
//! (code memory exhausted, a uop the backend cannot lower) leaves the executor to the uop
//! executor. Code runs from the starts its backend lists and hands back to the uop executor
//! at a dispatch entry (see [`Backend`]).

// The backend interface (what `arch-x86_64` implements), compiled code and the helpers
// machine code calls are internals; the code memory and the JIT's configuration are public.
internal! {
    #[cfg(feature = "tier2")]
    #[allow(
        unsafe_code,
        reason = "declares the unsafe trait Backend: its implementors vouch for the code the \
                  VM runs, which `code` relies on"
    )]
    pub mod backend;
}
internal! {
    #[allow(
        unsafe_code,
        reason = "a block's address becomes a slice only here, and only the block that \
                  allocated a range seals, unseals and frees it (CodeMemory's unsafe methods)"
    )]
    pub mod code;
}
internal! {
    #[cfg(feature = "tier2")]
    #[allow(
        unsafe_code,
        reason = "the bits of a code's `Rc` and of a slice reference, which machine code \
                  writes into frame records and the run state"
    )]
    #[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the JIT backend (arch-x86_64) reads these offsets"))]
    pub mod frames;
}
internal! {
    #[cfg(feature = "tier2")]
    #[allow(
        unsafe_code,
        reason = "the uop helpers are extern \"C\" functions that take raw pointers to the \
                  VM and the frame, as machine code passes them"
    )]
    #[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the JIT backend (arch-x86_64) calls the rest of the helpers"))]
    pub mod helpers;
}
internal! {
    #[cfg(feature = "tier2")]
    #[allow(
        unsafe_code,
        reason = "an `Rc` of the executor linked code left from, made from the pointer a \
                  link slot held"
    )]
    pub mod link;
}
#[allow(
    unsafe_code,
    reason = "declares the unsafe trait CodeMemory: its implementors vouch for W^X, \
              exclusive and initialized blocks, which `code` relies on"
)]
pub mod memory;
pub mod pages;

#[cfg(feature = "tier2")]
pub use backend::{Backend, BackendFactory, CodeExits, JitConfig, JitError, JitStats};
pub use code::CodeBlock;
internal! {
    #[cfg(feature = "tier2")]
    #[cfg_attr(
        not(feature = "internals"),
        allow(unused_imports, reason = "the JIT backend (arch-x86_64) names them from here")
    )]
    pub use code::{CodeExit, CodeResult, CodeStart, CompiledCode, LOOPED, STATUS_MASK, STATUS_SHIFT};
}
pub use memory::{BoundedMemory, CodeMemory, CodeMemoryError, CodeRange};
pub use pages::PageAllocator;
