"""Geometry and bookkeeping: classes, properties, closures, comprehensions."""
import math
from collections import namedtuple as nt, OrderedDict
import os.path as osp

Point = nt("Point", ["x", "y"])
REGISTRY = {}


def register(kind):
    def deco(cls):
        REGISTRY[kind] = cls
        return cls
    return deco


class Shape:
    """Base shape."""
    count = 0

    def __init__(self, name, *tags, scale=1.0, **extra):
        self.name = name
        self.tags = list(tags)
        self.scale = scale
        self.extra = {k: v for k, v in extra.items() if v is not None}
        Shape.count += 1

    def area(self):
        raise NotImplementedError(f"{type(self).__name__}.area")

    def __repr__(self):
        return f"<{self.name!r} area={self.area():.3f} tags={self.tags}>"

    @property
    def label(self):
        return self.name.upper() if self.name else "?"

    @staticmethod
    def unit():
        return 1.0

    @classmethod
    def make(cls, *args, **kwargs):
        return cls(*args, **kwargs)


@register("circle")
class Circle(Shape):
    def __init__(self, r, **kw):
        super().__init__("circle", "round", **kw)
        self.r = r

    def area(self):
        return math.pi * self.r ** 2 * self.scale


@register("rect")
class Rect(Shape):
    def __init__(self, w, h, /, *, tags=()):
        super().__init__("rect", *tags)
        self.w, self.h = w, h

    def area(self):
        return self.w * self.h * self.scale

    def corners(self):
        w, h = self.w, self.h
        return [Point(x, y) for x in (0, w) for y in (0, h)]


def total_area(shapes, predicate=lambda s: True):
    total = 0
    for s in shapes:
        if not predicate(s):
            continue
        try:
            total += s.area()
        except NotImplementedError as e:
            print("skip", e)
        except (TypeError, ValueError):
            pass
        else:
            total += 0
        finally:
            total = total
    return total


def counter():
    n = 0

    def inc(step=1):
        nonlocal n
        n += step
        return n

    def get():
        return n

    return inc, get


def fib(limit):
    a, b = 0, 1
    while a < limit:
        yield a
        a, b = b, a + b


def chained(*gens):
    for g in gens:
        yield from g


def stats(values):
    values = sorted(values)
    n = len(values)
    if n == 0:
        return None
    mid = n // 2
    median = values[mid] if n % 2 else (values[mid - 1] + values[mid]) / 2
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / n
    return {"n": n, "median": median, "mean": mean, "std": var ** 0.5, **{"min": values[0]}}


def main():
    shapes = [Circle(1.0), Rect(2, 3, tags=("a", "b")), Circle(r=2, scale=0.5)]
    print(total_area(shapes), total_area(shapes, lambda s: isinstance(s, Rect)))
    inc, get = counter()
    for _ in range(3):
        inc()
    assert get() == 3, "counter broken"
    print(list(chained(fib(10), iter([100, 200]))))
    s = stats([3, 1, 4, 1, 5, 9, 2, 6])
    print(s["median"], s["mean"], osp.join("a", "b"))
    table = OrderedDict()
    for i, c in enumerate("hello"):
        table[c] = table.get(c, 0) + i
    print(sorted(table.items(), key=lambda kv: (-kv[1], kv[0])))
    m = {k: [v * 2 for v in range(k)] for k in range(4) if k % 2 == 0}
    print(m, {x for x in "mississippi"}, [*range(3), *"ab"], (*m,))
    x = y = z = 0
    x += 1; y -= 2; z *= 3
    del x, y
    print(z, -5, +7, ~8, not z, 2 ** -1, 7 // 2, 7 % 3, 1 << 4, 256 >> 2, 6 & 3, 6 | 3, 6 ^ 3)


if __name__ == "__main__":
    main()
