# Call sites whose callee varies, run hot: methods that subclasses override (more kinds
# than a dynamic exit remembers at once), plain functions taken from a list, closures,
# functions with defaults, locals past their arguments, `*args`, generator functions,
# and a callee that raises, whose traceback names its own line.


class Shape:
    def area(self):
        return 0

    def scaled(self, k, extra=0):
        return self.area() * k + extra


class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s * self.s


class Rect(Shape):
    def __init__(self, w, h):
        self.w = w
        self.h = h

    def area(self):
        a = self.w
        b = self.h
        c = a * b
        return c


class Tri(Shape):
    def __init__(self, b, h):
        self.b = b
        self.h = h

    def area(self):
        return self.b * self.h // 2


class Circle(Shape):
    def __init__(self, r):
        self.r = r

    def area(self):
        return 3 * self.r * self.r


class Empty(Shape):
    pass


class Ring(Circle):
    def area(self):
        inner = Circle(self.r - 1)
        return Circle.area(self) - inner.area()


class Star(Shape):
    def area(self, *args):
        return 5 + len(args)


def total_area(shapes):
    t = 0
    for s in shapes:
        t += s.area()
    return t


def total_scaled(shapes, k):
    t = 0
    for s in shapes:
        t += s.scaled(k)
    return t


def add(a, b):
    return a + b


def sub(a, b):
    return a - b


def mul(a, b):
    x = a
    y = b
    return x * y


def with_default(a, b=10):
    return a + b


def make_adder(n):
    def adder(a, b):
        return a + b + n
    return adder


def varargs(*xs):
    return sum(xs)


def count_up(a, b):
    yield a
    yield b


def apply_all(fns, rounds):
    t = 0
    for i in range(rounds):
        for f in fns:
            r = f(i, 3)
            if isinstance(r, int):
                t += r
            else:
                for v in r:
                    t += v
    return t


shapes = [Square(3), Rect(2, 5), Tri(4, 6), Circle(2), Empty(), Ring(4), Star(), Square(1)]
print(total_area(shapes))
acc = 0
for i in range(400):
    acc += total_area(shapes)
    acc += total_scaled(shapes, i % 7)
print(acc)

fns = [add, sub, mul, with_default, make_adder(7), make_adder(100), varargs, count_up]
print(apply_all(fns, 1))
print(apply_all(fns, 600))


class Bad(Shape):
    def area(self):
        return self.missing


def guarded(items):
    out = []
    for k in range(3):
        try:
            out.append(total_area(items))
        except AttributeError as e:
            out.append(str(e))
    return out


for i in range(150):
    res = guarded(shapes)
print(res)
print(guarded(shapes[:3] + [Bad()] + shapes[3:]))

import sys


def where():
    return sys._getframe(1).f_lineno


class Here(Shape):
    def area(self):
        return where()


mixed = [Square(2), Here(), Rect(1, 1), Here()]
for i in range(300):
    got = total_area(mixed)
print(got)
