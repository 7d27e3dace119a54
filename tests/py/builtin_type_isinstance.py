# type, isinstance with tuples, issubclass, callable, object
vals = [1, 1.5, "s", b"b", [1], (1,), {1: 2}, {1}, frozenset(), None, True, range(1), len, print, object(), type, int]
for v in vals:
    print(type(v), type(v).__name__)
print(isinstance(1, (str, int)), isinstance("x", (int, float)), isinstance(True, (int,)), isinstance([], (list, tuple)), isinstance(1, ()))
print(isinstance(int, type), isinstance(type, type), isinstance(type, object), isinstance(object, type))
print(issubclass(int, (str, object)), issubclass(bool, (bool,)), issubclass(str, str), issubclass(list, tuple))
print(type(1) == int, type(1) is int, type(True) is bool, type(type(1)) is type, type(object) is type)
print(callable(len), callable(1), callable(int), callable(lambda: 0), callable("s".upper), callable(None), callable(type))
o = object()
print(type(o).__name__, o == o, o != object(), isinstance(o, object), hasattr(o, "__dict__"), bool(o))
class A: pass
class B(A): pass
print(isinstance(B(), A), isinstance(A(), B), type(B()) is A, type(B()).__bases__[0] is A, B.__name__)
T = type("T", (A,), {"x": 5, "hello": lambda self: "hi"})
t = T()
print(T.__name__, t.x, t.hello(), isinstance(t, A), type(t).__name__)
try:
    isinstance(1, "int")
except TypeError as e:
    print(type(e).__name__, e)
try:
    type()
except TypeError as e:
    print(type(e).__name__, e)
print(NotImplemented, type(NotImplemented).__name__, Ellipsis, type(...).__name__)
