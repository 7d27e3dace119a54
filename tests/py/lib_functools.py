import functools
from functools import partial, reduce, wraps, lru_cache, cache, total_ordering, cmp_to_key
from functools import cached_property, singledispatch

print(reduce(lambda a, b: a * b, [1, 2, 3, 4]), reduce(lambda a, b: a + b, [], 10))
try:
    reduce(lambda a, b: a, [])
except TypeError as e:
    print(type(e).__name__, e)


def power(base, exp, *, mod=None):
    return pow(base, exp, mod)


sq = partial(power, exp=2)
cube_mod = partial(power, exp=3, mod=5)
print(sq(7), cube_mod(4), sq.func is power, sq.args, sq.keywords)
p2 = partial(partial(max, 1), 5)
print(p2(3), p2.args, p2.func is max)
try:
    partial(3)
except TypeError as e:
    print(type(e).__name__, e)


def deco(f):
    @wraps(f)
    def inner(*a, **k):
        return f(*a, **k) + 1
    return inner


@deco
def answer():
    "the answer"
    return 41


print(answer(), answer.__name__, answer.__doc__, answer.__wrapped__())

calls = []


@lru_cache(maxsize=2)
def slow(n):
    calls.append(n)
    return n * n


print([slow(i) for i in (1, 2, 1, 3, 1, 2)], calls)
print(slow.cache_info())
slow.cache_clear()
print(slow.cache_info(), slow.__name__)


@cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(80), fib.cache_info().misses)


@lru_cache
def ident(x):
    return x


print(ident(3), ident(3.0), ident.cache_info().hits)


@total_ordering
class Version:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return self.n == other.n

    def __lt__(self, other):
        return self.n < other.n


a, b = Version(1), Version(2)
print(a < b, a > b, a <= b, a >= b, b >= a, a <= Version(1))
try:
    total_ordering(type("NoOrder", (), {}))
except ValueError as e:
    print(type(e).__name__, e)


def cmp(x, y):
    return (x % 10) - (y % 10) or x - y


print(sorted([21, 13, 5, 11, 32], key=cmp_to_key(cmp)))


class Data:
    def __init__(self, v):
        self.v = v

    @cached_property
    def total(self):
        print("computing")
        return sum(self.v)


d = Data([1, 2, 3])
print(d.total, d.total, "total" in d.__dict__)


@singledispatch
def show(x):
    return f"object {x!r}"


@show.register(int)
def _(x):
    return f"int {x}"


@show.register(list)
def _(x):
    return f"list of {len(x)}"


print(show(1), show(True), show([1, 2]), show("s"), show(1.5))
