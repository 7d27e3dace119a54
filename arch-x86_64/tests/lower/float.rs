//! Floats: moves and boxing (with the canonical NaN), SSE2 arithmetic, the int conversion
//! and comparisons, over edge and pseudo-random bit patterns in every aliasing of `dst`.

use std::hint::black_box;

use arch_x86_64::enc::Xmm::{self, *};
use arch_x86_64::enc::{CodeBuf, Label, Reg};
use arch_x86_64::lower::*;
use vm_core::Value;

use crate::common::{
    edge_ints, emit_taken, float_pairs, floats, operands, py_cmp, Kernel, Loc, Rng,
};

/// `[dst, a, b, tmp]` XMM assignments: all distinct, `dst == a`, `dst == b`, `a == b`, all
/// the same, in low and REX registers.
const XCOMBOS: [[Xmm; 4]; 7] = [
    [Xmm0, Xmm1, Xmm2, Xmm3],
    [Xmm1, Xmm1, Xmm2, Xmm3],
    [Xmm2, Xmm1, Xmm2, Xmm3],
    [Xmm0, Xmm9, Xmm9, Xmm3],
    [Xmm8, Xmm8, Xmm8, Xmm15],
    [Xmm12, Xmm9, Xmm10, Xmm11],
    [Xmm10, Xmm9, Xmm10, Xmm13],
];

/// The quiet form of a NaN's bits.
fn quiet(bits: u64) -> u64 {
    bits | 1 << 51
}

/// Whether `got` is what SSE2 gives for an operation on `a` and `b` whose exact result, as
/// Rust computes it, is `want`. A NaN result is the quieted NaN operand (either one when
/// both are NaNs, as the operand order of Rust's own instruction is the compiler's choice)
/// or the default NaN when neither is one.
fn sse_result(got: u64, a: u64, b: u64, want: f64) -> bool {
    if !want.is_nan() {
        return got == want.to_bits();
    }
    let nan = |x: u64| f64::from_bits(x).is_nan();
    match (nan(a), nan(b)) {
        (true, true) => got == quiet(a) || got == quiet(b),
        (true, false) => got == quiet(a),
        (false, true) => got == quiet(b),
        (false, false) => got == 0xFFF8_0000_0000_0000,
    }
}

/// The boxed form `Value::float` gives the SSE2 result `bits`.
fn boxed(bits: u64) -> u64 {
    Value::float(f64::from_bits(bits)).bits()
}

#[test]
fn moves_and_the_canonical_nan() {
    let mut bits = floats();
    let mut rng = Rng::new(3);
    bits.extend((0..3000).map(|_| rng.next()));
    bits.extend([
        0xFFF9_0000_0000_0000,
        0xFFFF_FFFF_FFFF_FFFF,
        0xFFF8_FFFF_FFFF_FFFF,
    ]);
    for (g, x) in [(Reg::Rax, Xmm0), (Reg::R13, Xmm9), (Reg::Rbp, Xmm15)] {
        let to_xmm = Kernel::new(&[Loc::G(g)], |buf, _| emit_float_to_xmm(buf, x, g));
        let to_float = Kernel::new(&[Loc::X(x)], |buf, _| emit_xmm_to_float(buf, g, x));
        for &b in &bits {
            let out = to_xmm.run(&[b]);
            assert_eq!(out.x(x), b);
            to_xmm.check_kept(&[b], &out, &[], &[x], "float_to_xmm");
            let out = to_float.run(&[b]);
            assert_eq!(out.g(g), boxed(b), "xmm_to_float({b:#x})");
            to_float.check_kept(&[b], &out, &[g], &[], "xmm_to_float");
        }
    }
    // The NaN quieting makes: a negative signalling NaN plus 1.0.
    let add = Kernel::new(&[Loc::G(Reg::Rdi), Loc::G(Reg::Rsi)], |buf, _| {
        emit_float_to_xmm(buf, Xmm0, Reg::Rdi);
        emit_float_to_xmm(buf, Xmm1, Reg::Rsi);
        emit_add_float(buf, Xmm0, Xmm0, Xmm1);
        emit_xmm_to_float(buf, Reg::Rax, Xmm0);
    });
    let out = add.run(&[0xFFF1_0000_0000_0000, 1f64.to_bits()]);
    assert_eq!(
        out.x(Xmm0),
        0xFFF9_0000_0000_0000,
        "the sum is a NaN in the int range"
    );
    assert_eq!(out.g(Reg::Rax), 0x7FF8_0000_0000_0000);
}

/// An SSE2 emitter with the signature of the ordered ones.
type Arith = fn(&mut CodeBuf, Xmm, Xmm, Xmm, Xmm, Label);

fn check_arith(name: &str, emit: Arith, rust: fn(f64, f64) -> f64, zero_bails: bool) {
    let pairs = float_pairs(3000);
    for [dst, a, b, tmp] in XCOMBOS {
        let inputs = operands(a == b, Loc::X(a), Loc::X(b));
        let k = Kernel::new(&inputs, |buf, bail| emit(buf, dst, a, b, tmp, bail));
        // The whole path: boxed operands in, boxed result out.
        let boxed_k = Kernel::new(&[Loc::G(Reg::Rdi), Loc::G(Reg::Rsi)], |buf, bail| {
            emit_float_to_xmm(buf, a, Reg::Rdi);
            if a != b {
                emit_float_to_xmm(buf, b, Reg::Rsi);
            }
            emit(buf, dst, a, b, tmp, bail);
            emit_xmm_to_float(buf, Reg::Rax, dst);
        });
        for &(x, y) in &pairs {
            let y = if a == b { x } else { y };
            let args = operands(a == b, x, y);
            let what = format!("{name}({x:#x}, {y:#x}) dst={dst:?} a={a:?} b={b:?}");
            let want = rust(black_box(f64::from_bits(x)), black_box(f64::from_bits(y)));
            let bails = zero_bails && f64::from_bits(y) == 0.0;
            let out = k.run(&args);
            assert_eq!(out.bailed, bails, "{what}");
            if bails {
                k.check_kept(&args, &out, &[], &[tmp], &what);
                continue;
            }
            assert!(
                sse_result(out.x(dst), x, y, want),
                "{what}: got {:#x}",
                out.x(dst)
            );
            k.check_kept(&args, &out, &[], &[dst, tmp], &what);
            let out = boxed_k.run(&[boxed(x), boxed(y)]);
            let (bx, by) = (boxed(x), boxed(y));
            let want = rust(black_box(f64::from_bits(bx)), black_box(f64::from_bits(by)));
            let got = out.g(Reg::Rax);
            let ok = if want.is_nan() {
                got == boxed(quiet(bx)) || got == boxed(quiet(by)) || got == boxed(0xFFF8 << 48)
            } else {
                got == want.to_bits()
            };
            assert!(ok && got < 0xFFF9 << 48, "boxed {what}: got {got:#x}");
        }
    }
}

#[test]
fn arithmetic() {
    fn add(buf: &mut CodeBuf, d: Xmm, a: Xmm, b: Xmm, _: Xmm, _: Label) {
        emit_add_float(buf, d, a, b);
    }
    fn mul(buf: &mut CodeBuf, d: Xmm, a: Xmm, b: Xmm, _: Xmm, _: Label) {
        emit_mul_float(buf, d, a, b);
    }
    fn sub(buf: &mut CodeBuf, d: Xmm, a: Xmm, b: Xmm, t: Xmm, _: Label) {
        emit_sub_float(buf, d, a, b, t);
    }
    check_arith("add", add, |a, b| a + b, false);
    check_arith("mul", mul, |a, b| a * b, false);
    check_arith("sub", sub, |a, b| a - b, false);
    check_arith("div", emit_div_float, |a, b| a / b, true);
}

#[test]
fn int_to_float() {
    let mut ints: Vec<i64> = edge_ints();
    let mut rng = Rng::new(5);
    ints.extend((0..3000).map(|_| rng.small_int()));
    ints.extend([i64::MAX, i64::MIN, (1 << 53) + 1]);
    for (dst, src) in [(Xmm0, Reg::Rdi), (Xmm13, Reg::R13), (Xmm7, Reg::R8)] {
        let k = Kernel::new(&[Loc::G(src)], |buf, _| emit_int_to_float(buf, dst, src));
        for &i in &ints {
            let out = k.run(&[i as u64]);
            assert_eq!(out.x(dst), (i as f64).to_bits(), "{i}");
            k.check_kept(&[i as u64], &out, &[], &[dst], "int_to_float");
        }
    }
}

#[test]
fn comparisons() {
    let pairs = float_pairs(1500);
    let flag = Reg::R11;
    for cmp in Cmp::ALL {
        for [_, a, b, _] in XCOMBOS {
            for (dst, tmp) in [(Reg::Rax, Reg::Rcx), (Reg::R13, Reg::Rbp)] {
                let inputs = operands(a == b, Loc::X(a), Loc::X(b));
                let k = Kernel::new(&inputs, |buf, _| {
                    emit_compare_float(buf, cmp, a, b, dst, tmp);
                    emit_taken(buf, flag, |buf, target| {
                        emit_branch_float(buf, cmp, a, b, target)
                    });
                });
                for &(x, y) in &pairs {
                    let y = if a == b { x } else { y };
                    let args = operands(a == b, x, y);
                    let want = py_cmp(cmp, f64::from_bits(x), f64::from_bits(y));
                    let out = k.run(&args);
                    let what = format!("{x:#x} {cmp:?} {y:#x}");
                    assert_eq!(out.g(dst), Value::bool(want).bits(), "{what}");
                    assert_eq!(out.g(flag), want as u64, "branch {what}");
                    k.check_kept(&args, &out, &[dst, tmp, flag], &[], &what);
                }
            }
        }
    }
}

/// Python's `a % b` for floats (`float_rem` in CPython's `floatobject.c`).
fn py_rem(a: f64, b: f64) -> f64 {
    let m = a % b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            m + b
        } else {
            m
        }
    } else {
        0f64.copysign(b)
    }
}

#[test]
fn remainder_by_a_power_of_two() {
    let mut bits = floats();
    let mut rng = Rng::new(11);
    bits.extend((0..3000).map(|_| rng.next()));
    bits.extend(
        (0..3000)
            .map(|_| (rng.next() % 4000) as f64 / 7.0 - 300.0)
            .map(f64::to_bits),
    );
    bits.extend([
        (-1e-20f64).to_bits(),
        (-0.0f64).to_bits(),
        (-(2f64.powi(63))).to_bits(),
    ]);
    let divisors = [
        1.0,
        2.0,
        0.5,
        2f64.powi(-10),
        2f64.powi(40),
        2f64.powi(1000),
        2f64.powi(-1000),
    ];
    for b in [
        3.0,
        -1.0,
        0.0,
        f64::INFINITY,
        f64::NAN,
        2f64.powi(-1030),
        2f64.powi(1023),
    ] {
        assert!(!rem_pow2_divisor(b), "{b}");
    }
    for (x, [t, u], g) in [
        (Xmm0, [Xmm1, Xmm2], Reg::Rax),
        (Xmm9, [Xmm15, Xmm3], Reg::R11),
    ] {
        for b in divisors {
            assert!(rem_pow2_divisor(b), "{b}");
            let k = Kernel::new(&[Loc::X(x)], |buf, bail| {
                emit_rem_float_by_pow2(buf, x, b, [t, u], g, bail)
            });
            for &a in &bits {
                let af = f64::from_bits(a);
                let what = format!("{af:e} % {b:e} ({a:#x})");
                let out = k.run(&[a]);
                let q = af / b;
                let bails = !q.is_finite() || q.abs() >= 2f64.powi(63);
                assert_eq!(out.bailed, bails, "{what}");
                if bails {
                    assert_eq!(out.x(x), a, "{what}: kept on a bail");
                    k.check_kept(&[a], &out, &[g], &[t, u], &what);
                    continue;
                }
                let want = py_rem(black_box(af), black_box(b));
                assert_eq!(
                    out.x(x),
                    want.to_bits(),
                    "{what}: got {}",
                    f64::from_bits(out.x(x))
                );
                k.check_kept(&[a], &out, &[g], &[x, t, u], &what);
            }
        }
    }
}

#[test]
fn square_root() {
    let mut bits = floats();
    let mut rng = Rng::new(13);
    bits.extend((0..3000).map(|_| rng.next()));
    for [dst, x, _, tmp] in XCOMBOS.into_iter().filter(|c| c[1] != c[3] && c[0] != c[3]) {
        let k = Kernel::new(&[Loc::X(x)], |buf, bail| {
            emit_sqrt_float(buf, dst, x, tmp, bail)
        });
        for &a in &bits {
            let af = f64::from_bits(a);
            let out = k.run(&[a]);
            let what = format!("sqrt({af:e}) ({a:#x}) dst={dst:?} x={x:?}");
            assert_eq!(out.bailed, af.is_nan() || af < 0.0, "{what}");
            if out.bailed {
                k.check_kept(&[a], &out, &[], &[tmp], &what);
                continue;
            }
            assert_eq!(out.x(dst), af.sqrt().to_bits(), "{what}");
            k.check_kept(&[a], &out, &[], &[dst, tmp], &what);
        }
    }
}
