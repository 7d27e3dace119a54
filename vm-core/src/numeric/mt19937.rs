//! CPython-identical Mersenne Twister (`Modules/_randommodule.c`) plus the pure-Python parts
//! of `Lib/random.py` (3.11) that decide how raw words become ints, indices and floats.
//!
//! The VM owns the Python-visible `random` module; this file gives it the exact bit streams
//! so `random.seed(42); random.random()` reproduces CPython's sequence.
//!
//! # How CPython 3.11 `random` maps onto this API
//!
//! * `random.seed(n)` for an `int` n: the key is `|n|` as little-endian 32-bit words with
//!   high zero words dropped (`[0]` for n == 0); see [`seed_words_from_abs_int`], then
//!   [`Mt19937::init_by_array`].
//! * `random.seed(x)` for a `float` x: key from `hash(x)` reinterpreted as an unsigned
//!   64-bit value (`(size_t)hash`), then as for an int. E.g. `seed(1.0) == seed(1)` but
//!   `seed(-1.5)` uses `2**64 + hash(-1.5)`. See [`seed_words_from_hash`].
//! * `random.seed(s)` for `str`/`bytes`/`bytearray` (version 2, the default): `b = s.encode()`
//!   (UTF-8) for str; then `n = int.from_bytes(b + sha512(b).digest(), "big")` and seed with n.
//!   [`seed_words_from_bytes`] does all of it (SHA-512 lives in `sha512.rs`).
//! * `random.seed(None)`/`seed()`: OS entropy; the VM picks any key (not reproducible anyway).
//! * `random.random()`: [`Mt19937::random`].
//! * `random.getrandbits(k)`: [`Mt19937::getrandbits`] (k < 0 is `ValueError: number of bits
//!   must be non-negative`; k == 0 gives 0 without consuming state).
//! * `_randbelow(n)` (n > 0): [`randbelow`]: `k = n.bit_length()`, draw `getrandbits(k)` until
//!   the result is `< n`.
//! * `randrange(stop)`: stop > 0 -> `_randbelow(stop)`, else `ValueError: empty range for
//!   randrange()`.
//! * `randrange(start, stop)` (step 1): `width = stop - start`; width > 0 ->
//!   `start + _randbelow(width)` else `ValueError: empty range for randrange() (start, stop,
//!   width)`.
//! * `randrange(start, stop, step)`: step > 0 -> `n = (width + step - 1) // step`; step < 0 ->
//!   `n = (width + step + 1) // step` (floor division); step == 0 -> `ValueError: zero step
//!   for randrange()`; n <= 0 -> `ValueError: empty range for randrange()`; result
//!   `start + step * _randbelow(n)`. [`randrange_count`] computes n for `i64` arguments.
//! * `randint(a, b)` == `randrange(a, b + 1)`.
//! * `choice(seq)`: empty -> `IndexError: Cannot choose from an empty sequence`, else
//!   `seq[_randbelow(len(seq))]`.
//! * `shuffle(x)`: `for i in reversed(range(1, len(x))): j = _randbelow(i + 1); swap(x[i],
//!   x[j])`; see [`Mt19937::shuffle`].
//! * `uniform(a, b)`: `a + (b - a) * random()` (plain float arithmetic, in that order).
//! * `getstate()` is `(3, (*words, index), gauss_next)`; `setstate` rejects an index outside
//!   `0..=624` with `ValueError: invalid state` ([`Mt19937::set_state`]).

use alloc::vec;
use alloc::vec::Vec;

/// Degree of recurrence (state size in words).
const N: usize = 624;
/// Middle word offset.
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// Number of state words (`len(random.getstate()[1]) - 1`).
pub const STATE_WORDS: usize = N;

/// The `setstate` index was outside `0..=624` (`ValueError: invalid state`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidState;

/// Mersenne Twister MT19937 with CPython's seeding and output functions.
#[derive(Clone)]
pub struct Mt19937 {
    mt: [u32; N],
    index: usize,
}

impl core::fmt::Debug for Mt19937 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // 624 words are noise in a debug dump.
        f.debug_struct("Mt19937")
            .field("index", &self.index)
            .finish_non_exhaustive()
    }
}

impl Mt19937 {
    /// A generator seeded like `random.seed(0)` (key `[0]`).
    pub fn new() -> Self {
        let mut g = Mt19937 {
            mt: [0; N],
            index: N + 1,
        };
        g.init_by_array(&[0]);
        g
    }

    /// A generator seeded by `init_by_array(key)`, i.e. `random.seed(n)` for the key of n.
    pub fn from_key(key: &[u32]) -> Self {
        let mut g = Mt19937::new();
        g.init_by_array(key);
        g
    }

    /// `init_genrand`: seed the state from one word (reference MT seeding).
    pub fn init_genrand(&mut self, s: u32) {
        self.mt[0] = s;
        for i in 1..N {
            let prev = self.mt[i - 1];
            self.mt[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        self.index = N;
    }

    /// `init_by_array`: seed from a key of any length. An empty key behaves like `[0]`
    /// (CPython never passes an empty key; this avoids a division by zero).
    pub fn init_by_array(&mut self, key: &[u32]) {
        let key: &[u32] = if key.is_empty() { &[0] } else { key };
        self.init_genrand(19_650_218);
        let mt = &mut self.mt;
        let mut i = 1usize;
        let mut j = 0usize;
        let mut k = if N > key.len() { N } else { key.len() };
        while k > 0 {
            let prev = mt[i - 1];
            mt[i] = (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
            k -= 1;
        }
        k = N - 1;
        while k > 0 {
            let prev = mt[i - 1];
            mt[i] =
                (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            k -= 1;
        }
        mt[0] = 0x8000_0000; // MSB set: assures a non-zero initial array.
    }

    /// Regenerate all 624 words (the "twist").
    fn twist(&mut self) {
        let mt = &mut self.mt;
        for kk in 0..N {
            let y = (mt[kk] & UPPER_MASK) | (mt[(kk + 1) % N] & LOWER_MASK);
            let mag = if y & 1 != 0 { MATRIX_A } else { 0 };
            mt[kk] = mt[(kk + M) % N] ^ (y >> 1) ^ mag;
        }
        self.index = 0;
    }

    /// `genrand_uint32`: the next tempered 32-bit output.
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
    }

    /// `random.random()`: 53-bit float in [0, 1) from two words (`genrand_res53`).
    pub fn random(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (f64::from(a) * 67_108_864.0 + f64::from(b)) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `random.getrandbits(k)` as little-endian 32-bit words (`ceil(k/32)` of them, empty for
    /// k == 0). For k <= 32 one word `next_u32() >> (32 - k)`; otherwise words are filled
    /// least significant first and the last (partial) word keeps its *high* bits, exactly
    /// like `_random_Random_getrandbits_impl`.
    pub fn getrandbits(&mut self, k: u32) -> Vec<u32> {
        if k == 0 {
            return Vec::new();
        }
        if k <= 32 {
            return vec![self.next_u32() >> (32 - k)];
        }
        let words = ((k - 1) / 32 + 1) as usize;
        let mut out = Vec::with_capacity(words);
        let mut left = k;
        for _ in 0..words {
            let mut r = self.next_u32();
            if left < 32 {
                r >>= 32 - left;
            }
            out.push(r);
            left = left.saturating_sub(32);
        }
        out
    }

    /// `getrandbits(k)` for k <= 64 as a `u64` (k > 64 is clamped to 64).
    pub fn getrandbits_u64(&mut self, k: u32) -> u64 {
        let w = self.getrandbits(k.min(64));
        let lo = u64::from(w.first().copied().unwrap_or(0));
        let hi = u64::from(w.get(1).copied().unwrap_or(0));
        lo | (hi << 32)
    }

    /// `_randbelow(n)` for `n` fitting in a `u64`. `n == 0` returns 0 (CPython would loop
    /// forever; every caller checks emptiness first).
    pub fn randbelow_u64(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let k = 64 - n.leading_zeros();
        loop {
            let r = self.getrandbits_u64(k);
            if r < n {
                return r;
            }
        }
    }

    /// `random.shuffle(x)` on a slice: Fisher-Yates from the end, `j = _randbelow(i + 1)`.
    pub fn shuffle<T>(&mut self, x: &mut [T]) {
        for i in (1..x.len()).rev() {
            let j = self.randbelow_u64(i as u64 + 1) as usize;
            x.swap(i, j);
        }
    }

    /// `random.choice(seq)` as an index; `None` for an empty sequence (`IndexError`).
    pub fn choice_index(&mut self, len: usize) -> Option<usize> {
        if len == 0 {
            None
        } else {
            Some(self.randbelow_u64(len as u64) as usize)
        }
    }

    /// `random.uniform(a, b)`: `a + (b - a) * random()`.
    pub fn uniform(&mut self, a: f64, b: f64) -> f64 {
        a + (b - a) * self.random()
    }

    /// The state for `getstate()`: the 624 words and the index (0..=624).
    pub fn state(&self) -> ([u32; N], usize) {
        (self.mt, self.index)
    }

    /// `setstate()`: install words and index; an index above 624 is `ValueError: invalid
    /// state` (the VM also rejects a tuple whose length is not 625).
    pub fn set_state(&mut self, words: &[u32; N], index: usize) -> Result<(), InvalidState> {
        if index > N {
            return Err(InvalidState);
        }
        self.mt = *words;
        self.index = index;
        Ok(())
    }
}

/// Key for `random.seed(n)` from `|n|` as little-endian 32-bit words: high zero words are
/// dropped (CPython sizes the key as `(bit_length - 1) // 32 + 1` words); n == 0 gives `[0]`.
pub fn seed_words_from_abs_int(magnitude_le_u32_words: &[u32]) -> Vec<u32> {
    let used = magnitude_le_u32_words
        .iter()
        .rposition(|&w| w != 0)
        .map_or(0, |p| p + 1);
    if used == 0 {
        vec![0]
    } else {
        magnitude_le_u32_words[..used].to_vec()
    }
}

/// Key for `random.seed(x)` when x is hashed (floats): `(size_t)hash(x)` as an unsigned int.
pub fn seed_words_from_hash(hash: i64) -> Vec<u32> {
    let u = hash as u64;
    seed_words_from_abs_int(&[u as u32, (u >> 32) as u32])
}

/// Key for `random.seed(b)` with `str` (pass its UTF-8 bytes), `bytes` or `bytearray`,
/// version 2: `int.from_bytes(b + sha512(b).digest(), "big")` split into words.
pub fn seed_words_from_bytes(b: &[u8]) -> Vec<u32> {
    let digest = super::sha512::sha512(b);
    let mut be: Vec<u8> = Vec::with_capacity(b.len() + 64);
    be.extend_from_slice(b);
    be.extend_from_slice(&digest);
    // Big-endian bytes -> little-endian words.
    let mut words = Vec::with_capacity(be.len() / 4 + 1);
    let mut chunk_end = be.len();
    while chunk_end > 0 {
        let start = chunk_end.saturating_sub(4);
        let mut w = 0u32;
        for &byte in &be[start..chunk_end] {
            w = (w << 8) | u32::from(byte);
        }
        words.push(w);
        chunk_end = start;
    }
    seed_words_from_abs_int(&words)
}

/// `_randbelow_with_getrandbits(n)` for an arbitrary-size `n > 0` given as little-endian
/// words, drawing through `getrandbits(k)` (which must return `ceil(k/32)` little-endian
/// words). `k = n.bit_length()`; redraw while `r >= n`. Returns `None` for n == 0
/// (CPython would loop forever; callers raise before getting here).
pub fn randbelow<F: FnMut(u32) -> Vec<u32>>(n: &[u32], mut getrandbits: F) -> Option<Vec<u32>> {
    let n = seed_words_from_abs_int(n); // normalise: strip high zero words
    let top = *n.last()?;
    if top == 0 {
        return None;
    }
    let k = (n.len() as u32 - 1) * 32 + (32 - top.leading_zeros());
    loop {
        let r = getrandbits(k);
        if !words_ge(&r, &n) {
            return Some(r);
        }
    }
}

/// `a >= b` for little-endian word magnitudes (either may have high zero words).
fn words_ge(a: &[u32], b: &[u32]) -> bool {
    let len = a.len().max(b.len());
    for i in (0..len).rev() {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        if x != y {
            return x > y;
        }
    }
    true
}

/// Error from [`randrange_count`], each a `ValueError` in CPython.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RandrangeError {
    /// `zero step for randrange()`.
    ZeroStep,
    /// `empty range for randrange()` (for step 1 CPython appends `(start, stop, width)`).
    Empty,
}

/// Number of candidates `n` for `randrange(start, stop, step)` as CPython computes it; the
/// result is then `start + step * _randbelow(n)`. Uses `i128` so `i64` inputs never overflow.
pub fn randrange_count(start: i64, stop: i64, step: i64) -> Result<u128, RandrangeError> {
    let width = i128::from(stop) - i128::from(start);
    let step = i128::from(step);
    let n = if step == 1 {
        width
    } else if step > 0 {
        (width + step - 1).div_euclid(step)
    } else if step < 0 {
        floor_div_i128(width + step + 1, step)
    } else {
        return Err(RandrangeError::ZeroStep);
    };
    if n <= 0 {
        Err(RandrangeError::Empty)
    } else {
        Ok(n as u128)
    }
}

/// Python's `//` on i128 (floor division); `b != 0`.
fn floor_div_i128(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `randrange(start, stop, step)` for `i64` arguments using this generator.
pub fn randrange_i64(
    g: &mut Mt19937,
    start: i64,
    stop: i64,
    step: i64,
) -> Result<i64, RandrangeError> {
    let n = randrange_count(start, stop, step)?;
    // n <= 2**64 fits in 65 bits; go through the generic word path.
    let words = [n as u32, (n >> 32) as u32, (n >> 64) as u32];
    let r = randbelow(&words, |k| g.getrandbits(k)).unwrap_or_default();
    let mut v: i128 = 0;
    for (i, w) in r.iter().enumerate().take(3) {
        v |= i128::from(*w) << (32 * i);
    }
    Ok((i128::from(start) + i128::from(step) * v) as i64)
}
