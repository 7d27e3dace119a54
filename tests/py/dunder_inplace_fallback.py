# in-place operators fall back to binary operators; mutability visible via aliases
class Acc:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        print("  __add__")
        return Acc(self.v + o)
    def __repr__(self):
        return f"Acc({self.v})"
class MutAcc(Acc):
    def __iadd__(self, o):
        print("  __iadd__")
        self.v += o
        return self
a = Acc(1)
alias = a
a += 5
print(a, alias, a is alias)
m = MutAcc(1)
alias = m
m += 5
print(m, alias, m is alias)
class NoneIadd(Acc):
    def __iadd__(self, o):
        return NotImplemented
n = NoneIadd(2)
n += 3
print(n, type(n).__name__)
class Weird:
    def __iadd__(self, o):
        return "replaced"
w = Weird()
w += 1
print(w)
t = ([1],)
try:
    t[0] += [2]
except TypeError as e:
    print(type(e).__name__, e)
print(t)
class Bag:
    def __init__(self):
        self.items = []
    def __ior__(self, other):
        self.items.extend(other)
        return self
    def __imul__(self, k):
        self.items *= k
        return self
b = Bag()
b |= [1, 2]
b *= 2
print(b.items)
try:
    x = object()
    x -= 1
except TypeError as e:
    print(type(e).__name__, e)
