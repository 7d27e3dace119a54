//! Guards, boxing and unboxing, and truthiness over values of every type.

use arch_x86_64::enc::Reg::{self, *};
use arch_x86_64::lower::*;
use vm_core::object::value::{SMALL_INT_MAX, SMALL_INT_MIN};
use vm_core::Value;

use crate::common::{edge_ints, emit_taken, int, non_ints, Kernel, Loc, Rng};

/// Values of every type: small ints (edges and random) and [`non_ints`].
fn all_values() -> Vec<u64> {
    let mut v: Vec<u64> = edge_ints().into_iter().map(int).collect();
    let mut rng = Rng::new(7);
    v.extend((0..500).map(|_| int(rng.small_int())));
    v.extend(non_ints());
    v
}

#[test]
fn guards() {
    let values = all_values();
    for (v, tmp) in [(Rdi, Rax), (R13, Rbp), (Rbx, R12), (R15, R11)] {
        let small = Kernel::new(&[Loc::G(v)], |buf, bail| {
            emit_guard_small_int(buf, v, tmp, bail)
        });
        let float = Kernel::new(&[Loc::G(v)], |buf, bail| emit_guard_float(buf, v, bail));
        for &x in &values {
            let is_int = x >> 48 == 0xFFF9;
            let out = small.run(&[x]);
            assert_eq!(out.bailed, !is_int, "guard_small_int({x:#x})");
            small.check_kept(&[x], &out, &[tmp], &[], "guard_small_int");
            let out = float.run(&[x]);
            assert_eq!(out.bailed, x >= 0xFFF9 << 48, "guard_float({x:#x})");
            float.check_kept(&[x], &out, &[], &[], "guard_float");
        }
    }
}

#[test]
fn guard_both() {
    let values = all_values();
    let is_int = |x: u64| x >> 48 == 0xFFF9;
    for (a, b, tmp) in [(Rdi, Rsi, Rax), (R13, R12, R15), (R8, R8, R9)] {
        let inputs: Vec<Loc> = if a == b {
            vec![Loc::G(a)]
        } else {
            vec![Loc::G(a), Loc::G(b)]
        };
        let k = Kernel::new(&inputs, |buf, bail| {
            emit_guard_both_small_int(buf, a, b, tmp, bail)
        });
        for (i, &x) in values.iter().enumerate() {
            for &y in values.iter().skip(i % 7).step_by(7) {
                let args: Vec<u64> = if a == b { vec![x] } else { vec![x, y] };
                let y = if a == b { x } else { y };
                let out = k.run(&args);
                assert_eq!(
                    out.bailed,
                    !(is_int(x) && is_int(y)),
                    "guard_both({x:#x}, {y:#x})"
                );
                k.check_kept(&args, &out, &[tmp], &[], "guard_both");
            }
        }
    }
}

#[test]
fn unbox_and_box() {
    let mut ints = edge_ints();
    let mut rng = Rng::new(11);
    ints.extend((0..3000).map(|_| rng.small_int()));
    for (dst, src) in [(Rax, Rdi), (R13, R13), (Rbp, R12), (R9, R15)] {
        let unbox = Kernel::new(&[Loc::G(src)], |buf, _| emit_unbox_int(buf, dst, src));
        let boxer = Kernel::new(&[Loc::G(src)], |buf, _| {
            emit_box_int_unchecked(buf, dst, src)
        });
        let checked = Kernel::new(&[Loc::G(src)], |buf, bail| {
            emit_box_int_checked(buf, dst, src, bail)
        });
        for &x in &ints {
            let out = unbox.run(&[int(x)]);
            assert_eq!(out.g(dst) as i64, x, "unbox {x}");
            unbox.check_kept(&[int(x)], &out, &[dst], &[], "unbox");
            let out = boxer.run(&[x as u64]);
            assert_eq!(out.g(dst), int(x), "box {x}");
            boxer.check_kept(&[x as u64], &out, &[dst], &[], "box");
        }
        // The checked box takes every i64: the range, its neighbours and far values.
        let mut wide: Vec<i64> = ints.clone();
        wide.extend([
            SMALL_INT_MAX + 1,
            SMALL_INT_MIN - 1,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
            1 << 48,
            -(1 << 48),
            1 << 62,
        ]);
        wide.extend((0..2000).map(|_| rng.next() as i64));
        for &x in &wide {
            let out = checked.run(&[x as u64]);
            match Value::small_int(x) {
                Some(v) => {
                    assert!(!out.bailed, "box_checked {x}");
                    assert_eq!(out.g(dst), v.bits(), "box_checked {x}");
                }
                None => assert!(out.bailed, "box_checked {x} did not bail"),
            }
            checked.check_kept(&[x as u64], &out, &[dst], &[], "box_checked");
        }
    }
}

/// Python's truth of a value, or `None` when the fast path bails on its type.
fn truth(x: u64) -> Option<bool> {
    if x >> 48 == 0xFFF9 {
        return Some(x != int(0));
    }
    if x < 0xFFF9 << 48 {
        return Some(f64::from_bits(x) != 0.0);
    }
    match x {
        _ if x == Value::TRUE.bits() => Some(true),
        _ if x == Value::FALSE.bits() || x == Value::NONE.bits() => Some(false),
        _ => None,
    }
}

#[test]
fn truthiness() {
    let values = all_values();
    let flag = R11;
    let regs: [(Reg, Reg, Reg); 3] = [(Rdi, Rax, Rsi), (R13, R12, R13), (Rbp, R15, Rcx)];
    for (v, tmp, dst) in regs {
        let kernels = [true, false].map(|when| {
            Kernel::new(&[Loc::G(v)], |buf, bail| {
                emit_taken(buf, flag, |buf, target| {
                    emit_branch_truthy(buf, v, tmp, when, target, bail);
                });
            })
        });
        let value = Kernel::new(&[Loc::G(v)], |buf, bail| {
            emit_truthy(buf, dst, v, tmp, bail)
        });
        for &x in &values {
            let want = truth(x);
            for (k, when) in kernels.iter().zip([true, false]) {
                let out = k.run(&[x]);
                let what = format!("branch_truthy({x:#x}, when {when})");
                assert_eq!(out.bailed, want.is_none(), "{what}");
                if let Some(t) = want {
                    assert_eq!(out.g(flag), (t == when) as u64, "{what}");
                }
                k.check_kept(&[x], &out, &[tmp, flag], &[], &what);
            }
            let out = value.run(&[x]);
            assert_eq!(out.bailed, want.is_none(), "truthy({x:#x})");
            if let Some(t) = want {
                assert_eq!(out.g(dst), Value::bool(t).bits(), "truthy({x:#x})");
                value.check_kept(&[x], &out, &[tmp, dst], &[], "truthy");
            } else {
                value.check_kept(&[x], &out, &[tmp], &[], "truthy bail");
            }
        }
    }
}
