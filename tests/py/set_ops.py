# sets: operations and methods (sorted output only)
a = {1, 2, 3, 4}
b = {3, 4, 5}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(a ^ b))
print(sorted(a.union(b, [9])), sorted(a.intersection(b, {4})), sorted(a.difference([1])), sorted(a.symmetric_difference([1, 7])))
print(a <= {1, 2, 3, 4, 5}, a < a, a <= a, {1} < a, a > {1}, a >= b, a.issubset(range(10)), a.issuperset([1, 2]), a.isdisjoint({7}))
s = set()
s.add(3); s.add(1); s.add(3)
print(len(s), 3 in s, 2 in s, sorted(s))
s.update([5, 6], (7,))
s.discard(100)
s.discard(5)
s.remove(6)
print(sorted(s))
try:
    s.remove(42)
except KeyError as e:
    print(type(e).__name__, e)
p = {9}
print(p.pop(), p, set(), {1}, repr({"x"}))
try:
    set().pop()
except KeyError as e:
    print(type(e).__name__, e)
c = {1, 2, 3}
c |= {4}; c &= {1, 2, 4, 8}; c -= {1}; c ^= {2, 10}
print(sorted(c))
c.intersection_update([4, 10, 11]); print(sorted(c))
c.difference_update([4]); print(sorted(c))
c.symmetric_difference_update([1, 10]); print(sorted(c))
d = c.copy(); d.add(99); print(sorted(c), sorted(d))
d.clear(); print(d, len(d))
try:
    {[1]}
except TypeError as e:
    print(type(e).__name__, e)
try:
    a + b
except TypeError as e:
    print(type(e).__name__, e)
print(set("hello") == set("olleh"), len(set("mississippi")), sorted(set("mississippi")))
print({1, 2} == {2, 1}, {1, 2} == frozenset([1, 2]), set([1, 1, 2]) == {1, 2}, 1 in {1.0}, {True, 1, 1.0})
print(sorted({x % 5 for x in range(20)}), sorted(set(range(3)) | set("ab"), key=str))
