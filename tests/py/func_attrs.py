# functions and bound methods as objects
def f(a, b=1):
    "doc of f"
    return a + b
print(f.__name__, f.__doc__, f.__defaults__, callable(f), type(f).__name__)
g = f
print(g is f, g(1), f.__qualname__)
class K:
    def m(self, x):
        return (self.tag, x)
    def __init__(self, tag):
        self.tag = tag
k = K("t")
bm = k.m
print(bm(1), bm.__self__ is k, bm.__func__ is K.m, K.m(k, 2), type(bm).__name__, bm.__name__)
print(k.m == k.m, k.m is k.m, K.m is K.m)
fns = [str.upper, len, k.m, abs]
print([callable(x) for x in fns + [1, "s", K]])
f.custom = 42
print(f.custom, getattr(f, "custom"))
def outer():
    def inner():
        pass
    return inner
print(outer().__qualname__, K.m.__qualname__)
def nodoc():
    pass
print(nodoc.__doc__, nodoc())
try:
    f.nope
except AttributeError as e:
    print(type(e).__name__, e)
try:
    n5 = 5
    n5()
except TypeError as e:
    print(type(e).__name__, e)
try:
    s5 = "s"
    s5()
except TypeError as e:
    print(type(e).__name__, e)
apply = lambda fn, *a: fn(*a)
print(apply(max, 3, 9, 2), apply(k.m, "z"), apply(K, "new").tag)
