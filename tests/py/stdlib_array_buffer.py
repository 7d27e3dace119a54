# array.array exports its memory: memoryview(a) reads and writes the items in place, and
# bytes(), bytearray() and concatenation with bytes read the machine form of the items.
from array import array

a = array("h", [1, 258, -2])
m = memoryview(a)
print(m.format, m.itemsize, len(m), m.nbytes, m.tolist())
m[0] = 500
print(a)
m[1:3] = memoryview(array("h", [7, 8]))
print(a, m[2])
m.release()

print(bytes(array("b", [1, -1])), bytearray(array("H", [0x0102])))
print(b"xy" + array("B", [65, 66]), bytearray(b"<") + array("b", [62]))
ba = bytearray(b"start:")
ba += array("B", [1, 2])
print(ba)

for code in "bBhHiIlLqQfd":
    v = memoryview(array(code, [1, 2]))
    print(code, v.format, v.itemsize, v.nbytes, v.tolist())
    v.release()

d = array("d", [0.5, 1.5])
dm = memoryview(d)
dm[1] = 4.25
print(d, dm.tobytes() == d.tobytes())
dm.release()

# The array keeps working normally once the views are released.
a.append(9)
a.extend([10, 11])
del a[0]
a.insert(0, -5)
print(a, a.pop(), a.index(9), a.count(7), len(a), a[-1], a[1:3])
a.byteswap()
print(a.tolist())
a[::2] = array("h", [0, 0, 0])
print(a, list(reversed(a)), 8 in a)

try:
    array("i", [1])["x"]
except TypeError as e:
    print(type(e).__name__, e)
try:
    array("i", [1])[3]
except IndexError as e:
    print(type(e).__name__, e)
