# functools.partial and lru_cache: calls, keywords, reprs, subclasses, cache statistics.
import functools
from functools import partial, lru_cache


def f(a, b, c=3, *rest, **kw):
    return (a, b, c, rest, sorted(kw.items()))


def show(fn, *args, **kw):
    try:
        print(repr(fn(*args, **kw)))
    except Exception as e:
        print(type(e).__name__, e)


p = partial(f, 1)
show(p, 2)
show(p, 2, 4, 5, x=1)
q = partial(f, 1, c=9, x="old")
show(q, 2)
show(q, 2, x="new", y=0)
show(q, 2, c=1)
show(partial(p, 2), c=7)
print(partial(p, 2).func is f, partial(p, 2).args, partial(q, z=1).keywords)
print(repr(partial(max, 1, key=abs)))
show(partial(f))
show(partial, 5)
show(partial)
show(partial(len), [1, 2])
show(partial(len), 1)
show(partial(int, base=2), "101")
print(p.func is f, p.args, p.keywords)


class MyPartial(partial):
    def extra(self):
        return "extra"


mp = MyPartial(f, 1, c=0)
show(mp, 5)
print(repr(mp).split(" at ")[0], mp.extra(), isinstance(mp, partial))


class Slotted(partial):
    __slots__ = ("tag",)


sp = Slotted(f, 7)
sp.tag = "t"
show(sp, 8)
print(sp.tag)
show(p, 10)


class C:
    m = partial(f, "unbound")


show(C().m, 2)
print(list(map(partial(pow, 2), range(5))))
print(sorted([3, 1, 2], key=partial(lambda k, x: -x, 0)))


@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(80), fib.cache_info())
print(fib(400) % 1000007, fib.cache_info().currsize)
fib.cache_clear()
print(fib.cache_info())
print(fib.__wrapped__(10), fib.__name__, fib.cache_parameters())

calls = []


@lru_cache(maxsize=2)
def g(x, y=0):
    calls.append((x, y))
    return x + y


for args in [(1,), (2,), (1,), (3,), (2,), (1, 5), (1,)]:
    g(*args)
print(calls, g.cache_info())
g(1, y=5)
g(x=1, y=5)
print(len(calls), g.cache_info())


@lru_cache(typed=True)
def t(x):
    return type(x).__name__


print(t(1), t(1.0), t(True), t("s"), t.cache_info())


@lru_cache
def plain(x):
    return [x]


print(plain(1) is plain(1), plain.cache_info())
show(plain, [1])
show(plain, {})


@lru_cache(maxsize=0)
def nocache(x):
    return x


print(nocache([1]), nocache([1]), nocache.cache_info())


@functools.cache
def c(*a, **k):
    return len(a) + len(k)


print(c(1, 2), c(1, 2), c(1, k=2), c(k=2, j=3), c(j=3, k=2), c.cache_info())


class Obj:
    @lru_cache(maxsize=None)
    def meth(self, x):
        return x * 2


o = Obj()
print(o.meth(4), o.meth(4), Obj.meth.cache_info())
show(lru_cache, "x")


@lru_cache(maxsize=None)
def boom(x):
    raise KeyError(x)


show(boom, 1)
print(boom.cache_info())
