# Control flow corner cases: nested try/finally, with, loops with else, returns.
import sys


class Ctx:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        print("enter", self.name)
        return self

    def __exit__(self, typ, val, tb):
        print("exit", self.name, typ)
        return self.suppress


def find(items, target):
    for i, item in enumerate(items):
        if item == target:
            break
    else:
        return -1
    return i


def nested_finally(n):
    log = []
    try:
        try:
            if n == 0:
                return "zero"
            elif n == 1:
                raise ValueError(n)
            log.append("body")
        except ValueError as exc:
            log.append(f"caught {exc}")
            return "one"
        finally:
            log.append("inner")
    finally:
        log.append("outer")
        print(log)
    return "other"


def loop_control(data):
    out = []
    i = 0
    while True:
        i += 1
        if i > 10:
            break
        try:
            if i % 2:
                continue
            with Ctx(str(i)) as c:
                if i == 6:
                    break
                out.append(c.name)
        finally:
            out.append("f")
    else:
        out.append("never")
    return out


def suppressing():
    with Ctx("a", True), Ctx("b") as b:
        raise KeyError(b.name)
    return "suppressed"


def reraiser():
    try:
        1 / 0
    except ZeroDivisionError:
        try:
            raise
        except ZeroDivisionError as e:
            raise RuntimeError("wrapped") from e


def walrus(values):
    if (n := len(values)) > 3:
        return n
    return [y for x in values if (y := x * 2) > 2]


def slices(s):
    a = s[1:3]
    b = s[::2]
    c = s[:-1]
    s2 = list(s)
    s2[1:2] = ["X"]
    s2[::2] = s2[::2]
    del s2[0:1]
    del s2[::3]
    return a, b, c, s2


def defaults(a, b=[], *, c={}, d=(1, 2), **rest):
    b.append(a)
    return a, b, c, d, rest


def unpacking(seq):
    first, *middle, last = seq
    (a, b), [c, *d] = (1, 2), [3, 4, 5]
    for x, (y, z) in [(1, (2, 3))]:
        pass
    return first, middle, last, a, b, c, d, x, y, z


global_counter = 0


def bump():
    global global_counter
    global_counter += 1
    del global_counter


def compare(a, b, c):
    return a < b < c, a is b, a is not None, a in (1, 2, 3), b not in [c], a == b != c


def conditional(x):
    return "big" if x > 100 else "small" if x > 10 else "tiny"


def bools(a, b, c):
    if a and (b or not c):
        return 1
    while a or b and c:
        a = b = c = False
    return (a and b) or (c and a) or None


print(find([1, 2, 3], 2), nested_finally(0), nested_finally(1), nested_finally(2))
print(loop_control(None), suppressing(), walrus([1, 2]), slices("abcdef"))
try:
    reraiser()
except RuntimeError as err:
    print(type(err.__cause__).__name__, file=sys.stderr)
print(defaults(1), unpacking(range(5)), compare(1, 2, 3), conditional(50), bools(1, 0, 1))
