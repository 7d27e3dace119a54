//! Double-double arithmetic (~104-bit significands) for correctly rounded `exp`, `log` and
//! `pow`. glibc's versions of these are accurate to about 0.52 ulp, so they are correctly
//! rounded for practically every input; computing with ~100 bits and rounding once gives
//! the same bits, where the `libm` crate's fdlibm-based versions are off by one ulp for a
//! few percent of inputs.

/// An unevaluated sum `hi + lo` with `|lo| <= ulp(hi) / 2`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Dd {
    pub hi: f64,
    pub lo: f64,
}

const fn dd(hi: u64, lo: u64) -> Dd {
    Dd {
        hi: f64::from_bits(hi),
        lo: f64::from_bits(lo),
    }
}

const fn d(x: f64) -> Dd {
    Dd { hi: x, lo: 0.0 }
}

/// ln 2 as a double-double, plus the next term (for `k * ln2` with |k| up to ~1100).
const LN2: Dd = dd(0x3fe62e42fefa39ef, 0x3c7abc9e3b39803f);
const LN2_REST: f64 = 5.707_708_438_416_212e-34;
const SQRT2: f64 = core::f64::consts::SQRT_2;

/// 1/(2i+1), i = 0..=22: the atanh series for ln((1+s)/(1-s)) / (2s).
const INV_ODD: [Dd; 23] = [
    dd(0x3ff0000000000000, 0x0000000000000000),
    dd(0x3fd5555555555555, 0x3c75555555555555),
    dd(0x3fc999999999999a, 0xbc6999999999999a),
    dd(0x3fc2492492492492, 0x3c62492492492492),
    dd(0x3fbc71c71c71c71c, 0x3c5c71c71c71c71c),
    dd(0x3fb745d1745d1746, 0xbc4745d1745d1746),
    dd(0x3fb3b13b13b13b14, 0xbc53b13b13b13b14),
    dd(0x3fb1111111111111, 0x3c31111111111111),
    dd(0x3fae1e1e1e1e1e1e, 0x3c2e1e1e1e1e1e1e),
    dd(0x3faaf286bca1af28, 0x3c4af286bca1af28),
    dd(0x3fa8618618618618, 0x3c48618618618618),
    dd(0x3fa642c8590b2164, 0x3c3642c8590b2164),
    dd(0x3fa47ae147ae147b, 0xbc2eb851eb851eb8),
    dd(0x3fa2f684bda12f68, 0x3c42f684bda12f68),
    dd(0x3fa1a7b9611a7b96, 0x3c21a7b9611a7b96),
    dd(0x3fa0842108421084, 0x3c30842108421084),
    dd(0x3f9f07c1f07c1f08, 0xbc2f07c1f07c1f08),
    dd(0x3f9d41d41d41d41d, 0x3c30750750750750),
    dd(0x3f9bacf914c1bad0, 0xbc3bacf914c1bad0),
    dd(0x3f9a41a41a41a41a, 0x3c30690690690690),
    dd(0x3f98f9c18f9c18fa, 0xbc2f3831f3831f38),
    dd(0x3f97d05f417d05f4, 0x3c17d05f417d05f4),
    dd(0x3f96c16c16c16c17, 0xbc2f49f49f49f49f),
];

/// 1/k!, k = 0..=13: the Taylor series of exp.
const INV_FACT: [Dd; 14] = [
    dd(0x3ff0000000000000, 0x0000000000000000),
    dd(0x3ff0000000000000, 0x0000000000000000),
    dd(0x3fe0000000000000, 0x0000000000000000),
    dd(0x3fc5555555555555, 0x3c65555555555555),
    dd(0x3fa5555555555555, 0x3c45555555555555),
    dd(0x3f81111111111111, 0x3c01111111111111),
    dd(0x3f56c16c16c16c17, 0xbbef49f49f49f49f),
    dd(0x3f2a01a01a01a01a, 0x3b6a01a01a01a01a),
    dd(0x3efa01a01a01a01a, 0x3b3a01a01a01a01a),
    dd(0x3ec71de3a556c734, 0xbb6c154f8ddc6c00),
    dd(0x3e927e4fb7789f5c, 0x3b3cbbc05b4fa99a),
    dd(0x3e5ae64567f544e4, 0xbafc062e06d1f209),
    dd(0x3e21eed8eff8d898, 0xbac2aec959e14c06),
    dd(0x3de6124613a86d09, 0x3a8f28e0cc748ebe),
];

fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let bb = s - a;
    Dd {
        hi: s,
        lo: (a - (s - bb)) + (b - bb),
    }
}

fn fast_two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    Dd {
        hi: s,
        lo: b - (s - a),
    }
}

/// Exact product via FMA (`libm::fma` is exact, in software where there is no FMA unit);
/// used where an operand may be huge.
fn two_prod_fma(a: f64, b: f64) -> Dd {
    let p = a * b;
    Dd {
        hi: p,
        lo: libm::fma(a, b, -p),
    }
}

/// Veltkamp split into two 26-bit halves (valid for |a| < 2**996).
fn split(a: f64) -> (f64, f64) {
    let t = 134_217_729.0 * a; // 2**27 + 1
    let hi = t - (t - a);
    (hi, a - hi)
}

/// Exact product by Dekker's algorithm: much faster than a software FMA; every caller has
/// operands far from overflow and underflow.
fn two_prod(a: f64, b: f64) -> Dd {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    Dd {
        hi: p,
        lo: ((ah * bh - p) + ah * bl + al * bh) + al * bl,
    }
}

fn add(a: Dd, b: Dd) -> Dd {
    let s = two_sum(a.hi, b.hi);
    let t = two_sum(a.lo, b.lo);
    let r = fast_two_sum(s.hi, s.lo + t.hi);
    fast_two_sum(r.hi, r.lo + t.lo)
}

fn mul(a: Dd, b: Dd) -> Dd {
    let p = two_prod(a.hi, b.hi);
    fast_two_sum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi))
}

fn mul_f(a: Dd, b: f64) -> Dd {
    let p = two_prod(a.hi, b);
    fast_two_sum(p.hi, p.lo + a.lo * b)
}

fn div(a: Dd, b: Dd) -> Dd {
    let q1 = a.hi / b.hi;
    let r = add(
        a,
        mul_f(
            Dd {
                hi: -b.hi,
                lo: -b.lo,
            },
            q1,
        ),
    );
    let q2 = r.hi / b.hi;
    let r = add(
        r,
        mul_f(
            Dd {
                hi: -b.hi,
                lo: -b.lo,
            },
            q2,
        ),
    );
    let q3 = r.hi / b.hi;
    add(fast_two_sum(q1, q2), d(q3))
}

/// ln(x) for finite x > 0 with ~2^-100 relative error.
pub(crate) fn log_dd(x: f64) -> Dd {
    let mut k: i32 = 0;
    let mut bits = x.to_bits();
    if bits >> 52 == 0 {
        // Subnormal: scale into the normal range first (exact).
        bits = (x * 18_014_398_509_481_984.0).to_bits(); // 2**54
        k = -54;
    }
    k += ((bits >> 52) & 0x7ff) as i32 - 1023;
    let mut m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    if m > SQRT2 {
        m *= 0.5;
        k += 1;
    }
    // ln m = 2 atanh(s), s = (m - 1) / (m + 1); m - 1 is exact (Sterbenz).
    let s = div(d(m - 1.0), two_sum(m, 1.0));
    let s2 = mul(s, s);
    let mut p = INV_ODD[22];
    for c in INV_ODD[..22].iter().rev() {
        p = add(mul(p, s2), *c);
    }
    let lnm = mul(mul_f(s, 2.0), p);
    let kf = f64::from(k);
    let kl = add(mul_f(LN2, kf), d(kf * LN2_REST));
    add(kl, lnm)
}

/// exp(t) as `(e, n)` with the value `e * 2**n`, `e` in about [0.7, 1.42]; |t| <= ~750.
pub(crate) fn exp_dd(t: Dd) -> (Dd, i32) {
    let n = libm::round(t.hi / LN2.hi);
    let r = add(
        t,
        mul_f(
            Dd {
                hi: -LN2.hi,
                lo: -LN2.lo,
            },
            n,
        ),
    );
    let r = add(r, d(-n * LN2_REST));
    // Scale by 2**-5 (exact), sum the Taylor series of expm1, then undo by doubling:
    // expm1(2u) = 2 expm1(u) + expm1(u)**2.
    let r = Dd {
        hi: r.hi / 32.0,
        lo: r.lo / 32.0,
    };
    let mut q = INV_FACT[13];
    for c in INV_FACT[1..13].iter().rev() {
        q = add(mul(q, r), *c);
    }
    let mut p = mul(q, r);
    for _ in 0..5 {
        p = add(mul_f(p, 2.0), mul(p, p));
    }
    (add(d(1.0), p), n as i32)
}

/// Round `e * 2**n` to a double; `None` if the result would be subnormal (a second rounding
/// could be wrong there; callers fall back to libm).
fn finish(e: Dd, n: i32) -> Option<f64> {
    let hi = e.hi; // already the correctly rounded value of hi + lo
    let (_, ex) = libm::frexp(hi);
    if ex + n < -1021 {
        return None;
    }
    Some(libm::ldexp(hi, n))
}

/// Correctly rounded (in all but astronomically rare cases) `exp(x)`.
pub(crate) fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x > 709.8 {
        return f64::INFINITY;
    }
    if x < -745.2 {
        return 0.0;
    }
    let (e, n) = exp_dd(d(x));
    finish(e, n).unwrap_or_else(|| libm::exp(x))
}

/// Correctly rounded `log(x)` for finite x > 0.
pub(crate) fn log(x: f64) -> f64 {
    log_dd(x).hi
}

/// Correctly rounded `pow(x, y)` for finite x > 0, x != 1, finite y != 0.
pub(crate) fn pow(x: f64, y: f64) -> f64 {
    // Exact or correctly rounded by a single IEEE operation.
    if y == 1.0 {
        return x;
    }
    if y == 2.0 {
        return x * x;
    }
    if y == -1.0 {
        return 1.0 / x;
    }
    if y == 0.5 {
        return libm::sqrt(x);
    }
    // Far outside the range: no need for precision (and y * ln x might overflow).
    let est = libm::log2(x) * y;
    if est > 1100.0 {
        return f64::INFINITY;
    }
    if est < -1200.0 {
        return 0.0;
    }
    // y may be huge (with ln x tiny): the one product that needs the FMA.
    let l = log_dd(x);
    let p = two_prod_fma(l.hi, y);
    let t = fast_two_sum(p.hi, p.lo + l.lo * y);
    if t.hi > 709.8 {
        return f64::INFINITY;
    }
    if t.hi < -745.2 {
        return 0.0;
    }
    let (e, n) = exp_dd(t);
    finish(e, n).unwrap_or_else(|| libm::pow(x, y))
}
