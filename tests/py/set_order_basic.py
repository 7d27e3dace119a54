# Sets iterate in CPython's slot order: adds, removals, growth, pop.
s = set()
for i in [5, 13, 21, 29, 37, 45, -1, -2, 1000, 2**61, 2**64 + 3, -7]:
    s.add(i)
    print(s)
s.remove(13)
s.discard(21)
s.add(77)
s.add(13)
print(s, len(s))
for k in [8, 16, 24]:
    s.add(k)
    s.discard(k - 8)
print(s)

print(set(range(10, 0, -1)))
print(set(range(0, 200, 7)))
print(set([100, 5, 64]), set((9, 1, 17, 33)))
print(set([-3, -2, -1, 0, 1, 2, 3]))
print(set([1.5, 2.25, -0.5, 3.0, 1e300, -2.5e-5]))
print(set([(1, 2), (3, -4), (0,), (), (1, (2, 3))]))
print(set([True, 2, 3.5, (1.0, False)]))
print({x * 7 for x in range(20)})
print({x % 13 - 6 for x in range(40, 0, -3)})
print(frozenset([9, 17, 25, 1]))
print(set({40: 1, 8: 2, 16: 3}))
d = {1: 0, 3: 0}
print(d.keys() | {0})

p = {i * 11 for i in range(12)}
print([p.pop() for _ in range(5)], p)
p.add(0)
p.add(5)
print([p.pop() for _ in range(3)], p)

q = set()
for i in range(40):
    q.add(i * 37 % 101)
    if i % 3 == 0:
        q.discard(i * 5)
print(q)
print(list(q)[:10], sorted(q)[:5], [x for x in q if x < 30])
big = set(range(1000, 0, -9))
print(len(big), list(big)[:20])
for x in list(big)[:50]:
    big.discard(x)
big.update([3, 12, 4000])
print(list(big)[:20])
