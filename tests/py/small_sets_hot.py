# Small sets of small ints in hot loops: add and `in` on sets that stay small, elements
# removed in between (deleted entries), keys of the same hash that are other values
# (1.0 and True for 1, -1 and -2 whose hashes agree), sets that outgrow a scan (an index),
# frozensets, and sets of other types at the same sites.


def fill(values, rounds):
    sizes = 0
    for r in range(rounds):
        s = set()
        for v in values:
            s.add(v)
        for v in values:
            s.add(v)
        sizes += len(s)
    return sizes, sorted(s, key=repr)


print(fill(range(1, 10), 3000))
print(fill([3, 1, 3, 2, 1], 3000))
print(fill(range(40), 300))
print(fill([-1, -2, -3, -1, -2], 2000))
print(fill([1, 1.0, True, 2], 2000))
print(fill([0, False, 0.0, -0.0], 2000))
print(fill([True, 1, 2.0, 2], 2000), fill([0.0, 0, 5], 2000))


def members(s, probes, rounds):
    hits = 0
    for r in range(rounds):
        for p in probes:
            if p in s:
                hits += 1
            if p not in s:
                hits -= 1
    return hits


small = {2, 3, 5, 7}
print(members(small, range(10), 3000))
print(members(frozenset(small), range(10), 3000))
print(members({-2, 4}, [-1, -2, 4, 5], 3000))
print(members({1, 2}, [1.0, True, 2, 3], 3000))
print(members({1.0, True, 2.0}, [1, 2, 3, 0], 3000), members({False}, [0, 1], 3000))
print(members(set(range(30)), range(40), 300))

s = {1, 2, 3, 4}
s.discard(2)
s.discard(4)
print(members(s, range(6), 3000), fill([2, 4], 10))


def churn(rounds):
    s = set()
    total = 0
    for r in range(rounds):
        s.add(r % 7)
        if r % 3 == 0:
            s.discard((r + 1) % 7)
        total += len(s) + (3 in s)
    return total, sorted(s)


print(churn(30000))
print(members({"a", "b"}, ["a", "c"], 2000), members({(1, 2)}, [(1, 2), (2, 1)], 2000))


def comprehensions(n):
    sizes = 0
    for i in range(n):
        sizes += len({j % 5 for j in range(i % 9)})
        sizes += len({j - 3 for j in range(6)} | {-1})
        sizes += len({(j * 7) % 40 for j in range(i % 30)})
    return sizes, {x for x in [1, 1.0, True, 2, 2.0]}, sorted({-x for x in range(4)})


print(comprehensions(3000))
