# Frames seen from code that runs hot: a callee asks for its caller's frame (locals, line
# number) in the middle of a loop; exceptions raised deep in hot loops carry exact
# tracebacks; a global, a class attribute, a method and a builtin change mid-loop.
import sys


def peek(depth):
    f = sys._getframe(depth)
    names = sorted(k for k in f.f_locals if not k.startswith("_"))
    return f.f_lineno, names, f.f_code.co_name


def walker(n):
    total = 0.0
    seen = None
    for i in range(n):
        total += i * 0.5
        if i == n - 3:
            seen = peek(1)
        if i % 1000 == 999:
            here = peek(1)
    return total, seen, here, i


print(walker(5000))


def deep(x):
    return 10 // x


def raiser(n):
    acc = 0
    for i in range(n, -1, -1):
        acc += deep(i)
    return acc


for attempt in range(3):
    try:
        raiser(3000 + attempt)
    except ZeroDivisionError as e:
        tb = e.__traceback__
        lines = []
        while tb is not None:
            lines.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
            tb = tb.tb_next
        print(attempt, lines)

SCALE = 2


def scaled(n):
    t = 0
    for i in range(n):
        t += i * SCALE
        if i == n // 2:
            rebind()
    return t


def rebind():
    global SCALE
    SCALE = 3


print(scaled(4000), SCALE)


class Shape:
    k = 1

    def area(self):
        return self.k * 2


def areas(shapes, n):
    t = 0
    for i in range(n):
        t += shapes[i % len(shapes)].area()
        if i == n // 3:
            Shape.k = 5
        if i == 2 * n // 3:
            Shape.area = lambda self: -1
    return t


print(areas([Shape(), Shape()], 3000))


def lengths(n):
    t = 0
    for i in range(n):
        t += len("abc")
        if i == n // 2:
            import builtins

            builtins.len = lambda s: 100
    return t


real_len = len
print(lengths(4000))
import builtins

builtins.len = real_len
print(len("abcd"))
