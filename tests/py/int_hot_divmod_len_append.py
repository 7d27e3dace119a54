# Specialized forms in hot loops, checked against the generic semantics: `%` and `//` of
# small ints of every sign (the fast path takes non-negative by positive only), zero
# divisors and big results; `len(x)` of every container while `len` is rebound in the
# globals and in builtins; `l.append(x)` growing lists from empty and appending to a list
# that another name also holds.
import builtins


def divmods(pairs):
    out = []
    for _ in range(40):
        for a, b in pairs:
            out.append((a % b, a // b))
    return out[-len(pairs):]


pairs = [(7, 3), (-7, 3), (7, -3), (-7, -3), (0, 5), (0, -5), (6, 3), (-6, 3),
         (1, 1000003), (140737488355327, 2), (140737488355327, 140737488355327),
         (-140737488355328, 7), (5, 140737488355327)]
for p, r in zip(pairs, divmods(pairs)):
    print(p, r)


def hot_mod(n, m):
    total = 0
    for i in range(n):
        total += i * i % m + i // m
    return total


print(hot_mod(3000, 7), hot_mod(3000, 1000003))


def divide_by(xs, d):
    r = []
    for x in xs:
        r.append(x % d)
    return r


print(divide_by(list(range(-5, 200)), 9)[:12])
try:
    divide_by(list(range(50)) + [3], 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    xs = list(range(60))
    for x in xs:
        y = x // (x - 59)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e, x)
big = 2 ** 40
print([big * 8 // 3 % 1000, (big * big) % 97, (-big * big) // 3 % 11])


def lengths(items):
    out = []
    for x in items:
        out.append(len(x))
    return out


class Sized:
    def __len__(self):
        return 42


items = [[1, 2], (1, 2, 3), {"a": 1}, {1, 2, 3, 4}, "héllo", b"bytes", range(9), Sized()]
for _ in range(30):
    res = lengths(items)
print(res)


def size_loop(xs):
    n = 0
    for x in xs:
        n += len(x)
    return n


print(size_loop([[0] * i for i in range(100)]))
len = lambda x: -1  # a global shadows the builtin at the specialized site
print(size_loop([[0] * i for i in range(10)]))
del len
print(size_loop([[0] * i for i in range(10)]))
saved = builtins.len
builtins.len = lambda x: 1000
print(size_loop([[0] * i for i in range(10)]))
builtins.len = saved
print(size_loop([[0] * i for i in range(10)]))


def appends(n):
    chunks = []
    chunk = []
    alias = chunk
    for i in range(n):
        chunk.append(i)
        if len(chunk) == 7:
            chunks.append(chunk)
            chunk = []
    return chunks, chunk, alias


chunks, rest, alias = appends(1000)
print(len(chunks), chunks[0], chunks[-1], rest, alias)


class MyList(list):
    pass


def append_all(target, n):
    for i in range(n):
        target.append(i)
    return target


print(append_all([], 50)[-3:], append_all(MyList(), 50)[-3:])
print(type(append_all(MyList(), 3)).__name__)
