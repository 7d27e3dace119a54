# One function as the method of two unrelated classes whose instances lay out their
# attributes in different orders; a loop over both, hot enough for traces, must read the
# right attribute of each.
def get(self):
    return self.v


class A:
    def __init__(self):
        self.v = 1
        self.w = 10

    get = get


class B:
    def __init__(self):
        self.w = 20
        self.v = 2

    get = get


def f(objs, n):
    s = 0
    for i in range(n):
        for o in objs:
            s = s + o.get() * 100 + o.w
    return s


print(f([A(), A(), B()], 300))
print(f([B(), A()], 300))
print(f([A()] * 5 + [B()], 200))
