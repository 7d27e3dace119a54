//! Code generator tests.
