# Shape guards at polymorphic attribute sites, in hot loops: sibling classes sharing their
# base's layout prefix, then each way the guard must stop holding mid-run (an instance given
# a dict, a property added to the base, a class with its own __setattr__, another layout at
# the site, a class whose cached answer is for an older version).


class T:
    def __init__(self, n):
        self.a = n
        self.b = n + 1
        self.on = n % 2 == 0
        self.n = 0


class X(T):
    def __init__(self, n):
        T.__init__(self, n)
        self.x = 1


class Y(T):
    def __init__(self, n):
        T.__init__(self, n)
        self.y = 2.5
        self.z = 3


class Z(T):
    pass


def scan(ts, rounds):
    s = 0
    for r in range(rounds):
        for t in ts:
            if t.on:
                s = s + t.a + t.b
            t.n = t.n + 1
    return s


def fresh():
    return [X(0), Y(1), Z(2), X(3), Y(4)]


ts = fresh()
print("siblings", scan(ts, 3000), sum(t.n for t in ts))

ts = fresh()
print("before dict", scan(ts, 2000))
d = ts[0].__dict__
d["a"] = 100
print("after dict", scan(ts, 2000), ts[0].n)

ts = fresh()
print("before property", scan(ts, 2000))
T.b = property(lambda self: 1000)
print("after property", scan(ts, 2000))
del T.b
print("property gone", scan(ts, 2000))

calls = 0


class W(T):
    def __setattr__(self, k, v):
        global calls
        calls = calls + 1
        object.__setattr__(self, k, v)


ts = fresh()
print("before setattr", scan(ts, 2000))
w = W(6)
calls = 0
ts.append(w)
print("setattr", scan(ts, 2000), calls, w.n)


class Other:
    def __init__(self):
        self.on = True
        self.a = 7
        self.b = 8
        self.n = 0


ts = fresh()
print("before other layout", scan(ts, 2000))
ts.append(Other())
print("other layout", scan(ts, 2000), ts[-1].n)


class V(T):
    pass


# V's first instance is seen after the traces: its cached answer is computed there.
ts = fresh()
print("before new class", scan(ts, 2000))
V.extra = 5
ts.append(V(8))
print("new class", scan(ts, 2000), ts[-1].n)
