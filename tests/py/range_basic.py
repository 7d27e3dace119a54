# range objects
r = range(10)
print(r, range(2, 8), range(1, 10, 3), range(10, 0, -2), range(0), len(r), len(range(1, 10, 3)), len(range(10, 0, -3)))
print(list(range(5, -5, -3)), list(range(0, 10, 4)), list(range(3, 3)), list(range(3, 0)), list(range(-3)))
print(r[3], r[-1], r[2:5], r[::-1], r[::2], r[1:8:3], range(0, 100, 7)[3:], list(range(10)[::-3]))
print(5 in r, 10 in r, -1 in r, 3 in range(0, 10, 2), 4 in range(0, 10, 2), 4.0 in r, "a" in r)
print(range(5).index(3), range(0, 20, 5).index(15), range(10).count(3), range(10, 0, -1)[0])
print(range(0, 3) == range(0, 3), range(0) == range(5, 5), range(0, 5, 2) == range(0, 6, 2), range(3) == [0, 1, 2])
print(r.start, r.stop, r.step, range(1, 2, 3).step, sum(range(101)), max(range(7)), min(range(3, 9)))
print(len(range(-10 ** 6, 10 ** 6, 3)), range(10 ** 20)[-1], 10 ** 19 in range(10 ** 20))
try:
    r[10]
except IndexError as e:
    print(type(e).__name__, e)
try:
    range(1, 2, 0)
except ValueError as e:
    print(type(e).__name__, e)
try:
    range(1.5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    range(3).index(7)
except ValueError as e:
    print(type(e).__name__, e)
it = iter(range(3))
print(next(it), next(it), next(it), next(it, "done"), list(reversed(range(4))))
