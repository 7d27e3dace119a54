# sum() of generators (small ints added inside the generator frame): mixed types,
# overflow to big ints, errors, user __radd__, partly consumed and nested generators.
def g(n):
    for i in range(n):
        yield i
print(sum(g(100)), sum(g(0)), sum(g(10), 5), sum(g(10), 2.5), sum(g(10), 2**60))
def mixed():
    yield 1
    yield 2.5
    yield 3
    yield True
    yield 2**47
    yield 2**47
    yield -2**49
    yield 4
print(sum(mixed()))
def big():
    yield 2**46
    yield 2**46
    yield 2**46
    yield 1
print(sum(big()))
def bad():
    yield 1
    yield "x"
try:
    sum(bad())
except TypeError as e:
    print("TE", e)
def raises():
    yield 1
    raise KeyError(3)
try:
    sum(raises())
except KeyError as e:
    print("KE", e)
class A:
    def __radd__(self, o):
        print("radd", o)
        return o + 100
def withobj():
    yield 1
    yield 2
    yield A()
    yield 3
print(sum(withobj()))
gen = g(10)
next(gen)
print(sum(gen), sum(gen))
print(sum(x for x in range(1000) if x & 1 == 0))
print(sum(sum(y for y in range(x)) for x in range(20)))
def me():
    yield 1
    yield sum(it2)
it2 = me()
try:
    sum(it2)
except ValueError as e:
    print("VE", e)
