# frozenset
f = frozenset([3, 1, 2, 3])
g = frozenset("ab")
print(len(f), 2 in f, sorted(f), sorted(g), frozenset(), repr(frozenset([5])))
print(sorted(f | {9}), type(f | {9}).__name__, type({9} | f).__name__, sorted(f & {1, 7}), sorted(f - {1}), sorted(f ^ {1, 8}))
print(hash(f) == hash(frozenset([1, 2, 3])), {f: "v"}[frozenset({1, 2, 3})], f == {1, 2, 3})
s = {frozenset([1]), frozenset([1]), frozenset([2])}
print(len(s))
try:
    f.add(4)
except AttributeError as e:
    print(type(e).__name__, e)
try:
    hash({1})
except TypeError as e:
    print(type(e).__name__, e)
try:
    {{1}: 2}
except TypeError as e:
    print(type(e).__name__, e)
print(f.issubset({1, 2, 3, 4}), f.union([0]) == {0, 1, 2, 3}, f.copy() == f, frozenset(f) == f)
nested = frozenset([frozenset([1, 2]), frozenset([3])])
print(len(nested), frozenset([1, 2]) in nested, sorted(sorted(x) for x in nested))
