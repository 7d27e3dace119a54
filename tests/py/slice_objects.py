# slice objects
s = slice(2, 10, 3)
print(s, s.start, s.stop, s.step, slice(None), slice(1, None), slice(-1, None, -1))
data = list(range(20))
print(data[s], data[slice(5)], data[slice(-3, None)], "abcdefgh"[slice(None, None, -2)])
for sl in [slice(None), slice(-3, None), slice(None, None, -1), slice(5, 1, -1), slice(-100, 100, 7), slice(3, 3)]:
    print(sl, sl.indices(10), data[:10][sl])
print(slice(1, 2) == slice(1, 2), slice(1, 2) == slice(1, 3))
class Rec:
    def __getitem__(self, key):
        return key
r = Rec()
print(r[1], r[1:2], r[::3], r[1:2, 3], r[...], r[:, 1])
try:
    slice(0, 5, 0).indices(3)
except ValueError as e:
    print(type(e).__name__, e)
try:
    hash(slice(1))
    print("hashable")
except TypeError as e:
    print(type(e).__name__, e)
