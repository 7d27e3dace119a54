//! The body of every uop, a function named after the uop (`_LOAD_FAST`), grouped by what
//! the uops do. `Vm::exec_uop` (`uops.rs`) is generated from the op table and calls the
//! function of the uop's name, so a uop without a body does not compile. The specialized
//! uops' bodies call their implementations in `interp::spec`.

mod attr;
mod containers;
mod coroutines;
mod exceptions;
mod flow;
mod locals;
mod matching;
mod names;
mod operators;
mod spec;
mod tiers;

pub(crate) use attr::*;
pub(crate) use containers::*;
pub(crate) use coroutines::*;
pub(crate) use exceptions::*;
pub(crate) use flow::*;
pub(crate) use locals::*;
pub(crate) use matching::*;
pub(crate) use names::*;
pub(crate) use operators::*;
pub(crate) use spec::*;
pub(crate) use tiers::*;
