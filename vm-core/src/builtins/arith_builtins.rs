//! Builtin functions of numbers and reductions: `abs`, `divmod`, `pow`, `round`, `min`,
//! `max`, `sum`.

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use super::{check_args, check_kwargs, kwarg};
use crate::object::bigint::BigInt;
use crate::object::narrow_int::narrow_modpow;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};
use crate::object::lazy_exc::LazyExc;

pub(super) fn abs(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "abs", args, 1, 1)?;
    vm.absolute(args[0])
}

pub(super) fn divmod(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "divmod", args, 2, 2)?;
    let (a, b) = (args[0], args[1]);
    // An int too large for a float is still a number here.
    let number = |vm: &mut Vm, v: Value| vm.is_int(v) || vm.to_f64(v).ok().flatten().is_some();
    if !number(vm, a) || !number(vm, b) {
        if let Some(f) = vm.user_special(a, "__divmod__")? {
            let r = vm.call_bound(f, a, &[b])?;
            if r != Value::NOT_IMPLEMENTED {
                return Ok(r);
            }
        }
        if let Some(f) = vm.user_special(b, "__rdivmod__")? {
            let r = vm.call_bound(f, b, &[a])?;
            if r != Value::NOT_IMPLEMENTED {
                return Ok(r);
            }
        }
        // Subclass instances of `int` and `float` without their own methods.
        let (na, nb) = (vm.native_value(a).unwrap_or(a), vm.native_value(b).unwrap_or(b));
        if (na, nb) != (a, b) && number(vm, na) && number(vm, nb) {
            return divmod(vm, &[na, nb], &[]);
        }
        let msg = format!(
            "unsupported operand type(s) for divmod(): '{}' and '{}'",
            vm.type_name(a),
            vm.type_name(b)
        );
        return Err(vm.type_error(msg));
    }
    let q = vm.binary_op(a, b, crate::bytecode::ops::BinaryOp::FloorDivide, false);
    let q = match q {
        Err(e)
            if vm.exc_matches_lazy(e.0, LazyExc::ZeroDivisionError)
                && !a.is_float()
                && !b.is_float() =>
        {
            return Err(vm.zero_division("integer division or modulo by zero"))
        }
        Err(e) if vm.exc_matches_lazy(e.0, LazyExc::ZeroDivisionError) => {
            return Err(vm.zero_division("float divmod()"))
        }
        other => other?,
    };
    let m = vm.binary_op(a, b, crate::bytecode::ops::BinaryOp::Remainder, false)?;
    vm.new_tuple(vec![q, m])
}

pub(super) fn pow(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let mut args = args.to_vec();
    for (k, v) in kwargs {
        match vm.str_of(*k) {
            Some("base") => args.insert(0, *v),
            Some("exp") => args.push(*v),
            Some("mod") => args.push(*v),
            _ => {}
        }
    }
    check_args(vm, "pow", &args, 2, 3)?;
    if args.len() == 3 && args[2] != Value::NONE {
        let (b, e, m) = (
            vm.to_bigint(args[0]),
            vm.to_bigint(args[1]),
            vm.to_bigint(args[2]),
        );
        let (Some(b), Some(e), Some(m)) = (b, e, m) else {
            if args.iter().any(|a| vm.complex_of(*a).is_some()) {
                return Err(vm.value_error("complex modulo"));
            }
            return Err(
                vm.type_error("pow() 3rd argument not allowed unless all arguments are integers")
            );
        };
        let r = if cfg!(feature = "bigint") {
            // The result is below the modulus: its room is the modulus's; the work is polled.
            let room = vm.int_room(m.bit_length(), 3)?;
            let r = vm.long_int_op(|c| b.modpow_with(&e, &m, c))?;
            drop(room);
            r
        } else {
            match (b.to_i64(), e.to_i64(), m.to_i64()) {
                (Some(b), Some(e), Some(m)) => narrow_modpow(b, e, m).map(BigInt::from_i128),
                _ => return Err(vm.int_too_large()),
            }
        };
        return match r {
            Ok(r) => vm.int_from_big(r),
            Err(crate::object::bigint::PowModError::ZeroModulus) => {
                Err(vm.value_error("pow() 3rd argument cannot be 0"))
            }
            Err(crate::object::bigint::PowModError::NotInvertible) => {
                Err(vm.value_error("base is not invertible for the given modulus"))
            }
        };
    }
    vm.binary_op(
        args[0],
        args[1],
        crate::bytecode::ops::BinaryOp::Power,
        false,
    )
}

pub(super) fn round(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let bound = super::bind_params(vm, "round", args, kwargs, &["number", "ndigits"], 0)?;
    if bound[0].is_undef() {
        return Err(vm.type_error("round() missing required argument 'number' (pos 1)"));
    }
    let args: Vec<Value> = bound.into_iter().filter(|v| !v.is_undef()).collect();
    let x = args[0];
    let nd = if args.len() == 2 && args[1] != Value::NONE {
        Some(index_big(vm, args[1])?)
    } else {
        None
    };
    if let Some(f) = x.as_float() {
        return match nd {
            None => {
                if f.is_nan() {
                    return Err(vm.value_error("cannot convert float NaN to integer"));
                }
                if f.is_infinite() {
                    return Err(vm.overflow_error("cannot convert float infinity to integer"));
                }
                let r = crate::numeric::floatops::float_round_to_int(f);
                match BigInt::from_f64(r) {
                    Some(b) => vm.int_from_big(b),
                    None => Err(vm.overflow_error("cannot convert float infinity to integer")),
                }
            }
            Some(n) => {
                // CPython clamps ndigits to `Py_ssize_t`; beyond about 330 digits either
                // way the result no longer changes.
                let n = n
                    .to_i64()
                    .unwrap_or(if n.is_negative() { i64::MIN } else { i64::MAX });
                match crate::numeric::floatops::float_round(f, n) {
                    Ok(r) => Ok(Value::float(r)),
                    Err(_) => Err(vm.overflow_error("rounded value too large to represent")),
                }
            }
        };
    }
    if vm.is_int(x) {
        return match nd {
            Some(n) if n.is_negative() => round_int(vm, x, &n.neg()),
            _ => vm.positive(x),
        };
    }
    match vm.user_special(x, "__round__")? {
        Some(f) => {
            let rest: Vec<Value> = args[1..].to_vec();
            vm.call_bound(f, x, &rest)
        }
        None if vm.native_value(x).is_some() => {
            let mut all = args.to_vec();
            all[0] = vm.native_value(x).unwrap_or(x);
            round(vm, &all, &[])
        }
        None => {
            let msg = format!("type {} doesn't define __round__ method", vm.type_name(x));
            Err(vm.type_error(msg))
        }
    }
}

/// `round(x, -n)` of an int: the nearest multiple of `10**n`, half to even. The power is
/// built by the big-int path, which refuses (`MemoryError`) one that cannot fit.
fn round_int(vm: &mut Vm, x: Value, n: &BigInt) -> PyResult<Value> {
    use crate::bytecode::ops::{BinaryOp, CompareOp};
    let n = vm.int_from_big(n.clone())?;
    let p = vm.binary_op(Value::int_unchecked(10), n, BinaryOp::Power, false)?;
    let q = vm.binary_op(x, p, BinaryOp::FloorDivide, false)?;
    let r = vm.binary_op(x, p, BinaryOp::Remainder, false)?;
    let two = Value::int_unchecked(2);
    let one = Value::int_unchecked(1);
    let twice = vm.binary_op(r, two, BinaryOp::Multiply, false)?;
    let c = vm.compare(twice, p, CompareOp::Gt)?;
    let eq = vm.compare(twice, p, CompareOp::Eq)?;
    let odd = vm.binary_op(q, one, BinaryOp::And, false)?;
    let up = c == Value::TRUE || (eq == Value::TRUE && odd == one);
    let q = if up {
        vm.binary_op(q, one, BinaryOp::Add, false)?
    } else {
        q
    };
    vm.binary_op(q, p, BinaryOp::Multiply, false)
}

fn min_max(
    vm: &mut Vm,
    args: &[Value],
    kwargs: &[(Value, Value)],
    name: &str,
    want_max: bool,
) -> PyResult<Value> {
    if args.is_empty() {
        let msg = format!("{name} expected at least 1 argument, got 0");
        return Err(vm.type_error(msg));
    }
    check_kwargs(vm, name, kwargs, &["key", "default"])?;
    let key = kwarg(vm, kwargs, "key").filter(|k| *k != Value::NONE);
    let default = kwarg(vm, kwargs, "default");
    let items = if args.len() == 1 {
        vm.collect_iter(args[0])?
    } else {
        if default.is_some() {
            let msg =
                format!("Cannot specify a default for {name}() with multiple positional arguments");
            return Err(vm.type_error(msg));
        }
        args.to_vec()
    };
    if items.is_empty() {
        return match default {
            Some(d) => Ok(d),
            None => Err(vm.value_error(format!("{name}() arg is an empty sequence"))),
        };
    }
    // The items (possibly fresh values from a generator) and the best key so far must
    // survive the key function's and `__lt__`'s collections.
    vm.with_roots(&items, |vm, _| {
        let mut best = items[0];
        let mut best_key = match key {
            Some(k) => vm.call(k, &[best])?,
            None => best,
        };
        let slot = vm.root(best_key);
        for &it in &items[1..] {
            let k = match key {
                Some(kf) => vm.call(kf, &[it])?,
                None => it,
            };
            let better = vm.with_roots(&[k], |vm, _| {
                if want_max {
                    vm.greater_than(k, best_key)
                } else {
                    vm.less_than(k, best_key)
                }
            })?;
            if better {
                best = it;
                best_key = k;
                vm.set_root(slot, k);
            }
        }
        Ok(best)
    })
}

pub(super) fn min(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    min_max(vm, args, kwargs, "min", false)
}

pub(super) fn max(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    min_max(vm, args, kwargs, "max", true)
}

pub(super) fn sum(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    check_kwargs(vm, "sum", kwargs, &["start"])?;
    check_args(vm, "sum", args, 1, 2)?;
    let mut acc = if args.len() == 2 {
        args[1]
    } else {
        kwarg(vm, kwargs, "start").unwrap_or(Value::int_unchecked(0))
    };
    if vm.str_of(acc).is_some() {
        return Err(vm.type_error("sum() can't sum strings [use ''.join(seq) instead]"));
    }
    match vm.obj(acc) {
        Some(Obj::Bytes(_)) => {
            return Err(vm.type_error("sum() can't sum bytes [use b''.join(seq) instead]"));
        }
        Some(Obj::ByteArray(_)) => {
            return Err(vm.type_error("sum() can't sum bytearray [use b''.join(seq) instead]"));
        }
        _ => {}
    }
    let it = vm.get_iter(args[0])?;
    // The iterator and the running total (a fresh object when `__add__` is user code).
    let gen = it
        .as_obj()
        .filter(|&r| matches!(vm.heap.get(r), Obj::Generator(_)));
    vm.with_roots(&[it, acc], |vm, base| {
        loop {
            let x = match gen {
                // A generator of small ints is summed inside its own frame.
                Some(g) if acc.is_small_int() => {
                    let (total, pending) = vm.generator_sum_ints(g, acc)?;
                    acc = total;
                    match pending {
                        Some(x) => x,
                        None => break,
                    }
                }
                _ => match vm.iter_next(it)? {
                    Some(x) => x,
                    None => break,
                },
            };
            vm.native_step()?;
            // Like CPython's fast paths: ints and floats add inline while the total stays
            // inline (neither is a heap object, so the root needs no update).
            if acc.is_small_int() && x.is_small_int() {
                if let Some(v) = Value::small_int(acc.small_int_value() + x.small_int_value()) {
                    acc = v;
                    continue;
                }
            }
            if let (Some(a), Some(b)) = (acc.as_float(), x.as_float()) {
                acc = Value::float(a + b);
                continue;
            }
            acc = vm.with_roots(&[x], |vm, _| {
                vm.binary_op(acc, x, crate::bytecode::ops::BinaryOp::Add, false)
            })?;
            vm.set_root(base + 1, acc);
        }
        Ok(acc)
    })
}

/// An int argument of any size: an int, a bool, or an object with `__index__`.
pub(crate) fn index_big(vm: &mut Vm, v: Value) -> PyResult<BigInt> {
    if let Some(b) = vm.to_bigint(v) {
        return Ok(b);
    }
    if let Some(f) = vm.user_special(v, "__index__")? {
        let r = vm.call_bound(f, v, &[])?;
        if let Some(b) = vm.to_bigint(r) {
            return Ok(b);
        }
        let msg = format!("__index__ returned non-int (type {})", vm.type_name(r));
        return Err(vm.type_error(msg));
    }
    let msg = format!(
        "'{}' object cannot be interpreted as an integer",
        vm.type_name(v)
    );
    Err(vm.type_error(msg))
}
