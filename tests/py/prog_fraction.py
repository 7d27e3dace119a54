# a rational number class with operator overloading and normalization
from math import gcd
class Frac:
    __slots__ = ("n", "d")
    def __init__(self, n, d=1):
        if d == 0:
            raise ZeroDivisionError("denominator is zero")
        if d < 0:
            n, d = -n, -d
        g = gcd(n, d) or 1
        self.n, self.d = n // g, d // g
    @staticmethod
    def _coerce(o):
        if isinstance(o, Frac):
            return o
        if isinstance(o, int):
            return Frac(o)
        return NotImplemented
    def __add__(self, o):
        o = self._coerce(o)
        if o is NotImplemented:
            return o
        return Frac(self.n * o.d + o.n * self.d, self.d * o.d)
    __radd__ = __add__
    def __sub__(self, o):
        o = self._coerce(o)
        if o is NotImplemented:
            return o
        return Frac(self.n * o.d - o.n * self.d, self.d * o.d)
    def __rsub__(self, o):
        return Frac(o) - self
    def __mul__(self, o):
        o = self._coerce(o)
        if o is NotImplemented:
            return o
        return Frac(self.n * o.n, self.d * o.d)
    __rmul__ = __mul__
    def __truediv__(self, o):
        o = self._coerce(o)
        if o is NotImplemented:
            return o
        return Frac(self.n * o.d, self.d * o.n)
    def __neg__(self):
        return Frac(-self.n, self.d)
    def __eq__(self, o):
        o = self._coerce(o)
        return o is not NotImplemented and (self.n, self.d) == (o.n, o.d)
    def __lt__(self, o):
        o = self._coerce(o)
        return self.n * o.d < o.n * self.d
    def __hash__(self):
        return hash((self.n, self.d))
    def __float__(self):
        return self.n / self.d
    def __repr__(self):
        return f"Frac({self.n}, {self.d})"
    def __str__(self):
        return f"{self.n}/{self.d}" if self.d != 1 else str(self.n)
a, b = Frac(1, 3), Frac(1, 6)
print(a + b, a - b, a * b, a / b, -a, a + 1, 1 + a, 2 - a, 3 * a, a == Frac(2, 6), a == 1, Frac(4, 2) == 2)
print(repr(Frac(6, -8)), float(Frac(1, 8)), sorted([Frac(1, 2), Frac(1, 3), Frac(3, 4)]), a < b, b < a)
h = sum(Frac(1, k) for k in range(1, 11))
print(h, float(h))
print(len({Frac(1, 2), Frac(2, 4), Frac(3, 6)}))
try:
    Frac(1, 0)
except ZeroDivisionError as e:
    print(type(e).__name__, e)
try:
    a + 0.5
except TypeError as e:
    print(type(e).__name__, e)
