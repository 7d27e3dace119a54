# `yield from` over lists, hot enough for traces and machine code: the list growing while
# it is delegated to, other sequences, a value sent into a list's delegation, and the
# delegation's result.


def flat(rows):
    for row in rows:
        yield from row


def growing(n):
    items = [0]
    for v in items:
        pass
    for _ in range(n):
        items = [1, 2]
        it = iter(items)
        got = []
        for x in flat([items]):
            got.append(x)
            if len(items) < 5:
                items.append(x + 10)
        yield len(got), sum(got)


def delegate(seq):
    r = yield from seq
    return r


def collect(n):
    rows = [[i, i + 1, i + 2][: i % 4] for i in range(n)]
    total = 0
    count = 0
    for x in flat(rows):
        total += x
        count += 1
    return count, total


def sums(n):
    return sum(flat([[i] * (i % 5) for i in range(n)]))


print(collect(3000))
print(sums(3000))
print(list(growing(300))[-1])
print(list(flat([(1, 2), "ab", range(3), [4]])) * 2)
g = delegate([1, 2, 3])
print(next(g), next(g))
try:
    g.send(5)
except AttributeError as e:
    print("AttributeError", e)
g = delegate([7])
print(next(g))
try:
    next(g)
except StopIteration as e:
    print("StopIteration", e.value)
for k in range(200):
    g = delegate([k, k])
    a = next(g)
    b = g.send(None)
    if a != k or b != k:
        print("wrong", k, a, b)
print("done")
