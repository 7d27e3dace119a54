# math.sqrt and other module attributes in hot loops: floats, ints, -0.0, infinities, NaN,
# a big int, a negative argument (ValueError), a str (TypeError), an object with
# __float__, math.sqrt rebound and restored mid-loop, a module attribute added (new keys),
# math.pi loaded as a value, and other builtins called with one argument at a hot site.
import math


class F:
    def __float__(self):
        return 6.25


def roots(n):
    acc = 0.0
    for i in range(n):
        acc += math.sqrt(i * 0.5) + math.sqrt(i) + math.pi
    return round(acc, 6)


def specials():
    out = []
    for _ in range(200):
        out = []
        for x in (0.0, -0.0, 1.0, 2.0, 1e-320, math.inf, math.nan, 10**40, F(), True, 7):
            r = math.sqrt(x)
            out.append(repr(r) if r == r else "nan")
    return out


def errors():
    caught = []
    for i in range(2000):
        x = -1.0 if i % 400 == 399 else i * 1.0
        try:
            math.sqrt(x)
        except ValueError as e:
            caught.append((i, str(e)))
    for i in range(600):
        try:
            math.sqrt("4" if i == 555 else i)
        except TypeError as e:
            caught.append((i, str(e)))
    return caught


def rebound(n):
    acc = 0.0
    real = math.sqrt
    for i in range(n):
        if i == n // 2:
            math.sqrt = lambda x: -1.0
        if i == 3 * n // 4:
            math.sqrt = real
        if i == 7 * n // 8:
            math.extra_name = 1
        acc += math.sqrt(4.0)
    del math.extra_name
    return acc


def others(n):
    acc = 0
    words = ["a", "bb", "ccc"]
    for i in range(n):
        acc += abs(-i) + len(words[i % 3]) + int(math.floor(i / 3))
    return acc


def failing():
    total = 0.0
    for i in range(1500):
        total += math.sqrt(1000 - i)
    return total


print("roots", roots(5000))
print("specials", specials())
print("errors", errors())
print("rebound", rebound(4000))
print("others", others(4000))
print(failing())
