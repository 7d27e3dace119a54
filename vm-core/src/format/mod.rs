//! Number and string formatting with CPython 3.11 semantics.
//!
//! This module is self-contained (only `core` and `alloc`) and knows nothing about the VM's
//! value types; the VM hands it plain Rust values and maps [`FormatError`] to Python
//! exceptions. It covers:
//!
//! * `repr(float)` / `str(float)`: [`float_repr`], [`float_str`];
//! * `format()` of a complex number: [`format_complex`], [`format_complex_spec`];
//! * the format-spec mini-language used by `format()`, `str.format` and f-strings:
//!   [`parse_format_spec`], [`format_float`], [`format_int`], [`format_int_src`],
//!   [`format_str`] (plus `*_spec` conveniences that take the raw spec text);
//! * printf-style `%` formatting: [`parse_percent`], [`parse_percent_lazy`],
//!   [`percent_float`], [`percent_int`], [`percent_str`], [`percent_char_from_int`].
//!
//! Locale: `'n'` behaves as in the C locale (no grouping, `.` as decimal point), which is
//! what CPython does unless a program calls `locale.setlocale`.
//!
//! Memory: every function that may build a large buffer takes a [`Room`] and claims the
//! buffer's size from it before allocating, so any width or precision CPython accepts is
//! honoured when the result fits the caller's memory limit, and fails with
//! [`FormatErrorKind::MemoryError`] (before allocating) when it does not.

mod apply;
mod complex;
mod float_repr;
mod percent;
mod spec;
#[cfg(test)]
mod tests;

use alloc::string::String;

pub use apply::{
    format_float, format_float_spec, format_int, format_int_spec, format_int_src, format_str,
    format_str_spec, pad, IntSource,
};
pub use complex::{format_complex, format_complex_spec};
pub use float_repr::{float_repr, float_str};
pub use percent::{
    parse_percent, parse_percent_lazy, percent_char_from_int, percent_float, percent_int,
    percent_int_src, percent_str, Count, PercentFlags, PercentItem, PercentItems,
    PercentParseError, PercentSpec,
};
pub use spec::{parse_format_spec, parse_format_spec_for, Align, FormatSpec, Grouping, Sign};

/// Where a formatting call's buffers are charged: the caller's memory limit.
pub trait Room {
    /// Claims `bytes` more for a buffer about to be allocated (claims add up until the
    /// room is dropped); `false` when they do not fit, and the call fails with
    /// `MemoryError`.
    fn claim(&mut self, bytes: usize) -> bool;
}

/// A room without limit (a failed allocation still gives `MemoryError`, never a panic).
#[derive(Clone, Copy, Debug, Default)]
pub struct Unlimited;

impl Room for Unlimited {
    fn claim(&mut self, _bytes: usize) -> bool {
        true
    }
}

/// A room of a fixed number of bytes.
#[derive(Clone, Copy, Debug)]
pub struct Budget(pub usize);

impl Room for Budget {
    fn claim(&mut self, bytes: usize) -> bool {
        match self.0.checked_sub(bytes) {
            Some(left) => {
                self.0 = left;
                true
            }
            None => false,
        }
    }
}

/// The Python exception class a [`FormatError`] maps to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatErrorKind {
    /// `ValueError`.
    ValueError,
    /// `OverflowError`.
    OverflowError,
    /// `TypeError`.
    TypeError,
    /// `MemoryError` (message is empty, as in CPython).
    MemoryError,
}

/// A formatting failure: the Python exception kind and its exact CPython message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// Which exception to raise.
    pub kind: FormatErrorKind,
    /// The exception's message, identical to CPython 3.11's.
    pub message: String,
}

impl FormatError {
    /// A `ValueError` with the given message.
    pub fn value(message: impl Into<String>) -> Self {
        FormatError {
            kind: FormatErrorKind::ValueError,
            message: message.into(),
        }
    }

    /// An `OverflowError` with the given message.
    pub fn overflow(message: impl Into<String>) -> Self {
        FormatError {
            kind: FormatErrorKind::OverflowError,
            message: message.into(),
        }
    }

    /// A `TypeError` with the given message.
    pub fn type_error(message: impl Into<String>) -> Self {
        FormatError {
            kind: FormatErrorKind::TypeError,
            message: message.into(),
        }
    }

    /// A `MemoryError` (empty message, like CPython's).
    pub fn memory() -> Self {
        FormatError {
            kind: FormatErrorKind::MemoryError,
            message: String::new(),
        }
    }
}

impl core::fmt::Display for FormatError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let name = match self.kind {
            FormatErrorKind::ValueError => "ValueError",
            FormatErrorKind::OverflowError => "OverflowError",
            FormatErrorKind::TypeError => "TypeError",
            FormatErrorKind::MemoryError => "MemoryError",
        };
        if self.message.is_empty() {
            f.write_str(name)
        } else {
            write!(f, "{}: {}", name, self.message)
        }
    }
}

/// Claims `bytes` from `room` and makes an empty string with that capacity: the one way
/// this module allocates a buffer whose size a script controls.
pub(crate) fn buffer(room: &mut dyn Room, bytes: usize) -> Result<String, FormatError> {
    if !room.claim(bytes) {
        return Err(FormatError::memory());
    }
    let mut s = String::new();
    s.try_reserve_exact(bytes)
        .map_err(|_| FormatError::memory())?;
    Ok(s)
}

/// `n` as a `usize`, saturating (sizes computed in `i64` on 32-bit targets).
pub(crate) fn size(n: i64) -> usize {
    usize::try_from(n.max(0)).unwrap_or(usize::MAX)
}
