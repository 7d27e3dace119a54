# Float remainders by constant powers of two in hot loops (1.0, 0.5, 2.0, 1024.0, 2**-20):
# negative and tiny operands, -0.0, results that round up to the divisor, values too big
# for an integer quotient, infinities and NaN, and the left operand a float just computed.
import math

VALUES = [0.0, -0.0, 0.75, -0.75, 1.0, -1.0, 2.5, -2.5, 1e-20, -1e-20, 5e-324, -5e-324,
          123456.789, -123456.789, 2.0**52 + 0.5, -(2.0**52) - 0.5, 2.0**62, -(2.0**63),
          2.0**63, 1e300, -1e300, math.inf, -math.inf, math.nan, 0.1, -0.3]


def signed(v):
    if v != v:
        return "nan"
    return repr(v) if v != 0.0 else ("-0.0" if math.copysign(1.0, v) < 0 else "0.0")


def rems(n):
    out = []
    for _ in range(n):
        out = []
        for a in VALUES:
            x = a * 1.0
            out.append((x % 1.0, x % 0.5, x % 2.0, x % 1024.0, x % 2.0**-20))
    return [tuple(signed(v) for v in t) for t in out]


def walk(n):
    t = 0.25
    acc = 0.0
    for i in range(n):
        t = (t * 3.7 - i * 0.001) % 1.0
        u = (t * -11.0) % 0.5
        w = (u - 7.25) % 2.0
        acc += t + u + w
    return round(acc, 6)


for row in zip(VALUES, rems(300)):
    print(signed(row[0]), row[1])
print("walk", walk(20000))
