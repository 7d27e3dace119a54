# gen.send(v) and next(gen) called from hot loops: coroutine-style accumulators, values
# sent into `x = yield` and into a plain `yield` statement, a generator that finishes
# inside send (StopIteration with its value), a just-started generator sent a value, one
# that sends to itself while running, and a site whose receiver is no generator.


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


def drop_sent():
    n = 0
    while True:
        yield n
        n += 1


def run_acc(n):
    acc = accumulator()
    next(acc)
    last = 0
    for i in range(n):
        last = acc.send(i % 1000)
    try:
        acc.send(None)
    except StopIteration as e:
        return last, e.value


print(run_acc(30000))


def run_drop(n):
    g = drop_sent()
    next(g)
    s = 0
    for i in range(n):
        s += g.send(i)
    return s


print(run_drop(20000))


def short(k):
    for i in range(k):
        yield i
    return "done " + str(k)


def finishes(rounds):
    out = []
    for r in range(rounds):
        g = short(r % 5)
        next(g, None)
        while True:
            try:
                g.send(r)
            except StopIteration as e:
                out.append(e.value)
                break
    return out[-3:], len(out)


print(finishes(4000))


def fresh_send(n):
    errs = 0
    for i in range(n):
        g = accumulator()
        try:
            g.send(i)
        except TypeError as e:
            errs += 1
            msg = str(e)
    return errs, msg


print(fresh_send(3000))


def selfish():
    me = yield 0
    while True:
        try:
            me.send(1)
        except ValueError as e:
            got = yield str(e)


g = selfish()
next(g)
msgs = [g.send(g) for i in range(2000)]
print(msgs[-1], len(msgs))


class Sink:
    def __init__(self):
        self.got = 0

    def send(self, v):
        self.got += v
        return self.got


def mixed(n):
    acc = accumulator()
    next(acc)
    targets = [acc, Sink()]
    t = 0
    for i in range(n):
        t += targets[i % 2].send(i % 7)
    return t


print(mixed(20000))
