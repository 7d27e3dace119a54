//! The `random` module: CPython's Mersenne Twister and the 3.11 algorithms on top of it, so
//! seeded sequences equal CPython's.

use alloc::format;
use alloc::vec::Vec;

use super::check_args;
use crate::numeric::mt19937::{
    seed_words_from_abs_int, seed_words_from_bytes, seed_words_from_hash, Mt19937,
};
use crate::object::bigint::BigInt;
use crate::object::types::{NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// The generator state of one VM.
#[derive(Debug)]
pub struct RandomState {
    mt: Mt19937,
}

impl RandomState {
    /// A generator seeded with a fixed key until the script seeds it.
    pub fn new() -> RandomState {
        RandomState {
            mt: Mt19937::from_key(&[0x5EED]),
        }
    }
}

pub(crate) fn init_random(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let fns: crate::object::native_table::NativeEntries = &[
        ("seed", seed),
        ("random", random),
        ("getrandbits", getrandbits),
        ("randrange", randrange),
        ("randint", randint),
        ("choice", choice),
        ("shuffle", shuffle),
        ("uniform", uniform),
    ];
    vm.add_natives(d, fns, NativeKind::Function, Value::UNDEF);
    // Seed from the clock, as CPython does from the OS when no seed is given.
    let t = vm.host.time().to_bits() ^ vm.host.monotonic().to_bits();
    vm.random.mt = Mt19937::from_key(&[t as u32, (t >> 32) as u32]);
    Ok(())
}

fn seed(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "seed", args, 0, 2)?;
    let a = args.first().copied().unwrap_or(Value::NONE);
    let key = if a == Value::NONE {
        let t = vm.host.time().to_bits() ^ vm.host.monotonic().to_bits();
        alloc::vec![t as u32, (t >> 32) as u32]
    } else if let Some(b) = vm.to_bigint(a) {
        let bytes = b
            .abs()
            .to_bytes(b.bit_length().div_ceil(8) as usize, true, false)
            .unwrap_or_default();
        let words: Vec<u32> = bytes
            .chunks(4)
            .map(|c| c.iter().rev().fold(0u32, |w, x| (w << 8) | *x as u32))
            .collect();
        seed_words_from_abs_int(&words)
    } else if let Some(s) = vm.str_of(a) {
        seed_words_from_bytes(s.as_bytes())
    } else if let Some(b) = vm.bytes_data(a) {
        seed_words_from_bytes(&b)
    } else if a.is_float() {
        let h = vm.hash(a)? as i64;
        seed_words_from_hash(h)
    } else {
        let msg =
            "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.";
        return Err(vm.type_error(msg));
    };
    vm.random.mt.init_by_array(&key);
    Ok(Value::NONE)
}

fn random(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "random", args, 0, 0)?;
    Ok(Value::float(vm.random.mt.random()))
}

/// `getrandbits(k)` as an int value.
fn bits_value(vm: &mut Vm, k: u32) -> PyResult<Value> {
    let words = vm.random.mt.getrandbits(k);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let b = BigInt::from_bytes(&bytes, true, false);
    vm.int_from_big(b)
}

fn getrandbits(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "getrandbits", args, 1, 1)?;
    let k = super::int_arg(vm, args[0])?;
    if k < 0 {
        return Err(vm.value_error("number of bits must be non-negative"));
    }
    if k > 1 << 24 {
        return Err(crate::vm::PyErr(vm.memory_error));
    }
    bits_value(vm, k as u32)
}

/// `_randbelow(n)` for any non-negative int.
fn randbelow(vm: &mut Vm, n: &BigInt) -> PyResult<Value> {
    if let Some(small) = n.to_u64() {
        let r = vm.random.mt.randbelow_u64(small);
        return vm.int_from_i128(r as i128);
    }
    let k = n.bit_length() as u32;
    loop {
        let words = vm.random.mt.getrandbits(k);
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let r = BigInt::from_bytes(&bytes, true, false);
        if r < *n {
            return vm.int_from_big(r);
        }
    }
}

fn index_big(vm: &mut Vm, v: Value, what: &str) -> PyResult<BigInt> {
    match vm.to_bigint(v) {
        Some(b) => Ok(b),
        None => {
            let msg = if v.is_float() {
                alloc::string::String::from("'float' object cannot be interpreted as an integer")
            } else {
                format!(
                    "{what}: '{}' object cannot be interpreted as an integer",
                    vm.type_name(v)
                )
            };
            Err(vm.type_error(msg))
        }
    }
}

fn randrange_impl(vm: &mut Vm, start: Value, stop: Value, step: Value) -> PyResult<Value> {
    let istart = index_big(vm, start, "randrange")?;
    if stop == Value::NONE {
        if !step.is_undef() && step != Value::NONE {
            return Err(vm.type_error("Missing a non-None stop argument"));
        }
        if istart.signum() > 0 {
            return randbelow(vm, &istart);
        }
        return Err(vm.value_error("empty range for randrange()"));
    }
    let istop = index_big(vm, stop, "randrange")?;
    let width = istop.sub(&istart);
    let istep = if step.is_undef() {
        BigInt::one()
    } else {
        index_big(vm, step, "randrange")?
    };
    if istep == BigInt::one() {
        if width.signum() > 0 {
            let r = randbelow(vm, &width)?;
            let rb = vm.to_bigint(r).unwrap_or_default();
            return vm.int_from_big(istart.add(&rb));
        }
        let msg = format!("empty range for randrange() ({istart}, {istop}, {width})");
        return Err(vm.value_error(msg));
    }
    let n = if istep.signum() > 0 {
        width.add(&istep).sub(&BigInt::one()).div_floor(&istep)
    } else if istep.signum() < 0 {
        width.add(&istep).add(&BigInt::one()).div_floor(&istep)
    } else {
        return Err(vm.value_error("zero step for randrange()"));
    };
    let n = n.unwrap_or_default();
    if n.signum() <= 0 {
        return Err(vm.value_error("empty range for randrange()"));
    }
    let r = randbelow(vm, &n)?;
    let rb = vm.to_bigint(r).unwrap_or_default();
    vm.int_from_big(istart.add(&istep.mul(&rb)))
}

fn randrange(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "randrange", args, 1, 3)?;
    let stop = args.get(1).copied().unwrap_or(Value::NONE);
    let step = args.get(2).copied().unwrap_or(Value::UNDEF);
    randrange_impl(vm, args[0], stop, step)
}

fn randint(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "randint", args, 2, 2)?;
    let b = vm.binary_op(
        args[1],
        Value::int_unchecked(1),
        crate::bytecode::ops::BinaryOp::Add,
        false,
    )?;
    randrange_impl(vm, args[0], b, Value::UNDEF)
}

fn choice(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "choice", args, 1, 1)?;
    let n = vm.len(args[0])?;
    if n == 0 {
        return Err(vm.index_error("Cannot choose from an empty sequence"));
    }
    let i = vm.random.mt.randbelow_u64(n as u64);
    // (A sequence may be longer than a small int reaches: `range(2**62)`.)
    let i = vm.int_from_i128(i128::from(i))?;
    vm.get_item(args[0], i)
}

fn shuffle(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "shuffle", args, 1, 1)?;
    let x = args[0];
    if let Some(r) = x.as_obj() {
        if let Obj::List(_) = vm.heap.get(r) {
            let mut items = match vm.heap.get(r) {
                Obj::List(l) => l.to_vec(),
                _ => Vec::new(),
            };
            vm.random.mt.shuffle(&mut items);
            if let Obj::List(l) = vm.heap.get_mut(r) {
                *l = items.into();
            }
            return Ok(Value::NONE);
        }
    }
    let n = vm.len(x)?;
    for i in (1..n).rev() {
        let j = vm.random.mt.randbelow_u64(i as u64 + 1) as i64;
        let (vi, vj) = (Value::int_unchecked(i as i64), Value::int_unchecked(j));
        let a = vm.get_item(x, vi)?;
        // `a` survives the user `__getitem__`/`__setitem__` calls that follow.
        vm.with_roots(&[a], |vm, _| {
            let b = vm.get_item(x, vj)?;
            vm.set_item(x, vi, b)?;
            vm.set_item(x, vj, a)
        })?;
    }
    Ok(Value::NONE)
}

fn uniform(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "uniform", args, 2, 2)?;
    let a = vm.to_f64(args[0])?.unwrap_or(0.0);
    let b = vm.to_f64(args[1])?.unwrap_or(0.0);
    let r = vm.random.mt.random();
    Ok(Value::float(a + (b - a) * r))
}
