'''Strings, numbers, f-strings, big literals and generators.'''
from . import sibling
from ..pkg.mod import (a as aa, b)

BIG = 123456789012345678901234567890
HEX = 0xFFFF_FFFF_FFFF_FFFF_FF
NEG = -9223372036854775808
FLOATS = (0.0, -0.0, 1e308, -1.5, 0, False, None, ..., b"bytes", "str")
NESTED = ((1, 2), (3, (4, 5)), ())


def fmt(name, width=10, *values):
    parts = [f"{name:>{width}}", f"{name!s}", f"{name!a:^20}", f"{width=}", f"{'x' + name}"]
    parts.append(f"{sum(values):,.2f}" if values else "")
    return " | ".join(parts)


def gen_pipeline(n):
    evens = (i for i in range(n) if i % 2 == 0)
    squares = (e * e for e in evens)
    total = 0
    for s in squares:
        total += s
        got = yield total
        if got is not None:
            total = got
    return total


class Node:
    __slots__ = ("value", "children")

    def __init__(self, value, children=None):
        self.value = value
        self.children = children or []

    def walk(self):
        yield self.value
        for c in self.children:
            yield from c.walk()

    def __iter__(self):
        return self.walk()

    def depth(self):
        return 1 + max((c.depth() for c in self.children), default=0)


class Meta(type):
    def __new__(mcs, name, bases, ns, **kw):
        ns["tag"] = kw.get("tag", name.lower())
        return super().__new__(mcs, name, bases, ns)


class Tagged(metaclass=Meta, tag="T"):
    x: int = 3
    y: str

    def get(self):
        return self.tag, __class__


def outer():
    a = 1

    class Inner:
        b = a

        def m(self):
            return a + self.b

    return Inner


def keyword_heavy(f):
    return f(1, 2, x=3, y=4), f(*[1], **{"z": 5}), f(a=1, **{"b": 2}, c=3), f(*(1, 2), *[3])


def many_args(f):
    return f(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
             24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35)


def big_display():
    return [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
            24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, x], {1: 2, **{3: 4}, 5: 6}


def lambdas():
    fs = [lambda x, i=i: x + i for i in range(3)]
    g = lambda *a, k=1, **kw: (a, k, kw)
    h = lambda: (yield)
    return [f(10) for f in fs], g(1, 2, k=3, z=4), h


tree = Node(1, [Node(2, [Node(4)]), Node(3)])
print(list(tree), tree.depth(), fmt("bob", 8, 1, 2), Tagged().get(), outer()().m())
p = gen_pipeline(10)
print(next(p), p.send(100), keyword_heavy(lambda *a, **k: (a, k)))
print(BIG, HEX, NEG, FLOATS, NESTED, lambdas())
