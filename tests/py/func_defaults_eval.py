# default values are evaluated once at definition time
import time
counter = [0]
def make_default():
    counter[0] += 1
    return counter[0]
def f(x=make_default()):
    return x
print(f(), f(), f(10), counter[0])
def g(acc=[]):
    acc.append(len(acc))
    return acc
print(g(), g(), g([]), g())
print(g.__defaults__)
val = 5
def h(v=val):
    return v
val = 6
print(h(), val)
def kwdefaults(*, a=1, b=[]):
    b.append(a)
    return b
print(kwdefaults(), kwdefaults(a=2), kwdefaults.__kwdefaults__)
def stamp(t=None):
    return "given" if t is not None else "fresh"
print(stamp(), stamp(time.time()))
def defaults_ref_params(a, b=None):
    b = a * 2 if b is None else b
    return a, b
print(defaults_ref_params(3), defaults_ref_params(3, 0))
