# generator functions basics
def count_up(n):
    print("  start")
    i = 0
    while i < n:
        yield i
        i += 1
    print("  done")
g = count_up(3)
print(type(g).__name__)
print(next(g))
print(list(g))
print(next(g, "exhausted"))
def evens():
    for x in range(10):
        if x % 2 == 0:
            yield x
print(list(evens()), sum(evens()), max(evens()))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
print([next(f) for _ in range(15)])
def pipeline(src):
    for x in src:
        yield x * 2
def take(n, it):
    for i, x in enumerate(it):
        if i >= n:
            return
        yield x
print(list(take(5, pipeline(fib()))))
def gen_return():
    yield 1
    return "result"
g = gen_return()
print(next(g))
try:
    next(g)
except StopIteration as e:
    print("StopIteration value:", e.value, e.args)
def empty():
    return
    yield
print(list(empty()))
gi = (x * x for x in range(4))
print(next(gi), list(gi), list(gi))
def lazy():
    for i in range(3):
        print("  producing", i)
        yield i
for v in lazy():
    print("consumed", v)
