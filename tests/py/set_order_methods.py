# set methods with several operands and iterables iterate in CPython's order.
pools = [list(range(0, 40, 3)), [40, 3, 99, 8], list(range(64, 0, -5)), [-1, -2, 2**61, 17, 33, 9], [7]]
sets = [set(p) for p in pools]
for a in sets:
    for b in sets:
        print(a.union(b, [5, 77, 3]), a.intersection(b, range(50)), a.difference(b, [9, 12]), a.difference([1, 2, 3], b))
        print(a.union([100, 9, 1]), a.intersection([33, 9, 0, 3, 99]), a.symmetric_difference([1, 17, 64, 0]))
        c = set(a); c.intersection_update(b, [3, 9, 40, 60]); print(c)
        c = set(a); c.difference_update(b, [1, 2]); print(c)
        c = set(a); c.symmetric_difference_update(b); print(c)
        c = set(a); c.update(b, [4, 8]); print(c)
        print(frozenset(a).union(b), frozenset(a).difference(b, [0]), frozenset(a).intersection(b))
