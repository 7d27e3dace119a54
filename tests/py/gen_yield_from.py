# yield from, generator return values, delegation of send/throw
def inner():
    x = yield "i1"
    print("  inner got", x)
    y = yield "i2"
    print("  inner got", y)
    return "inner-result"
def outer():
    r = yield from inner()
    print("  outer got result", r)
    yield "o1"
    return "outer-result"
g = outer()
print(next(g))
print(g.send("A"))
print(g.send("B"))
try:
    next(g)
except StopIteration as e:
    print("final", e.value)
def chain(*its):
    for it in its:
        yield from it
print(list(chain([1, 2], "ab", range(3), (x * 10 for x in range(2)))))
def flatten(x):
    if isinstance(x, list):
        for item in x:
            yield from flatten(item)
    else:
        yield x
print(list(flatten([1, [2, [3, [4, 5]], 6], [[7]]])))
def sub():
    try:
        yield 1
        yield 2
    except ValueError:
        yield "sub handled"
def delegator():
    yield from sub()
    yield "after"
d = delegator()
print(next(d), d.throw(ValueError), next(d))
def tree(n):
    if n == 0:
        return 1
    left = yield from tree(n - 1)
    right = yield from tree(n - 1)
    yield n
    return left + right
t = tree(3)
vals = []
try:
    while True:
        vals.append(next(t))
except StopIteration as e:
    print(vals, "leaves:", e.value)
def gen_of_gen():
    r = yield from []
    return r
print(list(gen_of_gen()))
