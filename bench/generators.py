# A pipeline of generators: a source, maps and filters written as generator functions,
# a windowing stage, generator expressions, send() into a coroutine-style accumulator and
# yield from delegation. Exercises generator creation, resumption, StopIteration handling.


def numbers(n):
    i = 0
    while i < n:
        yield i
        i += 1


def scale(src, k):
    for x in src:
        yield x * k


def keep(src, mod):
    for x in src:
        if x % mod != 0:
            yield x


def windows(src, size):
    buf = []
    for x in src:
        buf.append(x)
        if len(buf) == size:
            yield tuple(buf)
            buf.pop(0)


def chained(n):
    yield from numbers(n)
    yield from (x * x for x in numbers(n))


def accumulator():
    total = 0
    count = 0
    while True:
        value = yield total
        if value is None:
            break
        total += value
        count += 1
    return count


def run(n):
    pipeline = windows(keep(scale(numbers(n), 3), 7), 3)
    s = 0
    for a, b, c in pipeline:
        s += a - b + c
    acc = accumulator()
    next(acc)
    last = 0
    for v in chained(n // 4):
        last = acc.send(v % 1000)
    try:
        acc.send(None)
        count = -1
    except StopIteration as e:
        count = e.value
    evens = sum(x for x in numbers(n) if x & 1 == 0)
    return s, last, count, evens


def main():
    for n in (100000, 200000, 300000, 400000, 500000):
        print(n, *run(n))


main()
