# Chains of float arithmetic in hot loops: intermediate results of every kind (NaN,
# infinities, signed zeros), operands that turn into ints or big ints midway, a division by
# zero inside a chain, chained comparisons on float results, and results kept across
# calls and attribute stores.
import math


def chain(xs, c):
    t = 0.0
    for x in xs:
        t = t + (x * 1.5 - c) * (x / 3.0 + c) - x * x / 7.0
    return t


print(round(chain([float(i) for i in range(200)], 0.25), 6))
print(chain([1.0, 2.0, math.inf], 0.5))
print(chain([1.0, -math.inf, 2.0], 0.5))
print(chain([0.0, -0.0, 1e308, 1e308], 1e308))
print(round(chain([1, 2.5, 3, 4.5] * 50, 2), 6))
print(round(chain([float(i) for i in range(100)] + [10**20, 3], 0.5), 3))
try:
    print(chain([1.0] * 100 + [10**400], 0.5))
except OverflowError as e:
    print("OverflowError", e)


def ratio(xs):
    out = []
    for a, b in xs:
        try:
            out.append(round((a * 2.0 + 1.0) / (b - 1.0) * 0.5, 9))
        except ZeroDivisionError as e:
            out.append(str(e))
    return out


pairs = [(float(i), float(i % 5)) for i in range(60)]
print(ratio(pairs)[:12])
print(len(ratio(pairs * 20)))


def between(xs, lo, hi):
    n = 0
    for x in xs:
        y = x * 0.5 + 0.25
        if lo < y * 2.0 < hi:
            n += 1
        if y * 0.0 != y * 0.0:
            n += 1000
    return n


print(between([float(i) for i in range(-50, 50)], -10.0, 30.0))
print(between([math.nan, 1.0, math.inf, -math.inf] * 30, -1.0, 10.0))


class Body:
    def __init__(self, x, v):
        self.x = x
        self.v = v


def advance(bodies, dt, steps):
    for _ in range(steps):
        for b in bodies:
            b.v = b.v - b.x * dt * 0.01
            b.x = b.x + b.v * dt
            m = max(b.x * 2.0, b.v * 3.0 - 1.0)
            b.v = b.v + m * 0.0
    return [round(b.x, 9) for b in bodies]


print(advance([Body(float(i), 0.5) for i in range(4)], 0.01, 500))


def mixed(n):
    a = 1.0
    acc = 0.0
    for i in range(n):
        a = a * 1.0001 + 1
        acc += a / (i + 1) - (a - 1.0) * 0.5
        if i == n // 2:
            a = 3
    return round(acc, 6), a == a * 1.0


print(mixed(3000))
