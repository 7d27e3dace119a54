# arithmetic, reflected and in-place operators
class Vec:
    def __init__(self, *c):
        self.c = list(c)
    def __repr__(self):
        return "Vec(" + ", ".join(map(str, self.c)) + ")"
    def __add__(self, o):
        if isinstance(o, Vec):
            return Vec(*[a + b for a, b in zip(self.c, o.c)])
        if isinstance(o, (int, float)):
            return Vec(*[a + o for a in self.c])
        return NotImplemented
    def __radd__(self, o):
        print("  radd", o)
        return self + o
    def __sub__(self, o):
        return Vec(*[a - b for a, b in zip(self.c, o.c)])
    def __mul__(self, k):
        if isinstance(k, Vec):
            return sum(a * b for a, b in zip(self.c, k.c))
        return Vec(*[a * k for a in self.c])
    __rmul__ = __mul__
    def __truediv__(self, k):
        return Vec(*[a / k for a in self.c])
    def __floordiv__(self, k):
        return Vec(*[a // k for a in self.c])
    def __mod__(self, k):
        return Vec(*[a % k for a in self.c])
    def __pow__(self, k):
        return Vec(*[a ** k for a in self.c])
    def __neg__(self):
        return Vec(*[-a for a in self.c])
    def __pos__(self):
        return self
    def __abs__(self):
        return sum(a * a for a in self.c) ** 0.5
    def __invert__(self):
        return Vec(*reversed(self.c))
    def __iadd__(self, o):
        print("  iadd")
        self.c = [a + b for a, b in zip(self.c, o.c)]
        return self
    def __and__(self, o):
        return "and"
    def __or__(self, o):
        return "or"
    def __xor__(self, o):
        return "xor"
    def __lshift__(self, n):
        return Vec(*(self.c[n:] + self.c[:n]))
    def __rshift__(self, n):
        return self << -n
v, w = Vec(1, 2), Vec(3, 4)
print(v + w, v - w, v * 3, 3 * v, v * w, v / 2, w // 2, w % 3, v ** 2, -v, +v, abs(Vec(3, 4)), ~v)
print(v + 1, 10 + v)
print(sum([Vec(1, 1), Vec(2, 2)], Vec(0, 0)))
print(sum([Vec(1, 1), Vec(2, 2)]))
print(v & w, v | w, v ^ w, Vec(1, 2, 3) << 1, Vec(1, 2, 3) >> 1)
orig = v
v += w
print(v, v is orig)
v -= w
print(v, v is orig)
try:
    v + "s"
except TypeError as e:
    print(type(e).__name__, e)
try:
    "s" + v
except TypeError as e:
    print(type(e).__name__, e)
try:
    v @ w
except TypeError as e:
    print(type(e).__name__, e)
class M:
    def __matmul__(self, o):
        return "matmul"
    def __rsub__(self, o):
        return f"rsub {o}"
    def __rtruediv__(self, o):
        return f"rtruediv {o}"
    def __rpow__(self, o):
        return f"rpow {o}"
    def __rfloordiv__(self, o):
        return f"rfloordiv {o}"
    def __rmod__(self, o):
        return f"rmod {o}"
print(M() @ 1, 5 - M(), 5 / M(), 2 ** M(), 7 // M(), 7 % M())
try:
    -M()
except TypeError as e:
    print(type(e).__name__, e)
