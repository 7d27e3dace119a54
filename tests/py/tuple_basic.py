# tuples
t = (1, "two", 3.0, [4])
print(t, len(t), t[1], t[-1], t[1:3], t[::-1], type(t).__name__)
print((), (1,), tuple(), tuple("abc"), tuple([1, 2]), tuple(range(3)), 1,)
print((1, 2) + (3,), (0,) * 3, (1, 2) == (1, 2), (1, 2) < (1, 3), (1, 2) < (1, 2, 0), (2,) > (1, 5))
print(t.index("two"), (1, 1, 2, 1).count(1), 3.0 in t, "x" in t)
t[3].append(5)
print(t)
try:
    t[0] = 9
except TypeError as e:
    print(type(e).__name__, e)
try:
    t.index(99)
except ValueError as e:
    print(type(e).__name__, e)
try:
    t[10]
except IndexError as e:
    print(type(e).__name__, e)
try:
    (1,) + [2]
except TypeError as e:
    print(type(e).__name__, e)
try:
    del t[0]
except TypeError as e:
    print(type(e).__name__, e)
a, b, c = (1, 2, 3)
print(a, b, c)
x = 1, 2
print(x, type(x).__name__)
print(hash((1, 2)) == hash((1, 2)), hash((1, (2, 3))) == hash((1, (2, 3))), {(1, 2): "a"}[(1, 2)])
try:
    hash((1, [2]))
except TypeError as e:
    print(type(e).__name__, e)
nested = ((1, 2), (3, (4, 5)))
print(nested[1][1][0], sorted([(2, "b"), (1, "z"), (2, "a")]), max((1, 2), (1, 3)))
print(repr((1,)), str(("a", 'b"')), tuple(x * 2 for x in range(3)))
