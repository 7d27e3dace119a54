# Generators resumed by `gen.send(v)` and `next(gen)` in hot loops, where the call resumes
# the generator's frame as `SEND` does: values sent and yielded, the return value carried by
# StopIteration (and its traceback), sending to a just-started generator, a generator that
# resumes itself, exceptions raised inside, `next` with a default or of another iterator,
# `next` shadowed mid-loop, and the caller's frame seen from inside.
import sys


def averager():
    total = 0
    count = 0
    while True:
        v = yield (total / count if count else None)
        if v is None:
            return count
        total += v
        count += 1


def averages(n):
    a = averager()
    next(a)
    last = None
    for i in range(n):
        last = a.send(i % 100)
    try:
        a.send(None)
    except StopIteration as e:
        tb = e.__traceback__
        lines = []
        while tb is not None:
            lines.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
            tb = tb.tb_next
        return last, e.value, lines


def countdown(k):
    while k > 0:
        yield k
        k -= 1


def drain(n):
    total = 0
    stops = 0
    for i in range(n):
        g = countdown(i % 7)
        while True:
            try:
                total += next(g)
            except StopIteration:
                stops += 1
                break
    return total, stops


def just_started(n):
    errors = set()
    for i in range(n):
        g = countdown(3)
        try:
            g.send(i + 1)
        except TypeError as e:
            errors.add(str(e))
    return sorted(errors)


def selfish():
    yield next(me)


def executing():
    global me
    me = selfish()
    try:
        next(me)
    except ValueError as e:
        return str(e)


def faulty():
    i = 0
    while True:
        v = yield i
        i += 1
        if v == 13:
            raise KeyError(v)


def faults(n):
    g = faulty()
    next(g)
    caught = []
    for i in range(n):
        try:
            g.send(i)
        except KeyError as e:
            caught.append(e.args[0])
            g = faulty()
            next(g)
        except StopIteration:
            caught.append("stop")
    return caught


def defaults(n):
    total = 0
    for i in range(n):
        g = countdown(i % 3)
        total += next(g, -1) + next(iter([i]), 0)
    return total


def shadowed(n):
    global next
    total = 0
    for i in range(n):
        if i == n // 2:
            next = lambda g: 1000
        total += next(countdown(5))
    del next
    return total


def peeker():
    while True:
        yield sys._getframe(1).f_code.co_name, sys._getframe().f_lineno


def peek(n):
    p = peeker()
    seen = set()
    for i in range(n):
        seen.add(next(p))
        seen.add(p.send(None))
    return sorted(seen)


print(averages(3000))
print(drain(3000))
print(just_started(2000))
print(executing())
print(faults(3000))
print(defaults(3000))
print(shadowed(3000))
print(peek(2000))
