//! Small-int arithmetic, bitwise operations, shifts and comparisons, run over edge and
//! pseudo-random operands in every aliasing of `dst` with the operands, against Python's
//! semantics computed in `i128`.

use arch_x86_64::enc::{CodeBuf, Label, Reg};
use arch_x86_64::lower::*;
use vm_core::Value;

use crate::common::{emit_taken, fit, int, int_pairs, operands, py_cmp, Kernel, Loc};

use Reg::*;

/// An emitter of `dst = a op b` with a scratch register and a bail label.
type Binary = fn(&mut CodeBuf, Reg, Reg, Reg, Reg, Label);

/// The registers the sweeps draw from, mixing the low eight, the REX ones, and the
/// addressing special cases (RBP, R12, R13).
const POOL: [Reg; 14] = [
    Rdi, Rsi, R8, R9, Rbx, Rbp, R12, R13, R15, R10, R11, Rax, Rcx, Rdx,
];

/// `[dst, a, b, tmp]` assignments: all distinct, `dst == a`, `dst == b`, `a == b`, all
/// three the same, over different registers, and each of `extra_dsts` as a distinct `dst`.
/// `pool` holds the registers operands and `tmp` may be.
pub fn combos(pool: &[Reg], extra_dsts: &[Reg]) -> Vec<[Reg; 4]> {
    let p = |i: usize| pool[i % pool.len()];
    let mut v = vec![
        [p(0), p(1), p(2), p(3)],
        [p(1), p(1), p(2), p(3)],
        [p(2), p(1), p(2), p(3)],
        [p(0), p(1), p(1), p(3)],
        [p(1), p(1), p(1), p(3)],
        [p(4), p(5), p(6), p(7)],
        [p(6), p(5), p(6), p(8)],
        [p(7), p(7), p(8), p(9)],
        [p(10), p(9), p(8), p(7)],
        [p(9), p(9), p(9), p(4)],
    ];
    for &d in extra_dsts {
        v.push([d, p(1), p(2), p(3)]);
    }
    v
}

/// Runs `emit` over every combo and operand pair, checking the result or the bail against
/// `sem`, and that only `dst`, `tmp` and `clobbers` changed (on a bail, `dst` only when it
/// is no operand). Answers the number of runs.
fn check_binary(
    name: &str,
    emit: Binary,
    pool: &[Reg],
    extra_dsts: &[Reg],
    clobbers: &[Reg],
    sem: fn(i64, i64) -> Option<u64>,
) -> usize {
    let pairs = int_pairs(3000);
    let mut runs = 0;
    for [dst, a, b, tmp] in combos(pool, extra_dsts) {
        let inputs = operands(a == b, Loc::G(a), Loc::G(b));
        let k = Kernel::new(&inputs, |buf, bail| emit(buf, dst, a, b, tmp, bail));
        for &(x, y) in &pairs {
            let y = if a == b { x } else { y };
            let args = operands(a == b, int(x), int(y));
            let what = format!("{name}({x}, {y}) dst={dst:?} a={a:?} b={b:?} tmp={tmp:?}");
            let out = k.run(&args);
            let mut kept_out: Vec<Reg> = [tmp].iter().chain(clobbers).copied().collect();
            match sem(x, y) {
                Some(want) => {
                    assert!(!out.bailed, "{what}: bailed, want {want:#x}");
                    assert_eq!(out.g(dst), want, "{what}");
                    kept_out.push(dst);
                }
                None => {
                    assert!(out.bailed, "{what}: did not bail");
                    if dst != a && dst != b {
                        kept_out.push(dst);
                    }
                }
            }
            k.check_kept(&args, &out, &kept_out, &[], &what);
            runs += 1;
        }
    }
    runs
}

fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

#[test]
fn add_and_sub() {
    let n = check_binary("add", emit_add_small_int, &POOL, &[], &[], |a, b| {
        fit(a as i128 + b as i128)
    });
    let m = check_binary("sub", emit_sub_small_int, &POOL, &[], &[], |a, b| {
        fit(a as i128 - b as i128)
    });
    assert!(n > 20_000 && m > 20_000);
}

#[test]
fn mul() {
    check_binary("mul", emit_mul_small_int, &POOL, &[], &[], |a, b| {
        fit(a as i128 * b as i128)
    });
}

#[test]
fn bitwise() {
    fn and(buf: &mut CodeBuf, d: Reg, a: Reg, b: Reg, _: Reg, _: Label) {
        emit_and_small_int(buf, d, a, b);
    }
    fn or(buf: &mut CodeBuf, d: Reg, a: Reg, b: Reg, _: Reg, _: Label) {
        emit_or_small_int(buf, d, a, b);
    }
    fn xor(buf: &mut CodeBuf, d: Reg, a: Reg, b: Reg, _: Reg, _: Label) {
        emit_xor_small_int(buf, d, a, b);
    }
    check_binary("and", and, &POOL, &[], &[], |a, b| fit((a & b) as i128));
    check_binary("or", or, &POOL, &[], &[], |a, b| fit((a | b) as i128));
    check_binary("xor", xor, &POOL, &[], &[], |a, b| fit((a ^ b) as i128));
}

/// The registers division operands may be: not RAX or RDX.
const DIV_POOL: [Reg; 12] = [Rdi, Rsi, R8, R9, Rbx, Rbp, R12, R13, R15, R10, R11, Rcx];

#[test]
fn floordiv_and_mod() {
    let rax_rdx = [Rax, Rdx];
    check_binary(
        "floordiv",
        emit_floordiv_small_int,
        &DIV_POOL,
        &rax_rdx,
        &rax_rdx,
        |a, b| {
            (b != 0)
                .then(|| fit(floor_div(a as i128, b as i128)))
                .flatten()
        },
    );
    check_binary(
        "mod",
        emit_mod_small_int,
        &DIV_POOL,
        &rax_rdx,
        &rax_rdx,
        |a, b| {
            (b != 0)
                .then(|| fit(a as i128 - b as i128 * floor_div(a as i128, b as i128)))
                .flatten()
        },
    );
}

/// The registers shift operands may be: not RCX.
const SHIFT_POOL: [Reg; 12] = [Rdi, Rsi, R8, R9, Rbx, Rbp, R12, R13, R15, R10, R11, Rdx];

#[test]
fn shifts() {
    check_binary(
        "lshift",
        emit_lshift_small_int,
        &SHIFT_POOL,
        &[Rcx],
        &[Rcx],
        |a, b| {
            if !(0..=63).contains(&b) {
                return None;
            }
            fit((a as i128) << b)
        },
    );
    check_binary(
        "rshift",
        emit_rshift_small_int,
        &SHIFT_POOL,
        &[Rcx],
        &[Rcx],
        |a, b| {
            if b < 0 {
                return None;
            }
            fit((a as i128) >> b.min(127))
        },
    );
}

#[test]
fn neg() {
    let ints: Vec<i64> = int_pairs(1500)
        .into_iter()
        .flat_map(|p| [p.0, p.1])
        .collect();
    for (dst, v) in [(Rax, Rcx), (R13, R13), (Rbp, R12), (R9, R9), (Rdi, R15)] {
        let k = Kernel::new(&[Loc::G(v)], |buf, bail| {
            emit_neg_small_int(buf, dst, v, bail);
        });
        for &x in &ints {
            let args = [int(x)];
            let out = k.run(&args);
            let what = format!("neg({x}) dst={dst:?} v={v:?}");
            match fit(-(x as i128)) {
                Some(want) => {
                    assert!(!out.bailed, "{what}");
                    assert_eq!(out.g(dst), want, "{what}");
                    k.check_kept(&args, &out, &[dst], &[], &what);
                }
                None => {
                    assert!(out.bailed, "{what}");
                    let clobbered: &[Reg] = if dst == v { &[] } else { &[dst] };
                    k.check_kept(&args, &out, clobbered, &[], &what);
                }
            }
        }
    }
}

#[test]
fn compare_to_bool() {
    let pairs = int_pairs(2000);
    for cmp in Cmp::ALL {
        for [dst, a, b, tmp] in combos(&POOL, &[]) {
            let inputs = operands(a == b, Loc::G(a), Loc::G(b));
            let k = Kernel::new(&inputs, |buf, _| {
                emit_compare_small_int(buf, cmp, a, b, dst, tmp);
            });
            for &(x, y) in &pairs {
                let y = if a == b { x } else { y };
                let args = operands(a == b, int(x), int(y));
                let out = k.run(&args);
                let what = format!("{x} {cmp:?} {y} dst={dst:?} a={a:?} b={b:?} tmp={tmp:?}");
                assert!(!out.bailed, "{what}");
                assert_eq!(out.g(dst), Value::bool(py_cmp(cmp, x, y)).bits(), "{what}");
                k.check_kept(&args, &out, &[dst, tmp], &[], &what);
            }
        }
    }
}

#[test]
fn compare_and_branch() {
    let pairs = int_pairs(2000);
    let flag = R11;
    for cmp in Cmp::ALL {
        for [a, b, tmp, tmp2] in [
            [Rdi, Rsi, Rax, Rcx],
            [R12, R13, Rbp, R15],
            [Rbx, Rbx, R8, R9],
            [R9, R8, R10, Rdx],
        ] {
            let inputs = operands(a == b, Loc::G(a), Loc::G(b));
            let k = Kernel::new(&inputs, |buf, _| {
                emit_taken(buf, flag, |buf, target| {
                    emit_branch_small_int(buf, cmp, a, b, tmp, tmp2, target);
                });
            });
            for &(x, y) in &pairs {
                let y = if a == b { x } else { y };
                let args = operands(a == b, int(x), int(y));
                let out = k.run(&args);
                let what = format!("{x} {cmp:?} {y} a={a:?} b={b:?}");
                assert_eq!(out.g(flag), py_cmp(cmp, x, y) as u64, "{what}");
                k.check_kept(&args, &out, &[tmp, tmp2, flag], &[], &what);
            }
        }
    }
}

/// The constants the constant-operand forms are swept over: the edges of what
/// `shifted_payload` takes.
const CONSTANTS: [i64; 9] = [0, 1, -1, 2, 7, -9, 1000, 32767, -32768];

#[test]
fn add_and_sub_of_a_constant() {
    assert!(shifted_payload(32768).is_none() && shifted_payload(-32769).is_none());
    let xs: Vec<i64> = int_pairs(1500).into_iter().map(|(x, _)| x).collect();
    for add in [true, false] {
        for (dst, a) in [(Rdi, Rsi), (Rsi, Rsi), (R13, R12), (Rax, Rax), (R11, Rbp)] {
            for k in CONSTANTS {
                let imm = shifted_payload(k).unwrap();
                let kernel = Kernel::new(&[Loc::G(a)], |buf, bail| {
                    emit_add_small_int_imm(buf, dst, a, imm, add, bail)
                });
                for &x in &xs {
                    let (x128, k128) = (i128::from(x), i128::from(k));
                    let want = fit(if add { x128 + k128 } else { x128 - k128 });
                    let args = [int(x)];
                    let out = kernel.run(&args);
                    let what = format!(
                        "{x} {} {k} dst={dst:?} a={a:?}",
                        if add { '+' } else { '-' }
                    );
                    match want {
                        Some(w) => {
                            assert!(!out.bailed, "{what}: bailed");
                            assert_eq!(out.g(dst), w, "{what}");
                        }
                        None => assert!(out.bailed, "{what}: did not bail"),
                    }
                    // On a bail in place, the operand is intact.
                    let changed: &[Reg] = if want.is_none() && dst == a {
                        &[]
                    } else {
                        &[dst]
                    };
                    kernel.check_kept(&args, &out, changed, &[], &what);
                }
            }
        }
    }
}

#[test]
fn compare_with_a_constant() {
    let xs: Vec<i64> = int_pairs(1500).into_iter().map(|(x, _)| x).collect();
    let flag = R11;
    for cmp in Cmp::ALL {
        for (a, tmp) in [(Rdi, Rax), (R12, Rbp), (R9, R10)] {
            for k in CONSTANTS {
                let imm = shifted_payload(k).unwrap();
                let kernel = Kernel::new(&[Loc::G(a)], |buf, _| {
                    emit_taken(buf, flag, |buf, target| {
                        let cond = emit_compare_flags_small_int_imm(buf, cmp, a, imm, tmp);
                        buf.jcc_label(cond, target);
                    });
                });
                for &x in &xs {
                    let args = [int(x)];
                    let out = kernel.run(&args);
                    let what = format!("{x} {cmp:?} {k} a={a:?}");
                    assert_eq!(out.g(flag), py_cmp(cmp, x, k) as u64, "{what}");
                    kernel.check_kept(&args, &out, &[tmp, flag], &[], &what);
                }
            }
        }
    }
}
