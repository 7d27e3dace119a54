//! The integer functions of `math`: `gcd`, `lcm`, `factorial`, `isqrt`, `comb`, `perm`.
//! A small argument can ask for a result of gigabytes or for minutes of work: each refuses
//! a result that cannot fit the heap before computing it (`MemoryError`), and polls the
//! embedder's requests while it computes.

use alloc::format;
use alloc::vec::Vec;
use core::convert::Infallible;

use super::arith_builtins::index_big;
use super::check_args;
use crate::object::bigint::{BigInt, DivError, LongError, Stopped};
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

/// CPython's `LLONG_MAX` in its overflow messages.
const LLONG_MAX: i64 = i64::MAX;

/// Runs a long computation that only an interrupt can stop.
fn polled<T>(
    vm: &mut Vm,
    f: impl FnOnce(&mut dyn FnMut() -> bool) -> Result<T, Stopped>,
) -> PyResult<T> {
    match vm.long_int_op(|c| f(c).map_err(LongError::<Infallible>::from))? {
        Ok(v) => Ok(v),
        Err(never) => match never {},
    }
}

/// `a // b` for an exact division by a nonzero `b`, polled.
fn exact_div(vm: &mut Vm, a: &BigInt, b: &BigInt) -> PyResult<BigInt> {
    match vm.long_int_op(|c| a.divmod_floor_with(b, c))? {
        Ok((q, _)) => Ok(q),
        Err(DivError::ZeroDivision | DivError::Overflow) => {
            Err(vm.internal_error("exact division by zero"))
        }
    }
}

fn index_args(vm: &mut Vm, args: &[Value]) -> PyResult<Vec<BigInt>> {
    args.iter().map(|a| index_big(vm, *a)).collect()
}

pub(super) fn math_gcd(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let bs = index_args(vm, args)?;
    let mut g = BigInt::zero();
    for b in bs {
        g = polled(vm, |c| g.gcd_with(&b, c))?;
    }
    vm.int_from_big(g)
}

pub(super) fn math_lcm(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let bs = index_args(vm, args)?;
    let mut l = BigInt::one();
    for b in bs {
        if b.is_zero() {
            return Ok(Value::int_unchecked(0));
        }
        let g = polled(vm, |c| l.gcd_with(&b, c))?;
        let q = exact_div(vm, &l, &g)?;
        let room = vm.int_room(q.bit_length().saturating_add(b.bit_length()), 2)?;
        l = polled(vm, |c| q.mul_with(&b, c))?.abs();
        drop(room);
    }
    vm.int_from_big(l)
}

pub(super) fn math_factorial(
    vm: &mut Vm,
    args: &[Value],
    _kw: &[(Value, Value)],
) -> PyResult<Value> {
    check_args(vm, "factorial", args, 1, 1)?;
    let n = index_big(vm, args[0])?;
    factorial_of(vm, &n)
}

fn factorial_of(vm: &mut Vm, n: &BigInt) -> PyResult<Value> {
    if n.is_negative() {
        return Err(vm.value_error("factorial() not defined for negative values"));
    }
    let Some(n) = n.to_u64().filter(|&n| n <= LLONG_MAX as u64) else {
        let msg = format!("factorial() argument should not exceed {LLONG_MAX}");
        return Err(vm.overflow_error(msg));
    };
    // The product tree holds two halves and their product: twice the result.
    let room = vm.int_room(BigInt::factorial_bits_bound(n), 2)?;
    let r = polled(vm, |c| BigInt::factorial_with(n, c))?;
    drop(room);
    vm.int_from_big(r)
}

pub(super) fn math_isqrt(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "isqrt", args, 1, 1)?;
    let b = index_big(vm, args[0])?;
    match polled(vm, |c| b.isqrt_with(c))? {
        Some(r) => vm.int_from_big(r),
        None => Err(vm.value_error("isqrt() argument must be nonnegative")),
    }
}

/// `n` and `k` of `comb` and `perm`, checked: `None` when `k > n` (the result is 0).
fn n_and_k(vm: &mut Vm, n: Value, k: Value) -> PyResult<Option<(BigInt, BigInt)>> {
    let n = index_big(vm, n)?;
    let k = index_big(vm, k)?;
    if n.is_negative() {
        return Err(vm.value_error("n must be a non-negative integer"));
    }
    if k.is_negative() {
        return Err(vm.value_error("k must be a non-negative integer"));
    }
    Ok((k <= n).then_some((n, k)))
}

/// `n * (n - 1) * ... * (n - k + 1)`, refused before it is computed if it cannot fit.
fn falling_product(vm: &mut Vm, n: &BigInt, k: u64, factor: u64) -> PyResult<BigInt> {
    let room = vm.int_room(BigInt::falling_bits_bound(n, k), factor)?;
    let lo = n.sub(&BigInt::from_u64(k)).add(&BigInt::one());
    let r = polled(vm, |c| BigInt::range_product_with(&lo, k, c))?;
    drop(room);
    Ok(r)
}

pub(super) fn math_comb(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "comb", args, 2, 2)?;
    let Some((n, k)) = n_and_k(vm, args[0], args[1])? else {
        return Ok(Value::int_unchecked(0));
    };
    let rest = n.sub(&k);
    let k = if rest < k { rest } else { k };
    let Some(k) = k.to_u64().filter(|&k| k <= LLONG_MAX as u64) else {
        let msg = format!("min(n - k, k) must not exceed {LLONG_MAX}");
        return Err(vm.overflow_error(msg));
    };
    // The falling product, k! (smaller) and the quotient (smaller still).
    let p = falling_product(vm, &n, k, 3)?;
    let room = vm.int_room(p.bit_length(), 2)?;
    let f = polled(vm, |c| BigInt::factorial_with(k, c))?;
    let r = exact_div(vm, &p, &f)?;
    drop(room);
    vm.int_from_big(r)
}

pub(super) fn math_perm(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "perm", args, 1, 2)?;
    let k = match args.get(1) {
        Some(&k) if k != Value::NONE => k,
        _ => {
            let n = index_big(vm, args[0])?;
            return factorial_of(vm, &n);
        }
    };
    let Some((n, k)) = n_and_k(vm, args[0], k)? else {
        return Ok(Value::int_unchecked(0));
    };
    let Some(k) = k.to_u64().filter(|&k| k <= LLONG_MAX as u64) else {
        let msg = format!("k must not exceed {LLONG_MAX}");
        return Err(vm.overflow_error(msg));
    };
    let r = falling_product(vm, &n, k, 2)?;
    vm.int_from_big(r)
}
