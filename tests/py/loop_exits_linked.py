# Loops whose side exits are taken about as often as their recorded way: data-dependent
# branches (on bools, None and sets), inner loops over ranges and lists that end every few
# rounds, and iterators kept past the end of their loop. Every tier must agree.


def branches(n):
    seen = set(range(0, 50, 7))
    t = 0
    last = None
    for r in range(n):
        for c in range(5):
            if (r * 3 + c) % 50 in seen:
                t += c
            else:
                t -= 1
            if last is None:
                last = r
            elif (r + c) % 4 == 0:
                last = None
    return t, last


def inner_lists(n):
    rows = [[j for j in range(i % 4)] for i in range(12)]
    total = 0
    empty = 0
    for r in range(n):
        for row in rows:
            if not row:
                empty += 1
            for x in row:
                total += x * r % 7
    return total, empty


def kept_iterators(n):
    out = []
    for r in range(n):
        items = [r, r + 1]
        it = iter(items)
        for x in it:
            out.append(x)
        items.append(99)
        out.append(next(it, "done"))
        rng = iter(range(r % 3))
        for y in rng:
            out.append(y)
        out.append(next(rng, "end"))
    return len(out), out[-6:]


def tuple_rows(n):
    rows = [tuple(range(i % 5)) for i in range(40)]
    t = 0
    kept = []
    for r in range(n):
        for row in rows:
            it = iter(row)
            for x in it:
                t += x
            if r % 100 == 0:
                kept.append((list(it), next(it, "end"), len(row)))
    return t, kept[-3:], len(kept)


def nested_ranges(n):
    s = 0
    for a in range(n):
        for b in range(a % 6):
            for c in range(b, 4):
                s += a ^ b ^ c
    return s


print(branches(3000))
print(inner_lists(800))
print(kept_iterators(2000))
print(nested_ranges(2500))
print(tuple_rows(3000))
