# Subclasses of int, float, str, tuple and bytes, with and without their own __new__: the
# value they carry, inherited methods and operators, conversions, hashing, and overrides.


class MyInt(int):
    def double(self):
        return self * 2


m = MyInt(5)
print(m, m.double(), type(m).__name__, isinstance(m, int), m + 1, m == 5, hash(m) == hash(5))
print(repr(m), str(m), int(m), float(m), -m, abs(MyInt(-3)), ~m, m > 3, [0, 1, 2, 3, 4, 5][m])
print(bool(MyInt(0)), range(m)[-1], m.bit_length(), divmod(m, 2), m ** 2, 7 - m, 2.5 * m)


class Even(int):
    def __new__(cls, v):
        return super().__new__(cls, v - v % 2)

    def __repr__(self):
        return f"Even({int(self)})"


e = Even(7)
print(e, repr(e), str(e), e + 1, type(e + 1).__name__, f"{e:>4}|")


class Celsius(float):
    def __new__(cls, degrees):
        if degrees < -273.15:
            raise ValueError("below absolute zero")
        return super().__new__(cls, degrees)

    def to_f(self):
        return self * 9 / 5 + 32


c = Celsius(100)
print(c, c.to_f(), c == 100.0, round(Celsius(21.6)), c.is_integer(), int(c), float(c) + 1)
try:
    Celsius(-300)
except ValueError as err:
    print("ValueError:", err)


class Name(str):
    def shout(self):
        return self.upper() + "!"

    def __len__(self):
        return 99


n = Name("ada")
print(n.shout(), len(n), n + "x", n == "ada", n.startswith("a"), repr(n), str(n), {n: 1}["ada"])
print(n[0], f"{n}!", "%s" % n, n.split("d"), list(n), "d" in n, n * 2, sorted([Name("b"), "a"]))


class Pair(tuple):
    def __new__(cls, a, b):
        return super().__new__(cls, (a, b))

    @property
    def first(self):
        return self[0]

    def total(self):
        return sum(self)


p = Pair(3, 4)
print(p, p.first, p.total(), len(p), p[1], p + (5,), list(p), p == (3, 4), hash(p) == hash((3, 4)))
x, y = p
print(x, y, isinstance(p, tuple), type(p).__name__)


class Blob(bytes):
    def hexed(self):
        return self.hex()


b = Blob(b"abc")
print(b, len(b), b[0], b + b"d", b.upper(), b == b"abc", b.hexed(), bytes(b), list(b))


# The special methods of builtin types are attributes too.
print([1, 2].__repr__(), (5).__repr__(), "a".__repr__(), (1.5).__add__(2), (3).__radd__(4))
print((3).__add__("x"), (1).__eq__(1.0), (1.0).__eq__(1), "a".__lt__("b"), [1].__eq__([1]))
it = iter(range(4))
print(it.__next__(), next(it), it.__iter__() is it, {1: 2}.__len__(), "abc".__getitem__(1))
print(int.__add__(2, 3), list.__len__([1, 2, 3]), str.__mul__("ab", 2), (2).__pow__(10))
print(hash(1) == (1).__hash__(), (0).__bool__(), (5).__neg__(), (5).__invert__(), [].__hash__)


class Stack(list):
    def __repr__(self):
        return "Stack" + super().__repr__()

    def __eq__(self, other):
        return super().__eq__(other)

    __hash__ = None


s = Stack([1, 2])
s.append(3)
print(s, s == [1, 2, 3], s != [1], len(s), s.pop(), s)
