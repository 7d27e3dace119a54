# Native recursion on deep structures and re-entry from native code into Python ends in
# RecursionError (never a crash of the host), on every board's stack too.

def nest(n, make):
    x = make(0)
    for _ in range(n):
        x = make(x)
    return x


def outcome(f):
    try:
        f()
        return "ok"
    except RecursionError:
        return "RecursionError"


a = nest(50000, lambda x: [x])
b = nest(50000, lambda x: [x])
t = nest(50000, lambda x: (x,))
d = nest(50000, lambda x: {1: x})
print("repr list", outcome(lambda: repr(a)))
print("repr dict", outcome(lambda: repr(d)))
print("eq", outcome(lambda: a == b))
print("lt", outcome(lambda: a < b))
print("in", outcome(lambda: a in [b]))
print("str tuple", outcome(lambda: str(t)))
# (The rest needs room: a board's heap holds the structures above only just.)
del a, b, t, d


def key(x):
    return sorted([x, x], key=key)


print("sorted key", outcome(lambda: sorted([1, 2], key=key)))


class E:
    def __eq__(self, other):
        return [self] == [other]


print("dunder eq", outcome(lambda: E() == E()))


class R:
    def __repr__(self):
        return repr([self])


print("dunder repr", outcome(lambda: repr(R())))


def g():
    yield next(g())


print("generator", outcome(lambda: next(g())))
# The VM works on after each.
print(sum(len(repr([i])) for i in range(100)))
