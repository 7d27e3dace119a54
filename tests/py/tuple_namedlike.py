# tuples as records, sorting by fields, unpacking in loops, comparison
points = [(3, 4), (1, 1), (0, 5), (3, 2), (-1, 0)]
print(sorted(points), sorted(points, key=lambda p: p[0] ** 2 + p[1] ** 2), max(points, key=lambda p: p[1]))
for x, y in points[:2]:
    print(f"x={x} y={y} dist2={x * x + y * y}")
def pt(x, y):
    return (x, y)
p = pt(2, 3)
x, y = p
print(p, p[0], len(p), p == (2, 3), p + (4,), hash(p) == hash((2, 3)), x, y, sorted([pt(2, 1), pt(1, 9)]))
swap = lambda t: t[::-1]
print(swap((1, 2, 3)), tuple(reversed((1, 2))), (1, 2) * 2, ((1, 2),) + ((3, 4),))
print((1, 2, 3) < (1, 2, 4), (1, 2) < (1, 2, 3), (2,) > (1, 9, 9), () < (0,), (1, "a") < (1, "b"))
try:
    (1, "a") < (1, 2)
except TypeError as e:
    print(type(e).__name__, e)
