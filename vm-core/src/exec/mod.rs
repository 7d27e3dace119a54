//! Tier 2: executors and the machinery around them.
//!
//! - [`api`]: the VM-driven optimizer API and the optimizers that come with the VM.
//! - [`ir`]: the uop IR (`UopInst`, `Executor`, `ExecutorBuilder`).
//! - [`hot`]: hot-spot counters and exit temperatures.
//! - `spot`: what the interpreter does when a counter fires.
//! - `registry`: executor ids, installation, invalidation, sweeping, the memory limit.
//! - `run`: the uop executor; `exits`: taking its exits and links; `table`: what its hot
//!   loop dispatches;
//!   `forms`: the dispatch forms of what the optimizer leaves of an instruction;
//!   `compiled`: running an executor's machine code from the uop executor.
//! - [`fuel`]: what a trace counts against the instruction budget.
//! - [`stats`]: counters for `tiercel --stats`.
//!
//! Traces themselves are recorded by `crate::trace`.

pub mod api;
mod compiled;
pub mod dump;
mod exits;
mod forms;
pub mod fuel;
pub mod hot;
pub mod ir;
pub(crate) mod registry;
pub(crate) mod run;
mod spot;
pub mod stats;
mod table;

/// Side traces of side traces are allowed up to this depth (CPython's `MAX_CHAIN_DEPTH`):
/// the polymorphism one trace tree absorbs before tier 1 takes over.
pub const MAX_CHAIN_DEPTH: u8 = 4;
