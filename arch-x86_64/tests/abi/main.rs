//! The calling convention: the trampoline's bytes beside their disassembly, and trace bodies
//! run through it on the host (pinned registers, helper calls, callee-saved registers of the
//! Rust caller, the safe-point check).
#![cfg(target_arch = "x86_64")]

mod common;
mod golden;
mod run;
