# Calls with `*args`, run hot: a tuple spread into a plain function (with defaults for the
# rest), into a method, functions that take `*args` after positional parameters, a
# decorator's wrapper passing its arguments on, lists and generators spread, and the calls
# the general binding rejects, with CPython's messages.


def add3(a, b, c=100):
    return a + b * 10 + c * 100


def collect(first, *rest):
    return (first, rest)


def count(*args):
    return len(args)


def logged(fn):
    calls = [0]

    def wrapper(*args):
        calls[0] += 1
        return fn(*args)

    wrapper.calls = calls
    return wrapper


@logged
def mix(a, b, k=7):
    return (a * 31 + b + k) & 0xFFFF


class V:
    def __init__(self, *xs):
        self.xs = xs

    def dot(self, a, b=1):
        return sum(self.xs) * a + b


t = 0
v = V(1, 2, 3)
pairs = [(i, i + 1) for i in range(10)]
for i in range(3000):
    p = pairs[i % 10]
    t += add3(*p) + add3(*p, 5) + mix(*p) + mix(i, 2, 3)
    f, rest = collect(i, *p)
    t += f + len(rest) + count() + count(*p, *p) + collect(i)[0]
    t += v.dot(*p) + v.dot(*p[:1]) + V(*p).dot(2)
    t += add3(*[i, 1]) + count(*(x for x in p))
print(t, mix.calls[0], collect(1, 2, 3), collect(4), V().xs)

errors = []
for i in range(200):
    for call in (
        lambda: add3(*(1,)),
        lambda: add3(*(1, 2, 3, 4)),
        lambda: collect(),
        lambda: mix(*(1,)),
        lambda: add3(*5),
    ):
        try:
            call()
        except TypeError as e:
            msg = str(e)
            if msg not in errors:
                errors.append(msg)
for m in errors:
    print(m)
