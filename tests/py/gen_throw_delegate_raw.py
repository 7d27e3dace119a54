# gen.throw(x) while the generator delegates (yield from) to a non-generator object
# with a throw method: that method gets the arguments as given, unchecked; what it
# raises comes out at the yield from.


class Relay:
    def __init__(self):
        self.n = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.n += 1
        return self.n

    def throw(self, *args):
        print("relay.throw got", args)
        if args and args[0] == "boom":
            raise KeyError("from relay")
        return -len(args)


class NoThrow:
    def __iter__(self):
        return self

    def __next__(self):
        return 0


def outer(it):
    try:
        yield from it
    except KeyError as e:
        print("outer caught", repr(e))
        yield "after"


g = outer(Relay())
print(next(g))
print(g.throw(7))
print(g.throw(IndexError))
print(g.throw(ValueError, "v"))
print(g.throw("boom"))
g.close()

g = outer(NoThrow())
next(g)
try:
    g.throw(7)
except TypeError as e:
    print("TypeError:", e)

g = outer(Relay())
print(next(g))
g.close()
print("closed without throw")
