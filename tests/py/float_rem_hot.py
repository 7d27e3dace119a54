# Float remainders in hot loops, where the left operand is a float just computed: signs,
# zero results (signed like the divisor), infinities and NaN, int operands on either side,
# a big int, a zero divisor, and a class with __rmod__ on the right.
import math


class R:
    def __rmod__(self, other):
        return -1.0


def walk(n):
    t = 0.1
    acc = 0.0
    for i in range(n):
        t = (t + 0.7548776662466927 + i * 1e-6) % 1.0
        u = (t * 7.0) % -3.0
        w = (t * -13.0) % 2
        acc += t + u + w
    return round(acc, 6)


def signs():
    out = []
    for a in (5.5, -5.5, 0.0, -0.0, 6.0, -6.0):
        for b in (2.0, -2.0, 3, -3):
            x = a * 1.0
            out.append(x % b)
    return [math.copysign(1.0, v) * abs(v) for v in out]


def specials():
    out = []
    for a in (math.inf, -math.inf, math.nan, 1e308, 2.5):
        x = a * 1.0
        for b in (math.inf, -math.inf, math.nan, 1e-308, 3.0):
            out.append(repr(x % b))
    return out


def mixed(n):
    total = 0.0
    big = 10**30
    for i in range(n):
        x = i * 0.5
        total += x % 7
        total += (7 % (x + 1.0)) if i % 3 else 0.0
        if i % 1000 == 0:
            total += x % big
    return round(total, 6)


def zero_divisor():
    caught = 0
    for i in range(3000):
        x = i * 1.5
        try:
            x % (0.0 if i % 500 == 0 else 2.0)
        except ZeroDivisionError as e:
            caught += 1
            msg = str(e)
    return caught, msg


def rmod():
    r = R()
    total = 0.0
    for i in range(3000):
        x = i * 1.0
        total += x % (r if i % 700 == 0 else 4.0)
    return total


print("walk", walk(20000))
print("signs", signs())
print("specials", specials())
print("mixed", mixed(6000))
print("zero", zero_divisor())
print("rmod", rmod())
