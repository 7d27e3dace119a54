# Module attributes used in hot loops (`math.sqrt`, `m.pi`) while the module's binding
# changes midway: an attribute rebound, deleted and restored, the module name rebound to
# another module, and a module attribute set through setattr and through the module dict.
import math
import sys


def norms(n):
    t = 0.0
    for i in range(n):
        t += math.sqrt(i) + math.pi
        if i == n // 2:
            math.sqrt = lambda x: -1.0
    return round(t, 6)


real_sqrt = math.sqrt
print(norms(4000))
math.sqrt = real_sqrt
print(norms(10))
math.sqrt = real_sqrt


def floors(n):
    t = 0
    for i in range(n):
        try:
            t += math.floor(i / 3)
        except AttributeError as e:
            t -= 1000
            math.floor = real_floor
        if i == n // 3:
            del math.floor
    return t


real_floor = math.floor
print(floors(3000))
print(math.floor(2.5))


def which(n):
    out = 0
    for i in range(n):
        out += len(mod.__name__)
        if i == n // 2:
            switch()
    return out


def switch():
    global mod
    mod = sys


mod = math
print(which(3000))


def via_setattr(n):
    t = 0.0
    for i in range(n):
        t += math.e
        if i == n // 4:
            setattr(math, "e", 1.0)
        if i == n // 2:
            vars(math)["e"] = 2.0
    return t


real_e = math.e
print(round(via_setattr(4000), 6))
math.e = real_e
print(round(math.e, 6))
