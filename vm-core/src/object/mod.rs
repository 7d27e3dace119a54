//! The object model: values, the heap and its collector, and the builtin object kinds.

pub mod bigint;
pub mod dict;
pub mod value;
