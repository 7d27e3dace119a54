# list()/tuple()/sorted() of generators (run in place, no suspend per item): nesting,
# exceptions, finally, yield from, partly consumed generators, GC while collecting.
def g(n):
    for i in range(n):
        yield i * i

print(list(g(10)), tuple(g(3)), sorted(g(5), key=lambda x: -x))
def nested(n):
    for i in range(n):
        yield list(g(i))
print(list(nested(5)))
def boom():
    yield 1
    yield 2
    raise ValueError("x")
try:
    list(boom())
except ValueError as e:
    print("caught", e)
def selfref():
    yield 1
    yield list(it)
it = selfref()
try:
    print(list(it))
except ValueError as e:
    print("VE", e)
def withfinally():
    try:
        yield 1
        yield 2
    finally:
        print("finally")
print(list(withfinally()))
def yf():
    yield from g(3)
    yield from [7, 8]
    r = yield from boom2()
    yield r
def boom2():
    yield 9
    return 10
print(list(yf()))
print(tuple(x for x in range(100) if x % 7 == 0))
gen = g(5)
next(gen)
print(list(gen), list(gen))
def counter():
    i = 0
    while True:
        i += 1
        if i > 1000:
            return
        yield i
print(sum(list(counter())), len(tuple(counter())))
def inner_next():
    h = g(4)
    yield next(h)
    yield from h
print(list(inner_next()))
import sys
def exc_state():
    try:
        raise KeyError("k")
    except KeyError:
        yield sys.exc_info()[0]
        yield sys.exc_info()[0]
print(list(exc_state()), sys.exc_info()[0])


def allocs(n):
    for i in range(n):
        yield [i] * 3, str(i) * 2


r = list(allocs(30000))
print(sum(x[0][0] for x in r), r[-1], len({s for _, s in r}))
