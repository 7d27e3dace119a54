# Calls of Python functions with keyword-only parameters, `*args` and `**kwargs`, run hot:
# keyword binding in every order, keyword-only defaults, the contents and order of the
# `*args` tuple and `**kwargs` dict, positional-only names going to `**kwargs`, closures
# over parameters, and the argument errors with CPython's messages.


def kw(a, b=2, *, c=3):
    return a + b * 10 + c * 100


def kw2(a, *, c, d=4):
    return (a, c, d)


def star(*args, **kw):
    return (args, list(kw.items()))


def mixed(a, b=5, *rest, k=7, **extra):
    return (a, b, rest, k, list(extra.items()))


def posonly(a, b, /, **kw):
    return (a, b, sorted(kw.items()))


def cell(a, *, step=1):
    def inner():
        return a + step
    return inner()


class K:
    def meth(self, x, *more, scale=2, **opts):
        return (x * scale, more, list(opts))


t = 0
last = None
k = K()
for i in range(2000):
    t += kw(i, c=1) + kw(i, 2) + kw(i) + kw(c=5, a=i) + kw(i, b=3, c=4) + kw(b=1, a=i)
    t += sum(kw2(i, c=1)) + sum(kw2(d=2, c=3, a=i))
    a, kws = star(i, i, k=1)
    t += len(a) + len(kws)
    last = (star(), star(1), star(x=1, y=2), star(1, 2, z=3, a=4))
    last2 = (mixed(i), mixed(1, 2, 3, 4), mixed(1, k=2, q=3, r=4), mixed(b=1, a=2, z=9))
    last3 = (posonly(1, 2, a=3, b=4), posonly(1, 2), cell(i, step=2), cell(i))
    t += cell(i, step=3)
    last4 = (k.meth(i), k.meth(1, 2, 3, scale=3, y=1, x2=2), K.meth(k, 4, q=1))
print(t)
print(last)
print(last2)
print(last3)
print(last4)


def call_each():
    for i in range(3):
        for call in (
            lambda: kw(1, 2, 3),
            lambda: kw(1, a=2),
            lambda: kw(1, d=2),
            lambda: kw(b=2),
            lambda: kw2(1),
            lambda: kw2(1, 2, c=3),
            lambda: kw2(1, c=2, e=3),
            lambda: posonly(1, a=2),
            lambda: mixed(1, 2, 3, a=4),
            lambda: mixed(1, k=2, k2=3, b=4),
            lambda: star(*[1, 2], **{"a": 1}),
        ):
            try:
                print(call())
            except TypeError as e:
                print(type(e).__name__, e)


call_each()


def nodefaults(a, b, *, c):
    return a + b + c


for i in range(3):
    try:
        nodefaults(1, c=2)
    except TypeError as e:
        print(type(e).__name__, e)
    try:
        nodefaults(1, 2)
    except TypeError as e:
        print(type(e).__name__, e)
    try:
        nodefaults(1, 2, 3, c=4)
    except TypeError as e:
        print(type(e).__name__, e)
