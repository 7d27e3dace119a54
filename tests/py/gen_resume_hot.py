# Hot generator loops whose resumes and yields run as machine code: pipelines, generators
# consumed by two loops in turn, next() mixed with for, the handled exception across
# yields, frames and tracebacks from inside resumed generators, and close() mid-loop.
import sys


def count(n):
    i = 0
    while i < n:
        yield i
        i += 1


def scale(src, k):
    for x in src:
        yield x * k


def wide(n):
    # Many locals: the saved frame holds more than a few values.
    a, b, c, d, e, f, g, h = 1, 2, 3, 4, 5, 6, 7, 8
    for i in range(n):
        a, b, c, d, e, f, g, h = b, c, d, e, f, g, h, a + i
        yield a + b + c + d + e + f + g + h


def pipeline(n):
    total = 0
    for v in scale(scale(count(n), 3), 2):
        total += v
    return total


print("pipeline", pipeline(3000), pipeline(5))
print("wide", sum(wide(2000)), list(wide(3)))

# One generator, two loops taking turns: each yield goes to a different consumer.
g = count(2000)
pairs = 0
for a in g:
    for b in g:
        pairs += a - b
        break
print("two loops", pairs)

# next() in the body of a loop over the same generator.
g = count(3001)
acc = 0
for x in g:
    acc += x
    acc -= next(g, 0)
print("next in body", acc)


def in_handler(n):
    # Yields inside an except block: the generator's handled exception survives its
    # suspensions, and the consumer's is its own.
    for i in range(n):
        try:
            raise KeyError(i)
        except KeyError:
            yield sys.exc_info()[1].args[0]


seen = 0
try:
    raise ValueError("outer")
except ValueError:
    for k in in_handler(1500):
        seen += k
        assert sys.exc_info()[0] is ValueError
print("handled across yields", seen, sys.exc_info()[0])


def where(n):
    for i in range(n):
        f = sys._getframe()
        yield (f.f_lineno, f.f_code.co_name, sorted(f.f_locals)[:2], sys._getframe(1).f_code.co_name)


def consume_where(n):
    last = None
    for w in where(n):
        last = w
    return last


print("frames", consume_where(1200))


def fails_at(n, bad):
    for i in range(n):
        if i == bad:
            raise RuntimeError("at %d" % i)
        yield i


def run_failing():
    total = 0
    try:
        for v in fails_at(5000, 1700):
            total += v
    except RuntimeError as e:
        tb = e.__traceback__
        lines = []
        while tb is not None:
            lines.append(tb.tb_lineno)
            tb = tb.tb_next
        return total, str(e), lines
    return total


print("raises", run_failing())


def guarded(n, log):
    try:
        for i in range(n):
            yield i
    finally:
        log.append("closed")


log = []
gen = guarded(10**6, log)
s = 0
for v in gen:
    s += v
    if v == 2500:
        break
gen.close()
print("closed mid-loop", s, log)


def averager():
    total = 0.0
    n = 0
    avg = None
    while True:
        x = yield avg
        total += x
        n += 1
        avg = total / n


co = averager()
next(co)
last = 0.0
for i in range(3000):
    last = co.send(i % 7)
print("send", round(last, 6))


def delegate(n):
    yield from count(n)
    yield from scale(count(n), -1)


print("yield from", sum(delegate(2500)))


def relay():
    # Values sent to the outer generator go on to the inner one through `yield from`.
    got = yield from averager()
    yield got


def counter():
    n = 0
    while True:
        yield n  # a plain yield statement: the value sent in is dropped
        n += 1


def relay_counter():
    yield from counter()


co = relay()
next(co)
for i in range(3000):
    last = co.send(i % 5)
print("send through yield from", round(last, 6))
rc = relay_counter()
print("sent and dropped", sum(rc.send(i) if i else next(rc) for i in range(2500)))


def first_resumes(n):
    # A fresh generator per iteration: each one's first resume runs in code too.
    total = 0
    for k in range(n):
        for v in scale(count(k % 5), k):
            total += v
    return total


print("fresh generators", first_resumes(4000))
