# Negation in hot loops: small ints (the smallest 48-bit one included, whose negation is a
# big int), big ints, floats (signed zeros, infinities, NaN), bools and a user __neg__.
import math


class V:
    def __init__(self, x):
        self.x = x

    def __neg__(self):
        return V(-self.x)


def negs(xs, n):
    out = []
    for i in range(n):
        x = xs[i % len(xs)]
        y = -x
        out.append(y)
    return out


ints = [0, 1, -1, 7, 2**47 - 1, -(2**47), -(2**47) + 1, 2**47, 2**80]
print(negs(ints, 3000)[-9:])
floats = [0.0, -0.0, 1.5, -2.25, math.inf, -math.inf, 1e308]
r = negs(floats, 3000)
print(r[-7:], [math.copysign(1, z) for z in r[-7:]])
print([repr(z) for z in negs([math.nan], 500)[-2:]])
print(negs([True, False, 3], 900)[-3:])
print([v.x for v in negs([V(4), V(-2.5)], 2000)[-2:]])
t = 0
for i in range(5000):
    t += -i + -(i * 2) - -3
print(t)
