# generator pipelines: lazy evaluation order
def source(n):
    for i in range(n):
        print(f"  src {i}")
        yield i
def square(it):
    for x in it:
        print(f"  sq {x}")
        yield x * x
def evens(it):
    for x in it:
        if x % 2 == 0:
            yield x
pipe = evens(square(source(5)))
print("pipeline built")
for v in pipe:
    print("out", v)
def take(n, it):
    it = iter(it)
    for _ in range(n):
        try:
            yield next(it)
        except StopIteration:
            return
def naturals():
    n = 0
    while True:
        yield n
        n += 1
print(list(take(5, (x * 3 for x in naturals() if x % 2))))
print(list(take(10, "abc")))
def window(it, k):
    buf = []
    for x in it:
        buf.append(x)
        if len(buf) > k:
            buf.pop(0)
        if len(buf) == k:
            yield tuple(buf)
print(list(window(range(6), 3)))
def running_sum(it):
    total = 0
    for x in it:
        total += x
        yield total
print(list(running_sum([1, 2, 3, 4])), sum(running_sum(range(5))))
