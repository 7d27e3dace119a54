//! Methods of `bytes` and `bytearray`.

pub(crate) fn install(_vm: &mut crate::vm::Vm) {}
