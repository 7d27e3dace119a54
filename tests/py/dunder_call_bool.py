# __call__, __bool__, __len__ truthiness fallback, __str__ vs __repr__
class Adder:
    def __init__(self, n):
        self.n = n
    def __call__(self, x, *rest, scale=1):
        return (self.n + x + sum(rest)) * scale
add5 = Adder(5)
print(add5(1), add5(1, 2, 3), add5(1, scale=10), callable(add5), callable(Adder), list(map(add5, [0, 10])))
class B:
    def __init__(self, v):
        self.v = v
    def __bool__(self):
        print("  bool called")
        return self.v
print(bool(B(True)), not B(False), "yes" if B(True) else "no")
print(B(False) or "fallback", B(True) and "second")
class L:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
print(bool(L(0)), bool(L(3)), [bool(x) for x in (0, 1, "", "a", [], [0], {}, None, 0.0, -0.0, (), range(0))])
class Neither:
    pass
print(bool(Neither()))
class BadBool:
    def __bool__(self):
        return 1
try:
    bool(BadBool())
except TypeError as e:
    print(type(e).__name__, e)
class Both:
    def __str__(self):
        return "str-form"
    def __repr__(self):
        return "repr-form"
b = Both()
print(b, str(b), repr(b), [b], (b,), {"k": b}, f"{b}", f"{b!r}", "%s %r" % (b, b))
class OnlyRepr:
    def __repr__(self):
        return "only-repr"
print(OnlyRepr(), str(OnlyRepr()), [OnlyRepr()])
class BadStr:
    def __str__(self):
        return 42
try:
    str(BadStr())
except TypeError as e:
    print(type(e).__name__, e)
