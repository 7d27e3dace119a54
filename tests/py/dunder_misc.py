# __getattr__ fallback, __setitem__ on user seq, __eq__ in containers, __index__
class Idx:
    def __init__(self, i):
        self.i = i
    def __index__(self):
        return self.i
lst = list("abcdef")
print(lst[Idx(2)], lst[Idx(1):Idx(4)], "xyz"[Idx(-1)], bin(Idx(5)), hex(Idx(255)), range(Idx(3)))
print([0] * Idx(3), "ab" * Idx(2))
class Num:
    def __init__(self, v):
        self.v = v
    def __int__(self):
        return int(self.v)
    def __float__(self):
        return float(self.v)
    def __round__(self, n=None):
        return "rounded" if n is None else f"rounded{n}"
print(int(Num(3.7)), float(Num(2)), round(Num(1)), round(Num(1), 2))
class Eq:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return self.v == getattr(o, "v", o)
    __hash__ = object.__hash__
items = [Eq(1), Eq(2)]
print(Eq(2) in items, items.index(2), items.count(Eq(1)), 1 in items)
items.remove(1)
print(len(items), items[0].v)
class Proxy:
    def __init__(self, target):
        self._t = target
    def __getattr__(self, name):
        print("  proxy lookup", name)
        return getattr(self._t, name)
p = Proxy([3, 1, 2])
p.sort()
print(p._t, p.count(1))
class Neg:
    def __neg__(self):
        return "negated"
    def __pos__(self):
        return "positive"
    def __invert__(self):
        return "inverted"
    def __abs__(self):
        return "absolute"
n = Neg()
print(-n, +n, ~n, abs(n))
