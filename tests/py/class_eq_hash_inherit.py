# equality/hash interplay in subclasses, dataclass-like value objects
class Value:
    fields = ()
    def __init__(self, *args):
        if len(args) != len(self.fields):
            raise TypeError(f"{type(self).__name__} expects {len(self.fields)} args, got {len(args)}")
        for f, a in zip(self.fields, args):
            setattr(self, f, a)
    def _key(self):
        return tuple(getattr(self, f) for f in self.fields)
    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()
    def __hash__(self):
        return hash((type(self).__name__,) + self._key())
    def __repr__(self):
        return f"{type(self).__name__}(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in self.fields) + ")"
class Point(Value):
    fields = ("x", "y")
class Color(Value):
    fields = ("r", "g", "b")
p1, p2, p3 = Point(1, 2), Point(1, 2), Point(2, 1)
print(p1, p1 == p2, p1 != p3, p1 is p2, len({p1, p2, p3}), {p1: "a"}[p2])
print(Color(1, 2, 3) == Color(1, 2, 3), Point(1, 2) == (1, 2), Color(0, 0, 0))
try:
    Point(1)
except TypeError as e:
    print(type(e).__name__, e)
class Sub(Point):
    __hash__ = None
try:
    hash(Sub(1, 2))
except TypeError as e:
    print(type(e).__name__, e)
print(Sub(1, 2) == Point(1, 2), Sub(1, 2) == Sub(1, 2))
class EqOnly:
    def __eq__(self, o):
        return True
print(EqOnly.__hash__, EqOnly() == 5, EqOnly() != 5)
