//! The tier-1 interpreter: frames, the dispatch loop, calls, generators and unwinding.

mod bodies;
pub(crate) mod call;
pub(crate) mod coroutine;
pub(crate) mod eval;
pub mod frame;
pub(crate) mod frames;
pub(crate) mod generator;
mod in_place;
pub(crate) mod instantiate;
pub(crate) mod intrinsics;
pub(crate) mod iteration;
mod matching;
pub(crate) mod names;
pub(crate) mod operand_checks;
pub(crate) mod spec;
pub mod specialize;
pub mod stack;
pub mod traceback;
pub(crate) mod unwind;
pub(crate) mod uops;
