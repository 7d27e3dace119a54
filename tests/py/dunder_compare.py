# rich comparisons, reflected comparisons and NotImplemented
class V:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return f"V({self.v})"
    def __eq__(self, o):
        print(f"  {self}.__eq__({o!r})")
        if isinstance(o, V):
            return self.v == o.v
        return NotImplemented
    def __lt__(self, o):
        print(f"  {self}.__lt__({o!r})")
        if isinstance(o, V):
            return self.v < o.v
        if isinstance(o, int):
            return self.v < o
        return NotImplemented
    def __le__(self, o):
        return self.v <= o.v
    def __gt__(self, o):
        print(f"  {self}.__gt__({o!r})")
        if isinstance(o, (V, int)):
            return self.v > (o.v if isinstance(o, V) else o)
        return NotImplemented
    __hash__ = None
print(V(1) == V(1), V(1) != V(2))
print(V(1) < V(2), V(3) > V(2), V(2) <= V(2))
print(V(1) < 5)
print(5 > V(1))
print(5 < V(10))
print(V(1) == 1)
print(1 == V(1))
print(V(1) != "x")
print(sorted([V(3), V(1), V(2)]))
try:
    V(1) < "s"
except TypeError as e:
    print(type(e).__name__, e)
try:
    V(1) >= V(0)
except TypeError as e:
    print(type(e).__name__, e)
class OnlyEq:
    def __init__(self, k):
        self.k = k
    def __eq__(self, o):
        return isinstance(o, OnlyEq) and o.k == self.k
print(OnlyEq(1) == OnlyEq(1), OnlyEq(1) != OnlyEq(1), OnlyEq(1) != OnlyEq(2), OnlyEq(1) in [OnlyEq(0), OnlyEq(1)])
class Plain:
    pass
a, b = Plain(), Plain()
print(a == a, a == b, a != b, a is a)
try:
    a < b
except TypeError as e:
    print(type(e).__name__, e)
class Sub(V):
    def __lt__(self, o):
        print("  Sub.__lt__")
        return True
    def __gt__(self, o):
        print("  Sub.__gt__")
        return False
print(V(1) < Sub(0))
