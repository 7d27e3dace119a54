# `for` over tuples in hot loops: nested loops, break and else, empty tuples, an iterator
# advanced by hand inside its own loop, tuples of mixed items, and a loop whose iterable
# is a tuple on some rounds and a list on others.

UNITS = tuple(tuple(range(r * 9, r * 9 + 9)) for r in range(9))


def sums():
    total = 0
    for _ in range(300):
        for unit in UNITS:
            for cell in unit:
                total += cell
    return total


def first_over(limit):
    found = []
    for unit in UNITS:
        for cell in unit:
            if cell > limit:
                found.append(cell)
                break
        else:
            found.append(-1)
    return found


def empties():
    n = 0
    for i in range(5000):
        for _ in ():
            n -= 1
        for x in (i,):
            n += x & 1
    return n


def by_hand():
    out = []
    for _ in range(2000):
        it = iter((1, 2, 3, 4, 5, 6))
        for a in it:
            b = next(it, None)
            out.append((a, b))
    return len(out), out[:3]


def mixed():
    acc = []
    items = (1, "two", 3.0, None, (5,), [6])
    for _ in range(2000):
        for v in items:
            acc.append(type(v).__name__[0])
    return "".join(acc[:12]), len(acc)


def alternating():
    total = 0
    for i in range(6000):
        seq = (1, 2, 3) if i % 3 else [4, 5]
        for v in seq:
            total += v
    return total


print("sums", sums())
print("first", first_over(40))
print("empties", empties())
print("by hand", by_hand())
print("mixed", mixed())
print("alternating", alternating())
