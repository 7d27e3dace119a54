# Calls and returns in hot loops, with every way a call or a return can differ from the
# recorded one: another function in the same place, a method and a plain function, a
# replaced __code__, a frame object asked for in the callee, an exception through the
# callee, the recursion limit, deep chains, __init__ returns, generators called in a loop.
import sys


def add(a, b):
    return a + b


def sub(a, b):
    return a - b


def apply(f, a, b):
    return f(a, b)


def switch():
    total = 0
    for i in range(20000):
        total += apply(add if i % 7 else sub, i, 3)
    print("switch", total)


switch()


class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm1(self):
        return abs(self.x) + abs(self.y)


def norm1(p):
    return p.x + p.y


def methods():
    acc = 0
    for i in range(20000):
        p = P(i, -i)
        acc += p.norm1() + norm1(p)
    print("methods", acc)


methods()


def twice(x):
    return 2 * x


def thrice(x):
    return 3 * x


def code_swap():
    s = 0
    for i in range(15000):
        if i == 7000:
            twice.__code__ = thrice.__code__
        s += twice(i)
    print("code swap", s)


code_swap()


def peek(k):
    if k % 2500 == 0:
        f = sys._getframe()
        return f.f_code.co_name, f.f_back.f_code.co_name, f.f_lineno
    return None


def caller():
    seen = []
    for k in range(10000):
        r = peek(k)
        if r is not None:
            seen.append(r)
    return seen


print("frames", caller())


def boom(k):
    if k % 97 == 0:
        raise ValueError(k)
    return k


def raised():
    caught = 0
    kept = 0
    for k in range(20000):
        try:
            kept += boom(k)
        except ValueError as e:
            caught += e.args[0]
    print("raised", caught, kept)


raised()


def down(n):
    if n == 0:
        return 0
    return 1 + down(n - 1)


def depth():
    depths = 0
    for n in range(0, 400, 7):
        depths += down(n)
    print("depth", depths)


depth()


def recursion_errors():
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(120)
    errors = 0
    for n in (50, 100, 200, 60, 300):
        try:
            down(n)
        except RecursionError:
            errors += 1
    sys.setrecursionlimit(old)
    print("recursion errors", errors)


recursion_errors()


def gen(n):
    for j in range(n):
        yield j


def generators():
    g_total = 0
    for i in range(5000):
        g_total += sum(gen(i % 9))
    print("generators", g_total)


generators()


def outer(x):
    return inner(x) + 1


def inner(x):
    return middle(x) * 2


def middle(x):
    return x - 1


def chain():
    total = 0
    for i in range(20000):
        total += outer(i)
    print("chain", total)


chain()


def tb_depth(k):
    try:
        return 10 // (k % 5)
    except ZeroDivisionError as e:
        tb = e.__traceback__
        n = 0
        while tb is not None:
            n += 1
            tb = tb.tb_next
        return -n


print("tracebacks", sum(tb_depth(k) for k in range(10000)))


def late_error(k):
    return [1, 2, 3][k]


def late():
    k = 0
    try:
        for k in range(20000):
            late_error(k % 3 if k < 16000 else 7)
    except IndexError as e:
        import traceback

        print("late", k, type(e).__name__, len(traceback.extract_tb(e.__traceback__)))


late()


def make_counter(step):
    count = 0

    def bump():
        nonlocal count
        count += step
        return count

    return bump


def adder(k):
    return lambda x: x + k


def closures():
    counters = [make_counter(s) for s in (1, 2, 3)]
    adders = [adder(k) for k in range(4)]
    total = 0
    for i in range(20000):
        total += counters[i % 3]() + adders[i % 4](i)
    print("closures", total, [c() for c in counters])


closures()
