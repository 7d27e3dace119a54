# Set order after phases that only test membership, add, discard or take the length,
# followed by iteration, printing, pop or set operations.


def phase(s, adds, drops, probes):
    hits = 0
    for a in adds:
        s.add(a)
    for d in drops:
        s.discard(d)
    for p in probes:
        if p in s:
            hits += 1
    return hits, len(s)


s = set()
print(phase(s, [3, 1, 11, 19, 27], [], range(30)))
print(s)
print(phase(s, [35, 43, 51, 59], [11, 27], [1, 11, 59]))
print(list(s), s.pop(), s)
print(phase(s, [2, 10, 18, 11], [3, 35], [2, 3]))
print(sorted(s) == list(sorted(s)), list(s))

# One element: its home slot, also for negative hashes.
for v in [5, -1, -6, 13, 2**61 - 1, 7.5, (1, 2)]:
    one = set()
    one.add(v)
    print(v in one, len(one), list(one), one)
    one.discard(v)
    one.add(v)
    print(list(one))

# Differences: entry order differs from slot order (3 then 1), hash collisions, both of
# CPython's ways (walk the left operand; copy it and discard the right's elements).
a = set()
for v in [3, 1, 9, 17, 25, 8, 0, 33, 65, -3]:
    a.add(v)
fa = frozenset(a)
for b in [set(), {1}, {1, 9}, {3, 17, 0}, {8, 9, 10, 11, 12}, set(range(-5, 40)), {100}]:
    d = a - b
    print(b, d, len(d), 9 in d)
    d.add(41)
    d.discard(3)
    d.add(49)
    print(d, fa - b, b - a)

# Results of differences that are only probed, then grown and iterated.
ALL = frozenset(range(1, 10))
total = 0
for i in range(60):
    used = set()
    for k in range(i % 9):
        used.add((k * 7 + i) % 10)
    cands = ALL - used
    total += len(cands) + (5 in cands)
    if len(cands) == 1:
        print(i, min(cands), cands)
    if i % 13 == 0:
        cands = set(cands)
        cands.add(i + 30)
        cands.discard(1)
        print(i, cands, list(cands))
print(total)

# A set emptied and refilled between membership phases.
t = {8, 16, 24, 32}
t.clear()
print(phase(t, [32, 24, 16, 8, 0], [16], [0, 8]))
print(t)
while t:
    print(t.pop(), end=" ")
print()
