//! The bodies of the generic uops, grouped by what they do. `Vm::exec_uop` (`uops.rs`)
//! dispatches to them, one line per uop; the specialized uops' bodies are in `spec`.

mod attr;
mod containers;
mod exceptions;
mod flow;
mod locals;
mod names;
mod operators;
