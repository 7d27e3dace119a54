# math module: exact functions and constants
import math
print(math.sqrt(16), math.sqrt(2.25), math.isqrt(99), math.isqrt(10 ** 30), math.floor(-2.5), math.ceil(-2.5), math.floor(7), math.ceil(2.000001))
print(math.gcd(12, 18), math.gcd(0, 5), math.gcd(-4, 6), math.gcd(2 ** 100, 6 ** 40), math.lcm(4, 6), math.gcd())
print(math.factorial(0), math.factorial(20), math.factorial(30), math.comb(10, 3), math.comb(52, 5), math.perm(5, 2), math.perm(5), math.comb(5, 7))
print(math.trunc(3.9), math.trunc(-3.9), math.fabs(-3), math.copysign(2, -0.0), math.fmod(7, 3), math.fmod(-7, 3), math.remainder(7, 3))
print(f"{math.pi:.15f}", f"{math.e:.15f}", f"{math.tau:.10f}", math.inf, -math.inf, math.isnan(math.nan), math.isinf(math.inf), math.isfinite(1.0))
print(math.pow(2, 10), math.pow(2, 0.5) == math.sqrt(2), math.exp(0), math.log(1), math.log10(1000), math.log2(1024), math.log(8, 2))
print(f"{math.sin(1):.12f}", f"{math.cos(1):.12f}", f"{math.tan(0.5):.12f}", f"{math.atan2(1, 1):.12f}", f"{math.asin(0.5):.12f}", f"{math.acos(0.5):.12f}", f"{math.atan(1):.12f}")
print(f"{math.exp(1):.12f}", f"{math.log(10):.12f}", f"{math.sinh(1):.10f}", f"{math.cosh(1):.10f}", f"{math.tanh(0.5):.10f}")
print(f"{math.degrees(math.pi):.6f}", f"{math.radians(180):.12f}", math.hypot(3, 4), math.hypot(5, 12), math.dist((0, 0), (3, 4)))
print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1, 1.1), math.isclose(1, 1.1, rel_tol=0.2), math.fsum([0.1] * 10), math.prod([1, 2, 3, 4]), math.prod([]))
print(math.modf(3.75), math.modf(-2.5), math.frexp(8.0), math.ldexp(0.5, 4), math.floor(1e20), type(math.floor(1.5)).__name__)
for bad in (lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.log(-1), lambda: math.factorial(-1), lambda: math.factorial(2.5),
            lambda: math.isqrt(-4), lambda: math.acos(2), lambda: math.comb(-1, 2), lambda: math.exp(1000), lambda: math.floor("x"), lambda: math.gcd(1.5, 2)):
    try:
        bad()
    except (ValueError, OverflowError, TypeError) as e:
        print(type(e).__name__, e)
from math import sqrt, pi as PI
print(sqrt(81), round(PI, 4))
