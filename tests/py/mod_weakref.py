# weakref.ref and weakref.finalize: references cleared and callbacks run by the collection
# that frees the object (made deterministic with gc.collect()), finalizer state and errors
import gc
import weakref
class Node:
    def __init__(self, name):
        self.name = name
    def __repr__(self):
        return "Node(%s)" % self.name
n = Node("a")
r = weakref.ref(n)
print(r() is n, r(), weakref.ref(n) is r, callable(r), type(r).__name__, r.__callback__)
log = []
def cb(ref):
    log.append(("cb", ref is r2, ref()))
r2 = weakref.ref(n, cb)
print(r2 is r, weakref.getweakrefcount(n), r2.__callback__ is cb, hash(r) == hash(n), r == r2)
del n
gc.collect()
print(r(), log, r2() is None, r == r2, r != r2, hash(r) == hash(r))
def on_final(tag, extra=None):
    print("finalized", tag, extra)
    return tag
m = Node("m")
f = weakref.finalize(m, on_final, "m-obj", extra=42)
print(f.alive, f.atexit, f.peek()[1] is on_final, f.peek()[2], f.peek()[3], type(f).__name__)
del m
gc.collect()
print(f.alive, f(), f.peek(), f.detach())
k = Node("k")
f2 = weakref.finalize(k, on_final, "k-obj")
print(f2(), f2.alive, f2(), f2.detach())
k2 = Node("k2")
f3 = weakref.finalize(k2, on_final, "k2")
obj, func, args, kw = f3.detach()
print(obj, func is on_final, args, kw, f3.alive)
del k2, obj
gc.collect()
order = []
o = Node("o")
first = weakref.ref(o, lambda ref: order.append("first"))
second = weakref.ref(o, lambda ref: order.append("second"))
fin = weakref.finalize(o, order.append, "finalize")
del o
gc.collect()
print(order, first(), second(), fin.alive)
def make_cycle():
    a = Node("cyc")
    a.self = a
    return weakref.ref(a, lambda ref: print("cycle freed"))
wr = make_cycle()
gc.collect()
print(wr())
def func():
    pass
class Cls:
    pass
s = {1, 2}
print(weakref.ref(func)() is func, weakref.ref(Cls)() is Cls, weakref.ref(s)() is s, weakref.ref(Cls())() is None or True)
dropped = weakref.ref(Node("temp"))
gc.collect()
print(dropped())
for bad in [1, "s", [1], (1,), {1: 2}, None, 1.5, b"x"]:
    try:
        weakref.ref(bad)
    except TypeError as e:
        print(e)
keep = Node("kept")
print(weakref.getweakrefcount(keep), len(weakref.getweakrefs(keep)), weakref.ref is weakref.ReferenceType)
try:
    weakref.ref(keep)(1)
except TypeError as e:
    print(type(e).__name__)
