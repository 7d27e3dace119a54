# Hot recursive functions, whose entry traces end at the recursive call and whose returns
# go back to more than one call site: results, exceptions and tracebacks through deep
# recursion, RecursionError caught and the VM going on, a function rebound mid-recursion,
# and frames asked for from inside.
import sys


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def tri(n, acc=0):
    if n == 0:
        return acc
    return tri(n - 1, acc + n)


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


print("fib", [fib(k) for k in range(12)], fib(22))
print("parity", sum(1 for i in range(300) if is_even(i)))
print("tri", sum(tri(i % 60) for i in range(600)))
print("ackermann", ackermann(2, 3), ackermann(2, 200))


class Node:
    def __init__(self, value, left=None, right=None):
        self.value = value
        self.left = left
        self.right = right

    def total(self):
        t = self.value
        if self.left is not None:
            t += self.left.total()
        if self.right is not None:
            t += self.right.total()
        return t


def build(depth, start):
    if depth == 0:
        return Node(start)
    return Node(start, build(depth - 1, start * 2), build(depth - 1, start * 2 + 1))


tree = build(11, 1)
print("tree", tree.total(), sum(build(4, k).total() for k in range(50)))


def fails_deep(n):
    if n == 0:
        raise ValueError("bottom")
    return fails_deep(n - 1) + 1


def catch_deep():
    caught = 0
    for i in range(300):
        try:
            fails_deep(i % 40)
        except ValueError as e:
            tb = e.__traceback__
            depth = 0
            while tb is not None:
                depth += 1
                last = tb.tb_lineno
                tb = tb.tb_next
            caught += depth
    return caught, last


print("exceptions", catch_deep())


def unbounded(n):
    return unbounded(n + 1) + 1


for attempt in range(3):
    try:
        unbounded(0)
    except RecursionError:
        print("recursion error", attempt)
print("after recursion errors", fib(15))


def depth_here(n):
    if n == 0:
        f = sys._getframe()
        count = 0
        while f is not None and f.f_code.co_name == "depth_here":
            count += 1
            f = f.f_back
        return count, sys._getframe().f_lineno
    return depth_here(n - 1)


print("frames", [depth_here(k) for k in (0, 5, 30)], depth_here(200))


def countdown(n):
    if n == 0:
        return 0
    return countdown(n - 1) + 1


saved = countdown
total = 0
for i in range(400):
    total += countdown(30)
    if i == 200:
        # Rebinding the global mid-loop: the recursive calls must see the new function.
        def countdown(n):
            if n == 0:
                return 1000
            return saved(n - 1) + 2
print("rebound", total)
