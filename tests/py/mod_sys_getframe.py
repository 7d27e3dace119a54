# sys._getframe and frame objects: f_back, f_code, f_lineno, f_locals, f_globals, f_lasti,
# asked for in calls, hot loops, dunder methods, closures, comprehensions and generators.
import sys


def name_of(f):
    return f.f_code.co_name


def stack_names():
    f = sys._getframe(1)
    names = []
    while f is not None:
        names.append(name_of(f))
        f = f.f_back
    return names


def outer():
    return inner()


def inner():
    return stack_names()


print(outer())
print(name_of(sys._getframe()), sys._getframe().f_back)
print(sys._getframe() is sys._getframe(), sys._getframe(0) is sys._getframe(-3))
print(sys._getframe().f_globals is globals(), sys._getframe().f_locals is globals())
print(type(sys._getframe()).__name__, type(sys._getframe().f_lasti).__name__)

for bad in (10 ** 30, 2 ** 31, 1000, "x", 1.5):
    try:
        sys._getframe(bad)
    except (ValueError, OverflowError, TypeError) as e:
        print(type(e).__name__, e)


def locals_demo(a, b=2, *rest, **kw):
    c = a + b
    def uses():
        return c + a
    f = sys._getframe()
    snap = f.f_locals
    print(sorted(snap))
    d = 4
    del c
    print(f.f_locals is snap, sorted(snap), "c" in snap, snap["d"])
    return f


fr = locals_demo(1, 5, 6, k=7)
# After the call returned: the frame object keeps its last state.
print(fr.f_lineno, fr.f_back is sys._getframe(), sorted(fr.f_locals))
print(fr.f_locals["rest"], fr.f_locals["kw"], fr.f_code.co_argcount, fr.f_code.co_varnames)


def counter():
    n = 0
    def bump():
        nonlocal n
        n += 1
        return sys._getframe().f_locals
    return bump


bump = counter()
bump()
print(bump())

lines = []


class Vec:
    def __init__(self, x):
        self.x = x

    def __add__(self, other):
        f = sys._getframe(1)
        lines.append((name_of(f), f.f_lineno, f.f_locals["i"]))
        return Vec(self.x + other.x)

    def __eq__(self, other):
        lines.append(("eq", sys._getframe(1).f_lineno))
        return self.x == other.x


def hot(n):
    total = Vec(0)
    marks = []
    for i in range(n):
        total = total + Vec(i)
        if i % 50 == 0:
            f = sys._getframe()
            marks.append((f.f_lineno, f.f_locals["i"], name_of(f.f_back)))
        if total == Vec(-1):
            break
    return total.x, marks


print(hot(300))
print(lines[:3], lines[-2:], len(lines))

print([name_of(sys._getframe()) for _ in range(2)], [name_of(sys._getframe(1)) for _ in range(1)])


def gen(n):
    for i in range(n):
        yield sys._getframe().f_lineno, i


g = gen(3)
print(g.gi_frame.f_lineno == gen.__code__.co_firstlineno, g.gi_frame.f_back)
print(next(g), g.gi_frame.f_locals, g.gi_frame.f_back)
print(list(g), g.gi_frame)


def deep(k):
    if k == 0:
        return [f.f_lineno for f in iter_frames(sys._getframe())]
    return deep(k - 1)


def iter_frames(f):
    while f is not None:
        yield f
        f = f.f_back


print(deep(5))
