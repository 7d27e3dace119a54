import math
class MyInt(int): pass
class MyFloat(float): pass
print(round(MyInt(7)), round(MyFloat(2.567), 2), math.floor(MyFloat(2.5)), math.ceil(MyFloat(-2.5)), math.trunc(MyFloat(-2.7)))
print(divmod(MyInt(7), 2), divmod(7.5, MyFloat(2)), (7).__divmod__(2), (7).__rdivmod__(2), (7).__divmod__(2.0), (7.5).__divmod__(2))
print((2.5).__round__(), (2.567).__round__(1), (15).__round__(-1), (2.5).__floor__(), (2.5).__ceil__(), (-2.5).__trunc__(), (5).__floor__())
print((1+2j).__add__(1), (1+2j).__radd__(2.5), (1+2j).__mul__(1j), (1+2j).__eq__(1+2j), (1j).__eq__("x"), (3+4j).__abs__(), (1j).__pow__(2))
print((1).__add__(1j), (1.0).__eq__(1j), None.__bool__(), (0j).__bool__(), (1+1j).__neg__(), hash(1+0j) == (1+0j).__hash__())
d = {1: 2}; r = d.__ior__({3: 4}); print(d, r is d)
s = {1, 2}; s.__ior__({3}); s.__iand__({1, 3}); print(s); s.__isub__({1}); s.__ixor__({5}); print(s)
try: divmod(1, 0)
except ZeroDivisionError as e: print(e)
try: (1.0).__divmod__(0.0)
except ZeroDivisionError as e: print(e)
try: math.floor(MyFloat("nan"))
except ValueError as e: print(e)
try: (float("inf")).__floor__()
except OverflowError as e: print(e)
class V:
    def __init__(self, v): self.v = v
    def __radd__(self, o): return V(self.v + o)
print((1+1j).__add__(V(1)), sum([V(1), V(2)], 0).v if False else "ok")
tests = [
 (3, ["__add__", "__sub__", "__mul__", "__abs__", "__neg__", "__pos__", "__invert__", "__index__", "__int__", "__float__", "__bool__", "__hash__", "__eq__", "__lt__", "__floordiv__", "__mod__", "__pow__", "__and__", "__or__", "__xor__", "__lshift__", "__rshift__", "__truediv__", "__round__", "__trunc__", "__floor__", "__ceil__", "__radd__", "__divmod__", "__str__", "__repr__", "__format__", "__sizeof__", "__reduce_ex__", "__getattribute__", "__ne__", "__ge__", "__gt__", "__le__"]),
 (2.5, ["__add__", "__abs__", "__neg__", "__int__", "__float__", "__bool__", "__hash__", "__round__", "__trunc__", "__floor__", "__ceil__", "__mod__", "__pow__", "__truediv__", "__divmod__", "__rsub__", "is_integer", "as_integer_ratio", "hex", "conjugate"]),
 (1+2j, ["__add__", "__abs__", "__neg__", "__mul__", "__truediv__", "__eq__", "__hash__", "__bool__", "__pow__", "__rmul__", "conjugate"]),
 ("ab", ["__add__", "__mul__", "__len__", "__getitem__", "__contains__", "__iter__", "__mod__", "__rmul__", "__lt__", "__hash__", "__format__"]),
 ([1], ["__add__", "__iadd__", "__mul__", "__imul__", "__len__", "__getitem__", "__setitem__", "__delitem__", "__contains__", "__iter__", "__reversed__", "__lt__", "__eq__"]),
 ((1,), ["__add__", "__mul__", "__len__", "__getitem__", "__contains__", "__iter__", "__hash__", "__lt__", "count", "index"]),
 ({1: 2}, ["__len__", "__getitem__", "__setitem__", "__delitem__", "__contains__", "__iter__", "__or__", "__ior__", "__eq__", "__reversed__"]),
 ({1}, ["__len__", "__contains__", "__iter__", "__or__", "__and__", "__sub__", "__xor__", "__ior__", "__le__", "__lt__", "__eq__"]),
 (b"x", ["__add__", "__len__", "__getitem__", "__contains__", "__iter__", "__mod__", "__hash__"]),
 (range(3), ["__len__", "__getitem__", "__contains__", "__iter__", "__reversed__", "__eq__", "__hash__", "count", "index"]),
 (True, ["__and__", "__or__", "__xor__", "__invert__", "__add__"]),
 (None, ["__bool__", "__eq__", "__hash__", "__repr__"]),
]
for obj, names in tests:
    missing = [n for n in names if not hasattr(obj, n)]
    print(type(obj).__name__, missing)
print((3).__add__(4), (2.5).__abs__(), (1+2j).__abs__() if hasattr(1j, "__abs__") else 0, "ab".__mul__(2), [1].__add__([2]), {1: 2}.__getitem__(1))
print((3).__radd__(1), (2).__rpow__(3), (5).__rsub__(1), (7.0).__rtruediv__(14), (3).__truediv__(2))
print(int.__add__(1, 2), str.__len__("abc"), list.__getitem__([5, 6], 1), dict.__contains__({1: 1}, 1), float.__neg__(1.5))
