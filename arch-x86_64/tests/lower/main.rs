//! The value-representation sequences of the `lower` layer, run on the host: each emitter is
//! wrapped in a tiny function, run over edge and pseudo-random values in every register
//! aliasing that matters, and compared with `vm_core::Value` and Python's semantics; a few
//! sequences are checked byte for byte beside their disassembly.
#![cfg(target_arch = "x86_64")]

mod common;
mod float;
mod golden;
mod int;
mod value;
