//! Pure numeric support code: plain Rust numbers in, plain results or small error enums out.
//! Nothing here knows the VM's value types; the VM wraps these in Python objects/exceptions.
//!
//! * [`mt19937`]: CPython's Mersenne Twister and the `random.py` algorithms on top of it.
//! * [`sha512`]: SHA-512, only for `random.seed(str | bytes)`.
//! * [`mathfn`]: the float functions of the `math` module with CPython's error rules.
//! * [`complex`]: `complex` arithmetic, repr and parsing.
//! * [`cmathfn`]: the functions of the `cmath` module.
//! * [`floatops`]: `float` arithmetic, rounding, hashing, parsing and hex formatting.
//!
//! Test vectors come from CPython 3.11 via `gen_vectors.py` (run it from this directory:
//! `python3 gen_vectors.py`); they live in `vectors/`.

pub mod cmathfn;
pub mod complex;
mod dd;
pub mod floatops;
pub mod mathfn;
pub mod mt19937;
pub mod sha512;

#[cfg(test)]
mod tests;
