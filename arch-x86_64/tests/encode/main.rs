//! The encoders checked against iced-x86's decoder: golden bytes with their disassembly,
//! round trips of every encoder over every register and addressing form, and label fixups.

mod common;
mod coverage;
mod flow;
mod golden;
mod gpr;
mod labels;
mod sse;
