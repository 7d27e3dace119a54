//! Tiercel's x86-64 machine-code backend.
//!
//! The crate is layered, bottom up, and each layer is a module:
//!
//! - [`enc`]: the instruction encoders. Each encoder is a small pure function named after the
//!   Intel SDM instruction form it emits (`add_rm64_r64`, `movsd_xmm_m64`, `jcc_rel32`) and
//!   returns the bytes as an [`enc::Inst`]; [`enc::CodeBuf`] collects them and resolves labels.
//!   Operand types make unencodable operands unrepresentable: an index register is never RSP,
//!   an immediate or displacement is range-checked when it is built.
//! - [`abi`]: the calling convention of compiled traces (System V AMD64): the pinned
//!   registers that hold the helper context, the value stack, the running frame's locals, the
//!   small-int tag and the object arena; the entry trampoline Rust calls trace code through
//!   and the shared exit routine trace code leaves by; helper calls, with the reload of the
//!   pinned pointers after them; the status and safe-point checks.
//! - [`lower`]: the value representation: guards on a value's type, small-int boxing and
//!   unboxing, small-int arithmetic, shifts and comparisons with Python's semantics that bail
//!   to a slow path where the result leaves the small-int range, float arithmetic and
//!   comparisons in SSE2 registers, and truthiness.
//! - [`trace`]: whole executors: the walk over their dispatch entries from each start, stack
//!   slots at static depths, the inline uops, helper and flow-helper calls, the fused
//!   compare-and-branch, and the stubs every way out goes through (`trace/exit.rs`).
//! - [`backend`]: [`X86Backend`], the `vm_core::jit::Backend` the VM is configured with:
//!   copies an assembled executor into code memory, describes it, and keeps listings for
//!   `tiercel --dump-jit` and the perf map.
//!
//! A register allocator would take the module name `regalloc`. The AArch64 backend,
//! `arch-aarch64`, uses the same module and file names, so a concept lives at the same path
//! in both backends.
//!
//! SDM citations name the instruction's reference page in the Intel 64 and IA-32 Architectures
//! Software Developer's Manual, Volume 2: §3.2 holds the instructions A–L (Vol. 2A), §4.3 the
//! instructions M–U (Vol. 2B) and §5.3 the instructions W–Z (Vol. 2C), followed by the opcode
//! line as the manual writes it.
#![no_std]
#![deny(unsafe_code)]

extern crate alloc;

pub mod abi;
#[allow(
    unsafe_code,
    reason = "implements vm-core's unsafe Backend trait: vouches for the code it hands the VM"
)]
pub mod backend;
pub mod enc;
pub mod lower;
pub mod trace;

pub use backend::{ListingLog, TraceListing, X86Backend};
