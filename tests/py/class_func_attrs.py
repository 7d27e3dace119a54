# functions and lambdas stored as class attributes, staticmethod/classmethod without decorators
def outside(self, n):
    return f"{self.name}:{n}"
class K:
    name = "k"
    method = outside
    lam = lambda self: self.name.upper()
    def helper(x):
        return x * 2
    doubled = staticmethod(helper)
    def make(cls):
        return cls()
    make = classmethod(make)
    table = {"double": helper}
k = K()
print(k.method(1), k.lam(), K.doubled(4), k.doubled(5), type(K.make()).__name__, K.table["double"](7))
k.inst_fn = lambda n: n + 1
print(k.inst_fn(1), "inst_fn" in k.__dict__)
K.added_later = lambda self: "added " + self.name
print(k.added_later(), K.helper(21))
try:
    k.helper()
except TypeError as e:
    print(type(e).__name__, e)
class Ops:
    handlers = {}
    def register(name, table=handlers):
        def deco(fn):
            table[name] = fn
            return fn
        return deco
    @register("add")
    def add(a, b):
        return a + b
    @register("mul")
    def mul(a, b):
        return a * b
    del register
print(sorted(Ops.handlers), Ops.handlers["mul"](6, 7), hasattr(Ops, "register"))
