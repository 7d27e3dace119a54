# type(name, bases, ns) takes a dict subclass (an OrderedDict) as the namespace.
from collections import OrderedDict


class Names(dict):
    pass


A = type("A", (), OrderedDict(a=1, b=2, c=3))
print([k for k in A.__dict__ if not k.startswith("_")], A.b)
B = type("B", (A,), Names(d=4, double=lambda self: self.a * 2))
print(B.d, B().double(), B.__mro__[1] is A)
try:
    type("C", (), [("x", 1)])
except TypeError as e:
    print(type(e).__name__, e)
