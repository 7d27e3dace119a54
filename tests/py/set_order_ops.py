# Results of set operators iterate in CPython's order (which operand is walked, copies, presizing).
import itertools
pools = [list(range(0, 40, 3)), [40, 3, 99, 8], [1, 2, 3, 40, 50], list(range(64, 0, -5)), [-1, -2, 2**61, 17, 33, 9], [], [7]]
sets = [set(p) for p in pools]
for x in sets[2:4]:
    x.discard(3); x.add(1000)
for a, b in itertools.product(sets, repeat=2):
    print(a | b, a & b, a - b, a ^ b)
    print(a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b))
    c = set(a); c |= b; print(c)
    c = set(a); c &= b; print(c)
    c = set(a); c -= b; print(c)
    c = set(a); c ^= b; print(c)
    print(frozenset(a) | b, a.copy(), set(frozenset(b)))
for a in sets:
    c = set(a); c ^= c; print(c)
    c = set(a); c -= c; print(c, a & a, a - a, a ^ a, a | a)
print(set({5: 1, 13: 2, 21: 3, 29: 4, 37: 5}), frozenset(dict.fromkeys(range(30, 0, -4))))
h = set(range(100))
for b in sets:
    print(h & b, b & h, b - h, b ^ h)
    print(len(h - b), list(h - b)[:12], list(h ^ b)[-12:], list(h | b)[-5:])
