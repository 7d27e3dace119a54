# range objects whose bounds or length do not fit in 64 bits
r = range(10 ** 20)
print(r, r[-1], 10 ** 19 in r, 10 ** 20 in r, -1 in r, r[5], r[10**19])
print(range(10**20, 0, -3), range(10**20, 0, -3)[-1], len(range(10**20, 10**20 + 5)))
try:
    len(r)
except OverflowError as e:
    print(type(e).__name__, e)
print(bool(range(10**20, 0)), bool(r), r == range(0, 10**20), range(10**20, 0) == range(0), range(10**20, 10**20+1) == range(10**20, 10**20+1, 7))
print(r.start, r.stop, r.step, r.index(10**19 + 7), r.count(5), r.count(-5), 4.0 in r, r.index(3.0))
print(r[10**19:], r[::-1], r[2:10], r[-3:], r[::10**19], r[10**20:], len(r[2:10]))
print(list(range(2**63 - 2, 2**63 + 2)), list(reversed(range(2**63 - 2, 2**63 + 2))))
it = iter(r)
print(next(it), next(it), type(it).__name__)
print(sum(range(2**64, 2**64 + 10)), list(range(-2**64, -2**64 - 10, -3)), range(-2**63, 2**63))
try:
    r[10**20]
except IndexError as e:
    print(type(e).__name__, e)
try:
    r[::0]
except ValueError as e:
    print(type(e).__name__, e)
try:
    len(range(-2**63, 2**63))
except OverflowError as e:
    print(type(e).__name__, e)
print(len(range(-2**62, 2**62 - 1)), range(2**62, -2**62, -1)[0], range(0, 2**63 - 1)[-1])
print(range(10**20)[3:7] == range(3, 7), type(range(10**20)[3:7]).__name__)
for x in range(10**20, 10**20 + 3):
    print(x)
