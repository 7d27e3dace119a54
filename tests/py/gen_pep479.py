# PEP 479: a StopIteration raised inside a generator (by its body, by next() of an exhausted
# iterator, or thrown in with throw(), directly or through yield from) becomes
# RuntimeError('generator raised StopIteration') with the StopIteration as its cause
def g():
    yield 1
    raise StopIteration("boom")
try:
    list(g())
except RuntimeError as e:
    print(type(e).__name__, e, repr(e.__cause__), e.__suppress_context__)
def inner():
    yield 1
    yield 2
def outer():
    yield from inner()
go = outer()
next(go)
try:
    go.throw(StopIteration)
except RuntimeError as e:
    print(type(e).__name__, e, repr(e.__cause__))
gi = inner()
next(gi)
try:
    gi.throw(StopIteration("x"))
except RuntimeError as e:
    print(type(e).__name__, e, repr(e.__cause__))
def h():
    next(iter([]))
    yield 5
try:
    for x in h(): pass
except RuntimeError as e:
    print(e, type(e.__cause__).__name__)
def k():
    try:
        yield 1
    except StopIteration:
        yield "caught"
kk = k(); next(kk)
print(kk.throw(StopIteration))
def gen_ret():
    return 3
    yield
try:
    next(gen_ret())
except StopIteration as e:
    print("ok", e.value)
gen = (x for x in [1])
print(next(gen), next(gen, "end"))
def outer2():
    try:
        yield from inner()
    except RuntimeError as e:
        yield "outer caught " + str(e)
o2 = outer2(); next(o2)
print(o2.throw(StopIteration))
def outer3():
    yield from [1, 2, 3]
o3 = outer3(); next(o3)
try:
    o3.throw(StopIteration)
except RuntimeError as e:
    print("3:", e, repr(e.__cause__))
fresh = inner()
try:
    fresh.throw(StopIteration)
except Exception as e:
    print("fresh:", type(e).__name__, e, repr(e.__cause__))
def lvl3():
    yield from outer()
l3 = lvl3(); next(l3)
try:
    l3.throw(StopIteration("deep"))
except RuntimeError as e:
    print("lvl3:", e, repr(e.__cause__), repr(e.__cause__.__cause__))
def agen():
    for i in range(3):
        if i == 2:
            raise StopIteration
        yield i
for n in range(3):
    try:
        print(sum(agen()))
    except RuntimeError as e:
        print("sum:", e)
    try:
        print(list(agen()))
    except RuntimeError as e:
        print("list:", e)
    try:
        print([x for x in agen()])
    except RuntimeError as e:
        print("comp:", e)
