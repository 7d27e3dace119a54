//! Hash functions: CPython's numeric hash (so `hash(1) == hash(1.0) == hash(True)`), and a
//! fast string hash (CPython randomizes string hashes, so no program can depend on them).

/// CPython's modulus for numeric hashes: the Mersenne prime 2**61 - 1.
pub const MODULUS: u64 = (1 << 61) - 1;

/// Hash of an `i64` with CPython's semantics (`-1` becomes `-2`).
#[inline]
pub fn int_hash(i: i64) -> u64 {
    // Every small int and most others: no division.
    if (0..MODULUS as i64).contains(&i) {
        return i as u64;
    }
    let m = (i.unsigned_abs() % MODULUS) as i64;
    let h = if i < 0 { -m } else { m };
    (if h == -1 { -2 } else { h }) as u64
}

/// FNV-1a over the UTF-8 bytes, never `u64::MAX` (the "not computed" marker) or the
/// bit pattern of -1.
#[inline]
pub fn str_hash(s: &str) -> u64 {
    str_hash_bytes(s.as_bytes())
}

/// [`str_hash`] of a str's UTF-8 bytes.
pub fn str_hash_bytes(s: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in s {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    if h == u64::MAX {
        h = 0x9e37_79b9_7f4a_7c15;
    }
    h
}

/// Hash of bytes (same function as str so that hashing is uniform).
pub fn bytes_hash(b: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for x in b {
        h ^= *x as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

const TUPLE_P1: u64 = 11400714785074694791;
const TUPLE_P2: u64 = 14029467366897019727;
const TUPLE_P5: u64 = 2870177450012600261;

/// CPython's tuple hash (xxHash-based, from Objects/tupleobject.c) over item hashes.
pub fn tuple_hash(items: impl ExactSizeIterator<Item = u64>) -> u64 {
    let len = items.len();
    tuple_hash_end(items.fold(TUPLE_HASH_START, tuple_hash_step), len)
}

/// The state [`tuple_hash`] starts from, before the first item.
pub const TUPLE_HASH_START: u64 = TUPLE_P5;

/// [`tuple_hash`]'s state after one more item hash `lane` (for callers that compute the
/// item hashes as they go, with no array of them).
#[inline(always)]
pub fn tuple_hash_step(acc: u64, lane: u64) -> u64 {
    acc.wrapping_add(lane.wrapping_mul(TUPLE_P2))
        .rotate_left(31)
        .wrapping_mul(TUPLE_P1)
}

/// [`tuple_hash`] of `len` items from its state after them.
#[inline(always)]
pub fn tuple_hash_end(acc: u64, len: usize) -> u64 {
    let acc = acc.wrapping_add(len as u64 ^ (TUPLE_P5 ^ 3527539));
    if acc == u64::MAX {
        return 1546275796;
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_hash_matches_cpython() {
        assert_eq!(int_hash(1), 1);
        assert_eq!(int_hash(-1) as i64, -2);
        assert_eq!(int_hash(-2) as i64, -2);
        assert_eq!(int_hash(MODULUS as i64), 0);
        assert_eq!(int_hash(i64::MAX), (i64::MAX as u64) % MODULUS);
    }

    #[test]
    fn tuple_hash_matches_cpython() {
        // hash((1, 2)) in CPython 3.11 on 64-bit.
        assert_eq!(
            tuple_hash([1u64, 2].into_iter()) as i64,
            -3550055125485641917
        );
        // hash(())
        assert_eq!(tuple_hash([].into_iter()) as i64, 5740354900026072187);
    }
}
