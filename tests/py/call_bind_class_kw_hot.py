# Instantiation with keyword arguments and defaults in hot loops, the binding errors of
# the same calls, keyword names built at run time, and special methods called from
# builtins (hash, len, in, [], str) that are plain functions, static methods or
# generators.


class Point:
    def __init__(self, x, y=0, *, tag="p", scale=1):
        self.x = x * scale
        self.y = y
        self.tag = tag


class Point3(Point):
    def __init__(self, x, y=0, z=0, **kw):
        super().__init__(x, y, **kw)
        self.z = z


total = 0
for i in range(300):
    p = Point(i, y=i + 1, scale=2) if i % 2 else Point(i)
    q = Point3(i, z=3, tag="q")
    total += p.x + p.y + q.z + len(p.tag + q.tag)
print(total)

key = "sc" + "ale"
print(Point(2, **{key: 5}).x, Point(x=1, **{"t" + "ag": "dyn"}).tag)

for args, kwargs in [
    ((), {}),
    ((1, 2, 3), {}),
    ((1,), {"x": 2}),
    ((1,), {"nope": 2}),
    ((1,), {"tag": "a", "scale": 2, "y": 3}),
]:
    try:
        p = Point(*args, **kwargs)
        print("ok", p.x, p.y, p.tag)
    except TypeError as e:
        print("TypeError", e)


class Strict:
    def __init__(self, a, *, b):
        self.a, self.b = a, b


for kwargs in [{}, {"b": 1}, {"c": 1}]:
    try:
        print(Strict(1, **kwargs).b)
    except TypeError as e:
        print("TypeError", e)


class Odd:
    def __init__(self, n):
        self.n = n

    @staticmethod
    def __len__():
        return 4

    def __hash__(self):
        return self.n * 1000003

    def __eq__(self, other):
        return isinstance(other, Odd) and other.n == self.n

    def __getitem__(self, k):
        yield k

    def __contains__(self, k, extra=1):
        return k == self.n + extra - 1

    def __str__(self):
        return f"Odd{self.n}"


seen = {}
for i in range(200):
    o = Odd(i % 7)
    seen[o] = seen.get(o, 0) + 1
    assert (i % 7) in o
print(sorted(seen.values()), hash(Odd(3)), str(Odd(2)), f"{Odd(5)}")
print(len(Odd(1)))
print(list(Odd(1)[9]))


class BadHash:
    def __hash__(self):
        return "x"


try:
    {BadHash(): 1}
except TypeError as e:
    print("TypeError", e)


class Boom:
    def __getitem__(self, k):
        return 1 // k


b = Boom()
print(sum(b[i] for i in range(1, 5)))
print(b[0])
