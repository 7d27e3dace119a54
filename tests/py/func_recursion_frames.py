# Self-recursive functions in hot loops: returns to either call site, an exception raised
# deep in the recursion (its traceback and line numbers), and a called global rebound
# while loops that call it are hot.
import sys
import traceback


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def countdown(n, limit):
    if n == limit:
        raise ValueError("reached %d" % n)
    if n == 0:
        return 0
    return 1 + countdown(n - 1, limit)


def helper(x):
    return x + 1


def other_helper(x):
    return x * 2


def uses_helper(n):
    total = 0
    for i in range(n):
        total += helper(i)
    return total


class Point:
    def __init__(self, x):
        self.x = x


def build(n):
    return [Point(i).x for i in range(n)]


print([fib(i) for i in range(15)])
for depth in (30, 5):
    for limit in (-1, 3, 20):
        try:
            print("countdown", depth, limit, countdown(depth, limit))
        except ValueError as e:
            tb = traceback.extract_tb(e.__traceback__)
            print("raised", e, len(tb), [f.lineno for f in tb][-3:])
print(uses_helper(300))
helper = other_helper
print(uses_helper(300))
print(sum(build(200)))
Point = lambda x: type("P", (), {"x": -x})()
print(sum(build(200)))


def deep(n):
    if n == 0:
        raise KeyError("bottom")
    return deep(n - 1)


try:
    deep(40)
except KeyError as e:
    tb = traceback.extract_tb(e.__traceback__)
    print("raised", repr(e), len(tb), [f.lineno for f in tb][:3], tb[-1].lineno)
sys.stdout.flush()
deep(3)
