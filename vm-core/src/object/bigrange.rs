//! `range` objects whose bounds or length do not fit in an `i64` (`range(10 ** 20)`).
//!
//! The common case stays `Obj::Range` (three `i64`s, iterated by `Obj::RangeIter`); a range is
//! made a `BigRange` only when a bound or its length is outside `i64`, so the fast paths never
//! see one. Semantics follow CPython's `longrangeobject`: indexing, slicing, `in`, `index`,
//! `count`, equality, iteration (forward and reversed) and `repr` work at any size; `len()`
//! raises `OverflowError` when the length does not fit in a `Py_ssize_t`.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;

use super::bigint::BigInt;
use super::protocol::range_len_i128;
use super::types::{IterObj, Obj};
use super::value::Value;
use crate::vm::{PyResult, Vm};

/// A range with arbitrary-precision bounds (`step` is never zero).
#[derive(Clone, Debug)]
pub struct BigRange {
    /// First value.
    pub start: BigInt,
    /// Bound (exclusive).
    pub stop: BigInt,
    /// Step (non-zero).
    pub step: BigInt,
    /// Number of values.
    pub len: BigInt,
}

impl BigRange {
    /// The range `start, stop, step` (`step` must be non-zero).
    pub fn new(start: BigInt, stop: BigInt, step: BigInt) -> BigRange {
        let len = range_len(&start, &stop, &step);
        BigRange {
            start,
            stop,
            step,
            len,
        }
    }

    /// The `i`-th value (`0 <= i < len`).
    pub fn item(&self, i: &BigInt) -> BigInt {
        self.start.add(&mul_fitting(i, &self.step))
    }

    /// The position of the int `x` in the range, if it is a member.
    pub fn position(&self, x: &BigInt) -> Option<BigInt> {
        let inside = if self.step.is_negative() {
            *x <= self.start && *x > self.stop
        } else {
            *x >= self.start && *x < self.stop
        };
        if !inside {
            return None;
        }
        if !cfg!(feature = "bigint") {
            // Every bound fits in `i64` without big ints (a value beyond is no member).
            let (a, b, c, i) = (
                self.start.to_i64()?,
                self.stop.to_i64()?,
                self.step.to_i64()?,
                x.to_i64()?,
            );
            return small_range_position(a, b, c, i).map(BigInt::from_i64);
        }
        let (q, r) = x.sub(&self.start).divmod_floor(&self.step).ok()?;
        r.is_zero().then_some(q)
    }
}

/// The position of the int `i` in the `i64` range `start, stop, step`, if it is a member
/// (computed wide: the differences may overflow `i64`, the position cannot).
pub fn small_range_position(start: i64, stop: i64, step: i64, i: i64) -> Option<i64> {
    let (start, stop, step, i) = (start as i128, stop as i128, step as i128, i as i128);
    let inside = if step > 0 {
        start <= i && i < stop
    } else {
        stop < i && i <= start
    };
    let d = i - start;
    (inside && d % step == 0).then(|| (d / step) as i64)
}

/// `a * b`; without big ints both fit in `i64` (every int does), so the product is taken in
/// `i128`, leaving the big-int multiplication out.
fn mul_fitting(a: &BigInt, b: &BigInt) -> BigInt {
    if !cfg!(feature = "bigint") {
        let wide = |b: &BigInt| i128::from(b.to_i64().unwrap_or(0));
        return BigInt::from_i128(wide(a) * wide(b));
    }
    a.mul(b)
}

/// CPython's range length: `(stop - start - 1) // step + 1` when non-empty.
pub fn range_len(start: &BigInt, stop: &BigInt, step: &BigInt) -> BigInt {
    if !cfg!(feature = "bigint") {
        // Without big ints every bound fits in `i64` (the zero for others is never used).
        return match (start.to_i64(), stop.to_i64(), step.to_i64()) {
            (Some(a), Some(b), Some(c)) => BigInt::from_i128(range_len_i128(a, b, c)),
            _ => BigInt::zero(),
        };
    }
    let one = BigInt::one();
    let (lo, hi, st) = if step.is_negative() {
        (stop, start, step.neg())
    } else {
        (start, stop, step.clone())
    };
    if lo >= hi {
        return BigInt::zero();
    }
    let span = hi.sub(lo).sub(&one);
    span.div_floor(&st).unwrap_or_default().add(&one)
}

/// CPython's `_PySlice_GetLongIndices`: a slice's (start, stop, step) against `len` items.
fn slice_long_indices(
    start: Option<BigInt>,
    stop: Option<BigInt>,
    step: Option<BigInt>,
    len: &BigInt,
) -> (BigInt, BigInt, BigInt) {
    let step = step.unwrap_or_else(BigInt::one);
    let (lower, upper) = if step.is_negative() {
        (BigInt::from_i64(-1), len.sub(&BigInt::one()))
    } else {
        (BigInt::zero(), len.clone())
    };
    let clamp = |v: Option<BigInt>, default: &BigInt| match v {
        None => default.clone(),
        Some(v) => {
            let v = if v.is_negative() { v.add(len) } else { v };
            if v < lower {
                lower.clone()
            } else if v > upper {
                upper.clone()
            } else {
                v
            }
        }
    };
    let (dstart, dstop) = if step.is_negative() {
        (&upper, &lower)
    } else {
        (&lower, &upper)
    };
    let start = clamp(start, dstart);
    let stop = clamp(stop, dstop);
    (start, stop, step)
}

impl Vm {
    /// A new range object: `Obj::Range` when the bounds and the length fit in `i64`, else a
    /// `BigRange`. `step` must be non-zero.
    pub fn new_range(&mut self, start: BigInt, stop: BigInt, step: BigInt) -> PyResult<Value> {
        if let (Some(a), Some(b), Some(c)) = (start.to_i64(), stop.to_i64(), step.to_i64()) {
            let n = range_len_i128(a, b, c);
            if i64::try_from(n).is_ok() {
                return self.alloc_value(Obj::Range {
                    start: a,
                    stop: b,
                    step: c,
                });
            }
        }
        if !cfg!(feature = "bigint") {
            return Err(self.int_too_large());
        }
        let r = BigRange::new(start, stop, step);
        self.alloc_value(Obj::BigRange(Box::new(r)))
    }

    /// Any range object as a `BigRange` (`None` for other values).
    pub(crate) fn range_as_big(&self, v: Value) -> Option<BigRange> {
        match self.obj(v)? {
            Obj::Range { start, stop, step } => Some(BigRange::new(
                BigInt::from_i64(*start),
                BigInt::from_i64(*stop),
                BigInt::from_i64(*step),
            )),
            Obj::BigRange(r) => Some((**r).clone()),
            _ => None,
        }
    }

    /// `range == range`: same length, and the same start and step where they matter.
    pub(crate) fn range_eq(&self, a: Value, b: Value) -> Option<bool> {
        let (x, y) = (self.range_as_big(a)?, self.range_as_big(b)?);
        Some(
            x.len == y.len
                && (x.len.is_zero()
                    || (x.start == y.start && (x.len == BigInt::one() || x.step == y.step))),
        )
    }

    /// `hash(range)`, CPython's: the hash of `(len, start, step)` with the parts that do not
    /// matter for equality (both for an empty range, the step for one item) as `None`.
    pub(crate) fn range_hash(&mut self, v: Value) -> Option<u64> {
        let r = self.range_as_big(v)?;
        let none = self.hash(Value::NONE).ok()?;
        let len = r.len.hash() as u64;
        let (start, step) = if r.len.is_zero() {
            (none, none)
        } else if r.len == BigInt::one() {
            (r.start.hash() as u64, none)
        } else {
            (r.start.hash() as u64, r.step.hash() as u64)
        };
        Some(super::hash::tuple_hash([len, start, step].into_iter()))
    }

    /// `len()` of a big range: `OverflowError` beyond `Py_ssize_t`.
    pub(crate) fn big_range_len(&mut self, r: &BigRange) -> PyResult<usize> {
        match r.len.to_i64() {
            Some(n) => Ok(n as usize),
            None => Err(self.overflow_error("Python int too large to convert to C ssize_t")),
        }
    }

    /// `r[k]` for a big range: an int index or a slice.
    pub(crate) fn big_range_subscript(&mut self, r: &BigRange, k: Value) -> PyResult<Value> {
        if let Some(Obj::Slice(s)) = self.obj(k) {
            let s = **s;
            let mut parts = [None, None, None];
            for (i, p) in s.iter().enumerate() {
                if *p != Value::NONE {
                    parts[i] = Some(self.big_index(*p, "slice")?);
                }
            }
            let [a, b, c] = parts;
            if c.as_ref().is_some_and(|c| c.is_zero()) {
                return Err(self.value_error("slice step cannot be zero"));
            }
            let (i, j, st) = slice_long_indices(a, b, c, &r.len);
            let start = r.item(&i);
            let stop = r.item(&j);
            let step = mul_fitting(&r.step, &st);
            return self.new_range(start, stop, step);
        }
        let i = self.big_index(k, "range")?;
        let i = if i.is_negative() { i.add(&r.len) } else { i };
        if i.is_negative() || i >= r.len {
            return Err(self.index_error("range object index out of range"));
        }
        let v = r.item(&i);
        self.int_from_big(v)
    }

    /// `slice.indices(length)` at any size, as CPython computes it in ints.
    pub(crate) fn slice_indices_big(&mut self, s: Value, length: Value) -> PyResult<Value> {
        let Some(Obj::Slice(p)) = self.obj(s) else {
            return Err(self.type_error("descriptor 'indices' requires a 'slice' object"));
        };
        let p = **p;
        let len = match self.to_bigint(length) {
            Some(b) => b,
            None => match self.user_special(length, "__index__")? {
                Some(f) => {
                    let r = self.call_bound(f, length, &[])?;
                    self.to_bigint(r).unwrap_or_default()
                }
                None => {
                    let msg = format!(
                        "'{}' object cannot be interpreted as an integer",
                        self.type_name(length)
                    );
                    return Err(self.type_error(msg));
                }
            },
        };
        if len.is_negative() {
            return Err(self.value_error("length should not be negative"));
        }
        // CPython's order: the step (and its zero check) first, then start and stop.
        let mut parts = [None, None, None];
        for i in [2, 0, 1] {
            if p[i] != Value::NONE {
                parts[i] = Some(self.big_index(p[i], "slice")?);
            }
            if i == 2 && parts[2].as_ref().is_some_and(BigInt::is_zero) {
                return Err(self.value_error("slice step cannot be zero"));
            }
        }
        let [a, b, c] = parts;
        let (start, stop, step) = slice_long_indices(a, b, c, &len);
        let t = [
            self.int_from_big(start)?,
            self.int_from_big(stop)?,
            self.int_from_big(step)?,
        ];
        self.new_tuple(t.to_vec())
    }

    /// An index as a big int (ints, or `__index__`).
    fn big_index(&mut self, v: Value, what: &str) -> PyResult<BigInt> {
        if let Some(b) = self.to_bigint(v) {
            return Ok(b);
        }
        if let Some(f) = self.user_special(v, "__index__")? {
            let r = self.call_bound(f, v, &[])?;
            if let Some(b) = self.to_bigint(r) {
                return Ok(b);
            }
        }
        let msg = if what == "slice" {
            String::from("slice indices must be integers or None or have an __index__ method")
        } else {
            format!(
                "{what} indices must be integers or slices, not {}",
                self.type_name(v)
            )
        };
        Err(self.type_error(msg))
    }

    /// The position of `x` in a range of any size: ints by arithmetic, other values by
    /// equality against each member (as CPython does).
    pub(crate) fn big_range_find(&mut self, r: &BigRange, x: Value) -> PyResult<Option<BigInt>> {
        if let Some(b) = self.exact_int(x) {
            return Ok(r.position(&b));
        }
        Ok(self.range_scan(r, x, false)?.1)
    }

    /// `range.count(x)`: 0 or 1 for an int, else the number of members equal to `x`.
    pub(crate) fn big_range_count(&mut self, r: &BigRange, x: Value) -> PyResult<BigInt> {
        if let Some(b) = self.exact_int(x) {
            let n = r.position(&b).is_some() as i64;
            return Ok(BigInt::from_i64(n));
        }
        Ok(self.range_scan(r, x, true)?.0)
    }

    /// An int or bool as a big int: what ranges search by arithmetic (CPython searches
    /// everything else, int subclasses included, by equality).
    fn exact_int(&self, x: Value) -> Option<BigInt> {
        if x.is_small_int() || x.is_bool() || matches!(self.obj(x), Some(Obj::BigInt(_))) {
            return self.to_bigint(x);
        }
        None
    }

    /// Compares each member of `r` with `x` in order (`member == x`, as CPython's
    /// iteration search), until the first match unless `all`: the number of matches and
    /// the first one's position. A scan of a huge range runs as long as CPython's, so it
    /// takes one native step per member: the budget and the embedder's requests stop it.
    fn range_scan(
        &mut self,
        r: &BigRange,
        x: Value,
        all: bool,
    ) -> PyResult<(BigInt, Option<BigInt>)> {
        let one = BigInt::one();
        let (mut matches, mut first) = (BigInt::zero(), None);
        let mut k = BigInt::zero();
        let mut item = r.start.clone();
        while k < r.len {
            self.native_step()?;
            let v = self.int_from_big(item.clone())?;
            if self.eq(v, x)? {
                matches = matches.add(&one);
                if first.is_none() {
                    first = Some(k.clone());
                }
                if !all {
                    break;
                }
            }
            k = k.add(&one);
            item = item.add(&r.step);
        }
        Ok((matches, first))
    }

    /// An iterator over a big range, forward or reversed.
    pub(crate) fn big_range_iter(&mut self, r: &BigRange, reversed: bool) -> PyResult<Value> {
        let it = if reversed && !r.len.is_zero() {
            IterObj::BigRange {
                next: r.item(&r.len.sub(&BigInt::one())),
                step: r.step.neg(),
                remaining: r.len.clone(),
            }
        } else {
            IterObj::BigRange {
                next: r.start.clone(),
                step: r.step.clone(),
                remaining: r.len.clone(),
            }
        };
        self.alloc_value(Obj::Iter(Box::new(it)))
    }

    /// `repr` of a big range.
    pub(crate) fn big_range_repr(r: &BigRange) -> String {
        if r.step == BigInt::one() {
            format!("range({}, {})", r.start, r.stop)
        } else {
            format!("range({}, {}, {})", r.start, r.stop, r.step)
        }
    }
}
