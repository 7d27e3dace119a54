# __slots__
class P:
    __slots__ = ("x", "y")
    def __init__(self, x, y):
        self.x = x
        self.y = y
p = P(1, 2)
p.x = 10
print(p.x, p.y, hasattr(p, "__dict__"), P.__slots__)
try:
    p.z = 3
except AttributeError as e:
    print(type(e).__name__, e)
del p.y
try:
    p.y
except AttributeError as e:
    print(type(e).__name__, e)
class Q(P):
    pass
q = Q(1, 2)
q.extra = "ok"
print(q.extra)
class R(P):
    __slots__ = ("w",)
r = R(1, 2)
r.w = 3
print(r.x, r.w)
try:
    r.v = 1
except AttributeError as e:
    print(type(e).__name__, e)
# A slotted class whose base has a __dict__ keeps it: any attribute may be set.
class Plain:
    def __init__(self):
        self.a = 1
class Slotted(Plain):
    __slots__ = ("s",)
o = Slotted()
o.s = 2
o.more = 3
print(o.a, o.s, o.more, hasattr(o, "__dict__"))
