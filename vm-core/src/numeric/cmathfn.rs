//! The functions of Python's `cmath` module that Tiercel has (`sqrt`, `exp`, `log`,
//! `log10`, `phase`, `polar`, `rect`, `isclose`), after CPython 3.11's
//! `Modules/cmathmodule.c`: the same formulas, and for infinite and NaN parts the values of
//! C99 Annex G (CPython's special-value tables, indexed by the kind of each part).

use super::complex::Complex;
use super::mathfn::MathError;

/// A `cmath` function's result: `Domain` is `ValueError: math domain error`, `Range`
/// `OverflowError: math range error`.
pub type CmathResult = Result<Complex, MathError>;

const INF: f64 = f64::INFINITY;
const N: f64 = f64::NAN;
const PI: f64 = core::f64::consts::PI;
const P12: f64 = 0.5 * PI;
const P14: f64 = 0.25 * PI;
const P34: f64 = 0.75 * PI;
/// The value of table cells for finite parts, which never reach a table (CPython's `U`).
const U: f64 = -9.542631940771103e33;
/// Above this a part's square or sum may overflow (`CM_LARGE_DOUBLE`).
const LARGE: f64 = f64::MAX / 4.0;
/// `log(LARGE)` (`CM_LOG_LARGE_DOUBLE`): `exp` of more overflows.
const LOG_LARGE: f64 = 708.3964185322641;
/// Scaling of subnormal arguments of `sqrt` (`CM_SCALE_UP`, `CM_SCALE_DOWN`).
const SCALE_UP: i32 = 53;
const SCALE_DOWN: i32 = -27;

/// The kind of a part: -inf, negative, -0, +0, positive, +inf, NaN (the table index).
fn kind(x: f64) -> usize {
    if x.is_nan() {
        6
    } else if x.is_infinite() {
        if x > 0.0 {
            5
        } else {
            0
        }
    } else if x == 0.0 {
        if x.is_sign_positive() {
            3
        } else {
            2
        }
    } else if x > 0.0 {
        4
    } else {
        1
    }
}

type Table = [[(f64, f64); 7]; 7];

/// The special value of `z` from `table` (a part infinite or NaN).
fn special(z: Complex, table: &Table) -> Complex {
    let (re, im) = table[kind(z.re)][kind(z.im)];
    Complex::new(re, im)
}

fn finite(z: Complex) -> bool {
    z.re.is_finite() && z.im.is_finite()
}

const SQRT_SPECIAL: Table = [
    [
        (INF, -INF),
        (0.0, -INF),
        (0.0, -INF),
        (0.0, INF),
        (0.0, INF),
        (INF, INF),
        (N, INF),
    ],
    [
        (INF, -INF),
        (U, U),
        (U, U),
        (U, U),
        (U, U),
        (INF, INF),
        (N, N),
    ],
    [
        (INF, -INF),
        (U, U),
        (0.0, -0.0),
        (0.0, 0.0),
        (U, U),
        (INF, INF),
        (N, N),
    ],
    [
        (INF, -INF),
        (U, U),
        (0.0, -0.0),
        (0.0, 0.0),
        (U, U),
        (INF, INF),
        (N, N),
    ],
    [
        (INF, -INF),
        (U, U),
        (U, U),
        (U, U),
        (U, U),
        (INF, INF),
        (N, N),
    ],
    [
        (INF, -INF),
        (INF, -0.0),
        (INF, -0.0),
        (INF, 0.0),
        (INF, 0.0),
        (INF, INF),
        (INF, N),
    ],
    [
        (INF, -INF),
        (N, N),
        (N, N),
        (N, N),
        (N, N),
        (INF, INF),
        (N, N),
    ],
];

const EXP_SPECIAL: Table = [
    [
        (0.0, 0.0),
        (U, U),
        (0.0, -0.0),
        (0.0, 0.0),
        (U, U),
        (0.0, 0.0),
        (0.0, 0.0),
    ],
    [(N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)],
    [
        (N, N),
        (U, U),
        (1.0, -0.0),
        (1.0, 0.0),
        (U, U),
        (N, N),
        (N, N),
    ],
    [
        (N, N),
        (U, U),
        (1.0, -0.0),
        (1.0, 0.0),
        (U, U),
        (N, N),
        (N, N),
    ],
    [(N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)],
    [
        (INF, N),
        (U, U),
        (INF, -0.0),
        (INF, 0.0),
        (U, U),
        (INF, N),
        (INF, N),
    ],
    [(N, N), (N, N), (N, -0.0), (N, 0.0), (N, N), (N, N), (N, N)],
];

const LOG_SPECIAL: Table = [
    [
        (INF, -P34),
        (INF, -PI),
        (INF, -PI),
        (INF, PI),
        (INF, PI),
        (INF, P34),
        (INF, N),
    ],
    [
        (INF, -P12),
        (U, U),
        (U, U),
        (U, U),
        (U, U),
        (INF, P12),
        (N, N),
    ],
    [
        (INF, -P12),
        (U, U),
        (-INF, -PI),
        (-INF, PI),
        (U, U),
        (INF, P12),
        (N, N),
    ],
    [
        (INF, -P12),
        (U, U),
        (-INF, -0.0),
        (-INF, 0.0),
        (U, U),
        (INF, P12),
        (N, N),
    ],
    [
        (INF, -P12),
        (U, U),
        (U, U),
        (U, U),
        (U, U),
        (INF, P12),
        (N, N),
    ],
    [
        (INF, -P14),
        (INF, -0.0),
        (INF, -0.0),
        (INF, 0.0),
        (INF, 0.0),
        (INF, P14),
        (INF, N),
    ],
    [(INF, N), (N, N), (N, N), (N, N), (N, N), (INF, N), (N, N)],
];

const RECT_SPECIAL: Table = [
    [
        (INF, N),
        (U, U),
        (-INF, 0.0),
        (-INF, -0.0),
        (U, U),
        (INF, N),
        (INF, N),
    ],
    [(N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)],
    [
        (0.0, 0.0),
        (U, U),
        (-0.0, 0.0),
        (-0.0, -0.0),
        (U, U),
        (0.0, 0.0),
        (0.0, 0.0),
    ],
    [
        (0.0, 0.0),
        (U, U),
        (0.0, -0.0),
        (0.0, 0.0),
        (U, U),
        (0.0, 0.0),
        (0.0, 0.0),
    ],
    [(N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)],
    [
        (INF, N),
        (U, U),
        (INF, -0.0),
        (INF, 0.0),
        (U, U),
        (INF, N),
        (INF, N),
    ],
    [(N, N), (N, N), (N, 0.0), (N, 0.0), (N, N), (N, N), (N, N)],
];

/// C's `exp` and `log`, correctly rounded in practice as glibc's.
fn exp(x: f64) -> f64 {
    super::dd::exp(x)
}

fn log(x: f64) -> f64 {
    if x.is_finite() && x > 0.0 {
        super::dd::log(x)
    } else {
        libm::log(x)
    }
}

/// `cmath.sqrt(z)`.
pub fn sqrt(z: Complex) -> CmathResult {
    if !finite(z) {
        return Ok(special(z, &SQRT_SPECIAL));
    }
    if z.re == 0.0 && z.im == 0.0 {
        return Ok(Complex::new(0.0, z.im));
    }
    let mut ax = z.re.abs();
    let ay = z.im.abs();
    let s = if ax < f64::MIN_POSITIVE && ay < f64::MIN_POSITIVE {
        // Subnormal parts: scaled up so that hypot keeps its precision.
        ax = libm::ldexp(ax, SCALE_UP);
        let h = libm::hypot(ax, libm::ldexp(ay, SCALE_UP));
        libm::ldexp(libm::sqrt(ax + h), SCALE_DOWN)
    } else {
        ax /= 8.0;
        2.0 * libm::sqrt(ax + libm::hypot(ax, ay / 8.0))
    };
    let d = ay / (2.0 * s);
    Ok(if z.re >= 0.0 {
        Complex::new(s, libm::copysign(d, z.im))
    } else {
        Complex::new(d, libm::copysign(s, z.im))
    })
}

/// `cmath.exp(z)`.
pub fn exp_c(z: Complex) -> CmathResult {
    if !finite(z) {
        let r = if z.re.is_infinite() && z.im.is_finite() && z.im != 0.0 {
            let (c, s) = (libm::cos(z.im), libm::sin(z.im));
            if z.re > 0.0 {
                Complex::new(libm::copysign(INF, c), libm::copysign(INF, s))
            } else {
                Complex::new(libm::copysign(0.0, c), libm::copysign(0.0, s))
            }
        } else {
            special(z, &EXP_SPECIAL)
        };
        let domain = z.im.is_infinite() && (z.re.is_finite() || z.re == INF);
        return if domain {
            Err(MathError::Domain)
        } else {
            Ok(r)
        };
    }
    let r = if z.re > LOG_LARGE {
        let l = exp(z.re - 1.0);
        Complex::new(
            l * libm::cos(z.im) * core::f64::consts::E,
            l * libm::sin(z.im) * core::f64::consts::E,
        )
    } else {
        let l = exp(z.re);
        Complex::new(l * libm::cos(z.im), l * libm::sin(z.im))
    };
    if r.re.is_infinite() || r.im.is_infinite() {
        return Err(MathError::Range);
    }
    Ok(r)
}

/// The natural logarithm (`c_log`).
pub fn log_c(z: Complex) -> CmathResult {
    if !finite(z) {
        return Ok(special(z, &LOG_SPECIAL));
    }
    let (ax, ay) = (z.re.abs(), z.im.abs());
    let re = if ax > LARGE || ay > LARGE {
        log(libm::hypot(ax / 2.0, ay / 2.0)) + core::f64::consts::LN_2
    } else if ax < f64::MIN_POSITIVE && ay < f64::MIN_POSITIVE {
        if ax > 0.0 || ay > 0.0 {
            let h = libm::hypot(libm::ldexp(ax, 53), libm::ldexp(ay, 53));
            log(h) - 53.0 * core::f64::consts::LN_2
        } else {
            // log(0): -inf, a domain error.
            return Err(MathError::Domain);
        }
    } else {
        let h = libm::hypot(ax, ay);
        if (0.71..=1.73).contains(&h) {
            let (am, an) = if ax > ay { (ax, ay) } else { (ay, ax) };
            libm::log1p((am - 1.0) * (am + 1.0) + an * an) / 2.0
        } else {
            log(h)
        }
    };
    Ok(Complex::new(re, libm::atan2(z.im, z.re)))
}

/// `cmath.log(z, base)`.
pub fn log_base(z: Complex, base: Option<Complex>) -> CmathResult {
    let x = log_c(z)?;
    match base {
        None => Ok(x),
        Some(b) => {
            let y = log_c(b)?;
            x.quot(y).map_err(|_| MathError::Domain)
        }
    }
}

/// `cmath.log10(z)`.
pub fn log10(z: Complex) -> CmathResult {
    let r = log_c(z)?;
    Ok(Complex::new(
        r.re / core::f64::consts::LN_10,
        r.im / core::f64::consts::LN_10,
    ))
}

/// `cmath.phase(z)` (`c_atan2`, with C99's values for infinities).
pub fn phase(z: Complex) -> f64 {
    if z.re.is_nan() || z.im.is_nan() {
        return N;
    }
    if z.im.is_infinite() {
        if z.re.is_infinite() {
            let q = if z.re.is_sign_positive() { P14 } else { P34 };
            return libm::copysign(q, z.im);
        }
        return libm::copysign(P12, z.im);
    }
    if z.re.is_infinite() || z.im == 0.0 {
        return if z.re.is_sign_positive() {
            libm::copysign(0.0, z.im)
        } else {
            libm::copysign(PI, z.im)
        };
    }
    libm::atan2(z.im, z.re)
}

/// `cmath.polar(z)`: `(abs(z), phase(z))`.
pub fn polar(z: Complex) -> Result<(f64, f64), MathError> {
    let phi = phase(z);
    match z.abs() {
        Ok(r) => Ok((r, phi)),
        Err(_) => Err(MathError::Range),
    }
}

/// `cmath.rect(r, phi)`.
pub fn rect(r: f64, phi: f64) -> CmathResult {
    if !r.is_finite() || !phi.is_finite() {
        let z = if r.is_infinite() && phi.is_finite() && phi != 0.0 {
            let (c, s) = (libm::cos(phi), libm::sin(phi));
            if r > 0.0 {
                Complex::new(libm::copysign(INF, c), libm::copysign(INF, s))
            } else {
                Complex::new(-libm::copysign(INF, c), -libm::copysign(INF, s))
            }
        } else {
            special(Complex::new(r, phi), &RECT_SPECIAL)
        };
        if r != 0.0 && !r.is_nan() && phi.is_infinite() {
            return Err(MathError::Domain);
        }
        return Ok(z);
    }
    if phi == 0.0 {
        return Ok(Complex::new(r, r * phi));
    }
    Ok(Complex::new(r * libm::cos(phi), r * libm::sin(phi)))
}

/// `cmath.isclose(a, b, rel_tol, abs_tol)` (tolerances already checked non-negative).
pub fn isclose(a: Complex, b: Complex, rel_tol: f64, abs_tol: f64) -> bool {
    if a.re == b.re && a.im == b.im {
        return true;
    }
    if a.re.is_infinite() || a.im.is_infinite() || b.re.is_infinite() || b.im.is_infinite() {
        return false;
    }
    let diff = (a - b).abs().unwrap_or(INF);
    let (na, nb) = (a.abs().unwrap_or(INF), b.abs().unwrap_or(INF));
    diff <= rel_tol * nb || diff <= rel_tol * na || diff <= abs_tol
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_match_cpython() {
        assert_eq!(sqrt(Complex::new(-4.0, 0.0)), Ok(Complex::new(0.0, 2.0)));
        assert_eq!(log_c(Complex::new(0.0, 0.0)), Err(MathError::Domain));
        assert_eq!(log_c(Complex::new(-1.0, 0.0)), Ok(Complex::new(0.0, PI)));
        assert_eq!(exp_c(Complex::new(1000.0, 0.0)), Err(MathError::Range));
        assert_eq!(exp_c(Complex::new(0.0, INF)), Err(MathError::Domain));
        assert_eq!(phase(Complex::new(-1.0, -0.0)), -PI);
        assert_eq!(polar(Complex::new(0.0, 1.0)), Ok((1.0, P12)));
        let s = sqrt(Complex::new(-INF, 1.0)).unwrap_or(Complex::new(N, N));
        assert_eq!((s.re, s.im), (0.0, INF));
        assert!(isclose(
            Complex::new(1.0, 0.0),
            Complex::new(1.0 + 1e-10, 0.0),
            1e-9,
            0.0
        ));
    }
}
