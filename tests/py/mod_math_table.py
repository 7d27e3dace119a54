# table of math functions, printed with limited precision
import math
print(f"{'x':>6} {'sin':>10} {'cos':>10} {'tan':>12} {'exp':>14} {'log':>10} {'sqrt':>10}")
for i in range(1, 11):
    x = i * 0.3
    print(f"{x:6.2f} {math.sin(x):10.6f} {math.cos(x):10.6f} {math.tan(x):12.6f} {math.exp(x):14.6f} {math.log(x):10.6f} {math.sqrt(x):10.6f}")
for deg in (0, 30, 45, 60, 90, 180, 270):
    r = math.radians(deg)
    print(deg, f"{r:.6f}", f"{math.sin(r):+.6f}", f"{math.cos(r):+.6f}", round(math.degrees(r), 9))
print([math.isqrt(n) for n in (0, 1, 15, 16, 17, 10 ** 12, 10 ** 12 - 1)], [math.factorial(n) for n in range(8)])
print(math.comb(100, 50), math.perm(20, 5), math.gcd(*[12, 18, 30]) if False else math.gcd(12, 18), math.lcm(3, 4))
print(f"{math.hypot(1, 1):.12f}", f"{math.atan2(-1, -1):.9f}", f"{math.log1p(1e-10):.6e}", f"{math.expm1(1e-10):.6e}", math.copysign(0.0, -1))
print(math.floor(-0.5), math.ceil(-0.5), math.floor(2 ** 60 + 0.0) == 2 ** 60, math.trunc(1e10), math.isfinite(float("nan")))
