# throw() with something that is not an exception, and with a class whose __new__ returns
# a non-exception: the TypeError messages name what was given.


def gen():
    yield 1
    yield 2


class Odd(Exception):
    def __new__(cls, *args):
        return 42


for bad in (123, "text", [1], Odd):
    g = gen()
    next(g)
    try:
        g.throw(bad)
    except TypeError as e:
        print(type(e).__name__, e)
    print(next(g, "finished"))

try:
    raise Odd
except TypeError as e:
    print(type(e).__name__, e)
try:
    raise Odd("x")
except TypeError as e:
    print(type(e).__name__, e)
