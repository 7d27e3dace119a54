# Calls that pass keyword arguments to Python functions, run hot: keywords in and out of
# order, mixed with positional arguments and defaults, methods and `self`, closures,
# generators, and the calls the general binding rejects (a repeated or unknown keyword, a
# missing argument, keyword-only parameters, `**kwargs`), with CPython's messages.


def f(a, b=10, c=20):
    return a * 100 + b * 10 + c


class P:
    def __init__(self, base, scale=1):
        self.base = base
        self.scale = scale

    def m(self, k=3, j=4):
        return self.base + k * j * self.scale


def gen(n, step=1):
    i = 0
    while i < n:
        yield i
        i += step


def make(k):
    def inner(x, y=k, z=0):
        return x - y + z
    return inner


def kwonly(a, *, key=None):
    return (a, key)


def anykw(a, **kw):
    return (a, sorted(kw.items()))


t = 0
inner = make(7)
for i in range(3000):
    t += f(i, c=2) + f(a=i) + f(c=1, a=i, b=2) + f(i, 3, c=4)
    p = P(i, scale=2)
    t += p.m(j=1) + p.m(k=2, j=2) + P(base=i).m()
    t += sum(gen(n=5)) + sum(gen(9, step=3)) + inner(i, z=5) + inner(x=i, y=1)
    t += kwonly(i, key=3)[1] + len(anykw(i, x=1, y=2)[1])
print(t)

errors = []
for i in range(200):
    for call in (
        lambda: f(1, a=2),
        lambda: f(1, d=2),
        lambda: f(b=2),
        lambda: P(1).m(self=3),
        lambda: kwonly(1, 2),
    ):
        try:
            call()
        except TypeError as e:
            msg = str(e)
            if msg not in errors:
                errors.append(msg)
for m in errors:
    print(m)
