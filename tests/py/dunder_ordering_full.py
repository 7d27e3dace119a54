# all six rich comparisons, explicit __ne__, and reflection (a < b -> b > a)
class Ver:
    def __init__(self, s):
        self.parts = tuple(int(p) for p in s.split("."))
    def __repr__(self):
        return "Ver(" + ".".join(map(str, self.parts)) + ")"
    def _cmp(self, o):
        if isinstance(o, str):
            o = Ver(o)
        if not isinstance(o, Ver):
            return NotImplemented
        return (self.parts > o.parts) - (self.parts < o.parts)
    def __eq__(self, o):
        c = self._cmp(o)
        return c if c is NotImplemented else c == 0
    def __ne__(self, o):
        print("  explicit __ne__")
        c = self._cmp(o)
        return c if c is NotImplemented else c != 0
    def __lt__(self, o):
        c = self._cmp(o)
        return c if c is NotImplemented else c < 0
    def __le__(self, o):
        c = self._cmp(o)
        return c if c is NotImplemented else c <= 0
    def __gt__(self, o):
        c = self._cmp(o)
        return c if c is NotImplemented else c > 0
    def __ge__(self, o):
        c = self._cmp(o)
        return c if c is NotImplemented else c >= 0
    __hash__ = None
a, b = Ver("1.2.10"), Ver("1.10")
print(a < b, a <= b, a > b, a >= b, a == b, a != b)
print(a == "1.2.10", "1.2.10" == a, "1.10" > a, "0.9" >= a, "2" <= a)
print(sorted([Ver("1.0"), Ver("0.9.9"), Ver("1.0.1"), Ver("0.10")]), max(Ver("3"), Ver("10")), min([a, b]))
try:
    a < 5
except TypeError as e:
    print(type(e).__name__, e)
try:
    5 >= a
except TypeError as e:
    print(type(e).__name__, e)
print(a == 5, 5 != a)
class OnlyLt:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        return self.v < o.v
x, y = OnlyLt(1), OnlyLt(2)
print(x < y, y > x, x > y)
try:
    x <= y
except TypeError as e:
    print(type(e).__name__, e)
