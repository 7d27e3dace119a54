# Multiple inheritance with builtin bases in any position, __slots__ along a chain, the C3
# order of a diamond, and layout conflicts.

class Mixin:
    def describe(self): return f"{type(self).__name__} of {len(self)}"
class L(Mixin, list): pass
class D(dict, Mixin): pass
l = L([1, 2]); d = D(a=1)
print(l.describe(), d.describe(), l + [3], isinstance(l, list), L.__mro__)
class S1:
    __slots__ = ('a',)
class S2(S1):
    __slots__ = ('b',)
s = S2(); s.a = 1; s.b = 2; print(s.a, s.b)
try:
    s.c = 3
except AttributeError as e: print(e)
class M1: pass
class M2(M1): pass
class M3(M1): pass
class M4(M2, M3):
    pass
print([k.__name__ for k in M4.__mro__])
try:
    class Bad(list, dict): pass
except TypeError as e: print(e)
class IE(int, Mixin):
    def __len__(self): return int(self)
print(IE(5).describe(), IE(5) + 1)
class Err(Mixin, ValueError):
    def __len__(self): return 0
try:
    raise Err("boom")
except ValueError as e:
    print(e, e.describe(), e.args)
