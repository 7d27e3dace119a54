# slicing with steps, slice assignment and deletion
a = list(range(10))
print(a[2:5], a[:3], a[7:], a[-3:], a[:-7], a[::2], a[1::3], a[::-1], a[::-3], a[8:2:-2], a[-1:-4:-1])
print(a[100:], a[-100:3], a[5:2], a[2:100:4], a[100:0:-3], a[:100], a[-100:-90])
b = a[:]
b[2:5] = ["x"]
print(b)
b[0:0] = [7, 7]
print(b)
b[-2:] = []
print(b)
b[1:3] = range(3)
print(b)
b[::2] = [0] * len(b[::2])
print(b)
c = list(range(10))
c[::3] = "abcd"
print(c)
try:
    c[::3] = [1, 2]
except ValueError as e:
    print(type(e).__name__, e)
try:
    c[::2] = 5
except TypeError as e:
    print(type(e).__name__, e)
d = list(range(10))
del d[::2]
print(d)
del d[1:3]
print(d)
del d[-1]
print(d)
e = list(range(10))
del e[::-3]
print(e)
del e[100:]
print(e)
f = [1, 2, 3]
f[5:] = [9]
print(f)
f[:] = "xy"
print(f)
try:
    f[10]
except IndexError as e:
    print(type(e).__name__, e)
try:
    f[10] = 1
except IndexError as e:
    print(type(e).__name__, e)
try:
    del f[10]
except IndexError as e:
    print(type(e).__name__, e)
try:
    f["a"]
except TypeError as e:
    print(type(e).__name__, e)
try:
    f[1.0]
except TypeError as e:
    print(type(e).__name__, e)
s = slice(1, 8, 2)
print(a[s], s.start, s.stop, s.step, s, slice(3), slice(None, None, -1).indices(5), s.indices(4))
print((1, 2, 3, 4)[::-1], "abcdef"[s], a[slice(None, 3)])
try:
    a[::0]
except ValueError as e:
    print(type(e).__name__, e)
