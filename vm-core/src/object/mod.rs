//! Runtime values. (Placeholder module file: replaced at merge.)

pub mod bigint;
