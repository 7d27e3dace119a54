//! The object model: values, the heap and its collector, and the builtin object kinds.

pub mod arith;
pub mod attr;
pub mod bigint;
pub mod bigrange;
pub mod compare;
pub mod complex;
pub mod containers;
pub mod dict;
pub mod exc_fields;
pub mod exceptions;
pub mod frameobj;
pub mod hash;
pub mod heap;
pub mod heapint;
pub mod iter;
pub mod memview;
pub mod protocol;
pub mod repr;
pub mod scratch;
pub mod setops;
pub mod shape;
pub mod subscript;
pub mod typeobj;
pub mod types;
pub mod value;
pub mod value_format;
