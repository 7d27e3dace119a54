# set-based algorithms with sorted output
a = set("the quick brown fox".split())
b = set("the lazy brown dog".split())
print(sorted(a & b), sorted(a | b), sorted(a - b), sorted(b - a), sorted(a ^ b))
seen, dups = set(), set()
for x in [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]:
    (dups if x in seen else seen).add(x)
print(sorted(seen), sorted(dups))
def unique_in_order(seq):
    seen = set()
    return [x for x in seq if not (x in seen or seen.add(x))]
print(unique_in_order("mississippi"), unique_in_order([3, 1, 3, 2, 1]))
primes = {p for p in range(2, 50) if all(p % d for d in range(2, int(p ** 0.5) + 1))}
odds = set(range(1, 50, 2))
print(sorted(primes - odds), len(primes & odds), primes <= set(range(50)), max(primes), min(odds - primes))
friends = {"ann": {"bob", "cy"}, "bob": {"ann", "dan"}, "cy": {"ann"}, "dan": {"bob"}}
for p in sorted(friends):
    fof = set().union(*(friends[f] for f in friends[p])) - friends[p] - {p}
    print(p, sorted(fof))
print(len({frozenset({1, 2}), frozenset({2, 1}), frozenset()}), set() < {1}, {1, 2}.isdisjoint({3}), {1} == {1.0})
